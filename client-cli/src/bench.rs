//! `fray bench`: the measurements of docs/benchmarks.md. Most run in-process on the
//! core and the bots (no gRPC): rollout speed, MCTS playout speed, agreement with the
//! exact solver, and bot-vs-bot strength with 95% confidence intervals; `load` drives
//! a real server over gRPC ([`crate::load`]). Each prints Markdown table rows, ready
//! for docs/benchmarks.md.

use std::io::Write as _;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use bytes::Bytes;
use clap::Subcommand;
use fray_ai::{BotSpec, Difficulty};
use fray_core::Ruleset;
use fray_tournament::agreement::{agreement, small_positions};
use fray_tournament::measure::{
    Match, MatchResult, play_match, playout_speed, rollout_speed, search_positions, seat_match,
};

use crate::error::CliError;
use crate::load::{ChildServer, LoadPlan, LoadReport, LoadRpc, cpu_time, resident_memory};
use crate::progress::Progress;

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
        /// Its opponents, comma-separated.
        #[arg(long, default_value = "random,greedy", value_delimiter = ',')]
        against: Vec<String>,
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
    pub tls: crate::tls::TlsArgs,
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

fn load(args: &LoadArgs) -> Result<(), CliError> {
    let batched = load_checked(args)?;
    let tls = args.tls.load()?;
    let child = match &args.server {
        Some(_) => None,
        None => Some(ChildServer::start(&args.server_args)?),
    };
    let url = args.server.clone().or_else(|| child.as_ref().map(|c| c.url.clone())).unwrap_or_default();
    let handle = tokio::runtime::Handle::current();
    let (requests, sealed) = if args.sealed {
        let (plain, sealed) =
            handle.block_on(crate::load::openings(&url, &tls, &[SkirmishRuleset::DEFAULT.ruleset()]))?;
        (Arc::new(plain), Some(Arc::new(sealed)))
    } else {
        (Arc::new(args.rpc.requests(args.request.as_deref())?), None)
    };
    let runs = load_plans(args, &requests, sealed.as_ref(), batched)?;
    let server = match &child {
        Some(c) => format!("`fray serve` child process (pid {}) on {}", c.pid(), c.url),
        None => url.clone(),
    };
    println!("server: {server}; client: {} connections x {} streams; {}\n", args.connections, args.streams, machine());
    println!(
        "| RPC | request | boards per call | calls | errors | calls/s | boards/s | p50 | p99 | p99.9 | server CPU per \
         board | client CPU per board |"
    );
    println!("|---|---|---|---|---|---|---|---|---|---|---|---|");
    let totals = load_rounds(args, &runs, child.as_ref(), &url, &tls)?;
    let (reports, server_cpu_of) = load_rows(totals, sealed.is_some());
    load_ratios(args, &reports, &server_cpu_of, sealed.is_some());
    if let Some(child) = &child {
        match resident_memory(child.pid()) {
            Some((peak, now)) => println!(
                "server memory: peak RSS {:.1} MiB, {:.1} MiB at the end",
                peak as f64 / 1048576.0,
                now as f64 / 1048576.0
            ),
            None => println!("server memory: not measured (no /proc here)"),
        }
    }
    Ok(())
}

/// `fray bench load`'s flags checked together: the batch RPC of `--batch`, if any.
fn load_checked(args: &LoadArgs) -> Result<Option<LoadRpc>, CliError> {
    if args.connections == 0 || args.streams == 0 || args.connections * args.streams > 100_000 {
        return Err(CliError::Usage(
            "--connections and --streams must be at least 1 (and their product at most 100000)".into(),
        ));
    }
    if !(args.seconds > 0.0 && args.seconds <= 3600.0 && (0.0..=600.0).contains(&args.warmup)) {
        return Err(CliError::Usage("--seconds must be in (0, 3600] and --warmup in [0, 600]".into()));
    }
    if !(1..=100).contains(&args.rounds) {
        return Err(CliError::Usage("--rounds must be in [1, 100]".into()));
    }
    let batched = match (args.batch.is_empty(), args.rpc.batched()) {
        (true, _) => None,
        (false, Some(batched)) => Some(batched),
        (false, None) => {
            return Err(CliError::Usage(format!(
                "--batch: {} has no batch RPC (resolve-strike and apply-action have)",
                args.rpc.name()
            )));
        }
    };
    if args.batch.iter().any(|&n| n == 0 || n > 100_000) {
        return Err(CliError::Usage("--batch sizes must be in [1, 100000]".into()));
    }
    if args.sealed && args.rpc != LoadRpc::ApplyAction {
        return Err(CliError::Usage("--sealed: drives apply-action only (--rpc apply-action)".into()));
    }
    Ok(batched)
}

