//! The in-process measurements of `fray bench` (docs/benchmarks.md) run and told as
//! Markdown rows, ready for docs/benchmarks.md: rollout and playout speed
//! ([`rollouts`], [`playouts`]), agreement with the exact solver ([`agreement`]), a bot
//! against opponents ([`strength`]), a bot against itself seat by seat ([`seats`]) and
//! the strength table, kept in a rows file ([`table`]).
//!
//! The caller writes what they return ([`Output`]) and shows each match's progress
//! ([`Shows`], a [`ShowProgress`] per match).

use std::path::Path;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use fray_ai::{BotSpec, Difficulty};
use fray_core::Ruleset;
use fray_core::rulesets::scenario_infos;

use crate::agreement::{agreement as agree, small_positions};
use crate::arena::ArenaError;
use crate::measure::{Match, MatchResult, play_match, playout_speed, rollout_speed, seat_match};
use crate::refereed::error::TournamentError;
use crate::refereed::run::ShowProgress;
use crate::table::{KeptGame, Row, TablePlan, kept, measure};
use crate::table_rows;

/// Where a measurement's results and notes go.
pub trait Output {
    /// The results (Markdown), written as they are.
    fn text(&mut self, text: &str);
    /// A line about the run, beside the results (what it is doing).
    fn note(&mut self, text: &str);
}

/// The progress of one match: its label (`normal vs random`), its games and the games
/// done already; shown until its [`ShowProgress::finish`].
pub type Shows<'a> = &'a (dyn Fn(&str, u64, u64) -> Box<dyn ShowProgress + Send + Sync> + Sync);

/// How a measurement's games run: the openings' seed and the games played at once.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Runs {
    /// Seeds the openings.
    pub seed: u64,
    /// Games played at once (one thread each).
    pub jobs: usize,
}

/// The machine measured on, for a row: its cores, OS and architecture.
pub fn machine() -> String {
    let cores = std::thread::available_parallelism().map_or(1, std::num::NonZero::get);
    format!("{} cores, {} {}", cores, std::env::consts::OS, std::env::consts::ARCH)
}

/// Random rollouts of `ruleset`'s `scenario` on one core for `seconds` (0.1 to 3600).
pub fn rollouts(ruleset: Ruleset, scenario: &str, seconds: f64, out: &mut dyn Output) -> Result<(), ArenaError> {
    let duration = Duration::from_secs_f64(seconds.clamp(0.1, 3600.0));
    let r = rollout_speed(ruleset, scenario, duration)?;
    out.text("| measure | value | games | actions | seconds | machine |\n");
    out.text("|---|---|---|---|---|---|\n");
    out.text(&format!(
        "| random rollouts, {ruleset} {scenario} | {:.2} M actions/s | {} | {} | {:.1} | {} |\n",
        r.per_second() / 1e6,
        r.games,
        r.actions,
        r.elapsed.as_secs_f64(),
        machine()
    ));
    Ok(())
}

/// MCTS playouts per second on one core at the normal difficulty, on a position of
/// each of the first `positions` games of `ruleset`'s `scenario`.
pub fn playouts(ruleset: Ruleset, scenario: &str, positions: u32, out: &mut dyn Output) -> Result<(), ArenaError> {
    let config = Difficulty::Normal.config(ruleset);
    let r = playout_speed(config, ruleset, scenario, positions)?;
    out.text("| measure | value | positions | playouts | rollout depth | machine |\n");
    out.text("|---|---|---|---|---|---|\n");
    out.text(&format!(
        "| MCTS playouts, {ruleset} {scenario} | {:.0} playouts/s | {} | {} | {} | {} |\n",
        r.per_second(),
        r.positions,
        r.playouts,
        config.rollout_depth,
        machine()
    ));
    Ok(())
}

/// How often `bot`'s choice is optimal on `positions` small zone-game positions seeded
/// by `seed`, each solved exactly within `solver_nodes` nodes.
pub fn agreement(positions: usize, bot: &BotSpec, seed: u64, solver_nodes: u64, out: &mut dyn Output) {
    let started = Instant::now();
    out.note(&format!("generating and solving {positions} positions..."));
    let solved = small_positions(positions, seed, solver_nodes);
    out.note(&format!(
        "{} positions solved in {:.1} s; asking {bot}...",
        solved.len(),
        started.elapsed().as_secs_f64()
    ));
    let a = agree(bot, &solved, seed);
    let pct = |n: usize, d: usize| if d == 0 { 100.0 } else { 100.0 * n as f64 / d as f64 };
    out.text("| bot | positions | optimal | rate | lethal or forced block | optimal there | rate |\n");
    out.text("|---|---|---|---|---|---|---|\n");
    out.text(&format!(
        "| {bot} | {} | {} | {:.1}% | {} | {} | {:.1}% |\n",
        a.positions,
        a.agreed,
        pct(a.agreed, a.positions),
        a.forced,
        a.forced_agreed,
        pct(a.forced_agreed, a.forced)
    ));
}

