//! Rulesets and their phases in players' words, from the core's catalogue: reports,
//! warnings and traces name a ruleset by its title (`e:game`, `KeyForge`), never by its
//! wire name.

use fray_core::rulesets::{RulesetInfo, catalogue};

/// A ruleset's name as players write it (`e:game`, `KeyForge`), from the core's
/// catalogue; `an unknown ruleset` for a wire number this build lacks.
pub fn ruleset_title(ruleset: i32) -> &'static str {
    catalogue_entry(ruleset).map_or("an unknown ruleset", |r| r.title)
}

/// [`ruleset_title`] of a ruleset written by its wire name (`RULESET_KEYFORGE`), as a
/// tournament's log keeps it; the name itself when it names none.
pub fn ruleset_title_of(wire_name: &str) -> String {
    let found = catalogue().into_iter().find(|r| r.ruleset.wire_name() == wire_name);
    found.map_or_else(|| wire_name.to_owned(), |r| r.title.to_owned())
}

/// A phase in `ruleset`'s own words (e:game's PHASE_EVENT is `battle`), from the
/// core's catalogue; in e:game's for a ruleset this build does not know.
pub fn phase_words(ruleset: i32, phase: i32) -> &'static str {
    let phase = fray_core::Phase::from_wire(phase);
    let entry = catalogue_entry(ruleset).or_else(|| catalogue().into_iter().next());
    let words = entry.and_then(|r| r.phases.iter().find(|(p, _)| Some(*p) == phase).map(|(_, w)| *w));
    words.unwrap_or("an unknown phase")
}

/// What each keyword and card effect of `ruleset` does, as the core's catalogue
/// words it (`Evasive`, `its strike ...`); empty for a ruleset this build lacks.
pub fn glossary(ruleset: i32) -> Vec<(&'static str, &'static str)> {
    catalogue_entry(ruleset).map_or_else(Vec::new, |r| r.glossary_entries().collect())
}

fn catalogue_entry(ruleset: i32) -> Option<RulesetInfo> {
    catalogue().into_iter().find(|r| r.ruleset.wire() == ruleset)
}
