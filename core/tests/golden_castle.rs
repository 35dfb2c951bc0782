//! Golden event logs for whole Castle Rampage attacks (insta snapshots in
//! tests/snapshots/).
#![allow(clippy::unwrap_used, clippy::panic)]

mod common;

use common::castle::*;
use common::log;

// The seed's worked example: strength 9 through a Gate of 4, then against an Ogre of 6.
#[test]
fn golden_castle_worked_example_fails_against_the_ogre() {
    let mut g = worked_example();
    insta::assert_snapshot!(log(&attack(&mut g, "anton-9")));
}

// A Spy sends the attack past the Gate, a Saboteur lowers it, and a tie on the last
// Castle card wins the game.
#[test]
fn golden_castle_spy_saboteur_and_a_winning_tie() {
    let mut g = Cb::bare()
        .hand(0, vec![card("ram", 12, 1, 2)])
        .castle(0, vec![card("keep", 0, 3, 3)])
        .gate(1, vec![purple("spy", 2, 2, 2, SPY), card("palisade", 0, 5, 4)])
        .castle(1, vec![purple("saboteur", 2, 2, 3, SABOTEUR), card("wall", 0, 5, 5)])
        .build();
    insta::assert_snapshot!(log(&attack(&mut g, "ram")));
}

// A Digger blown up by a Bomber in the Castle, then a Veteran that loses and returns to
// its owner's hand.
#[test]
fn golden_castle_digger_meets_a_bomber_then_a_veteran_returns() {
    let mut g = Cb::bare()
        .hand(0, vec![purple("digger", 6, 1, 1, DIGGER), purple("veteran", 4, 3, 4, VETERAN)])
        .castle(0, vec![card("keep", 0, 3, 3)])
        .gate(1, vec![card("gatehouse", 0, 5, 5)])
        .castle(1, vec![purple("bomber", 3, 3, 2, BOMBER), card("tower", 1, 4, 9)])
        .build();
    let mut events = attack(&mut g, "digger");
    events.extend(attack(&mut g, "veteran"));
    insta::assert_snapshot!(log(&events));
}
