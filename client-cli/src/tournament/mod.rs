//! `fray tournament`: bot-vs-bot tournaments refereed by the Rules service over gRPC,
//! in the manner of cutechess-cli and fastchess.
//!
//! The bots think in this process; every game is dealt and every action judged by a
//! Rules server: an embedded one on loopback, or one or more `--server URL`s sharing
//! the calls, a name standing for every address it resolves to ([`referee`],
//! [`pool`]). Bots think `--concurrency` moves at a time (the one-ply bots on their
//! games' own tasks besides), in [`GAMES_PER_THINKING_SLOT`] times as many games
//! ([`game`]); each lands
//! in the JSONL log in schedule order ([`log`]), so a killed tournament resumes from
//! its log without playing a finished game again. The standings ([`stats`]) feed the
//! progress line, the SPRT and the reports ([`report`], [`chart`]).

pub mod batches;
pub mod chart;
pub mod config;
pub mod game;
pub mod log;
pub mod pool;
pub mod referee;
pub mod report;
pub mod stats;
pub mod thinkers;

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use clap::ValueEnum as _;
use fray_core::rulesets::SeatBalance;
use fray_proto::fray::v1::ScenarioInfo;
use tokio::task::JoinSet;

use crate::embedded::EmbeddedServer;
use crate::error::CliError;
use crate::progress::Progress;
use crate::rulesets::{RulesetArg, ruleset_named};
use crate::tls::ClientTls;
use config::{Config, Format, Schedule, SprtConfig, unique_names};
use game::Table;
use log::{Header, LogWriter};
use referee::Referee;
use report::Report;
use stats::Standings;
use thinkers::Thinkers;

/// The log's file name in the output directory.
pub const LOG_NAME: &str = "games.jsonl";

/// Games in flight per bot thinking at once (`--concurrency`): a game's bots think for
/// a small part of its time, the rest is the referee's calls, so the others' moves
/// fill those waits.
pub const GAMES_PER_THINKING_SLOT: usize = 8;

/// Everything `fray tournament` was asked to do.
#[derive(Debug, Clone, PartialEq)]
pub struct TournamentArgs {
    /// Bot specs; empty with `resume`.
    pub bots: Vec<String>,
    /// Round robin or gauntlet.
    pub format: Format,
    /// Games per pairing.
    pub games: u32,
    /// The ruleset.
    pub ruleset: RulesetArg,
    /// The scenario; `None` plays the ruleset's most balanced one for `players`.
    pub scenario: Option<String>,
    /// Bots seated at each game; `None`: the scenario's number, else 2.
    pub players: Option<usize>,
    /// The openings' first seed.
    pub seed: u64,
    /// `elo0 elo1 alpha beta`.
    pub sprt: Option<SprtConfig>,
    /// Bots thinking at once.
    pub concurrency: usize,
    /// Rules servers; empty starts an embedded one.
    pub servers: Vec<String>,
    /// TLS for `https://` servers.
    pub tls: crate::tls::TlsArgs,
    /// The output directory; default `fray-tournament`, or the resumed log's.
    pub out: Option<PathBuf>,
    /// A log to continue.
    pub resume: Option<PathBuf>,
    /// When the output directory already holds a log of these settings, continue it
    /// (a job that may be started again on the same volume); a log of other settings
    /// is still refused.
    pub resume_existing: bool,
    /// The longest a move may take.
    pub move_timeout: Duration,
    /// How far past its own time budget a timed bot may run.
    pub time_margin: Duration,
    /// No progress on stderr (warnings still are).
    pub quiet: bool,
}

/// How the run ended.
enum Stop {
    Finished,
    Sprt,
    Interrupted,
    Failed(CliError),
}

/// Where a tournament's files go.
struct Paths {
    /// The reports' directory.
    dir: PathBuf,
    /// The log.
    log: PathBuf,
}

