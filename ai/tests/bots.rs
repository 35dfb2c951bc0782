//! Bots take lethal, block lethal, play only legal actions, and search reproducibly.
#![allow(clippy::unwrap_used, clippy::panic)]

use std::sync::Arc;

use fray_ai::exact::Solver;
use fray_ai::{Bot, BotSpec, Budget, ExactBot, GreedyBot, Local, MctsBot, MctsConfig, RandomBot, Search};
use fray_core::Ruleset;

use fray_core::event::Discard;
use fray_core::rulesets::castle_rampage::CastleAction;
use fray_core::rulesets::zone::board::ZoneRef;
use fray_core::rulesets::zone::setup::{CreatureSetup, PlayerSetup, ZoneSetup, ZoneStateSetup};
use fray_core::rulesets::zone::{Action, ZoneState};
use fray_core::setup::TurnSetup;
use fray_core::state::PlayerId;
use fray_core::{Game, GameState};
use rand::SeedableRng;

fn creature(id: &str, p: u32, i: u32, might: i32, life: i32, arrows: &[(usize, i32)]) -> CreatureSetup {
    let mut a = [0; 8];
    for &(d, r) in arrows {
        a[d] = r;
    }
    CreatureSetup {
        id: id.into(),
        name: id.into(),
        owner: p,
        controller: p,
        zone: Some(ZoneSetup { player: p, index: i }),
        might,
        life,
        arrows: Some(a),
        ..Default::default()
    }
}

fn state(active: u32, hp: [i32; 2], creatures: Vec<CreatureSetup>) -> ZoneState {
    let setup = ZoneStateSetup {
        ruleset: 1,
        players: vec![
            PlayerSetup { id: 0, hp: hp[0], ..Default::default() },
            PlayerSetup { id: 1, hp: hp[1], ..Default::default() },
        ],
        creatures,
        header: TurnSetup { active_player: active, turn: 5, phase: 2, ..Default::default() },
        event: 5,
        ..Default::default()
    };
    match GameState::from_setup(&setup.into()).unwrap() {
        GameState::Zone(z) => z,
        _ => unreachable!(),
    }
}

fn z(p: u8, i: u8) -> ZoneRef {
    ZoneRef::new(PlayerId(p), i).unwrap()
}

/// Player 0 can win at once with a direct hit on player 1's empty zone 2.
fn lethal() -> ZoneState {
    state(0, [3, 1], vec![creature("k", 0, 2, 1, 2, &[(0, 1)]), creature("w", 1, 0, 1, 3, &[(0, 1)])])
}

/// Player 1 strikes player 0's empty zone 2; player 0 (1 HP) must block with the guard.
fn must_block() -> ZoneState {
    let mut s = state(1, [1, 5], vec![creature("a", 1, 2, 1, 3, &[(0, 1)]), creature("guard", 0, 1, 0, 4, &[(2, 1)])]);
    s.apply(Action::Strike { attacker: z(1, 2), target: z(0, 2) }, &mut Discard).unwrap();
    assert_eq!(s.to_move(), Some(PlayerId(0)));
    s
}

fn small_mcts() -> MctsBot<ZoneState, Local> {
    MctsBot::new(Arc::new(Local), MctsConfig { budget: Budget { playouts: 200, time: None }, ..MctsConfig::default() })
}

fn small_ismcts() -> MctsBot<ZoneState, Local> {
    let config = MctsConfig {
        budget: Budget { playouts: 200, time: None },
        search: Search::InformationSet,
        ..MctsConfig::default()
    };
    MctsBot::new(Arc::new(Local), config)
}

fn bots() -> Vec<Box<dyn Bot<ZoneState>>> {
    vec![Box::new(GreedyBot), Box::new(small_mcts()), Box::new(small_ismcts()), Box::new(ExactBot::default())]
}

