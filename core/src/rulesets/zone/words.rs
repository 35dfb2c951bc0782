//! The zone game in words (e:game and Dimensional Rift): its actions, events and
//! phases as a player reads them ([`crate::words`]).
//!
//! A creature is named with its controller: "your Knight", "player 1's Wolf". One
//! face-down on another seat's side is "player 1's face-down creature" to a viewer
//! who may not see it (rule `egame.hidden`); a card in another seat's hand is "a card".

use super::action::Action;
use super::board::ZoneRef;
use super::event::ZoneEvent;
use super::state::{Orientation, ZoneState};
use crate::event::Event;
use crate::state::{CreatureId, DecisionKind, Phase, PlayerId};
use crate::words::{Voice, Words, count, phase_table, shared_event};

impl ZoneState {
    /// A zone from `voice`'s side: `your zone 2`, `player 1's zone 0`.
    fn zone_words(zone: ZoneRef, voice: &Voice) -> String {
        format!("{} zone {}", voice.whose(zone.player), zone.index)
    }

    /// What stands in `zone`, named for `voice`, or that it is empty.
    fn occupant(&self, zone: ZoneRef, voice: &Voice) -> String {
        self.at(zone).map_or_else(|| "empty".to_owned(), |c| self.named(self, &c.id, voice))
    }
}

impl Words for ZoneState {
    const PHASES: &'static [(Phase, &'static str)] = &PHASES;

    fn piece(&self, id: &CreatureId, voice: &Voice) -> Option<String> {
        if id.is_hidden() {
            return Some("a face-down creature".to_owned());
        }
        if let Some(c) = self.find_id(id).and_then(|z| self.at(z)) {
            return Some(if c.face_down && !voice.sees_own(c.owner) {
                format!("{} face-down creature", voice.whose(c.owner))
            } else {
                format!("{} {}", voice.whose(c.owner), c.name)
            });
        }
        self.players.iter().enumerate().find_map(|(p, player)| {
            let card = player.graveyard.iter().find(|c| c.id.as_ref() == Some(id))?;
            Some(format!("{} {}", voice.whose(PlayerId(p as u8)), card.name))
        })
    }

    fn event_words(&self, before: &Self, event: &Event<ZoneEvent>, voice: &Voice) -> String {
        let c = |id: &CreatureId| self.named(before, id, voice);
        match &event.kind {
            ZoneEvent::Shared(e) => shared_event(e, voice, &c, &|p| self.phase_words(p)),
            ZoneEvent::StrikeDeclared { attacker, target } => {
                format!("{} strikes {}", c(attacker), Self::zone_words(*target, voice))
            }
            ZoneEvent::CreatureFlipped { creature } => format!("{} is turned face-up", c(creature)),
            ZoneEvent::BlockerDetermined { attacker, blocker: Some(b), passive: true } => {
                format!("{} blocks {}: it stands in the struck zone", c(b), c(attacker))
            }
            ZoneEvent::BlockerDetermined { attacker, blocker: Some(b), passive: false } => {
                format!("{} steps in to block {}", c(b), c(attacker))
            }
            ZoneEvent::BlockerDetermined { attacker, blocker: None, .. } => {
                format!("{} is not blocked: a direct attack", c(attacker))
            }
            ZoneEvent::StrikeChained { attacker, depth } => {
                format!("{}'s strike goes on the chain ({} on it)", c(attacker), count(*depth, "strike"))
            }
            ZoneEvent::StrikeFizzled { attacker, reason } => format!("{}'s strike fizzles: {reason}", c(attacker)),
            ZoneEvent::DamagePrevented { target, amount: 0, by } => {
                format!("{}'s {by} prevents nothing: a hit deals at least 1", c(target))
            }
            ZoneEvent::DamagePrevented { target, amount, by } => {
                format!("{}'s {by} prevents {amount} damage", c(target))
            }
            ZoneEvent::DamageDealt { source, target, amount } => {
                format!("{} deals {amount} damage to {}", c(source), c(target))
            }
            ZoneEvent::CreatureDestroyed { creature } => format!("{} is destroyed", c(creature)),
            ZoneEvent::PlayerHpLost { player, amount } => {
                format!("{} {amount} HP", voice.does(*player, "lose", "loses"))
            }
            ZoneEvent::CreatureSummoned { creature, zone, face_down: true, .. } => {
                let what = if creature.is_hidden() { "a creature".to_owned() } else { c(creature) };
                format!("{what} is set face-down in {}", Self::zone_words(*zone, voice))
            }
            ZoneEvent::CreatureSummoned { creature, zone, orientation, .. } => {
                format!("{} is summoned into {}{}", c(creature), Self::zone_words(*zone, voice), facing(*orientation))
            }
            ZoneEvent::CardDrawn { player } => format!("{} a card", voice.does(*player, "draw", "draws")),
        }
    }

    fn action_words(&self, action: Action, voice: &Voice) -> String {
        match action {
            Action::Strike { attacker, target } => format!(
                "{} strikes {} ({})",
                self.occupant(attacker, voice),
                Self::zone_words(target, voice),
                self.occupant(target, voice)
            ),
            Action::Choose(zone) => {
                let who = self.occupant(zone, voice);
                match self.pending.as_ref().map(|p| p.kind) {
                    Some(DecisionKind::Block) => format!("block with {who}"),
                    Some(DecisionKind::Fade) => format!("fade {who}: the strike goes through as a direct attack"),
                    _ => format!("choose {who}"),
                }
            }
            Action::Decline => match self.pending.as_ref().map(|p| p.kind) {
                Some(DecisionKind::Block) => "do not block".to_owned(),
                Some(DecisionKind::Fade) => "do not fade: it blocks".to_owned(),
                _ => "decline".to_owned(),
            },
            Action::Summon { hand_index, index, face_down, orientation } => {
                let me = self.header.active_player;
                let zone = Self::zone_words(ZoneRef { player: me, index }, voice);
                let card = self.players[me.index()].hand.get(usize::from(hand_index));
                // A hand card is named to its holder only, even for a face-up summon: the
                // summon's event names it once it is on the table.
                let name = match card {
                    Some(card) if voice.sees_own(me) => card.name.to_string(),
                    _ => "a card".to_owned(),
                };
                if face_down {
                    format!("set {name} face-down into {zone}")
                } else {
                    format!("summon {name} into {zone}{}", facing(orientation))
                }
            }
            Action::EndPhase => match self.header.phase {
                Phase::Event => "end the battle and go to deployment",
                Phase::Deployment => "end deployment without summoning",
                Phase::Begin => "begin the turn",
                Phase::Draw => "draw and pass the turn",
                _ => "end the phase",
            }
            .to_owned(),
        }
    }
}

