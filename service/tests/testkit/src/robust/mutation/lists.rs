//! The lists of a state whose items a [`Kind::Duplicate`](super::Kind::Duplicate) or
//! [`Kind::Remove`](super::Kind::Remove) mutation duplicates or removes, found by path.

use fray_proto::fray::v1 as pb;
use pb::keyforge_step::Step;

use super::sites::castle_piles;

/// A list whose items can be duplicated or removed.
pub(super) trait List {
    fn len(&self) -> usize;
    fn duplicate(&mut self, i: usize);
    fn remove_at(&mut self, i: usize);
}

impl<T: Clone> List for Vec<T> {
    fn len(&self) -> usize {
        Vec::len(self)
    }
    fn duplicate(&mut self, i: usize) {
        let item = self[i].clone();
        self.insert(i + 1, item);
    }
    fn remove_at(&mut self, i: usize) {
        self.remove(i);
    }
}

/// Where a list is. Lists hold lists (players hold hands), so a list is found by
/// path once chosen rather than borrowed with all the others.
#[derive(Debug, Clone, Copy)]
pub(super) enum ListAt {
    Players,
    Creatures,
    Chain,
    Options,
    Pile(usize, usize),
    CardKeywords(usize, usize, usize),
    CreatureKeywords(usize),
    CastleSides,
    /// An index into [`castle_piles`].
    CastlePile(usize),
    KeyforgeSides,
    Battleline(usize),
    /// A side's discard (0) or hand (1).
    KeyforgeNames(usize, usize),
    /// A battleline creature's abilities.
    Abilities(usize, usize),
    Resolution,
    /// A resolution step's list ([`step_list`]).
    StepList(usize, usize),
}

/// A KeyForge side's lists of card names.
const KEYFORGE_NAMES: [&str; 2] = ["discard", "hand"];

fn keyforge_side(s: &mut pb::GameState, i: usize) -> Option<&mut pb::KeyforgeSide> {
    s.keyforge.as_mut()?.sides.get_mut(i)
}

/// A resolution step's lists of names, with their paths under the step: a window's
/// items (0), a destruction's tagged creatures (1) and items (2).
fn step_lists(step: &mut pb::KeyforgeStep) -> Vec<(&'static str, &mut Vec<String>)> {
    match &mut step.step {
        Some(Step::Window(w)) => vec![("window.items", &mut w.items)],
        Some(Step::Destruction(d)) => vec![("destruction.tagged", &mut d.tagged), ("destruction.items", &mut d.items)],
        Some(Step::Fight(_) | Step::Target(_)) | None => vec![],
    }
}

/// The list `which` of [`step_lists`].
fn step_list(step: &mut pb::KeyforgeStep, which: usize) -> Option<&mut Vec<String>> {
    step_lists(step).into_iter().nth(which).map(|(_, l)| l)
}

/// The KeyForge board's lists, with their field paths.
fn keyforge_lists(b: &mut pb::KeyforgeBoard, out: &mut Vec<(String, ListAt)>) {
    out.push(("keyforge.sides".to_owned(), ListAt::KeyforgeSides));
    out.push(("keyforge.resolution".to_owned(), ListAt::Resolution));
    for (i, side) in b.sides.iter().enumerate() {
        let f = format!("keyforge.sides[{i}]");
        out.push((format!("{f}.battleline"), ListAt::Battleline(i)));
        for (k, name) in KEYFORGE_NAMES.iter().enumerate() {
            out.push((format!("{f}.{name}"), ListAt::KeyforgeNames(i, k)));
        }
        for j in 0..side.battleline.len() {
            out.push((format!("{f}.battleline[{j}].abilities"), ListAt::Abilities(i, j)));
        }
    }
    for (k, step) in b.resolution.iter_mut().enumerate() {
        for (which, (name, _)) in step_lists(step).into_iter().enumerate() {
            out.push((format!("keyforge.resolution[{k}].{name}"), ListAt::StepList(k, which)));
        }
    }
}

const PILES: [&str; 3] = ["hand", "deck", "graveyard"];

fn pile(p: &mut pb::Player, which: usize) -> &mut Vec<pb::Card> {
    match which {
        0 => &mut p.hand,
        1 => &mut p.deck,
        _ => &mut p.graveyard,
    }
}

/// Every non-empty list of the state, with its field path.
pub(super) fn lists(s: &mut pb::GameState) -> Vec<(String, ListAt)> {
    let mut out = vec![
        ("players".to_owned(), ListAt::Players),
        ("creatures".to_owned(), ListAt::Creatures),
        ("chain".to_owned(), ListAt::Chain),
        ("pending.options".to_owned(), ListAt::Options),
    ];
    for (i, p) in s.players.iter_mut().enumerate() {
        for (k, name) in PILES.iter().enumerate() {
            out.push((format!("players[{i}].{name}"), ListAt::Pile(i, k)));
            for j in 0..pile(p, k).len() {
                out.push((format!("players[{i}].{name}[{j}].keywords"), ListAt::CardKeywords(i, k, j)));
            }
        }
    }
    for i in 0..s.creatures.len() {
        out.push((format!("creatures[{i}].keywords"), ListAt::CreatureKeywords(i)));
    }
    if let Some(board) = &mut s.castle_rampage {
        out.push(("castle_rampage.sides".to_owned(), ListAt::CastleSides));
        for (k, (path, _)) in castle_piles(board).into_iter().enumerate() {
            out.push((path, ListAt::CastlePile(k)));
        }
    }
    if let Some(board) = &mut s.keyforge {
        keyforge_lists(board, &mut out);
    }
    out.retain(|(_, at)| list(s, *at).is_some_and(|l| l.len() > 0));
    out
}

pub(super) fn list(s: &mut pb::GameState, at: ListAt) -> Option<&mut dyn List> {
    Some(match at {
        ListAt::Players => &mut s.players,
        ListAt::Creatures => &mut s.creatures,
        ListAt::Chain => &mut s.chain,
        ListAt::Options => &mut s.pending.as_mut()?.options,
        ListAt::Pile(i, k) => pile(s.players.get_mut(i)?, k),
        ListAt::CardKeywords(i, k, j) => &mut pile(s.players.get_mut(i)?, k).get_mut(j)?.keywords,
        ListAt::CreatureKeywords(i) => &mut s.creatures.get_mut(i)?.keywords,
        ListAt::CastleSides => &mut s.castle_rampage.as_mut()?.sides,
        ListAt::CastlePile(k) => castle_piles(s.castle_rampage.as_mut()?).into_iter().nth(k)?.1,
        ListAt::KeyforgeSides => &mut s.keyforge.as_mut()?.sides,
        ListAt::Battleline(i) => &mut keyforge_side(s, i)?.battleline,
        ListAt::KeyforgeNames(i, 0) => &mut keyforge_side(s, i)?.discard,
        ListAt::KeyforgeNames(i, _) => &mut keyforge_side(s, i)?.hand,
        ListAt::Abilities(i, j) => &mut keyforge_side(s, i)?.battleline.get_mut(j)?.abilities,
        ListAt::Resolution => &mut s.keyforge.as_mut()?.resolution,
        ListAt::StepList(k, which) => step_list(s.keyforge.as_mut()?.resolution.get_mut(k)?, which)?,
    })
}
