//! What every ruleset's mapping shares: submitted plain input with the wire fields its
//! ruleset does not read ([`Submitted`]), and the loading and playing of it (the core's
//! violations and the refused fields reported at once); decisions, choices and the
//! catalogue's entries.

use fray_core::event::{DecisionView, SharedEvent};
use fray_core::rulesets::RulesetInfo;
use fray_core::setup::{ChoiceSetup, DecisionSetup, TurnSetup};
use fray_core::{
    ActionError, ActionSetup, Event, FieldPath, GameState, SetupError, StateSetup, StrikeSetup, Violations,
};
use fray_proto::fray::v1 as pb;

/// A ruleset's own plain input, and the violations of what the wire carried that this
/// ruleset does not read (paths relative to the message the input came from). Those
/// are reported together with the core's, where [`Submitted::at`] says.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Submitted<T> {
    /// The ruleset's plain input.
    pub input: T,
    /// Fields set on the wire that the ruleset refuses.
    pub refused: Violations,
    /// Where the refused fields stand among the core's violations.
    pub at: RefusedAt,
}

/// Where a ruleset's refused wire fields stand among the core's violations: where
/// that ruleset's validation once checked them, so clients see the order they did.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum RefusedAt {
    /// After every violation of the core.
    #[default]
    End,
    /// After the core's violations of `phase` (which a ruleset with a board of its own
    /// reads first), before the rest.
    AfterPhase,
}

impl<T> Submitted<T> {
    /// Input with nothing refused.
    pub fn clean(input: T) -> Self {
        Self { input, refused: Violations::default(), at: RefusedAt::End }
    }

    /// Input with `refused` fields, reported after the core's violations.
    pub fn refusing(input: T, refused: Violations) -> Self {
        Self { input, refused, at: RefusedAt::End }
    }

    /// The input mapped, the refused fields kept.
    pub fn map<U>(self, f: impl FnOnce(T) -> U) -> Submitted<U> {
        Submitted { input: f(self.input), refused: self.refused, at: self.at }
    }
}

/// The core's violations `core` and the refused wire fields `refused`, in one list,
/// the refused ones placed as `at` says.
fn joined(core: Violations, refused: &Violations, at: RefusedAt) -> Violations {
    let split = match at {
        RefusedAt::End => core.0.len(),
        RefusedAt::AfterPhase => core.0.iter().take_while(|v| v.field == "phase").count(),
    };
    let unkept = (core.total() - core.0.len()) + (refused.total() - refused.0.len());
    let mut core = core.0;
    let rest = core.split_off(split);
    // Pushed again in their order, so the cap keeps the first ones and counts the rest.
    let mut all = Violations::default();
    for v in core.into_iter().chain(refused.0.iter().cloned()).chain(rest) {
        all.push(v.field, v.description);
    }
    all.count_unkept(unkept);
    all
}

/// Validates a submitted state into a core state: the core's violations, then the
/// refused wire fields, all at once (paths relative to the GameState).
pub fn load_state(s: &Submitted<StateSetup>) -> Result<GameState, SetupError> {
    match GameState::from_setup(&s.input) {
        Ok(game) if s.refused.is_empty() => Ok(game),
        Ok(_) => Err(SetupError::Invalid(s.refused.clone())),
        Err(SetupError::Invalid(v)) => Err(SetupError::Invalid(joined(v, &s.refused, s.at))),
        Err(e) => Err(e),
    }
}

/// Runs `play` on `game`, unless `refused` holds violations: then `play` runs on a
/// copy only to collect the core's violations, which come first (nothing changes).
fn played(
    game: &mut GameState,
    refused: &Violations,
    play: impl Fn(&mut GameState) -> Result<Vec<Event>, ActionError>,
) -> Result<Vec<Event>, ActionError> {
    if refused.is_empty() {
        return play(game);
    }
    match play(&mut game.clone()) {
        Err(ActionError::Invalid(v)) => Err(ActionError::Invalid(joined(v, refused, RefusedAt::End))),
        _ => Err(ActionError::Invalid(refused.clone())),
    }
}

