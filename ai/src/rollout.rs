//! Random playouts: the rollouts MCTS runs in its evaluator, and the benchmark of
//! simulated actions per second.

use rand::Rng;

use crate::backend::Backend;
use crate::eval::Lookahead;
use fray_core::{Game, Returns};

/// How a rollout picks its actions.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum RolloutPolicy {
    /// Uniformly random legal actions.
    Random,
    /// The one-ply best action for the mover (by the heuristic, decisions settled),
    /// or a random one with probability `epsilon`. Where the ruleset offers a cheap
    /// pick ([`Game::rollout_hint`]; e:game's Deployment: the positionally best
    /// summon, with jitter), that instead of trying every action.
    Greedy {
        /// Chance of a random action instead.
        epsilon: f64,
    },
}

/// What a rollout reuses from one to the next: the rolled-out state, the legal-action
/// buffer and the greedy policy's look-ahead, so that a rollout allocates nothing once
/// they have grown.
#[derive(Debug)]
pub struct RolloutScratch<G: Game> {
    state: Option<G>,
    actions: Vec<G::Action>,
    look: Lookahead<G>,
}

impl<G: Game> Default for RolloutScratch<G> {
    fn default() -> Self {
        Self { state: None, actions: Vec::new(), look: Lookahead::default() }
    }
}

/// Plays `max_depth` actions at most from `state` (in place) with `policy`; returns the
/// number played.
pub fn playout_with<G: Game, B: Backend<G> + ?Sized, R: Rng>(
    backend: &B,
    state: &mut G,
    max_depth: usize,
    policy: RolloutPolicy,
    rng: &mut R,
    scratch: &mut RolloutScratch<G>,
) -> usize {
    let RolloutPolicy::Greedy { epsilon } = policy else {
        return playout(backend, state, max_depth, rng, &mut scratch.actions);
    };
    let RolloutScratch { actions, look, .. } = scratch;
    for depth in 0..max_depth {
        actions.clear();
        backend.legal_actions(state, actions);
        if actions.is_empty() {
            return depth;
        }
        let pick = if actions.len() == 1 {
            actions[0]
        } else if rng.random_bool(epsilon.clamp(0.0, 1.0)) {
            actions[rng.random_range(0..actions.len())]
        } else if let Some(quick) = state.rollout_hint(actions, rng) {
            quick
        } else {
            let Some(mover) = state.to_move() else { return depth };
            let mut best = (f64::NEG_INFINITY, actions[0]);
            for &a in actions.iter() {
                let v = look.after(backend, state, a, 2).get(mover);
                if v > best.0 {
                    best = (v, a);
                }
            }
            best.1
        };
        backend.apply(state, pick);
    }
    max_depth
}

/// Plays uniformly random legal actions from `state` (in place) until the game ends or
/// `max_depth` actions were played; returns the number of actions played. `scratch`
/// is reused so that a step allocates nothing.
pub fn playout<G: Game, B: Backend<G> + ?Sized, R: Rng>(
    backend: &B,
    state: &mut G,
    max_depth: usize,
    rng: &mut R,
    scratch: &mut Vec<G::Action>,
) -> usize {
    for depth in 0..max_depth {
        scratch.clear();
        backend.legal_actions(state, scratch);
        if scratch.is_empty() {
            return depth;
        }
        let pick = scratch[rng.random_range(0..scratch.len())];
        backend.apply(state, pick);
    }
    max_depth
}

/// A rollout's returns, one per player: the result if the game ended, else the
/// heuristic where it was cut: after `max_depth` actions or, with `turns` > 0, once
/// `turns` turn boundaries have passed (so that positions are compared at the start
/// of a turn rather than halfway through one), whichever comes first.
pub fn rollout_value<G: Game, B: Backend<G> + ?Sized, R: Rng>(
    backend: &B,
    start: &G,
    max_depth: usize,
    turns: u32,
    policy: RolloutPolicy,
    rng: &mut R,
    scratch: &mut RolloutScratch<G>,
) -> Returns {
    let mut state = match scratch.state.take() {
        Some(mut reused) => {
            reused.clone_from(start);
            reused
        }
        None => start.clone(),
    };
    if turns == 0 {
        playout_with(backend, &mut state, max_depth, policy, rng, scratch);
    } else {
        let stop = state.turn().saturating_add(turns);
        let mut left = max_depth;
        while left > 0 && state.turn() < stop && state.outcome().is_none() {
            let played = playout_with(backend, &mut state, 1, policy, rng, scratch);
            if played == 0 {
                break;
            }
            left -= 1;
        }
    }
    let value = state.heuristic();
    scratch.state = Some(state);
    value
}
