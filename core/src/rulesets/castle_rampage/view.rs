//! What each seat may see of Castle Rampage's events: [`crate::Game::event_view`],
//! by `castle.hidden.seen`.
//!
//! Hidden from a player: the opponent's hand, the draw pile and every Gate and Castle
//! card, both players', except the cards they have seen (a card's `seen_by`). Kind by
//! kind:
//! - `CardReturned` (a card to a Gate, a Castle or a hand) names a card going to a
//!   hidden place: it is shown whole to the players who see that card there in the state
//!   after the action (its `seen_by`; a card in the viewer's own hand or in the discard
//!   is seen), and to the others with its id hidden ([`CreatureId::hidden`]), its rule
//!   and its `to` kept. So a reinforcement (`castle.turn.reinforce`) is named to its
//!   holder only; a defender that held (`castle.attack.weaker`) and a losing Veteran
//!   (`castle.effect.veteran`), which both players saw face up, to both.
//! - `CardRevealed`: the card is turned face up for both players; public.
//! - `CardDestroyed`: the card goes to the discard, which is open; public.
//! - `AttackEnded`: the strength left, from the attack card played face up and the
//!   defenses of the cards revealed; public.
//! - `CardDrawn` names the player only, never the card; public.
//! - `GameOver` by `castle.turn.stalemate` (no card that can attack is left in a hand or
//!   the draw pile) is shown as `castle.turn.dead_position` (neither player can ever
//!   win: every card left to attack with, here none, is below the other Castle's top)
//!   to a player who does not see every card of both hands and the draw pile: which of
//!   the two ended the game tells whether hidden cards could attack, and the dead
//!   position, which the stalemate is a case of, is what such a player can tell. A
//!   player who sees all those cards is told the rule itself. Every other `GameOver`
//!   (a win, the turn limit, no progress, a dead position) is public.
//! - `PhaseChanged`, `PlayerOut`: public; `DecisionRequested`: Castle Rampage asks no
//!   decisions (shown whole, as every ruleset's).
//!
//! Why the state after the action may decide: a card's `seen_by` only grows while it
//! stays hidden, and one action moves a card into a stack at most once (a reinforcement
//! ends the Deployment; an attack only takes cards off the opponent's stacks, a defender
//! that held going back with both players in its `seen_by`). `Game::event_view`'s match
//! (game.rs) lists every kind, so that a new one does not compile until someone judges
//! what it tells.

use super::{CastleCard, CastleState};
use crate::state::{CreatureId, PlayerId};

impl CastleState {
    /// Whether `viewer` sees every card that may still attack some day: both hands and
    /// the draw pile (`castle.turn.stalemate` reads them).
    pub(super) fn sees_every_card_to_attack_with(&self, viewer: PlayerId) -> bool {
        let hands = self.sides.iter().flat_map(|s| &s.hand);
        hands.chain(&self.draw_pile).all(|c| self.sees(&c.id, viewer))
    }