/// Applies a submitted action (`path` is its field path, e.g. `action`; the refused
/// fields' paths are relative to the action). On error `game` is unchanged.
pub fn apply_action(
    game: &mut GameState,
    action: &Submitted<ActionSetup>,
    path: &str,
) -> Result<Vec<Event>, ActionError> {
    let refused = action.refused.clone().prefixed(path);
    played(game, &refused, |g| g.apply_action(&action.input, path))
}

/// Declares a submitted strike and answers the decisions it meets from `choices` (the
/// refused fields' paths are relative to the strike, reported under `strike`). On
/// error `game` is unchanged.
pub fn resolve_strike(
    game: &mut GameState,
    strike: &Submitted<StrikeSetup>,
    choices: &[ChoiceSetup],
) -> Result<Vec<Event>, ActionError> {
    let refused = strike.refused.clone().prefixed("strike");
    played(game, &refused, |g| g.resolve_strike(&strike.input, choices))
}

/// The turn header every ruleset reads from the state's top level (the active
/// player, turn, phase, winner, pending decision and no-progress count), as plain input.
pub fn turn_to_setup(s: &pb::GameState) -> TurnSetup {
    TurnSetup {
        active_player: s.active_player,
        turn: s.turn,
        phase: s.phase,
        winner: s.winner,
        pending: s.pending.as_ref().map(decision_to_setup),
        turns_without_progress: s.turns_without_progress,
    }
}

/// A state message of the ruleset with wire number `ruleset` holding only the turn
/// header `t` (its top-level fields); the ruleset's module adds what else it keeps.
pub fn turn_message(ruleset: i32, t: &TurnSetup) -> pb::GameState {
    pb::GameState {
        ruleset,
        active_player: t.active_player,
        turn: t.turn,
        turns_without_progress: t.turns_without_progress,
        phase: t.phase,
        winner: t.winner,
        pending: t.pending.as_ref().map(decision_from_setup),
        ..Default::default()
    }
}

/// Why a ruleset with a board of its own refuses the wire fields it does not read (the
/// zone game's top-level fields, and a strike's), each in its own words.
pub(crate) struct Unread<'a> {
    /// The ruleset's name in words ("KeyForge"), for `event` and a strike's `outcome`.
    pub name: &'a str,
    /// Why `creatures` must be empty.
    pub creatures: &'a str,
    /// Why `pending` must be unset, for a ruleset that asks no decisions.
    pub pending: Option<&'a str>,
    /// Why `chain` must be empty.
    pub chain: &'a str,
    /// Why a strike's `target` must be unset.
    pub target: &'a str,
    /// Why a strike's `defender` must be unset, for a ruleset whose strike names none.
    pub defender: Option<&'a str>,
}

/// Refuses into `refused`, in this order, the zone game's `creatures`, `event`,
/// `pending` (where `why` refuses it) and `chain` where `s` sets them.
pub(crate) fn refuse_unread(refused: &mut Violations, s: &pb::GameState, why: &Unread<'_>) {
    if !s.creatures.is_empty() {
        refused.push("creatures", why.creatures);
    }
    if s.event != 0 {
        refused.push("event", format!("must be 0: {} has no Event counter", why.name));
    }
    if let (Some(_), Some(pending)) = (&s.pending, why.pending) {
        refused.push("pending", pending);
    }
    if !s.chain.is_empty() {
        refused.push("chain", why.chain);
    }
}

/// A strike as the ruleset's plain `input`, with the fields it does not read refused
/// in this order (paths relative to the strike): `target`, `defender` (where `why`
/// refuses it), `outcome` (no ruleset but the zone game has a chain).
pub(crate) fn strike_refusing<S>(s: &pb::Strike, why: &Unread<'_>, input: S) -> Submitted<S> {
    let mut refused = Violations::default();
    if s.target.is_some() {
        refused.push("target", why.target);
    }
    if let (false, Some(defender)) = (s.defender.is_empty(), why.defender) {
        refused.push("defender", defender);
    }
    if s.outcome.is_some() {
        refused.push("outcome", format!("must be unset: {} has no chain", why.name));
    }
    Submitted::refusing(input, refused)
}

