//! What can go wrong in a `fray` command, how it is told on stderr, and its exit code.

use std::fmt::Write as _;

use thiserror::Error;
use tonic::Code;
use tonic_types::StatusExt as _;

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

impl From<tonic::Status> for CliError {
    /// A status, or the TLS failure behind it (with TLS 1.3 a server refuses a client
    /// certificate after the client's side of the handshake, so the first call fails).
    fn from(status: tonic::Status) -> Self {
        match crate::tls::explain(&status) {
            Some(why) => CliError::Tls(why),
            None => CliError::Status(Box::new(status)),
        }
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

/// The canonical gRPC name of a status code, e.g. `INVALID_ARGUMENT`.
pub fn code_name(code: Code) -> &'static str {
    match code {
        Code::Ok => "OK",
        Code::Cancelled => "CANCELLED",
        Code::Unknown => "UNKNOWN",
        Code::InvalidArgument => "INVALID_ARGUMENT",
        Code::DeadlineExceeded => "DEADLINE_EXCEEDED",
        Code::NotFound => "NOT_FOUND",
        Code::AlreadyExists => "ALREADY_EXISTS",
        Code::PermissionDenied => "PERMISSION_DENIED",
        Code::ResourceExhausted => "RESOURCE_EXHAUSTED",
        Code::FailedPrecondition => "FAILED_PRECONDITION",
        Code::Aborted => "ABORTED",
        Code::OutOfRange => "OUT_OF_RANGE",
        Code::Unimplemented => "UNIMPLEMENTED",
        Code::Internal => "INTERNAL",
        Code::Unavailable => "UNAVAILABLE",
        Code::DataLoss => "DATA_LOSS",
        Code::Unauthenticated => "UNAUTHENTICATED",
    }
}

/// A status as text: `CODE: message` (and the TLS failure behind it, in words), then
/// one indented line per `google.rpc.BadRequest` field violation (`path: description`).
pub fn render_status(status: &tonic::Status) -> String {
    let mut out = format!("{}: {}", code_name(status.code()), status.message());
    if let Some(why) = crate::tls::explain(status) {
        let _ = write!(out, " (TLS: {why})");
    }
    if let Some(bad_request) = status.get_details_bad_request() {
        for v in &bad_request.field_violations {
            // Writing to a String cannot fail.
            let _ = write!(out, "\n  {}: {}", v.field, v.description);
        }
    }
    out
}

/// An error with its whole `source()` chain, `outer: inner: ...`.
pub fn chain(error: &dyn std::error::Error) -> String {
    let mut out = error.to_string();
    let mut next = error.source();
    while let Some(e) = next {
        let text = e.to_string();
        if !out.contains(&text) {
            let _ = write!(out, ": {text}");
        }
        next = e.source();
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use tonic_types::{ErrorDetails, FieldViolation};

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
    fn renders_field_violations_one_per_line() {
        let details = ErrorDetails::with_bad_request(vec![FieldViolation::new(
            "state.creatures[1].zone.index",
            "zone index 7 is out of range 0..4",
        )]);
        let status = tonic::Status::with_error_details(tonic::Code::InvalidArgument, "invalid state", details);
        assert_eq!(
            render_status(&status),
            "INVALID_ARGUMENT: invalid state\n  state.creatures[1].zone.index: zone index 7 is out of range 0..4"
        );
    }
}
