//! The registry: the one file that names every ruleset. It holds the [`Ruleset`] enum,
//! the validated state of any of them ([`GameState`]) and its dispatch, the union of
//! their own plain data ([`StateSetup`], [`ActionSetup`], [`StrikeSetup`]), what ties
//! a ruleset's [`Game`] to the unions ([`Registered`], [`GameVisitor`]), the union
//! of their events ([`EventKind`], held by [`Event`]) and the catalogue's list ([`catalogue`]). Each ruleset lives in its own folder: [`zone`]
//! (e:game and Dimensional Rift), [`keyforge`], [`castle_rampage`], [`dog_fight`].

pub mod castle_rampage;
pub mod dog_fight;
pub mod keyforge;
pub mod zone;

pub use crate::catalogue::{LevelMistakes, Ruleset, RulesetInfo, ScenarioInfo, SeatBalance, ruleset_of};

use crate::error::{ActionError, SetupError, Violations};
use crate::event::{self, SharedEvent};
use crate::game::{self, Game, Outcome};
use crate::setup::ChoiceSetup;
use crate::state::PlayerId;
use castle_rampage::event::CastleEvent;
use castle_rampage::{CastleActionSetup, CastleSetup, CastleState, CastleStrikeSetup};
use dog_fight::event::DfEvent;
use dog_fight::{DogFightActionSetup, DogFightSetup, DogFightState, DogFightStrikeSetup};
use keyforge::event::KfEvent;
use keyforge::{KeyforgeActionSetup, KeyforgeSetup, KeyforgeState, KeyforgeStrikeSetup};
use zone::ZoneState;
use zone::event::ZoneEvent;
use zone::setup::{ZoneActionSetup, ZoneStateSetup};

/// One step of any ruleset's resolution: what the wire-level dispatch and the code
/// above the core read.
pub type Event = event::Event<EventKind>;

/// What happened, in any ruleset: a kind every ruleset tells, or one ruleset's own.
/// A ruleset's `Shared` arm is lifted to [`EventKind::Shared`] as it is recorded, so
/// generic code (who went out, who won) reads one arm.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EventKind {
    /// A kind every ruleset tells.
    Shared(SharedEvent),
    /// The zone game's (e:game, Dimensional Rift).
    Zone(ZoneEvent),
    /// KeyForge's.
    Keyforge(KfEvent),
    /// Castle Rampage's.
    Castle(CastleEvent),
    /// Dog Fight's.
    DogFight(DfEvent),
}

impl From<SharedEvent> for EventKind {
    fn from(e: SharedEvent) -> Self {
        Self::Shared(e)
    }
}

/// `From` a ruleset's own event kind, its `Shared` arm lifted.
macro_rules! lift_events {
    ($($kind:ident => $arm:ident),* $(,)?) => {$(
        impl From<$kind> for EventKind {
            fn from(e: $kind) -> Self {
                match e {
                    $kind::Shared(s) => Self::Shared(s),
                    e => Self::$arm(e),
                }
            }
        }
    )*};
}

lift_events!(ZoneEvent => Zone, KfEvent => Keyforge, CastleEvent => Castle, DfEvent => DogFight);

impl std::fmt::Display for EventKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Shared(e) => e.fmt(f),
            Self::Zone(e) => e.fmt(f),
            Self::Keyforge(e) => e.fmt(f),
            Self::Castle(e) => e.fmt(f),
            Self::DogFight(e) => e.fmt(f),
        }
    }
}

/// A ruleset's [`Game`] as the registry serves it: which ruleset it is, its state out
/// of the wire-level [`GameState`], and its plain data into the unions.
pub trait Registered: Game<Event: Into<EventKind>> + crate::words::Words {
    /// The ruleset.
    fn ruleset(&self) -> Ruleset;
    /// The state back out of the wire-level dispatch, if it holds this ruleset.
    fn from_game_state(state: GameState) -> Option<Self>;
    /// The ruleset's plain state into the union.
    fn wrap_setup(setup: Self::Setup) -> StateSetup;
    /// The ruleset's plain action into the union.
    fn wrap_action(action: Self::ActionSetup) -> ActionSetup;
    /// The ruleset's plain action out of the union, if it is one of this ruleset's.
    fn unwrap_action(action: ActionSetup) -> Option<Self::ActionSetup>;
    /// An event of the union back in the ruleset's own kind (a shared one into its
    /// `Shared` arm), if it is a shared one or one of this ruleset's.
    fn unwrap_event(kind: EventKind) -> Option<Self::Event>;
}

