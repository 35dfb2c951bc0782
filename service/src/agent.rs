//! The `fray.v1.Agent` service: a computer player. `ChooseAction` runs an MCTS
//! search (fray-ai, over the core in-process) for the player to move and answers the
//! chosen action with per-action statistics as the bot's explanation.
//!
//! Budgets are capped by the server ([`AgentLimits`]); an empty budget gets the
//! server's default, and the search time is never above the server's max time. A
//! call's deadline (`grpc-timeout`) can only shorten the search, so the answer comes
//! back before the caller gives up; a call that ends before its search (cancelled,
//! timed out) stops the search within a playout, as does the server stopping
//! ([`crate::search_stop`]). The lists a search touches are bounded first
//! ([`crate::search_sizes`]). The search uses the request's
//! seed: the same request gives the same answer when the budget is in playouts. The
//! budget's `mistake_share` has the bot err on purpose in that share of its decisions
//! (fray-ai's `MctsConfig::mistake_share`, the mistake drawn from the same seed): how a
//! client asks for a difficulty's weaker moves (`fray_ai::Difficulty::config`: any
//! other move the search visited, as the levels err).
//!
//! Threads: a search spreads its sampled worlds over up to [`AgentLimits::threads`]
//! threads (`--agent-threads`, default the cores) divided by the searches in flight,
//! at least one: alone on an idle server a normal search (2 worlds) takes both cores,
//! and concurrent searches take one each rather than oversubscribe. The thread count
//! changes the latency, never the answer (fray-ai's `mcts_bot`).
//!
//! On a state sealed for one seat ([`crate::seal`]), the Agent answers that seat as
//! on a plain state (the action and its statistics: a hint), and for any other seat to
//! move it makes that seat's move and answers it as the bound seat may see it (its view,
//! its events, the next sealed state), with no action and no statistics, which would
//! tell what the mover holds.
//!
//! A state with nothing to choose answers FAILED_PRECONDITION naming the rule:
//! [`rule::NO_LEGAL_ACTION`] (a bare board where no creature can strike) or
//! `egame.game_over`. INTERNAL is kept for bugs (a search that panicked), which are
//! logged at error level with the request's state; the panic's text is not sent.

use std::sync::Arc;
use std::time::Duration;

use fray_ai::{Bot, BotError, MctsBot, MctsConfig};
use fray_core::state::PlayerId;
use fray_core::{GameState, GameVisitor, IllegalAction, Voice};
use fray_proto::fray::v1 as pb;
use pb::agent_server::Agent;
use tokio::task::JoinError;
use tonic::{Request, Response, Status};
use tracing::{debug, error, warn};

use crate::gate::Gate;
use crate::handlers::{Reader, StateInput, apply, both_states, guarded, load_input, open};
use crate::seal::Sealer;
use crate::search_stop::{STOPPED, StopFlag, StopOnDrop, Stoppable};
use crate::words::Asked;
use crate::{convert, search_sizes, status};

/// Rule ids the Agent refuses with (FAILED_PRECONDITION + ErrorInfo).
pub mod rule {
    /// The request's `player` is not the one to move.
    pub const PLAYER_TO_MOVE: &str = "agent.player_to_move";
    /// No action is legal and the game is not over: a bare board (phase unset) where no
    /// face-up creature that has not acted reaches a zone.
    pub const NO_LEGAL_ACTION: &str = "agent.no_legal_action";
}

/// What one ChooseAction call may spend.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AgentLimits {
    /// Playouts when the request asks for none (and no time).
    pub default_playouts: u32,
    /// Playouts at most.
    pub max_playouts: u32,
    /// Search time at most.
    pub max_time: Duration,
    /// Threads one search may use when no other is in flight; the searches in flight
    /// share them (at least one each).
    pub threads: usize,
}

