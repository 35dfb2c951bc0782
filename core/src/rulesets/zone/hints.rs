//! The zone rulesets' hints for search ([`crate::game::Game::dedupe`],
//! [`crate::game::Game::action_hint`], [`crate::game::Game::rollout_hint`]).
//!
//! Duplicates: two summons are the same move when they put cards of the same content
//! (name, stats, keywords, arrows; ids aside) into the same zone the same way up,
//! reaching the same zones. Pruning them loses nothing and cuts the Deployment
//! phase's branching several-fold.
//!
//! Positional judgement of a summon: how promising a card is where it lands and the
//! way it faces. It steers search (MCTS priors) and rollouts (which summon a rollout
//! plays); it never scores a position (values come from the heuristic), so a wrong
//! weight here costs search time, not correctness.
//!
//! [`summon_score`] adds, for a face-up summon:
//! - offense: the best thing its arrows threaten next turn (an enemy creature it
//!   destroys and survives 1.0, destroys and dies to 0.4, survives without
//!   destroying 0.15; a face-down enemy 0.3; an empty enemy zone, a direct hit unless
//!   blocked, 0.35, or 0.5 with Evasive), plus a tenth of the rest; each own empty
//!   zone it covers (it may block there) 0.1;
//! - danger: for each face-up enemy creature whose arrows reach the zone and that
//!   strikes first (the opponent's Battle comes before this creature's): -1.0 if it
//!   destroys this one and survives, -0.4 if both die, -0.05 otherwise.
//!
//! A face-down summon is a hidden wall with no arrows: 0.1 plus half the danger.

use rand::{Rng, RngCore};

use crate::rulesets::zone::action::Action;
use crate::rulesets::zone::board::{Board, ZoneRef};
use crate::rulesets::zone::state::{Card, Keyword, ZoneState};
use crate::state::{Opponent, Phase, PlayerId};

fn same_card(a: &Card, b: &Card) -> bool {
    a.name == b.name
        && a.might == b.might
        && a.life == b.life
        && a.armor == b.armor
        && a.keywords == b.keywords
        && a.arrows == b.arrows
}

/// Keeps the first of each group of equivalent actions in `actions`, in order.
pub fn dedupe(state: &ZoneState, actions: &mut Vec<Action>) {
    let hand = &state.players[state.header.active_player.index()].hand;
    let mut kept: Vec<(usize, u8, bool, u16)> = Vec::new();
    actions.retain(|a| {
        let Action::Summon { hand_index, index, face_down, orientation } = *a else { return true };
        let Some(card) = hand.get(usize::from(hand_index)) else { return true };
        let zone = ZoneRef { player: state.header.active_player, index };
        let reach = if face_down { u16::MAX } else { Board::get().targets(zone, &card.arrows, orientation).0 };
        let dup = kept.iter().any(|&(h, i, f, r)| {
            i == index && f == face_down && r == reach && hand.get(h).is_some_and(|other| same_card(other, card))
        });
        if !dup {
            kept.push((usize::from(hand_index), index, face_down, reach));
        }
        !dup
    });
}

/// A cheap Deployment choice for rollouts: the summon with the best [`summon_score`]
/// plus a random jitter in [0, 0.5), so that rollouts vary but mostly put cards where
/// they threaten and are safe. `None` outside an undisturbed Deployment.
pub fn quick_summon(state: &ZoneState, legal: &[Action], rng: &mut dyn RngCore) -> Option<Action> {
    if state.header.phase != Phase::Deployment || state.pending.is_some() {
        return None;
    }
    let mut best = (f64::NEG_INFINITY, *legal.first()?);
    let mut danger = DangerCache::default();
    for &a in legal {
        if let Some(score) = scored(state, a, &mut danger) {
            let v = score + rng.random_range(0.0..0.5);
            if v > best.0 {
                best = (v, a);
            }
        }
    }
    Some(best.1)
}

/// Damage a hit of `might` deals to something with `armor` (`rift.armor`: reduced by
/// armor, but non-zero damage deals at least 1).
fn hit(might: i32, armor: i32) -> i32 {
    if might <= 0 { 0 } else { (might - armor.max(0)).max(1) }
}

/// How promising `action` is for the player to move, if it is a summon; `None` for
/// every other action.
pub fn summon_score(state: &ZoneState, action: Action) -> Option<f64> {
    scored(state, action, &mut DangerCache::default())
}

