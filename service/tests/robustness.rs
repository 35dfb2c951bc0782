//! Robustness over a real tonic channel: real mid-game states of every ruleset and
//! built-in scenario the server deals, mutated field by field and sent to every RPC
//! (the harness is `fray_testkit::robust`, `service/tests/testkit/src/robust/`, shared with
//! the fuzz targets in `fuzz/`). Every answer is a result or a clear status, never a
//! panic, INTERNAL, UNKNOWN or a hang; states answered OK load again. Then one named
//! test per bug the property found.
//!
//! `PROPTEST_CASES=100000 cargo test -p fray-service --test robustness --release` runs
//! it longer (add `CARGO_PROFILE_RELEASE_OVERFLOW_CHECKS=true` to catch overflows too).
#![allow(missing_docs, clippy::unwrap_used, clippy::panic)]

use std::cell::RefCell;
use std::collections::BTreeMap;
use std::time::Duration;

use fray_core::Ruleset;
use fray_proto::fray::v1 as pb;
use fray_testkit::prelude::*;
use fray_testkit::robust::{
    Api, Case, Kind, Mutation, ODD_SCENARIOS, Origin, fields, mutate, new_game_scenarios, served,
};
use pb::agent_client::AgentClient;
use proptest::collection::vec;
use proptest::prelude::*;
use proptest::test_runner::{Config, FileFailurePersistence, TestCaseError, TestRunner};

/// Cases per run unless PROPTEST_CASES says otherwise: about 128 for each of the five
/// served rulesets, so that the tally's requirements below hold on every run (the
/// rarest, a Dog Fight strike reaching the rules, came in one Dog Fight case in 11.6
/// over 2000 cases: missing it in a run has odds of about 1 in 100 000; with 384
/// cases, as when four rulesets were served, they were about 1 in 1000).
const CASES: u32 = 640;

fn mutation() -> impl Strategy<Value = Mutation> {
    (prop::sample::select(Kind::ALL.to_vec()), any::<usize>(), any::<usize>())
        .prop_map(|(kind, site, value)| Mutation { kind, site, value })
}

fn ruleset_name(wire: i32) -> &'static str {
    Ruleset::from_wire(wire).map_or("?", Ruleset::wire_name)
}

/// The most scenarios a served ruleset has.
fn most_scenarios() -> usize {
    served().iter().map(|s| s.scenarios.len()).max().unwrap_or(1)
}

fn origin() -> impl Strategy<Value = Origin> {
    // Every served ruleset alike; early states (no creature yet, or few) as often as
    // later ones.
    let rulesets = u8::try_from(served().len()).unwrap();
    let picks = prop_oneof![vec(any::<u16>(), 0..4), vec(any::<u16>(), 0..60)];
    (0..rulesets, 0..most_scenarios(), any::<u64>(), picks, 0u8..3)
        .prop_map(|(ruleset, scenario, seed, picks, stop)| Origin { ruleset, scenario, seed, picks, stop })
}

fn case() -> impl Strategy<Value = Case> {
    (
        origin(),
        prop_oneof![1 => Just(Vec::new()), 4 => vec(mutation(), 1..4)],
        (
            any::<usize>(),
            any::<usize>(),
            prop_oneof![3 => (0u32..2, 0u32..5), 1 => (any::<u32>(), any::<u32>())],
            // The strike as it is two times in three.
            prop_oneof![2 => Just(0u8), 1 => 2u8..4],
            // Choices one time in three: a strike that raises no decision (every Castle
            // strike, most others) refuses them.
            prop_oneof![2 => Just(Vec::new()), 1 => vec((0u8..5, any::<usize>()), 1..3)],
        ),
        (0u8..8, any::<u64>()),
        // NewGame: a served ruleset and a built-in scenario half of the time.
        (
            prop_oneof![0..served().len(), any::<usize>()],
            any::<u64>(),
            prop_oneof![0..new_game_scenarios().len() - ODD_SCENARIOS.len(), any::<usize>()],
        ),
    )
        .prop_map(|(origin, mutations, (action, attacker, target, dress, choices), (player, seed), new_game)| {
            Case { origin, mutations, action, attacker, target, dress, choices, player, seed, new_game }
        })
}

