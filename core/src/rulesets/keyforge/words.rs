//! KeyForge in words: its actions, events and phases as a player reads them
//! ([`crate::words`]). A creature is named with its controller ("your Raider
//! Captain"); an ability by its creature, its trigger and what it does.
//!
//! Nothing of KeyForge's skirmish is hidden (docs/rules.md: the battlelines are open
//! and no hand is dealt), so the words name everything to every seat.

use super::event::KfEvent;
use super::{Ability, AbilityTarget, Effect, KeyforgeState, KfAction, KfDecisionKind, Trigger, rule};
use crate::event::Event;
use crate::state::{CreatureId, Opponent, Phase, PlayerId};
use crate::words::{Voice, Words, phase_table, shared_event};

impl KeyforgeState {
    /// An ORDER decision's item by name: `your Raider Captain's assault`, or an ability.
    /// (`before`: the state before the action, which still holds a creature it
    /// destroyed, or this state again.)
    fn item_words(&self, before: &Self, name: &CreatureId, voice: &Voice) -> String {
        let text = name.as_str();
        if let Some(c) = text.strip_suffix(":assault") {
            return format!("{}'s assault", self.named(before, &CreatureId::from(c), voice));
        }
        if let Some(c) = text.strip_suffix(":hazardous") {
            return format!("{}'s hazardous", self.named(before, &CreatureId::from(c), voice));
        }
        self.ability_words(before, name, voice)
    }

    /// An ability by id: `your Stormcaller's Reap: ability (stun a creature you
    /// choose)`, found in this state or else in `before`.
    fn ability_words(&self, before: &Self, id: &CreatureId, voice: &Voice) -> String {
        let found = [self, before].into_iter().find_map(|s| s.ability(id).map(|(slot, a)| (s, slot, a)));
        match found {
            Some((state, slot, a)) => {
                let creature = state.at(slot).map_or_else(|| id.to_string(), |c| state.named(state, &c.id, voice));
                format!("{creature}'s {} ability ({})", trigger_label(a.trigger), effect_text(a, slot.side, voice))
            }
            None => format!("ability {id}"),
        }
    }

    /// An AmberMoved event, by what moved it (`rule`).
    fn amber_words(&self, before: &Self, e: &KfEvent, rule_id: &str, voice: &Voice) -> String {
        let KfEvent::AmberMoved { from, to, amount: n, creature } = e else { return String::new() };
        let name = |p: &Option<PlayerId>| p.map_or_else(|| "the supply".to_owned(), |p| voice.player(p));
        match (from, to, creature) {
            (None, Some(to), _) => format!("{} {n} amber", voice.does(*to, "gain", "gains")),
            (Some(from), None, _) if rule_id == rule::FORGE => {
                format!("{} {n} amber", voice.does(*from, "spend", "spends"))
            }
            (Some(from), None, _) => format!("{} {n} amber", voice.does(*from, "lose", "loses")),
            (_, _, Some(c)) if rule_id == rule::EFFECT_AMBER => {
                format!("{} captures {n} amber from {}", self.named(before, c, voice), name(from))
            }
            (_, _, Some(c)) => format!("the {n} amber on {} goes to {}", self.named(before, c, voice), name(to)),
            (Some(from), Some(to), None) if rule_id == rule::EFFECT_AMBER => {
                format!("{} {n} amber from {}", voice.does(*to, "steal", "steals"), voice.player(*from))
            }
            _ => format!("{n} amber moves from {} to {}", name(from), name(to)),
        }
    }
}

