//! KeyForge in words, shared by the trace and board of `fray resolve` and the person's
//! view of `fray play` and `fray replay` ([`super`]):
//! a creature's keywords and state, its abilities as short sentences, and the items a
//! DECISION_KIND_ORDER decision names.
//!
//! Players are named by a function (`player 1` in a trace, `you` or `the bot` in a
//! game), and verbs agree with the name: "you steal", "the bot steals".

use fray_proto::fray::v1::{
    Ability, AbilityTarget, Effect, KeyforgeBoard, KeyforgeCreature, KeyforgeFight, keyforge_step,
};

/// Amber a key costs (the core's `KEY_COST`).
pub const KEY_COST: i32 = fray_core::rulesets::keyforge::KEY_COST;
/// Keys that win (the core's `KEYS_TO_WIN`).
pub const KEYS_TO_WIN: i32 = fray_core::rulesets::keyforge::KEYS_TO_WIN;

/// Names a player: `player 1`, or `you` and `the bot` from the person's seat.
pub type PlayerName<'a> = &'a dyn Fn(u32) -> String;

/// `base` after `you`, `third` after anyone else: `you steal`, `the bot steals`.
fn verb<'a>(subject: &str, base: &'a str, third: &'a str) -> &'a str {
    if subject == "you" { base } else { third }
}

/// `your`, or `the bot's`, `player 1's`.
pub fn possessive(name: &str) -> String {
    if name == "you" { "your".to_owned() } else { format!("{name}'s") }
}

/// The other seat.
fn other(player: u32) -> u32 {
    1 - player.min(1)
}

/// A trigger as a card prints it: `Fight:`, `Reap:`, `After a creature is destroyed:`
/// (the core's words); `(no trigger):` for a value this build does not know.
pub fn trigger_label(trigger: i32) -> &'static str {
    fray_core::rulesets::keyforge::Trigger::from_wire(trigger)
        .map_or("(no trigger):", fray_core::rulesets::keyforge::words::trigger_label)
}

/// What an ability does, in a sentence from its controller's side, without its trigger:
/// `it captures 1 amber from player 1`, `deal 2 damage to a creature you choose`.
pub fn effect_text(a: &Ability, controller: u32, name: PlayerName<'_>) -> String {
    let me = name(controller);
    let them = name(other(controller));
    let n = a.amount;
    let target = AbilityTarget::try_from(a.target).unwrap_or(AbilityTarget::Unspecified);
    let creatures = match target {
        AbilityTarget::Self_ => "itself".to_owned(),
        AbilityTarget::Fought => "the creature it fought".to_owned(),
        AbilityTarget::FoughtAndNeighbors => "the creature it fought and that creature's neighbors".to_owned(),
        AbilityTarget::EachEnemy => format!("each of {} creatures", possessive(&them)),
        AbilityTarget::EachCreature => "each creature".to_owned(),
        AbilityTarget::Chosen => format!("a creature {me} {}", verb(&me, "choose", "chooses")),
        AbilityTarget::Controller | AbilityTarget::Opponent | AbilityTarget::Unspecified => "no creature".to_owned(),
    };
    let (who, from) = match target {
        AbilityTarget::Opponent => (them.clone(), me.clone()),
        _ => (me.clone(), them.clone()),
    };
    match Effect::try_from(a.effect).unwrap_or(Effect::Unspecified) {
        Effect::Unspecified => "nothing".to_owned(),
        Effect::DealDamage => format!("deal {n} damage to {creatures}"),
        Effect::GainAmber => format!("{who} {} {n} amber", verb(&who, "gain", "gains")),
        Effect::StealAmber => format!("{who} {} {n} amber from {from}", verb(&who, "steal", "steals")),
        Effect::LoseAmber => format!("{who} {} {n} amber", verb(&who, "lose", "loses")),
        Effect::CaptureAmber if target == AbilityTarget::Self_ => format!("it captures {n} amber from {them}"),
        Effect::CaptureAmber => format!("{creatures} captures {n} amber from {them}"),
        Effect::GainWard if target == AbilityTarget::Self_ => "it gains a ward".to_owned(),
        Effect::GainWard => format!("give {creatures} a ward"),
        Effect::Stun => format!("stun {creatures}"),
        Effect::Destroy => format!("destroy {creatures}"),
        Effect::ReturnToHand => format!("return {creatures} to its owner's hand"),
    }
}

