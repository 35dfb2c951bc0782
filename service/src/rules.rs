//! The `fray.v1.Rules` service: stateless resolution of submitted states.
//!
//! Every handler validates the whole request before it changes anything, so a
//! rejected request answers an error and no state. Errors map as [`crate::status`]
//! says. What one request comes to is in [`crate::handlers`]; the batch RPCs
//! ([`crate::batch`]) and the Play stream ([`crate::play`]) run the same code once per
//! item.

use std::fmt::Debug;
use std::sync::Arc;

use fray_core::{GameState, SetupError};
use fray_proto::fray::v1 as pb;
use pb::rules_server::Rules;
use tonic::{Request, Response, Status, Streaming};
use tracing::debug;

use crate::gate::Gate;
use crate::handlers::{ActionInput, Held, Reader, StrikeInput, guarded, load, rejected};
use crate::idle::Stopping;
use crate::metrics::Metrics;
use crate::rules_limits::RulesLimits;
use crate::seal::Sealer;
use crate::words::Asked;
use crate::{batch, convert, handlers, play, status};

/// The Rules service. It keeps nothing between calls.
#[derive(Debug, Clone, Default)]
pub struct RulesService {
    gate: Gate,
    limits: RulesLimits,
    metrics: Metrics,
    stopping: Stopping,
    sealer: Arc<Sealer>,
}

impl RulesService {
    /// A Rules service whose calls in flight `gate` counts, its batches and streams
    /// held to `limits` and their items counted in `metrics`; its streams end when
    /// `stopping` is set (shutdown). It seals and opens states with `sealer`'s keys.
    pub fn new(gate: Gate, limits: RulesLimits, metrics: Metrics, stopping: Stopping, sealer: Arc<Sealer>) -> Self {
        Self { gate, limits, metrics, stopping, sealer }
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

    fn legal_actions_inner(state: &Held) -> Result<pb::LegalActionsResponse, Status> {
        let game = load(state)?;
        let actions = state.legal_actions(&game)?;
        debug!(rpc = "LegalActions", ruleset = %game.ruleset(), actions = actions.len(), "legal actions listed");
        Ok(pb::LegalActionsResponse { actions })
    }

    fn new_game_inner(req: &pb::NewGameRequest, sealer: &Arc<Sealer>) -> Result<pb::NewGameResponse, Status> {
        crate::observe::record_ruleset(req.ruleset);
        // A sealed game's deal is the client's seed mixed with a secret of the server's
        // and the seat (docs/api.md): the same request must not deal the same game plain.
        let seed = req.sealed_for.map_or(req.seed, |seat| sealer.deal_seed(req.seed, seat));
        match GameState::new_game(req.ruleset, seed, &req.scenario) {
            Ok((game, events)) => {
                debug!(rpc = "NewGame", ruleset = %game.ruleset(), seed = req.seed, scenario = %req.scenario, "game started");
                let reader = match req.sealed_for {
                    None => Reader::All,
                    Some(seat) => {
                        let players = game.num_players();
                        let seat = u8::try_from(seat).ok().filter(|&s| usize::from(s) < players).ok_or_else(|| {
                            status::invalid_field(
                                "sealed_for",
                                &format!("is seat {seat}, but this game has {players} seats (0 to {})", players - 1),
                            )
                        })?;
                        Reader::Seat { seat: fray_core::state::PlayerId(seat), sealer: Arc::clone(sealer) }
                    }
                };
                let asked = Asked::new(req.words.clone())?;
                let told = reader.tell(asked.as_ref(), None, &game, &events)?;
                Ok(pb::NewGameResponse {
                    state: told.state,
                    events: told.events,
                    view: told.view,
                    sealed_state: told.sealed,
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
        let sealer = &self.sealer;
        self.call("ResolveStrike", request, |req| StrikeInput::new(req, sealer), handlers::resolve_strike)
    }

    async fn legal_actions(
        &self,
        request: Request<pb::LegalActionsRequest>,
    ) -> Result<Response<pb::LegalActionsResponse>, Status> {
        let sealer = &self.sealer;
        let input = |req: pb::LegalActionsRequest| Held::new(req.state, req.sealed_state, req.words, sealer);
        self.call("LegalActions", request, input, Self::legal_actions_inner)
    }

    async fn apply_action(
        &self,
        request: Request<pb::ApplyActionRequest>,
    ) -> Result<Response<pb::ApplyActionResponse>, Status> {
        let sealer = &self.sealer;
        self.call("ApplyAction", request, |req| ActionInput::new(req, sealer), handlers::apply_action)
    }

    async fn new_game(&self, request: Request<pb::NewGameRequest>) -> Result<Response<pb::NewGameResponse>, Status> {
        self.call("NewGame", request, |req| req, |req| Self::new_game_inner(req, &self.sealer))
    }

    async fn list_rulesets(
        &self,
        request: Request<pb::ListRulesetsRequest>,
    ) -> Result<Response<pb::ListRulesetsResponse>, Status> {
        self.call("ListRulesets", request, |req| req, Self::list_rulesets_inner)
    }

    async fn resolve_strike_batch(
        &self,
        request: Request<pb::ResolveStrikeBatchRequest>,
    ) -> Result<Response<pb::ResolveStrikeBatchResponse>, Status> {
        const RPC: &str = "ResolveStrikeBatch";
        let _slot = self.gate.enter(RPC).map_err(|s| rejected(RPC, s))?;
        let requests = batch::within_limit(RPC, request.into_inner().requests, &self.limits)?;
        let input = |req| StrikeInput::new(req, &self.sealer);
        let results = batch::answer(RPC, requests, input, handlers::resolve_strike, &self.limits, &self.metrics)?;
        Ok(Response::new(pb::ResolveStrikeBatchResponse { results }))
    }

    async fn apply_action_batch(
        &self,
        request: Request<pb::ApplyActionBatchRequest>,
    ) -> Result<Response<pb::ApplyActionBatchResponse>, Status> {
        const RPC: &str = "ApplyActionBatch";
        let _slot = self.gate.enter(RPC).map_err(|s| rejected(RPC, s))?;
        let requests = batch::within_limit(RPC, request.into_inner().requests, &self.limits)?;
        let input = |req| ActionInput::new(req, &self.sealer);
        let results = batch::answer(RPC, requests, input, handlers::apply_action, &self.limits, &self.metrics)?;
        Ok(Response::new(pb::ApplyActionBatchResponse { results }))
    }

    type PlayStream = play::PlayAnswers;

    async fn play(&self, request: Request<Streaming<pb::PlayRequest>>) -> Result<Response<Self::PlayStream>, Status> {
        let slot = self.gate.enter(play::RPC).map_err(|s| rejected(play::RPC, s))?;
        let answers = play::PlayAnswers::new(
            request.into_inner(),
            slot,
            self.limits,
            &self.metrics,
            &self.stopping,
            Arc::clone(&self.sealer),
        );
        Ok(Response::new(answers))
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::panic)]
mod tests {
    use super::*;

    #[test]
    fn a_handler_that_answers_is_passed_through() {
        let ok =
            guarded("ListRulesets", pb::ListRulesetsRequest {}, |req| req, RulesService::list_rulesets_inner).unwrap();
        assert!(!ok.rulesets.is_empty());
        let refused = guarded("LegalActions", Held::plain(None), |state| state, RulesService::legal_actions_inner);
        assert_eq!(refused.unwrap_err().code(), tonic::Code::InvalidArgument);
    }
}