/// The runs of one `fray bench load`, in the order they are measured and printed: the
/// health check, the RPC, the RPC on sealed states, its batches, LegalActions and Play.
fn load_plans(
    args: &LoadArgs,
    requests: &Arc<Vec<Bytes>>,
    sealed: Option<&Arc<Vec<Bytes>>>,
    batched: Option<LoadRpc>,
) -> Result<Vec<LoadPlan>, CliError> {
    let play = if args.stream { Some(crate::load::play_messages(args.rpc, requests)?) } else { None };
    let plan = |rpc, requests, items| LoadPlan {
        rpc,
        requests,
        items,
        connections: args.connections,
        streams: args.streams,
        warmup: Duration::from_secs_f64(args.warmup),
        duration: Duration::from_secs_f64(args.seconds),
    };
    let mut runs = Vec::new();
    if !args.no_baseline && args.rpc != LoadRpc::Check {
        runs.push(plan(LoadRpc::Check, Arc::new(LoadRpc::Check.requests(None)?), 1));
    }
    runs.push(plan(args.rpc, Arc::clone(requests), 1));
    if let Some(sealed) = sealed {
        runs.push(plan(args.rpc, Arc::clone(sealed), 1));
    }
    if let Some(batched) = batched {
        for &n in &args.batch {
            runs.push(plan(batched, Arc::new(crate::load::batches(requests, n)), n));
        }
    }
    if let Some(messages) = play {
        if args.rpc == LoadRpc::ApplyAction {
            runs.push(plan(LoadRpc::LegalActions, Arc::new(crate::load::legal_actions_of(requests)?), 1));
        }
        runs.push(plan(LoadRpc::Play, Arc::new(messages), 1));
    }
    Ok(runs)
}

/// One run's totals over the rounds: what it measured, and the CPU the server and this
/// process spent on it (`None` where it cannot be read).
type LoadTotal = (Option<LoadReport>, Option<Duration>, Option<Duration>);

/// What each run measured, summed over `--rounds` (the runs alternated round by round),
/// and the CPU the server (a child's) and this process spent on it.
fn load_rounds(
    args: &LoadArgs,
    runs: &[LoadPlan],
    child: Option<&ChildServer>,
    url: &str,
    tls: &crate::tls::ClientTls,
) -> Result<Vec<LoadTotal>, CliError> {
    let handle = tokio::runtime::Handle::current();
    // Per RPC: what it measured, summed over the rounds, and the CPU the server and
    // this process spent on it (`None` where it cannot be read).
    let mut totals: Vec<LoadTotal> = runs.iter().map(|_| (None, Some(Duration::ZERO), Some(Duration::ZERO))).collect();
    let add = |sum: Option<Duration>, before: Option<Duration>, after: Option<Duration>| {
        Some(sum? + after?.saturating_sub(before?))
    };
    let this = std::process::id();
    for round in 1..=args.rounds {
        for (run, total) in runs.iter().zip(totals.iter_mut()) {
            let of = if args.rounds > 1 { format!(" (round {round} of {})", args.rounds) } else { String::new() };
            eprint!("{}{of}: {} s warm-up, {} s measured...", run.rpc.name(), args.warmup, args.seconds);
            let _ = std::io::stderr().flush();
            let (server_before, client_before) = (child.and_then(|c| cpu_time(c.pid())), cpu_time(this));
            let r = handle.block_on(crate::load::drive(url, tls, run))?;
            let (server_after, client_after) = (child.and_then(|c| cpu_time(c.pid())), cpu_time(this));
            eprintln!(" done");
            total.1 = add(total.1, server_before, server_after);
            total.2 = add(total.2, client_before, client_after);
            match &mut total.0 {
                Some(sum) => sum.absorb(r)?,
                None => total.0 = Some(r),
            }
        }
    }
    Ok(totals)
}