/// The config, the paths and, when resuming, the log read back.
fn settings(args: &TournamentArgs) -> Result<(Config, Paths, Option<log::Loaded>), CliError> {
    if let Some(path) = &args.resume {
        let loaded = log::load(path)?;
        let dir = args.out.clone().unwrap_or_else(|| path.parent().map(PathBuf::from).unwrap_or_default());
        return Ok((loaded.header.config.clone(), Paths { dir, log: path.clone() }, Some(loaded)));
    }
    let (scenario, players) = scenario_and_players(args.ruleset, args.scenario.as_deref(), args.players)?;
    let config = Config {
        bots: unique_names(&args.bots),
        format: args.format,
        games_per_pairing: args.games,
        players_per_game: players as u32,
        ruleset: args.ruleset.ruleset().as_str_name().to_owned(),
        scenario,
        seed: args.seed,
        sprt: args.sprt,
        move_timeout_ms: args.move_timeout.as_millis() as u64,
        time_margin_ms: args.time_margin.as_millis() as u64,
    };
    let dir = args.out.clone().unwrap_or_else(|| PathBuf::from("fray-tournament"));
    let paths = Paths { log: dir.join(LOG_NAME), dir };
    let loaded = if args.resume_existing { existing_log(&paths.log, &config)? } else { None };
    Ok((config, paths, loaded))
}

/// The log at `path` to continue, when there is one of `config`'s tournament. No file,
/// or an empty one (the process was stopped between creating it and writing its
/// header; it is removed), is a tournament to start; a log of other settings is an
/// error naming what differs.
fn existing_log(path: &std::path::Path, config: &Config) -> Result<Option<log::Loaded>, CliError> {
    match std::fs::metadata(path) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(CliError::Output(format!("{}: cannot read: {e}", path.display()))),
        Ok(m) if m.len() == 0 => {
            std::fs::remove_file(path)
                .map_err(|e| CliError::Output(format!("{}: cannot remove the empty log: {e}", path.display())))?;
            return Ok(None);
        }
        Ok(_) => {}
    }
    let loaded = log::load(path)?;
    let differences = config::differences(&loaded.header.config, config);
    if !differences.is_empty() {
        return Err(CliError::Usage(format!(
            "{} is the log of another tournament ({}): give its settings, continue it with --resume {}, or pick \
             another --out",
            path.display(),
            differences.join("; "),
            path.display()
        )));
    }
    Ok(Some(loaded))
}

/// The scenario and the bots per game from `--scenario` and `--players`: a named
/// scenario fixes the number (a `--players` that differs is an error naming both);
/// else the most balanced scenario for `--players` (default 2).
fn scenario_and_players(
    ruleset: RulesetArg,
    scenario: Option<&str>,
    players: Option<usize>,
) -> Result<(String, usize), CliError> {
    if let Some(name) = scenario {
        let seats = ruleset.players_of(name);
        if let Some(n) = players.filter(|&n| n != seats) {
            return Err(CliError::Usage(format!(
                "--players {n} and --scenario {name} disagree: {name} seats {seats} players"
            )));
        }
        return Ok((name.to_owned(), seats));
    }
    let n = players.unwrap_or(2);
    Ok((ruleset.scenario_for_players(n)?.to_owned(), n))
}

/// The scenarios of each ruleset with their measured balance, for `--help`.
pub fn scenarios_help() -> String {
    let mut text = String::from(
        "Scenarios, with seat 0's score when the normal bot plays itself (fray bench seats; balanced: 40-60% over at least 100 games):\n",
    );
    for ruleset in RulesetArg::value_variants() {
        let name = ruleset.to_possible_value().map_or_else(String::new, |v| v.get_name().to_owned());
        text.push_str(&format!("  --ruleset {name} (default scenario: {}):\n", ruleset.default_scenario()));
        if ruleset.scenarios().iter().any(|s| s.players != 2) {
            text.push_str("    (--players N plays the most balanced scenario for N players)\n");
        }
        for s in ruleset.scenarios() {
            let b = s.balance;
            let scores = b.seat_scores(s.players);
            let verdict = if b.is_balanced() {
                "balanced"
            } else if !scores.iter().all(|x| SeatBalance::FAIR.contains(x)) {
                "UNBALANCED"
            } else {
                "too few games to call it balanced"
            };
            let line = match b.games {
                0 => "not measured yet".to_owned(),
                n if s.players == 2 => format!("seat 0 {:>3.0}% over {n} games, {verdict}", 100.0 * b.seat0_score),
                n => {
                    let each: Vec<String> = scores.iter().map(|x| format!("{:.0}%", 100.0 * x)).collect();
                    format!("{} players, seats {} over {n} games, {verdict}", s.players, each.join(" / "))
                }
            };
            text.push_str(&format!("    {:<14} {line}\n", s.name));
        }
    }
    text
}

