//! What each seat may see of Dog Fight's events: [`crate::Game::event_view`], rule
//! `dogfight.hidden`.
//!
//! Hidden from a player: the other players' hands, and so the options of a decision
//! they are not asked (the chooser's playable cards, which [`crate::Game::observation`]
//! blanks too). The grid, the attack in its windows and every discard are open. Kind by
//! kind:
//! - `DecisionRequested` (a response window) lists the chooser's playable card ids: it
//!   is shown whole to the chooser, and to everyone else with no options (who is asked,
//!   what kind of decision and that it may be declined stay).
//! - `CardPlayed`: the card is declared into the attack face up and goes to its
//!   player's open discard; public.
//! - `ResponsePassed`: a window closed; public (a player with no card they may play is
//!   passed without being asked, which the rules make public: whoever is asked moves).
//! - `AttackDeclared`, `AttackMissed`, `DamageMitigated`, `DamageDealt`,
//!   `VesselDestroyed`: vessels on the open grid and amounts from played cards; public.
//! - `PhaseChanged`, `GameOver`, `PlayerOut`: public.
//!
//! Dog Fight deals no card after the start, so no event names a drawn card. The view
//! reads no state: who is asked is in the event itself. `Game::event_view`'s match
//! (game.rs) lists every kind, so that a new one does not compile until someone judges
//! what it tells.

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use crate::event::Discard;
    use crate::event::{DecisionView, Event, SharedEvent};
    use crate::game::Game;
    use crate::rulesets::dog_fight::DogFightState;
    use crate::rulesets::dog_fight::event::DfEvent;
    use crate::state::CreatureId;
    use crate::state::PlayerId;

    /// A melee (four players) played by its first legal action until an action asks a
    /// decision: the state after it and its events.
    fn first_decision(seed: u64) -> Option<(DogFightState, Vec<Event<DfEvent>>)> {
        let mut s = DogFightState::new_game(seed, "melee", &mut Discard).unwrap();
        for _ in 0..40 {
            let action = *s.legal_actions().first()?;
            let mut events = Vec::new();
            s.apply(action, &mut events).unwrap();
            if events.iter().any(|e| matches!(e.kind, DfEvent::Shared(SharedEvent::DecisionRequested(_)))) {
                return Some((s, events));
            }
        }
        None
    }

    fn decisions(events: &[Event<DfEvent>]) -> Vec<&DecisionView> {
        events
            .iter()
            .filter_map(|e| match &e.kind {
                DfEvent::Shared(SharedEvent::DecisionRequested(d)) => Some(d),
                _ => None,
            })
            .collect()
    }

    fn hand_ids(s: &DogFightState, player: usize) -> Vec<CreatureId> {
        s.sides[player].hand.iter().map(|c| c.id.clone()).collect()
    }

    #[test]
    fn dogfight_hidden_a_decisions_options_are_shown_to_its_chooser_only() {
        let (s, events) = (0..20).find_map(first_decision).unwrap();
        let asked = decisions(&events)[0].clone();
        assert!(!asked.options.is_empty());
        assert!(asked.options.iter().all(|o| hand_ids(&s, asked.player.index()).contains(o)), "its hand's cards");
        for viewer in (0..4).map(PlayerId) {
            let seen = s.events_view(&events, viewer);
            assert_eq!(seen.len(), events.len(), "no event is dropped");
            let shown = decisions(&seen)[0].clone();
            if viewer == asked.player {
                assert_eq!(shown, asked);
            } else {
                assert_eq!(shown, DecisionView { options: Vec::new(), ..asked.clone() }, "player {}", viewer.0);
                let text = format!("{seen:?}");
                for id in hand_ids(&s, asked.player.index()) {
                    assert!(!text.contains(&format!("{:?}", id.as_str())), "{id} is named to player {}", viewer.0);
                }
            }
            // The rest is the same for every seat.
            let rest = |v: &[Event<DfEvent>]| {
                v.iter()
                    .filter(|e| !matches!(e.kind, DfEvent::Shared(SharedEvent::DecisionRequested(_))))
                    .cloned()
                    .collect::<Vec<_>>()
            };
            assert_eq!(rest(&seen), rest(&events));
        }
    }

    #[test]
    fn dogfight_hidden_a_card_played_is_named_to_everyone() {
        let (mut s, _) = (0..20).find_map(first_decision).unwrap();
        let chooser = s.pending.as_ref().unwrap().player;
        let card = s.pending.as_ref().unwrap().options[0].clone();
        let mut events = Vec::new();
        s.apply(crate::rulesets::dog_fight::DfAction::Play(0), &mut events).unwrap();
        for viewer in (0..4).map(PlayerId) {
            let seen = s.events_view(&events, viewer);
            assert!(
                seen.iter().any(|e| matches!(&e.kind, DfEvent::CardPlayed { player, card: c, .. }
                    if *player == chooser && *c == card)),
                "player {} sees {card} played",
                viewer.0
            );
        }
    }
}
