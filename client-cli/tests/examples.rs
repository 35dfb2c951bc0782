//! Every request in `examples/` goes to a real server (the embedded one, on a loopback
//! port) over real gRPC, read from its proto3 JSON exactly as grpcurl or a Python
//! client would send it, and its answer is checked: the events in order, the state
//! they leave, or the error status with its details.
//!
//! The examples folder and this test move together: a file this test does not know
//! fails it, as does a known file that is missing, an example that
//! `examples/README.md` does not list, an RPC without an example, and a ruleset the
//! server serves without a ResolveStrike and a NewGame example.
#![allow(clippy::unwrap_used, clippy::panic)]

use std::collections::BTreeSet;
use std::path::PathBuf;

use fray_cli::embedded::EmbeddedServer;
use fray_client::channel as client;
use fray_proto::fray::v1 as pb;
use fray_tournament::proto_json::parse_message;
use pb::agent_client::AgentClient;
use pb::event::Kind;
use pb::rules_client::RulesClient;
use tonic::transport::Channel;
use tonic::{Code, Status};
use tonic_types::StatusExt;

/// The RPC an example is a request for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Rpc {
    ResolveStrike,
    LegalActions,
    ApplyAction,
    NewGame,
    ListRulesets,
    ResolveStrikeBatch,
    ApplyActionBatch,
    Play,
    ChooseAction,
}

impl Rpc {
    const ALL: [Rpc; 9] = [
        Rpc::ResolveStrike,
        Rpc::LegalActions,
        Rpc::ApplyAction,
        Rpc::NewGame,
        Rpc::ListRulesets,
        Rpc::ResolveStrikeBatch,
        Rpc::ApplyActionBatch,
        Rpc::Play,
        Rpc::ChooseAction,
    ];

    /// `Service/Method`, as grpcurl and examples/README.md name it.
    fn path(self) -> &'static str {
        match self {
            Rpc::ResolveStrike => "fray.v1.Rules/ResolveStrike",
            Rpc::LegalActions => "fray.v1.Rules/LegalActions",
            Rpc::ApplyAction => "fray.v1.Rules/ApplyAction",
            Rpc::NewGame => "fray.v1.Rules/NewGame",
            Rpc::ListRulesets => "fray.v1.Rules/ListRulesets",
            Rpc::ResolveStrikeBatch => "fray.v1.Rules/ResolveStrikeBatch",
            Rpc::ApplyActionBatch => "fray.v1.Rules/ApplyActionBatch",
            Rpc::Play => "fray.v1.Rules/Play",
            Rpc::ChooseAction => "fray.v1.Agent/ChooseAction",
        }
    }
}

/// Every example and its RPC. Keep in step with examples/ and examples/README.md.
const EXAMPLES: &[(&str, Rpc)] = &[
    ("resolve-blocked.json", Rpc::ResolveStrike),
    ("resolve-direct.json", Rpc::ResolveStrike),
    ("resolve-needs-block-choice.json", Rpc::ResolveStrike),
    ("resolve-choices-decline.json", Rpc::ResolveStrike),
    ("resolve-rift-armor.json", Rpc::ResolveStrike),
    ("resolve-rift-direct.json", Rpc::ResolveStrike),
    ("resolve-invalid-state.json", Rpc::ResolveStrike),
    ("resolve-unreachable-target.json", Rpc::ResolveStrike),
    ("apply-action-choice.json", Rpc::ApplyAction),
    ("apply-action-summon.json", Rpc::ApplyAction),
    ("legal-actions-bare-board.json", Rpc::LegalActions),
    ("legal-actions-pending.json", Rpc::LegalActions),
    ("new-game-egame.json", Rpc::NewGame),
    ("new-game-rift.json", Rpc::NewGame),
    ("new-game-keyforge.json", Rpc::NewGame),
    ("new-game-dog-fight.json", Rpc::NewGame),
    ("resolve-dog-fight-return-fire.json", Rpc::ResolveStrike),
    ("list-rulesets.json", Rpc::ListRulesets),
    ("choose-action.json", Rpc::ChooseAction),
    ("resolve-castle-worked-example.json", Rpc::ResolveStrike),
    ("resolve-castle-tie.json", Rpc::ResolveStrike),
    ("resolve-castle-win.json", Rpc::ResolveStrike),
    ("new-game-castle.json", Rpc::NewGame),
    ("apply-action-reinforce.json", Rpc::ApplyAction),
    ("choose-action-castle.json", Rpc::ChooseAction),
    ("resolve-keyforge-fight.json", Rpc::ResolveStrike),
    ("resolve-keyforge-order.json", Rpc::ResolveStrike),
    ("apply-action-keyforge-order.json", Rpc::ApplyAction),
    ("resolve-keyforge-choices.json", Rpc::ResolveStrike),
    ("resolve-keyforge-poison.json", Rpc::ResolveStrike),
    ("apply-action-keyforge-reap.json", Rpc::ApplyAction),
    ("choose-action-keyforge.json", Rpc::ChooseAction),
    ("resolve-keyforge-invalid-state.json", Rpc::ResolveStrike),
    ("resolve-strike-batch.json", Rpc::ResolveStrikeBatch),
    ("apply-action-batch.json", Rpc::ApplyActionBatch),
    ("play.json", Rpc::Play),
];

fn examples_dir() -> PathBuf {
    PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../examples"))
}

fn read(name: &str) -> String {
    let path = examples_dir().join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()))
}

fn parse<M: prost::Message + Default>(name: &str, message: &'static str) -> M {
    parse_message(&read(name), message).unwrap_or_else(|e| panic!("examples/{name}: {e}"))
}

/// The messages of a stream's example: JSON objects one after another, as grpcurl
/// reads a client stream.
fn parse_stream<M: prost::Message + Default>(name: &str, message: &'static str) -> Vec<M> {
    let text = read(name);
    serde_json::Deserializer::from_str(&text)
        .into_iter::<serde_json::Value>()
        .enumerate()
        .map(|(i, value)| {
            let value = value.unwrap_or_else(|e| panic!("examples/{name}: message {i}: {e}"));
            fray_tournament::proto_json::from_value(&value, message)
                .unwrap_or_else(|e| panic!("examples/{name}: message {i}: {e}"))
        })
        .collect()
}

/// What a server answered to one example.
#[derive(Debug)]
enum Answer {
    Resolve(pb::ResolveStrikeResponse),
    Legal(pb::LegalActionsResponse),
    Apply(pb::ApplyActionResponse),
    NewGame(pb::NewGameResponse),
    Rulesets(pb::ListRulesetsResponse),
    ResolveBatch(pb::ResolveStrikeBatchResponse),
    ApplyBatch(pb::ApplyActionBatchResponse),
    /// Each message's answer, in order.
    Play(Vec<pb::PlayResponse>),
    Choose(pb::ChooseActionResponse),
}

/// Clients of the server under test.
struct Clients {
    rules: RulesClient<Channel>,
    agent: AgentClient<Channel>,
}

