//! KeyForge over a real tonic channel: a fight resolved step by step, a decision
//! answered in a later call with the state the server returned (nothing kept between
//! calls), LegalActions at a decision, a reap, NewGame, the Agent, and errors with
//! field paths and rules.
#![allow(missing_docs, clippy::unwrap_used, clippy::panic)]

use fray_proto::fray::v1 as pb;
use fray_testkit::prelude::*;
use pb::agent_client::AgentClient;
use pb::event::Kind;
use tonic::Code;

fn kcreature(id: &str, power: i32) -> pb::KeyforgeCreature {
    pb::KeyforgeCreature { id: id.into(), name: id.into(), power, ..Default::default() }
}

fn kboard(left: Vec<pb::KeyforgeCreature>, right: Vec<pb::KeyforgeCreature>) -> pb::GameState {
    pb::GameState {
        ruleset: pb::Ruleset::Keyforge as i32,
        keyforge: Some(pb::KeyforgeBoard {
            sides: vec![
                pb::KeyforgeSide { battleline: left, ..Default::default() },
                pb::KeyforgeSide { battleline: right, ..Default::default() },
            ],
            resolution: vec![],
        }),
        ..Default::default()
    }
}

fn fight(attacker: &str, defender: &str) -> pb::Strike {
    pb::Strike { attacker: attacker.into(), defender: defender.into(), ..Default::default() }
}

fn rules_of(events: &[pb::Event]) -> Vec<&str> {
    events.iter().map(|e| e.rule.as_str()).collect()
}

/// An assault attacker against a hazardous defender: the pre-fight window orders them.
fn raid() -> pb::GameState {
    kboard(
        vec![pb::KeyforgeCreature { assault: 2, ..kcreature("raider", 4) }],
        vec![pb::KeyforgeCreature { hazardous: 3, armor: 1, ..kcreature("thorn", 3) }],
    )
}

#[tokio::test]
async fn a_fight_resolves_step_by_step_through_the_damage_chart() {
    let server = TestServer::start().await;
    let state = kboard(vec![kcreature("a", 3)], vec![pb::KeyforgeCreature { ward: true, ..kcreature("d", 2) }]);
    let answer = server.rules().resolve_strike(resolve(state, fight("a", "d"), vec![])).await.unwrap().into_inner();
    assert_eq!(
        answer.events,
        [
            ev("keyforge.fight.declare", Kind::CreatureExhausted(pb::CreatureExhausted { creature: "a".into() })),
            ev(
                "keyforge.fight.declare",
                Kind::FightDeclared(pb::FightDeclared { attacker: "a".into(), defender: "d".into() })
            ),
            ev(
                "keyforge.fight.exchange",
                Kind::FightExchange(pb::FightExchange {
                    attacker: "a".into(),
                    defender: "d".into(),
                    attacker_deals: 3,
                    defender_deals: 2
                })
            ),
            ev(
                "keyforge.damage.pending",
                Kind::DamagePending(pb::DamagePending { source: "a".into(), target: "d".into(), amount: 3 })
            ),
            ev(
                "keyforge.damage.pending",
                Kind::DamagePending(pb::DamagePending { source: "d".into(), target: "a".into(), amount: 2 })
            ),
            ev("keyforge.damage.ward", Kind::WardRemoved(pb::WardRemoved { creature: "d".into() })),
            ev(
                "keyforge.damage.ward",
                Kind::DamagePrevented(pb::DamagePrevented { target: "d".into(), amount: 3, by: "ward".into() })
            ),
            ev("keyforge.damage.apply", damage("d", "a", 2)),
            ev(
                "keyforge.fight.end",
                Kind::FightEnded(pb::FightEnded { attacker: "a".into(), defender: "d".into(), exchanged: true })
            ),
        ]
    );
    let board = answer.state.unwrap().keyforge.unwrap();
    let a = &board.sides[0].battleline[0];
    assert_eq!((a.damage, a.exhausted), (2, true));
    assert!(!board.sides[1].battleline[0].ward);
}

