//! Candidate actions for search: the legal actions less exact duplicates. Two summons
//! are the same move when they put cards of the same content (name, stats, keywords,
//! arrows; ids aside) into the same zone the same way up, reaching the same zones.
//! Pruning them loses nothing and cuts the Deployment phase's branching several-fold.

use fray_core::board::{Board, ZoneRef};
use fray_core::state::Card;
use fray_core::{Action, ZoneState};

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
    let hand = &state.players[state.active_player.index()].hand;
    let mut kept: Vec<(usize, u8, bool, u16)> = Vec::new();
    actions.retain(|a| {
        let Action::Summon { hand_index, index, face_down, orientation } = *a else { return true };
        let Some(card) = hand.get(usize::from(hand_index)) else { return true };
        let zone = ZoneRef { player: state.active_player, index };
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

/// The legal actions of `state` without duplicates, into `out`.
pub fn candidates(state: &ZoneState, out: &mut Vec<Action>) {
    out.clear();
    state.legal_actions_into(out);
    dedupe(state, out);
}
