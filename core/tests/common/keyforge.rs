//! A small builder for KeyForge boards in tests:
//! `Kb::bare().line(0, vec![cr("knight", 4)]).line(1, vec![cr("ogre", 5).armor(2)])`.

use fray_core::StateSetup;
use fray_core::rulesets::keyforge::{
    AbilitySetup, KeyforgeActionSetup, KeyforgeBoardSetup, KeyforgeCreatureSetup, KeyforgeSetup, KeyforgeSideSetup,
    KeyforgeStrikeSetup,
};
use fray_core::setup::ChoiceSetup;
use fray_core::{ActionError, Event, GameState};

/// Trigger wire numbers.
pub const BEFORE_FIGHT: i32 = 1;
pub const FIGHT: i32 = 2;
pub const AFTER_FIGHT: i32 = 3;
pub const REAP: i32 = 4;
pub const DESTROYED: i32 = 5;
pub const AFTER_DAMAGED: i32 = 6;
pub const AFTER_ANY_DESTROYED: i32 = 7;

/// Effect wire numbers.
pub const DEAL_DAMAGE: i32 = 1;
pub const GAIN_AMBER: i32 = 2;
pub const STEAL_AMBER: i32 = 3;
pub const CAPTURE_AMBER: i32 = 4;
pub const LOSE_AMBER: i32 = 5;
pub const GAIN_WARD: i32 = 6;
pub const STUN: i32 = 7;
pub const DESTROY: i32 = 8;
pub const RETURN_TO_HAND: i32 = 9;

/// AbilityTarget wire numbers.
pub const SELF: i32 = 1;
pub const FOUGHT: i32 = 2;
pub const FOUGHT_AND_NEIGHBORS: i32 = 3;
pub const EACH_ENEMY: i32 = 4;
pub const EACH_CREATURE: i32 = 5;
pub const CHOSEN: i32 = 6;
pub const CONTROLLER: i32 = 7;
pub const OPPONENT: i32 = 8;

/// PHASE_* wire numbers.
pub const EVENT: i32 = 2;
pub const BEGIN: i32 = 1;
pub const GAME_OVER: i32 = 5;

/// A creature named after its id.
pub fn cr(id: &str, power: i32) -> KeyforgeCreatureSetup {
    KeyforgeCreatureSetup { id: id.into(), name: id.into(), power, ..Default::default() }
}

/// An ability.
pub fn ab(id: &str, trigger: i32, effect: i32, amount: i32, target: i32) -> AbilitySetup {
    AbilitySetup { id: id.into(), trigger, effect, amount, target }
}

/// Builder-style setters on a creature.
pub trait CreatureExt: Sized {
    fn with(self, f: impl FnOnce(&mut KeyforgeCreatureSetup)) -> Self;
    fn armor(self, n: i32) -> Self {
        self.with(|c| c.armor = n)
    }
    fn ward(self) -> Self {
        self.with(|c| c.ward = true)
    }
    fn ability(self, a: AbilitySetup) -> Self {
        self.with(|c| c.abilities.push(a))
    }
}

impl CreatureExt for KeyforgeCreatureSetup {
    fn with(mut self, f: impl FnOnce(&mut KeyforgeCreatureSetup)) -> Self {
        f(&mut self);
        self
    }
}

#[derive(Clone)]
pub struct Kb(pub KeyforgeSetup);

impl Kb {
    /// A bare board (phase unset), player 0 active, empty battlelines.
    pub fn bare() -> Self {
        Kb(KeyforgeSetup {
            board: Some(KeyforgeBoardSetup {
                sides: vec![KeyforgeSideSetup::default(), KeyforgeSideSetup::default()],
                ..Default::default()
            }),
            ..Default::default()
        })
    }
    pub fn board(&mut self) -> &mut KeyforgeBoardSetup {
        self.0.board.as_mut().unwrap()
    }
    /// Player `p`'s battleline, left to right.
    pub fn line(mut self, p: usize, creatures: Vec<KeyforgeCreatureSetup>) -> Self {
        self.board().sides[p].battleline = creatures;
        self
    }
    pub fn amber(mut self, p: usize, n: i32) -> Self {
        self.board().sides[p].amber = n;
        self
    }
    pub fn keys(mut self, p: usize, n: i32) -> Self {
        self.board().sides[p].keys = n;
        self
    }
    pub fn phase(mut self, phase: i32, turn: u32) -> Self {
        self.0.header.phase = phase;
        self.0.header.turn = turn;
        self
    }
    pub fn active(mut self, p: u32) -> Self {
        self.0.header.active_player = p;
        self
    }
    pub fn build(&self) -> GameState {
        GameState::from_setup(&self.0.clone().into()).unwrap()
    }
}

/// `attacker` fights `defender`, answering decisions with `choices` (option ids).
pub fn fight(g: &mut GameState, attacker: &str, defender: &str, choices: &[&str]) -> Result<Vec<Event>, ActionError> {
    let strike = KeyforgeStrikeSetup { attacker: attacker.into(), defender: defender.into() };
    let choices: Vec<ChoiceSetup> = choices.iter().map(|c| ChoiceSetup::Option((*c).into())).collect();
    g.resolve_strike(&strike.into(), &choices)
}

/// Answers the pending decision with `option`.
pub fn choose(g: &mut GameState, option: &str) -> Result<Vec<Event>, ActionError> {
    g.apply_action(&KeyforgeActionSetup::Choice(ChoiceSetup::Option(option.into())).into(), "action")
}

/// Each event as `rule: what happened` (the core's own wording).
pub fn lines(events: &[Event]) -> Vec<String> {
    super::lines_of(events)
}

/// The board as plain data.
pub fn kf(g: &GameState) -> KeyforgeBoardSetup {
    match g.to_setup() {
        StateSetup::Keyforge(s) => s.board.unwrap(),
        other => panic!("not a KeyForge state: {other:?}"),
    }
}

/// The creature `id` on the board, if in play.
pub fn creature(g: &GameState, id: &str) -> Option<KeyforgeCreatureSetup> {
    kf(g).sides.into_iter().flat_map(|s| s.battleline).find(|c| c.id == id)
}

/// The state as KeyForge's plain data.
pub fn setup_of(g: &GameState) -> KeyforgeSetup {
    match g.to_setup() {
        StateSetup::Keyforge(s) => s,
        other => panic!("not a KeyForge state: {other:?}"),
    }
}
