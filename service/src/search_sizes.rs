//! The sizes a ChooseAction search touches, bounded before the state is loaded: every
//! card pile (hands, decks, graveyards, and each board's stacks, piles and lines, which
//! its ruleset's convert module lists) and the repeated lists of a board. The rules
//! validate values; these bounds keep one search's setup and its first expansion
//! (legal actions times a one-ply look-ahead each) small, so a search answers within
//! the server's max time: a 30 000-card hand would take seconds before its first
//! playout.
//!
//! Each list over [`MAX_SEARCH_LIST`] is one violation naming the limit (INVALID_ARGUMENT);
//! nothing past the count is read.

use fray_core::{FieldPath, Violations};
use fray_proto::fray::v1 as pb;

/// The longest card pile or board list a ChooseAction state may hold. Built-in games
/// hold at most about 40 cards in all; the largest limit of a ruleset's own is 64 cards
/// in a hand.
pub const MAX_SEARCH_LIST: usize = 128;

/// One violation per list of `state` longer than [`MAX_SEARCH_LIST`], with paths
/// relative to the request (e.g. `state.players[0].hand`).
pub fn check(state: &pb::GameState) -> Result<(), Violations> {
    let mut v = Violations::default();
    let root = FieldPath::new("state");
    let mut bound = |path: FieldPath<'_>, len: usize| {
        if len > MAX_SEARCH_LIST {
            v.push(path, format!("has {len} entries: a search takes at most {MAX_SEARCH_LIST}"));
        }
    };
    bound(root.field("players"), state.players.len());
    bound(root.field("creatures"), state.creatures.len());
    bound(root.field("chain"), state.chain.len());
    let players = root.field("players");
    for (i, p) in state.players.iter().enumerate().take(MAX_SEARCH_LIST) {
        let f = players.index(i);
        bound(f.field("hand"), p.hand.len());
        bound(f.field("deck"), p.deck.len());
        bound(f.field("graveyard"), p.graveyard.len());
    }
    // Each ruleset's own board, by its convert module.
    crate::convert::board_lists(state, root, &mut bound);
    v.into_result(())
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn a_hand_over_the_limit_is_named() {
        let player = pb::Player { hand: vec![pb::Card::default(); 30_000], ..Default::default() };
        let state = pb::GameState { players: vec![player], ..Default::default() };
        let v = check(&state).unwrap_err();
        assert_eq!(v.0.len(), 1);
        assert_eq!(v.0[0].field, "state.players[0].hand");
        assert!(v.0[0].description.contains("30000 entries: a search takes at most 128"), "{v}");
        assert!(check(&pb::GameState::default()).is_ok());
    }
}
