//! Property tests: determinism, rejected actions change nothing, damage counters never
//! decrease, HP never rises, legal actions always apply, states round-trip, someone is
//! to move exactly when an action is legal.
#![allow(clippy::unwrap_used, clippy::panic)]

use fray_core::Game;
use fray_core::GameState;
use fray_core::event::Discard;
use fray_core::rulesets::zone::board::ZoneRef;
use fray_core::rulesets::zone::setup::ZoneStateSetup;
use fray_core::rulesets::zone::setup::{CreatureSetup, PlayerSetup, ZoneSetup};
use fray_core::rulesets::zone::{Action, ZoneState};
use proptest::prelude::*;

fn creature(slot: usize) -> impl Strategy<Value = CreatureSetup> {
    let zone = ZoneRef::from_slot(slot);
    (
        (-1i32..5, 1i32..6, 0i32..4, any::<bool>(), 0usize..4),
        (prop::collection::vec(0i32..3, 8), prop::collection::vec(1i32..3, 0..2), 0i32..4, any::<bool>(), 0u32..2),
    )
        .prop_flat_map(
            move |((might, life, armor, acted, face_down_roll), (mut arrows, keywords, orientation, _, owner))| {
                for (i, a) in arrows.iter_mut().enumerate() {
                    if i % 2 == 1 {
                        *a = (*a).min(1); // diagonals are SINGLE at most
                    }
                }
                let mut keywords = keywords;
                keywords.dedup();
                (0..life).prop_map(move |damage| CreatureSetup {
                    id: format!("c{slot}"),
                    name: format!("c{slot}"),
                    owner,
                    controller: u32::from(zone.player.0),
                    zone: Some(ZoneSetup { player: u32::from(zone.player.0), index: u32::from(zone.index) }),
                    might,
                    life,
                    damage,
                    armor,
                    face_down: face_down_roll == 0,
                    keywords: keywords.clone(),
                    arrows: Some(arrows.clone().try_into().unwrap()),
                    orientation,
                    acted: acted && face_down_roll == 1,
                })
            },
        )
}

fn board() -> impl Strategy<Value = ZoneStateSetup> {
    let slots: Vec<_> = (0..10).map(|s| prop::option::weighted(0.7, creature(s))).collect();
    (1i32..3, 1i32..8, 1i32..8, slots).prop_map(|(ruleset, hp0, hp1, slots)| ZoneStateSetup {
        ruleset,
        players: vec![
            PlayerSetup { id: 0, hp: hp0, ..Default::default() },
            PlayerSetup { id: 1, hp: hp1, ..Default::default() },
        ],
        creatures: slots.into_iter().flatten().collect(),
        ..Default::default()
    })
}

fn zone_state(s: &ZoneStateSetup) -> ZoneState {
    match GameState::from_setup(&s.clone().into()).unwrap() {
        GameState::Zone(z) => z,
        _ => unreachable!(),
    }
}

/// Plays `picks` (indices into the legal actions, modulo their count) and returns the
/// final state and the event log.
fn play(mut s: ZoneState, picks: &[u16]) -> (ZoneState, Vec<fray_core::Event>) {
    let mut events = Vec::new();
    for &p in picks {
        let legal = s.legal_actions();
        if legal.is_empty() {
            break;
        }
        s.apply(legal[usize::from(p) % legal.len()], &mut events).unwrap();
    }
    (s, events)
}

fn damage_by_id(s: &ZoneState) -> Vec<(String, i32)> {
    s.creatures().map(|(_, c)| (c.id.to_string(), c.damage)).collect()
}

/// A skirmish game of `ruleset` (1 or 2) and built-in scenario `scenario` after `picks`.
fn skirmish(ruleset: i32, scenario: usize, seed: u64, picks: &[u16]) -> ZoneState {
    let name = fray_core::rulesets::zone::skirmish::SCENARIOS[scenario].name;
    let GameState::Zone(s) = GameState::new_game(ruleset, seed, name).unwrap().0 else { unreachable!() };
    play(s, picks).0
}

