//! The zone game's messages (RULESET_EGAME, RULESET_DIMENSIONAL_RIFT): the state's
//! top level (which is the zone game's shape: players, creatures, the chain), cards,
//! zones, strikes, summons and actions, to plain input and back.

use fray_core::rulesets::zone::event::ZoneEvent;
use fray_core::rulesets::zone::setup::{
    ArrowsSetup, CardSetup, CreatureSetup, OutcomeSetup, PlayerSetup, StrikeSetup, SummonSetup, ZoneActionSetup,
    ZoneSetup, ZoneStateSetup,
};
use fray_core::{Ruleset, Violations};
use fray_proto::fray::v1 as pb;

use super::shared::{self, Submitted, action_message, turn_message, turn_to_setup};

/// A state as plain input: the zone game reads every top-level field (the other
/// rulesets' boards are refused by the dispatcher). Its strings move.
pub fn state_to_setup(s: pb::GameState) -> ZoneStateSetup {
    let header = turn_to_setup(&s);
    ZoneStateSetup {
        ruleset: s.ruleset,
        players: s.players.into_iter().map(player_to_setup).collect(),
        creatures: s.creatures.into_iter().map(creature_to_setup).collect(),
        header,
        event: s.event,
        chain: s.chain.iter().map(strike_to_setup).collect(),
    }
}

/// A state as a message (its strings moved, not copied).
pub fn state_from_setup(s: ZoneStateSetup) -> pb::GameState {
    // The other rulesets' boards stay unset.
    pb::GameState {
        players: s.players.into_iter().map(player_from_setup).collect(),
        creatures: s.creatures.into_iter().map(creature_from_setup).collect(),
        event: s.event,
        chain: s.chain.iter().map(strike_from_setup).collect(),
        ..turn_message(s.ruleset, &s.header)
    }
}

/// A strike (or chain entry) as plain input.
pub fn strike_to_setup(s: &pb::Strike) -> StrikeSetup {
    StrikeSetup {
        attacker: s.attacker.clone(),
        target: s.target.as_ref().map(zone_to_setup),
        defender: s.defender.clone(),
        outcome: s.outcome.as_ref().map(|o| OutcomeSetup { blocker: o.blocker.clone(), passive: o.passive }),
    }
}

/// A strike (or chain entry) as a message.
pub fn strike_from_setup(s: &StrikeSetup) -> pb::Strike {
    pb::Strike {
        attacker: s.attacker.clone(),
        target: s.target.as_ref().map(zone_from_setup),
        defender: s.defender.clone(),
        outcome: s.outcome.as_ref().map(|o| pb::BlockOutcome { blocker: o.blocker.clone(), passive: o.passive }),
    }
}

/// An action as plain input; `None` for another ruleset's kind of action (the
/// dispatcher refuses it). An absent action is [`ZoneActionSetup::Missing`]; an absent
/// Choice message inside the oneof is still "choice was set".
pub fn action_to_setup(
    _ruleset: Ruleset,
    a: Option<&pb::action::Action>,
) -> Option<Result<Submitted<ZoneActionSetup>, Violations>> {
    use ZoneActionSetup as Z;
    use pb::action::Action as A;
    let strike = |s: &pb::Strike| Submitted::clean(strike_to_setup(s));
    shared::action_to_setup(a, Z::Strike, Z::Choice, [Z::EndPhase, Z::Missing], strike, |own| match own {
        A::Summon(s) => Some(Ok(Z::Summon(summon_to_setup(s)))),
        _ => None,
    })
}

/// An action as a message; [`ZoneActionSetup::Missing`] leaves the oneof unset.
pub fn action_from_setup(a: &ZoneActionSetup) -> pb::Action {
    action_message!(
        a,
        ZoneActionSetup,
        strike_from_setup,
        ZoneActionSetup::Summon(s) => pb::action::Action::Summon(summon_from_setup(s)),
    )
}

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

/// One of the zone game's events as the message's `kind` (the shared kinds as
/// [`shared::event_kind`] maps them).
pub fn event_kind(e: &ZoneEvent) -> pb::event::Kind {
    use pb::event::Kind;
    // The id's text copied (not through `Display`, which formats).
    let id = |c: &fray_core::state::CreatureId| String::from(c.as_str());
    match e {
        ZoneEvent::Shared(s) => shared::event_kind(s),
        ZoneEvent::StrikeDeclared { attacker, target } => {
            Kind::StrikeDeclared(pb::StrikeDeclared { attacker: id(attacker), target: Some(zone_ref(*target)) })
        }
        ZoneEvent::CreatureFlipped { creature } => {
            Kind::CreatureFlipped(pb::CreatureFlipped { creature: id(creature) })
        }
        ZoneEvent::BlockerDetermined { attacker, blocker, passive } => Kind::BlockerDetermined(pb::BlockerDetermined {
            attacker: id(attacker),
            blocker: blocker.as_ref().map(id),
            passive: *passive,
        }),
        ZoneEvent::StrikeChained { attacker, depth } => {
            Kind::StrikeChained(pb::StrikeChained { attacker: id(attacker), depth: *depth })
        }
        ZoneEvent::StrikeFizzled { attacker, reason } => {
            Kind::StrikeFizzled(pb::StrikeFizzled { attacker: id(attacker), reason: (*reason).to_owned() })
        }
        ZoneEvent::DamagePrevented { target, amount, by } => {
            Kind::DamagePrevented(pb::DamagePrevented { target: id(target), amount: *amount, by: (*by).to_owned() })
        }
        ZoneEvent::DamageDealt { source, target, amount } => {
            Kind::DamageDealt(pb::DamageDealt { source: id(source), target: id(target), amount: *amount })
        }
        ZoneEvent::CreatureDestroyed { creature } => {
            Kind::CreatureDestroyed(pb::CreatureDestroyed { creature: id(creature) })
        }
        ZoneEvent::PlayerHpLost { player, amount } => {
            Kind::PlayerHpLost(pb::PlayerHpLost { player: u32::from(player.0), amount: *amount })
        }
        ZoneEvent::CreatureSummoned { creature, zone, face_down, orientation } => {
            Kind::CreatureSummoned(pb::CreatureSummoned {
                creature: id(creature),
                zone: Some(zone_ref(*zone)),
                face_down: *face_down,
                orientation: orientation.wire(),
            })
        }
        ZoneEvent::CardDrawn { player } => Kind::CardDrawn(pb::CardDrawn { player: u32::from(player.0) }),
    }
}

fn zone_ref(z: fray_core::rulesets::zone::board::ZoneRef) -> pb::ZoneRef {
    pb::ZoneRef { player: u32::from(z.player.0), index: u32::from(z.index) }
}
