//! The Castle Rampage game around the attack: the turn (`castle.turn.*`), the skirmish
//! (`castle.setup`, scenarios), the Game interface, and parsing submitted actions.
#![allow(clippy::unwrap_used, clippy::panic)]

mod common;

use common::castle::*;
use common::{illegal_rule, rules};
use fray_core::Ruleset;
use fray_core::SharedEvent;
use fray_core::event::Discard;
use fray_core::game::MAX_TURNS;
use fray_core::rulesets::castle_rampage::CastleActionSetup;
use fray_core::rulesets::castle_rampage::event::CastleEvent;
use fray_core::rulesets::castle_rampage::skirmish::SCENARIOS;
use fray_core::rulesets::castle_rampage::{CastleAction, CastleState, Structure};
use fray_core::setup::ChoiceSetup;
use fray_core::state::{Phase, PlayerId};
use fray_core::{ActionError, EventKind, Game, GameState, SetupError};
use proptest::prelude::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn castle(g: GameState) -> CastleState {
    match g {
        GameState::Castle(c) => c,
        other => panic!("not a Castle Rampage state: {other:?}"),
    }
}

fn new_game(seed: u64, scenario: &str) -> CastleState {
    castle(GameState::new_game(4, seed, scenario).unwrap().0)
}

fn invalid_fields(e: ActionError) -> Vec<String> {
    match e {
        ActionError::Invalid(v) => v.0.into_iter().map(|v| v.field).collect(),
        other => panic!("expected violations, got {other:?}"),
    }
}

#[test]
fn setup_deals_each_scenario_and_player_0_draws_2_into_deployment() {
    for scenario in SCENARIOS {
        let (g, events) = GameState::new_game(4, 11, scenario.name).unwrap();
        let s = castle(g);
        let extra = scenario.second_player;
        let second = (scenario.gate, scenario.castle + extra.castle);
        assert_eq!(
            (s.sides[0].gate.len(), s.sides[0].castle.len()),
            (scenario.gate, scenario.castle),
            "{}",
            scenario.name
        );
        assert_eq!((s.sides[1].gate.len(), s.sides[1].castle.len()), second, "{}", scenario.name);
        assert_eq!(s.sides[0].hand.len(), scenario.hand + 2, "player 0 drew 2");
        assert_eq!(s.sides[1].hand.len(), scenario.hand + extra.hand, "the second player's extra hand cards");
        assert!(s.sides[0].hand.iter().all(|c| c.owner == PlayerId(0)), "a drawn card becomes the drawer's");
        assert_eq!((s.header.turn, s.header.active_player, s.header.phase), (1, PlayerId(0), Phase::Deployment));
        assert_eq!(
            rules(&events),
            ["castle.setup", "castle.turn.draw", "castle.turn.draw", "castle.turn.phase"],
            "{}",
            scenario.name
        );
    }
}

#[test]
fn the_same_seed_gives_the_same_game_and_another_seed_another() {
    assert_eq!(new_game(42, "standard"), new_game(42, "standard"));
    assert_ne!(new_game(42, "standard").sides[0].castle, new_game(43, "standard").sides[0].castle);
    assert_eq!(new_game(42, ""), new_game(42, "standard"), "the first scenario is the default");
}

#[test]
fn every_card_has_a_unique_id_and_a_new_game_round_trips() {
    let s = new_game(3, "siege");
    let mut ids: Vec<String> = s.cards().map(|c| c.id.to_string()).collect();
    let n = ids.len();
    ids.sort();
    ids.dedup();
    assert_eq!(ids.len(), n);
    assert_eq!(ids.first().map(String::as_str), Some("c01"));
    assert_eq!(castle(GameState::from_setup(&s.to_setup().into()).unwrap()), s);
}

#[test]
fn unknown_scenarios_are_refused_naming_the_known_ones() {
    let Err(SetupError::Invalid(v)) = GameState::new_game(4, 0, "chess") else { panic!() };
    assert_eq!(v.0[0].field, "scenario");
    assert!(v.0[0].description.contains("standard") && v.0[0].description.contains("siege"));
}

