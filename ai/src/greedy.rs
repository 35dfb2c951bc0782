//! One-ply greedy play: each legal action is tried and the result scored with the
//! ruleset's heuristic (for e:game and Dimensional Rift, the material balance). A strike that stops at a decision is followed through
//! the decisions it raises (each decider picks what is best for them), so the bot
//! takes lethal, blocks lethal and prefers the best immediate trade. Ties are broken
//! by the seed.
//!
//! Greedy plays on what its player may see: when the state holds cards hidden from
//! them ([`Game::has_hidden`]), each action is scored as the mean over [`WORLDS`]
//! sampled worlds ([`Game::determinize`], the same sampling MCTS searches), never on
//! the true hidden cards. An action one sampled world refuses is scored on the others.

use rand::SeedableRng;
use rand::seq::IndexedRandom;
use rand_chacha::ChaCha8Rng;

use crate::backend::Local;
use crate::bot::sampled_worlds;
use crate::bot::{ActionStat, Bot, BotError, Decision};
use crate::eval::Lookahead;
use fray_core::Game;
use fray_core::event::Discard;

/// Sampled worlds an action's value is averaged over when the mover cannot see
/// everything.
pub const WORLDS: usize = 8;

/// The one-ply player.
#[derive(Debug, Default, Clone, Copy)]
pub struct GreedyBot;

impl<G: Game> Bot<G> for GreedyBot {
    fn name(&self) -> String {
        "greedy".into()
    }

    fn choose(&mut self, state: &G, seed: u64) -> Result<Decision<G::Action>, BotError> {
        let me = state.to_move().ok_or(BotError::GameOver)?;
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let worlds = sampled_worlds(state, me, WORLDS, &mut rng);
        let legal = state.legal_actions();
        // One state to try each action on and the look-ahead's scratch, reused: a
        // try copies into them instead of allocating a state of its own.
        let (mut next, mut look, mut values) = (None::<G>, Lookahead::default(), Vec::with_capacity(worlds.len()));
        let mut scored: Vec<(G::Action, f64)> = Vec::with_capacity(legal.len());
        for &a in &legal {
            values.clear();
            for world in &worlds {
                let next = match &mut next {
                    Some(next) => {
                        next.clone_from(world);
                        next
                    }
                    none => none.insert(world.clone()),
                };
                if next.apply(a, &mut Discard).is_ok() {
                    values.push(look.settled(&Local, next, 4).get(me));
                }
            }
            if !values.is_empty() {
                scored.push((a, values.iter().sum::<f64>() / values.len() as f64));
            }
        }
        let best = scored.iter().map(|(_, v)| *v).fold(f64::NEG_INFINITY, f64::max);
        let top: Vec<G::Action> = scored.iter().filter(|(_, v)| (*v - best).abs() < 1e-9).map(|(a, _)| *a).collect();
        let action = *top.choose(&mut rng).ok_or(BotError::GameOver)?;
        let stats = scored.into_iter().map(|(action, v)| ActionStat { action, visits: 1, mean_reward: v }).collect();
        Ok(Decision { action, stats })
    }
}
