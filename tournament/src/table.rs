//! The strength table of every ruleset (`fray bench table`): for each ruleset's fairest
//! two-player scenario, and its fairest scenario for the most players when it seats
//! more than two, the matches below, each played by [`play_match`] (each opening with
//! the measured bot in every seat, so a multi-player game is played in all the seat
//! orders that differ), with 95% intervals, the seed and the commit, as Markdown.
//!
//! | bot | opponent | target |
//! |---|---|---|
//! | normal | random | score >= 95%; with more than two players, wins >= twice the even share |
//! | normal | greedy | score >= 70% |
//! | normal | oracle | none: what seeing the hidden cards is worth |
//! | oracle | random, greedy | none: the ceiling the targets above are checked against |
//! | greedy | random | none: the floor a moved target starts from |
//! | hard | normal | the interval above 50% |
//! | normal | easy | the interval above 50% |
//!
//! Where the oracle itself scores below a target against the same opponent, the target
//! moves to two thirds of the way from greedy's score against that opponent (50% when
//! the opponent is greedy) to the oracle's; the table says which moved and why.
//! `oracle` sees every hidden card: the table says so.
//!
//! A table takes hours, a pairing up to several: each row is kept as it is done, and
//! each game of a row not done yet ([`KeptGame`]), so a run stopped mid-row goes on
//! from its last game ([`Known`]).

use std::fmt::Write as _;

use crate::arena::ArenaError;
use crate::measure::{Match, MatchResult, PlayedGame, resume_match};
use fray_ai::{BotSpec, Difficulty, MctsConfig};
use fray_core::Ruleset;
use fray_core::rulesets::{catalogue, fairest_scenario_for};

/// Games per pairing unless told.
pub const DEFAULT_GAMES: u32 = 400;

/// What to measure.
#[derive(Debug, Clone, PartialEq)]
pub struct TablePlan {
    /// Games per pairing (rounded up to a multiple of the scenario's players).
    pub games: u32,
    /// Seeds the openings: game `g` of a pairing uses opening `seed + g / players`.
    pub seed: u64,
    /// Games played at once (the results do not depend on it).
    pub jobs: usize,
    /// The rulesets (empty: every ruleset with a skirmish).
    pub rulesets: Vec<Ruleset>,
    /// The commit measured, as the report prints it.
    pub commit: String,
    /// Only the pairings of these names are measured (`hard vs normal`, as
    /// [`pairing_names`] lists them); the others are taken from the known rows or
    /// listed as missing. Empty: every pairing.
    pub only: Vec<String>,
}

/// A scenario of the table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Scenario {
    /// The ruleset.
    pub ruleset: Ruleset,
    /// Its name in the catalogue (e.g. as `--ruleset` takes it).
    pub ruleset_name: &'static str,
    /// The scenario.
    pub name: &'static str,
    /// Its players.
    pub players: usize,
}

/// The scenarios measured for `rulesets` (every ruleset when empty): each ruleset's
/// fairest two-player scenario and, when it seats more, its fairest scenario for the
/// most players.
pub fn scenarios(rulesets: &[Ruleset]) -> Vec<Scenario> {
    let mut out = Vec::new();
    for info in catalogue() {
        if !rulesets.is_empty() && !rulesets.contains(&info.ruleset) {
            continue;
        }
        let most = info.scenarios.iter().map(|s| s.players).max().unwrap_or(0);
        let mut counts = vec![2];
        if most > 2 {
            counts.push(most);
        }
        for players in counts {
            let name = fairest_scenario_for(info.ruleset, Some(players));
            if !name.is_empty() {
                out.push(Scenario { ruleset: info.ruleset, ruleset_name: info.name, name, players });
            }
        }
    }
    out
}

