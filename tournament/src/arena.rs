//! Bot-vs-bot games in-process, for strength measurements and tests.

use fray_core::Ruleset;
use fray_core::state::PlayerId;
use fray_core::{Event, EventKind, SharedEvent};
use fray_core::{GameState, Registered, SetupError};

use crate::places::{Eliminations, Places};
use fray_ai::{Bot, BotError};

/// How one game went.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameRecord<A> {
    /// The winner's seat, `None` for a draw.
    pub winner: Option<PlayerId>,
    /// Where each seat finished (the winner, then by the order players went out).
    pub places: Places,
    /// Every action, in order.
    pub actions: Vec<A>,
    /// The turn the game ended on.
    pub turns: u32,
    /// The rule id of the `GameOver` event that ended it.
    pub end_rule: Option<&'static str>,
}

/// Why a game could not be played.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ArenaError {
    /// The game could not start.
    #[error(transparent)]
    Setup(#[from] SetupError),
    /// A bot failed.
    #[error("{bot} failed: {error}")]
    Bot {
        /// Which bot.
        bot: String,
        /// What went wrong.
        error: BotError,
    },
    /// A match's kept games do not fit it, or a game of it could not be kept.
    #[error("{0}")]
    Kept(String),
    /// A bot answered an illegal action (a bot bug).
    #[error("{bot} chose an illegal action: {reason}")]
    Illegal {
        /// Which bot.
        bot: String,
        /// Why it was refused.
        reason: String,
    },
}

/// A new skirmish state of `G`'s ruleset `ruleset`.
pub fn new_game<G: fray_core::Registered>(ruleset: Ruleset, seed: u64, scenario: &str) -> Result<G, SetupError> {
    G::from_game_state(GameState::new_game(ruleset.wire(), seed, scenario)?.0)
        .ok_or(SetupError::Unsupported(ruleset.wire_name()))
}

/// Plays one game: `seats[i]` plays seat i (one bot per player of the game). Each
/// decision's seed is derived from `seed` and the move number, so a game is
/// reproducible.
pub fn play<G: Registered>(
    state: G,
    seats: &mut [&mut dyn Bot<G>],
    seed: u64,
) -> Result<GameRecord<G::Action>, ArenaError> {
    let mut state = state;
    let mut actions = Vec::new();
    let mut events: Vec<Event> = Vec::new();
    let mut eliminations = Eliminations::new(state.num_players());
    let mut end_rule = None;
    while let Some(me) = state.to_move() {
        let Some(bot) = seats.get_mut(me.index()) else {
            return Err(ArenaError::Illegal {
                bot: format!("seat {}", me.0),
                reason: format!("the game has more players than the {} bots seated", seats.len()),
            });
        };
        let move_seed = seed ^ (actions.len() as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let decision = bot.choose(&state, move_seed).map_err(|error| ArenaError::Bot { bot: bot.name(), error })?;
        events.clear();
        state
            .apply(decision.action, &mut events)
            .map_err(|e| ArenaError::Illegal { bot: bot.name(), reason: e.to_string() })?;
        eliminations.note(actions.len() as u64, &events);
        if let Some(e) = events.iter().find(|e| matches!(e.kind, EventKind::Shared(SharedEvent::GameOver { .. }))) {
            end_rule = Some(e.rule);
        }
        actions.push(decision.action);
    }
    let winner = state.outcome().and_then(|o| o.winner());
    let places = eliminations.places(winner.map(PlayerId::index), None);
    Ok(GameRecord { winner, places, actions, turns: state.turn(), end_rule })
}