/// The danger of the last (hand card, zone) scored: the legal actions list the five
/// summons of a card into a zone (four orientations, face down) one after the other,
/// and the danger does not depend on the way the card faces.
#[derive(Default)]
struct DangerCache {
    last: Option<(u8, u8, f64)>,
}

/// [`summon_score`], the danger taken from `cache` when it holds this card and zone.
fn scored(state: &ZoneState, action: Action, cache: &mut DangerCache) -> Option<f64> {
    let Action::Summon { hand_index, index, face_down, orientation } = action else { return None };
    let me = state.header.active_player;
    let card = state.players[me.index()].hand.get(usize::from(hand_index))?;
    let zone = ZoneRef { player: me, index };
    let danger = match cache.last {
        Some((h, i, d)) if h == hand_index && i == index => d,
        _ => {
            let d = danger(state, card, zone, me.opponent());
            cache.last = Some((hand_index, index, d));
            d
        }
    };
    if face_down {
        return Some(0.1 + 0.5 * danger);
    }
    let reach = Board::get().targets(zone, &card.arrows, orientation);
    let evasive = card.keywords.contains(Keyword::Evasive);
    let mut best = 0.0f64;
    let mut rest = 0.0;
    let mut cover = 0.0;
    for target in reach.iter() {
        if target.player == me {
            if state.at(target).is_none() {
                cover += 0.1;
            }
            continue;
        }
        let value: f64 = match state.at(target) {
            None => {
                if evasive {
                    0.5
                } else {
                    0.35
                }
            }
            Some(enemy) if enemy.face_down => 0.3,
            Some(enemy) => {
                let destroys = hit(card.might, enemy.armor) >= enemy.life - enemy.damage;
                let dies = hit(enemy.might, card.armor) >= card.life;
                match (destroys, dies) {
                    (true, false) => 1.0,
                    (true, true) => 0.4,
                    (false, false) => 0.15,
                    (false, true) => 0.0,
                }
            }
        };
        rest += value.min(best);
        best = best.max(value);
    }
    Some(best + 0.1 * rest + cover + danger)
}

/// The danger to `card` standing at `zone` from `enemy`'s face-up creatures.
fn danger(state: &ZoneState, card: &Card, zone: ZoneRef, enemy: PlayerId) -> f64 {
    state
        .creatures()
        .filter(|(z, c)| z.player == enemy && !c.face_down && c.reach.contains(zone))
        .map(|(_, c)| {
            let dies = hit(c.might, card.armor) >= card.life;
            let strikes_back = hit(card.might, c.armor) >= c.life - c.damage;
            match (dies, strikes_back) {
                (true, false) => -1.0,
                (true, true) => -0.4,
                _ => -0.05,
            }
        })
        .sum()
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use crate::game::Game;
    use crate::rulesets::Ruleset;
    use crate::rulesets::zone::state::Orientation;

    fn opening() -> ZoneState {
        ZoneState::new_game(Ruleset::Egame, 3, "men-vs-fey", &mut crate::event::Discard).unwrap()
    }

    #[test]
    fn only_summons_are_scored() {
        let s = opening();
        assert_eq!(summon_score(&s, Action::EndPhase), None);
        let summon = s.legal_actions().into_iter().find(|a| matches!(a, Action::Summon { .. })).unwrap();
        assert!(summon_score(&s, summon).is_some());
    }

    #[test]
    fn facing_an_empty_enemy_row_beats_facing_away() {
        // On an empty board a creature facing the enemy threatens direct hits; facing
        // its own edge it threatens nothing.
        let s = opening();
        let hand = &s.players[s.header.active_player.index()].hand;
        let me = s.header.active_player;
        let zone = ZoneRef { player: me, index: 2 };
        let h = hand
            .iter()
            .position(|c| {
                let reach = |o| Board::get().targets(zone, &c.arrows, o);
                reach(Orientation::Forward).iter().any(|t| t.player != me)
                    && reach(Orientation::Back).iter().all(|t| t.player == me)
            })
            .expect("a card with forward arrows only");
        let at = |orientation| Action::Summon { hand_index: h as u8, index: 2, face_down: false, orientation };
        let forward = summon_score(&s, at(Orientation::Forward)).unwrap();
        let back = summon_score(&s, at(Orientation::Back)).unwrap();
        assert!(forward > back, "forward {forward} back {back}");
    }
}
