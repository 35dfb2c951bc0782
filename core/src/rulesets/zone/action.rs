//! Actions on the zone board, typed (zones, not ids), and their parsing from
//! [`ZoneActionSetup`]: malformed input becomes [`Violations`] with field paths.

use crate::error::{ActionError, Violations};
use crate::path::FieldPath;
use crate::rulesets::zone::board::ZoneRef;
use crate::rulesets::zone::setup::{StrikeSetup, SummonSetup, ZoneActionSetup, ZoneSetup, zone};
use crate::rulesets::zone::state::Orientation;
use crate::rulesets::zone::state::ZoneState;
use crate::setup::ChoiceSetup;

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
    /// Parses a submitted strike; `path` is its field path (e.g. `strike`).
    pub fn parse_strike<'p>(&self, s: &StrikeSetup, path: impl Into<FieldPath<'p>>) -> Result<Action, Violations> {
        let path = path.into();
        let mut v = Violations::default();
        let attacker = if s.attacker.is_empty() {
            v.push(path.field("attacker"), "is required");
            None
        } else {
            let found = self.find(&s.attacker);
            if found.is_none() {
                v.push(path.field("attacker"), format!("no creature with id {:?} is on the field", s.attacker));
            }
            found
        };
        let target = zone(&mut v, path.field("target"), s.target.as_ref());
        if !s.defender.is_empty() {
            v.push(path.field("defender"), format!("{} strikes a zone, not a named defender", self.ruleset));
        }
        if s.outcome.is_some() {
            v.push(path.field("outcome"), "is set by the rules on chain entries, not by a declared strike");
        }
        match (attacker, target) {
            (Some(attacker), Some(target)) if v.is_empty() => Ok(Action::Strike { attacker, target }),
            _ => Err(v),
        }
    }

    /// Parses a submitted choice against the pending decision; `path` is its field path.
    pub fn parse_choice<'p>(&self, c: &ChoiceSetup, path: impl Into<FieldPath<'p>>) -> Result<Action, Violations> {
        let path = path.into();
        let mut v = Violations::default();
        let Some(pending) = self.pending else {
            v.push(path, "answers no pending decision: the state has none");
            return Err(v);
        };
        match c {
            ChoiceSetup::Option(id) => {
                let chosen = self.find(id).filter(|z| pending.options.contains(*z));
                match chosen {
                    Some(z) => return Ok(Action::Choose(z)),
                    None => {
                        let offered: Vec<String> =
                            self.option_ids(pending.options).iter().map(ToString::to_string).collect();
                        v.push(
                            path.field("option"),
                            format!("{id:?} is not one of the pending options [{}]", offered.join(", ")),
                        );
                    }
                }
            }
            ChoiceSetup::Decline(false) => {
                v.push(path.field("decline"), "must be true to decline; to choose, set option instead")
            }
            ChoiceSetup::Decline(true) if pending.may_decline => return Ok(Action::Decline),
            ChoiceSetup::Decline(true) => v.push(path.field("decline"), "this decision cannot be declined"),
            ChoiceSetup::Missing => v.push(path, "set exactly one of option or decline"),
        }
        Err(v)
    }

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

    /// Parses any submitted action; `path` is its field path (e.g. `action`).
    pub fn parse_action<'p>(&self, a: &ZoneActionSetup, path: impl Into<FieldPath<'p>>) -> Result<Action, ActionError> {
        let path = path.into();
        match a {
            ZoneActionSetup::Strike(s) => self.parse_strike(s, path.field("strike")).map_err(ActionError::Invalid),
            ZoneActionSetup::Choice(c) => self.parse_choice(c, path.field("choice")).map_err(ActionError::Invalid),
            ZoneActionSetup::Summon(s) => self.parse_summon(s, path.field("summon")).map_err(ActionError::Invalid),
            ZoneActionSetup::EndPhase => Ok(Action::EndPhase),
            ZoneActionSetup::Missing => {
                let mut v = Violations::default();
                v.push(path, "is required: set one of strike, choice, summon, end_phase");
                Err(ActionError::Invalid(v))
            }
        }
    }

    /// The action as plain data (ids, not zones).
    pub fn action_setup(&self, a: Action) -> ZoneActionSetup {
        let zs = |z: ZoneRef| ZoneSetup { player: u32::from(z.player.0), index: u32::from(z.index) };
        let id = |z: ZoneRef| self.at(z).map(|c| c.id.to_string()).unwrap_or_default();
        match a {
            Action::Strike { attacker, target } => ZoneActionSetup::Strike(StrikeSetup {
                attacker: id(attacker),
                target: Some(zs(target)),
                ..Default::default()
            }),
            Action::Choose(z) => ZoneActionSetup::Choice(ChoiceSetup::Option(id(z))),
            Action::Decline => ZoneActionSetup::Choice(ChoiceSetup::Decline(true)),
            Action::Summon { hand_index, index, face_down, orientation } => ZoneActionSetup::Summon(SummonSetup {
                hand_index: u32::from(hand_index),
                zone: Some(zs(ZoneRef { player: self.header.active_player, index })),
                face_down,
                orientation: orientation.wire(),
            }),
            Action::EndPhase => ZoneActionSetup::EndPhase,
        }
    }
}
