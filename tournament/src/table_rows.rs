//! The rows file of `fray bench table --rows FILE`: one JSON object a line for each
//! measured row, appended as soon as the row is done, so a table of many hours can be
//! stopped and taken up again (a later run reuses the rows the file holds for the same
//! pairing, games and seed; each row keeps the commit it was measured on). While a row
//! is measured, each of its games is appended as it ends (a line with `"game"`), so a
//! run stopped in the middle of a row of hours goes on from its last game; when the
//! row is done, the file is written again with the row in place of its games.

use std::io::Write as _;
use std::path::Path;

use serde::{Deserialize, Serialize};

use crate::measure::{MatchResult, PlayedGame};
use crate::refereed::error::TournamentError;
use crate::table::{KeptGame, Known, Row, Scenario, scenarios};

/// A row as a line of the file.
#[derive(Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Record {
    ruleset: String,
    scenario: String,
    bot: String,
    opponent: String,
    seed: u64,
    commit: String,
    wins: u32,
    draws: u32,
    losses: u32,
    points: f64,
    points_sq: f64,
    turn_limit: u32,
}

/// A game of a row not done yet, as a line of the file.
#[derive(Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct GameLine {
    /// The game's number in its pairing, `0..games`.
    game: u32,
    ruleset: String,
    scenario: String,
    bot: String,
    opponent: String,
    /// The pairing's games.
    games: u32,
    seed: u64,
    commit: String,
    /// The measured bot's score.
    score: f64,
    turn_limit: bool,
}

fn input(path: &Path, problem: String) -> TournamentError {
    TournamentError::Input { source_name: path.display().to_string(), problem }
}

/// The text of `path`; empty when it does not exist yet.
fn text_of(path: &Path) -> Result<String, TournamentError> {
    match std::fs::read_to_string(path) {
        Ok(text) => Ok(text),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(String::new()),
        Err(e) => Err(input(path, format!("cannot read it: {e}"))),
    }
}

/// Whether a line of the file is a game's (else it is a row's).
fn is_game(line: &str) -> Result<bool, serde_json::Error> {
    let value: serde_json::Value = serde_json::from_str(line)?;
    Ok(value.get("game").is_some())
}

/// The scenario of the table that `ruleset` and `scenario` name.
fn scenario_of(ruleset: &str, scenario: &str) -> Result<Scenario, String> {
    scenarios(&[])
        .into_iter()
        .find(|s| s.ruleset_name == ruleset && s.name == scenario)
        .ok_or_else(|| format!("{ruleset} {scenario} is not a scenario the table measures"))
}

/// The rows and the kept games `path` holds, in order; none when it does not exist yet.
pub fn read(path: &Path) -> Result<Known, TournamentError> {
    let text = text_of(path)?;
    let mut known = Known::default();
    for (i, line) in text.lines().enumerate().filter(|(_, l)| !l.trim().is_empty()) {
        let at = |problem: String| input(path, format!("line {}: {problem}", i + 1));
        if is_game(line).map_err(|e| at(format!("not a row of the table: {e}")))? {
            let game = game_of(line).map_err(at)?;
            let same = |k: &&KeptGame| {
                (k.scenario, &k.bot, &k.opponent, k.games, k.seed, k.played.game)
                    == (game.scenario, &game.bot, &game.opponent, game.games, game.seed, game.played.game)
            };
            if let Some(earlier) = known.games.iter().find(same).filter(|e| e.played != game.played) {
                return Err(at(format!(
                    "game {} of {} vs {} is kept twice with different results (commits {} and {})",
                    game.played.game, game.bot, game.opponent, earlier.commit, game.commit
                )));
            }
            known.games.push(game);
            continue;
        }
        let r: Record = serde_json::from_str(line).map_err(|e| at(format!("not a row of the table: {e}")))?;
        let scenario = scenario_of(&r.ruleset, &r.scenario).map_err(at)?;
        let games = u64::from(r.wins) + u64::from(r.draws) + u64::from(r.losses);
        if games == 0 || u64::from(r.turn_limit) > games || !(0.0..=games as f64).contains(&r.points) {
            return Err(at(format!(
                "the results do not add up: {} W, {} D, {} L, {} points, {} at the turn limit",
                r.wins, r.draws, r.losses, r.points, r.turn_limit
            )));
        }
        let result = MatchResult {
            wins: r.wins,
            draws: r.draws,
            losses: r.losses,
            points: r.points,
            points_sq: r.points_sq,
            turn_limit: r.turn_limit,
        };
        known.rows.push(Row { scenario, bot: r.bot, opponent: r.opponent, result, seed: r.seed, commit: r.commit });
    }
    Ok(known)
}

