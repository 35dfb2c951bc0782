//! The rules' own words: how each ruleset tells its actions, its events and its
//! phases to a player, so that every client (the CLI, a web page, a learning
//! environment's log) shows the same sentences. OpenSpiel gives its games
//! `ActionToString` and `ObservationString` for the same reason.
//!
//! This file is neutral: who the words speak to ([`Voice`]), what a ruleset writes
//! ([`Words`], implemented in each ruleset's folder as `words.rs`) and the words of
//! the events every ruleset shares ([`shared_event`]). The ruleset's name, its
//! scenarios and how a game is won are its catalogue entry's (`info()` in its folder).
//!
//! Words never use a wire name (`PHASE_EVENT`), a field path or a rule id: the rule
//! id travels beside each event for the reader who asks why.

use crate::event::{DecisionView, Event, SharedEvent};
use crate::game::Game;
use crate::rulesets::{GameVisitor, Registered};
use crate::state::{CreatureId, DecisionKind, Phase, PlayerId};

/// Who the words speak to, and what they may name.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Voice {
    /// The seat spoken to as "you" (verbs agree: "you draw", "player 1 draws").
    pub you: Option<PlayerId>,
    /// Whose knowledge bounds the words: a card hidden from this seat is told as
    /// "a card", never by name. `None` names everything (a referee, a replay).
    pub viewer: Option<PlayerId>,
    /// The seats' names, seat 0 first ("the bot"); a missing or empty one is
    /// `player N`. The seat `you` is "you" whatever its name here.
    pub names: Vec<String>,
}

impl Voice {
    /// A referee's words: every seat `player N`, everything named.
    pub fn referee() -> Self {
        Self::default()
    }

    /// Words for `seat` as it plays: "you", and only what it may see.
    pub fn seat(seat: PlayerId) -> Self {
        Self { you: Some(seat), viewer: Some(seat), names: Vec::new() }
    }

    /// True when the words speak to `player` as "you".
    pub fn is_you(&self, player: PlayerId) -> bool {
        self.you == Some(player)
    }

    /// `player`'s name: `you`, its name, or `player N`.
    pub fn player(&self, player: PlayerId) -> String {
        if self.is_you(player) {
            return "you".to_owned();
        }
        match self.names.get(player.index()) {
            Some(name) if !name.is_empty() => name.clone(),
            _ => format!("player {}", player.0),
        }
    }

    /// `player`'s name and the verb agreeing with it: `you draw`, `player 1 draws`
    /// (`base` after "you", `third` after anyone else).
    pub fn does(&self, player: PlayerId, base: &str, third: &str) -> String {
        format!("{} {}", self.player(player), if self.is_you(player) { base } else { third })
    }

    /// `your`, or `player 1's`.
    pub fn whose(&self, player: PlayerId) -> String {
        if self.is_you(player) { "your".to_owned() } else { format!("{}'s", self.player(player)) }
    }

    /// True when the words may name what only `owner` sees (a hand card, a face-down
    /// card `owner` placed).
    pub fn sees_own(&self, owner: PlayerId) -> bool {
        self.viewer.is_none_or(|v| v == owner)
    }
}

/// What one ruleset writes in words, in its folder (`words.rs`). `self` is the state
/// the words are about: for an action the state it applies to, for an event the
/// state after the action whose events these are (as [`Game::event_view`] reads it).
pub trait Words: Game {
    /// A piece or card of this state by id, as `voice` may name it: its name, or what
    /// it is when hidden from the viewer ("a face-down creature"); `None` when no
    /// piece or card of this state has the id.
    fn piece(&self, id: &CreatureId, voice: &Voice) -> Option<String>;

    /// The ruleset's own event in words (a shared one goes to [`shared_event`]);
    /// `before` is the state before the action, which still holds what the action
    /// took away (a destroyed creature), or this state again.
    fn event_words(&self, before: &Self, event: &Event<Self::Event>, voice: &Voice) -> String;

    /// A piece named in this state, else in `before` (one the action destroyed), else
    /// by its id ("a card" for a hidden one).
    fn named(&self, before: &Self, id: &CreatureId, voice: &Voice) -> String {
        self.piece(id, voice)
            .or_else(|| before.piece(id, voice))
            .unwrap_or_else(|| if id.is_hidden() { "a card".to_owned() } else { id.to_string() })
    }

    /// An action legal in this state, in words, from the acting seat's side:
    /// "summon Knight face-down into zone 2", "end the turn".
    fn action_words(&self, action: Self::Action, voice: &Voice) -> String;

    /// Every phase in this ruleset's words, as the catalogue lists them
    /// ([`phase_table`]).
    const PHASES: &'static [(Phase, &'static str)];

    /// A phase in this ruleset's words ("battle", "fight or reap"): its entry in
    /// [`Words::PHASES`].
    fn phase_words(&self, phase: Phase) -> &'static str {
        phase_in(Self::PHASES, phase)
    }
}

