//! The `fray.v1.Agent` service: a computer player. `ChooseAction` runs an MCTS
//! search (fray-ai, over the core in-process) for the player to move and answers the
//! chosen action with per-action statistics as the bot's explanation.
//!
//! Budgets are capped by the server ([`AgentLimits`]); an empty budget gets the
//! server's default. A call's deadline (`grpc-timeout`) caps the search time too, so
//! the answer comes back before the caller gives up. The search runs single-threaded
//! with the request's seed: the same request gives the same answer when the budget is
//! in playouts.

use std::sync::Arc;
use std::time::Duration;

use fray_ai::{Bot, BotError, Local, MctsBot, MctsConfig};
use fray_core::GameState;
use fray_proto::fray::v1 as pb;
use pb::agent_server::Agent;
use tonic::{Request, Response, Status};
use tracing::debug;

use crate::rules::load;
use crate::{convert, status};

/// What one ChooseAction call may spend.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AgentLimits {
    /// Playouts when the request asks for none (and no time).
    pub default_playouts: u32,
    /// Playouts at most.
    pub max_playouts: u32,
    /// Search time at most.
    pub max_time: Duration,
}

impl Default for AgentLimits {
    /// 1500 playouts by default (the `normal` difficulty), 20 000 and 10 s at most.
    fn default() -> Self {
        Self { default_playouts: 1500, max_playouts: 20_000, max_time: Duration::from_secs(10) }
    }
}

/// The Agent service. It keeps nothing between calls.
#[derive(Debug, Clone, Copy, Default)]
pub struct AgentService {
    limits: AgentLimits,
}

impl AgentService {
    /// An agent with these limits.
    pub fn new(limits: AgentLimits) -> Self {
        Self { limits }
    }

    /// The search settings for a requested budget within the limits and `deadline`.
    pub fn config(&self, budget: Option<&pb::SearchBudget>, deadline: Option<Duration>) -> MctsConfig {
        let (playouts, time_ms) = budget.map_or((0, 0), |b| (b.playouts, b.time_ms));
        let playouts = match (playouts, time_ms) {
            (0, 0) => self.limits.default_playouts,
            (0, _) => self.limits.max_playouts,
            (n, _) => n.min(self.limits.max_playouts),
        };
        let mut time = (time_ms > 0).then(|| Duration::from_millis(u64::from(time_ms)).min(self.limits.max_time));
        // Leave a margin for the answer's trip back.
        if let Some(d) = deadline {
            let usable = d.saturating_sub(d / 10).saturating_sub(Duration::from_millis(20));
            time = Some(time.map_or(usable, |t| t.min(usable)));
        }
        let time = Some(time.unwrap_or(self.limits.max_time));
        let mut config = MctsConfig::for_playouts(playouts);
        config.budget.time = time;
        config
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

#[tonic::async_trait]
impl Agent for AgentService {
    async fn choose_action(
        &self,
        request: Request<pb::ChooseActionRequest>,
    ) -> Result<Response<pb::ChooseActionResponse>, Status> {
        let deadline = grpc_timeout(&request);
        let req = request.into_inner();
        let state = match load(req.state.as_ref())? {
            GameState::Zone(s) => s,
            #[allow(unreachable_patterns)]
            other => return Err(status::unimplemented(&format!("the agent for {}", other.ruleset()))),
        };
        let Some(to_move) = state.to_move() else {
            return Err(status::illegal(&fray_core::IllegalAction::new(
                "egame.game_over",
                "the game is over: there is nothing to choose",
            )));
        };
        if req.player != u32::from(to_move.0) {
            return Err(status::illegal(&fray_core::IllegalAction::new(
                "agent.player_to_move",
                format!("player {} is to move, not player {}", to_move.0, req.player),
            )));
        }
        let config = self.config(req.budget.as_ref(), deadline);
        let seed = req.seed;
        let search = tokio::task::spawn_blocking(move || {
            let decision = MctsBot::new(Arc::new(Local), config).choose(&state, seed);
            (state, decision)
        });
        let (state, decision) = search.await.map_err(|e| Status::internal(format!("the search failed: {e}")))?;
        let decision = decision.map_err(|e| match e {
            BotError::GameOver => Status::failed_precondition("egame.game_over: there is nothing to choose"),
            BotError::Backend(why) => Status::internal(why),
        })?;
        let proto_action = |a| convert::action_from_setup(&state.action_setup(a));
        let visits: u64 = decision.stats.iter().map(|s| s.visits).sum();
        debug!(rpc = "ChooseAction", player = to_move.0, playouts = config.budget.playouts, visits, "action chosen");
        Ok(Response::new(pb::ChooseActionResponse {
            action: Some(proto_action(decision.action)),
            stats: decision
                .stats
                .iter()
                .map(|s| pb::ActionStat {
                    action: Some(proto_action(s.action)),
                    visits: s.visits,
                    mean_reward: s.mean_reward,
                })
                .collect(),
        }))
    }
}
