//! Bot-vs-bot tournaments refereed by the Rules service over gRPC, in the manner of
//! cutechess-cli and fastchess: what `fray tournament` runs, and what a referee
//! service or a sharded tournament reuses. The caller parses the settings, reaches
//! the servers ([`connect::Connector`]) and shows the progress
//! ([`run::ShowProgress`]); everything between is here.
//!
//! The bots think in this process; every game is dealt and every action judged by a
//! Rules server, or several sharing the calls, a name standing for every address it
//! resolves to ([`referee`], [`pool`]). Bots think `concurrency` moves at a time (the
//! one-ply bots on their games' own tasks besides) in [`run::GAMES_PER_THINKING_SLOT`]
//! times as many games ([`game`], [`thinkers`]); each lands in the JSONL log in
//! schedule order ([`log`]), so a killed tournament resumes from its log without
//! playing a finished game again. The [`config`] decides the games and their order;
//! the standings ([`stats`]) feed the progress, the SPRT and the reports ([`report`]).
//! What can go wrong is a [`error::TournamentError`].

pub mod batches;
pub mod calls;
pub mod config;
pub mod connect;
pub mod error;
pub mod game;
pub mod log;
pub mod pool;
pub mod referee;
pub mod report;
pub mod run;
pub mod stats;
#[cfg(test)]
pub(crate) mod testing;
pub mod thinkers;
