//! The wire's top level read per ruleset: the fray.v1 `GameState` is the zone game's
//! shape, with one board per other ruleset, and each ruleset's convert module refuses
//! the top-level fields its ruleset does not read, with their paths, together with the
//! core's violations (these checks lived in the core's validation before each ruleset
//! took its own plain input; the assertions are theirs).
#![allow(missing_docs, clippy::unwrap_used, clippy::panic)]

use fray_core::{ActionError, GameState, SetupError};
use fray_proto::fray::v1 as pb;
use fray_service::convert;

/// The field paths of the violations a state is refused with.
fn fields(s: &pb::GameState) -> Vec<String> {
    violations(s).into_iter().map(|(f, _)| f).collect()
}

fn violations(s: &pb::GameState) -> Vec<(String, String)> {
    match convert::game_state(s.clone()) {
        Err(SetupError::Invalid(v)) => v.0.into_iter().map(|v| (v.field, v.description)).collect(),
        other => panic!("expected violations, got {other:?}"),
    }
}

fn load(s: &pb::GameState) -> GameState {
    convert::game_state(s.clone()).unwrap()
}

fn action_fields(e: ActionError) -> Vec<String> {
    match e {
        ActionError::Invalid(v) => v.0.into_iter().map(|v| v.field).collect(),
        other => panic!("expected violations, got {other:?}"),
    }
}

// ---------------------------------------------------------------------------
// KeyForge

/// A bare KeyForge board (phase unset), player 0 active, empty battlelines.
fn keyforge_bare() -> pb::GameState {
    pb::GameState {
        ruleset: pb::Ruleset::Keyforge as i32,
        keyforge: Some(pb::KeyforgeBoard {
            sides: vec![pb::KeyforgeSide::default(), pb::KeyforgeSide::default()],
            ..Default::default()
        }),
        ..Default::default()
    }
}

#[test]
fn keyforge_refuses_the_other_rulesets_fields_and_phases() {
    let mut s = keyforge_bare();
    s.players = vec![pb::Player { id: 0, hp: 6, ..Default::default() }];
    s.event = 3;
    s.phase = 3;
    s.turn = 1;
    assert_eq!(fields(&s), ["phase", "players[0]", "event"]);
    let mut s = keyforge_bare();
    s.keyforge = None;
    assert_eq!(fields(&s), ["keyforge"]);
    // Bare seats are fine.
    let mut s = keyforge_bare();
    s.players = vec![pb::Player { id: 0, ..Default::default() }, pb::Player { id: 1, ..Default::default() }];
    load(&s);
}

// ---------------------------------------------------------------------------
// Castle Rampage

fn castle_card(id: &str, owner: u32, attack: i32) -> pb::CastleCard {
    pb::CastleCard {
        id: id.into(),
        name: id.into(),
        owner,
        attack,
        gate_defense: 1,
        castle_defense: 1,
        ..Default::default()
    }
}

/// A valid bare Castle Rampage board: a Castle card each, a 3 in player 0's hand.
fn castle_valid() -> pb::GameState {
    pb::GameState {
        ruleset: pb::Ruleset::CastleRampage as i32,
        castle_rampage: Some(pb::CastleRampageBoard {
            sides: vec![
                pb::CastleSide {
                    castle: vec![castle_card("c0", 0, 0)],
                    hand: vec![castle_card("h0", 0, 3)],
                    ..Default::default()
                },
                pb::CastleSide { castle: vec![castle_card("c1", 1, 0)], ..Default::default() },
            ],
            ..Default::default()
        }),
        ..Default::default()
    }
}

#[test]
fn a_castle_state_leaves_the_zone_board_fields_empty() {
    let mut s = castle_valid();
    s.players = vec![pb::Player { id: 0, hp: 6, ..Default::default() }, pb::Player { id: 0, ..Default::default() }];
    s.players[0].hand.push(Default::default());
    s.creatures.push(pb::Creature { id: "k".into(), ..Default::default() });
    s.event = 3;
    s.pending = Some(pb::PendingDecision::default());
    s.chain.push(pb::Strike::default());
    assert_eq!(
        fields(&s),
        ["players[0].hp", "players[0].hand", "players[1].id", "creatures", "event", "pending", "chain"]
    );
    s = castle_valid();
    s.players = vec![pb::Player::default(); 3];
    assert_eq!(fields(&s), ["players", "players[1].id", "players[2].id"]);
}

