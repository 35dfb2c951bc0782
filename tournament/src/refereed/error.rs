//! What can stop a tournament (or the strength table, its rows file), each told as
//! `fray` tells it: the CLI's `CliError` has one variant for each of these, with the
//! same words and exit code.

use thiserror::Error;

/// A tournament that cannot go on (or start).
#[derive(Debug, Error)]
pub enum TournamentError {
    /// An input file (a log to resume) could not be read or understood.
    #[error("{source_name}: {problem}")]
    Input {
        /// The file.
        source_name: String,
        /// What is wrong with it.
        problem: String,
    },
    /// The settings do not make a tournament (the message names the setting).
    #[error("{0}")]
    Usage(String),
    /// A server refused a call with this status (a server's own answer: no transport
    /// failure lies behind it, so it is told without one).
    #[error("{}", crate::grpc::status_text(.0, None))]
    Status(Box<tonic::Status>),
    /// No server could be reached.
    #[error("cannot reach {url}: {detail}")]
    Connect {
        /// The server's address.
        url: String,
        /// Why, with the whole source chain.
        detail: String,
    },
    /// A TLS handshake failed, in words.
    #[error("TLS: {0}")]
    Tls(String),
    /// The servers could not referee the games.
    #[error("server: {0}")]
    Server(String),
    /// Writing the log or a report failed, or a bot thread could not start.
    #[error("{0}")]
    Output(String),
}

impl From<crate::arena::ArenaError> for TournamentError {
    /// A game of a measurement (the strength table's) could not be played: a bot failed
    /// or broke the rules, told as a usage error, as `fray bench` tells it.
    fn from(e: crate::arena::ArenaError) -> Self {
        TournamentError::Usage(e.to_string())
    }
}