    /// Whether `viewer` sees the card `id` where it is (`castle.hidden.seen`): in the
    /// discard, in their own hand, or anywhere else with `viewer` in its `seen_by`.
    /// False for an id no card of the state has.
    pub fn sees(&self, id: &CreatureId, viewer: PlayerId) -> bool {
        let known = |c: &CastleCard| c.seen_by.contains(viewer);
        if self.discard.iter().any(|c| c.id == *id) {
            return true;
        }
        let piles = self.sides.iter().enumerate().flat_map(|(p, side)| {
            let own = p == viewer.index();
            [(&side.hand, own), (&side.gate, false), (&side.castle, false)]
        });
        piles
            .chain(std::iter::once((&self.draw_pile, false)))
            .find_map(|(pile, open)| pile.iter().find(|c| c.id == *id).map(|c| open || known(c)))
            .unwrap_or(false)
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use crate::event::Discard;
    use crate::event::{Event, SharedEvent};
    use crate::game::Game;
    use crate::rulesets::castle_rampage::event::CastleEvent;
    use crate::rulesets::castle_rampage::{CastleAction, CastleEffect, Structure, rule};
    use crate::state::Phase;

    fn apply(s: &mut CastleState, action: CastleAction) -> Vec<Event<CastleEvent>> {
        let mut events = Vec::new();
        s.apply(action, &mut events).unwrap();
        events
    }

    /// A skirmish at the active player's Deployment.
    fn deployment() -> CastleState {
        let s = CastleState::new_game(3, "standard", &mut Discard).unwrap();
        assert_eq!(s.header.phase, Phase::Deployment);
        s
    }

    fn returned(events: &[Event<CastleEvent>]) -> Vec<(CreatureId, &'static str)> {
        events
            .iter()
            .filter_map(|e| match &e.kind {
                CastleEvent::CardReturned { card, to } => Some((card.clone(), *to)),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn castle_hidden_seen_a_reinforcement_is_named_to_its_holder_only() {
        let mut s = deployment();
        let me = s.header.active_player;
        let card = s.side(me).hand[0].id.clone();
        let events = apply(&mut s, CastleAction::Reinforce { player: me, hand_index: 0, structure: Structure::Gate });
        assert_eq!(returned(&s.events_view(&events, me)), vec![(card.clone(), "gate")]);
        let theirs = s.events_view(&events, PlayerId(1 - me.0));
        assert_eq!(theirs.len(), events.len(), "no event is dropped");
        assert_eq!(returned(&theirs), vec![(CreatureId::hidden(), "gate")], "which card stays hidden");
        assert!(theirs.iter().all(|e| !format!("{e:?}").contains(&format!("{:?}", card.as_str()))));
        // Everything else the action told is the same for both.
        let mine = s.events_view(&events, me);
        let others = |v: &[Event<CastleEvent>]| {
            v.iter().filter(|e| !matches!(e.kind, CastleEvent::CardReturned { .. })).cloned().collect::<Vec<_>>()
        };
        assert_eq!(others(&mine), others(&theirs));
        assert_eq!(others(&mine), others(&events));
    }

    #[test]
    fn castle_hidden_seen_a_defender_that_held_and_a_losing_veteran_are_named_to_both() {
        let mut s = deployment();
        let me = s.header.active_player;
        let opp = PlayerId(1 - me.0);
        s.header.phase = Phase::Event;
        let veteran = CastleCard { attack: 1, effect: CastleEffect::Veteran, ..s.sides[me.index()].hand[0].clone() };
        s.sides[me.index()].hand[0] = veteran.clone();
        let defender = CastleCard { gate_defense: 9, ..s.sides[opp.index()].gate[0].clone() };
        s.sides[opp.index()].gate[0] = defender.clone();
        let events = apply(&mut s, CastleAction::Strike { player: me, hand_index: 0 });
        let expected = vec![(veteran.id.clone(), "hand"), (defender.id.clone(), "gate")];
        for viewer in [me, opp] {
            assert_eq!(returned(&s.events_view(&events, viewer)), expected, "player {}", viewer.0);
        }
    }

    /// The rule of the events' `GameOver`, as `viewer` sees it.
    fn game_over(s: &CastleState, events: &[Event<CastleEvent>], viewer: PlayerId) -> Option<&'static str> {
        let seen = s.events_view(events, viewer);
        seen.iter().find(|e| matches!(e.kind, CastleEvent::Shared(SharedEvent::GameOver { .. }))).map(|e| e.rule)
    }

    #[test]
    fn castle_turn_stalemate_is_told_as_a_dead_position_to_a_player_who_does_not_see_every_card_left() {
        let mut s = deployment();
        let me = s.header.active_player;
        let opp = PlayerId(1 - me.0);
        for c in s.sides.iter_mut().flat_map(|side| side.hand.iter_mut()).chain(s.draw_pile.iter_mut()) {
            c.attack = 0;
        }
        let reinforce = CastleAction::Reinforce { player: me, hand_index: 0, structure: Structure::Gate };
        let mut hidden = s.clone();
        let events = apply(&mut hidden, reinforce);
        assert_eq!(hidden.header.phase, Phase::GameOver);
        assert_eq!(game_over(&hidden, &events, me), Some(rule::DEAD_POSITION));
        assert_eq!(game_over(&hidden, &events, opp), Some(rule::DEAD_POSITION));
        assert!(events.iter().any(|e| e.rule == rule::STALEMATE), "the plain events keep the rule");
        // Once both hands are known to both and the draw pile is gone, both can tell.
        let pile: Vec<_> = s.draw_pile.drain(..).collect();
        s.discard.extend(pile);
        for c in s.sides.iter_mut().flat_map(|side| side.hand.iter_mut()) {
            c.seen_by = crate::rulesets::castle_rampage::SeenBy::BOTH;
        }
        let events = apply(&mut s, reinforce);
        assert_eq!(game_over(&s, &events, me), Some(rule::STALEMATE));
        assert_eq!(game_over(&s, &events, opp), Some(rule::STALEMATE));
    }

    #[test]
    fn castle_hidden_seen_a_spectator_sees_no_card_returned() {
        let mut s = deployment();
        let me = s.header.active_player;
        let events = apply(&mut s, CastleAction::Reinforce { player: me, hand_index: 0, structure: Structure::Castle });
        assert_eq!(returned(&s.events_view(&events, PlayerId(7))), vec![(CreatureId::hidden(), "castle")]);
    }

    #[test]
    fn castle_hidden_seen_a_player_sees_their_hand_the_discard_and_what_they_saw() {
        let mut s = deployment();
        let me = s.header.active_player;
        let opp = PlayerId(1 - me.0);
        let mine = s.side(me).hand[0].id.clone();
        let theirs = s.side(opp).hand[0].id.clone();
        assert!(s.sees(&mine, me) && !s.sees(&mine, opp));
        assert!(!s.sees(&theirs, me) && s.sees(&theirs, opp));
        let pile = s.draw_pile[0].id.clone();
        assert!(!s.sees(&pile, me) && !s.sees(&pile, opp), "nobody sees the draw pile");
        let top = s.sides[opp.index()].gate[0].id.clone();
        assert!(!s.sees(&top, opp), "nor their own Gate, unseen");
        s.sides[opp.index()].gate[0].seen_by = s.sides[opp.index()].gate[0].seen_by.with(me);
        assert!(s.sees(&top, me) && !s.sees(&top, opp));
        let gone = s.sides[opp.index()].gate.remove(0);
        s.discard.push(gone);
        assert!(s.sees(&top, me) && s.sees(&top, opp), "the discard is open");
        assert!(!s.sees(&CreatureId::from("nowhere"), me));
    }
}
