//! Measurements behind `fray bench`: rollout speed, MCTS playout speed, and match
//! results with confidence intervals, on any ruleset (agreement with the exact solver,
//! on the zone game's boards only, is [`crate::agreement`]'s). Everything is seeded and
//! runs on the calling thread.

use std::time::{Duration, Instant};

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::arena::{ArenaError, play};
use crate::places::Places;
use fray_ai::rollout::playout;
use fray_ai::{Bot, BotSpec, Local, MctsConfig};
use fray_core::Ruleset;
use fray_core::{GameState, GameVisitor};

/// Random-rollout speed on one thread.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RolloutSpeed {
    /// Actions simulated (legal-action generation plus apply).
    pub actions: u64,
    /// Whole games played out.
    pub games: u64,
    /// Wall time.
    pub elapsed: Duration,
}

impl RolloutSpeed {
    /// Actions per second.
    pub fn per_second(&self) -> f64 {
        self.actions as f64 / self.elapsed.as_secs_f64().max(1e-9)
    }
}

/// Plays random games from fresh skirmish states for about `duration`.
pub fn rollout_speed(ruleset: Ruleset, scenario: &str, duration: Duration) -> Result<RolloutSpeed, ArenaError> {
    let starts: Vec<GameState> =
        (0..32).map(|s| GameState::new_game(ruleset.wire(), s, scenario).map(|g| g.0)).collect::<Result<_, _>>()?;
    let first = starts[0].clone();
    Ok(first.visit(RolloutRun { starts, duration }))
}

/// [`rollout_speed`] on the starts' game type.
struct RolloutRun {
    starts: Vec<GameState>,
    duration: Duration,
}

impl GameVisitor for RolloutRun {
    type Output = RolloutSpeed;

    fn visit<G: fray_core::Registered>(self, _: &G) -> RolloutSpeed {
        let starts: Vec<G> = self.starts.into_iter().filter_map(G::from_game_state).collect();
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let mut scratch = Vec::with_capacity(256);
        let (mut actions, mut games) = (0u64, 0u64);
        let started = Instant::now();
        while started.elapsed() < self.duration {
            let mut s = starts[(games % starts.len() as u64) as usize].clone();
            actions += playout(&Local, &mut s, usize::MAX, &mut rng, &mut scratch) as u64;
            games += 1;
        }
        RolloutSpeed { actions, games, elapsed: started.elapsed() }
    }
}

/// The result of a match from one side (the first bot, or one seat): W/D/L and the
/// score. With two players a game is a win, a draw or a loss; with more, a "win" is
/// finishing ahead of every other player, a "loss" behind every one, and a "draw"
/// anything between. The score is the mean of the games' scores
/// ([`crate::places::Places::score`]).
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct MatchResult {
    /// Games finished ahead of every other player.
    pub wins: u32,
    /// Games in between (with two players: drawn games).
    pub draws: u32,
    /// Games finished behind every other player.
    pub losses: u32,
    /// The games' scores summed.
    pub points: f64,
    /// Their squares summed (for the interval).
    pub points_sq: f64,
    /// Of the games, those that ran to the turn limit (`Game::turn_limit_rule`).
    pub turn_limit: u32,
}

impl MatchResult {
    /// The same games as a rating record (W/D/L).
    pub fn wdl(&self) -> crate::rating::Wdl {
        crate::rating::Wdl { wins: u64::from(self.wins), draws: u64::from(self.draws), losses: u64::from(self.losses) }
    }

    /// Counts one game that scored `score` (0 to 1).
    pub fn add(&mut self, score: f64) {
        if score >= 1.0 {
            self.wins += 1;
        } else if score <= 0.0 {
            self.losses += 1;
        } else {
            self.draws += 1;
        }
        self.points += score;
        self.points_sq += score * score;
    }

    /// Games played.
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// Mean score with its 95% confidence interval (normal approximation over
    /// per-game scores).
    pub fn score(&self) -> (f64, f64, f64) {
        let n = f64::from(self.games().max(1));
        let mean = self.points / n;
        let var = (self.points_sq / n - mean * mean).max(0.0);
        let half = 1.96 * (var / n).sqrt();
        (mean, (mean - half).max(0.0), (mean + half).min(1.0))
    }
}

