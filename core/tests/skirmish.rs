//! The skirmish game (docs/rules.md "Skirmish game"): setup, phases, summon, draw, endings.
#![allow(clippy::unwrap_used, clippy::panic)]

use fray_core::Game;
mod common;

use common::*;
use fray_core::Ruleset;
use fray_core::SharedEvent;
use fray_core::event::Discard;
use fray_core::game::MAX_TURNS;
use fray_core::rulesets::zone::setup::{CardSetup, SummonSetup};
use fray_core::rulesets::zone::skirmish::SCENARIOS;
use fray_core::rulesets::zone::state::Orientation;
use fray_core::rulesets::zone::{Action, ZoneState};
use fray_core::state::{Phase, PlayerId};
use fray_core::{ActionError, EventKind, GameState, SetupError};
use proptest::prelude::*;

fn zone_state(g: GameState) -> ZoneState {
    match g {
        GameState::Zone(z) => z,
        _ => unreachable!(),
    }
}

fn new_game(ruleset: i32, seed: u64, scenario: &str) -> ZoneState {
    zone_state(GameState::new_game(ruleset, seed, scenario).unwrap().0)
}

#[test]
fn setup_deals_five_cards_and_starts_player_0s_event() {
    for scenario in SCENARIOS {
        let s = new_game(1, 7, scenario.name);
        assert_eq!(s.players[0].hp, 6);
        assert_eq!(s.players[1].hp, 6 + scenario.second_player_hp(Ruleset::Egame));
        assert_eq!(s.players[0].hand.len(), 5);
        assert_eq!(s.players[1].hand.len(), 5);
        assert_eq!((s.header.turn, s.header.active_player, s.event), (1, PlayerId(0), 1));
        // Nobody has a creature yet, so the first Event passes straight to Deployment.
        assert_eq!(s.header.phase, Phase::Deployment, "{}", scenario.name);
    }
    assert_eq!(new_game(2, 7, "").players[1].hp, 20, "Dimensional Rift starts at 20 HP");
}

#[test]
fn skirmish_setup_even_gives_the_second_player_two_more_hp_in_egame_only() {
    let even = new_game(1, 7, "even");
    assert_eq!(even.players.each_ref().map(|p| p.hp), [6, 8]);
    // The decks are mirror's: the same seed deals the same cards.
    let mirror = new_game(1, 7, "mirror");
    assert_eq!(even.players.each_ref().map(|p| p.hand.clone()), mirror.players.each_ref().map(|p| p.hand.clone()));
    assert_eq!(new_game(2, 7, "even").players.each_ref().map(|p| p.hp), [20, 20]);
}

#[test]
fn the_same_seed_gives_the_same_game_and_another_seed_another() {
    let a = new_game(1, 42, "men-vs-fey");
    assert_eq!(a, new_game(1, 42, "men-vs-fey"));
    let b = new_game(1, 43, "men-vs-fey");
    assert_ne!(a.players[0].hand, b.players[0].hand);
}

#[test]
fn every_card_has_a_unique_id_and_the_state_round_trips() {
    let s = new_game(1, 3, "fables");
    let setup = s.to_setup();
    let mut ids: Vec<_> =
        setup.players.iter().flat_map(|p| p.hand.iter().chain(&p.deck)).map(|c| c.id.clone()).collect();
    let n = ids.len();
    ids.sort();
    ids.dedup();
    assert_eq!(ids.len(), n);
    assert_eq!(n, 17 + 16);
    assert_eq!(zone_state(GameState::from_setup(&setup.clone().into()).unwrap()), s);
}

#[test]
fn unknown_scenarios_and_rulesets_are_refused() {
    let Err(SetupError::Invalid(v)) = GameState::new_game(1, 0, "chess") else { panic!() };
    assert_eq!(v.0[0].field, "scenario");
    assert!(v.0[0].description.contains("men-vs-fey"));
    let Err(SetupError::Invalid(v)) = GameState::new_game(5, 0, "men-vs-fey") else { panic!() };
    assert!(v.0[0].description.contains("duel, trio, melee"), "{v:?}");
    assert!(matches!(GameState::new_game(0, 0, ""), Err(SetupError::Invalid(_))));
    assert!(matches!(GameState::new_game(6, 0, ""), Err(SetupError::Invalid(_))));
}