#[test]
fn every_rpc_answers_mutated_mid_game_states_with_a_result_or_a_clear_status() {
    let runtime = tokio::runtime::Runtime::new().unwrap();
    let server = runtime.block_on(TestServer::start());
    // A failing case is kept in tests/robustness.proptest-regressions and tried first
    // on the next runs.
    let mut config = Config {
        source_file: Some(file!()),
        failure_persistence: Some(Box::new(FileFailurePersistence::WithSource("proptest-regressions"))),
        ..Config::default()
    };
    if std::env::var_os("PROPTEST_CASES").is_none() {
        config.cases = CASES;
    }
    // Answers by the origin's ruleset, RPC and code.
    let tally: RefCell<BTreeMap<(&str, &str, String), u64>> = RefCell::default();
    let result = TestRunner::new(config).run(&case(), |case| {
        let mut api = Api::new(server.channel.clone(), Duration::from_secs(10));
        let answers = runtime.block_on(api.exercise(&case)).map_err(TestCaseError::fail)?;
        let ruleset = ruleset_name(case.origin.dealt().0);
        for (rpc, code) in answers {
            *tally.borrow_mut().entry((ruleset, rpc, format!("{code:?}"))).or_default() += 1;
        }
        Ok(())
    });
    // What the cases met, for `--nocapture`: every RPC should see both results and
    // rejections, from every served ruleset's states.
    for ((ruleset, rpc, code), n) in tally.borrow().iter() {
        println!("{ruleset:<24} {rpc:>13} {code:<18} {n}");
    }
    if let Err(e) = result {
        panic!("{e}");
    }
    // The cases are not all rejected at the door (results of LegalActions, ApplyAction
    // and ChooseAction come in a fifth of a ruleset's cases or more, a strike reaching
    // the rules in a seventh or more).
    let tally = tally.into_inner();
    let met = |ruleset, rpc, code: &str| tally.contains_key(&(ruleset, rpc, code.to_owned()));
    for served in served() {
        let ruleset = ruleset_name(served.ruleset);
        for rpc in ["LegalActions", "ApplyAction", "ChooseAction"] {
            assert!(met(ruleset, rpc, "Ok"), "no {ruleset} case reached a result of {rpc}");
        }
        assert!(
            met(ruleset, "ResolveStrike", "Ok") || met(ruleset, "ResolveStrike", "FailedPrecondition"),
            "no {ruleset} strike reached the rules"
        );
    }
    assert!(
        tally.keys().any(|(_, rpc, code)| *rpc == "NewGame" && code == "Ok"),
        "no case reached a result of NewGame"
    );
    runtime.block_on(server.shutdown()).unwrap();
}

/// The harness itself: it deals every served ruleset, Castle Rampage included, from
/// each of its scenarios, and Castle games stop where `Origin::stop` asks.
#[test]
fn the_harness_deals_every_served_ruleset_and_stops_castle_games_where_asked() {
    let castle = served_index(Ruleset::CastleRampage);
    for (r, s) in served().iter().enumerate() {
        for scenario in 0..s.scenarios.len() {
            let origin = Origin { ruleset: r as u8, scenario, seed: 1, picks: vec![], stop: 0 };
            let (state, legal) = origin.play();
            assert_eq!((state.ruleset, origin.dealt()), (s.ruleset, (s.ruleset, s.scenarios[scenario])));
            assert!(!legal.is_empty(), "{:?}", origin.dealt());
        }
    }
    let is = |a: &pb::Action, f: fn(&pb::action::Action) -> bool| a.action.as_ref().is_some_and(f);
    let (mut deployments, mut events) = (0, 0);
    for seed in 0..20u64 {
        // Moves from the seed, so that the games differ.
        let picks: Vec<u16> = (0..40u64).map(|i| (seed.wrapping_mul(7919) ^ i.wrapping_mul(104_729)) as u16).collect();
        for stop in [1, 2] {
            let origin = Origin { ruleset: castle, scenario: seed as usize, seed, picks: picks.clone(), stop };
            let (state, legal) = origin.play();
            let board = state.castle_rampage.as_ref().unwrap();
            let hand = &board.sides[state.active_player as usize].hand;
            if stop == 1 && state.phase == pb::Phase::Deployment as i32 && !hand.is_empty() {
                assert!(legal.iter().any(|a| is(a, |a| matches!(a, pb::action::Action::Reinforce(_)))));
                deployments += 1;
            }
            if stop == 2 && state.phase == pb::Phase::Event as i32 {
                assert!(hand.iter().any(|c| c.attack > 0));
                assert!(legal.iter().any(|a| is(a, |a| matches!(a, pb::action::Action::Strike(_)))));
                events += 1;
            }
        }
    }
    assert!(deployments >= 10 && events >= 10, "{deployments} Deployment and {events} Event stops in 20 games");
}

