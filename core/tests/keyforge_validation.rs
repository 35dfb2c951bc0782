//! Validation of submitted KeyForge states: every problem at once with its field path,
//! the resolution stack and its pending decision checked together.
#![allow(clippy::unwrap_used, clippy::panic)]

mod common;

use common::keyforge::*;
use fray_core::rulesets::keyforge::KeyforgeSetup;
use fray_core::rulesets::keyforge::{KeyforgeFightSetup, KeyforgeStepSetup};
use fray_core::setup::DecisionSetup;
use fray_core::{GameState, SetupError};

fn fields(s: &KeyforgeSetup) -> Vec<String> {
    match GameState::from_setup(&s.clone().into()) {
        Err(SetupError::Invalid(v)) => v.0.into_iter().map(|x| x.field).collect(),
        other => panic!("expected violations, got {other:?}"),
    }
}

/// The state a fight stopped in at an ORDER decision, as plain data.
fn ordering() -> KeyforgeSetup {
    let mut g = Kb::bare()
        .line(0, vec![cr("a", 2).with(|c| c.assault = 1)])
        .line(1, vec![cr("d", 9).with(|c| c.hazardous = 1)])
        .build();
    fight(&mut g, "a", "d", &[]).unwrap();
    setup_of(&g)
}

#[test]
fn a_state_stopped_at_a_decision_loads_again_unchanged() {
    let s = ordering();
    assert_eq!(GameState::from_setup(&s.clone().into()).unwrap().to_setup(), fray_core::StateSetup::from(s.clone()));
    let steps = &s.board.as_ref().unwrap().resolution;
    assert!(matches!(steps[0], KeyforgeStepSetup::Fight(KeyforgeFightSetup { stage: 1, .. })));
    assert!(matches!(&steps[1], KeyforgeStepSetup::Window { kind: 1, items } if items.len() == 2));
}

#[test]
fn the_pending_decision_and_the_resolution_travel_together() {
    let mut s = ordering();
    s.header.pending = None;
    assert_eq!(fields(&s), ["keyforge.resolution"]);
    let mut s = ordering();
    s.board.as_mut().unwrap().resolution.clear();
    assert_eq!(fields(&s), ["pending"]);
    let mut s = ordering();
    s.header.pending.as_mut().unwrap().options.reverse();
    assert_eq!(fields(&s), ["pending.options"]);
    let mut s = ordering();
    let p = s.header.pending.as_mut().unwrap();
    p.may_decline = true;
    p.player = 1;
    assert_eq!(fields(&s), ["pending.may_decline", "pending.player"]);
    let mut s = ordering();
    s.header.pending = Some(DecisionSetup { kind: 1, ..s.header.pending.unwrap() });
    assert_eq!(fields(&s), ["pending.kind"]);
}

#[test]
fn a_resolution_step_is_checked_where_it_stands() {
    let mut s = ordering();
    let steps = &mut s.board.as_mut().unwrap().resolution;
    steps.swap(0, 1);
    steps.insert(0, KeyforgeStepSetup::Target("nope".into()));
    let f = fields(&s);
    assert!(f.contains(&"keyforge.resolution[0].target".to_owned()), "{f:?}");
    assert!(f.contains(&"keyforge.resolution[2].fight".to_owned()), "{f:?}");
}

#[test]
fn creature_numbers_owners_and_keyword_flags_are_checked() {
    let bad = cr("a", 3).with(|c| {
        c.owner = 2;
        c.armor = 1;
        c.armor_used = 2;
        c.amber = -1;
        c.hazardous = -1;
        c.elusive_used = true;
    });
    let s = Kb::bare().line(0, vec![bad]).amber(1, -2).0;
    assert_eq!(
        fields(&s),
        [
            "keyforge.sides[0].battleline[0].owner",
            "keyforge.sides[0].battleline[0].amber",
            "keyforge.sides[0].battleline[0].hazardous",
            "keyforge.sides[0].battleline[0].armor_used",
            "keyforge.sides[0].battleline[0].elusive_used",
            "keyforge.sides[1].amber",
        ]
    );
}

#[test]
fn abilities_need_known_enums_a_fitting_target_and_unique_ids() {
    let c = cr("a", 3)
        .ability(ab("x", REAP, 99, 1, CONTROLLER))
        .ability(ab("x", REAP, DEAL_DAMAGE, 1, OPPONENT))
        .ability(ab("y", REAP, GAIN_AMBER, -1, SELF))
        .ability(ab("a:assault", REAP, STUN, 0, SELF));
    let s = Kb::bare().line(0, vec![c]).0;
    let p = "keyforge.sides[0].battleline[0].abilities";
    assert_eq!(
        fields(&s),
        [
            format!("{p}[0].effect"),
            format!("{p}[1].id"),
            format!("{p}[1].target"),
            format!("{p}[2].amount"),
            format!("{p}[2].target"),
            format!("{p}[3].id"),
        ]
    );
}

#[test]
fn phases_keyforge_does_not_run_are_refused_and_the_board_is_required() {
    // The other rulesets' fields (players that are not bare seats, an Event counter)
    // are the wire's top level: the service's convert module refuses them
    // (service/tests/ruleset_fields.rs).
    let mut s = Kb::bare().0;
    s.header.phase = 3;
    s.header.turn = 1;
    assert_eq!(fields(&s), ["phase"]);
    let mut s = Kb::bare().0;
    s.board = None;
    assert_eq!(fields(&s), ["keyforge"]);
}

#[test]
fn numbers_and_sizes_are_bounded_so_no_call_runs_long() {
    // An After Damaged ability that damages its own creature runs once per point of
    // power: power is bounded.
    let looping = cr("a", 1001).ability(ab("a.hurt", AFTER_DAMAGED, DEAL_DAMAGE, 1001, SELF));
    let many: Vec<_> = (0..33).map(|i| cr(&format!("c{i}"), 1)).collect();
    let s = Kb::bare().line(0, vec![looping]).line(1, many).amber(0, 1001).0;
    assert_eq!(
        fields(&s),
        [
            "keyforge.sides[0].amber",
            "keyforge.sides[0].battleline[0].power",
            "keyforge.sides[0].battleline[0].abilities[0].amount",
            "keyforge.sides[1].battleline",
        ]
    );
    // At the bound, the self-damaging loop runs to the creature's end in one call.
    let looping = cr("a", 1000).ability(ab("a.hurt", AFTER_DAMAGED, DEAL_DAMAGE, 1, SELF));
    let mut g = Kb::bare().line(0, vec![cr("x", 1)]).line(1, vec![looping]).build();
    fight(&mut g, "x", "a", &[]).unwrap();
    assert!(creature(&g, "a").is_none());
}