#[test]
fn summon_face_up_with_an_orientation_then_draw_and_pass_the_turn() {
    let mut s = new_game(1, 1, "men-vs-fey");
    let card = s.players[0].hand[2].clone();
    let deck_top = s.players[0].deck[0].clone();
    let mut events = Vec::new();
    s.apply(Action::Summon { hand_index: 2, index: 3, face_down: false, orientation: Orientation::Left }, &mut events)
        .unwrap();
    let (zone, c) = s.creatures().next().unwrap();
    assert_eq!((zone.player, zone.index), (PlayerId(0), 3));
    assert_eq!(Some(&c.id), card.id.as_ref());
    assert_eq!(c.orientation, Orientation::Left);
    assert!(!c.face_down);
    let r = rules(&events);
    assert_eq!(&r[..3], &["skirmish.summon", "skirmish.phase", "skirmish.draw"]);
    assert_eq!(s.players[0].hand.len(), 5, "5 - 1 summoned + 1 drawn");
    assert_eq!(s.players[0].hand.last(), Some(&deck_top), "drawn from the top");
    assert_eq!((s.header.turn, s.header.active_player), (2, PlayerId(1)));
    assert!(
        events.iter().any(|e| matches!(
            e.kind,
            EventKind::Shared(SharedEvent::PhaseChanged { phase: Phase::Begin, turn: 2, .. })
        ))
    );
}

#[test]
fn summon_face_down_hides_arrows_until_struck() {
    let mut s = new_game(1, 1, "men-vs-fey");
    s.apply(
        Action::Summon { hand_index: 0, index: 0, face_down: true, orientation: Orientation::Forward },
        &mut Discard,
    )
    .unwrap();
    let (zone, c) = s.creatures().next().unwrap();
    assert!(c.face_down);
    assert!(s.targets_of(zone).is_empty());
}

#[test]
fn at_most_one_summon_per_deployment_and_only_into_empty_own_zones() {
    let mut s = new_game(1, 1, "men-vs-fey");
    s.apply(
        Action::Summon { hand_index: 0, index: 0, face_down: false, orientation: Orientation::Forward },
        &mut Discard,
    )
    .unwrap();
    // Player 1's turn 2: their Event passes (no creatures that can strike? maybe), get to Deployment.
    while s.header.phase != Phase::Deployment || s.header.active_player != PlayerId(0) {
        let legal = s.legal_actions();
        let end = legal.iter().copied().find(|a| *a == Action::EndPhase).unwrap_or(legal[0]);
        s.apply(end, &mut Discard).unwrap();
    }
    let before = s.clone();
    let err = s.apply(
        Action::Summon { hand_index: 0, index: 0, face_down: false, orientation: Orientation::Forward },
        &mut Discard,
    );
    assert_eq!(err.unwrap_err().rule, "skirmish.summon");
    assert_eq!(s, before);
    let err = s.apply(
        Action::Summon { hand_index: 40, index: 1, face_down: false, orientation: Orientation::Forward },
        &mut Discard,
    );
    assert_eq!(err.unwrap_err().rule, "skirmish.summon");
}

#[test]
fn summons_outside_deployment_and_on_bare_boards_are_refused() {
    let mut b = Bd::egame().put("k", (0, 0), 1, 1, "U1");
    b.0.players[0].hand.push(CardSetup { name: "x".into(), life: 1, ..Default::default() });
    let mut g = b.build();
    let summon = fray_core::ActionSetup::Zone(ZoneActionSetup::Summon(SummonSetup {
        hand_index: 0,
        zone: zone(0, 1),
        face_down: false,
        orientation: 0,
    }));
    let err = g.apply_action(&summon, "action").unwrap_err();
    assert!(matches!(err, ActionError::Illegal(i) if i.rule == "skirmish.phase"));
    b.0.header.phase = 2;
    b.0.header.turn = 1;
    let mut g = b.build();
    let err = g.apply_action(&summon, "action").unwrap_err();
    assert!(matches!(err, ActionError::Illegal(i) if i.rule == "skirmish.summon"));
    let bad = fray_core::ActionSetup::Zone(ZoneActionSetup::Summon(SummonSetup {
        hand_index: 0,
        zone: zone(1, 1),
        face_down: true,
        orientation: 1,
    }));
    let Err(ActionError::Invalid(v)) = g.apply_action(&bad, "action") else { panic!() };
    let f: Vec<_> = v.0.iter().map(|v| v.field.as_str()).collect();
    assert_eq!(f, vec!["action.summon.zone.player", "action.summon.orientation"]);
}

#[test]
fn each_event_lets_every_creature_act_again() {
    let mut b = Bd::egame().put("k", (0, 2), 1, 9, "U1").put("w", (1, 0), 0, 9, "").with("k", |c| c.acted = true);
    b.0.header.phase = 4; // PHASE_DRAW of player 1's turn 1
    b.0.header.turn = 1;
    b.0.header.active_player = 1;
    b.0.event = 1;
    b.0.players[0].deck.push(CardSetup { name: "x".into(), life: 1, ..Default::default() });
    let mut g = b.build();
    g.apply_action(&ZoneActionSetup::EndPhase.into(), "action").unwrap();
    let s = zone_setup(&g);
    assert_eq!((s.header.turn, s.header.active_player, s.header.phase, s.event), (2, 0, 2, 2));
    assert!(!s.creatures[0].acted);
}