impl AgentLimits {
    /// The threads for one search while `in_flight` searches (this one included) run.
    pub fn threads_with(&self, in_flight: usize) -> u32 {
        u32::try_from((self.threads / in_flight.max(1)).max(1)).unwrap_or(u32::MAX)
    }
}

impl Default for AgentLimits {
    /// 1500 playouts by default (the `normal` difficulty's budget), 20 000 and 10 s at most;
    /// a search alone takes every core.
    fn default() -> Self {
        let cores = std::thread::available_parallelism().map_or(1, std::num::NonZero::get);
        Self { default_playouts: 1500, max_playouts: 20_000, max_time: Duration::from_secs(10), threads: cores }
    }
}

/// The Agent service. It keeps nothing between calls.
#[derive(Debug, Clone, Default)]
pub struct AgentService {
    limits: AgentLimits,
    gate: Gate,
    /// Set when the server stops: every search stops too.
    stopping: StopFlag,
    /// The server's keys, for requests that carry a sealed state.
    sealer: Arc<Sealer>,
}

impl AgentService {
    /// An agent with these limits, whose searches in flight `gate` counts, opening and
    /// sealing states with `sealer`'s keys.
    pub fn new(limits: AgentLimits, gate: Gate, sealer: Arc<Sealer>) -> Self {
        Self { limits, gate, stopping: StopFlag::default(), sealer }
    }

    /// The search settings for a requested budget within the limits and `deadline`.
    ///
    /// The search time is never above [`AgentLimits::max_time`], whatever the request
    /// asks for: a budget without a time gets the max time, and a deadline only ever
    /// shortens it (a one-hour `grpc-timeout` does not lengthen a search).
    pub fn config(&self, budget: Option<&pb::SearchBudget>, deadline: Option<Duration>) -> MctsConfig {
        let (playouts, time_ms) = budget.map_or((0, 0), |b| (b.playouts, b.time_ms));
        let playouts = match (playouts, time_ms) {
            (0, 0) => self.limits.default_playouts,
            (0, _) => self.limits.max_playouts,
            (n, _) => n.min(self.limits.max_playouts),
        };
        let asked = (time_ms > 0).then(|| Duration::from_millis(u64::from(time_ms)));
        let mut time = asked.map_or(self.limits.max_time, |t| t.min(self.limits.max_time));
        // Leave a margin for the answer's trip back.
        if let Some(d) = deadline {
            time = time.min(d.saturating_sub(d / 10).saturating_sub(Duration::from_millis(20)));
        }
        let mut config = MctsConfig::for_playouts(playouts);
        config.budget.time = Some(time);
        // Checked in [0, 1] before ([`check_budget`]); clamped all the same.
        config.mistake_share = budget.map_or(0.0, |b| b.mistake_share).clamp(0.0, 1.0);
        config
    }

    /// Sets the flag that stops every search in flight (and any started later): the
    /// server calls it when it stops, so no search outlives it.
    pub fn stop_searches(&self) {
        self.stopping.stop();
    }

    /// The flag [`AgentService::stop_searches`] sets, for the server to hold.
    pub fn stop_flag(&self) -> StopFlag {
        self.stopping.clone()
    }
}

/// Reads the `grpc-timeout` header: digits and a unit (H, M, S, m, u, n).
pub fn grpc_timeout<T>(request: &Request<T>) -> Option<Duration> {
    let raw = request.metadata().get("grpc-timeout")?.to_str().ok()?;
    let (digits, unit) = raw.split_at(raw.len().checked_sub(1)?);
    let n: u64 = digits.parse().ok()?;
    Some(match unit {
        "H" => Duration::from_secs(n.saturating_mul(3600)),
        "M" => Duration::from_secs(n.saturating_mul(60)),
        "S" => Duration::from_secs(n),
        "m" => Duration::from_millis(n),
        "u" => Duration::from_micros(n),
        "n" => Duration::from_nanos(n),
        _ => return None,
    })
}

