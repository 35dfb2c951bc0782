//! What a tournament plays: its [`Config`] (written as the log's first line, so
//! `--resume` continues exactly the same tournament), the players it parses into, and
//! the [`Schedule`] that numbers every game.
//!
//! Two players a game: game `g` belongs to round `g / (2·P)` (P pairings): every
//! round plays each pairing twice on the same opening (NewGame seed `seed + round`),
//! sides swapped, so a tournament cut short is still balanced and each pair of games
//! forms one pentanomial sample.
//!
//! N players a game (`--players N`): the pairings become tables of N bots,
//! and every round plays each table once in every seat order (N! games, in
//! lexicographic order) on one opening, so each bot sits in each seat, after and
//! before each other bot, equally often.

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use fray_ai::{Bot, BotSpec, BuildBot, Decision, RandomBot};
use fray_core::{Game, Ruleset};
use serde::{Deserialize, Serialize};

use super::error::TournamentError;

/// Who plays whom.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Format {
    /// Every bot against every other.
    RoundRobin,
    /// The first bot against each of the others.
    Gauntlet,
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Format::RoundRobin => "round robin",
            Format::Gauntlet => "gauntlet",
        })
    }
}

/// The bounds of a sequential probability ratio test, as given on the command line.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct SprtConfig {
    /// Elo under H0.
    pub elo0: f64,
    /// Elo under H1.
    pub elo1: f64,
    /// The false-positive rate.
    pub alpha: f64,
    /// The false-negative rate.
    pub beta: f64,
}

/// Everything that decides a tournament's games. Concurrency and servers are not
/// part of it: they change how fast it runs, never what is played.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Config {
    /// Bot specs as written (`greedy`, `mcts:playouts=2000`, ...), made unique with
    /// `#2`, `#3` when a spec is given twice.
    pub bots: Vec<String>,
    /// Round robin or gauntlet.
    pub format: Format,
    /// Games per pairing, or per table with more than two players (a multiple of
    /// the seat orders: 2 for two players, N! for N).
    pub games_per_pairing: u32,
    /// Bots seated at each game (2 to 4); absent in a log means 2.
    #[serde(default = "two", skip_serializing_if = "is_two")]
    pub players_per_game: u32,
    /// The ruleset's proto enum name, e.g. `RULESET_EGAME`.
    pub ruleset: String,
    /// The built-in scenario.
    pub scenario: String,
    /// Round `r` plays opening (NewGame seed) `seed + r`.
    pub seed: u64,
    /// Stop a two-bot match once this test decides.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sprt: Option<SprtConfig>,
    /// A bot that takes longer than this over one move loses the game.
    pub move_timeout_ms: u64,
    /// A bot with its own time budget (`mcts:time=50ms`) loses once it runs this much
    /// past that budget.
    pub time_margin_ms: u64,
}

/// What differs between a log's settings and others, one `name: the log's, the
/// other's` per setting (as the log writes them); empty when they agree.
pub fn differences(logged: &Config, other: &Config) -> Vec<String> {
    let (Ok(serde_json::Value::Object(a)), Ok(serde_json::Value::Object(b))) =
        (serde_json::to_value(logged), serde_json::to_value(other))
    else {
        return if logged == other { Vec::new() } else { vec![format!("{logged:?} against {other:?}")] };
    };
    let mut names: Vec<&String> = a.keys().chain(b.keys()).collect();
    names.sort();
    names.dedup();
    let shown = |v: Option<&serde_json::Value>| v.map_or_else(|| "unset".to_owned(), ToString::to_string);
    names
        .into_iter()
        .filter(|name| a.get(*name) != b.get(*name))
        .map(|name| format!("{name}: the log's {}, these settings' {}", shown(a.get(name)), shown(b.get(name))))
        .collect()
}

fn two() -> u32 {
    2
}

#[allow(clippy::trivially_copy_pass_by_ref)] // serde's skip_serializing_if passes a reference
fn is_two(n: &u32) -> bool {
    *n == 2
}

/// `n!`: the seat orders of `n` players.
pub fn seat_orders(n: usize) -> u64 {
    (1..=n as u64).product()
}

/// The `k`-th (from 0, lexicographic) ordering of `items`.
fn nth_permutation(items: &[usize], mut k: u64) -> Vec<usize> {
    let mut left = items.to_vec();
    let mut out = Vec::with_capacity(items.len());
    while !left.is_empty() {
        let block = seat_orders(left.len() - 1);
        let i = ((k / block) as usize).min(left.len() - 1);
        k %= block;
        out.push(left.remove(i));
    }
    out
}