/// Declares, for each ruleset, its variant in the unions and its [`Registered`] impl.
macro_rules! registered {
    ($($state:ty => $variant:ident, $ruleset:expr;)+) => {$(
        impl Registered for $state {
            fn ruleset(&self) -> Ruleset {
                let ruleset: fn(&$state) -> Ruleset = $ruleset;
                ruleset(self)
            }
            fn from_game_state(state: GameState) -> Option<Self> {
                match state {
                    GameState::$variant(s) => Some(s),
                    _ => None,
                }
            }
            fn wrap_setup(setup: Self::Setup) -> StateSetup {
                StateSetup::$variant(setup)
            }
            fn wrap_action(action: Self::ActionSetup) -> ActionSetup {
                ActionSetup::$variant(action)
            }
            fn unwrap_action(action: ActionSetup) -> Option<Self::ActionSetup> {
                match action {
                    ActionSetup::$variant(a) => Some(a),
                    _ => None,
                }
            }
            fn unwrap_event(kind: EventKind) -> Option<Self::Event> {
                match kind {
                    EventKind::Shared(e) => Some(e.into()),
                    EventKind::$variant(e) => Some(e),
                    _ => None,
                }
            }
        }
        impl From<<$state as Game>::Setup> for StateSetup {
            fn from(setup: <$state as Game>::Setup) -> Self {
                StateSetup::$variant(setup)
            }
        }
        impl From<<$state as Game>::ActionSetup> for ActionSetup {
            fn from(action: <$state as Game>::ActionSetup) -> Self {
                ActionSetup::$variant(action)
            }
        }
        impl From<<$state as Game>::StrikeSetup> for StrikeSetup {
            fn from(strike: <$state as Game>::StrikeSetup) -> Self {
                StrikeSetup::$variant(strike)
            }
        }
    )+};
}

registered! {
    ZoneState => Zone, |s| s.ruleset;
    CastleState => Castle, |_| Ruleset::CastleRampage;
    KeyforgeState => Keyforge, |_| Ruleset::Keyforge;
    DogFightState => DogFight, |_| Ruleset::DogFight;
}

/// Generic code run on whichever ruleset a [`GameState`] holds.
pub trait GameVisitor {
    /// What the visit answers.
    type Output;
    /// Runs on the state's ruleset.
    fn visit<G: Registered>(self, game: &G) -> Self::Output;
}

/// A state as submitted, in the ruleset's own plain data.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StateSetup {
    /// RULESET_EGAME or RULESET_DIMENSIONAL_RIFT.
    Zone(ZoneStateSetup),
    /// RULESET_CASTLE_RAMPAGE.
    Castle(CastleSetup),
    /// RULESET_KEYFORGE.
    Keyforge(KeyforgeSetup),
    /// RULESET_DOG_FIGHT.
    DogFight(DogFightSetup),
}

impl StateSetup {
    /// The ruleset the state is of (the zone game's names its own; `None` when that
    /// number is not the zone game's).
    pub fn ruleset(&self) -> Option<Ruleset> {
        match self {
            StateSetup::Zone(s) => Ruleset::from_wire(s.ruleset),
            StateSetup::Castle(_) => Some(Ruleset::CastleRampage),
            StateSetup::Keyforge(_) => Some(Ruleset::Keyforge),
            StateSetup::DogFight(_) => Some(Ruleset::DogFight),
        }
    }
}

/// An action as submitted, in the ruleset's own plain data.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ActionSetup {
    /// An action on the zone board.
    Zone(ZoneActionSetup),
    /// A Castle Rampage action.
    Castle(CastleActionSetup),
    /// A KeyForge action.
    Keyforge(KeyforgeActionSetup),
    /// A Dog Fight action.
    DogFight(DogFightActionSetup),
}

/// A declared attack (ResolveStrike's `strike`), in the ruleset's own plain data.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StrikeSetup {
    /// A strike on the zone board.
    Zone(zone::setup::StrikeSetup),
    /// A Castle Rampage attack card.
    Castle(CastleStrikeSetup),
    /// A KeyForge fight.
    Keyforge(KeyforgeStrikeSetup),
    /// A Dog Fight attack.
    DogFight(DogFightStrikeSetup),
}

