//! Golden event logs for whole KeyForge fights (insta snapshots in tests/snapshots/):
//! every step of the fight, damage and destruction charts as the trace tells it.
#![allow(clippy::unwrap_used, clippy::panic)]

mod common;

use common::keyforge::*;
use common::log;

// Assault and hazardous ordered by the active player, armor spent by the assault's
// damage, a ward taken by the hazardous, then the exchange and a Fight: capture.
#[test]
fn golden_keyforge_ordered_pre_fight_armor_ward_and_a_fight_capture() {
    let raider =
        cr("raider", 5).with(|c| c.assault = 2).ward().ability(ab("raider.fight", FIGHT, CAPTURE_AMBER, 1, SELF));
    let thorn = cr("thorn", 4).armor(1).with(|c| c.hazardous = 2);
    let mut g = Kb::bare().line(0, vec![raider]).line(1, vec![thorn]).amber(1, 2).build();
    let events = fight(&mut g, "raider", "thorn", &["thorn:hazardous"]).unwrap();
    insta::assert_snapshot!(log(&events));
}

// Both creatures die in the exchange; their Destroyed: abilities wait for the active
// player's order; one of them destroys a third creature, which joins the same window;
// all leave play together, the amber on one goes to its opponent, and an After a
// creature is destroyed ability resolves last.
#[test]
fn golden_keyforge_a_destruction_cascade_in_one_window() {
    let a = cr("a", 3).with(|c| c.amber = 2).ability(ab("a.gone", DESTROYED, DESTROY, 0, CHOSEN));
    let d = cr("d", 3).ability(ab("d.gone", DESTROYED, GAIN_AMBER, 1, CONTROLLER));
    let watcher = cr("w", 2).ability(ab("w.grave", AFTER_ANY_DESTROYED, GAIN_AMBER, 1, CONTROLLER));
    let mut g = Kb::bare().line(0, vec![a, watcher]).line(1, vec![d, cr("b", 6)]).build();
    let events = fight(&mut g, "a", "d", &["a.gone", "b"]).unwrap();
    insta::assert_snapshot!(log(&events));
}

// An elusive, poisonous defender: the first fight exchanges nothing; in the second,
// poison lands past the knight's armor and destroys it, so the knight's After Damaged
// ability (which would resolve after the destruction) never does.
#[test]
fn golden_keyforge_elusive_then_poison_through_armor() {
    let snake = cr("snake", 2).with(|c| {
        c.elusive = true;
        c.poison = true;
    });
    let knight =
        |id: &str| cr(id, 3).armor(1).ability(ab(&format!("{id}.hurt"), AFTER_DAMAGED, GAIN_AMBER, 1, CONTROLLER));
    let mut g = Kb::bare().line(0, vec![knight("k1"), knight("k2")]).line(1, vec![snake]).build();
    let mut events = fight(&mut g, "k1", "snake", &[]).unwrap();
    events.extend(fight(&mut g, "k2", "snake", &[]).unwrap());
    insta::assert_snapshot!(log(&events));
}