/// Why there is nothing to choose in `state`: the game is over (the ruleset's rule),
/// or no action is legal.
fn nothing_to_choose(state: &GameState) -> IllegalAction {
    struct Why;
    impl GameVisitor for Why {
        type Output = IllegalAction;
        fn visit<G: fray_core::Registered>(self, game: &G) -> IllegalAction {
            if game.outcome().is_some() {
                IllegalAction::new(game.game_over_rule(), "the game is over: there is nothing to choose")
            } else {
                IllegalAction::new(
                    rule::NO_LEGAL_ACTION,
                    "no action is legal, so there is nothing to choose: on a bare board (phase unset) only \
                     strikes are legal (e:game: face-up creatures that have not acted and reach a zone), and \
                     there is none",
                )
            }
        }
    }
    state.visit(Why)
}

/// The search of one call, on whichever ruleset the state holds: the chosen action
/// and the per-action statistics, on the wire.
struct Search {
    config: MctsConfig,
    seed: u64,
    backend: Stoppable,
    /// The words to tell the actions in, when asked for.
    voice: Option<Voice>,
}

/// The chosen action and each root action's statistics.
type Searched = (pb::Action, Vec<pb::ActionStat>);

impl GameVisitor for Search {
    type Output = Result<Searched, BotError>;

    fn visit<G: fray_core::Registered>(self, state: &G) -> Self::Output {
        let decision = MctsBot::new(Arc::new(self.backend), self.config).choose(state, self.seed)?;
        let proto_action = |a| pb::Action {
            text: self.voice.as_ref().map(|v| state.action_words(a, v)).unwrap_or_default(),
            ..convert::action_from_setup(&G::wrap_action(state.action_setup(a)))
        };
        let stats = decision
            .stats
            .iter()
            .map(|s| pb::ActionStat {
                action: Some(proto_action(s.action)),
                visits: s.visits,
                mean_reward: s.mean_reward,
            })
            .collect();
        Ok((proto_action(decision.action), stats))
    }
}

/// A ChooseAction request made ready to search: the state, the player to move, whom
/// the answer is for and the words asked for.
struct Prepared {
    state: GameState,
    to_move: PlayerId,
    reader: Reader,
    words: Option<Asked>,
}

/// INVALID_ARGUMENT at `budget.mistake_share` when it is not a share (outside [0, 1],
/// or NaN).
fn check_budget(budget: Option<&pb::SearchBudget>) -> Result<(), Status> {
    match budget.map(|b| b.mistake_share) {
        Some(share) if !(0.0..=1.0).contains(&share) => Err(status::invalid_field(
            "budget.mistake_share",
            &format!("{share} is not a share of the decisions: it must be from 0 to 1"),
        )),
        _ => Ok(()),
    }
}

/// The state to search and the player to move, or why there is nothing to search.
fn prepare(req: &pb::ChooseActionRequest, sealer: &Arc<Sealer>) -> Result<Prepared, Status> {
    check_budget(req.budget.as_ref())?;
    // The request is kept for the search's settings, so its state is copied.
    let (state, reader) = match (&req.state, &req.sealed_state) {
        (Some(_), Some(_)) => return Err(both_states()),
        (state, None) => (state.clone(), Reader::All),
        (None, Some(sealed)) => {
            let (seat, state) = open(sealed, sealer)?;
            (Some(state), Reader::Seat { seat, sealer: Arc::clone(sealer) })
        }
    };
    // The sizes a search touches first, before a long list is copied or validated.
    if let Some(state) = &state {
        search_sizes::check(state).map_err(|v| status::invalid_argument(&v))?;
    }
    let state = load_input(state.map(StateInput::new).as_ref())?;
    let Some(to_move) = state.to_move() else {
        return Err(status::illegal(&nothing_to_choose(&state)));
    };
    if req.player != u32::from(to_move.0) {
        return Err(status::illegal(&IllegalAction::new(
            rule::PLAYER_TO_MOVE,
            format!("player {} is to move, not player {}", to_move.0, req.player),
        )));
    }
    let words = Asked::new(req.words.clone())?;
    Ok(Prepared { state, to_move, reader, words })
}

