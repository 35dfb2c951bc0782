//! Both services over one transport, and the case sent to every RPC
//! ([`Api::exercise`]).

use std::future::Future;
use std::time::Duration;

use fray_core::Ruleset;
use fray_proto::fray::v1 as pb;
use pb::agent_client::AgentClient;
use pb::rules_client::RulesClient;
use tonic::codegen::{Body, Bytes, StdError, tokio_stream};
use tonic::{Code, Status};

use crate::statuses::{BatchResult as _, as_item};

use super::case::Case;
use super::mutation::mutate;
use super::requests::{choices, strike, to_move};
use super::served::{new_game_rulesets, new_game_scenarios};
use super::verdict::{Answer, agree, clear, code, zone_refused};

/// Awaits `call` for at most `limit`; no answer in time is a hang.
async fn within<R>(
    rpc: &str,
    limit: Duration,
    call: impl Future<Output = Result<tonic::Response<R>, Status>>,
) -> Result<Result<R, Status>, String> {
    match tokio::time::timeout(limit, call).await {
        Ok(answer) => Ok(answer.map(tonic::Response::into_inner)),
        Err(_) => Err(format!("{rpc} did not answer within {limit:?}")),
    }
}

/// Both services over one transport: a tonic channel, or the servers in-process.
pub struct Api<T> {
    /// The Rules client.
    pub rules: RulesClient<T>,
    /// The Agent client.
    pub agent: AgentClient<T>,
    /// How long one call may take.
    pub limit: Duration,
}

