//! Uniformly random legal actions, from a seeded RNG.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::bot::{Bot, BotError, Decision};
use fray_core::Game;

/// Picks a legal action uniformly at random.
#[derive(Debug, Default, Clone, Copy)]
pub struct RandomBot;

impl<G: Game> Bot<G> for RandomBot {
    fn name(&self) -> String {
        "random".into()
    }

    fn choose(&mut self, state: &G, seed: u64) -> Result<Decision<G::Action>, BotError> {
        let legal = state.legal_actions();
        if legal.is_empty() {
            return Err(BotError::GameOver);
        }
        let pick = ChaCha8Rng::seed_from_u64(seed).random_range(0..legal.len());
        Ok(Decision { action: legal[pick], stats: Vec::new() })
    }
}
