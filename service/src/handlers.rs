//! What the Rules RPCs do with one request: take it apart into plain input (its strings
//! moved, not copied; a sealed state opened), load its state, and answer it, with a
//! panic answered INTERNAL ([`guarded`]). The unary handlers ([`crate::rules`]), each
//! item of a batch ([`crate::batch`]) and each message of a Play stream
//! ([`crate::play`]) go through these same functions, so a board is resolved one way
//! whichever RPC carries it.
//!
//! A request's state is plain (the answer carries the whole new state, as a referee
//! sees it) or sealed for one seat ([`crate::seal`]): the answer is then that seat's
//! ([`Reader::Seat`]): its view of the new state, the events as it may see them, and the
//! state sealed again; only that seat acts on it, and its legal actions are listed only
//! while it is to move, so nothing answered tells it what it may not see.

use std::fmt::Debug;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Arc;

use fray_core::setup::ChoiceSetup;
use fray_core::state::PlayerId;
use fray_core::{Event, GameState, IllegalAction, SetupError, StateSetup};
use fray_proto::fray::v1 as pb;
use tonic::Status;
use tracing::debug;

use crate::seal::Sealer;
use crate::words::{self, Asked};
use crate::{convert, status};

/// Rule ids of the service's own refusals on sealed states.
pub mod rule {
    /// On a sealed state only its seat acts: another player is to move.
    pub const SEAT_TO_MOVE: &str = "view.seat_to_move";
}

/// A request's state as plain input: its ruleset's wire number, and that ruleset's own
/// input with the wire fields it refuses (or why the ruleset cannot be served).
#[derive(Debug)]
pub(crate) struct StateInput {
    ruleset: i32,
    setup: Result<convert::Submitted<StateSetup>, SetupError>,
}

impl StateInput {
    /// The message's state as plain input (its strings move).
    pub(crate) fn new(state: pb::GameState) -> Self {
        Self { ruleset: state.ruleset, setup: convert::state_to_setup(state) }
    }
}

/// Whom an answer is for.
#[derive(Debug, Clone)]
pub(crate) enum Reader {
    /// Whoever sent a plain state: the whole new state (a referee's answer).
    All,
    /// The seat a sealed state is bound to: its view, its events, the state sealed
    /// again for it.
    Seat {
        /// The seat.
        seat: PlayerId,
        /// The server's keys, to seal the next state.
        sealer: Arc<Sealer>,
    },
}

/// What an answer carries of the new state, as its [`Reader`] may have it.
#[derive(Debug, Default)]
pub(crate) struct Told {
    /// The whole state (plain requests).
    pub(crate) state: Option<pb::GameState>,
    /// The seat's view (sealed requests).
    pub(crate) view: Option<pb::GameState>,
    /// The state sealed again for the seat (sealed requests).
    pub(crate) sealed: Option<pb::SealedState>,
    /// The events, as the reader may see them.
    pub(crate) events: Vec<pb::Event>,
}

impl Reader {
    /// What the answer carries of `game`, the state after `events`; in words when
    /// `asked` (`before`: the state the events started from, `game` when not given).
    pub(crate) fn tell(
        &self,
        asked: Option<&Asked>,
        before: Option<&GameState>,
        game: &GameState,
        events: &[Event],
    ) -> Result<Told, Status> {
        let (mut told, seen) = match self {
            Reader::All => {
                let state = Some(convert::state_from_setup(game.to_setup()));
                (Told { state, ..Told::default() }, None)
            }
            Reader::Seat { seat, sealer } => {
                let whole = convert::state_from_setup(game.to_setup());
                let blob = sealer.seal(&whole, seat.0);
                let told = Told {
                    state: None,
                    view: Some(convert::state_from_setup(game.observation(*seat))),
                    sealed: Some(pb::SealedState { blob, seat: u32::from(seat.0) }),
                    events: Vec::new(),
                };
                (told, Some(game.events_view(events, *seat)))
            }
        };
        let events = seen.as_deref().unwrap_or(events);
        told.events = convert::events_to_proto(events);
        if let Some(asked) = asked {
            let voice = asked.voice(game, self.seat())?;
            // The words of what the reader may see: on a plain state read for one seat,
            // that seat's view of the events (a sealed answer's already are).
            let read = match (voice.viewer, self) {
                (Some(viewer), Reader::All) => Some(game.events_view(events, viewer)),
                _ => None,
            };
            let worded = read.as_deref().unwrap_or(events);
            words::tell_events(&mut told.events, before.unwrap_or(game), game, worded, &voice);
        }
        Ok(told)
    }

