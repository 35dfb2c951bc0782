//! KeyForge's messages (RULESET_KEYFORGE): the state (its turn, decision and board:
//! `KeyforgeBoard`, its sides, creatures, abilities and resolution steps; the
//! top-level fields KeyForge does not read are refused), fights and actions (`Reap`),
//! to plain input and back.

use fray_core::FieldPath;
use fray_core::Violations;
use fray_core::rulesets::keyforge::event::KfEvent;
use fray_core::rulesets::keyforge::{
    AbilitySetup, KeyforgeActionSetup, KeyforgeBoardSetup, KeyforgeCreatureSetup, KeyforgeFightSetup, KeyforgeSetup,
    KeyforgeSideSetup, KeyforgeStepSetup, KeyforgeStrikeSetup,
};
use fray_proto::fray::v1 as pb;
use pb::keyforge_step::Step;

use super::shared::{
    self, Submitted, Unread, action_message, bare_seats, refuse_unread, strike_refusing, turn_message, turn_to_setup,
};

/// Why KeyForge refuses the wire fields it does not read.
const UNREAD: Unread<'static> = Unread {
    name: "KeyForge",
    creatures: "must be empty: KeyForge creatures stand in keyforge.sides[i].battleline",
    pending: None,
    chain: "must be empty: a KeyForge resolution travels in keyforge.resolution",
    target: "must be unset: a KeyForge fight names its defender, not a zone",
    defender: None,
};

/// A state as KeyForge's plain input. The top-level fields KeyForge does not read are
/// refused into `refused` (paths relative to the GameState): `players` may be empty or
/// hold at most two bare seats, no `creatures`, `event` 0, an empty `chain`.
pub fn state_to_setup(s: pb::GameState, refused: &mut Violations) -> KeyforgeSetup {
    bare_seats(refused, &s.players, "KeyForge", |v, i, p| {
        if p.hp != 0 || !p.hand.is_empty() || !p.deck.is_empty() || !p.graveyard.is_empty() {
            v.push(
                format!("players[{i}]"),
                "must be a bare seat (hp 0, no cards): a KeyForge state keeps its board in keyforge",
            );
        }
    });
    refuse_unread(refused, &s, &UNREAD);
    KeyforgeSetup { header: turn_to_setup(&s), board: s.keyforge.as_ref().map(board_to_setup) }
}

/// A state as a message.
pub fn state_from_setup(s: &KeyforgeSetup) -> pb::GameState {
    pb::GameState {
        keyforge: s.board.as_ref().map(board_from_setup),
        ..turn_message(pb::Ruleset::Keyforge as i32, &s.header)
    }
}

/// A fight as plain input: `target` and `outcome` are refused (paths relative to the
/// strike).
pub fn strike_to_setup(s: &pb::Strike) -> Submitted<KeyforgeStrikeSetup> {
    strike_refusing(s, &UNREAD, KeyforgeStrikeSetup { attacker: s.attacker.clone(), defender: s.defender.clone() })
}

/// A fight as a message.
pub fn strike_from_setup(s: &KeyforgeStrikeSetup) -> pb::Strike {
    pb::Strike { attacker: s.attacker.clone(), defender: s.defender.clone(), ..Default::default() }
}

/// An action as plain input (refused paths relative to the action); `None` for another
/// ruleset's kind of action (the dispatcher refuses it).
pub fn action_to_setup(a: Option<&pb::action::Action>) -> Option<Result<Submitted<KeyforgeActionSetup>, Violations>> {
    use KeyforgeActionSetup as K;
    use pb::action::Action as A;
    shared::action_to_setup(a, K::Strike, K::Choice, [K::EndPhase, K::Missing], strike_to_setup, |own| match own {
        A::Reap(r) => Some(Ok(K::Reap(r.creature.clone()))),
        A::Summon(_) => shared::refused_whole("summon", "KeyForge's skirmish has no summons"),
        _ => None,
    })
}

/// An action as a message; [`KeyforgeActionSetup::Missing`] leaves the oneof unset.
pub fn action_from_setup(a: &KeyforgeActionSetup) -> pb::Action {
    action_message!(
        a,
        KeyforgeActionSetup,
        strike_from_setup,
        KeyforgeActionSetup::Reap(id) => pb::action::Action::Reap(pb::Reap { creature: id.clone() }),
    )
}

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