impl Words for KeyforgeState {
    const PHASES: &'static [(Phase, &'static str)] = &PHASES;

    fn piece(&self, id: &CreatureId, voice: &Voice) -> Option<String> {
        self.creature(id).map(|c| format!("{} {}", voice.whose(c.owner), c.name))
    }

    fn event_words(&self, before: &Self, event: &Event<KfEvent>, voice: &Voice) -> String {
        let c = |id: &CreatureId| self.named(before, id, voice);
        match &event.kind {
            KfEvent::Shared(e) => {
                let option = |o: &CreatureId| match self.pending.as_ref().map(|p| p.kind) {
                    Some(KfDecisionKind::Order) => self.item_words(before, o, voice),
                    _ => self.named(before, o, voice),
                };
                shared_event(e, voice, &option, &|p| self.phase_words(p))
            }
            e @ KfEvent::AmberMoved { .. } => self.amber_words(before, e, event.rule, voice),
            KfEvent::CreatureStunned { creature } => format!("{} is stunned", c(creature)),
            KfEvent::StunRemoved { creature } => format!("{} shakes off its stun instead of acting", c(creature)),
            KfEvent::WardRemoved { creature } => format!("{}'s ward is discarded", c(creature)),
            KfEvent::WardGained { creature } => format!("{} gains a ward", c(creature)),
            KfEvent::CreatureExhausted { creature } => format!("{} is exhausted", c(creature)),
            KfEvent::FightDeclared { attacker, defender } => format!("{} fights {}", c(attacker), c(defender)),
            KfEvent::FightExchange { attacker, defender, attacker_deals, defender_deals } => format!(
                "{} and {} trade blows: {attacker_deals} damage to {}, {defender_deals} to {}",
                c(attacker),
                c(defender),
                c(defender),
                c(attacker)
            ),
            KfEvent::FightEnded { attacker, defender, exchanged: true } => {
                format!("the fight of {} and {} ends", c(attacker), c(defender))
            }
            KfEvent::FightEnded { attacker, defender, exchanged: false } => {
                format!("the fight of {} and {} ends without an exchange", c(attacker), c(defender))
            }
            KfEvent::DamagePending { source, target, amount } => {
                format!("{} is to deal {amount} damage to {}", c(source), c(target))
            }
            KfEvent::DamageDealt { source, target, amount } => {
                format!("{} deals {amount} damage to {}", c(source), c(target))
            }
            KfEvent::DamagePrevented { target, amount, by } => format!("{}'s {by} prevents {amount} damage", c(target)),
            KfEvent::AbilityResolved { ability, creature } => {
                let id = CreatureId::from(ability.as_str());
                if self.ability(&id).or_else(|| before.ability(&id)).is_some()
                    || ability.ends_with(":assault")
                    || ability.ends_with(":hazardous")
                {
                    format!("{} resolves", self.item_words(before, &id, voice))
                } else {
                    format!("{}'s ability resolves", c(creature))
                }
            }
            KfEvent::CreatureTagged { creature } => format!("{} is marked for destruction", c(creature)),
            KfEvent::CreatureDestroyed { creature } => format!("{} is destroyed", c(creature)),
            KfEvent::CardReturned { card, to } if *to == "hand" => format!("{} returns to its owner's hand", c(card)),
            KfEvent::CardReturned { card, to } => format!("{} goes to its owner's {to}", c(card)),
            KfEvent::Reaped { creature } => format!("{} reaps", c(creature)),
            KfEvent::KeyForged { player, keys } => {
                format!("{} a key ({keys} in all)", voice.does(*player, "forge", "forges"))
            }
        }
    }

    fn action_words(&self, action: KfAction, voice: &Voice) -> String {
        let at =
            |slot| self.at(slot).map_or_else(|| "an empty position".to_owned(), |c| self.named(self, &c.id, voice));
        match action {
            KfAction::Fight { attacker, defender } => format!("fight {} with {}", at(defender), at(attacker)),
            KfAction::Reap(slot) => format!("reap with {}", at(slot)),
            KfAction::Choose(i) => {
                let Some(pending) = &self.pending else { return "choose".to_owned() };
                let Some(option) = pending.options.get(usize::from(i)) else { return "choose".to_owned() };
                match pending.kind {
                    KfDecisionKind::Order => format!("resolve {} next", self.item_words(self, option, voice)),
                    KfDecisionKind::Target => format!("choose {}", self.named(self, option, voice)),
                }
            }
            KfAction::EndPhase => match self.header.phase {
                Phase::Event => "end the turn",
                Phase::Begin => "begin the turn",
                _ => "end the phase",
            }
            .to_owned(),
        }
    }
}

/// A trigger as a card prints it: `Fight:`, `Reap:`, `After a creature is destroyed:`.
pub fn trigger_label(trigger: Trigger) -> &'static str {
    match trigger {
        Trigger::BeforeFight => "Before Fight:",
        Trigger::Fight => "Fight:",
        Trigger::AfterFight => "After Fight:",
        Trigger::Reap => "Reap:",
        Trigger::Destroyed => "Destroyed:",
        Trigger::AfterDamaged => "After it is damaged:",
        Trigger::AfterAnyDestroyed => "After a creature is destroyed:",
    }
}