/// Runs (or resumes) a tournament; the report goes to `out` and into the output
/// directory. Interrupted, it saves the log and reports and answers
/// [`CliError::Interrupted`] with the command that resumes it.
pub async fn run(args: &TournamentArgs, out: &mut dyn std::io::Write) -> Result<(), CliError> {
    if args.concurrency == 0 {
        return Err(CliError::Usage("--concurrency must be at least 1".to_owned()));
    }
    let (config, paths, loaded) = settings(args)?;
    let players: Arc<[config::Player]> = config.players()?.into();
    let ruleset = ruleset_named(&config.ruleset)
        .ok_or_else(|| CliError::Usage(format!("unknown ruleset {:?} in the log", config.ruleset)))?;
    let interrupt = fray_service::options::shutdown_signal()
        .map_err(|e| CliError::Output(format!("cannot handle signals: {e}")))?;
    let embedded = if args.servers.is_empty() { Some(EmbeddedServer::start().await?) } else { None };
    let (urls, tls) = match &embedded {
        Some(server) => (vec![server.url()], ClientTls::default()),
        None => (args.servers.clone(), args.tls.load()?),
    };
    let servers = (urls.as_slice(), &tls);
    let played = play_tournament(
        &config,
        &paths.log,
        loaded,
        players,
        ruleset,
        servers,
        (args.concurrency, args.quiet),
        interrupt,
    )
    .await;
    if let Some(server) = embedded
        && let Err(e) = server.stop().await
    {
        // The games are logged; a server slow to stop must not cost the report.
        eprintln!("warning: the embedded server did not stop cleanly: {e}");
    }
    let Played { stop, standings, scheduled, load, retries, scenario } = played?;
    let status = match &stop {
        Stop::Finished => "finished".to_owned(),
        Stop::Sprt => "stopped by the SPRT".to_owned(),
        Stop::Interrupted => "interrupted".to_owned(),
        Stop::Failed(e) => format!("stopped: {e}"),
    };
    let report = Report::new(&config, &standings, scheduled, &status).with_scenario(scenario.as_ref());
    let dir = &paths.dir;
    report.write(dir)?;
    let mut text = report.markdown().replace("\n![ratings](ratings.png)\n", "");
    text.push_str(&format!(
        "\nLog {}, reports {}, {} and {}.\n",
        paths.log.display(),
        dir.join("report.md").display(),
        dir.join("report.json").display(),
        dir.join("ratings.png").display()
    ));
    // With --server, say where the calls went (a name may have resolved to several).
    if !args.servers.is_empty() || retries > 0 {
        let calls: Vec<String> = load.iter().map(|(url, n)| format!("{url} {n}")).collect();
        text.push_str(&format!("Referee calls: {}; retried {retries}.\n", calls.join(", ")));
    }
    out.write_all(text.as_bytes()).and_then(|()| out.flush()).map_err(|e| crate::error::stdout_error(&e))?;
    let resume = || format!("fray tournament --resume {}", paths.log.display());
    match stop {
        Stop::Finished | Stop::Sprt => Ok(()),
        Stop::Interrupted => Err(CliError::Interrupted(format!(
            "interrupted after {} of {scheduled} games; the log is saved; continue with: {}",
            standings.games,
            resume()
        ))),
        Stop::Failed(e) => {
            Err(CliError::Server(format!("{e}\n{} games are in the log; continue with: {}", standings.games, resume())))
        }
    }
}

/// What [`play_tournament`] leaves for the reports.
struct Played {
    stop: Stop,
    standings: Standings,
    scheduled: u64,
    load: Vec<(String, u64)>,
    retries: u64,
    /// The scenario's balance, as the servers list it.
    scenario: Option<ScenarioInfo>,
}

