//! The neutral vocabulary every ruleset speaks: seats ([`PlayerId`]), ids
//! ([`CreatureId`]), turn phases ([`Phase`]) and what a pending decision asks for
//! ([`DecisionKind`]), with the wire-numbered enums' declaration (`wire_enum!`).

use std::sync::Arc;

/// A player's seat: 0 to the game's number of players minus one.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct PlayerId(pub u8);

impl PlayerId {
    /// The seat as an index.
    pub fn index(self) -> usize {
        usize::from(self.0)
    }
}

/// The other seat of a two-seat ruleset (the zone game, KeyForge, Castle Rampage);
/// crate-internal, since [`PlayerId`] itself seats any number of players.
pub(crate) trait Opponent {
    /// The other player of two.
    fn opponent(self) -> Self;
}

impl Opponent for PlayerId {
    fn opponent(self) -> Self {
        PlayerId(1 - self.0)
    }
}

/// The id of a piece in play (a creature, a card, a vessel), unique in a state. Cheap
/// to clone; clones compare by pointer first.
#[derive(Debug, Eq, PartialOrd, Ord)]
pub struct CreatureId(pub Arc<str>);

impl PartialEq for CreatureId {
    fn eq(&self, other: &Self) -> bool {
        Arc::ptr_eq(&self.0, &other.0) || self.0 == other.0
    }
}

impl std::hash::Hash for CreatureId {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.0.hash(state);
    }
}

impl Clone for CreatureId {
    fn clone(&self) -> Self {
        Self(Arc::clone(&self.0))
    }

    /// Copies without touching the reference count when both already hold the same text.
    fn clone_from(&mut self, source: &Self) {
        if !Arc::ptr_eq(&self.0, &source.0) {
            self.0 = Arc::clone(&source.0);
        }
    }
}

/// `*dst = src.clone()`, without the reference-count traffic when both already point
/// at the same text (the `clone_from` of the states search copies into scratch ones).
pub(crate) fn assign_shared(dst: &mut Arc<str>, src: &Arc<str>) {
    if !Arc::ptr_eq(dst, src) {
        *dst = Arc::clone(src);
    }
}

/// `Clone` for a state's type, field by field like a derive, plus a `clone_from` that
/// copies into an existing value without allocating, for the states search copies into
/// scratch ones. Each field is named with how it is copied: `copy` (a `Copy` value),
/// `clone` (its own `clone_from`: a vector keeps its buffer) or `shared` (an
/// `Arc<str>`, replaced only when it is another allocation: [`assign_shared`]). The
/// value is taken apart by name, so a field added to the type fails to compile until
/// it is listed.
macro_rules! field_clone {
    ($ty:ident { $($how:ident $field:ident),+ $(,)? }) => {
        impl Clone for $ty {
            fn clone(&self) -> Self {
                let $ty { $($field),+ } = self;
                $ty { $($field: $crate::state::field_clone!(@clone $how $field)),+ }
            }

            fn clone_from(&mut self, source: &Self) {
                let $ty { $($field),+ } = source;
                $($crate::state::field_clone!(@from $how self.$field, $field);)+
            }
        }
    };
    (@clone copy $f:ident) => { *$f };
    (@clone clone $f:ident) => { $f.clone() };
    (@clone shared $f:ident) => { std::sync::Arc::clone($f) };
    (@from copy $dst:expr, $f:ident) => { $dst = *$f };
    (@from clone $dst:expr, $f:ident) => { $dst.clone_from($f) };
    (@from shared $dst:expr, $f:ident) => { $crate::state::assign_shared(&mut $dst, $f) };
}
pub(crate) use field_clone;

impl CreatureId {
    /// The id as text.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The id a view shows where the card is hidden from its viewer: empty, as a
    /// blank card of an observation has (`Game::event_view`).
    pub fn hidden() -> Self {
        Self(Arc::from(""))
    }

    /// Whether this is the empty id of a hidden card ([`CreatureId::hidden`]).
    pub fn is_hidden(&self) -> bool {
        self.0.is_empty()
    }
}

impl From<&str> for CreatureId {
    fn from(s: &str) -> Self {
        Self(Arc::from(s))
    }
}

impl std::fmt::Display for CreatureId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// Declares a wire-numbered enum: its proto numbering, a name, and parsing from the wire.
macro_rules! wire_enum {
    ($(#[$m:meta])* $name:ident { $($(#[$vm:meta])* $variant:ident = $n:literal => $wire:literal,)+ }) => {
        $(#[$m])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
        pub enum $name { $($(#[$vm])* $variant = $n,)+ }
        impl $name {
            /// Every value, in wire order.
            pub const ALL: &'static [$name] = &[$($name::$variant,)+];
            /// The value with wire number `n`, if any.
            pub fn from_wire(n: i32) -> Option<Self> {
                match n { $($n => Some($name::$variant),)+ _ => None }
            }
            /// The wire number.
            pub fn wire(self) -> i32 { self as i32 }
            /// The proto enum value's name, e.g. `RULESET_EGAME`.
            pub fn wire_name(self) -> &'static str {
                match self { $($name::$variant => $wire,)+ }
            }
        }
        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result { f.write_str(self.wire_name()) }
        }
    };
}

pub(crate) use wire_enum;

wire_enum! {
    /// Turn phases; `Bare` is a board with no turn structure.
    Phase {
        /// No turn structure is checked (PHASE_UNSPECIFIED).
        Bare = 0 => "PHASE_UNSPECIFIED",
        /// Start of turn.
        Begin = 1 => "PHASE_BEGIN",
        /// The Event (Battle): the active player's creatures may strike.
        Event = 2 => "PHASE_EVENT",
        /// Summon at most one card.
        Deployment = 3 => "PHASE_DEPLOYMENT",
        /// Draw a card.
        Draw = 4 => "PHASE_DRAW",
        /// The game has ended.
        GameOver = 5 => "PHASE_GAME_OVER",
    }
}

wire_enum! {
    /// What a pending decision asks for.
    DecisionKind {
        /// Choose a blocker, or decline.
        Block = 1 => "DECISION_KIND_BLOCK",
        /// Let the strike through as direct (choose the Fading creature), or decline.
        Fade = 2 => "DECISION_KIND_FADE",
        /// Which pending item resolves next.
        Order = 3 => "DECISION_KIND_ORDER",
        /// The creature an ability affects.
        Target = 4 => "DECISION_KIND_TARGET",
        /// A card to play now, or decline.
        Response = 5 => "DECISION_KIND_RESPONSE",
    }
}
