//! `Clone` for the zone state's types ([`ZoneState`], [`Player`], [`Card`],
//! [`Creature`]), field by field like a derive, plus a `clone_from`
//! that copies into an existing value without allocating: vectors keep their buffers,
//! and a shared text (`Arc<str>`: ids and names) is replaced only when it is another
//! allocation, so copying a state into a scratch one that came from the same game
//! touches no reference count for the cards both hold. Search does that once per
//! action it tries.

use std::sync::Arc;

use super::state::{Card, Creature, Player, ZoneState};
use crate::state::assign_shared;

impl Clone for Card {
    fn clone(&self) -> Self {
        let Card { id, name, might, life, armor, keywords, arrows } = self;
        Card {
            id: id.clone(),
            name: Arc::clone(name),
            might: *might,
            life: *life,
            armor: *armor,
            keywords: *keywords,
            arrows: *arrows,
        }
    }

    fn clone_from(&mut self, source: &Self) {
        let Card { id, name, might, life, armor, keywords, arrows } = source;
        self.id.clone_from(id);
        assign_shared(&mut self.name, name);
        self.might = *might;
        self.life = *life;
        self.armor = *armor;
        self.keywords = *keywords;
        self.arrows = *arrows;
    }
}

impl Clone for Creature {
    fn clone(&self) -> Self {
        let Creature {
            id,
            name,
            owner,
            might,
            life,
            damage,
            armor,
            face_down,
            keywords,
            arrows,
            orientation,
            acted,
            seq,
            reach,
        } = self;
        Creature {
            id: id.clone(),
            name: Arc::clone(name),
            owner: *owner,
            might: *might,
            life: *life,
            damage: *damage,
            armor: *armor,
            face_down: *face_down,
            keywords: *keywords,
            arrows: *arrows,
            orientation: *orientation,
            acted: *acted,
            seq: *seq,
            reach: *reach,
        }
    }

    fn clone_from(&mut self, source: &Self) {
        let Creature {
            id,
            name,
            owner,
            might,
            life,
            damage,
            armor,
            face_down,
            keywords,
            arrows,
            orientation,
            acted,
            seq,
            reach,
        } = source;
        self.id.clone_from(id);
        assign_shared(&mut self.name, name);
        self.owner = *owner;
        self.might = *might;
        self.life = *life;
        self.damage = *damage;
        self.armor = *armor;
        self.face_down = *face_down;
        self.keywords = *keywords;
        self.arrows = *arrows;
        self.orientation = *orientation;
        self.acted = *acted;
        self.seq = *seq;
        self.reach = *reach;
    }
}

impl Clone for Player {
    fn clone(&self) -> Self {
        let Player { hp, hand, deck, graveyard } = self;
        Player { hp: *hp, hand: hand.clone(), deck: deck.clone(), graveyard: graveyard.clone() }
    }

    fn clone_from(&mut self, source: &Self) {
        let Player { hp, hand, deck, graveyard } = source;
        self.hp = *hp;
        self.hand.clone_from(hand);
        self.deck.clone_from(deck);
        self.graveyard.clone_from(graveyard);
    }
}

impl Clone for ZoneState {
    fn clone(&self) -> Self {
        let ZoneState { ruleset, players, zones, header, event, pending, chain } = self;
        ZoneState {
            ruleset: *ruleset,
            players: players.clone(),
            zones: zones.clone(),
            header: *header,
            event: *event,
            pending: *pending,
            chain: chain.clone(),
        }
    }

    fn clone_from(&mut self, source: &Self) {
        let ZoneState { ruleset, players, zones, header, event, pending, chain } = source;
        self.ruleset = *ruleset;
        self.players.clone_from(players);
        self.zones.clone_from(zones);
        self.header = *header;
        self.event = *event;
        self.pending = *pending;
        self.chain.clone_from(chain);
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use crate::event::Discard;
    use crate::game::Game;
    use crate::rulesets::Ruleset;

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
