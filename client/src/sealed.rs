//! A game sealed for one seat (docs/api.md, "Views and sealed states") as a client that
//! stands for one player plays it: it holds that seat's view and the sealed state the
//! server answers, applies its player's actions and has the Agent move every other
//! seat, each bot's search seeded from the game's seed and the move number
//! ([`move_seed`]), so a recorded game deals and plays again move for move
//! ([`SealedGame::redo`]: how `fray replay` checks one and `fray play --resume` goes on
//! with one). Taking moves back is [`crate::undo`]'s.

use fray_proto::fray::v1::agent_client::AgentClient;
use fray_proto::fray::v1::rules_client::RulesClient;
use fray_proto::fray::v1::{
    Action, ApplyActionRequest, ChooseActionRequest, ChooseActionResponse, Event, GameState, LegalActionsRequest,
    NewGameRequest, Phase, SealedState, SearchBudget, Words,
};
use fray_tournament::seeds::move_seed;
use tonic::Status;
use tonic::transport::Channel;

use crate::channel;
use crate::reveal::{Reveal, revealed};

/// What a sealed game is dealt from.
#[derive(Debug, Clone, PartialEq)]
pub struct Deal {
    /// The wire ruleset.
    pub ruleset: i32,
    /// The built-in scenario.
    pub scenario: String,
    /// The NewGame seed, which also seeds every bot's search.
    pub seed: u64,
    /// The seat the game is sealed for: the one this client plays.
    pub seat: u32,
    /// The words the server tells events in, if any.
    pub words: Option<Words>,
    /// Each seat's playouts per bot move (the sealed seat's is its hints').
    pub playouts: Vec<u32>,
    /// Each seat's share of deliberate mistakes per bot move
    /// (`SearchBudget.mistake_share`: its difficulty's); a seat not listed, 0. The
    /// sealed seat's hints should not err: 0.
    pub mistakes: Vec<f64>,
}

/// One game sealed for one seat, as the last answer left it.
pub struct SealedGame {
    rules: RulesClient<Channel>,
    agent: AgentClient<Channel>,
    deal: Deal,
    view: GameState,
    sealed: SealedState,
    /// Moves made so far: the next move's number.
    moves: u64,
    /// Every move that showed the seat a card it did not see before, in order.
    reveals: Vec<Reveal>,
}

/// Where a game stood, to go back to ([`SealedGame::restore`]).
#[derive(Debug, Clone, PartialEq)]
pub struct Snapshot {
    view: GameState,
    sealed: SealedState,
    moves: u64,
    reveals: usize,
}

impl Snapshot {
    /// The seat's view then.
    pub fn view(&self) -> &GameState {
        &self.view
    }

    /// The moves made by then.
    pub fn moves(&self) -> u64 {
        self.moves
    }
}

/// One recorded move, to make again.
#[derive(Debug, Clone, Copy)]
pub struct Recorded<'a> {
    /// Who moved.
    pub player: u32,
    /// The sealed seat's action; `None` for a bot's move (the Agent makes it again).
    pub action: Option<&'a Action>,
    /// The events recorded for it, as the sealed seat saw them.
    pub events: &'a [Event],
}

/// Why a recorded move could not be made again as recorded.
#[derive(Debug)]
pub enum RedoError {
    /// Somebody else is to move (`None`: nobody, the game is over).
    NotToMove(Option<u32>),
    /// The sealed seat's move was recorded without its action.
    NoAction,
    /// The server refused the move.
    Status(Status),
    /// The move gave other events than recorded: these.
    Differs(Vec<Event>),
}

impl From<Status> for RedoError {
    fn from(status: Status) -> Self {
        RedoError::Status(status)
    }
}

/// Who moves in a seat's view of a game (which the core cannot load: its hidden cards
/// are blank): the chooser of the pending decision, else the active player; nobody
/// once the game is over.
pub fn view_mover(view: &GameState) -> Option<u32> {
    if view.phase == Phase::GameOver as i32 {
        return None;
    }
    Some(view.pending.as_ref().map_or(view.active_player, |p| p.player))
}

/// What happened, without the server's words for it.
pub fn unworded(event: &Event) -> Event {
    Event { text: String::new(), ..event.clone() }
}

fn no_seal() -> Status {
    Status::internal("the server answered no view or no sealed state of the sealed game")
}

