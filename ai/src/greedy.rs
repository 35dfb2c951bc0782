//! One-ply greedy play: each legal action is tried and the result scored with
//! [`crate::eval::material`]. A strike that stops at a decision is followed through
//! the decisions it raises (each decider picks what is best for them), so the bot
//! takes lethal, blocks lethal and prefers the best immediate trade. Ties are broken
//! by the seed.

use rand::SeedableRng;
use rand::seq::IndexedRandom;
use rand_chacha::ChaCha8Rng;

use crate::Local;
use crate::eval::{material_for, settled};
use crate::{ActionStat, Bot, BotError, Decision};
use fray_core::event::Discard;
use fray_core::{Action, ZoneState};

/// The one-ply player.
#[derive(Debug, Default, Clone, Copy)]
pub struct GreedyBot;

impl Bot for GreedyBot {
    fn name(&self) -> String {
        "greedy".into()
    }

    fn choose(&mut self, state: &ZoneState, seed: u64) -> Result<Decision, BotError> {
        let me = state.to_move().ok_or(BotError::GameOver)?;
        let legal = state.legal_actions();
        let scored: Vec<(Action, f64)> = legal
            .iter()
            .filter_map(|&a| {
                let mut next = state.clone();
                next.apply(a, &mut Discard).ok()?;
                Some((a, settled(&Local, &next, me, 4, material_for)))
            })
            .collect();
        let best = scored.iter().map(|(_, v)| *v).fold(f64::NEG_INFINITY, f64::max);
        let top: Vec<Action> = scored.iter().filter(|(_, v)| (*v - best).abs() < 1e-9).map(|(a, _)| *a).collect();
        let action = *top.choose(&mut ChaCha8Rng::seed_from_u64(seed)).ok_or(BotError::GameOver)?;
        let stats = scored.into_iter().map(|(action, v)| ActionStat { action, visits: 1, mean_reward: v }).collect();
        Ok(Decision { action, stats })
    }
}
