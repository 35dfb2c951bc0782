//! The catalogue's pieces (ListRulesets): the rulesets by their wire numbers
//! ([`Ruleset`]), what one offers ([`RulesetInfo`]), a built-in scenario
//! ([`ScenarioInfo`]), how it splits games between the seats ([`SeatBalance`]) and how
//! often the bot's lower difficulties err on purpose there ([`LevelMistakes`]). The
//! list itself, each entry supplied by its ruleset's folder, is the registry's
//! ([`crate::rulesets::catalogue`]); this module is below both, so the folders that
//! supply an entry use it and not the registry that lists them.

use crate::error::{SetupError, Violations};
use crate::state::{Phase, wire_enum};

wire_enum! {
    /// The rule systems.
    Ruleset {
        /// Seed 000: e:game's Strike.
        Egame = 1 => "RULESET_EGAME",
        /// Seed 002: Dimensional Rift's Attack Action.
        DimensionalRift = 2 => "RULESET_DIMENSIONAL_RIFT",
        /// Seed 001: KeyForge fights.
        Keyforge = 3 => "RULESET_KEYFORGE",
        /// Seed 003: Castle Rampage.
        CastleRampage = 4 => "RULESET_CASTLE_RAMPAGE",
        /// Seed 004: Dog Fight.
        DogFight = 5 => "RULESET_DOG_FIGHT",
    }
}

/// The ruleset with wire number `ruleset`, or why it cannot be served (at the field
/// `ruleset`).
pub fn ruleset_of(ruleset: i32) -> Result<Ruleset, SetupError> {
    match Ruleset::from_wire(ruleset) {
        Some(r) => Ok(r),
        None => {
            let mut v = Violations::default();
            if ruleset == 0 {
                v.push(
                    "ruleset",
                    "is required: name one of RULESET_EGAME, RULESET_DIMENSIONAL_RIFT, RULESET_KEYFORGE, \
                     RULESET_CASTLE_RAMPAGE, RULESET_DOG_FIGHT",
                );
            } else {
                v.push("ruleset", format!("{ruleset} is not a known Ruleset value"));
            }
            Err(SetupError::Invalid(v))
        }
    }
}

/// What one ruleset offers, for `ListRulesets`.
#[derive(Debug, Clone, PartialEq)]
pub struct RulesetInfo {
    /// The ruleset.
    pub ruleset: Ruleset,
    /// Short name.
    pub name: &'static str,
    /// One sentence.
    pub description: &'static str,
    /// Its name as players write it: `e:game`, `Dimensional Rift`.
    pub title: &'static str,
    /// How a game is won, in a sentence or two, for a player.
    pub how_to_win: &'static str,
    /// Every phase in the ruleset's words (`Phase::Event` is e:game's `battle`).
    pub phases: &'static [(Phase, &'static str)],
    /// Every keyword, card effect and ability timing its pieces may carry, each with
    /// what it does, in the rules' words: a player's glossary (`fray play`'s help), as
    /// prose, one `term — what it does` a line ([`RulesetInfo::glossary_entries`]).
    pub glossary: &'static str,
    /// Built-in skirmish scenarios (empty where no skirmish game is served).
    pub scenarios: Vec<ScenarioInfo>,
    /// How often the bot's lower difficulties play a deliberate mistake on this ruleset.
    pub level_mistakes: LevelMistakes,
}

/// The share of its decisions (0 to 1) in which each of the bot's lower difficulties
/// plays, on purpose, another move its search visited than its best (`fray_ai`'s
/// `Difficulty`; `hard` never errs). Where more search plays measurably better the
/// levels are their budgets alone and both shares are 0; where it does not (Castle
/// Rampage: 8000 playouts scored 50.0% against 1500), the lower levels err, as much as
/// the strength table needs for each level to beat the one below (docs/benchmarks.md,
/// "The ladder"). A share per ruleset rather than one for all: a ruleset whose turn is
/// many decisions pays each share over and over (KeyForge's normal erring in 20% of its
/// decisions fell from 79.2% to 51.0% against greedy).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct LevelMistakes {
    /// `easy`'s share.
    pub easy: f64,
    /// `normal`'s share.
    pub normal: f64,
}

