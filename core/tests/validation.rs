//! Validation at the boundary: every problem reported at once with its field path, and
//! rejected input changes nothing.
#![allow(clippy::unwrap_used, clippy::panic)]

mod common;

use common::*;
use fray_core::rulesets::zone::event::ZoneEvent;
use fray_core::rulesets::zone::setup::StrikeSetup;
use fray_core::rulesets::zone::setup::{ZoneActionSetup, ZoneStateSetup};
use fray_core::setup::{ChoiceSetup, DecisionSetup};
use fray_core::{ActionError, EventKind, GameState, SetupError};

fn violations(s: &ZoneStateSetup) -> Vec<(String, String)> {
    match GameState::from_setup(&s.clone().into()) {
        Err(SetupError::Invalid(v)) => v.0.into_iter().map(|v| (v.field, v.description)).collect(),
        other => panic!("expected violations, got {other:?}"),
    }
}

fn fields(s: &ZoneStateSetup) -> Vec<String> {
    violations(s).into_iter().map(|(f, _)| f).collect()
}

#[test]
fn every_problem_is_reported_at_once_with_its_field_path() {
    let b = Bd::egame()
        .put("a", (0, 1), 1, 2, "")
        .put("a", (0, 2), 1, 2, "") // duplicate id
        .put("c", (1, 3), 1, 2, "")
        .with("c", |c| c.zone.as_mut().unwrap().index = 7) // out of range
        .put("d", (0, 1), 1, 2, "") // same zone as creatures[0]
        .put("e", (1, 0), 1, 2, "")
        .with("e", |c| c.controller = 0) // controller and zone disagree
        .put("f", (1, 1), 1, 2, "UR2"); // double diagonal
    let f = fields(&b.0);
    assert_eq!(
        f,
        vec![
            "creatures[1].id",
            "creatures[2].zone.index",
            "creatures[3].zone",
            "creatures[4].zone.player",
            "creatures[5].arrows.up_right",
        ]
    );
}

#[test]
fn violations_say_why_in_plain_words() {
    let b = Bd::egame().put("a", (0, 1), 1, 2, "").put("a", (0, 2), 1, 2, "");
    let v = violations(&b.0);
    assert!(v[0].1.contains("duplicate id \"a\"") && v[0].1.contains("creatures[0]"), "{v:?}");
}

#[test]
fn ruleset_is_required_and_must_be_known() {
    let mut s = Bd::egame().0;
    s.ruleset = 0;
    assert_eq!(fields(&s), vec!["ruleset"]);
    s.ruleset = 42;
    let v = violations(&s);
    assert!(v[0].1.contains("42"));
}

#[test]
fn every_ruleset_is_served() {
    // A zone board named Dog Fight is read as Dog Fight's, and refused as one: the
    // wire's top level is read per ruleset by the service (service/tests/ruleset_fields.rs).
    // Every ruleset deals its default skirmish.
    for ruleset in 1..=5 {
        let (game, _) = GameState::new_game(ruleset, 0, "").unwrap();
        assert_eq!(game.ruleset().wire(), ruleset);
    }
}

#[test]
fn players_must_be_two_with_matching_ids_and_positive_hp() {
    let mut s = Bd::egame().0;
    s.players[1].id = 5;
    s.players[0].hp = 0;
    assert_eq!(fields(&s), vec!["players[0].hp", "players[1].id"]);
    s.players.pop();
    assert!(fields(&s).contains(&"players".to_string()));
}

#[test]
fn creature_stats_are_checked() {
    let b = Bd::egame()
        .put("a", (0, 0), 1, 0, "") // life 0
        .put("b", (0, 1), 1, 2, "")
        .with("b", |c| c.damage = 2) // damage reaches life
        .put("c", (0, 2), 1, 2, "")
        .with("c", |c| {
            c.armor = -1;
            c.keywords = vec![1, 1, 9];
            c.orientation = 8;
            c.owner = 2;
        })
        .put("", (0, 3), 1, 2, "");
    assert_eq!(
        fields(&b.0),
        vec![
            "creatures[0].life",
            "creatures[1].damage",
            "creatures[2].owner",
            "creatures[2].armor",
            "creatures[2].orientation",
            "creatures[2].keywords[1]",
            "creatures[2].keywords[2]",
            "creatures[3].id",
        ]
    );
}

#[test]
fn turn_phase_and_winner_are_consistent() {
    let mut s = Bd::egame().0;
    s.header.phase = 2;
    s.header.turn = 0;
    s.header.winner = Some(0);
    s.header.active_player = 3;
    assert_eq!(fields(&s), vec!["active_player", "turn", "winner"]);
}

