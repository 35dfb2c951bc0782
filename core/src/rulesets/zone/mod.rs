//! The zone game: e:game (seed 000, RULESET_EGAME) and Dimensional Rift (seed 002,
//! RULESET_DIMENSIONAL_RIFT), played on the shared zone board.
//!
//! Two players face each other across two rows of four creature zones. A face-up
//! creature strikes a zone its arrows reach; the creature in that zone blocks, or an
//! eligible creature may block, or the strike is direct and costs the defending player
//! HP (e:game: 1 if Might > 0; Dimensional Rift: the Attack Stat). Damage >= life
//! destroys; a player at 0 HP loses. Dimensional Rift adds Armor; e:game adds Evasive
//! and Fading. The skirmish game around it: draw, summon, strike, 60 turns at most.
//!
//! Files: [`board`] (the zone graph), [`state`] (the validated state), [`setup`]
//! (plain input and its validation), [`action`] (typed actions and their parsing),
//! [`egame`] (the strike), [`skirmish`] (the game loop and scenarios), [`game`] (the
//! [`crate::Game`] interface), [`hints`] (search hints), [`cards`] (the card pool),
//! [`view`] (what each seat may see of the events).

pub mod action;
pub mod board;
pub mod cards;
pub mod egame;
pub mod event;
pub mod game;
pub mod hints;
pub mod rule;
pub mod setup;
pub mod skirmish;
pub mod state;
mod state_clone;
pub mod view;
pub mod words;

pub use action::Action;
pub use state::ZoneState;

use crate::catalogue::{LevelMistakes, Ruleset, RulesetInfo};

/// What `ruleset` (e:game or Dimensional Rift) offers, for the catalogue.
pub(crate) fn info(ruleset: Ruleset) -> RulesetInfo {
    let (name, description, title, how_to_win) = if ruleset == Ruleset::DimensionalRift {
        (
            "dimensional-rift",
            "Dimensional Rift's Attack Action: Attack Stat damage to the player, Armor (seed 002)",
            "Dimensional Rift",
            "Bring the other player from 20 HP to 0: a strike that no creature blocks costs them as many HP as \
             the striker's Attack Stat. The game is a draw after turn 60, or after 5 rounds without progress.",
        )
    } else {
        (
            "egame",
            "e:game's Strike: Might, 1 HP per direct hit, Evasive, Fading (seed 000)",
            "e:game",
            "Bring the other player from 6 HP to 0: a strike that no creature blocks costs them 1 HP when the \
             striker has Might. The game is a draw after turn 60, or after 5 rounds without progress.",
        )
    };
    let scenarios = skirmish::scenario_infos(ruleset);
    let glossary = if ruleset == Ruleset::DimensionalRift { words::RIFT_GLOSSARY } else { words::EGAME_GLOSSARY };
    // e:game's hard scored 54.4% [49.7, 59.1] against normal by search alone; Rift's
    // levels separate by their budgets (docs/benchmarks.md, "The ladder").
    let level_mistakes = if ruleset == Ruleset::DimensionalRift {
        LevelMistakes::NONE
    } else {
        LevelMistakes { easy: 0.4, normal: 0.15 }
    };
    RulesetInfo {
        ruleset,
        name,
        description,
        title,
        how_to_win,
        phases: &words::PHASES,
        glossary,
        scenarios,
        level_mistakes,
    }
}
