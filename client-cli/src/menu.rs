//! The menu of legal actions as a person reads it, shared by every ruleset's [`Ui`]:
//! a short view that fits a terminal (what the decision or phase asks, the actions
//! worth reading, groups drawn as one line, self-harming moves folded away and
//! counted) and the whole list, every action by its number, one command away (`all`).
//! An action's number is its 1-based position in the legal list and is the same in
//! both views, so any number shown anywhere can be typed; an action given a key of its
//! own ([`Menu::keys`]: ending a phase, passing) shows that key instead.
//!
//! [`Ui`]: crate::ui::Ui

use std::fmt::Write as _;

use crate::style::Style;

/// What the short view shows, in order.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Row {
    /// A line of text (a question, a grid row that cites numbers).
    Text(String),
    /// A numbered action.
    Item(usize),
}

/// How the short view treats one action.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Shown {
    /// Listed with its number.
    Listed,
    /// Cited by a line of a group (a grid), listed alone only in the whole list.
    Grouped,
    /// Left out and counted under this reason (`strikes into your own zones`); the
    /// whole list marks it.
    Folded(&'static str),
}

/// A menu being built: every legal action once, by number, and the short view's rows.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Menu {
    head: Vec<String>,
    rows: Vec<Row>,
    /// Each action's text and treatment, by number - 1.
    every: Vec<Option<(String, Shown)>>,
    /// The keys that stand for some actions instead of their numbers, by number - 1.
    keys: Vec<Option<&'static str>>,
}

impl Menu {
    /// A menu of `count` actions.
    pub fn new(count: usize) -> Self {
        Self { head: Vec::new(), rows: Vec::new(), every: vec![None; count], keys: Vec::new() }
    }

    /// Shows action `n + 1` by `keys[n]` (e.g. `e`) where it is given, not by number.
    pub fn keys(&mut self, keys: Vec<Option<&'static str>>) {
        self.keys = keys;
    }

    fn key(&self, number: usize) -> String {
        self.keys.get(number - 1).copied().flatten().map_or_else(|| number.to_string(), str::to_owned)
    }

    /// A line above the actions in both views (what the decision or phase asks).
    pub fn head(&mut self, line: impl Into<String>) {
        self.head.push(line.into());
    }

    /// A line of the short view only: a group's line that cites the numbers of the
    /// actions added with [`Menu::grouped`].
    pub fn line(&mut self, line: impl Into<String>) {
        self.rows.push(Row::Text(line.into()));
    }

    /// Action `number` (1-based), listed in both views.
    pub fn item(&mut self, number: usize, text: impl Into<String>) {
        self.set(number, text.into(), Shown::Listed);
        self.rows.push(Row::Item(number));
    }

    /// Action `number`, shown in the short view by a group's line ([`Menu::line`]),
    /// listed alone in the whole list.
    pub fn grouped(&mut self, number: usize, text: impl Into<String>) {
        self.set(number, text.into(), Shown::Grouped);
    }

    /// Action `number`, left out of the short view and counted there under `why`
    /// (e.g. `strikes into your own zones`); the whole list marks it with `why`.
    pub fn fold(&mut self, number: usize, text: impl Into<String>, why: &'static str) {
        self.set(number, text.into(), Shown::Folded(why));
    }

    fn set(&mut self, number: usize, text: String, shown: Shown) {
        if let Some(slot) = number.checked_sub(1).and_then(|i| self.every.get_mut(i)) {
            *slot = Some((text, shown));
        }
    }

    /// The numbers no call above gave a text (a ruleset's menu that forgot an action).
    pub fn missing(&self) -> Vec<usize> {
        self.every.iter().enumerate().filter(|(_, e)| e.is_none()).map(|(i, _)| i + 1).collect()
    }