/// An ability in short words with its trigger: `Fight: it captures 1 amber from player 1`.
pub fn ability_text(a: &Ability, controller: u32, name: PlayerName<'_>) -> String {
    format!("{} {}", trigger_label(a.trigger), effect_text(a, controller, name))
}

/// A creature's keywords: `taunt`, `elusive` (`elusive, used this turn`), `skirmish`,
/// `poison`, `assault 2`, `hazardous 2`, `invulnerable`.
pub fn keywords(c: &KeyforgeCreature) -> Vec<String> {
    let mut out = Vec::new();
    if c.taunt {
        out.push("taunt".to_owned());
    }
    if c.elusive {
        out.push(if c.elusive_used { "elusive (used this turn)" } else { "elusive" }.to_owned());
    }
    if c.skirmish {
        out.push("skirmish".to_owned());
    }
    if c.poison {
        out.push("poison".to_owned());
    }
    if c.assault > 0 {
        out.push(format!("assault {}", c.assault));
    }
    if c.hazardous > 0 {
        out.push(format!("hazardous {}", c.hazardous));
    }
    if c.invulnerable {
        out.push("invulnerable".to_owned());
    }
    out
}

/// Power, damage and armor: `power 4`, `power 4, 2 damage, armor 1 (spent)`, `armor 1 of 2
/// left`.
pub fn stats(c: &KeyforgeCreature) -> String {
    let mut text = format!("power {}", c.power);
    if c.damage > 0 {
        text.push_str(&format!(", {} damage", c.damage));
    }
    if c.armor > 0 {
        let left = (c.armor - c.armor_used).max(0);
        if left == c.armor {
            text.push_str(&format!(", armor {}", c.armor));
        } else if left == 0 {
            text.push_str(&format!(", armor {} (spent)", c.armor));
        } else {
            text.push_str(&format!(", armor {left} of {} left", c.armor));
        }
    }
    text
}

/// What is on a creature now: `ready` or `exhausted`, `stunned`, `ward`, `2 amber on it`.
pub fn status(c: &KeyforgeCreature) -> Vec<String> {
    let mut out = vec![if c.exhausted { "exhausted" } else { "ready" }.to_owned()];
    if c.stunned {
        out.push("stunned".to_owned());
    }
    if c.ward {
        out.push("ward".to_owned());
    }
    if c.amber > 0 {
        out.push(format!("{} amber on it", c.amber));
    }
    out
}

/// The creature `id` in play: its side, its battleline position and itself.
pub fn find_creature<'a>(board: &'a KeyforgeBoard, id: &str) -> Option<(u32, usize, &'a KeyforgeCreature)> {
    board.sides.iter().enumerate().find_map(|(p, side)| {
        side.battleline.iter().enumerate().find(|(_, c)| c.id == id).map(|(i, c)| (p as u32, i, c))
    })
}

/// The ability `id` in play: its creature's side, the creature, and the ability.
pub fn find_ability<'a>(board: &'a KeyforgeBoard, id: &str) -> Option<(u32, &'a KeyforgeCreature, &'a Ability)> {
    board.sides.iter().enumerate().find_map(|(p, side)| {
        side.battleline.iter().find_map(|c| c.abilities.iter().find(|a| a.id == id).map(|a| (p as u32, c, a)))
    })
}