/// Connects the referee, checks the scenario deals, opens the log and plays.
#[allow(clippy::too_many_arguments)]
async fn play_tournament(
    config: &Config,
    log_path: &std::path::Path,
    loaded: Option<log::Loaded>,
    players: Arc<[config::Player]>,
    ruleset: fray_proto::fray::v1::Ruleset,
    (urls, tls): (&[String], &ClientTls),
    (concurrency, quiet): (usize, bool),
    interrupt: impl std::future::Future<Output = ()>,
) -> Result<Played, CliError> {
    let (referee, warnings) = Referee::connect(urls, tls, ruleset).await?;
    // A bad scenario is the user's mistake: say so before any log is written.
    referee.new_game(ruleset, config.seed, &config.scenario).await?;
    let scenario = referee.scenario(&config.scenario).cloned();
    let (mut writer, done) = match loaded {
        Some(loaded) => (LogWriter::reopen(log_path, &loaded)?, loaded.games),
        None => {
            let header = Header { format: log::FORMAT.to_owned(), version: log::VERSION, config: config.clone() };
            (LogWriter::create(log_path, &header)?, Vec::new())
        }
    };
    let schedule = Schedule::new(config);
    let mut standings = Standings::new(config);
    for record in &done {
        standings.add(record);
    }
    let mut progress = Progress::new("", schedule.total(), done.len() as u64, quiet);
    for w in warnings {
        progress.note(&format!("warning: {w}"));
    }
    if let Some(w) = scenario.as_ref().and_then(|s| unbalanced_warning(s, ruleset)) {
        progress.note(&format!("warning: {w}"));
    }
    let table = Arc::new(Table {
        referee: Arc::new(referee),
        players,
        ruleset,
        scenario: config.scenario.clone(),
        seed: config.seed,
        thinkers: Thinkers::start(concurrency)?,
    });
    let stop = play_all(&table, &schedule, &mut writer, &mut standings, &mut progress, concurrency, interrupt).await;
    progress.finish();
    Ok(Played {
        stop,
        standings,
        scheduled: schedule.total(),
        load: table.referee.load(),
        retries: table.referee.retries(),
        scenario,
    })
}

/// What to tell the user about an unbalanced scenario; `None` for a balanced one.
pub fn unbalanced_warning(s: &ScenarioInfo, ruleset: fray_proto::fray::v1::Ruleset) -> Option<String> {
    if s.seat0_games == 0 {
        return Some(format!(
            "scenario {} has not been measured for seat balance under {}: the seats may decide more games than the bots",
            s.name,
            ruleset.as_str_name()
        ));
    }
    (!s.balanced).then(|| {
        let measured = if s.seat_scores.len() > 2 {
            let each: Vec<String> = s.seat_scores.iter().map(|x| format!("{:.0}%", 100.0 * x)).collect();
            format!("the seats scored {}", each.join(" / "))
        } else {
            format!("seat 0 scored {:.0}%", 100.0 * s.seat0_score)
        };
        format!(
            "scenario {} is not known to be balanced under {}: {measured} over {} games of the normal \
             bot against itself, so the seats may decide more games than the bots (`--help` lists the balanced \
             scenarios; the default is the fairest)",
            s.name,
            ruleset.as_str_name(),
            s.seat0_games
        )
    })
}

/// Plays the remaining games until done, decided, interrupted or failed.
async fn play_all(
    table: &Arc<Table>,
    schedule: &Schedule,
    writer: &mut LogWriter,
    standings: &mut Standings,
    progress: &mut Progress,
    concurrency: usize,
    interrupt: impl std::future::Future<Output = ()>,
) -> Stop {
    if standings.sprt_decided() {
        return Stop::Sprt;
    }
    let mut next = standings.games;
    let mut running = JoinSet::new();
    let in_flight = concurrency.saturating_mul(GAMES_PER_THINKING_SLOT);
    tokio::pin!(interrupt);
    let stop = loop {
        while running.len() < in_flight && next < schedule.total() {
            let slot = schedule.slot(next);
            let table = Arc::clone(table);
            running.spawn(async move { game::play(&table, slot).await });
            next += 1;
        }
        let joined = tokio::select! {
            joined = running.join_next() => joined,
            () = &mut interrupt => break Stop::Interrupted,
        };
        let Some(joined) = joined else { break Stop::Finished };
        for note in table.referee.take_notes() {
            progress.note(&note);
        }
        let record = match joined {
            Ok(Ok(record)) => record,
            Ok(Err(e)) => break Stop::Failed(e),
            Err(e) => break Stop::Failed(CliError::Server(format!("a game task failed: {e}"))),
        };
        writer.hold(record);
        let mut decided = false;
        while let Some(record) = writer.next_ready() {
            if let Err(e) = writer.write(&record) {
                return Stop::Failed(e);
            }
            standings.add(&record);
            if let Some(f) = &record.forfeit {
                progress
                    .note(&format!("game {}: {} forfeits: {}", record.game, record.players[f.seat as usize], f.reason));
            }
            progress.game_done(&standings.summary());
            if standings.sprt_decided() {
                decided = true;
                break;
            }
        }
        if decided {
            break Stop::Sprt;
        }
    };
    running.abort_all();
    for note in table.referee.take_notes() {
        progress.note(&note);
    }
    let held = writer.held_back();
    if held > 0 && !matches!(stop, Stop::Sprt) {
        progress.note(&format!("{held} finished game(s) wait on an earlier one and will be played again on resume"));
    }
    stop
}