/// A match: one bot against copies of another, through every seat.
#[derive(Debug, Clone)]
pub struct Match<'a> {
    /// The bot measured.
    pub a: &'a BotSpec,
    /// Its opponent, in every other seat.
    pub b: &'a BotSpec,
    /// Games to play (a multiple of the players plays each opening once with `a` in
    /// each seat).
    pub games: u32,
    /// The ruleset.
    pub ruleset: Ruleset,
    /// The scenario (it fixes the number of players).
    pub scenario: &'a str,
    /// Game `g` uses opening `seed + g / players`, with `a` in seat `g % players`.
    pub seed: u64,
    /// Games played at once, one thread each; the result does not depend on it.
    pub jobs: usize,
}

/// A match's results from the measured bot's side: over every game, and by the seat
/// it sat in.
#[derive(Debug, Clone, PartialEq)]
pub struct MatchReport {
    /// Every game.
    pub total: MatchResult,
    /// The games it played in seat 0, 1, ...
    pub by_seat: Vec<MatchResult>,
}

/// Plays a match; `progress` is called after each game with the games done so far.
pub fn play_match(m: &Match<'_>, progress: &(dyn Fn(u32, &MatchResult) + Sync)) -> Result<MatchReport, ArenaError> {
    resume_match(m, &[], &|_| Ok(()), progress)
}

/// One game of a match as it was played, all it takes to count it again: its number
/// (which fixes its opening and the measured bot's seat), the measured bot's score and
/// whether it ran to the turn limit.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PlayedGame {
    /// The game's number in the match, `0..games`.
    pub game: u32,
    /// The measured bot's score (0 to 1).
    pub score: f64,
    /// Whether it ran to the turn limit.
    pub turn_limit: bool,
}

/// Plays a match of which the games in `played` were played already (by an earlier
/// run of the same match: they are counted as they were, and not played again; a game
/// number past the match's games is an error). `on_game` hears each game played now, as
/// it ends, and may stop the match with an error of its own (e.g. the game could not be
/// kept). Every game is seeded, so the report is the one a single run would give.
pub fn resume_match(
    m: &Match<'_>,
    played: &[PlayedGame],
    on_game: &(dyn Fn(&PlayedGame) -> Result<(), ArenaError> + Sync),
    progress: &(dyn Fn(u32, &MatchResult) + Sync),
) -> Result<MatchReport, ArenaError> {
    let Match { a, b, games, ruleset, scenario, seed, jobs } = *m;
    let players = GameState::new_game(ruleset.wire(), seed, scenario)?.0.num_players().max(1);
    // Tally 0: every game; tally 1 + s: the games `a` played in seat s.
    let tally = |p: &PlayedGame| -> GameTally {
        let seat = p.game as usize % players;
        ((0..=players).map(|t| (t == 0 || t == seat + 1).then_some(p.score)).collect(), p.turn_limit)
    };
    let mut before = std::collections::BTreeMap::new();
    for p in played {
        if p.game >= games {
            return Err(ArenaError::Kept(format!(
                "cannot take the match up again: game {} was kept, but the match has {games} games",
                p.game
            )));
        }
        before.insert(p.game, tally(p));
    }
    let game = |g: u32| {
        let opening = seed.wrapping_add(u64::from(g) / players as u64);
        let seat = g as usize % players;
        let state = GameState::new_game(ruleset.wire(), opening, scenario)?.0;
        let bots: Vec<&BotSpec> = (0..players).map(|s| if s == seat { a } else { b }).collect();
        let (places, turn_limit) = state.visit(Seated { bots, seed: opening ^ u64::from(g) })?;
        let now = PlayedGame { game: g, score: places.score(seat), turn_limit };
        on_game(&now)?;
        Ok(tally(&now))
    };
    let run = Run { games, jobs, tallies: players + 1, before: &before };
    let mut tallies = run_games(&run, &game, &|done, t: &[MatchResult]| progress(done, &t[0]))?;
    let total = tallies.remove(0);
    Ok(MatchReport { total, by_seat: tallies })
}

