//! `fray bench`: the measurements of docs/benchmarks.md, run in-process on the core and
//! the bots (no gRPC): rollout speed, MCTS playout speed, agreement with the exact
//! solver, and bot-vs-bot strength with 95% confidence intervals. Each prints a
//! Markdown table row, ready for docs/benchmarks.md.

use std::io::Write as _;
use std::time::{Duration, Instant};

use clap::Subcommand;
use fray_ai::measure::{
    Match, MatchResult, agreement, play_match, playout_speed, rollout_speed, seat_match, small_positions,
};
use fray_ai::{BotSpec, Difficulty};
use fray_core::state::Ruleset;

use crate::error::CliError;

/// The rulesets with a skirmish game: the `--ruleset` of `fray play` and `fray tournament`.
pub use crate::play::RulesetArg as SkirmishRuleset;

/// `--scenario`, or the ruleset's default scenario.
fn scenario_or_default(scenario: Option<&str>, ruleset: SkirmishRuleset) -> &str {
    scenario.unwrap_or_else(|| ruleset.default_scenario())
}

/// What to measure.
#[derive(Debug, Clone, Subcommand)]
pub enum BenchCommand {
    /// Random rollouts on one core: legal-action generation plus apply, per second.
    Rollouts {
        /// How long to run.
        #[arg(long, default_value_t = 5.0)]
        seconds: f64,
        /// The ruleset.
        #[arg(long, value_enum, default_value_t = SkirmishRuleset::Egame)]
        ruleset: SkirmishRuleset,
        /// The scenario (default: men-vs-fey; mirror for keyforge, standard for castle-rampage).
        #[arg(long)]
        scenario: Option<String>,
    },
    /// MCTS playouts per second on one core, at the default rollout depth.
    Playouts {
        /// Positions to search (1500 playouts each, the normal difficulty).
        #[arg(long, default_value_t = 40)]
        positions: u32,
        /// The ruleset.
        #[arg(long, value_enum, default_value_t = SkirmishRuleset::Egame)]
        ruleset: SkirmishRuleset,
        /// The scenario (default: men-vs-fey; mirror for keyforge, standard for castle-rampage).
        #[arg(long)]
        scenario: Option<String>,
    },
    /// How often a bot's choice is optimal on generated small positions (exact solver).
    ///
    /// The positions are small e:game boards: this measure has no --ruleset (the
    /// generator and the solver's checks are zone-board ones).
    Agreement {
        /// Positions to generate and solve.
        #[arg(long, default_value_t = 500)]
        positions: usize,
        /// The bot, as a spec (e.g. normal, mcts:playouts=3000, greedy).
        #[arg(long, default_value = "normal")]
        bot: String,
        /// Seeds the positions.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Node limit of the solver per position.
        #[arg(long, default_value_t = 200_000)]
        solver_nodes: u64,
    },
    /// Bot-vs-bot matches with sides swapped: W/D/L and the score with a 95% interval.
    Strength {
        /// The bot measured.
        #[arg(long, default_value = "normal")]
        bot: String,
        /// Its opponents, comma-separated.
        #[arg(long, default_value = "random,greedy", value_delimiter = ',')]
        against: Vec<String>,
        /// Games per opponent (even: each opening is played twice, sides swapped).
        #[arg(long, default_value_t = 400)]
        games: u32,
        /// The ruleset.
        #[arg(long, value_enum, default_value_t = SkirmishRuleset::Egame)]
        ruleset: SkirmishRuleset,
        /// The scenario (default: men-vs-fey; mirror for keyforge, standard for castle-rampage).
        #[arg(long)]
        scenario: Option<String>,
        /// Seeds the openings.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Games played at once (one thread each).
        #[arg(long, default_value_t = 2)]
        jobs: usize,
    },
    /// Seat 0's score when a bot plays itself, per ruleset and scenario: how much a
    /// scenario favours the first player (50% is fair).
    Seats {
        /// The bot in both seats.
        #[arg(long, default_value = "normal")]
        bot: String,
        /// Games per scenario (each a different opening).
        #[arg(long, default_value_t = 100)]
        games: u32,
        /// One ruleset (default: every ruleset with a skirmish, whose balance
        /// ListRulesets serves).
        #[arg(long, value_enum)]
        ruleset: Option<SkirmishRuleset>,
        /// One scenario (default: every built-in scenario of each ruleset).
        #[arg(long)]
        scenario: Option<String>,
        /// Seeds the openings.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Games played at once (one thread each).
        #[arg(long, default_value_t = 2)]
        jobs: usize,
    },
    /// Each difficulty against the one below (hard vs normal, normal vs easy), on e:game.
    Ladder {
        /// Games per pairing.
        #[arg(long, default_value_t = 100)]
        games: u32,
        /// The scenario. `mirror` (both sides the same cards): on `men-vs-fey` the
        /// first player wins nearly every game between two MCTS bots, which hides the
        /// difference between levels.
        #[arg(long, default_value = "mirror")]
        scenario: String,
        /// Games played at once.
        #[arg(long, default_value_t = 2)]
        jobs: usize,
    },
}

