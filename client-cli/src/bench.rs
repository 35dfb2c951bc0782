//! `fray bench`: the measurements of docs/benchmarks.md, their flags read and their
//! results printed. Most run in-process on the core and the bots (no gRPC;
//! [`fray_tournament::bench`]): rollout speed, MCTS playout speed, agreement with the
//! exact solver, and bot-vs-bot strength with 95% confidence intervals; `load` drives a
//! real server over gRPC ([`fray_client::load`]). Each prints Markdown table rows, ready
//! for docs/benchmarks.md.

use std::io::Write as _;

use clap::Subcommand;
use fray_ai::{BotSpec, Difficulty};
use fray_client::load::{self, LoadOptions, LoadOutput, LoadRpc};
use fray_tournament::bench::{self as measure, Output, Runs, Strength};
use fray_tournament::refereed::run::ShowProgress;

use crate::error::CliError;
use crate::progress::Progress;
use crate::tls::TlsArgs;

/// The rulesets with a skirmish game: the `--ruleset` of `fray play` and `fray tournament`.
pub use crate::rulesets::RulesetArg as SkirmishRuleset;

/// `--scenario`, or the ruleset's default scenario.
fn scenario_or_default(scenario: Option<&str>, ruleset: SkirmishRuleset) -> &str {
    scenario.unwrap_or_else(|| ruleset.default_scenario())
}

/// `fray bench`: what to measure, and whether to show progress.
#[derive(Debug, Clone, clap::Args)]
pub struct BenchArgs {
    /// What to measure.
    #[command(subcommand)]
    pub what: BenchCommand,
    /// No progress on stderr (a bar on a terminal, else a line every few seconds).
    #[arg(long, short, global = true)]
    pub quiet: bool,
}

