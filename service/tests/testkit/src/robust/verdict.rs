//! What counts as an answer: a result or a clear status, every RPC loading a state as
//! LegalActions does.

use tonic::{Code, Status};
use tonic_types::StatusExt;

use super::served::{undealt, unserved};

/// Ok when `status` is a clear answer about a request for `ruleset`: INVALID_ARGUMENT
/// with a BadRequest detail naming fields, FAILED_PRECONDITION whose ErrorInfo names
/// the rule its message starts with, or UNIMPLEMENTED for a ruleset not served yet (for
/// NewGame: whose skirmish is not dealt yet).
pub fn clear(rpc: &str, status: &Status, ruleset: i32) -> Result<(), String> {
    let unclear = |why: &str| Err(format!("{rpc} answered {:?} {:?}: {why}", status.code(), status.message()));
    let details = status.get_error_details();
    match status.code() {
        Code::InvalidArgument => match details.bad_request() {
            Some(b) if !b.field_violations.is_empty() => Ok(()),
            _ => unclear("INVALID_ARGUMENT without a BadRequest field violation"),
        },
        Code::FailedPrecondition => match details.error_info() {
            Some(info)
                if info.domain == "fray.v1"
                    && !info.reason.is_empty()
                    && status.message().starts_with(&format!("{}: ", info.reason)) =>
            {
                Ok(())
            }
            _ => unclear("FAILED_PRECONDITION without an ErrorInfo naming the rule"),
        },
        Code::Unimplemented if unserved(ruleset) => Ok(()),
        Code::Unimplemented if rpc == "NewGame" && undealt(ruleset) => Ok(()),
        _ => unclear("not a clear status"),
    }
}

/// The answer's code (`OK` for a result).
pub fn code<T>(answer: &Result<T, Status>) -> Code {
    answer.as_ref().map_or_else(Status::code, |_| Code::Ok)
}

/// True when `status` rejects the request's state (INVALID_ARGUMENT naming a `state`
/// field).
fn rejects_state(status: &Status) -> bool {
    status.code() == Code::InvalidArgument
        && status
            .get_error_details()
            .bad_request()
            .is_some_and(|b| b.field_violations.iter().any(|v| v.field == "state" || v.field.starts_with("state.")))
}

/// Every RPC that takes a state loads it the same way: `rpc` accepts the state exactly
/// when LegalActions did.
pub(super) fn agree<T>(rpc: &str, accepted: bool, answer: &Result<T, Status>) -> Result<(), String> {
    match answer {
        Ok(_) if !accepted => Err(format!("{rpc} accepted a state LegalActions rejects")),
        Err(s) if accepted && rejects_state(s) => Err(format!("{rpc} rejected a state LegalActions accepts: {s:?}")),
        _ => Ok(()),
    }
}

/// What one RPC answered, for tallies.
pub type Answer = (&'static str, Code);

/// On a KeyForge state a strike naming a `target` zone is refused: INVALID_ARGUMENT,
/// naming `strike.target` when the state itself loads.
pub(super) fn zone_refused<T>(answer: &Result<T, Status>, loads: bool) -> Result<(), String> {
    let names_target = |s: &Status| {
        let details = s.get_error_details();
        details.bad_request().is_some_and(|b| b.field_violations.iter().any(|v| v.field == "strike.target"))
    };
    match answer {
        Err(s) if s.code() == Code::InvalidArgument && (!loads || names_target(s)) => Ok(()),
        Err(s) => Err(format!("ResolveStrike of a KeyForge fight with a target zone answered {s:?}")),
        Ok(_) => Err("ResolveStrike accepted a KeyForge fight with a target zone".to_owned()),
    }
}