/// The pairings of every scenario: (bot, opponent).
pub fn pairings() -> Vec<(BotSpec, BotSpec)> {
    let level = BotSpec::Level;
    let normal = level(Difficulty::Normal);
    // The instrument is normal's search without its deliberate mistakes: the ceiling of
    // what seeing more is worth, the same bot as before the levels made mistakes.
    let oracle = BotSpec::Oracle(MctsConfig::for_playouts(1500));
    vec![
        (normal.clone(), BotSpec::Random),
        (normal.clone(), BotSpec::Greedy),
        (normal.clone(), oracle.clone()),
        (oracle.clone(), BotSpec::Random),
        (oracle, BotSpec::Greedy),
        (BotSpec::Greedy, BotSpec::Random),
        (level(Difficulty::Hard), normal.clone()),
        (normal, level(Difficulty::Easy)),
    ]
}

/// The names of the pairings, `bot vs opponent`, in the table's order (what
/// [`TablePlan::only`] takes).
pub fn pairing_names() -> Vec<String> {
    pairings().iter().map(|(bot, opponent)| format!("{} vs {}", label(bot), label(opponent))).collect()
}

/// A bot spec's name in the table (a difficulty's is its own: `normal`).
fn label(spec: &BotSpec) -> String {
    match spec {
        BotSpec::Oracle(c) if *c == MctsConfig::for_playouts(1500) => "oracle".into(),
        _ => spec.name(),
    }
}

/// One measured pairing.
#[derive(Debug, Clone, PartialEq)]
pub struct Row {
    /// Where.
    pub scenario: Scenario,
    /// The measured bot's label (`normal`, `oracle`, ...).
    pub bot: String,
    /// Its opponent's, in every other seat.
    pub opponent: String,
    /// The measured bot's results.
    pub result: MatchResult,
    /// The seed of its openings.
    pub seed: u64,
    /// The commit it was measured on.
    pub commit: String,
}

impl Row {
    /// The measure a target is set on: the score with two players; with more, against
    /// `random`, the share of games won (the "twice the even share of wins").
    fn measure(&self) -> f64 {
        if self.scenario.players > 2 && self.opponent == "random" {
            f64::from(self.result.wins) / f64::from(self.result.games().max(1))
        } else {
            self.result.score().0
        }
    }
}

/// A row's target and whether it was met.
#[derive(Debug, Clone, PartialEq)]
pub struct Verdict {
    /// The target in words, e.g. `score >= 70.0%`.
    pub target: String,
    /// Met or not.
    pub met: bool,
    /// Why the target moved, if it did.
    pub moved: Option<String>,
}

/// One game of a pairing whose row is not done yet, kept so that a run stopped in the
/// middle of the row goes on from it.
#[derive(Debug, Clone, PartialEq)]
pub struct KeptGame {
    /// Where.
    pub scenario: Scenario,
    /// The measured bot's label.
    pub bot: String,
    /// Its opponent's.
    pub opponent: String,
    /// The pairing's games.
    pub games: u32,
    /// The seed of its openings.
    pub seed: u64,
    /// The commit the game was played on.
    pub commit: String,
    /// The game.
    pub played: PlayedGame,
}

/// What an earlier run kept: its rows, and the games of rows it did not finish.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Known {
    /// Rows measured whole.
    pub rows: Vec<Row>,
    /// Games of rows not measured whole.
    pub games: Vec<KeptGame>,
}