#[test]
fn every_bot_takes_lethal() {
    let lethal_strike = Action::Strike { attacker: z(0, 2), target: z(1, 2) };
    for mut bot in bots() {
        assert_eq!(bot.choose(&lethal(), 1).unwrap().action, lethal_strike, "{}", bot.name());
    }
}

#[test]
fn every_bot_blocks_lethal() {
    for mut bot in bots() {
        assert_eq!(bot.choose(&must_block(), 1).unwrap().action, Action::Choose(z(0, 1)), "{}", bot.name());
    }
}

#[test]
fn the_solver_proves_the_win_and_the_loss() {
    let win = Solver::new(100_000).solve(&lethal()).unwrap();
    assert_eq!(win.value, 1);
    assert!(win.optimal_for(PlayerId(0)).contains(&Action::Strike { attacker: z(0, 2), target: z(1, 2) }));
    assert!(win.actions.iter().all(|(_, v)| *v >= 0), "player 1 has no way back");
    let block = Solver::new(100_000).solve(&must_block()).unwrap();
    let decline = block.actions.iter().find(|(a, _)| *a == Action::Decline).unwrap();
    assert_eq!(decline.1, -1, "declining loses at once");
}

#[test]
fn the_solver_refuses_positions_past_its_node_limit() {
    let s = new_state(Ruleset::Egame, 1, "men-vs-fey").unwrap();
    assert!(Solver::new(1_000).solve(&s).is_err());
}

#[test]
fn single_threaded_mcts_with_a_seed_is_reproducible() {
    let s = new_state(Ruleset::Egame, 3, "men-vs-fey").unwrap();
    let a = small_mcts().choose(&s, 99).unwrap();
    let b = small_mcts().choose(&s, 99).unwrap();
    assert_eq!(a, b);
    assert!(a.stats.iter().map(|s| s.visits).sum::<u64>() > 0);
    assert!(a.stats.iter().all(|s| (-1.0..=1.0).contains(&s.mean_reward)));
}

#[test]
fn threads_search_the_worlds_side_by_side_and_answer_the_same() {
    // A position with hidden cards mid-game, searched over 4 worlds.
    let mut s = new_state(Ruleset::Egame, 5, "mirror").unwrap();
    fray_ai::rollout::playout(&Local, &mut s, 12, &mut rand_chacha::ChaCha8Rng::seed_from_u64(3), &mut Vec::new());
    let me = s.to_move().unwrap();
    assert!(s.has_hidden(me));
    let budget = 800;
    let with = |threads| {
        let config = MctsConfig {
            budget: Budget { playouts: budget, time: None },
            determinizations: 4,
            threads,
            ..MctsConfig::default()
        };
        MctsBot::new(Arc::new(Local), config).choose(&s, 7).unwrap()
    };
    let one = with(1);
    for threads in [2, 3, 8] {
        assert_eq!(with(threads), one, "{threads} threads");
    }
    assert!(s.legal_actions().contains(&one.action));
    let visits: u64 = one.stats.iter().map(|s| s.visits).sum();
    assert!(visits > 0 && visits <= u64::from(budget), "{visits} playouts for a budget of {budget}");
}

#[test]
fn threads_share_a_time_budget() {
    let s = new_state(Ruleset::Egame, 5, "mirror").unwrap();
    let config = MctsConfig {
        budget: Budget { playouts: 0, time: Some(std::time::Duration::from_millis(60)) },
        determinizations: 4,
        threads: 2,
        ..MctsConfig::default()
    };
    let started = std::time::Instant::now();
    let decision = MctsBot::new(Arc::new(Local), config).choose(&s, 1).unwrap();
    assert!(started.elapsed() < std::time::Duration::from_millis(600), "{:?}", started.elapsed());
    assert!(s.legal_actions().contains(&decision.action));
    assert!(decision.stats.iter().map(|s| s.visits).sum::<u64>() > 0);
}