    /// The short view: the head, the rows, and a last line that says what `all`
    /// adds when the short view does not list every action by itself.
    pub fn short(&self, style: Style) -> String {
        let mut out = self.head_text();
        for row in &self.rows {
            match row {
                Row::Text(text) => {
                    let _ = writeln!(out, "{text}");
                }
                Row::Item(n) => {
                    let text = self.every.get(n - 1).and_then(Option::as_ref).map_or("", |(t, _)| t.as_str());
                    out.push_str(&style.menu_line(&self.key(*n), text));
                }
            }
        }
        let listed = self.rows.iter().filter(|r| matches!(r, Row::Item(_))).count();
        if listed < self.every.len() {
            let mut folded: Vec<(&'static str, usize)> = Vec::new();
            for why in self.every.iter().flatten().filter_map(|(_, s)| match s {
                Shown::Folded(why) => Some(*why),
                _ => None,
            }) {
                match folded.iter_mut().find(|(w, _)| *w == why) {
                    Some((_, n)) => *n += 1,
                    None => folded.push((why, 1)),
                }
            }
            let hidden: Vec<String> = folded.iter().map(|(why, n)| format!("{n} folded away ({why})")).collect();
            let hidden = if hidden.is_empty() { String::new() } else { format!(", with {}", hidden.join(", ")) };
            let all = style.paint(Style::BOLD, "all");
            let _ = writeln!(out, "  ({all} lists all {} actions by number{hidden})", self.every.len());
        }
        out
    }

    /// The whole list: the head, then every action by number, a folded one marked
    /// with its reason.
    pub fn full(&self, style: Style) -> String {
        let mut out = self.head_text();
        for (i, entry) in self.every.iter().enumerate() {
            let line = match entry {
                Some((text, Shown::Folded(why))) => format!("{text}  [{why}]"),
                Some((text, _)) => text.clone(),
                None => "(an action this view does not name)".to_owned(),
            };
            out.push_str(&style.menu_line(&self.key(i + 1), &line));
        }
        out
    }

    fn head_text(&self) -> String {
        self.head.iter().map(|l| format!("{l}\n")).collect()
    }
}

/// A menu that lists every action of `texts` in both views, under the lines of
/// `head`: the menu of a ruleset whose lists are short.
pub fn plain(head: &str, texts: impl IntoIterator<Item = String>) -> Menu {
    let texts: Vec<String> = texts.into_iter().collect();
    let mut menu = Menu::new(texts.len());
    for line in head.lines() {
        menu.head(line);
    }
    for (i, text) in texts.into_iter().enumerate() {
        menu.item(i + 1, text);
    }
    menu
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_short_view_folds_and_groups_and_the_whole_list_has_every_number() {
        let mut menu = Menu::new(5);
        menu.head("  battle:");
        menu.line("    card A: 1 or 2");
        menu.grouped(1, "summon A up");
        menu.grouped(2, "summon A right");
        menu.fold(3, "strike your own zone 1", "strikes into your own zones");
        menu.fold(4, "strike your own zone 2", "strikes into your own zones");
        menu.item(5, "end the battle");
        assert!(menu.missing().is_empty());
        assert_eq!(
            menu.short(Style::default()),
            "  battle:\n    card A: 1 or 2\n    5  end the battle\n  \
             (all lists all 5 actions by number, with 2 folded away (strikes into your own zones))\n"
        );
        assert_eq!(
            menu.full(Style::default()),
            "  battle:\n    1  summon A up\n    2  summon A right\n    \
             3  strike your own zone 1  [strikes into your own zones]\n    \
             4  strike your own zone 2  [strikes into your own zones]\n    5  end the battle\n"
        );
    }

    #[test]
    fn a_plain_menu_lists_everything_and_says_nothing_of_all() {
        let menu = plain("  choose:\n", ["a".to_owned(), "b".to_owned()]);
        assert_eq!(menu.short(Style::default()), "  choose:\n    1  a\n    2  b\n");
        assert_eq!(menu.short(Style::default()), menu.full(Style::default()));
        let mut forgetful = Menu::new(3);
        forgetful.item(2, "b");
        assert_eq!(forgetful.missing(), vec![1, 3]);
    }
}