impl<T> Api<T>
where
    T: tonic::client::GrpcService<tonic::body::Body> + Clone,
    T::Error: Into<StdError>,
    T::ResponseBody: Body<Data = Bytes> + Send + 'static,
    <T::ResponseBody as Body>::Error: Into<StdError> + Send,
{
    /// Clients over `transport`, each call given at most `limit`.
    pub fn new(transport: T, limit: Duration) -> Self {
        Self { rules: RulesClient::new(transport.clone()), agent: AgentClient::new(transport), limit }
    }

    /// LegalActions on `state`; a clear status is `Ok(Err(status))`.
    async fn legal(&mut self, state: &pb::GameState) -> Result<Result<Vec<pb::Action>, Status>, String> {
        let request = pb::LegalActionsRequest { state: Some(state.clone()), ..Default::default() };
        let answer = within("LegalActions", self.limit, self.rules.legal_actions(request)).await?;
        if let Err(status) = &answer {
            clear("LegalActions", status, state.ruleset)?;
        }
        Ok(answer.map(|r| r.actions))
    }

    /// A state answered OK by `rpc` must load again.
    async fn reloads(&mut self, rpc: &str, state: Option<pb::GameState>) -> Result<(), String> {
        let Some(state) = state else { return Err(format!("{rpc} answered OK without a state")) };
        match self.legal(&state).await? {
            Ok(_) => Ok(()),
            Err(status) => Err(format!("the state {rpc} answered does not load again: {status:?}\n  state: {state:?}")),
        }
    }

    /// `request` answers in an ApplyActionBatch of one, and as a Play message, exactly as
    /// ApplyAction answered it (`applied`): the same state and events, or the same status.
    async fn same_in_a_batch_and_on_a_stream(
        &mut self,
        request: &pb::ApplyActionRequest,
        applied: &Result<pb::ApplyActionResponse, Status>,
    ) -> Result<(), String> {
        let batch = pb::ApplyActionBatchRequest { requests: vec![request.clone()] };
        let results = within("ApplyActionBatch", self.limit, self.rules.apply_action_batch(batch)).await?;
        let result = results.map_err(|s| format!("ApplyActionBatch refused a batch of one: {s:?}"))?.results;
        let expected = [pb::ApplyActionResult::from_unary(applied)];
        if result != expected {
            return Err(format!("ApplyActionBatch answered {result:?}, ApplyAction {applied:?}"));
        }
        let message =
            pb::PlayRequest { state: request.state.clone(), action: request.action.clone(), ..Default::default() };
        let answers = within("Play", self.limit, self.rules.play(tokio_stream::iter([message]))).await?;
        let mut answers = answers.map_err(|s| format!("Play refused to open: {s:?}"))?;
        let answer = tokio::time::timeout(self.limit, answers.message())
            .await
            .map_err(|_| format!("Play did not answer within {:?}", self.limit))?
            .map_err(|s| format!("Play ended with {s:?} instead of answering"))?
            .ok_or("Play ended without answering")?;
        let same = match applied {
            Ok(r) => answer.status.is_none() && answer.state == r.state && answer.events == r.events,
            Err(s) => {
                answer.status.as_ref() == Some(&as_item(s)) && answer.state.is_none() && answer.legal_actions.is_empty()
            }
        };
        if !same {
            return Err(format!("Play answered {answer:?}, ApplyAction {applied:?}"));
        }
        Ok(())
    }

    /// Sends the case's mutated state to every RPC and checks every answer. The error
    /// says which RPC broke the property, with the mutations applied.
    pub async fn exercise(&mut self, case: &Case) -> Result<Vec<Answer>, String> {
        let (base, base_legal) = case.origin.play();
        let mut state = base.clone();
        let mut applied = Vec::new();
        for &m in &case.mutations {
            if let Some(what) = mutate(&mut state, m) {
                applied.push(what);
            }
        }
        self.exercise_state(case, &base, &base_legal, &state)
            .await
            .map_err(|e| format!("{e}\n  mutations: {applied:?}\n  origin: {:?}", case.origin))
    }

    async fn exercise_state(
        &mut self,
        case: &Case,
        base: &pb::GameState,
        base_legal: &[pb::Action],
        state: &pb::GameState,
    ) -> Result<Vec<Answer>, String> {
        let ruleset = state.ruleset;
        let mut answers = Vec::new();

        // LegalActions: whether the state loads at all.
        let legal = self.legal(state).await?;
        answers.push(("LegalActions", code(&legal)));
        let accepted = legal.as_ref().ok();

        // ApplyAction with one of the unmutated state's legal actions.
        let action = base_legal.get(case.action.checked_rem(base_legal.len()).unwrap_or(0)).cloned();
        let action = action.unwrap_or(pb::Action {
            action: Some(pb::action::Action::EndPhase(pb::EndPhase {})),
            ..Default::default()
        });
        let request = pb::ApplyActionRequest { state: Some(state.clone()), action: Some(action), ..Default::default() };
        let applied = within("ApplyAction", self.limit, self.rules.apply_action(request.clone())).await?;
        answers.push(("ApplyAction", code(&applied)));
        agree("ApplyAction", accepted.is_some(), &applied)?;
        self.same_in_a_batch_and_on_a_stream(&request, &applied).await?;
        match applied {
            Ok(r) => self.reloads("ApplyAction", r.state).await?,
            Err(s) => clear("ApplyAction", &s, ruleset)?,
        }

        // ResolveStrike: one of the unmutated state's legal strikes, or another attacker
        // (see `Case::attacker`), dressed as `Case::dress` says.
        let strike = strike(case, base, base_legal);
        let choices = choices(case, base, &strike);
        let zoned = ruleset == Ruleset::Keyforge.wire() && strike.target.is_some();
        let request = pb::ResolveStrikeRequest {
            state: Some(state.clone()),
            strike: Some(strike),
            choices,
            ..Default::default()
        };
        let resolved = within("ResolveStrike", self.limit, self.rules.resolve_strike(request.clone())).await?;
        answers.push(("ResolveStrike", code(&resolved)));
        agree("ResolveStrike", accepted.is_some(), &resolved)?;
        let batch = pb::ResolveStrikeBatchRequest { requests: vec![request] };
        let results = within("ResolveStrikeBatch", self.limit, self.rules.resolve_strike_batch(batch)).await?;
        let result = results.map_err(|s| format!("ResolveStrikeBatch refused a batch of one: {s:?}"))?.results;
        let expected = [pb::ResolveStrikeResult::from_unary(&resolved)];
        if result != expected {
            return Err(format!("ResolveStrikeBatch answered {result:?}, ResolveStrike {resolved:?}"));
        }
        if zoned {
            zone_refused(&resolved, accepted.is_some())?;
        }
        match resolved {
            Ok(r) => self.reloads("ResolveStrike", r.state).await?,
            Err(s) => clear("ResolveStrike", &s, ruleset)?,
        }

        // ChooseAction with a small budget.
        let mover = to_move(state);
        let player = match case.player {
            0..=5 => mover.unwrap_or(0),
            6 => 1 - mover.unwrap_or(0).min(1),
            _ => u32::MAX,
        };
        let request = pb::ChooseActionRequest {
            state: Some(state.clone()),
            player,
            budget: Some(pb::SearchBudget { playouts: 30, time_ms: 0, ..Default::default() }),
            seed: case.seed,
            ..Default::default()
        };
        let chosen = within("ChooseAction", self.limit, self.agent.choose_action(request)).await?;
        answers.push(("ChooseAction", code(&chosen)));
        agree("ChooseAction", accepted.is_some(), &chosen)?;
        match (chosen, accepted) {
            (Ok(r), Some(legal)) => {
                let Some(action) = r.action else { return Err("ChooseAction answered OK without an action".into()) };
                if !legal.contains(&action) {
                    return Err(format!("ChooseAction chose {action:?}, which LegalActions does not list"));
                }
                let request =
                    pb::ApplyActionRequest { state: Some(state.clone()), action: Some(action), ..Default::default() };
                match within("ApplyAction", self.limit, self.rules.apply_action(request)).await? {
                    Ok(r) => self.reloads("ApplyAction of the chosen action", r.state).await?,
                    Err(s) => return Err(format!("the chosen action does not apply: {s:?}")),
                }
            }
            (Ok(_), None) => return Err("ChooseAction accepted a state LegalActions rejects".into()),
            (Err(s), accepted) => {
                clear("ChooseAction", &s, ruleset)?;
                match accepted {
                    Some(legal) if legal.is_empty() && s.code() != Code::FailedPrecondition => {
                        return Err(format!("ChooseAction with no legal action answered {s:?}"));
                    }
                    Some(legal) if !legal.is_empty() && Some(player) == mover => {
                        return Err(format!("ChooseAction for the player to move refused: {s:?}"));
                    }
                    _ => {}
                }
            }
        }

        // NewGame with odd arguments.
        let (r, seed, s) = case.new_game;
        let rulesets = new_game_rulesets();
        let ruleset = rulesets[r % rulesets.len()];
        let names = new_game_scenarios();
        let request =
            pb::NewGameRequest { ruleset, seed, scenario: names[s % names.len()].to_owned(), ..Default::default() };
        let game = within("NewGame", self.limit, self.rules.new_game(request)).await?;
        answers.push(("NewGame", code(&game)));
        match game {
            Ok(g) => self.reloads("NewGame", g.state).await?,
            Err(s) => clear("NewGame", &s, ruleset)?,
        }

        // ListRulesets.
        let listed = within("ListRulesets", self.limit, self.rules.list_rulesets(pb::ListRulesetsRequest {})).await?;
        answers.push(("ListRulesets", code(&listed)));
        match listed {
            Ok(r) if !r.rulesets.is_empty() => {}
            other => return Err(format!("ListRulesets answered {other:?}")),
        }
        Ok(answers)
    }
}
