//! The `fray.v1.Rules` service: stateless resolution of submitted states.
//!
//! Every handler validates the whole request before it changes anything, so a
//! rejected request answers an error and no state. Errors map as [`crate::status`]
//! says.

use std::fmt::Debug;
use std::panic::{AssertUnwindSafe, catch_unwind};

use fray_core::setup::ChoiceSetup;
use fray_core::{GameState, SetupError, StateSetup};
use fray_proto::fray::v1 as pb;
use pb::rules_server::Rules;
use tonic::{Request, Response, Status};
use tracing::debug;

use crate::gate::Gate;
use crate::{convert, status};

/// The Rules service. It keeps nothing between calls.
#[derive(Debug, Clone, Default)]
pub struct RulesService {
    gate: Gate,
}

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
fn rejected(rpc: &'static str, status: Status) -> Status {
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
struct StrikeInput {
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

/// An ApplyAction request as plain input (the action is read once the state's ruleset
/// is known).
#[derive(Debug)]
struct ActionInput {
    state: Option<StateInput>,
    action: Option<pb::Action>,
}

impl From<pb::ApplyActionRequest> for ActionInput {
    fn from(req: pb::ApplyActionRequest) -> Self {
        Self { state: req.state.map(StateInput::new), action: req.action }
    }
}

impl RulesService {
    /// A Rules service whose calls in flight `gate` counts.
    pub fn new(gate: Gate) -> Self {
        Self { gate }
    }

    /// Runs `handler` for `rpc` on the request's `input`, within the RPC's concurrency
    /// limit.
    fn call<Q, I: Debug, R>(
        &self,
        rpc: &'static str,
        request: Request<Q>,
        input: impl FnOnce(Q) -> I,
        handler: impl FnOnce(&I) -> Result<R, Status>,
    ) -> Result<Response<R>, Status> {
        let _slot = self.gate.enter(rpc).map_err(|s| rejected(rpc, s))?;
        guarded(rpc, request.into_inner(), input, handler).map(Response::new)
    }

    fn resolve_strike_inner(input: &StrikeInput) -> Result<pb::ResolveStrikeResponse, Status> {
        let mut game = load(input.state.as_ref())?;
        let Some(strike) = &input.strike else {
            return Err(status::invalid_field("strike", "is required"));
        };
        let strike = convert::strike_to_setup(game.ruleset(), strike);
        let events =
            convert::resolve_strike(&mut game, &strike, &input.choices).map_err(|e| status::action_error(&e))?;
        debug!(
            rpc = "ResolveStrike",
            ruleset = %game.ruleset(),
            choices = input.choices.len(),
            events = events.len(),
            "strike resolved"
        );
        Ok(pb::ResolveStrikeResponse {
            state: Some(convert::state_from_setup(game.to_setup())),
            events: convert::events_to_proto(&events),
        })
    }

    fn apply_action_inner(input: &ActionInput) -> Result<pb::ApplyActionResponse, Status> {
        let mut game = load(input.state.as_ref())?;
        let action = convert::action_to_setup(game.ruleset(), input.action.as_ref())
            .map_err(|v| status::invalid_argument(&v.prefixed("action")))?;
        let events = convert::apply_action(&mut game, &action, "action").map_err(|e| status::action_error(&e))?;
        debug!(rpc = "ApplyAction", ruleset = %game.ruleset(), events = events.len(), "action applied");
        Ok(pb::ApplyActionResponse {
            state: Some(convert::state_from_setup(game.to_setup())),
            events: convert::events_to_proto(&events),
        })
    }

    fn legal_actions_inner(state: &Option<StateInput>) -> Result<pb::LegalActionsResponse, Status> {
        let game = load(state.as_ref())?;
        let actions: Vec<_> = game.legal_actions().iter().map(convert::action_from_setup).collect();
        debug!(rpc = "LegalActions", ruleset = %game.ruleset(), actions = actions.len(), "legal actions listed");
        Ok(pb::LegalActionsResponse { actions })
    }

    fn new_game_inner(req: &pb::NewGameRequest) -> Result<pb::NewGameResponse, Status> {
        crate::observe::record_ruleset(req.ruleset);
        match GameState::new_game(req.ruleset, req.seed, &req.scenario) {
            Ok((game, events)) => {
                debug!(rpc = "NewGame", ruleset = %game.ruleset(), seed = req.seed, scenario = %req.scenario, "game started");
                Ok(pb::NewGameResponse {
                    state: Some(convert::state_from_setup(game.to_setup())),
                    events: convert::events_to_proto(&events),
                })
            }
            // NewGame's fields are top-level: no `state.` prefix on the paths.
            Err(SetupError::Invalid(v)) => Err(status::invalid_argument(&v)),
            Err(e) => Err(status::setup_error(&e)),
        }
    }

    fn list_rulesets_inner(_: &pb::ListRulesetsRequest) -> Result<pb::ListRulesetsResponse, Status> {
        let rulesets: Vec<_> = fray_core::rulesets::catalogue().iter().map(convert::ruleset_info_to_proto).collect();
        debug!(rpc = "ListRulesets", rulesets = rulesets.len(), "rulesets listed");
        Ok(pb::ListRulesetsResponse { rulesets })
    }
}

#[tonic::async_trait]
impl Rules for RulesService {
    async fn resolve_strike(
        &self,
        request: Request<pb::ResolveStrikeRequest>,
    ) -> Result<Response<pb::ResolveStrikeResponse>, Status> {
        self.call("ResolveStrike", request, StrikeInput::from, Self::resolve_strike_inner)
    }

    async fn legal_actions(
        &self,
        request: Request<pb::LegalActionsRequest>,
    ) -> Result<Response<pb::LegalActionsResponse>, Status> {
        self.call("LegalActions", request, |req| req.state.map(StateInput::new), Self::legal_actions_inner)
    }

    async fn apply_action(
        &self,
        request: Request<pb::ApplyActionRequest>,
    ) -> Result<Response<pb::ApplyActionResponse>, Status> {
        self.call("ApplyAction", request, ActionInput::from, Self::apply_action_inner)
    }

    async fn new_game(&self, request: Request<pb::NewGameRequest>) -> Result<Response<pb::NewGameResponse>, Status> {
        self.call("NewGame", request, |req| req, Self::new_game_inner)
    }

    async fn list_rulesets(
        &self,
        request: Request<pb::ListRulesetsRequest>,
    ) -> Result<Response<pb::ListRulesetsResponse>, Status> {
        self.call("ListRulesets", request, |req| req, Self::list_rulesets_inner)
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

    #[test]
    fn a_handler_that_answers_is_passed_through() {
        let ok =
            guarded("ListRulesets", pb::ListRulesetsRequest {}, |req| req, RulesService::list_rulesets_inner).unwrap();
        assert!(!ok.rulesets.is_empty());
        let refused = guarded("LegalActions", None, |state| state, RulesService::legal_actions_inner);
        assert_eq!(refused.unwrap_err().code(), tonic::Code::InvalidArgument);
    }
}
