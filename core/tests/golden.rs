//! Golden event logs for whole resolutions (insta snapshots in tests/snapshots/).
#![allow(clippy::unwrap_used, clippy::panic)]

mod common;

use common::*;

/// A full 5-against-5 board used by several logs (and the benchmark).
fn melee() -> Bd {
    Bd::egame()
        .put("p0-peasant", (0, 0), 1, 2, "U2 L1 R1")
        .put("p0-sentinel", (0, 1), 1, 2, "U1 UR1 UL1 D2")
        .put("p0-watchman", (0, 2), 2, 2, "U1 L1 R1 DR1 DL1")
        .put("p0-squire", (0, 3), 1, 3, "U2 D1 DR1 DL1")
        .put("p0-diplomat", (0, 4), 0, 4, "UR1 UL1 L1 R1 D1")
        .put("p1-acolyte", (1, 0), 1, 3, "U1 L1 R1 D1")
        .put("p1-wolf", (1, 1), 2, 2, "U1 UL1 UR1")
        .put("p1-ghost", (1, 2), 1, 2, "U1")
        .with("p1-ghost", |c| c.keywords = vec![2])
        .put("p1-bat", (1, 3), 1, 1, "U1 L2")
        .with("p1-bat", |c| c.keywords = vec![1])
        .put("p1-hidden", (1, 4), 3, 3, "U1")
        .with("p1-hidden", |c| c.face_down = true)
}

#[test]
fn golden_fading_declined_then_passive_block() {
    let mut g = melee().build();
    insta::assert_snapshot!(log(&strike(&mut g, "p0-watchman", (1, 2), &[decline()])));
}

#[test]
fn golden_fading_creature_fades() {
    let mut g = melee().build();
    insta::assert_snapshot!(log(&strike(&mut g, "p0-watchman", (1, 2), &[pick("p1-ghost")])));
}

#[test]
fn golden_face_down_flip_and_block() {
    let mut g = melee().build();
    insta::assert_snapshot!(log(&strike(&mut g, "p0-peasant", (1, 4), &[])));
}

#[test]
fn golden_evasive_attacker_blocked_by_the_occupied_zone() {
    let mut g = melee().with("p0-peasant", |c| c.acted = true).build();
    // The Evasive bat strikes along its own row: the zone holds a creature, which blocks.
    insta::assert_snapshot!(log(&strike(&mut g, "p1-bat", (1, 1), &[])));
}

#[test]
fn golden_active_block_chain_with_decline_then_other_player() {
    let mut g = Bd::egame()
        .put("archer", (0, 4), 1, 2, "U2")
        .put("ally", (0, 3), 2, 2, "UR1")
        .put("guard", (1, 1), 0, 4, "L1")
        .build();
    insta::assert_snapshot!(log(&strike(&mut g, "archer", (1, 0), &[decline(), pick("ally")])));
}

#[test]
fn golden_stops_at_an_unanswered_decision() {
    let mut g = Bd::egame().put("archer", (0, 4), 1, 2, "U2").put("guard", (1, 1), 0, 4, "L1").build();
    insta::assert_snapshot!(log(&strike(&mut g, "archer", (1, 0), &[])));
}

#[test]
fn golden_rift_armor_and_lethal_direct_attack() {
    let mut g = Bd::rift()
        .put("giant", (0, 2), 6, 9, "U2 L2")
        .with("giant", |c| c.armor = 1)
        .put("wall", (0, 0), 2, 9, "")
        .with("wall", |c| c.armor = 3)
        .hp(1, 6)
        .build();
    let mut events = strike(&mut g, "giant", (0, 0), &[]);
    let mut g2 = Bd::rift().put("giant", (0, 2), 6, 9, "U2").hp(1, 6).build();
    events.extend(strike(&mut g2, "giant", (1, 2), &[]));
    insta::assert_snapshot!(log(&events));
}
