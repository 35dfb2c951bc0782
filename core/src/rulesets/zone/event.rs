//! The events only the zone game (e:game and Dimensional Rift) tells (the shared ones
//! are [`SharedEvent`]).

use super::board::ZoneRef;
use super::state::Orientation;
use crate::event::{SharedEvent, shared_arm};
use crate::state::{CreatureId, PlayerId};

/// What happened in the zone game (e:game and Dimensional Rift): a shared kind or one
/// of its own.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ZoneEvent {
    /// A kind every ruleset tells.
    Shared(SharedEvent),
    /// A strike was declared.
    StrikeDeclared {
        /// The attacker.
        attacker: CreatureId,
        /// The zone struck.
        target: ZoneRef,
    },
    /// A face-down creature turned face-up.
    CreatureFlipped {
        /// The creature.
        creature: CreatureId,
    },
    /// The blocker step ended.
    BlockerDetermined {
        /// The attacker.
        attacker: CreatureId,
        /// The blocker; `None` is a direct attack.
        blocker: Option<CreatureId>,
        /// The creature in the target zone blocked.
        passive: bool,
    },
    /// A strike went on the chain.
    StrikeChained {
        /// The attacker.
        attacker: CreatureId,
        /// Chain length after adding it.
        depth: u32,
    },
    /// A strike fizzled.
    StrikeFizzled {
        /// The attacker.
        attacker: CreatureId,
        /// Why.
        reason: &'static str,
    },
    /// Damage was reduced before landing.
    DamagePrevented {
        /// The creature that would have taken it.
        target: CreatureId,
        /// How much was prevented.
        amount: i32,
        /// What prevented it (`armor`).
        by: &'static str,
    },
    /// Damage landed on a creature.
    DamageDealt {
        /// The creature dealing it.
        source: CreatureId,
        /// The creature taking it.
        target: CreatureId,
        /// Counters added.
        amount: i32,
    },
    /// A creature was destroyed.
    CreatureDestroyed {
        /// The creature.
        creature: CreatureId,
    },
    /// A player lost hit points.
    PlayerHpLost {
        /// The player.
        player: PlayerId,
        /// How many.
        amount: i32,
    },
    /// A card from hand entered the field.
    CreatureSummoned {
        /// The new creature.
        creature: CreatureId,
        /// Its zone.
        zone: ZoneRef,
        /// Set face-down.
        face_down: bool,
        /// Its orientation.
        orientation: Orientation,
    },
    /// A player drew a card.
    CardDrawn {
        /// The player.
        player: PlayerId,
    },
}

shared_arm!(ZoneEvent);

impl std::fmt::Display for ZoneEvent {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Shared(e) => e.fmt(f),
            Self::StrikeDeclared { attacker, target } => write!(f, "{attacker} strikes zone {target}"),
            Self::CreatureFlipped { creature } => write!(f, "{creature} flips face-up"),
            Self::BlockerDetermined { attacker, blocker: Some(b), passive } => {
                write!(f, "{b} blocks {attacker}{}", if *passive { " (passive)" } else { "" })
            }
            Self::BlockerDetermined { attacker, blocker: None, .. } => write!(f, "{attacker} attacks directly"),
            Self::StrikeChained { attacker, depth } => {
                write!(f, "{attacker}'s strike joins the chain (depth {depth})")
            }
            Self::StrikeFizzled { attacker, reason } => write!(f, "{attacker}'s strike fizzles: {reason}"),
            Self::DamagePrevented { target, amount, by } => write!(f, "{by} prevents {amount} damage to {target}"),
            Self::DamageDealt { source, target, amount } => {
                write!(f, "{source} deals {amount} damage to {target}")
            }
            Self::CreatureDestroyed { creature } => write!(f, "{creature} is destroyed"),
            Self::PlayerHpLost { player, amount } => write!(f, "player {} loses {amount} HP", player.0),
            Self::CreatureSummoned { creature, zone, face_down: true, .. } => {
                write!(f, "{creature} is set face-down in zone {zone}")
            }
            Self::CreatureSummoned { creature, zone, orientation, .. } => {
                write!(f, "{creature} is summoned in zone {zone} facing {orientation}")
            }
            Self::CardDrawn { player } => write!(f, "player {} draws a card", player.0),
        }
    }
}