#[test]
fn a_chain_without_a_pending_decision_is_rejected() {
    let mut s = Bd::egame().put("a", (0, 0), 1, 2, "U1").0;
    s.chain.push(strike_setup("a", (1, 4)));
    assert_eq!(fields(&s), vec!["chain"]);
}

#[test]
fn a_pending_decision_must_fit_the_strike_on_the_chain() {
    let mut s = Bd::egame().put("a", (0, 0), 1, 2, "U1").put("g", (1, 1), 1, 2, "").0;
    s.chain.push(strike_setup("a", (1, 4)));
    s.header.pending = Some(DecisionSetup { player: 1, kind: 1, options: vec!["nobody".into()], may_decline: false });
    assert_eq!(fields(&s), vec!["pending.options[0]", "pending.may_decline"]);
}

#[test]
fn a_strike_naming_nothing_is_invalid_with_its_path() {
    let mut g = Bd::egame().put("knight", (0, 1), 2, 3, "U1").build();
    let before = g.clone();
    let err = g.resolve_strike(
        &StrikeSetup { attacker: "nobody".into(), target: zone(1, 9), ..Default::default() }.into(),
        &[],
    );
    let Err(ActionError::Invalid(v)) = err else { panic!("{err:?}") };
    let f: Vec<_> = v.0.iter().map(|v| v.field.as_str()).collect();
    assert_eq!(f, vec!["strike.attacker", "strike.target.index"]);
    assert_eq!(g, before);
}

#[test]
fn a_choice_that_answers_no_pending_decision_is_invalid_and_changes_nothing() {
    let mut g = Bd::egame().put("knight", (0, 1), 2, 3, "U1").build();
    let before = g.clone();
    let err = g.resolve_strike(&strike_setup("knight", (1, 3)).into(), &[decline()]).unwrap_err();
    let ActionError::Invalid(v) = err else { panic!() };
    assert_eq!(v.0[0].field, "choices[0]");
    assert_eq!(g, before, "the strike before the bad choice is not kept either");
    let err = g.apply_action(&ZoneActionSetup::Choice(decline()).into(), "action").unwrap_err();
    let ActionError::Invalid(v) = err else { panic!() };
    assert_eq!(v.0[0].field, "action.choice");
}

#[test]
fn a_choice_naming_a_non_option_is_invalid() {
    let mut g = Bd::egame()
        .put("archer", (0, 4), 1, 2, "U2")
        .put("guard", (1, 1), 0, 4, "L1")
        .put("idle", (1, 3), 1, 1, "")
        .build();
    strike(&mut g, "archer", (1, 0), &[]);
    let err = g.apply_action(&ZoneActionSetup::Choice(pick("idle")).into(), "action").unwrap_err();
    let ActionError::Invalid(v) = err else { panic!() };
    assert_eq!(v.0[0].field, "action.choice.option");
    assert!(v.0[0].description.contains("[guard]"));
    let err = g.apply_action(&ZoneActionSetup::Choice(ChoiceSetup::Missing).into(), "action").unwrap_err();
    assert!(matches!(err, ActionError::Invalid(_)));
}

#[test]
fn strikes_wait_for_a_pending_decision() {
    let mut g = Bd::egame()
        .put("archer", (0, 4), 1, 2, "U2")
        .put("guard", (1, 1), 0, 4, "L1")
        .put("k", (0, 0), 1, 1, "U1")
        .build();
    strike(&mut g, "archer", (1, 0), &[]);
    assert_eq!(illegal_rule(try_strike(&mut g, "k", (1, 4)).unwrap_err()), "egame.decision.pending");
}

#[test]
fn turn_structure_is_enforced_only_with_a_phase() {
    let mut b = Bd::egame().put("mine", (0, 1), 1, 3, "U1").put("theirs", (1, 1), 1, 3, "U1");
    b.0.header.phase = 2;
    b.0.header.turn = 1;
    let mut g = b.build();
    assert_eq!(illegal_rule(try_strike(&mut g, "theirs", (0, 3)).unwrap_err()), "egame.turn.active_player");
    b.0.header.phase = 3;
    let mut g = b.build();
    assert_eq!(illegal_rule(try_strike(&mut g, "mine", (1, 3)).unwrap_err()), "egame.turn.event_phase");
    b.0.header.phase = 0;
    let mut g = b.build();
    assert!(try_strike(&mut g, "theirs", (0, 3)).is_ok(), "a bare board checks no turn structure");
}

