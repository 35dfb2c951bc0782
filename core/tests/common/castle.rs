//! A small builder for Castle Rampage boards in tests:
//! `Cb::bare().gate(1, vec![card("g1", 0, 4, 4)]).castle(1, vec![card("ogre", 0, 3, 6)])`.

use fray_core::rulesets::castle_rampage::{
    CastleActionSetup, CastleBoardSetup, CastleCardSetup, CastleSetup, CastleSideSetup, CastleStrikeSetup,
    ReinforceSetup,
};
use fray_core::{ActionError, Event, GameState};
use fray_core::{ActionSetup, StateSetup};

/// CastleEffect wire numbers.
pub const BOMBER: i32 = 1;
pub const SABOTEUR: i32 = 2;
pub const SPY: i32 = 3;
pub const VETERAN: i32 = 4;
pub const DIGGER: i32 = 5;

/// PHASE_* wire numbers.
pub const DRAW: i32 = 4;
pub const DEPLOYMENT: i32 = 3;
pub const EVENT: i32 = 2;
pub const GAME_OVER: i32 = 5;

/// A card named after its id.
pub fn card(id: &str, attack: i32, gate_defense: i32, castle_defense: i32) -> CastleCardSetup {
    CastleCardSetup { id: id.into(), name: id.into(), attack, gate_defense, castle_defense, ..Default::default() }
}

/// A purple card (`effect` is a CastleEffect wire number).
pub fn purple(id: &str, attack: i32, gate_defense: i32, castle_defense: i32, effect: i32) -> CastleCardSetup {
    CastleCardSetup { effect, ..card(id, attack, gate_defense, castle_defense) }
}

#[derive(Clone)]
pub struct Cb(pub CastleSetup);

impl Cb {
    /// A bare board (phase unset), player 0 active, every pile empty.
    pub fn bare() -> Self {
        Cb(CastleSetup {
            board: Some(CastleBoardSetup {
                sides: vec![CastleSideSetup::default(), CastleSideSetup::default()],
                ..Default::default()
            }),
            ..Default::default()
        })
    }
    pub fn board(&mut self) -> &mut CastleBoardSetup {
        self.0.board.as_mut().unwrap()
    }
    fn owned(p: usize, cards: Vec<CastleCardSetup>) -> Vec<CastleCardSetup> {
        cards.into_iter().map(|c| CastleCardSetup { owner: p as u32, ..c }).collect()
    }
    /// Player `p`'s Gate, [0] = top.
    pub fn gate(mut self, p: usize, cards: Vec<CastleCardSetup>) -> Self {
        self.board().sides[p].gate = Self::owned(p, cards);
        self
    }
    /// Player `p`'s Castle, [0] = top.
    pub fn castle(mut self, p: usize, cards: Vec<CastleCardSetup>) -> Self {
        self.board().sides[p].castle = Self::owned(p, cards);
        self
    }
    pub fn hand(mut self, p: usize, cards: Vec<CastleCardSetup>) -> Self {
        self.board().sides[p].hand = Self::owned(p, cards);
        self
    }
    pub fn draw_pile(mut self, cards: Vec<CastleCardSetup>) -> Self {
        self.board().draw_pile = cards;
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

/// The board after the fact.
pub fn board_of(g: &GameState) -> CastleBoardSetup {
    match g.to_setup() {
        StateSetup::Castle(s) => s.board.unwrap(),
        other => panic!("not a Castle Rampage state: {other:?}"),
    }
}

/// The ids of a pile, in order.
pub fn ids(cards: &[CastleCardSetup]) -> Vec<&str> {
    cards.iter().map(|c| c.id.as_str()).collect()
}

pub fn attack_setup(card: &str) -> CastleStrikeSetup {
    CastleStrikeSetup { attacker: card.into() }
}

/// Plays `card` as an attack; panics on error.
pub fn attack(g: &mut GameState, card: &str) -> Vec<Event> {
    g.resolve_strike(&attack_setup(card).into(), &[]).unwrap()
}

pub fn try_attack(g: &mut GameState, card: &str) -> Result<Vec<Event>, ActionError> {
    g.resolve_strike(&attack_setup(card).into(), &[])
}

pub fn reinforce(card: &str, structure: &str) -> ActionSetup {
    CastleActionSetup::Reinforce(ReinforceSetup { card: card.into(), structure: structure.into() }).into()
}

/// The rules text's worked example: Anton holds a 9 (`anton-9`); Beatrix's Gate has one
/// card of defense 4 (`gate-4`), her Castle an Ogre of Castle defense 6 on top of a
/// Tower. A bare board, Anton to play.
pub fn worked_example() -> GameState {
    Cb::bare()
        .hand(0, vec![card("anton-9", 9, 2, 2)])
        .castle(0, vec![card("anton-keep", 0, 3, 3)])
        .gate(1, vec![card("gate-4", 0, 4, 1)])
        .castle(1, vec![card("ogre", 7, 4, 6), card("tower", 1, 4, 9)])
        .build()
}

/// The state as Castle Rampage's plain data.
pub fn setup_of(g: &GameState) -> CastleSetup {
    match g.to_setup() {
        StateSetup::Castle(s) => s,
        other => panic!("not a Castle Rampage state: {other:?}"),
    }
}