/// The answer when the Agent moved for another seat than the sealed state's: `action`
/// applied to `state`, as that seat may see the result (no action, no statistics).
fn moved_for_another_seat(
    mut state: GameState,
    action: &pb::Action,
    reader: &Reader,
    words: Option<&Asked>,
) -> Result<pb::ChooseActionResponse, Status> {
    let before = words.is_some().then(|| state.clone());
    let events = apply(&mut state, Some(action))?;
    let told = reader.tell(words, before.as_ref(), &state, &events)?;
    Ok(pb::ChooseActionResponse {
        action: None,
        stats: Vec::new(),
        view: told.view,
        sealed_state: told.sealed,
        events: told.events,
    })
}

/// The status for a search task that did not finish. A panic is a bug: it is logged
/// with the request (to reproduce it) and answered INTERNAL without its text.
fn search_failed(e: JoinError, req: &pb::ChooseActionRequest) -> Status {
    if e.is_panic() {
        status::bug("ChooseAction", &*e.into_panic(), req)
    } else {
        warn!(rpc = "ChooseAction", "the search was cancelled");
        Status::unavailable("the search was cancelled: the server is shutting down")
    }
}

#[tonic::async_trait]
impl Agent for AgentService {
    async fn choose_action(
        &self,
        request: Request<pb::ChooseActionRequest>,
    ) -> Result<Response<pb::ChooseActionResponse>, Status> {
        // Refused at once when the searches in flight are at the limit: never queued.
        let slot = self.gate.enter("ChooseAction")?;
        let deadline = grpc_timeout(&request);
        let req = request.into_inner();
        let Prepared { state, to_move, reader, words } =
            guarded("ChooseAction", &req, |req| req, |req| prepare(req, &self.sealer))?;
        // The search's actions are told to the seat that asks: on a sealed state its
        // own (another seat's move gets no action, only its events).
        let voice = words.as_ref().map(|w| w.voice(&state, reader.seat())).transpose()?;
        let mut config = self.config(req.budget.as_ref(), deadline);
        config.threads = self.limits.threads_with(self.gate.in_flight("ChooseAction"));
        let seed = req.seed;
        // Dropped with this future: a call that ends before its search (cancelled,
        // timed out, abandoned by the drain) stops the search within a playout.
        let call = StopOnDrop(StopFlag::default());
        let backend = Stoppable { call: call.0.clone(), server: self.stopping.clone() };
        let search = tokio::task::spawn_blocking(move || {
            let searched = state.visit(Search { config, seed, backend, voice });
            // The slot is held until the search itself ends, even if the caller left.
            drop(slot);
            (state, searched)
        });
        let (state, searched) = search.await.map_err(|e| search_failed(e, &req))?;
        let (action, stats) = searched.map_err(|e| match e {
            // The core names someone to move exactly when an action is legal, so this
            // is not reached; should it be, it is still the caller's state at fault.
            BotError::GameOver => status::illegal(&nothing_to_choose(&state)),
            // Only the server stopping gets here: a cancelled call has no one to answer.
            BotError::Backend(why) if why == STOPPED => {
                Status::unavailable("the search was stopped: the server is shutting down")
            }
            BotError::Backend(why) => {
                error!(rpc = "ChooseAction", seed = req.seed, state = ?req.state, why, "the search backend failed");
                Status::internal(format!("the search failed: {why}"))
            }
        })?;
        let visits: u64 = stats.iter().map(|s| s.visits).sum();
        debug!(
            rpc = "ChooseAction",
            player = to_move.0,
            playouts = config.budget.playouts,
            threads = config.threads,
            visits,
            "action chosen"
        );
        let answer = match &reader {
            Reader::Seat { seat, .. } if *seat != to_move => {
                moved_for_another_seat(state, &action, &reader, words.as_ref())?
            }
            _ => pb::ChooseActionResponse { action: Some(action), stats, ..Default::default() },
        };
        let mut response = Response::new(answer);
        response.extensions_mut().insert(crate::observe::Playouts(visits));
        Ok(response)
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::panic)]
mod tests {
    use super::*;

