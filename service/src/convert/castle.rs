//! Castle Rampage's messages (RULESET_CASTLE_RAMPAGE): the board (`CastleRampageBoard`,
//! its sides and cards) and the `Reinforce` action, to plain input and back.

use fray_core::rulesets::castle_rampage::{CastleBoardSetup, CastleCardSetup, CastleSideSetup, ReinforceSetup};
use fray_proto::fray::v1 as pb;

/// A card as plain input.
pub fn card_to_setup(c: &pb::CastleCard) -> CastleCardSetup {
    CastleCardSetup {
        id: c.id.clone(),
        name: c.name.clone(),
        owner: c.owner,
        attack: c.attack,
        gate_defense: c.gate_defense,
        castle_defense: c.castle_defense,
        effect: c.effect,
        effect_amount: c.effect_amount,
    }
}

/// A card as a message.
pub fn card_from_setup(c: &CastleCardSetup) -> pb::CastleCard {
    pb::CastleCard {
        id: c.id.clone(),
        name: c.name.clone(),
        owner: c.owner,
        attack: c.attack,
        gate_defense: c.gate_defense,
        castle_defense: c.castle_defense,
        effect: c.effect,
        effect_amount: c.effect_amount,
    }
}

fn cards_to_setup(cards: &[pb::CastleCard]) -> Vec<CastleCardSetup> {
    cards.iter().map(card_to_setup).collect()
}

fn cards_from_setup(cards: &[CastleCardSetup]) -> Vec<pb::CastleCard> {
    cards.iter().map(card_from_setup).collect()
}

/// The board as plain input.
pub fn board_to_setup(b: &pb::CastleRampageBoard) -> CastleBoardSetup {
    CastleBoardSetup {
        sides: b
            .sides
            .iter()
            .map(|s| CastleSideSetup {
                gate: cards_to_setup(&s.gate),
                castle: cards_to_setup(&s.castle),
                hand: cards_to_setup(&s.hand),
            })
            .collect(),
        draw_pile: cards_to_setup(&b.draw_pile),
        discard: cards_to_setup(&b.discard),
    }
}

/// The board as a message.
pub fn board_from_setup(b: &CastleBoardSetup) -> pb::CastleRampageBoard {
    pb::CastleRampageBoard {
        sides: b
            .sides
            .iter()
            .map(|s| pb::CastleSide {
                gate: cards_from_setup(&s.gate),
                castle: cards_from_setup(&s.castle),
                hand: cards_from_setup(&s.hand),
            })
            .collect(),
        draw_pile: cards_from_setup(&b.draw_pile),
        discard: cards_from_setup(&b.discard),
    }
}

/// A reinforcement as plain input.
pub fn reinforce_to_setup(r: &pb::Reinforce) -> ReinforceSetup {
    ReinforceSetup { card: r.card.clone(), structure: r.structure.clone() }
}

/// A reinforcement as a message.
pub fn reinforce_from_setup(r: &ReinforceSetup) -> pb::Reinforce {
    pb::Reinforce { card: r.card.clone(), structure: r.structure.clone() }
}