#[test]
fn a_whole_game_between_every_pair_of_bots_stays_legal() {
    let specs = ["random", "greedy", "mcts:playouts=20,worlds=2", "exact:nodes=2000"];
    for (i, a) in specs.iter().enumerate() {
        let b = specs[(i + 1) % specs.len()];
        let build = |spec: &str| spec.parse::<BotSpec>().unwrap().build(Ruleset::Egame);
        let (mut x, mut y) = (build(a), build(b));
        let s = new_state(Ruleset::Egame, i as u64, "duel").unwrap();
        let record = play(s.clone(), &mut [&mut *x, &mut *y], 7).unwrap();
        // Replaying the actions reproduces the game.
        let mut replay = s;
        for a in &record.actions {
            replay.apply(*a, &mut Discard).unwrap();
        }
        assert_eq!(replay.header.winner, record.winner);
        assert!(replay.outcome().is_some());
    }
}

#[test]
fn random_bot_answers_game_over_when_nothing_is_legal() {
    let mut s = lethal();
    s.apply(Action::Strike { attacker: z(0, 2), target: z(1, 2) }, &mut Discard).unwrap();
    assert!(RandomBot.choose(&s, 0).is_err());
}

/// A backend that lists no action in any state.
struct Empty;

impl fray_ai::Backend<ZoneState> for Empty {
    fn legal_actions(&self, _: &ZoneState, _: &mut Vec<Action>) {}
    fn apply(&self, _: &mut ZoneState, _: Action) {}
}

// ChooseAction panicked ("the len is 0 but the index is 0") on a bare board where
// nothing could strike: the search trusted `to_move` and indexed an empty action list.
#[test]
fn every_bot_answers_game_over_on_a_bare_board_where_nothing_can_strike() {
    let mut s = state(0, [6, 6], vec![creature("k", 1, 2, 1, 2, &[(0, 1)])]);
    s.header.phase = fray_core::state::Phase::Bare;
    s.zones[1][2].as_mut().unwrap().acted = true;
    assert!(s.legal_actions().is_empty());
    let mut bots = bots();
    bots.push(Box::new(RandomBot));
    for mut bot in bots {
        assert_eq!(bot.choose(&s, 1), Err(fray_ai::BotError::GameOver), "{}", bot.name());
    }
}

#[test]
fn mcts_answers_game_over_when_its_backend_lists_no_action() {
    let s = lethal();
    assert!(s.to_move().is_some());
    let mut bot = MctsBot::new(Arc::new(Empty), MctsConfig::for_playouts(30));
    assert_eq!(bot.choose(&s, 1), Err(fray_ai::BotError::GameOver));
}

/// A Castle Rampage board where the truth and what player 0 may see disagree: player 1's
/// face-down Gate card is the one strong card (defense 9), the 7 cards of the draw pile
/// are weak (attack 1, defense 1: the game goes on after a failed attack). Player 0's 5 fails against the true Gate, but in most worlds
/// player 0 can imagine it breaks a weak Gate and carries through a weak Castle.
fn castle_gamble() -> GameState {
    use fray_core::rulesets::castle_rampage::{CastleBoardSetup, CastleCardSetup, CastleSetup, CastleSideSetup};
    let card = |id: &str, owner: u32, attack: i32, defense: i32| CastleCardSetup {
        id: id.into(),
        name: id.into(),
        owner,
        attack,
        gate_defense: defense,
        castle_defense: defense,
        ..Default::default()
    };
    let side = |hand, gate, castle| CastleSideSetup { hand, gate, castle };
    let setup = CastleSetup {
        board: Some(CastleBoardSetup {
            sides: vec![
                side(vec![card("five", 0, 5, 1)], vec![], vec![card("keep", 0, 0, 1)]),
                side(vec![], vec![card("wall", 1, 0, 9)], vec![card("hut", 1, 0, 1)]),
            ],
            draw_pile: (0..7).map(|i| card(&format!("weak-{i}"), 0, 1, 1)).collect(),
            ..Default::default()
        }),
        // PHASE_EVENT: attack or end the turn.
        header: TurnSetup { phase: 2, turn: 3, ..Default::default() },
    };
    GameState::from_setup(&setup.into()).unwrap()
}

