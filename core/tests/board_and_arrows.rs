//! docs/rules.md "Board" and "Arrows": the zone graph, facing zones, orientation, reach.
#![allow(clippy::unwrap_used, clippy::panic)]

mod common;

use common::*;
use fray_core::rulesets::zone::board::{Board, Dir, ZoneKind, ZoneRef};
use fray_core::rulesets::zone::state::{Arrows, Orientation, Reach};
use fray_core::state::PlayerId;

fn z(p: u8, i: u8) -> ZoneRef {
    ZoneRef::new(PlayerId(p), i).unwrap()
}

fn arrows(spec: &str) -> Arrows {
    let raw = common::arrows(spec).unwrap();
    Arrows(raw.map(|n| Reach::from_wire(n).unwrap()))
}

fn targets(zone: ZoneRef, spec: &str, o: Orientation) -> Vec<ZoneRef> {
    Board::get().targets(zone, &arrows(spec), o).iter().collect()
}

#[test]
fn board_graph_has_ten_creature_and_ten_artifact_zones() {
    let g = Board::get().graph();
    assert_eq!(g.node_count(), 20);
    let creatures = g.node_weights().filter(|k| matches!(k, ZoneKind::Creature(_))).count();
    assert_eq!(creatures, 10);
}

#[test]
fn player_0_zone_i_faces_player_1_zone_4_minus_i() {
    for i in 0..5 {
        assert_eq!(targets(z(0, i), "U1", Orientation::Forward), vec![z(1, 4 - i)]);
        assert_eq!(targets(z(1, 4 - i), "U1", Orientation::Forward), vec![z(0, i)]);
        assert_eq!(z(0, i).facing(), z(1, 4 - i));
    }
}

#[test]
fn right_is_the_controllers_right_for_both_players() {
    assert_eq!(targets(z(0, 1), "R1", Orientation::Forward), vec![z(0, 2)]);
    assert_eq!(targets(z(1, 1), "R1", Orientation::Forward), vec![z(1, 2)]);
}

#[test]
fn diagonals_reach_the_neighbouring_column_of_the_next_row() {
    // Player 0 zone 2 faces player 1 zone 2; up-left is one column to player 0's left.
    assert_eq!(targets(z(0, 2), "UL1", Orientation::Forward), vec![z(1, 3)]);
    assert_eq!(targets(z(0, 2), "UR1", Orientation::Forward), vec![z(1, 1)]);
    // Down arrows from the creature row point at artifact zones: never struck.
    assert!(targets(z(0, 2), "D2 DL1 DR1", Orientation::Forward).is_empty());
}

#[test]
fn double_reaches_every_zone_to_the_edge() {
    assert_eq!(targets(z(0, 4), "L2", Orientation::Forward), vec![z(0, 0), z(0, 1), z(0, 2), z(0, 3)]);
    assert_eq!(targets(z(0, 4), "L1", Orientation::Forward), vec![z(0, 3)]);
    // Up DOUBLE crosses the opponent's creature row; their artifact row is not a creature zone.
    assert_eq!(targets(z(0, 0), "U2", Orientation::Forward), vec![z(1, 4)]);
}

#[test]
fn orientation_rotates_all_arrows_clockwise() {
    // RIGHT: `up` points to the controller's right.
    assert_eq!(targets(z(0, 1), "U1", Orientation::Right), vec![z(0, 2)]);
    // BACK: `up` points away from the opponent (an artifact zone): nothing.
    assert!(targets(z(0, 1), "U1", Orientation::Back).is_empty());
    assert_eq!(targets(z(0, 1), "D1", Orientation::Back), vec![z(1, 3)]);
    // LEFT: `up` points to the controller's left; `right` points at the opponent.
    assert_eq!(targets(z(0, 1), "U1", Orientation::Left), vec![z(0, 0)]);
    assert_eq!(targets(z(0, 1), "R1", Orientation::Left), vec![z(1, 3)]);
    // Diagonals rotate too: up-right under RIGHT becomes down-right (artifacts): nothing.
    assert!(targets(z(0, 1), "UR1", Orientation::Right).is_empty());
    assert_eq!(targets(z(0, 1), "UL1", Orientation::Right), vec![z(1, 2)]);
    // Player 1 rotates clockwise from its own seat.
    assert_eq!(targets(z(1, 1), "U1", Orientation::Right), vec![z(1, 2)]);
}

#[test]
fn a_creature_never_targets_its_own_zone() {
    for zone in ZoneRef::all() {
        for o in Orientation::ALL {
            assert!(!Board::get().targets(zone, &arrows("U2 R2 D2 L2 UR1 DR1 DL1 UL1"), *o).contains(zone));
        }
    }
}

#[test]
fn directions_rotate_in_clockwise_order() {
    assert_eq!(Dir::Up.rotated(2), Dir::Right);
    assert_eq!(Dir::UpLeft.rotated(1), Dir::Up);
    assert_eq!(Dir::Up.absolute(Orientation::Forward, PlayerId(1)), Dir::Down);
}

// "Face-down creatures have no arrows and no stats in play": they cannot block actively.
#[test]
fn face_down_creatures_have_no_arrows() {
    let mut g = Bd::egame()
        .put("archer", (0, 4), 1, 2, "U2")
        .put("hidden", (1, 1), 0, 4, "L1")
        .with("hidden", |c| c.face_down = true)
        .build();
    assert!(
        g.legal_actions()
            .iter()
            .all(|a| !matches!(a, fray_core::ActionSetup::Zone(ZoneActionSetup::Strike(s)) if s.attacker == "hidden"))
    );
    let events = strike(&mut g, "archer", (1, 0), &[]);
    assert!(rules(&events).contains(&"egame.strike.block.direct"), "the face-down creature is not offered");
}

// "A face-down one flips face-up first" (egame.flip.targeted)
#[test]
fn a_targeted_face_down_creature_flips_then_blocks() {
    let mut g = Bd::egame()
        .put("knight", (0, 1), 2, 3, "U1")
        .put("hidden", (1, 3), 1, 4, "")
        .with("hidden", |c| c.face_down = true)
        .build();
    let events = strike(&mut g, "knight", (1, 3), &[]);
    let r = rules(&events);
    let flip = r.iter().position(|x| *x == "egame.flip.targeted").unwrap();
    let block = r.iter().position(|x| *x == "egame.strike.block.passive").unwrap();
    assert!(flip < block);
    let hidden = creature(&g, "hidden").unwrap();
    assert!(!hidden.face_down);
    assert_eq!(hidden.damage, 2);
    assert_eq!(creature(&g, "knight").unwrap().damage, 1, "flipped, it has its stats again");
}

// A face-down Fading creature flips, then may fade. (egame.flip.targeted, egame.keyword.fading)
#[test]
fn a_flipped_fading_creature_may_still_fade() {
    let mut g = Bd::egame()
        .put("knight", (0, 1), 2, 3, "U1")
        .put("ghost", (1, 3), 1, 4, "")
        .with("ghost", |c| {
            c.face_down = true;
            c.keywords = vec![2];
        })
        .build();
    let r = rules(&strike(&mut g, "knight", (1, 3), &[pick("ghost")]));
    assert_eq!(&r[1..3], &["egame.flip.targeted", "egame.keyword.fading"]);
    assert_eq!(hp(&g, 1), 5);
}
