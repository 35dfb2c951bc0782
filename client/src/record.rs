//! The replay file: the record of a game played sealed for one seat (`fray play`),
//! which `fray replay` plays again against a server to check that every action still
//! gives the recorded events, and `fray play --resume` goes on with. How the result is
//! told in words is the program's ([`Outcome::text`]).
//!
//! A replay is pretty JSON (serde_json):
//!
//! ```json
//! {
//!   "format": "fray-replay", "version": 1,
//!   "ruleset": "RULESET_EGAME", "scenario": "duel", "seed": 3,
//!   "seats": [{"player": 0, "kind": "human"},
//!             {"player": 1, "kind": "bot", "difficulty": "easy", "playouts": 150,
//!              "mistakeShare": 0.4}],
//!   "setupEvents": [ ...proto3 JSON Events of NewGame... ],
//!   "steps": [{"player": 0, "action": {...proto3 JSON Action...}, "events": [...]}, ...],
//!   "result": {"over": true, "winner": 1, "turn": 23, "text": "player 1 (bot) wins"}
//! }
//! ```
//!
//! A game the person gave up (`resign`) ends with `"resigned": SEAT` in its `result`,
//! over, the bots ahead of the person: its last step is the last move made.
//!
//! Steps are numbered from 1 in messages. `fray play` rewrites the file after every
//! action (a temporary file renamed over it), so a game cut short keeps what was played;
//! its `result` then says `"over": false`.

use std::path::{Path, PathBuf};

use fray_proto::fray::v1::{Action, Event, Ruleset, event};
use fray_tournament::places::{Eliminations, Places};
use fray_tournament::proto_json::{self as json, ACTION_MESSAGE, EVENT_MESSAGE};
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::error::ClientError;
use crate::sealed::{Deal, unworded};

/// The `format` of a replay file.
pub const FORMAT: &str = "fray-replay";
/// The `version` this client writes: 2, a game sealed for the person's seat (a bot's
/// step has no action, only what the person saw of it). It reads 1 too, a game played
/// on whole states (every step with its action).
pub const VERSION: u32 = 2;
/// The versions this client reads.
const READS: [u32; 2] = [1, 2];

/// A recorded game.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Replay {
    /// Always [`FORMAT`].
    pub format: String,
    /// Always [`VERSION`].
    pub version: u32,
    /// The ruleset's proto enum name, e.g. `RULESET_EGAME`.
    pub ruleset: String,
    /// The built-in scenario.
    pub scenario: String,
    /// The NewGame seed.
    pub seed: u64,
    /// Who sat where.
    pub seats: Vec<Seat>,
    /// The events NewGame answered, in proto3 JSON.
    pub setup_events: Vec<Value>,
    /// Every action in order with the events it gave.
    pub steps: Vec<Step>,
    /// How the game stands at the end of the record.
    pub result: Outcome,
    /// The seat the game was sealed for (the person's): its events are those that seat
    /// saw, and a bot's step is the Agent's move on the sealed game. None: a game played
    /// on whole states (version 1).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sealed_for: Option<u32>,
    /// True when a remote server (`--server`) dealt the sealed game: it deals it from the
    /// seed mixed with a secret of its sealing key, so the game is checked against that
    /// server, or one sharing its key file, not the embedded one.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub remote: bool,
}

/// One seat of a recorded game.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Seat {
    /// The player number.
    pub player: u32,
    /// A person or the bot.
    pub kind: SeatKind,
    /// The bot's difficulty (`easy`, `normal`, `hard`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub difficulty: Option<String>,
    /// The bot's playouts per move.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub playouts: Option<u32>,
    /// The share of its moves the bot erred in on purpose (`SearchBudget.mistake_share`,
    /// the difficulty's); a game recorded without it was played without mistakes.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mistake_share: Option<f64>,
}

/// Who played a seat.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SeatKind {
    /// A person at the terminal.
    Human,
    /// The Agent service.
    Bot,
}

/// One action and its events.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Step {
    /// The player who chose it.
    pub player: u32,
    /// The action, in proto3 JSON; `null` for a bot's move on a sealed game (the Agent
    /// made it, and the person saw only its events).
    pub action: Value,
    /// The events ApplyAction answered, in proto3 JSON.
    pub events: Vec<Value>,
}

