//! Castle Rampage in words: its actions, events and phases as a player reads them
//! ([`crate::words`]). A card is named where the viewer sees it (`castle.hidden.seen`:
//! the discard, their own hand, a card they have seen) and is "a face-down card"
//! elsewhere; a pile by its owner: "your Gate", "player 1's Castle".

use super::event::CastleEvent;
use super::{CastleAction, CastleCard, CastleState, Structure, rule};
use crate::event::Event;
use crate::state::{CreatureId, Phase, PlayerId};
use crate::words::{Voice, Words, phase_table, shared_event};

impl CastleState {
    /// The card `id` wherever it is, if any card of the state has it.
    fn card(&self, id: &CreatureId) -> Option<&CastleCard> {
        self.cards().chain(&self.discard).chain(&self.draw_pile).find(|c| c.id == *id)
    }

    /// A card named whether or not the viewer sees it now (one the rules turned face up
    /// for both players): its name, and with `whose` its owner's too (`the bot's Knight`).
    fn shown(&self, id: &CreatureId, whose: Option<&Voice>) -> String {
        let name = |c: &CastleCard| match whose {
            Some(voice) => format!("{} {}", voice.whose(c.owner), c.name),
            None => c.name.to_string(),
        };
        self.card(id).map_or_else(|| id.to_string(), name)
    }

    /// `player 1's Castle`: the pile `structure` (`gate`, `castle`, `hand`) of the
    /// owner of `card`, or `the Castle` when the card is unknown.
    fn pile(&self, card: &CreatureId, structure: &str, voice: &Voice) -> String {
        let label = label(structure);
        match self.card(card) {
            Some(c) => format!("{} {label}", voice.whose(c.owner)),
            None => format!("the {label}"),
        }
    }

    /// The hand card `hand_index` of `player`, named if the viewer sees it.
    fn hand_card(&self, player: PlayerId, hand_index: u32, voice: &Voice) -> String {
        let card = self.side(player).hand.get(hand_index as usize);
        card.map_or_else(|| "a card".to_owned(), |c| self.named(self, &c.id, voice))
    }
}

impl Words for CastleState {
    const PHASES: &'static [(Phase, &'static str)] = &PHASES;

    fn piece(&self, id: &CreatureId, voice: &Voice) -> Option<String> {
        let card = self.card(id)?;
        let seen = voice.viewer.is_none_or(|v| self.sees(id, v));
        Some(if seen { format!("{} {}", voice.whose(card.owner), card.name) } else { "a face-down card".to_owned() })
    }

    fn event_words(&self, before: &Self, event: &Event<CastleEvent>, voice: &Voice) -> String {
        match &event.kind {
            CastleEvent::Shared(e) => {
                shared_event(e, voice, &|id| self.named(before, id, voice), &|p| self.phase_words(p))
            }
            CastleEvent::CardRevealed { card, structure } => {
                let defense = self.card(card).and_then(|c| Structure::from_name(structure).map(|s| c.defense(s)));
                let defense = defense.map_or_else(String::new, |d| format!(", defense {d}"));
                format!(
                    "the top card of {} is revealed: {}{defense}",
                    self.pile(card, structure, voice),
                    self.shown(card, None)
                )
            }
            CastleEvent::CardDestroyed { card } => {
                format!("{} is destroyed (to the discard)", self.shown(card, Some(voice)))
            }
            CastleEvent::CardReturned { card, to } => {
                let how = match (*to, event.rule) {
                    ("hand", _) => "returns to",
                    (_, rule::REINFORCE) => "goes face-down to the bottom of",
                    _ => "goes back face-down on top of",
                };
                let what = self.named(before, card, voice);
                let pile = match (card.is_hidden(), event.rule) {
                    // Only the reinforcing (active) player's own stacks take a reinforcement.
                    (true, rule::REINFORCE) => format!("{} {}", voice.whose(self.header.active_player), label(to)),
                    (true, _) => format!("the {}", label(to)),
                    (false, _) => self.pile(card, to, voice),
                };
                format!("{what} {how} {pile}")
            }
            CastleEvent::AttackEnded { remaining } => attack_ended(event.rule, *remaining),
            CastleEvent::CardDrawn { player } => format!("{} a card", voice.does(*player, "draw", "draws")),
        }
    }

    fn action_words(&self, action: CastleAction, voice: &Voice) -> String {
        match action {
            CastleAction::Strike { player, hand_index } => {
                // The attack card is played face up: its name is no secret once played,
                // but it is one while it is only a legal action of another player.
                format!("attack with {}", self.hand_card(player, hand_index, voice))
            }
            CastleAction::Reinforce { player, hand_index, structure } => {
                let label = if structure == Structure::Gate { "Gate" } else { "Castle" };
                format!(
                    "put {} at the bottom of {} {label}",
                    self.hand_card(player, hand_index, voice),
                    voice.whose(player)
                )
            }
            CastleAction::EndPhase => match self.header.phase {
                Phase::Deployment => "go to the attacks without reinforcing",
                Phase::Event => "end the turn",
                Phase::Begin => "begin the turn",
                Phase::Draw => "draw 2 cards",
                _ => "end the phase",
            }
            .to_owned(),
        }
    }
}

/// `gate` as `Gate`, `castle` as `Castle`, a hand as `hand`.
fn label(structure: &str) -> &str {
    match structure {
        "gate" => "Gate",
        "castle" => "Castle",
        other => other,
    }
}

/// How an attack ended, by the rule that ended it (`remaining`: the strength it had
/// left then).
fn attack_ended(rule_id: &str, remaining: i32) -> String {
    match rule_id {
        rule::WEAKER => format!("the attack is over: its {remaining} strength fell short of that defense"),
        rule::TIE => "the attack is over: both cards fell, no strength is left".to_owned(),
        rule::BOMBER => "the attack is over: the Bomber took the attacking card with it".to_owned(),
        rule::SABOTEUR => "the attack is over: the Saboteur left it no strength".to_owned(),
        rule::WIN => format!("the last Castle card fell, with {remaining} strength to spare"),
        _ => format!("the attack is over ({remaining} strength was left)"),
    }
}

/// Every phase in this ruleset's words, as the catalogue lists them.
pub(crate) const PHASES: [(Phase, &str); 6] = phase_table("begin", "attacks", "reinforce");

/// What each purple card does, for the catalogue's glossary.
pub(crate) const GLOSSARY: &str = "\
Bomber — destroyed as a defender, it destroys the attacking card too and the attack ends
Saboteur N — destroyed as a defender, the attack's strength drops by N more (2 unless told)
Spy — destroyed in the Gate, the attack skips the rest of the Gate, into the Castle
Veteran — attacking and losing, it returns to its owner's hand instead, and the turn ends
Digger — attacks the Castle even while the Gate has cards
";

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalogue::glossary_entries;

    #[test]
    fn the_glossary_names_every_purple_effect() {
        for e in super::super::CastleEffect::ALL.iter().skip(1) {
            let word = e.wire_name().trim_start_matches("CASTLE_EFFECT_").to_lowercase();
            assert!(glossary_entries(GLOSSARY).any(|(t, _)| t.to_lowercase().starts_with(&word)), "{word}");
        }
    }

    #[test]
    fn an_attack_says_why_it_is_over() {
        assert_eq!(attack_ended(rule::WEAKER, 3), "the attack is over: its 3 strength fell short of that defense");
        assert_eq!(attack_ended(rule::TIE, 0), "the attack is over: both cards fell, no strength is left");
        assert_eq!(attack_ended(rule::WIN, 4), "the last Castle card fell, with 4 strength to spare");
        assert_eq!(label("gate"), "Gate");
    }
}
