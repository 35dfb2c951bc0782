//! A recorded game dealt again, for a replay's reader (`fray replay`) to check it step
//! by step against the record ([`crate::record`]): on whole states (a version 1 record, every step with its
//! action, on one Play stream), or sealed for the person's seat as `fray play` plays
//! (version 2: the person's actions through ApplyAction, each bot's move made again by
//! the Agent on the sealed game with the seed and playouts it had).

use fray_proto::fray::v1::{Action, Event, GameState, NewGameRequest, Words};
use tonic::Status;
use tonic::transport::Channel;

use crate::channel as client;
use crate::error::{ClientError, status_error};
use crate::record::Loaded;
use crate::sealed::{Deal, SealedGame};
use crate::steps::Steps;

/// The game being replayed: what the replay's reader sees of it, and how it moves on.
pub enum Table {
    /// On whole states, as a referee.
    Plain(Box<PlainTable>),
    /// Sealed for the person's seat.
    Sealed(Box<SealedGame>),
}

/// A game on whole states, dealt again.
pub struct PlainTable {
    /// The actions, on one Play stream.
    steps: Steps,
    /// The whole state.
    state: GameState,
}

impl Table {
    /// Deals `loaded`'s game again on `channel`'s server, its events told in `words`
    /// at a table of `players`; the table and NewGame's events.
    pub async fn deal(
        loaded: &Loaded,
        channel: Channel,
        words: Words,
        players: u32,
    ) -> Result<(Self, Vec<Event>), ClientError> {
        let replay = &loaded.replay;
        let Some(seat) = replay.sealed_for else {
            let mut rules = client::rules(channel);
            let request = NewGameRequest {
                ruleset: loaded.ruleset as i32,
                seed: replay.seed,
                scenario: replay.scenario.clone(),
                sealed_for: None,
                words: Some(words.clone()),
            };
            let started = rules.new_game(request).await.map_err(status_error)?.into_inner();
            let state = started.state.unwrap_or_default();
            let steps = Steps::new(rules).in_words(words);
            return Ok((Table::Plain(Box::new(PlainTable { steps, state })), started.events));
        };
        let (game, events) =
            SealedGame::deal(channel, deal_of(loaded, seat, words, players)).await.map_err(status_error)?;
        Ok((Table::Sealed(Box::new(game)), events))
    }

    /// What the replay's reader sees of the game: the whole state, or the person's view.
    pub fn state(&self) -> &GameState {
        match self {
            Table::Plain(t) => &t.state,
            Table::Sealed(t) => t.view(),
        }
    }

    /// Who is to move: on whole states as the core reads them (a state it cannot read
    /// is the server's error, named), on a sealed game as the view says.
    pub fn mover(&self) -> Result<Option<u32>, ClientError> {
        match self {
            Table::Plain(t) => {
                let core = fray_service::convert::game_state(t.state.clone()).map_err(|e| {
                    ClientError::Server(format!("the server answered a state this build cannot read: {e}"))
                })?;
                Ok(core.to_move().map(|p| p.index() as u32))
            }
            Table::Sealed(t) => Ok(t.mover()),
        }
    }

    /// The next move, `player`'s: `action`, or for a bot on a sealed game the Agent's
    /// move; its events, or the server's refusal.
    pub async fn step(&mut self, player: u32, action: Option<&Action>) -> Result<Vec<Event>, StepError> {
        match (self, action) {
            (Table::Plain(t), Some(action)) => {
                let applied = t.steps.apply(&t.state, action).await?;
                t.state = applied.state.unwrap_or_default();
                Ok(applied.events)
            }
            (Table::Plain(_), None) => Err(StepError::NoAction),
            (Table::Sealed(t), action) => Ok(t.step(player, action).await?),
        }
    }
}

/// What `loaded`'s game sealed for `seat` was dealt from: its ruleset, scenario and seed,
/// its events told in `words` at a table of `players`, each bot's playouts and share of
/// mistakes as recorded (none recorded: none made).
pub fn deal_of(loaded: &Loaded, seat: u32, words: Words, players: u32) -> Deal {
    let replay = &loaded.replay;
    let mut playouts = vec![0; players as usize];
    let mut mistakes = vec![0.0; players as usize];
    for s in &replay.seats {
        if let (Some(slot), Some(n)) = (playouts.get_mut(s.player as usize), s.playouts) {
            *slot = n;
        }
        if let (Some(slot), Some(share)) = (mistakes.get_mut(s.player as usize), s.mistake_share) {
            *slot = share;
        }
    }
    Deal {
        ruleset: loaded.ruleset as i32,
        scenario: replay.scenario.clone(),
        seed: replay.seed,
        seat,
        words: Some(words),
        playouts,
        mistakes,
    }
}

/// Why a step could not be taken again.
#[derive(Debug)]
pub enum StepError {
    /// The server refused it.
    Status(Status),
    /// A step of a game on whole states without its action.
    NoAction,
}

impl From<Status> for StepError {
    fn from(status: Status) -> Self {
        StepError::Status(status)
    }
}
