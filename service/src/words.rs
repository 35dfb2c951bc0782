//! The rules' own words on the wire: a request's `words` ([`pb::Words`]) read into the
//! core's [`Voice`], and the `text` of the events and actions of its answer filled
//! from each ruleset's words (`fray_core::words`). Nothing is worded unless asked, so
//! an answer without `words` is byte for byte what it was before words existed.

use fray_core::state::PlayerId;
use fray_core::{ActionSetup, Event, GameState, Voice};
use fray_proto::fray::v1 as pb;
use tonic::Status;

use crate::status;

/// At most this many seat names (the most seats a game has).
pub const MAX_SEAT_NAMES: usize = 4;
/// At most this many characters in a seat name.
pub const MAX_NAME_CHARS: usize = 40;

/// A request's `words`, checked: who is "you", the seats' names.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct Asked {
    you: Option<u32>,
    names: Vec<String>,
}

impl Asked {
    /// A request's `words` (`None` when not asked for), or INVALID_ARGUMENT naming the
    /// field of a bad one.
    pub(crate) fn new(words: Option<pb::Words>) -> Result<Option<Self>, Status> {
        let Some(words) = words else { return Ok(None) };
        if words.seat_names.len() > MAX_SEAT_NAMES {
            return Err(status::invalid_field(
                "words.seat_names",
                &format!("has {} names; a game has at most {MAX_SEAT_NAMES} seats", words.seat_names.len()),
            ));
        }
        for (i, name) in words.seat_names.iter().enumerate() {
            let chars = name.chars().count();
            if chars > MAX_NAME_CHARS || name.chars().any(char::is_control) {
                return Err(status::invalid_field(
                    &format!("words.seat_names[{i}]"),
                    &format!("must be at most {MAX_NAME_CHARS} characters with no control character (has {chars})"),
                ));
            }
        }
        Ok(Some(Self { you: words.you, names: words.seat_names }))
    }

    /// The voice for `game`: the words speak to the asked "you" (on a sealed state,
    /// `seat`, by default) and name only what the reader may see: on a sealed state
    /// what `seat` sees, on a plain one what "you" sees, everything when nobody is
    /// "you" (a referee). INVALID_ARGUMENT at `words.you` for a seat the game lacks.
    pub(crate) fn voice(&self, game: &GameState, seat: Option<PlayerId>) -> Result<Voice, Status> {
        let players = game.num_players();
        let you = match self.you {
            Some(you) if you as usize >= players => {
                return Err(status::invalid_field(
                    "words.you",
                    &format!("is {you}, but the game seats {players} players (0 to {})", players - 1),
                ));
            }
            Some(you) => Some(PlayerId(you as u8)),
            None => seat,
        };
        Ok(Voice { you, viewer: seat.or(you), names: self.names.clone() })
    }
}

/// Sets the `text` of each of `told` (the wire form of `events`, in order) to the
/// words of `events` in `game`, the state after them (`before`: the state before).
pub(crate) fn tell_events(
    told: &mut [pb::Event],
    before: &GameState,
    game: &GameState,
    events: &[Event],
    voice: &Voice,
) {
    for (event, text) in told.iter_mut().zip(game.event_words(before, events, voice)) {
        event.text = text;
    }
}

/// Sets the `text` of each of `told` (the wire form of `actions`, actions of `game`).
pub(crate) fn tell_actions(told: &mut [pb::Action], game: &GameState, actions: &[ActionSetup], voice: &Voice) {
    for (action, text) in told.iter_mut().zip(game.action_words(actions, voice)) {
        action.text = text;
    }
}