#[test]
fn the_catalogue_lists_castle_rampage_with_its_measured_balanced_scenarios() {
    let info = fray_core::rulesets::catalogue().into_iter().find(|i| i.ruleset == Ruleset::CastleRampage).unwrap();
    assert_eq!(info.name, "castle-rampage");
    let names: Vec<_> = info.scenarios.iter().map(|s| s.name).collect();
    assert_eq!(names, ["standard", "siege", "raid"]);
    // Measured with `fray bench seats` (docs/benchmarks.md): 100 games each, all fair
    // once the second player is compensated.
    assert!(info.scenarios.iter().all(|s| s.balance.games >= 100 && s.balance.is_balanced()), "{info:?}");
    assert_eq!(fray_core::rulesets::fairest_scenario(Ruleset::CastleRampage), "raid", "51.5% is nearest even");
}

// docs/rules.md "may add one card from hand to the bottom of your Gate or Castle".
// (castle.turn.reinforce)
#[test]
fn reinforce_puts_a_hand_card_at_the_bottom_of_a_structure_and_ends_deployment() {
    let mut g = GameState::Castle(new_game(5, "standard"));
    let before = castle(g.clone());
    let card = before.sides[0].hand[1].id.to_string();
    let events = g.apply_action(&reinforce(&card, "castle"), "action").unwrap();
    assert_eq!(events[0].rule, "castle.turn.reinforce");
    assert!(
        matches!(&events[0].kind, EventKind::Castle(CastleEvent::CardReturned { card: c, to: "castle" }) if c.as_str() == card)
    );
    assert!(matches!(events[1].kind, EventKind::Shared(SharedEvent::PhaseChanged { phase: Phase::Event, .. })));
    let after = castle(g.clone());
    assert_eq!(after.sides[0].castle.last().unwrap().id.as_str(), card, "at the bottom");
    assert_eq!(after.sides[0].castle[..before.sides[0].castle.len()], before.sides[0].castle[..]);
    assert_eq!(after.sides[0].hand.len(), before.sides[0].hand.len() - 1);
    // One card per turn: the Deployment is over.
    let other = after.sides[0].hand[0].id.to_string();
    let err = g.apply_action(&reinforce(&other, "gate"), "action").unwrap_err();
    assert_eq!(illegal_rule(err), "castle.turn.reinforce");
    assert_eq!(castle(g), after);
}

#[test]
fn reinforcing_with_the_opponents_card_is_refused() {
    let mut g = GameState::Castle(new_game(5, "standard"));
    let before = g.clone();
    let theirs = castle(g.clone()).sides[1].hand[0].id.to_string();
    let err = g.apply_action(&reinforce(&theirs, "gate"), "action").unwrap_err();
    assert_eq!(illegal_rule(err), "castle.turn.active_player");
    assert_eq!(g, before);
}

// (castle.turn.phase, castle.turn.draw)
#[test]
fn ending_the_event_passes_the_turn_and_the_next_player_draws_2() {
    let mut s = new_game(8, "standard");
    s.apply(CastleAction::EndPhase, &mut Discard).unwrap(); // Deployment -> Event
    assert_eq!(s.header.phase, Phase::Event);
    let hand1 = s.sides[1].hand.len();
    let top = s.draw_pile[..2].to_vec();
    let mut events = Vec::new();
    s.apply(CastleAction::EndPhase, &mut events).unwrap();
    assert_eq!(rules(&events), ["castle.turn.phase", "castle.turn.draw", "castle.turn.draw", "castle.turn.phase"]);
    assert!(matches!(
        events[0].kind,
        EventKind::Shared(SharedEvent::PhaseChanged { phase: Phase::Draw, turn: 2, active_player: PlayerId(1) })
    ));
    assert_eq!((s.header.turn, s.header.active_player, s.header.phase), (2, PlayerId(1), Phase::Deployment));
    assert_eq!(s.sides[1].hand.len(), hand1 + 2);
    assert_eq!(
        s.sides[1].hand[hand1..].iter().map(|c| &c.id).collect::<Vec<_>>(),
        top.iter().map(|c| &c.id).collect::<Vec<_>>(),
        "from the top"
    );
}

#[test]
fn the_draw_takes_as_many_cards_as_the_pile_has() {
    let b = Cb::bare()
        .castle(0, vec![card("c0", 0, 1, 1)])
        .castle(1, vec![card("c1", 0, 1, 1)])
        .hand(1, vec![card("h", 3, 1, 1)])
        .draw_pile(vec![card("last", 2, 1, 1)])
        .phase(EVENT, 3);
    let mut g = b.build();
    let events = g.apply_action(&CastleActionSetup::EndPhase.into(), "action").unwrap();
    assert_eq!(events.iter().filter(|e| e.rule == "castle.turn.draw").count(), 1);
    let s = castle(g);
    assert!(s.draw_pile.is_empty());
    assert_eq!(ids(&board_of(&GameState::Castle(s.clone())).sides[1].hand), ["h", "last"]);
}