/// Every `k`-subset of `from`, in lexicographic order.
fn combinations(from: &[usize], k: usize) -> Vec<Vec<usize>> {
    if k == 0 {
        return vec![Vec::new()];
    }
    let mut out = Vec::new();
    for (i, &first) in from.iter().enumerate() {
        for mut rest in combinations(&from[i + 1..], k - 1) {
            rest.insert(0, first);
            out.push(rest);
        }
    }
    out
}

/// A bot that plays randomly and panics on its `after`-th move: `crash:after=N`.
/// It exists to check (and show) that a panicking bot forfeits and play goes on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CrashBot {
    after: u32,
    moves: u32,
}

impl<G: Game> Bot<G> for CrashBot {
    fn name(&self) -> String {
        format!("crash:after={}", self.after)
    }

    fn choose(&mut self, state: &G, seed: u64) -> Result<Decision<G::Action>, fray_ai::BotError> {
        self.moves += 1;
        #[allow(clippy::panic)]
        if self.moves >= self.after {
            panic!("crash:after={} crashed on purpose on its move {}", self.after, self.moves);
        }
        RandomBot.choose(state, seed)
    }
}

/// One tournament player's kind.
#[derive(Debug, Clone, PartialEq)]
pub enum PlayerSpec {
    /// A bot of the AI crate.
    Bot(BotSpec),
    /// The crashing test bot.
    Crash(u32),
}

impl FromStr for PlayerSpec {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, String> {
        if let Some(rest) = text.strip_prefix("crash") {
            let after = rest.strip_prefix(":after=").and_then(|n| n.parse::<u32>().ok()).filter(|&n| n >= 1);
            return after
                .map(PlayerSpec::Crash)
                .ok_or_else(|| format!("bad bot spec {text:?}: write crash:after=N with N >= 1"));
        }
        text.parse::<BotSpec>().map(PlayerSpec::Bot).map_err(|e| e.to_string())
    }
}

/// A fresh bot (each game gets its own, so games never share state).
impl BuildBot for PlayerSpec {
    fn build_bot<G: Game>(&self, ruleset: Ruleset) -> Box<dyn Bot<G>> {
        match self {
            PlayerSpec::Bot(spec) => spec.build(ruleset),
            PlayerSpec::Crash(after) => Box::new(CrashBot { after: *after, moves: 0 }),
        }
    }
}

impl PlayerSpec {
    /// Its own time budget per move, if it has one.
    pub fn time_budget(&self) -> Option<Duration> {
        match self {
            PlayerSpec::Bot(BotSpec::Mcts(config)) => config.budget.time,
            _ => None,
        }
    }

    /// Whether its moves are thought on the game's own task rather than on a bot
    /// thread: the one-ply bots ([`BotSpec::is_one_ply`]), whose move costs less than
    /// waking a thread for it and waking the game back.
    pub fn thinks_inline(&self) -> bool {
        matches!(self, PlayerSpec::Bot(spec) if spec.is_one_ply())
    }
}

/// A player: its unique name and what it is.
#[derive(Debug, Clone, PartialEq)]
pub struct Player {
    /// The name in the log and the reports.
    pub name: String,
    /// The bot.
    pub spec: PlayerSpec,
    /// How long one move may take before the bot forfeits.
    pub move_limit: Duration,
}

/// The names of `specs`, a repeated spec getting `#2`, `#3`, ...
pub fn unique_names(specs: &[String]) -> Vec<String> {
    let mut names: Vec<String> = Vec::with_capacity(specs.len());
    for spec in specs {
        let seen = specs.iter().take(names.len()).filter(|s| *s == spec).count();
        names.push(if seen == 0 { spec.clone() } else { format!("{spec}#{}", seen + 1) });
    }
    names
}

/// The spec part of a name made by [`unique_names`].
fn spec_text(name: &str) -> &str {
    match name.rsplit_once('#') {
        Some((spec, n)) if n.parse::<u32>().is_ok() => spec,
        _ => name,
    }
}

