//! The Dog Fight skirmish for two, three and four players: built-in vessels and cards,
//! dealt from a seed (`dogfight.setup`). The vessels and cards are Fray's own.
//!
//! A game: the grid is 7 x 7; each player gets the scenario's fleet at their corner of
//! the grid (player 0 top left, then clockwise), and a hand of 4 cards dealt from a
//! shuffled deck (ChaCha8). Vessel ids are `p<player>-<vessel>`, card ids `c01`, `c02`,
//! ... in deal order. Player 0 starts at turn 1 in PHASE_EVENT.

use std::sync::Arc;

use rand::SeedableRng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;

use super::{DfCard, DfEffect, DfSide, DogFightState, PLAYERS, Vessel, rule};
use crate::error::{SetupError, Violations};
use crate::event::{EventKind, EventSink, emit};
use crate::state::{CreatureId, Phase, PlayerId};

/// A vessel of the fleet: (slug, name, attack, range, shields, armor, absorb, hull).
type VesselSpec = (&'static str, &'static str, i32, i32, i32, i32, i32, i32);

/// Every player's fleet.
pub const FLEET: &[VesselSpec] = &[
    ("fighter", "Fighter", 3, 4, 0, 1, 0, 3),
    ("gunship", "Gunship", 4, 3, 1, 1, 0, 5),
    ("frigate", "Frigate", 2, 6, 2, 1, 1, 6),
];

/// The deck: (name, effect, amount, copies).
pub const DECK: &[(&str, DfEffect, i32, usize)] = &[
    ("Direct Hit", DfEffect::DirectHit, 2, 6),
    ("Evasive Maneuvers", DfEffect::EvasiveManeuvers, 0, 4),
    ("Armor Boost", DfEffect::ArmorBoost, 2, 4),
    ("Return Fire", DfEffect::ReturnFire, 2, 3),
    ("Negate", DfEffect::Negate, 0, 3),
];

/// Cards in each starting hand.
pub const HAND: usize = 4;
/// The grid's side.
pub const GRID: u32 = 7;

/// The built-in scenarios: a name per number of players.
pub const SCENARIOS: &[(&str, usize)] = &[("duel", 2), ("trio", 3), ("melee", 4)];

/// Where player `p` of `n` starts: a corner, player 0 top left, then clockwise.
fn corner(p: usize) -> (i32, i32) {
    let far = GRID as i32 - 1;
    [(0, 0), (far, 0), (far, far), (0, far)][p % 4]
}

impl DogFightState {
    /// Deals a skirmish of `scenario` (empty: `duel`) from `seed`.
    pub fn new_game<S: EventSink>(seed: u64, scenario: &str, sink: &mut S) -> Result<DogFightState, SetupError> {
        let name = if scenario.is_empty() { "duel" } else { scenario };
        let Some(&(_, n)) = SCENARIOS.iter().find(|(s, _)| *s == name) else {
            let mut v = Violations::default();
            let names: Vec<&str> = SCENARIOS.iter().map(|(s, _)| *s).collect();
            v.push("scenario", format!("{scenario:?} is not a Dog Fight scenario: one of {}", names.join(", ")));
            return Err(SetupError::Invalid(v));
        };
        debug_assert!(PLAYERS.contains(&n));
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut deck: Vec<(&str, DfEffect, i32)> =
            DECK.iter().flat_map(|&(name, e, a, copies)| std::iter::repeat_n((name, e, a), copies)).collect();
        deck.shuffle(&mut rng);
        let mut dealt = deck.into_iter().enumerate().map(|(i, (name, effect, amount))| DfCard {
            id: CreatureId::from(format!("c{:02}", i + 1).as_str()),
            name: Arc::from(name),
            effect,
            amount,
        });
        let mut vessels = Vec::new();
        let mut sides = Vec::new();
        for p in 0..n {
            let (cx, cy) = corner(p);
            let step = |c: i32| if c == 0 { 1 } else { -1 };
            for (k, &(slug, name, attack, range, shields, armor, absorb, hull)) in FLEET.iter().enumerate() {
                // The fleet spreads along the edge from the corner.
                let (x, y) = if p % 2 == 0 { (cx + step(cx) * k as i32, cy) } else { (cx, cy + step(cy) * k as i32) };
                vessels.push(Vessel {
                    id: CreatureId::from(format!("p{p}-{slug}").as_str()),
                    name: Arc::from(name),
                    controller: PlayerId(p as u8),
                    x,
                    y,
                    attack,
                    range,
                    shields,
                    armor,
                    absorb,
                    hull,
                    attacked: false,
                });
            }
            sides.push(DfSide { hand: dealt.by_ref().take(HAND).collect(), discard: Vec::new() });
        }
        let state = DogFightState {
            width: GRID,
            height: GRID,
            vessels,
            sides,
            active_player: PlayerId(0),
            turn: 1,
            phase: Phase::Event,
            winner: None,
            attack: None,
            pending: None,
        };
        emit(sink, rule::SETUP, || EventKind::PhaseChanged {
            phase: Phase::Event,
            turn: 1,
            active_player: PlayerId(0),
        });
        Ok(state)
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    #[test]
    fn every_scenario_deals_a_valid_state_with_its_players() {
        for &(name, n) in SCENARIOS {
            let g = DogFightState::new_game(3, name, &mut Vec::new()).unwrap();
            assert_eq!(g.players(), n);
            assert_eq!(DogFightState::from_setup(&g.to_setup()).unwrap(), g, "{name}");
            assert!(g.sides.iter().all(|s| s.hand.len() == HAND));
        }
        assert!(DogFightState::new_game(1, "chess", &mut Vec::new()).is_err());
    }
}
