//! The tournament log: JSON Lines. The first line is the [`Header`] (the whole
//! [`Config`]); then one [`GameRecord`] per game, always in schedule order, so the
//! log of an interrupted tournament is a prefix of the finished one and `--resume`
//! only has to count its lines. Everything but each record's `run` (timings) is the
//! same for the same config on any machine.
//!
//! ```json
//! {"format":"fray-tournament","version":1,"config":{"bots":["greedy","random"],...}}
//! {"game":0,"round":0,"seed":1,"seats":[0,1],"players":["greedy","random"],"result":"1-0","winner":0,
//!  "turns":14,"endRule":"EG-SK-7","actions":[{"summon":{...}},...],"run":{"ms":12,"thinkMs":[3,0],"maxMoveMs":[1,0]}}
//! ```
//!
//! With more than two players a record has one entry per seat in `seats`, `players`
//! and the timings, and `places`: each seat's place (1 the best; the winner, then the
//! players by the order they went out, later out better; ties share a place).

use std::collections::BTreeMap;
use std::fs::{File, OpenOptions};
use std::io::{BufRead as _, BufReader, Write as _};
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::config::Config;
use super::error::TournamentError;
use crate::places::Places;

/// The `format` of the header line.
pub const FORMAT: &str = "fray-tournament";
/// The `version` written and read.
pub const VERSION: u32 = 1;

/// The first line.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Header {
    /// Always [`FORMAT`].
    pub format: String,
    /// Always [`VERSION`].
    pub version: u32,
    /// The tournament.
    pub config: Config,
}

/// A bot that lost by forfeit.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Forfeit {
    /// Its seat.
    pub seat: u32,
    /// What happened: `panicked: ...`, `ran past its time: ...`, `chose an action
    /// the referee refused: ...`.
    pub reason: String,
}

/// How long things took: the one part of a record that differs between runs.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct RunInfo {
    /// The whole game, wall clock, in milliseconds.
    pub ms: u64,
    /// Thinking time per seat.
    pub think_ms: Vec<u64>,
    /// The longest move per seat.
    pub max_move_ms: Vec<u64>,
    /// Moves per seat (absent in two-player logs, where seat 0 makes the odd one).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub moves: Vec<u64>,
}

/// One game.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct GameRecord {
    /// Its number in the schedule, from 0.
    pub game: u64,
    /// Its round (opening).
    pub round: u32,
    /// The NewGame seed.
    pub seed: u64,
    /// The players at each seat, as indices into the config's bots.
    pub seats: Vec<u32>,
    /// Their names.
    pub players: Vec<String>,
    /// Two players: `1-0` (seat 0 won), `0-1`, or `1/2-1/2`; more: `places 2 1 3`
    /// (each seat's place).
    pub result: String,
    /// The winning seat; absent for a draw (or a multi-player forfeit).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub winner: Option<u32>,
    /// Each seat's place, 1 the best (more than two players; absent for two, where
    /// the winner says it all).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub places: Vec<u32>,
    /// The turn the game ended on.
    pub turns: u32,
    /// The rule of the GameOver event, when the game ended by the rules.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub end_rule: Option<String>,
    /// Set when a bot lost by forfeit.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub forfeit: Option<Forfeit>,
    /// Every action, in proto3 JSON (`fray.v1.Action`).
    pub actions: Vec<Value>,
    /// Timings.
    pub run: RunInfo,
}

impl GameRecord {
    /// The result text of a winner.
    pub fn result_text(winner: Option<u32>) -> &'static str {
        match winner {
            Some(0) => "1-0",
            Some(_) => "0-1",
            None => "1/2-1/2",
        }
    }

    /// The result text of places (more than two players).
    pub fn places_text(places: &Places) -> String {
        let places: Vec<String> = places.as_slice().iter().map(u8::to_string).collect();
        format!("places {}", places.join(" "))
    }

    /// Where each seat finished: the logged places, else (two players) from the winner.
    pub fn places(&self) -> Places {
        Places::from_places(&self.places)
            .unwrap_or_else(|| Places::of_winner(self.seats.len().max(2), self.winner.map(|w| w as usize)))
    }
}

#[cfg(test)]
impl GameRecord {
    /// A game for tests: seat i holds bot `seats[i]`, named `players[i]`; 3 turns, no
    /// actions, no timings.
    pub(crate) fn sample(game: u64, round: u32, seats: &[u32], players: Vec<String>, winner: Option<u32>) -> Self {
        let (turns, end_rule, forfeit, places) = (3, None, None, Vec::new());
        let result = GameRecord::result_text(winner).into();
        let (actions, run) = (Vec::new(), RunInfo::default());
        Self {
            game,
            round,
            seed: 1,
            seats: seats.to_vec(),
            players,
            result,
            winner,
            places,
            turns,
            end_rule,
            forfeit,
            actions,
            run,
        }
    }
}