/// A game's line read and checked.
fn game_of(line: &str) -> Result<KeptGame, String> {
    let g: GameLine = serde_json::from_str(line).map_err(|e| format!("not a game of the table: {e}"))?;
    let scenario = scenario_of(&g.ruleset, &g.scenario)?;
    if g.game >= g.games || !(0.0..=1.0).contains(&g.score) {
        return Err(format!("game {} of {} with a score of {} does not add up", g.game, g.games, g.score));
    }
    Ok(KeptGame {
        scenario,
        bot: g.bot,
        opponent: g.opponent,
        games: g.games,
        seed: g.seed,
        commit: g.commit,
        played: PlayedGame { game: g.game, score: g.score, turn_limit: g.turn_limit },
    })
}

/// Appends `line` to `path` (made if missing), flushed before it returns. The line
/// and its end go in one write, so lines appended at once do not mix.
fn append_line(path: &Path, line: &str, what: &str) -> Result<(), TournamentError> {
    let write = || -> std::io::Result<()> {
        let mut f = std::fs::OpenOptions::new().create(true).append(true).open(path)?;
        f.write_all(format!("{line}\n").as_bytes())?;
        f.sync_data()
    };
    write().map_err(|e| input(path, format!("cannot append {what}: {e}")))
}

/// Appends `game`, a game of a row not done yet, to `path` as one line.
pub fn append_game(path: &Path, game: &KeptGame) -> Result<(), TournamentError> {
    let line = GameLine {
        game: game.played.game,
        ruleset: game.scenario.ruleset_name.to_owned(),
        scenario: game.scenario.name.to_owned(),
        bot: game.bot.clone(),
        opponent: game.opponent.clone(),
        games: game.games,
        seed: game.seed,
        commit: game.commit.clone(),
        score: game.played.score,
        turn_limit: game.played.turn_limit,
    };
    let line = serde_json::to_string(&line).map_err(|e| input(path, format!("cannot write a game: {e}")))?;
    append_line(path, &line, "a game")
}

