//! Castle Rampage behind the [`Game`] interface: two players, no decisions, and the
//! material balance below as the heuristic.
//!
//! Hidden information: the opponent's hand, the shared draw pile and every Gate and
//! Castle card (face down), a player's own included, except the cards the player has
//! seen (`castle.hidden.seen`: a card's `seen_by`, e.g. the ones they added and the
//! defenders that held). A player sees their own hand, the discard pile, the size of
//! every pile and the cards they have seen.
//!
//! Material counts, per side:
//! - each Castle card `0.6 + 0.04 * castle_defense` (losing the Castle loses the game);
//! - each Gate card `0.25 + 0.03 * gate_defense`;
//! - each card in hand `0.1`, plus `0.05 * attack` for a card that can attack.
//!
//! The balance `x` (seat 0's side minus seat 1's) is squashed with `x / (1 + |x|)`; once
//! the game is over the heuristic is its result.

use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};

use rand::RngCore;
use rand::seq::SliceRandom;

use super::event::CastleEvent;
use super::setup::{CastleActionSetup, CastleCardSetup, CastleSetup, CastleStrikeSetup, ReinforceSetup};
use super::{CastleAction, CastleCard, CastleState, SeenBy, Side, Structure, rule};
use crate::error::{ActionError, IllegalAction, Violations};
use crate::event::{Event, EventSink, SharedEvent, shown_whole};
use crate::game::{Game, Returns, balance_heuristic};
use crate::parse::{choice_at, no_decision, no_kind, strike_at};
use crate::path::FieldPath;
use crate::setup::ChoiceSetup;
use crate::state::{CreatureId, Opponent, Phase, PlayerId};
use crate::turn::header_game_fns;

impl Game for CastleState {
    type Action = CastleAction;
    type Setup = CastleSetup;
    type ActionSetup = CastleActionSetup;
    type StrikeSetup = CastleStrikeSetup;
    type Event = CastleEvent;

    fn num_players(&self) -> usize {
        2
    }

    /// The active player while some action is legal: with a phase set ending it always
    /// is; on a bare board only when their hand holds a card that can attack. `None`
    /// once the game is over.
    fn to_move(&self) -> Option<PlayerId> {
        self.header.to_move(None, || self.side(self.header.active_player).can_attack())
    }

    /// Appends every legal action to `out`, in a stable order: attacks by hand index
    /// (PHASE_EVENT and bare boards), reinforcements by hand index, Gate before Castle
    /// (PHASE_DEPLOYMENT), then `EndPhase` last (any phase but a bare board's).
    fn legal_actions_into(&self, out: &mut Vec<CastleAction>) {
        let player = self.header.active_player;
        let hand = &self.side(player).hand;
        match self.header.phase {
            Phase::GameOver => return,
            Phase::Bare | Phase::Event => {
                for (i, card) in hand.iter().enumerate() {
                    if card.can_attack() {
                        out.push(CastleAction::Strike { player, hand_index: index(i) });
                    }
                }
            }
            Phase::Deployment => {
                out.reserve(2 * hand.len() + 1);
                for i in 0..hand.len() {
                    for structure in Structure::ALL {
                        out.push(CastleAction::Reinforce { player, hand_index: index(i), structure });
                    }
                }
            }
            Phase::Begin | Phase::Draw => {}
        }
        if self.header.phase != Phase::Bare {
            out.push(CastleAction::EndPhase);
        }
    }

    /// Applies `action`, telling each step to `sink`. On error nothing changed.
    fn apply<S: EventSink<CastleEvent>>(&mut self, action: CastleAction, sink: &mut S) -> Result<(), IllegalAction> {
        self.header.check_not_over(rule::GAME_OVER)?;
        match action {
            CastleAction::Strike { player, hand_index } => {
                self.check_strike(player, hand_index)?;
                let veteran_back = self.attack(hand_index as usize, sink);
                // Nothing would stop the Veteran from losing the same attack again and
                // again: its return ends the turn (castle.effect.veteran).
                if veteran_back && self.header.phase == Phase::Event {
                    self.end_turn(rule::VETERAN, sink);
                }
            }
            CastleAction::Reinforce { player, hand_index, structure } => {
                self.check_reinforce(player, hand_index)?;
                self.reinforce(hand_index as usize, structure, sink);
            }
            CastleAction::EndPhase => {
                self.check_turn_structure()?;
                self.end_phase(sink);
            }
        }
        if self.header.phase != Phase::Bare {
            self.settle_phases(sink);
        }
        Ok(())
    }

