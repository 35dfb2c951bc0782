//! What the Rules RPCs do with one request: take it apart into plain input (its strings
//! moved, not copied), load its state, and answer it, with a panic answered INTERNAL
//! ([`guarded`]). The unary handlers ([`crate::rules`]), each item of a batch
//! ([`crate::batch`]) and each message of a Play stream ([`crate::play`]) go through
//! these same functions, so a board is resolved one way whichever RPC carries it.

use std::fmt::Debug;
use std::panic::{AssertUnwindSafe, catch_unwind};

use fray_core::setup::ChoiceSetup;
use fray_core::{Event, GameState, SetupError, StateSetup};
use fray_proto::fray::v1 as pb;
use tonic::Status;
use tracing::debug;

use crate::{convert, status};

/// A request's state as plain input: its ruleset's wire number, and that ruleset's own
/// input with the wire fields it refuses (or why the ruleset cannot be served).
#[derive(Debug)]
pub(crate) struct StateInput {
    ruleset: i32,
    setup: Result<convert::Submitted<StateSetup>, SetupError>,
}

impl StateInput {
    /// The message's state as plain input (its strings move).
    pub(crate) fn new(state: pb::GameState) -> Self {
        Self { ruleset: state.ruleset, setup: convert::state_to_setup(state) }
    }
}

/// Loads a request's state, as plain input, into a validated core state.
pub(crate) fn load(state: Option<&StateInput>) -> Result<GameState, Status> {
    let Some(state) = state else {
        return Err(status::invalid_field("state", "is required"));
    };
    crate::observe::record_ruleset(state.ruleset);
    let setup = state.setup.as_ref().map_err(status::setup_error)?;
    convert::load_state(setup).map_err(|e| status::setup_error(&e))
}

/// Logs a rejected call at debug level and passes the status on.
pub(crate) fn rejected(rpc: &'static str, status: Status) -> Status {
    debug!(rpc, code = ?status.code(), message = status.message(), "request rejected");
    status
}

/// Takes `request` apart into the handler's `input` (the plain data it carries, moved
/// out of the message rather than copied) and runs `handler` on it; a refusal is
/// logged at debug level. A panic there is a bug: it answers INTERNAL and is logged
/// with the input, which holds everything the request did ([`status::bug`]), rather
/// than resetting the stream (which clients see as CANCELLED, with nothing in the
/// server's log).
pub(crate) fn guarded<Q, I: Debug, R>(
    rpc: &'static str,
    request: Q,
    input: impl FnOnce(Q) -> I,
    handler: impl FnOnce(&I) -> Result<R, Status>,
) -> Result<R, Status> {
    let mut kept: Option<I> = None;
    match catch_unwind(AssertUnwindSafe(|| handler(kept.insert(input(request))))) {
        Ok(answer) => answer.map_err(|s| rejected(rpc, s)),
        // `None` if taking the request apart is what panicked.
        Err(panic) => Err(status::bug(rpc, &*panic, &kept)),
    }
}

/// A ResolveStrike request as plain input (the strike is read once the state's
/// ruleset is known).
#[derive(Debug)]
pub(crate) struct StrikeInput {
    state: Option<StateInput>,
    strike: Option<pb::Strike>,
    choices: Vec<ChoiceSetup>,
}

impl From<pb::ResolveStrikeRequest> for StrikeInput {
    fn from(req: pb::ResolveStrikeRequest) -> Self {
        Self {
            state: req.state.map(StateInput::new),
            strike: req.strike,
            choices: req.choices.iter().map(convert::choice_to_setup).collect(),
        }
    }
}

/// An ApplyAction request (or a Play message) as plain input (the action is read once
/// the state's ruleset is known).
#[derive(Debug)]
pub(crate) struct ActionInput {
    pub(crate) state: Option<StateInput>,
    pub(crate) action: Option<pb::Action>,
}

impl From<pb::ApplyActionRequest> for ActionInput {
    fn from(req: pb::ApplyActionRequest) -> Self {
        Self { state: req.state.map(StateInput::new), action: req.action }
    }
}

/// Applies `input`'s action to its state: the state after it and what happened.
pub(crate) fn applied(input: &ActionInput) -> Result<(GameState, Vec<Event>), Status> {
    let mut game = load(input.state.as_ref())?;
    let action = convert::action_to_setup(game.ruleset(), input.action.as_ref())
        .map_err(|v| status::invalid_argument(&v.prefixed("action")))?;
    let events = convert::apply_action(&mut game, &action, "action").map_err(|e| status::action_error(&e))?;
    debug!(ruleset = %game.ruleset(), events = events.len(), "action applied");
    Ok((game, events))
}

/// Every action legal in `game`, in the core's stable order.
pub(crate) fn legal_actions(game: &GameState) -> Vec<pb::Action> {
    game.legal_actions().iter().map(convert::action_from_setup).collect()
}

/// ResolveStrike's answer to one request.
pub(crate) fn resolve_strike(input: &StrikeInput) -> Result<pb::ResolveStrikeResponse, Status> {
    let mut game = load(input.state.as_ref())?;
    let Some(strike) = &input.strike else {
        return Err(status::invalid_field("strike", "is required"));
    };
    let strike = convert::strike_to_setup(game.ruleset(), strike);
    let events = convert::resolve_strike(&mut game, &strike, &input.choices).map_err(|e| status::action_error(&e))?;
    debug!(ruleset = %game.ruleset(), choices = input.choices.len(), events = events.len(), "strike resolved");
    Ok(pb::ResolveStrikeResponse {
        state: Some(convert::state_from_setup(game.to_setup())),
        events: convert::events_to_proto(&events),
    })
}

/// ApplyAction's answer to one request.
pub(crate) fn apply_action(input: &ActionInput) -> Result<pb::ApplyActionResponse, Status> {
    let (game, events) = applied(input)?;
    Ok(pb::ApplyActionResponse {
        state: Some(convert::state_from_setup(game.to_setup())),
        events: convert::events_to_proto(&events),
    })
}

impl From<pb::PlayRequest> for ActionInput {
    fn from(message: pb::PlayRequest) -> Self {
        Self { state: message.state.map(StateInput::new), action: message.action }
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::panic)]
mod tests {
    use super::*;

    #[test]
    fn a_handler_that_panics_answers_internal_without_the_panic_text() {
        let answer: Result<(), Status> = guarded("LegalActions", "the request", |req| req, |_| panic!("boom"));
        let status = answer.unwrap_err();
        assert_eq!(status.code(), tonic::Code::Internal);
        assert_eq!(status.message(), "LegalActions failed on an internal error; the server logged it");
    }
}
