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

use super::egame::rule;
use super::event::ZoneEvent;
use super::hints;
use crate::catalogue::Ruleset;
use crate::error::{ActionError, IllegalAction, Violations};
use crate::event::{Event, EventSink, shown_whole};
use crate::game::{Game, Returns, balance_heuristic};
use crate::parse::{choice_at, no_decision, no_kind, read_choice, strike_at};
use crate::path::FieldPath;
use crate::rulesets::zone::action::Action;
use crate::rulesets::zone::board::{ZONES_PER_PLAYER, ZoneRef};
use crate::rulesets::zone::setup::{
    CardSetup, StrikeSetup, SummonSetup, ZoneActionSetup, ZoneSetup, ZoneStateSetup, zone,
};
use crate::rulesets::zone::state::{Card, ZoneState};
use crate::setup::ChoiceSetup;
use crate::state::{CreatureId, Opponent, Phase, PlayerId};
use crate::turn::header_game_fns;

impl Game for ZoneState {
    type Action = Action;
    type Setup = ZoneStateSetup;
    type ActionSetup = ZoneActionSetup;
    type StrikeSetup = StrikeSetup;
    type Event = ZoneEvent;

    fn num_players(&self) -> usize {
        2
    }

    /// The player who chooses next: the decider of a pending decision, else the
    /// active player; `None` when nobody has a choice: once the game is over, or on a
    /// bare board (phase unset) where no face-up creature that has not acted reaches a
    /// zone. It is `Some` exactly when [`Game::legal_actions`] is not empty.
    fn to_move(&self) -> Option<PlayerId> {
        // Validation and the rules only ever ask a decision that may be declined. With a
        // phase set, ending the phase is always legal; a bare board has only its strikes.
        let chooser = self.pending.map(|p| p.player);
        self.header.to_move(chooser, || self.creatures().any(|(z, c)| !c.acted && !self.targets_of(z).is_empty()))
    }

    /// Appends every legal action to `out`, in a stable order: choices in option order
    /// then decline; otherwise strikes by attacker zone, then target zone, then (with a
    /// phase set) summons by hand card, zone, orientation (face-down last) and
    /// end-phase.
    fn legal_actions_into(&self, out: &mut Vec<Action>) {
        if self.header.is_over() {
            return;
        }
        if let Some(p) = self.pending {
            out.extend(p.options.iter().map(Action::Choose));
            if p.may_decline {
                out.push(Action::Decline);
            }
            return;
        }
        if matches!(self.header.phase, Phase::Bare | Phase::Event) {
            for (zone, c) in self.creatures() {
                if c.face_down
                    || c.acted
                    || (self.header.phase != Phase::Bare && zone.player != self.header.active_player)
                {
                    continue;
                }
                out.extend(self.targets_of(zone).iter().map(|target| Action::Strike { attacker: zone, target }));
            }
        }
        self.turn_actions_into(out);
    }

    /// Applies `action`, telling each step to `sink`. On error nothing changed.
    fn apply<S: EventSink<ZoneEvent>>(&mut self, action: Action, sink: &mut S) -> Result<(), IllegalAction> {
        self.header.check_not_over(rule::GAME_OVER)?;
        match action {
            Action::Strike { attacker, target } => {
                self.check_strike(attacker, target)?;
                self.declare(attacker, target, sink);
            }
            Action::Summon { .. } | Action::EndPhase => {
                if self.header.phase == Phase::Bare {
                    return Err(IllegalAction::new(
                        crate::rulesets::zone::skirmish::rule::PHASE,
                        "a bare board (phase unset) has no turn structure: only strikes and choices apply",
                    ));
                }
                if self.pending.is_some() {
                    return Err(IllegalAction::new(
                        rule::DECISION_PENDING,
                        "a decision is pending: answer it with a choice first",
                    ));
                }
                match action {
                    Action::Summon { hand_index, index, face_down, orientation } => {
                        self.check_summon(hand_index, index)?;
                        self.summon(hand_index, index, face_down, orientation, sink);
                    }
                    _ => self.end_phase(sink),
                }
            }
            Action::Choose(_) | Action::Decline => {
                let Some(pending) = self.pending else {
                    return Err(IllegalAction::new(rule::DECISION_PENDING, "no decision is pending"));
                };
                match action {
                    Action::Choose(z) if !pending.options.contains(z) => {
                        return Err(IllegalAction::new(rule::DECISION_PENDING, format!("zone {z} is not an option")));
                    }
                    Action::Decline if !pending.may_decline => {
                        return Err(IllegalAction::new(rule::DECISION_PENDING, "this decision cannot be declined"));
                    }
                    _ => {}
                }
                self.answer(pending, action, sink);
            }
        }
        if self.header.phase != Phase::Bare {
            self.settle_phases(sink);
        }
        Ok(())
    }

    header_game_fns!(game_over: rule::GAME_OVER, turn_limit: crate::rulesets::zone::skirmish::rule::TURN_LIMIT);

