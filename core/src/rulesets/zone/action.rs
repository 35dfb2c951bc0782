//! Actions on the zone board, typed (zones, not ids), and a summon's parsing from
//! [`SummonSetup`]: malformed input becomes [`Violations`] with field paths. The
//! other kinds of [`crate::rulesets::zone::setup::ZoneActionSetup`] parse in
//! `Game::parse_action` (game.rs).

use crate::error::Violations;
use crate::path::FieldPath;
use crate::rulesets::zone::board::ZoneRef;
use crate::rulesets::zone::setup::{SummonSetup, zone};
use crate::rulesets::zone::state::Orientation;
use crate::rulesets::zone::state::ZoneState;

/// An action in an e:game / Dimensional Rift state.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Action {
    /// The creature in `attacker` strikes the zone `target`.
    Strike {
        /// The attacker's zone.
        attacker: ZoneRef,
        /// The zone struck.
        target: ZoneRef,
    },
    /// Answer the pending decision with the creature in this zone.
    Choose(ZoneRef),
    /// Decline the pending decision.
    Decline,
    /// Summon the active player's hand card `hand_index` into their zone `index`.
    Summon {
        /// Index into the active player's hand.
        hand_index: u8,
        /// The active player's zone index.
        index: u8,
        /// Set face-down (then `orientation` is FORWARD).
        face_down: bool,
        /// Orientation of a face-up summon.
        orientation: Orientation,
    },
    /// End the current phase.
    EndPhase,
}

impl ZoneState {
    /// Parses a submitted summon; `path` is its field path.
    pub fn parse_summon<'p>(&self, s: &SummonSetup, path: impl Into<FieldPath<'p>>) -> Result<Action, Violations> {
        let path = path.into();
        let mut v = Violations::default();
        let hand_index = u8::try_from(s.hand_index).unwrap_or(u8::MAX);
        let zone = zone(&mut v, path.field("zone"), s.zone.as_ref());
        if let Some(z) = zone
            && z.player != self.header.active_player
        {
            v.push(
                path.field("zone").field("player"),
                format!(
                    "cards are summoned into the active player's own zones (player {})",
                    self.header.active_player.0
                ),
            );
        }
        let orientation = Orientation::from_wire(s.orientation).unwrap_or_else(|| {
            v.push(path.field("orientation"), format!("{} is not a known Orientation value", s.orientation));
            Orientation::Forward
        });
        if s.face_down && orientation != Orientation::Forward {
            v.push(path.field("orientation"), "a card set face-down has no orientation: leave it FORWARD");
        }
        match zone {
            Some(z) if v.is_empty() => {
                Ok(Action::Summon { hand_index, index: z.index, face_down: s.face_down, orientation })
            }
            _ => Err(v),
        }
    }
}
