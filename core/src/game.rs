//! The game interface every ruleset implements, on the model of OpenSpiel's
//! Game/State: a typed state and a typed action per ruleset, any number of players
//! (2 to [`MAX_PLAYERS`]), who decides next, legal actions into a caller's buffer in a
//! stable order, apply with an event sink, terminal returns one per player, and hidden
//! information stated explicitly (what a player may see of a state and of its events,
//! and sampled worlds for search).
//!
//! Everything above the core (bots, the Agent RPC, play, replay, tournaments, bench)
//! is generic over [`Game`]. Each ruleset reads and writes its own plain data (the
//! associated types [`Game::Setup`], [`Game::ActionSetup`], [`Game::StrikeSetup`]), so
//! no ruleset sees another's fields. The registry ([`crate::rulesets`]) is the one
//! place that names every ruleset; its `GameVisitor` lets generic code run on
//! whichever one a state holds.
//!
//! ```
//! use fray_core::game::{Game, Returns};
//! use fray_core::event::Discard;
//! use fray_core::GameState;
//!
//! let GameState::Zone(mut game) = GameState::new_game(1, 7, "duel").unwrap().0 else { unreachable!() };
//! let mut actions = Vec::new();
//! while game.returns().is_none() && game.turn() < 3 {
//!     actions.clear();
//!     game.legal_actions_into(&mut actions);
//!     game.apply(actions[0], &mut Discard).unwrap();
//! }
//! assert_eq!(game.num_players(), 2);
//! ```

use std::fmt::{Debug, Display};
use std::hash::Hash;

use rand::RngCore;

use crate::error::{ActionError, IllegalAction, Violations};
use crate::event::{Event, EventSink, SharedEvent};
use crate::path::FieldPath;
use crate::setup::ChoiceSetup;
use crate::state::PlayerId;

/// The most seats any ruleset has (the catalogue's scenarios seat 2 to 4).
pub const MAX_PLAYERS: usize = 4;

/// The game is a draw once this turn ends.
pub const MAX_TURNS: u32 = 60;

/// The no-progress rule of every skirmish (each ruleset's `no_progress` rule id): the
/// game is a draw once this many rounds in a row, each player still in taking one turn
/// a round, have passed without progress, as chess's fifty-move rule ends a game that
/// nobody advances. What counts as progress is each ruleset's (docs/rules.md): a change
/// that cannot be undone, such as damage, a card played or drawn. The count travels in
/// the state (`turns_without_progress`), so a client that does not send it starts it
/// again from 0.
pub const NO_PROGRESS_ROUNDS: u32 = 5;

/// The turns of [`NO_PROGRESS_ROUNDS`] rounds among `players` players still in: the
/// game is a draw at the end of a turn once its count of turns without progress (the
/// turn ending included) has reached this.
pub const fn no_progress_turns(players: usize) -> u32 {
    NO_PROGRESS_ROUNDS.saturating_mul(players as u32)
}

/// How a finished game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// One player won.
    Win(PlayerId),
    /// Nobody won.
    Draw,
}

impl Outcome {
    /// The winner, if any.
    pub fn winner(self) -> Option<PlayerId> {
        match self {
            Outcome::Win(p) => Some(p),
            Outcome::Draw => None,
        }
    }
}

/// One value per player: the returns of a finished game, or a heuristic estimate of
/// them. With two players a win is 1 and a loss -1 (they sum to 0); with more, a win
/// is 1 and a loss 0 (they sum to 1). A draw shares that sum equally.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Returns {
    values: [f64; MAX_PLAYERS],
    players: u8,
}

impl Returns {
    /// Returns from explicit values (at most [`MAX_PLAYERS`]; extra values are dropped).
    pub fn new(values: &[f64]) -> Self {
        let players = values.len().min(MAX_PLAYERS);
        let mut out = [0.0; MAX_PLAYERS];
        out[..players].copy_from_slice(&values[..players]);
        Self { values: out, players: players as u8 }
    }

    /// Two-player zero-sum returns: `v` for seat 0, `-v` for seat 1.
    pub fn zero_sum(v: f64) -> Self {
        Self::new(&[v, -v])
    }

