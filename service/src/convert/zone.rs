//! The zone rulesets' messages (RULESET_EGAME, RULESET_DIMENSIONAL_RIFT): players,
//! creatures, cards, zones and summons, to plain input and back.

use fray_core::rulesets::zone::setup::{ArrowsSetup, CardSetup, CreatureSetup, PlayerSetup, SummonSetup, ZoneSetup};
use fray_proto::fray::v1 as pb;

/// A zone reference as plain input.
pub fn zone_to_setup(z: &pb::ZoneRef) -> ZoneSetup {
    ZoneSetup { player: z.player, index: z.index }
}

/// Arrows as plain input, in the order up, up_right, right, down_right, down,
/// down_left, left, up_left.
pub fn arrows_to_setup(a: &pb::Arrows) -> ArrowsSetup {
    [a.up, a.up_right, a.right, a.down_right, a.down, a.down_left, a.left, a.up_left]
}

/// A card as plain input (its strings move).
pub fn card_to_setup(c: pb::Card) -> CardSetup {
    CardSetup {
        id: c.id,
        name: c.name,
        might: c.might,
        life: c.life,
        armor: c.armor,
        keywords: c.keywords,
        arrows: c.arrows.as_ref().map(arrows_to_setup),
    }
}

/// A player as plain input (the cards' strings move).
pub fn player_to_setup(p: pb::Player) -> PlayerSetup {
    PlayerSetup {
        id: p.id,
        hp: p.hp,
        hand: p.hand.into_iter().map(card_to_setup).collect(),
        deck: p.deck.into_iter().map(card_to_setup).collect(),
        graveyard: p.graveyard.into_iter().map(card_to_setup).collect(),
    }
}

/// A creature as plain input (its strings move).
pub fn creature_to_setup(c: pb::Creature) -> CreatureSetup {
    CreatureSetup {
        id: c.id,
        name: c.name,
        owner: c.owner,
        controller: c.controller,
        zone: c.zone.as_ref().map(zone_to_setup),
        might: c.might,
        life: c.life,
        damage: c.damage,
        armor: c.armor,
        face_down: c.face_down,
        keywords: c.keywords,
        arrows: c.arrows.as_ref().map(arrows_to_setup),
        orientation: c.orientation,
        acted: c.acted,
    }
}

/// A summon as plain input.
pub fn summon_to_setup(s: &pb::Summon) -> SummonSetup {
    SummonSetup {
        hand_index: s.hand_index,
        zone: s.zone.as_ref().map(zone_to_setup),
        face_down: s.face_down,
        orientation: s.orientation,
    }
}

/// A zone reference as a message.
pub fn zone_from_setup(z: &ZoneSetup) -> pb::ZoneRef {
    pb::ZoneRef { player: z.player, index: z.index }
}

/// Arrows as a message.
pub fn arrows_from_setup(a: &ArrowsSetup) -> pb::Arrows {
    let [up, up_right, right, down_right, down, down_left, left, up_left] = *a;
    pb::Arrows { up, up_right, right, down_right, down, down_left, left, up_left }
}

/// A card as a message (its strings moved, not copied).
pub fn card_from_setup(c: CardSetup) -> pb::Card {
    pb::Card {
        id: c.id,
        name: c.name,
        might: c.might,
        life: c.life,
        armor: c.armor,
        keywords: c.keywords,
        arrows: c.arrows.as_ref().map(arrows_from_setup),
    }
}

/// A player as a message.
pub fn player_from_setup(p: PlayerSetup) -> pb::Player {
    pb::Player {
        id: p.id,
        hp: p.hp,
        hand: p.hand.into_iter().map(card_from_setup).collect(),
        deck: p.deck.into_iter().map(card_from_setup).collect(),
        graveyard: p.graveyard.into_iter().map(card_from_setup).collect(),
    }
}

/// A creature as a message (its strings moved, not copied).
pub fn creature_from_setup(c: CreatureSetup) -> pb::Creature {
    pb::Creature {
        id: c.id,
        name: c.name,
        owner: c.owner,
        controller: c.controller,
        zone: c.zone.as_ref().map(zone_from_setup),
        might: c.might,
        life: c.life,
        damage: c.damage,
        armor: c.armor,
        face_down: c.face_down,
        keywords: c.keywords,
        arrows: c.arrows.as_ref().map(arrows_from_setup),
        orientation: c.orientation,
        acted: c.acted,
    }
}

/// A summon as a message.
pub fn summon_from_setup(s: &SummonSetup) -> pb::Summon {
    pb::Summon {
        hand_index: s.hand_index,
        zone: s.zone.as_ref().map(zone_from_setup),
        face_down: s.face_down,
        orientation: s.orientation,
    }
}
