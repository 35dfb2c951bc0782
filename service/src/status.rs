//! How core errors answer on the wire (docs/api.md, "Errors").
//!
//! - Malformed input ([`SetupError::Invalid`], [`ActionError::Invalid`]):
//!   `INVALID_ARGUMENT` with a `google.rpc.BadRequest` detail, one field violation per
//!   core violation, paths relative to the request (`state.creatures[2].zone.index`,
//!   `strike.attacker`, `choices[0]`, `action.choice.option`). The message lists them
//!   in plain words too.
//! - A well-formed action the rules refuse ([`ActionError::Illegal`]):
//!   `FAILED_PRECONDITION` whose message starts with the rule id, plus a
//!   `google.rpc.ErrorInfo` detail with `reason` = the rule id and domain `fray.v1`.
//! - A ruleset the core knows but does not serve ([`SetupError::Unsupported`], none
//!   today; an unknown ruleset number or another ruleset's action kind is a violation):
//!   `UNIMPLEMENTED`.
//! - A bug (a handler or a search panicked): `INTERNAL`, logged at error level with
//!   the request ([`bug`]); the answer carries no internal detail.

use std::any::Any;
use std::fmt::Debug;

use fray_core::{ActionError, IllegalAction, SetupError, Violations};
use fray_proto::fray::v1 as pb;
use prost::Message as _;
use tonic::{Code, Status};
use tonic_types::{ErrorDetails, FieldViolation, StatusExt};
use tracing::error;

use crate::status_size;

/// The `ErrorInfo.domain` of rule refusals.
pub const ERROR_DOMAIN: &str = "fray.v1";

/// At most this many violations are listed in the status message; the BadRequest
/// detail carries them all up to [`MAX_DETAIL_VIOLATIONS`].
const MAX_MESSAGE_VIOLATIONS: usize = 10;

pub use crate::status_size::MAX_DETAIL_VIOLATIONS;

/// `INVALID_ARGUMENT` for malformed input; `violations` already carry full request
/// paths. The message and the details stay within [`crate::status_size`]'s bounds;
/// the message counts the violations it does not list.
pub fn invalid_argument(violations: &Violations) -> Status {
    let (message, fields) = status_size::bad_request(&violations.0, violations.total(), MAX_MESSAGE_VIOLATIONS);
    let fields: Vec<FieldViolation> = fields.into_iter().map(|(f, d)| FieldViolation::new(f, d)).collect();
    Status::with_error_details(Code::InvalidArgument, message, ErrorDetails::with_bad_request(fields))
}

/// `INVALID_ARGUMENT` for one missing or malformed request field.
pub fn invalid_field(field: &str, description: &str) -> Status {
    let mut v = Violations::default();
    v.push(field, description);
    invalid_argument(&v)
}

/// `FAILED_PRECONDITION` naming the rule the action breaks.
pub fn illegal(e: &IllegalAction) -> Status {
    let details = ErrorDetails::with_error_info(e.rule, ERROR_DOMAIN, std::collections::HashMap::new());
    let message = status_size::cut(&format!("{}: {}", e.rule, e.message), status_size::MAX_MESSAGE_BYTES);
    Status::with_error_details(Code::FailedPrecondition, message, details)
}

/// `UNIMPLEMENTED` for something this server does not serve yet.
pub fn unimplemented(what: &str) -> Status {
    Status::unimplemented(format!("{what} is not served yet by this server"))
}

/// `INTERNAL` for a bug: `rpc`'s handler, or work it ran, panicked with `panic`. The
/// panic's text and `request` are logged at error level, so that the bug can be
/// reproduced; the client is told only that it was an internal error.
pub fn bug(rpc: &'static str, panic: &(dyn Any + Send), request: &dyn Debug) -> Status {
    let text = panic
        .downcast_ref::<&str>()
        .map(|s| (*s).to_owned())
        .or_else(|| panic.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "(no message)".to_owned());
    error!(rpc, panic = %text, ?request, "the handler panicked: this is a bug");
    Status::internal(format!("{rpc} failed on an internal error; the server logged it"))
}

/// `status` as one item's status in a batch's result or a stream's answer: its code,
/// its message and the details the unary call would have carried. tonic keeps the
/// details as an encoded `google.rpc.Status`, whose shape `ItemStatus` has (the same
/// field numbers and types), so they decode into it as they are.
pub fn item_status(status: &Status) -> pb::ItemStatus {
    let details = if status.details().is_empty() {
        Vec::new()
    } else {
        // Fray's own statuses always decode; should one not, the code and the message
        // still say what happened.
        pb::ItemStatus::decode(status.details()).map(|s| s.details).unwrap_or_default()
    };
    pb::ItemStatus { code: status.code() as i32, message: status.message().to_owned(), details }
}

/// The status a client reads from one item of a batch or a stream's answer: what the
/// unary call would have answered, details included ([`item_status`] the other way;
/// the item is itself an encoded `google.rpc.Status`).
pub fn from_item_status(item: &pb::ItemStatus) -> Status {
    let code = Code::from_i32(item.code);
    if item.details.is_empty() {
        Status::new(code, item.message.clone())
    } else {
        Status::with_details(code, item.message.clone(), item.encode_to_vec().into())
    }
}