#[test]
fn phases_with_nothing_to_choose_pass_by_themselves() {
    // Player 1 has an empty hand and draws nothing: Deployment and Event pass, and the
    // turn comes back to player 0.
    let b = Cb::bare()
        .castle(0, vec![card("c0", 0, 1, 1)])
        .castle(1, vec![card("c1", 0, 1, 1)])
        .hand(0, vec![card("a", 3, 1, 1), card("b", 3, 1, 1)])
        .phase(EVENT, 3);
    let mut g = b.build();
    let events = g.apply_action(&CastleActionSetup::EndPhase.into(), "action").unwrap();
    let phases: Vec<_> = events
        .iter()
        .filter_map(|e| match e.kind {
            EventKind::Shared(SharedEvent::PhaseChanged { phase, turn, active_player }) => {
                Some((phase, turn, active_player.0))
            }
            _ => None,
        })
        .collect();
    assert_eq!(
        phases,
        [
            (Phase::Draw, 4, 1),
            (Phase::Deployment, 4, 1),
            (Phase::Event, 4, 1),
            (Phase::Draw, 5, 0),
            (Phase::Deployment, 5, 0)
        ]
    );
}

// (castle.turn.limit)
#[test]
fn the_game_is_a_draw_once_turn_60_ends() {
    let b = Cb::bare()
        .castle(0, vec![card("c0", 0, 1, 1)])
        .castle(1, vec![card("c1", 0, 1, 1)])
        .hand(0, vec![card("a", 3, 1, 1)])
        .phase(EVENT, MAX_TURNS);
    let mut g = b.build();
    let events = g.apply_action(&CastleActionSetup::EndPhase.into(), "action").unwrap();
    assert_eq!(events.last().unwrap().rule, "castle.turn.limit");
    assert!(matches!(events.last().unwrap().kind, EventKind::Shared(SharedEvent::GameOver { winner: None })));
    assert_eq!(g.outcome(), Some(fray_core::Outcome::Draw));
    assert!(g.legal_actions().is_empty());
}

// (castle.turn.dead_position)
#[test]
fn the_game_is_a_draw_when_no_card_left_can_break_either_castles_top() {
    // Both Castles are topped by a Stone Wall (Castle defense 7); the cards left to
    // attack with (hands, draw pile) reach 6 at most. The Gates could still fall, but
    // nobody can ever win: at the next draw the game ends.
    let wall = |id: &str| card(id, 0, 4, 7);
    let b = Cb::bare()
        .gate(0, vec![card("g0", 3, 2, 2)])
        .castle(0, vec![wall("w0"), card("c0", 3, 1, 1)])
        .castle(1, vec![wall("w1"), card("c1", 3, 1, 1)])
        .hand(0, vec![card("militia", 3, 2, 2)])
        .hand(1, vec![card("knight", 6, 3, 4)])
        .draw_pile(vec![card("archer", 4, 1, 3)])
        .phase(EVENT, 9);
    let mut g = b.build();
    let events = g.apply_action(&CastleActionSetup::EndPhase.into(), "action").unwrap();
    assert_eq!(rules(&events), ["castle.turn.phase", "castle.turn.dead_position"]);
    assert!(matches!(events.last().unwrap().kind, EventKind::Shared(SharedEvent::GameOver { winner: None })));
    assert_eq!(g.outcome(), Some(fray_core::Outcome::Draw));
    assert!(g.legal_actions().is_empty());
    // A card that ties the wall destroys it: an Ogre (7) in the draw pile, or in either
    // hand, keeps the game going; so does a weaker Castle top on one side.
    let goes_on = [
        b.clone().draw_pile(vec![card("ogre", 7, 4, 6)]),
        b.clone().hand(1, vec![card("ogre", 7, 4, 6)]),
        b.clone().castle(0, vec![card("hut", 0, 1, 6), wall("w0")]),
    ];
    for b in goes_on {
        let mut g = b.build();
        let events = g.apply_action(&CastleActionSetup::EndPhase.into(), "action").unwrap();
        assert!(!rules(&events).contains(&"castle.turn.dead_position"), "{:?}", rules(&events));
        assert_eq!(g.outcome(), None);
    }
}