    header_game_fns!(game_over: super::rule::GAME_OVER, turn_limit: super::rule::TURN_LIMIT);

    fn heuristic(&self) -> Returns {
        balance_heuristic(self, || material(self))
    }

    fn is_pending(&self) -> bool {
        false
    }

    fn has_hidden(&self, viewer: PlayerId) -> bool {
        !self.side(viewer.opponent()).hand.is_empty()
            || !self.draw_pile.is_empty()
            || self.sides.iter().any(|s| !s.gate.is_empty() || !s.castle.is_empty())
    }

    /// Deals every card hidden from `viewer` again at random: the opponent's hand, the
    /// draw pile and both players' Gates and Castles, except the cards `viewer` has seen
    /// (`castle.hidden.seen`), which stay where they are. Each pile keeps its size, each
    /// place its `seen_by`; a card dealt to a side becomes that player's.
    fn determinize(&self, viewer: PlayerId, rng: &mut dyn RngCore) -> Self {
        let mut world = self.clone();
        let opp = Some(viewer.opponent().index());
        deal_again(&mut world, opp, |c| !c.seen_by.contains(viewer), rng);
        world
    }

    /// Deals again the cards no player has seen (`castle.hidden.seen`: `seen_by` empty)
    /// in the draw pile and every Gate and Castle, among those places; each pile keeps
    /// its size, each place its owner. The hands, each known to its holder, stay.
    fn determinize_known(&self, rng: &mut dyn RngCore) -> Self {
        let mut world = self.clone();
        deal_again(&mut world, None, |c| c.seen_by == SeenBy::NOBODY, rng);
        world
    }

