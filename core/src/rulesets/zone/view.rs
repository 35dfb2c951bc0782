//! What each seat may see of the zone game's events (e:game and Dimensional Rift):
//! [`crate::Game::event_view`], rule `egame.hidden`.
//!
//! Hidden from a player: the opponent's hand and deck, the card under the opponent's
//! face-down creatures (name, stats, arrows, and its id: a card's id is given when its
//! deck is built, before the shuffle, so in a scenario of fixed decks the id names the
//! card; its zone, orientation and damage are on the table, as
//! [`crate::Game::observation`] shows them), and the order of their own deck. Kind by
//! kind:
//! - `CardDrawn` names the player only, never the card.
//! - `CreatureSummoned` names the creature's zone and its orientation (FORWARD for a
//!   face-down one), what the board then shows every seat, and its id, except to the
//!   other seats while the creature is face-down in the state after the action (the
//!   id blanked, as the observation blanks it). A face-down creature's card is named
//!   by no event until `CreatureFlipped`, which turns it face up for everyone.
//! - `StrikeDeclared`, `BlockerDetermined`, `StrikeChained`, `StrikeFizzled`,
//!   `DamagePrevented`, `DamageDealt`, `CreatureDestroyed`, `PlayerHpLost`: only
//!   face-up creatures strike and block (a face-down one in the struck zone flips first,
//!   `egame.flip.targeted`), so their ids and amounts are on the table; a destroyed card
//!   goes to an open graveyard.
//! - `PhaseChanged`, `GameOver`, `PlayerOut`: public.
//! - `DecisionRequested`: its options are face-up creatures on the field (blockers, a
//!   Fading creature that was struck), public.
//!
//! `Game::event_view`'s match (game.rs) lists every kind, so that a new one does not
//! compile until someone judges what it tells.

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use crate::event::Discard;
    use crate::event::Event;
    use crate::game::Game;
    use crate::rulesets::Ruleset;
    use crate::rulesets::zone::action::Action;
    use crate::rulesets::zone::event::ZoneEvent;
    use crate::rulesets::zone::state::Orientation;
    use crate::rulesets::zone::state::ZoneState;
    use crate::state::Phase;
    use crate::state::PlayerId;

    /// Plays `action` and returns its events with the state after it.
    fn apply(mut s: ZoneState, action: Action) -> (ZoneState, Vec<Event<ZoneEvent>>) {
        let mut events = Vec::new();
        s.apply(action, &mut events).unwrap();
        (s, events)
    }

    /// The opening of men-vs-fey, moved on to player 0's Deployment.
    fn deployment() -> ZoneState {
        let mut s = ZoneState::new_game(Ruleset::Egame, 5, "men-vs-fey", &mut Discard).unwrap();
        while s.header.phase != Phase::Deployment {
            s.apply(Action::EndPhase, &mut Discard).unwrap();
        }
        s
    }

    /// Every text the events say, for searching.
    fn text(events: &[Event<ZoneEvent>]) -> String {
        events.iter().map(|e| format!("{e} {e:?}\n")).collect()
    }

    #[test]
    fn egame_hidden_a_drawn_card_is_named_to_nobody() {
        let s = deployment();
        let me = s.header.active_player;
        let (after, events) = apply(s, Action::EndPhase);
        let drawn = after.players[me.index()].hand.last().unwrap();
        let id = drawn.id.clone().unwrap();
        assert!(events.iter().any(|e| e.kind == ZoneEvent::CardDrawn { player: me }));
        for viewer in [PlayerId(0), PlayerId(1)] {
            let seen = after.events_view(&events, viewer);
            assert_eq!(seen, events, "every zone event is public");
            assert!(!text(&seen).contains(id.as_str()), "the drawn card {id} is not named");
            assert!(!text(&seen).contains(&*drawn.name));
        }
    }

    #[test]
    fn egame_hidden_a_face_down_summon_names_its_zone_and_not_its_card_or_id_to_the_opponent() {
        let s = deployment();
        let me = s.header.active_player;
        let card = &s.players[me.index()].hand[0];
        let (name, id) = (card.name.clone(), card.id.clone().unwrap());
        let summon = Action::Summon { hand_index: 0, index: 1, face_down: true, orientation: Orientation::Forward };
        let (after, events) = apply(s.clone(), summon);
        let opponent = PlayerId(1 - me.0);
        let seen = after.events_view(&events, opponent);
        assert_eq!(seen.len(), events.len());
        assert!(!text(&seen).contains(&*name), "the card's name stays hidden: {name}");
        // Ids are given before the shuffle: in a fixed deck the id names the card.
        assert!(!text(&seen).contains(id.as_str()), "the card's id stays hidden: {id}");
        let creature = after.observation(opponent).creatures.into_iter().find(|c| c.face_down).unwrap();
        assert!(creature.name.is_empty() && creature.id.is_empty());
        let summoned = |v: &[Event<ZoneEvent>]| {
            v.iter().find_map(|e| match &e.kind {
                ZoneEvent::CreatureSummoned { creature, zone, face_down: true, .. } => Some((creature.clone(), *zone)),
                _ => None,
            })
        };
        let (hidden, zone) = summoned(&seen).unwrap();
        assert!(hidden.is_hidden());
        assert_eq!(zone, summoned(&events).unwrap().1, "the zone is on the table");
        // Its controller sees it whole.
        assert_eq!(after.events_view(&events, me), events);
    }
}
