//! The look-ahead's reused scratch (`fray_ai::eval::Lookahead`) answers what fresh
//! copies of the state do.
#![allow(clippy::unwrap_used)]
use fray_ai::Local;
use fray_ai::backend::Backend;
use fray_ai::eval::Lookahead;
use fray_ai::rollout::playout;
use fray_core::GameState;
use fray_core::rulesets::zone::ZoneState;
use fray_core::{Game, Returns};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// The settled value the plain way: a fresh copy per option.
fn settled_by_copies(s: &ZoneState, depth: u32) -> Returns {
    let decider = match s.to_move() {
        Some(p) if depth > 0 && s.is_pending() => p,
        _ => return s.heuristic(),
    };
    let mut best: Option<Returns> = None;
    for a in s.legal_actions() {
        let mut next = s.clone();
        Backend::apply(&Local, &mut next, a);
        let v = settled_by_copies(&next, depth - 1);
        if best.is_none_or(|b| v.get(decider) > b.get(decider)) {
            best = Some(v);
        }
    }
    best.unwrap_or_else(|| s.heuristic())
}

#[test]
fn one_lookahead_reused_answers_what_fresh_copies_do() {
    let mut rng = ChaCha8Rng::seed_from_u64(9);
    let mut look = Lookahead::default();
    let mut checked = 0;
    for seed in 0..40 {
        let GameState::Zone(mut s) = GameState::new_game(1, seed, "mirror").unwrap().0 else { unreachable!() };
        playout(&Local, &mut s, 10 + seed as usize, &mut rng, &mut Vec::new());
        for a in s.legal_actions() {
            let mut next = s.clone();
            Backend::apply(&Local, &mut next, a);
            for depth in [0, 2, 4] {
                assert_eq!(look.after(&Local, &s, a, depth), settled_by_copies(&next, depth));
                assert_eq!(look.settled(&Local, &next, depth), settled_by_copies(&next, depth));
            }
            checked += usize::from(next.is_pending());
        }
    }
    assert!(checked > 20, "only {checked} pending states were settled");
}