/// What [`strength`] measures: `bot` against each of `opponents`, `games` games each,
/// on `ruleset`'s `scenario`.
#[derive(Debug, Clone, Copy)]
pub struct Strength<'a> {
    /// The bot measured.
    pub bot: &'a BotSpec,
    /// Its opponents.
    pub opponents: &'a [BotSpec],
    /// Games per opponent.
    pub games: u32,
    /// The ruleset.
    pub ruleset: Ruleset,
    /// The scenario.
    pub scenario: &'a str,
}

/// Bot-vs-bot matches with sides swapped, a row each: W/D/L and the score with a 95%
/// interval, the score by seat; notes above the rows on an unbalanced scenario, more
/// than two players and bots that see hidden cards.
pub fn strength(m: Strength<'_>, runs: Runs, shows: Shows<'_>, out: &mut dyn Output) -> Result<(), ArenaError> {
    let Strength { bot, opponents, games, ruleset, scenario } = m;
    let Runs { seed, jobs } = runs;
    strength_notes(&m, out);
    out.text("| bot | opponent | games | W | D | L | score | 95% interval | turn limit | time | score by seat |\n");
    out.text("|---|---|---|---|---|---|---|---|---|---|---|\n");
    for opponent in opponents {
        let started = Instant::now();
        let shown = shows(&format!("{bot} vs {opponent}"), u64::from(games), 0);
        let progress = |_done: u32, r: &MatchResult| shown.game_done(&format!("score {:.1}%", 100.0 * r.score().0));
        let m = Match { a: bot, b: opponent, games, ruleset, scenario, seed, jobs };
        let report = play_match(&m, &progress)?;
        shown.finish();
        let r = report.total;
        let (score, lo, hi) = r.score();
        let by_seat: Vec<String> = report.by_seat.iter().map(|s| format!("{:.1}%", 100.0 * s.score().0)).collect();
        let cells = result_cells(&r, score, (lo, hi), started);
        out.text(&format!("| {bot} | {opponent} | {cells} | {} |\n", by_seat.join(" / ")));
    }
    Ok(())
}

/// The notes above [`strength`]'s rows.
fn strength_notes(m: &Strength<'_>, out: &mut dyn Output) {
    let scenario = m.scenario;
    let info = scenario_infos(m.ruleset).into_iter().find(|s| s.name == scenario);
    let players = info.map_or(2, |s| s.players);
    if let Some(s) = info.filter(|s| !s.balance.is_balanced()) {
        out.text(&format!(
            "Scenario {scenario} is not known to be balanced (seat 0 scored {:.0}% over {} games of the normal bot \
             against itself): every opening is played from every seat, but the seats may decide more games than \
             the bots. The default is the fairest scenario.\n\n",
            100.0 * s.balance.seat0_score,
            s.balance.games
        ));
    }
    if players > 2 {
        out.text(&format!(
            "{players} players a game: the bot against {} copies of the opponent, in each seat in turn on every \
             opening. W: it won; L: it went out first; D: anything between. Score: the share of the others it \
             finished ahead of (50% is par).\n\n",
            players - 1
        ));
    }
    let mut noted = Vec::new();
    for spec in std::iter::once(m.bot).chain(m.opponents) {
        if let Some(note) = spec.sight_note().filter(|n| !noted.contains(n)) {
            let kind = spec.name().split(':').next().unwrap_or_default().to_owned();
            out.text(&format!("{kind}: MCTS that {note} (a measuring instrument, not a fair opponent).\n\n"));
            noted.push(note);
        }
    }
}

/// `games | W | D | L | score | interval | turn limit | time` of a match's table row
/// (turn limit: the games that ran to it).
fn result_cells(r: &MatchResult, score: f64, (lo, hi): (f64, f64), started: Instant) -> String {
    format!(
        "{} | {} | {} | {} | {:.1}% | {:.1}% – {:.1}% | {} | {:.0} s",
        r.games(),
        r.wins,
        r.draws,
        r.losses,
        100.0 * score,
        100.0 * lo,
        100.0 * hi,
        r.turn_limit,
        started.elapsed().as_secs_f64()
    )
}