impl Clients {
    /// Sends example `name` (a request for `rpc`) as it is in the file.
    async fn send(&mut self, name: &str, rpc: Rpc) -> Result<Answer, Status> {
        let rules = &mut self.rules;
        Ok(match rpc {
            Rpc::ResolveStrike => Answer::Resolve(
                rules
                    .resolve_strike(parse::<pb::ResolveStrikeRequest>(name, "fray.v1.ResolveStrikeRequest"))
                    .await?
                    .into_inner(),
            ),
            Rpc::LegalActions => Answer::Legal(
                rules
                    .legal_actions(parse::<pb::LegalActionsRequest>(name, "fray.v1.LegalActionsRequest"))
                    .await?
                    .into_inner(),
            ),
            Rpc::ApplyAction => Answer::Apply(
                rules
                    .apply_action(parse::<pb::ApplyActionRequest>(name, "fray.v1.ApplyActionRequest"))
                    .await?
                    .into_inner(),
            ),
            Rpc::NewGame => Answer::NewGame(
                rules.new_game(parse::<pb::NewGameRequest>(name, "fray.v1.NewGameRequest")).await?.into_inner(),
            ),
            Rpc::ListRulesets => Answer::Rulesets(
                rules
                    .list_rulesets(parse::<pb::ListRulesetsRequest>(name, "fray.v1.ListRulesetsRequest"))
                    .await?
                    .into_inner(),
            ),
            Rpc::ResolveStrikeBatch => Answer::ResolveBatch(
                rules
                    .resolve_strike_batch(parse::<pb::ResolveStrikeBatchRequest>(
                        name,
                        "fray.v1.ResolveStrikeBatchRequest",
                    ))
                    .await?
                    .into_inner(),
            ),
            Rpc::ApplyActionBatch => Answer::ApplyBatch(
                rules
                    .apply_action_batch(parse::<pb::ApplyActionBatchRequest>(name, "fray.v1.ApplyActionBatchRequest"))
                    .await?
                    .into_inner(),
            ),
            Rpc::Play => {
                let messages = parse_stream::<pb::PlayRequest>(name, "fray.v1.PlayRequest");
                let mut answers = rules.play(tokio_stream::iter(messages)).await?.into_inner();
                let mut all = Vec::new();
                while let Some(answer) = tokio_stream::StreamExt::next(&mut answers).await {
                    all.push(answer?);
                }
                Answer::Play(all)
            }
            Rpc::ChooseAction => Answer::Choose(
                self.agent
                    .choose_action(parse::<pb::ChooseActionRequest>(name, "fray.v1.ChooseActionRequest"))
                    .await?
                    .into_inner(),
            ),
        })
    }

    async fn legal_actions(&mut self, state: &pb::GameState) -> Vec<pb::Action> {
        let request = pb::LegalActionsRequest { state: Some(state.clone()), ..Default::default() };
        self.rules.legal_actions(request).await.unwrap().into_inner().actions
    }
}

// ---------------------------------------------------------------------------
// The expected answers, built as messages

fn ev(rule: &str, kind: Kind) -> pb::Event {
    pb::Event { rule: rule.into(), kind: Some(kind), ..Default::default() }
}

fn zone(player: u32, index: u32) -> Option<pb::ZoneRef> {
    Some(pb::ZoneRef { player, index })
}

fn strike(attacker: &str, player: u32, index: u32) -> pb::Strike {
    pb::Strike { attacker: attacker.into(), target: zone(player, index), ..Default::default() }
}

fn declared(attacker: &str, player: u32, index: u32) -> pb::Event {
    let kind = Kind::StrikeDeclared(pb::StrikeDeclared { attacker: attacker.into(), target: zone(player, index) });
    ev("egame.strike.target", kind)
}

fn blocker(rule: &str, attacker: &str, blocker: Option<&str>, passive: bool) -> pb::Event {
    let kind = Kind::BlockerDetermined(pb::BlockerDetermined {
        attacker: attacker.into(),
        blocker: blocker.map(Into::into),
        passive,
    });
    ev(rule, kind)
}

fn chained(attacker: &str) -> pb::Event {
    ev("egame.chain", Kind::StrikeChained(pb::StrikeChained { attacker: attacker.into(), depth: 1 }))
}

fn damage(source: &str, target: &str, amount: i32) -> pb::Event {
    let kind = Kind::DamageDealt(pb::DamageDealt { source: source.into(), target: target.into(), amount });
    ev("egame.strike.damage", kind)
}

fn armor(target: &str, amount: i32) -> pb::Event {
    let kind = Kind::DamagePrevented(pb::DamagePrevented { target: target.into(), amount, by: "armor".into() });
    ev("rift.armor", kind)
}

fn hp_lost(rule: &str, player: u32, amount: i32) -> pb::Event {
    ev(rule, Kind::PlayerHpLost(pb::PlayerHpLost { player, amount }))
}

fn block_decision(player: u32, options: &[&str]) -> pb::PendingDecision {
    pb::PendingDecision {
        player,
        kind: pb::DecisionKind::Block as i32,
        options: options.iter().map(|s| (*s).to_owned()).collect(),
        may_decline: true,
    }
}

fn strike_action(attacker: &str, player: u32, index: u32) -> pb::Action {
    pb::Action { action: Some(pb::action::Action::Strike(strike(attacker, player, index))), ..Default::default() }
}

fn choice_action(choice: pb::choice::Choice) -> pb::Action {
    pb::Action { action: Some(pb::action::Action::Choice(pb::Choice { choice: Some(choice) })), ..Default::default() }
}

fn phase_changed(phase: pb::Phase, turn: u32, active_player: u32) -> pb::Event {
    ev("skirmish.phase", Kind::PhaseChanged(pb::PhaseChanged { phase: phase as i32, turn, active_player }))
}

fn hps(state: &pb::GameState) -> Vec<i32> {
    state.players.iter().map(|p| p.hp).collect()
}

fn creature<'a>(state: &'a pb::GameState, id: &str) -> Option<&'a pb::Creature> {
    state.creatures.iter().find(|c| c.id == id)
}

fn graveyard(state: &pb::GameState, player: usize) -> Vec<&str> {
    state.players[player].graveyard.iter().map(|c| c.name.as_str()).collect()
}

fn names(cards: &[pb::Card]) -> Vec<&str> {
    cards.iter().map(|c| c.name.as_str()).collect()
}

fn revealed(rule: &str, card: &str, structure: &str) -> pb::Event {
    ev(rule, Kind::CardRevealed(pb::CardRevealed { card: card.into(), structure: structure.into() }))
}

fn destroyed(rule: &str, card: &str) -> pb::Event {
    ev(rule, Kind::CardDestroyed(pb::CardDestroyed { card: card.into() }))
}

fn returned(rule: &str, card: &str, to: &str) -> pb::Event {
    ev(rule, Kind::CardReturned(pb::CardReturned { card: card.into(), to: to.into() }))
}

fn attack_ended(rule: &str, remaining: i32) -> pb::Event {
    ev(rule, Kind::AttackEnded(pb::AttackEnded { remaining }))
}

fn castle_board(state: &pb::GameState) -> &pb::CastleRampageBoard {
    state.castle_rampage.as_ref().unwrap_or_else(|| panic!("no castle_rampage board in {state:?}"))
}

fn ids(cards: &[pb::CastleCard]) -> Vec<&str> {
    cards.iter().map(|c| c.id.as_str()).collect()
}

fn kf_board(state: &pb::GameState) -> &pb::KeyforgeBoard {
    state.keyforge.as_ref().unwrap_or_else(|| panic!("no keyforge board in {state:?}"))
}

/// Each side's battleline as (id, damage) pairs, left to right.
fn kf_lines(state: &pb::GameState) -> Vec<Vec<(&str, i32)>> {
    kf_board(state).sides.iter().map(|s| s.battleline.iter().map(|c| (c.id.as_str(), c.damage)).collect()).collect()
}

/// Each side's (amber, keys).
fn kf_pools(state: &pb::GameState) -> Vec<(i32, i32)> {
    kf_board(state).sides.iter().map(|s| (s.amber, s.keys)).collect()
}

fn kf_creature<'a>(state: &'a pb::GameState, id: &str) -> &'a pb::KeyforgeCreature {
    kf_board(state)
        .sides
        .iter()
        .flat_map(|s| s.battleline.iter())
        .find(|c| c.id == id)
        .unwrap_or_else(|| panic!("no creature {id} in play"))
}

fn exhausted(rule: &str, creature: &str) -> pb::Event {
    ev(rule, Kind::CreatureExhausted(pb::CreatureExhausted { creature: creature.into() }))
}

fn fight_declared(attacker: &str, defender: &str) -> [pb::Event; 2] {
    let kind = Kind::FightDeclared(pb::FightDeclared { attacker: attacker.into(), defender: defender.into() });
    [exhausted("keyforge.fight.declare", attacker), ev("keyforge.fight.declare", kind)]
}

fn resolves(rule: &str, ability: &str, creature: &str) -> pb::Event {
    ev(rule, Kind::AbilityResolved(pb::AbilityResolved { ability: ability.into(), creature: creature.into() }))
}

fn pending_damage(source: &str, target: &str, amount: i32) -> pb::Event {
    let kind = Kind::DamagePending(pb::DamagePending { source: source.into(), target: target.into(), amount });
    ev("keyforge.damage.pending", kind)
}

fn landed(source: &str, target: &str, amount: i32) -> pb::Event {
    let kind = Kind::DamageDealt(pb::DamageDealt { source: source.into(), target: target.into(), amount });
    ev("keyforge.damage.apply", kind)
}

