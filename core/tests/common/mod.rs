//! A small builder for boards in tests: `Bd::egame().put("knight", (0, 1), 2, 3, "U1 UL1")`.
#![allow(dead_code, clippy::unwrap_used, clippy::panic)]

pub mod castle;
pub mod dog_fight;
pub mod keyforge;

use fray_core::StateSetup;
use fray_core::rulesets::zone::setup::{CreatureSetup, PlayerSetup, StrikeSetup, ZoneSetup};
#[allow(unused_imports)]
pub use fray_core::rulesets::zone::setup::{ZoneActionSetup, ZoneStateSetup};
use fray_core::setup::ChoiceSetup;
use fray_core::{ActionError, Event, GameState};

/// Arrow spec: space-separated `<dir><reach>`, dirs U UR R DR D DL L UL, reach 1 or 2.
pub fn arrows(spec: &str) -> Option<[i32; 8]> {
    if spec.is_empty() {
        return None;
    }
    let mut a = [0; 8];
    for tok in spec.split_whitespace() {
        let (dir, reach) = tok.split_at(tok.len() - 1);
        let i = ["U", "UR", "R", "DR", "D", "DL", "L", "UL"].iter().position(|d| *d == dir).unwrap();
        a[i] = reach.parse().unwrap();
    }
    Some(a)
}

#[derive(Clone)]
pub struct Bd(pub ZoneStateSetup);

impl Bd {
    pub fn new(ruleset: i32) -> Self {
        Bd(ZoneStateSetup {
            ruleset,
            players: vec![
                PlayerSetup { id: 0, hp: 6, ..Default::default() },
                PlayerSetup { id: 1, hp: 6, ..Default::default() },
            ],
            ..Default::default()
        })
    }
    pub fn egame() -> Self {
        Self::new(1)
    }
    pub fn rift() -> Self {
        let mut b = Self::new(2);
        b.0.players[0].hp = 20;
        b.0.players[1].hp = 20;
        b
    }
    /// A face-up creature controlled and owned by `zone.0`.
    pub fn put(mut self, id: &str, zone: (u32, u32), might: i32, life: i32, arrow_spec: &str) -> Self {
        self.0.creatures.push(CreatureSetup {
            id: id.into(),
            name: id.into(),
            owner: zone.0,
            controller: zone.0,
            zone: Some(ZoneSetup { player: zone.0, index: zone.1 }),
            might,
            life,
            arrows: arrows(arrow_spec),
            ..Default::default()
        });
        self
    }
    /// Edits the creature `id`.
    pub fn with(mut self, id: &str, f: impl FnOnce(&mut CreatureSetup)) -> Self {
        f(self.0.creatures.iter_mut().find(|c| c.id == id).unwrap());
        self
    }
    pub fn hp(mut self, player: usize, hp: i32) -> Self {
        self.0.players[player].hp = hp;
        self
    }
    pub fn build(&self) -> GameState {
        GameState::from_setup(&self.0.clone().into()).unwrap()
    }
}

pub fn zone(p: u32, i: u32) -> Option<ZoneSetup> {
    Some(ZoneSetup { player: p, index: i })
}

pub fn strike_setup(attacker: &str, target: (u32, u32)) -> StrikeSetup {
    StrikeSetup { attacker: attacker.into(), target: zone(target.0, target.1), ..Default::default() }
}

pub fn pick(id: &str) -> ChoiceSetup {
    ChoiceSetup::Option(id.into())
}

pub fn decline() -> ChoiceSetup {
    ChoiceSetup::Decline(true)
}

/// Resolves a strike with choices; panics on error.
pub fn strike(g: &mut GameState, attacker: &str, target: (u32, u32), choices: &[ChoiceSetup]) -> Vec<Event> {
    g.resolve_strike(&strike_setup(attacker, target).into(), choices).unwrap()
}

pub fn try_strike(g: &mut GameState, attacker: &str, target: (u32, u32)) -> Result<Vec<Event>, ActionError> {
    g.resolve_strike(&strike_setup(attacker, target).into(), &[])
}

/// The rule ids of `events`, in order.
pub fn rules(events: &[Event]) -> Vec<&'static str> {
    events.iter().map(|e| e.rule).collect()
}

/// Each event as `rule: what happened` (the core's own wording).
pub fn lines_of(events: &[Event]) -> Vec<String> {
    events.iter().map(|e| format!("{}: {}", e.rule, e.to_string()[e.rule.len().max(38)..].trim())).collect()
}

/// One line per event.
pub fn log(events: &[Event]) -> String {
    events.iter().map(|e| format!("{e}\n")).collect()
}

/// The creature `id` as plain data after the fact, if still on the field.
pub fn creature(g: &GameState, id: &str) -> Option<CreatureSetup> {
    zone_setup(g).creatures.into_iter().find(|c| c.id == id)
}

pub fn hp(g: &GameState, player: usize) -> i32 {
    zone_setup(g).players[player].hp
}

/// A zone-game state as plain data.
pub fn zone_setup(g: &GameState) -> ZoneStateSetup {
    match g.to_setup() {
        StateSetup::Zone(s) => s,
        other => panic!("not a zone-game state: {other:?}"),
    }
}

/// The rule id of an illegal action.
pub fn illegal_rule(e: ActionError) -> &'static str {
    match e {
        ActionError::Illegal(i) => i.rule,
        other => panic!("expected an illegal action, got {other:?}"),
    }
}