impl SealedGame {
    /// Deals `deal`'s game on `channel`'s server (the Rules and the Agent service):
    /// the game and NewGame's events.
    pub async fn deal(channel: Channel, deal: Deal) -> Result<(Self, Vec<Event>), Status> {
        let mut rules = channel::rules(channel.clone());
        let request = NewGameRequest {
            ruleset: deal.ruleset,
            seed: deal.seed,
            scenario: deal.scenario.clone(),
            sealed_for: Some(deal.seat),
            words: deal.words.clone(),
        };
        let started = rules.new_game(request).await?.into_inner();
        let (Some(view), Some(sealed)) = (started.view, started.sealed_state) else {
            return Err(no_seal());
        };
        let agent = channel::agent(channel);
        let game = Self { rules, agent, deal, view, sealed, moves: 0, reveals: Vec::new() };
        Ok((game, started.events))
    }

    /// The sealed seat's view of the game.
    pub fn view(&self) -> &GameState {
        &self.view
    }

    /// What the game was dealt from.
    pub fn dealt(&self) -> &Deal {
        &self.deal
    }

    /// The moves made so far.
    pub fn moves(&self) -> u64 {
        self.moves
    }

    /// Who is to move; `None` once the game is over.
    pub fn mover(&self) -> Option<u32> {
        view_mover(&self.view)
    }

    /// The sealed seat's legal actions, in the server's order.
    pub async fn legal(&mut self) -> Result<Vec<Action>, Status> {
        let request = LegalActionsRequest { sealed_state: Some(self.sealed.clone()), ..Default::default() };
        Ok(self.rules.legal_actions(request).await?.into_inner().actions)
    }

    /// The Agent's search for `player` with `salt` mixed into its seed, the game left
    /// as it is: for the sealed seat, a hint (the action and its statistics).
    pub async fn search(&mut self, player: u32, salt: u64) -> Result<ChooseActionResponse, Status> {
        let playouts = self.deal.playouts.get(player as usize).copied().unwrap_or(0);
        let mistake_share = self.deal.mistakes.get(player as usize).copied().unwrap_or(0.0);
        let request = ChooseActionRequest {
            sealed_state: Some(self.sealed.clone()),
            player,
            budget: Some(SearchBudget { playouts, time_ms: 0, mistake_share }),
            seed: move_seed(self.deal.seed, self.moves, salt),
            words: self.deal.words.clone(),
            ..Default::default()
        };
        Ok(self.agent.choose_action(request).await?.into_inner())
    }

    /// Makes `player`'s move: `action` (the sealed seat's), or else the Agent's move
    /// for a bot; its events as the sealed seat sees them.
    pub async fn step(&mut self, player: u32, action: Option<&Action>) -> Result<Vec<Event>, Status> {
        let (view, events, sealed) = match action {
            Some(action) => {
                let request = ApplyActionRequest {
                    sealed_state: Some(self.sealed.clone()),
                    action: Some(action.clone()),
                    words: self.deal.words.clone(),
                    ..Default::default()
                };
                let a = self.rules.apply_action(request).await?.into_inner();
                (a.view, a.events, a.sealed_state)
            }
            None => {
                let a = self.search(player, 0).await?;
                (a.view, a.events, a.sealed_state)
            }
        };
        let (Some(view), Some(sealed)) = (view, sealed) else {
            return Err(no_seal());
        };
        if let Some(reveal) = revealed(&self.view, &view, self.moves) {
            self.reveals.push(reveal);
        }
        (self.view, self.sealed) = (view, sealed);
        self.moves += 1;
        Ok(events)
    }

    /// Makes a recorded move again and checks that it gives the recorded events (what
    /// happened, not its words); the events it gave.
    pub async fn redo(&mut self, recorded: Recorded<'_>) -> Result<Vec<Event>, RedoError> {
        let mover = self.mover();
        if mover != Some(recorded.player) {
            return Err(RedoError::NotToMove(mover));
        }
        if recorded.action.is_none() && recorded.player == self.deal.seat {
            return Err(RedoError::NoAction);
        }
        let events = self.step(recorded.player, recorded.action).await?;
        let same = events.len() == recorded.events.len()
            && events.iter().zip(recorded.events).all(|(a, b)| unworded(a) == unworded(b));
        if same { Ok(events) } else { Err(RedoError::Differs(events)) }
    }

    /// Where the game stands now.
    pub fn snapshot(&self) -> Snapshot {
        Snapshot {
            view: self.view.clone(),
            sealed: self.sealed.clone(),
            moves: self.moves,
            reveals: self.reveals.len(),
        }
    }

    /// The first card shown to the sealed seat since `snapshot`, if any.
    pub fn revealed_since(&self, snapshot: &Snapshot) -> Option<&Reveal> {
        self.reveals.get(snapshot.reveals..).and_then(<[Reveal]>::first)
    }

    /// Puts the game back where `snapshot` was taken.
    pub fn restore(&mut self, snapshot: Snapshot) {
        self.reveals.truncate(snapshot.reveals);
        (self.view, self.sealed, self.moves) = (snapshot.view, snapshot.sealed, snapshot.moves);
    }
}