fn prevented(rule: &str, target: &str, amount: i32, by: &str) -> pb::Event {
    ev(rule, Kind::DamagePrevented(pb::DamagePrevented { target: target.into(), amount, by: by.into() }))
}

fn exchange(attacker: &str, defender: &str, attacker_deals: i32, defender_deals: i32) -> pb::Event {
    let kind = Kind::FightExchange(pb::FightExchange {
        attacker: attacker.into(),
        defender: defender.into(),
        attacker_deals,
        defender_deals,
    });
    ev("keyforge.fight.exchange", kind)
}

fn fight_ended(rule: &str, attacker: &str, defender: &str, exchanged: bool) -> pb::Event {
    let kind = Kind::FightEnded(pb::FightEnded { attacker: attacker.into(), defender: defender.into(), exchanged });
    ev(rule, kind)
}

fn tagged(rule: &str, creature: &str) -> pb::Event {
    ev(rule, Kind::CreatureTagged(pb::CreatureTagged { creature: creature.into() }))
}

fn left_play(creature: &str) -> pb::Event {
    let kind = Kind::CreatureDestroyed(pb::CreatureDestroyed { creature: creature.into() });
    ev("keyforge.destroy.leave_play", kind)
}

fn amber(rule: &str, moved: pb::AmberMoved) -> pb::Event {
    ev(rule, Kind::AmberMoved(moved))
}

fn kf_decision(player: u32, kind: pb::DecisionKind, options: &[&str]) -> pb::PendingDecision {
    pb::PendingDecision {
        player,
        kind: kind as i32,
        options: options.iter().map(|s| (*s).to_owned()).collect(),
        may_decline: false,
    }
}

fn requested(rule: &str, decision: pb::PendingDecision) -> pb::Event {
    ev(rule, Kind::DecisionRequested(pb::DecisionRequested { decision: Some(decision) }))
}

fn kf_phase(rule: &str, phase: pb::Phase, turn: u32, active_player: u32) -> pb::Event {
    ev(rule, Kind::PhaseChanged(pb::PhaseChanged { phase: phase as i32, turn, active_player }))
}

fn end_phase_action() -> pb::Action {
    pb::Action { action: Some(pb::action::Action::EndPhase(pb::EndPhase {})), ..Default::default() }
}

fn reap_action(creature: &str) -> pb::Action {
    pb::Action { action: Some(pb::action::Action::Reap(pb::Reap { creature: creature.into() })), ..Default::default() }
}

/// Applies `action` to `state`, answering the new state and its events.
async fn apply(clients: &mut Clients, state: pb::GameState, action: pb::Action) -> (pb::GameState, Vec<pb::Event>) {
    let request = pb::ApplyActionRequest { state: Some(state), action: Some(action), ..Default::default() };
    let answer = clients.rules.apply_action(request).await.unwrap().into_inner();
    (answer.state.unwrap(), answer.events)
}

// ---------------------------------------------------------------------------
// The checks, one per example

fn resolved(name: &str, answer: Result<Answer, Status>) -> (pb::GameState, Vec<pb::Event>) {
    match answer {
        Ok(Answer::Resolve(r)) => (r.state.unwrap(), r.events),
        Ok(Answer::Apply(r)) => (r.state.unwrap(), r.events),
        other => panic!("examples/{name}: expected a resolved state, got {other:?}"),
    }
}

fn failed(name: &str, answer: Result<Answer, Status>, code: Code) -> Status {
    match answer {
        Err(status) if status.code() == code => status,
        other => panic!("examples/{name}: expected {code:?}, got {other:?}"),
    }
}

