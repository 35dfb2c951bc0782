//! What a state names: every id it uses, its KeyForge creatures by side, and its
//! Castle cards with where they lie.

use fray_proto::fray::v1 as pb;

/// Every id the state uses (creatures, cards, Castle cards pile by pile, then KeyForge
/// creatures side by side and their abilities), in order.
pub fn ids(s: &pb::GameState) -> Vec<String> {
    let cards = s.players.iter().flat_map(|p| p.hand.iter().chain(&p.deck).chain(&p.graveyard)).map(|c| &c.id);
    let castle = castle_cards(s).map(|(_, c)| &c.id);
    let keyforge = keyforge_creatures(s).map(|(_, c)| &c.id);
    let abilities = keyforge_creatures(s).flat_map(|(_, c)| c.abilities.iter().map(|a| &a.id));
    let zone = s.creatures.iter().map(|c| &c.id).chain(cards);
    zone.chain(castle).chain(keyforge).chain(abilities).filter(|id| !id.is_empty()).cloned().collect()
}

/// Every creature of the state's KeyForge board, with its side's index.
pub fn keyforge_creatures(s: &pb::GameState) -> impl Iterator<Item = (usize, &pb::KeyforgeCreature)> {
    let sides = s.keyforge.iter().flat_map(|b| b.sides.iter().enumerate());
    sides.flat_map(|(i, side)| side.battleline.iter().map(move |c| (i, c)))
}

/// Where a Castle card lies.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Lies {
    /// In player `n`'s hand.
    Hand(usize),
    /// In a Gate, a Castle, the draw pile or the discard.
    Pile,
}

/// Every card of the state's Castle board, with where it lies.
pub fn castle_cards(s: &pb::GameState) -> impl Iterator<Item = (Lies, &pb::CastleCard)> {
    let board = s.castle_rampage.iter();
    let sides = board.clone().flat_map(|b| b.sides.iter().enumerate());
    let stacks = sides.flat_map(|(i, side)| {
        let hand = side.hand.iter().map(move |c| (Lies::Hand(i), c));
        side.gate.iter().chain(&side.castle).map(|c| (Lies::Pile, c)).chain(hand)
    });
    stacks.chain(board.flat_map(|b| b.draw_pile.iter().chain(&b.discard)).map(|c| (Lies::Pile, c)))
}
