//! Determinization: a bot sees its own hand and the field, not the opponent's hand,
//! deck or face-down creatures, nor its own deck's order. Search samples worlds
//! consistent with what it sees and searches each as if it were perfect information.

use rand::Rng;
use rand::seq::SliceRandom;

use fray_core::ZoneState;
use fray_core::board::ZoneRef;
use fray_core::state::{Card, PlayerId};

/// True when `me` cannot see everything: the opponent has cards in hand or deck or a
/// face-down creature, or `me` has two or more cards in the deck.
pub fn has_hidden(state: &ZoneState, me: PlayerId) -> bool {
    let opp = me.other();
    let o = &state.players[opp.index()];
    !o.hand.is_empty()
        || !o.deck.is_empty()
        || state.players[me.index()].deck.len() > 1
        || state.creatures().any(|(z, c)| z.player == opp && c.face_down)
}

/// A world `me` cannot tell from `state`: the opponent's hand, deck and face-down
/// creatures are dealt again from the same cards, and `me`'s deck is reshuffled.
/// Creature ids, zones, damage and orientation stay; only the card under a face-down
/// creature changes.
pub fn determinize<R: Rng>(state: &ZoneState, me: PlayerId, rng: &mut R) -> ZoneState {
    let mut world = state.clone();
    let opp = me.other();
    world.players[me.index()].deck.shuffle(rng);

    let hidden_zones: Vec<ZoneRef> =
        world.creatures().filter(|(z, c)| z.player == opp && c.face_down).map(|(z, _)| z).collect();
    let o = &mut world.players[opp.index()];
    let (hand_n, deck_n) = (o.hand.len(), o.deck.len());
    let mut unseen: Vec<Card> = o.hand.drain(..).chain(o.deck.drain(..)).collect();
    for &z in &hidden_zones {
        if let Some(c) = state.at(z) {
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

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use fray_core::GameState;
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    #[test]
    fn a_world_keeps_what_the_player_sees_and_the_counts_of_what_they_do_not() {
        let GameState::Zone(s) = GameState::new_game(1, 5, "men-vs-fey").unwrap().0 else { unreachable!() };
        let me = PlayerId(0);
        assert!(has_hidden(&s, me));
        let w = determinize(&s, me, &mut ChaCha8Rng::seed_from_u64(1));
        assert_eq!(w.players[0].hand, s.players[0].hand, "my hand is known");
        assert_eq!(w.players[1].hand.len(), s.players[1].hand.len());
        assert_eq!(w.players[1].deck.len(), s.players[1].deck.len());
        let mut a: Vec<_> = s.players[1].hand.iter().chain(&s.players[1].deck).map(|c| c.id.clone()).collect();
        let mut b: Vec<_> = w.players[1].hand.iter().chain(&w.players[1].deck).map(|c| c.id.clone()).collect();
        a.sort();
        b.sort();
        assert_eq!(a, b, "the same cards, dealt again");
        assert_ne!(w.players[1].hand, s.players[1].hand, "seed 1 deals another hand");
    }
}
