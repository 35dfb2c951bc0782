//! Dog Fight over a real tonic channel: an attack with three and four players, whose
//! response windows run in seat order from the target across calls (nothing kept
//! between them), LegalActions at a decision, the Agent choosing for a seat of a three-
//! and a four-player game, and NewGame dealing the skirmish for two to four players.
#![allow(missing_docs, clippy::unwrap_used, clippy::panic)]

use fray_core::Game;
use fray_core::rulesets::dog_fight::DogFightState;
use fray_proto::fray::v1 as pb;
use fray_service::convert;
use fray_testkit::prelude::*;
use pb::agent_client::AgentClient;

fn vessel(id: &str, controller: u32, x: i32) -> pb::Vessel {
    pb::Vessel {
        id: id.into(),
        name: id.into(),
        controller,
        x,
        y: 0,
        attack: 3,
        range: 9,
        hull: 5,
        ..Default::default()
    }
}

fn negate(id: &str) -> pb::DogFightCard {
    pb::DogFightCard { id: id.into(), name: "Negate".into(), effect: pb::DogFightEffect::Negate as i32, amount: 0 }
}

/// Four players, each with one vessel and a Negate; player 0 attacks player 2's vessel.
fn four_players() -> pb::GameState {
    pb::GameState {
        ruleset: pb::Ruleset::DogFight as i32,
        dog_fight: Some(pb::DogFightBoard {
            width: 8,
            height: 2,
            vessels: (0..4).map(|p| vessel(&format!("v{p}"), p, p as i32)).collect(),
            sides: (0..4).map(|p| pb::DogFightSide { hand: vec![negate(&format!("n{p}"))], discard: vec![] }).collect(),
            attack: None,
        }),
        ..Default::default()
    }
}

fn attack(attacker: &str, defender: &str) -> pb::Strike {
    pb::Strike { attacker: attacker.into(), defender: defender.into(), ..Default::default() }
}

#[tokio::test]
async fn the_windows_run_in_seat_order_from_the_target_across_calls() {
    let server = TestServer::start().await;
    let mut rules = server.rules();
    let first = rules.resolve_strike(resolve(four_players(), attack("v0", "v2"), vec![])).await.unwrap().into_inner();
    // The attacker holds no Direct Hit: its window closes unasked; the target is asked.
    let mut state = first.state.unwrap();
    let mut asked = Vec::new();
    while let Some(p) = state.pending.clone() {
        asked.push(p.player);
        assert_eq!(p.kind, pb::DecisionKind::Response as i32);
        assert!(p.may_decline);
        let legal = rules
            .legal_actions(pb::LegalActionsRequest { state: Some(state.clone()), ..Default::default() })
            .await
            .unwrap();
        assert_eq!(legal.into_inner().actions, [choice_action(option(&p.options[0])), choice_action(decline())]);
        let next = rules.apply_action(apply(state, choice_action(decline()))).await.unwrap().into_inner();
        state = next.state.unwrap();
    }
    assert_eq!(asked, [2, 3, 1]);
    let board = state.dog_fight.unwrap();
    assert_eq!(board.vessels[2].hull, 2, "nobody negated: 3 damage");
    assert!(board.attack.is_none());
}

#[tokio::test]
async fn a_negation_by_a_third_player_stops_the_damage() {
    let server = TestServer::start().await;
    // Player 2 (the target) passes, player 3 negates, player 1 passes.
    let choices = vec![decline(), option("n3"), decline()];
    let done = server.rules().resolve_strike(resolve(four_players(), attack("v0", "v2"), choices)).await.unwrap();
    let done = done.into_inner();
    assert!(done.events.iter().any(|e| e.rule == "dogfight.resolve.negate"));
    assert_eq!(done.state.unwrap().dog_fight.unwrap().vessels[2].hull, 5);
}

#[tokio::test]
async fn the_agent_chooses_for_a_seat_of_a_three_and_a_four_player_game() {
    let server = TestServer::start().await;
    let mut agent = AgentClient::new(server.channel.clone());
    let mut rules = server.rules();
    for scenario in ["trio", "melee"] {
        let game = DogFightState::new_game(4, scenario, &mut Vec::<fray_core::Event>::new()).unwrap();
        let state = convert::state_from_setup(game.to_setup().into());
        let request = pb::ChooseActionRequest {
            state: Some(state.clone()),
            player: 0,
            budget: Some(pb::SearchBudget { playouts: 80, time_ms: 0, ..Default::default() }),
            seed: 2,
            ..Default::default()
        };
        let answer = agent.choose_action(request).await.unwrap().into_inner();
        let legal = rules
            .legal_actions(pb::LegalActionsRequest { state: Some(state), ..Default::default() })
            .await
            .unwrap()
            .into_inner();
        assert!(legal.actions.contains(answer.action.as_ref().unwrap()), "{scenario}");
        assert!(!answer.stats.is_empty(), "{scenario}");
    }
}

#[tokio::test]
async fn a_bad_board_names_its_fields_and_new_game_deals_each_scenario() {
    let server = TestServer::start().await;
    let mut rules = server.rules();
    let mut state = four_players();
    let board = state.dog_fight.as_mut().unwrap();
    board.vessels[1].x = 40;
    board.sides[2].hand[0].effect = 9;
    let status = rules.resolve_strike(resolve(state, attack("v0", "v9"), vec![])).await.unwrap_err();
    assert_eq!(bad_fields(&status), ["state.dog_fight.vessels[1].x", "state.dog_fight.sides[2].hand[0].effect"]);
    for (scenario, players) in [("duel", 2), ("trio", 3), ("melee", 4), ("", 2)] {
        let request = pb::NewGameRequest {
            ruleset: pb::Ruleset::DogFight as i32,
            seed: 1,
            scenario: scenario.into(),
            ..Default::default()
        };
        let dealt = rules.new_game(request).await.unwrap().into_inner();
        let board = dealt.state.unwrap().dog_fight.unwrap();
        assert_eq!((board.sides.len(), board.vessels.len()), (players, 3 * players), "{scenario:?}");
    }
    let request = pb::NewGameRequest {
        ruleset: pb::Ruleset::DogFight as i32,
        seed: 1,
        scenario: "chess".into(),
        ..Default::default()
    };
    let status = rules.new_game(request).await.unwrap_err();
    assert_eq!(status.code(), tonic::Code::InvalidArgument);
    assert!(status.message().contains("duel, trio, melee"), "{}", status.message());
}