async fn check(name: &str, answer: Result<Answer, Status>, clients: &mut Clients) {
    match name {
        "resolve-blocked.json" => {
            let (state, events) = resolved(name, answer);
            assert_eq!(
                events,
                [
                    declared("knight", 1, 3),
                    blocker("egame.strike.block.passive", "knight", Some("wolf"), true),
                    chained("knight"),
                    damage("knight", "wolf", 2),
                    damage("wolf", "knight", 1),
                    ev("egame.sba.destroy", Kind::CreatureDestroyed(pb::CreatureDestroyed { creature: "wolf".into() })),
                ]
            );
            let knight = creature(&state, "knight").unwrap();
            assert_eq!((knight.damage, knight.acted), (1, true));
            assert_eq!(creature(&state, "wolf"), None);
            assert_eq!(graveyard(&state, 1), ["Wolf"]);
            assert_eq!(hps(&state), [6, 6]);
        }
        "resolve-direct.json" => {
            let (state, events) = resolved(name, answer);
            // Might 3, and still exactly 1 HP: e:game's direct attack.
            assert_eq!(
                events,
                [
                    declared("giant", 1, 2),
                    blocker("egame.strike.block.direct", "giant", None, false),
                    chained("giant"),
                    hp_lost("egame.strike.direct", 1, 1),
                ]
            );
            assert_eq!(hps(&state), [6, 5]);
        }
        "resolve-needs-block-choice.json" => {
            let (state, events) = resolved(name, answer);
            let requested =
                Kind::DecisionRequested(pb::DecisionRequested { decision: Some(block_decision(1, &["guard"])) });
            assert_eq!(events, [declared("archer", 1, 0), ev("egame.strike.block.active.controller", requested)]);
            assert_eq!(state.pending, Some(block_decision(1, &["guard"])));
            assert_eq!(state.chain, [strike("archer", 1, 0)]);
            assert!(creature(&state, "archer").unwrap().acted);
            // The worked example of the decision protocol re-submits exactly this state.
            let apply: pb::ApplyActionRequest = parse("apply-action-choice.json", "fray.v1.ApplyActionRequest");
            assert_eq!(apply.state.as_ref(), Some(&state), "examples/apply-action-choice.json re-submits this state");
            let legal: pb::LegalActionsRequest = parse("legal-actions-pending.json", "fray.v1.LegalActionsRequest");
            assert_eq!(legal.state.as_ref(), Some(&state), "examples/legal-actions-pending.json holds this state");
        }
        "resolve-choices-decline.json" => {
            let (state, events) = resolved(name, answer);
            assert_eq!(events.len(), 5, "{events:?}");
            assert!(matches!(events[1].kind, Some(Kind::DecisionRequested(_))), "{events:?}");
            assert_eq!(
                events[2..],
                [
                    blocker("egame.strike.block.direct", "archer", None, false),
                    chained("archer"),
                    hp_lost("egame.strike.direct", 1, 1),
                ]
            );
            assert_eq!(state.pending, None);
            assert_eq!(hps(&state), [6, 5]);
        }
        "resolve-rift-armor.json" => {
            let (state, events) = resolved(name, answer);
            // The wall's armor 2 takes 2 of the giant's 4; the giant's armor 1 cannot
            // take the wall's 1 below 1.
            assert_eq!(
                events,
                [
                    declared("giant", 1, 3),
                    blocker("egame.strike.block.passive", "giant", Some("wall"), true),
                    chained("giant"),
                    armor("wall", 2),
                    armor("giant", 0),
                    damage("giant", "wall", 2),
                    damage("wall", "giant", 1),
                ]
            );
            assert_eq!(creature(&state, "wall").unwrap().damage, 2);
            assert_eq!(creature(&state, "giant").unwrap().damage, 1);
            assert_eq!(hps(&state), [20, 20]);
        }
        "resolve-rift-direct.json" => {
            let (state, events) = resolved(name, answer);
            assert_eq!(events.last(), Some(&hp_lost("rift.strike.direct", 1, 4)));
            assert_eq!(hps(&state), [20, 16]);
        }
        "resolve-invalid-state.json" => {
            let status = failed(name, answer, Code::InvalidArgument);
            let details = status.get_error_details();
            let bad = details.bad_request().unwrap_or_else(|| panic!("no BadRequest detail in {status:?}"));
            let fields: Vec<&str> = bad.field_violations.iter().map(|v| v.field.as_str()).collect();
            assert_eq!(fields, ["state.creatures[1].zone.index", "state.creatures[1].life"]);
            assert!(bad.field_violations[0].description.contains("out of range 0..4"), "{bad:?}");
            assert!(status.message().contains("state.creatures[1].life: life 0 must be at least 1"), "{status:?}");
        }
        "resolve-unreachable-target.json" => {
            let status = failed(name, answer, Code::FailedPrecondition);
            assert_eq!(status.message(), "egame.strike.target: knight's arrows do not reach zone 1:0");
            let details = status.get_error_details();
            let info = details.error_info().unwrap_or_else(|| panic!("no ErrorInfo detail in {status:?}"));
            assert_eq!((info.reason.as_str(), info.domain.as_str()), ("egame.strike.target", "fray.v1"));
        }
        "apply-action-choice.json" => {
            let (state, events) = resolved(name, answer);
            assert_eq!(
                events,
                [
                    blocker("egame.strike.block.active.controller", "archer", Some("guard"), false),
                    chained("archer"),
                    damage("archer", "guard", 1),
                ]
            );
            assert_eq!(state.pending, None);
            assert!(state.chain.is_empty());
            assert_eq!(creature(&state, "guard").unwrap().damage, 1);
            assert_eq!(hps(&state), [6, 6]);
        }
        "apply-action-summon.json" => {
            let (state, events) = resolved(name, answer);
            let summoned = Kind::CreatureSummoned(pb::CreatureSummoned {
                creature: "p0-03".into(),
                zone: zone(0, 2),
                face_down: false,
                orientation: pb::Orientation::Forward as i32,
            });
            // Deployment ends with the summon; Draw and the next Begin pass by
            // themselves; player 1's Event waits for its Crafty Diplomat.
            assert_eq!(
                events,
                [
                    ev("skirmish.summon", summoned),
                    phase_changed(pb::Phase::Draw, 3, 0),
                    ev("skirmish.draw", Kind::CardDrawn(pb::CardDrawn { player: 0 })),
                    phase_changed(pb::Phase::Begin, 4, 1),
                    phase_changed(pb::Phase::Event, 4, 1),
                ]
            );
            let squire = creature(&state, "p0-03").unwrap();
            assert_eq!((squire.name.as_str(), squire.zone, squire.controller), ("Noble Squire", zone(0, 2), 0));
            assert_eq!(names(&state.players[0].hand), ["City Watchman", "Hardened Peasant"]);
            assert!(state.players[0].deck.is_empty());
            assert_eq!((state.phase, state.active_player, state.turn), (pb::Phase::Event as i32, 1, 4));
        }
        "legal-actions-bare-board.json" => {
            let Ok(Answer::Legal(legal)) = answer else { panic!("examples/{name}: {answer:?}") };
            // The knight reaches the zone it faces (1:3) and, diagonally, 1:4; the wolf
            // has no arrows; a bare board has no summons or end_phase.
            assert_eq!(legal.actions, [strike_action("knight", 1, 3), strike_action("knight", 1, 4)]);
        }
        "legal-actions-pending.json" => {
            let Ok(Answer::Legal(legal)) = answer else { panic!("examples/{name}: {answer:?}") };
            assert_eq!(
                legal.actions,
                [
                    choice_action(pb::choice::Choice::Option("guard".into())),
                    choice_action(pb::choice::Choice::Decline(true)),
                ]
            );
        }
        "new-game-egame.json" | "new-game-rift.json" => {
            let (ruleset, hp) = if name == "new-game-egame.json" {
                (pb::Ruleset::Egame, 6)
            } else {
                (pb::Ruleset::DimensionalRift, 20)
            };
            let Ok(Answer::NewGame(game)) = answer else { panic!("examples/{name}: {answer:?}") };
            let state = game.state.clone().unwrap();
            assert_eq!(state.ruleset, ruleset as i32);
            assert_eq!(
                state.players.iter().map(|p| (p.id, p.hp, p.hand.len())).collect::<Vec<_>>(),
                [(0, hp, 5), (1, hp, 5)]
            );
            assert!(state.players.iter().all(|p| !p.deck.is_empty()), "{state:?}");
            assert!(state.players.iter().flat_map(|p| p.hand.iter().chain(&p.deck)).all(|c| !c.id.is_empty()));
            assert!(state.creatures.is_empty());
            assert_ne!(state.phase, pb::Phase::Unspecified as i32, "a new game has a turn structure");
            assert_eq!((state.turn, state.active_player), (1, 0));
            assert_eq!(game.events.first().map(|e| e.rule.as_str()), Some("skirmish.setup"));
            // The same request deals the same game.
            let Ok(Answer::NewGame(again)) = clients.send(name, Rpc::NewGame).await else { panic!("{name} again") };
            assert_eq!(again, game);
        }
        "new-game-dog-fight.json" => {
            let Ok(Answer::NewGame(game)) = answer else { panic!("examples/{name}: {answer:?}") };
            let state = game.state.clone().unwrap();
            let board = state.dog_fight.clone().unwrap();
            // melee: four players, three vessels each at the corners of a 5x5 grid,
            // four cards in every hand; player 0 attacks first.
            assert_eq!((board.width, board.height, board.sides.len(), board.vessels.len()), (5, 5, 4, 12));
            assert!(board.sides.iter().all(|s| s.hand.len() == 4 && s.discard.is_empty()), "{board:?}");
            let fleets: Vec<u32> =
                (0..4).map(|p| board.vessels.iter().filter(|v| v.controller == p).count() as u32).collect();
            assert_eq!(fleets, [3, 3, 3, 3]);
            assert!(board.vessels.iter().all(|v| !v.attacked && (0..5).contains(&v.x) && (0..5).contains(&v.y)));
            assert_eq!((state.phase, state.active_player, state.turn), (pb::Phase::Event as i32, 0, 1));
            assert_eq!(game.events.first().map(|e| e.rule.as_str()), Some("dogfight.setup"));
            let Ok(Answer::NewGame(again)) = clients.send(name, Rpc::NewGame).await else { panic!("{name} again") };
            assert_eq!(again, game, "the same seed deals the same game");
        }
        "resolve-dog-fight-return-fire.json" => {
            let (state, events) = resolved(name, answer);
            // The attacker adds a Direct Hit, the target answers with Return Fire, which
            // resolves first in declared order and destroys the attacker; the attack still
            // resolves: 4 + 2, shields 1 and armor 1 off, 4 to the hull (seed 004).
            let response = |player: u32, option: &str| {
                Kind::DecisionRequested(pb::DecisionRequested {
                    decision: Some(pb::PendingDecision {
                        player,
                        kind: pb::DecisionKind::Response as i32,
                        options: vec![option.into()],
                        may_decline: true,
                    }),
                })
            };
            let played = |player: u32, card: &str, effect: pb::DogFightEffect, amount: i32| {
                Kind::CardPlayed(pb::CardPlayed { player, card: card.into(), effect: effect as i32, amount })
            };
            let passed = |player: u32| Kind::ResponsePassed(pb::ResponsePassed { player });
            let mitigated = |layer: &str| {
                Kind::DamageMitigated(pb::DamageMitigated { target: "hauler".into(), layer: layer.into(), amount: 1 })
            };
            let damage = |source: &str, target: &str, amount: i32| {
                Kind::DamageDealt(pb::DamageDealt { source: source.into(), target: target.into(), amount })
            };
            let expected = [
                ev(
                    "dogfight.attack.declare",
                    Kind::AttackDeclared(pb::AttackDeclared {
                        attacker: "viper".into(),
                        defender: "hauler".into(),
                        strength: 4,
                    }),
                ),
                ev("dogfight.window.attacker", response(0, "dh")),
                ev("dogfight.window.attacker", played(0, "dh", pb::DogFightEffect::DirectHit, 2)),
                ev("dogfight.window.attacker", passed(0)),
                ev("dogfight.window.target", response(1, "rf")),
                ev("dogfight.window.target", played(1, "rf", pb::DogFightEffect::ReturnFire, 3)),
                ev("dogfight.window.target", passed(1)),
                ev("dogfight.resolve", damage("hauler", "viper", 3)),
                ev("dogfight.destroy", Kind::VesselDestroyed(pb::VesselDestroyed { vessel: "viper".into() })),
                ev("dogfight.player_out", Kind::PlayerOut(pb::PlayerOut { player: 0 })),
                ev("dogfight.mitigate", mitigated("shields")),
                ev("dogfight.mitigate", mitigated("armor")),
                ev("dogfight.attack.resolves", damage("viper", "hauler", 4)),
                ev("dogfight.win", Kind::GameOver(pb::GameOver { winner: Some(1) })),
            ];
            assert_eq!(events, expected);
            let board = state.dog_fight.as_ref().unwrap();
            assert_eq!(board.vessels.iter().map(|v| (v.id.as_str(), v.hull)).collect::<Vec<_>>(), [("hauler", 2)]);
            assert_eq!((state.phase, state.winner), (pb::Phase::GameOver as i32, Some(1)));
            assert!(board.attack.is_none() && state.pending.is_none());
        }
        "new-game-keyforge.json" => {
            let Ok(Answer::NewGame(game)) = answer else { panic!("examples/{name}: {answer:?}") };
            let state = game.state.clone().unwrap();
            assert_eq!(state.ruleset, pb::Ruleset::Keyforge as i32);
            assert!(state.players.is_empty() && state.creatures.is_empty(), "{state:?}");
            // mirror: the same five creatures on each side, in an order the seed
            // shuffles; the second player starts with 1 amber.
            let lines: Vec<Vec<&str>> =
                kf_board(&state).sides.iter().map(|s| s.battleline.iter().map(|c| c.id.as_str()).collect()).collect();
            assert_eq!(
                lines,
                [
                    ["p0-warden", "p0-runner", "p0-raider", "p0-thornback", "p0-storm"],
                    ["p1-raider", "p1-thornback", "p1-storm", "p1-warden", "p1-runner"],
                ]
            );
            assert_eq!(kf_pools(&state), [(0, 0), (5, 0)], "the second player starts with 5 amber on mirror");
            let raider = kf_creature(&state, "p0-raider");
            assert_eq!((raider.name.as_str(), raider.power, raider.assault), ("Raider Captain", 4, 2));
            assert_eq!(raider.abilities[0].id, "p0-raider.fight");
            assert_eq!((state.phase, state.turn, state.active_player), (pb::Phase::Event as i32, 1, 0));
            assert_eq!(game.events, [kf_phase("keyforge.setup", pb::Phase::Event, 1, 0)]);
            let Ok(Answer::NewGame(again)) = clients.send(name, Rpc::NewGame).await else { panic!("{name} again") };
            assert_eq!(again, game);
            // Player 0's creatures enter play exhausted but the leftmost two (the warden
            // and the runner): each may fight the raider, the thornback or the warden (its
            // taunt shields its neighbors, the storm and the runner), or reap; or end_phase.
            let ready: Vec<bool> = kf_board(&state).sides[0].battleline.iter().map(|c| !c.exhausted).collect();
            assert_eq!(ready, [true, true, false, false, false]);
            let legal = clients.legal_actions(&state).await;
            let fights = legal.iter().filter(|a| matches!(a.action, Some(pb::action::Action::Strike(_)))).count();
            assert_eq!((fights, legal.len()), (6, 9), "{legal:?}");
            assert_eq!(legal.last(), Some(&end_phase_action()));
        }
        "list-rulesets.json" => {
            let Ok(Answer::Rulesets(list)) = answer else { panic!("examples/{name}: {answer:?}") };
            let served: Vec<(i32, &str, bool, bool)> =
                list.rulesets.iter().map(|r| (r.ruleset, r.name.as_str(), r.resolves_strikes, r.skirmish)).collect();
            assert_eq!(
                served,
                [
                    (pb::Ruleset::Egame as i32, "egame", true, true),
                    (pb::Ruleset::DimensionalRift as i32, "dimensional-rift", true, true),
                    (pb::Ruleset::Keyforge as i32, "keyforge", true, true),
                    (pb::Ruleset::CastleRampage as i32, "castle-rampage", true, true),
                    (pb::Ruleset::DogFight as i32, "dog-fight", true, true),
                ]
            );
            for info in &list.rulesets[..2] {
                assert!(["men-vs-fey", "duel"].iter().all(|s| info.scenarios.iter().any(|x| x == s)), "{info:?}");
            }
            assert_eq!(list.rulesets[2].scenarios, ["mirror", "clash"]);
            assert_eq!(list.rulesets[3].scenarios, ["standard", "siege", "raid"]);
        }
        "choose-action.json" => {
            let Ok(Answer::Choose(chosen)) = answer else { panic!("examples/{name}: {answer:?}") };
            let request: pb::ChooseActionRequest = parse(name, "fray.v1.ChooseActionRequest");
            let state = request.state.unwrap();
            let legal = clients.legal_actions(&state).await;
            let action = chosen.action.unwrap();
            assert!(legal.contains(&action), "{action:?} is not among {legal:?}");
            assert!(!chosen.stats.is_empty());
            for stat in &chosen.stats {
                assert!(legal.contains(stat.action.as_ref().unwrap()), "{stat:?}");
                assert!((-1.0..=1.0).contains(&stat.mean_reward), "{stat:?}");
            }
            // Player 1 has 1 HP left and nothing can block a strike on the empty 1:4.
            assert_eq!(action, strike_action("knight", 1, 4));
            let request = pb::ApplyActionRequest { state: Some(state), action: Some(action), ..Default::default() };
            let after = clients.rules.apply_action(request).await.unwrap().into_inner();
            let over = ev("egame.sba.game_over", Kind::GameOver(pb::GameOver { winner: Some(0) }));
            assert_eq!(after.events.last(), Some(&over));
        }
        "resolve-castle-worked-example.json" => {
            let (state, events) = resolved(name, answer);
            // Strength 9 beats the Gate's Knight (defense 4): 5 left, the Gate is empty,
            // so the attack goes on into the Castle, whose Ogre (Castle defense 6) holds:
            // the Battering Ram is destroyed and the Ogre goes back on top, face down.
            assert_eq!(
                events,
                [
                    revealed("castle.attack.target", "b-knight", "gate"),
                    destroyed("castle.attack.stronger", "b-knight"),
                    revealed("castle.attack.into_castle", "b-ogre", "castle"),
                    destroyed("castle.attack.weaker", "a-ram"),
                    returned("castle.attack.weaker", "b-ogre", "castle"),
                    attack_ended("castle.attack.weaker", 5),
                ]
            );
            let board = castle_board(&state);
            assert!(board.sides[1].gate.is_empty());
            assert_eq!(ids(&board.sides[1].castle), ["b-ogre", "b-tower"]);
            assert!(board.sides[0].hand.is_empty());
            assert_eq!(ids(&board.discard), ["b-knight", "a-ram"]);
            assert_eq!((state.phase, state.winner), (pb::Phase::Unspecified as i32, None));
        }
        "resolve-castle-tie.json" => {
            let (state, events) = resolved(name, answer);
            // 6 against the Palisade's Gate defense 6: both are destroyed, the attack
            // ends with nothing left and the Archer under it stays unrevealed.
            assert_eq!(
                events,
                [
                    revealed("castle.attack.target", "b-palisade", "gate"),
                    destroyed("castle.attack.tie", "a-knight"),
                    destroyed("castle.attack.tie", "b-palisade"),
                    attack_ended("castle.attack.tie", 0),
                ]
            );
            let board = castle_board(&state);
            assert_eq!(ids(&board.sides[1].gate), ["b-archer"]);
            assert_eq!(ids(&board.discard), ["a-knight", "b-palisade"]);
        }
        "resolve-castle-win.json" => {
            let (state, events) = resolved(name, answer);
            // 11 - 2 (the Archer in the Gate) = 9 carries into the Castle, whose last
            // card, the Knight (Castle defense 5), falls: player 0 wins at once.
            assert_eq!(
                events,
                [
                    revealed("castle.attack.target", "b-archer", "gate"),
                    destroyed("castle.attack.stronger", "b-archer"),
                    revealed("castle.attack.into_castle", "b-knight", "castle"),
                    destroyed("castle.attack.stronger", "b-knight"),
                    attack_ended("castle.attack.win", 4),
                    ev("castle.attack.win", Kind::GameOver(pb::GameOver { winner: Some(0) })),
                ]
            );
            assert_eq!((state.phase, state.winner), (pb::Phase::GameOver as i32, Some(0)));
            let board = castle_board(&state);
            assert!(board.sides[1].castle.is_empty());
            assert_eq!(ids(&board.discard), ["b-archer", "b-knight", "a-giant"]);
            assert!(clients.legal_actions(&state).await.is_empty(), "nothing is legal once the game is over");
        }
        "new-game-castle.json" => {
            let Ok(Answer::NewGame(game)) = answer else { panic!("examples/{name}: {answer:?}") };
            let state = game.state.clone().unwrap();
            assert_eq!(state.ruleset, pb::Ruleset::CastleRampage as i32);
            assert!(state.players.is_empty() && state.creatures.is_empty(), "{state:?}");
            let board = castle_board(&state);
            // standard: 3 Gate, 4 Castle and 3 hand cards each, and the second player
            // one more Castle and one more hand card; player 0 has drawn 2 already (the
            // Draw phase passes by itself) and may reinforce.
            let sizes: Vec<(usize, usize, usize)> =
                board.sides.iter().map(|s| (s.gate.len(), s.castle.len(), s.hand.len())).collect();
            assert_eq!(sizes, [(3, 4, 5), (3, 5, 4)]);
            assert_eq!((board.draw_pile.len(), board.discard.len()), (13, 0));
            assert_eq!((state.phase, state.turn, state.active_player), (pb::Phase::Deployment as i32, 1, 0));
            for (p, side) in board.sides.iter().enumerate() {
                assert!(side.gate.iter().chain(&side.castle).chain(&side.hand).all(|c| c.owner == p as u32));
            }
            let rules: Vec<&str> = game.events.iter().map(|e| e.rule.as_str()).collect();
            assert_eq!(rules, ["castle.setup", "castle.turn.draw", "castle.turn.draw", "castle.turn.phase"]);
            let Ok(Answer::NewGame(again)) = clients.send(name, Rpc::NewGame).await else { panic!("{name} again") };
            assert_eq!(again, game);
        }
        "apply-action-reinforce.json" => {
            let (state, events) = resolved(name, answer);
            let phase = |phase: pb::Phase| {
                let kind = Kind::PhaseChanged(pb::PhaseChanged { phase: phase as i32, turn: 3, active_player: 0 });
                ev("castle.turn.phase", kind)
            };
            // The Stone Wall goes face down under the Knight; the Deployment ends, and
            // the Event waits for the Archer's attack.
            assert_eq!(events, [returned("castle.turn.reinforce", "a-wall", "castle"), phase(pb::Phase::Event)]);
            let board = castle_board(&state);
            assert_eq!(ids(&board.sides[0].castle), ["a-knight", "a-wall"]);
            assert_eq!(ids(&board.sides[0].hand), ["a-archer"]);
            assert_eq!((state.phase, state.active_player, state.turn), (pb::Phase::Event as i32, 0, 3));
            let strike = pb::Strike { attacker: "a-archer".into(), ..Default::default() };
            let end = pb::Action { action: Some(pb::action::Action::EndPhase(pb::EndPhase {})), ..Default::default() };
            let attack = pb::Action { action: Some(pb::action::Action::Strike(strike)), ..Default::default() };
            assert_eq!(clients.legal_actions(&state).await, [attack, end]);
        }
        "choose-action-castle.json" => {
            let Ok(Answer::Choose(chosen)) = answer else { panic!("examples/{name}: {answer:?}") };
            let request: pb::ChooseActionRequest = parse(name, "fray.v1.ChooseActionRequest");
            let state = request.state.unwrap();
            let legal = clients.legal_actions(&state).await;
            let action = chosen.action.unwrap();
            assert!(legal.contains(&action), "{action:?} is not among {legal:?}");
            assert!(!chosen.stats.is_empty());
            // The Catapult's 10 beats any card that can stand in the bot's one-card
            // Castle; the Militia's 3 does not beat the Tower.
            let catapult = pb::Strike { attacker: "a-catapult".into(), ..Default::default() };
            assert_eq!(action, pb::Action { action: Some(pb::action::Action::Strike(catapult)), ..Default::default() });
            let request = pb::ApplyActionRequest { state: Some(state), action: Some(action), ..Default::default() };
            let after = clients.rules.apply_action(request).await.unwrap().into_inner();
            let over = ev("castle.attack.win", Kind::GameOver(pb::GameOver { winner: Some(0) }));
            assert_eq!(after.events.last(), Some(&over));
        }
        "resolve-keyforge-fight.json" => {
            let (state, events) = resolved(name, answer);
            // The assault's 2 meet the squire's ward (gone, all 2 prevented); in the
            // exchange its armor 2 takes 2 of the raider's 4; both survive, so the
            // raider's Fight: ability captures 1 amber from player 1.
            let capture = pb::AmberMoved {
                from_player: 1,
                to_player: 0,
                amount: 1,
                creature: "raider".into(),
                ..Default::default()
            };
            let mut expected = fight_declared("raider", "squire").to_vec();
            expected.extend([
                resolves("keyforge.keyword.assault", "raider:assault", "raider"),
                pending_damage("raider", "squire", 2),
                ev("keyforge.damage.ward", Kind::WardRemoved(pb::WardRemoved { creature: "squire".into() })),
                prevented("keyforge.damage.ward", "squire", 2, "ward"),
                exchange("raider", "squire", 4, 3),
                pending_damage("raider", "squire", 4),
                pending_damage("squire", "raider", 3),
                prevented("keyforge.damage.armor", "squire", 2, "armor"),
                landed("raider", "squire", 2),
                landed("squire", "raider", 3),
                resolves("keyforge.ability.fight", "raider.fight", "raider"),
                amber("keyforge.effect.amber", capture),
                fight_ended("keyforge.fight.end", "raider", "squire", true),
            ]);
            assert_eq!(events, expected);
            assert_eq!(kf_lines(&state), [vec![("raider", 3)], vec![("squire", 2)]]);
            let (raider, squire) = (kf_creature(&state, "raider"), kf_creature(&state, "squire"));
            assert_eq!((raider.exhausted, raider.amber), (true, 1));
            assert_eq!((squire.ward, squire.armor_used), (false, 2));
            assert_eq!(kf_pools(&state), [(0, 0), (2, 0)]);
            assert_eq!((state.phase, state.pending.as_ref()), (pb::Phase::Unspecified as i32, None));
        }
        "resolve-keyforge-order.json" => {
            let (state, events) = resolved(name, answer);
            // The raider's assault and the thornback's hazardous wait together: the
            // active player orders them.
            let order = kf_decision(0, pb::DecisionKind::Order, &["raider:assault", "thornback:hazardous"]);
            let mut expected = fight_declared("raider", "thornback").to_vec();
            expected.push(requested("keyforge.order", order.clone()));
            assert_eq!(events, expected);
            assert_eq!(state.pending, Some(order));
            let board = kf_board(&state);
            assert_eq!(board.resolution.len(), 2, "{board:?}");
            let Some(pb::keyforge_step::Step::Window(window)) = &board.resolution[1].step else { panic!("{board:?}") };
            assert_eq!(window.items, ["raider:assault", "thornback:hazardous"]);
            assert_eq!(window.kind, pb::KeyforgeWindowKind::PreFight as i32);
            // examples/apply-action-keyforge-order.json re-submits exactly this state.
            let apply: pb::ApplyActionRequest = parse("apply-action-keyforge-order.json", "fray.v1.ApplyActionRequest");
            assert_eq!(apply.state.as_ref(), Some(&state), "apply-action-keyforge-order.json re-submits this state");
        }
        "apply-action-keyforge-order.json" => {
            let (state, events) = resolved(name, answer);
            // Assault first: its 2 bring the thornback's damage to its power 3, it is
            // destroyed before its hazardous resolves, and the fight is cut short.
            assert_eq!(
                events,
                [
                    resolves("keyforge.keyword.assault", "raider:assault", "raider"),
                    pending_damage("raider", "thornback", 2),
                    landed("raider", "thornback", 2),
                    tagged("keyforge.damage.destroy", "thornback"),
                    left_play("thornback"),
                    fight_ended("keyforge.fight.cut_short", "raider", "thornback", false),
                ]
            );
            assert_eq!(kf_lines(&state), [vec![("raider", 0)], vec![]]);
            assert_eq!(kf_board(&state).sides[1].discard, ["Thornback"]);
            assert_eq!(kf_pools(&state), [(0, 0), (2, 0)], "no Fight: ability, no capture");
            assert!(state.pending.is_none() && kf_board(&state).resolution.is_empty(), "{state:?}");
        }
        "resolve-keyforge-choices.json" => {
            let (state, events) = resolved(name, answer);
            // The same fight with choices: [hazardous first]: the raider takes 2, then
            // the assault destroys the thornback; cut short all the same.
            let order = kf_decision(0, pb::DecisionKind::Order, &["raider:assault", "thornback:hazardous"]);
            let mut expected = fight_declared("raider", "thornback").to_vec();
            expected.extend([
                requested("keyforge.order", order),
                resolves("keyforge.keyword.hazardous", "thornback:hazardous", "thornback"),
                pending_damage("thornback", "raider", 2),
                landed("thornback", "raider", 2),
                resolves("keyforge.keyword.assault", "raider:assault", "raider"),
                pending_damage("raider", "thornback", 2),
                landed("raider", "thornback", 2),
                tagged("keyforge.damage.destroy", "thornback"),
                left_play("thornback"),
                fight_ended("keyforge.fight.cut_short", "raider", "thornback", false),
            ]);
            assert_eq!(events, expected);
            assert_eq!(kf_lines(&state), [vec![("raider", 2)], vec![]]);
            assert!(state.pending.is_none());
        }
        "resolve-keyforge-poison.json" => {
            let (state, events) = resolved(name, answer);
            // The drake's 2 land on the sprite (power 3): poison destroys it; the
            // sprite's 3 destroy the drake. The sprite's Destroyed: ability asks its
            // controller for a target (the tagged creatures are not eligible), answered
            // by the request's choice; both leave play together and the 2 amber on the
            // drake go to player 1.
            let target = kf_decision(1, pb::DecisionKind::Target, &["hoarder", "storm"]);
            let on_drake = pb::AmberMoved {
                from_player: 0,
                to_player: 1,
                amount: 2,
                creature: "drake".into(),
                ..Default::default()
            };
            let mut expected = fight_declared("drake", "sprite").to_vec();
            expected.extend([
                exchange("drake", "sprite", 2, 3),
                pending_damage("drake", "sprite", 2),
                pending_damage("sprite", "drake", 3),
                landed("drake", "sprite", 2),
                landed("sprite", "drake", 3),
                tagged("keyforge.keyword.poison", "sprite"),
                tagged("keyforge.damage.destroy", "drake"),
                resolves("keyforge.ability.destroyed", "sprite.destroyed", "sprite"),
                requested("keyforge.ability.target", target),
                pending_damage("sprite", "hoarder", 2),
                landed("sprite", "hoarder", 2),
                left_play("sprite"),
                left_play("drake"),
                amber("keyforge.destroy.amber", on_drake),
                fight_ended("keyforge.fight.end", "drake", "sprite", true),
            ]);
            assert_eq!(events, expected);
            assert_eq!(kf_lines(&state), [vec![("hoarder", 2)], vec![("storm", 0)]]);
            let board = kf_board(&state);
            assert_eq!(
                (board.sides[0].discard.as_slice(), board.sides[1].discard.as_slice()),
                (&["Venom Drake".to_owned()][..], &["Ember Sprite".to_owned()][..])
            );
            assert_eq!(kf_pools(&state), [(0, 0), (2, 0)]);
        }
        "apply-action-keyforge-reap.json" => {
            let (state, events) = resolved(name, answer);
            // Player 1 reaps with the Shade Runner: it exhausts, 1 amber from the
            // supply, then its Reap: ability steals 1 from player 0.
            let gained = pb::AmberMoved { to_player: 1, amount: 1, from_supply: true, ..Default::default() };
            let stolen = pb::AmberMoved { from_player: 0, to_player: 1, amount: 1, ..Default::default() };
            assert_eq!(
                events,
                [
                    exhausted("keyforge.reap", "p1-runner"),
                    ev("keyforge.reap", Kind::Reaped(pb::Reaped { creature: "p1-runner".into() })),
                    amber("keyforge.reap", gained),
                    resolves("keyforge.ability.reap", "p1-runner.reap", "p1-runner"),
                    amber("keyforge.effect.amber", stolen),
                ]
            );
            assert_eq!(kf_pools(&state), [(2, 1), (6, 0)]);
            assert!(kf_creature(&state, "p1-runner").exhausted);
            assert_eq!((state.phase, state.active_player, state.turn), (pb::Phase::Event as i32, 1, 4));
            // Both creatures are used: only end_phase is left. Player 0's turn passes;
            // then player 1, at 6 amber, forges a key at the start of its turn.
            assert_eq!(clients.legal_actions(&state).await, [end_phase_action()]);
            let (state, events) = apply(clients, state, end_phase_action()).await;
            assert_eq!(
                events,
                [
                    kf_phase("keyforge.turn.end", pb::Phase::Begin, 5, 0),
                    kf_phase("keyforge.turn.phase", pb::Phase::Event, 5, 0),
                ]
            );
            let (state, events) = apply(clients, state, end_phase_action()).await;
            let spent = pb::AmberMoved { from_player: 1, amount: 6, to_supply: true, ..Default::default() };
            assert_eq!(
                events,
                [
                    kf_phase("keyforge.turn.end", pb::Phase::Begin, 6, 1),
                    amber("keyforge.turn.forge", spent),
                    ev("keyforge.turn.forge", Kind::KeyForged(pb::KeyForged { player: 1, keys: 1 })),
                    kf_phase("keyforge.turn.phase", pb::Phase::Event, 6, 1),
                ]
            );
            assert_eq!(kf_pools(&state), [(2, 1), (0, 1)]);
        }
        "choose-action-keyforge.json" => {
            let Ok(Answer::Choose(chosen)) = answer else { panic!("examples/{name}: {answer:?}") };
            let request: pb::ChooseActionRequest = parse(name, "fray.v1.ChooseActionRequest");
            let state = request.state.unwrap();
            let legal = clients.legal_actions(&state).await;
            let action = chosen.action.unwrap();
            assert!(legal.contains(&action), "{action:?} is not among {legal:?}");
            assert!(!chosen.stats.is_empty());
            // Player 1 has 2 keys and 6 amber: it forges its third at the start of its
            // next turn unless the runner's reap steals 1. That reap also brings player
            // 0 to 7, and its own third key next turn: the agent reaps.
            assert_eq!(action, reap_action("p0-runner"));
            let (state, _) = apply(clients, state, action).await;
            assert_eq!(kf_pools(&state), [(7, 2), (5, 2)]);
            let (state, _) = apply(clients, state, end_phase_action()).await;
            let (state, events) = apply(clients, state, end_phase_action()).await;
            assert_eq!(
                events[events.len() - 2..],
                [
                    ev("keyforge.turn.forge", Kind::KeyForged(pb::KeyForged { player: 0, keys: 3 })),
                    ev("keyforge.turn.win", Kind::GameOver(pb::GameOver { winner: Some(0) })),
                ]
            );
            assert_eq!((state.phase, state.winner), (pb::Phase::GameOver as i32, Some(0)));
        }
        "resolve-keyforge-invalid-state.json" => {
            let status = failed(name, answer, Code::InvalidArgument);
            let details = status.get_error_details();
            let bad = details.bad_request().unwrap_or_else(|| panic!("no BadRequest detail in {status:?}"));
            let fields: Vec<&str> = bad.field_violations.iter().map(|v| v.field.as_str()).collect();
            assert_eq!(
                fields,
                [
                    "state.keyforge.sides[0].battleline[1].power",
                    "state.keyforge.sides[1].amber",
                    "state.keyforge.sides[1].battleline[0].damage",
                ]
            );
            let said: Vec<&str> = bad.field_violations.iter().map(|v| v.description.as_str()).collect();
            assert_eq!(said[0], "power 0 must be at least 1");
            assert_eq!(said[1], "amber -1 cannot be negative");
            assert!(said[2].starts_with("damage 3 reaches power 3"), "{said:?}");
        }
        "resolve-strike-batch.json" => {
            let Ok(Answer::ResolveBatch(batch)) = answer else { panic!("examples/{name}: {answer:?}") };
            let [blocked, unreachable, direct] = batch.results.as_slice() else { panic!("{batch:?}") };
            let blocked = blocked.response.as_ref().unwrap_or_else(|| panic!("{blocked:?}"));
            assert_eq!(
                blocked.events,
                [
                    declared("knight", 1, 3),
                    blocker("egame.strike.block.passive", "knight", Some("wolf"), true),
                    chained("knight"),
                    damage("knight", "wolf", 2),
                    damage("wolf", "knight", 1),
                    ev("egame.sba.destroy", Kind::CreatureDestroyed(pb::CreatureDestroyed { creature: "wolf".into() })),
                ]
            );
            // The second board is refused on its own, as ResolveStrike refuses it.
            assert!(unreachable.response.is_none());
            let status = item_status(unreachable);
            assert_eq!(status.code(), Code::FailedPrecondition);
            assert!(status.message().starts_with("egame.strike.target: "), "{status:?}");
            let details = status.get_error_details();
            let info = details.error_info().unwrap_or_else(|| panic!("no ErrorInfo in {status:?}"));
            assert_eq!((info.reason.as_str(), info.domain.as_str()), ("egame.strike.target", "fray.v1"));
            let direct = direct.response.as_ref().unwrap_or_else(|| panic!("{direct:?}"));
            assert!(direct.events.contains(&hp_lost("egame.strike.direct", 1, 1)), "{direct:?}");
            assert_eq!(hps(direct.state.as_ref().unwrap()), [6, 5]);
        }
        "apply-action-batch.json" => {
            let Ok(Answer::ApplyBatch(batch)) = answer else { panic!("examples/{name}: {answer:?}") };
            let [answered, refused] = batch.results.as_slice() else { panic!("{batch:?}") };
            let answered = answered.response.as_ref().unwrap_or_else(|| panic!("{answered:?}"));
            assert_eq!(
                answered.events,
                [
                    blocker("egame.strike.block.active.controller", "archer", Some("guard"), false),
                    chained("archer"),
                    damage("archer", "guard", 1),
                ]
            );
            let state = answered.state.as_ref().unwrap();
            assert_eq!((state.pending.as_ref(), state.chain.len()), (None, 0));
            let status = item_status(refused);
            assert_eq!(status.code(), Code::InvalidArgument, "{status:?}");
            let details = status.get_error_details();
            let bad = details.bad_request().unwrap_or_else(|| panic!("no BadRequest in {status:?}"));
            let fields: Vec<&str> = bad.field_violations.iter().map(|v| v.field.as_str()).collect();
            assert_eq!(fields, ["action.choice.option"]);
        }
        "play.json" => {
            let Ok(Answer::Play(answers)) = answer else { panic!("examples/{name}: {answer:?}") };
            let [listed, struck, refused, declined] = answers.as_slice() else { panic!("{answers:?}") };
            // No action: only the legal actions, as LegalActions lists them.
            assert_eq!((listed.state.as_ref(), listed.events.len(), listed.status.as_ref()), (None, 0, None));
            let board = parse_stream::<pb::PlayRequest>(name, "fray.v1.PlayRequest")[0].state.clone().unwrap();
            assert_eq!(listed.legal_actions, clients.legal_actions(&board).await);
            assert!(listed.legal_actions.contains(&strike_action("archer", 1, 0)), "{listed:?}");
            // The strike stops at the guard's block, with its answers next.
            let state = struck.state.as_ref().unwrap();
            assert_eq!(state.pending.as_ref(), Some(&block_decision(1, &["guard"])));
            assert_eq!(struck.events.first(), Some(&declared("archer", 1, 0)));
            assert_eq!(
                struck.legal_actions,
                [
                    choice_action(pb::choice::Choice::Option("guard".into())),
                    choice_action(pb::choice::Choice::Decline(true))
                ]
            );
            // A summon on a bare board is refused, and the stream goes on.
            let status = item_status(refused);
            assert_eq!(status.code(), Code::FailedPrecondition, "{status:?}");
            assert!(status.message().starts_with("skirmish.phase: "), "{status:?}");
            // The returned state sent back with the block declined: a direct attack.
            assert!(declined.events.contains(&hp_lost("egame.strike.direct", 1, 1)), "{declined:?}");
            assert_eq!(hps(declined.state.as_ref().unwrap()), [6, 5]);
            // The archer has acted; on a bare board the guard may still strike.
            assert_eq!(declined.legal_actions, [strike_action("guard", 1, 0)]);
        }
        other => panic!("examples/{other} has no check here: add it to EXAMPLES and check its answer"),
    }
}

