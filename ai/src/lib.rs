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
//! use fray_core::{Game, GameState, Ruleset};
//!
//! let GameState::Zone(state) = GameState::new_game(1, 7, "duel").unwrap().0 else { unreachable!() };
//! let mut bot = "mcts:playouts=200".parse::<BotSpec>().unwrap().build::<ZoneState>(Ruleset::Egame);
//! let decision = bot.choose(&state, 42).unwrap();
//! assert!(state.legal_actions().contains(&decision.action));
//! ```
#![forbid(unsafe_code)]

pub mod backend;
mod bot;
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

pub use backend::{Backend, Local};
pub use bot::{ActionStat, Bot, BotError, Decision, sampled_worlds};
pub use exact::{ExactBot, Solver};
pub use greedy::GreedyBot;
pub use mcts_bot::MctsBot;
pub use mcts_config::{Budget, MctsConfig, Search, Sight};
pub use random::RandomBot;
pub use spec::{BotSpec, Difficulty, SpecError};
pub use state_bot::{BuildBot, StateBot};
