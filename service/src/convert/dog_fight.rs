//! Dog Fight's messages (RULESET_DOG_FIGHT): the state (its turn, decision and board:
//! `DogFightBoard`, its vessels, sides, cards and the attack in its response windows;
//! the top-level fields Dog Fight does not read are refused), attacks and actions, to
//! plain input and back.

use fray_core::FieldPath;
use fray_core::Violations;
use fray_core::rulesets::dog_fight::event::DfEvent;
use fray_core::rulesets::dog_fight::{
    DogFightActionSetup, DogFightAttackSetup, DogFightBoardSetup, DogFightCardSetup, DogFightSetup, DogFightSideSetup,
    DogFightStrikeSetup, VesselSetup,
};
use fray_proto::fray::v1 as pb;

use super::shared::{
    self, Submitted, Unread, choice_from_setup, choice_to_setup, refuse_unread, turn_message, turn_to_setup,
};

/// A state as Dog Fight's plain input. The top-level fields it does not read are
/// refused into `refused` (paths relative to the GameState): no `players`, no
/// `creatures`, `event` 0, an empty `chain`.
pub fn state_to_setup(s: pb::GameState, refused: &mut Violations) -> DogFightSetup {
    if !s.players.is_empty() {
        refused.push("players", "must be empty: a Dog Fight state keeps its board in dog_fight");
    }
    let why = Unread {
        name: "Dog Fight",
        creatures: "must be empty: Dog Fight has vessels, in dog_fight.vessels",
        pending: None,
        chain: "must be empty: an attack in progress travels in dog_fight.attack",
    };
    refuse_unread(refused, &s, &why);
    DogFightSetup { header: turn_to_setup(&s), board: s.dog_fight.as_ref().map(board_to_setup) }
}

/// A state as a message.
pub fn state_from_setup(s: &DogFightSetup) -> pb::GameState {
    pb::GameState {
        dog_fight: s.board.as_ref().map(board_from_setup),
        ..turn_message(pb::Ruleset::DogFight as i32, &s.header)
    }
}

/// An attack as plain input: `target` and `outcome` are refused (paths relative to
/// the strike).
pub fn strike_to_setup(s: &pb::Strike) -> Submitted<DogFightStrikeSetup> {
    let mut refused = Violations::default();
    if s.target.is_some() {
        refused.push("target", "must be unset: a Dog Fight attack names its target vessel in defender");
    }
    if s.outcome.is_some() {
        refused.push("outcome", "must be unset: Dog Fight has no chain");
    }
    Submitted::refusing(DogFightStrikeSetup { attacker: s.attacker.clone(), defender: s.defender.clone() }, refused)
}

/// An attack as a message.
pub fn strike_from_setup(s: &DogFightStrikeSetup) -> pb::Strike {
    pb::Strike { attacker: s.attacker.clone(), defender: s.defender.clone(), ..Default::default() }
}

/// An action as plain input (refused paths relative to the action); summon, reinforce
/// and reap are refused whole.
pub fn action_to_setup(a: Option<&pb::action::Action>) -> Result<Submitted<DogFightActionSetup>, Violations> {
    use pb::action::Action as A;
    let action = match a {
        Some(A::Strike(s)) => {
            let strike = strike_to_setup(s);
            return Ok(Submitted::refusing(
                DogFightActionSetup::Strike(strike.input),
                strike.refused.prefixed("strike"),
            ));
        }
        Some(A::Choice(c)) => DogFightActionSetup::Choice(choice_to_setup(c)),
        Some(A::EndPhase(_)) => DogFightActionSetup::EndPhase,
        Some(A::Summon(_) | A::Reinforce(_) | A::Reap(_)) => {
            let mut v = Violations::default();
            v.push("", "Dog Fight's actions are strike (an attack), choice and end_phase");
            return Err(v);
        }
        None => DogFightActionSetup::Missing,
    };
    Ok(Submitted::clean(action))
}

/// An action as a message; [`DogFightActionSetup::Missing`] leaves the oneof unset.
pub fn action_from_setup(a: &DogFightActionSetup) -> pb::Action {
    use pb::action::Action as A;
    let action = match a {
        DogFightActionSetup::Strike(s) => Some(A::Strike(strike_from_setup(s))),
        DogFightActionSetup::Choice(c) => Some(A::Choice(choice_from_setup(c))),
        DogFightActionSetup::EndPhase => Some(A::EndPhase(pb::EndPhase {})),
        DogFightActionSetup::Missing => None,
    };
    pb::Action { action, ..Default::default() }
}

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

/// One of Dog Fight's events as the message's `kind` (the shared kinds as
/// [`shared::event_kind`] maps them).
pub fn event_kind(e: &DfEvent) -> pb::event::Kind {
    use pb::event::Kind;
    // The id's text copied (not through `Display`, which formats).
    let id = |c: &fray_core::state::CreatureId| String::from(c.as_str());
    match e {
        DfEvent::Shared(s) => shared::event_kind(s),
        DfEvent::AttackDeclared { attacker, defender, strength } => Kind::AttackDeclared(pb::AttackDeclared {
            attacker: id(attacker),
            defender: id(defender),
            strength: *strength,
        }),
        DfEvent::CardPlayed { player, card, effect, amount } => Kind::CardPlayed(pb::CardPlayed {
            player: u32::from(player.0),
            card: id(card),
            effect: effect.wire(),
            amount: *amount,
        }),
        DfEvent::ResponsePassed { player } => Kind::ResponsePassed(pb::ResponsePassed { player: u32::from(player.0) }),
        DfEvent::AttackMissed { attacker, defender, by } => Kind::AttackMissed(pb::AttackMissed {
            attacker: id(attacker),
            defender: id(defender),
            by: (*by).to_owned(),
        }),
        DfEvent::DamageMitigated { target, layer, amount } => Kind::DamageMitigated(pb::DamageMitigated {
            target: id(target),
            layer: (*layer).to_owned(),
            amount: *amount,
        }),
        DfEvent::DamageDealt { source, target, amount } => {
            Kind::DamageDealt(pb::DamageDealt { source: id(source), target: id(target), amount: *amount })
        }
        DfEvent::VesselDestroyed { vessel } => Kind::VesselDestroyed(pb::VesselDestroyed { vessel: id(vessel) }),
    }
}

/// Tells `bound` the length of every list of the board a search touches (its vessels,
/// its sides, and each side's hand and discard), with its path under `root`.
pub fn board_lists(board: &pb::DogFightBoard, root: FieldPath<'_>, bound: &mut dyn FnMut(FieldPath<'_>, usize)) {
    bound(root.field("vessels"), board.vessels.len());
    bound(root.field("sides"), board.sides.len());
    let sides = root.field("sides");
    for (i, s) in board.sides.iter().enumerate() {
        let f = sides.index(i);
        bound(f.field("hand"), s.hand.len());
        bound(f.field("discard"), s.discard.len());
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
