//! Unique ids in submitted input: a violation names the first holder of a repeated id
//! (`duplicate id "x": creatures[0] has it too`), yet valid input keeps no path.
//!
//! [`UniqueIds`] first sorts every id of the namespace to see whether any repeats. Only
//! then does it keep, as validation meets each holder, the path of each id's first
//! holder; when every id is distinct it checks nothing more than that ids are set.

use std::collections::BTreeMap;
use std::collections::btree_map::Entry;

use crate::error::Violations;
use crate::path::{FieldPath, StoredPath};

/// The ids of one namespace of a state (e.g. creatures and cards), checked unique as
/// validation meets their holders.
#[derive(Debug)]
pub(crate) struct UniqueIds<'s> {
    /// Each id met so far with the path of its first holder; `None` when no id repeats.
    first_holders: Option<BTreeMap<&'s str, StoredPath>>,
}

impl<'s> UniqueIds<'s> {
    /// Ready for validation to meet the holders of `ids`, which must list every
    /// non-empty id it will check (empty ones are ignored).
    pub(crate) fn new<I>(ids: I) -> Self
    where
        I: IntoIterator<Item = &'s str>,
        I::IntoIter: Clone,
    {
        let ids = ids.into_iter();
        let mut all: Vec<&str> = Vec::with_capacity(ids.clone().count());
        all.extend(ids);
        all.sort_unstable();
        let repeats = all.windows(2).any(|w| !w[0].is_empty() && w[0] == w[1]);
        Self { first_holders: repeats.then(BTreeMap::new) }
    }

    /// Checks the id `id` of the item at `holder`: a violation at `holder.id` when it is
    /// empty or an earlier item has it.
    pub(crate) fn required(&mut self, v: &mut Violations, holder: FieldPath<'_>, id: &'s str) {
        if id.is_empty() {
            v.push(holder.field("id"), "is required");
        } else {
            self.optional(v, holder, id);
        }
    }

    /// Checks the id `id` of the item at `holder`, which may be empty: a violation at
    /// `holder.id` when an earlier item has it.
    pub(crate) fn optional(&mut self, v: &mut Violations, holder: FieldPath<'_>, id: &'s str) {
        let Some(first_holders) = &mut self.first_holders else { return };
        if id.is_empty() {
            return;
        }
        match first_holders.entry(id) {
            Entry::Occupied(first) => {
                v.push(holder.field("id"), format!("duplicate id {id:?}: {} has it too", first.get()));
            }
            Entry::Vacant(slot) => {
                slot.insert(holder.stored());
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(ids: &[&'static str]) -> Vec<(String, String)> {
        let mut v = Violations::default();
        let mut unique = UniqueIds::new(ids.iter().copied());
        let cards = FieldPath::new("cards");
        for (i, id) in ids.iter().enumerate() {
            unique.required(&mut v, cards.index(i), id);
        }
        v.0.into_iter().map(|x| (x.field, x.description)).collect()
    }

    #[test]
    fn a_repeated_id_names_its_first_holder() {
        assert_eq!(
            check(&["a", "b", "", "a", "a"]),
            [
                ("cards[2].id".to_owned(), "is required".to_owned()),
                ("cards[3].id".to_owned(), "duplicate id \"a\": cards[0] has it too".to_owned()),
                ("cards[4].id".to_owned(), "duplicate id \"a\": cards[0] has it too".to_owned()),
            ]
        );
    }

    #[test]
    fn distinct_ids_keep_no_path() {
        let unique = UniqueIds::new(["b", "a", "", ""]);
        assert!(unique.first_holders.is_none());
        assert!(check(&["x", "y"]).is_empty());
    }
}
