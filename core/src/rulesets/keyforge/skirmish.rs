//! The KeyForge skirmish: built-in creatures, scenarios, and games dealt from a seed
//! (`keyforge.setup`). The pool is Fray's own (no printed card is copied): each
//! creature shows one or two of the rules the seed covers (armor, ward, taunt,
//! elusive, skirmish, poison, assault, hazardous, and abilities as data).
//!
//! A game: each side's battleline is the scenario's list in an order shuffled by the
//! seed (ChaCha8). Creature ids are `p<player>-<card>` (`p1-thornback`), ability ids
//! `<creature id>.<trigger>` (`p0-raider.fight`). Player 0 starts at turn 1 in
//! PHASE_EVENT with no amber and only their leftmost two creatures ready (the others
//! are dealt exhausted, as KeyForge creatures enter play); the second player starts
//! with the scenario's amber. Both compensate for moving first, chosen by measured seat
//! balance.

use std::sync::Arc;

use rand::SeedableRng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;

use super::event::KfEvent;
use super::{Ability, AbilityTarget, Effect, KeyforgeState, KfCreature, KfSide, Trigger, rule};
use crate::catalogue::{ScenarioInfo, SeatBalance};
use crate::error::{SetupError, Violations};
use crate::event::EventSink;
use crate::state::{CreatureId, Phase, PlayerId};
use crate::turn::TurnHeader;

/// An ability as card data: trigger, effect, amount, target.
type AbilitySpec = (Trigger, Effect, i32, AbilityTarget);

/// A creature card of the pool.
#[derive(Debug, Clone, Copy)]
pub struct CardSpec {
    /// The id stem (`p0-<slug>`).
    pub slug: &'static str,
    /// The card's name.
    pub name: &'static str,
    /// Power.
    pub power: i32,
    /// Armor.
    pub armor: i32,
    /// Keywords: taunt, elusive, skirmish, poison, ward (starts warded).
    pub keywords: &'static [&'static str],
    /// Assault N.
    pub assault: i32,
    /// Hazardous N.
    pub hazardous: i32,
    /// Abilities.
    pub abilities: &'static [AbilitySpec],
}

const fn card(slug: &'static str, name: &'static str, power: i32, armor: i32) -> CardSpec {
    CardSpec { slug, name, power, armor, keywords: &[], assault: 0, hazardous: 0, abilities: &[] }
}

use AbilityTarget as T;
use Effect as E;
use Trigger as On;

/// The skirmish pool.
pub const POOL: &[CardSpec] = &[
    CardSpec { keywords: &["taunt"], ..card("warden", "Shield Warden", 4, 1) },
    card("brute", "Ironclad Brute", 5, 2),
    CardSpec { hazardous: 2, ..card("thornback", "Thornback", 3, 0) },
    CardSpec { keywords: &["poison"], ..card("drake", "Venom Drake", 2, 0) },
    CardSpec {
        keywords: &["elusive", "skirmish"],
        abilities: &[(On::Reap, E::StealAmber, 1, T::Controller)],
        ..card("runner", "Shade Runner", 2, 0)
    },
    CardSpec {
        assault: 2,
        abilities: &[(On::Fight, E::CaptureAmber, 1, T::This)],
        ..card("raider", "Raider Captain", 4, 0)
    },
    CardSpec {
        keywords: &["ward"],
        abilities: &[(On::Reap, E::GainWard, 0, T::This)],
        ..card("acolyte", "Warded Acolyte", 3, 0)
    },
    CardSpec { abilities: &[(On::Destroyed, E::DealDamage, 2, T::Chosen)], ..card("sprite", "Ember Sprite", 2, 0) },
    CardSpec {
        abilities: &[(On::AfterAnyDestroyed, E::GainAmber, 1, T::Controller)],
        ..card("caller", "Grave Caller", 3, 0)
    },
    CardSpec { abilities: &[(On::Reap, E::Stun, 0, T::Chosen)], ..card("storm", "Stormcaller", 2, 0) },
    CardSpec { abilities: &[(On::Reap, E::GainAmber, 1, T::Controller)], ..card("hoarder", "Amber Hoarder", 3, 0) },
    CardSpec { abilities: &[(On::AfterDamaged, E::LoseAmber, 1, T::Opponent)], ..card("husk", "Spiteful Husk", 3, 1) },
];

/// A built-in scenario.
#[derive(Debug, Clone, Copy)]
pub struct Scenario {
    /// Its name, as NewGame takes it.
    pub name: &'static str,
    /// One sentence.
    pub description: &'static str,
    /// Each side's battleline (card slugs), before the seed's shuffle.
    pub sides: [&'static [&'static str]; 2],
    /// Amber the second player starts with.
    pub second_amber: i32,
    /// The first player's creatures dealt ready (the leftmost after the seed's shuffle);
    /// the others are dealt exhausted, as KeyForge creatures enter play. With every
    /// creature ready the first player's whole first turn of fights decided every game
    /// (docs/benchmarks.md).
    pub first_ready: usize,
    /// Seat balance as measured by `fray bench seats` (docs/benchmarks.md).
    pub balance: SeatBalance,
}

/// The built-in scenarios; the first is the default.
pub const SCENARIOS: &[Scenario] = &[
    Scenario {
        name: "mirror",
        description: "the same five creatures on both sides (taunt, assault, hazardous, elusive, stun); the first player \
                      starts with 2 creatures ready, the second with 5 amber",
        sides: [
            &["warden", "raider", "thornback", "runner", "storm"],
            &["warden", "raider", "thornback", "runner", "storm"],
        ],
        second_amber: 5,
        first_ready: 2,
        balance: SeatBalance::two(0.425, 100),
    },
    Scenario {
        name: "clash",
        description: "poison, ward, hazardous and elusive (six creatures) against armor, taunt and \
                      destruction abilities (five); the first player starts with 3 creatures ready, the second with \
                      4 amber",
        sides: [
            &["drake", "acolyte", "thornback", "husk", "raider", "runner"],
            &["brute", "warden", "sprite", "caller", "hoarder"],
        ],
        second_amber: 4,
        first_ready: 3,
        balance: SeatBalance::two(0.46, 100),
    },
];

