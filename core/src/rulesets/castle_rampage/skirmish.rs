//! The Castle Rampage skirmish: built-in card data, scenarios, and games dealt from a
//! seed (`castle.setup`). The printed cards are not public, so the pool below is Fray's
//! own: numbered troops whose attack and defenses trade off (strong attackers defend
//! poorly, walls do not attack), plus the five purple cards with docs/rules.md's effects.
//!
//! A game: the pool is shuffled by the seed (ChaCha8) and the cards get ids `c01`,
//! `c02`, ... in shuffled order (an id tells nothing about the card). Player 0's Gate,
//! Castle and hand are dealt from the top, then player 1's, with the scenario's
//! counts; the rest is the shared draw pile (its cards' owner is 0 until drawn).
//! Player 0 starts at turn 1 in PHASE_DRAW.

use std::sync::Arc;

use rand::SeedableRng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;

use super::event::CastleEvent;
use super::{CastleCard, CastleEffect, CastleState, SeenBy, Side, rule};
use crate::catalogue::{ScenarioInfo, SeatBalance};
use crate::error::{SetupError, Violations};
use crate::event::EventSink;
use crate::state::{CreatureId, Phase, PlayerId};
use crate::turn::TurnHeader;

/// One kind of card in the pool: how many copies, and its values.
#[derive(Debug, Clone, Copy)]
pub struct PoolEntry {
    /// The card's name.
    pub name: &'static str,
    /// Copies in the pool.
    pub copies: usize,
    /// Attack value.
    pub attack: i32,
    /// Defense in the Gate.
    pub gate_defense: i32,
    /// Defense in the Castle.
    pub castle_defense: i32,
    /// Purple effect.
    pub effect: CastleEffect,
    /// The Saboteur's reduction (0 means 2).
    pub effect_amount: i32,
}

const fn troop(name: &'static str, copies: usize, attack: i32, gate_defense: i32, castle_defense: i32) -> PoolEntry {
    PoolEntry { name, copies, attack, gate_defense, castle_defense, effect: CastleEffect::None, effect_amount: 0 }
}

const fn purple(name: &'static str, attack: i32, gate: i32, castle: i32, effect: CastleEffect) -> PoolEntry {
    PoolEntry { name, copies: 1, attack, gate_defense: gate, castle_defense: castle, effect, effect_amount: 0 }
}

/// The skirmish pool: 37 cards. Castle defenses run higher than Gate defenses, so
/// where a card is placed matters. (Tuned by playing random and greedy games: with
/// higher defenses most games ran out of attack cards and ended drawn.)
pub const POOL: &[PoolEntry] = &[
    troop("Militia", 5, 3, 2, 2),
    troop("Archer", 4, 4, 1, 3),
    troop("Swordsman", 4, 5, 2, 3),
    troop("Knight", 4, 6, 3, 4),
    troop("Ogre", 2, 7, 4, 6),
    troop("Troll", 2, 8, 4, 5),
    troop("Battering Ram", 3, 9, 1, 1),
    troop("Catapult", 2, 10, 0, 1),
    troop("Giant", 1, 11, 5, 6),
    troop("Palisade", 2, 0, 6, 3),
    troop("Stone Wall", 2, 0, 4, 7),
    troop("Tower", 1, 1, 3, 8),
    purple("Bomber", 3, 3, 3, CastleEffect::Bomber),
    purple("Saboteur", 2, 2, 3, CastleEffect::Saboteur),
    purple("Spy", 2, 1, 2, CastleEffect::Spy),
    purple("Veteran", 5, 3, 4, CastleEffect::Veteran),
    purple("Digger", 4, 1, 1, CastleEffect::Digger),
];

/// A built-in scenario: how many cards each player's Gate, Castle and hand get.
#[derive(Debug, Clone, Copy)]
pub struct Scenario {
    /// Its name, as NewGame takes it.
    pub name: &'static str,
    /// One sentence.
    pub description: &'static str,
    /// Cards dealt to each Gate.
    pub gate: usize,
    /// Cards dealt to each Castle.
    pub castle: usize,
    /// Cards dealt to each hand.
    pub hand: usize,
    /// The second player's compensation for moving second: extra cards dealt to their
    /// Castle and hand (from the draw pile).
    pub second_player: Extra,
    /// Seat 0's score when the `normal` bot plays itself (`fray bench seats`,
    /// docs/benchmarks.md).
    pub balance: SeatBalance,
}

/// Extra cards dealt to one player.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Extra {
    /// To the Castle (under the others).
    pub castle: usize,
    /// To the hand.
    pub hand: usize,
}

/// No extra cards.
const NONE: Extra = Extra { castle: 0, hand: 0 };