/// Prints each run's row: the reports, and each one's server CPU per board in µs where
/// it was read.
fn load_rows(totals: Vec<LoadTotal>, sealed: bool) -> (Vec<LoadReport>, Vec<Option<f64>>) {
    let mut reports = Vec::new();
    // Each report's server CPU per board, in µs, where it was read.
    let mut server_cpu_of = Vec::new();
    for (r, server, client) in totals {
        let Some(r) = r else { continue };
        let boards = r.answered * r.items as u64;
        let per_board = |spent: Option<Duration>| match spent {
            Some(spent) if boards > 0 => format!("{:.2} µs", spent.as_secs_f64() * 1e6 / boards as f64),
            _ => "n/a".to_owned(),
        };
        let (server_cpu, client_cpu) = (per_board(server), per_board(client));
        server_cpu_of.push(server.filter(|_| boards > 0).map(|spent| spent.as_secs_f64() * 1e6 / boards as f64));
        let errors: u64 = r.errors.values().sum();
        let errors = if errors == 0 {
            "0".to_owned()
        } else {
            r.errors.iter().map(|(code, n)| format!("{n} {code}")).collect::<Vec<_>>().join(", ")
        };
        let ms = |q| format!("{:.2} ms", r.quantile(q).as_secs_f64() * 1e3);
        // With --sealed the third row is the same RPC on sealed states.
        let sealed_row = if sealed && reports.len() == 2 { " (sealed)" } else { "" };
        println!(
            "| {}{sealed_row} | {} B | {} | {} | {errors} | {:.0} | {:.0} | {} | {} | {} | {server_cpu} | {client_cpu} |",
            r.rpc.path().trim_start_matches('/'),
            r.request_bytes,
            r.items,
            r.ok,
            r.per_second(),
            r.boards_per_second(),
            ms(0.5),
            ms(0.99),
            ms(0.999)
        );
        reports.push(r);
    }
    (reports, server_cpu_of)
}

/// Prints the ratios of one `fray bench load`: sealed against plain, the RPC against the
/// health check, or every run's boards/s against both.
fn load_ratios(args: &LoadArgs, reports: &[LoadReport], server_cpu_of: &[Option<f64>], sealed: bool) {
    let rounds = if args.rounds > 1 { format!(", {} rounds alternated", args.rounds) } else { String::new() };
    if let (true, [_, plain, sealed]) = (sealed, reports) {
        let cpu = match (server_cpu_of.get(2).copied().flatten(), server_cpu_of.get(1).copied().flatten()) {
            (Some(sealed), Some(plain)) if plain > 0.0 => format!("{:.2}", sealed / plain),
            _ => "n/a".to_owned(),
        };
        println!(
            "\nsealed / plain ApplyAction (rows 2 and 3, the opening of e:game's default game; same run{rounds}): \
             calls/s {:.2}, server CPU per call {cpu}",
            sealed.per_second() / plain.per_second().max(1e-9),
        );
    } else if let [baseline, measured] = reports {
        println!(
            "\nratio {} / {}: {:.2} (calls/s, same run{rounds})",
            measured.rpc.name(),
            baseline.rpc.name(),
            measured.per_second() / baseline.per_second().max(1e-9),
        );
    } else if reports.len() > 2 {
        // Each run's boards/s against the first two: the health check and the unary RPC.
        let (baseline, unary) = (&reports[0], &reports[1]);
        println!(
            "\nboards/s against {} and {} calls/s (same run{rounds}):\n\n| RPC | boards per call | boards/s | / {} \
             | / {} |\n|---|---|---|---|---|",
            baseline.rpc.name(),
            unary.rpc.name(),
            baseline.rpc.name(),
            unary.rpc.name()
        );
        let row = |name: &str, items: usize, per_second: f64| {
            println!(
                "| {name} | {items} | {per_second:.0} | {:.2} | {:.2} |",
                per_second / baseline.per_second().max(1e-9),
                per_second / unary.per_second().max(1e-9)
            );
        };
        for r in &reports[1..] {
            row(r.rpc.name(), r.items, r.boards_per_second());
        }
        // A game step as a unary client takes it: LegalActions, then ApplyAction.
        if let Some(legal) = reports.iter().find(|r| r.rpc == LoadRpc::LegalActions)
            && unary.rpc == LoadRpc::ApplyAction
        {
            let step = 1.0 / (1.0 / legal.per_second().max(1e-9) + 1.0 / unary.per_second().max(1e-9));
            row("LegalActions then ApplyAction (a unary step)", 1, step);
            if let Some(play) = reports.iter().find(|r| r.rpc == LoadRpc::Play) {
                println!("\nPlay messages/s / unary steps/s: {:.2}", play.per_second() / step.max(1e-9));
            }
        }
    }
}