#[test]
fn bare_seats_in_players_are_accepted_and_not_given_back() {
    let mut s = castle_valid();
    s.players = vec![pb::Player { id: 0, ..Default::default() }, pb::Player { id: 1, ..Default::default() }];
    let g = load(&s);
    assert!(convert::state_from_setup(g.to_setup()).players.is_empty());
    assert_eq!(g, load(&castle_valid()));
}

#[test]
fn the_zone_rulesets_refuse_a_castle_rampage_board() {
    for (ruleset, hp) in [(pb::Ruleset::Egame, 6), (pb::Ruleset::DimensionalRift, 20)] {
        let s = pb::GameState {
            ruleset: ruleset as i32,
            players: vec![
                pb::Player { id: 0, hp, ..Default::default() },
                pb::Player { id: 1, hp, ..Default::default() },
            ],
            creatures: vec![pb::Creature {
                id: "k".into(),
                name: "k".into(),
                owner: 0,
                controller: 0,
                zone: Some(pb::ZoneRef { player: 0, index: 1 }),
                might: 1,
                life: 2,
                arrows: Some(pb::Arrows { up: pb::Reach::Single as i32, ..Default::default() }),
                ..Default::default()
            }],
            castle_rampage: castle_valid().castle_rampage,
            ..Default::default()
        };
        let v = violations(&s);
        assert_eq!(v.len(), 1);
        assert_eq!(v[0].0, "castle_rampage");
        assert!(v[0].1.contains("RULESET_CASTLE_RAMPAGE"), "{v:?}");
    }
}

#[test]
fn castle_rampage_refuses_a_summon_and_an_aimed_attack_with_field_paths() {
    let mut s = castle_valid();
    s.phase = pb::Phase::Deployment as i32;
    s.turn = 1;
    s.castle_rampage.as_mut().unwrap().sides[0].hand = vec![castle_card("a", 0, 3)];
    let mut g = load(&s);
    let before = g.clone();
    let ruleset = g.ruleset();
    let summon = pb::Action { action: Some(pb::action::Action::Summon(pb::Summon::default())), ..Default::default() };
    let refused = convert::action_to_setup(ruleset, Some(&summon)).unwrap_err();
    assert_eq!(refused.prefixed("action").0.into_iter().map(|v| v.field).collect::<Vec<_>>(), ["action.summon"]);
    let aimed = pb::Action {
        action: Some(pb::action::Action::Strike(pb::Strike {
            attacker: "a".into(),
            target: Some(pb::ZoneRef::default()),
            defender: "c1".into(),
            ..Default::default()
        })),
        ..Default::default()
    };
    let aimed = convert::action_to_setup(ruleset, Some(&aimed)).unwrap();
    assert_eq!(
        action_fields(convert::apply_action(&mut g, &aimed, "action").unwrap_err()),
        ["action.strike.target", "action.strike.defender"]
    );
    assert_eq!(g, before);
}

// ---------------------------------------------------------------------------
// The zone game's top level named as another ruleset

#[test]
fn a_zone_board_named_dog_fight_is_read_as_dog_fights_and_refused_as_one() {
    let s = pb::GameState {
        ruleset: pb::Ruleset::DogFight as i32,
        players: vec![
            pb::Player { id: 0, hp: 6, ..Default::default() },
            pb::Player { id: 1, hp: 6, ..Default::default() },
        ],
        ..Default::default()
    };
    assert_eq!(fields(&s), ["players", "dog_fight"]);
}

#[test]
fn who_has_seen_a_castle_card_crosses_the_wire_both_ways_and_is_checked() {
    let mut s = castle_valid();
    let board = s.castle_rampage.as_mut().unwrap();
    board.sides[1].castle[0].seen_by = vec![1, 0];
    let back = convert::state_from_setup(load(&s).to_setup());
    assert_eq!(back.castle_rampage.unwrap().sides[1].castle[0].seen_by, [0, 1]);

    let mut s = castle_valid();
    s.castle_rampage.as_mut().unwrap().sides[1].castle[0].seen_by = vec![2];
    assert_eq!(
        violations(&s),
        [(
            "castle_rampage.sides[1].castle[0].seen_by[0]".to_owned(),
            "player 2 does not exist: there are 2 players, 0 and 1".to_owned()
        )]
    );
}