/// A batch item's or a Play answer's status, read as a call's.
fn item_status(result: &impl ItemResult) -> Status {
    let item = result.status().unwrap_or_else(|| panic!("not refused: {result:?}"));
    Status::with_details(Code::from_i32(item.code), item.message.clone(), prost::Message::encode_to_vec(item).into())
}

/// What carries an item's status.
trait ItemResult: std::fmt::Debug {
    fn status(&self) -> Option<&pb::ItemStatus>;
}

impl ItemResult for pb::ResolveStrikeResult {
    fn status(&self) -> Option<&pb::ItemStatus> {
        self.status.as_ref()
    }
}

impl ItemResult for pb::ApplyActionResult {
    fn status(&self) -> Option<&pb::ItemStatus> {
        self.status.as_ref()
    }
}

impl ItemResult for pb::PlayResponse {
    fn status(&self) -> Option<&pb::ItemStatus> {
        self.status.as_ref()
    }
}

// ---------------------------------------------------------------------------
// The tests

/// The files in examples/ other than its README.
fn example_files() -> BTreeSet<String> {
    std::fs::read_dir(examples_dir())
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| name != "README.md")
        .collect()
}

#[test]
fn the_examples_folder_holds_exactly_the_known_examples() {
    let known: BTreeSet<String> = EXAMPLES.iter().map(|(name, _)| (*name).to_owned()).collect();
    assert_eq!(known.len(), EXAMPLES.len(), "an example is listed twice");
    let files = example_files();
    let unknown: Vec<_> = files.difference(&known).collect();
    assert!(unknown.is_empty(), "examples/ holds files this test does not check: {unknown:?}");
    let missing: Vec<_> = known.difference(&files).collect();
    assert!(missing.is_empty(), "known examples are missing from examples/: {missing:?}");
}

