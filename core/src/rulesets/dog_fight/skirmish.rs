//! The Dog Fight skirmish for two, three and four players: built-in vessels and cards,
//! dealt from a seed (`dogfight.setup`). The vessels and cards are Fray's own.
//!
//! A game: the grid is 5 x 5; each player gets the same fleet (a fighter, a gunship
//! and a frigate) at their corner of the grid (player 0 top left, then clockwise), every
//! vessel within range of every enemy vessel, so the seats differ by turn order alone;
//! and a hand dealt from a shuffled deck (ChaCha8), 4 cards. Vessel ids are
//! `p<player>-<vessel>`, card ids `c01`, `c02`, ... in deal order. Player 0 starts at
//! turn 1 in PHASE_EVENT.
//!
//! Shooting first decides most duels (seat 0 won 84% of greedy-against-greedy games
//! with an even deal), so `duel` deals the compensation, not the rules: player 0's
//! gunship starts as having attacked (it sits out turn 1). Seat 0 then scores 57% over
//! 100 games of the normal bot against itself. `melee` deals everyone the same and is
//! balanced (46.5% / 52.7% / 47.7% / 53.2%). Dealt the same, `trio` was not (27.5% /
//! 66.2% / 56.2%: the first player, who shoots first, fared worst), so its player 0
//! holds a fifth card (41.8% / 56.2% / 52.0%). docs/benchmarks.md has every trial.

use std::sync::Arc;

use rand::SeedableRng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;

use super::event::DfEvent;
use super::{DfCard, DfEffect, DfSide, DogFightState, PLAYERS, Vessel, rule};
use crate::catalogue::{ScenarioInfo, SeatBalance};
use crate::error::{SetupError, Violations};
use crate::event::EventSink;
use crate::state::{CreatureId, Phase, PlayerId};
use crate::turn::TurnHeader;

/// A vessel of the fleet: (slug, name, attack, range, shields, armor, absorb, hull).
type VesselSpec = (&'static str, &'static str, i32, i32, i32, i32, i32, i32);

/// Every player's fleet.
pub const FLEET: &[VesselSpec] = &[
    ("fighter", "Fighter", 3, 4, 0, 0, 0, 3),
    ("gunship", "Gunship", 4, 4, 1, 0, 0, 4),
    ("frigate", "Frigate", 3, 4, 1, 0, 1, 5),
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
pub const GRID: u32 = 5;

/// A built-in scenario: one per number of players.
#[derive(Debug, Clone, Copy)]
pub struct Scenario {
    /// Its name, as NewGame takes it.
    pub name: &'static str,
    /// One sentence.
    pub description: &'static str,
    /// Its players.
    pub players: usize,
    /// Player 0's vessels (fleet slugs) dealt as having attacked (`Vessel.attacked`):
    /// they sit out the first turn, to offset shooting first (docs/benchmarks.md).
    pub first_held: &'static [&'static str],
    /// Cards in player 0's starting hand (the others get [`HAND`]).
    pub first_hand: usize,
    /// Seat balance as measured by `fray bench seats` (docs/benchmarks.md).
    pub balance: SeatBalance,
}

/// The built-in scenarios; the first is the default.
pub const SCENARIOS: &[Scenario] = &[
    Scenario {
        name: "duel",
        first_held: &["gunship"],
        first_hand: HAND,
        description: "two players, each a fighter, a gunship and a frigate at opposite corners of a 5x5 grid; the first \
                      player's gunship sits out turn 1 (it starts as having attacked)",
        players: 2,
        balance: SeatBalance::two(0.57, 100),
    },
    Scenario {
        name: "trio",
        first_held: &[],
        first_hand: HAND + 1,
        description: "three players, each a fighter, a gunship and a frigate at three corners of a 5x5 grid; the first \
                      player holds a fifth card",
        players: 3,
        balance: SeatBalance { seat0_score: 0.4175, games: 100, others: &[0.5625, 0.52] },
    },
    Scenario {
        name: "melee",
        first_held: &[],
        first_hand: HAND,
        description: "four players, each a fighter, a gunship and a frigate at the four corners of a 5x5 grid",
        players: 4,
        balance: SeatBalance {
            seat0_score: 279.0 / 600.0,
            games: 100,
            others: &[316.0 / 600.0, 286.0 / 600.0, 319.0 / 600.0],
        },
    },
];