/// A validated state of any served ruleset: the one place that names every ruleset.
/// Generic code reaches the ruleset's [`Game`] through [`GameState::visit`].
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
#[allow(
    clippy::large_enum_variant,
    reason = "one state per request or game: boxing the zone board would change its public shape for no gain"
)]
pub enum GameState {
    /// RULESET_EGAME or RULESET_DIMENSIONAL_RIFT.
    Zone(ZoneState),
    /// RULESET_CASTLE_RAMPAGE.
    Castle(CastleState),
    /// RULESET_KEYFORGE.
    Keyforge(KeyforgeState),
    /// RULESET_DOG_FIGHT (2 to 4 players).
    DogFight(DogFightState),
}

/// Runs `$body` with `$g` bound to the ruleset's state (by reference or mutably).
macro_rules! each_ruleset {
    ($state:expr, $g:ident => $body:expr) => {
        match $state {
            GameState::Zone($g) => $body,
            GameState::Castle($g) => $body,
            GameState::Keyforge($g) => $body,
            GameState::DogFight($g) => $body,
        }
    };
}

/// The violation of plain data of another ruleset than the state's, at `path`.
fn other_ruleset(path: &str, what: &str, state: &GameState) -> Violations {
    let mut v = Violations::default();
    v.push(path, format!("is {what} of another ruleset than the state's ({})", state.ruleset()));
    v
}

impl GameState {
    /// Validates submitted data into a state (paths relative to the GameState).
    pub fn from_setup(setup: &StateSetup) -> Result<Self, SetupError> {
        match setup {
            StateSetup::Zone(s) => ZoneState::from_setup(s).map(GameState::Zone),
            StateSetup::Castle(s) => CastleState::from_setup(s).map(GameState::Castle),
            StateSetup::Keyforge(s) => KeyforgeState::from_setup(s).map(GameState::Keyforge),
            StateSetup::DogFight(s) => DogFightState::from_setup(s).map(GameState::DogFight),
        }
    }

    /// Starts a skirmish game from a seed and a built-in scenario (empty: the default).
    pub fn new_game(ruleset: i32, seed: u64, scenario: &str) -> Result<(Self, Vec<Event>), SetupError> {
        let mut events = Vec::new();
        let state = match ruleset_of(ruleset)? {
            r @ (Ruleset::Egame | Ruleset::DimensionalRift) => {
                GameState::Zone(ZoneState::new_game(r, seed, scenario, &mut events)?)
            }
            Ruleset::CastleRampage => GameState::Castle(CastleState::new_game(seed, scenario, &mut events)?),
            Ruleset::Keyforge => GameState::Keyforge(KeyforgeState::new_game(seed, scenario, &mut events)?),
            Ruleset::DogFight => GameState::DogFight(DogFightState::new_game(seed, scenario, &mut events)?),
        };
        Ok((state, events))
    }

    /// Runs generic code on the ruleset this state holds.
    pub fn visit<V: GameVisitor>(&self, visitor: V) -> V::Output {
        each_ruleset!(self, g => visitor.visit(g))
    }

    /// The state as plain data.
    pub fn to_setup(&self) -> StateSetup {
        each_ruleset!(self, g => g.to_setup().into())
    }

    /// The state as `viewer` may see it, as plain data: the ruleset's
    /// [`Game::observation`] (every card hidden from `viewer` blanked, counts kept).
    pub fn observation(&self, viewer: PlayerId) -> StateSetup {
        each_ruleset!(self, g => g.observation(viewer).into())
    }

    /// What `viewer` may know of `events`, those of the action (or strike and its
    /// choices) that led to this state: the ruleset's [`Game::event_view`] of each, in
    /// order, lifted back into the union. An event of another ruleset than the state's
    /// cannot be judged and is left out (it cannot have come from this state); every
    /// other event is kept, its hidden contents blanked, so counts and order stay.
    pub fn events_view(&self, events: &[Event], viewer: PlayerId) -> Vec<Event> {
        self.visit(EventsView { events, viewer })
    }

    /// The ruleset.
    pub fn ruleset(&self) -> Ruleset {
        each_ruleset!(self, g => Registered::ruleset(g))
    }

