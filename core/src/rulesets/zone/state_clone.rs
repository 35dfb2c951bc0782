//! `Clone` for the zone state's types ([`ZoneState`], [`Player`], [`Card`],
//! [`Creature`]), field by field like a derive, plus a `clone_from`
//! that copies into an existing value without allocating: vectors keep their buffers,
//! and a shared text (`Arc<str>`: ids and names) is replaced only when it is another
//! allocation, so copying a state into a scratch one that came from the same game
//! touches no reference count for the cards both hold. Search does that once per
//! action it tries. Each type names every field ([`crate::state::field_clone`]), so a
//! field added to a type fails to compile here until it is copied.

use super::state::{Card, Creature, Player, ZoneState};
use crate::state::field_clone;

field_clone!(Card { clone id, shared name, copy might, copy life, copy armor, copy keywords, copy arrows });

field_clone!(Creature {
    clone id, shared name, copy owner, copy might, copy life, copy damage, copy armor,
    copy face_down, copy keywords, copy arrows, copy orientation, copy acted, copy seq, copy reach
});

field_clone!(Player { copy hp, clone hand, clone deck, clone graveyard });

field_clone!(ZoneState {
    copy ruleset, clone players, clone zones, copy header, copy event, copy pending, clone chain
});

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use crate::event::Discard;
    use crate::game::Game;
    use crate::rulesets::Ruleset;
    use std::sync::Arc;

    fn game(seed: u64) -> ZoneState {
        ZoneState::new_game(Ruleset::Egame, seed, "men-vs-fey", &mut crate::event::Discard).unwrap()
    }

    fn rift(seed: u64) -> ZoneState {
        ZoneState::new_game(Ruleset::DimensionalRift, seed, "duel", &mut crate::event::Discard).unwrap()
    }

    /// Plays `steps` first legal actions.
    fn advance(mut s: ZoneState, steps: usize) -> ZoneState {
        for _ in 0..steps {
            let Some(&a) = s.legal_actions().last() else { break };
            s.apply(a, &mut Discard).unwrap();
        }
        s
    }

    #[test]
    fn clone_from_gives_an_equal_state_whatever_the_target_held() {
        let sources = [game(1), advance(game(1), 12), advance(game(2), 30), advance(rift(5), 20)];
        for source in &sources {
            for target in &sources {
                let mut t = target.clone();
                t.clone_from(source);
                assert_eq!(&t, source);
                assert_eq!(t.legal_actions(), source.legal_actions());
            }
        }
    }

    #[test]
    fn clone_from_shares_the_source_texts() {
        let source = advance(game(3), 5);
        let mut t = advance(game(4), 9);
        t.clone_from(&source);
        for (a, b) in t.players[0].hand.iter().zip(&source.players[0].hand) {
            assert!(Arc::ptr_eq(&a.name, &b.name));
        }
    }
}