impl Config {
    /// Checks the numbers and parses the bots; errors name the bad value.
    pub fn players(&self) -> Result<Vec<Player>, TournamentError> {
        if self.bots.len() < 2 {
            return Err(TournamentError::Usage(format!(
                "a tournament needs at least two bots, got {}: name them, e.g. `fray tournament greedy random`",
                self.bots.len()
            )));
        }
        let seats = self.players_per_game as usize;
        if !(2..=fray_core::game::MAX_PLAYERS).contains(&seats) {
            return Err(TournamentError::Usage(format!(
                "--players {seats}: a game seats 2 to {} players",
                fray_core::game::MAX_PLAYERS
            )));
        }
        if self.bots.len() < seats {
            return Err(TournamentError::Usage(format!(
                "--players {seats} seats {seats} bots in every game, but {} were given: name at least {seats} \
                 (a spec given twice plays twice, e.g. `fray tournament normal random random random --players 4`)",
                self.bots.len()
            )));
        }
        let orders = seat_orders(seats);
        if self.games_per_pairing == 0 || u64::from(self.games_per_pairing) % orders != 0 {
            return Err(TournamentError::Usage(if seats == 2 {
                format!(
                    "--games {} must be even and at least 2: each opening is played twice, sides swapped",
                    self.games_per_pairing
                )
            } else {
                format!(
                    "--games {} must be a multiple of {orders} with {seats} players: each opening is played in \
                     every seat order ({seats}! = {orders})",
                    self.games_per_pairing
                )
            }));
        }
        if self.move_timeout_ms == 0 {
            return Err(TournamentError::Usage("--move-timeout must be more than 0".to_owned()));
        }
        if let Some(s) = self.sprt {
            if self.bots.len() != 2 || seats != 2 {
                return Err(TournamentError::Usage(format!(
                    "--sprt tests one bot against another: give exactly two bots, not {}",
                    self.bots.len()
                )));
            }
            crate::rating::Sprt::new(s.elo0, s.elo1, s.alpha, s.beta)
                .map_err(|why| TournamentError::Usage(format!("--sprt: {why}")))?;
        }
        let timeout = Duration::from_millis(self.move_timeout_ms);
        let margin = Duration::from_millis(self.time_margin_ms);
        self.bots
            .iter()
            .map(|name| {
                let spec = spec_text(name).parse::<PlayerSpec>().map_err(TournamentError::Usage)?;
                let move_limit = spec.time_budget().map_or(timeout, |t| timeout.min(t + margin));
                Ok(Player { name: name.clone(), spec, move_limit })
            })
            .collect()
    }

    /// The pairings, as indices into `bots`: every two bots that meet in a game.
    pub fn pairings(&self) -> Vec<(usize, usize)> {
        let mut pairs: Vec<(usize, usize)> = self
            .tables()
            .iter()
            .flat_map(|t| t.iter().enumerate().flat_map(|(i, &a)| t[i + 1..].iter().map(move |&b| (a, b))))
            .collect();
        pairs.sort_unstable();
        pairs.dedup();
        pairs
    }

    /// The tables: the bots (indices, ascending) seated together, one entry per
    /// `players_per_game` of them that play each other. Round robin: every such
    /// group; gauntlet: the first bot with every group of the others. With two players
    /// a table is a pairing.
    pub fn tables(&self) -> Vec<Vec<usize>> {
        let n = self.bots.len();
        let k = (self.players_per_game as usize).max(2);
        let all: Vec<usize> = (0..n).collect();
        match self.format {
            Format::RoundRobin => combinations(&all, k),
            Format::Gauntlet => combinations(&all[1.min(n)..], k - 1)
                .into_iter()
                .map(|mut rest| {
                    rest.insert(0, 0);
                    rest
                })
                .collect(),
        }
    }
}

/// A round robin of `bots` on the `duel` scenario, for tests.
#[cfg(test)]
pub fn sample(bots: &[&str], games_per_pairing: u32) -> Config {
    Config {
        bots: unique_names(&bots.iter().map(|b| (*b).to_owned()).collect::<Vec<_>>()),
        format: Format::RoundRobin,
        games_per_pairing,
        players_per_game: 2,
        ruleset: "RULESET_EGAME".into(),
        scenario: "duel".into(),
        seed: 1,
        sprt: None,
        move_timeout_ms: 1000,
        time_margin_ms: 100,
    }
}

/// Where one game sits in the tournament.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Slot {
    /// The game's number, from 0, in schedule (and log) order.
    pub game: u64,
    /// Its round: the opening.
    pub round: u32,
    /// Its table's (with two players: pairing's) index.
    pub table: usize,
    /// The players at each seat, seat 0 first.
    pub seats: Vec<usize>,
    /// The NewGame seed.
    pub seed: u64,
}

