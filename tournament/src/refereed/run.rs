//! A tournament played: the referee connected, the scenario checked, the log opened
//! (or reopened) and every remaining game played, [`GAMES_PER_THINKING_SLOT`] per bot
//! thinking at once, each landing in the log in schedule order, until the schedule is
//! done, the SPRT decides, the caller interrupts or the referee fails. What shows the
//! progress is the caller's ([`ShowProgress`]), and so is how the servers are reached
//! ([`Connector`]).

use std::path::Path;
use std::sync::Arc;

use fray_proto::fray::v1::{Ruleset, ScenarioInfo};
use tokio::task::JoinSet;

use super::config::{Config, Player, Schedule};
use super::connect::Connector;
use super::error::TournamentError;
use super::game::{self, Table};
use super::log::{self, Header, LogWriter};
use super::referee::Referee;
use super::stats::Standings;
use super::thinkers::Thinkers;
use crate::titles::ruleset_title;

/// Games in flight per bot thinking at once (`--concurrency`): a game's bots think for
/// a small part of its time, the rest is the referee's calls, so the others' moves
/// fill those waits.
pub const GAMES_PER_THINKING_SLOT: usize = 8;

/// Where a tournament's progress is shown: every game done, and the notes (a warning,
/// a forfeit, a server joining) on the way.
pub trait ShowProgress {
    /// A line to show (a warning, a forfeit).
    fn note(&self, text: &str);
    /// One more game done; `summary` is the score or the leader.
    fn game_done(&self, summary: &str);
    /// Play is over: the progress may go.
    fn finish(&self) {}
}

/// How the run ended.
pub enum Stop {
    /// Every game was played.
    Finished,
    /// The SPRT decided.
    Sprt,
    /// The caller's interrupt came.
    Interrupted,
    /// The referee failed: the games so far are in the log, to resume.
    Failed(TournamentError),
}

/// What [`play`] leaves for the reports.
pub struct Played {
    /// How it ended.
    pub stop: Stop,
    /// Every game in the log counted.
    pub standings: Standings,
    /// Games scheduled.
    pub scheduled: u64,
    /// Calls per server, `(name, calls)`.
    pub load: Vec<(String, u64)>,
    /// Calls retried.
    pub retries: u64,
    /// The scenario's balance, as the servers list it.
    pub scenario: Option<ScenarioInfo>,
}

/// Connects the referee to `urls` through `connector`, checks the scenario deals, opens
/// the log at `log_path` (continuing `loaded`, when given) and plays the remaining games
/// with `concurrency` bots thinking at once. `progress` makes the progress display of
/// `(total, done)` games. Errors before the first game are the tournament's (a bad
/// scenario, an unreachable referee, a log that cannot be written); one during play
/// is [`Stop::Failed`].
#[allow(clippy::too_many_arguments)]
pub async fn play<P: ShowProgress>(
    config: &Config,
    log_path: &Path,
    loaded: Option<log::Loaded>,
    players: Arc<[Player]>,
    ruleset: Ruleset,
    (urls, connector): (&[String], Arc<dyn Connector>),
    (concurrency, progress): (usize, impl FnOnce(u64, u64) -> P),
    interrupt: impl std::future::Future<Output = ()>,
) -> Result<Played, TournamentError> {
    let (referee, warnings) = Referee::connect(urls, connector, ruleset).await?;
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
    let progress = progress(schedule.total(), done.len() as u64);
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
    let stop = play_all(&table, &schedule, &mut writer, &mut standings, &progress, concurrency, interrupt).await;
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
pub fn unbalanced_warning(s: &ScenarioInfo, ruleset: Ruleset) -> Option<String> {
    if s.seat0_games == 0 {
        return Some(format!(
            "scenario {} has not been measured for seat balance under {}: the seats may decide more games than the bots",
            s.name,
            ruleset_title(ruleset as i32)
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
            ruleset_title(ruleset as i32),
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
    progress: &impl ShowProgress,
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
            Err(e) => break Stop::Failed(TournamentError::Server(format!("a game task failed: {e}"))),
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
