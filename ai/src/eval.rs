//! The documented evaluations of a position, used where a search stops short of the end.
//!
//! They score a state for player 0 in [-1, 1]: 1 a win, -1 a loss, 0 a draw once the
//! game is over. Otherwise they squash a balance `x` (player 0's side minus player 1's)
//! with `x / (1 + |x|)`.
//!
//! [`material`] (GreedyBot's "best immediate trade") counts, per side:
//! - hit points: `4 * hp / starting_hp` (6 in e:game, 20 in Dimensional Rift);
//! - each creature on the field: `0.35 + 0.12 * max(might, 0) + 0.06 * remaining life`
//!   (a face-down one counts 0.45: a hidden card);
//! - each card in hand 0.15, each card in the deck 0.02.
//!
//! [`evaluate`], the searching bots' score, is the same today. (A positional term, a
//! penalty for each empty zone open to a direct hit, was tried and dropped: MCTS with
//! it scored 63.0% against greedy over 400 games, 74% without it over 40; see
//! docs/benchmarks.md.)

use crate::backend::Backend;
use fray_core::ZoneState;
use fray_core::board::{ZONES_PER_PLAYER, ZoneRef};
use fray_core::state::{PlayerId, Ruleset};

fn finished(s: &ZoneState) -> Option<f64> {
    s.outcome().map(|outcome| match outcome {
        Some(PlayerId(0)) => 1.0,
        Some(_) => -1.0,
        None => 0.0,
    })
}

fn squash(x: f64) -> f64 {
    x / (1.0 + x.abs())
}

/// Material only, for player 0 in [-1, 1].
pub fn material(s: &ZoneState) -> f64 {
    finished(s).unwrap_or_else(|| squash(side(s, PlayerId(0)) - side(s, PlayerId(1))))
}

/// The searching bots' evaluation, for player 0 in [-1, 1] (today: [`material`]).
pub fn evaluate(s: &ZoneState) -> f64 {
    material(s)
}

/// [`evaluate`] for `player`.
pub fn evaluate_for(s: &ZoneState, player: PlayerId) -> f64 {
    let v = evaluate(s);
    if player.0 == 0 { v } else { -v }
}

/// The value of `s` for `me` under `score` (one of [`evaluate_for`], [`material_for`])
/// once pending decisions are settled by their deciders, each picking what is best
/// for them (at most `depth` decisions deep). A static score alone would misjudge a
/// state that waits on a block: declining may hand the opponent a lethal direct hit.
pub fn settled<B: Backend + ?Sized>(
    backend: &B,
    s: &ZoneState,
    me: PlayerId,
    depth: u32,
    score: fn(&ZoneState, PlayerId) -> f64,
) -> f64 {
    let Some(p) = s.pending.filter(|_| depth > 0) else { return score(s, me) };
    let mut options = Vec::new();
    backend.legal_actions(s, &mut options);
    let values = options.into_iter().map(|a| {
        let mut next = s.clone();
        backend.apply(&mut next, a);
        settled(backend, &next, me, depth - 1, score)
    });
    if p.player == me { values.fold(f64::NEG_INFINITY, f64::max) } else { values.fold(f64::INFINITY, f64::min) }
}

/// [`material`] for `player`.
pub fn material_for(s: &ZoneState, player: PlayerId) -> f64 {
    let v = material(s);
    if player.0 == 0 { v } else { -v }
}

fn side(s: &ZoneState, p: PlayerId) -> f64 {
    let start = if s.ruleset == Ruleset::DimensionalRift { 20.0 } else { 6.0 };
    let player = &s.players[p.index()];
    let mut value = 4.0 * f64::from(player.hp.max(0)) / start;
    for index in 0..ZONES_PER_PLAYER {
        if let Some(c) = s.at(ZoneRef { player: p, index }) {
            value += if c.face_down {
                0.45
            } else {
                0.35 + 0.12 * f64::from(c.might.max(0)) + 0.06 * f64::from((c.life - c.damage).max(0))
            };
        }
    }
    value + 0.15 * player.hand.len() as f64 + 0.02 * player.deck.len() as f64
}