/// `, facing its right` for a creature turned from forward (its controller's frame:
/// forward faces the other row), else nothing.
fn facing(orientation: Orientation) -> &'static str {
    match orientation {
        Orientation::Forward => "",
        Orientation::Right => ", facing its right",
        Orientation::Back => ", facing backwards",
        Orientation::Left => ", facing its left",
    }
}

/// Every phase in this ruleset's words, as the catalogue lists them.
pub(crate) const PHASES: [(Phase, &str); 6] = phase_table("begin", "battle", "deployment");

/// e:game's keywords, for the catalogue's glossary.
pub(crate) const EGAME_GLOSSARY: &str = "\
Might — a creature's first number (2/3: Might 2, life 3): the damage it deals when blocked or blocking; a strike that no creature blocks costs the zone's controller 1 HP when it is above 0
Evasive — when no creature is in the zone it strikes, its strike cannot be blocked
Fading — struck, its controller may let it fade instead of block: the strike goes through as direct
";

/// Dimensional Rift's keyword, for the catalogue's glossary.
pub(crate) const RIFT_GLOSSARY: &str = "\
Attack Stat — a creature's first number (2/3: Attack 2, life 3): the damage it deals when blocked or blocking, and the HP a strike that no creature blocks costs the zone's controller
Armor — each hit on the creature is that much smaller, but a hit of at least 1 deals at least 1
";