/// Seat 0's score when `bot` plays itself, `games` games per scenario: each of
/// `rulesets`, on `scenario` or else on each of its built-in scenarios; a row each.
pub fn seats(
    bot: &BotSpec,
    rulesets: &[Ruleset],
    scenario: Option<&str>,
    games: u32,
    runs: Runs,
    shows: Shows<'_>,
    out: &mut dyn Output,
) -> Result<(), ArenaError> {
    let Runs { seed, jobs } = runs;
    out.text(
        "| ruleset | scenario | players | bot | games | seat 0 W | D | L | seat-0 score | 95% interval | turn limit | time | every seat |\n",
    );
    out.text("|---|---|---|---|---|---|---|---|---|---|---|---|---|\n");
    for &ruleset in rulesets {
        let scenarios: Vec<&str> = match scenario {
            Some(s) => vec![s],
            None => scenario_infos(ruleset).iter().map(|s| s.name).collect(),
        };
        for scenario in scenarios {
            let started = Instant::now();
            let shown = shows(&format!("{ruleset} {scenario}"), u64::from(games), 0);
            let progress =
                |_done: u32, r: &MatchResult| shown.game_done(&format!("seat 0 {:.1}%", 100.0 * r.score().0));
            let seats = seat_match(bot, games, ruleset, scenario, seed, jobs, &progress)?;
            shown.finish();
            let Some(r) = seats.first() else { continue };
            // Two players: Wilson's interval on W/D/L; more: the normal one on the scores.
            let (score, lo, hi) = if seats.len() == 2 {
                let (lo, hi) = r.wdl().score_interval();
                (r.wdl().score(), lo, hi)
            } else {
                r.score()
            };
            let every: Vec<String> = seats.iter().map(|s| format!("{:.1}%", 100.0 * s.score().0)).collect();
            let cells = result_cells(r, score, (lo, hi), started);
            out.text(&format!(
                "| {ruleset} | {scenario} | {} | {bot} | {cells} | {} |\n",
                seats.len(),
                every.join(" / ")
            ));
        }
    }
    Ok(())
}

/// The strength table of `plan` ([`crate::table`]) as Markdown. With `rows`, each row
/// measured is kept in that file as it is done, and each game of the row being
/// measured until the row takes their place ([`crate::table_rows`]), and what the file
/// holds is taken up again; with `kept_only`, the table of what it holds, measuring
/// nothing.
pub fn table(
    plan: &TablePlan,
    rows: Option<&Path>,
    kept_only: bool,
    shows: Shows<'_>,
    out: &mut dyn Output,
) -> Result<(), TournamentError> {
    // One display per measurement, made when its first game is done.
    let shown: Mutex<Option<(String, Box<dyn ShowProgress + Send + Sync>)>> = Mutex::new(None);
    let progress = |what: &str, done: u32, of: u32| {
        let mut shown = shown.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        if shown.as_ref().is_none_or(|(w, _)| w != what) {
            if let Some((_, old)) = shown.take() {
                old.finish();
            }
            // A row taken up again starts at the games kept of it.
            let before = u64::from(done.saturating_sub(1));
            *shown = Some((what.to_owned(), shows(what, u64::from(of), before)));
        }
        if let Some((_, p)) = shown.as_ref() {
            p.game_done("");
        }
    };
    let known = rows.map(table_rows::read).transpose()?.unwrap_or_default();
    if kept_only {
        out.text(&kept(plan, &known).markdown());
        return Ok(());
    }
    let mut keep = |row: &Row| match rows {
        Some(path) => table_rows::append(path, row),
        None => Ok(()),
    };
    // The games of a row are appended one at a time, from the threads playing them.
    let games_file = Mutex::new(());
    let keep_game = |game: &KeptGame| match rows {
        Some(path) => {
            let _one = games_file.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
            table_rows::append_game(path, game).map_err(|e| e.to_string())
        }
        None => Ok(()),
    };
    let table = measure(plan, &known, &progress, &keep_game, &mut keep)?;
    if let Some((_, p)) = shown.lock().unwrap_or_else(std::sync::PoisonError::into_inner).take() {
        p.finish();
    }
    out.text(&table.markdown());
    Ok(())
}
