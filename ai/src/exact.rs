//! An exact solver for small positions: alpha-beta minimax to the end of the game with
//! a transposition table (keyed by the whole state, so it never confuses two positions),
//! over perfect information (the state as given, decks and face-down cards included).
//! Values are the result for player 0: 1 win, 0 draw, -1 loss. A position whose search
//! needs more than `node_limit` nodes is refused rather than guessed. Minimax needs
//! two players; with more, [`ExactBot`] plays greedy.

use std::collections::HashMap;

use fray_core::event::Discard;
use fray_core::state::PlayerId;
use fray_core::{Game, Outcome};

use crate::bot::{ActionStat, Bot, BotError, Decision};
use crate::eval::evaluate_for;
use crate::greedy::GreedyBot;

/// The search needed more nodes than allowed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("the position needs more than {0} nodes to solve")]
pub struct TooLarge(pub u64);

#[derive(Debug, Clone, Copy)]
enum Bound {
    Exact,
    Lower,
    Upper,
}

/// Alpha-beta with a transposition table.
#[derive(Debug)]
pub struct Solver<G: Game> {
    table: HashMap<G, (i8, Bound)>,
    nodes: u64,
    limit: u64,
    scratch: Vec<Vec<G::Action>>,
}

/// A solved position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Solution<A> {
    /// The result for player 0 with best play.
    pub value: i8,
    /// Each root action with its exact value for player 0, in legal-action order.
    pub actions: Vec<(A, i8)>,
    /// Nodes searched.
    pub nodes: u64,
}

impl<A: Copy> Solution<A> {
    /// The actions that reach the best value for `player`.
    pub fn optimal_for(&self, player: PlayerId) -> Vec<A> {
        let sign = if player.0 == 0 { 1 } else { -1 };
        let best = self.actions.iter().map(|(_, v)| v * sign).max().unwrap_or(0);
        self.actions.iter().filter(|(_, v)| v * sign == best).map(|(a, _)| *a).collect()
    }
}

impl<G: Game> Solver<G> {
    /// A solver that gives up past `limit` nodes.
    pub fn new(limit: u64) -> Self {
        Self { table: HashMap::new(), nodes: 0, limit, scratch: Vec::new() }
    }

    /// Solves `state`: the exact value of every legal action.
    pub fn solve(&mut self, state: &G) -> Result<Solution<G::Action>, TooLarge> {
        let legal = state.legal_actions();
        let mut actions = Vec::with_capacity(legal.len());
        for a in legal {
            let mut next = state.clone();
            if next.apply(a, &mut Discard).is_ok() {
                actions.push((a, self.search(&next, -1, 1, 0)?));
            }
        }
        let value = match state.outcome() {
            Some(o) => result(o),
            None => {
                let me = state.to_move().unwrap_or(PlayerId(0));
                let values = actions.iter().map(|(_, v)| *v);
                if me.0 == 0 { values.max().unwrap_or(0) } else { values.min().unwrap_or(0) }
            }
        };
        Ok(Solution { value, actions, nodes: self.nodes })
    }

    fn search(&mut self, s: &G, mut alpha: i8, mut beta: i8, depth: usize) -> Result<i8, TooLarge> {
        self.nodes += 1;
        if self.nodes > self.limit {
            return Err(TooLarge(self.limit));
        }
        if let Some(o) = s.outcome() {
            return Ok(result(o));
        }
        let (a0, b0) = (alpha, beta);
        if let Some(&(v, bound)) = self.table.get(s) {
            match bound {
                Bound::Exact => return Ok(v),
                Bound::Lower => alpha = alpha.max(v),
                Bound::Upper => beta = beta.min(v),
            }
            if alpha >= beta {
                return Ok(v);
            }
        }
        let maximizing = s.to_move().is_some_and(|p| p.0 == 0);
        if self.scratch.len() <= depth {
            self.scratch.push(Vec::new());
        }
        let mut moves = std::mem::take(&mut self.scratch[depth]);
        moves.clear();
        s.legal_actions_into(&mut moves);
        let mut best = if maximizing { -1 } else { 1 };
        let mut outcome = Ok(());
        for &a in &moves {
            let mut next = s.clone();
            if next.apply(a, &mut Discard).is_err() {
                continue;
            }
            let v = match self.search(&next, alpha, beta, depth + 1) {
                Ok(v) => v,
                Err(e) => {
                    outcome = Err(e);
                    break;
                }
            };
            if maximizing {
                best = best.max(v);
                alpha = alpha.max(v);
            } else {
                best = best.min(v);
                beta = beta.min(v);
            }
            if alpha >= beta {
                break;
            }
        }
        self.scratch[depth] = moves;
        outcome?;
        let bound = if best <= a0 {
            Bound::Upper
        } else if best >= b0 {
            Bound::Lower
        } else {
            Bound::Exact
        };
        self.table.insert(s.clone(), (best, bound));
        Ok(best)
    }
}

fn result(outcome: Outcome) -> i8 {
    match outcome {
        Outcome::Win(PlayerId(0)) => 1,
        Outcome::Win(_) => -1,
        Outcome::Draw => 0,
    }
}

/// Plays the solver's move when the position solves within `node_limit` nodes, and
/// the greedy move otherwise (most of a long game; the stats say which).
#[derive(Debug, Clone, Copy)]
pub struct ExactBot {
    /// Nodes the solver may search per move.
    pub node_limit: u64,
}

impl Default for ExactBot {
    fn default() -> Self {
        Self { node_limit: 200_000 }
    }
}

impl ExactBot {
    /// Its name, which is its spec: `exact`, or `exact:nodes=N` with another node
    /// limit than the default's.
    pub fn name(&self) -> String {
        if self.node_limit == ExactBot::default().node_limit {
            "exact".into()
        } else {
            format!("exact:nodes={}", self.node_limit)
        }
    }
}

impl<G: Game> Bot<G> for ExactBot {
    fn name(&self) -> String {
        ExactBot::name(self)
    }

    fn choose(&mut self, state: &G, seed: u64) -> Result<Decision<G::Action>, BotError> {
        let me = state.to_move().ok_or(BotError::GameOver)?;
        if state.num_players() != 2 {
            return GreedyBot.choose(state, seed);
        }
        match Solver::new(self.node_limit).solve(state) {
            Ok(solution) => {
                // Among equally good actions, the one that looks best now (so a win is
                // taken at once rather than later).
                let look = |a: &G::Action| {
                    let mut next = state.clone();
                    next.apply(*a, &mut Discard).map_or(f64::NEG_INFINITY, |()| evaluate_for(&next, me))
                };
                let action = solution
                    .optimal_for(me)
                    .into_iter()
                    .map(|a| (look(&a), a))
                    .fold(None, |best: Option<(f64, G::Action)>, (v, a)| match best {
                        Some((bv, _)) if bv >= v => best,
                        _ => Some((v, a)),
                    })
                    .map(|(_, a)| a)
                    .ok_or(BotError::GameOver)?;
                let sign = if me.0 == 0 { 1.0 } else { -1.0 };
                let stats = solution
                    .actions
                    .iter()
                    .map(|&(action, v)| ActionStat { action, visits: solution.nodes, mean_reward: sign * f64::from(v) })
                    .collect();
                Ok(Decision { action, stats })
            }
            Err(TooLarge(_)) => GreedyBot.choose(state, seed),
        }
    }
}