/// Every seat's results when `bot` plays itself (one tally per seat, seat order):
/// game `g` uses opening `seed + g`, so no opening is played twice. A score far from
/// 50% means the scenario favours or handicaps that seat. `progress` sees seat 0's.
pub fn seat_match(
    bot: &BotSpec,
    games: u32,
    ruleset: Ruleset,
    scenario: &str,
    seed: u64,
    jobs: usize,
    progress: &(dyn Fn(u32, &MatchResult) + Sync),
) -> Result<Vec<MatchResult>, ArenaError> {
    let players = GameState::new_game(ruleset.wire(), seed, scenario)?.0.num_players().max(1);
    let game = |g: u32| {
        let opening = seed.wrapping_add(u64::from(g));
        let state = GameState::new_game(ruleset.wire(), opening, scenario)?.0;
        let (places, turn_limit) = state.visit(Seated { bots: vec![bot; players], seed: opening })?;
        Ok(((0..players).map(|s| Some(places.score(s))).collect(), turn_limit))
    };
    let run = Run { games, jobs, tallies: players, before: &std::collections::BTreeMap::new() };
    run_games(&run, &game, &|done, t: &[MatchResult]| progress(done, &t[0]))
}

/// One game's scores, one per tally (`None`: the tally does not count it), and whether
/// it ran to the turn limit.
type GameTally = (Vec<Option<f64>>, bool);

/// Games to play and tally: `0..games` on `jobs` threads into `tallies` tallies, but
/// those of `before`, played already, which are tallied as they are.
struct Run<'a> {
    games: u32,
    jobs: usize,
    tallies: usize,
    before: &'a std::collections::BTreeMap<u32, GameTally>,
}

/// Counts one game's `scores` (one per tally, `None` where the tally does not count
/// it) into `tallies`.
fn count(tallies: &mut [MatchResult], (scores, turn_limit): &GameTally) {
    for (tally, score) in tallies.iter_mut().zip(scores) {
        if let Some(score) = *score {
            tally.add(score);
            tally.turn_limit += u32::from(*turn_limit);
        }
    }
}

/// Plays the games of `run` and tallies them: `game(g)` gives a score for each tally
/// that counts the game, and whether the game ran to the turn limit. The tallies do not
/// depend on `jobs`; `progress` sees them after each game, with the games counted so
/// far (those of `before` included).
fn run_games(
    run: &Run<'_>,
    game: &(dyn Fn(u32) -> Result<GameTally, ArenaError> + Sync),
    progress: &(dyn Fn(u32, &[MatchResult]) + Sync),
) -> Result<Vec<MatchResult>, ArenaError> {
    let Run { games, jobs, tallies, before } = *run;
    let mut counted = vec![MatchResult::default(); tallies];
    before.values().for_each(|t| count(&mut counted, t));
    let next = std::sync::atomic::AtomicU32::new(0);
    let done = std::sync::atomic::AtomicU32::new(u32::try_from(before.len()).unwrap_or(u32::MAX));
    let total = std::sync::Mutex::new(counted);
    let first_error = std::sync::Mutex::new(None);
    std::thread::scope(|scope| {
        for _ in 0..jobs.max(1) {
            scope.spawn(|| {
                loop {
                    let g = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    if g >= games {
                        break;
                    }
                    if before.contains_key(&g) {
                        continue;
                    }
                    match game(g) {
                        Ok(scores) => {
                            let Ok(mut t) = total.lock() else { break };
                            count(&mut t, &scores);
                            progress(done.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1, &t);
                        }
                        Err(e) => {
                            if let Ok(mut f) = first_error.lock() {
                                f.get_or_insert(e);
                            }
                            break;
                        }
                    }
                }
            });
        }
    });
    if let Some(e) = first_error.into_inner().ok().flatten() {
        return Err(e);
    }
    Ok(total.into_inner().unwrap_or_default())
}

/// One game from a start, `bots[i]` in seat i: where each seat finished, and whether
/// the game ran to the turn limit.
struct Seated<'a> {
    bots: Vec<&'a BotSpec>,
    seed: u64,
}

impl GameVisitor for Seated<'_> {
    type Output = Result<(Places, bool), ArenaError>;

    fn visit<G: fray_core::Registered>(self, start: &G) -> Self::Output {
        let mut bots: Vec<Box<dyn Bot<G>>> = self.bots.iter().map(|b| b.build::<G>(start.ruleset())).collect();
        let mut seats: Vec<&mut dyn Bot<G>> = bots.iter_mut().map(|b| &mut **b as &mut dyn Bot<G>).collect();
        let record = play(start.clone(), &mut seats, self.seed)?;
        let turn_limit = record.end_rule == Some(start.turn_limit_rule());
        Ok((record.places, turn_limit))
    }
}

