//! Unchecked input every ruleset shares: plain data shaped like the `fray.v1` messages
//! (enums as wire numbers, references as strings). Each ruleset's own input types and
//! their validation live in its folder under [`crate::rulesets`]; the union of them is
//! the registry's [`crate::rulesets::StateSetup`].
//!
//! Field paths are [`FieldPath`]s, written out as text only when a problem is reported
//! (every ruleset's validation works the same way): valid input builds no string.

use crate::error::Violations;
use crate::path::FieldPath;
use crate::state::{Phase, PlayerId};

/// The turn header every ruleset's state carries as submitted (the `GameState`
/// message's top-level fields of the same names); checked into a
/// [`crate::turn::TurnHeader`] and the ruleset's own pending decision.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TurnSetup {
    /// Active player.
    pub active_player: u32,
    /// Turn.
    pub turn: u32,
    /// Phase wire number.
    pub phase: i32,
    /// Winner.
    pub winner: Option<u32>,
    /// The pending decision (a ruleset that asks none refuses it).
    pub pending: Option<DecisionSetup>,
    /// The no-progress rule's count of turns.
    pub turns_without_progress: u32,
}

impl TurnSetup {
    /// The phase: a value the ruleset's `own` accepts, or what `own` reads it as with
    /// its violation at `phase`; an unknown wire number is a violation and reads as a
    /// bare board.
    pub(crate) fn phase(&self, v: &mut Violations, own: impl FnOnce(Phase) -> Result<Phase, (Phase, String)>) -> Phase {
        let Some(phase) = Phase::from_wire(self.phase) else {
            v.push("phase", format!("{} is not a known Phase value", self.phase));
            return Phase::Bare;
        };
        own(phase).unwrap_or_else(|(instead, why)| {
            v.push("phase", why);
            instead
        })
    }
}

/// A pending decision as submitted.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct DecisionSetup {
    /// Who chooses.
    pub player: u32,
    /// DecisionKind wire number.
    pub kind: i32,
    /// Option ids.
    pub options: Vec<String>,
    /// Declining allowed.
    pub may_decline: bool,
}

/// A choice as submitted.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ChoiceSetup {
    /// One of the pending options.
    Option(String),
    /// Decline (the wire bool; `false` is still "decline was set").
    Decline(bool),
    /// Neither was set.
    Missing,
}

/// The turn fields every ruleset shares, once `phase` is read: the active player, the
/// turn number (1-based; 0 only on a bare board, which keeps it when a strike ends the
/// game on it) and the winner (only once the game is over).
pub(crate) fn turn_fields(
    v: &mut Violations,
    active_player: u32,
    turn: u32,
    winner: Option<u32>,
    phase: Phase,
) -> (PlayerId, Option<PlayerId>) {
    let active_player = seat(v, FieldPath::new("active_player"), active_player).unwrap_or(PlayerId(0));
    if !matches!(phase, Phase::Bare | Phase::GameOver) && turn == 0 {
        v.push("turn", "turns are 1-based: turn 0 is only allowed on a bare board (phase unset) or a game over");
    }
    let winner = match winner {
        Some(w) if phase != Phase::GameOver => {
            v.push("winner", format!("winner {w} is set but the phase is not PHASE_GAME_OVER"));
            None
        }
        Some(w) => seat(v, FieldPath::new("winner"), w),
        None => None,
    };
    (active_player, winner)
}

/// The no-progress rule's count (`turns_without_progress`: the turns begun since the
/// last progress, this one included, [`crate::game::NO_PROGRESS_ROUNDS`]): at most the
/// turns before this one, so 0 on turn 1 and on a bare board.
pub(crate) fn progress_count(v: &mut Violations, turns_without_progress: u32, turn: u32) -> u32 {
    let before = turn.saturating_sub(1);
    if turns_without_progress > before {
        v.push(
            "turns_without_progress",
            format!("{turns_without_progress} turns without progress, but only {before} turns came before turn {turn}"),
        );
    }
    turns_without_progress.min(before)
}

/// Checks a player seat number of a two-player ruleset.
pub(crate) fn seat(v: &mut Violations, field: FieldPath<'_>, n: u32) -> Option<PlayerId> {
    if n < 2 {
        Some(PlayerId(n as u8))
    } else {
        v.push(field, format!("player {n} does not exist: there are 2 players, 0 and 1"));
        None
    }
}
