//! What can go wrong in a `fray` command, how it is told on stderr, and its exit code.

use fray_tournament::refereed::error::TournamentError;
use thiserror::Error;
use tonic::Code;

/// Exit code for invalid input: a bad file or option, or `INVALID_ARGUMENT`.
pub const EXIT_INVALID_INPUT: u8 = 2;
/// Exit code for a rule refusing the action: `FAILED_PRECONDITION`.
pub const EXIT_RULE_REFUSED: u8 = 3;
/// Exit code for a replay whose actions no longer give the recorded events.
pub const EXIT_REPLAY_DIFFERS: u8 = 4;
/// Exit code for a command stopped by Ctrl-C or SIGTERM (128 + SIGINT), its work saved.
pub const EXIT_INTERRUPTED: u8 = 130;
/// Exit code for anything else (transport, server, internal errors).
pub const EXIT_OTHER: u8 = 1;

/// A failed `fray` command.
#[derive(Debug, Error)]
pub enum CliError {
    /// An input file could not be read or understood.
    #[error("{source_name}: {problem}")]
    Input {
        /// The file (or `<stdin>`).
        source_name: String,
        /// What is wrong with it.
        problem: String,
    },
    /// The command line and the input do not make a complete request.
    #[error("{0}")]
    Usage(String),
    /// The server answered with an error status.
    #[error("{}", render_status(.0))]
    Status(Box<tonic::Status>),
    /// The server could not be reached.
    #[error("cannot reach {url}: {detail}")]
    Connect {
        /// The server's address.
        url: String,
        /// Why, with the whole source chain.
        detail: String,
    },
    /// A TLS handshake failed; the message says why in words (untrusted certificate,
    /// a client certificate required or refused, a plaintext server, ...).
    #[error("TLS: {0}")]
    Tls(String),
    /// The embedded or foreground server failed.
    #[error("server: {0}")]
    Server(String),
    /// Writing the output failed, or the embedded descriptors are broken.
    #[error("{0}")]
    Output(String),
    /// Standard output was closed (`fray play | head`): not worth a message.
    #[error("stdout was closed")]
    StdoutClosed,
    /// A replay diverged from its recording (the message names the step).
    #[error("{0}")]
    ReplayDiffers(String),
    /// Stopped by a signal after saving its work (the message says how to go on).
    #[error("{0}")]
    Interrupted(String),
}

impl CliError {
    /// The process exit code for this error: 2 invalid input, 3 a rule refused, 4 a
    /// replay diverged, 130 interrupted, 1 otherwise.
    pub fn exit_code(&self) -> u8 {
        match self {
            CliError::Input { .. } | CliError::Usage(_) => EXIT_INVALID_INPUT,
            CliError::Status(status) => match status.code() {
                Code::InvalidArgument => EXIT_INVALID_INPUT,
                Code::FailedPrecondition => EXIT_RULE_REFUSED,
                _ => EXIT_OTHER,
            },
            CliError::ReplayDiffers(_) => EXIT_REPLAY_DIFFERS,
            CliError::Interrupted(_) => EXIT_INTERRUPTED,
            CliError::Connect { .. }
            | CliError::Tls(_)
            | CliError::Server(_)
            | CliError::Output(_)
            | CliError::StdoutClosed => EXIT_OTHER,
        }
    }
}

impl From<fray_tournament::arena::ArenaError> for CliError {
    /// A game of a measurement could not be played (a bot failed or broke the rules).
    fn from(e: fray_tournament::arena::ArenaError) -> Self {
        CliError::Usage(e.to_string())
    }
}

impl From<TournamentError> for CliError {
    /// A tournament's or the client library's error (one type) is the CLI's of the same
    /// name: the same words, the same exit code.
    fn from(e: TournamentError) -> Self {
        match e {
            TournamentError::Input { source_name, problem } => CliError::Input { source_name, problem },
            TournamentError::Usage(why) => CliError::Usage(why),
            TournamentError::Status(status) => CliError::Status(status),
            TournamentError::Connect { url, detail } => CliError::Connect { url, detail },
            TournamentError::Tls(why) => CliError::Tls(why),
            TournamentError::Server(why) => CliError::Server(why),
            TournamentError::Output(why) => CliError::Output(why),
        }
    }
}

