//! Events: every state change, told as plain data with the rule id that caused it.

use crate::rulesets::dog_fight::DfEffect;
use crate::rulesets::zone::board::ZoneRef;
use crate::rulesets::zone::state::Orientation;
use crate::state::{CreatureId, DecisionKind, Phase, PlayerId};

/// One step of a resolution.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Event {
    /// Stable rule id, e.g. `egame.strike.block.passive`.
    pub rule: &'static str,
    /// What happened.
    pub kind: EventKind,
}

/// A decision as reported in an event: options by creature id.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DecisionView {
    /// Who chooses.
    pub player: PlayerId,
    /// What is chosen.
    pub kind: DecisionKind,
    /// Ids that may be chosen.
    pub options: Vec<CreatureId>,
    /// Whether declining is allowed.
    pub may_decline: bool,
}

/// What happened.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EventKind {
    /// A strike was declared.
    StrikeDeclared {
        /// The attacker.
        attacker: CreatureId,
        /// The zone struck.
        target: ZoneRef,
    },
    /// A face-down creature turned face-up.
    CreatureFlipped {
        /// The creature.
        creature: CreatureId,
    },
    /// Resolution waits for a choice.
    DecisionRequested(DecisionView),
    /// The blocker step ended.
    BlockerDetermined {
        /// The attacker.
        attacker: CreatureId,
        /// The blocker; `None` is a direct attack.
        blocker: Option<CreatureId>,
        /// The creature in the target zone blocked.
        passive: bool,
    },
    /// A strike went on the chain.
    StrikeChained {
        /// The attacker.
        attacker: CreatureId,
        /// Chain length after adding it.
        depth: u32,
    },
    /// A strike fizzled.
    StrikeFizzled {
        /// The attacker.
        attacker: CreatureId,
        /// Why.
        reason: &'static str,
    },
    /// Damage was reduced before landing.
    DamagePrevented {
        /// The creature that would have taken it.
        target: CreatureId,
        /// How much was prevented.
        amount: i32,
        /// What prevented it (`armor`).
        by: &'static str,
    },
    /// Damage landed on a creature.
    DamageDealt {
        /// The creature dealing it.
        source: CreatureId,
        /// The creature taking it.
        target: CreatureId,
        /// Counters added.
        amount: i32,
    },
    /// A creature was destroyed.
    CreatureDestroyed {
        /// The creature.
        creature: CreatureId,
    },
    /// A player lost hit points.
    PlayerHpLost {
        /// The player.
        player: PlayerId,
        /// How many.
        amount: i32,
    },
    /// The game ended.
    GameOver {
        /// The winner; `None` is a draw.
        winner: Option<PlayerId>,
    },
    /// A card from hand entered the field.
    CreatureSummoned {
        /// The new creature.
        creature: CreatureId,
        /// Its zone.
        zone: ZoneRef,
        /// Set face-down.
        face_down: bool,
        /// Its orientation.
        orientation: Orientation,
    },
    /// A player drew a card.
    CardDrawn {
        /// The player.
        player: PlayerId,
    },
    /// The turn moved on.
    PhaseChanged {
        /// The new phase.
        phase: Phase,
        /// The turn.
        turn: u32,
        /// Whose turn.
        active_player: PlayerId,
    },
    /// A face-down card was revealed from a structure (Castle Rampage).
    CardRevealed {
        /// The card.
        card: CreatureId,
        /// `gate` or `castle`.
        structure: &'static str,
    },
    /// A card was destroyed and put into the discard pile (Castle Rampage).
    CardDestroyed {
        /// The card.
        card: CreatureId,
    },
    /// A card went (back) to a structure or a hand (Castle Rampage): a losing defender
    /// face down on top of its structure, a losing Veteran to its owner's hand, a
    /// reinforcement to the bottom of its player's Gate or Castle.
    CardReturned {
        /// The card.
        card: CreatureId,
        /// `gate`, `castle` or `hand`.
        to: &'static str,
    },
    /// An attack ended (Castle Rampage).
    AttackEnded {
        /// The attack strength left when it ended.
        remaining: i32,
    },
    /// Amber moved (KeyForge); amber on a creature counts as its controller's side.
    AmberMoved {
        /// From this player's side; `None`: from the supply.
        from: Option<PlayerId>,
        /// To this player's side; `None`: to the supply.
        to: Option<PlayerId>,
        /// How much (never 0).
        amount: i32,
        /// The creature it moved onto (captured) or off (it left play).
        creature: Option<CreatureId>,
    },
    /// A creature was stunned (KeyForge).
    CreatureStunned {
        /// The creature.
        creature: CreatureId,
    },
    /// A stun was removed (KeyForge).
    StunRemoved {
        /// The creature.
        creature: CreatureId,
    },
    /// A ward was discarded (KeyForge).
    WardRemoved {
        /// The creature.
        creature: CreatureId,
    },
    /// A creature gained a ward (KeyForge).
    WardGained {
        /// The creature.
        creature: CreatureId,
    },
    /// A creature was exhausted by being used (KeyForge).
    CreatureExhausted {
        /// The creature.
        creature: CreatureId,
    },
    /// A creature was used to fight another (KeyForge).
    FightDeclared {
        /// The creature used.
        attacker: CreatureId,
        /// The creature fought.
        defender: CreatureId,
    },
    /// A fight's power exchange: the pending damage each sets (KeyForge).
    FightExchange {
        /// The attacker.
        attacker: CreatureId,
        /// The defender.
        defender: CreatureId,
        /// Pending damage the attacker sets.
        attacker_deals: i32,
        /// Pending damage the defender sets.
        defender_deals: i32,
    },
    /// A fight ended (KeyForge).
    FightEnded {
        /// The attacker.
        attacker: CreatureId,
        /// The defender.
        defender: CreatureId,
        /// The exchange happened.
        exchanged: bool,
    },
    /// A keyword or ability started to resolve (KeyForge).
    AbilityResolved {
        /// `<creature>:assault`, `<creature>:hazardous`, or the ability id.
        ability: String,
        /// The creature it is on.
        creature: CreatureId,
    },
    /// A creature was tagged for destruction (KeyForge).
    CreatureTagged {
        /// The creature.
        creature: CreatureId,
    },
    /// A creature was used to reap (KeyForge).
    Reaped {
        /// The creature.
        creature: CreatureId,
    },
    /// A player forged a key (KeyForge).
    KeyForged {
        /// The player.
        player: PlayerId,
        /// Their keys after forging.
        keys: i32,
    },
    /// A vessel declared an attack (Dog Fight).
    AttackDeclared {
        /// The attacking vessel.
        attacker: CreatureId,
        /// The targeted vessel.
        defender: CreatureId,
        /// The base damage.
        strength: i32,
    },
    /// A card was played into an attack (Dog Fight).
    CardPlayed {
        /// Who played it.
        player: PlayerId,
        /// The card.
        card: CreatureId,
        /// What it does.
        effect: DfEffect,
        /// Its N.
        amount: i32,
    },
    /// A player's window closed (Dog Fight).
    ResponsePassed {
        /// The player.
        player: PlayerId,
    },
    /// An attack did no damage (Dog Fight).
    AttackMissed {
        /// The attacking vessel.
        attacker: CreatureId,
        /// The targeted vessel.
        defender: CreatureId,
        /// `evasive_maneuvers` or `negate`.
        by: &'static str,
    },
    /// A mitigation layer absorbed part of the damage (Dog Fight).
    DamageMitigated {
        /// The vessel.
        target: CreatureId,
        /// `shields`, `armor` or `absorb`.
        layer: &'static str,
        /// How much it absorbed.
        amount: i32,
    },
    /// A vessel was destroyed (Dog Fight).
    VesselDestroyed {
        /// The vessel.
        vessel: CreatureId,
    },
    /// A player has no vessel left (Dog Fight).
    PlayerOut {
        /// The player.
        player: PlayerId,
    },
    /// Damage was set pending above a creature (KeyForge).
    DamagePending {
        /// The creature dealing it.
        source: CreatureId,
        /// The creature it would be dealt to.
        target: CreatureId,
        /// How much.
        amount: i32,
    },
}

