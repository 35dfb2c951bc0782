//! Golden event logs for whole Dog Fight attacks (insta snapshots in tests/snapshots/):
//! the windows in seat order, resolution in declared order, the mitigation layers.
#![allow(clippy::unwrap_used, clippy::panic)]

mod common;

use common::dog_fight::*;
use common::log;

// Four players: the attacker adds a Direct Hit, the target boosts its armor and
// returns fire, the third seat from the target passes and the last plays nothing; the
// return fire resolves first, then the boosted damage goes through every layer.
#[test]
fn golden_dog_fight_four_windows_and_every_layer() {
    let mut target = ship("t", 2, (5, 5), 2, 12);
    (target.shields, target.armor, target.absorb) = (1, 1, 1);
    let mut g = Db::new(4)
        .vessel(ship("a", 0, (0, 0), 5, 9))
        .vessel(ship("b", 1, (1, 1), 1, 9))
        .vessel(target)
        .vessel(ship("d", 3, (3, 3), 1, 9))
        .card(0, card("hit", DIRECT_HIT, 3))
        .card(2, card("boost", ARMOR_BOOST, 2))
        .card(2, card("fire", RETURN_FIRE, 2))
        .card(3, card("no3", NEGATE, 0))
        .build();
    let mut events = attack(&mut g, "a", "t").unwrap();
    events.extend(play(&mut g, "hit"));
    events.extend(play(&mut g, "boost"));
    events.extend(play(&mut g, "fire"));
    events.extend(pass(&mut g));
    insta::assert_snapshot!(log(&events));
}

// Two players: an Evasive Maneuvers makes the attack miss after a Direct Hit was added.
#[test]
fn golden_dog_fight_a_miss_skips_the_damage() {
    let mut g = Db::new(2)
        .vessel(ship("a", 0, (0, 0), 4, 5))
        .vessel(ship("d", 1, (2, 2), 1, 5))
        .card(0, card("hit", DIRECT_HIT, 2))
        .card(1, card("dodge", EVASIVE, 0))
        .build();
    let mut events = attack(&mut g, "a", "d").unwrap();
    events.extend(play(&mut g, "hit"));
    events.extend(play(&mut g, "dodge"));
    insta::assert_snapshot!(log(&events));
}