// (castle.turn.no_progress)
#[test]
fn the_game_is_a_draw_after_five_rounds_without_progress() {
    // Both players could still win, but for 10 turns (five rounds) no card was
    // destroyed, added to a Gate or Castle, or drawn.
    let b = |count: u32| {
        let mut b = Cb::bare()
            .castle(0, vec![card("c0", 0, 1, 5)])
            .castle(1, vec![card("c1", 0, 1, 5)])
            .hand(0, vec![card("ram", 9, 1, 1), card("spare", 9, 1, 1)])
            .hand(1, vec![card("troll", 8, 4, 5)])
            .phase(EVENT, 30);
        b.0.header.turns_without_progress = count;
        b.build()
    };
    let mut g = b(10);
    let events = g.apply_action(&CastleActionSetup::EndPhase.into(), "action").unwrap();
    assert_eq!(rules(&events), ["castle.turn.no_progress"]);
    assert!(matches!(events.last().unwrap().kind, EventKind::Shared(SharedEvent::GameOver { winner: None })));
    assert!(g.legal_actions().is_empty());
    // A turn short of it, the next turn begins, counted.
    let mut g = b(9);
    g.apply_action(&CastleActionSetup::EndPhase.into(), "action").unwrap();
    let s = setup_of(&g);
    assert_eq!((s.header.turn, s.header.turns_without_progress, g.outcome()), (31, 10, None));
    // Progress, here a card added to the Gate, sets the count back to 0 (an attack
    // would win at once: the ram breaks the Castle).
    let mut g = Cb(setup_of(&b(10))).phase(DEPLOYMENT, 30).build();
    g.apply_action(&reinforce("spare", "gate"), "action").unwrap();
    assert_eq!(setup_of(&g).header.turns_without_progress, 0);
    let events = g.apply_action(&CastleActionSetup::EndPhase.into(), "action").unwrap();
    assert!(!rules(&events).contains(&"castle.turn.no_progress"), "{:?}", rules(&events));
    assert_eq!((setup_of(&g).header.turn, setup_of(&g).header.turns_without_progress, g.outcome()), (31, 1, None));
}

// (castle.turn.stalemate)
#[test]
fn the_game_is_a_draw_when_no_card_can_attack_any_more() {
    let b = Cb::bare()
        .castle(0, vec![card("c0", 0, 1, 1)])
        .castle(1, vec![card("c1", 0, 1, 1)])
        .hand(0, vec![card("wall", 0, 5, 5)])
        .draw_pile(vec![card("wall2", 0, 5, 5)])
        .phase(EVENT, 7);
    let mut g = b.build();
    let events = g.apply_action(&CastleActionSetup::EndPhase.into(), "action").unwrap();
    assert_eq!(rules(&events), ["castle.turn.phase", "castle.turn.stalemate"]);
    assert_eq!(g.outcome(), Some(fray_core::Outcome::Draw));
    // With an attack card left in the draw pile the game goes on.
    let b = b.draw_pile(vec![card("ram", 9, 1, 1)]);
    let mut g = b.build();
    g.apply_action(&CastleActionSetup::EndPhase.into(), "action").unwrap();
    assert_eq!(g.outcome(), None);
}

// (castle.turn.bare, castle.game_over)
#[test]
fn a_bare_board_only_plays_attack_cards() {
    let b = Cb::bare()
        .castle(0, vec![card("c0", 0, 1, 1)])
        .castle(1, vec![card("c1", 0, 1, 9), card("c2", 0, 1, 1)])
        .hand(0, vec![card("wall", 0, 5, 5), card("a", 3, 1, 1)]);
    let mut g = b.build();
    assert_eq!(g.legal_actions(), [fray_core::ActionSetup::Castle(CastleActionSetup::Strike(attack_setup("a")))]);
    for action in [fray_core::ActionSetup::Castle(CastleActionSetup::EndPhase), reinforce("wall", "gate")] {
        assert_eq!(illegal_rule(g.apply_action(&action, "action").unwrap_err()), "castle.turn.bare");
        assert_eq!(g, b.build());
    }
    attack(&mut g, "a");
    assert_eq!(setup_of(&g).header.phase, 0, "a bare board stays bare");
    assert_eq!(g.to_move(), None, "only the wall is left: nobody can act");
    assert_eq!(g.outcome(), None);
}

