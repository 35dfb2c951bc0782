//! The one interface every bot answers to ([`Bot`]), what it answers ([`Decision`],
//! [`ActionStat`]) or why it cannot ([`BotError`]), and the worlds a bot decides in
//! ([`sampled_worlds`]); the crate root re-exports them.

use fray_core::Game;
use fray_core::state::PlayerId;
use rand::RngCore;

/// The worlds a bot decides `viewer`'s move in: the state itself when nothing is
/// hidden from them, else `n` (at least 1) samples of the hidden cards
/// ([`Game::determinize`]), drawn one after the other from `rng`.
pub fn sampled_worlds<G: Game>(state: &G, viewer: PlayerId, n: usize, rng: &mut dyn RngCore) -> Vec<G> {
    if state.has_hidden(viewer) {
        (0..n.max(1)).map(|_| state.determinize(viewer, rng)).collect()
    } else {
        vec![state.clone()]
    }
}

/// What a bot answers: its action and, for searching bots, per-action statistics.
#[derive(Debug, Clone, PartialEq)]
pub struct Decision<A> {
    /// The chosen action (legal in the state it was asked about).
    pub action: A,
    /// Per root action: visits and mean reward for the choosing player in [-1, 1].
    pub stats: Vec<ActionStat<A>>,
}

/// Search statistics of one root action.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ActionStat<A> {
    /// The action.
    pub action: A,
    /// Times it was visited (nodes searched for the exact solver, 1 for greedy).
    pub visits: u64,
    /// Mean reward for the choosing player, in [-1, 1].
    pub mean_reward: f64,
}

/// Why a bot could not choose.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BotError {
    /// No action is legal: the game is over (or, on a bare board, no creature can
    /// strike). There is nothing to choose.
    #[error("the game is over: no action is legal")]
    GameOver,
    /// The rules backend failed (e.g. the Rules service could not be reached).
    #[error("the rules backend failed: {0}")]
    Backend(String),
}

/// A computer player of a game `G`. It chooses for the player to move in `state`.
pub trait Bot<G: Game>: Send {
    /// A short name, e.g. `greedy` or `mcts:playouts=2000`.
    fn name(&self) -> String;
    /// Chooses an action; the same state and seed give the same answer (for
    /// time-limited searches, the same number of playouts must have run).
    fn choose(&mut self, state: &G, seed: u64) -> Result<Decision<G::Action>, BotError>;
}
