//! Bot-vs-bot tournaments.

pub mod chart;
