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
    self, Submitted, Unread, action_message, refuse_unread, strike_refusing, turn_message, turn_to_setup,
};

/// Why Dog Fight refuses the wire fields it does not read.
const UNREAD: Unread<'static> = Unread {
    name: "Dog Fight",
    creatures: "must be empty: Dog Fight has vessels, in dog_fight.vessels",
    pending: None,
    chain: "must be empty: an attack in progress travels in dog_fight.attack",
    target: "must be unset: a Dog Fight attack names its target vessel in defender",
    defender: None,
};

/// A state as Dog Fight's plain input. The top-level fields it does not read are
/// refused into `refused` (paths relative to the GameState): no `players`, no
/// `creatures`, `event` 0, an empty `chain`.
pub fn state_to_setup(s: pb::GameState, refused: &mut Violations) -> DogFightSetup {
    if !s.players.is_empty() {
        refused.push("players", "must be empty: a Dog Fight state keeps its board in dog_fight");
    }
    refuse_unread(refused, &s, &UNREAD);
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
    strike_refusing(s, &UNREAD, DogFightStrikeSetup { attacker: s.attacker.clone(), defender: s.defender.clone() })
}

/// An attack as a message.
pub fn strike_from_setup(s: &DogFightStrikeSetup) -> pb::Strike {
    pb::Strike { attacker: s.attacker.clone(), defender: s.defender.clone(), ..Default::default() }
}

/// An action as plain input (refused paths relative to the action); summon, reinforce
/// and reap are refused whole (never `None`: Dog Fight names them itself).
pub fn action_to_setup(a: Option<&pb::action::Action>) -> Option<Result<Submitted<DogFightActionSetup>, Violations>> {
    use DogFightActionSetup as D;
    shared::action_to_setup(a, D::Strike, D::Choice, [D::EndPhase, D::Missing], strike_to_setup, |_| {
        shared::refused_whole("", "Dog Fight's actions are strike (an attack), choice and end_phase")
    })
}

/// An action as a message; [`DogFightActionSetup::Missing`] leaves the oneof unset.
pub fn action_from_setup(a: &DogFightActionSetup) -> pb::Action {
    action_message!(a, DogFightActionSetup, strike_from_setup)
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
    let board_lists = [("vessels", board.vessels.len()), ("sides", board.sides.len())];
    let side = |s: &pb::DogFightSide| [("hand", s.hand.len()), ("discard", s.discard.len())];
    shared::board_and_side_lists(root, &board_lists, &board.sides, side, bound);
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