/// One of KeyForge's events as the message's `kind` (the shared kinds as
/// [`shared::event_kind`] maps them).
pub fn event_kind(e: &KfEvent) -> pb::event::Kind {
    use pb::event::Kind;
    // The id's text copied (not through `Display`, which formats).
    let id = |c: &fray_core::state::CreatureId| String::from(c.as_str());
    match e {
        KfEvent::Shared(s) => shared::event_kind(s),
        KfEvent::AmberMoved { from, to, amount, creature } => Kind::AmberMoved(pb::AmberMoved {
            from_player: from.map_or(0, |p| u32::from(p.0)),
            to_player: to.map_or(0, |p| u32::from(p.0)),
            amount: *amount,
            from_supply: from.is_none(),
            to_supply: to.is_none(),
            creature: creature.as_ref().map(id).unwrap_or_default(),
        }),
        KfEvent::CreatureStunned { creature } => Kind::CreatureStunned(pb::CreatureStunned { creature: id(creature) }),
        KfEvent::StunRemoved { creature } => Kind::StunRemoved(pb::StunRemoved { creature: id(creature) }),
        KfEvent::WardRemoved { creature } => Kind::WardRemoved(pb::WardRemoved { creature: id(creature) }),
        KfEvent::WardGained { creature } => Kind::WardGained(pb::WardGained { creature: id(creature) }),
        KfEvent::CreatureExhausted { creature } => {
            Kind::CreatureExhausted(pb::CreatureExhausted { creature: id(creature) })
        }
        KfEvent::FightDeclared { attacker, defender } => {
            Kind::FightDeclared(pb::FightDeclared { attacker: id(attacker), defender: id(defender) })
        }
        KfEvent::FightExchange { attacker, defender, attacker_deals, defender_deals } => {
            Kind::FightExchange(pb::FightExchange {
                attacker: id(attacker),
                defender: id(defender),
                attacker_deals: *attacker_deals,
                defender_deals: *defender_deals,
            })
        }
        KfEvent::FightEnded { attacker, defender, exchanged } => {
            Kind::FightEnded(pb::FightEnded { attacker: id(attacker), defender: id(defender), exchanged: *exchanged })
        }
        KfEvent::DamagePending { source, target, amount } => {
            Kind::DamagePending(pb::DamagePending { source: id(source), target: id(target), amount: *amount })
        }
        KfEvent::DamageDealt { source, target, amount } => {
            Kind::DamageDealt(pb::DamageDealt { source: id(source), target: id(target), amount: *amount })
        }
        KfEvent::DamagePrevented { target, amount, by } => {
            Kind::DamagePrevented(pb::DamagePrevented { target: id(target), amount: *amount, by: (*by).to_owned() })
        }
        KfEvent::AbilityResolved { ability, creature } => {
            Kind::AbilityResolved(pb::AbilityResolved { ability: ability.clone(), creature: id(creature) })
        }
        KfEvent::CreatureTagged { creature } => Kind::CreatureTagged(pb::CreatureTagged { creature: id(creature) }),
        KfEvent::CreatureDestroyed { creature } => {
            Kind::CreatureDestroyed(pb::CreatureDestroyed { creature: id(creature) })
        }
        KfEvent::CardReturned { card, to } => {
            Kind::CardReturned(pb::CardReturned { card: String::from(&*card.0), to: (*to).to_owned() })
        }
        KfEvent::Reaped { creature } => Kind::Reaped(pb::Reaped { creature: id(creature) }),
        KfEvent::KeyForged { player, keys } => {
            Kind::KeyForged(pb::KeyForged { player: u32::from(player.0), keys: *keys })
        }
    }
}

/// Tells `bound` the length of every list of the board a search touches (its sides,
/// the resolution, and each side's battleline, discard and hand), with its path under
/// `root`.
pub fn board_lists(board: &pb::KeyforgeBoard, root: FieldPath<'_>, bound: &mut dyn FnMut(FieldPath<'_>, usize)) {
    let board_lists = [("sides", board.sides.len()), ("resolution", board.resolution.len())];
    let side = |s: &pb::KeyforgeSide| {
        [("battleline", s.battleline.len()), ("discard", s.discard.len()), ("hand", s.hand.len())]
    };
    shared::board_and_side_lists(root, &board_lists, &board.sides, side, bound);
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
