//! What a refusal says: the fields of an INVALID_ARGUMENT, the rule of a
//! FAILED_PRECONDITION.

use fray_proto::fray::v1 as pb;
use prost::Message as _;
use tonic::{Code, Status};
use tonic_types::StatusExt;

/// The BadRequest field paths of an INVALID_ARGUMENT status, in order.
pub fn bad_fields(status: &Status) -> Vec<String> {
    assert_eq!(status.code(), Code::InvalidArgument, "expected INVALID_ARGUMENT, got {status:?}");
    let details = status.get_error_details();
    let bad = details.bad_request().unwrap_or_else(|| panic!("no BadRequest detail in {status:?}"));
    bad.field_violations.iter().map(|v| v.field.clone()).collect()
}

/// The rule id of a FAILED_PRECONDITION status, checked against its ErrorInfo detail
/// and its message.
pub fn broken_rule(status: &Status) -> String {
    assert_eq!(status.code(), Code::FailedPrecondition, "expected FAILED_PRECONDITION, got {status:?}");
    let details = status.get_error_details();
    let info = details.error_info().unwrap_or_else(|| panic!("no ErrorInfo detail in {status:?}"));
    assert_eq!(info.domain, "fray.v1");
    assert!(status.message().starts_with(&format!("{}: ", info.reason)), "message {:?}", status.message());
    info.reason.clone()
}

/// A batch item's or a stream answer's status as the status of a call, for
/// [`bad_fields`] and [`broken_rule`] (its bytes are a `google.rpc.Status`).
pub fn from_item(item: &pb::ItemStatus) -> Status {
    Status::with_details(Code::from_i32(item.code), item.message.clone(), item.encode_to_vec().into())
}

/// What a call's status says as a batch item or a stream answer would carry it: the
/// code, the message and the details (decoded from the status's `google.rpc.Status`).
pub fn as_item(status: &Status) -> pb::ItemStatus {
    let details = pb::ItemStatus::decode(status.details()).unwrap().details;
    pb::ItemStatus { code: status.code() as i32, message: status.message().to_owned(), details }
}

/// A batch's result as the unary call's answer makes it.
pub trait BatchResult {
    /// The unary RPC's answer.
    type Response;
    /// The result a batch carries for a request the unary call answered `answer`.
    fn from_unary(answer: &Result<Self::Response, Status>) -> Self;
}

impl BatchResult for pb::ResolveStrikeResult {
    type Response = pb::ResolveStrikeResponse;

    fn from_unary(answer: &Result<Self::Response, Status>) -> Self {
        match answer {
            Ok(response) => Self { status: None, response: Some(response.clone()) },
            Err(status) => Self { status: Some(as_item(status)), response: None },
        }
    }
}

impl BatchResult for pb::ApplyActionResult {
    type Response = pb::ApplyActionResponse;

    fn from_unary(answer: &Result<Self::Response, Status>) -> Self {
        match answer {
            Ok(response) => Self { status: None, response: Some(response.clone()) },
            Err(status) => Self { status: Some(as_item(status)), response: None },
        }
    }
}