impl LevelMistakes {
    /// No mistakes: the levels differ by their search budgets alone.
    pub const NONE: LevelMistakes = LevelMistakes { easy: 0.0, normal: 0.0 };
}

impl RulesetInfo {
    /// The glossary's entries, each term with what it does ([`glossary_entries`]).
    pub fn glossary_entries(&self) -> impl Iterator<Item = (&'static str, &'static str)> {
        glossary_entries(self.glossary)
    }
}

/// A glossary's entries: each line of `glossary` a term, ` — ` and what it does (a line
/// without the dash is a term alone).
pub fn glossary_entries(glossary: &'static str) -> impl Iterator<Item = (&'static str, &'static str)> {
    glossary.lines().filter(|l| !l.trim().is_empty()).map(|l| l.split_once(" — ").unwrap_or((l, "")))
}

/// A built-in scenario as `ListRulesets` tells it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ScenarioInfo {
    /// Its name, as NewGame takes it.
    pub name: &'static str,
    /// One sentence.
    pub description: &'static str,
    /// Its number of players (2 to 4).
    pub players: usize,
    /// How it splits games between the seats.
    pub balance: SeatBalance,
}

/// The seats' scores on a scenario when the `normal` bot plays itself, as measured by
/// `fray bench seats` (docs/benchmarks.md): how much the scenario favours a seat.
///
/// A seat's score in one game is the share of the other players it finished ahead
/// of, a tie counting half (ai's `Places`): with two players a win is 1, a draw 1/2, a
/// loss 0; with more, the winner scores 1 and the others by the order they went out.
/// 0.5 is even for any number of players.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SeatBalance {
    /// Seat 0's mean score, 0 to 1; 0.5 is even.
    pub seat0_score: f64,
    /// The games measured; 0 when the scenario has not been measured yet (it then
    /// counts as unbalanced).
    pub games: u32,
    /// The other seats' mean scores (seat 1, 2, ...) when more than two play; empty
    /// for two players, where seat 1 scores `1 - seat0_score`.
    pub others: &'static [f64],
}

impl SeatBalance {
    /// The seat-0 scores counted as fair: a scenario outside them hands most games to
    /// one seat whoever plays, so a tournament on it measures the seats more than the
    /// bots.
    pub const FAIR: std::ops::RangeInclusive<f64> = 0.40..=0.60;

    /// The fewest games a balanced verdict rests on.
    pub const MIN_GAMES: u32 = 100;

    /// Two players: seat 0 scored `seat0_score` over `games` games.
    pub const fn two(seat0_score: f64, games: u32) -> Self {
        Self { seat0_score, games, others: &[] }
    }

    /// Every seat's score, in seat order, for a game of `players` players (empty
    /// while not measured).
    pub fn seat_scores(&self, players: usize) -> Vec<f64> {
        if self.games == 0 {
            return Vec::new();
        }
        if self.others.is_empty() && players == 2 {
            return vec![self.seat0_score, 1.0 - self.seat0_score];
        }
        std::iter::once(self.seat0_score).chain(self.others.iter().copied()).collect()
    }

    /// Measured on at least [`SeatBalance::MIN_GAMES`] games, and every seat's score
    /// lies in [`SeatBalance::FAIR`].
    pub fn is_balanced(&self) -> bool {
        self.games >= Self::MIN_GAMES
            && Self::FAIR.contains(&self.seat0_score)
            && self.others.iter().all(|s| Self::FAIR.contains(s))
    }

    /// The largest distance of a seat's score from even.
    pub fn worst_offset(&self) -> f64 {
        self.others.iter().chain(std::iter::once(&self.seat0_score)).map(|s| (s - 0.5).abs()).fold(0.0, f64::max)
    }
}