/// How the game stands.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Outcome {
    /// The game is over.
    pub over: bool,
    /// The winner, when over and not a draw.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub winner: Option<u32>,
    /// The turn the game stands at (or ended on).
    pub turn: u32,
    /// In words: `player 1 (bot) wins`, `a draw`, `unfinished`; with more than two
    /// players where each seat finished ([`Outs::words`]).
    pub text: String,
    /// The seat that resigned, when the game ended so (on `turn`, not over on the board).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub resigned: Option<u32>,
}

/// Who went out of a game and when (its `PlayerOut` events), for where each seat
/// finished: the winner first, then those still in at the end, then those who went
/// out, the later the better ([`Places`]). A player who went out first finished last,
/// even when the others drew.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Outs {
    steps: Eliminations,
    turns: Vec<Option<u32>>,
    /// The seat that gave the game up: it finished last.
    resigned: Option<u32>,
}

impl Outs {
    /// Nobody out yet, among `players`.
    pub fn new(players: u32) -> Self {
        Self { steps: Eliminations::new(players as usize), turns: vec![None; players as usize], resigned: None }
    }

    /// `seat` gave the game up: it finishes last, the others as if it ended now.
    pub fn resign(&mut self, seat: u32) {
        self.resigned = Some(seat);
    }

    /// Notes every `PlayerOut` among `events`, the answer to move `step` (0-based) made
    /// on turn `turn`.
    pub fn note(&mut self, step: u64, turn: u32, events: &[Event]) {
        for e in events {
            if let Some(event::Kind::PlayerOut(out)) = &e.kind {
                self.steps.out(out.player as usize, step);
                if let Some(slot) = self.turns.get_mut(out.player as usize) {
                    slot.get_or_insert(turn);
                }
            }
        }
    }

    /// The seat that resigned, if one did.
    pub fn resigned(&self) -> Option<u32> {
        self.resigned
    }

    /// The turn `seat` went out on, if it did.
    pub fn out_on(&self, seat: usize) -> Option<u32> {
        self.turns.get(seat).copied().flatten()
    }

    /// Each seat's place once the game is over with `winner` (none: a draw).
    pub fn places(&self, winner: Option<u32>) -> Places {
        self.steps.places(winner.map(|w| w as usize), self.resigned.map(|s| s as usize))
    }
}

fn output_error(path: &Path, e: impl std::fmt::Display) -> ClientError {
    ClientError::Output(format!("cannot save the replay {}: {e}", path.display()))
}

impl Replay {
    /// The record of a game sealed for one person and just dealt (`deal`; no step yet):
    /// the person at `deal.seat`, a bot of `difficulty` at every other of `players`
    /// seats with `deal.playouts`' playouts, NewGame's events (`setup`) and how the game
    /// stands (`result`).
    pub fn dealt(
        deal: &Deal,
        players: u32,
        difficulty: &str,
        setup: &[Event],
        result: Outcome,
    ) -> Result<Self, ClientError> {
        let seats = (0..players)
            .map(|player| match player == deal.seat {
                true => Seat { player, kind: SeatKind::Human, difficulty: None, playouts: None, mistake_share: None },
                false => Seat {
                    player,
                    kind: SeatKind::Bot,
                    difficulty: Some(difficulty.to_owned()),
                    playouts: deal.playouts.get(player as usize).copied(),
                    mistake_share: deal.mistakes.get(player as usize).copied().filter(|&share| share > 0.0),
                },
            })
            .collect();
        let setup_events = setup
            .iter()
            .map(|e| json::to_value(&unworded(e), EVENT_MESSAGE))
            .collect::<Result<_, _>>()
            .map_err(|e| ClientError::Output(e.to_string()))?;
        let ruleset =
            Ruleset::try_from(deal.ruleset).map_or_else(|_| deal.ruleset.to_string(), |r| r.as_str_name().to_owned());
        Ok(Replay {
            format: FORMAT.to_owned(),
            version: VERSION,
            ruleset,
            scenario: deal.scenario.clone(),
            seed: deal.seed,
            seats,
            setup_events,
            steps: Vec::new(),
            result,
            sealed_for: Some(deal.seat),
            remote: false,
        })
    }

    /// The person's seat and the number of seats, when one seat was a person.
    pub fn person(&self) -> Option<(u32, u32)> {
        let players = (self.seats.len() as u32).max(2);
        self.seats.iter().find(|s| s.kind == SeatKind::Human).map(|s| (s.player, players))
    }

