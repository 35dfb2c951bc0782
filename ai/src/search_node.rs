//! The state MCTS moves along a playout: a game state and the backend that moves it.
//!
//! The `mcts` crate copies the root's state at the start of every playout and drops
//! the copy at its end. A full copy of a state allocates its vectors and counts a
//! reference for every card's shared id and name, and the drop undoes it all, once per
//! playout. So each thread keeps the last state it dropped as a spare, and the next
//! copy is made into it with `clone_from` (which, for e:game, keeps the buffers and
//! shares the texts without counting).

use std::any::Any;
use std::cell::Cell;
use std::sync::Arc;

use mcts::GameState;

use crate::backend::Backend;
use fray_core::Game;
use fray_core::state::PlayerId;

thread_local! {
    /// This thread's spare state (of whichever game it last searched).
    static SPARE: Cell<Option<Box<dyn Any>>> = const { Cell::new(None) };
}

/// A copy of `state` made in this thread's spare when it holds a `G`.
fn copy<G: Clone + 'static>(state: &G) -> Box<G> {
    let spare = SPARE.try_with(Cell::take).ok().flatten().map(|s| s.downcast::<G>());
    match spare {
        Some(Ok(mut reused)) => {
            reused.as_mut().clone_from(state);
            reused
        }
        _ => Box::new(state.clone()),
    }
}

/// A search node's state. It is always `Some` but for the moment it is dropped.
pub(crate) struct Node<G: 'static, B> {
    state: Option<Box<G>>,
    backend: Arc<B>,
}

impl<G: 'static, B> Node<G, B> {
    /// The root of a search.
    pub(crate) fn new(state: G, backend: Arc<B>) -> Self {
        Self { state: Some(Box::new(state)), backend }
    }

    /// The game state.
    pub(crate) fn state(&self) -> Option<&G> {
        self.state.as_deref()
    }
}

impl<G: Clone + 'static, B> Clone for Node<G, B> {
    fn clone(&self) -> Self {
        Self { state: self.state.as_deref().map(copy), backend: Arc::clone(&self.backend) }
    }
}

impl<G: 'static, B> Drop for Node<G, B> {
    fn drop(&mut self) {
        if let Some(state) = self.state.take() {
            // The spare it replaces is dropped after the thread-local is released; a
            // thread being torn down just drops the state.
            let _replaced = SPARE.try_with(|spare| spare.replace(Some(state)));
        }
    }
}

impl<G: Game, B: Backend<G>> GameState for Node<G, B> {
    type Move = G::Action;
    type Player = PlayerId;
    type MoveList = Vec<G::Action>;

    fn current_player(&self) -> PlayerId {
        self.state().and_then(Game::to_move).unwrap_or(PlayerId(0))
    }

    fn available_moves(&self) -> Vec<G::Action> {
        let mut out = Vec::new();
        if let Some(state) = self.state()
            && self.backend.failure().is_none()
        {
            self.backend.legal_actions(state, &mut out);
            state.dedupe(&mut out);
        }
        out
    }

    fn make_move(&mut self, action: &G::Action) {
        if let Some(state) = self.state.as_deref_mut() {
            self.backend.apply(state, *action);
        }
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use crate::Local;
    use fray_core::GameState as Wire;
    use fray_core::rulesets::zone::ZoneState;

    fn opening(seed: u64) -> ZoneState {
        let Wire::Zone(s) = Wire::new_game(1, seed, "mirror").unwrap().0 else { unreachable!() };
        s
    }

    #[test]
    fn a_copy_made_in_a_spare_equals_the_original() {
        let root = Node::new(opening(1), Arc::new(Local));
        let mut first = root.clone();
        let a = first.available_moves()[0];
        first.make_move(&a);
        drop(first); // the spare now holds a moved state
        let second = root.clone();
        assert_eq!(second.state(), root.state());
        // A spare of another game is not used, and nothing breaks.
        let other = Node::new(opening(2), Arc::new(Local));
        drop(other);
        assert_eq!(root.clone().state(), root.state());
    }
}