    #[test]
    fn searches_in_flight_share_the_threads() {
        let limits = AgentLimits { threads: 2, ..AgentLimits::default() };
        assert_eq!(limits.threads_with(1), 2, "alone: both cores");
        assert_eq!(limits.threads_with(2), 1);
        assert_eq!(limits.threads_with(5), 1, "never none");
        assert_eq!(AgentLimits { threads: 8, ..limits }.threads_with(3), 2);
        assert_eq!(AgentLimits { threads: 0, ..limits }.threads_with(0), 1);
    }

    #[test]
    fn the_search_time_never_passes_the_max_time_whatever_the_deadline() {
        let limits = AgentLimits { max_time: Duration::from_secs(3), ..AgentLimits::default() };
        let agent = AgentService::new(limits, Gate::default(), Arc::default());
        let hour = Some(Duration::from_secs(3600));
        let time = |time_ms, deadline| {
            let budget = pb::SearchBudget { playouts: 0, time_ms, ..Default::default() };
            agent.config(Some(&budget), deadline).budget.time.unwrap()
        };
        assert_eq!(time(0, hour), Duration::from_secs(3), "no time asked, a one-hour deadline");
        assert_eq!(time(60_000, hour), Duration::from_secs(3));
        assert_eq!(time(0, None), Duration::from_secs(3));
        assert_eq!(time(500, hour), Duration::from_millis(500));
        // A short deadline still shortens it, leaving a tenth and 20 ms for the answer.
        assert_eq!(time(0, Some(Duration::from_secs(1))), Duration::from_millis(880));
        assert_eq!(agent.config(None, hour).budget.time, Some(Duration::from_secs(3)));
    }

    #[test]
    fn the_budget_carries_the_share_of_mistakes_and_a_share_is_from_0_to_1() {
        let agent = AgentService::new(AgentLimits::default(), Gate::default(), Arc::default());
        let budget = |mistake_share| pb::SearchBudget { playouts: 150, mistake_share, ..Default::default() };
        let easy = fray_ai::Difficulty::Easy.config(fray_core::Ruleset::CastleRampage);
        assert!(easy.mistake_share > 0.0, "Castle Rampage's easy errs");
        let config = agent.config(Some(&budget(easy.mistake_share)), None);
        assert_eq!((config.budget.playouts, config.mistake_share), (150, easy.mistake_share));
        assert_eq!(MctsConfig { budget: easy.budget, threads: easy.threads, ..config }, easy, "easy's settings");
        assert_eq!(agent.config(None, None).mistake_share, 0.0);
        for share in [0.0, 0.3, 1.0] {
            assert!(check_budget(Some(&budget(share))).is_ok(), "{share}");
        }
        assert!(check_budget(None).is_ok());
        for share in [1.01, -0.1, f64::NAN, f64::NEG_INFINITY] {
            let status = check_budget(Some(&budget(share))).unwrap_err();
            assert_eq!(status.code(), tonic::Code::InvalidArgument, "{share}");
        }
    }

    #[tokio::test]
    async fn a_search_that_panics_answers_internal_without_the_panic_text() {
        let task = tokio::task::spawn_blocking(|| panic!("index out of bounds: the len is 0 but the index is 0"));
        let status = search_failed(task.await.unwrap_err(), &pb::ChooseActionRequest::default());
        assert_eq!(status.code(), tonic::Code::Internal);
        assert!(!status.message().contains("index out of bounds"), "{status:?}");
        assert!(!status.message().contains("panicked"), "{status:?}");
    }
}
