//! The rows file of `fray bench table --rows FILE`: one JSON object a line for each
//! measured row, appended as soon as the row is done, so a table of many hours can be
//! stopped and taken up again (a later run reuses the rows the file holds for the same
//! pairing, games and seed; each row keeps the commit it was measured on).

use std::io::Write as _;
use std::path::Path;

use fray_ai::measure::MatchResult;
use fray_ai::table::{Row, scenarios};
use serde::{Deserialize, Serialize};

use crate::error::CliError;

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

fn input(path: &Path, problem: String) -> CliError {
    CliError::Input { source_name: path.display().to_string(), problem }
}

/// The rows `path` holds, in order; none when it does not exist yet.
pub fn read(path: &Path) -> Result<Vec<Row>, CliError> {
    let text = match std::fs::read_to_string(path) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(e) => return Err(input(path, format!("cannot read it: {e}"))),
    };
    let known = scenarios(&[]);
    let mut rows = Vec::new();
    for (i, line) in text.lines().enumerate().filter(|(_, l)| !l.trim().is_empty()) {
        let at = |problem: String| input(path, format!("line {}: {problem}", i + 1));
        let r: Record = serde_json::from_str(line).map_err(|e| at(format!("not a row of the table: {e}")))?;
        let Some(scenario) = known.iter().find(|s| s.ruleset_name == r.ruleset && s.name == r.scenario) else {
            return Err(at(format!("{} {} is not a scenario the table measures", r.ruleset, r.scenario)));
        };
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
        rows.push(Row {
            scenario: *scenario,
            bot: r.bot,
            opponent: r.opponent,
            result,
            seed: r.seed,
            commit: r.commit,
        });
    }
    Ok(rows)
}

/// Appends `row` to `path` (made if missing) as one line, flushed before it returns.
pub fn append(path: &Path, row: &Row) -> Result<(), CliError> {
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
    let write = || -> std::io::Result<()> {
        let mut f = std::fs::OpenOptions::new().create(true).append(true).open(path)?;
        writeln!(f, "{line}")?;
        f.sync_data()
    };
    write().map_err(|e| input(path, format!("cannot append a row: {e}")))
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
        assert!(read(&path).unwrap().is_empty());
        append(&path, &row(5)).unwrap();
        append(&path, &row(7)).unwrap();
        assert_eq!(read(&path).unwrap(), [row(5), row(7)]);
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
    }
}