    /// Who decides next; `None` when no action is legal.
    pub fn to_move(&self) -> Option<PlayerId> {
        each_ruleset!(self, g => Game::to_move(g))
    }

    /// The number of players.
    pub fn num_players(&self) -> usize {
        each_ruleset!(self, g => Game::num_players(g))
    }

    /// How the game ended, once it has.
    pub fn outcome(&self) -> Option<Outcome> {
        each_ruleset!(self, g => Game::outcome(g))
    }

    /// Every legal action, as plain data, in a stable order.
    pub fn legal_actions(&self) -> Vec<ActionSetup> {
        each_ruleset!(self, g => g.legal_actions().into_iter().map(|a| g.action_setup(a).into()).collect())
    }

    /// Applies one submitted action (`path` is its field path, e.g. `action`). On error
    /// the state is unchanged; an action of another ruleset is refused at `path`.
    pub fn apply_action(&mut self, action: &ActionSetup, path: &str) -> Result<Vec<Event>, ActionError> {
        match (&mut *self, action) {
            (GameState::Zone(g), ActionSetup::Zone(a)) => game::apply_action(g, a, path),
            (GameState::Castle(g), ActionSetup::Castle(a)) => game::apply_action(g, a, path),
            (GameState::Keyforge(g), ActionSetup::Keyforge(a)) => game::apply_action(g, a, path),
            (GameState::DogFight(g), ActionSetup::DogFight(a)) => game::apply_action(g, a, path),
            _ => Err(ActionError::Invalid(other_ruleset(path, "an action", self))),
        }
    }

    /// Declares `strike` and answers the decisions it meets from `choices`, in order.
    /// Stops with `pending` set when a decision has no choice left. Field paths are
    /// `strike...` and `choices[i]...`. On error the state is unchanged.
    pub fn resolve_strike(&mut self, strike: &StrikeSetup, choices: &[ChoiceSetup]) -> Result<Vec<Event>, ActionError> {
        match (&mut *self, strike) {
            (GameState::Zone(g), StrikeSetup::Zone(s)) => game::resolve_strike(g, s, choices),
            (GameState::Castle(g), StrikeSetup::Castle(s)) => game::resolve_strike(g, s, choices),
            (GameState::Keyforge(g), StrikeSetup::Keyforge(s)) => game::resolve_strike(g, s, choices),
            (GameState::DogFight(g), StrikeSetup::DogFight(s)) => game::resolve_strike(g, s, choices),
            _ => Err(ActionError::Invalid(other_ruleset("strike", "a strike", self))),
        }
    }
}

/// [`GameState::events_view`] on whichever ruleset the state holds.
struct EventsView<'e> {
    events: &'e [Event],
    viewer: PlayerId,
}

impl GameVisitor for EventsView<'_> {
    type Output = Vec<Event>;
    fn visit<G: Registered>(self, game: &G) -> Vec<Event> {
        self.events
            .iter()
            .filter_map(|e| {
                let kind = G::unwrap_event(e.kind.clone())?;
                let seen = game.event_view(&event::Event { rule: e.rule, kind }, self.viewer);
                Some(Event { rule: seen.rule, kind: seen.kind.into() })
            })
            .collect()
    }
}

/// Every ruleset, in wire order.
pub fn catalogue() -> Vec<RulesetInfo> {
    Ruleset::ALL.iter().map(|&ruleset| info(ruleset)).collect()
}

/// What `ruleset` offers, as its folder tells it.
fn info(ruleset: Ruleset) -> RulesetInfo {
    match ruleset {
        Ruleset::Egame | Ruleset::DimensionalRift => zone::info(ruleset),
        Ruleset::CastleRampage => castle_rampage::info(),
        Ruleset::Keyforge => keyforge::info(),
        Ruleset::DogFight => dog_fight::info(),
    }
}

/// How often the bot's lower difficulties err on purpose on `ruleset`.
pub fn level_mistakes(ruleset: Ruleset) -> LevelMistakes {
    info(ruleset).level_mistakes
}

/// The built-in scenarios of `ruleset` with their measured balance (empty where no
/// skirmish is served).
pub fn scenario_infos(ruleset: Ruleset) -> Vec<ScenarioInfo> {
    info(ruleset).scenarios
}