#[test]
fn a_game_record_names_the_rule_that_ended_it_and_the_turn_limit_is_told_apart() {
    let GameState::Castle(mut s) = castle_gamble() else { unreachable!() };
    s.header.turn = fray_core::game::MAX_TURNS;
    for seed in 0..3 {
        let record = play(s.clone(), &mut [&mut RandomBot, &mut RandomBot], seed).unwrap();
        assert_eq!(record.end_rule, Some(s.turn_limit_rule()), "seed {seed}");
        assert_eq!(record.winner, None);
    }
    // A game won before the limit names its own rule.
    let record = play(lethal(), &mut [&mut GreedyBot, &mut GreedyBot], 1).unwrap();
    assert_eq!(record.end_rule, Some("egame.sba.game_over"));
}

#[test]
fn greedy_decides_on_what_its_player_may_see() {
    let GameState::Castle(s) = castle_gamble() else { unreachable!() };
    let strike = s.legal_actions().into_iter().find(|a| matches!(a, CastleAction::Strike { .. })).unwrap();
    // On the true board the attack fails: a player who peeked would not attack.
    let mut truth = s.clone();
    truth.apply(strike, &mut Discard).unwrap();
    assert!(truth.outcome().is_none(), "the 5 does not break the 9");
    assert!(s.legal_actions().contains(&CastleAction::EndPhase), "keeping the card is an option");
    for seed in 0..5 {
        assert_eq!(GreedyBot.choose(&s, seed).unwrap().action, strike, "seed {seed}");
    }
}

#[test]
fn the_oracle_sees_the_hidden_gate_that_the_honest_search_cannot() {
    let GameState::Castle(s) = castle_gamble() else { unreachable!() };
    let strike = s.legal_actions().into_iter().find(|a| matches!(a, CastleAction::Strike { .. })).unwrap();
    let oracle = "oracle:playouts=300".parse::<BotSpec>().unwrap();
    assert!(oracle.sees_hidden());
    let mut bot = oracle.build::<fray_core::rulesets::castle_rampage::CastleState>(Ruleset::CastleRampage);
    assert!(bot.name().starts_with("oracle"), "{}", bot.name());
    for seed in 0..3 {
        // On the true board the 5 fails against the 9: the oracle keeps its card.
        assert_ne!(bot.choose(&s, seed).unwrap().action, strike, "seed {seed}");
    }
}

#[test]
fn peek_sees_what_the_opponent_placed_and_nothing_that_nobody_has_seen() {
    type Castle = fray_core::rulesets::castle_rampage::CastleState;
    let GameState::Castle(unseen) = castle_gamble() else { unreachable!() };
    let strike = unseen.legal_actions().into_iter().find(|a| matches!(a, CastleAction::Strike { .. })).unwrap();
    let peek = "peek:playouts=300".parse::<BotSpec>().unwrap();
    assert!(peek.sees_hidden());
    assert_eq!(peek.name(), "peek:playouts=300");
    let honest = "mcts:playouts=300".parse::<BotSpec>().unwrap();
    // Nobody has seen the Gate's 9: peek's worlds are the honest search's, move for move.
    for seed in 0..3 {
        let (p, h) = (
            peek.build::<Castle>(Ruleset::CastleRampage).choose(&unseen, seed),
            honest.build::<Castle>(Ruleset::CastleRampage).choose(&unseen, seed),
        );
        assert_eq!(p.unwrap(), h.unwrap(), "seed {seed}");
    }
    // Player 1 placed it (they have seen it): peek keeps it in every world and keeps
    // its card, as the oracle does; greedy, which cannot see it, still attacks.
    let mut placed = unseen.clone();
    placed.sides[1].gate[0].seen_by = fray_core::rulesets::castle_rampage::SeenBy::NOBODY.with(PlayerId(1));
    for seed in 0..3 {
        assert_ne!(
            peek.build::<Castle>(Ruleset::CastleRampage).choose(&placed, seed).unwrap().action,
            strike,
            "seed {seed}"
        );
        assert_eq!(GreedyBot.choose(&placed, seed).unwrap().action, strike, "seed {seed}");
    }
}

