//! Taking moves back in a sealed game ([`History`]), back to the player's earlier
//! decisions, but never past a move that showed the player a card
//! ([`crate::reveal`]).

use crate::reveal::Reveal;
use crate::sealed::{SealedGame, Snapshot};

/// Why a move cannot be taken back.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum UndoError {
    /// There is no earlier decision to go back to.
    Nothing,
    /// A move since the decision showed the player a card.
    Revealed(Reveal),
}

/// The player's earlier decisions, each with where the game stood and what the
/// program kept with it (`T`: its own record of the game, e.g. a trace's length).
#[derive(Debug, Clone)]
pub struct History<T> {
    points: Vec<(Snapshot, T)>,
}

impl<T> Default for History<T> {
    fn default() -> Self {
        Self { points: Vec::new() }
    }
}

impl<T> History<T> {
    /// No decision yet.
    pub fn new() -> Self {
        Self::default()
    }

    /// Notes a decision of the player, about to be made in `game` as it stands, and
    /// `kept` with it.
    pub fn push(&mut self, game: &SealedGame, kept: T) {
        self.points.push((game.snapshot(), kept));
    }

    /// The decisions noted.
    pub fn len(&self) -> usize {
        self.points.len()
    }

    /// True before the first decision.
    pub fn is_empty(&self) -> bool {
        self.points.is_empty()
    }

    /// Takes back the player's last decision and every move since: `game` goes back to
    /// where it stood then, and what was kept with it is answered. Refused when there
    /// is none, or when a move since showed the player a card (the decision stays).
    pub fn undo(&mut self, game: &mut SealedGame) -> Result<(Snapshot, T), UndoError> {
        let (snapshot, kept) = self.points.pop().ok_or(UndoError::Nothing)?;
        if let Some(reveal) = game.revealed_since(&snapshot).cloned() {
            self.points.push((snapshot, kept));
            return Err(UndoError::Revealed(reveal));
        }
        game.restore(snapshot.clone());
        Ok((snapshot, kept))
    }
}
