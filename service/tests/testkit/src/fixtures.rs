//! Zone-board states, strikes, actions, choices and requests built as protobuf
//! messages (the boards of `examples/`).

use fray_proto::fray::v1 as pb;

/// `REACH_SINGLE`: the next zone.
pub const SINGLE: i32 = pb::Reach::Single as i32;
/// `REACH_DOUBLE`: every zone to the edge.
pub const DOUBLE: i32 = pb::Reach::Double as i32;

/// Zone `index` of `player`'s row.
pub fn zone(player: u32, index: u32) -> Option<pb::ZoneRef> {
    Some(pb::ZoneRef { player, index })
}

/// A face-up creature controlled and owned by the zone's player.
pub fn creature(id: &str, name: &str, at: (u32, u32), might: i32, life: i32, arrows: pb::Arrows) -> pb::Creature {
    pb::Creature {
        id: id.into(),
        name: name.into(),
        owner: at.0,
        controller: at.0,
        zone: zone(at.0, at.1),
        might,
        life,
        arrows: (arrows != pb::Arrows::default()).then_some(arrows),
        ..Default::default()
    }
}

/// A bare e:game board (no phase) with both players at 6 HP.
pub fn board(creatures: Vec<pb::Creature>) -> pb::GameState {
    pb::GameState {
        ruleset: pb::Ruleset::Egame as i32,
        players: vec![
            pb::Player { id: 0, hp: 6, ..Default::default() },
            pb::Player { id: 1, hp: 6, ..Default::default() },
        ],
        creatures,
        active_player: 0,
        turn: 1,
        ..Default::default()
    }
}

/// examples/resolve-blocked.json: the knight (0:1, might 2, life 3, arrows up and
/// up-left) faces the wolf (1:3, might 1, life 2).
pub fn knight() -> pb::Creature {
    creature("knight", "Knight", (0, 1), 2, 3, pb::Arrows { up: SINGLE, up_left: SINGLE, ..Default::default() })
}

/// The [`knight`]'s opponent: the wolf (1:3, might 1, life 2, no arrows).
pub fn wolf() -> pb::Creature {
    creature("wolf", "Wolf", (1, 3), 1, 2, pb::Arrows::default())
}

/// The bare board of examples/resolve-blocked.json: the [`knight`] and the [`wolf`].
pub fn knight_and_wolf() -> pb::GameState {
    board(vec![knight(), wolf()])
}

/// examples/resolve-needs-block-choice.json: the archer (0:4, up DOUBLE) strikes the
/// empty zone 1:0; the guard (1:1, left SINGLE) can block it.
pub fn archer_and_guard() -> pb::GameState {
    board(vec![
        creature("archer", "Archer", (0, 4), 1, 2, pb::Arrows { up: DOUBLE, ..Default::default() }),
        creature("guard", "Guard", (1, 1), 0, 4, pb::Arrows { left: SINGLE, ..Default::default() }),
    ])
}

/// A strike by `attacker` on zone `index` of `player`'s row.
pub fn strike(attacker: &str, player: u32, index: u32) -> pb::Strike {
    pb::Strike { attacker: attacker.into(), target: zone(player, index), ..Default::default() }
}

/// The [`strike`] as an action.
pub fn strike_action(attacker: &str, player: u32, index: u32) -> pb::Action {
    pb::Action { action: Some(pb::action::Action::Strike(strike(attacker, player, index))), ..Default::default() }
}

/// A choice of the option `id`.
pub fn option(id: &str) -> pb::Choice {
    pb::Choice { choice: Some(pb::choice::Choice::Option(id.into())) }
}

/// A declined decision.
pub fn decline() -> pb::Choice {
    pb::Choice { choice: Some(pb::choice::Choice::Decline(true)) }
}

/// `choice` as an action.
pub fn choice_action(choice: pb::Choice) -> pb::Action {
    pb::Action { action: Some(pb::action::Action::Choice(choice)), ..Default::default() }
}

/// A ResolveStrike request.
pub fn resolve(state: pb::GameState, strike: pb::Strike, choices: Vec<pb::Choice>) -> pb::ResolveStrikeRequest {
    pb::ResolveStrikeRequest { state: Some(state), strike: Some(strike), choices, ..Default::default() }
}

/// An ApplyAction request.
pub fn apply(state: pb::GameState, action: pb::Action) -> pb::ApplyActionRequest {
    pb::ApplyActionRequest { state: Some(state), action: Some(action), ..Default::default() }
}
