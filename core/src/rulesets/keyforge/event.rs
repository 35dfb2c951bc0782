//! The events only KeyForge tells (the shared ones are [`SharedEvent`]).

use crate::event::{SharedEvent, shared_arm};
use crate::state::{CreatureId, PlayerId};

/// What happened in KeyForge: a shared kind or one of its own.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum KfEvent {
    /// A kind every ruleset tells.
    Shared(SharedEvent),
    /// Amber moved; amber on a creature counts as its controller's side.
    AmberMoved {
        /// From this player's side; `None`: from the supply.
        from: Option<PlayerId>,
        /// To this player's side; `None`: to the supply.
        to: Option<PlayerId>,
        /// How much (never 0).
        amount: i32,
        /// The creature it moved onto (captured) or off (it left play).
        creature: Option<CreatureId>,
    },
    /// A creature was stunned.
    CreatureStunned {
        /// The creature.
        creature: CreatureId,
    },
    /// A stun was removed.
    StunRemoved {
        /// The creature.
        creature: CreatureId,
    },
    /// A ward was discarded.
    WardRemoved {
        /// The creature.
        creature: CreatureId,
    },
    /// A creature gained a ward.
    WardGained {
        /// The creature.
        creature: CreatureId,
    },
    /// A creature was exhausted by being used.
    CreatureExhausted {
        /// The creature.
        creature: CreatureId,
    },
    /// A creature was used to fight another.
    FightDeclared {
        /// The creature used.
        attacker: CreatureId,
        /// The creature fought.
        defender: CreatureId,
    },
    /// A fight's power exchange: the pending damage each sets.
    FightExchange {
        /// The attacker.
        attacker: CreatureId,
        /// The defender.
        defender: CreatureId,
        /// Pending damage the attacker sets.
        attacker_deals: i32,
        /// Pending damage the defender sets.
        defender_deals: i32,
    },
    /// A fight ended.
    FightEnded {
        /// The attacker.
        attacker: CreatureId,
        /// The defender.
        defender: CreatureId,
        /// The exchange happened.
        exchanged: bool,
    },
    /// Damage was set pending above a creature.
    DamagePending {
        /// The creature dealing it.
        source: CreatureId,
        /// The creature it would be dealt to.
        target: CreatureId,
        /// How much.
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
    /// Damage was reduced before landing.
    DamagePrevented {
        /// The creature that would have taken it.
        target: CreatureId,
        /// How much was prevented.
        amount: i32,
        /// What prevented it (`armor`).
        by: &'static str,
    },
    /// A keyword or ability started to resolve.
    AbilityResolved {
        /// `<creature>:assault`, `<creature>:hazardous`, or the ability id.
        ability: String,
        /// The creature it is on.
        creature: CreatureId,
    },
    /// A creature was tagged for destruction.
    CreatureTagged {
        /// The creature.
        creature: CreatureId,
    },
    /// A creature was destroyed.
    CreatureDestroyed {
        /// The creature.
        creature: CreatureId,
    },
    /// A creature left play to its owner's hand instead of being destroyed.
    CardReturned {
        /// The creature.
        card: CreatureId,
        /// `hand`.
        to: &'static str,
    },
    /// A creature was used to reap.
    Reaped {
        /// The creature.
        creature: CreatureId,
    },
    /// A player forged a key.
    KeyForged {
        /// The player.
        player: PlayerId,
        /// Their keys after forging.
        keys: i32,
    },
}

shared_arm!(KfEvent);

impl std::fmt::Display for KfEvent {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Shared(e) => e.fmt(f),
            Self::AmberMoved { from, to, amount, creature } => {
                let side = |p: &Option<PlayerId>| p.map_or("the supply".to_owned(), |p| format!("player {}", p.0));
                write!(f, "{amount} amber moves from {} to {}", side(from), side(to))?;
                match creature {
                    Some(c) => write!(f, " ({c})"),
                    None => Ok(()),
                }
            }
            Self::CreatureStunned { creature } => write!(f, "{creature} is stunned"),
            Self::StunRemoved { creature } => write!(f, "{creature}'s stun is removed"),
            Self::WardRemoved { creature } => write!(f, "{creature}'s ward is discarded"),
            Self::WardGained { creature } => write!(f, "{creature} gains a ward"),
            Self::CreatureExhausted { creature } => write!(f, "{creature} is exhausted"),
            Self::FightDeclared { attacker, defender } => write!(f, "{attacker} fights {defender}"),
            Self::FightExchange { attacker, defender, attacker_deals, defender_deals } => write!(
                f,
                "{attacker} sets {attacker_deals} pending damage on {defender}, {defender} sets {defender_deals} on {attacker}"
            ),
            Self::FightEnded { attacker, defender, exchanged } => write!(
                f,
                "the fight of {attacker} and {defender} ends{}",
                if *exchanged { "" } else { " without an exchange" }
            ),
            Self::DamagePending { source, target, amount } => {
                write!(f, "{source} sets {amount} pending damage on {target}")
            }
            Self::DamageDealt { source, target, amount } => {
                write!(f, "{source} deals {amount} damage to {target}")
            }
            Self::DamagePrevented { target, amount, by } => write!(f, "{by} prevents {amount} damage to {target}"),
            Self::AbilityResolved { ability, creature } => write!(f, "{ability} of {creature} resolves"),
            Self::CreatureTagged { creature } => write!(f, "{creature} is tagged for destruction"),
            Self::CreatureDestroyed { creature } => write!(f, "{creature} is destroyed"),
            Self::CardReturned { card, to } => write!(f, "{card} goes to the {to}"),
            Self::Reaped { creature } => write!(f, "{creature} reaps"),
            Self::KeyForged { player, keys } => write!(f, "player {} forges a key ({keys} keys)", player.0),
        }
    }
}
