//! The fields a [`Kind::Toggle`](super::Kind::Toggle) mutation drops or sets: optional
//! fields, other rulesets' boards (grafted from real games), empty lists filled.

use fray_core::{GameState, Ruleset};
use fray_proto::fray::v1 as pb;
use fray_service::convert;
use pb::keyforge_step::Step;

use super::sites::Sites;

/// The state message of a fresh game of `ruleset` (the default scenario, seed 0).
fn fresh(ruleset: Ruleset) -> pb::GameState {
    convert::state_from_setup(GameState::new_game(ruleset.wire(), 0, "").unwrap().0.to_setup())
}

/// A field that can be dropped or emptied, or set when absent; `value` picks what
/// it is set to where there is a choice.
pub(super) trait Toggle {
    fn toggle(&mut self, value: usize) -> &'static str;
}

/// An optional field: dropped when set, set to its default when absent.
impl<T: Default> Toggle for &mut Option<T> {
    fn toggle(&mut self, _value: usize) -> &'static str {
        if self.take().is_some() {
            "dropped"
        } else {
            **self = Some(T::default());
            "set to its default"
        }
    }
}

/// An optional field of another ruleset: dropped when set; when absent, set to its
/// default (`value` even) or to a real one, taken from a game of that ruleset (odd).
struct Graft<'a, T> {
    field: &'a mut Option<T>,
    real: fn() -> T,
}

impl<T: Default> Toggle for Graft<'_, T> {
    fn toggle(&mut self, value: usize) -> &'static str {
        if self.field.take().is_some() {
            "dropped"
        } else if value.is_multiple_of(2) {
            *self.field = Some(T::default());
            "set to its default"
        } else {
            *self.field = Some((self.real)());
            "set to a real one from another ruleset's game"
        }
    }
}

/// An empty list field, filled with `fill(value)` (on a Castle state: the zone board's
/// fields set). A list with items is left to Duplicate and Remove.
struct Fill<'a, T> {
    list: &'a mut Vec<T>,
    fill: fn(usize) -> (&'static str, Vec<T>),
}

impl<T> Toggle for Fill<'_, T> {
    fn toggle(&mut self, value: usize) -> &'static str {
        let (what, items) = (self.fill)(value);
        *self.list = items;
        what
    }
}

/// Players for an empty `players`: two bare seats (which a Castle state may carry),
/// or a zone game's players, with hit points and cards.
fn fill_players(value: usize) -> (&'static str, Vec<pb::Player>) {
    if value.is_multiple_of(2) {
        ("set to two bare seats", (0..2).map(|id| pb::Player { id, ..Default::default() }).collect())
    } else {
        ("set to a zone game's players", fresh(Ruleset::Egame).players)
    }
}

/// A creature for an empty `creatures`: a face-up one in player 0's zone 1.
fn fill_creatures(_value: usize) -> (&'static str, Vec<pb::Creature>) {
    let arrows = pb::Arrows { up: 1, ..Default::default() };
    let knight = pb::Creature {
        id: "intruder".into(),
        name: "Knight".into(),
        zone: Some(pb::ZoneRef { player: 0, index: 1 }),
        might: 2,
        life: 3,
        arrows: Some(arrows),
        ..Default::default()
    };
    ("set to one creature", vec![knight])
}

/// A strike for an empty `chain`.
fn fill_chain(_value: usize) -> (&'static str, Vec<pb::Strike>) {
    let target = Some(pb::ZoneRef { player: 1, index: 3 });
    ("set to one strike", vec![pb::Strike { attacker: "intruder".into(), target, ..Default::default() }])
}

/// A real Castle board, from a fresh game.
fn real_castle_board() -> pb::CastleRampageBoard {
    fresh(Ruleset::CastleRampage).castle_rampage.unwrap_or_default()
}

/// A real KeyForge board, from a fresh game.
fn real_keyforge_board() -> pb::KeyforgeBoard {
    fresh(Ruleset::Keyforge).keyforge.unwrap_or_default()
}

/// Sides for an empty `keyforge.sides`: two empty ones, or a KeyForge game's.
fn fill_keyforge_sides(value: usize) -> (&'static str, Vec<pb::KeyforgeSide>) {
    if value.is_multiple_of(2) {
        ("set to two empty sides", vec![pb::KeyforgeSide::default(); 2])
    } else {
        ("set to a KeyForge game's sides", real_keyforge_board().sides)
    }
}

/// A creature for an empty battleline: a ready 3-power one with a Reap: ability.
fn fill_battleline(_value: usize) -> (&'static str, Vec<pb::KeyforgeCreature>) {
    let reap = pb::Ability { id: "intruder.reap".into(), trigger: 4, effect: 2, amount: 1, target: 7 };
    let creature = pb::KeyforgeCreature {
        id: "intruder".into(),
        name: "Intruder".into(),
        power: 3,
        abilities: vec![reap],
        ..Default::default()
    };
    ("set to one creature", vec![creature])
}