#[test]
fn a_game_over_state_refuses_every_action() {
    let mut b = Bd::egame().put("mine", (0, 1), 1, 3, "U1").hp(1, 0);
    b.0.header.phase = 5;
    b.0.header.turn = 4;
    b.0.header.winner = Some(0);
    let mut g = b.build();
    assert_eq!(illegal_rule(try_strike(&mut g, "mine", (1, 3)).unwrap_err()), "egame.game_over");
    assert!(g.legal_actions().is_empty());
}

// egame.strike.fizzle: the client re-submits a pending state in which the attacker has
// left the field; once the block is settled, the strike fizzles.
#[test]
fn a_strike_whose_attacker_left_the_field_fizzles() {
    let mut g = Bd::egame().put("archer", (0, 4), 1, 2, "U2").put("guard", (1, 1), 0, 4, "L1").build();
    strike(&mut g, "archer", (1, 0), &[]);
    let mut s = zone_setup(&g);
    s.creatures.retain(|c| c.id != "archer");
    let mut g = GameState::from_setup(&s.clone().into()).unwrap();
    let events = g.apply_action(&ZoneActionSetup::Choice(pick("guard")).into(), "action").unwrap();
    let fizzled = events.iter().find(|e| e.rule == "egame.strike.fizzle").unwrap();
    assert!(
        matches!(&fizzled.kind, EventKind::Zone(ZoneEvent::StrikeFizzled { reason, .. }) if reason.contains("left the field"))
    );
    assert_eq!(creature(&g, "guard").unwrap().damage, 0);
    assert_eq!(hp(&g, 1), 6);
}

// egame.strike.fizzle: the attacker turned away before resolution.
#[test]
fn a_strike_whose_attacker_no_longer_reaches_the_zone_fizzles() {
    let mut g = Bd::egame().put("archer", (0, 4), 1, 2, "U2").put("guard", (1, 1), 0, 4, "L1").build();
    strike(&mut g, "archer", (1, 0), &[]);
    let mut s = zone_setup(&g);
    s.creatures.iter_mut().find(|c| c.id == "archer").unwrap().orientation = 2; // BACK
    let mut g = GameState::from_setup(&s.clone().into()).unwrap();
    let events = g.apply_action(&ZoneActionSetup::Choice(decline()).into(), "action").unwrap();
    assert!(rules(&events).contains(&"egame.strike.fizzle"));
    assert_eq!(hp(&g, 1), 6);
}

#[test]
fn a_state_round_trips_through_plain_data() {
    let mut g = Bd::egame().put("archer", (0, 4), 1, 2, "U2").put("guard", (1, 1), 0, 4, "L1").build();
    strike(&mut g, "archer", (1, 0), &[]);
    let s = zone_setup(&g);
    assert_eq!(GameState::from_setup(&s.clone().into()).unwrap().to_setup(), fray_core::StateSetup::from(s));
}

#[test]
fn decline_false_is_not_a_decline() {
    let mut g = Bd::egame().put("archer", (0, 4), 1, 2, "U2").put("guard", (1, 1), 0, 4, "L1").build();
    strike(&mut g, "archer", (1, 0), &[]);
    let err = g.apply_action(&ZoneActionSetup::Choice(ChoiceSetup::Decline(false)).into(), "action").unwrap_err();
    let ActionError::Invalid(v) = err else { panic!() };
    assert_eq!(v.0[0].field, "action.choice.decline");
}

#[test]
fn a_pending_block_option_must_reach_the_struck_zone_and_not_be_the_attacker() {
    let mut s =
        Bd::egame().put("a", (0, 0), 1, 2, "U1 R1").put("far", (1, 4), 1, 2, "U1").put("near", (1, 1), 1, 2, "L1").0;
    let mut link = strike_setup("a", (1, 0));
    link.defender = "x".into();
    s.chain.push(link);
    s.header.pending =
        Some(DecisionSetup { player: 1, kind: 1, options: vec!["far".into(), "near".into()], may_decline: true });
    assert_eq!(fields(&s), vec!["chain[0].defender", "pending.options[0]"]);
}

// A bare-board strike that ends the game leaves PHASE_GAME_OVER with turn 0; the
// server's own answer must load again (it was refused on `turn`).
#[test]
fn a_bare_board_ended_by_a_strike_loads_again() {
    let mut g = Bd::egame().put("mine", (0, 1), 1, 3, "U1").hp(1, 1).build();
    try_strike(&mut g, "mine", (1, 3)).unwrap();
    assert_eq!(zone_setup(&g).header.phase, 5, "player 1 fell to 0 HP");
    assert_eq!(GameState::from_setup(&g.to_setup()).unwrap(), g);
}