fn spec(text: &str) -> Result<BotSpec, CliError> {
    text.parse::<BotSpec>().map_err(|e| CliError::Usage(e.to_string()))
}

fn arena(e: impl std::fmt::Display) -> CliError {
    CliError::Usage(e.to_string())
}

fn machine() -> String {
    let cores = std::thread::available_parallelism().map_or(1, std::num::NonZero::get);
    format!("{} cores, {} {}", cores, std::env::consts::OS, std::env::consts::ARCH)
}

fn strength_rows(
    bot: &BotSpec,
    opponents: &[BotSpec],
    games: u32,
    ruleset: Ruleset,
    scenario: &str,
    seed: u64,
    jobs: usize,
) -> Result<(), CliError> {
    let players =
        fray_core::rulesets::scenario_infos(ruleset).iter().find(|s| s.name == scenario).map_or(2, |s| s.players);
    if players > 2 {
        println!(
            "{players} players a game: the bot against {} copies of the opponent, in each seat in turn on every \
             opening. W: it won; L: it went out first; D: anything between. Score: the share of the others it \
             finished ahead of (50% is par).\n",
            players - 1
        );
    }
    println!("| bot | opponent | games | W | D | L | score | 95% interval | time | score by seat |");
    println!("|---|---|---|---|---|---|---|---|---|---|");
    for opponent in opponents {
        let started = Instant::now();
        let progress = |done: u32, r: &MatchResult| {
            let (score, _, _) = r.score();
            eprint!("\r{bot} vs {opponent}: {done}/{games} games, score {:.1}%   ", 100.0 * score);
            let _ = std::io::stderr().flush();
        };
        let m = Match { a: bot, b: opponent, games, ruleset, scenario, seed, jobs };
        let report = play_match(&m, &progress).map_err(arena)?;
        eprintln!();
        let r = report.total;
        let (score, lo, hi) = r.score();
        let by_seat: Vec<String> = report.by_seat.iter().map(|s| format!("{:.1}%", 100.0 * s.score().0)).collect();
        println!("| {bot} | {opponent} | {} | {} |", result_cells(&r, score, (lo, hi), started), by_seat.join(" / "));
    }
    Ok(())
}

/// `games | W | D | L | score | interval | time` of a match's table row.
fn result_cells(r: &MatchResult, score: f64, (lo, hi): (f64, f64), started: Instant) -> String {
    format!(
        "{} | {} | {} | {} | {:.1}% | {:.1}% – {:.1}% | {:.0} s",
        r.games(),
        r.wins,
        r.draws,
        r.losses,
        100.0 * score,
        100.0 * lo,
        100.0 * hi,
        started.elapsed().as_secs_f64()
    )
}

fn seat_rows(
    bot: &BotSpec,
    rulesets: &[SkirmishRuleset],
    scenario: Option<&str>,
    games: u32,
    seed: u64,
    jobs: usize,
) -> Result<(), CliError> {
    println!(
        "| ruleset | scenario | players | bot | games | seat 0 W | D | L | seat-0 score | 95% interval | time | every seat |"
    );
    println!("|---|---|---|---|---|---|---|---|---|---|---|---|");
    for ruleset in rulesets {
        let scenarios: Vec<&str> = match scenario {
            Some(s) => vec![s],
            None => ruleset.scenarios().iter().map(|s| s.name).collect(),
        };
        for scenario in scenarios {
            let started = Instant::now();
            let progress = |done: u32, r: &MatchResult| {
                let (score, _, _) = r.score();
                eprint!("\r{} {scenario}: {done}/{games} games, seat 0 {:.1}%   ", ruleset.core(), 100.0 * score);
                let _ = std::io::stderr().flush();
            };
            let seats = seat_match(bot, games, ruleset.core(), scenario, seed, jobs, &progress).map_err(arena)?;
            eprintln!();
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
            println!("| {} | {scenario} | {} | {bot} | {cells} | {} |", ruleset.core(), seats.len(), every.join(" / "));
        }
    }
    Ok(())
}

