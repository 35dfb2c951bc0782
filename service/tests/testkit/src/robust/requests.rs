//! What each RPC is sent along with the mutated state: ResolveStrike's strike and
//! choices, ChooseAction's player.

use fray_core::GameState;
use fray_proto::fray::v1 as pb;
use fray_service::convert;

use super::case::Case;
use super::ids::{Lies, castle_cards, ids, keyforge_creatures};

/// The player to move in `state`, if it loads and someone is.
pub fn to_move(state: &pb::GameState) -> Option<u32> {
    let game = convert::game_state(state.clone()).ok()?;
    game.to_move().map(|p| u32::from(p.0))
}

/// Ids no state uses, some near the skirmish ids (`c01`, `knight`).
const NONSENSE_IDS: [&str; 5] = ["ghost", "", "C01", "c01 ", "\0"];

/// The strike ResolveStrike is sent for `case` on the unmutated state `base` (see
/// [`Case::attacker`] and [`Case::dress`]).
pub fn strike(case: &Case, base: &pb::GameState, base_legal: &[pb::Action]) -> pb::Strike {
    let legal_strikes: Vec<&pb::Strike> = base_legal
        .iter()
        .filter_map(|a| match &a.action {
            Some(pb::action::Action::Strike(s)) => Some(s),
            _ => None,
        })
        .collect();
    let target = Some(pb::ZoneRef { player: case.target.0, index: case.target.1 });
    let mut strike = match legal_strikes.get((case.attacker / 4).checked_rem(legal_strikes.len()).unwrap_or(0)) {
        Some(&legal) if case.attacker % 4 != 3 => legal.clone(),
        _ if base.castle_rampage.is_some() => {
            let me = base.active_player as usize;
            let lies = |wanted: fn(Lies, usize) -> bool| {
                castle_cards(base).filter(|&(at, _)| wanted(at, me)).map(|(_, c)| &c.id).collect::<Vec<_>>()
            };
            let n = case.attacker / 16;
            let attacker = match (case.attacker / 4) % 4 {
                0 => nth(lies(|at, me| at == Lies::Hand(me)), n),
                1 => nth(lies(|at, me| matches!(at, Lies::Hand(p) if p != me)), n),
                2 => nth(lies(|_, _| true), n),
                _ => None,
            };
            let attacker = attacker.unwrap_or_else(|| NONSENSE_IDS[n % NONSENSE_IDS.len()].to_owned());
            pb::Strike { attacker, ..Default::default() }
        }
        _ if base.keyforge.is_some() => keyforge_strike(base, case.attacker / 4),
        _ => {
            let attacker = nth(base.creatures.iter().map(|c| &c.id).collect(), case.attacker);
            pb::Strike { attacker: attacker.unwrap_or_else(|| "ghost".to_owned()), target, ..Default::default() }
        }
    };
    match case.dress % 4 {
        2 if strike.target.is_some() => strike.target = None,
        2 => strike.target = target,
        3 => strike.defender = nth(ids(base).iter().collect(), case.attacker).unwrap_or_else(|| "ghost".to_owned()),
        _ => {}
    }
    strike
}

/// The `n`th id of `ids` (modulo their count), if there is any.
fn nth(ids: Vec<&String>, n: usize) -> Option<String> {
    ids.get(n.checked_rem(ids.len()).unwrap_or(0)).map(|id| (*id).clone())
}

/// A KeyForge fight other than a legal one, by `n` modulo 5: a creature of the active
/// player's side against one of the other side, the other way round, any two creatures
/// of the board (the same one, or two of a side, included), a nonsense attacker, or a
/// nonsense defender. `n / 5` picks the creatures and the nonsense id.
fn keyforge_strike(base: &pb::GameState, n: usize) -> pb::Strike {
    let me = base.active_player as usize;
    let on = |side: Option<usize>| {
        keyforge_creatures(base).filter(|&(i, _)| side.is_none_or(|s| s == i)).map(|(_, c)| &c.id).collect::<Vec<_>>()
    };
    let (mine, theirs, all) = (on(Some(me)), on(Some(usize::from(me == 0))), on(None));
    let m = n / 5;
    let nonsense = Some(NONSENSE_IDS[m % NONSENSE_IDS.len()].to_owned());
    let (attacker, defender) = match n % 5 {
        0 => (nth(mine, m), nth(theirs, m / 7)),
        1 => (nth(theirs, m), nth(mine, m / 7)),
        2 => (nth(all.clone(), m), nth(all, m / 7)),
        3 => (nonsense, nth(theirs, m)),
        _ => (nth(mine, m), nonsense),
    };
    let ghost = || "ghost".to_owned();
    pb::Strike {
        attacker: attacker.unwrap_or_else(ghost),
        defender: defender.unwrap_or_else(ghost),
        ..Default::default()
    }
}

/// The options of the decision pending once `strike` and `choices` are played
/// in-process on `game`; none when nothing is pending then, or they do not apply.
fn options_after(game: Option<&GameState>, strike: &pb::Strike, choices: &[pb::Choice]) -> Vec<String> {
    let Some(mut game) = game.cloned() else { return Vec::new() };
    let choices: Vec<_> = choices.iter().map(convert::choice_to_setup).collect();
    let strike = convert::strike_to_setup(game.ruleset(), strike);
    if convert::resolve_strike(&mut game, &strike, &choices).is_err() {
        return Vec::new();
    }
    convert::state_from_setup(game.to_setup()).pending.map(|d| d.options).unwrap_or_default()
}

/// The choices ResolveStrike is sent along with `strike` on the unmutated state `base`
/// (see [`Case::choices`]).
pub fn choices(case: &Case, base: &pb::GameState, strike: &pb::Strike) -> Vec<pb::Choice> {
    let pool = ids(base);
    let game = convert::game_state(base.clone()).ok();
    let mut out: Vec<pb::Choice> = Vec::new();
    for &(how, which) in &case.choices {
        let choice = match how % 5 {
            0 => {
                let options = options_after(game.as_ref(), strike, &out);
                let option = nth(options.iter().collect(), which).or_else(|| nth(pool.iter().collect(), which));
                Some(pb::choice::Choice::Option(option.unwrap_or_default()))
            }
            1 => Some(pb::choice::Choice::Option(nth(pool.iter().collect(), which).unwrap_or_default())),
            2 => Some(pb::choice::Choice::Decline(true)),
            3 => Some(pb::choice::Choice::Decline(false)),
            _ => None,
        };
        out.push(pb::Choice { choice });
    }
    out
}