    fn heuristic(&self) -> Returns {
        balance_heuristic(self, || material(self))
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

    /// What `viewer` may know of `event` (`egame.hidden`): the event whole but for the
    /// id of a creature summoned face-down by another seat, still face-down in this
    /// state (each kind in `view.rs`).
    fn event_view(&self, event: &Event<ZoneEvent>, viewer: PlayerId) -> Event<ZoneEvent> {
        match &event.kind {
            ZoneEvent::CreatureSummoned { creature, zone, face_down, orientation }
                if zone.player != viewer && self.at(*zone).is_some_and(|c| c.id == *creature && c.face_down) =>
            {
                let kind = ZoneEvent::CreatureSummoned {
                    creature: CreatureId::hidden(),
                    zone: *zone,
                    face_down: *face_down,
                    orientation: *orientation,
                };
                Event { rule: event.rule, kind }
            }
            shown_whole!(
                ZoneEvent: StrikeDeclared, CreatureFlipped, BlockerDetermined, StrikeChained, StrikeFizzled,
                DamagePrevented, DamageDealt, CreatureDestroyed, PlayerHpLost, CreatureSummoned, CardDrawn,
            ) => event.clone(),
        }
    }

    /// The state as plain data: the players, the creatures (in the order they were
    /// submitted, new ones last), the turn header with the pending decision, the Event
    /// counter and the chain.
    fn to_setup(&self) -> ZoneStateSetup {
        ZoneStateSetup {
            ruleset: self.ruleset.wire(),
            players: self.players_setup(),
            creatures: self.creatures_setup(),
            header: self.header.to_setup(self.pending_setup()),
            event: self.event,
            chain: self.chain_setup(),
        }
    }

    /// The action as plain data (ids, not zones).
    fn action_setup(&self, a: Action) -> ZoneActionSetup {
        let zs = |z: ZoneRef| ZoneSetup { player: u32::from(z.player.0), index: u32::from(z.index) };
        let id = |z: ZoneRef| self.at(z).map(|c| c.id.to_string()).unwrap_or_default();
        match a {
            Action::Strike { attacker, target } => ZoneActionSetup::Strike(StrikeSetup {
                attacker: id(attacker),
                target: Some(zs(target)),
                ..Default::default()
            }),
            Action::Choose(z) => ZoneActionSetup::Choice(ChoiceSetup::Option(id(z))),
            Action::Decline => ZoneActionSetup::Choice(ChoiceSetup::Decline(true)),
            Action::Summon { hand_index, index, face_down, orientation } => ZoneActionSetup::Summon(SummonSetup {
                hand_index: u32::from(hand_index),
                zone: Some(zs(ZoneRef { player: self.header.active_player, index })),
                face_down,
                orientation: orientation.wire(),
            }),
            Action::EndPhase => ZoneActionSetup::EndPhase,
        }
    }

    /// Parses any submitted action; `path` is its field path (e.g. `action`).
    fn parse_action<'p>(&self, a: &ZoneActionSetup, path: impl Into<FieldPath<'p>>) -> Result<Action, ActionError> {
        let path = path.into();
        match a {
            ZoneActionSetup::Strike(s) => strike_at(self, s, path),
            ZoneActionSetup::Choice(c) => choice_at(self, c, path),
            ZoneActionSetup::Summon(s) => self.parse_summon(s, path.field("summon")).map_err(ActionError::Invalid),
            ZoneActionSetup::EndPhase => Ok(Action::EndPhase),
            ZoneActionSetup::Missing => Err(no_kind(path, "strike, choice, summon, end_phase")),
        }
    }

    /// Parses a submitted strike; `path` is its field path (e.g. `strike`).
    fn parse_strike<'p>(&self, s: &StrikeSetup, path: impl Into<FieldPath<'p>>) -> Result<Action, Violations> {
        let path = path.into();
        let mut v = Violations::default();
        let attacker = if s.attacker.is_empty() {
            v.push(path.field("attacker"), "is required");
            None
        } else {
            let found = self.find(&s.attacker);
            if found.is_none() {
                v.push(path.field("attacker"), format!("no creature with id {:?} is on the field", s.attacker));
            }
            found
        };
        let target = zone(&mut v, path.field("target"), s.target.as_ref());
        if !s.defender.is_empty() {
            v.push(path.field("defender"), format!("{} strikes a zone, not a named defender", self.ruleset));
        }
        if s.outcome.is_some() {
            v.push(path.field("outcome"), "is set by the rules on chain entries, not by a declared strike");
        }
        match (attacker, target) {
            (Some(attacker), Some(target)) if v.is_empty() => Ok(Action::Strike { attacker, target }),
            _ => Err(v),
        }
    }

    /// Parses a submitted choice against the pending decision; `path` is its field path.
    fn parse_choice<'p>(&self, c: &ChoiceSetup, path: impl Into<FieldPath<'p>>) -> Result<Action, Violations> {
        let path = path.into();
        let Some(pending) = self.pending else { return Err(no_decision(path, "the state has none")) };
        read_choice(
            c,
            path,
            |id| {
                self.find(id).filter(|z| pending.options.contains(*z)).map(Action::Choose).ok_or_else(|| {
                    let offered: Vec<String> =
                        self.option_ids(pending.options).iter().map(ToString::to_string).collect();
                    format!("{id:?} is not one of the pending options [{}]", offered.join(", "))
                })
            },
            |set| match (set, pending.may_decline) {
                (false, _) => Err("must be true to decline; to choose, set option instead".to_owned()),
                (true, true) => Ok(Action::Decline),
                (true, false) => Err("this decision cannot be declined".to_owned()),
            },
            "set exactly one of option or decline",
        )
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
    use crate::game::Outcome;
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
