//! e:game and Dimensional Rift behind the [`Game`] interface: two players; hidden are
//! the opponent's hand, deck and face-down creatures, and the order of one's own deck;
//! the heuristic is the material balance below.
//!
//! Material counts, per side:
//! - hit points: `4 * hp / starting_hp` (6 in e:game, 20 in Dimensional Rift);
//! - each creature on the field: `0.35 + 0.12 * max(might, 0) + 0.06 * remaining life`
//!   (a face-down one counts 0.45: a hidden card);
//! - each card in hand 0.15, each card in the deck 0.02.
//!
//! The balance `x` (seat 0's side minus seat 1's) is squashed with `x / (1 + |x|)`.
//! (A positional term, a penalty for each empty zone open to a direct hit, was tried
//! and dropped: MCTS with it scored 63.0% against greedy over 400 games, 74% without
//! it over 40; see docs/benchmarks.md.)

use rand::RngCore;
use rand::seq::SliceRandom;

use super::event::ZoneEvent;
use super::hints;
use crate::error::{ActionError, IllegalAction, Violations};
use crate::event::{Event, EventSink};
use crate::game::{Game, Outcome, Returns, balance_heuristic};
use crate::path::FieldPath;
use crate::rulesets::Ruleset;
use crate::rulesets::zone::action::Action;
use crate::rulesets::zone::board::{ZONES_PER_PLAYER, ZoneRef};
use crate::rulesets::zone::setup::{CardSetup, StrikeSetup, ZoneActionSetup, ZoneStateSetup};
use crate::rulesets::zone::state::{Card, ZoneState};
use crate::setup::ChoiceSetup;
use crate::state::{Opponent, PlayerId};

impl Game for ZoneState {
    type Action = Action;
    type Setup = ZoneStateSetup;
    type ActionSetup = ZoneActionSetup;
    type StrikeSetup = StrikeSetup;
    type Event = ZoneEvent;

    fn num_players(&self) -> usize {
        2
    }

    fn to_move(&self) -> Option<PlayerId> {
        ZoneState::to_move(self)
    }

    fn legal_actions_into(&self, out: &mut Vec<Action>) {
        ZoneState::legal_actions_into(self, out);
    }

    fn apply<S: EventSink<ZoneEvent>>(&mut self, action: Action, sink: &mut S) -> Result<(), IllegalAction> {
        ZoneState::apply(self, action, sink)
    }

    fn outcome(&self) -> Option<Outcome> {
        ZoneState::outcome(self).map(|w| w.map_or(Outcome::Draw, Outcome::Win))
    }

    fn game_over_rule(&self) -> &'static str {
        crate::rulesets::zone::egame::rule::GAME_OVER
    }

    fn turn_limit_rule(&self) -> &'static str {
        crate::rulesets::zone::skirmish::rule::TURN_LIMIT
    }

    fn heuristic(&self) -> Returns {
        balance_heuristic(self, || material(self))
    }

    fn turn(&self) -> u32 {
        self.header.turn
    }

    fn is_pending(&self) -> bool {
        self.pending.is_some()
    }

    fn has_hidden(&self, viewer: PlayerId) -> bool {
        let opp = viewer.opponent();
        let o = &self.players[opp.index()];
        !o.hand.is_empty()
            || !o.deck.is_empty()
            || self.players[viewer.index()].deck.len() > 1
            || self.creatures().any(|(z, c)| z.player == opp && c.face_down)
    }

    /// The opponent's hand, deck and face-down creatures are dealt again from the same
    /// cards, and `viewer`'s deck is reshuffled. Creature ids, zones, damage and
    /// orientation stay; only the card under a face-down creature changes.
    fn determinize(&self, viewer: PlayerId, rng: &mut dyn RngCore) -> Self {
        let mut world = self.clone();
        let opp = viewer.opponent();
        world.players[viewer.index()].deck.shuffle(rng);

        let hidden_zones: Vec<ZoneRef> =
            world.creatures().filter(|(z, c)| z.player == opp && c.face_down).map(|(z, _)| z).collect();
        let o = &mut world.players[opp.index()];
        let (hand_n, deck_n) = (o.hand.len(), o.deck.len());
        let mut unseen: Vec<Card> = o.hand.drain(..).chain(o.deck.drain(..)).collect();
        for &z in &hidden_zones {
            if let Some(c) = self.at(z) {
                unseen.push(c.to_card());
            }
        }
        unseen.shuffle(rng);
        let mut deal = unseen.into_iter();
        o.hand.extend(deal.by_ref().take(hand_n));
        o.deck.extend(deal.by_ref().take(deck_n));
        for z in hidden_zones {
            if let (Some(card), Some(c)) = (deal.next(), world.at_mut(z)) {
                c.name = card.name;
                c.might = card.might;
                c.life = card.life;
                c.armor = card.armor;
                c.keywords = card.keywords;
                c.arrows = card.arrows;
            }
            world.refresh_reach(z);
        }
        world
    }

    /// Each deck is reshuffled (its holder knows its cards, nobody their order); the
    /// hands and the face-down creatures, each known to its holder, stay.
    fn determinize_known(&self, rng: &mut dyn RngCore) -> Self {
        let mut world = self.clone();
        for p in &mut world.players {
            p.deck.shuffle(rng);
        }
        world
    }

    /// Blanks the opponent's hand and deck, `viewer`'s own deck (its contents are
    /// known, its order is not: shown as blanks too) and the opponent's face-down
    /// creatures' card and id (zone and damage stay: they are on the table).
    fn observation(&self, viewer: PlayerId) -> ZoneStateSetup {
        let mut s = self.to_setup();
        let blank = |c: &mut CardSetup| *c = CardSetup::default();
        for (i, p) in s.players.iter_mut().enumerate() {
            p.deck.iter_mut().for_each(blank);
            if i != viewer.index() {
                p.hand.iter_mut().for_each(blank);
            }
        }
        for c in &mut s.creatures {
            if c.face_down && c.controller != u32::from(viewer.0) {
                // Its id too: ids are given before the shuffle, so in a fixed deck the
                // id names the card.
                c.id.clear();
                c.name.clear();
                c.might = 0;
                c.life = 0;
                c.armor = 0;
                c.keywords.clear();
                c.arrows = None;
            }
        }
        s
    }

    /// Every zone event is public (`egame.hidden`): `view.rs` judges each kind.
    fn event_view(&self, event: &Event<ZoneEvent>, viewer: PlayerId) -> Event<ZoneEvent> {
        ZoneState::event_view(self, event, viewer)
    }

    fn to_setup(&self) -> ZoneStateSetup {
        ZoneState::to_setup(self)
    }

    fn action_setup(&self, action: Action) -> ZoneActionSetup {
        ZoneState::action_setup(self, action)
    }

    fn parse_action<'p>(
        &self,
        action: &ZoneActionSetup,
        path: impl Into<FieldPath<'p>>,
    ) -> Result<Action, ActionError> {
        ZoneState::parse_action(self, action, path)
    }

    fn parse_strike<'p>(&self, strike: &StrikeSetup, path: impl Into<FieldPath<'p>>) -> Result<Action, Violations> {
        ZoneState::parse_strike(self, strike, path)
    }

    fn parse_choice<'p>(&self, choice: &ChoiceSetup, path: impl Into<FieldPath<'p>>) -> Result<Action, Violations> {
        ZoneState::parse_choice(self, choice, path)
    }

    fn dedupe(&self, actions: &mut Vec<Action>) {
        hints::dedupe(self, actions);
    }

    fn action_hint(&self, action: Action) -> Option<f64> {
        hints::summon_score(self, action)
    }

    fn rollout_hint(&self, legal: &[Action], rng: &mut dyn RngCore) -> Option<Action> {
        hints::quick_summon(self, legal, rng)
    }
}

