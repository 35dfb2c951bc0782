//! Shared test helpers: a real server on 127.0.0.1:0 reached over a real tonic
//! channel, state fixtures built as protobuf messages, and status decoding.
#![allow(dead_code, missing_docs, clippy::unwrap_used, clippy::panic)]

pub mod certs;
pub mod robust;

use std::net::SocketAddr;

use fray_proto::fray::v1 as pb;
use fray_service::{Metrics, ServeError, ServerConfig, serve_with_metrics};
use pb::rules_client::RulesClient;
use tokio::sync::oneshot;
use tokio::task::JoinHandle;
use tonic::transport::{Channel, Endpoint};
use tonic::{Code, Status};
use tonic_types::StatusExt;

/// A server running in this test's runtime.
pub struct TestServer {
    pub addr: SocketAddr,
    pub channel: Channel,
    /// What the server counts (the numbers `--metrics-listen` shows).
    pub metrics: Metrics,
    stop: Option<oneshot::Sender<()>>,
    task: JoinHandle<Result<(), ServeError>>,
}

impl TestServer {
    /// Starts a server with the default configuration.
    pub async fn start() -> Self {
        Self::with_config(ServerConfig::default()).await
    }

    /// Starts a server on a free loopback port and connects to it.
    pub async fn with_config(config: ServerConfig) -> Self {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        let (stop, stopped) = oneshot::channel::<()>();
        let metrics = Metrics::new();
        let task = tokio::spawn(serve_with_metrics(listener, config, metrics.clone(), async {
            let _ = stopped.await;
        }));
        // The listener is bound before the server task runs, so connecting cannot race.
        let channel = Endpoint::from_shared(format!("http://{addr}")).unwrap().connect().await.unwrap();
        Self { addr, channel, metrics, stop: Some(stop), task }
    }

    /// A Rules client on the shared channel.
    pub fn rules(&self) -> RulesClient<Channel> {
        RulesClient::new(self.channel.clone())
    }

    /// Asks the server to shut down, without waiting.
    pub fn ask_to_stop(&mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
    }

    /// Asks the server to shut down and waits for `serve` to return.
    pub async fn shutdown(mut self) -> Result<(), ServeError> {
        self.ask_to_stop();
        self.task.await.unwrap()
    }
}

/// The sum of the samples of `name` whose labels include every `(label, value)` of
/// `labels`, in metrics text as `Metrics::render` writes it (0 when there is none).
pub fn metric(text: &str, name: &str, labels: &[(&str, &str)]) -> f64 {
    text.lines()
        .filter_map(|line| {
            let (series, value) = line.rsplit_once(' ')?;
            let (series_name, series_labels) = series.split_once('{').unwrap_or((series, ""));
            (series_name == name && labels.iter().all(|(k, v)| series_labels.contains(&format!("{k}=\"{v}\""))))
                .then(|| value.parse::<f64>().unwrap())
        })
        .sum()
}

// ---------------------------------------------------------------------------
// Fixtures

pub const SINGLE: i32 = pb::Reach::Single as i32;
pub const DOUBLE: i32 = pb::Reach::Double as i32;

pub fn zone(player: u32, index: u32) -> Option<pb::ZoneRef> {
    Some(pb::ZoneRef { player, index })
}

/// A face-up creature controlled and owned by the zone's player.
pub fn creature(id: &str, name: &str, at: (u32, u32), might: i32, life: i32, arrows: pb::Arrows) -> pb::Creature {
    pb::Creature {
        id: id.into(),
        name: name.into(),
        owner: at.0,
        controller: at.0,
        zone: zone(at.0, at.1),
        might,
        life,
        arrows: (arrows != pb::Arrows::default()).then_some(arrows),
        ..Default::default()
    }
}

/// A bare e:game board (no phase) with both players at 6 HP.
pub fn board(creatures: Vec<pb::Creature>) -> pb::GameState {
    pb::GameState {
        ruleset: pb::Ruleset::Egame as i32,
        players: vec![
            pb::Player { id: 0, hp: 6, ..Default::default() },
            pb::Player { id: 1, hp: 6, ..Default::default() },
        ],
        creatures,
        active_player: 0,
        turn: 1,
        ..Default::default()
    }
}

