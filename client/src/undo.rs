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

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use fray_proto::fray::v1::Ruleset;

    use super::*;
    use crate::sealed::Deal;
    use crate::tls::ClientTls;

    #[tokio::test]
    async fn undo_goes_back_a_decision_but_not_past_a_card_drawn() {
        let server = crate::embedded::EmbeddedServer::start().await.unwrap();
        let channel = crate::channel::channel(&server.url(), &ClientTls::default()).await.unwrap();
        let deal = Deal {
            ruleset: Ruleset::Egame as i32,
            scenario: "duel".into(),
            seed: 3,
            seat: 0,
            words: None,
            playouts: vec![0, 20],
            mistakes: Vec::new(),
        };
        let (mut game, _) = SealedGame::deal(channel, deal).await.unwrap();
        let mut history = History::new();
        assert_eq!(history.undo(&mut game).unwrap_err(), UndoError::Nothing);
        // Seat 0's first move ends its deployment: it draws, a card it had not seen.
        let start = game.view().clone();
        history.push(&game, "first");
        let end = game.legal().await.unwrap().pop().unwrap();
        game.step(0, Some(&end)).await.unwrap();
        match history.undo(&mut game) {
            Err(UndoError::Revealed(reveal)) => assert_eq!(reveal.at_move, 0),
            other => panic!("{other:?}"),
        }
        assert_eq!((history.len(), game.moves()), (1, 1));
        // The bot's answer, then a decision of seat 0 in its battle and one move more
        // in the same turn: taken back, the game is where it was.
        while game.mover() != Some(0) {
            game.step(1, None).await.unwrap();
        }
        let before = (game.view().clone(), game.moves());
        history.push(&game, "second");
        let end = game.legal().await.unwrap().pop().unwrap();
        game.step(0, Some(&end)).await.unwrap();
        let (_, kept) = history.undo(&mut game).unwrap();
        assert_eq!((kept, game.view().clone(), game.moves()), ("second", before.0, before.1));
        assert_ne!(game.view(), &start);
        server.stop().await.unwrap();
    }
}