    /// The seat a sealed state is bound to; `None` for a plain one.
    pub(crate) fn seat(&self) -> Option<PlayerId> {
        match self {
            Reader::All => None,
            Reader::Seat { seat, .. } => Some(*seat),
        }
    }

    /// Refuses a move on `game` by anyone but the sealed state's seat: only the bound
    /// seat acts on it (the Agent moves for the others).
    pub(crate) fn may_move(&self, game: &GameState) -> Result<(), Status> {
        let Reader::Seat { seat, .. } = self else { return Ok(()) };
        match game.to_move() {
            Some(to_move) if to_move == *seat => Ok(()),
            to_move => {
                let who = to_move.map_or("nobody is".to_owned(), |p| format!("player {} is", p.0));
                Err(status::illegal(&IllegalAction::new(
                    rule::SEAT_TO_MOVE,
                    format!(
                        "this state is sealed for seat {}, and {who} to move: only seat {} acts on it (ask the \
                         Agent to move for another seat)",
                        seat.0, seat.0
                    ),
                )))
            }
        }
    }

    /// The actions legal in `game` that the reader may see: all of them, or on a sealed
    /// state its seat's, none while another player is to move.
    /// In words when `asked`.
    pub(crate) fn legal_actions(&self, asked: Option<&Asked>, game: &GameState) -> Result<Vec<pb::Action>, Status> {
        if self.may_move(game).is_err() {
            return Ok(Vec::new());
        }
        let setups = game.legal_actions();
        let mut actions: Vec<pb::Action> = setups.iter().map(convert::action_from_setup).collect();
        if let Some(asked) = asked {
            words::tell_actions(&mut actions, game, &setups, &asked.voice(game, self.seat())?);
        }
        Ok(actions)
    }
}

/// A request's state, plain or sealed, as plain input, and whom the answer is for.
#[derive(Debug)]
pub(crate) struct Held {
    /// The state (a sealed one opened), or why it could not be taken.
    state: Result<Option<StateInput>, Status>,
    /// Whom the answer is for.
    pub(crate) reader: Reader,
    /// The words asked for, if any.
    pub(crate) words: Option<Asked>,
}

impl Held {
    /// A request's `state` or `sealed_state` (at most one of them), a sealed one opened
    /// with `sealer`'s keys, and its `words`.
    pub(crate) fn new(
        state: Option<pb::GameState>,
        sealed: Option<pb::SealedState>,
        words: Option<pb::Words>,
        sealer: &Arc<Sealer>,
    ) -> Self {
        let held = match (state, sealed) {
            (state, None) => Self::plain(state),
            (Some(_), Some(_)) => Self { state: Err(both_states()), reader: Reader::All, words: None },
            (None, Some(sealed)) => match open(&sealed, sealer) {
                Ok((seat, state)) => Self {
                    state: Ok(Some(StateInput::new(state))),
                    reader: Reader::Seat { seat, sealer: Arc::clone(sealer) },
                    words: None,
                },
                Err(status) => Self { state: Err(status), reader: Reader::All, words: None },
            },
        };
        match Asked::new(words) {
            Ok(words) => Self { words, ..held },
            Err(status) => Self { state: Err(status), ..held },
        }
    }

    /// A plain state (or none), no words.
    pub(crate) fn plain(state: Option<pb::GameState>) -> Self {
        Self { state: Ok(state.map(StateInput::new)), reader: Reader::All, words: None }
    }

    /// What the answer carries of `game`, the state after `events` (see
    /// [`Reader::tell`]).
    pub(crate) fn tell(&self, before: Option<&GameState>, game: &GameState, events: &[Event]) -> Result<Told, Status> {
        self.reader.tell(self.words.as_ref(), before, game, events)
    }

    /// The actions legal in `game` that the reader may see (see
    /// [`Reader::legal_actions`]).
    pub(crate) fn legal_actions(&self, game: &GameState) -> Result<Vec<pb::Action>, Status> {
        self.reader.legal_actions(self.words.as_ref(), game)
    }