    /// The returns of `outcome` among `players` players.
    pub fn of(outcome: Outcome, players: usize) -> Self {
        let players = players.clamp(1, MAX_PLAYERS);
        let (win, loss) = if players == 2 { (1.0, -1.0) } else { (1.0, 0.0) };
        let draw = (win + loss * (players as f64 - 1.0)) / players as f64;
        let mut values = [0.0; MAX_PLAYERS];
        for (i, v) in values.iter_mut().enumerate().take(players) {
            *v = match outcome {
                Outcome::Win(w) if w.index() == i => win,
                Outcome::Win(_) => loss,
                Outcome::Draw => draw,
            };
        }
        Self { values, players: players as u8 }
    }

    /// The value for `player` (0 for a seat beyond the game's players).
    pub fn get(&self, player: PlayerId) -> f64 {
        self.as_slice().get(player.index()).copied().unwrap_or(0.0)
    }

    /// The number of players.
    pub fn players(&self) -> usize {
        usize::from(self.players)
    }

    /// The values, seat by seat.
    pub fn as_slice(&self) -> &[f64] {
        &self.values[..usize::from(self.players)]
    }
}

/// A ruleset's validated state: what every bot, the Agent and the CLI work through.
///
/// Invariants every implementation keeps (the shared property tests check them):
/// - determinism: the same state and action give the same state and events;
/// - validate first, mutate second: a refused action changes nothing;
/// - [`Game::to_move`] is `Some` exactly when [`Game::legal_actions_into`] adds
///   something, and a finished game ([`Game::outcome`] `Some`) has no legal action.
pub trait Game: Clone + Eq + Hash + Debug + Send + Sync + 'static {
    /// A typed action of this ruleset (indices into the state, not ids).
    type Action: Copy + Eq + Hash + Debug + Send + Sync + 'static;

    /// The ruleset's own state as plain data (its folder's input type): what
    /// [`Game::to_setup`] and [`Game::observation`] give and its validation reads.
    type Setup: Clone + PartialEq + Debug + Send + Sync + 'static;

    /// The ruleset's own action as plain data (ids, not indices).
    type ActionSetup: Clone + PartialEq + Debug + Send + Sync + 'static;

    /// The ruleset's own attack as plain data, as ResolveStrike declares it.
    type StrikeSetup: Clone + PartialEq + Debug + Send + Sync + 'static;

    /// The ruleset's own event kind (its folder's `event.rs`): its kinds and, in a
    /// `Shared` arm, the [`SharedEvent`]s.
    type Event: Clone + PartialEq + Debug + Display + From<SharedEvent> + Send + Sync + 'static;

    /// The number of seats (2 to [`MAX_PLAYERS`]).
    fn num_players(&self) -> usize;

    /// Who decides next: a pending decision's chooser, else the active player;
    /// `None` when no action is legal (the game is over).
    fn to_move(&self) -> Option<PlayerId>;

    /// Appends every legal action to `out` in the ruleset's documented stable order.
    fn legal_actions_into(&self, out: &mut Vec<Self::Action>);

    /// Every legal action, in the order of [`Game::legal_actions_into`].
    fn legal_actions(&self) -> Vec<Self::Action> {
        let mut out = Vec::new();
        self.legal_actions_into(&mut out);
        out
    }

    /// Applies `action`, telling each step to `sink` (a `Vec<Event<K>>` of any kind
    /// the ruleset's lifts into records them, [`crate::event::Discard`] builds none).
    /// On error nothing changed.
    fn apply<S: EventSink<Self::Event>>(&mut self, action: Self::Action, sink: &mut S) -> Result<(), IllegalAction>;

    /// How the game ended, once it has.
    fn outcome(&self) -> Option<Outcome>;

    /// The rule id that refuses every action once the game is over.
    fn game_over_rule(&self) -> &'static str;

    /// The rule id of the `GameOver` that ends a game once turn [`MAX_TURNS`] ends (a
    /// draw): measurements count the games that ran that long.
    fn turn_limit_rule(&self) -> &'static str;

    /// The returns, one per player, once the game is over.
    fn returns(&self) -> Option<Returns> {
        self.outcome().map(|o| Returns::of(o, self.num_players()))
    }

    /// A cheap estimate of the returns (material, tempo), each in [-1, 1]; equal to
    /// [`Game::returns`] once the game is over. Bots use it where search stops short.
    fn heuristic(&self) -> Returns;

    /// The turn number (search may cut rollouts at turn boundaries).
    fn turn(&self) -> u32;

    /// Whether a decision inside a resolution waits (a block, a response, an order):
    /// the state is mid-action, and a static evaluation of it may mislead.
    fn is_pending(&self) -> bool;

    /// Whether anything is hidden from `viewer` (cards in hands or decks, face-down
    /// cards, the order of a deck).
    fn has_hidden(&self, viewer: PlayerId) -> bool;

    /// A world `viewer` cannot tell from this one: everything `viewer` may see is kept,
    /// everything hidden from them is dealt again at random from the same cards.
    fn determinize(&self, viewer: PlayerId, rng: &mut dyn RngCore) -> Self;

    /// A world that keeps every card some player knows (each hand, the cards a player
    /// has seen or placed) and deals again, at random from the same cards, only those
    /// no player knows (the order of a draw pile, cards dealt face down that nobody
    /// has seen). It is what a player who could read the others' minds would see: the
    /// worlds of the `peek` bot, a measuring instrument between an honest search
    /// ([`Game::determinize`]) and one on the true state (the oracle).
    fn determinize_known(&self, rng: &mut dyn RngCore) -> Self;

    /// The state as `viewer` may see it, as plain data: every hidden card is replaced
    /// by a blank one (empty name and id, zero stats), so counts stay and contents go.
    fn observation(&self, viewer: PlayerId) -> Self::Setup;

    /// What `viewer` may know of `event`, one of the events that led to this state:
    /// the event whole where it tells only what `viewer` may know, else the same kind
    /// with what they may not know blanked as [`Game::observation`] blanks it (an
    /// empty id, no options), so that counts and order stay. An event is never dropped:
    /// that a step happened, and when, is public in every ruleset (a card drawn, a card
    /// added to a stack, a decision asked for); only its contents may be hidden.
    ///
    /// `self` is the state after the events: after the whole action (or strike and its
    /// choices) whose events these are. The events of an action reach a seat together
    /// with the state after it, never one by one while it resolves, so an event may
    /// name a card the viewer can see in that state even where it was hidden when the
    /// step happened (the event then tells nothing the state does not), and may name a
    /// card hidden in that state only where the rules showed it to every player when
    /// the step happened (a card revealed face up, then destroyed). What a player knows
    /// only grows within an action, so a later state never hides what an earlier one
    /// showed. Each ruleset lists its redactions in its folder's `view.rs`; a viewer
    /// that is not a seat of the game sees no more than any seat. Pure and
    /// deterministic: the same state, event and viewer give the same view.
    fn event_view(&self, event: &Event<Self::Event>, viewer: PlayerId) -> Event<Self::Event>;

    /// [`Game::event_view`] of each of `events` (those of the action that led to this
    /// state), in order: as many events as given.
    fn events_view(&self, events: &[Event<Self::Event>], viewer: PlayerId) -> Vec<Event<Self::Event>> {
        events.iter().map(|e| self.event_view(e, viewer)).collect()
    }

    /// A digest of what `viewer` sees of this state (what [`Game::observation`] keeps),
    /// cheap to compute: states `viewer` cannot tell apart have the same digest, and
    /// states they can tell apart should differ. Information-set search keys a node's
    /// children by it after each action, so a later decision may depend on what that
    /// action revealed. The default, 0 for every state, tells nothing apart: the
    /// search's nodes are then the actions alone.
    fn seen_digest(&self, viewer: PlayerId) -> u64 {
        let _ = viewer;
        0
    }

    /// The state as plain data.
    fn to_setup(&self) -> Self::Setup;

    /// The action as plain data (ids, not indices).
    fn action_setup(&self, action: Self::Action) -> Self::ActionSetup;

    /// Parses a submitted action (`path` is its field path, e.g. `action`: text or a
    /// [`FieldPath`], written out only into violations).
    fn parse_action<'p>(
        &self,
        action: &Self::ActionSetup,
        path: impl Into<FieldPath<'p>>,
    ) -> Result<Self::Action, ActionError>;

    /// Parses a submitted strike (the ruleset's attack; `path`, e.g. `strike`).
    fn parse_strike<'p>(
        &self,
        strike: &Self::StrikeSetup,
        path: impl Into<FieldPath<'p>>,
    ) -> Result<Self::Action, Violations>;

    /// Parses a submitted choice against the pending decision (`path`, e.g. `choices[0]`).
    fn parse_choice<'p>(
        &self,
        choice: &ChoiceSetup,
        path: impl Into<FieldPath<'p>>,
    ) -> Result<Self::Action, Violations>;

    /// Search hint: drops actions that are the same move as an earlier one in `actions`
    /// (e.g. the same card summoned the same way from two hand slots). Default: none.
    fn dedupe(&self, _actions: &mut Vec<Self::Action>) {}

    /// Search hint: how promising `action` looks before any search, added to its prior
    /// (about -1 to 1), or `None` when the ruleset has no view of it. Default: `None`.
    fn action_hint(&self, _action: Self::Action) -> Option<f64> {
        None
    }

    /// Search hint: a cheap pick among `legal` for rollouts where a one-ply look at
    /// every action would be slow, or `None` to let the rollout policy decide.
    fn rollout_hint(&self, _legal: &[Self::Action], _rng: &mut dyn RngCore) -> Option<Self::Action> {
        None
    }
}

