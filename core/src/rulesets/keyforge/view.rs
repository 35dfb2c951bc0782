//! What each seat may see of KeyForge's events: [`crate::Game::event_view`].
//!
//! Nothing is hidden in KeyForge (docs/rules.md "Hidden information and the
//! heuristic"): the battlelines are open, the skirmish deals no hand or deck, and a hand
//! holds only the names of creatures returned from play, which everyone saw leave. So
//! every event is shown whole to every seat. Kind by kind, each names creatures in play
//! or players: `AmberMoved`, `CreatureStunned`, `StunRemoved`, `WardRemoved`,
//! `WardGained`, `CreatureExhausted`, `FightDeclared`, `FightExchange`, `FightEnded`,
//! `DamagePending`, `DamageDealt`, `DamagePrevented`, `AbilityResolved`,
//! `CreatureTagged`, `CreatureDestroyed`, `CardReturned` (a creature leaving play for its
//! owner's hand, in sight of both), `Reaped`, `KeyForged`; `PhaseChanged`, `GameOver`,
//! `PlayerOut` and `DecisionRequested` (ORDER and TARGET options are creatures in play)
//! are public too.
//!
//! `Game::event_view`'s match (game.rs) lists every kind, so that a new one does not
//! compile until someone judges what it tells.

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use crate::event::Discard;
    use crate::game::Game;
    use crate::rulesets::keyforge::KeyforgeState;

    use crate::rulesets::keyforge::skirmish::SCENARIOS;
    use crate::state::PlayerId;

    #[test]
    fn keyforge_hides_nothing_every_event_is_shown_whole_to_both_players() {
        for (k, scenario) in SCENARIOS.iter().enumerate() {
            let mut s = KeyforgeState::new_game(k as u64, scenario.name, &mut Discard).unwrap();
            let mut events = Vec::new();
            for step in 0..40 {
                let legal = s.legal_actions();
                let Some(&action) = legal.get(step % legal.len().max(1)) else { break };
                events.clear();
                s.apply(action, &mut events).unwrap();
                for viewer in [PlayerId(0), PlayerId(1)] {
                    assert!(!s.has_hidden(viewer));
                    assert_eq!(s.events_view(&events, viewer), events, "{} step {step}", scenario.name);
                }
            }
        }
    }
}
