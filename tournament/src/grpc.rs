//! Calls to a Rules server over a tonic channel, wherever the channel comes from: the
//! client with the message size limits ([`rules`]), a call whose request is already
//! encoded ([`call_encoded`]), and a status in words ([`status_text`]).

use std::fmt::Write as _;

use fray_proto::fray::v1::rules_client::RulesClient;
use tonic::Code;
use tonic::transport::Channel;
use tonic_types::StatusExt as _;

/// Largest message sent or accepted. Game states are small; this bounds a bad reply.
pub const MAX_MESSAGE_BYTES: usize = 1 << 20;

/// A Rules client on `channel`, with the message size limits.
pub fn rules(channel: Channel) -> RulesClient<Channel> {
    RulesClient::new(channel).max_decoding_message_size(MAX_MESSAGE_BYTES).max_encoding_message_size(MAX_MESSAGE_BYTES)
}

/// Calls `path` (e.g. `/fray.v1.Rules/ApplyActionBatch`) on `channel` with `request`, a
/// message already encoded (so that a call tried again sends the same bytes without
/// encoding them again), and decodes the answer as an `R`; the message size limits
/// are [`rules`]'.
pub async fn call_encoded<R: prost::Message + Default + Send + 'static>(
    channel: Channel,
    path: &'static str,
    request: bytes::Bytes,
) -> Result<R, tonic::Status> {
    let mut grpc = tonic::client::Grpc::new(channel)
        .max_decoding_message_size(MAX_MESSAGE_BYTES)
        .max_encoding_message_size(MAX_MESSAGE_BYTES);
    // What the generated clients answer when the channel cannot take the call.
    grpc.ready().await.map_err(|e| tonic::Status::unknown(format!("Service was not ready: {e}")))?;
    let path = http::uri::PathAndQuery::from_static(path);
    let codec = fray_proto::codec::EncodedRequests::default();
    grpc.unary(tonic::Request::new(request), path, codec).await.map(tonic::Response::into_inner)
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

/// A status as text: `CODE: message` (and `(aside)` after it, when the caller knows
/// what failed beneath the call, e.g. a TLS handshake in words), then one indented line
/// per `google.rpc.BadRequest` field violation (`path: description`). The server's
/// message lists the violations too: one that its message already says whole is not
/// said again, and several are listed one a line under the message's head
/// (`invalid request`) and its counts.
pub fn status_text(status: &tonic::Status, aside: Option<&str>) -> String {
    let violations: Vec<String> = status
        .get_details_bad_request()
        .map(|b| b.field_violations.iter().map(|v| format!("{}: {}", v.field, v.description)).collect())
        .unwrap_or_default();
    let message = status.message();
    let in_message = !violations.is_empty() && violations.iter().all(|v| message.contains(v.as_str()));
    let (head, listed): (String, &[String]) = match violations.as_slice() {
        [_] if in_message => (message.to_owned(), &[]),
        [first, .., last] if in_message => {
            let start = message.find(first.as_str()).unwrap_or(0);
            let end = message.rfind(last.as_str()).map_or(message.len(), |i| i + last.len());
            let head = message[..start].trim_end_matches([' ', ':']);
            (format!("{head}{}", &message[end..]), &violations)
        }
        _ => (message.to_owned(), &violations),
    };
    let mut out = format!("{}: {head}", code_name(status.code()));
    if let Some(aside) = aside {
        let _ = write!(out, " ({aside})");
    }
    for v in listed {
        // Writing to a String cannot fail.
        let _ = write!(out, "\n  {v}");
    }
    out
}