    /// A copy of `game` to word the events from, when words are asked for.
    pub(crate) fn before(&self, game: &GameState) -> Option<GameState> {
        self.words.is_some().then(|| game.clone())
    }
}

/// The refusal of a request that carries both a state and a sealed state.
pub(crate) fn both_states() -> Status {
    status::invalid_field("sealed_state", "is set together with `state`: send one of them")
}

/// Opens a request's sealed state: the seat it is bound to and the whole state, or
/// INVALID_ARGUMENT naming the field.
pub(crate) fn open(sealed: &pb::SealedState, sealer: &Sealer) -> Result<(PlayerId, pb::GameState), Status> {
    let (seat, state) =
        sealer.open(&sealed.blob).map_err(|e| status::invalid_field("sealed_state.blob", &e.to_string()))?;
    if sealed.seat != u32::from(seat) {
        return Err(status::invalid_field(
            "sealed_state.seat",
            &format!("is {}, but the state is sealed for seat {seat}", sealed.seat),
        ));
    }
    Ok((PlayerId(seat), state))
}

/// Loads a request's state, plain or sealed, into a validated core state.
pub(crate) fn load(held: &Held) -> Result<GameState, Status> {
    let state = held.state.as_ref().map_err(Clone::clone)?;
    load_input(state.as_ref())
}

/// Loads a request's state, as plain input, into a validated core state.
pub(crate) fn load_input(state: Option<&StateInput>) -> Result<GameState, Status> {
    let Some(state) = state else {
        return Err(status::invalid_field("state", "is required"));
    };
    crate::observe::record_ruleset(state.ruleset);
    let setup = state.setup.as_ref().map_err(status::setup_error)?;
    convert::load_state(setup).map_err(|e| status::setup_error(&e))
}

/// Logs a rejected call at debug level and passes the status on.
pub(crate) fn rejected(rpc: &'static str, status: Status) -> Status {
    debug!(rpc, code = ?status.code(), message = status.message(), "request rejected");
    status
}

/// Takes `request` apart into the handler's `input` (the plain data it carries, moved
/// out of the message rather than copied) and runs `handler` on it; a refusal is
/// logged at debug level. A panic there is a bug: it answers INTERNAL and is logged
/// with the input, which holds everything the request did ([`status::bug`]), rather
/// than resetting the stream (which clients see as CANCELLED, with nothing in the
/// server's log).
pub(crate) fn guarded<Q, I: Debug, R>(
    rpc: &'static str,
    request: Q,
    input: impl FnOnce(Q) -> I,
    handler: impl FnOnce(&I) -> Result<R, Status>,
) -> Result<R, Status> {
    let mut kept: Option<I> = None;
    match catch_unwind(AssertUnwindSafe(|| handler(kept.insert(input(request))))) {
        Ok(answer) => answer.map_err(|s| rejected(rpc, s)),
        // `None` if taking the request apart is what panicked.
        Err(panic) => Err(status::bug(rpc, &*panic, &kept)),
    }
}

/// A ResolveStrike request as plain input (the strike is read once the state's
/// ruleset is known).
#[derive(Debug)]
pub(crate) struct StrikeInput {
    state: Held,
    strike: Option<pb::Strike>,
    choices: Vec<ChoiceSetup>,
}

impl StrikeInput {
    /// The request as plain input, a sealed state opened with `sealer`.
    pub(crate) fn new(req: pb::ResolveStrikeRequest, sealer: &Arc<Sealer>) -> Self {
        Self {
            state: Held::new(req.state, req.sealed_state, req.words, sealer),
            strike: req.strike,
            choices: req.choices.iter().map(convert::choice_to_setup).collect(),
        }
    }
}

/// An ApplyAction request (or a Play message) as plain input (the action is read once
/// the state's ruleset is known).
#[derive(Debug)]
pub(crate) struct ActionInput {
    pub(crate) state: Held,
    pub(crate) action: Option<pb::Action>,
}

impl ActionInput {
    /// An ApplyAction request as plain input, a sealed state opened with `sealer`.
    pub(crate) fn new(req: pb::ApplyActionRequest, sealer: &Arc<Sealer>) -> Self {
        Self { state: Held::new(req.state, req.sealed_state, req.words, sealer), action: req.action }
    }