#[test]
fn a_finished_game_refuses_every_action() {
    let mut b = Cb::bare().castle(0, vec![card("c0", 0, 1, 1)]).hand(0, vec![card("a", 3, 1, 1)]).phase(GAME_OVER, 9);
    b.0.header.winner = Some(0);
    let mut g = b.build();
    for action in [
        fray_core::ActionSetup::Castle(CastleActionSetup::EndPhase),
        reinforce("a", "gate"),
        fray_core::ActionSetup::Castle(CastleActionSetup::Strike(attack_setup("a"))),
    ] {
        assert_eq!(illegal_rule(g.apply_action(&action, "action").unwrap_err()), "castle.game_over");
    }
    assert_eq!(g, b.build());
    assert_eq!(g.outcome(), Some(fray_core::Outcome::Win(PlayerId(0))));
}

#[test]
fn legal_actions_come_in_the_documented_order() {
    let b = Cb::bare()
        .castle(0, vec![card("c0", 0, 1, 1)])
        .castle(1, vec![card("c1", 0, 1, 1)])
        .hand(0, vec![card("a", 3, 1, 1), card("wall", 0, 5, 5), card("b", 2, 1, 1)]);
    let deploy = castle(b.clone().phase(DEPLOYMENT, 1).build());
    let p = PlayerId(0);
    let r = |hand_index, structure| CastleAction::Reinforce { player: p, hand_index, structure };
    assert_eq!(
        deploy.legal_actions(),
        [
            r(0, Structure::Gate),
            r(0, Structure::Castle),
            r(1, Structure::Gate),
            r(1, Structure::Castle),
            r(2, Structure::Gate),
            r(2, Structure::Castle),
            CastleAction::EndPhase
        ]
    );
    let event = castle(b.phase(EVENT, 1).build());
    assert_eq!(
        event.legal_actions(),
        [
            CastleAction::Strike { player: p, hand_index: 0 },
            CastleAction::Strike { player: p, hand_index: 2 },
            CastleAction::EndPhase
        ]
    );
    let g = GameState::Castle(event);
    assert_eq!(g.legal_actions()[1], fray_core::ActionSetup::Castle(CastleActionSetup::Strike(attack_setup("b"))));
}

#[test]
fn submitted_actions_are_parsed_with_field_paths() {
    let mut g = Cb::bare()
        .castle(0, vec![card("c0", 0, 1, 1)])
        .castle(1, vec![card("c1", 0, 1, 1)])
        .hand(0, vec![card("a", 3, 1, 1)])
        .phase(DEPLOYMENT, 1)
        .build();
    let before = g.clone();
    // A summon and a strike aimed at a zone or a defender are the wire's fields, which
    // the service's convert module refuses (service/tests/ruleset_fields.rs).
    let choice = fray_core::ActionSetup::Castle(CastleActionSetup::Choice(ChoiceSetup::Decline(true)));
    assert_eq!(invalid_fields(g.apply_action(&choice, "action").unwrap_err()), ["action.choice"]);
    assert_eq!(invalid_fields(g.apply_action(&CastleActionSetup::Missing.into(), "action").unwrap_err()), ["action"]);
    assert_eq!(
        invalid_fields(g.apply_action(&reinforce("", "moat"), "action").unwrap_err()),
        ["action.reinforce.card", "action.reinforce.structure"]
    );
    let err = g.resolve_strike(&attack_setup("a").into(), &[ChoiceSetup::Decline(true)]).unwrap_err();
    assert!(matches!(err, ActionError::Illegal(_)), "the strike itself is refused in Deployment first");
    assert_eq!(g, before);
    let mut bare = Cb::bare()
        .castle(0, vec![card("c0", 0, 1, 1)])
        .castle(1, vec![card("c1", 0, 9, 9)])
        .hand(0, vec![card("a", 3, 1, 1)])
        .build();
    let err = bare.resolve_strike(&attack_setup("a").into(), &[ChoiceSetup::Decline(true)]).unwrap_err();
    assert_eq!(invalid_fields(err), ["choices[0]"], "Castle Rampage asks no decisions");
}

