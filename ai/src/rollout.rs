//! Random playouts: the rollouts MCTS runs in its evaluator, and the benchmark of
//! simulated actions per second.

use rand::Rng;

use crate::backend::Backend;
use crate::eval::settled;
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

/// Plays `max_depth` actions at most from `state` (in place) with `policy`; returns the
/// number played. `scratch` is a reused buffer.
pub fn playout_with<G: Game, B: Backend<G> + ?Sized, R: Rng>(
    backend: &B,
    state: &mut G,
    max_depth: usize,
    policy: RolloutPolicy,
    rng: &mut R,
    scratch: &mut Vec<G::Action>,
) -> usize {
    let RolloutPolicy::Greedy { epsilon } = policy else {
        return playout(backend, state, max_depth, rng, scratch);
    };
    for depth in 0..max_depth {
        scratch.clear();
        backend.legal_actions(state, scratch);
        if scratch.is_empty() {
            return depth;
        }
        let pick = if scratch.len() == 1 {
            scratch[0]
        } else if rng.random_bool(epsilon.clamp(0.0, 1.0)) {
            scratch[rng.random_range(0..scratch.len())]
        } else if let Some(quick) = state.rollout_hint(scratch, rng) {
            quick
        } else {
            let Some(mover) = state.to_move() else { return depth };
            let mut best = (f64::NEG_INFINITY, scratch[0]);
            for &a in scratch.iter() {
                let mut next = state.clone();
                backend.apply(&mut next, a);
                let v = settled(backend, &next, 2).get(mover);
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
    mut state: G,
    max_depth: usize,
    turns: u32,
    policy: RolloutPolicy,
    rng: &mut R,
    scratch: &mut Vec<G::Action>,
) -> Returns {
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
    state.heuristic()
}