/// Adds `row` to `path` (made if missing) as one line, in place of the games kept of
/// it: the file is written anew beside it and renamed over it, so that a stop at any
/// moment leaves either the games or the row.
pub fn append(path: &Path, row: &Row) -> Result<(), TournamentError> {
    let r = &row.result;
    let record = Record {
        ruleset: row.scenario.ruleset_name.to_owned(),
        scenario: row.scenario.name.to_owned(),
        bot: row.bot.clone(),
        opponent: row.opponent.clone(),
        seed: row.seed,
        commit: row.commit.clone(),
        wins: r.wins,
        draws: r.draws,
        losses: r.losses,
        points: r.points,
        points_sq: r.points_sq,
        turn_limit: r.turn_limit,
    };
    let line = serde_json::to_string(&record).map_err(|e| input(path, format!("cannot write a row: {e}")))?;
    let text = text_of(path)?;
    let of_this_row = |l: &str| {
        is_game(l).unwrap_or(false)
            && game_of(l).is_ok_and(|g| {
                (g.scenario, g.bot.as_str(), g.opponent.as_str(), g.games, g.seed)
                    == (row.scenario, row.bot.as_str(), row.opponent.as_str(), r.games(), row.seed)
            })
    };
    if !text.lines().any(of_this_row) {
        return append_line(path, &line, "a row");
    }
    let mut kept: String = text.lines().filter(|l| !of_this_row(l)).flat_map(|l| [l, "\n"]).collect();
    kept.push_str(&line);
    kept.push('\n');
    let mut name = path.file_name().unwrap_or_default().to_os_string();
    name.push(".new");
    let new = path.with_file_name(name);
    let write = || -> std::io::Result<()> {
        let mut f = std::fs::File::create(&new)?;
        f.write_all(kept.as_bytes())?;
        f.sync_all()?;
        std::fs::rename(&new, path)
    };
    write().map_err(|e| input(path, format!("cannot write the row in place of its games: {e}")))
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    fn row(wins: u32) -> Row {
        let scenario = scenarios(&[])[0];
        let mut result = MatchResult::default();
        (0..wins).for_each(|_| result.add(1.0));
        result.add(0.5);
        result.add(0.0);
        Row { scenario, bot: "normal".into(), opponent: "greedy".into(), result, seed: 3, commit: "abc".into() }
    }

    /// A fresh file path of this test's own (the file does not exist yet).
    fn scratch(name: &str) -> std::path::PathBuf {
        let dir = std::env::temp_dir().join(format!("fray-rows-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir.join("rows.jsonl")
    }

    #[test]
    fn rows_appended_read_back_the_same_and_a_missing_file_has_none() {
        let path = scratch("same");
        assert_eq!(read(&path).unwrap(), Known::default());
        append(&path, &row(5)).unwrap();
        append(&path, &row(7)).unwrap();
        assert_eq!(read(&path).unwrap().rows, [row(5), row(7)]);
    }

    /// Game `game` of `row`'s pairing (its games and seed), scoring `score`.
    fn game(of: &Row, game: u32, score: f64) -> KeptGame {
        KeptGame {
            scenario: of.scenario,
            bot: of.bot.clone(),
            opponent: of.opponent.clone(),
            games: of.result.games(),
            seed: of.seed,
            commit: "abc".into(),
            played: PlayedGame { game, score, turn_limit: game == 1 },
        }
    }

    #[test]
    fn games_are_kept_until_their_row_is_done_and_then_give_way_to_it() {
        let path = scratch("games");
        let done = row(5);
        let mut other = row(5);
        other.opponent = "random".into();
        append(&path, &done).unwrap();
        let (a, b, c) = (game(&row(6), 0, 1.0), game(&row(6), 1, 0.5), game(&other, 2, 0.0));
        for g in [&a, &b, &c] {
            append_game(&path, g).unwrap();
        }
        append_game(&path, &a).unwrap();
        let known = read(&path).unwrap();
        assert_eq!(known.rows, std::slice::from_ref(&done));
        assert_eq!(known.games, [a.clone(), b.clone(), c.clone(), a.clone()], "a game kept twice alike is read");
        // The row of `a` and `b` takes their place; `other`'s game stays.
        append(&path, &row(6)).unwrap();
        let known = read(&path).unwrap();
        assert_eq!(known.rows, [done, row(6)]);
        assert_eq!(known.games, [c]);
        assert!(!path.with_file_name("rows.jsonl.new").exists());
        // The same game kept with another result is an error that names both commits.
        let mut d = a.clone();
        d.played.score = 0.0;
        d.commit = "def".into();
        append_game(&path, &a).unwrap();
        append_game(&path, &d).unwrap();
        let e = read(&path).unwrap_err().to_string();
        assert!(
            e.contains("line 5: game 0 of normal vs greedy is kept twice with different results (commits abc and def)"),
            "{e}"
        );
    }

    #[test]
    fn a_bad_line_is_named_with_its_number() {
        let path = scratch("bad");
        append(&path, &row(5)).unwrap();
        let good = std::fs::read_to_string(&path).unwrap();
        std::fs::write(&path, format!("{good}\n{{\"ruleset\": 1}}\n")).unwrap();
        let e = read(&path).unwrap_err().to_string();
        assert!(e.contains("rows.jsonl: line 3: not a row of the table"), "{e}");
        let other = good.replace("\"scenario\":\"", "\"scenario\":\"nowhere-");
        std::fs::write(&path, other).unwrap();
        let e = read(&path).unwrap_err().to_string();
        assert!(e.contains("line 1:") && e.contains("is not a scenario the table measures"), "{e}");
        let lost = good.replace("\"turn_limit\":0", "\"turn_limit\":99");
        std::fs::write(&path, lost).unwrap();
        assert!(read(&path).unwrap_err().to_string().contains("do not add up"));
        std::fs::remove_file(&path).unwrap();
        append_game(&path, &game(&row(5), 7, 1.0)).unwrap();
        let e = read(&path).unwrap_err().to_string();
        assert!(
            e.contains("line 1: game 6 of 7 with a score of 1 does not add up") || e.contains("does not add up"),
            "{e}"
        );
        std::fs::write(&path, "{\"game\": 1, \"ruleset\": \"egame\"}\n").unwrap();
        let e = read(&path).unwrap_err().to_string();
        assert!(e.contains("line 1: not a game of the table"), "{e}");
    }
}
