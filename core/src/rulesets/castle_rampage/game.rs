//! Castle Rampage behind the [`Game`] interface: two players, no decisions, and the
//! material balance below as the heuristic.
//!
//! Hidden information: the opponent's hand, the shared draw pile and every Gate and
//! Castle card (face down). A simplification: a player's own Gate and Castle count as
//! unknown to them too (Fray does not track which of their face-down cards a player has
//! seen, e.g. the ones they added). A player sees their own hand, the discard pile, and
//! the size of every pile.
//!
//! Material counts, per side:
//! - each Castle card `0.6 + 0.04 * castle_defense` (losing the Castle loses the game);
//! - each Gate card `0.25 + 0.03 * gate_defense`;
//! - each card in hand `0.1`, plus `0.05 * attack` for a card that can attack.
//!
//! The balance `x` (seat 0's side minus seat 1's) is squashed with `x / (1 + |x|)`; once
//! the game is over the heuristic is its result.

use rand::RngCore;
use rand::seq::SliceRandom;

use super::Opponent;
use super::event::CastleEvent;
use super::setup::{CastleActionSetup, CastleCardSetup, CastleSetup, CastleStrikeSetup, ReinforceSetup};
use super::{CastleAction, CastleCard, CastleState, Side, Structure};
use crate::error::{ActionError, IllegalAction, Violations};
use crate::event::EventSink;
use crate::game::{Game, Outcome, Returns, balance_heuristic};
use crate::path::FieldPath;
use crate::setup::ChoiceSetup;
use crate::state::PlayerId;

impl Game for CastleState {
    type Action = CastleAction;
    type Setup = CastleSetup;
    type ActionSetup = CastleActionSetup;
    type StrikeSetup = CastleStrikeSetup;
    type Event = CastleEvent;

    fn num_players(&self) -> usize {
        2
    }

    fn to_move(&self) -> Option<PlayerId> {
        CastleState::to_move(self)
    }

    fn legal_actions_into(&self, out: &mut Vec<CastleAction>) {
        CastleState::legal_actions_into(self, out);
    }

    fn apply<S: EventSink<CastleEvent>>(&mut self, action: CastleAction, sink: &mut S) -> Result<(), IllegalAction> {
        CastleState::apply(self, action, sink)
    }

    fn outcome(&self) -> Option<Outcome> {
        self.is_over().then(|| self.winner.map_or(Outcome::Draw, Outcome::Win))
    }