/// The index of `ruleset` in [`served`].
fn served_index(ruleset: Ruleset) -> u8 {
    let at = served().iter().position(|s| s.ruleset == ruleset.wire());
    u8::try_from(at.unwrap_or_else(|| panic!("{ruleset} is served"))).unwrap()
}

/// KeyForge games stop where `Origin::stop` asks: at a pending ORDER or TARGET
/// decision (whose options are the legal actions), or in PHASE_EVENT with a fight to
/// start.
#[test]
fn the_harness_stops_keyforge_games_at_decisions_and_in_the_event_with_a_fight() {
    let keyforge = served_index(Ruleset::Keyforge);
    let kinds = [pb::DecisionKind::Order as i32, pb::DecisionKind::Target as i32];
    let (mut decisions, mut events) = (0, 0);
    for seed in 0..20u64 {
        let picks: Vec<u16> = (0..40u64).map(|i| (seed.wrapping_mul(7919) ^ i.wrapping_mul(104_729)) as u16).collect();
        for stop in [1, 2] {
            let origin = Origin { ruleset: keyforge, scenario: seed as usize, seed, picks: picks.clone(), stop };
            let (state, legal) = origin.play();
            assert!(state.keyforge.is_some());
            // Where the game is after all the moves: the stop was not met.
            let played_out = state == Origin { stop: 0, ..origin.clone() }.play().0;
            let choices = legal.iter().filter(|a| matches!(a.action, Some(pb::action::Action::Choice(_)))).count();
            match &state.pending {
                Some(d) if stop == 1 => {
                    assert!(kinds.contains(&d.kind) && !d.may_decline, "{d:?}");
                    assert!(!state.keyforge.as_ref().unwrap().resolution.is_empty());
                    assert_eq!(choices, d.options.len());
                    decisions += 1;
                }
                None if stop == 2 && !played_out => {
                    assert_eq!(state.phase, pb::Phase::Event as i32);
                    assert!(legal.iter().any(|a| matches!(a.action, Some(pb::action::Action::Strike(_)))));
                    events += 1;
                }
                _ => {}
            }
        }
    }
    assert!(decisions >= 10 && events >= 10, "{decisions} decision and {events} Event stops in 20 games");
}

/// A KeyForge state whose resolution holds one step of each kind, and whose sides
/// hold discards and hands: every list and name of the board is there.
fn full_keyforge_state() -> pb::GameState {
    use pb::keyforge_step::Step;
    let origin = Origin { ruleset: served_index(Ruleset::Keyforge), scenario: 0, seed: 1, picks: vec![], stop: 0 };
    let mut state = origin.play().0;
    let board = state.keyforge.as_mut().unwrap();
    let steps = [
        Step::Fight(pb::KeyforgeFight { attacker: "a".into(), defender: "d".into(), stage: 1, ..Default::default() }),
        Step::Window(pb::KeyforgeWindow { kind: 1, items: vec!["a:assault".into()] }),
        Step::Destruction(pb::KeyforgeDestruction { tagged: vec!["d".into()], items: vec!["d.destroyed".into()] }),
        Step::Target("d.destroyed".into()),
    ];
    board.resolution = steps.into_iter().map(|step| pb::KeyforgeStep { step: Some(step) }).collect();
    for side in &mut board.sides {
        side.discard = vec!["Raider Captain".into()];
        side.hand = vec!["Thornback".into()];
    }
    state
}

