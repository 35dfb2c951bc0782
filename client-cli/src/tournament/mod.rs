//! `fray tournament`: bot-vs-bot tournaments refereed by the Rules service over gRPC,
//! in the manner of cutechess-cli and fastchess; the tournament itself is
//! [`fray_tournament::refereed`]'s.
//!
//! This shell turns the flags into the tournament's settings (or reads them back from
//! the log to resume), picks the servers: an embedded one on loopback, or the
//! `--server URL`s, reached through [`ClientTls`]'s connector (TLS, the CLI's sockets),
//! shows the progress ([`Progress`]), draws the ratings' chart ([`chart`]) beside the
//! reports and prints the result, with the command that resumes an interrupted run.

pub mod chart;

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use clap::ValueEnum as _;
use fray_core::rulesets::SeatBalance;
use fray_tournament::refereed::config::{self, Config, Format, SprtConfig, unique_names};
use fray_tournament::refereed::log;
use fray_tournament::refereed::report::Report;
use fray_tournament::refereed::run::{self, Played, Stop};

use crate::embedded::EmbeddedServer;
use crate::error::CliError;
use crate::progress::Progress;
use crate::rulesets::{RulesetArg, ruleset_named};
use crate::tls::ClientTls;

/// The log's file name in the output directory.
pub const LOG_NAME: &str = "games.jsonl";

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
    let loaded = if args.resume_existing { log::existing(&paths.log, &config)? } else { None };
    Ok((config, paths, loaded))
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
    let progress = |total, done| Progress::new("", total, done, args.quiet);
    let played = run::play(
        &config,
        &paths.log,
        loaded,
        players,
        ruleset,
        (urls.as_slice(), Arc::new(tls)),
        (args.concurrency, progress),
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
    let interrupted = matches!(stop, Stop::Interrupted);
    let (status, failed) = match stop {
        Stop::Finished => ("finished".to_owned(), None),
        Stop::Sprt => ("stopped by the SPRT".to_owned(), None),
        Stop::Interrupted => ("interrupted".to_owned(), None),
        Stop::Failed(e) => {
            let e = CliError::from(e);
            (format!("stopped: {e}"), Some(e))
        }
    };
    let report = Report::new(&config, &standings, scheduled, &status).with_scenario(scenario.as_ref());
    let dir = &paths.dir;
    report.write(dir)?;
    chart::write_report_chart(&report, dir)?;
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
    match failed {
        Some(e) => {
            Err(CliError::Server(format!("{e}\n{} games are in the log; continue with: {}", standings.games, resume())))
        }
        None if interrupted => Err(CliError::Interrupted(format!(
            "interrupted after {} of {scheduled} games; the log is saved; continue with: {}",
            standings.games,
            resume()
        ))),
        None => Ok(()),
    }
}