    fn game_over_rule(&self) -> &'static str {
        super::rule::GAME_OVER
    }

    fn turn_limit_rule(&self) -> &'static str {
        super::rule::TURN_LIMIT
    }

    fn heuristic(&self) -> Returns {
        balance_heuristic(self, || material(self))
    }

    fn turn(&self) -> u32 {
        self.turn
    }

    fn is_pending(&self) -> bool {
        false
    }

    fn has_hidden(&self, viewer: PlayerId) -> bool {
        !self.side(viewer.opponent()).hand.is_empty()
            || !self.draw_pile.is_empty()
            || self.sides.iter().any(|s| !s.gate.is_empty() || !s.castle.is_empty())
    }

    /// Deals every card hidden from `viewer` (the opponent's hand, the draw pile, both
    /// players' Gates and Castles) again at random, keeping each pile's size. A card
    /// dealt to a side becomes that player's.
    fn determinize(&self, viewer: PlayerId, rng: &mut dyn RngCore) -> Self {
        let mut world = self.clone();
        let opp = viewer.opponent().index();
        let mut unseen: Vec<CastleCard> = Vec::new();
        unseen.append(&mut world.sides[opp].hand);
        unseen.append(&mut world.draw_pile);
        for side in &mut world.sides {
            unseen.append(&mut side.gate);
            unseen.append(&mut side.castle);
        }
        unseen.shuffle(rng);
        let mut deal = unseen.into_iter();
        let mine = |owner: usize| move |c: CastleCard| CastleCard { owner: PlayerId(owner as u8), ..c };
        world.sides[opp].hand = deal.by_ref().take(self.sides[opp].hand.len()).map(mine(opp)).collect();
        world.draw_pile = deal.by_ref().take(self.draw_pile.len()).collect();
        for (p, side) in world.sides.iter_mut().enumerate() {
            side.gate = deal.by_ref().take(self.sides[p].gate.len()).map(mine(p)).collect();
            side.castle = deal.by_ref().take(self.sides[p].castle.len()).map(mine(p)).collect();
        }
        world
    }

    /// Blanks the opponent's hand, the draw pile and every Gate and Castle card.
    fn observation(&self, viewer: PlayerId) -> CastleSetup {
        let mut s = self.to_setup();
        let blank = |c: &mut CastleCardSetup| *c = CastleCardSetup::default();
        if let Some(board) = s.board.as_mut() {
            board.draw_pile.iter_mut().for_each(blank);
            for (i, side) in board.sides.iter_mut().enumerate() {
                side.gate.iter_mut().for_each(blank);
                side.castle.iter_mut().for_each(blank);
                if i != viewer.index() {
                    side.hand.iter_mut().for_each(blank);
                }
            }
        }
        s
    }

    fn to_setup(&self) -> CastleSetup {
        CastleState::to_setup(self)
    }

    fn action_setup(&self, action: CastleAction) -> CastleActionSetup {
        let id = |player: PlayerId, hand_index: u32| {
            usize::try_from(hand_index)
                .ok()
                .and_then(|i| self.side(player).hand.get(i))
                .map(|c| c.id.to_string())
                .unwrap_or_default()
        };
        match action {
            CastleAction::Strike { player, hand_index } => {
                CastleActionSetup::Strike(CastleStrikeSetup { attacker: id(player, hand_index) })
            }
            CastleAction::Reinforce { player, hand_index, structure } => CastleActionSetup::Reinforce(ReinforceSetup {
                card: id(player, hand_index),
                structure: structure.name().to_owned(),
            }),
            CastleAction::EndPhase => CastleActionSetup::EndPhase,
        }
    }

    fn parse_action<'p>(
        &self,
        action: &CastleActionSetup,
        path: impl Into<FieldPath<'p>>,
    ) -> Result<CastleAction, ActionError> {
        let path = path.into();
        let invalid = |field: FieldPath<'_>, why: &str| {
            let mut v = Violations::default();
            v.push(field, why);
            ActionError::Invalid(v)
        };
        match action {
            CastleActionSetup::Strike(s) => self.parse_strike(s, path.field("strike")).map_err(ActionError::Invalid),
            CastleActionSetup::Reinforce(r) => {
                self.parse_reinforce(r, path.field("reinforce")).map_err(ActionError::Invalid)
            }
            CastleActionSetup::EndPhase => Ok(CastleAction::EndPhase),
            CastleActionSetup::Choice(c) => self.parse_choice(c, path.field("choice")).map_err(ActionError::Invalid),
            CastleActionSetup::Missing => Err(invalid(path, "is required: set one of strike, reinforce, end_phase")),
        }
    }

    /// The attacker is a card in a hand, named by id (`target` and `defender` unset: an
    /// attack card always attacks the opponent). A card in the other player's hand
    /// parses, and the rules then refuse it (`castle.turn.active_player`).
    fn parse_strike<'p>(
        &self,
        strike: &CastleStrikeSetup,
        path: impl Into<FieldPath<'p>>,
    ) -> Result<CastleAction, Violations> {
        let path = path.into();
        let mut v = Violations::default();
        let found = self.find_in_hand(&mut v, path.field("attacker"), &strike.attacker);
        match found {
            Some((player, hand_index)) if v.is_empty() => Ok(CastleAction::Strike { player, hand_index }),
            _ => Err(v),
        }
    }

    fn parse_choice<'p>(
        &self,
        _choice: &ChoiceSetup,
        path: impl Into<FieldPath<'p>>,
    ) -> Result<CastleAction, Violations> {
        let mut v = Violations::default();
        v.push(path.into(), "answers no pending decision: Castle Rampage asks no decisions");
        Err(v)
    }

    /// Two plays of cards with the same values (name aside) the same way are one move.
    fn dedupe(&self, actions: &mut Vec<CastleAction>) {
        let same = |a: &CastleCard, b: &CastleCard| {
            (a.attack, a.gate_defense, a.castle_defense, a.effect, a.effect_amount)
                == (b.attack, b.gate_defense, b.castle_defense, b.effect, b.effect_amount)
        };
        // The same kind of play to the same place: the card is the only difference.
        let same_play = |x: CastleAction, y: CastleAction| match (x, y) {
            (CastleAction::Strike { .. }, CastleAction::Strike { .. }) => true,
            (CastleAction::Reinforce { structure: a, .. }, CastleAction::Reinforce { structure: b, .. }) => a == b,
            _ => false,
        };
        let mut kept: Vec<CastleAction> = Vec::with_capacity(actions.len());
        actions.retain(|&a| {
            let dup = self.played(a).is_some_and(|card| {
                kept.iter().any(|&k| same_play(k, a) && self.played(k).is_some_and(|other| same(other, card)))
            });
            if !dup {
                kept.push(a);
            }
            !dup
        });
    }
}

