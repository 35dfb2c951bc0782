//! Mutations of a state message, field by field ([`Mutation`]): numbers set to
//! extremes (`numbers.rs`), optional fields dropped or set (`toggles.rs`), list items
//! duplicated or removed (`lists.rs`), strings emptied or set to another id
//! (`texts.rs`). A mutation picks a part of the state, then a field, then one of its
//! instances; [`fields`] lists what it may change.
mod lists;
mod numbers;
mod sites;
mod texts;
mod toggles;

use std::collections::{BTreeMap, BTreeSet};

use fray_proto::fray::v1 as pb;

use super::ids::ids;
use lists::{list, lists};
use numbers::numbers;
use sites::Sites;
use texts::texts;
use toggles::toggles;

/// What a mutation does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Kind {
    /// A number (enum values included) set to an extreme, or a bool flipped.
    Number,
    /// An optional or message field dropped, or set to its default when absent.
    Toggle,
    /// A list item duplicated in place.
    Duplicate,
    /// A list item removed.
    Remove,
    /// A string emptied, set to an unknown id, or to an id the state already uses.
    Text,
}

impl Kind {
    /// Every kind.
    pub const ALL: [Kind; 5] = [Kind::Number, Kind::Toggle, Kind::Duplicate, Kind::Remove, Kind::Text];
}

/// One mutation: `site` picks the field among the state's fields of that kind, then
/// one of its instances (`players[*].hand[*].might` is one field); `value` the new
/// value (modulo the choices).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Mutation {
    /// What it does.
    pub kind: Kind,
    /// Which field.
    pub site: usize,
    /// Which value.
    pub value: usize,
}

/// `path` with its list indices replaced by `*`: the field it is an instance of.
fn field_of(path: &str) -> String {
    let mut out = String::with_capacity(path.len());
    let mut in_index = false;
    for c in path.chars() {
        match c {
            '[' => {
                in_index = true;
                out.push_str("[*]");
            }
            ']' => in_index = false,
            _ if in_index => {}
            _ => out.push(c),
        }
    }
    out
}

/// The part of the state a path is in: `` (the top level), `players`, `creatures`,
/// `pending` or `chain`.
fn part_of(path: &str) -> &str {
    let top = path.split(['.', '[']).next().unwrap_or_default();
    if path.len() == top.len() { "" } else { top }
}

/// The site `site` picks: a part of the state, then a field in it, then one of the
/// field's instances (`players[*].hand[*].might` is one field), each by `site`
/// modulo their count, so that the state's one `phase` is about as likely as all its
/// cards' `might` together.
fn pick<T>(mut sites: Sites<T>, site: usize) -> Option<(String, T)> {
    let mut parts: BTreeMap<&str, BTreeMap<String, Vec<usize>>> = BTreeMap::new();
    for (i, (path, _)) in sites.iter().enumerate() {
        parts.entry(part_of(path)).or_default().entry(field_of(path)).or_default().push(i);
    }
    let fields = parts.values().nth(site.checked_rem(parts.len())?)?;
    let site = site / parts.len();
    let instances = fields.values().nth(site % fields.len())?;
    let i = instances[(site / fields.len()) % instances.len()];
    Some(sites.swap_remove(i))
}

/// The fields (paths with `[*]` for list indices) that mutations of `kind` may change
/// in `s`: what the harness covers there.
pub fn fields(s: &mut pb::GameState, kind: Kind) -> BTreeSet<String> {
    let paths: Vec<String> = match kind {
        Kind::Number => numbers(s).into_iter().map(|(path, _)| path).collect(),
        Kind::Toggle => toggles(s).into_iter().map(|(path, _)| path).collect(),
        Kind::Duplicate | Kind::Remove => lists(s).into_iter().map(|(path, _)| path).collect(),
        Kind::Text => texts(s).into_iter().map(|(path, _)| path).collect(),
    };
    paths.iter().map(|path| field_of(path)).collect()
}

/// Applies `m` to `s`; says what changed, or `None` when the state has no field of
/// that kind.
pub fn mutate(s: &mut pb::GameState, m: Mutation) -> Option<String> {
    match m.kind {
        Kind::Number => {
            let (path, num) = pick(numbers(s), m.site)?;
            Some(format!("{path} = {}", num.set(m.value)))
        }
        Kind::Toggle => {
            let (path, what) = {
                let (path, mut field) = pick(toggles(s), m.site)?;
                let what = field.toggle(m.value);
                (path, what)
            };
            // A set KeyForge board is dropped here (`toggles::DropBoard`).
            if path == "keyforge" && what == "dropped" {
                s.keyforge = None;
            }
            Some(format!("{path} {what}"))
        }
        Kind::Duplicate | Kind::Remove => {
            let (path, at) = pick(lists(s), m.site)?;
            let l = list(s, at)?;
            let i = m.value % l.len();
            if m.kind == Kind::Duplicate {
                l.duplicate(i);
                Some(format!("{path}[{i}] duplicated"))
            } else {
                l.remove_at(i);
                Some(format!("{path}[{i}] removed"))
            }
        }
        Kind::Text => {
            let pool = ids(s);
            let (path, text) = pick(texts(s), m.site)?;
            *text = match m.value % (pool.len() + 2) {
                0 => String::new(),
                1 => "ghost".to_owned(),
                k => pool[k - 2].clone(),
            };
            Some(format!("{path} = {text:?}"))
        }
    }
}