fn io_error(path: &Path, what: &str, e: &std::io::Error) -> TournamentError {
    TournamentError::Output(format!("{}: cannot {what}: {e}", path.display()))
}

fn bad_log(path: &Path, line: usize, problem: impl std::fmt::Display) -> TournamentError {
    TournamentError::Input { source_name: format!("{}:{line}", path.display()), problem: problem.to_string() }
}

/// A log read back for `--resume`.
#[derive(Debug)]
pub struct Loaded {
    /// Its header.
    pub header: Header,
    /// Its games, in order.
    pub games: Vec<GameRecord>,
    /// Bytes of whole lines; a torn last line (the process was killed while writing
    /// it) lies beyond and is cut off when the log is reopened.
    pub good_len: u64,
}

/// Reads a log. A last line without its newline is a torn write and is dropped; any
/// other bad line is an error naming it.
pub fn load(path: &Path) -> Result<Loaded, TournamentError> {
    let file = File::open(path).map_err(|e| TournamentError::Input {
        source_name: path.display().to_string(),
        problem: format!("cannot open the log to resume: {e}"),
    })?;
    let mut reader = BufReader::new(file);
    let mut header: Option<Header> = None;
    let mut games = Vec::new();
    let mut good_len = 0u64;
    let mut line = String::new();
    for number in 1.. {
        line.clear();
        let read = reader.read_line(&mut line).map_err(|e| bad_log(path, number, e))?;
        if read == 0 {
            break;
        }
        if !line.ends_with('\n') {
            break; // torn write
        }
        match &header {
            None => {
                let h: Header = serde_json::from_str(&line)
                    .map_err(|e| bad_log(path, number, format!("not a fray tournament log header: {e}")))?;
                if h.format != FORMAT || h.version != VERSION {
                    return Err(bad_log(
                        path,
                        number,
                        format!("format {:?} version {} (expected {FORMAT:?} version {VERSION})", h.format, h.version),
                    ));
                }
                header = Some(h);
            }
            Some(_) => {
                let g: GameRecord = serde_json::from_str(&line).map_err(|e| bad_log(path, number, e))?;
                if g.game != games.len() as u64 {
                    return Err(bad_log(
                        path,
                        number,
                        format!("game {} where game {} was expected", g.game, games.len()),
                    ));
                }
                games.push(g);
            }
        }
        good_len += read as u64;
    }
    let header = header.ok_or_else(|| bad_log(path, 1, "the log is empty: there is nothing to resume"))?;
    Ok(Loaded { header, games, good_len })
}

/// The log at `path` to continue, when there is one of `config`'s tournament. No file,
/// or an empty one (the process was stopped between creating it and writing its
/// header; it is removed), is a tournament to start; a log of other settings is an
/// error naming what differs.
pub fn existing(path: &Path, config: &Config) -> Result<Option<Loaded>, TournamentError> {
    match std::fs::metadata(path) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(TournamentError::Output(format!("{}: cannot read: {e}", path.display()))),
        Ok(m) if m.len() == 0 => {
            std::fs::remove_file(path).map_err(|e| {
                TournamentError::Output(format!("{}: cannot remove the empty log: {e}", path.display()))
            })?;
            return Ok(None);
        }
        Ok(_) => {}
    }
    let loaded = load(path)?;
    let differences = super::config::differences(&loaded.header.config, config);
    if !differences.is_empty() {
        return Err(TournamentError::Usage(format!(
            "{} is the log of another tournament ({}): give its settings, continue it with --resume {}, or pick \
             another --out",
            path.display(),
            differences.join("; "),
            path.display()
        )));
    }
    Ok(Some(loaded))
}

/// Writes records in schedule order, holding back those that finish early.
#[derive(Debug)]
pub struct LogWriter {
    path: PathBuf,
    file: File,
    next: u64,
    waiting: BTreeMap<u64, GameRecord>,
}