/// examples/resolve-blocked.json: the knight (0:1, might 2, life 3, arrows up and
/// up-left) faces the wolf (1:3, might 1, life 2).
pub fn knight() -> pb::Creature {
    creature("knight", "Knight", (0, 1), 2, 3, pb::Arrows { up: SINGLE, up_left: SINGLE, ..Default::default() })
}

pub fn wolf() -> pb::Creature {
    creature("wolf", "Wolf", (1, 3), 1, 2, pb::Arrows::default())
}

pub fn knight_and_wolf() -> pb::GameState {
    board(vec![knight(), wolf()])
}

/// examples/resolve-needs-block-choice.json: the archer (0:4, up DOUBLE) strikes the
/// empty zone 1:0; the guard (1:1, left SINGLE) can block it.
pub fn archer_and_guard() -> pb::GameState {
    board(vec![
        creature("archer", "Archer", (0, 4), 1, 2, pb::Arrows { up: DOUBLE, ..Default::default() }),
        creature("guard", "Guard", (1, 1), 0, 4, pb::Arrows { left: SINGLE, ..Default::default() }),
    ])
}

pub fn strike(attacker: &str, player: u32, index: u32) -> pb::Strike {
    pb::Strike { attacker: attacker.into(), target: zone(player, index), ..Default::default() }
}

pub fn strike_action(attacker: &str, player: u32, index: u32) -> pb::Action {
    pb::Action { action: Some(pb::action::Action::Strike(strike(attacker, player, index))) }
}

pub fn option(id: &str) -> pb::Choice {
    pb::Choice { choice: Some(pb::choice::Choice::Option(id.into())) }
}

pub fn decline() -> pb::Choice {
    pb::Choice { choice: Some(pb::choice::Choice::Decline(true)) }
}

pub fn choice_action(choice: pb::Choice) -> pb::Action {
    pb::Action { action: Some(pb::action::Action::Choice(choice)) }
}

pub fn resolve(state: pb::GameState, strike: pb::Strike, choices: Vec<pb::Choice>) -> pb::ResolveStrikeRequest {
    pb::ResolveStrikeRequest { state: Some(state), strike: Some(strike), choices }
}

pub fn apply(state: pb::GameState, action: pb::Action) -> pb::ApplyActionRequest {
    pb::ApplyActionRequest { state: Some(state), action: Some(action) }
}

// ---------------------------------------------------------------------------
// Events

/// An event as (rule, kind), for comparing whole traces.
pub fn ev(rule: &str, kind: pb::event::Kind) -> pb::Event {
    pb::Event { rule: rule.into(), kind: Some(kind) }
}

pub fn declared(attacker: &str, player: u32, index: u32) -> pb::event::Kind {
    pb::event::Kind::StrikeDeclared(pb::StrikeDeclared { attacker: attacker.into(), target: zone(player, index) })
}

pub fn blocker(attacker: &str, blocker: Option<&str>, passive: bool) -> pb::event::Kind {
    pb::event::Kind::BlockerDetermined(pb::BlockerDetermined {
        attacker: attacker.into(),
        blocker: blocker.map(Into::into),
        passive,
    })
}

pub fn chained(attacker: &str, depth: u32) -> pb::event::Kind {
    pb::event::Kind::StrikeChained(pb::StrikeChained { attacker: attacker.into(), depth })
}

pub fn damage(source: &str, target: &str, amount: i32) -> pb::event::Kind {
    pb::event::Kind::DamageDealt(pb::DamageDealt { source: source.into(), target: target.into(), amount })
}

pub fn destroyed(creature: &str) -> pb::event::Kind {
    pb::event::Kind::CreatureDestroyed(pb::CreatureDestroyed { creature: creature.into() })
}

pub fn hp_lost(player: u32, amount: i32) -> pb::event::Kind {
    pb::event::Kind::PlayerHpLost(pb::PlayerHpLost { player, amount })
}

pub fn block_requested(player: u32, options: &[&str]) -> pb::event::Kind {
    pb::event::Kind::DecisionRequested(pb::DecisionRequested { decision: Some(block_decision(player, options)) })
}

pub fn block_decision(player: u32, options: &[&str]) -> pb::PendingDecision {
    pb::PendingDecision {
        player,
        kind: pb::DecisionKind::Block as i32,
        options: options.iter().map(|s| (*s).to_owned()).collect(),
        may_decline: true,
    }
}

// ---------------------------------------------------------------------------
// Statuses

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
