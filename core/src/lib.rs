//! Fray's combat core: pure, deterministic rules for card-game combat.
//!
//! Input arrives as plain data ([`setup`]), is validated once into a typed state, and
//! every change is told as an [`Event`] carrying the rule id that caused it. Each
//! ruleset is a module under [`rulesets`]; [`GameState`] dispatches between them.
//!
//! ```
//! use fray_core::setup::{CreatureSetup, PlayerSetup, StateSetup, StrikeSetup, ZoneSetup};
//! use fray_core::{GameState, event::EventKind};
//!
//! let up = |reach| { let mut a = [0; 8]; a[0] = reach; Some(a) };
//! let state = StateSetup {
//!     ruleset: 1, // RULESET_EGAME
//!     players: vec![PlayerSetup { id: 0, hp: 6, ..Default::default() },
//!                   PlayerSetup { id: 1, hp: 6, ..Default::default() }],
//!     creatures: vec![CreatureSetup {
//!         id: "knight".into(), controller: 0, owner: 0, might: 2, life: 3,
//!         zone: Some(ZoneSetup { player: 0, index: 1 }), arrows: up(1), ..Default::default()
//!     }],
//!     ..Default::default()
//! };
//! let mut game = GameState::from_setup(&state).unwrap();
//! // Player 0's zone 1 faces player 1's zone 3, which is empty: a direct hit.
//! let strike = StrikeSetup { attacker: "knight".into(), target: Some(ZoneSetup { player: 1, index: 3 }), ..Default::default() };
//! let events = game.resolve_strike(&strike, &[]).unwrap();
//! assert!(events.iter().any(|e| matches!(e.kind, EventKind::PlayerHpLost { amount: 1, .. })));
//! assert_eq!(game.to_setup().players[1].hp, 5);
//! ```
#![forbid(unsafe_code)]

pub mod action;
pub mod board;
pub mod cards;
pub mod error;
pub mod event;
pub mod game;
mod ids;
pub mod path;
pub mod rulesets;
pub mod setup;
pub mod state;
mod state_clone;

pub use action::Action;
pub use error::{ActionError, IllegalAction, SetupError, Violation, Violations};
pub use event::{Event, EventKind};
pub use game::{Game, GameVisitor, Outcome, Returns};
pub use path::FieldPath;
pub use state::{Ruleset, ZoneState};

use rulesets::castle_rampage::CastleState;
use rulesets::dog_fight::DogFightState;
use rulesets::keyforge::KeyforgeState;
use setup::{ActionSetup, ChoiceSetup, StateSetup, StrikeSetup};

/// A validated state of any served ruleset: the one place that names every ruleset.
/// Generic code reaches the ruleset's [`Game`] through [`GameState::visit`].
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
#[allow(
    clippy::large_enum_variant,
    reason = "one state per request or game: boxing the zone board would change its public shape for no gain"
)]
pub enum GameState {
    /// RULESET_EGAME or RULESET_DIMENSIONAL_RIFT.
    Zone(ZoneState),
    /// RULESET_CASTLE_RAMPAGE.
    Castle(CastleState),
    /// RULESET_KEYFORGE.
    Keyforge(KeyforgeState),
    /// RULESET_DOG_FIGHT (2 to 4 players).
    DogFight(DogFightState),
}

/// Runs `$body` with `$g` bound to the ruleset's state (by reference or mutably).
macro_rules! each_ruleset {
    ($state:expr, $g:ident => $body:expr) => {
        match $state {
            GameState::Zone($g) => $body,
            GameState::Castle($g) => $body,
            GameState::Keyforge($g) => $body,
            GameState::DogFight($g) => $body,
        }
    };
}

impl GameState {
    /// Validates submitted data into a state (paths relative to the GameState).
    pub fn from_setup(setup: &StateSetup) -> Result<Self, SetupError> {
        match setup::ruleset_of(setup)? {
            Ruleset::Egame | Ruleset::DimensionalRift => ZoneState::from_setup(setup).map(GameState::Zone),
            Ruleset::CastleRampage => CastleState::from_setup(setup).map(GameState::Castle),
            Ruleset::Keyforge => KeyforgeState::from_setup(setup).map(GameState::Keyforge),
            Ruleset::DogFight => DogFightState::from_setup(setup).map(GameState::DogFight),
        }
    }

    /// Starts a skirmish game from a seed and a built-in scenario (empty: the default).
    pub fn new_game(ruleset: i32, seed: u64, scenario: &str) -> Result<(Self, Vec<Event>), SetupError> {
        let mut events = Vec::new();
        let probe = StateSetup { ruleset, ..Default::default() };
        let state = match setup::ruleset_of(&probe)? {
            r @ (Ruleset::Egame | Ruleset::DimensionalRift) => {
                GameState::Zone(ZoneState::new_game(r, seed, scenario, &mut events)?)
            }
            Ruleset::CastleRampage => GameState::Castle(CastleState::new_game(seed, scenario, &mut events)?),
            Ruleset::Keyforge => GameState::Keyforge(KeyforgeState::new_game(seed, scenario, &mut events)?),
            Ruleset::DogFight => GameState::DogFight(DogFightState::new_game(seed, scenario, &mut events)?),
        };
        Ok((state, events))
    }

    /// Runs generic code on the ruleset this state holds.
    pub fn visit<V: GameVisitor>(&self, visitor: V) -> V::Output {
        each_ruleset!(self, g => visitor.visit(g))
    }

    /// The state as plain data.
    pub fn to_setup(&self) -> StateSetup {
        each_ruleset!(self, g => g.to_setup())
    }

    /// The ruleset.
    pub fn ruleset(&self) -> Ruleset {
        each_ruleset!(self, g => Game::ruleset(g))
    }

    /// Who decides next; `None` when no action is legal.
    pub fn to_move(&self) -> Option<state::PlayerId> {
        each_ruleset!(self, g => Game::to_move(g))
    }

    /// The number of players.
    pub fn num_players(&self) -> usize {
        each_ruleset!(self, g => Game::num_players(g))
    }

    /// How the game ended, once it has.
    pub fn outcome(&self) -> Option<Outcome> {
        each_ruleset!(self, g => Game::outcome(g))
    }

    /// Every legal action, as plain data, in a stable order.
    pub fn legal_actions(&self) -> Vec<ActionSetup> {
        each_ruleset!(self, g => g.legal_actions().into_iter().map(|a| g.action_setup(a)).collect())
    }

    /// Applies one submitted action (`path` is its field path, e.g. `action`). On error
    /// the state is unchanged.
    pub fn apply_action(&mut self, action: &ActionSetup, path: &str) -> Result<Vec<Event>, ActionError> {
        each_ruleset!(self, g => game::apply_action(g, action, path))
    }

    /// Declares `strike` and answers the decisions it meets from `choices`, in order.
    /// Stops with `pending` set when a decision has no choice left. Field paths are
    /// `strike...` and `choices[i]...`. On error the state is unchanged.
    pub fn resolve_strike(&mut self, strike: &StrikeSetup, choices: &[ChoiceSetup]) -> Result<Vec<Event>, ActionError> {
        each_ruleset!(self, g => game::resolve_strike(g, strike, choices))
    }
}