/// A shared event in words; `piece` names a decision's options, `phase` a phase.
pub fn shared_event(
    event: &SharedEvent,
    voice: &Voice,
    piece: &dyn Fn(&CreatureId) -> String,
    phase: &dyn Fn(Phase) -> &'static str,
) -> String {
    match event {
        SharedEvent::PhaseChanged { phase: p, turn, active_player } => {
            format!("turn {turn}, {} turn: {}", voice.whose(*active_player), phase(*p))
        }
        SharedEvent::DecisionRequested(d) => decision(d, voice, piece),
        SharedEvent::GameOver { winner: Some(w) } => format!("game over: {}", voice.does(*w, "win", "wins")),
        SharedEvent::GameOver { winner: None } => "game over: a draw".to_owned(),
        SharedEvent::PlayerOut { player } => format!("{} out", voice.does(*player, "are", "is")),
    }
}

/// What a decision asks of its chooser, naming the options `voice` may see.
fn decision(d: &DecisionView, voice: &Voice, piece: &dyn Fn(&CreatureId) -> String) -> String {
    let named: Vec<String> = d.options.iter().map(piece).collect();
    let options = if named.is_empty() || d.options.iter().all(CreatureId::is_hidden) {
        "cards only they see".to_owned()
    } else {
        or_list(&named)
    };
    let may = if d.may_decline { voice.does(d.player, "may", "may") } else { voice.does(d.player, "must", "must") };
    let what = match d.kind {
        DecisionKind::Block => format!("block with {options}"),
        DecisionKind::Fade => format!("let the strike through by fading {options}"),
        DecisionKind::Order => format!("choose what resolves next: {options}"),
        DecisionKind::Target => format!("choose the target: {options}"),
        DecisionKind::Response => format!("play a card into the attack ({options})"),
    };
    let decline = match (d.may_decline, d.kind) {
        (false, _) => "",
        (true, DecisionKind::Response) => ", or pass",
        (true, _) => ", or decline",
    };
    format!("{may} {what}{decline}")
}

/// `a`, `a or b`, `a, b or c`.
pub fn or_list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} or {last}", init.join(", ")),
    }
}

/// `1 card`, `3 cards`: `n` of `thing`, plural with an `s`.
pub fn count(n: impl Into<i64>, thing: &str) -> String {
    let n = n.into();
    if n == 1 { format!("1 {thing}") } else { format!("{n} {thing}s") }
}

/// `phase` in a ruleset's table of phase words (`phases`), or `game` when the table
/// leaves it out.
pub fn phase_in(phases: &[(Phase, &'static str)], phase: Phase) -> &'static str {
    phases.iter().find(|(p, _)| *p == phase).map_or("game", |(_, words)| words)
}

/// A ruleset's table of phase words, every phase in the catalogue's order: the words
/// every ruleset shares (`a bare board`, `draw`, `game over`) and its own for the start
/// of a turn (`begin`), its Event phase (`attacks`) and its Deployment phase.
pub(crate) const fn phase_table(
    begin: &'static str,
    event: &'static str,
    deployment: &'static str,
) -> [(Phase, &'static str); 6] {
    [
        (Phase::Bare, "a bare board"),
        (Phase::Begin, begin),
        (Phase::Event, event),
        (Phase::Deployment, deployment),
        (Phase::Draw, "draw"),
        (Phase::GameOver, "game over"),
    ]
}

impl crate::rulesets::GameState {
    /// Each of `events` (those of the action that led to this state, as
    /// [`crate::Game::event_view`] reads them) in words for `voice`, in order. An
    /// event of another ruleset than the state's gets an empty text.
    /// `before` is the state the action applied to (this state again for a new
    /// game's events); a state of another ruleset counts as none.
    pub fn event_words(&self, before: &Self, events: &[crate::Event], voice: &Voice) -> Vec<String> {
        self.visit(EventWords { before, events, voice })
    }

    /// Each of `actions` (actions of this state, as plain data) in words for `voice`,
    /// in order; an action the state cannot read gets an empty text.
    pub fn action_words(&self, actions: &[crate::ActionSetup], voice: &Voice) -> Vec<String> {
        self.visit(ActionWords { actions, voice })
    }
}

/// [`crate::GameState::event_words`] on whichever ruleset the state holds.
struct EventWords<'a> {
    before: &'a crate::GameState,
    events: &'a [crate::Event],
    voice: &'a Voice,
}

impl GameVisitor for EventWords<'_> {
    type Output = Vec<String>;
    fn visit<G: Registered>(self, game: &G) -> Vec<String> {
        let before = G::from_game_state(self.before.clone());
        let before = before.as_ref().unwrap_or(game);
        let words = |e: &crate::Event| {
            let kind = G::unwrap_event(e.kind.clone())?;
            Some(game.event_words(before, &Event { rule: e.rule, kind }, self.voice))
        };
        self.events.iter().map(|e| words(e).unwrap_or_default()).collect()
    }
}

/// [`crate::GameState::action_words`] on whichever ruleset the state holds.
struct ActionWords<'a> {
    actions: &'a [crate::ActionSetup],
    voice: &'a Voice,
}

impl GameVisitor for ActionWords<'_> {
    type Output = Vec<String>;
    fn visit<G: Registered>(self, game: &G) -> Vec<String> {
        let words = |a: &crate::ActionSetup| {
            let typed = game.parse_action(&G::unwrap_action(a.clone())?, "action").ok()?;
            Some(game.action_words(typed, self.voice))
        };
        self.actions.iter().map(|a| words(a).unwrap_or_default()).collect()
    }
}