/// A mid-game state of `G` in which the player to move cannot see everything.
fn hidden_position<G: fray_core::Registered>(ruleset: Ruleset, scenario: &str, seed: u64) -> G {
    let mut s: G = new_game(ruleset, seed, scenario).unwrap();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    for steps in 0..200 {
        let mut legal = s.legal_actions();
        s.dedupe(&mut legal);
        if steps >= 6 && legal.len() >= 2 && s.has_hidden(s.to_move().unwrap()) {
            return s;
        }
        fray_ai::rollout::playout(&Local, &mut s, 1, &mut rng, &mut Vec::new());
    }
    panic!("no hidden position with a choice in {scenario} (seed {seed})");
}

fn ismcts(playouts: u32) -> MctsConfig {
    MctsConfig { budget: Budget { playouts, time: None }, search: Search::InformationSet, ..MctsConfig::default() }
}

/// The information-set search on positions with hidden cards: the same seed gives
/// the same answer, every root visit is one playout of the budget, the answer is legal.
fn ismcts_replays_and_spends_its_budget<G: fray_core::Registered>(ruleset: Ruleset, scenario: &str) {
    for seed in [1, 2, 3] {
        let s: G = hidden_position(ruleset, scenario, seed);
        let budget = 150;
        let a = MctsBot::new(Arc::new(Local), ismcts(budget)).choose(&s, seed).unwrap();
        let b = MctsBot::new(Arc::new(Local), ismcts(budget)).choose(&s, seed).unwrap();
        assert_eq!(a, b, "{scenario} seed {seed}");
        assert!(s.legal_actions().contains(&a.action));
        let visits: u64 = a.stats.iter().map(|s| s.visits).sum();
        assert_eq!(visits, u64::from(budget), "{scenario} seed {seed}: one root visit a playout");
        assert!(a.stats.iter().all(|s| (-1.0..=1.0).contains(&s.mean_reward)));
    }
}

#[test]
fn information_set_search_with_a_seed_is_reproducible_and_spends_its_budget() {
    ismcts_replays_and_spends_its_budget::<fray_core::rulesets::castle_rampage::CastleState>(
        Ruleset::CastleRampage,
        "raid",
    );
    ismcts_replays_and_spends_its_budget::<fray_core::rulesets::dog_fight::DogFightState>(Ruleset::DogFight, "trio");
    ismcts_replays_and_spends_its_budget::<ZoneState>(Ruleset::Egame, "mirror");
}

/// Whole games of `G` with the information-set search in one seat and random and
/// greedy in the others (`play` refuses an illegal action with an error).
fn ismcts_plays_whole_games<G: fray_core::Registered>(ruleset: Ruleset, scenario: &str) {
    let specs = ["mcts:search=is,playouts=40,depth=4", "random", "greedy"];
    for seed in 0..2u64 {
        let start: G = new_game(ruleset, seed, scenario).unwrap();
        let mut bots: Vec<Box<dyn Bot<G>>> = (0..start.num_players())
            .map(|i| specs[(i + seed as usize) % specs.len()].parse::<BotSpec>().unwrap().build(ruleset))
            .collect();
        let mut seats: Vec<&mut dyn Bot<G>> = bots.iter_mut().map(|b| &mut **b as &mut dyn Bot<G>).collect();
        let record = play(start, &mut seats, seed).unwrap();
        assert!(!record.actions.is_empty(), "{scenario}");
    }
}

#[test]
fn information_set_search_plays_whole_games_of_hidden_card_rulesets_legally() {
    ismcts_plays_whole_games::<fray_core::rulesets::castle_rampage::CastleState>(Ruleset::CastleRampage, "raid");
    ismcts_plays_whole_games::<fray_core::rulesets::dog_fight::DogFightState>(Ruleset::DogFight, "trio");
}

