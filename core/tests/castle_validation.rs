//! Castle Rampage validation at the boundary: every problem at once with its field path.
#![allow(clippy::unwrap_used, clippy::panic)]

mod common;

use common::Bd;
use common::castle::*;
use fray_core::rulesets::castle_rampage::CastleSetup;
use fray_core::{GameState, SetupError};

fn violations(s: &CastleSetup) -> Vec<(String, String)> {
    match GameState::from_setup(&s.clone().into()) {
        Err(SetupError::Invalid(v)) => v.0.into_iter().map(|v| (v.field, v.description)).collect(),
        other => panic!("expected violations, got {other:?}"),
    }
}

fn fields(s: &CastleSetup) -> Vec<String> {
    violations(s).into_iter().map(|(f, _)| f).collect()
}

fn valid() -> Cb {
    Cb::bare()
        .castle(0, vec![card("c0", 0, 1, 1)])
        .castle(1, vec![card("c1", 0, 1, 1)])
        .hand(0, vec![card("h0", 3, 1, 1)])
}

#[test]
fn a_valid_board_loads_and_round_trips() {
    let g = valid().draw_pile(vec![card("d", 2, 2, 2)]).phase(EVENT, 3).build();
    assert_eq!(g.ruleset(), fray_core::Ruleset::CastleRampage);
    let setup = setup_of(&g);
    assert_eq!(setup, valid().draw_pile(vec![card("d", 2, 2, 2)]).phase(EVENT, 3).0);
    assert_eq!(GameState::from_setup(&setup.clone().into()).unwrap(), g);
}

#[test]
fn every_card_problem_is_reported_at_once_with_its_field_path() {
    let mut b = valid()
        .gate(1, vec![card("g", -1, 2, 2), card("c0", 0, -2, -3)])
        .hand(1, vec![purple("x", 1, 1, 1, 9), card("", 1, 1, 1)])
        .draw_pile(vec![card("d", 1, 1, 1)]);
    b.board().sides[1].gate[0].owner = 0;
    b.board().sides[1].hand[0].effect_amount = -1;
    b.board().draw_pile[0].owner = 2;
    b.board().draw_pile[0].effect_amount = 3;
    b.board().sides[0].castle[0].effect_amount = 2;
    assert_eq!(
        fields(&b.0),
        [
            "castle_rampage.sides[0].castle[0].effect_amount",
            "castle_rampage.sides[1].gate[0].owner",
            "castle_rampage.sides[1].gate[0].attack",
            "castle_rampage.sides[1].gate[1].id",
            "castle_rampage.sides[1].gate[1].gate_defense",
            "castle_rampage.sides[1].gate[1].castle_defense",
            "castle_rampage.sides[1].hand[0].effect",
            "castle_rampage.sides[1].hand[0].effect_amount",
            "castle_rampage.sides[1].hand[1].id",
            "castle_rampage.draw_pile[0].owner",
            "castle_rampage.draw_pile[0].effect_amount",
        ]
    );
}

#[test]
fn violations_say_why_in_plain_words() {
    let b = valid().gate(1, vec![card("c0", 0, 1, 1)]);
    let v = violations(&b.0);
    assert_eq!(v[0].0, "castle_rampage.sides[1].gate[0].id");
    assert!(v[0].1.contains("duplicate id \"c0\"") && v[0].1.contains("castle_rampage.sides[0].castle[0]"), "{v:?}");
    let mut b = valid();
    b.board().sides[0].hand[0].owner = 1;
    let v = violations(&b.0);
    assert!(v[0].1.contains("owner must be 0"), "{v:?}");
}

#[test]
fn a_saboteur_may_carry_an_effect_amount() {
    let mut sab = purple("sab", 0, 1, 1, SABOTEUR);
    sab.effect_amount = 3;
    assert!(GameState::from_setup(&valid().gate(1, vec![sab]).0.into()).is_ok());
}

#[test]
fn the_board_needs_two_sides_and_is_required() {
    let mut b = valid();
    b.board().sides.pop();
    assert_eq!(fields(&b.0), ["castle_rampage.sides"]);
    let mut s = valid().0;
    s.board = None;
    let v = violations(&s);
    assert_eq!(v[0].0, "castle_rampage");
    assert!(v[0].1.contains("required"));
}

#[test]
fn a_castle_must_hold_cards_while_the_game_goes_on() {
    let b = valid().castle(1, vec![]);
    assert_eq!(fields(&b.0), ["castle_rampage.sides[1].castle"]);
    let mut over = b.phase(GAME_OVER, 9);
    over.0.header.winner = Some(0);
    assert!(GameState::from_setup(&over.0.into()).is_ok(), "a finished game may show the fallen Castle");
}

#[test]
fn turn_phase_winner_and_active_player_are_checked() {
    let mut b = valid().phase(1, 0); // PHASE_BEGIN, turn 0
    b.0.header.winner = Some(1);
    b.0.header.active_player = 2;
    assert_eq!(fields(&b.0), ["phase", "active_player", "turn", "winner"]);
    let v = violations(&valid().phase(1, 1).0);
    assert!(v[0].1.contains("PHASE_DRAW"), "{v:?}");
    assert_eq!(fields(&valid().phase(42, 1).0), ["phase"]);
}

// The zone-board fields a Castle state leaves empty, the bare seats and the other
// rulesets' boards are the wire's top level: the service's convert module refuses them
// (service/tests/ruleset_fields.rs).

#[test]
fn the_zone_board_loader_refuses_a_castle_rampage_ruleset() {
    let mut zone = Bd::egame().0;
    zone.ruleset = 4;
    let Err(SetupError::Invalid(v)) = fray_core::rulesets::zone::ZoneState::from_setup(&zone) else { panic!() };
    assert_eq!(v.0[0].field, "ruleset");
}

#[test]
fn a_missing_ruleset_names_castle_rampage_among_the_served_ones() {
    let Err(SetupError::Invalid(v)) = fray_core::rulesets::ruleset_of(0) else { panic!() };
    assert!(v.0[0].description.contains("RULESET_CASTLE_RAMPAGE"), "{v:?}");
}

// A bare-board attack that wins leaves PHASE_GAME_OVER with turn 0; the server's own
// answer must load again (it was refused: "turn 0 is only allowed on a bare board").
#[test]
fn a_bare_board_won_by_an_attack_loads_again() {
    let mut g = valid().build();
    attack(&mut g, "h0");
    assert_eq!(setup_of(&g).header.phase, 5, "the last Castle card fell");
    assert_eq!(GameState::from_setup(&g.to_setup()).unwrap(), g);
}

#[test]
fn who_has_seen_a_card_round_trips_and_names_real_players_once() {
    let mut seen = card("g", 0, 4, 1);
    seen.seen_by = vec![1, 0];
    let b = valid().gate(1, vec![seen]);
    let g = GameState::from_setup(&b.0.clone().into()).unwrap();
    let back = setup_of(&g);
    assert_eq!(back.board.unwrap().sides[1].gate[0].seen_by, [0, 1], "kept, in seat order");

    let mut bad = card("g", 0, 4, 1);
    bad.seen_by = vec![0, 2, 0];
    assert_eq!(
        violations(&valid().gate(1, vec![bad]).0),
        [
            (
                "castle_rampage.sides[1].gate[0].seen_by[1]".to_owned(),
                "player 2 does not exist: there are 2 players, 0 and 1".to_owned()
            ),
            ("castle_rampage.sides[1].gate[0].seen_by[2]".to_owned(), "player 0 is listed twice".to_owned()),
        ]
    );
}