/// What to measure.
#[derive(Debug, Clone, Subcommand)]
pub enum BenchCommand {
    /// A server under load over gRPC: one RPC from many connections and streams at full
    /// speed, calls/s and p50/p99/p99.9 latency; in the same run the health check (the
    /// transport's baseline) and the ratio; the server's memory. With --batch and
    /// --stream, the same boards through the batch RPC and the Play stream too, in
    /// boards/s.
    ///
    /// Without --server it starts `fray serve` on a free loopback port as a child
    /// process (its peak RSS is reported). Run it with --release.
    Load(LoadArgs),
    /// Prints the ApplyAction requests of one game of seeded random moves, step by
    /// step, a proto3 JSON array for `bench load --rpc apply-action --request FILE`
    /// (with --stream, the same game through a Play stream).
    Steps {
        /// The ruleset.
        #[arg(long, value_enum, default_value_t = SkirmishRuleset::DEFAULT)]
        ruleset: SkirmishRuleset,
        /// The scenario.
        #[arg(long, help = crate::rulesets::bench_scenario_help())]
        scenario: Option<String>,
        /// Seeds the deal and the moves.
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
    /// Prints ChooseAction requests, a proto3 JSON array for `bench load --rpc
    /// choose-action --request FILE`: the positions `bench playouts` searches (those
    /// with a real choice), each for its player to move, with its search seed.
    Positions {
        /// Which positions.
        #[command(flatten)]
        from: SearchPositions,
        /// Each request's playout budget (1500: the normal difficulty).
        #[arg(long, default_value_t = 1500)]
        playouts: u32,
    },
    /// Random rollouts on one core: legal-action generation plus apply, per second.
    Rollouts {
        /// How long to run.
        #[arg(long, default_value_t = 5.0)]
        seconds: f64,
        /// The ruleset.
        #[arg(long, value_enum, default_value_t = SkirmishRuleset::DEFAULT)]
        ruleset: SkirmishRuleset,
        /// The scenario.
        #[arg(long, help = crate::rulesets::bench_scenario_help())]
        scenario: Option<String>,
    },
    /// MCTS playouts per second on one core, at the default rollout depth (1500
    /// playouts a position, the normal difficulty).
    Playouts {
        /// Which positions.
        #[command(flatten)]
        from: SearchPositions,
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
        /// The bot measured (any spec; `oracle` sees every hidden card, `peek` every card some player knows).
        #[arg(long, default_value = "normal")]
        bot: String,
        /// Its opponents, comma-separated; a spec's own keys may follow it
        /// (`hard,mcts:mistakes=0.2,margin=0.5,random`).
        #[arg(long, default_value = "random,greedy")]
        against: String,
        /// Games per opponent (even: each opening is played twice, sides swapped).
        #[arg(long, default_value_t = 400)]
        games: u32,
        /// The ruleset.
        #[arg(long, value_enum, default_value_t = SkirmishRuleset::DEFAULT)]
        ruleset: SkirmishRuleset,
        /// The scenario.
        #[arg(long, help = crate::rulesets::bench_scenario_help())]
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
    /// The strength table of every ruleset (fray_tournament::table): on each fairest scenario,
    /// normal against random, greedy and oracle (which sees every hidden card), oracle
    /// against random and greedy, greedy against random, hard against normal, normal
    /// against easy; 95% intervals, targets, the seed and the commit, as Markdown.
    /// Hours of CPU at the default 400 games.
    Table {
        /// Games per pairing (rounded up to a multiple of the scenario's players).
        #[arg(long, default_value_t = fray_tournament::table::DEFAULT_GAMES)]
        games: u32,
        /// Only these rulesets, comma-separated (default: every one).
        #[arg(long, value_enum, value_delimiter = ',')]
        ruleset: Vec<SkirmishRuleset>,
        /// Seeds the openings.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Games played at once (one thread each).
        #[arg(long, default_value_t = 2)]
        jobs: usize,
        /// Keeps each measured row in FILE (a JSON object a line, appended as the row
        /// is done; each game of the row being measured too, until the row takes their
        /// place) and reuses what FILE holds for the same pairing, games and seed,
        /// measured on whatever commit each names: a table, or a row of hours, can stop
        /// and go on from its last game. One run at a time to a FILE.
        #[arg(long, value_name = "FILE")]
        rows: Option<std::path::PathBuf>,
        /// With --rows: print the table of the rows FILE holds, measuring nothing; the
        /// pairings not measured yet are listed below it.
        #[arg(long, requires = "rows")]
        kept_only: bool,
        /// Measure only these pairings (repeat it), named as the table names them,
        /// e.g. "normal vs easy"; the others come from --rows or are listed as not
        /// measured yet (default: every pairing).
        #[arg(long, value_name = "BOT vs OPPONENT")]
        pairing: Vec<String>,
    },
    /// Each difficulty against the one below (hard vs normal, normal vs easy), on e:game.
    Ladder {
        /// Games per pairing.
        #[arg(long, default_value_t = 100)]
        games: u32,
        /// The scenario (default: e:game's fairest). On an unbalanced one such as
        /// `men-vs-fey` the first player wins nearly every game between two MCTS bots,
        /// which hides the difference between levels.
        #[arg(long)]
        scenario: Option<String>,
        /// Games played at once.
        #[arg(long, default_value_t = 2)]
        jobs: usize,
    },
}

/// The positions `bench playouts` searches and `bench positions` writes out: one from
/// each of the first N games of a scenario, where there is a real choice.
#[derive(Debug, Clone, clap::Args)]
pub struct SearchPositions {
    /// Games to take a position from (those without a real choice are skipped).
    #[arg(long, default_value_t = 40)]
    pub positions: u32,
    /// The ruleset.
    #[arg(long, value_enum, default_value_t = SkirmishRuleset::DEFAULT)]
    pub ruleset: SkirmishRuleset,
    /// The scenario.
    #[arg(long, help = crate::rulesets::bench_scenario_help())]
    pub scenario: Option<String>,
}

/// `fray bench load`'s options.
#[derive(Debug, Clone, clap::Args)]
pub struct LoadArgs {
    /// The RPC to drive.
    #[arg(long, value_enum, default_value_t = LoadRpc::ResolveStrike)]
    pub rpc: LoadRpc,
    /// Its request in proto3 JSON, or a JSON array of requests sent in turn (e.g.
    /// bench/resolve-strike-5v5.json). Check and ListRulesets need none.
    #[arg(long, value_name = "FILE")]
    pub request: Option<std::path::PathBuf>,
    /// The server (e.g. http://127.0.0.1:50051); default: a `fray serve` child process.
    #[arg(long, value_name = "URL")]
    pub server: Option<String>,
    /// TLS for an `https://` --server.
    #[command(flatten)]
    pub tls: TlsArgs,
    /// An argument for the child `fray serve` (repeat it), e.g. --server-arg=--max-concurrent-agent=1.
    #[arg(long = "server-arg", value_name = "ARG", allow_hyphen_values = true)]
    pub server_args: Vec<String>,
    /// HTTP/2 connections.
    #[arg(long, default_value_t = 8)]
    pub connections: usize,
    /// Calls in flight on each connection.
    #[arg(long, default_value_t = 32)]
    pub streams: usize,
    /// Seconds measured, for each RPC.
    #[arg(long, default_value_t = 10.0)]
    pub seconds: f64,
    /// Seconds of load before measuring, for each RPC.
    #[arg(long, default_value_t = 2.0)]
    pub warmup: f64,
    /// Skip the health-check baseline.
    #[arg(long)]
    pub no_baseline: bool,
    /// Alternate the baseline and the RPC this many times (each time --warmup, then
    /// --seconds) and report each summed over its rounds: on a shared machine whose
    /// speed drifts, both then meet the same spells.
    #[arg(long, default_value_t = 1)]
    pub rounds: u32,
    /// Also drive the batch RPC (ResolveStrikeBatch for resolve-strike, ApplyActionBatch
    /// for apply-action) with this many of the requests a call, taken in turn; several
    /// sizes comma-separated (e.g. 1,16,64), each a run of its own.
    #[arg(long, value_delimiter = ',', value_name = "N")]
    pub batch: Vec<usize>,
    /// Also drive the Play stream with the same boards (resolve-strike or apply-action
    /// requests): a stream in each place, each message sent once the previous one is
    /// answered. With apply-action, LegalActions of the same states too, so that a game
    /// step as a unary client takes it (LegalActions, then ApplyAction) is timed beside
    /// Play's one message.
    #[arg(long)]
    pub stream: bool,
    /// With --rpc apply-action and no --request: drive ApplyAction on the opening of
    /// e:game's default game (the first legal action), on the plain state and on the
    /// state sealed for the seat to move (`NewGame` with `sealed_for`), in the same run,
    /// with the ratio: what holding a sealed state costs (docs/api.md).
    #[arg(long, conflicts_with_all = ["request", "batch", "stream"])]
    pub sealed: bool,
}

/// Results on stdout, what is being measured on stderr.
struct Printed;

impl Output for Printed {
    fn text(&mut self, text: &str) {
        print!("{text}");
    }

    fn note(&mut self, text: &str) {
        eprintln!("{text}");
    }
}

impl LoadOutput for Printed {
    fn line(&mut self, text: &str) {
        println!("{text}");
    }

    fn running(&mut self, text: &str) {
        eprint!("{text}");
        let _ = std::io::stderr().flush();
    }

    fn run_done(&mut self) {
        eprintln!(" done");
    }
}

fn load(args: &LoadArgs) -> Result<(), CliError> {
    let options = LoadOptions {
        rpc: args.rpc,
        request: args.request.clone(),
        server: args.server.clone(),
        server_args: args.server_args.clone(),
        connections: args.connections,
        streams: args.streams,
        seconds: args.seconds,
        warmup: args.warmup,
        no_baseline: args.no_baseline,
        rounds: args.rounds,
        batch: args.batch.clone(),
        stream: args.stream,
        sealed: args.sealed,
        sealed_ruleset: SkirmishRuleset::DEFAULT.ruleset(),
    };
    let checked = load::check(&options)?;
    let tls = args.tls.load()?;
    Ok(load::run(&options, checked, &tls, &mut Printed)?)
}

fn spec(text: &str) -> Result<BotSpec, CliError> {
    text.parse::<BotSpec>().map_err(|e| CliError::Usage(e.to_string()))
}

/// Each match's progress on stderr (none when `quiet`).
fn shows(quiet: bool) -> impl Fn(&str, u64, u64) -> Box<dyn ShowProgress + Send + Sync> + Sync {
    move |label, total, done| Box::new(Progress::new(label, total, done, quiet))
}

/// Runs one measurement, printing its table to stdout and progress to stderr
/// (none when `quiet`).
pub fn run(args: &BenchArgs) -> Result<(), CliError> {
    let shows = shows(args.quiet);
    match &args.what {
        BenchCommand::Load(args) => load(args)?,
        BenchCommand::Positions { from: SearchPositions { positions, ruleset, scenario }, playouts } => {
            let scenario = scenario_or_default(scenario.as_deref(), *ruleset);
            println!("{}", load::requests::positions_json(ruleset.core(), scenario, *positions, *playouts)?);
        }
        BenchCommand::Steps { ruleset, scenario, seed } => {
            let scenario = scenario_or_default(scenario.as_deref(), *ruleset);
            println!("{}", load::requests::game_steps_json(ruleset.core(), scenario, *seed)?);
        }
        BenchCommand::Rollouts { seconds, ruleset, scenario } => {
            let scenario = scenario_or_default(scenario.as_deref(), *ruleset);
            measure::rollouts(ruleset.core(), scenario, *seconds, &mut Printed)?;
        }
        BenchCommand::Playouts { from: SearchPositions { positions, ruleset, scenario } } => {
            let scenario = scenario_or_default(scenario.as_deref(), *ruleset);
            measure::playouts(ruleset.core(), scenario, *positions, &mut Printed)?;
        }
        BenchCommand::Agreement { positions, bot, seed, solver_nodes } => {
            measure::agreement(*positions, &spec(bot)?, *seed, *solver_nodes, &mut Printed);
        }
        BenchCommand::Strength { bot, against, games, ruleset, scenario, seed, jobs } => {
            let bot = spec(bot)?;
            let opponents = BotSpec::parse_list(against).map_err(|e| CliError::Usage(e.to_string()))?;
            let scenario = scenario_or_default(scenario.as_deref(), *ruleset);
            let m = Strength { bot: &bot, opponents: &opponents, games: *games, ruleset: ruleset.core(), scenario };
            measure::strength(m, Runs { seed: *seed, jobs: *jobs }, &shows, &mut Printed)?;
        }
        BenchCommand::Seats { bot, games, ruleset, scenario, seed, jobs } => {
            let bot = spec(bot)?;
            let rulesets: Vec<_> = match ruleset {
                Some(r) => vec![r.core()],
                None => SkirmishRuleset::ALL.iter().map(|r| r.core()).collect(),
            };
            let runs = Runs { seed: *seed, jobs: *jobs };
            measure::seats(&bot, &rulesets, scenario.as_deref(), *games, runs, &shows, &mut Printed)?;
        }
        BenchCommand::Table { games, ruleset, seed, jobs, rows, kept_only, pairing } => {
            let rulesets = ruleset.iter().map(|r| r.core()).collect();
            let commit = env!("FRAY_BUILD_COMMIT").to_owned();
            let names = fray_tournament::table::pairing_names();
            if let Some(unknown) = pairing.iter().find(|p| !names.contains(p)) {
                return Err(CliError::Usage(format!(
                    "--pairing {unknown:?} is not a pairing of the table; they are: {}",
                    names.join(", ")
                )));
            }
            let only = pairing.clone();
            let plan =
                fray_tournament::table::TablePlan { games: *games, seed: *seed, jobs: *jobs, rulesets, commit, only };
            measure::table(&plan, rows.as_deref(), *kept_only, &shows, &mut Printed)?;
        }
        BenchCommand::Ladder { games, scenario, jobs } => {
            let ruleset = SkirmishRuleset::DEFAULT;
            let scenario = scenario_or_default(scenario.as_deref(), ruleset);
            for (upper, lower) in [(Difficulty::Hard, Difficulty::Normal), (Difficulty::Normal, Difficulty::Easy)] {
                let (bot, opponents) = (spec(upper.name())?, [spec(lower.name())?]);
                let m = Strength { bot: &bot, opponents: &opponents, games: *games, ruleset: ruleset.core(), scenario };
                measure::strength(m, Runs { seed: 1, jobs: *jobs }, &shows, &mut Printed)?;
            }
        }
    }
    Ok(())
}
