//! The registry: the one file that names every ruleset. It holds the [`Ruleset`] enum,
//! the validated state of any of them ([`GameState`]) and its dispatch, the union of
//! their plain input ([`StateSetup`], [`ActionSetup`]) and the catalogue's list
//! ([`catalogue`]). Each ruleset lives in its own folder: [`zone`] (e:game and
//! Dimensional Rift), [`keyforge`], [`castle_rampage`], [`dog_fight`].

pub mod castle_rampage;
pub mod dog_fight;
pub mod keyforge;
pub mod zone;

pub use crate::catalogue::{ScenarioInfo, SeatBalance};

use crate::error::{ActionError, SetupError, Violations};
use crate::event::Event;
use crate::game::{self, Game, GameVisitor, Outcome};
use crate::setup::ChoiceSetup;
use crate::setup::DecisionSetup;
use crate::state::{PlayerId, wire_enum};
use castle_rampage::{CastleBoardSetup, CastleState, ReinforceSetup};
use dog_fight::{DogFightBoardSetup, DogFightState};
use keyforge::{KeyforgeBoardSetup, KeyforgeState};
use zone::{
    ZoneState,
    setup::{CreatureSetup, PlayerSetup, StrikeSetup, SummonSetup},
};

wire_enum! {
    /// The rule systems.
    Ruleset {
        /// Seed 000: e:game's Strike.
        Egame = 1 => "RULESET_EGAME",
        /// Seed 002: Dimensional Rift's Attack Action.
        DimensionalRift = 2 => "RULESET_DIMENSIONAL_RIFT",
        /// Seed 001: KeyForge fights.
        Keyforge = 3 => "RULESET_KEYFORGE",
        /// Seed 003: Castle Rampage.
        CastleRampage = 4 => "RULESET_CASTLE_RAMPAGE",
        /// Seed 004: Dog Fight.
        DogFight = 5 => "RULESET_DOG_FIGHT",
    }
}

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
        match ruleset_of(setup)? {
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
        let state = match ruleset_of(&probe)? {
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
    pub fn to_move(&self) -> Option<PlayerId> {
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

/// An action as submitted.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ActionSetup {
    /// Declare a strike.
    Strike(StrikeSetup),
    /// Answer the pending decision.
    Choice(ChoiceSetup),
    /// Summon a card.
    Summon(SummonSetup),
    /// Castle Rampage: add a hand card to the bottom of one's Gate or Castle.
    Reinforce(ReinforceSetup),
    /// KeyForge: use the creature with this id to reap.
    Reap(String),
    /// End the phase.
    EndPhase,
    /// No action was set.
    Missing,
}

/// A whole state as submitted.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct StateSetup {
    /// Ruleset wire number.
    pub ruleset: i32,
    /// Players.
    pub players: Vec<PlayerSetup>,
    /// Creatures on the field.
    pub creatures: Vec<CreatureSetup>,
    /// Active player.
    pub active_player: u32,
    /// Turn.
    pub turn: u32,
    /// Phase wire number.
    pub phase: i32,
    /// Event counter.
    pub event: u64,
    /// Pending decision.
    pub pending: Option<DecisionSetup>,
    /// Chain, last = top.
    pub chain: Vec<StrikeSetup>,
    /// Winner.
    pub winner: Option<u32>,
    /// RULESET_CASTLE_RAMPAGE's board; must be unset for the other rulesets.
    pub castle_rampage: Option<CastleBoardSetup>,
    /// RULESET_KEYFORGE's board; must be unset for the other rulesets.
    pub keyforge: Option<KeyforgeBoardSetup>,
    /// RULESET_DOG_FIGHT's board; must be unset for the other rulesets.
    pub dog_fight: Option<DogFightBoardSetup>,
}

/// The ruleset named by a state, or why it cannot be served.
pub fn ruleset_of(setup: &StateSetup) -> Result<Ruleset, SetupError> {
    match Ruleset::from_wire(setup.ruleset) {
        Some(r) => Ok(r),
        None => {
            let mut v = Violations::default();
            if setup.ruleset == 0 {
                v.push(
                    "ruleset",
                    "is required: name one of RULESET_EGAME, RULESET_DIMENSIONAL_RIFT, RULESET_KEYFORGE, \
                     RULESET_CASTLE_RAMPAGE, RULESET_DOG_FIGHT",
                );
            } else {
                v.push("ruleset", format!("{} is not a known Ruleset value", setup.ruleset));
            }
            Err(SetupError::Invalid(v))
        }
    }
}

/// Every other ruleset's board set on a state of `own`: each a violation at its field
/// (a board travels only in its own ruleset's states).
pub(crate) fn foreign_boards(v: &mut Violations, s: &StateSetup, own: Ruleset) {
    let boards = [
        ("castle_rampage", s.castle_rampage.is_some(), Ruleset::CastleRampage),
        ("keyforge", s.keyforge.is_some(), Ruleset::Keyforge),
        ("dog_fight", s.dog_fight.is_some(), Ruleset::DogFight),
    ];
    for (field, set, owner) in boards {
        if set && owner != own {
            v.push(field, format!("is {owner}'s board and must be unset in a {own} state"));
        }
    }
}

/// What one ruleset offers, for `ListRulesets`.
#[derive(Debug, Clone, PartialEq)]
pub struct RulesetInfo {
    /// The ruleset.
    pub ruleset: Ruleset,
    /// Short name.
    pub name: &'static str,
    /// One sentence.
    pub description: &'static str,
    /// Built-in skirmish scenarios (empty where no skirmish game is served).
    pub scenarios: Vec<ScenarioInfo>,
}

/// Every ruleset, in wire order.
pub fn catalogue() -> Vec<RulesetInfo> {
    Ruleset::ALL.iter().map(|&ruleset| info(ruleset)).collect()
}

/// What `ruleset` offers, as its folder tells it.
fn info(ruleset: Ruleset) -> RulesetInfo {
    match ruleset {
        Ruleset::Egame | Ruleset::DimensionalRift => zone::info(ruleset),
        Ruleset::CastleRampage => castle_rampage::info(),
        Ruleset::Keyforge => keyforge::info(),
        Ruleset::DogFight => dog_fight::info(),
    }
}

/// The built-in scenarios of `ruleset` with their measured balance (empty where no
/// skirmish is served).
pub fn scenario_infos(ruleset: Ruleset) -> Vec<ScenarioInfo> {
    info(ruleset).scenarios
}

/// The scenario a tournament plays unless told otherwise (two players, unless told
/// that too): of the balanced ones (else of the measured ones), the one whose seats'
/// scores are nearest even; the first such in catalogue order on a tie (the first of
/// all while none is measured). Empty where the ruleset has no two-player scenario.
pub fn fairest_scenario(ruleset: Ruleset) -> &'static str {
    fairest_scenario_for(ruleset, Some(2))
}

/// [`fairest_scenario`] among the scenarios for `players` players (any number when
/// `None`); empty when there is none.
pub fn fairest_scenario_for(ruleset: Ruleset, players: Option<usize>) -> &'static str {
    let rank = |b: &SeatBalance| (!b.is_balanced(), b.games == 0, b.worst_offset());
    scenario_infos(ruleset)
        .iter()
        .filter(|s| players.is_none_or(|n| s.players == n))
        .min_by(|a, b| rank(&a.balance).partial_cmp(&rank(&b.balance)).unwrap_or(std::cmp::Ordering::Equal))
        .map_or("", |s| s.name)
}
