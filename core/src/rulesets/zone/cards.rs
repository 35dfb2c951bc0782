//! The skirmish card pool: Dimensional Rift's published creature list, kept in this
//! repository as data (`core/data/dimensional-rift-creatures.json`: name, faction,
//! Fabled or not, Might, Life, arrows relative to FORWARD, and the plain keywords the
//! rules know) and compiled in.

use std::collections::BTreeMap;
use std::sync::{Arc, OnceLock};

use serde::Deserialize;

use crate::rulesets::zone::board::Dir;
use crate::rulesets::zone::state::{Arrows, Card, Keyword, Reach};

const DATA: &str = include_str!("../../../data/dimensional-rift-creatures.json");

/// One creature of the published list.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PoolCard {
    /// `men`, `fey` or `any`.
    pub faction: String,
    /// Summoned from the Fables deck.
    pub fabled: bool,
    /// The card itself (no id: scenarios give ids).
    pub card: Card,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCard {
    name: String,
    faction: String,
    fabled: bool,
    might: i32,
    life: i32,
    arrows: BTreeMap<String, String>,
    keywords: Vec<String>,
}

/// Why the compiled-in card data could not be read (a build defect, checked by tests).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("the card pool data is malformed: {0}")]
pub struct CardDataError(pub String);

fn parse_card(raw: RawCard) -> Result<PoolCard, CardDataError> {
    let mut arrows = Arrows::default();
    for (dir_name, reach_name) in &raw.arrows {
        let dir = match dir_name.as_str() {
            "up" => Dir::Up,
            "upRight" => Dir::UpRight,
            "right" => Dir::Right,
            "downRight" => Dir::DownRight,
            "down" => Dir::Down,
            "downLeft" => Dir::DownLeft,
            "left" => Dir::Left,
            "upLeft" => Dir::UpLeft,
            other => return Err(CardDataError(format!("{}: unknown arrow direction {other:?}", raw.name))),
        };
        let reach = Reach::ALL
            .iter()
            .copied()
            .find(|r| r.wire_name() == reach_name)
            .ok_or_else(|| CardDataError(format!("{}: unknown reach {reach_name:?}", raw.name)))?;
        if reach == Reach::Double && dir.is_diagonal() {
            return Err(CardDataError(format!("{}: a diagonal arrow cannot be REACH_DOUBLE", raw.name)));
        }
        arrows.set(dir, reach);
    }
    let keywords = raw
        .keywords
        .iter()
        .map(|k| {
            Keyword::ALL
                .iter()
                .copied()
                .find(|kw| kw.wire_name() == k)
                .ok_or_else(|| CardDataError(format!("{}: unknown keyword {k:?}", raw.name)))
        })
        .collect::<Result<_, _>>()?;
    Ok(PoolCard {
        faction: raw.faction,
        fabled: raw.fabled,
        card: Card {
            id: None,
            name: Arc::from(raw.name.as_str()),
            might: raw.might,
            life: raw.life,
            armor: 0,
            keywords,
            arrows,
        },
    })
}

/// The whole pool, in the list's order.
pub fn pool() -> Result<&'static [PoolCard], CardDataError> {
    static POOL: OnceLock<Result<Vec<PoolCard>, CardDataError>> = OnceLock::new();
    POOL.get_or_init(|| {
        let raw: Vec<RawCard> = serde_json::from_str(DATA).map_err(|e| CardDataError(e.to_string()))?;
        raw.into_iter().map(parse_card).collect()
    })
    .as_ref()
    .map(Vec::as_slice)
    .map_err(Clone::clone)
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    #[test]
    fn the_pool_is_the_published_list() {
        let pool = pool().unwrap();
        assert_eq!(pool.len(), 34);
        let peasant = &pool[0];
        assert_eq!(&*peasant.card.name, "Hardened Peasant");
        assert_eq!((peasant.card.might, peasant.card.life), (1, 2));
        assert_eq!(peasant.card.arrows.get(Dir::Up), Reach::Double);
        assert_eq!(pool.iter().filter(|c| c.card.keywords.contains(Keyword::Evasive)).count(), 3);
        assert_eq!(pool.iter().filter(|c| c.fabled).count(), 10);
    }
}
