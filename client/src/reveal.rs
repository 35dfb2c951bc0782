//! The rule that stops an undo ([`crate::undo`]): no taking back a move past a card
//! revealed to the player ([`revealed`]). A player who could take back a move after it
//! showed them a card (one drawn, one turned face up, a card a bot played from its
//! hand) could play the position again knowing it.
//!
//! The rule reads the views alone, the same for every ruleset: a **card** is any
//! message of the view with a string `id` and a string `name` (a card in a hand, deck
//! or pile, a creature, a vessel), **blank** when the view hides it (both empty,
//! docs/api.md "Views and sealed states"). A move reveals when the view after it shows
//! a name more often than the view before (a multiset), or fewer blank cards.

use std::collections::BTreeMap;
use std::fmt;

use fray_proto::fray::v1::GameState;
use fray_tournament::proto_json;
use prost::Message as _;
use prost_reflect::{DynamicMessage, Value};

/// A move that showed the player cards they did not see before.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reveal {
    /// The move (0-based) that showed them.
    pub at_move: u64,
    /// The names newly shown, each as often as it is new, sorted.
    pub names: Vec<String>,
}

impl fmt::Display for Reveal {
    /// `Hardened Peasant`, `Forest Troll and Imp`, or `a hidden card`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.names.split_last() {
            None => f.write_str("a hidden card"),
            Some((last, [])) => f.write_str(last),
            Some((last, init)) => write!(f, "{} and {last}", init.join(", ")),
        }
    }
}

/// The cards a view shows, by name, and how many it blanks.
#[derive(Debug, Default, PartialEq, Eq)]
struct Cards {
    shown: BTreeMap<String, usize>,
    blank: usize,
}

impl Cards {
    fn of(view: &GameState) -> Self {
        let mut cards = Cards::default();
        let Ok(descriptor) = proto_json::descriptor("fray.v1.GameState") else {
            return cards;
        };
        if let Ok(message) = DynamicMessage::decode(descriptor, view.encode_to_vec().as_slice()) {
            cards.walk(&message);
        }
        cards
    }

    fn walk(&mut self, message: &DynamicMessage) {
        let text = |name: &str| match message.get_field_by_name(name).as_deref() {
            Some(Value::String(s)) => Some(s.clone()),
            _ => None,
        };
        if let (Some(id), Some(name)) = (text("id"), text("name")) {
            if !name.is_empty() {
                *self.shown.entry(name).or_default() += 1;
            } else if id.is_empty() {
                self.blank += 1;
            }
        }
        for (_, value) in message.fields() {
            match value {
                Value::Message(m) => self.walk(m),
                Value::List(items) => {
                    for item in items {
                        if let Value::Message(m) = item {
                            self.walk(m);
                        }
                    }
                }
                _ => {}
            }
        }
    }
}

/// What `after` shows that `before` did not, when the move numbered `at_move` led from
/// one to the other: the names it shows more often, or a hidden card when it only
/// blanks fewer; `None` when it shows nothing new.
pub fn revealed(before: &GameState, after: &GameState, at_move: u64) -> Option<Reveal> {
    let (was, now) = (Cards::of(before), Cards::of(after));
    let mut names = Vec::new();
    for (name, &n) in &now.shown {
        let before = was.shown.get(name).copied().unwrap_or(0);
        names.extend(std::iter::repeat_n(name.clone(), n.saturating_sub(before)));
    }
    (!names.is_empty() || now.blank < was.blank).then_some(Reveal { at_move, names })
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use fray_proto::fray::v1::{Card, Creature, Player};

    use super::*;

    fn card(name: &str) -> Card {
        Card {
            name: name.into(),
            id: if name.is_empty() { String::new() } else { format!("{name}-1") },
            ..Default::default()
        }
    }

    fn view(hand: &[&str], deck: usize, creatures: &[&str]) -> GameState {
        let player = Player {
            hand: hand.iter().map(|n| card(n)).collect(),
            deck: (0..deck).map(|_| card("")).collect(),
            ..Default::default()
        };
        let creatures =
            creatures.iter().map(|n| Creature { id: format!("c-{n}"), name: (*n).into(), ..Default::default() });
        GameState { players: vec![player], creatures: creatures.collect(), ..Default::default() }
    }

    #[test]
    fn a_card_drawn_is_a_reveal_and_a_card_played_from_hand_is_not() {
        let start = view(&["Imp", "Imp"], 3, &[]);
        // Drawing a third Imp shows one Imp more.
        let drawn = view(&["Imp", "Imp", "Imp"], 2, &[]);
        assert_eq!(revealed(&start, &drawn, 4), Some(Reveal { at_move: 4, names: vec!["Imp".into()] }));
        // Summoning an Imp moves its name from the hand to the field.
        let summoned = view(&["Imp"], 3, &["Imp"]);
        assert_eq!(revealed(&start, &summoned, 0), None);
        // A bot's card played face up is a name never shown before.
        let troll = view(&["Imp", "Imp"], 3, &["Troll"]);
        assert_eq!(revealed(&start, &troll, 1).unwrap().to_string(), "Troll");
        // A blank card gone (turned up where its name is not counted) is a hidden card.
        let fewer = view(&["Imp", "Imp"], 2, &[]);
        assert_eq!(revealed(&start, &fewer, 2).unwrap().to_string(), "a hidden card");
        assert_eq!(Reveal { at_move: 0, names: vec!["A".into(), "B".into(), "C".into()] }.to_string(), "A, B and C");
    }
}
