//! What can go wrong in reaching or driving a Fray server ([`ClientError`]), and TLS
//! failures told in words rather than as a bare "transport error" ([`explain`]).

use std::error::Error as StdError;
use std::fmt::Write as _;

use fray_tournament::refereed::error::TournamentError;
use rustls::{AlertDescription, CertificateError};

/// A failure to reach or drive a Fray server: one type with the tournament library's
/// error, which drives its servers through this crate (the same variants and words;
/// in the `fray` command line, the same exit codes).
pub type ClientError = TournamentError;

/// A status as this crate's error: the TLS failure behind it, in words, when there is
/// one (with TLS 1.3 a server refuses a client certificate after the client's side of
/// the handshake, so the first call fails), else the status.
pub fn status_error(status: tonic::Status) -> ClientError {
    match explain(&status) {
        Some(why) => ClientError::Tls(why),
        None => ClientError::Status(Box::new(status)),
    }
}

/// A status as text: `CODE: message` (and the TLS failure behind it, in words), then
/// one indented line per `google.rpc.BadRequest` field violation (`path: description`).
/// The server's message lists the violations too: one that its message already says
/// whole is not said again, and several are listed one a line under the message's
/// head (`invalid request`) and its counts ([`fray_tournament::grpc::status_text`]).
pub fn render_status(status: &tonic::Status) -> String {
    let tls = explain(status).map(|why| format!("TLS: {why}"));
    fray_tournament::grpc::status_text(status, tls.as_deref())
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

/// What went wrong with TLS in `error` or its sources, in words; `None` when the error
/// is not about TLS.
pub fn explain(error: &(dyn StdError + 'static)) -> Option<String> {
    sources(error).find_map(|e| {
        if let Some(tls) = e.downcast_ref::<rustls::Error>() {
            return Some(describe(tls));
        }
        // An I/O error carries rustls' error inside it, or only its text once it has
        // passed through HTTP/2 (a handshake refused after the client's side of it, as
        // TLS 1.3 does with client certificates, fails the first call).
        let io = e.downcast_ref::<std::io::Error>()?;
        match io.get_ref().and_then(|inner| inner.downcast_ref::<rustls::Error>()) {
            Some(tls) => Some(describe(tls)),
            None => recognise(&io.to_string()).map(|tls| describe(&tls)),
        }
    })
}

/// `error` and its sources, outermost first.
fn sources<'a>(error: &'a (dyn StdError + 'static)) -> impl Iterator<Item = &'a (dyn StdError + 'static)> {
    std::iter::successors(Some(error), |&e| e.source())
}

/// The rustls error whose text `text` is, among those a client is told about.
fn recognise(text: &str) -> Option<rustls::Error> {
    let alerts = [
        AlertDescription::CertificateRequired,
        AlertDescription::UnknownCA,
        AlertDescription::BadCertificate,
        AlertDescription::UnsupportedCertificate,
        AlertDescription::CertificateRevoked,
        AlertDescription::CertificateExpired,
        AlertDescription::CertificateUnknown,
        AlertDescription::AccessDenied,
        AlertDescription::HandshakeFailure,
        AlertDescription::ProtocolVersion,
    ];
    let certificates = [
        CertificateError::UnknownIssuer,
        CertificateError::NotValidForName,
        CertificateError::Expired,
        CertificateError::BadSignature,
    ];
    alerts
        .into_iter()
        .map(rustls::Error::AlertReceived)
        .chain(certificates.into_iter().map(rustls::Error::InvalidCertificate))
        .find(|candidate| candidate.to_string() == text)
}

/// A rustls error seen by a client, in words, with what to do about it.
fn describe(error: &rustls::Error) -> String {
    match error {
        rustls::Error::InvalidCertificate(cert) => match cert {
            CertificateError::UnknownIssuer => "the server's certificate is not trusted: it is not signed by a CA \
                                               this client trusts (--tls-ca, else the system's roots)"
                .to_owned(),
            CertificateError::NotValidForName | CertificateError::NotValidForNameContext { .. } => format!(
                "the server's certificate is not valid for the name asked for ({error}); give the name it \
                 carries with --tls-domain"
            ),
            CertificateError::Expired | CertificateError::ExpiredContext { .. } => {
                format!("the server's certificate has expired ({error})")
            }
            _ => format!("the server's certificate was refused: {error}"),
        },
        rustls::Error::AlertReceived(alert) => match alert {
            AlertDescription::CertificateRequired => {
                "the server requires a client certificate: give --tls-cert and --tls-key".to_owned()
            }
            AlertDescription::UnknownCA => "the server refused the client certificate: it is not signed by a \
                                            CA the server trusts"
                .to_owned(),
            AlertDescription::BadCertificate
            | AlertDescription::UnsupportedCertificate
            | AlertDescription::CertificateRevoked
            | AlertDescription::CertificateExpired
            | AlertDescription::CertificateUnknown
            | AlertDescription::AccessDenied => {
                format!("the server refused the client certificate ({alert:?})")
            }
            _ => format!("the server ended the TLS handshake ({alert:?})"),
        },
        rustls::Error::InvalidMessage(_) | rustls::Error::InappropriateMessage { .. } => {
            format!("the server did not answer in TLS ({error}); if it serves plaintext, use an http:// URL")
        }
        _ => format!("TLS failed: {error}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tonic_types::{ErrorDetails, FieldViolation, StatusExt as _};

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

    #[test]
    fn violations_the_message_already_says_are_not_said_twice() {
        let one = ErrorDetails::with_bad_request(vec![FieldViolation::new("scenario", "unknown scenario \"nope\"")]);
        let status = tonic::Status::with_error_details(
            tonic::Code::InvalidArgument,
            "invalid request: scenario: unknown scenario \"nope\"",
            one,
        );
        assert_eq!(render_status(&status), "INVALID_ARGUMENT: invalid request: scenario: unknown scenario \"nope\"");
        let two = ErrorDetails::with_bad_request(vec![
            FieldViolation::new("state.turn", "must be 1 or more"),
            FieldViolation::new("state.players", "needs 2"),
        ]);
        let status = tonic::Status::with_error_details(
            tonic::Code::InvalidArgument,
            "invalid request: state.turn: must be 1 or more; state.players: needs 2 (and 3 more)",
            two,
        );
        assert_eq!(
            render_status(&status),
            "INVALID_ARGUMENT: invalid request (and 3 more)\n  state.turn: must be 1 or more\n  state.players: needs 2"
        );
    }
}
