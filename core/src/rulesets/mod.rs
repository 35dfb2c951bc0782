//! One module per ruleset behind one dispatch ([`crate::GameState`]).

pub mod castle_rampage;
pub mod dog_fight;
pub mod egame;
pub mod keyforge;
pub mod skirmish;
pub mod zone_game;
pub mod zone_hints;

use crate::state::Ruleset;

/// What one ruleset offers, for `ListRulesets`.
#[derive(Debug, Clone, PartialEq)]
pub struct RulesetInfo {
    /// The ruleset.
    pub ruleset: Ruleset,
    /// Short name.
    pub name: &'static str,
    /// One sentence.
    pub description: &'static str,
    /// Strikes and choices are resolved.
    pub resolves_strikes: bool,
    /// Built-in skirmish scenarios (empty where no skirmish game is served).
    pub scenarios: Vec<ScenarioInfo>,
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

/// Every ruleset, in wire order.
pub fn catalogue() -> Vec<RulesetInfo> {
    Ruleset::ALL
        .iter()
        .map(|&ruleset| {
            let (name, description, resolves_strikes) = match ruleset {
                Ruleset::Egame => {
                    ("egame", "e:game's Strike: Might, 1 HP per direct hit, Evasive, Fading (seed 000)", true)
                }
                Ruleset::DimensionalRift => (
                    "dimensional-rift",
                    "Dimensional Rift's Attack Action: Attack Stat damage to the player, Armor (seed 002)",
                    true,
                ),
                Ruleset::Keyforge => ("keyforge", "KeyForge fight, damage and destruction timing (seed 001)", true),
                Ruleset::CastleRampage => {
                    ("castle-rampage", "Castle Rampage attacks on Gate and Castle (seed 003)", true)
                }
                Ruleset::DogFight => ("dog-fight", "Dog Fight vessel attacks and responses (seed 004)", true),
            };
            RulesetInfo { ruleset, name, description, resolves_strikes, scenarios: scenario_infos(ruleset) }
        })
        .collect()
}

/// The built-in scenarios of `ruleset` with their measured balance (empty where no
/// skirmish is served).
pub fn scenario_infos(ruleset: Ruleset) -> Vec<ScenarioInfo> {
    match ruleset {
        Ruleset::Egame | Ruleset::DimensionalRift => skirmish::scenario_infos(ruleset),
        Ruleset::CastleRampage => castle_rampage::skirmish::scenario_infos(),
        Ruleset::Keyforge => keyforge::skirmish::scenario_infos(),
        Ruleset::DogFight => dog_fight::skirmish::scenario_infos(),
    }
}

/// The scenario a tournament plays unless told otherwise (two players, unless told
/// that too): of the balanced ones (else of the measured ones), the one whose seats'
/// scores are nearest even; the first such in catalogue order on a tie (the first of
/// all while none is measured). Empty where the ruleset has no two-player scenario.
pub fn fairest_scenario(ruleset: Ruleset) -> &'static str {
    fairest_scenario_for(ruleset, Some(2))
}

/// [`fairest_scenario`] among the scenarios for `players` players (any number when
/// `None`); empty when there is none.
pub fn fairest_scenario_for(ruleset: Ruleset, players: Option<usize>) -> &'static str {
    let rank = |b: &SeatBalance| (!b.is_balanced(), b.games == 0, b.worst_offset());
    scenario_infos(ruleset)
        .iter()
        .filter(|s| players.is_none_or(|n| s.players == n))
        .min_by(|a, b| rank(&a.balance).partial_cmp(&rank(&b.balance)).unwrap_or(std::cmp::Ordering::Equal))
        .map_or("", |s| s.name)
}