/// The scenario a tournament plays unless told otherwise (two players, unless told
/// that too): of the balanced ones (else of the measured ones), the one whose seats'
/// scores are nearest even; the first such in catalogue order on a tie (the first of
/// all while none is measured). Empty where the ruleset has no two-player scenario.
pub fn fairest_scenario(ruleset: Ruleset) -> &'static str {
    fairest_scenario_for(ruleset, Some(2))
}

/// [`fairest_scenario`] among the scenarios for `players` players (any number when
/// `None`); empty when there is none.
pub fn fairest_scenario_for(ruleset: Ruleset, players: Option<usize>) -> &'static str {
    let rank = |b: &SeatBalance| (!b.is_balanced(), b.games == 0, b.worst_offset());
    scenario_infos(ruleset)
        .iter()
        .filter(|s| players.is_none_or(|n| s.players == n))
        .min_by(|a, b| rank(&a.balance).partial_cmp(&rank(&b.balance)).unwrap_or(std::cmp::Ordering::Equal))
        .map_or("", |s| s.name)
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use crate::state::DecisionKind;

    /// A melee of Dog Fight played through the registry by its first legal action until
    /// an action asks a decision: the state after it and its events.
    fn asked(seed: u64) -> Option<(GameState, Vec<Event>)> {
        let (mut g, _) = GameState::new_game(Ruleset::DogFight.wire(), seed, "melee").ok()?;
        for _ in 0..40 {
            let action = g.legal_actions().into_iter().next()?;
            let events = g.apply_action(&action, "action").ok()?;
            if events.iter().any(|e| matches!(e.kind, EventKind::Shared(SharedEvent::DecisionRequested(_)))) {
                return Some((g, events));
            }
        }
        None
    }

    fn options(events: &[Event]) -> Vec<(PlayerId, usize)> {
        events
            .iter()
            .filter_map(|e| match &e.kind {
                EventKind::Shared(SharedEvent::DecisionRequested(d)) => Some((d.player, d.options.len())),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn the_registry_view_of_events_is_the_rulesets_lifted_back() {
        let (g, events) = (0..20).find_map(asked).unwrap();
        let [(chooser, n)] = options(&events)[..] else { panic!("one decision: {events:?}") };
        assert!(n > 0);
        for viewer in (0..4).map(PlayerId) {
            let seen = g.events_view(&events, viewer);
            assert_eq!(seen.len(), events.len());
            let expected = if viewer == chooser { n } else { 0 };
            assert_eq!(options(&seen), vec![(chooser, expected)], "player {}", viewer.0);
            let GameState::DogFight(s) = &g else { unreachable!() };
            let typed: Vec<_> = events.iter().map(|e| DogFightState::unwrap_event(e.kind.clone()).unwrap()).collect();
            let typed: Vec<_> =
                typed.into_iter().zip(&events).map(|(kind, e)| event::Event { rule: e.rule, kind }).collect();
            let lifted: Vec<Event> = s
                .events_view(&typed, viewer)
                .into_iter()
                .map(|e| Event { rule: e.rule, kind: e.kind.into() })
                .collect();
            assert_eq!(seen, lifted);
        }
    }

    #[test]
    fn the_registry_view_leaves_out_an_event_of_another_ruleset() {
        let (g, _) = GameState::new_game(Ruleset::CastleRampage.wire(), 1, "").unwrap();
        let shared = Event {
            rule: "castle.turn.phase",
            kind: EventKind::Shared(SharedEvent::DecisionRequested(event::DecisionView {
                player: PlayerId(0),
                kind: DecisionKind::Block,
                options: Vec::new(),
                may_decline: true,
            })),
        };
        let foreign = Event {
            rule: "dogfight.turn.next",
            kind: EventKind::DogFight(DfEvent::ResponsePassed { player: PlayerId(1) }),
        };
        assert_eq!(g.events_view(&[foreign, shared.clone()], PlayerId(0)), vec![shared]);
    }

    #[test]
    fn the_registry_observation_is_the_rulesets() {
        let (g, _) = GameState::new_game(Ruleset::CastleRampage.wire(), 1, "").unwrap();
        let GameState::Castle(s) = &g else { unreachable!() };
        for viewer in [PlayerId(0), PlayerId(1)] {
            assert_eq!(g.observation(viewer), StateSetup::Castle(s.observation(viewer)));
            assert_ne!(g.observation(viewer), g.to_setup(), "something is hidden");
        }
    }
}