/// The verdict of `row` of `rows` (the table so far, for the oracle and greedy rows
/// of the same scenario), or `None` for a row without a target.
pub fn verdict(row: &Row, rows: &[Row]) -> Option<Verdict> {
    let same = |bot: &str, opponent: &str| {
        rows.iter().find(|r| r.scenario == row.scenario && r.bot == bot && r.opponent == opponent).map(Row::measure)
    };
    let pct = |x: f64| format!("{:.1}%", 100.0 * x);
    match (row.bot.as_str(), row.opponent.as_str()) {
        ("hard", "normal") | ("normal", "easy") => {
            let (_, lo, _) = row.result.score();
            Some(Verdict { target: "interval above 50%".into(), met: lo > 0.5, moved: None })
        }
        ("normal", opponent @ ("random" | "greedy")) => {
            let (mut goal, what) = match (opponent, row.scenario.players) {
                ("random", 2) => (0.95, "score"),
                ("random", n) => (2.0 / n as f64, "wins"),
                _ => (0.70, "score"),
            };
            let mut moved = None;
            if let Some(oracle) = same("oracle", opponent)
                && oracle < goal
            {
                let floor = if opponent == "greedy" { Some(0.5) } else { same("greedy", opponent) };
                if let Some(floor) = floor {
                    let new = floor + (oracle - floor) * 2.0 / 3.0;
                    moved = Some(format!(
                        "from {}: the oracle scores {} against {opponent}, greedy {}",
                        pct(goal),
                        pct(oracle),
                        pct(floor)
                    ));
                    goal = new;
                }
            }
            let measured = row.measure();
            Some(Verdict { target: format!("{what} >= {}", pct(goal)), met: measured >= goal, moved })
        }
        _ => None,
    }
}

/// The measured table.
#[derive(Debug, Clone, PartialEq)]
pub struct Table {
    /// What was measured.
    pub plan: TablePlan,
    /// Every pairing of every scenario, in order.
    pub rows: Vec<Row>,
    /// The pairings of the plan not measured yet (`ruleset scenario: bot vs opponent`),
    /// when the table was made from kept rows alone ([`kept`]).
    pub missing: Vec<String>,
}

/// One pairing of the plan, to be measured.
#[derive(Debug, Clone, PartialEq)]
pub struct Pairing {
    /// Where.
    pub scenario: Scenario,
    /// The measured bot.
    pub bot: BotSpec,
    /// Its opponent, in every other seat.
    pub opponent: BotSpec,
    /// Games (a multiple of the scenario's players).
    pub games: u32,
}

impl Pairing {
    /// `ruleset scenario: bot vs opponent`, for progress.
    pub fn what(&self) -> String {
        let s = &self.scenario;
        format!("{} {}: {}", s.ruleset_name, s.name, self.name())
    }

    /// `bot vs opponent`, as [`pairing_names`] lists it.
    pub fn name(&self) -> String {
        format!("{} vs {}", label(&self.bot), label(&self.opponent))
    }

    /// Whether `row` measured this pairing: the same scenario, bots, games and `seed`
    /// (a row kept from an earlier run, measured on whatever commit it names).
    pub fn measured_by(&self, row: &Row, seed: u64) -> bool {
        self.is(row.scenario, &row.bot, &row.opponent, row.result.games(), row.seed, seed)
    }

    /// Whether `game` is a game of this pairing with `seed`.
    pub fn played(&self, game: &KeptGame, seed: u64) -> bool {
        self.is(game.scenario, &game.bot, &game.opponent, game.games, game.seed, seed)
    }

    fn is(&self, scenario: Scenario, bot: &str, opponent: &str, games: u32, seed: u64, plan_seed: u64) -> bool {
        scenario == self.scenario
            && bot == label(&self.bot)
            && opponent == label(&self.opponent)
            && games == self.games
            && seed == plan_seed
    }

    /// This pairing's game `played`, measured on `commit` with `seed`, to keep.
    pub fn kept_game(&self, seed: u64, commit: &str, played: PlayedGame) -> KeptGame {
        KeptGame {
            scenario: self.scenario,
            bot: label(&self.bot),
            opponent: label(&self.opponent),
            games: self.games,
            seed,
            commit: commit.to_owned(),
            played,
        }
    }
}

/// Every pairing of every scenario of `plan`, in the table's order.
pub fn plan_pairings(plan: &TablePlan) -> Vec<Pairing> {
    let mut out = Vec::new();
    for scenario in scenarios(&plan.rulesets) {
        let players = u32::try_from(scenario.players).unwrap_or(1).max(1);
        let games = plan.games.max(1).div_ceil(players) * players;
        for (bot, opponent) in pairings() {
            out.push(Pairing { scenario, bot, opponent, games });
        }
    }
    out
}