/// The built-in scenarios, in the order ListRulesets reports them.
pub const SCENARIOS: &[Scenario] = &[
    Scenario {
        name: "standard",
        description: "3 Gate, 4 Castle and 3 hand cards each; the second player gets one more Castle and one \
                      more hand card; 15 to draw",
        gate: 3,
        castle: 4,
        hand: 3,
        second_player: Extra { castle: 1, hand: 1 },
        balance: SeatBalance::two(0.43, 100),
    },
    Scenario {
        name: "siege",
        description: "a deeper Castle: 3 Gate, 5 Castle and 3 hand cards each, 15 to draw",
        gate: 3,
        castle: 5,
        hand: 3,
        second_player: NONE,
        balance: SeatBalance::two(0.555, 100),
    },
    Scenario {
        name: "raid",
        description: "short games: 2 Gate, 3 Castle and 3 hand cards each; the second player gets two more \
                      Castle cards; 19 to draw",
        gate: 2,
        castle: 3,
        hand: 3,
        second_player: Extra { castle: 2, hand: 0 },
        balance: SeatBalance::two(0.515, 100),
    },
];

/// The scenario names, for messages.
pub fn scenario_names() -> Vec<&'static str> {
    SCENARIOS.iter().map(|s| s.name).collect()
}

/// Every scenario with its balance, for ListRulesets.
pub fn scenario_infos() -> Vec<ScenarioInfo> {
    SCENARIOS
        .iter()
        .map(|s| ScenarioInfo { name: s.name, description: s.description, players: 2, balance: s.balance })
        .collect()
}

/// The pool's cards, in [`POOL`] order, without ids.
fn pool_cards() -> Vec<CastleCard> {
    let empty: Arc<str> = Arc::from("");
    POOL.iter()
        .flat_map(|e| {
            let name: Arc<str> = Arc::from(e.name);
            let empty = empty.clone();
            (0..e.copies).map(move |_| CastleCard {
                id: CreatureId(empty.clone()),
                name: name.clone(),
                owner: PlayerId(0),
                attack: e.attack,
                gate_defense: e.gate_defense,
                castle_defense: e.castle_defense,
                effect: e.effect,
                effect_amount: e.effect_amount,
                seen_by: SeenBy::NOBODY,
            })
        })
        .collect()
}

impl CastleState {
    /// Starts a skirmish game from `seed` and the built-in `scenario` (empty: the
    /// first). The same arguments always give the same game.
    pub fn new_game<S: EventSink<CastleEvent>>(
        seed: u64,
        scenario: &str,
        sink: &mut S,
    ) -> Result<CastleState, SetupError> {
        let name = if scenario.is_empty() { SCENARIOS[0].name } else { scenario };
        let Some(chosen) = SCENARIOS.iter().find(|s| s.name == name) else {
            let mut v = Violations::default();
            v.push("scenario", format!("unknown scenario {name:?}: choose one of {}", scenario_names().join(", ")));
            return Err(SetupError::Invalid(v));
        };
        let mut cards = pool_cards();
        let extra = chosen.second_player;
        let dealt = 2 * (chosen.gate + chosen.castle + chosen.hand) + extra.castle + extra.hand;
        if dealt > cards.len() || chosen.castle == 0 {
            return Err(SetupError::Data(format!(
                "scenario {name} deals {dealt} of {} cards and needs a Castle card each",
                cards.len()
            )));
        }
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        cards.shuffle(&mut rng);
        for (i, card) in cards.iter_mut().enumerate() {
            card.id = CreatureId(Arc::from(format!("c{:02}", i + 1).as_str()));
        }
        let mut deck = cards.into_iter();
        let mut sides: [Side; 2] = Default::default();
        for (p, side) in sides.iter_mut().enumerate() {
            let owner = PlayerId(p as u8);
            let mut deal =
                |n: usize| -> Vec<CastleCard> { deck.by_ref().take(n).map(|c| CastleCard { owner, ..c }).collect() };
            let more = if p == 1 { extra } else { NONE };
            side.gate = deal(chosen.gate);
            side.castle = deal(chosen.castle + more.castle);
            side.hand = deal(chosen.hand + more.hand);
        }
        let header = TurnHeader::first(Phase::Draw, rule::SETUP, sink);
        let mut state = CastleState { sides, draw_pile: deck.collect(), discard: Vec::new(), header };
        state.settle_phases(sink);
        Ok(state)
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    #[test]
    fn a_scenario_that_deals_the_second_player_more_says_so() {
        for s in SCENARIOS {
            let more = s.second_player.castle + s.second_player.hand > 0;
            assert_eq!(s.description.contains("the second player gets"), more, "{}: {}", s.name, s.description);
        }
    }

    #[test]
    fn every_scenario_deals_from_the_pool_with_unique_ids() {
        for s in SCENARIOS {
            let g = CastleState::new_game(9, s.name, &mut crate::event::Discard).unwrap();
            let mut ids: Vec<&str> = g.cards().map(|c| c.id.as_str()).collect();
            assert_eq!(ids.len(), pool_cards().len(), "{}", s.name);
            ids.sort_unstable();
            ids.dedup();
            assert_eq!(ids.len(), pool_cards().len(), "{}", s.name);
            assert_eq!(g.sides[0].castle.len(), s.castle);
            assert_eq!(g.sides[1].castle.len(), s.castle + s.second_player.castle);
            assert_eq!(g.sides[1].hand.len(), s.hand + s.second_player.hand);
        }
    }
}