#[test]
fn the_game_is_a_draw_after_the_turn_limit() {
    let mut b = Bd::egame().put("k", (0, 2), 0, 9, "U1").put("w", (1, 2), 0, 9, "U1");
    b.0.header.phase = 2;
    b.0.header.turn = MAX_TURNS;
    b.0.header.active_player = 1;
    let mut g = b.build();
    let events = g.apply_action(&ZoneActionSetup::EndPhase.into(), "action").unwrap();
    let last = events.last().unwrap();
    assert_eq!(last.rule, "skirmish.turn_limit");
    assert!(matches!(last.kind, EventKind::Shared(SharedEvent::GameOver { winner: None })));
    assert!(g.legal_actions().is_empty());
}

#[test]
fn the_game_is_a_draw_when_neither_player_can_ever_act() {
    // Only face-down creatures, empty hands and decks: nothing can ever strike.
    let mut b = Bd::egame().put("k", (0, 2), 1, 9, "U1").with("k", |c| c.face_down = true);
    b.0.header.phase = 4;
    b.0.header.turn = 5;
    let mut g = b.build();
    let events = g.apply_action(&ZoneActionSetup::EndPhase.into(), "action").unwrap();
    assert_eq!(events.last().unwrap().rule, "skirmish.stalemate");
}

// (skirmish.dead_position)
#[test]
fn the_game_is_a_draw_when_neither_player_can_ever_lose_hp_again() {
    // Two face-up creatures of Might 0 strike each other's zones; no card is left to
    // summon: no strike can ever take HP, so the next turn's Event ends the game.
    let dead = || Bd::egame().put("a", (0, 2), 0, 3, "U1").put("b", (1, 2), 0, 3, "U1");
    let at_draw = |b: Bd| {
        let mut b = b;
        b.0.header.phase = 4;
        b.0.header.turn = 7;
        b.build()
    };
    let mut g = at_draw(dead());
    let events = g.apply_action(&ZoneActionSetup::EndPhase.into(), "action").unwrap();
    assert_eq!(rules(&events), ["skirmish.phase", "skirmish.dead_position"]);
    assert!(matches!(events.last().unwrap().kind, EventKind::Shared(SharedEvent::GameOver { winner: None })));
    assert!(g.legal_actions().is_empty());
    // Each of these can still cost HP some day, so the game goes on: a striker with
    // Might 1; a face-down creature (Might 3) where a face-up one reaches, which a
    // strike would flip; a card left in a deck.
    let goes_on = [
        dead().with("a", |c| c.might = 1),
        dead().put("m", (1, 1), 3, 3, "U1").with("m", |c| c.face_down = true).with("a", |c| {
            c.arrows = arrows("U1 UR1");
        }),
        {
            let mut b = dead();
            b.0.players[1].deck.push(CardSetup { name: "x".into(), might: 1, life: 1, ..Default::default() });
            b
        },
    ];
    for b in goes_on {
        let mut g = at_draw(b);
        let events = g.apply_action(&ZoneActionSetup::EndPhase.into(), "action").unwrap();
        assert!(!rules(&events).contains(&"skirmish.dead_position"), "{:?}", rules(&events));
        assert_eq!(g.outcome(), None);
    }
}

// (skirmish.no_progress)
#[test]
fn the_game_is_a_draw_after_five_rounds_without_progress() {
    // Both creatures could strike (the game can still change), but 10 turns, five
    // rounds, have passed with no HP lost, no damage, no card summoned, flipped or drawn.
    let board = |count: u32| {
        let mut b = Bd::egame().put("k", (0, 2), 1, 9, "U1").put("w", (1, 2), 1, 9, "U1");
        b.0.header.phase = 2;
        b.0.header.turn = 30;
        b.0.event = 30;
        b.0.header.turns_without_progress = count;
        b.build()
    };
    assert_eq!(fray_core::game::no_progress_turns(2), 10);
    let mut g = board(10);
    let events = g.apply_action(&ZoneActionSetup::EndPhase.into(), "action").unwrap();
    assert_eq!(events.last().unwrap().rule, "skirmish.no_progress");
    assert!(matches!(events.last().unwrap().kind, EventKind::Shared(SharedEvent::GameOver { winner: None })));
    assert!(g.legal_actions().is_empty());
    // A turn short of it, the next turn begins, counted.
    let mut g = board(9);
    g.apply_action(&ZoneActionSetup::EndPhase.into(), "action").unwrap();
    let s = zone_setup(&g);
    assert_eq!((s.header.turn, s.header.turns_without_progress, g.outcome()), (31, 10, None));
    // Progress this turn (a blocked strike deals damage) sets the count back to 0; the
    // turn then ends by itself (nothing else to do) and the next one is counted.
    let mut g = board(10);
    let events = strike(&mut g, "k", (1, 2), &[]);
    assert!(!rules(&events).contains(&"skirmish.no_progress"), "{:?}", rules(&events));
    let s = zone_setup(&g);
    assert_eq!((s.header.turn, s.header.turns_without_progress, g.outcome()), (31, 1, None));
}