#[test]
fn the_oracle_and_the_information_set_search_replay_through_a_spec() {
    let s: fray_core::rulesets::castle_rampage::CastleState = hidden_position(Ruleset::CastleRampage, "raid", 4);
    for spec in ["oracle:playouts=100", "mcts:search=is,playouts=100"] {
        let spec = spec.parse::<BotSpec>().unwrap();
        let (a, b) = (
            spec.build(Ruleset::CastleRampage).choose(&s, 9).unwrap(),
            spec.build(Ruleset::CastleRampage).choose(&s, 9).unwrap(),
        );
        assert_eq!(a, b, "{spec}");
    }
}

/// A new skirmish state of `G`'s ruleset `ruleset`.
fn new_game<G: fray_core::Registered>(ruleset: Ruleset, seed: u64, scenario: &str) -> Option<G> {
    G::from_game_state(GameState::new_game(ruleset.wire(), seed, scenario).ok()?.0)
}

/// A new skirmish state of a zone ruleset.
fn new_state(ruleset: Ruleset, seed: u64, scenario: &str) -> Option<ZoneState> {
    new_game(ruleset, seed, scenario)
}

/// How one game between bots went.
struct Played<A> {
    winner: Option<PlayerId>,
    actions: Vec<A>,
    end_rule: Option<&'static str>,
}

