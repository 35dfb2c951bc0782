//! A recorded game dealt again, for `fray replay` to check it step by step against the
//! record ([`crate::replay_file`]): on whole states (a version 1 record, every step with its
//! action, on one Play stream), or sealed for the person's seat as `fray play` plays
//! (version 2: the person's actions through ApplyAction, each bot's move made again by
//! the Agent on the sealed game with the seed and playouts it had).

use fray_proto::fray::v1::agent_client::AgentClient;
use fray_proto::fray::v1::rules_client::RulesClient;
use fray_proto::fray::v1::{
    Action, ApplyActionRequest, ChooseActionRequest, Event, GameState, NewGameRequest, SealedState, SearchBudget,
};
use fray_tournament::seeds::move_seed;
use tonic::Status;
use tonic::transport::Channel;

use crate::error::CliError;
use crate::replay_file::Loaded;
use crate::ui::{Seats, mover_and_seats, view_mover};
use fray_client::channel as client;
use fray_client::steps::Steps;

/// The game being replayed: what the replay's reader sees of it, and how it moves on.
pub enum Table {
    /// On whole states, as a referee.
    Plain(Box<PlainTable>),
    /// Sealed for the person's seat.
    Sealed(Box<SealedTable>),
}

/// A game on whole states, dealt again.
pub struct PlainTable {
    /// The actions, on one Play stream.
    steps: Steps,
    /// The whole state.
    state: GameState,
}

/// A game sealed for the person's seat, dealt again.
pub struct SealedTable {
    rules: RulesClient<Channel>,
    agent: AgentClient<Channel>,
    seats: Seats,
    seed: u64,
    /// Each seat's playouts per move (0 for the person's).
    playouts: Vec<u32>,
    view: GameState,
    sealed: SealedState,
}

impl Table {
    /// Deals `loaded`'s game again on `channel`'s server, its events told from `seats`;
    /// the table and NewGame's events.
    pub async fn deal(loaded: &Loaded, channel: Channel, seats: Seats) -> Result<(Self, Vec<Event>), CliError> {
        let replay = &loaded.replay;
        let mut rules = client::rules(channel.clone());
        let request = NewGameRequest {
            ruleset: loaded.ruleset as i32,
            seed: replay.seed,
            scenario: replay.scenario.clone(),
            sealed_for: replay.sealed_for,
            words: Some(seats.words()),
        };
        let started = rules.new_game(request).await?.into_inner();
        let Some(seat) = replay.sealed_for else {
            let state = started.state.unwrap_or_default();
            let steps = Steps::new(rules).in_words(seats.words());
            return Ok((Table::Plain(Box::new(PlainTable { steps, state })), started.events));
        };
        let no_seal = || CliError::Server(format!("NewGame answered no game sealed for seat {seat}"));
        let mut playouts = vec![0; seats.players as usize];
        for s in &replay.seats {
            if let (Some(slot), Some(n)) = (playouts.get_mut(s.player as usize), s.playouts) {
                *slot = n;
            }
        }
        let table = SealedTable {
            rules,
            agent: client::agent(channel),
            seats,
            seed: replay.seed,
            playouts,
            view: started.view.ok_or_else(no_seal)?,
            sealed: started.sealed_state.ok_or_else(no_seal)?,
        };
        Ok((Table::Sealed(Box::new(table)), started.events))
    }

    /// What the replay's reader sees of the game: the whole state, or the person's view.
    pub fn state(&self) -> &GameState {
        match self {
            Table::Plain(t) => &t.state,
            Table::Sealed(t) => &t.view,
        }
    }

    /// Who is to move.
    pub fn mover(&self) -> Result<Option<u32>, CliError> {
        match self {
            Table::Plain(t) => Ok(mover_and_seats(&t.state)?.0),
            Table::Sealed(t) => Ok(view_mover(&t.view)),
        }
    }

    /// Move `n` (0-based) of `player`: `action`, or for a bot on a sealed game the
    /// Agent's move; its events, or the server's refusal.
    pub async fn step(&mut self, n: u64, player: u32, action: Option<&Action>) -> Result<Vec<Event>, StepError> {
        match (self, action) {
            (Table::Plain(t), Some(action)) => {
                let applied = t.steps.apply(&t.state, action).await?;
                t.state = applied.state.unwrap_or_default();
                Ok(applied.events)
            }
            (Table::Plain(_), None) => Err(StepError::NoAction),
            (Table::Sealed(t), action) => t.step(n, player, action).await,
        }
    }
}

impl SealedTable {
    async fn step(&mut self, n: u64, player: u32, action: Option<&Action>) -> Result<Vec<Event>, StepError> {
        let words = Some(self.seats.words());
        let (view, events, sealed) = match action {
            Some(action) => {
                let request = ApplyActionRequest {
                    sealed_state: Some(self.sealed.clone()),
                    action: Some(action.clone()),
                    words,
                    ..Default::default()
                };
                let a = self.rules.apply_action(request).await?.into_inner();
                (a.view, a.events, a.sealed_state)
            }
            None => {
                let playouts = self.playouts.get(player as usize).copied().unwrap_or(0);
                let request = ChooseActionRequest {
                    sealed_state: Some(self.sealed.clone()),
                    player,
                    budget: Some(SearchBudget { playouts, time_ms: 0 }),
                    seed: move_seed(self.seed, n, 0),
                    words,
                    ..Default::default()
                };
                let a = self.agent.choose_action(request).await?.into_inner();
                (a.view, a.events, a.sealed_state)
            }
        };
        match (view, sealed) {
            (Some(view), Some(sealed)) => {
                (self.view, self.sealed) = (view, sealed);
                Ok(events)
            }
            _ => Err(StepError::Status(Status::internal("the server answered no view or sealed state"))),
        }
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