/// Seat 0's material balance: seat 0's side minus seat 1's.
pub fn material(s: &ZoneState) -> f64 {
    side(s, PlayerId(0)) - side(s, PlayerId(1))
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

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;
    use std::sync::Arc;

    fn card_ids(cards: &[Card]) -> Vec<Option<Arc<str>>> {
        cards.iter().map(|c| c.id.as_ref().map(|id| Arc::clone(&id.0))).collect()
    }

    fn opening() -> ZoneState {
        ZoneState::new_game(Ruleset::Egame, 5, "men-vs-fey", &mut crate::event::Discard).unwrap()
    }

    #[test]
    fn a_world_keeps_what_the_player_sees_and_the_counts_of_what_they_do_not() {
        let s = opening();
        let me = PlayerId(0);
        assert!(s.has_hidden(me));
        let w = s.determinize(me, &mut ChaCha8Rng::seed_from_u64(1));
        assert_eq!(w.players[0].hand, s.players[0].hand, "my hand is known");
        assert_eq!(w.players[1].hand.len(), s.players[1].hand.len());
        assert_eq!(w.players[1].deck.len(), s.players[1].deck.len());
        let mut a = card_ids(&s.players[1].hand);
        a.extend(card_ids(&s.players[1].deck));
        let mut b = card_ids(&w.players[1].hand);
        b.extend(card_ids(&w.players[1].deck));
        a.sort();
        b.sort();
        assert_eq!(a, b, "the same cards, dealt again");
        assert_ne!(w.players[1].hand, s.players[1].hand, "seed 1 deals another hand");
    }

    #[test]
    fn an_observation_blanks_exactly_the_hidden_cards() {
        let s = opening();
        let o = s.observation(PlayerId(0));
        assert_eq!(o.players[0].hand, s.to_setup().players[0].hand, "my hand is shown");
        assert!(o.players[1].hand.iter().all(|c| *c == CardSetup::default()), "theirs is blank");
        assert_eq!(o.players[1].hand.len(), s.players[1].hand.len(), "counts stay");
        assert!(o.players[0].deck.iter().all(|c| c.name.is_empty()));
    }

    #[test]
    fn the_heuristic_is_zero_sum_and_the_result_once_over() {
        let mut s = opening();
        let h = s.heuristic();
        assert_eq!(h.get(PlayerId(0)), -h.get(PlayerId(1)));
        s.header.phase = crate::state::Phase::GameOver;
        s.header.winner = Some(PlayerId(1));
        assert_eq!(s.heuristic().as_slice(), &[-1.0, 1.0]);
        assert_eq!(s.returns(), Some(Returns::of(Outcome::Win(PlayerId(1)), 2)));
    }
}