impl From<CliError> for TournamentError {
    /// What the CLI's side of a tournament (its connector) met, for the tournament to
    /// pass on: each error as the variant of the same name; those a tournament has
    /// none of (a closed stdout, a replay, an interrupt) as their words.
    fn from(e: CliError) -> Self {
        match e {
            CliError::Input { source_name, problem } => TournamentError::Input { source_name, problem },
            CliError::Usage(why) => TournamentError::Usage(why),
            CliError::Status(status) => TournamentError::Status(status),
            CliError::Connect { url, detail } => TournamentError::Connect { url, detail },
            CliError::Tls(why) => TournamentError::Tls(why),
            CliError::Server(why) => TournamentError::Server(why),
            CliError::Output(why) => TournamentError::Output(why),
            e @ (CliError::StdoutClosed | CliError::ReplayDiffers(_) | CliError::Interrupted(_)) => {
                TournamentError::Output(e.to_string())
            }
        }
    }
}

impl From<tonic::Status> for CliError {
    /// A status, or the TLS failure behind it (with TLS 1.3 a server refuses a client
    /// certificate after the client's side of the handshake, so the first call fails).
    fn from(status: tonic::Status) -> Self {
        fray_client::error::status_error(status).into()
    }
}

/// A failed write to stdout: [`CliError::StdoutClosed`] for a closed pipe.
pub fn stdout_error(e: &std::io::Error) -> CliError {
    if e.kind() == std::io::ErrorKind::BrokenPipe {
        CliError::StdoutClosed
    } else {
        CliError::Output(format!("stdout: {e}"))
    }
}

/// A status and an error's chain in words, and TLS failures in words: the client
/// library's.
pub use fray_client::error::{chain, explain, render_status};

#[cfg(test)]
mod tests {
    use super::*;
    use fray_client::ClientError;

    #[test]
    fn status_codes_map_to_exit_codes() {
        let invalid: CliError = tonic::Status::invalid_argument("bad").into();
        let refused: CliError = tonic::Status::failed_precondition("no (egame.strike.target)").into();
        let internal: CliError = tonic::Status::internal("bug").into();
        assert_eq!(invalid.exit_code(), 2);
        assert_eq!(refused.exit_code(), 3);
        assert_eq!(internal.exit_code(), 1);
        assert_eq!(CliError::Usage("x".into()).exit_code(), 2);
    }

    #[test]
    fn a_tournaments_errors_are_the_clis_of_the_same_name_with_the_same_words() {
        let status = || tonic::Status::failed_precondition("no (egame.strike.target)");
        let errors = [
            (TournamentError::Input { source_name: "log:2".into(), problem: "bad".into() }, 2),
            (TournamentError::Usage("--games 3".into()), 2),
            (TournamentError::Status(Box::new(status())), 3),
            (TournamentError::Connect { url: "http://x".into(), detail: "refused".into() }, 1),
            (TournamentError::Tls("untrusted".into()), 1),
            (TournamentError::Server("down".into()), 1),
            (TournamentError::Output("disk full".into()), 1),
        ];
        for (e, code) in errors {
            let words = e.to_string();
            let cli = CliError::from(e);
            assert_eq!((cli.to_string(), cli.exit_code()), (words.clone(), code), "{cli:?}");
            assert_eq!(TournamentError::from(cli).to_string(), words);
        }
        assert_eq!(TournamentError::from(CliError::StdoutClosed).to_string(), "stdout was closed");
    }

    #[test]
    fn the_client_librarys_errors_are_the_clis_of_the_same_name_with_the_same_words() {
        let errors = [
            (ClientError::Input { source_name: "f.json".into(), problem: "bad".into() }, 2),
            (ClientError::Usage("--connections 0".into()), 2),
            (ClientError::Status(Box::new(tonic::Status::failed_precondition("no"))), 3),
            (ClientError::Connect { url: "http://x".into(), detail: "refused".into() }, 1),
            (ClientError::Tls("untrusted".into()), 1),
            (ClientError::Server("down".into()), 1),
            (ClientError::Output("disk full".into()), 1),
        ];
        for (e, code) in errors {
            let words = e.to_string();
            let cli = CliError::from(e);
            assert_eq!((cli.to_string(), cli.exit_code()), (words, code), "{cli:?}");
        }
    }
}