/// A two-player heuristic from seat 0's material balance: the game's returns once it is
/// over, else `balance()` (seat 0's side minus seat 1's, any size) squashed into (-1, 1)
/// with x / (1 + |x|), zero-sum.
pub fn balance_heuristic<G: Game>(game: &G, balance: impl FnOnce() -> f64) -> Returns {
    game.returns().unwrap_or_else(|| {
        let x = balance();
        Returns::zero_sum(x / (1.0 + x.abs()))
    })
}

/// Plays a submitted strike and then the choices it meets, in order (on a copy when
/// there are choices, so that a refused one leaves `game` as it was); stops with a
/// decision pending when the choices run out. Field paths are `strike...` and
/// `choices[i]...`. On error `game` is unchanged.
pub fn resolve_strike<G: Game, K>(
    game: &mut G,
    strike: &G::StrikeSetup,
    choices: &[ChoiceSetup],
) -> Result<Vec<Event<K>>, ActionError>
where
    G::Event: Into<K>,
{
    let action = game.parse_strike(strike, FieldPath::new("strike")).map_err(ActionError::Invalid)?;
    // A strike tells a handful of events (5 on a blocked one): room for them at once.
    let mut events = Vec::with_capacity(8);
    if choices.is_empty() {
        // Nothing after the strike can fail, and a refused strike changes nothing: no copy.
        game.apply(action, &mut events)?;
        return Ok(events);
    }
    let mut next = game.clone();
    next.apply(action, &mut events)?;
    let choices_path = FieldPath::new("choices");
    for (i, choice) in choices.iter().enumerate() {
        let action = next.parse_choice(choice, choices_path.index(i)).map_err(ActionError::Invalid)?;
        next.apply(action, &mut events)?;
    }
    *game = next;
    Ok(events)
}

/// Applies a submitted action; on error `game` is unchanged.
pub fn apply_action<G: Game, K>(game: &mut G, action: &G::ActionSetup, path: &str) -> Result<Vec<Event<K>>, ActionError>
where
    G::Event: Into<K>,
{
    let action = game.parse_action(action, path)?;
    let mut events = Vec::new();
    game.apply(action, &mut events)?;
    Ok(events)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_player_returns_are_zero_sum() {
        let r = Returns::of(Outcome::Win(PlayerId(1)), 2);
        assert_eq!(r.as_slice(), &[-1.0, 1.0]);
        assert_eq!(Returns::of(Outcome::Draw, 2).as_slice(), &[0.0, 0.0]);
    }

    #[test]
    fn multi_player_returns_sum_to_one() {
        assert_eq!(Returns::of(Outcome::Win(PlayerId(2)), 4).as_slice(), &[0.0, 0.0, 1.0, 0.0]);
        let draw = Returns::of(Outcome::Draw, 3);
        assert!(draw.as_slice().iter().all(|v| (v - 1.0 / 3.0).abs() < 1e-12));
        assert_eq!(draw.get(PlayerId(3)), 0.0);
    }
}
