//! `Clone` for the Dog Fight state's types ([`DogFightState`], [`Vessel`], [`DfSide`],
//! [`DfCard`], [`DfAttack`], [`DfDecision`]), field by field like a derive, plus a
//! `clone_from` that copies into an existing value without allocating: vectors keep
//! their buffers, and a shared text (ids and names) is replaced only when it is another
//! allocation. Search copies the state into scratch ones once per action it tries; with
//! the derived `clone_from` (a clone and a drop) that was most of a four-player search.
//! Each type names every field ([`crate::state::field_clone`]), so a field added to a
//! type fails to compile here until it is copied.

use super::{DfAttack, DfCard, DfDecision, DfSide, DogFightState, Vessel};
use crate::state::field_clone;

field_clone!(DfCard { clone id, shared name, copy effect, copy amount });

field_clone!(Vessel {
    clone id, shared name, copy controller, copy x, copy y, copy attack, copy range, copy shields,
    copy armor, copy absorb, copy hull, copy attacked
});

field_clone!(DfSide { clone hand, clone discard });

field_clone!(DfAttack {
    clone attacker, copy attacker_player, clone defender, copy target_player, clone declared,
    clone passed, copy strength
});

field_clone!(DfDecision { copy player, clone options });

field_clone!(DogFightState {
    copy width, copy height, clone vessels, clone sides, copy header, clone attack, clone pending
});

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use crate::game::Game;
    use rand::SeedableRng;
    use rand::seq::IndexedRandom;
    use rand_chacha::ChaCha8Rng;

    /// States along random games of `scenario`, attacks and pending responses included.
    fn walk(scenario: &str, seed: u64) -> Vec<DogFightState> {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut s = DogFightState::new_game(seed, scenario, &mut crate::event::Discard).unwrap();
        let mut out = vec![s.clone()];
        let mut legal = Vec::new();
        while s.outcome().is_none() && out.len() < 400 {
            legal.clear();
            s.legal_actions_into(&mut legal);
            let Some(&a) = legal.choose(&mut rng) else { break };
            s.apply(a, &mut crate::event::Discard).unwrap();
            out.push(s.clone());
        }
        out
    }

    #[test]
    fn clone_from_into_any_other_state_gives_the_same_state_as_clone() {
        let mut states = walk("melee", 3);
        states.extend(walk("duel", 4));
        assert!(states.iter().any(|s| s.attack.is_some()) && states.iter().any(|s| s.pending.is_some()));
        let mut scratch = states[states.len() / 2].clone();
        for (i, s) in states.iter().enumerate() {
            scratch.clone_from(s);
            assert_eq!(scratch, *s, "state {i}");
            assert_eq!(s.clone(), *s, "state {i}");
        }
        // Backwards too: from late states (fewer vessels, cards) into early ones.
        for s in states.iter().rev() {
            scratch.clone_from(s);
            assert_eq!(scratch, *s);
        }
    }
}
