//! An attack, step by step as "Castle Rampage (seed 003)" gives it: play the card,
//! reveal the top card of the attacked structure, compare, and carry on with the
//! remaining strength until the attacking card is destroyed or the game ends. Rule ids
//! are listed in the module above.
//!
//! Each `CardRevealed` carries the rule that led to it: `castle.attack.target` (the
//! first card), `castle.effect.digger` (a Digger passing a Gate that has cards),
//! `castle.attack.stronger` (the next card after a destroyed one),
//! `castle.attack.into_castle` (the Gate ran out), `castle.effect.saboteur` (the next
//! card after a Saboteur lowered the strength) or `castle.effect.spy` (a Spy sent the
//! attack into the Castle).

use std::cmp::Ordering;

use super::event::CastleEvent;
use super::{CastleCard, CastleEffect, CastleState, SeenBy, Structure, rule};
use crate::error::IllegalAction;
use crate::event::{EventSink, emit};
use crate::state::{Opponent, PlayerId};

/// How an attack ended.
enum Ending {
    /// The attacking card was destroyed or returned, by this rule.
    Stopped(&'static str),
    /// The opponent's last Castle card fell.
    Won,
}

impl CastleState {
    /// Checks that `player` may play their hand card `hand_index` as an attack now;
    /// changes nothing.
    pub(crate) fn check_strike(&self, player: PlayerId, hand_index: u32) -> Result<(), IllegalAction> {
        self.header.check_event_phase(rule::EVENT_PHASE, "attack cards are played")?;
        self.check_turn(player)?;
        let hand = &self.side(player).hand;
        let Some(card) = usize::try_from(hand_index).ok().and_then(|i| hand.get(i)) else {
            return Err(IllegalAction::new(
                rule::PLAY,
                format!("player {} has {} cards in hand: there is no card {hand_index}", player.0, hand.len()),
            ));
        };
        if !card.can_attack() {
            return Err(IllegalAction::new(
                rule::PLAY,
                format!("{} has attack {}: only a card with an attack value initiates an attack", card.id, card.attack),
            ));
        }
        Ok(())
    }

    /// Only the active player plays cards (`castle.turn.active_player`).
    pub(crate) fn check_turn(&self, player: PlayerId) -> Result<(), IllegalAction> {
        if player == self.header.active_player {
            Ok(())
        } else {
            Err(IllegalAction::new(
                rule::ACTIVE_PLAYER,
                format!("it is player {}'s turn, not player {}'s", self.header.active_player.0, player.0),
            ))
        }
    }