/// The fight a pending decision waits in, if any (the bottom of the resolution).
pub fn fight_in_progress(board: &KeyforgeBoard) -> Option<&KeyforgeFight> {
    board.resolution.iter().find_map(|s| match &s.step {
        Some(keyforge_step::Step::Fight(f)) => Some(f),
        _ => None,
    })
}

/// An item of a DECISION_KIND_ORDER decision, as its name reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Item<'a> {
    /// `<creature id>:assault`.
    Assault(&'a str),
    /// `<creature id>:hazardous`.
    Hazardous(&'a str),
    /// An ability id.
    Ability(&'a str),
}

impl<'a> Item<'a> {
    /// Reads an item name.
    pub fn parse(name: &'a str) -> Self {
        if let Some(c) = name.strip_suffix(":assault") {
            Item::Assault(c)
        } else if let Some(c) = name.strip_suffix(":hazardous") {
            Item::Hazardous(c)
        } else {
            Item::Ability(name)
        }
    }
}

/// What an ORDER item does, from the state it waits in: `assault 2 (2 damage to
/// thornback)`, `hazardous 2 (2 damage to raider)`, `Fight: ability (it captures 1 amber
/// from player 1)`; `creature` names creatures, `name` players. `None` for an item
/// whose creature or ability is not in play.
pub fn item_effect(
    board: &KeyforgeBoard,
    item: Item<'_>,
    creature: &dyn Fn(&str) -> String,
    name: PlayerName<'_>,
) -> Option<String> {
    let fight = fight_in_progress(board);
    match item {
        Item::Assault(id) => {
            let (_, _, c) = find_creature(board, id)?;
            let on = fight.map_or_else(String::new, |f| format!(" to {}", creature(&f.defender)));
            Some(format!("assault {} ({} damage{on})", c.assault, c.assault))
        }
        Item::Hazardous(id) => {
            let (_, _, c) = find_creature(board, id)?;
            let on = fight.map_or_else(String::new, |f| format!(" to {}", creature(&f.attacker)));
            Some(format!("hazardous {} ({} damage{on})", c.hazardous, c.hazardous))
        }
        Item::Ability(id) => {
            let (side, _, a) = find_ability(board, id)?;
            Some(format!("{} ability ({})", trigger_label(a.trigger), effect_text(a, side, name)))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use fray_proto::fray::v1::Trigger;

    fn ability(trigger: Trigger, effect: Effect, amount: i32, target: AbilityTarget) -> Ability {
        Ability { id: "x".into(), trigger: trigger as i32, effect: effect as i32, amount, target: target as i32 }
    }

    fn seats(p: u32) -> String {
        if p == 0 { "you".to_owned() } else { "the bot".to_owned() }
    }

    fn plain(p: u32) -> String {
        format!("player {p}")
    }

    #[test]
    fn abilities_read_as_short_sentences_with_agreeing_verbs() {
        let steal = ability(Trigger::Reap, Effect::StealAmber, 1, AbilityTarget::Controller);
        assert_eq!(ability_text(&steal, 0, &seats), "Reap: you steal 1 amber from the bot");
        assert_eq!(ability_text(&steal, 1, &seats), "Reap: the bot steals 1 amber from you");
        assert_eq!(ability_text(&steal, 1, &plain), "Reap: player 1 steals 1 amber from player 0");
        let capture = ability(Trigger::Fight, Effect::CaptureAmber, 1, AbilityTarget::Self_);
        assert_eq!(ability_text(&capture, 0, &plain), "Fight: it captures 1 amber from player 1");
        let sprite = ability(Trigger::Destroyed, Effect::DealDamage, 2, AbilityTarget::Chosen);
        assert_eq!(ability_text(&sprite, 1, &seats), "Destroyed: deal 2 damage to a creature the bot chooses");
        assert_eq!(ability_text(&sprite, 0, &seats), "Destroyed: deal 2 damage to a creature you choose");
        let husk = ability(Trigger::AfterDamaged, Effect::LoseAmber, 1, AbilityTarget::Opponent);
        assert_eq!(ability_text(&husk, 1, &seats), "After it is damaged: you lose 1 amber");
        let hex = ability(Trigger::BeforeFight, Effect::DealDamage, 1, AbilityTarget::FoughtAndNeighbors);
        assert_eq!(
            ability_text(&hex, 0, &plain),
            "Before Fight: deal 1 damage to the creature it fought and that creature's neighbors"
        );
        let ward = ability(Trigger::Reap, Effect::GainWard, 0, AbilityTarget::Self_);
        assert_eq!(ability_text(&ward, 0, &seats), "Reap: it gains a ward");
        let stun = ability(Trigger::Reap, Effect::Stun, 0, AbilityTarget::EachEnemy);
        assert_eq!(ability_text(&stun, 0, &seats), "Reap: stun each of the bot's creatures");
        let caller = ability(Trigger::AfterAnyDestroyed, Effect::GainAmber, 1, AbilityTarget::Controller);
        assert_eq!(ability_text(&caller, 0, &seats), "After a creature is destroyed: you gain 1 amber");
    }

    #[test]
    fn a_creature_shows_its_stats_state_and_keywords() {
        let mut c = KeyforgeCreature {
            id: "w".into(),
            power: 4,
            armor: 2,
            taunt: true,
            elusive: true,
            assault: 2,
            ..Default::default()
        };
        assert_eq!(stats(&c), "power 4, armor 2");
        assert_eq!(status(&c), ["ready"]);
        assert_eq!(keywords(&c), ["taunt", "elusive", "assault 2"]);
        c.damage = 3;
        c.armor_used = 1;
        c.exhausted = true;
        c.stunned = true;
        c.ward = true;
        c.amber = 2;
        c.elusive_used = true;
        assert_eq!(stats(&c), "power 4, 3 damage, armor 1 of 2 left");
        assert_eq!(status(&c), ["exhausted", "stunned", "ward", "2 amber on it"]);
        assert_eq!(keywords(&c)[1], "elusive (used this turn)");
        c.armor_used = 2;
        assert_eq!(stats(&c), "power 4, 3 damage, armor 2 (spent)");
    }

    #[test]
    fn order_items_name_their_creature_and_what_they_do() {
        use fray_proto::fray::v1::{KeyforgeSide, KeyforgeStep};
        let raider = KeyforgeCreature { id: "raider".into(), power: 4, assault: 2, ..Default::default() };
        let thorn = KeyforgeCreature { id: "thorn".into(), power: 3, hazardous: 2, ..Default::default() };
        let fight = KeyforgeFight { attacker: "raider".into(), defender: "thorn".into(), ..Default::default() };
        let board = KeyforgeBoard {
            sides: vec![
                KeyforgeSide { battleline: vec![raider], ..Default::default() },
                KeyforgeSide { battleline: vec![thorn], ..Default::default() },
            ],
            resolution: vec![KeyforgeStep { step: Some(keyforge_step::Step::Fight(fight)) }],
        };
        let id = |c: &str| c.to_owned();
        assert_eq!(Item::parse("raider:assault"), Item::Assault("raider"));
        assert_eq!(Item::parse("thorn:hazardous"), Item::Hazardous("thorn"));
        assert_eq!(Item::parse("raider.fight"), Item::Ability("raider.fight"));
        assert_eq!(
            item_effect(&board, Item::Assault("raider"), &id, &plain).as_deref(),
            Some("assault 2 (2 damage to thorn)")
        );
        assert_eq!(
            item_effect(&board, Item::Hazardous("thorn"), &id, &plain).as_deref(),
            Some("hazardous 2 (2 damage to raider)")
        );
        assert_eq!(item_effect(&board, Item::Ability("gone"), &id, &plain), None);
        assert_eq!(find_creature(&board, "thorn").map(|(p, i, _)| (p, i)), Some((1, 0)));
    }
}