/// A step for an empty `keyforge.resolution` (which a state with no pending decision
/// must not carry): a fight, a window, a destruction, or a target step, by `value`.
fn fill_resolution(value: usize) -> (&'static str, Vec<pb::KeyforgeStep>) {
    let real = real_keyforge_board();
    let id = |side: usize| real.sides.get(side).and_then(|s| s.battleline.first()).map(|c| c.id.clone());
    let (attacker, defender) = (id(0).unwrap_or_default(), id(1).unwrap_or_default());
    let (what, step) = match value % 4 {
        0 => ("set to a fight", Step::Fight(pb::KeyforgeFight { attacker, defender, stage: 1, ..Default::default() })),
        1 => (
            "set to a window",
            Step::Window(pb::KeyforgeWindow { kind: 1, items: vec![format!("{attacker}:assault")] }),
        ),
        2 => (
            "set to a destruction",
            Step::Destruction(pb::KeyforgeDestruction { tagged: vec![defender], items: vec![] }),
        ),
        _ => ("set to a target step", Step::Target(format!("{attacker}.reap"))),
    };
    (what, vec![pb::KeyforgeStep { step: Some(step) }])
}

/// A resolution step's `step` (a oneof): dropped when set, else set to an empty target
/// step.
struct StepToggle<'a>(&'a mut Option<Step>);

impl Toggle for StepToggle<'_> {
    fn toggle(&mut self, _value: usize) -> &'static str {
        if self.0.take().is_some() {
            "dropped"
        } else {
            *self.0 = Some(Step::Target(String::new()));
            "set to an empty target step"
        }
    }
}

/// The KeyForge board, when set: the toggles of its own fields borrow it, so this one
/// only says "dropped" and [`mutate`](super::mutate) drops the board once they are released.
struct DropBoard;

impl Toggle for DropBoard {
    fn toggle(&mut self, _value: usize) -> &'static str {
        "dropped"
    }
}

/// The KeyForge board's toggles: its empty lists filled (sides, battlelines, the
/// resolution), each resolution step's kind dropped.
fn keyforge_toggles<'a>(b: &'a mut pb::KeyforgeBoard, out: &mut Sites<Box<dyn Toggle + 'a>>) {
    let pb::KeyforgeBoard { sides, resolution } = b;
    if sides.is_empty() {
        out.push(("keyforge.sides".to_owned(), Box::new(Fill { list: sides, fill: fill_keyforge_sides })));
    } else {
        for (i, side) in sides.iter_mut().enumerate() {
            if side.battleline.is_empty() {
                let fill = Fill { list: &mut side.battleline, fill: fill_battleline };
                out.push((format!("keyforge.sides[{i}].battleline"), Box::new(fill)));
            }
        }
    }
    if resolution.is_empty() {
        out.push(("keyforge.resolution".to_owned(), Box::new(Fill { list: resolution, fill: fill_resolution })));
    } else {
        for (k, step) in resolution.iter_mut().enumerate() {
            out.push((format!("keyforge.resolution[{k}].step"), Box::new(StepToggle(&mut step.step))));
        }
    }
}

/// Every optional field of the state, its empty lists of the zone board, and the
/// KeyForge board's ([`keyforge_toggles`]), with their field paths.
pub(super) fn toggles(s: &mut pb::GameState) -> Sites<Box<dyn Toggle + '_>> {
    let mut out: Sites<Box<dyn Toggle + '_>> = Vec::new();
    let pb::GameState { players, creatures, pending, chain, winner, keyforge, castle_rampage, dog_fight, .. } = s;
    out.push(("pending".to_owned(), Box::new(pending)));
    out.push(("winner".to_owned(), Box::new(winner)));
    match keyforge {
        Some(board) => {
            keyforge_toggles(board, &mut out);
            out.push(("keyforge".to_owned(), Box::new(DropBoard)));
        }
        None => out.push(("keyforge".to_owned(), Box::new(Graft { field: keyforge, real: real_keyforge_board }))),
    }
    out.push(("castle_rampage".to_owned(), Box::new(Graft { field: castle_rampage, real: real_castle_board })));
    out.push(("dog_fight".to_owned(), Box::new(dog_fight)));
    if players.is_empty() {
        out.push(("players".to_owned(), Box::new(Fill { list: players, fill: fill_players })));
    } else {
        for (i, p) in players.iter_mut().enumerate() {
            let pb::Player { hand, deck, graveyard, .. } = p;
            for (pile, cards) in [("hand", hand), ("deck", deck), ("graveyard", graveyard)] {
                for (j, c) in cards.iter_mut().enumerate() {
                    out.push((format!("players[{i}].{pile}[{j}].arrows"), Box::new(&mut c.arrows)));
                }
            }
        }
    }
    if creatures.is_empty() {
        out.push(("creatures".to_owned(), Box::new(Fill { list: creatures, fill: fill_creatures })));
    } else {
        for (i, c) in creatures.iter_mut().enumerate() {
            let pb::Creature { zone, arrows, .. } = c;
            out.push((format!("creatures[{i}].zone"), Box::new(zone)));
            out.push((format!("creatures[{i}].arrows"), Box::new(arrows)));
        }
    }
    if chain.is_empty() {
        out.push(("chain".to_owned(), Box::new(Fill { list: chain, fill: fill_chain })));
    } else {
        for (i, link) in chain.iter_mut().enumerate() {
            let pb::Strike { target, outcome, .. } = link;
            out.push((format!("chain[{i}].target"), Box::new(target)));
            out.push((format!("chain[{i}].outcome"), Box::new(outcome)));
        }
    }
    out
}
