//! The events only Dog Fight tells (the shared ones are [`SharedEvent`]).

use super::DfEffect;
use crate::event::{SharedEvent, shared_arm};
use crate::state::{CreatureId, PlayerId};

/// What happened in Dog Fight: a shared kind or one of its own.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DfEvent {
    /// A kind every ruleset tells.
    Shared(SharedEvent),
    /// A vessel declared an attack.
    AttackDeclared {
        /// The attacking vessel.
        attacker: CreatureId,
        /// The targeted vessel.
        defender: CreatureId,
        /// The base damage.
        strength: i32,
    },
    /// A card was played into an attack.
    CardPlayed {
        /// Who played it.
        player: PlayerId,
        /// The card.
        card: CreatureId,
        /// What it does.
        effect: DfEffect,
        /// Its N.
        amount: i32,
    },
    /// A player's window closed.
    ResponsePassed {
        /// The player.
        player: PlayerId,
    },
    /// An attack did no damage.
    AttackMissed {
        /// The attacking vessel.
        attacker: CreatureId,
        /// The targeted vessel.
        defender: CreatureId,
        /// `evasive_maneuvers` or `negate`.
        by: &'static str,
    },
    /// A mitigation layer absorbed part of the damage.
    DamageMitigated {
        /// The vessel.
        target: CreatureId,
        /// `shields`, `armor` or `absorb`.
        layer: &'static str,
        /// How much it absorbed.
        amount: i32,
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
    /// A vessel was destroyed.
    VesselDestroyed {
        /// The vessel.
        vessel: CreatureId,
    },
}

shared_arm!(DfEvent);

impl std::fmt::Display for DfEvent {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Shared(e) => e.fmt(f),
            Self::AttackDeclared { attacker, defender, strength } => {
                write!(f, "{attacker} attacks {defender} (strength {strength})")
            }
            Self::CardPlayed { player, card, effect, amount } => {
                write!(f, "player {} plays {card} ({effect} {amount})", player.0)
            }
            Self::ResponsePassed { player } => write!(f, "player {} passes", player.0),
            Self::AttackMissed { attacker, defender, by } => {
                write!(f, "{attacker}'s attack on {defender} fails: {by}")
            }
            Self::DamageMitigated { target, layer, amount } => {
                write!(f, "{layer} of {target} absorb {amount} damage")
            }
            Self::DamageDealt { source, target, amount } => {
                write!(f, "{source} deals {amount} damage to {target}")
            }
            Self::VesselDestroyed { vessel } => write!(f, "{vessel} is destroyed"),
        }
    }
}
