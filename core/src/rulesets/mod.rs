//! One module per ruleset behind one dispatch ([`crate::GameState`]).

pub mod egame;
pub mod skirmish;

use crate::state::Ruleset;

/// What one ruleset offers, for `ListRulesets`.
#[derive(Debug, Clone, PartialEq, Eq)]
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
    pub scenarios: Vec<&'static str>,
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
                Ruleset::Keyforge => ("keyforge", "KeyForge fight, damage and destruction timing (seed 001)", false),
                Ruleset::CastleRampage => {
                    ("castle-rampage", "Castle Rampage attacks on Gate and Castle (seed 003)", false)
                }
                Ruleset::DogFight => ("dog-fight", "Dog Fight vessel attacks and responses (seed 004)", false),
            };
            let scenarios = if resolves_strikes { skirmish::scenario_names() } else { Vec::new() };
            RulesetInfo { ruleset, name, description, resolves_strikes, scenarios }
        })
        .collect()
}
