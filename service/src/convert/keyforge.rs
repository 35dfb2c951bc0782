//! KeyForge's messages (RULESET_KEYFORGE): the board (`KeyforgeBoard`, its sides,
//! creatures, abilities and resolution steps) and the `Reap` action, to plain input
//! and back.

use fray_core::rulesets::keyforge::{
    AbilitySetup, KeyforgeBoardSetup, KeyforgeCreatureSetup, KeyforgeFightSetup, KeyforgeSideSetup, KeyforgeStepSetup,
};
use fray_proto::fray::v1 as pb;
use pb::keyforge_step::Step;

fn ability_to_setup(a: &pb::Ability) -> AbilitySetup {
    AbilitySetup { id: a.id.clone(), trigger: a.trigger, effect: a.effect, amount: a.amount, target: a.target }
}

fn ability_from_setup(a: &AbilitySetup) -> pb::Ability {
    pb::Ability { id: a.id.clone(), trigger: a.trigger, effect: a.effect, amount: a.amount, target: a.target }
}

/// A creature as plain input.
pub fn creature_to_setup(c: &pb::KeyforgeCreature) -> KeyforgeCreatureSetup {
    KeyforgeCreatureSetup {
        id: c.id.clone(),
        name: c.name.clone(),
        owner: c.owner,
        power: c.power,
        armor: c.armor,
        armor_used: c.armor_used,
        damage: c.damage,
        ward: c.ward,
        stunned: c.stunned,
        exhausted: c.exhausted,
        amber: c.amber,
        taunt: c.taunt,
        elusive: c.elusive,
        elusive_used: c.elusive_used,
        skirmish: c.skirmish,
        poison: c.poison,
        assault: c.assault,
        hazardous: c.hazardous,
        invulnerable: c.invulnerable,
        abilities: c.abilities.iter().map(ability_to_setup).collect(),
    }
}

/// A creature as a message.
pub fn creature_from_setup(c: &KeyforgeCreatureSetup) -> pb::KeyforgeCreature {
    pb::KeyforgeCreature {
        id: c.id.clone(),
        name: c.name.clone(),
        owner: c.owner,
        power: c.power,
        armor: c.armor,
        armor_used: c.armor_used,
        damage: c.damage,
        ward: c.ward,
        stunned: c.stunned,
        exhausted: c.exhausted,
        amber: c.amber,
        taunt: c.taunt,
        elusive: c.elusive,
        elusive_used: c.elusive_used,
        skirmish: c.skirmish,
        poison: c.poison,
        assault: c.assault,
        hazardous: c.hazardous,
        invulnerable: c.invulnerable,
        abilities: c.abilities.iter().map(ability_from_setup).collect(),
    }
}

fn step_to_setup(s: &pb::KeyforgeStep) -> KeyforgeStepSetup {
    match &s.step {
        Some(Step::Fight(f)) => KeyforgeStepSetup::Fight(KeyforgeFightSetup {
            attacker: f.attacker.clone(),
            defender: f.defender.clone(),
            stage: f.stage,
            elusive: f.elusive,
            exchanged: f.exchanged,
        }),
        Some(Step::Window(w)) => KeyforgeStepSetup::Window { kind: w.kind, items: w.items.clone() },
        Some(Step::Destruction(d)) => {
            KeyforgeStepSetup::Destruction { tagged: d.tagged.clone(), items: d.items.clone() }
        }
        Some(Step::Target(a)) => KeyforgeStepSetup::Target(a.clone()),
        None => KeyforgeStepSetup::Missing,
    }
}

fn step_from_setup(s: &KeyforgeStepSetup) -> pb::KeyforgeStep {
    let step = match s {
        KeyforgeStepSetup::Fight(f) => Some(Step::Fight(pb::KeyforgeFight {
            attacker: f.attacker.clone(),
            defender: f.defender.clone(),
            stage: f.stage,
            elusive: f.elusive,
            exchanged: f.exchanged,
        })),
        KeyforgeStepSetup::Window { kind, items } => {
            Some(Step::Window(pb::KeyforgeWindow { kind: *kind, items: items.clone() }))
        }
        KeyforgeStepSetup::Destruction { tagged, items } => {
            Some(Step::Destruction(pb::KeyforgeDestruction { tagged: tagged.clone(), items: items.clone() }))
        }
        KeyforgeStepSetup::Target(a) => Some(Step::Target(a.clone())),
        KeyforgeStepSetup::Missing => None,
    };
    pb::KeyforgeStep { step }
}

/// The board as plain input.
pub fn board_to_setup(b: &pb::KeyforgeBoard) -> KeyforgeBoardSetup {
    KeyforgeBoardSetup {
        sides: b
            .sides
            .iter()
            .map(|s| KeyforgeSideSetup {
                amber: s.amber,
                keys: s.keys,
                battleline: s.battleline.iter().map(creature_to_setup).collect(),
                discard: s.discard.clone(),
                hand: s.hand.clone(),
            })
            .collect(),
        resolution: b.resolution.iter().map(step_to_setup).collect(),
    }
}

/// The board as a message.
pub fn board_from_setup(b: &KeyforgeBoardSetup) -> pb::KeyforgeBoard {
    pb::KeyforgeBoard {
        sides: b
            .sides
            .iter()
            .map(|s| pb::KeyforgeSide {
                amber: s.amber,
                keys: s.keys,
                battleline: s.battleline.iter().map(creature_from_setup).collect(),
                discard: s.discard.clone(),
                hand: s.hand.clone(),
            })
            .collect(),
        resolution: b.resolution.iter().map(step_from_setup).collect(),
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn a_board_with_every_field_and_step_round_trips() {
        let creature = pb::KeyforgeCreature {
            id: "c".into(),
            name: "C".into(),
            owner: 1,
            power: 5,
            armor: 2,
            armor_used: 1,
            damage: 3,
            ward: true,
            stunned: true,
            exhausted: true,
            amber: 2,
            taunt: true,
            elusive: true,
            elusive_used: true,
            skirmish: true,
            poison: true,
            assault: 2,
            hazardous: 3,
            invulnerable: true,
            abilities: vec![pb::Ability { id: "a".into(), trigger: 5, effect: 1, amount: 2, target: 6 }],
        };
        let board = pb::KeyforgeBoard {
            sides: vec![pb::KeyforgeSide {
                amber: 4,
                keys: 1,
                battleline: vec![creature],
                discard: vec!["d".into()],
                hand: vec!["h".into()],
            }],
            resolution: vec![
                pb::KeyforgeStep {
                    step: Some(Step::Fight(pb::KeyforgeFight {
                        attacker: "c".into(),
                        defender: "e".into(),
                        stage: 2,
                        elusive: true,
                        exchanged: true,
                    })),
                },
                pb::KeyforgeStep { step: Some(Step::Window(pb::KeyforgeWindow { kind: 1, items: vec!["x".into()] })) },
                pb::KeyforgeStep {
                    step: Some(Step::Destruction(pb::KeyforgeDestruction {
                        tagged: vec!["c".into()],
                        items: vec!["a".into()],
                    })),
                },
                pb::KeyforgeStep { step: Some(Step::Target("a".into())) },
                pb::KeyforgeStep { step: None },
            ],
        };
        assert_eq!(board_from_setup(&board_to_setup(&board)), board);
    }
}
