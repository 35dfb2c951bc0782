//! The events only Castle Rampage tells (the shared ones are [`SharedEvent`]).

use crate::event::{SharedEvent, shared_arm};
use crate::state::{CreatureId, PlayerId};

/// What happened in Castle Rampage: a shared kind or one of its own.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CastleEvent {
    /// A kind every ruleset tells.
    Shared(SharedEvent),
    /// A face-down card was revealed from a structure.
    CardRevealed {
        /// The card.
        card: CreatureId,
        /// `gate` or `castle`.
        structure: &'static str,
    },
    /// A card was destroyed and put into the discard pile.
    CardDestroyed {
        /// The card.
        card: CreatureId,
    },
    /// A card went (back) to a structure or a hand: a losing defender
    /// face down on top of its structure, a losing Veteran to its owner's hand, a
    /// reinforcement to the bottom of its player's Gate or Castle.
    CardReturned {
        /// The card.
        card: CreatureId,
        /// `gate`, `castle` or `hand`.
        to: &'static str,
    },
    /// An attack ended.
    AttackEnded {
        /// The attack strength left when it ended.
        remaining: i32,
    },
    /// A player drew a card.
    CardDrawn {
        /// The player.
        player: PlayerId,
    },
}

shared_arm!(CastleEvent);

impl std::fmt::Display for CastleEvent {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Shared(e) => e.fmt(f),
            Self::CardRevealed { card, structure } => write!(f, "{card} is revealed from the {structure}"),
            Self::CardDestroyed { card } => write!(f, "{card} is destroyed"),
            Self::CardReturned { card, to } => write!(f, "{card} goes to the {to}"),
            Self::AttackEnded { remaining } => write!(f, "the attack ends with strength {remaining} left"),
            Self::CardDrawn { player } => write!(f, "player {} draws a card", player.0),
        }
    }
}