/// The built-in scenarios with their measured balance.
pub fn scenario_infos() -> Vec<ScenarioInfo> {
    SCENARIOS
        .iter()
        .map(|s| ScenarioInfo { name: s.name, description: s.description, players: 2, balance: s.balance })
        .collect()
}

/// The scenario named `name` (empty: the default).
pub fn scenario(name: &str) -> Result<&'static Scenario, SetupError> {
    if name.is_empty() {
        return SCENARIOS.first().ok_or_else(|| SetupError::Data("no KeyForge scenario is built in".into()));
    }
    SCENARIOS.iter().find(|s| s.name == name).ok_or_else(|| {
        let mut v = Violations::default();
        let names: Vec<&str> = SCENARIOS.iter().map(|s| s.name).collect();
        v.push("scenario", format!("{name:?} is not a KeyForge scenario: one of {}", names.join(", ")));
        SetupError::Invalid(v)
    })
}

impl KeyforgeState {
    /// Deals a skirmish game of `scenario` (empty: the default) from `seed`.
    pub fn new_game<S: EventSink<KfEvent>>(
        seed: u64,
        scenario_name: &str,
        sink: &mut S,
    ) -> Result<KeyforgeState, SetupError> {
        let scenario = scenario(scenario_name)?;
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut sides: [KfSide; 2] = Default::default();
        for (p, slugs) in scenario.sides.iter().enumerate() {
            let player = PlayerId(p as u8);
            let mut line = slugs
                .iter()
                .map(|slug| {
                    let spec = POOL
                        .iter()
                        .find(|c| c.slug == *slug)
                        .ok_or_else(|| SetupError::Data(format!("scenario {}: no card {slug}", scenario.name)))?;
                    Ok(creature(spec, player))
                })
                .collect::<Result<Vec<_>, SetupError>>()?;
            line.shuffle(&mut rng);
            sides[p].battleline = line;
        }
        // KeyForge creatures enter play exhausted: all but the first player's leftmost
        // `first_ready` are dealt so, and ready at the end of turn 1.
        for c in sides[0].battleline.iter_mut().skip(scenario.first_ready) {
            c.exhausted = true;
        }
        sides[1].amber = scenario.second_amber;
        let header = TurnHeader::first(Phase::Event, rule::SETUP, sink);
        Ok(KeyforgeState { sides, header, pending: None, resolution: Vec::new() })
    }
}

/// A fresh creature of `spec` for `player`.
pub fn creature(spec: &CardSpec, player: PlayerId) -> KfCreature {
    let id = format!("p{}-{}", player.0, spec.slug);
    let has = |k: &str| spec.keywords.contains(&k);
    let abilities: Vec<Ability> = spec
        .abilities
        .iter()
        .map(|&(trigger, effect, amount, target)| Ability {
            id: CreatureId::from(format!("{id}.{}", trigger_slug(trigger)).as_str()),
            trigger,
            effect,
            amount,
            target,
        })
        .collect();
    KfCreature {
        id: CreatureId::from(id.as_str()),
        name: Arc::from(spec.name),
        owner: player,
        power: spec.power,
        armor: spec.armor,
        armor_used: 0,
        damage: 0,
        ward: has("ward"),
        stunned: false,
        exhausted: false,
        amber: 0,
        taunt: has("taunt"),
        elusive: has("elusive"),
        elusive_used: false,
        skirmish: has("skirmish"),
        poison: has("poison"),
        assault: spec.assault,
        hazardous: spec.hazardous,
        invulnerable: has("invulnerable"),
        abilities: abilities.into(),
        tagged: false,
    }
}

fn trigger_slug(t: Trigger) -> &'static str {
    match t {
        Trigger::BeforeFight => "before_fight",
        Trigger::Fight => "fight",
        Trigger::AfterFight => "after_fight",
        Trigger::Reap => "reap",
        Trigger::Destroyed => "destroyed",
        Trigger::AfterDamaged => "after_damaged",
        Trigger::AfterAnyDestroyed => "after_destroyed",
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use crate::game::Game;

    #[test]
    fn every_scenario_says_how_it_deals_the_first_and_the_second_player() {
        for s in SCENARIOS {
            let said = format!(
                "the first player starts with {} creatures ready, the second with {} amber",
                s.first_ready, s.second_amber
            );
            assert!(s.description.contains(&said), "{}: {}", s.name, s.description);
        }
    }

    #[test]
    fn every_scenario_deals_a_valid_state_and_every_card_is_used() {
        for s in SCENARIOS {
            let game = KeyforgeState::new_game(7, s.name, &mut crate::event::Discard).unwrap();
            let again = KeyforgeState::from_setup(&game.to_setup()).unwrap();
            assert_eq!(again, game, "{}", s.name);
        }
        for card in POOL {
            assert!(SCENARIOS.iter().any(|s| s.sides.iter().any(|side| side.contains(&card.slug))), "{}", card.slug);
        }
    }

    #[test]
    fn an_unknown_scenario_is_refused_by_name() {
        let err = KeyforgeState::new_game(1, "nope", &mut crate::event::Discard).unwrap_err();
        assert!(err.to_string().contains("mirror"), "{err}");
    }
}