    /// Writes the replay to `path` atomically: a temporary file beside it, renamed.
    pub fn save(&self, path: &Path) -> Result<(), ClientError> {
        let text = serde_json::to_string_pretty(self).map_err(|e| output_error(path, e))?;
        let name = path.file_name().map_or_else(|| "replay".into(), |n| n.to_string_lossy().into_owned());
        let tmp = path.with_file_name(format!(".{name}.tmp"));
        std::fs::write(&tmp, text + "\n").map_err(|e| output_error(&tmp, e))?;
        std::fs::rename(&tmp, path).map_err(|e| output_error(path, e))
    }

    /// Appends one step (`action`: none for a bot's move on a sealed game). The record
    /// keeps what happened, not its words (a server's `text`), which may be worded
    /// otherwise by another version.
    pub fn push(&mut self, player: u32, action: Option<&Action>, events: &[Event]) -> Result<(), ClientError> {
        let to_value = |e: json::JsonError| ClientError::Output(e.to_string());
        let action = match action {
            Some(a) => {
                json::to_value(&Action { text: String::new(), ..a.clone() }, ACTION_MESSAGE).map_err(to_value)?
            }
            None => Value::Null,
        };
        let events = events
            .iter()
            .map(|e| json::to_value(&unworded(e), EVENT_MESSAGE))
            .collect::<Result<_, _>>()
            .map_err(to_value)?;
        self.steps.push(Step { player, action, events });
        Ok(())
    }
}

/// A fresh path in `dir` for a game: `RULESET-SCENARIO-seedSEED-UNIXTIME.json` (e.g.
/// `egame-duel-seed3-1732300000.json`), with a
/// counter when taken. Creates `dir`.
pub fn new_path(dir: &Path, ruleset: &str, scenario: &str, seed: u64) -> Result<PathBuf, ClientError> {
    std::fs::create_dir_all(dir).map_err(|e| output_error(dir, e))?;
    let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs());
    let clean: String = scenario.chars().map(|c| if c.is_ascii_alphanumeric() || c == '-' { c } else { '_' }).collect();
    let base = format!("{ruleset}-{clean}-seed{seed}-{now}");
    let mut path = dir.join(format!("{base}.json"));
    let mut n = 2;
    while path.exists() {
        path = dir.join(format!("{base}-{n}.json"));
        n += 1;
    }
    Ok(path)
}

/// A replay read from a file, its JSON mapped to messages.
#[derive(Debug, Clone)]
pub struct Loaded {
    /// The file as read.
    pub replay: Replay,
    /// Its ruleset.
    pub ruleset: Ruleset,
    /// NewGame's recorded events.
    pub setup: Vec<Event>,
    /// Each step's action (none for a bot's move on a sealed game) and recorded events.
    pub steps: Vec<(Option<Action>, Vec<Event>)>,
}