/// The built-in scenarios with their measured balance.
pub fn scenario_infos() -> Vec<ScenarioInfo> {
    SCENARIOS
        .iter()
        .map(|s| ScenarioInfo { name: s.name, description: s.description, players: s.players, balance: s.balance })
        .collect()
}

/// Where player `p` of `n` starts: a corner, player 0 top left, then clockwise.
fn corner(p: usize) -> (i32, i32) {
    let far = GRID as i32 - 1;
    [(0, 0), (far, 0), (far, far), (0, far)][p % 4]
}

impl DogFightState {
    /// Deals a skirmish of `scenario` (empty: `duel`) from `seed`.
    pub fn new_game<S: EventSink<DfEvent>>(
        seed: u64,
        scenario: &str,
        sink: &mut S,
    ) -> Result<DogFightState, SetupError> {
        let name = if scenario.is_empty() { "duel" } else { scenario };
        let Some(&Scenario { players: n, first_held, first_hand, .. }) = SCENARIOS.iter().find(|s| s.name == name)
        else {
            let mut v = Violations::default();
            let names: Vec<&str> = SCENARIOS.iter().map(|s| s.name).collect();
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
                    attacked: p == 0 && first_held.contains(&slug),
                });
            }
            let cards = if p == 0 { first_hand } else { HAND };
            sides.push(DfSide { hand: dealt.by_ref().take(cards).collect(), discard: Vec::new() });
        }
        let header = TurnHeader::first(Phase::Event, rule::SETUP, sink);
        Ok(DogFightState { width: GRID, height: GRID, vessels, sides, header, attack: None, pending: None })
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use crate::game::Game;

    #[test]
    fn a_scenario_that_deals_the_first_player_otherwise_says_so() {
        for s in SCENARIOS {
            let held = s.first_held.iter().all(|v| s.description.contains(&format!("first player's {v} sits out")));
            assert!(held, "{}: {}", s.name, s.description);
            let fifth = s.description.contains("first player holds a fifth card");
            assert_eq!(fifth, s.first_hand == HAND + 1, "{}: {}", s.name, s.description);
            assert!(s.first_hand <= HAND + 1, "{}: say the first player's hand", s.name);
        }
    }

    #[test]
    fn every_scenario_deals_a_valid_state_with_its_players() {
        for s in SCENARIOS {
            let (name, n) = (s.name, s.players);
            let g = DogFightState::new_game(3, name, &mut crate::event::Discard).unwrap();
            assert_eq!(g.players(), n);
            assert_eq!(DogFightState::from_setup(&g.to_setup()).unwrap(), g, "{name}");
            let hands: Vec<usize> = g.sides.iter().map(|side| side.hand.len()).collect();
            let first = if name == "trio" { HAND + 1 } else { HAND };
            assert_eq!(hands[0], first, "{name}");
            assert!(hands[1..].iter().all(|&h| h == HAND), "{name}: {hands:?}");
        }
        assert!(DogFightState::new_game(1, "chess", &mut crate::event::Discard).is_err());
    }

    #[test]
    fn the_duel_holds_back_the_first_players_gunship_and_every_vessel_reaches_every_enemy() {
        for s in SCENARIOS {
            let g = DogFightState::new_game(5, s.name, &mut crate::event::Discard).unwrap();
            let held: Vec<&str> = g.vessels.iter().filter(|v| v.attacked).map(|v| v.id.as_str()).collect();
            assert_eq!(held, if s.name == "duel" { vec!["p0-gunship"] } else { vec![] }, "{}", s.name);
            for a in &g.vessels {
                for d in g.vessels.iter().filter(|d| d.controller != a.controller) {
                    assert!((a.x - d.x).abs().max((a.y - d.y).abs()) <= a.range, "{} cannot reach {}", a.id, d.id);
                }
            }
        }
    }
}
