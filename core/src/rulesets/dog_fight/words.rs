//! Dog Fight in words: its actions, events and phases as a player reads them
//! ([`crate::words`]). A vessel is named with its controller ("your Fighter"); a card
//! by its name where the viewer sees it (`dogfight.hidden`: a card in another player's
//! hand is "a card"; a played card is open).

use super::event::DfEvent;
use super::{DfAction, DfCard, DfEffect, DogFightState};
use crate::event::Event;
use crate::state::{CreatureId, Phase, PlayerId};
use crate::words::{Voice, Words, phase_table, shared_event};

impl DogFightState {
    /// The card `id` and whose hand holds it (`None`: a discard, open to all).
    fn card(&self, id: &CreatureId) -> Option<(&DfCard, Option<PlayerId>)> {
        self.sides.iter().enumerate().find_map(|(p, side)| {
            let held = side.hand.iter().find(|c| c.id == *id).map(|c| (c, Some(PlayerId(p as u8))));
            held.or_else(|| side.discard.iter().find(|c| c.id == *id).map(|c| (c, None)))
        })
    }
}

impl Words for DogFightState {
    const PHASES: &'static [(Phase, &'static str)] = &PHASES;

    fn piece(&self, id: &CreatureId, voice: &Voice) -> Option<String> {
        if let Some((_, v)) = self.vessel(id) {
            return Some(format!("{} {}", voice.whose(v.controller), v.name));
        }
        Some(match self.card(id)? {
            (_, Some(holder)) if !voice.sees_own(holder) => "a card".to_owned(),
            (card, _) => format!("{}: {}", card.name, effect_text(card.effect, card.amount)),
        })
    }

    fn event_words(&self, before: &Self, event: &Event<DfEvent>, voice: &Voice) -> String {
        let c = |id: &CreatureId| self.named(before, id, voice);
        match &event.kind {
            DfEvent::Shared(e) => shared_event(e, voice, &c, &|p| self.phase_words(p)),
            DfEvent::AttackDeclared { attacker, defender, strength } => {
                format!("{} attacks {} with strength {strength}", c(attacker), c(defender))
            }
            DfEvent::CardPlayed { player, card, effect, amount } => {
                let name = [self, before]
                    .into_iter()
                    .find_map(|s| s.card(card))
                    .map_or_else(|| effect_name(*effect).to_owned(), |(c, _)| c.name.to_string());
                format!("{} {name} ({})", voice.does(*player, "play", "plays"), effect_text(*effect, *amount))
            }
            DfEvent::ResponsePassed { player } => voice.does(*player, "pass", "passes"),
            DfEvent::AttackMissed { attacker, defender, by } => {
                format!("{}'s attack on {} fails: {}", c(attacker), c(defender), by.replace('_', " "))
            }
            DfEvent::DamageMitigated { target, layer, amount } => {
                format!("{amount} damage stopped by {}'s {layer}", c(target))
            }
            DfEvent::DamageDealt { source, target, amount } => {
                format!("{} deals {amount} damage to {}", c(source), c(target))
            }
            DfEvent::VesselDestroyed { vessel } => format!("{} is destroyed", c(vessel)),
        }
    }

    fn action_words(&self, action: DfAction, voice: &Voice) -> String {
        let vessel = |i: u8| {
            self.vessels.get(usize::from(i)).map_or_else(|| "a vessel".to_owned(), |v| self.named(self, &v.id, voice))
        };
        match action {
            DfAction::Attack { attacker, defender } => format!("attack {} with {}", vessel(defender), vessel(attacker)),
            DfAction::Play(i) => {
                let option = self.pending.as_ref().and_then(|p| p.options.get(usize::from(i)));
                format!("play {}", option.map_or_else(|| "a card".to_owned(), |id| self.named(self, id, voice)))
            }
            DfAction::Pass => "pass".to_owned(),
            DfAction::EndPhase => "end the turn".to_owned(),
        }
    }
}

/// What a card does: `+2 damage`, `the attack misses`, `+2 armor against this attack`,
/// `2 damage to the attacking vessel`, `negates the attack`.
fn effect_text(effect: DfEffect, amount: i32) -> String {
    match effect {
        DfEffect::DirectHit => format!("+{amount} damage"),
        DfEffect::EvasiveManeuvers => "the attack misses".to_owned(),
        DfEffect::ArmorBoost => format!("+{amount} armor against this attack"),
        DfEffect::ReturnFire => format!("{amount} damage to the attacking vessel"),
        DfEffect::Negate => "negates the attack".to_owned(),
    }
}

/// A card's effect by name: `Direct Hit`, `Evasive Maneuvers`, ...
fn effect_name(effect: DfEffect) -> &'static str {
    match effect {
        DfEffect::DirectHit => "Direct Hit",
        DfEffect::EvasiveManeuvers => "Evasive Maneuvers",
        DfEffect::ArmorBoost => "Armor Boost",
        DfEffect::ReturnFire => "Return Fire",
        DfEffect::Negate => "Negate",
    }
}

/// Every phase in this ruleset's words, as the catalogue lists them.
pub(crate) const PHASES: [(Phase, &str); 6] = phase_table("begin", "attacks", "deployment");

/// What each card effect does and who may play it, for the catalogue's glossary.
pub(crate) const GLOSSARY: &str = "\
Direct Hit — the attacker's player, into their own attack: N more damage
Evasive Maneuvers — the target's player: the attack misses
Armor Boost — the target's player: N more armor against this attack
Return Fire — the target's player: N damage to the attacking vessel
Negate — anyone but the attacker's player: the attack is negated, no damage
";

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalogue::glossary_entries;

    #[test]
    fn the_glossary_names_every_card_effect() {
        for &e in DfEffect::ALL {
            assert!(glossary_entries(GLOSSARY).any(|(term, _)| term == effect_name(e)), "{e:?}");
        }
    }
}