/// MCTS playout speed on one thread.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PlayoutSpeed {
    /// Playouts run (root visits summed).
    pub playouts: u64,
    /// Positions searched.
    pub positions: u32,
    /// Wall time.
    pub elapsed: Duration,
}

impl PlayoutSpeed {
    /// Playouts per second.
    pub fn per_second(&self) -> f64 {
        self.playouts as f64 / self.elapsed.as_secs_f64().max(1e-9)
    }
}

/// Positions from random points of `scenario` games that offer a real choice (two or
/// more candidate actions), each with the seed to search it with: game `p` (NewGame
/// seed `p`, for `p` below `count`) walked a random number of random actions. The same
/// arguments give the same positions.
pub fn search_positions(ruleset: Ruleset, scenario: &str, count: u32) -> Result<Vec<(GameState, u64)>, ArenaError> {
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let mut positions = Vec::new();
    for p in 0..count {
        let s = GameState::new_game(ruleset.wire(), u64::from(p), scenario)?.0;
        if let Some(setup) = s.visit(WalkToChoice { rng: &mut rng }) {
            positions.push((GameState::from_setup(&setup)?, u64::from(p)));
        }
    }
    Ok(positions)
}

/// Searches the [`search_positions`] of `scenario` with `config` on this thread, and
/// counts the playouts.
pub fn playout_speed(
    config: MctsConfig,
    ruleset: Ruleset,
    scenario: &str,
    positions: u32,
) -> Result<PlayoutSpeed, ArenaError> {
    let positions = search_positions(ruleset, scenario, positions)?;
    let started = Instant::now();
    let mut playouts = 0;
    for (state, seed) in &positions {
        playouts += state.visit(SearchOnce { config, seed: *seed })?;
    }
    let searched = u32::try_from(positions.len()).unwrap_or(u32::MAX);
    Ok(PlayoutSpeed { playouts, positions: searched, elapsed: started.elapsed() })
}

/// A random walk from the start; the state reached if it has a real choice.
struct WalkToChoice<'a> {
    rng: &'a mut ChaCha8Rng,
}

impl GameVisitor for WalkToChoice<'_> {
    type Output = Option<fray_core::StateSetup>;

    fn visit<G: fray_core::Registered>(self, start: &G) -> Self::Output {
        let mut s = start.clone();
        let steps = self.rng.random_range(0..60);
        playout(&Local, &mut s, steps, self.rng, &mut Vec::new());
        let mut candidates = s.legal_actions();
        s.dedupe(&mut candidates);
        (candidates.len() >= 2).then(|| G::wrap_setup(s.to_setup()))
    }
}

/// One search; the playouts it ran (root visits summed).
struct SearchOnce {
    config: MctsConfig,
    seed: u64,
}

impl GameVisitor for SearchOnce {
    type Output = Result<u64, ArenaError>;

