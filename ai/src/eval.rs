//! How bots value a position where search stops short of the end: the ruleset's own
//! heuristic ([`fray_core::Game::heuristic`]: for e:game and Dimensional Rift the
//! material balance of `fray_core::rulesets::zone::game`), each player's value in
//! [-1, 1], exact once the game is over; and [`settled`], which first lets pending
//! decisions be taken by the players who make them.
//!
//! Search asks for a settled value after every action it tries (MCTS priors, greedy
//! rollouts), so [`Lookahead`] keeps the states and action buffers those looks need
//! and copies into them with `clone_from`: after the first look nothing is allocated,
//! and a ruleset whose state reuses its buffers on `clone_from` (e:game's does) copies
//! little more than the bytes that changed.

use crate::backend::Backend;
use fray_core::state::PlayerId;
use fray_core::{Game, Returns};

/// The heuristic value of `s` for `player`, in [-1, 1].
pub fn evaluate_for<G: Game>(s: &G, player: PlayerId) -> f64 {
    s.heuristic().get(player)
}

/// The heuristic values of `s` once pending decisions are settled by their deciders,
/// each picking what is best for themselves (at most `depth` decisions deep; the
/// first best on a tie). A static score alone would misjudge a state that waits on a
/// block: declining may hand the opponent a lethal direct hit.
pub fn settled<G: Game, B: Backend<G> + ?Sized>(backend: &B, s: &G, depth: u32) -> Returns {
    Lookahead::default().settled(backend, s, depth)
}

/// Reusable scratch for [`settled`] values: one state and one action buffer per
/// level of look-ahead. Answers are exactly those of [`settled`].
#[derive(Debug)]
pub struct Lookahead<G: Game> {
    levels: Vec<Level<G>>,
}

impl<G: Game> Default for Lookahead<G> {
    fn default() -> Self {
        Self { levels: Vec::new() }
    }
}

/// One level's scratch: the state after an option, and the options.
#[derive(Debug)]
struct Level<G: Game> {
    state: Option<G>,
    actions: Vec<G::Action>,
}

impl<G: Game> Default for Level<G> {
    fn default() -> Self {
        Self { state: None, actions: Vec::new() }
    }
}

impl<G: Game> Level<G> {
    /// This level's state, set to `source` then moved by `action`.
    fn after<B: Backend<G> + ?Sized>(&mut self, backend: &B, source: &G, action: G::Action) -> &mut G {
        let state = match &mut self.state {
            Some(state) => {
                state.clone_from(source);
                state
            }
            none => none.insert(source.clone()),
        };
        backend.apply(state, action);
        state
    }
}

impl<G: Game> Lookahead<G> {
    /// [`settled`] of `s`.
    pub fn settled<B: Backend<G> + ?Sized>(&mut self, backend: &B, s: &G, depth: u32) -> Returns {
        if depth == 0 || !s.is_pending() || s.to_move().is_none() {
            return s.heuristic();
        }
        self.reserve(depth as usize + 1);
        let Some((first, deeper)) = self.levels.split_first_mut() else { return s.heuristic() };
        let copy = match &mut first.state {
            Some(state) => {
                state.clone_from(s);
                state
            }
            none => none.insert(s.clone()),
        };
        settle(backend, copy, depth, deeper)
    }

    /// [`settled`] of `s` after `action`: what one-ply search scores an action by.
    pub fn after<B: Backend<G> + ?Sized>(&mut self, backend: &B, s: &G, action: G::Action, depth: u32) -> Returns {
        self.reserve(depth as usize + 1);
        let Some((first, deeper)) = self.levels.split_first_mut() else { return s.heuristic() };
        let next = first.after(backend, s, action);
        settle(backend, next, depth, deeper)
    }

    fn reserve(&mut self, levels: usize) {
        if self.levels.len() < levels {
            self.levels.resize_with(levels, Level::default);
        }
    }
}

/// [`settled`] of `s`, which it may move (it is scratch): the options but the last are
/// tried on copies in `levels` (at least `depth` of them), the last one on `s` itself.
fn settle<G: Game, B: Backend<G> + ?Sized>(backend: &B, s: &mut G, depth: u32, levels: &mut [Level<G>]) -> Returns {
    let decider = match s.to_move() {
        Some(p) if depth > 0 && s.is_pending() => p,
        _ => return s.heuristic(),
    };
    let Some((here, deeper)) = levels.split_first_mut() else { return s.heuristic() };
    let mut options = std::mem::take(&mut here.actions);
    options.clear();
    backend.legal_actions(s, &mut options);
    let Some((&last, others)) = options.split_last() else {
        here.actions = options;
        return s.heuristic();
    };
    let mut best: Option<Returns> = None;
    let mut consider = |v: Returns| {
        if best.is_none_or(|b| v.get(decider) > b.get(decider)) {
            best = Some(v);
        }
    };
    for &a in others {
        let next = here.after(backend, s, a);
        consider(settle(backend, next, depth - 1, deeper));
    }
    here.actions = options;
    backend.apply(s, last);
    consider(settle(backend, s, depth - 1, levels));
    best.unwrap_or_else(|| s.heuristic())
}

/// Priors for `moves` in `state`: the softmax, at `temperature`, of the mover's settled
/// value after each move, plus `position_weight` times the ruleset's hint. Both
/// searches (determinized and information-set) use it for a node's moves.
pub(crate) fn priors<G: Game, B: Backend<G> + ?Sized>(
    backend: &B,
    state: &G,
    moves: &[G::Action],
    look: &mut Lookahead<G>,
    temperature: f64,
    position_weight: f64,
) -> Vec<f64> {
    let Some(mover) = state.to_move() else { return vec![1.0 / moves.len().max(1) as f64; moves.len()] };
    let mut weights: Vec<f64> = moves
        .iter()
        .map(|&a| {
            let position = state.action_hint(a).unwrap_or(0.0) * position_weight;
            look.after(backend, state, a, 4).get(mover) / temperature + position
        })
        .collect();
    let top = weights.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    weights.iter_mut().for_each(|v| *v = (*v - top).exp());
    let sum: f64 = weights.iter().sum();
    weights.iter_mut().for_each(|w| *w /= sum);
    weights
}
