//! Dog Fight's messages (RULESET_DOG_FIGHT): the board (`DogFightBoard`, its vessels,
//! sides, cards and the attack in its response windows), to plain input and back.

use fray_core::rulesets::dog_fight::{
    DogFightAttackSetup, DogFightBoardSetup, DogFightCardSetup, DogFightSideSetup, VesselSetup,
};
use fray_proto::fray::v1 as pb;

fn card_to_setup(c: &pb::DogFightCard) -> DogFightCardSetup {
    DogFightCardSetup { id: c.id.clone(), name: c.name.clone(), effect: c.effect, amount: c.amount }
}

fn card_from_setup(c: &DogFightCardSetup) -> pb::DogFightCard {
    pb::DogFightCard { id: c.id.clone(), name: c.name.clone(), effect: c.effect, amount: c.amount }
}

fn vessel_to_setup(v: &pb::Vessel) -> VesselSetup {
    VesselSetup {
        id: v.id.clone(),
        name: v.name.clone(),
        controller: v.controller,
        x: v.x,
        y: v.y,
        attack: v.attack,
        range: v.range,
        shields: v.shields,
        armor: v.armor,
        absorb: v.absorb,
        hull: v.hull,
        attacked: v.attacked,
    }
}

fn vessel_from_setup(v: &VesselSetup) -> pb::Vessel {
    pb::Vessel {
        id: v.id.clone(),
        name: v.name.clone(),
        controller: v.controller,
        x: v.x,
        y: v.y,
        attack: v.attack,
        range: v.range,
        shields: v.shields,
        armor: v.armor,
        absorb: v.absorb,
        hull: v.hull,
        attacked: v.attacked,
    }
}

/// The board as plain input.
pub fn board_to_setup(b: &pb::DogFightBoard) -> DogFightBoardSetup {
    DogFightBoardSetup {
        width: b.width,
        height: b.height,
        vessels: b.vessels.iter().map(vessel_to_setup).collect(),
        sides: b
            .sides
            .iter()
            .map(|s| DogFightSideSetup {
                hand: s.hand.iter().map(card_to_setup).collect(),
                discard: s.discard.iter().map(card_to_setup).collect(),
            })
            .collect(),
        attack: b.attack.as_ref().map(|a| DogFightAttackSetup {
            attacker: a.attacker.clone(),
            defender: a.defender.clone(),
            declared: a.declared.iter().map(|p| (p.player, p.card.clone())).collect(),
            passed: a.passed.clone(),
            strength: a.strength,
        }),
    }
}

/// The board as a message.
pub fn board_from_setup(b: &DogFightBoardSetup) -> pb::DogFightBoard {
    pb::DogFightBoard {
        width: b.width,
        height: b.height,
        vessels: b.vessels.iter().map(vessel_from_setup).collect(),
        sides: b
            .sides
            .iter()
            .map(|s| pb::DogFightSide {
                hand: s.hand.iter().map(card_from_setup).collect(),
                discard: s.discard.iter().map(card_from_setup).collect(),
            })
            .collect(),
        attack: b.attack.as_ref().map(|a| pb::DogFightAttack {
            attacker: a.attacker.clone(),
            defender: a.defender.clone(),
            declared: a
                .declared
                .iter()
                .map(|(player, card)| pb::PlayedCard { player: *player, card: card.clone() })
                .collect(),
            passed: a.passed.clone(),
            strength: a.strength,
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_board_with_every_field_round_trips() {
        let board = pb::DogFightBoard {
            width: 7,
            height: 5,
            vessels: vec![pb::Vessel {
                id: "v".into(),
                name: "V".into(),
                controller: 2,
                x: 1,
                y: 2,
                attack: 3,
                range: 4,
                shields: 5,
                armor: 6,
                absorb: 7,
                hull: 8,
                attacked: true,
            }],
            sides: vec![pb::DogFightSide {
                hand: vec![pb::DogFightCard { id: "c".into(), name: "C".into(), effect: 4, amount: 2 }],
                discard: vec![pb::DogFightCard { id: "d".into(), name: "D".into(), effect: 1, amount: 1 }],
            }],
            attack: Some(pb::DogFightAttack {
                attacker: "v".into(),
                defender: "w".into(),
                declared: vec![pb::PlayedCard { player: 1, card: "d".into() }],
                passed: vec![0, 1],
                strength: 3,
            }),
        };
        assert_eq!(board_from_setup(&board_to_setup(&board)), board);
    }
}