/// Hears of each game of a row as it ends, to keep it; an error stops the table.
pub type OnGame<'a> = &'a (dyn Fn(&KeptGame) -> Result<(), String> + Sync);

/// Plays `pairing` with `plan`'s seed and jobs but the games of `known` that were
/// played already (of this pairing and seed: they count as they were); `on_game` hears
/// of each game played now, and `progress` of each game (the games done and of how
/// many). The row names the commits its games were played on, the kept games' first.
pub fn measure_pairing(
    pairing: &Pairing,
    plan: &TablePlan,
    known: &[KeptGame],
    on_game: OnGame<'_>,
    progress: &(dyn Fn(u32, u32) + Sync),
) -> Result<Row, ArenaError> {
    let p = pairing;
    let mine: Vec<&KeptGame> = known.iter().filter(|k| p.played(k, plan.seed)).collect();
    // A game kept twice (two runs at once) counts once.
    let mut played: Vec<PlayedGame> = Vec::with_capacity(mine.len());
    for k in &mine {
        if !played.iter().any(|g| g.game == k.played.game) {
            played.push(k.played);
        }
    }
    let mut commits: Vec<&str> = Vec::new();
    for k in &mine {
        if !commits.contains(&k.commit.as_str()) {
            commits.push(&k.commit);
        }
    }
    if played.len() < p.games as usize && !commits.contains(&plan.commit.as_str()) {
        commits.push(&plan.commit);
    }
    let m = Match {
        a: &p.bot,
        b: &p.opponent,
        games: p.games,
        ruleset: p.scenario.ruleset,
        scenario: p.scenario.name,
        seed: plan.seed,
        jobs: plan.jobs,
    };
    let keep = |g: &PlayedGame| {
        on_game(&p.kept_game(plan.seed, &plan.commit, *g))
            .map_err(|why| ArenaError::Kept(format!("cannot keep game {} of {}: {why}", g.game, p.what())))
    };
    let report = resume_match(&m, &played, &keep, &|done, _| progress(done, p.games))?;
    Ok(Row {
        scenario: p.scenario,
        bot: label(&p.bot),
        opponent: label(&p.opponent),
        result: report.total,
        seed: plan.seed,
        commit: commits.join("+"),
    })
}

/// Plays every pairing of `plan` but those a row of `known` measured already (those
/// rows are taken as they are) and those `plan.only` leaves out (listed as missing);
/// a pairing with games in `known` goes on from them. `on_game` hears of each game
/// played, `on_row` of each row measured, in order; either may stop the table with an
/// error of its own.
pub fn measure<E: From<ArenaError>>(
    plan: &TablePlan,
    known: &Known,
    progress: &(dyn Fn(&str, u32, u32) + Sync),
    on_game: OnGame<'_>,
    on_row: &mut dyn FnMut(&Row) -> Result<(), E>,
) -> Result<Table, E> {
    let (mut rows, mut missing) = (Vec::new(), Vec::new());
    for pairing in plan_pairings(plan) {
        if let Some(row) = known.rows.iter().find(|r| pairing.measured_by(r, plan.seed)) {
            rows.push(row.clone());
            continue;
        }
        if !plan.only.is_empty() && !plan.only.contains(&pairing.name()) {
            missing.push(missing_text(&pairing, plan.seed, known));
            continue;
        }
        let what = pairing.what();
        let row = measure_pairing(&pairing, plan, &known.games, on_game, &|done, of| progress(&what, done, of))?;
        on_row(&row)?;
        rows.push(row);
    }
    Ok(Table { plan: plan.clone(), rows, missing })
}

/// The table of the rows of `known` that measured a pairing of `plan`, measuring
/// nothing: the pairings none measured are listed as missing.
pub fn kept(plan: &TablePlan, known: &Known) -> Table {
    let (mut rows, mut missing) = (Vec::new(), Vec::new());
    for pairing in plan_pairings(plan) {
        match known.rows.iter().find(|r| pairing.measured_by(r, plan.seed)) {
            Some(row) => rows.push(row.clone()),
            None => missing.push(missing_text(&pairing, plan.seed, known)),
        }
    }
    Table { plan: plan.clone(), rows, missing }
}

