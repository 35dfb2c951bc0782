//! Events: every state change, told as plain data with the rule id that caused it.

use crate::board::ZoneRef;
use crate::state::{CreatureId, DecisionKind, Phase, PlayerId};

/// One step of a resolution.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Event {
    /// Stable rule id, e.g. `egame.strike.block.passive`.
    pub rule: &'static str,
    /// What happened.
    pub kind: EventKind,
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

/// What happened.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EventKind {
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
    /// Resolution waits for a choice.
    DecisionRequested(DecisionView),
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
    /// The game ended.
    GameOver {
        /// The winner; `None` is a draw.
        winner: Option<PlayerId>,
    },
    /// The turn moved on.
    PhaseChanged {
        /// The new phase.
        phase: Phase,
        /// The turn.
        turn: u32,
        /// Whose turn.
        active_player: PlayerId,
    },
}

/// Where events go. Searches use [`Discard`], which builds none of them.
pub trait EventSink {
    /// Whether events are kept; when false, callers skip building them.
    const RECORDS: bool;
    /// Keeps one event.
    fn push(&mut self, event: Event);
}

impl EventSink for Vec<Event> {
    const RECORDS: bool = true;
    fn push(&mut self, event: Event) {
        Vec::push(self, event);
    }
}

/// A sink that keeps nothing (for rollouts).
#[derive(Debug, Default, Clone, Copy)]
pub struct Discard;

impl EventSink for Discard {
    const RECORDS: bool = false;
    fn push(&mut self, _event: Event) {}
}

/// Records the event `make` builds, building it only if the sink keeps events.
pub(crate) fn emit<S: EventSink>(sink: &mut S, rule: &'static str, make: impl FnOnce() -> EventKind) {
    if S::RECORDS {
        sink.push(Event { rule, kind: make() });
    }
}
