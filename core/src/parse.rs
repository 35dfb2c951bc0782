//! What every ruleset's parsing of a submitted action does alike, each ruleset passing
//! its own words: an action's strike and choice at their fields ([`strike_at`],
//! [`choice_at`]) and an action of no kind ([`no_kind`]), a choice read against the
//! pending decision ([`read_choice`], with [`no_decision`] when none is pending), an option found by id ([`option_index`]) or
//! named by index ([`option_id`], [`pending_option`]), and a piece of the state named
//! by id ([`named`]).

use crate::error::{ActionError, IllegalAction, Violations};
use crate::game::Game;
use crate::path::FieldPath;
use crate::setup::ChoiceSetup;
use crate::state::CreatureId;

/// The strike of a submitted action at `path`, parsed at `path.strike`.
pub fn strike_at<G: Game>(game: &G, strike: &G::StrikeSetup, path: FieldPath<'_>) -> Result<G::Action, ActionError> {
    game.parse_strike(strike, path.field("strike")).map_err(ActionError::Invalid)
}

/// The choice of a submitted action at `path`, parsed at `path.choice`.
pub fn choice_at<G: Game>(game: &G, choice: &ChoiceSetup, path: FieldPath<'_>) -> Result<G::Action, ActionError> {
    game.parse_choice(choice, path.field("choice")).map_err(ActionError::Invalid)
}

/// The violation of a submitted action at `path` that sets none of the ruleset's
/// `kinds` (e.g. "strike, choice, end_phase").
pub fn no_kind(path: FieldPath<'_>, kinds: &str) -> ActionError {
    ActionError::Invalid(Violations::one(path, format!("is required: set one of {kinds}")))
}

/// The violation of a choice submitted while no decision is pending: at `path`,
/// "answers no pending decision: " and the ruleset's `why`.
pub fn no_decision(path: FieldPath<'_>, why: &str) -> Violations {
    Violations::one(path, format!("answers no pending decision: {why}"))
}

/// Reads `choice` against the pending decision, each case in the ruleset's own words:
/// an option by `option` (its id to the action, or the violation at `option`), a
/// decline by `decline` (the wire bool to the action, or the violation at `decline`),
/// and a choice setting neither as the violation `missing` at `path`.
pub fn read_choice<A>(
    choice: &ChoiceSetup,
    path: FieldPath<'_>,
    option: impl FnOnce(&str) -> Result<A, String>,
    decline: impl FnOnce(bool) -> Result<A, String>,
    missing: &str,
) -> Result<A, Violations> {
    match choice {
        ChoiceSetup::Option(id) => option(id).map_err(|why| Violations::one(path.field("option"), why)),
        ChoiceSetup::Decline(set) => decline(*set).map_err(|why| Violations::one(path.field("decline"), why)),
        ChoiceSetup::Missing => Err(Violations::one(path, missing)),
    }
}

/// The index of the option `id` among a pending decision's `options`, as an action
/// carries it.
pub fn option_index(options: &[CreatureId], id: &str) -> Option<u8> {
    options.iter().position(|o| o.as_str() == id).map(|k| k as u8)
}

/// The id of option `k` among a pending decision's `options` (`None`: none is pending),
/// as an action's plain data names it; empty when there is no such option.
pub fn option_id(options: Option<&[CreatureId]>, k: u8) -> String {
    options.and_then(|o| o.get(usize::from(k))).map(ToString::to_string).unwrap_or_default()
}

/// Option `k` of a pending decision with `options` options (`None`: none is pending),
/// or the refusal under `rule`.
pub fn pending_option(rule: &'static str, options: Option<usize>, k: u8) -> Result<usize, IllegalAction> {
    let Some(options) = options else { return Err(nothing_to_answer(rule)) };
    if usize::from(k) >= options {
        return Err(IllegalAction::new(
            rule,
            format!("the pending decision has {options} options: there is no option {k}"),
        ));
    }
    Ok(usize::from(k))
}

/// The refusal, under `rule`, of an answer while no decision is pending.
pub fn nothing_to_answer(rule: &'static str) -> IllegalAction {
    IllegalAction::new(rule, "no decision is pending: there is nothing to answer")
}

/// What the id `id` submitted at `field` names, as `find` finds it; else `None` and a
/// violation at `field`: "is required" when `id` is empty, else that it names no
/// `what` (e.g. "vessel on the board").
pub fn named<T>(
    v: &mut Violations,
    field: FieldPath<'_>,
    id: &str,
    what: &str,
    find: impl FnOnce(&str) -> Option<T>,
) -> Option<T> {
    if id.is_empty() {
        v.push(field, "is required");
        return None;
    }
    let found = find(id);
    if found.is_none() {
        v.push(field, format!("{id:?} names no {what}"));
    }
    found
}