/// An action as a ruleset's plain input `A`, whose strike is `S` (refused paths
/// relative to the action): the kinds every ruleset has are read alike, a strike by
/// `strike_to_setup` (its refused fields under `strike`) into `strike`, a choice into
/// `choice`, `end_phase` and an unset action (`missing`); any other kind by `own`,
/// which gives `None` for another ruleset's kind (the dispatcher refuses it).
pub(crate) fn action_to_setup<A, S>(
    a: Option<&pb::action::Action>,
    strike: fn(S) -> A,
    choice: fn(ChoiceSetup) -> A,
    [end_phase, missing]: [A; 2],
    strike_to_setup: impl FnOnce(&pb::Strike) -> Submitted<S>,
    own: impl FnOnce(&pb::action::Action) -> Option<Result<A, Violations>>,
) -> Option<Result<Submitted<A>, Violations>> {
    use pb::action::Action as W;
    let action = match a {
        Some(W::Strike(s)) => {
            let s = strike_to_setup(s);
            return Some(Ok(Submitted::refusing(strike(s.input), s.refused.prefixed("strike"))));
        }
        Some(W::Choice(c)) => choice(choice_to_setup(c)),
        Some(W::EndPhase(_)) => end_phase,
        Some(other) => return own(other).map(|r| r.map(Submitted::clean)),
        None => missing,
    };
    Some(Ok(Submitted::clean(action)))
}

/// A kind of action the ruleset refuses whole, as [`action_to_setup`]'s `own` gives it:
/// the one violation `why` at `field` (relative to the action).
pub(crate) fn refused_whole<A>(field: &str, why: &str) -> Option<Result<A, Violations>> {
    let mut v = Violations::default();
    v.push(field, why);
    Some(Err(v))
}