    /// Blanks the cards hidden from `viewer`: the opponent's hand, the draw pile and
    /// every Gate and Castle card, except those `viewer` has seen (`castle.hidden.seen`).
    fn observation(&self, viewer: PlayerId) -> CastleSetup {
        let mut s = self.to_setup();
        let me = u32::from(viewer.0);
        let blank = |c: &mut CastleCardSetup| {
            if !c.seen_by.contains(&me) {
                *c = CastleCardSetup::default();
            }
        };
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

    /// What `viewer` may know of `event` (`castle.hidden.seen`): a `CardReturned` whose
    /// card `viewer` does not see in this state (the state after the event's action)
    /// with the card's id hidden, a stalemate they cannot tell from a dead position as a
    /// dead position; every other event whole (each kind in `view.rs`).
    fn event_view(&self, event: &Event<CastleEvent>, viewer: PlayerId) -> Event<CastleEvent> {
        match &event.kind {
            CastleEvent::CardReturned { card, to } if !self.sees(card, viewer) => {
                Event { rule: event.rule, kind: CastleEvent::CardReturned { card: CreatureId::hidden(), to } }
            }
            CastleEvent::Shared(SharedEvent::GameOver { .. })
                if event.rule == rule::STALEMATE && !self.sees_every_card_to_attack_with(viewer) =>
            {
                Event { rule: rule::DEAD_POSITION, kind: event.kind.clone() }
            }
            shown_whole!(
                CastleEvent: CardReturned, CardRevealed, CardDestroyed, AttackEnded, CardDrawn,
            ) => event.clone(),
        }
    }

    /// Hashes what [`Game::observation`] keeps for `viewer`: the turn, every pile's size,
    /// and the id of each card `viewer` may see at its place (their hand, the discard,
    /// the cards they have seen: `castle.hidden.seen`).
    fn seen_digest(&self, viewer: PlayerId) -> u64 {
        let mut h = DefaultHasher::new();
        (
            self.header.turn,
            self.header.phase.wire(),
            self.header.active_player,
            self.header.winner,
            self.header.turns_without_progress,
        )
            .hash(&mut h);
        let mut pile = |cards: &[CastleCard], open: bool| {
            cards.len().hash(&mut h);
            for (i, c) in cards.iter().enumerate() {
                if open || c.seen_by.contains(viewer) {
                    (i, &c.id).hash(&mut h);
                }
            }
        };
        pile(&self.draw_pile, false);
        pile(&self.discard, true);
        for (p, side) in self.sides.iter().enumerate() {
            pile(&side.hand, p == viewer.index());
            pile(&side.gate, false);
            pile(&side.castle, false);
        }
        h.finish()
    }

    /// The state as plain data: the turn header (Castle Rampage asks no decisions) and
    /// the board; no `players` (the sides hold everything).
    fn to_setup(&self) -> CastleSetup {
        CastleSetup { header: self.header.to_setup(None), board: Some(self.board_setup()) }
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
        match action {
            CastleActionSetup::Strike(s) => strike_at(self, s, path),
            CastleActionSetup::Reinforce(r) => {
                self.parse_reinforce(r, path.field("reinforce")).map_err(ActionError::Invalid)
            }
            CastleActionSetup::EndPhase => Ok(CastleAction::EndPhase),
            CastleActionSetup::Choice(c) => choice_at(self, c, path),
            CastleActionSetup::Missing => Err(no_kind(path, "strike, reinforce, end_phase")),
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
        Err(no_decision(path.into(), "Castle Rampage asks no decisions"))
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

/// A hand position as an action carries it.
fn index(i: usize) -> u32 {
    u32::try_from(i).unwrap_or(u32::MAX)
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
        let me = self.header.active_player;
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

/// Deals the cards `dealt` picks again at random among their places: in side `hand`'s
/// hand if given, the draw pile and every Gate and Castle. Each pile keeps its size,
/// each place its owner and `seen_by`.
fn deal_again(
    world: &mut CastleState,
    hand: Option<usize>,
    dealt: impl Fn(&CastleCard) -> bool,
    rng: &mut dyn RngCore,
) {
    let mut cards: Vec<CastleCard> = Vec::new();
    for_each_pile(world, hand, |pile| cards.extend(pile.iter().filter(|c| dealt(c)).cloned()));
    cards.shuffle(rng);
    let mut deal = cards.into_iter();
    for_each_pile(world, hand, |pile| {
        for place in pile.iter_mut().filter(|c| dealt(c)) {
            if let Some(card) = deal.next() {
                *place = CastleCard { owner: place.owner, seen_by: place.seen_by, ..card };
            }
        }
    });
}

/// Calls `f` on each pile in a fixed order: side `hand`'s hand if given, the draw pile,
/// then each side's Gate and Castle.
fn for_each_pile(world: &mut CastleState, hand: Option<usize>, mut f: impl FnMut(&mut Vec<CastleCard>)) {
    if let Some(p) = hand {
        f(&mut world.sides[p].hand);
    }
    f(&mut world.draw_pile);
    for side in &mut world.sides {
        f(&mut side.gate);
        f(&mut side.castle);
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use crate::rulesets::castle_rampage::CastleEffect;
    use crate::rulesets::castle_rampage::setup::card_setup;
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    fn ids(cards: &[CastleCard]) -> Vec<String> {
        cards.iter().map(|c| c.id.to_string()).collect()
    }

    #[test]
    fn a_world_keeps_what_the_player_sees_and_every_pile_size() {
        let s = CastleState::new_game(3, "standard", &mut crate::event::Discard).unwrap();
        let me = s.header.active_player;
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
        s.header.phase = crate::state::Phase::GameOver;
        s.header.winner = Some(PlayerId(1));
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

    /// Player 0 attacks with a 3 against a Gate whose top defends 5: it fails, and
    /// the defender goes back face down, seen by both.
    fn after_a_failed_attack() -> CastleState {
        let mut s = CastleState::new_game(3, "standard", &mut crate::event::Discard).unwrap();
        s.header.active_player = PlayerId(0);
        s.header.phase = crate::state::Phase::Event;
        let weak = CastleCard { attack: 3, effect: CastleEffect::None, ..s.sides[0].hand[0].clone() };
        s.sides[0].hand[0] = weak;
        let strong = CastleCard { gate_defense: 5, effect: CastleEffect::None, ..s.sides[1].gate[0].clone() };
        s.sides[1].gate[0] = strong;
        s.apply(CastleAction::Strike { player: PlayerId(0), hand_index: 0 }, &mut crate::event::Discard).unwrap();
        s
    }

    #[test]
    fn a_defender_that_went_back_face_down_is_seen_by_both_and_stays_in_every_world() {
        let s = after_a_failed_attack();
        let top = s.sides[1].gate[0].clone();
        assert_eq!(top.gate_defense, 5);
        assert_eq!(top.seen_by, SeenBy::BOTH);
        assert!(s.sides[1].gate[1..].iter().all(|c| c.seen_by == SeenBy::NOBODY));
        let mut moved = false;
        for seed in 0..20 {
            let w = s.determinize(PlayerId(0), &mut ChaCha8Rng::seed_from_u64(seed));
            assert_eq!(w.sides[1].gate[0], top, "seed {seed}: the seen card stays on top");
            moved |= ids(&w.sides[1].gate[1..]) != ids(&s.sides[1].gate[1..]);
        }
        assert!(moved, "the cards below, never seen, are dealt again");
        let o = s.observation(PlayerId(0)).board.unwrap();
        assert_eq!(o.sides[1].gate[0], card_setup(&top), "the observation shows it");
        assert!(o.sides[1].gate[1..].iter().all(|c| *c == CastleCardSetup::default()));
    }

    #[test]
    fn a_card_reinforced_with_is_seen_by_its_holder_only() {
        let mut s = CastleState::new_game(3, "standard", &mut crate::event::Discard).unwrap();
        let me = s.header.active_player;
        s.header.phase = crate::state::Phase::Deployment;
        let card = s.side(me).hand[0].clone();
        let gate = Structure::Gate;
        s.apply(CastleAction::Reinforce { player: me, hand_index: 0, structure: gate }, &mut crate::event::Discard)
            .unwrap();
        let placed = s.side(me).gate.last().unwrap().clone();
        assert_eq!(placed.id, card.id);
        assert!(placed.seen_by.contains(me) && !placed.seen_by.contains(me.opponent()));
        for seed in 0..10 {
            let mine = s.determinize(me, &mut ChaCha8Rng::seed_from_u64(seed));
            assert_eq!(mine.side(me).gate.last(), Some(&placed));
        }
        let theirs: Vec<_> = (0..10)
            .map(|seed| s.determinize(me.opponent(), &mut ChaCha8Rng::seed_from_u64(seed)))
            .map(|w| w.side(me).gate.last().unwrap().id.clone())
            .collect();
        assert!(theirs.iter().any(|id| *id != card.id), "the opponent did not see it");
    }

    #[test]
    fn a_known_world_keeps_every_card_some_player_knows_and_deals_the_rest_again() {
        let mut s = after_a_failed_attack();
        let me = PlayerId(1);
        s.header.active_player = me;
        s.header.phase = crate::state::Phase::Deployment;
        let castle = Structure::Castle;
        s.apply(CastleAction::Reinforce { player: me, hand_index: 0, structure: castle }, &mut crate::event::Discard)
            .unwrap();
        let placed = s.side(me).castle.last().unwrap().clone();
        let held_top = s.sides[1].gate[0].clone();
        let mut moved = false;
        for seed in 0..20 {
            let w = s.determinize_known(&mut ChaCha8Rng::seed_from_u64(seed));
            assert_eq!((&w.sides[0].hand, &w.sides[1].hand), (&s.sides[0].hand, &s.sides[1].hand), "seed {seed}");
            assert_eq!(w.sides[1].gate[0], held_top, "seed {seed}: seen by both");
            assert_eq!(w.side(me).castle.last(), Some(&placed), "seed {seed}: seen by its holder");
            assert_eq!(w.discard, s.discard);
            assert_eq!(w.observation(me), s.observation(me), "seed {seed}: player 1 cannot tell");
            assert_eq!(w.observation(me.opponent()), s.observation(me.opponent()), "seed {seed}: nor player 0");
            moved |= ids(&w.draw_pile) != ids(&s.draw_pile) || ids(&w.sides[0].castle) != ids(&s.sides[0].castle);
        }
        assert!(moved, "the cards nobody has seen are dealt again");
    }

    #[test]
    fn the_seen_digest_tells_apart_what_the_viewer_sees_and_nothing_else() {
        let s = after_a_failed_attack();
        for seed in 0..10 {
            let w = s.determinize(PlayerId(0), &mut ChaCha8Rng::seed_from_u64(seed));
            assert_eq!(w.seen_digest(PlayerId(0)), s.seen_digest(PlayerId(0)), "seed {seed}");
        }
        // Another card on top of the Gate, also seen: player 0 can tell the two apart.
        let mut other = s.clone();
        other.sides[1].gate.swap(0, 1);
        other.sides[1].gate[0].seen_by = SeenBy::BOTH;
        other.sides[1].gate[1].seen_by = SeenBy::NOBODY;
        assert_ne!(other.seen_digest(PlayerId(0)), s.seen_digest(PlayerId(0)));
        // A card drawn into player 1's hand: player 0 cannot tell which.
        let mut drawn = s.clone();
        drawn.sides[1].hand.swap(0, 1);
        assert_eq!(drawn.seen_digest(PlayerId(0)), s.seen_digest(PlayerId(0)));
        assert_ne!(drawn.seen_digest(PlayerId(1)), s.seen_digest(PlayerId(1)));
    }
}