    /// A Play message as plain input, a sealed state opened with `sealer`.
    pub(crate) fn of_message(message: pb::PlayRequest, sealer: &Arc<Sealer>) -> Self {
        Self { state: Held::new(message.state, message.sealed_state, message.words, sealer), action: message.action }
    }
}

/// Applies `input`'s action to its state: the state after it and what happened, and
/// the state before it when words are asked for. On a sealed state only its seat may
/// move.
pub(crate) fn applied(input: &ActionInput) -> Result<Applied, Status> {
    let mut game = load(&input.state)?;
    input.state.reader.may_move(&game)?;
    let before = input.state.before(&game);
    let events = apply(&mut game, input.action.as_ref())?;
    Ok(Applied { before, game, events })
}

/// An action applied: the state after it, what happened, and the state before it
/// (kept only when words are asked for).
pub(crate) struct Applied {
    pub(crate) before: Option<GameState>,
    pub(crate) game: GameState,
    pub(crate) events: Vec<Event>,
}

impl Applied {
    /// What the answer carries of it, for `held`'s reader.
    pub(crate) fn tell(&self, held: &Held) -> Result<Told, Status> {
        held.tell(self.before.as_ref(), &self.game, &self.events)
    }
}

/// Applies a request's `action` (its field `action`) to `game`: what happened, or the
/// refusal (INVALID_ARGUMENT at `action...`, FAILED_PRECONDITION naming the rule).
pub(crate) fn apply(game: &mut GameState, action: Option<&pb::Action>) -> Result<Vec<Event>, Status> {
    let action = convert::action_to_setup(game.ruleset(), action)
        .map_err(|v| status::invalid_argument(&v.prefixed("action")))?;
    let events = convert::apply_action(game, &action, "action").map_err(|e| status::action_error(&e))?;
    debug!(ruleset = %game.ruleset(), events = events.len(), "action applied");
    Ok(events)
}

/// ResolveStrike's answer to one request. On a sealed state the strike and every choice
/// must be its seat's.
pub(crate) fn resolve_strike(input: &StrikeInput) -> Result<pb::ResolveStrikeResponse, Status> {
    let mut game = load(&input.state)?;
    let Some(strike) = &input.strike else {
        return Err(status::invalid_field("strike", "is required"));
    };
    let strike = convert::strike_to_setup(game.ruleset(), strike);
    let reader = &input.state.reader;
    reader.may_move(&game)?;
    if matches!(reader, Reader::Seat { .. }) {
        // Each choice answers a decision of the seat's: the resolution up to it, on a
        // copy, must leave the seat to move (a refusal on the way is the answer).
        for answered in 1..=input.choices.len() {
            let mut before = game.clone();
            let choices = &input.choices[..answered - 1];
            convert::resolve_strike(&mut before, &strike, choices).map_err(|e| status::action_error(&e))?;
            reader.may_move(&before)?;
        }
    }
    let before = input.state.before(&game);
    let events = convert::resolve_strike(&mut game, &strike, &input.choices).map_err(|e| status::action_error(&e))?;
    debug!(ruleset = %game.ruleset(), choices = input.choices.len(), events = events.len(), "strike resolved");
    let told = input.state.tell(before.as_ref(), &game, &events)?;
    Ok(pb::ResolveStrikeResponse { state: told.state, events: told.events, view: told.view, sealed_state: told.sealed })
}

/// ApplyAction's answer to one request.
pub(crate) fn apply_action(input: &ActionInput) -> Result<pb::ApplyActionResponse, Status> {
    let told = applied(input)?.tell(&input.state)?;
    Ok(pb::ApplyActionResponse { state: told.state, events: told.events, view: told.view, sealed_state: told.sealed })
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::panic)]
mod tests {
    use super::*;

    #[test]
    fn a_handler_that_panics_answers_internal_without_the_panic_text() {
        let answer: Result<(), Status> = guarded("LegalActions", "the request", |req| req, |_| panic!("boom"));
        let status = answer.unwrap_err();
        assert_eq!(status.code(), tonic::Code::Internal);
        assert_eq!(status.message(), "LegalActions failed on an internal error; the server logged it");
    }
}
