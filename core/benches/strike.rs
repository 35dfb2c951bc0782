//! One Strike resolution on a full 5-against-5 board, with boundary validation
//! (plain data -> validated state -> resolve) and without (clone the validated state
//! and apply the typed action). Each iteration checks its answer.
#![allow(missing_docs, clippy::unwrap_used)]

use criterion::{Criterion, criterion_group, criterion_main};
use fray_core::Game;
use fray_core::GameState;
use fray_core::StateSetup;
use fray_core::event::Discard;
use fray_core::rulesets::zone::Action;
use fray_core::rulesets::zone::board::ZoneRef;
use fray_core::rulesets::zone::setup::{CreatureSetup, PlayerSetup, StrikeSetup, ZoneSetup, ZoneStateSetup};
use fray_core::setup::ChoiceSetup;
use fray_core::state::PlayerId;
use std::hint::black_box;

fn arrows(spec: &[(usize, i32)]) -> Option<[i32; 8]> {
    let mut a = [0; 8];
    for &(d, r) in spec {
        a[d] = r;
    }
    Some(a)
}

/// Player 0 and 1 each fill all five zones; player 1's zone 2 holds a 3/4 wall.
fn full_board() -> StateSetup {
    let mut creatures = Vec::new();
    for p in 0..2u32 {
        for i in 0..5u32 {
            creatures.push(CreatureSetup {
                id: format!("p{p}-z{i}"),
                name: format!("Creature {p}/{i}"),
                owner: p,
                controller: p,
                zone: Some(ZoneSetup { player: p, index: i }),
                might: 2 + (i as i32 % 2),
                life: 4,
                damage: 1,
                arrows: arrows(&[(0, 2), (1, 1), (7, 1), (2, 1), (6, 1)]),
                ..Default::default()
            });
        }
    }
    StateSetup::Zone(ZoneStateSetup {
        ruleset: 1,
        players: vec![
            PlayerSetup { id: 0, hp: 6, ..Default::default() },
            PlayerSetup { id: 1, hp: 6, ..Default::default() },
        ],
        creatures,
        ..Default::default()
    })
}

fn bench(c: &mut Criterion) {
    let setup = full_board();
    let strike = fray_core::StrikeSetup::Zone(StrikeSetup {
        attacker: "p0-z2".into(),
        target: Some(ZoneSetup { player: 1, index: 2 }),
        ..Default::default()
    });
    let choices: Vec<ChoiceSetup> = Vec::new();

    c.bench_function("strike/5v5/with_validation", |b| {
        b.iter(|| {
            let mut g = GameState::from_setup(black_box(&setup)).unwrap();
            let events = g.resolve_strike(black_box(&strike), &choices).unwrap();
            let StateSetup::Zone(out) = g.to_setup() else { unreachable!() };
            assert_eq!(events.len(), 5);
            assert_eq!(out.creatures[7].damage, 3);
            out
        })
    });

    let GameState::Zone(state) = GameState::from_setup(&setup).unwrap() else { unreachable!() };
    let action = Action::Strike {
        attacker: ZoneRef::new(PlayerId(0), 2).unwrap(),
        target: ZoneRef::new(PlayerId(1), 2).unwrap(),
    };
    c.bench_function("strike/5v5/validated_apply_with_events", |b| {
        b.iter(|| {
            let mut s = black_box(&state).clone();
            let mut events: Vec<fray_core::Event> = Vec::with_capacity(8);
            s.apply(black_box(action), &mut events).unwrap();
            assert_eq!(events.len(), 5);
            s
        })
    });
    c.bench_function("strike/5v5/validated_apply_no_events", |b| {
        b.iter(|| {
            let mut s = black_box(&state).clone();
            s.apply(black_box(action), &mut Discard).unwrap();
            assert_eq!(s.at(ZoneRef::new(PlayerId(1), 2).unwrap()).map(|c| c.damage), Some(3));
            s
        })
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