/// Runs one measurement, printing its table to stdout and progress to stderr.
pub fn run(cmd: &BenchCommand) -> Result<(), CliError> {
    match cmd {
        BenchCommand::Rollouts { seconds, ruleset, scenario } => {
            let scenario = scenario_or_default(scenario.as_deref(), *ruleset);
            let duration = Duration::from_secs_f64(seconds.clamp(0.1, 3600.0));
            let r = rollout_speed(ruleset.core(), scenario, duration).map_err(arena)?;
            println!("| measure | value | games | actions | seconds | machine |");
            println!("|---|---|---|---|---|---|");
            println!(
                "| random rollouts, {} {scenario} | {:.2} M actions/s | {} | {} | {:.1} | {} |",
                ruleset.core(),
                r.per_second() / 1e6,
                r.games,
                r.actions,
                r.elapsed.as_secs_f64(),
                machine()
            );
        }
        BenchCommand::Playouts { positions, ruleset, scenario } => {
            let config = Difficulty::Normal.config();
            let scenario = scenario_or_default(scenario.as_deref(), *ruleset);
            let r = playout_speed(config, ruleset.core(), scenario, *positions).map_err(arena)?;
            println!("| measure | value | positions | playouts | rollout depth | machine |");
            println!("|---|---|---|---|---|---|");
            println!(
                "| MCTS playouts, {} {scenario} | {:.0} playouts/s | {} | {} | {} | {} |",
                ruleset.core(),
                r.per_second(),
                r.positions,
                r.playouts,
                config.rollout_depth,
                machine()
            );
        }
        BenchCommand::Agreement { positions, bot, seed, solver_nodes } => {
            let bot = spec(bot)?;
            let started = Instant::now();
            eprintln!("generating and solving {positions} positions...");
            let solved = small_positions(*positions, *seed, *solver_nodes);
            eprintln!("{} positions solved in {:.1} s; asking {bot}...", solved.len(), started.elapsed().as_secs_f64());
            let a = agreement(&mut *bot.build(), &solved, *seed);
            let pct = |n: usize, d: usize| if d == 0 { 100.0 } else { 100.0 * n as f64 / d as f64 };
            println!("| bot | positions | optimal | rate | lethal or forced block | optimal there | rate |");
            println!("|---|---|---|---|---|---|---|");
            println!(
                "| {bot} | {} | {} | {:.1}% | {} | {} | {:.1}% |",
                a.positions,
                a.agreed,
                pct(a.agreed, a.positions),
                a.forced,
                a.forced_agreed,
                pct(a.forced_agreed, a.forced)
            );
        }
        BenchCommand::Strength { bot, against, games, ruleset, scenario, seed, jobs } => {
            let bot = spec(bot)?;
            let opponents: Vec<BotSpec> = against.iter().map(|a| spec(a)).collect::<Result<_, _>>()?;
            let scenario = scenario_or_default(scenario.as_deref(), *ruleset);
            strength_rows(&bot, &opponents, *games, ruleset.core(), scenario, *seed, *jobs)?;
        }
        BenchCommand::Seats { bot, games, ruleset, scenario, seed, jobs } => {
            let bot = spec(bot)?;
            let every = || <SkirmishRuleset as clap::ValueEnum>::value_variants().to_vec();
            let rulesets = ruleset.map_or_else(every, |r| vec![r]);
            seat_rows(&bot, &rulesets, scenario.as_deref(), *games, *seed, *jobs)?;
        }
        BenchCommand::Ladder { games, scenario, jobs } => {
            for (upper, lower) in [(Difficulty::Hard, Difficulty::Normal), (Difficulty::Normal, Difficulty::Easy)] {
                strength_rows(
                    &spec(upper.name())?,
                    &[spec(lower.name())?],
                    *games,
                    Ruleset::Egame,
                    scenario,
                    1,
                    *jobs,
                )?;
            }
        }
    }
    Ok(())
}