/// Tells `bound` the length of each of a board's lists `board` (by its field under
/// `root`, in order), then of each side's lists, as `side` names them, under
/// `root.sides[i]`.
pub(crate) fn board_and_side_lists<S, const N: usize>(
    root: FieldPath<'_>,
    board: &[(&'static str, usize)],
    sides: &[S],
    side: impl Fn(&S) -> [(&'static str, usize); N],
    bound: &mut dyn FnMut(FieldPath<'_>, usize),
) {
    for &(name, len) in board {
        bound(root.field(name), len);
    }
    let sides_path = root.field("sides");
    for (i, s) in sides.iter().enumerate() {
        let f = sides_path.index(i);
        for (name, len) in side(s) {
            bound(f.field(name), len);
        }
    }
}

/// A ruleset's plain action `$a` (of the enum `$setup`) as a message: the kinds every
/// ruleset has alike (a strike by `$strike`, a choice, end_phase; `Missing` leaves the
/// oneof unset), each of the ruleset's own kinds `$own` as the wire action `$wire`.
macro_rules! action_message {
    ($a:expr, $setup:ident, $strike:path $(, $own:pat => $wire:expr)* $(,)?) => {{
        use fray_proto::fray::v1::action::Action as W;
        let action = match $a {
            $setup::Strike(s) => Some(W::Strike($strike(s))),
            $setup::Choice(c) => Some(W::Choice($crate::convert::shared::choice_from_setup(c))),
            $setup::EndPhase => Some(W::EndPhase(fray_proto::fray::v1::EndPhase {})),
            $setup::Missing => None,
            $($own => Some($wire),)*
        };
        fray_proto::fray::v1::Action { action, ..Default::default() }
    }};
}
pub(crate) use action_message;

/// A pending decision as plain input.
pub fn decision_to_setup(d: &pb::PendingDecision) -> DecisionSetup {
    DecisionSetup { player: d.player, kind: d.kind, options: d.options.clone(), may_decline: d.may_decline }
}

/// A pending decision as a message.
pub fn decision_from_setup(d: &DecisionSetup) -> pb::PendingDecision {
    pb::PendingDecision { player: d.player, kind: d.kind, options: d.options.clone(), may_decline: d.may_decline }
}

/// A choice as plain input; a choice with neither field set is [`ChoiceSetup::Missing`].
pub fn choice_to_setup(c: &pb::Choice) -> ChoiceSetup {
    match &c.choice {
        Some(pb::choice::Choice::Option(id)) => ChoiceSetup::Option(id.clone()),
        Some(pb::choice::Choice::Decline(d)) => ChoiceSetup::Decline(*d),
        None => ChoiceSetup::Missing,
    }
}

/// A choice as a message; [`ChoiceSetup::Missing`] leaves the oneof unset.
pub fn choice_from_setup(c: &ChoiceSetup) -> pb::Choice {
    let choice = match c {
        ChoiceSetup::Option(id) => Some(pb::choice::Choice::Option(id.clone())),
        ChoiceSetup::Decline(d) => Some(pb::choice::Choice::Decline(*d)),
        ChoiceSetup::Missing => None,
    };
    pb::Choice { choice }
}

/// The wire players of a ruleset that keeps its board elsewhere: at most two bare seats
/// (`id` = index), each violation with `why` and the ruleset's `name`. `hp` and the
/// piles are refused as `bare` says.
pub(crate) fn bare_seats(
    v: &mut Violations,
    players: &[pb::Player],
    name: &str,
    hp_and_piles: impl Fn(&mut Violations, usize, &pb::Player),
) {
    if players.len() > 2 {
        v.push("players", format!("has {} entries: {name} seats 2 players", players.len()));
    }
    for (i, p) in players.iter().enumerate() {
        if p.id as usize != i {
            v.push(format!("players[{i}].id"), format!("must equal its index {i}, got {}", p.id));
        }
        hp_and_piles(v, i, p);
    }
}

/// A catalogue entry as a message; `skirmish` is true where NewGame deals a game
/// (the ruleset has built-in scenarios).
pub fn ruleset_info_to_proto(info: &RulesetInfo) -> pb::RulesetInfo {
    pb::RulesetInfo {
        ruleset: info.ruleset.wire(),
        name: info.name.to_owned(),
        description: info.description.to_owned(),
        title: info.title.to_owned(),
        how_to_win: info.how_to_win.to_owned(),
        phases: info
            .phases
            .iter()
            .map(|(phase, words)| pb::PhaseWords { phase: phase.wire(), words: (*words).to_owned() })
            .collect(),
        // Every ruleset in the catalogue resolves strikes and choices.
        resolves_strikes: true,
        skirmish: !info.scenarios.is_empty(),
        scenarios: info.scenarios.iter().map(|s| s.name.to_owned()).collect(),
        scenario_details: info
            .scenarios
            .iter()
            .map(|s| pb::ScenarioInfo {
                name: s.name.to_owned(),
                description: s.description.to_owned(),
                seat0_score: s.balance.seat0_score,
                seat0_games: s.balance.games,
                balanced: s.balance.is_balanced(),
                players: s.players as u32,
                seat_scores: s.balance.seat_scores(s.players),
            })
            .collect(),
    }
}

/// A kind every ruleset tells as the message's `kind`.
pub fn event_kind(e: &SharedEvent) -> pb::event::Kind {
    use pb::event::Kind;
    match e {
        SharedEvent::PhaseChanged { phase, turn, active_player } => Kind::PhaseChanged(pb::PhaseChanged {
            phase: phase.wire(),
            turn: *turn,
            active_player: u32::from(active_player.0),
        }),
        SharedEvent::DecisionRequested(d) => {
            Kind::DecisionRequested(pb::DecisionRequested { decision: Some(decision_view(d)) })
        }
        SharedEvent::GameOver { winner } => Kind::GameOver(pb::GameOver { winner: winner.map(|w| u32::from(w.0)) }),
        SharedEvent::PlayerOut { player } => Kind::PlayerOut(pb::PlayerOut { player: u32::from(player.0) }),
    }
}

fn decision_view(d: &DecisionView) -> pb::PendingDecision {
    pb::PendingDecision {
        player: u32::from(d.player.0),
        kind: d.kind.wire(),
        options: d.options.iter().map(ToString::to_string).collect(),
        may_decline: d.may_decline,
    }
}
