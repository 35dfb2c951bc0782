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
    /// How it splits games between the seats.
    pub balance: SeatBalance,
}

/// Seat 0's score on a scenario when the `normal` bot plays itself, as measured by
/// `fray bench seats` (docs/benchmarks.md): how much the scenario favours a seat.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SeatBalance {
    /// Seat 0's mean score, 0 to 1 (a draw counts half); 0.5 is even.
    pub seat0_score: f64,
    /// The games measured; 0 when the scenario has not been measured yet (it then
    /// counts as unbalanced).
    pub games: u32,
}

impl SeatBalance {
    /// The seat-0 scores counted as fair: a scenario outside them hands most games to
    /// one seat whoever plays, so a tournament on it measures the seats more than the
    /// bots.
    pub const FAIR: std::ops::RangeInclusive<f64> = 0.40..=0.60;

    /// The fewest games a balanced verdict rests on.
    pub const MIN_GAMES: u32 = 100;

    /// Measured on at least [`SeatBalance::MIN_GAMES`] games, and seat 0's score lies
    /// in [`SeatBalance::FAIR`].
    pub fn is_balanced(&self) -> bool {
        self.games >= Self::MIN_GAMES && Self::FAIR.contains(&self.seat0_score)
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
        Ruleset::DogFight => Vec::new(),
    }
}

/// The scenario a tournament plays unless told otherwise: of the balanced ones (else
/// of the measured ones), the one whose seat-0 score is nearest even; the first such
/// in catalogue order on a tie (the first of all while none is measured). Empty where
/// the ruleset has no scenario.
pub fn fairest_scenario(ruleset: Ruleset) -> &'static str {
    let rank = |b: &SeatBalance| (!b.is_balanced(), b.games == 0, (b.seat0_score - 0.5).abs());
    scenario_infos(ruleset)
        .iter()
        .min_by(|a, b| rank(&a.balance).partial_cmp(&rank(&b.balance)).unwrap_or(std::cmp::Ordering::Equal))
        .map_or("", |s| s.name)
}