fn spec(text: &str) -> Result<BotSpec, CliError> {
    text.parse::<BotSpec>().map_err(|e| CliError::Usage(e.to_string()))
}

fn machine() -> String {
    let cores = std::thread::available_parallelism().map_or(1, std::num::NonZero::get);
    format!("{} cores, {} {}", cores, std::env::consts::OS, std::env::consts::ARCH)
}

/// How a measurement's games run: the openings' seed, the games played at once, and
/// whether progress is hidden.
#[derive(Debug, Clone, Copy)]
struct Runs {
    seed: u64,
    jobs: usize,
    quiet: bool,
}

fn strength_rows(
    bot: &BotSpec,
    opponents: &[BotSpec],
    games: u32,
    ruleset: Ruleset,
    scenario: &str,
    runs: Runs,
) -> Result<(), CliError> {
    let Runs { seed, jobs, quiet } = runs;
    let info = fray_core::rulesets::scenario_infos(ruleset).into_iter().find(|s| s.name == scenario);
    let players = info.map_or(2, |s| s.players);
    if let Some(s) = info.filter(|s| !s.balance.is_balanced()) {
        println!(
            "Scenario {scenario} is not known to be balanced (seat 0 scored {:.0}% over {} games of the normal bot \
             against itself): every opening is played from every seat, but the seats may decide more games than \
             the bots. The default is the fairest scenario.\n",
            100.0 * s.balance.seat0_score,
            s.balance.games
        );
    }
    if players > 2 {
        println!(
            "{players} players a game: the bot against {} copies of the opponent, in each seat in turn on every \
             opening. W: it won; L: it went out first; D: anything between. Score: the share of the others it \
             finished ahead of (50% is par).\n",
            players - 1
        );
    }
    let mut noted = Vec::new();
    for spec in std::iter::once(bot).chain(opponents) {
        if let Some(note) = spec.sight_note().filter(|n| !noted.contains(n)) {
            let kind = spec.name().split(':').next().unwrap_or_default().to_owned();
            println!("{kind}: MCTS that {note} (a measuring instrument, not a fair opponent).\n");
            noted.push(note);
        }
    }
    println!("| bot | opponent | games | W | D | L | score | 95% interval | turn limit | time | score by seat |");
    println!("|---|---|---|---|---|---|---|---|---|---|---|");
    for opponent in opponents {
        let started = Instant::now();
        let shown = Progress::new(&format!("{bot} vs {opponent}"), u64::from(games), 0, quiet);
        let progress = |_done: u32, r: &MatchResult| shown.game_done(&format!("score {:.1}%", 100.0 * r.score().0));
        let m = Match { a: bot, b: opponent, games, ruleset, scenario, seed, jobs };
        let report = play_match(&m, &progress)?;
        shown.finish();
        let r = report.total;
        let (score, lo, hi) = r.score();
        let by_seat: Vec<String> = report.by_seat.iter().map(|s| format!("{:.1}%", 100.0 * s.score().0)).collect();
        println!("| {bot} | {opponent} | {} | {} |", result_cells(&r, score, (lo, hi), started), by_seat.join(" / "));
    }
    Ok(())
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

fn seat_rows(
    bot: &BotSpec,
    rulesets: &[SkirmishRuleset],
    scenario: Option<&str>,
    games: u32,
    runs: Runs,
) -> Result<(), CliError> {
    let Runs { seed, jobs, quiet } = runs;
    println!(
        "| ruleset | scenario | players | bot | games | seat 0 W | D | L | seat-0 score | 95% interval | turn limit | time | every seat |"
    );
    println!("|---|---|---|---|---|---|---|---|---|---|---|---|---|");
    for ruleset in rulesets {
        let scenarios: Vec<&str> = match scenario {
            Some(s) => vec![s],
            None => ruleset.scenarios().iter().map(|s| s.name).collect(),
        };
        for scenario in scenarios {
            let started = Instant::now();
            let shown = Progress::new(&format!("{} {scenario}", ruleset.core()), u64::from(games), 0, quiet);
            let progress =
                |_done: u32, r: &MatchResult| shown.game_done(&format!("seat 0 {:.1}%", 100.0 * r.score().0));
            let seats = seat_match(bot, games, ruleset.core(), scenario, seed, jobs, &progress)?;
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
            println!("| {} | {scenario} | {} | {bot} | {cells} | {} |", ruleset.core(), seats.len(), every.join(" / "));
        }
    }
    Ok(())
}

/// The ApplyAction requests of one game of `ruleset`'s `scenario` dealt by `seed`, each
/// of its actions picked at random (seeded by `seed`) among the legal ones, until the
/// game is over (at most 10 000 steps).
pub fn game_steps(
    ruleset: SkirmishRuleset,
    scenario: &str,
    seed: u64,
) -> Result<Vec<fray_proto::fray::v1::ApplyActionRequest>, CliError> {
    use rand::{Rng as _, SeedableRng as _};
    use rand_chacha::ChaCha8Rng;
    let (mut game, _) = fray_core::GameState::new_game(ruleset.ruleset() as i32, seed, scenario)
        .map_err(|e| CliError::Usage(format!("fray bench steps: {e}")))?;
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut steps = Vec::new();
    while steps.len() < 10_000 {
        let legal = game.legal_actions();
        if legal.is_empty() {
            break;
        }
        let action = &legal[rng.random_range(0..legal.len())];
        steps.push(fray_proto::fray::v1::ApplyActionRequest {
            state: Some(fray_service::convert::state_from_setup(game.to_setup())),
            action: Some(fray_service::convert::action_from_setup(action)),
            ..Default::default()
        });
        game.apply_action(action, "action").map_err(|e| CliError::Output(format!("a legal action failed: {e:?}")))?;
    }
    Ok(steps)
}

/// Runs one measurement, printing its table to stdout and progress to stderr
/// (none when `quiet`).
pub fn run(args: &BenchArgs) -> Result<(), CliError> {
    let quiet = args.quiet;
    match &args.what {
        BenchCommand::Load(args) => load(args)?,
        BenchCommand::Positions { from: SearchPositions { positions, ruleset, scenario }, playouts } => {
            let scenario = scenario_or_default(scenario.as_deref(), *ruleset);
            let requests = search_positions(ruleset.core(), scenario, *positions)?
                .into_iter()
                .filter_map(|(state, seed)| {
                    let player = u32::from(state.to_move()?.0);
                    let request = fray_proto::fray::v1::ChooseActionRequest {
                        state: Some(fray_service::convert::state_from_setup(state.to_setup())),
                        player,
                        budget: Some(fray_proto::fray::v1::SearchBudget { playouts: *playouts, time_ms: 0 }),
                        seed,
                        ..Default::default()
                    };
                    Some(crate::json::to_value(&request, "fray.v1.ChooseActionRequest"))
                })
                .collect::<Result<Vec<_>, _>>()
                .map_err(|e| CliError::Output(crate::error::chain(&e)))?;
            let text = serde_json::to_string_pretty(&requests).map_err(|e| CliError::Output(e.to_string()))?;
            println!("{text}");
        }
        BenchCommand::Steps { ruleset, scenario, seed } => {
            let scenario = scenario_or_default(scenario.as_deref(), *ruleset);
            let steps = game_steps(*ruleset, scenario, *seed)?;
            let values = steps
                .iter()
                .map(|step| crate::json::to_value(step, "fray.v1.ApplyActionRequest"))
                .collect::<Result<Vec<_>, _>>()
                .map_err(|e| CliError::Output(crate::error::chain(&e)))?;
            let text = serde_json::to_string_pretty(&values).map_err(|e| CliError::Output(e.to_string()))?;
            println!("{text}");
        }
        BenchCommand::Rollouts { seconds, ruleset, scenario } => {
            let scenario = scenario_or_default(scenario.as_deref(), *ruleset);
            let duration = Duration::from_secs_f64(seconds.clamp(0.1, 3600.0));
            let r = rollout_speed(ruleset.core(), scenario, duration)?;
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
        BenchCommand::Playouts { from: SearchPositions { positions, ruleset, scenario } } => {
            let config = Difficulty::Normal.config();
            let scenario = scenario_or_default(scenario.as_deref(), *ruleset);
            let r = playout_speed(config, ruleset.core(), scenario, *positions)?;
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
            strength_rows(
                &bot,
                &opponents,
                *games,
                ruleset.core(),
                scenario,
                Runs { seed: *seed, jobs: *jobs, quiet },
            )?;
        }
        BenchCommand::Seats { bot, games, ruleset, scenario, seed, jobs } => {
            let bot = spec(bot)?;
            let every = || <SkirmishRuleset as clap::ValueEnum>::value_variants().to_vec();
            let rulesets = ruleset.map_or_else(every, |r| vec![r]);
            seat_rows(&bot, &rulesets, scenario.as_deref(), *games, Runs { seed: *seed, jobs: *jobs, quiet })?;
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
            // One display per measurement, made when its first game is done.
            let shown: Mutex<Option<(String, Progress)>> = Mutex::new(None);
            let progress = |what: &str, done: u32, of: u32| {
                let mut shown = shown.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
                if shown.as_ref().is_none_or(|(w, _)| w != what) {
                    if let Some((_, old)) = shown.take() {
                        old.finish();
                    }
                    // A row taken up again starts at the games kept of it.
                    let before = u64::from(done.saturating_sub(1));
                    *shown = Some((what.to_owned(), Progress::new(what, u64::from(of), before, quiet)));
                }
                if let Some((_, p)) = shown.as_ref() {
                    p.game_done("");
                }
            };
            let known = rows.as_deref().map(crate::table_rows::read).transpose()?.unwrap_or_default();
            if *kept_only {
                print!("{}", fray_tournament::table::kept(&plan, &known).markdown());
                return Ok(());
            }
            let mut keep = |row: &fray_tournament::table::Row| match rows.as_deref() {
                Some(path) => crate::table_rows::append(path, row),
                None => Ok(()),
            };
            // The games of a row are appended one at a time, from the threads playing them.
            let games_file = Mutex::new(());
            let keep_game = |game: &fray_tournament::table::KeptGame| match rows.as_deref() {
                Some(path) => {
                    let _one = games_file.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
                    crate::table_rows::append_game(path, game).map_err(|e| e.to_string())
                }
                None => Ok(()),
            };
            let table = fray_tournament::table::measure(&plan, &known, &progress, &keep_game, &mut keep)?;
            if let Some((_, p)) = shown.lock().unwrap_or_else(std::sync::PoisonError::into_inner).take() {
                p.finish();
            }
            print!("{}", table.markdown());
        }
        BenchCommand::Ladder { games, scenario, jobs } => {
            let scenario = scenario_or_default(scenario.as_deref(), SkirmishRuleset::DEFAULT);
            for (upper, lower) in [(Difficulty::Hard, Difficulty::Normal), (Difficulty::Normal, Difficulty::Easy)] {
                strength_rows(
                    &spec(upper.name())?,
                    &[spec(lower.name())?],
                    *games,
                    SkirmishRuleset::DEFAULT.core(),
                    scenario,
                    Runs { seed: 1, jobs: *jobs, quiet },
                )?;
            }
        }
    }
    Ok(())
}