/// Reads and checks the replay in `path`, its ruleset read by `ruleset` (which says
/// what it takes when it does not know the name).
pub fn load(path: &Path, ruleset: &dyn Fn(&str) -> Result<Ruleset, String>) -> Result<Loaded, ClientError> {
    let bad = |problem: String| ClientError::Input { source_name: path.display().to_string(), problem };
    let text = std::fs::read_to_string(path).map_err(|e| bad(format!("cannot read: {e}")))?;
    let replay: Replay = serde_json::from_str(&text).map_err(|e| bad(format!("not a fray replay: {e}")))?;
    if replay.format != FORMAT {
        return Err(bad(format!("not a fray replay: format is {:?}, not {FORMAT:?}", replay.format)));
    }
    if !READS.contains(&replay.version) {
        return Err(bad(format!("replay version {} is not supported (this fray reads 1 and 2)", replay.version)));
    }
    let ruleset =
        ruleset(&replay.ruleset).map_err(|names| bad(format!("unknown ruleset {:?}: use {names}", replay.ruleset)))?;
    let events = |values: &[Value], at: &str| -> Result<Vec<Event>, ClientError> {
        values
            .iter()
            .enumerate()
            .map(|(i, v)| json::from_value(v, EVENT_MESSAGE).map_err(|e| bad(format!("{at}, event {}: {e}", i + 1))))
            .collect()
    };
    let setup = events(&replay.setup_events, "setupEvents")?;
    let mut steps = Vec::with_capacity(replay.steps.len());
    for (i, step) in replay.steps.iter().enumerate() {
        let bots_sealed_move = replay.sealed_for.is_some_and(|seat| seat != step.player);
        let action = match &step.action {
            Value::Null if bots_sealed_move => None,
            Value::Null => return Err(bad(format!("step {}: action: is required for this seat's move", i + 1))),
            value => Some(
                json::from_value::<Action>(value, ACTION_MESSAGE)
                    .map_err(|e| bad(format!("step {}: action: {e}", i + 1)))?,
            ),
        };
        steps.push((action, events(&step.events, &format!("step {}", i + 1))?));
    }
    Ok(Loaded { replay, ruleset, setup, steps })
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use super::*;
    use fray_proto::fray::v1::{CardDrawn, event};

    fn ev(rule: &str, kind: event::Kind) -> Event {
        Event { rule: rule.into(), kind: Some(kind), ..Default::default() }
    }

    fn read(name: &str) -> Result<Ruleset, String> {
        Ruleset::from_str_name(name).ok_or_else(|| "a proto name".to_owned())
    }

    #[test]
    fn a_replay_round_trips_through_its_file() {
        let dir = std::env::temp_dir().join(format!("fray-replay-unit-{}", std::process::id()));
        let path = new_path(&dir, "egame", "duel", 3).unwrap();
        let mut replay = Replay {
            format: FORMAT.into(),
            version: VERSION,
            ruleset: "RULESET_EGAME".into(),
            scenario: "duel".into(),
            seed: 3,
            seats: vec![
                Seat { player: 0, kind: SeatKind::Human, difficulty: None, playouts: None, mistake_share: None },
                Seat {
                    player: 1,
                    kind: SeatKind::Bot,
                    difficulty: Some("easy".into()),
                    playouts: Some(150),
                    mistake_share: Some(0.4),
                },
            ],
            setup_events: vec![],
            steps: vec![],
            result: Outcome { over: false, winner: None, turn: 1, text: "unfinished".into(), resigned: None },
            sealed_for: Some(0),
            remote: false,
        };
        let end = Action {
            action: Some(fray_proto::fray::v1::action::Action::EndPhase(Default::default())),
            ..Default::default()
        };
        let drew = ev("skirmish.draw", event::Kind::CardDrawn(CardDrawn { player: 0 }));
        replay.push(0, Some(&end), std::slice::from_ref(&drew)).unwrap();
        // The bot's move on the sealed game: no action, what the person saw of it.
        let bot_drew = ev("skirmish.draw", event::Kind::CardDrawn(CardDrawn { player: 1 }));
        replay.push(1, None, std::slice::from_ref(&bot_drew)).unwrap();
        replay.save(&path).unwrap();
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(text.contains("\"endPhase\": {}") && text.contains("\"kind\": \"human\""), "{text}");
        let loaded = load(&path, &read).unwrap();
        assert_eq!(loaded.replay, replay);
        assert_eq!(loaded.ruleset, Ruleset::Egame);
        assert_eq!(loaded.steps, vec![(Some(end), vec![drew]), (None, vec![bot_drew])]);
        assert!(text.contains("\"sealedFor\": 0") && !text.contains("remote"), "{text}");
        assert_eq!(loaded.replay.person(), Some((0, 2)));
        // No temporary file is left behind, and a second game gets its own name.
        assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 1);
        assert_ne!(new_path(&dir, "egame", "duel", 3).unwrap(), path);
        assert!(path.file_name().unwrap().to_str().unwrap().starts_with("egame-duel-seed3-"));
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn garbled_files_are_input_errors() {
        let dir = std::env::temp_dir().join(format!("fray-replay-garbled-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let write = |name: &str, text: &str| {
            let p = dir.join(name);
            std::fs::write(&p, text).unwrap();
            p
        };
        let err = load(&dir.join("missing.json"), &read).unwrap_err();
        assert!(matches!(err, ClientError::Input { .. }));
        assert!(err.to_string().contains("missing.json: cannot read"), "{err}");
        let err = load(&write("junk.json", "{not json"), &read).unwrap_err();
        assert!(err.to_string().contains("not a fray replay"), "{err}");
        let err = load(&write("other.json", r#"{"format": "x"}"#), &read).unwrap_err();
        assert!(err.to_string().contains("not a fray replay"), "{err}");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