impl CastleState {
    /// The hand card an action plays, if it plays one.
    fn played(&self, action: CastleAction) -> Option<&CastleCard> {
        match action {
            CastleAction::Strike { player, hand_index } | CastleAction::Reinforce { player, hand_index, .. } => {
                self.side(player).hand.get(hand_index as usize)
            }
            CastleAction::EndPhase => None,
        }
    }
    /// Parses a submitted reinforcement; `path` is its field path.
    pub fn parse_reinforce<'p>(
        &self,
        r: &ReinforceSetup,
        path: impl Into<FieldPath<'p>>,
    ) -> Result<CastleAction, Violations> {
        let path = path.into();
        let mut v = Violations::default();
        let found = self.find_in_hand(&mut v, path.field("card"), &r.card);
        let structure = Structure::from_name(&r.structure);
        if structure.is_none() {
            v.push(path.field("structure"), format!("must be \"gate\" or \"castle\", got {:?}", r.structure));
        }
        match (found, structure) {
            (Some((player, hand_index)), Some(structure)) if v.is_empty() => {
                Ok(CastleAction::Reinforce { player, hand_index, structure })
            }
            _ => Err(v),
        }
    }

    /// The hand holding card `id` and its index there (the active player's first).
    fn find_in_hand(&self, v: &mut Violations, field: FieldPath<'_>, id: &str) -> Option<(PlayerId, u32)> {
        if id.is_empty() {
            v.push(field, "is required");
            return None;
        }
        let me = self.active_player;
        for player in [me, me.opponent()] {
            if let Some(i) = self.side(player).hand.iter().position(|c| c.id.as_str() == id) {
                return Some((player, u32::try_from(i).unwrap_or(u32::MAX)));
            }
        }
        let elsewhere = if self.cards().any(|c| c.id.as_str() == id) {
            "is not in a hand: only a hand card can be played"
        } else {
            "names no card in the state"
        };
        v.push(field, format!("{id:?} {elsewhere}"));
        None
    }
}

/// Seat 0's material balance: seat 0's side minus seat 1's.
pub fn material(s: &CastleState) -> f64 {
    side_value(&s.sides[0]) - side_value(&s.sides[1])
}

fn side_value(side: &Side) -> f64 {
    let castle: f64 = side.castle.iter().map(|c| 0.6 + 0.04 * f64::from(c.castle_defense)).sum();
    let gate: f64 = side.gate.iter().map(|c| 0.25 + 0.03 * f64::from(c.gate_defense)).sum();
    let hand: f64 = side.hand.iter().map(|c| 0.1 + if c.can_attack() { 0.05 * f64::from(c.attack) } else { 0.0 }).sum();
    castle + gate + hand
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use crate::rulesets::castle_rampage::setup::card_setup;
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    fn ids(cards: &[CastleCard]) -> Vec<String> {
        cards.iter().map(|c| c.id.to_string()).collect()
    }

    #[test]
    fn a_world_keeps_what_the_player_sees_and_every_pile_size() {
        let s = CastleState::new_game(3, "standard", &mut crate::event::Discard).unwrap();
        let me = s.active_player;
        let w = s.determinize(me, &mut ChaCha8Rng::seed_from_u64(5));
        assert_eq!(w.side(me).hand, s.side(me).hand);
        assert_eq!(w.discard, s.discard);
        assert_eq!(w.observation(me), s.observation(me));
        let mut a: Vec<String> = s.cards().map(|c| c.id.to_string()).collect();
        let mut b: Vec<String> = w.cards().map(|c| c.id.to_string()).collect();
        a.sort();
        b.sort();
        assert_eq!(a, b, "the same cards, dealt again");
        assert_ne!(ids(&w.sides[0].castle), ids(&s.sides[0].castle), "seed 5 deals another Castle");
        assert!(w.sides.iter().enumerate().all(|(p, side)| side.castle.iter().all(|c| c.owner.index() == p)));
    }

    #[test]
    fn the_heuristic_is_zero_sum_and_the_result_once_over() {
        let mut s = CastleState::new_game(3, "standard", &mut crate::event::Discard).unwrap();
        let h = s.heuristic();
        assert_eq!(h.get(PlayerId(0)), -h.get(PlayerId(1)));
        assert!(h.get(PlayerId(0)).abs() < 1.0);
        s.phase = crate::state::Phase::GameOver;
        s.winner = Some(PlayerId(1));
        assert_eq!(s.heuristic().as_slice(), &[-1.0, 1.0]);
    }

    #[test]
    fn an_observation_blanks_the_hidden_cards_and_keeps_the_counts() {
        let s = CastleState::new_game(3, "standard", &mut crate::event::Discard).unwrap();
        let o = s.observation(PlayerId(0));
        let board = o.board.unwrap();
        assert_eq!(board.sides[0].hand, s.sides[0].hand.iter().map(card_setup).collect::<Vec<_>>());
        assert!(board.sides[1].hand.iter().all(|c| *c == CastleCardSetup::default()));
        assert_eq!(board.sides[1].hand.len(), s.sides[1].hand.len());
        assert!(board.sides.iter().all(|side| side.castle.iter().chain(&side.gate).all(|c| c.id.is_empty())));
        assert_eq!(board.draw_pile.len(), s.draw_pile.len());
    }
}