/// Mutations reach every field of the KeyForge board: its numbers, bools and enums,
/// its names, its lists, its steps' kinds, and the board itself.
#[test]
fn the_harness_mutates_every_field_of_a_keyforge_board() {
    let mut state = full_keyforge_state();
    let creature = "keyforge.sides[*].battleline[*]";
    let step = "keyforge.resolution[*]";
    let expect = |kind: Kind, state: &mut pb::GameState, wanted: Vec<String>| {
        let fields = fields(state, kind);
        let missing: Vec<&String> = wanted.iter().filter(|f| !fields.contains(*f)).collect();
        assert!(missing.is_empty(), "{kind:?} misses {missing:?}; it has {fields:?}");
    };
    let mut numbers: Vec<String> = ["amber", "keys"].iter().map(|f| format!("keyforge.sides[*].{f}")).collect();
    let creature_numbers = [
        "owner",
        "power",
        "armor",
        "armor_used",
        "damage",
        "amber",
        "assault",
        "hazardous",
        "ward",
        "stunned",
        "exhausted",
        "taunt",
        "elusive",
        "elusive_used",
        "skirmish",
        "poison",
        "invulnerable",
        "abilities[*].trigger",
        "abilities[*].effect",
        "abilities[*].amount",
        "abilities[*].target",
    ];
    numbers.extend(creature_numbers.iter().map(|f| format!("{creature}.{f}")));
    let step_numbers = ["fight.stage", "fight.elusive", "fight.exchanged", "window.kind"];
    numbers.extend(step_numbers.iter().map(|f| format!("{step}.{f}")));
    expect(Kind::Number, &mut state, numbers);
    let mut texts: Vec<String> = ["id", "name", "abilities[*].id"].iter().map(|f| format!("{creature}.{f}")).collect();
    texts.extend(["discard[*]", "hand[*]"].iter().map(|f| format!("keyforge.sides[*].{f}")));
    let step_texts = [
        "fight.attacker",
        "fight.defender",
        "window.items[*]",
        "destruction.tagged[*]",
        "destruction.items[*]",
        "target",
    ];
    texts.extend(step_texts.iter().map(|f| format!("{step}.{f}")));
    expect(Kind::Text, &mut state, texts);
    let lists = [
        "keyforge.sides",
        "keyforge.resolution",
        "keyforge.sides[*].battleline",
        "keyforge.sides[*].discard",
        "keyforge.sides[*].hand",
        "keyforge.sides[*].battleline[*].abilities",
        "keyforge.resolution[*].window.items",
        "keyforge.resolution[*].destruction.tagged",
        "keyforge.resolution[*].destruction.items",
    ];
    expect(Kind::Remove, &mut state, lists.iter().map(|&f| f.to_owned()).collect());
    expect(Kind::Toggle, &mut state, vec!["keyforge".into(), format!("{step}.step")]);
}

/// The `keyforge` toggle drops the board from a KeyForge state and grafts one (a
/// default or a real one from a fresh game) onto the other rulesets' states; an empty
/// resolution is filled with a step.
#[test]
fn the_keyforge_toggle_drops_the_board_or_grafts_a_real_one() {
    // The toggle site named `keyforge`, found by trying each site.
    let toggle = |state: &pb::GameState, path: &str, value: usize| {
        (0..500).find_map(|site| {
            let mut s = state.clone();
            let what = mutate(&mut s, Mutation { kind: Kind::Toggle, site, value })?;
            what.starts_with(&format!("{path} ")).then_some((s, what))
        })
    };
    let (dropped, what) = toggle(&full_keyforge_state(), "keyforge", 0).expect("a keyforge toggle");
    assert_eq!((what.as_str(), dropped.keyforge.as_ref()), ("keyforge dropped", None));
    for r in served() {
        if r.ruleset == Ruleset::Keyforge.wire() {
            continue;
        }
        let origin = Origin { ruleset: served_index(Ruleset::from_wire(r.ruleset).unwrap()), ..Default::default() };
        let (state, _) = origin.play();
        let (grafted, _) = toggle(&state, "keyforge", 1).expect("a keyforge toggle");
        let board = grafted.keyforge.unwrap();
        assert_eq!(board.sides.len(), 2);
        assert!(board.sides.iter().all(|s| !s.battleline.is_empty()), "a real board: {board:?}");
        let (grafted, _) = toggle(&state, "keyforge", 0).expect("a keyforge toggle");
        assert_eq!(grafted.keyforge, Some(pb::KeyforgeBoard::default()));
    }
    let origin = Origin { ruleset: served_index(Ruleset::Keyforge), ..Default::default() };
    let (filled, what) = toggle(&origin.play().0, "keyforge.resolution", 0).expect("a resolution toggle");
    assert_eq!(filled.keyforge.unwrap().resolution.len(), 1, "{what}");
}

// ---------------------------------------------------------------------------
// Regressions

fn rift_card(id: &str) -> pb::Card {
    pb::Card { id: id.into(), name: "Imp".into(), might: 1, life: 1, ..Default::default() }
}

fn choose(state: pb::GameState, player: u32) -> pb::ChooseActionRequest {
    pb::ChooseActionRequest {
        state: Some(state),
        player,
        budget: Some(pb::SearchBudget { playouts: 30, time_ms: 0, ..Default::default() }),
        seed: 1,
        ..Default::default()
    }
}

