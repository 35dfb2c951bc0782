//! Fray's combat core: pure, deterministic rules for card-game combat.
//!
//! Input arrives as plain data, is validated once into a typed state, and every change
//! is told as an [`Event`] carrying the rule id that caused it. The crate root holds
//! the neutral vocabulary every ruleset speaks (seats, ids, phases, events, errors,
//! field paths, the [`Game`] interface); each ruleset lives in a folder of its own
//! under [`rulesets`], whose `mod.rs` is the registry: [`GameState`] dispatches
//! between them.
//!
//! ```
//! use fray_core::rulesets::zone::setup::{CreatureSetup, PlayerSetup, StrikeSetup, ZoneSetup, ZoneStateSetup};
//! use fray_core::rulesets::zone::event::ZoneEvent;
//! use fray_core::{EventKind, GameState, StateSetup};
//!
//! let up = |reach| { let mut a = [0; 8]; a[0] = reach; Some(a) };
//! let state = ZoneStateSetup {
//!     ruleset: 1, // RULESET_EGAME
//!     players: vec![PlayerSetup { id: 0, hp: 6, ..Default::default() },
//!                   PlayerSetup { id: 1, hp: 6, ..Default::default() }],
//!     creatures: vec![CreatureSetup {
//!         id: "knight".into(), controller: 0, owner: 0, might: 2, life: 3,
//!         zone: Some(ZoneSetup { player: 0, index: 1 }), arrows: up(1), ..Default::default()
//!     }],
//!     ..Default::default()
//! };
//! let mut game = GameState::from_setup(&state.into()).unwrap();
//! // Player 0's zone 1 faces player 1's zone 3, which is empty: a direct hit.
//! let strike = StrikeSetup { attacker: "knight".into(), target: Some(ZoneSetup { player: 1, index: 3 }), ..Default::default() };
//! let events = game.resolve_strike(&strike.into(), &[]).unwrap();
//! assert!(events.iter().any(|e| matches!(e.kind, EventKind::Zone(ZoneEvent::PlayerHpLost { amount: 1, .. }))));
//! let StateSetup::Zone(after) = game.to_setup() else { unreachable!() };
//! assert_eq!(after.players[1].hp, 5);
//! ```
#![forbid(unsafe_code)]

pub mod catalogue;
pub mod error;
pub mod event;
pub mod game;
mod ids;
pub mod parse;
pub mod path;
pub mod rulesets;
pub mod setup;
pub mod state;
pub mod turn;
pub mod words;

pub use error::{ActionError, IllegalAction, SetupError, Violation, Violations};
pub use event::SharedEvent;
pub use game::{Game, Outcome, Returns};
pub use path::FieldPath;
pub use rulesets::{
    ActionSetup, Event, EventKind, GameState, GameVisitor, Registered, Ruleset, StateSetup, StrikeSetup,
};
pub use state::{CreatureId, Phase, PlayerId};
pub use words::{Voice, Words};