/// Plays one game, `seats[i]` at seat i, each move's seed from `seed` and the move
/// number; a bot's error or illegal action is an error naming it. (The tournament
/// crate's arena is the measuring one; the bots' tests keep this harness of their own.)
fn play<G: fray_core::Registered>(
    mut state: G,
    seats: &mut [&mut dyn Bot<G>],
    seed: u64,
) -> Result<Played<G::Action>, String> {
    let mut actions = Vec::new();
    let mut events: Vec<fray_core::Event> = Vec::new();
    let mut end_rule = None;
    while let Some(me) = state.to_move() {
        let bot = seats.get_mut(me.index()).ok_or("more players than bots")?;
        let move_seed = seed ^ (actions.len() as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let decision = bot.choose(&state, move_seed).map_err(|e| format!("{}: {e}", bot.name()))?;
        events.clear();
        state.apply(decision.action, &mut events).map_err(|e| format!("{}: {e}", bot.name()))?;
        let over = |e: &&fray_core::Event| {
            matches!(e.kind, fray_core::EventKind::Shared(fray_core::SharedEvent::GameOver { .. }))
        };
        if let Some(e) = events.iter().find(over) {
            end_rule = Some(e.rule);
        }
        actions.push(decision.action);
    }
    Ok(Played { winner: state.outcome().and_then(|o| o.winner()), actions, end_rule })
}

/// Positions with a real choice: e:game `mirror` games played a few random moves in,
/// each with its deduplicated legal actions.
fn positions_with_a_choice() -> Vec<(ZoneState, usize)> {
    let mut out = Vec::new();
    for (seed, moves) in (0..24u64).map(|i| (i, 2 + (i % 5) as usize * 3)) {
        let Some(mut s) = new_state(Ruleset::Egame, seed, "mirror") else { continue };
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        fray_ai::rollout::playout(&Local, &mut s, moves, &mut rng, &mut Vec::new());
        let mut legal = s.legal_actions();
        s.dedupe(&mut legal);
        if s.to_move().is_some() && legal.len() > 1 {
            out.push((s, legal.len()));
        }
    }
    assert!(out.len() >= 12, "{} positions with a choice", out.len());
    out
}

fn erring_mcts(mistake_share: f64) -> MctsBot<ZoneState, Local> {
    let config = MctsConfig {
        budget: Budget { playouts: 40, time: None },
        determinizations: 1,
        mistake_share,
        ..MctsConfig::default()
    };
    MctsBot::new(Arc::new(Local), config)
}

/// The search's best in a decision's statistics: most visits, then the better mean,
/// then the earlier action.
fn searched_best<A: Copy>(d: &fray_ai::Decision<A>) -> A {
    let best =
        d.stats.iter().enumerate().max_by(|(i, a), (j, b)| {
            a.visits.cmp(&b.visits).then(a.mean_reward.total_cmp(&b.mean_reward)).then(j.cmp(i))
        });
    best.unwrap().1.action
}

/// The other actions a deliberate mistake may play: visited, and at most the margin
/// worse than the search's best.
fn near_moves<A: Copy + PartialEq>(d: &fray_ai::Decision<A>) -> Vec<A> {
    let best = searched_best(d);
    let floor = d.stats.iter().find(|s| s.action == best).unwrap().mean_reward - fray_ai::mcts_bot::MISTAKE_MARGIN;
    d.stats.iter().filter(|s| s.action != best && s.visits > 0 && s.mean_reward >= floor).map(|s| s.action).collect()
}

/// With a share of 0 the bot plays its search's best; with 1 never, when the search
/// found another move near it (else the best); between, about that share of those
/// decisions; the same seed, the same move. The mistakes leave the search (its
/// statistics) as it was.
#[test]
fn the_share_of_mistakes_is_honoured() {
    let positions: Vec<_> = positions_with_a_choice().into_iter().take(12).collect();
    let (mut erred, mut could_err, mut forced) = (0, 0, 0);
    for (i, (s, _)) in positions.iter().enumerate() {
        let seed = 1000 + i as u64;
        let right = erring_mcts(0.0).choose(s, seed).unwrap();
        assert_eq!(right.action, searched_best(&right), "share 0 plays the search's best");
        let wrong = erring_mcts(1.0).choose(s, seed).unwrap();
        assert_eq!(wrong.stats, right.stats, "the same search");
        let near = near_moves(&right);
        if near.is_empty() {
            assert_eq!(wrong.action, right.action, "no move near the best: the best");
            forced += 1;
        } else {
            assert!(near.contains(&wrong.action), "share 1 plays a near move, never the search's best");
        }
        assert!(s.legal_actions().contains(&wrong.action));
        assert_eq!(erring_mcts(1.0).choose(s, seed).unwrap(), wrong, "the same seed, the same move");
        for k in 0..6 {
            let half = erring_mcts(0.5).choose(s, seed + 7919 * k).unwrap();
            assert_eq!(erring_mcts(0.5).choose(s, seed + 7919 * k).unwrap(), half, "reproducible");
            if !near_moves(&half).is_empty() {
                could_err += 1;
                erred += usize::from(half.action != searched_best(&half));
            }
        }
    }
    assert!(forced < positions.len() / 2, "{forced} of {} positions had no near move", positions.len());
    let share = erred as f64 / could_err as f64;
    assert!(could_err >= 30 && (0.3..=0.7).contains(&share), "{erred} mistakes in {could_err} decisions at 0.5");
}

/// The mistakes are spread over the near moves, not only the runner-up.
#[test]
fn a_mistake_is_any_near_action() {
    let (s, near) = positions_with_a_choice()
        .into_iter()
        .map(|(s, _)| {
            let near = near_moves(&erring_mcts(0.0).choose(&s, 5).unwrap()).len();
            (s, near)
        })
        .max_by_key(|(_, near)| *near)
        .unwrap();
    assert!(near >= 2, "a position with at least 2 near moves");
    let mut played = std::collections::HashSet::new();
    for seed in 0..(4 * near as u64 + 8) {
        let d = erring_mcts(1.0).choose(&s, seed).unwrap();
        if near_moves(&d).len() >= 2 {
            assert_ne!(d.action, searched_best(&d));
            played.insert(format!("{:?}", d.action));
        }
    }
    assert!(played.len() >= 2, "mistakes played {played:?}");
}