#[tokio::test]
async fn a_decision_is_answered_in_a_later_call_with_the_state_returned() {
    let server = TestServer::start().await;
    let mut rules = server.rules();
    let first = rules.resolve_strike(resolve(raid(), fight("raider", "thorn"), vec![])).await.unwrap().into_inner();
    let waiting = first.state.unwrap();
    let pending = waiting.pending.clone().unwrap();
    assert_eq!(pending.kind, pb::DecisionKind::Order as i32);
    assert_eq!(pending.options, ["raider:assault", "thorn:hazardous"]);
    assert!(!pending.may_decline);
    assert_eq!(waiting.keyforge.as_ref().unwrap().resolution.len(), 2, "the fight and its pre-fight window");

    // LegalActions at the decision: its options, and nothing else.
    let legal = rules
        .legal_actions(pb::LegalActionsRequest { state: Some(waiting.clone()), ..Default::default() })
        .await
        .unwrap();
    assert_eq!(
        legal.into_inner().actions,
        [choice_action(option("raider:assault")), choice_action(option("thorn:hazardous"))]
    );

    // Assault first: 2 at the thorn, 1 past its armor (1 of 3); hazardous 3 at the
    // raider (3 of 4); the exchange then destroys both.
    let second =
        rules.apply_action(apply(waiting, choice_action(option("raider:assault")))).await.unwrap().into_inner();
    let done = second.state.unwrap();
    let board = done.keyforge.as_ref().unwrap();
    assert!(done.pending.is_none() && board.resolution.is_empty());
    assert!(board.sides.iter().all(|s| s.battleline.is_empty()));
    let r = rules_of(&second.events);
    assert_eq!(r[..2], ["keyforge.keyword.assault", "keyforge.damage.pending"]);
    assert!(r.contains(&"keyforge.keyword.hazardous") && r.contains(&"keyforge.fight.exchange"));

    // The same answer given up front in ResolveStrike gives the same state.
    let once = rules
        .resolve_strike(resolve(raid(), fight("raider", "thorn"), vec![option("raider:assault")]))
        .await
        .unwrap()
        .into_inner();
    assert_eq!(once.state.unwrap(), done);
}

#[tokio::test]
async fn bad_answers_and_bad_fights_name_the_field_or_the_rule() {
    let server = TestServer::start().await;
    let mut rules = server.rules();
    let status = rules.resolve_strike(resolve(raid(), fight("raider", "thorn"), vec![decline()])).await.unwrap_err();
    assert_eq!(bad_fields(&status), ["choices[0].decline"]);
    let status = rules.resolve_strike(resolve(raid(), fight("raider", "ghost"), vec![])).await.unwrap_err();
    assert_eq!(bad_fields(&status), ["strike.defender"]);
    let with_zone = pb::Strike { target: zone(1, 0), ..fight("raider", "thorn") };
    let status = rules.resolve_strike(resolve(raid(), with_zone, vec![])).await.unwrap_err();
    assert_eq!(bad_fields(&status), ["strike.target"]);
    let mut exhausted = raid();
    exhausted.keyforge.as_mut().unwrap().sides[0].battleline[0].exhausted = true;
    let status = rules.resolve_strike(resolve(exhausted, fight("raider", "thorn"), vec![])).await.unwrap_err();
    assert_eq!(status.code(), Code::FailedPrecondition);
    assert_eq!(broken_rule(&status), "keyforge.use.ready");
    let mut broken = raid();
    broken.keyforge.as_mut().unwrap().sides[1].battleline[0].power = 0;
    broken.creatures = vec![knight()];
    let status = rules.resolve_strike(resolve(broken, fight("raider", "thorn"), vec![])).await.unwrap_err();
    assert_eq!(bad_fields(&status), ["state.creatures", "state.keyforge.sides[1].battleline[0].power"]);
}

#[tokio::test]
async fn a_skirmish_deals_reaps_and_the_agent_plays_it() {
    let server = TestServer::start().await;
    let mut rules = server.rules();
    let request = pb::NewGameRequest {
        ruleset: pb::Ruleset::Keyforge as i32,
        seed: 5,
        scenario: "mirror".into(),
        ..Default::default()
    };
    let state = rules.new_game(request.clone()).await.unwrap().into_inner().state.unwrap();
    assert_eq!(state.phase, pb::Phase::Event as i32);
    let board = state.keyforge.as_ref().unwrap();
    assert_eq!(board.sides.iter().map(|s| s.battleline.len()).collect::<Vec<_>>(), [5, 5]);
    assert_eq!(rules.new_game(request).await.unwrap().into_inner().state.unwrap(), state, "same seed, same game");

    let reaper = board.sides[0].battleline[0].id.clone();
    let reap =
        pb::Action { action: Some(pb::action::Action::Reap(pb::Reap { creature: reaper })), ..Default::default() };
    let after = rules.apply_action(apply(state.clone(), reap)).await.unwrap().into_inner();
    assert!(rules_of(&after.events).contains(&"keyforge.reap"));
    assert_eq!(after.state.unwrap().keyforge.unwrap().sides[0].amber, 1);

    let mut agent = AgentClient::new(server.channel.clone());
    let choose = pb::ChooseActionRequest {
        state: Some(state.clone()),
        player: 0,
        budget: Some(pb::SearchBudget { playouts: 60, time_ms: 0, ..Default::default() }),
        seed: 3,
        ..Default::default()
    };
    let answer = agent.choose_action(choose).await.unwrap().into_inner();
    let legal = rules
        .legal_actions(pb::LegalActionsRequest { state: Some(state), ..Default::default() })
        .await
        .unwrap()
        .into_inner();
    assert!(legal.actions.contains(answer.action.as_ref().unwrap()));
    assert!(!answer.stats.is_empty());
}