/// Where events go. Searches use [`Discard`], which builds none of them.
pub trait EventSink {
    /// Whether events are kept; when false, callers skip building them.
    const RECORDS: bool;
    /// Keeps one event.
    fn push(&mut self, event: Event);
}

impl EventSink for Vec<Event> {
    const RECORDS: bool = true;
    fn push(&mut self, event: Event) {
        Vec::push(self, event);
    }
}

/// A sink that keeps nothing (for rollouts).
#[derive(Debug, Default, Clone, Copy)]
pub struct Discard;

impl EventSink for Discard {
    const RECORDS: bool = false;
    fn push(&mut self, _event: Event) {}
}

/// Records the event `make` builds, building it only if the sink keeps events.
pub(crate) fn emit<S: EventSink>(sink: &mut S, rule: &'static str, make: impl FnOnce() -> EventKind) {
    if S::RECORDS {
        sink.push(Event { rule, kind: make() });
    }
}

impl std::fmt::Display for Event {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{:<38} ", self.rule)?;
        match &self.kind {
            EventKind::StrikeDeclared { attacker, target } => write!(f, "{attacker} strikes zone {target}"),
            EventKind::CreatureFlipped { creature } => write!(f, "{creature} flips face-up"),
            EventKind::DecisionRequested(d) => {
                let options: Vec<&str> = d.options.iter().map(CreatureId::as_str).collect();
                write!(f, "player {} decides {} among [{}]", d.player.0, d.kind, options.join(", "))?;
                if d.may_decline { f.write_str(" or declines") } else { Ok(()) }
            }
            EventKind::BlockerDetermined { attacker, blocker: Some(b), passive } => {
                write!(f, "{b} blocks {attacker}{}", if *passive { " (passive)" } else { "" })
            }
            EventKind::BlockerDetermined { attacker, blocker: None, .. } => write!(f, "{attacker} attacks directly"),
            EventKind::StrikeChained { attacker, depth } => {
                write!(f, "{attacker}'s strike joins the chain (depth {depth})")
            }
            EventKind::StrikeFizzled { attacker, reason } => write!(f, "{attacker}'s strike fizzles: {reason}"),
            EventKind::DamagePrevented { target, amount, by } => write!(f, "{by} prevents {amount} damage to {target}"),
            EventKind::DamageDealt { source, target, amount } => {
                write!(f, "{source} deals {amount} damage to {target}")
            }
            EventKind::CreatureDestroyed { creature } => write!(f, "{creature} is destroyed"),
            EventKind::PlayerHpLost { player, amount } => write!(f, "player {} loses {amount} HP", player.0),
            EventKind::GameOver { winner: Some(w) } => write!(f, "game over: player {} wins", w.0),
            EventKind::GameOver { winner: None } => write!(f, "game over: draw"),
            EventKind::CreatureSummoned { creature, zone, face_down: true, .. } => {
                write!(f, "{creature} is set face-down in zone {zone}")
            }
            EventKind::CreatureSummoned { creature, zone, orientation, .. } => {
                write!(f, "{creature} is summoned in zone {zone} facing {orientation}")
            }
            EventKind::CardDrawn { player } => write!(f, "player {} draws a card", player.0),
            EventKind::PhaseChanged { phase, turn, active_player } => {
                write!(f, "turn {turn}, player {}: {phase}", active_player.0)
            }
            EventKind::CardRevealed { card, structure } => write!(f, "{card} is revealed from the {structure}"),
            EventKind::CardDestroyed { card } => write!(f, "{card} is destroyed"),
            EventKind::CardReturned { card, to } => write!(f, "{card} goes to the {to}"),
            EventKind::AttackEnded { remaining } => write!(f, "the attack ends with strength {remaining} left"),
            EventKind::AmberMoved { from, to, amount, creature } => {
                let side = |p: &Option<PlayerId>| p.map_or("the supply".to_owned(), |p| format!("player {}", p.0));
                write!(f, "{amount} amber moves from {} to {}", side(from), side(to))?;
                match creature {
                    Some(c) => write!(f, " ({c})"),
                    None => Ok(()),
                }
            }
            EventKind::CreatureStunned { creature } => write!(f, "{creature} is stunned"),
            EventKind::StunRemoved { creature } => write!(f, "{creature}'s stun is removed"),
            EventKind::WardRemoved { creature } => write!(f, "{creature}'s ward is discarded"),
            EventKind::WardGained { creature } => write!(f, "{creature} gains a ward"),
            EventKind::CreatureExhausted { creature } => write!(f, "{creature} is exhausted"),
            EventKind::FightDeclared { attacker, defender } => write!(f, "{attacker} fights {defender}"),
            EventKind::FightExchange { attacker, defender, attacker_deals, defender_deals } => write!(
                f,
                "{attacker} sets {attacker_deals} pending damage on {defender}, {defender} sets {defender_deals} on {attacker}"
            ),
            EventKind::FightEnded { attacker, defender, exchanged } => write!(
                f,
                "the fight of {attacker} and {defender} ends{}",
                if *exchanged { "" } else { " without an exchange" }
            ),
            EventKind::AbilityResolved { ability, creature } => write!(f, "{ability} of {creature} resolves"),
            EventKind::CreatureTagged { creature } => write!(f, "{creature} is tagged for destruction"),
            EventKind::Reaped { creature } => write!(f, "{creature} reaps"),
            EventKind::KeyForged { player, keys } => write!(f, "player {} forges a key ({keys} keys)", player.0),
            EventKind::AttackDeclared { attacker, defender, strength } => {
                write!(f, "{attacker} attacks {defender} (strength {strength})")
            }
            EventKind::CardPlayed { player, card, effect, amount } => {
                write!(f, "player {} plays {card} ({effect} {amount})", player.0)
            }
            EventKind::ResponsePassed { player } => write!(f, "player {} passes", player.0),
            EventKind::AttackMissed { attacker, defender, by } => {
                write!(f, "{attacker}'s attack on {defender} fails: {by}")
            }
            EventKind::DamageMitigated { target, layer, amount } => {
                write!(f, "{layer} of {target} absorb {amount} damage")
            }
            EventKind::VesselDestroyed { vessel } => write!(f, "{vessel} is destroyed"),
            EventKind::PlayerOut { player } => write!(f, "player {} is out", player.0),
            EventKind::DamagePending { source, target, amount } => {
                write!(f, "{source} sets {amount} pending damage on {target}")
            }
        }
    }
}