    /// Plays the active player's checked hand card `hand_index` against the opponent
    /// and resolves the attack to its end. True when a losing Veteran went back to its
    /// owner's hand.
    pub(crate) fn attack<S: EventSink<CastleEvent>>(&mut self, hand_index: usize, sink: &mut S) -> bool {
        let me = self.header.active_player;
        let hand = &mut self.sides[me.index()].hand;
        if hand_index >= hand.len() {
            return false;
        }
        let attacker = hand.remove(hand_index);
        let opp = me.opponent();
        let gate_has_cards = !self.side(opp).gate.is_empty();
        let (mut structure, mut why) = match (gate_has_cards, attacker.effect) {
            (true, CastleEffect::Digger) => (Structure::Castle, rule::DIGGER),
            (true, _) => (Structure::Gate, rule::TARGET),
            (false, _) => (Structure::Castle, rule::TARGET),
        };
        let mut strength = attacker.attack;
        let mut attacker = Some(attacker);
        let mut veteran_back = false;
        let ending = loop {
            let stack = self.sides[opp.index()].stack_mut(structure);
            if stack.is_empty() {
                if structure == Structure::Gate {
                    structure = Structure::Castle;
                    if why == rule::STRONGER {
                        why = rule::INTO_CASTLE;
                    }
                    continue;
                }
                // Validation and `castle.attack.win` keep a Castle non-empty while the
                // game goes on; a Castle built empty by hand has fallen already.
                break Ending::Won;
            }
            let defender = stack.remove(0);
            emit(sink, why, || CastleEvent::CardRevealed { card: defender.id.clone(), structure: structure.name() });
            let defense = defender.defense(structure);
            match strength.cmp(&defense) {
                Ordering::Less => {
                    if let Some(a) = attacker.take() {
                        veteran_back = self.attacker_loses(a, sink);
                    }
                    let id = defender.id.clone();
                    // Both players saw it face up (castle.hidden.seen).
                    let defender = CastleCard { seen_by: SeenBy::BOTH, ..defender };
                    self.sides[opp.index()].stack_mut(structure).insert(0, defender);
                    emit(sink, rule::WEAKER, || CastleEvent::CardReturned { card: id, to: structure.name() });
                    break Ending::Stopped(rule::WEAKER);
                }
                Ordering::Equal => {
                    if let Some(a) = attacker.take() {
                        self.destroy(a, rule::TIE, sink);
                    }
                    self.destroy(defender, rule::TIE, sink);
                    strength = 0;
                    // A purple defender's effect would change nothing here: the
                    // attacking card is destroyed already and no card is revealed.
                    break if self.castle_fell(opp) { Ending::Won } else { Ending::Stopped(rule::TIE) };
                }
                Ordering::Greater => {
                    strength = strength.saturating_sub(defense);
                    let (effect, amount) = (defender.effect, defender.saboteur_amount());
                    self.destroy(defender, rule::STRONGER, sink);
                    if self.castle_fell(opp) {
                        // The game ends at once: the last card's own effect no longer
                        // matters (the attack card is discarded either way).
                        break Ending::Won;
                    }
                    why = rule::STRONGER;
                    match effect {
                        CastleEffect::Bomber => {
                            if let Some(a) = attacker.take() {
                                self.destroy(a, rule::BOMBER, sink);
                            }
                            break Ending::Stopped(rule::BOMBER);
                        }
                        CastleEffect::Saboteur => {
                            strength = strength.saturating_sub(amount);
                            if strength <= 0 {
                                strength = 0;
                                if let Some(a) = attacker.take() {
                                    self.destroy(a, rule::SABOTEUR, sink);
                                }
                                break Ending::Stopped(rule::SABOTEUR);
                            }
                            why = rule::SABOTEUR;
                        }
                        CastleEffect::Spy if structure == Structure::Gate => {
                            structure = Structure::Castle;
                            why = rule::SPY;
                        }
                        _ => {}
                    }
                }
            }
        };
        self.attack_ended(ending, attacker, strength, sink);
        veteran_back
    }

    /// The attack's end, told with the `strength` left; a win also ends the game, the
    /// played card (`attacker`, when not destroyed) going to the discard.
    fn attack_ended<S: EventSink<CastleEvent>>(
        &mut self,
        ending: Ending,
        attacker: Option<CastleCard>,
        strength: i32,
        sink: &mut S,
    ) {
        match ending {
            Ending::Stopped(rule) => emit(sink, rule, || CastleEvent::AttackEnded { remaining: strength }),
            Ending::Won => {
                // Not destroyed: the game ends and the played card goes to the discard.
                if let Some(a) = attacker {
                    self.discard.push(a);
                }
                emit(sink, rule::WIN, || CastleEvent::AttackEnded { remaining: strength });
                self.header.end_game(Some(self.header.active_player), rule::WIN, sink);
            }
        }
    }

    /// The defense was higher: the attacking card is destroyed, or a Veteran returns
    /// to its owner's hand (`castle.effect.veteran`; true then).
    fn attacker_loses<S: EventSink<CastleEvent>>(&mut self, attacker: CastleCard, sink: &mut S) -> bool {
        if attacker.effect == CastleEffect::Veteran {
            let id = attacker.id.clone();
            let attacker = CastleCard { seen_by: SeenBy::BOTH, ..attacker };
            self.sides[attacker.owner.index()].hand.push(attacker);
            emit(sink, rule::VETERAN, || CastleEvent::CardReturned { card: id, to: "hand" });
            true
        } else {
            self.destroy(attacker, rule::WEAKER, sink);
            false
        }
    }

    /// Destroys `card`: it goes to the discard (progress, `castle.turn.no_progress`).
    fn destroy<S: EventSink<CastleEvent>>(&mut self, card: CastleCard, rule: &'static str, sink: &mut S) {
        let id = card.id.clone();
        self.discard.push(card);
        self.header.turns_without_progress = 0;
        emit(sink, rule, || CastleEvent::CardDestroyed { card: id });
    }

    /// `player`'s Castle has no card left.
    fn castle_fell(&self, player: PlayerId) -> bool {
        self.side(player).castle.is_empty()
    }
}
