//! `Clone` for the Dog Fight state's types ([`DogFightState`], [`Vessel`], [`DfSide`],
//! [`DfCard`], [`DfAttack`], [`DfDecision`]), field by field like a derive, plus a
//! `clone_from` that copies into an existing value without allocating: vectors keep
//! their buffers, and a shared text (ids and names) is replaced only when it is another
//! allocation. Search copies the state into scratch ones once per action it tries; with
//! the derived `clone_from` (a clone and a drop) that was most of a four-player search.
//! Each impl names every field, so a field added to a type fails to compile here until
//! it is copied.

use std::sync::Arc;

use super::{DfAttack, DfCard, DfDecision, DfSide, DogFightState, Vessel};
use crate::state::assign_shared;

impl Clone for DfCard {
    fn clone(&self) -> Self {
        let DfCard { id, name, effect, amount } = self;
        DfCard { id: id.clone(), name: Arc::clone(name), effect: *effect, amount: *amount }
    }

    fn clone_from(&mut self, source: &Self) {
        let DfCard { id, name, effect, amount } = source;
        self.id.clone_from(id);
        assign_shared(&mut self.name, name);
        self.effect = *effect;
        self.amount = *amount;
    }
}

impl Clone for Vessel {
    fn clone(&self) -> Self {
        let Vessel { id, name, controller, x, y, attack, range, shields, armor, absorb, hull, attacked } = self;
        Vessel {
            id: id.clone(),
            name: Arc::clone(name),
            controller: *controller,
            x: *x,
            y: *y,
            attack: *attack,
            range: *range,
            shields: *shields,
            armor: *armor,
            absorb: *absorb,
            hull: *hull,
            attacked: *attacked,
        }
    }

    fn clone_from(&mut self, source: &Self) {
        let Vessel { id, name, controller, x, y, attack, range, shields, armor, absorb, hull, attacked } = source;
        self.id.clone_from(id);
        assign_shared(&mut self.name, name);
        self.controller = *controller;
        self.x = *x;
        self.y = *y;
        self.attack = *attack;
        self.range = *range;
        self.shields = *shields;
        self.armor = *armor;
        self.absorb = *absorb;
        self.hull = *hull;
        self.attacked = *attacked;
    }
}

impl Clone for DfSide {
    fn clone(&self) -> Self {
        let DfSide { hand, discard } = self;
        DfSide { hand: hand.clone(), discard: discard.clone() }
    }

    fn clone_from(&mut self, source: &Self) {
        let DfSide { hand, discard } = source;
        self.hand.clone_from(hand);
        self.discard.clone_from(discard);
    }
}

impl Clone for DfAttack {
    fn clone(&self) -> Self {
        let DfAttack { attacker, attacker_player, defender, target_player, declared, passed, strength } = self;
        DfAttack {
            attacker: attacker.clone(),
            attacker_player: *attacker_player,
            defender: defender.clone(),
            target_player: *target_player,
            declared: declared.clone(),
            passed: passed.clone(),
            strength: *strength,
        }
    }

    fn clone_from(&mut self, source: &Self) {
        let DfAttack { attacker, attacker_player, defender, target_player, declared, passed, strength } = source;
        self.attacker.clone_from(attacker);
        self.attacker_player = *attacker_player;
        self.defender.clone_from(defender);
        self.target_player = *target_player;
        self.declared.clone_from(declared);
        self.passed.clone_from(passed);
        self.strength = *strength;
    }
}

impl Clone for DfDecision {
    fn clone(&self) -> Self {
        let DfDecision { player, options } = self;
        DfDecision { player: *player, options: options.clone() }
    }

    fn clone_from(&mut self, source: &Self) {
        let DfDecision { player, options } = source;
        self.player = *player;
        self.options.clone_from(options);
    }
}

impl Clone for DogFightState {
    fn clone(&self) -> Self {
        let DogFightState { width, height, vessels, sides, header, attack, pending } = self;
        DogFightState {
            width: *width,
            height: *height,
            vessels: vessels.clone(),
            sides: sides.clone(),
            header: *header,
            attack: attack.clone(),
            pending: pending.clone(),
        }
    }

    fn clone_from(&mut self, source: &Self) {
        let DogFightState { width, height, vessels, sides, header, attack, pending } = source;
        self.width = *width;
        self.height = *height;
        self.vessels.clone_from(vessels);
        self.sides.clone_from(sides);
        self.header = *header;
        self.attack.clone_from(attack);
        self.pending.clone_from(pending);
    }
}

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