/// Plays a skirmish with random legal actions drawn from `rng_seed`; the final state and
/// every event.
fn random_game(seed: u64, scenario: &str, rng_seed: u64) -> (CastleState, Vec<fray_core::Event>) {
    let (g, mut events) = GameState::new_game(4, seed, scenario).unwrap();
    let mut s = castle(g);
    let mut rng = ChaCha8Rng::seed_from_u64(rng_seed);
    let mut legal = Vec::new();
    loop {
        legal.clear();
        s.legal_actions_into(&mut legal);
        if legal.is_empty() {
            break;
        }
        let a = legal[rng.random_range(0..legal.len())];
        s.apply(a, &mut events).unwrap();
    }
    (s, events)
}

#[test]
fn a_skirmish_from_a_seed_plays_to_the_end_with_random_legal_actions_deterministically() {
    for scenario in SCENARIOS {
        let (s, events) = random_game(2024, scenario.name, 7);
        assert!(s.outcome().is_some(), "{}", scenario.name);
        assert!(s.header.turn <= MAX_TURNS);
        assert!(matches!(events.last().unwrap().kind, EventKind::Shared(SharedEvent::GameOver { .. })));
        assert_eq!(s.cards().count(), 37, "no card is lost or made");
        assert_eq!(random_game(2024, scenario.name, 7), (s, events), "{}", scenario.name);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Random games end well inside the turn limit's bound, are terminal exactly when no
    /// action is legal, and a finished game's heuristic is its result.
    #[test]
    fn random_skirmishes_end_and_are_terminal_exactly_when_no_action_is_legal(
        seed in any::<u64>(), scenario in 0usize..SCENARIOS.len(), picks in prop::collection::vec(any::<u32>(), 600)
    ) {
        let mut s = new_game(seed, SCENARIOS[scenario].name);
        let mut legal = Vec::new();
        for p in picks {
            legal.clear();
            s.legal_actions_into(&mut legal);
            prop_assert_eq!(legal.is_empty(), s.outcome().is_some());
            if legal.is_empty() {
                break;
            }
            s.apply(legal[p as usize % legal.len()], &mut Discard).unwrap();
            prop_assert!(s.header.turn <= MAX_TURNS);
        }
        prop_assert!(s.outcome().is_some(), "600 random actions finish any game");
        prop_assert_eq!(Some(s.heuristic()), s.returns());
    }
}

// Fray reading (castle.effect.veteran): a losing Veteran returns to its owner's hand and
// that ends the turn; otherwise it could lose the same attack again and again (the
// defender holds, nothing changes), a cycle of identical states.
#[test]
fn a_veteran_returning_to_the_hand_ends_the_turn() {
    let mut g = Cb::bare()
        .castle(0, vec![card("c0", 0, 1, 1)])
        .gate(1, vec![card("g", 0, 9, 9)])
        .castle(1, vec![card("c1", 0, 1, 1)])
        .hand(0, vec![purple("vet", 5, 3, 4, VETERAN), card("a", 3, 1, 1)])
        .hand(1, vec![card("b", 3, 1, 1)])
        .phase(EVENT, 3)
        .build();
    let events = attack(&mut g, "vet");
    assert_eq!(
        rules(&events),
        [
            "castle.attack.target",
            "castle.effect.veteran",
            "castle.attack.weaker",
            "castle.attack.weaker",
            "castle.effect.veteran",
            "castle.turn.phase",
        ]
    );
    assert!(matches!(
        events[4].kind,
        EventKind::Shared(SharedEvent::PhaseChanged { phase: Phase::Draw, turn: 4, active_player: PlayerId(1) })
    ));
    assert_eq!(ids(&board_of(&g).sides[0].hand), ["a", "vet"]);
    // On a bare board (no turns) the Veteran simply returns.
    let board = |seen: Vec<u32>| {
        let (mut c1, mut vet) = (card("c1", 0, 9, 9), purple("vet", 5, 3, 4, VETERAN));
        (c1.seen_by, vet.seen_by) = (seen.clone(), seen);
        Cb::bare().castle(0, vec![card("c0", 0, 1, 1)]).castle(1, vec![c1]).hand(0, vec![vet]).build()
    };
    let mut bare = board(vec![]);
    attack(&mut bare, "vet");
    assert_eq!(bare, board(vec![0, 1]), "the same board again, the two cards now seen by both (castle.hidden.seen)");
}