/// A pairing not measured yet, as the table lists it: with the games kept of it, if any.
fn missing_text(pairing: &Pairing, seed: u64, known: &Known) -> String {
    let mut games: Vec<u32> = known.games.iter().filter(|k| pairing.played(k, seed)).map(|k| k.played.game).collect();
    games.sort_unstable();
    games.dedup();
    match games.len() {
        0 => pairing.what(),
        n => format!("{} ({n} of {} games kept)", pairing.what(), pairing.games),
    }
}

/// How the levels are built, for the table's preamble: each budget, then the shares of
/// deliberate mistakes on the rulesets where the lower levels err.
fn levels_text() -> String {
    let [easy, normal, hard] = Difficulty::ALL.map(|d| d.search().name());
    format!(
        "easy / normal / hard: MCTS with {easy} / {normal} / {hard}; where more search alone does not separate \
         them, easy and normal also play, in a share of their decisions, another move their search visited \
         (easy / normal): {}.",
        Difficulty::mistakes_text()
    )
}

impl Table {
    /// The table as Markdown: how it was made, then one row per pairing.
    pub fn markdown(&self) -> String {
        let p = &self.plan;
        let mut out = String::new();
        let _ = writeln!(
            out,
            "Strength table: commit {} (a row kept from an earlier run names its own), seed {}, {} games per pairing (each opening with the measured bot in \
             every seat; rounded up to a multiple of the players), 95% intervals (normal approximation over \
             per-game scores). {}",
            p.commit,
            p.seed,
            p.games,
            levels_text()
        );
        let _ = writeln!(
            out,
            "\n**oracle sees every hidden card**: normal's search, without its mistakes, on the true state. It is a measuring \
             instrument (the ceiling of what an honest search could gain from knowing more), not a fair \
             opponent.\n\nWith more than two players the bot plays copies of the opponent; W: it won, L: it \
             went out first, D: anything between; score: the share of the others it finished ahead of (50% is \
             par); the target against random is on W. Turn limit: the games that ran to the turn limit (a draw)."
        );
        let _ = writeln!(
            out,
            "\n| ruleset | scenario | players | bot | opponent | games | W | D | L | score | 95% interval | turn limit | target | met | commit |"
        );
        let _ = writeln!(out, "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|");
        let mut moved = Vec::new();
        for row in &self.rows {
            let r = &row.result;
            let (score, lo, hi) = r.score();
            let verdict = verdict(row, &self.rows);
            let (target, met) = match &verdict {
                Some(v) => {
                    let mark = if v.moved.is_some() { " (moved)" } else { "" };
                    (format!("{}{mark}", v.target), if v.met { "yes" } else { "**no**" })
                }
                None => ("-".to_owned(), "-"),
            };
            if let Some(why) = verdict.and_then(|v| v.moved) {
                moved.push(format!(
                    "- {} {}, {} vs {}: target moved {why}.",
                    row.scenario.ruleset_name, row.scenario.name, row.bot, row.opponent
                ));
            }
            let _ = writeln!(
                out,
                "| {} | {} | {} | {} | {} | {} | {} | {} | {} | {:.1}% | {:.1}% – {:.1}% | {} | {target} | {met} | {} |",
                row.scenario.ruleset_name,
                row.scenario.name,
                row.scenario.players,
                row.bot,
                row.opponent,
                r.games(),
                r.wins,
                r.draws,
                r.losses,
                100.0 * score,
                100.0 * lo,
                100.0 * hi,
                r.turn_limit,
                row.commit
            );
        }
        if !self.missing.is_empty() {
            let n = self.missing.len();
            let _ = writeln!(out, "\nNot measured yet ({n} pairing{}):\n", if n == 1 { "" } else { "s" });
            for m in &self.missing {
                let _ = writeln!(out, "- {m}");
            }
        }
        if !moved.is_empty() {
            let _ = writeln!(
                out,
                "\nTargets moved (the oracle scores below them: two thirds of the way from greedy's score, 50% \
                 against greedy, to the oracle's):\n"
            );
            for m in moved {
                let _ = writeln!(out, "{m}");
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    fn result(wins: u32, draws: u32, losses: u32) -> MatchResult {
        let mut r = MatchResult::default();
        (0..wins).for_each(|_| r.add(1.0));
        (0..draws).for_each(|_| r.add(0.5));
        (0..losses).for_each(|_| r.add(0.0));
        r
    }

    fn row(players: usize, bot: &str, opponent: &str, r: MatchResult) -> Row {
        let scenario = Scenario { ruleset: Ruleset::ALL[0], ruleset_name: "x", name: "y", players };
        Row { scenario, bot: bot.into(), opponent: opponent.into(), result: r, seed: 7, commit: "abc1234".into() }
    }

    #[test]
    fn every_two_player_ruleset_has_a_scenario_and_a_larger_table_is_added() {
        let all = scenarios(&[]);
        for r in Ruleset::ALL {
            assert!(all.iter().any(|s| s.ruleset == *r && s.players == 2), "{r}");
        }
        assert!(all.iter().any(|s| s.players > 2), "a ruleset seats more than two");
        assert_eq!(pairings().len(), 8);
        assert!(pairings().iter().any(|(a, _)| a.sees_hidden()));
    }

    #[test]
    fn a_target_the_oracle_misses_moves_two_thirds_of_the_way_from_greedy() {
        // The oracle scores 80% against greedy: the 70% target stands.
        let rows = vec![row(2, "normal", "greedy", result(70, 0, 30)), row(2, "oracle", "greedy", result(80, 0, 20))];
        let v = verdict(&rows[0], &rows).unwrap();
        assert_eq!((v.target.as_str(), v.met, v.moved.is_none()), ("score >= 70.0%", true, true));
        // It scores 65%: the target becomes 50 + (65 - 50) * 2/3 = 60%.
        let rows = vec![row(2, "normal", "greedy", result(59, 0, 41)), row(2, "oracle", "greedy", result(65, 0, 35))];
        let v = verdict(&rows[0], &rows).unwrap();
        assert_eq!((v.target.as_str(), v.met), ("score >= 60.0%", false));
        assert!(v.moved.unwrap().contains("65.0%"));
        // Against random, from greedy's score against random: 70 + (85 - 70) * 2/3 = 80%.
        let rows = vec![
            row(2, "normal", "random", result(81, 0, 19)),
            row(2, "oracle", "random", result(85, 0, 15)),
            row(2, "greedy", "random", result(70, 0, 30)),
        ];
        let v = verdict(&rows[0], &rows).unwrap();
        assert_eq!((v.target.as_str(), v.met), ("score >= 80.0%", true));
    }

    #[test]
    fn the_ladder_needs_its_interval_above_half_and_a_melee_counts_wins() {
        let close = row(2, "hard", "normal", result(55, 0, 45));
        assert!(!verdict(&close, &[]).unwrap().met, "55/100: the interval reaches below 50%");
        let clear = row(2, "normal", "easy", result(80, 0, 20));
        assert!(verdict(&clear, &[]).unwrap().met);
        // Four players: twice the even share of wins is 50%; draws do not count.
        let melee = row(4, "normal", "random", result(45, 50, 5));
        let v = verdict(&melee, &[]).unwrap();
        assert_eq!((v.target.as_str(), v.met), ("wins >= 50.0%", false));
        assert_eq!(verdict(&row(2, "oracle", "random", result(1, 0, 0)), &[]), None);
    }

    #[test]
    fn the_markdown_names_the_commit_the_seed_the_oracle_and_the_moved_targets() {
        let rows = vec![row(2, "normal", "greedy", result(59, 0, 41)), row(2, "oracle", "greedy", result(65, 0, 35))];
        let plan = TablePlan {
            games: 100,
            seed: 7,
            jobs: 1,
            rulesets: Vec::new(),
            commit: "abc1234".into(),
            only: Vec::new(),
        };
        let md = Table { plan, rows, missing: Vec::new() }.markdown();
        assert!(
            md.contains("commit abc1234 (a row kept from an earlier run names its own), seed 7, 100 games"),
            "{md}"
        );
        assert!(md.contains("oracle sees every hidden card"), "{md}");
        assert!(md.contains("| x | y | 2 | normal | greedy | 100 | 59 | 0 | 41 | 59.0% |"), "{md}");
        assert!(md.contains("score >= 60.0% (moved) | **no** | abc1234 |"), "{md}");
        assert!(md.contains("- x y, normal vs greedy: target moved from 70.0%"), "{md}");
        assert_eq!(md.matches("\n| x |").count(), 2, "one line a row");
    }

    #[test]
    fn rows_of_an_earlier_run_are_reused_when_pairing_games_and_seed_agree() {
        // A ruleset that seats two players only: one scenario of eight pairings.
        let two = *Ruleset::ALL.iter().find(|r| scenarios(&[**r]).len() == 1).unwrap();
        let plan =
            TablePlan { games: 3, seed: 7, jobs: 1, rulesets: vec![two], commit: "new".into(), only: Vec::new() };
        let pairings = plan_pairings(&plan);
        assert_eq!(pairings.len(), 8);
        assert!(pairings.iter().all(|p| p.games == 4), "rounded up to a multiple of 2 players");
        let earlier = |p: &Pairing, seed: u64, games: u32| Row {
            scenario: p.scenario,
            bot: label(&p.bot),
            opponent: label(&p.opponent),
            result: result(games, 0, 0),
            seed,
            commit: "old".into(),
        };
        let known: Vec<Row> = pairings.iter().map(|p| earlier(p, 7, 4)).collect();
        let rows = |r: &[Row]| Known { rows: r.to_vec(), games: Vec::new() };
        let mut measured = 0;
        let table = measure(&plan, &rows(&known), &|_, _, _| {}, &|_| Ok(()), &mut |_| {
            measured += 1;
            Ok::<(), ArenaError>(())
        })
        .unwrap();
        assert_eq!(measured, 0, "every row was known: no game played");
        assert_eq!(table.rows, known);
        assert!(table.markdown().contains("| old |"));
        let part = kept(&plan, &rows(&known[..6]));
        assert_eq!(part.rows, known[..6]);
        assert_eq!(part.missing, [pairings[6].what(), pairings[7].what()]);
        let md = part.markdown();
        assert!(md.contains("Not measured yet (2 pairings):") && md.contains("hard vs normal"), "{md}");
        let md = kept(&plan, &rows(&known[..7])).markdown();
        assert!(md.contains("Not measured yet (1 pairing):\n\n- ") && md.contains("normal vs easy"), "{md}");
        // Only named pairings are measured: the others missing are listed, not played.
        let only = TablePlan { only: vec!["normal vs random".into()], ..plan.clone() };
        let table = measure(&only, &rows(&known[..6]), &|_, _, _| {}, &|_| Ok(()), &mut |_| {
            measured += 1;
            Ok::<(), ArenaError>(())
        })
        .unwrap();
        assert_eq!(measured, 0, "the one pairing named was known");
        assert_eq!((table.rows.as_slice(), table.missing.as_slice()), (&known[..6], &part.missing[..]));
        assert_eq!(pairing_names().len(), pairings.len());
        assert_eq!(pairing_names()[6], pairings[6].name());
        let p = &pairings[0];
        assert!(p.measured_by(&earlier(p, 7, 4), 7));
        assert!(!p.measured_by(&earlier(p, 8, 4), 8 - 1), "another seed");
        assert!(!p.measured_by(&earlier(p, 7, 6), 7), "other games");
        assert!(!pairings[1].measured_by(&earlier(p, 7, 4), 7), "another pairing");
    }

    #[test]
    fn a_row_stopped_midway_goes_on_from_its_kept_games_and_names_both_commits() {
        let two = *Ruleset::ALL.iter().find(|r| scenarios(&[**r]).len() == 1).unwrap();
        let only = vec!["greedy vs random".to_owned()];
        let plan = TablePlan { games: 6, seed: 2, jobs: 2, rulesets: vec![two], commit: "new".into(), only };
        let games = std::sync::Mutex::new(Vec::new());
        let keep = |g: &KeptGame| {
            games.lock().unwrap().push(g.clone());
            Ok(())
        };
        let mut rows_done = Vec::new();
        let mut on_row = |r: &Row| {
            rows_done.push(r.clone());
            Ok::<(), ArenaError>(())
        };
        let whole = measure(&plan, &Known::default(), &|_, _, _| {}, &keep, &mut on_row).unwrap();
        let [row] = rows_done.as_slice() else { panic!("one row: {rows_done:?}") };
        assert_eq!(row.commit, "new");
        let mut all = games.into_inner().unwrap();
        all.sort_by_key(|g| g.played.game);
        assert_eq!(all.len(), 6, "every game was kept as it ended");
        assert!(all.iter().all(|g| g.commit == "new" && g.games == 6 && g.seed == 2));

        // An earlier run, on another commit, kept three games (one of them twice).
        let earlier: Vec<KeptGame> =
            [0, 2, 3, 3].iter().map(|&i| KeptGame { commit: "old".into(), ..all[i].clone() }).collect();
        let known = Known { rows: Vec::new(), games: earlier.clone() };
        let listed = kept(&plan, &known);
        assert!(
            listed.missing.iter().any(|m| m.ends_with("greedy vs random (3 of 6 games kept)")),
            "{:?}",
            listed.missing
        );
        let now = std::sync::Mutex::new(Vec::new());
        let keep = |g: &KeptGame| {
            now.lock().unwrap().push(g.played.game);
            Ok(())
        };
        let mut resumed = None;
        measure(&plan, &known, &|_, _, _| {}, &keep, &mut |r: &Row| {
            resumed = Some(r.clone());
            Ok::<(), ArenaError>(())
        })
        .unwrap();
        let mut played_now = now.into_inner().unwrap();
        played_now.sort_unstable();
        assert_eq!(played_now, [1, 4, 5], "only the games not kept are played");
        let resumed = resumed.unwrap();
        assert_eq!(resumed.commit, "old+new");
        assert_eq!(resumed.result.games(), 6);
        assert_eq!(
            (resumed.result.wins, resumed.result.draws, resumed.result.losses),
            (row.result.wins, row.result.draws, row.result.losses)
        );
        assert_eq!(whole.rows.iter().find(|r| r.bot == "greedy").map(|r| r.result.games()), Some(6));

        // Every game kept: nothing is played, and the row is the earlier commit's alone.
        let known = Known {
            rows: Vec::new(),
            games: all.iter().map(|g| KeptGame { commit: "old".into(), ..g.clone() }).collect(),
        };
        let refuse = |_: &KeptGame| Err("no game should be played".to_owned());
        let mut last = None;
        measure(&plan, &known, &|_, _, _| {}, &refuse, &mut |r: &Row| {
            last = Some(r.clone());
            Ok::<(), ArenaError>(())
        })
        .unwrap();
        assert_eq!(last.unwrap().commit, "old");

        // A keeper that fails stops the table, naming the game and the pairing.
        let fails = |_: &KeptGame| Err("the disk is full".to_owned());
        let e = measure(&plan, &Known::default(), &|_, _, _| {}, &fails, &mut |_: &Row| Ok::<(), ArenaError>(()))
            .unwrap_err()
            .to_string();
        assert!(e.starts_with("cannot keep game ") && e.contains("greedy vs random: the disk is full"), "{e}");
    }
}
