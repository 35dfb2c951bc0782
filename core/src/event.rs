//! Events: every state change, told as plain data with the rule id that caused it.
//!
//! This file is neutral: [`Event`] is generic over its kind, and the kinds every
//! ruleset tells are [`SharedEvent`]. Each ruleset's own kinds are in its folder
//! (`rulesets/<name>/event.rs`, one enum with a `Shared` arm), and the registry's
//! `EventKind` is their union, which `fray_core::Event` holds.

use crate::state::{CreatureId, DecisionKind, Phase, PlayerId};

/// One step of a resolution: a rule id and what happened, `K` (a ruleset's own event
/// kind inside a ruleset, the registry's union `EventKind` above it).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Event<K> {
    /// Stable rule id, e.g. `egame.strike.block.passive`.
    pub rule: &'static str,
    /// What happened.
    pub kind: K,
}

/// A decision as reported in an event: options by creature id.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DecisionView {
    /// Who chooses.
    pub player: PlayerId,
    /// What is chosen.
    pub kind: DecisionKind,
    /// Ids that may be chosen.
    pub options: Vec<CreatureId>,
    /// Whether declining is allowed.
    pub may_decline: bool,
}

/// `From<SharedEvent>` for a ruleset's event kind: the shared events go in its `Shared`
/// arm (every ruleset's kind has one, `Game::Event` asks for the conversion).
macro_rules! shared_arm {
    ($kind:ty) => {
        impl From<$crate::event::SharedEvent> for $kind {
            fn from(e: $crate::event::SharedEvent) -> Self {
                Self::Shared(e)
            }
        }
    };
}

pub(crate) use shared_arm;

/// The pattern of the events a ruleset's `Game::event_view` shows whole to every seat:
/// each of the ruleset's own kinds named after `$kind:` (those that tell nothing a seat
/// may not know, each judged in its folder's `view.rs`) and every [`SharedEvent`] (a
/// ruleset that hides part of one answers it in an arm before this one). The kinds are
/// named, not matched by a wildcard, so that a new one does not compile until someone
/// judges what it tells.
macro_rules! shown_whole {
    ($kind:ident: $($variant:ident),+ $(,)?) => {
        $kind::Shared(
            $crate::event::SharedEvent::PhaseChanged { .. }
            | $crate::event::SharedEvent::DecisionRequested(_)
            | $crate::event::SharedEvent::GameOver { .. }
            | $crate::event::SharedEvent::PlayerOut { .. },
        ) $(| $kind::$variant { .. })+
    };
}
pub(crate) use shown_whole;

/// What every ruleset tells: the turn, a decision asked for, a player out, the end.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SharedEvent {
    /// The turn moved on.
    PhaseChanged {
        /// The new phase.
        phase: Phase,
        /// The turn.
        turn: u32,
        /// Whose turn.
        active_player: PlayerId,
    },
    /// Resolution waits for a choice.
    DecisionRequested(DecisionView),
    /// The game ended.
    GameOver {
        /// The winner; `None` is a draw.
        winner: Option<PlayerId>,
    },
    /// A player is out of the game, before it ends (no piece left to play).
    PlayerOut {
        /// The player.
        player: PlayerId,
    },
}

/// Where events of kind `K` go. Searches use [`Discard`], which builds none of them.
pub trait EventSink<K> {
    /// Whether events are kept; when false, callers skip building them.
    const RECORDS: bool;
    /// Keeps one event.
    fn push(&mut self, event: Event<K>);
}

/// A vector of a wider kind records a ruleset's events: each is lifted as it is kept
/// (a ruleset's kind into the registry's union), by value, with no boxing.
impl<K: Into<T>, T> EventSink<K> for Vec<Event<T>> {
    const RECORDS: bool = true;
    fn push(&mut self, event: Event<K>) {
        Vec::push(self, Event { rule: event.rule, kind: event.kind.into() });
    }
}

/// A sink that keeps nothing (for rollouts).
#[derive(Debug, Default, Clone, Copy)]
pub struct Discard;

impl<K> EventSink<K> for Discard {
    const RECORDS: bool = false;
    fn push(&mut self, _event: Event<K>) {}
}

/// Records the event `make` builds (a ruleset's own kind, or a shared one it lifts),
/// building it only if the sink keeps events.
pub(crate) fn emit<K, S: EventSink<K>, T: Into<K>>(sink: &mut S, rule: &'static str, make: impl FnOnce() -> T) {
    if S::RECORDS {
        sink.push(Event { rule, kind: make().into() });
    }
}

impl<K: std::fmt::Display> std::fmt::Display for Event<K> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{:<38} {}", self.rule, self.kind)
    }
}

impl std::fmt::Display for SharedEvent {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::PhaseChanged { phase, turn, active_player } => {
                write!(f, "turn {turn}, player {}: {phase}", active_player.0)
            }
            Self::DecisionRequested(d) => {
                let options: Vec<&str> = d.options.iter().map(CreatureId::as_str).collect();
                write!(f, "player {} decides {} among [{}]", d.player.0, d.kind, options.join(", "))?;
                if d.may_decline { f.write_str(" or declines") } else { Ok(()) }
            }
            Self::GameOver { winner: Some(w) } => write!(f, "game over: player {} wins", w.0),
            Self::GameOver { winner: None } => write!(f, "game over: draw"),
            Self::PlayerOut { player } => write!(f, "player {} is out", player.0),
        }
    }
}