// Issue 9: "INTERNAL: the search failed: task N panicked with message "index out of
// bounds: the len is 0 but the index is 0"" on a Dimensional Rift state with no phase,
// no creatures and cards in both hands. Nobody can act there: no phase, no strike.
#[tokio::test]
async fn the_agent_refuses_a_bare_board_where_nothing_can_strike_naming_the_rule() {
    let server = TestServer::start().await;
    let mut state = board(vec![]);
    state.ruleset = pb::Ruleset::DimensionalRift as i32;
    state.players[0].hand = vec![rift_card("a")];
    state.players[1].hand = vec![rift_card("b")];
    let legal = server
        .rules()
        .legal_actions(pb::LegalActionsRequest { state: Some(state.clone()), ..Default::default() })
        .await;
    assert_eq!(legal.unwrap().into_inner().actions, [], "the state is valid and has no legal action");
    let mut agent = AgentClient::new(server.channel.clone());
    for player in [0, 1] {
        let status = agent.choose_action(choose(state.clone(), player)).await.unwrap_err();
        assert_eq!(broken_rule(&status), "agent.no_legal_action");
    }
    // Creatures that have all acted leave nothing to strike with either.
    let mut acted = knight_and_wolf();
    for c in &mut acted.creatures {
        c.acted = true;
    }
    let status = agent.choose_action(choose(acted.clone(), 0)).await.unwrap_err();
    assert_eq!(broken_rule(&status), "agent.no_legal_action");
    // One that has not acted can strike: the agent chooses for the active player.
    acted.creatures[0].acted = false;
    let answer = agent.choose_action(choose(acted, 0)).await.unwrap().into_inner();
    assert!(matches!(answer.action.unwrap().action, Some(pb::action::Action::Strike(_))));
}

#[tokio::test]
async fn the_agent_refuses_a_finished_game_naming_the_rule() {
    let server = TestServer::start().await;
    let mut over = knight_and_wolf();
    over.phase = pb::Phase::GameOver as i32;
    over.winner = Some(0);
    let status = AgentClient::new(server.channel.clone()).choose_action(choose(over, 0)).await.unwrap_err();
    assert_eq!(broken_rule(&status), "egame.game_over");
}

// Found by the property ("creatures[0].might = 2147483647", then ChooseAction): a
// blocked strike added the attacker's Might to the blocker's damage counter, which
// overflowed (a panic in a debug build, a wrapped negative damage in release).
#[tokio::test]
async fn a_blocked_strike_with_might_at_i32_max_destroys_the_blocker_without_overflow() {
    let server = TestServer::start().await;
    let mut state = knight_and_wolf();
    state.creatures[0].might = i32::MAX;
    state.creatures[1].damage = 1;
    state.creatures[1].might = i32::MAX;
    state.creatures[0].damage = 2;
    let resp = server.rules().resolve_strike(resolve(state, strike("knight", 1, 3), vec![])).await.unwrap();
    let resp = resp.into_inner();
    assert!(resp.events.contains(&ev("egame.strike.damage", damage("knight", "wolf", i32::MAX))));
    assert!(resp.events.contains(&ev("egame.sba.destroy", destroyed("wolf"))));
    assert!(resp.events.contains(&ev("egame.sba.destroy", destroyed("knight"))));
    let state = resp.state.unwrap();
    assert!(state.creatures.is_empty());
    assert_eq!(state.players.iter().map(|p| p.graveyard.len()).collect::<Vec<_>>(), [1, 1]);
}

// Found by the property ("event = 18446744073709551615"): the next turn's Event
// incremented the counter past its range.
#[tokio::test]
async fn a_new_event_with_the_counter_at_u64_max_does_not_overflow() {
    let server = TestServer::start().await;
    let mut rules = server.rules();
    let request = pb::NewGameRequest {
        ruleset: pb::Ruleset::Egame as i32,
        seed: 3,
        scenario: "duel".into(),
        ..Default::default()
    };
    let mut state = rules.new_game(request).await.unwrap().into_inner().state.unwrap();
    assert_eq!(state.phase, pb::Phase::Deployment as i32);
    state.event = u64::MAX;
    let end = pb::Action { action: Some(pb::action::Action::EndPhase(pb::EndPhase {})), ..Default::default() };
    let next = rules.apply_action(apply(state, end)).await.unwrap().into_inner();
    let next = next.state.unwrap();
    assert_eq!((next.turn, next.active_player, next.event), (2, 1, u64::MAX));
}