    fn visit<G: fray_core::Registered>(self, s: &G) -> Self::Output {
        let mut bot = fray_ai::MctsBot::new(std::sync::Arc::new(Local), self.config);
        let decision = bot.choose(s, self.seed).map_err(|error| ArenaError::Bot { bot: bot.name(), error })?;
        Ok(decision.stats.iter().map(|s| s.visits).sum::<u64>())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The first ruleset of the catalogue with a scenario for `players` players, and
    /// that scenario.
    fn table_of(players: usize) -> (Ruleset, &'static str) {
        fray_core::rulesets::catalogue()
            .into_iter()
            .find_map(|info| info.scenarios.iter().find(|s| s.players == players).map(|s| (info.ruleset, s.name)))
            .expect("a scenario for that many players")
    }

    #[test]
    fn a_three_player_match_seats_the_bot_in_each_seat_and_scores_by_places() {
        let (random, greedy) = (BotSpec::Random, BotSpec::Greedy);
        let (ruleset, scenario) = table_of(3);
        let m = Match { a: &greedy, b: &random, games: 9, ruleset, scenario, seed: 3, jobs: 2 };
        let report = play_match(&m, &|_, _| {}).unwrap();
        assert_eq!(report.total.games(), 9);
        assert_eq!(report.by_seat.iter().map(MatchResult::games).collect::<Vec<_>>(), [3, 3, 3]);
        let by_seat: f64 = report.by_seat.iter().map(|s| s.points).sum();
        assert!((by_seat - report.total.points).abs() < 1e-9);
        assert_eq!(play_match(&Match { jobs: 1, ..m }, &|_, _| {}).unwrap(), report, "jobs change nothing");
    }

    #[test]
    fn a_match_taken_up_again_counts_the_kept_games_and_plays_only_the_others() {
        let (random, greedy) = (BotSpec::Random, BotSpec::Greedy);
        let (ruleset, scenario) = table_of(3);
        let m = Match { a: &greedy, b: &random, games: 9, ruleset, scenario, seed: 5, jobs: 2 };
        let kept = std::sync::Mutex::new(Vec::new());
        let keep = |p: &PlayedGame| {
            kept.lock().unwrap().push(*p);
            Ok(())
        };
        let whole = resume_match(&m, &[], &keep, &|_, _| {}).unwrap();
        let mut all = kept.into_inner().unwrap();
        all.sort_by_key(|p| p.game);
        assert_eq!(all.iter().map(|p| p.game).collect::<Vec<_>>(), (0..9).collect::<Vec<_>>());
        assert_eq!(whole, play_match(&m, &|_, _| {}).unwrap());

        // Four games kept (not the first four: a run stopped with two jobs leaves gaps).
        let first: Vec<PlayedGame> = all.iter().filter(|p| [0, 1, 3, 6].contains(&p.game)).copied().collect();
        let now = std::sync::Mutex::new(Vec::new());
        let keep = |p: &PlayedGame| {
            now.lock().unwrap().push(p.game);
            Ok(())
        };
        let last_progress = std::sync::Mutex::new(0);
        let progress = |done, _: &MatchResult| *last_progress.lock().unwrap() = done;
        let resumed = resume_match(&m, &first, &keep, &progress).unwrap();
        let mut played_now = now.into_inner().unwrap();
        played_now.sort_unstable();
        assert_eq!(played_now, [2, 4, 5, 7, 8], "only the games not kept are played");
        assert_eq!(*last_progress.lock().unwrap(), 9, "progress counts the kept games");
        assert_eq!(resumed.total.games(), 9);
        assert_eq!(
            (resumed.total.wins, resumed.total.draws, resumed.total.losses),
            (whole.total.wins, whole.total.draws, whole.total.losses)
        );
        assert!((resumed.total.points - whole.total.points).abs() < 1e-9);
        assert_eq!(resumed.by_seat.iter().map(MatchResult::games).collect::<Vec<_>>(), [3, 3, 3]);

        // A kept score that differs shows in the result: the kept games are not replayed.
        let mut lied = first.clone();
        lied[0].score = 1.0 - lied[0].score;
        let other = resume_match(&m, &lied, &|_| Ok(()), &|_, _| {}).unwrap();
        assert!((other.total.points - whole.total.points).abs() > 0.1);

        // A game the match does not have, or a keeper that fails, stops it.
        let past = [PlayedGame { game: 9, score: 1.0, turn_limit: false }];
        let e = resume_match(&m, &past, &|_| Ok(()), &|_, _| {}).unwrap_err();
        assert_eq!(e.to_string(), "cannot take the match up again: game 9 was kept, but the match has 9 games");
        let fails = |_: &PlayedGame| Err(ArenaError::Kept("the disk is full".into()));
        let e = resume_match(&m, &[], &fails, &|_, _| {}).unwrap_err();
        assert!(e.to_string().contains("the disk is full"), "{e}");
    }

    #[test]
    fn every_seat_of_a_self_play_is_tallied_and_the_scores_share_the_game() {
        let (ruleset, scenario) = table_of(4);
        let seats = seat_match(&BotSpec::Random, 6, ruleset, scenario, 1, 2, &|_, _| {}).unwrap();
        assert_eq!(seats.len(), 4);
        assert!(seats.iter().all(|s| s.games() == 6));
        // Four players' scores sum to 2 a game (each pair splits one point).
        let total: f64 = seats.iter().map(|s| s.points).sum();
        assert!((total - 12.0).abs() < 1e-9, "{total}");
    }
}