// The Agent searched a bare Dimensional Rift board with no creature for "the player to
// move" and indexed an empty list of actions: nobody is to move there.
#[test]
fn a_bare_board_where_nothing_can_strike_has_no_one_to_move() {
    let card = || fray_core::rulesets::zone::setup::CardSetup {
        id: String::new(),
        name: "Imp".into(),
        life: 1,
        ..Default::default()
    };
    let mut setup = ZoneStateSetup {
        ruleset: 2,
        players: vec![
            PlayerSetup { id: 0, hp: 20, hand: vec![card()], ..Default::default() },
            PlayerSetup { id: 1, hp: 20, hand: vec![card()], ..Default::default() },
        ],
        ..Default::default()
    };
    let s = zone_state(&setup);
    assert!(s.legal_actions().is_empty());
    assert_eq!(s.to_move(), None);
    assert!(!s.header.is_over(), "stuck, not over");
    // A creature that has acted, or is face-down, cannot strike either; one that can
    // gives the active player the move.
    let mut c = CreatureSetup {
        id: "k".into(),
        zone: Some(ZoneSetup { player: 1, index: 2 }),
        controller: 1,
        owner: 1,
        life: 2,
        arrows: Some([1, 0, 0, 0, 0, 0, 0, 0]),
        acted: true,
        ..Default::default()
    };
    setup.creatures = vec![c.clone()];
    assert_eq!(zone_state(&setup).to_move(), None);
    c.acted = false;
    c.face_down = true;
    setup.creatures = vec![c.clone()];
    assert_eq!(zone_state(&setup).to_move(), None);
    c.face_down = false;
    setup.creatures = vec![c];
    let s = zone_state(&setup);
    assert_eq!(s.to_move(), Some(fray_core::state::PlayerId(0)), "bare boards let either player's creatures strike");
    assert!(!s.legal_actions().is_empty());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn someone_is_to_move_exactly_when_an_action_is_legal_on_boards(setup in board(), picks in prop::collection::vec(any::<u16>(), 0..8)) {
        let (s, _) = play(zone_state(&setup), &picks);
        prop_assert_eq!(s.to_move().is_some(), !s.legal_actions().is_empty());
    }

    #[test]
    fn someone_is_to_move_exactly_when_an_action_is_legal_in_skirmishes(ruleset in 1i32..3, scenario in 0..fray_core::rulesets::zone::skirmish::SCENARIOS.len(), seed in any::<u64>(), picks in prop::collection::vec(any::<u16>(), 0..40)) {
        let s = skirmish(ruleset, scenario, seed, &picks);
        prop_assert_eq!(s.to_move().is_some(), !s.legal_actions().is_empty());
    }

    #[test]
    fn generated_boards_are_valid_and_round_trip(setup in board()) {
        let s = zone_state(&setup);
        prop_assert_eq!(zone_state(&s.to_setup()), s);
    }

    #[test]
    fn resolution_is_deterministic(setup in board(), picks in prop::collection::vec(any::<u16>(), 1..12)) {
        let a = play(zone_state(&setup), &picks);
        let b = play(zone_state(&setup), &picks);
        prop_assert_eq!(a, b);
    }

    #[test]
    fn a_rejected_action_changes_nothing(setup in board(), picks in prop::collection::vec(any::<u16>(), 0..6),
                                         tries in prop::collection::vec((0usize..10, 0usize..10, 0u8..3), 1..20)) {
        let (mut s, _) = play(zone_state(&setup), &picks);
        for (from, to, kind) in tries {
            let action = match kind {
                0 => Action::Strike { attacker: ZoneRef::from_slot(from), target: ZoneRef::from_slot(to) },
                1 => Action::Choose(ZoneRef::from_slot(to)),
                _ => Action::Decline,
            };
            let before = s.clone();
            let mut events: Vec<fray_core::Event> = Vec::new();
            if s.apply(action, &mut events).is_err() {
                prop_assert_eq!(&s, &before);
                prop_assert!(events.is_empty());
            }
        }
    }

    #[test]
    fn damage_never_decreases_and_hp_never_rises(setup in board(), picks in prop::collection::vec(any::<u16>(), 1..16)) {
        let mut s = zone_state(&setup);
        for p in picks {
            let legal = s.legal_actions();
            if legal.is_empty() {
                break;
            }
            let before = s.clone();
            s.apply(legal[usize::from(p) % legal.len()], &mut Discard).unwrap();
            for (id, dmg) in damage_by_id(&s) {
                if let Some((_, old)) = damage_by_id(&before).into_iter().find(|(i, _)| *i == id) {
                    prop_assert!(dmg >= old, "{} went from {} to {}", id, old, dmg);
                }
            }
            for i in 0..2 {
                prop_assert!(s.players[i].hp <= before.players[i].hp);
            }
        }
    }

    #[test]
    fn every_legal_action_applies_and_recording_events_does_not_change_the_result(setup in board(), picks in prop::collection::vec(any::<u16>(), 0..8)) {
        let (s, _) = play(zone_state(&setup), &picks);
        for action in s.legal_actions() {
            let mut recorded = s.clone();
            let mut quiet = s.clone();
            prop_assert!(recorded.apply(action, &mut Vec::<fray_core::Event>::new()).is_ok());
            prop_assert!(quiet.apply(action, &mut Discard).is_ok());
            prop_assert_eq!(recorded, quiet);
        }
    }
}