/// What an ability does, from its controller's side: `it captures 1 amber from
/// player 1`, `deal 2 damage to a creature you choose`.
fn effect_text(a: &Ability, controller: PlayerId, voice: &Voice) -> String {
    let (me, them) = (controller, controller.opponent());
    let n = a.amount;
    let creatures = match a.target {
        AbilityTarget::This => "itself".to_owned(),
        AbilityTarget::Fought => "the creature it fought".to_owned(),
        AbilityTarget::FoughtAndNeighbors => "the creature it fought and that creature's neighbors".to_owned(),
        AbilityTarget::EachEnemy => format!("each of {} creatures", voice.whose(them)),
        AbilityTarget::EachCreature => "each creature".to_owned(),
        AbilityTarget::Chosen => format!("a creature {}", voice.does(me, "choose", "chooses")),
        AbilityTarget::Controller | AbilityTarget::Opponent => "no creature".to_owned(),
    };
    let (who, from) = if a.target == AbilityTarget::Opponent { (them, me) } else { (me, them) };
    match a.effect {
        Effect::DealDamage => format!("deal {n} damage to {creatures}"),
        Effect::GainAmber => format!("{} {n} amber", voice.does(who, "gain", "gains")),
        Effect::StealAmber => format!("{} {n} amber from {}", voice.does(who, "steal", "steals"), voice.player(from)),
        Effect::LoseAmber => format!("{} {n} amber", voice.does(who, "lose", "loses")),
        Effect::CaptureAmber if a.target == AbilityTarget::This => {
            format!("it captures {n} amber from {}", voice.player(them))
        }
        Effect::CaptureAmber => format!("{creatures} captures {n} amber from {}", voice.player(them)),
        Effect::GainWard if a.target == AbilityTarget::This => "it gains a ward".to_owned(),
        Effect::GainWard => format!("give {creatures} a ward"),
        Effect::Stun => format!("stun {creatures}"),
        Effect::Destroy => format!("destroy {creatures}"),
        Effect::ReturnToHand => format!("return {creatures} to its owner's hand"),
    }
}

/// Every phase in this ruleset's words, as the catalogue lists them.
pub(crate) const PHASES: [(Phase, &str); 6] = phase_table("forge a key", "fight or reap", "deployment");

/// Every keyword and ability timing a creature may carry, for the catalogue's glossary.
pub(crate) const GLOSSARY: &str = "\
armor N — cancels up to N damage a turn, then is spent until the turn ends
ward — the next damage to it, or its next destruction, is cancelled, and the ward is gone
stunned — using it (fight or reap) only exhausts it and removes the stun
taunt — its neighbors cannot be fought, unless they have taunt too
elusive — the first fight against it each turn exchanges no damage (assault, hazardous still deal)
skirmish — fighting, it takes no damage in the exchange
poison — its power damage that lands in a fight destroys the creature
assault N — before the fight, N damage to the creature it fights
hazardous N — before the fight, N damage to the creature that fights it
invulnerable — no damage can be dealt to it
Before Fight: — before the exchange, in the order you choose, with assault and hazardous
Fight: — after the exchange, only if it survived
After Fight: — once the fight is over
Reap: — after it reaps (gaining 1 amber)
Destroyed: — as it is destroyed, before it leaves play
After it is damaged: — after damage lands on it
After a creature is destroyed: — after any creature leaves play destroyed
";

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalogue::glossary_entries;
    use crate::rulesets::GameState;

    #[test]
    fn the_glossary_names_every_ability_timing() {
        for &t in Trigger::ALL {
            assert!(glossary_entries(GLOSSARY).any(|(term, _)| term == trigger_label(t)), "{t:?}");
        }
    }

    fn game() -> KeyforgeState {
        match GameState::new_game(crate::Ruleset::Keyforge.wire(), 3, "").map(|(g, _)| g) {
            Ok(GameState::Keyforge(g)) => g,
            other => panic!("no KeyForge game: {other:?}"),
        }
    }

    #[test]
    fn amber_reads_by_what_moved_it() {
        let g = game();
        let moved = |rule: &'static str, from: Option<u8>, to: Option<u8>, creature: Option<&str>| {
            let kind = KfEvent::AmberMoved {
                from: from.map(PlayerId),
                to: to.map(PlayerId),
                amount: 2,
                creature: creature.map(CreatureId::from),
            };
            g.event_words(&g, &Event { rule, kind }, &Voice::seat(PlayerId(0)))
        };
        assert_eq!(moved(rule::REAP, None, Some(0), None), "you gain 2 amber");
        assert_eq!(moved(rule::FORGE, Some(1), None, None), "player 1 spends 2 amber");
        assert_eq!(moved(rule::EFFECT_AMBER, Some(0), None, None), "you lose 2 amber");
        assert_eq!(moved(rule::EFFECT_AMBER, Some(0), Some(1), None), "player 1 steals 2 amber from you");
        assert_eq!(moved(rule::LEAVE_AMBER, Some(0), Some(1), Some("gone")), "the 2 amber on gone goes to player 1");
    }
}