impl LogWriter {
    /// Creates a new log with its header; an existing file is an error, never overwritten.
    pub fn create(path: &Path, header: &Header) -> Result<Self, TournamentError> {
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).map_err(|e| io_error(dir, "create the directory", &e))?;
        }
        let file = OpenOptions::new().write(true).create_new(true).open(path).map_err(|e| {
            if e.kind() == std::io::ErrorKind::AlreadyExists {
                TournamentError::Usage(format!(
                    "{} exists: continue that tournament with --resume {}, or pick another --out",
                    path.display(),
                    path.display()
                ))
            } else {
                io_error(path, "create the log", &e)
            }
        })?;
        let mut writer = Self { path: path.to_owned(), file, next: 0, waiting: BTreeMap::new() };
        let line = serde_json::to_string(header).map_err(|e| TournamentError::Output(e.to_string()))?;
        writer.write_line(&line)?;
        Ok(writer)
    }

    /// Reopens a loaded log for appending after its last whole line.
    pub fn reopen(path: &Path, loaded: &Loaded) -> Result<Self, TournamentError> {
        let file = OpenOptions::new().write(true).open(path).map_err(|e| io_error(path, "open the log", &e))?;
        file.set_len(loaded.good_len).map_err(|e| io_error(path, "cut the torn last line", &e))?;
        let mut writer =
            Self { path: path.to_owned(), file, next: loaded.games.len() as u64, waiting: BTreeMap::new() };
        writer.seek_end()?;
        Ok(writer)
    }

    fn seek_end(&mut self) -> Result<(), TournamentError> {
        use std::io::Seek as _;
        self.file.seek(std::io::SeekFrom::End(0)).map(|_| ()).map_err(|e| io_error(&self.path, "seek", &e))
    }

    fn write_line(&mut self, line: &str) -> Result<(), TournamentError> {
        let mut bytes = Vec::with_capacity(line.len() + 1);
        bytes.extend_from_slice(line.as_bytes());
        bytes.push(b'\n');
        // One write per line keeps a kill from interleaving half lines.
        self.file.write_all(&bytes).and_then(|()| self.file.flush()).map_err(|e| io_error(&self.path, "write", &e))
    }

    /// Takes a finished game (any order).
    pub fn hold(&mut self, record: GameRecord) {
        self.waiting.insert(record.game, record);
    }

    /// The next game in order, if it has finished.
    pub fn next_ready(&mut self) -> Option<GameRecord> {
        let record = self.waiting.remove(&self.next)?;
        Some(record)
    }

    /// Appends a record taken from [`LogWriter::next_ready`].
    pub fn write(&mut self, record: &GameRecord) -> Result<(), TournamentError> {
        let line = serde_json::to_string(record).map_err(|e| TournamentError::Output(e.to_string()))?;
        self.write_line(&line)?;
        self.next = record.game + 1;
        Ok(())
    }

    /// Finished games not yet written (they are played again on resume).
    pub fn held_back(&self) -> usize {
        self.waiting.len()
    }
}

#[cfg(test)]
mod tests {
    use super::super::config::sample;
    use super::*;

    fn header() -> Header {
        Header { format: FORMAT.into(), version: VERSION, config: sample(&["greedy", "random"], 2) }
    }

    fn record(game: u64, winner: Option<u32>) -> GameRecord {
        let players = vec!["greedy".into(), "random".into()];
        GameRecord { end_rule: Some("EG-X".into()), ..GameRecord::sample(game, 0, &[0, 1], players, winner) }
    }

    fn temp(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("fray-log-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        dir.join("games.jsonl")
    }

    #[test]
    fn records_are_written_in_order_and_read_back() {
        let path = temp("order");
        let mut w = LogWriter::create(&path, &header()).unwrap();
        w.hold(record(1, Some(1)));
        assert!(w.next_ready().is_none());
        w.hold(record(0, None));
        let first = w.next_ready().unwrap();
        w.write(&first).unwrap();
        let second = w.next_ready().unwrap();
        w.write(&second).unwrap();
        let loaded = load(&path).unwrap();
        assert_eq!(loaded.header, header());
        assert_eq!(loaded.games, vec![record(0, None), record(1, Some(1))]);
        let again = LogWriter::create(&path, &header()).unwrap_err();
        assert!(again.to_string().contains("--resume"), "{again}");
    }

    #[test]
    fn a_torn_last_line_is_dropped_and_cut_on_reopen() {
        let path = temp("torn");
        let mut w = LogWriter::create(&path, &header()).unwrap();
        w.write(&record(0, Some(0))).unwrap();
        drop(w);
        let mut f = OpenOptions::new().append(true).open(&path).unwrap();
        f.write_all(b"{\"game\":1,\"rou").unwrap();
        drop(f);
        let loaded = load(&path).unwrap();
        assert_eq!(loaded.games.len(), 1);
        let mut w = LogWriter::reopen(&path, &loaded).unwrap();
        w.hold(record(1, None));
        let r = w.next_ready().unwrap();
        w.write(&r).unwrap();
        assert_eq!(load(&path).unwrap().games.len(), 2);
    }

    #[test]
    fn a_bad_line_is_an_error_naming_it() {
        let path = temp("bad");
        let w = LogWriter::create(&path, &header()).unwrap();
        drop(w);
        let mut f = OpenOptions::new().append(true).open(&path).unwrap();
        f.write_all(b"{\"game\": 5}\n").unwrap();
        drop(f);
        let e = load(&path).unwrap_err();
        assert!(e.to_string().contains("games.jsonl:2"), "{e}");
        let missing = load(&path.with_file_name("none.jsonl")).unwrap_err();
        assert!(matches!(missing, TournamentError::Input { .. }), "{missing:?}");
    }
}