#[test]
fn every_rpc_has_an_example_and_the_readme_lists_every_example() {
    let covered: BTreeSet<Rpc> = EXAMPLES.iter().map(|(_, rpc)| *rpc).collect();
    assert_eq!(covered, Rpc::ALL.into_iter().collect());
    let readme = read("README.md");
    for (name, rpc) in EXAMPLES {
        assert!(
            readme.lines().any(|l| l.contains(&format!("`{name}`")) && l.contains(rpc.path())),
            "examples/README.md has no line naming `{name}` and {}",
            rpc.path()
        );
    }
}

#[tokio::test]
async fn every_example_gets_the_answer_it_shows() {
    let server = EmbeddedServer::start().await.unwrap();
    let channel = client::channel(&server.url(), &fray_cli::tls::ClientTls::default()).await.unwrap();
    let mut clients = Clients { rules: client::rules(channel.clone()), agent: client::agent(channel) };

    // Every file, the unknown ones included: they fail here.
    for name in example_files() {
        let Some(&(_, rpc)) = EXAMPLES.iter().find(|(n, _)| *n == name) else {
            panic!("examples/{name} has no check here: add it to EXAMPLES and check its answer");
        };
        let answer = clients.send(&name, rpc).await;
        check(&name, answer, &mut clients).await;
    }

    // Every ruleset the server serves has a ResolveStrike and a NewGame example.
    let list = clients.rules.list_rulesets(pb::ListRulesetsRequest {}).await.unwrap().into_inner();
    for info in list.rulesets.iter().filter(|r| r.resolves_strikes) {
        let wire = pb::Ruleset::try_from(info.ruleset).unwrap().as_str_name();
        for rpc in [Rpc::ResolveStrike, Rpc::NewGame] {
            let shown = EXAMPLES.iter().any(|(name, r)| *r == rpc && read(name).contains(wire));
            assert!(shown, "{wire} is served but no {} example uses it", rpc.path());
        }
    }
    server.stop().await.unwrap();
}