/// The games of a tournament, in order.
#[derive(Debug, Clone)]
pub struct Schedule {
    tables: Vec<Vec<usize>>,
    orders: u64,
    seed: u64,
    total: u64,
}

impl Schedule {
    /// The schedule of `config`.
    pub fn new(config: &Config) -> Self {
        let tables = config.tables();
        let orders = seat_orders((config.players_per_game as usize).max(2));
        let total = tables.len() as u64 * u64::from(config.games_per_pairing);
        Self { tables, orders, seed: config.seed, total }
    }

    /// Games in all.
    pub fn total(&self) -> u64 {
        self.total
    }

    /// The tables.
    pub fn tables(&self) -> &[Vec<usize>] {
        &self.tables
    }

    /// Game `game`'s slot.
    pub fn slot(&self, game: u64) -> Slot {
        let per_round = self.orders * self.tables.len().max(1) as u64;
        let round = game / per_round;
        let within = game % per_round;
        let table = (within / self.orders) as usize;
        let seats = self.tables.get(table).map_or_else(Vec::new, |t| nth_permutation(t, within % self.orders));
        Slot { game, round: round as u32, table, seats, seed: self.seed.wrapping_add(round) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn config(bots: &[&str], format: Format, games: u32) -> Config {
        Config { format, seed: 10, time_margin_ms: 200, ..sample(bots, games) }
    }

    #[test]
    fn differences_name_each_setting_that_differs() {
        let logged = sample(&["greedy", "random"], 4);
        assert!(differences(&logged, &logged.clone()).is_empty());
        let other = Config { games_per_pairing: 6, seed: 2, ..logged.clone() };
        assert_eq!(
            differences(&logged, &other),
            ["gamesPerPairing: the log's 4, these settings' 6", "seed: the log's 1, these settings' 2"]
        );
        let sprt = SprtConfig { elo0: 0.0, elo1: 10.0, alpha: 0.05, beta: 0.05 };
        let other = Config { sprt: Some(sprt), ..logged.clone() };
        let found = differences(&logged, &other);
        assert_eq!(found.len(), 1, "{found:?}");
        assert!(found[0].starts_with("sprt: the log's unset, these settings' {"), "{found:?}");
    }

    #[test]
    fn rounds_pair_each_opening_with_sides_swapped() {
        let c = config(&["a", "b", "c"].map(|_| "random"), Format::RoundRobin, 4);
        let s = Schedule::new(&c);
        assert_eq!(s.total(), 12);
        assert_eq!(s.tables(), &[vec![0, 1], vec![0, 2], vec![1, 2]]);
        let slots: Vec<Slot> = (0..s.total()).map(|g| s.slot(g)).collect();
        assert_eq!(slots[0].seats, [0, 1]);
        assert_eq!(slots[1].seats, [1, 0]);
        assert_eq!(slots[1].seed, slots[0].seed);
        assert_eq!(slots[5].seats, [2, 1]);
        assert_eq!((slots[6].round, slots[6].seed, slots[6].seats.clone()), (1, 11, vec![0, 1]));
        for p in 0..3 {
            assert_eq!(slots.iter().filter(|s| s.table == p).count(), 4);
        }
    }

    #[test]
    fn with_more_players_each_round_seats_every_table_in_every_order() {
        let mut c = config(&["a", "b", "c", "d", "e"].map(|_| "random"), Format::RoundRobin, 12);
        c.players_per_game = 3;
        assert!(c.players().is_ok());
        let s = Schedule::new(&c);
        assert_eq!(s.tables().len(), 10, "5 choose 3");
        assert_eq!(s.total(), 10 * 12);
        let round: Vec<Slot> = (0..60).map(|g| s.slot(g)).collect();
        assert!(round.iter().all(|slot| slot.round == 0 && slot.seed == 10));
        let first: Vec<Vec<usize>> = round[..6].iter().map(|slot| slot.seats.clone()).collect();
        assert_eq!(first, [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]]);
        // Each bot of a table sits in each seat equally often within a round.
        for seat in 0..3 {
            let at: Vec<usize> = round[..6].iter().map(|slot| slot.seats[seat]).collect();
            assert_eq!((0..3).map(|b| at.iter().filter(|&&x| x == b).count()).collect::<Vec<_>>(), [2, 2, 2]);
        }
        assert_eq!((s.slot(60).round, s.slot(60).seed, s.slot(60).seats.clone()), (1, 11, vec![0, 1, 2]));
        assert_eq!(c.pairings().len(), 10, "every two bots meet");
        c.format = Format::Gauntlet;
        assert_eq!(c.tables(), [[0, 1, 2], [0, 1, 3], [0, 1, 4], [0, 2, 3], [0, 2, 4], [0, 3, 4]]);
        assert_eq!(c.pairings().len(), 4 + 6, "the first bot meets all four others, who meet each other");
    }

    #[test]
    fn more_players_need_enough_bots_and_whole_rounds() {
        let mut c = config(&["random", "greedy", "random"], Format::RoundRobin, 24);
        c.players_per_game = 4;
        let few = c.players().unwrap_err().to_string();
        assert!(few.contains("--players 4 seats 4 bots") && few.contains("3 were given"), "{few}");
        c.bots.push("random#3".into());
        assert!(c.players().is_ok());
        c.games_per_pairing = 12;
        let orders = c.players().unwrap_err().to_string();
        assert!(orders.contains("multiple of 24") && orders.contains("4! = 24"), "{orders}");
        c.players_per_game = 5;
        assert!(c.players().unwrap_err().to_string().contains("2 to 4 players"));
        c.players_per_game = 3;
        c.games_per_pairing = 6;
        c.sprt = Some(SprtConfig { elo0: 0.0, elo1: 10.0, alpha: 0.05, beta: 0.05 });
        assert!(c.players().unwrap_err().to_string().contains("exactly two bots"));
    }

    #[test]
    fn a_gauntlet_pairs_the_first_bot_with_each_other() {
        let c = config(&["greedy", "random", "exact", "random"], Format::Gauntlet, 2);
        assert_eq!(c.pairings(), vec![(0, 1), (0, 2), (0, 3)]);
        assert_eq!(c.bots, vec!["greedy", "random", "exact", "random#2"]);
        let players = c.players().unwrap();
        assert_eq!(players[3].spec, players[1].spec);
    }

    #[test]
    fn bad_configs_name_the_problem() {
        let odd = config(&["random", "greedy"], Format::RoundRobin, 3).players().unwrap_err();
        assert!(odd.to_string().contains("--games 3 must be even"), "{odd}");
        let one = config(&["random"], Format::RoundRobin, 2).players().unwrap_err();
        assert!(one.to_string().contains("at least two bots"), "{one}");
        let bad = config(&["random", "mcts:speed=3"], Format::RoundRobin, 2).players().unwrap_err();
        assert!(bad.to_string().contains("mcts:speed=3"), "{bad}");
        let crash = config(&["random", "crash:after=0"], Format::RoundRobin, 2).players().unwrap_err();
        assert!(crash.to_string().contains("crash:after=N"), "{crash}");
        let mut sprt = config(&["random", "greedy", "exact"], Format::RoundRobin, 2);
        sprt.sprt = Some(SprtConfig { elo0: 0.0, elo1: 10.0, alpha: 0.05, beta: 0.05 });
        assert!(sprt.players().unwrap_err().to_string().contains("exactly two bots"));
        sprt.bots.pop();
        sprt.sprt = Some(SprtConfig { elo0: 10.0, elo1: 0.0, alpha: 0.05, beta: 0.05 });
        assert!(sprt.players().unwrap_err().to_string().starts_with("--sprt"));
    }

    #[test]
    fn timed_bots_get_their_budget_plus_the_margin() {
        let c = config(&["mcts:time=50ms", "mcts:time=5s", "greedy"], Format::RoundRobin, 2);
        let p = c.players().unwrap();
        assert_eq!(p[0].move_limit, Duration::from_millis(250));
        assert_eq!(p[1].move_limit, Duration::from_millis(1000));
        assert_eq!(p[2].move_limit, Duration::from_millis(1000));
    }

    #[test]
    fn the_crash_bot_panics_on_its_nth_move() {
        let state = fray_core::GameState::new_game(1, 7, "duel").unwrap().0;
        let mut bot = "crash:after=2".parse::<PlayerSpec>().unwrap().state_bot(&state);
        assert!(bot.choose(state.clone(), 1).is_ok());
        let crashed = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| bot.choose(state, 2)));
        assert!(crashed.is_err());
    }
}
