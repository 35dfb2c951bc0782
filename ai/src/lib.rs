//! Fray's computer players, behind one [`Bot`] trait: [`RandomBot`], [`GreedyBot`]
//! (one ply), [`MctsBot`] (Monte Carlo tree search: determinized on the `mcts` crate,
//! or information-set MCTS on a tree of its own, [`ismcts`]) and [`ExactBot`]
//! (alpha-beta with a transposition table for small positions).
//!
//! Every bot is generic over the core's [`Game`] interface, so one bot plays every
//! ruleset, with any number of players (MCTS backs up a vector of returns, one per
//! player, and each node maximizes for the player who decides there). Bots read the
//! core's public API only. MCTS searches through a [`Backend`]: the core in-process
//! ([`Local`]) or any other implementation (the service crate provides one over the
//! Rules gRPC API).
//!
//! ```
//! use fray_ai::{Bot, BotSpec};
//! use fray_core::rulesets::zone::ZoneState;
//! use fray_core::{Game, GameState};
//!
//! let GameState::Zone(state) = GameState::new_game(1, 7, "duel").unwrap().0 else { unreachable!() };
//! let mut bot = "mcts:playouts=200".parse::<BotSpec>().unwrap().build::<ZoneState>();
//! let decision = bot.choose(&state, 42).unwrap();
//! assert!(state.legal_actions().contains(&decision.action));
//! ```
#![forbid(unsafe_code)]

pub mod backend;
pub mod eval;
pub mod exact;
pub mod greedy;
pub mod ismcts;
pub mod mcts_bot;
pub mod mcts_config;
pub mod random;
pub mod rollout;
mod search_node;
mod spec;
mod state_bot;

use fray_core::Game;
use fray_core::state::PlayerId;
use rand::RngCore;

pub use backend::{Backend, Local};
pub use exact::{ExactBot, Solver};
pub use greedy::GreedyBot;
pub use mcts_bot::MctsBot;
pub use mcts_config::{Budget, MctsConfig, Search, Sight};
pub use random::RandomBot;
pub use spec::{BotSpec, Difficulty, SpecError};
pub use state_bot::{BuildBot, StateBot};

/// The worlds a bot decides `viewer`'s move in: the state itself when nothing is
/// hidden from them, else `n` (at least 1) samples of the hidden cards
/// ([`Game::determinize`]), drawn one after the other from `rng`.
pub fn sampled_worlds<G: Game>(state: &G, viewer: PlayerId, n: usize, rng: &mut dyn RngCore) -> Vec<G> {
    if state.has_hidden(viewer) {
        (0..n.max(1)).map(|_| state.determinize(viewer, rng)).collect()
    } else {
        vec![state.clone()]
    }
}

/// What a bot answers: its action and, for searching bots, per-action statistics.
#[derive(Debug, Clone, PartialEq)]
pub struct Decision<A> {
    /// The chosen action (legal in the state it was asked about).
    pub action: A,
    /// Per root action: visits and mean reward for the choosing player in [-1, 1].
    pub stats: Vec<ActionStat<A>>,
}

/// Search statistics of one root action.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ActionStat<A> {
    /// The action.
    pub action: A,
    /// Times it was visited (nodes searched for the exact solver, 1 for greedy).
    pub visits: u64,
    /// Mean reward for the choosing player, in [-1, 1].
    pub mean_reward: f64,
}

/// Why a bot could not choose.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BotError {
    /// No action is legal: the game is over (or, on a bare board, no creature can
    /// strike). There is nothing to choose.
    #[error("the game is over: no action is legal")]
    GameOver,
    /// The rules backend failed (e.g. the Rules service could not be reached).
    #[error("the rules backend failed: {0}")]
    Backend(String),
}

/// A computer player of a game `G`. It chooses for the player to move in `state`.
pub trait Bot<G: Game>: Send {
    /// A short name, e.g. `greedy` or `mcts:playouts=2000`.
    fn name(&self) -> String;
    /// Chooses an action; the same state and seed give the same answer (for
    /// time-limited searches, the same number of playouts must have run).
    fn choose(&mut self, state: &G, seed: u64) -> Result<Decision<G::Action>, BotError>;
}