/// The status for a state the core refused to load (paths get the `state.` prefix).
pub fn setup_error(e: &SetupError) -> Status {
    match e {
        SetupError::Invalid(v) => invalid_argument(&v.clone().prefixed("state")),
        SetupError::Unsupported(what) => unimplemented(what),
        SetupError::Data(why) => Status::internal(why.clone()),
    }
}

/// The status for an action the core refused (paths are already request paths).
pub fn action_error(e: &ActionError) -> Status {
    match e {
        ActionError::Invalid(v) => invalid_argument(v),
        ActionError::Illegal(i) => illegal(i),
        ActionError::Unsupported(what) => unimplemented(what),
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    fn fields(status: &Status) -> Vec<String> {
        status
            .get_error_details()
            .bad_request()
            .map_or_else(Vec::new, |b| b.field_violations.iter().map(|f| f.field.clone()).collect())
    }

    #[test]
    fn setup_violations_are_prefixed_with_state() {
        let mut v = Violations::default();
        v.push("creatures[2].zone.index", "zone index 9 is out of range 0..4");
        v.push("ruleset", "is required");
        let status = setup_error(&SetupError::Invalid(v));
        assert_eq!(status.code(), Code::InvalidArgument);
        assert_eq!(fields(&status), ["state.creatures[2].zone.index", "state.ruleset"]);
        assert!(status.message().contains("state.creatures[2].zone.index: zone index 9 is out of range 0..4"));
        assert!(status.message().contains("state.ruleset: is required"));
    }

    #[test]
    fn action_violations_keep_their_paths() {
        let mut v = Violations::default();
        v.push("strike.attacker", "no creature with id \"x\" is on the field");
        let status = action_error(&ActionError::Invalid(v));
        assert_eq!(status.code(), Code::InvalidArgument);
        assert_eq!(fields(&status), ["strike.attacker"]);
    }

    #[test]
    fn illegal_actions_name_the_rule() {
        let e = IllegalAction::new("egame.strike.target", "knight's arrows do not reach zone 1:0");
        let status = action_error(&ActionError::Illegal(e));
        assert_eq!(status.code(), Code::FailedPrecondition);
        assert_eq!(status.message(), "egame.strike.target: knight's arrows do not reach zone 1:0");
        let details = status.get_error_details();
        let info = details.error_info().unwrap();
        assert_eq!((info.reason.as_str(), info.domain.as_str()), ("egame.strike.target", "fray.v1"));
    }

    #[test]
    fn unsupported_is_unimplemented() {
        let status = setup_error(&SetupError::Unsupported("RULESET_SOME_GAME"));
        assert_eq!(status.code(), Code::Unimplemented);
        assert!(status.message().contains("RULESET_SOME_GAME"));
        assert_eq!(action_error(&ActionError::Unsupported("summon")).code(), Code::Unimplemented);
    }

    #[test]
    fn a_bug_answers_internal_without_the_panic_text() {
        let panic: Box<dyn Any + Send> = Box::new(String::from("index out of bounds: the len is 0"));
        let status = bug("ChooseAction", &*panic, &"the request");
        assert_eq!(status.code(), Code::Internal);
        assert_eq!(status.message(), "ChooseAction failed on an internal error; the server logged it");
    }

    #[test]
    fn an_item_status_carries_the_code_message_and_details_of_the_call_status_both_ways() {
        let mut v = Violations::default();
        v.push("state.creatures[1].zone.index", "zone index 7 is out of range 0..4");
        let call = invalid_argument(&v);
        let item = item_status(&call);
        assert_eq!(item.code, Code::InvalidArgument as i32);
        assert_eq!(item.message, call.message());
        // Its bytes are a google.rpc.Status, which tonic-types reads back.
        let back = from_item_status(&item);
        assert_eq!((back.code(), back.message()), (Code::InvalidArgument, call.message()));
        assert_eq!(fields(&back), ["state.creatures[1].zone.index"]);
        let rule = item_status(&illegal(&IllegalAction::new("egame.strike.target", "out of reach")));
        assert_eq!(rule.details.len(), 1);
        assert_eq!(rule.details[0].type_url, "type.googleapis.com/google.rpc.ErrorInfo");
        let info = from_item_status(&rule).get_error_details().error_info().cloned().unwrap();
        assert_eq!(info.reason, "egame.strike.target");
        let bare = item_status(&unimplemented("RULESET_SOME_GAME"));
        assert_eq!((bare.code, bare.details.len()), (Code::Unimplemented as i32, 0));
        let back = from_item_status(&bare);
        assert_eq!((back.code(), back.details().is_empty()), (Code::Unimplemented, true));
    }

    #[test]
    fn huge_violation_lists_are_capped() {
        let mut v = Violations::default();
        for i in 0..500 {
            v.push(format!("creatures[{i}].id"), "is required");
        }
        let status = invalid_argument(&v);
        assert_eq!(fields(&status).len(), MAX_DETAIL_VIOLATIONS);
        assert!(status.message().ends_with("(and 490 more); the details list 100 of the 500"), "{status:?}");
    }
}
