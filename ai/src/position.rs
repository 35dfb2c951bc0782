//! Positional judgement of a summon: how promising a card is where it lands and the
//! way it faces. It steers search (MCTS priors: [`crate::mcts_bot`]) and rollouts
//! (which summon a rollout plays: [`crate::rollout`]); it never scores a position
//! (values come from [`crate::eval`]), so a wrong weight here costs search time, not
//! correctness.
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

use fray_core::board::{Board, ZoneRef};
use fray_core::state::{Card, Keyword, PlayerId};
use fray_core::{Action, ZoneState};

/// Damage a hit of `might` deals to something with `armor` (`rift.armor`: reduced by
/// armor, but non-zero damage deals at least 1).
fn hit(might: i32, armor: i32) -> i32 {
    if might <= 0 { 0 } else { (might - armor.max(0)).max(1) }
}

/// How promising `action` is for the player to move, if it is a summon; `None` for
/// every other action.
pub fn summon_score(state: &ZoneState, action: Action) -> Option<f64> {
    let Action::Summon { hand_index, index, face_down, orientation } = action else { return None };
    let me = state.active_player;
    let card = state.players[me.index()].hand.get(usize::from(hand_index))?;
    let zone = ZoneRef { player: me, index };
    let danger = danger(state, card, zone, me.other());
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
    use fray_core::GameState;
    use fray_core::state::Orientation;

    fn opening() -> ZoneState {
        let GameState::Zone(s) = GameState::new_game(1, 3, "men-vs-fey").unwrap().0 else { unreachable!() };
        s
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
        let hand = &s.players[s.active_player.index()].hand;
        let me = s.active_player;
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
