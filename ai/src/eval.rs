//! How bots value a position where search stops short of the end: the ruleset's own
//! heuristic ([`fray_core::Game::heuristic`]: for e:game and Dimensional Rift the
//! material balance of `fray_core::rulesets::zone_game`), each player's value in
//! [-1, 1], exact once the game is over; and [`settled`], which first lets pending
//! decisions be taken by the players who make them.

use crate::backend::Backend;
use fray_core::state::PlayerId;
use fray_core::{Game, Returns};

/// The heuristic value of `s` for `player`, in [-1, 1].
pub fn evaluate_for<G: Game>(s: &G, player: PlayerId) -> f64 {
    s.heuristic().get(player)
}

/// The heuristic values of `s` once pending decisions are settled by their deciders,
/// each picking what is best for themselves (at most `depth` decisions deep; the
/// first best on a tie). A static score alone would misjudge a state that waits on a
/// block: declining may hand the opponent a lethal direct hit.
pub fn settled<G: Game, B: Backend<G> + ?Sized>(backend: &B, s: &G, depth: u32) -> Returns {
    let decider = match s.to_move() {
        Some(p) if depth > 0 && s.is_pending() => p,
        _ => return s.heuristic(),
    };
    let mut options = Vec::new();
    backend.legal_actions(s, &mut options);
    let mut best: Option<Returns> = None;
    for a in options {
        let mut next = s.clone();
        backend.apply(&mut next, a);
        let v = settled(backend, &next, depth - 1);
        if best.is_none_or(|b| v.get(decider) > b.get(decider)) {
            best = Some(v);
        }
    }
    best.unwrap_or_else(|| s.heuristic())
}