#[test]
fn the_no_progress_count_is_at_most_the_turns_before_this_one() {
    let mut b = Bd::egame().put("k", (0, 2), 1, 9, "U1");
    b.0.header.phase = 2;
    b.0.header.turn = 4;
    b.0.header.turns_without_progress = 4;
    let Err(SetupError::Invalid(v)) = GameState::from_setup(&b.0.clone().into()) else { panic!("accepted") };
    assert_eq!(v.0[0].field, "turns_without_progress");
    assert!(v.0[0].description.contains("4 turns without progress, but only 3 turns came before turn 4"), "{v:?}");
    b.0.header.turns_without_progress = 3;
    assert!(GameState::from_setup(&b.0.into()).is_ok());
    // NewGame starts it at 0, and so does a client that does not send it.
    assert_eq!(new_game(1, 7, "duel").header.turns_without_progress, 0);
}

#[test]
fn a_player_at_zero_hp_loses_the_skirmish() {
    let mut b = Bd::egame().put("k", (0, 2), 1, 9, "U1").hp(1, 1);
    b.0.header.phase = 2;
    b.0.header.turn = 3;
    let mut g = b.build();
    let events = strike(&mut g, "k", (1, 2), &[]);
    assert!(matches!(
        events.last().unwrap().kind,
        EventKind::Shared(SharedEvent::GameOver { winner: Some(PlayerId(0)) })
    ));
    assert!(g.legal_actions().is_empty());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Random games end (the turn limit bounds them), are terminal exactly when no
    /// action is legal, and never see an illegal legal action.
    #[test]
    fn random_games_end_and_are_terminal_exactly_when_no_action_is_legal(
        seed in any::<u64>(), ruleset in 1i32..3, scenario in 0usize..SCENARIOS.len(), picks in prop::collection::vec(any::<u32>(), 2000)
    ) {
        let mut s = new_game(ruleset, seed, SCENARIOS[scenario].name);
        let mut legal = Vec::new();
        for p in picks {
            legal.clear();
            s.legal_actions_into(&mut legal);
            prop_assert_eq!(legal.is_empty(), s.outcome().is_some());
            if legal.is_empty() {
                break;
            }
            let a = legal[p as usize % legal.len()];
            s.apply(a, &mut Discard).unwrap();
            prop_assert!(s.header.turn <= MAX_TURNS);
        }
        prop_assert!(s.outcome().is_some(), "2000 random actions finish any game");
    }
}

#[test]
fn each_ruleset_has_a_balanced_scenario_and_tournaments_default_to_the_fairest() {
    for ruleset in [Ruleset::Egame, Ruleset::DimensionalRift] {
        let name = fray_core::rulesets::fairest_scenario(ruleset);
        let chosen = SCENARIOS.iter().find(|s| s.name == name).unwrap();
        assert!(chosen.balance(ruleset).is_balanced(), "{ruleset}: {name} {:?}", chosen.balance(ruleset));
        let off = |s: &fray_core::rulesets::zone::skirmish::Scenario| (s.balance(ruleset).seat0_score - 0.5).abs();
        for s in SCENARIOS.iter().filter(|s| s.balance(ruleset).is_balanced()) {
            assert!(off(chosen) <= off(s), "{ruleset}: {name} is less even than {}", s.name);
        }
    }
    // Without a number of players a tournament seats two: Dog Fight's duel.
    assert_eq!(fray_core::rulesets::fairest_scenario(Ruleset::DogFight), "duel");
    assert_eq!(fray_core::rulesets::fairest_scenario_for(Ruleset::DogFight, Some(4)), "melee");
    // A verdict needs 100 games: a fair score on fewer is not called balanced.
    let few = fray_core::rulesets::SeatBalance::two(0.5, 20);
    assert!(!few.is_balanced());
}
