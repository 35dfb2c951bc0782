//! A small builder for Dog Fight boards in tests:
//! `Db::new(3).vessel(ship("a", 0, (0, 0), 4)).card(1, card("ev", EVASIVE, 0))`.

use fray_core::Event;
use fray_core::Game;
use fray_core::event::Discard;
use fray_core::rulesets::dog_fight::DogFightSetup;
use fray_core::rulesets::dog_fight::{DfAction, DogFightState};
use fray_core::rulesets::dog_fight::{DogFightBoardSetup, DogFightCardSetup, DogFightSideSetup, VesselSetup};

/// DogFightEffect wire numbers.
pub const DIRECT_HIT: i32 = 1;
pub const EVASIVE: i32 = 2;
pub const ARMOR_BOOST: i32 = 3;
pub const RETURN_FIRE: i32 = 4;
pub const NEGATE: i32 = 5;

/// A vessel named after its id with range 9 and no defenses.
pub fn ship(id: &str, controller: u32, at: (i32, i32), attack: i32, hull: i32) -> VesselSetup {
    VesselSetup {
        id: id.into(),
        name: id.into(),
        controller,
        x: at.0,
        y: at.1,
        attack,
        range: 9,
        hull,
        ..Default::default()
    }
}

/// A card named after its id.
pub fn card(id: &str, effect: i32, amount: i32) -> DogFightCardSetup {
    DogFightCardSetup { id: id.into(), name: id.into(), effect, amount }
}

#[derive(Clone)]
pub struct Db(pub DogFightSetup);

impl Db {
    /// A bare 10 x 10 board for `players` players, no vessels or cards.
    pub fn new(players: usize) -> Self {
        Db(DogFightSetup {
            board: Some(DogFightBoardSetup {
                width: 10,
                height: 10,
                sides: vec![DogFightSideSetup::default(); players],
                ..Default::default()
            }),
            ..Default::default()
        })
    }
    pub fn board(&mut self) -> &mut DogFightBoardSetup {
        self.0.board.as_mut().unwrap()
    }
    pub fn vessel(mut self, v: VesselSetup) -> Self {
        self.board().vessels.push(v);
        self
    }
    pub fn card(mut self, player: usize, c: DogFightCardSetup) -> Self {
        self.board().sides[player].hand.push(c);
        self
    }
    pub fn build(&self) -> DogFightState {
        DogFightState::from_setup(&self.0).unwrap()
    }
}

/// Vessel `attacker` attacks vessel `defender` (by id).
pub fn attack(g: &mut DogFightState, attacker: &str, defender: &str) -> Result<Vec<Event>, fray_core::IllegalAction> {
    let index = |id: &str| g.vessels.iter().position(|v| v.id.as_str() == id).unwrap() as u8;
    let action = DfAction::Attack { attacker: index(attacker), defender: index(defender) };
    let mut events = Vec::new();
    g.apply(action, &mut events)?;
    Ok(events)
}

/// The pending player plays card `id`.
pub fn play(g: &mut DogFightState, id: &str) -> Vec<Event> {
    let k = g.pending.as_ref().unwrap().options.iter().position(|o| o.as_str() == id).unwrap();
    let mut events = Vec::new();
    g.apply(DfAction::Play(k as u8), &mut events).unwrap();
    events
}

/// The pending player passes.
pub fn pass(g: &mut DogFightState) -> Vec<Event> {
    let mut events = Vec::new();
    g.apply(DfAction::Pass, &mut events).unwrap();
    events
}

/// Passes every remaining window.
pub fn pass_all(g: &mut DogFightState) {
    while g.pending.is_some() {
        g.apply(DfAction::Pass, &mut Discard).unwrap();
    }
}

/// The vessel `id`'s hull, if it is on the board.
pub fn hull(g: &DogFightState, id: &str) -> Option<i32> {
    g.vessels.iter().find(|v| v.id.as_str() == id).map(|v| v.hull)
}
