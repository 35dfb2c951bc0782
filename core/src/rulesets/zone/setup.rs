//! The zone game's unchecked input (plain data shaped like the `fray.v1` messages:
//! enums as wire numbers, references as strings) and its validation into a
//! [`ZoneState`], reporting every problem at once with its field path.
//! Its parts go back the other way (`players_setup`, `creatures_setup`, ...), which
//! [`crate::Game::to_setup`] puts together.

use std::collections::BTreeSet;
use std::sync::Arc;

use super::board::{Board, Dir, ZONE_COUNT, ZONES_PER_PLAYER, ZoneRef, ZoneSet};
use super::state::{
    Arrows, Card, ChainLink, Creature, Keyword, Keywords, Orientation, PendingDecision, Player, Reach, ZoneState,
};
use crate::catalogue::{Ruleset, ruleset_of};
use crate::error::{SetupError, Violations};
use crate::ids::UniqueIds;
use crate::path::FieldPath;
use crate::setup::{ChoiceSetup, DecisionSetup, TurnSetup, seat};
use crate::state::{CreatureId, DecisionKind, Phase, PlayerId};

/// A whole zone-game state as submitted (the `GameState` message's top level, which
/// is the zone game's shape).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ZoneStateSetup {
    /// Ruleset wire number (RULESET_EGAME or RULESET_DIMENSIONAL_RIFT).
    pub ruleset: i32,
    /// Players.
    pub players: Vec<PlayerSetup>,
    /// Creatures on the field.
    pub creatures: Vec<CreatureSetup>,
    /// The turn header, with the pending decision.
    pub header: TurnSetup,
    /// Event counter.
    pub event: u64,
    /// Chain, last = top.
    pub chain: Vec<StrikeSetup>,
}

/// A zone-game action as submitted.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ZoneActionSetup {
    /// Declare a strike.
    Strike(StrikeSetup),
    /// Answer the pending decision.
    Choice(ChoiceSetup),
    /// Summon a card.
    Summon(SummonSetup),
    /// End the phase.
    EndPhase,
    /// No action was set.
    Missing,
}

/// A zone reference as submitted.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ZoneSetup {
    /// The row's player.
    pub player: u32,
    /// The index in the row.
    pub index: u32,
}

/// Arrows as submitted: wire reach numbers, indexed by [`Dir`] (up, up_right, ...).
pub type ArrowsSetup = [i32; 8];

/// A card as submitted.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct CardSetup {
    /// Optional id.
    pub id: String,
    /// Name.
    pub name: String,
    /// Might.
    pub might: i32,
    /// Life.
    pub life: i32,
    /// Armor.
    pub armor: i32,
    /// Keyword wire numbers.
    pub keywords: Vec<i32>,
    /// Arrows; `None` reaches nothing.
    pub arrows: Option<ArrowsSetup>,
}

/// A player as submitted.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PlayerSetup {
    /// Seat; must equal the index.
    pub id: u32,
    /// Hit points.
    pub hp: i32,
    /// Hand.
    pub hand: Vec<CardSetup>,
    /// Deck, [0] = top.
    pub deck: Vec<CardSetup>,
    /// Graveyard.
    pub graveyard: Vec<CardSetup>,
}

impl PlayerSetup {
    /// The card piles by field name: hand, deck, graveyard.
    pub(crate) fn piles(&self) -> [(&'static str, &[CardSetup]); 3] {
        [("hand", &self.hand), ("deck", &self.deck), ("graveyard", &self.graveyard)]
    }

    /// Every card, pile by pile.
    fn cards(&self) -> impl Iterator<Item = &CardSetup> + Clone {
        self.piles().into_iter().flat_map(|(_, cards)| cards)
    }
}

/// A creature as submitted.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct CreatureSetup {
    /// Unique id.
    pub id: String,
    /// Name.
    pub name: String,
    /// Owner.
    pub owner: u32,
    /// Controller.
    pub controller: u32,
    /// Zone; required.
    pub zone: Option<ZoneSetup>,
    /// Might.
    pub might: i32,
    /// Life.
    pub life: i32,
    /// Damage counters.
    pub damage: i32,
    /// Armor.
    pub armor: i32,
    /// Face-down.
    pub face_down: bool,
    /// Keyword wire numbers.
    pub keywords: Vec<i32>,
    /// Arrows; `None` reaches nothing.
    pub arrows: Option<ArrowsSetup>,
    /// Orientation wire number.
    pub orientation: i32,
    /// Acted this Event.
    pub acted: bool,
}

/// A block outcome as submitted.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct OutcomeSetup {
    /// Blocker id; `None` is direct.
    pub blocker: Option<String>,
    /// Passive block.
    pub passive: bool,
}

/// A strike (or chain entry) as submitted.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct StrikeSetup {
    /// Attacker id.
    pub attacker: String,
    /// Target zone.
    pub target: Option<ZoneSetup>,
    /// Defender id (rulesets whose attacks name one).
    pub defender: String,
    /// Chain entries only: the blocker step's result.
    pub outcome: Option<OutcomeSetup>,
}

/// A summon as submitted.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SummonSetup {
    /// Index into the active player's hand.
    pub hand_index: u32,
    /// Target zone.
    pub zone: Option<ZoneSetup>,
    /// Set face-down.
    pub face_down: bool,
    /// Orientation wire number.
    pub orientation: i32,
}

/// Checks a zone reference.
pub(crate) fn zone(v: &mut Violations, field: FieldPath<'_>, z: Option<&ZoneSetup>) -> Option<ZoneRef> {
    let Some(z) = z else {
        v.push(field, "is required");
        return None;
    };
    let player = seat(v, field.field("player"), z.player);
    let index = if z.index < u32::from(ZONES_PER_PLAYER) {
        Some(z.index as u8)
    } else {
        v.push(field.field("index"), format!("zone index {} is out of range 0..4", z.index));
        None
    };
    ZoneRef::new(player?, index?)
}

fn keywords(v: &mut Violations, field: FieldPath<'_>, raw: &[i32]) -> Keywords {
    let mut set = Keywords::default();
    for (i, &n) in raw.iter().enumerate() {
        match Keyword::from_wire(n) {
            Some(k) if set.contains(k) => v.push(field.index(i), || format!("{k} is listed twice")),
            Some(k) => set.insert(k),
            None => v.push(field.index(i), || format!("{n} is not a known Keyword value")),
        }
    }
    set
}

const ARROW_FIELDS: [&str; 8] = ["up", "up_right", "right", "down_right", "down", "down_left", "left", "up_left"];

fn arrows(v: &mut Violations, field: FieldPath<'_>, raw: Option<&ArrowsSetup>) -> Arrows {
    let mut arrows = Arrows::default();
    let Some(raw) = raw else { return arrows };
    for dir in Dir::ALL {
        let n = raw[dir as usize];
        let path = || field.field(ARROW_FIELDS[dir as usize]);
        match Reach::from_wire(n) {
            Some(Reach::Double) if dir.is_diagonal() => {
                v.push(path(), "a diagonal arrow cannot be REACH_DOUBLE (only orthogonal arrows reach to the edge)")
            }
            Some(r) => arrows.set(dir, r),
            None => v.push(path(), || format!("{n} is not a known Reach value")),
        }
    }
    arrows
}

fn stats(v: &mut Violations, field: FieldPath<'_>, life: i32, armor: i32) {
    if life < 1 {
        v.push(field.field("life"), format!("life {life} must be at least 1"));
    }
    if armor < 0 {
        v.push(field.field("armor"), format!("armor {armor} cannot be negative"));
    }
}

fn card(v: &mut Violations, field: FieldPath<'_>, c: &CardSetup) -> Card {
    stats(v, field, c.life, c.armor);
    Card {
        id: (!c.id.is_empty()).then(|| CreatureId(Arc::from(c.id.as_str()))),
        name: Arc::from(c.name.as_str()),
        might: c.might,
        life: c.life,
        armor: c.armor,
        keywords: keywords(v, field.field("keywords"), &c.keywords),
        arrows: arrows(v, field.field("arrows"), c.arrows.as_ref()),
    }
}

fn cards(v: &mut Violations, field: FieldPath<'_>, cs: &[CardSetup]) -> Vec<Card> {
    cs.iter().enumerate().map(|(i, c)| card(v, field.index(i), c)).collect()
}

/// A zone as plain data.
fn zone_setup(z: ZoneRef) -> ZoneSetup {
    ZoneSetup { player: u32::from(z.player.0), index: u32::from(z.index) }
}

/// Arrows as plain data; none at all is `None`.
fn arrows_setup(a: &Arrows) -> Option<ArrowsSetup> {
    (*a != Arrows::default()).then(|| a.0.map(Reach::wire))
}

/// A card as plain data (no id: empty).
fn card_setup(c: &Card) -> CardSetup {
    CardSetup {
        id: c.id.as_ref().map(|id| id.as_str().to_owned()).unwrap_or_default(),
        name: String::from(&*c.name),
        might: c.might,
        life: c.life,
        armor: c.armor,
        keywords: c.keywords.iter().map(Keyword::wire).collect(),
        arrows: arrows_setup(&c.arrows),
    }
}

impl ZoneState {
    /// Validates a submitted e:game / Dimensional Rift state. Every problem is
    /// reported at once; paths are relative to the GameState message.
    pub fn from_setup(s: &ZoneStateSetup) -> Result<ZoneState, SetupError> {
        let ruleset = ruleset_of(s.ruleset)?;
        let mut v = Violations::default();
        if !matches!(ruleset, Ruleset::Egame | Ruleset::DimensionalRift) {
            v.push("ruleset", format!("{ruleset} is not played on the zone board: load it with GameState::from_setup"));
            return Err(SetupError::Invalid(v));
        }

        // Every phase is the zone game's.
        let phase = s.header.phase(&mut v, Ok);
        let over = phase == Phase::GameOver;

        unique_ids(&mut v, s);

        let players = players(&mut v, s, ruleset, over);

        // Creatures.
        let mut zones: [[Option<Creature>; ZONES_PER_PLAYER as usize]; 2] = Default::default();
        // The first creature submitted in each zone, by slot.
        let mut occupied: [Option<usize>; ZONE_COUNT] = [None; ZONE_COUNT];
        let creatures_path = FieldPath::new("creatures");
        for (i, c) in s.creatures.iter().enumerate() {
            let f = creatures_path.index(i);
            if c.id.is_empty() {
                v.push(f.field("id"), "is required");
            }
            let owner = seat(&mut v, f.field("owner"), c.owner);
            let controller = seat(&mut v, f.field("controller"), c.controller);
            let zone = zone(&mut v, f.field("zone"), c.zone.as_ref());
            if let (Some(z), Some(ctl)) = (zone, controller)
                && z.player != ctl
            {
                v.push(
                    f.field("zone").field("player"),
                    format!("the zone is player {}'s but the controller is player {}", z.player.0, ctl.0),
                );
            }
            if let Some(z) = zone {
                match occupied[z.slot()] {
                    Some(first) => v.push(
                        f.field("zone"),
                        format!("zone {z} already holds creatures[{first}]: one creature per zone"),
                    ),
                    None => occupied[z.slot()] = Some(i),
                }
            }
            stats(&mut v, f, c.life, c.armor);
            if c.damage < 0 {
                v.push(f.field("damage"), format!("damage {} cannot be negative", c.damage));
            } else if c.life >= 1 && c.damage >= c.life {
                v.push(
                    f.field("damage"),
                    format!(
                        "damage {} reaches life {}: such a creature is destroyed and cannot be on the field",
                        c.damage, c.life
                    ),
                );
            }
            let orientation = Orientation::from_wire(c.orientation).unwrap_or_else(|| {
                v.push(f.field("orientation"), format!("{} is not a known Orientation value", c.orientation));
                Orientation::Forward
            });
            let keywords = keywords(&mut v, f.field("keywords"), &c.keywords);
            let arrows = arrows(&mut v, f.field("arrows"), c.arrows.as_ref());
            // Only the first creature of a zone is kept (the others are violations).
            let Some(z) = zone.filter(|z| occupied[z.slot()] == Some(i)) else { continue };
            zones[z.player.index()][usize::from(z.index)] = Some(Creature {
                id: CreatureId(Arc::from(c.id.as_str())),
                name: Arc::from(c.name.as_str()),
                owner: owner.unwrap_or(PlayerId(0)),
                might: c.might,
                life: c.life,
                damage: c.damage,
                armor: c.armor,
                face_down: c.face_down,
                keywords,
                arrows,
                orientation,
                acted: c.acted,
                seq: i as u32,
                reach: Board::get().targets(z, &arrows, orientation),
            });
        }

        let header = s.header.check(&mut v, phase);
        let mut state = ZoneState { ruleset, players, zones, header, event: s.event, pending: None, chain: Vec::new() };
        state.chain = chain(&mut v, s);
        state.pending = pending(&mut v, s, &state, over);
        v.into_result(state).map_err(SetupError::Invalid)
    }

    /// The players as plain data: HP and piles, seat by seat.
    pub(crate) fn players_setup(&self) -> Vec<PlayerSetup> {
        let cards = |cs: &[Card]| cs.iter().map(card_setup).collect();
        let player = |(i, p): (usize, &Player)| PlayerSetup {
            id: i as u32,
            hp: p.hp,
            hand: cards(&p.hand),
            deck: cards(&p.deck),
            graveyard: cards(&p.graveyard),
        };
        self.players.iter().enumerate().map(player).collect()
    }

    /// The creatures as plain data, in the order they were submitted (new ones last).
    pub(crate) fn creatures_setup(&self) -> Vec<CreatureSetup> {
        let mut on_field: [Option<(ZoneRef, &Creature)>; ZONE_COUNT] = [None; ZONE_COUNT];
        let mut count = 0;
        for (slot, creature) in on_field.iter_mut().zip(self.creatures()) {
            *slot = Some(creature);
            count += 1;
        }
        on_field[..count].sort_by_key(|entry| entry.map(|(_, c)| c.seq));
        let mut creatures = Vec::with_capacity(count);
        creatures.extend(on_field.iter().flatten().map(|&(z, c)| CreatureSetup {
            id: c.id.as_str().to_owned(),
            name: String::from(&*c.name),
            owner: u32::from(c.owner.0),
            controller: u32::from(z.player.0),
            zone: Some(zone_setup(z)),
            might: c.might,
            life: c.life,
            damage: c.damage,
            armor: c.armor,
            face_down: c.face_down,
            keywords: c.keywords.iter().map(Keyword::wire).collect(),
            arrows: arrows_setup(&c.arrows),
            orientation: c.orientation.wire(),
            acted: c.acted,
        }));
        creatures
    }

    /// The pending decision as plain data (its options as creature ids, in zone order).
    pub(crate) fn pending_setup(&self) -> Option<DecisionSetup> {
        self.pending.map(|d| DecisionSetup {
            player: u32::from(d.player.0),
            kind: d.kind.wire(),
            options: self.option_ids(d.options).into_iter().map(|id| id.as_str().to_owned()).collect(),
            may_decline: d.may_decline,
        })
    }

    /// The chain as plain data, bottom first.
    pub(crate) fn chain_setup(&self) -> Vec<StrikeSetup> {
        let link = |l: &ChainLink| StrikeSetup {
            attacker: l.attacker.as_str().to_owned(),
            target: Some(zone_setup(l.target)),
            defender: String::new(),
            outcome: l.outcome.as_ref().map(|o| OutcomeSetup {
                blocker: o.blocker.as_ref().map(|b| b.as_str().to_owned()),
                passive: o.passive,
            }),
        };
        self.chain.iter().map(link).collect()
    }

    /// The ids of the creatures in `options`, in zone order.
    pub fn option_ids(&self, options: ZoneSet) -> Vec<CreatureId> {
        options.iter().filter_map(|z| self.at(z).map(|c| c.id.clone())).collect()
    }
}

/// Checks the players: exactly 2, each `id` its index, HP above 0 while the game goes on
/// (`over` is false), their cards.
fn players(v: &mut Violations, s: &ZoneStateSetup, ruleset: Ruleset, over: bool) -> [Player; 2] {
    if s.players.len() != 2 {
        v.push("players", format!("needs exactly 2 players for {ruleset}, got {}", s.players.len()));
    }
    let mut players: [Player; 2] = Default::default();
    let players_path = FieldPath::new("players");
    for (i, p) in s.players.iter().enumerate() {
        let f = players_path.index(i);
        if p.id as usize != i {
            v.push(f.field("id"), format!("must equal its index {i}, got {}", p.id));
        }
        if p.hp <= 0 && !over {
            v.push(f.field("hp"), format!("hp {} must be above 0 while the game is not over", p.hp));
        }
        let player = Player {
            hp: p.hp,
            hand: cards(v, f.field("hand"), &p.hand),
            deck: cards(v, f.field("deck"), &p.deck),
            graveyard: cards(v, f.field("graveyard"), &p.graveyard),
        };
        if let Some(slot) = players.get_mut(i) {
            *slot = player;
        }
    }
    players
}

/// Creature ids and card ids are unique across the whole state (card ids are optional).
fn unique_ids(v: &mut Violations, s: &ZoneStateSetup) {
    let card_ids = s.players.iter().flat_map(PlayerSetup::cards).map(|c| c.id.as_str());
    let mut ids = UniqueIds::new(s.creatures.iter().map(|c| c.id.as_str()).chain(card_ids));
    let creatures = FieldPath::new("creatures");
    for (i, c) in s.creatures.iter().enumerate() {
        ids.optional(v, creatures.index(i), &c.id);
    }
    let players = FieldPath::new("players");
    for (p, pl) in s.players.iter().enumerate() {
        let player = players.index(p);
        for (pile, cs) in pl.piles() {
            let pile = player.field(pile);
            for (j, c) in cs.iter().enumerate() {
                ids.optional(v, pile.index(j), &c.id);
            }
        }
    }
}

/// Validates the chain: it only holds the strike whose blocker is being determined
/// while a decision is pending (with no fast effects everything else resolves at once).
fn chain(v: &mut Violations, s: &ZoneStateSetup) -> Vec<ChainLink> {
    let mut out = Vec::new();
    match (s.chain.len(), s.header.pending.is_some()) {
        (0, false) | (1, true) => {}
        (0, true) => v.push("chain", "a pending decision needs the strike it belongs to on top of the chain"),
        (_, false) => v.push(
            "chain",
            "holds strikes but no decision is pending: with no fast effects in play a strike resolves at once (egame.chain)",
        ),
        (n, true) => v.push("chain", format!("holds {n} strikes; only the one whose blocker is being determined can wait")),
    }
    let chain = FieldPath::new("chain");
    for (i, link) in s.chain.iter().enumerate() {
        let f = chain.index(i);
        if link.attacker.is_empty() {
            v.push(f.field("attacker"), "is required");
        }
        if link.outcome.is_some() {
            v.push(f.field("outcome"), "must be unset while the blocker is still being determined");
        }
        if !link.defender.is_empty() {
            v.push(f.field("defender"), "zone-board strikes target a zone, not a named defender");
        }
        if let Some(target) = zone(v, f.field("target"), link.target.as_ref()) {
            out.push(ChainLink { attacker: CreatureId(Arc::from(link.attacker.as_str())), target, outcome: None });
        }
    }
    out
}

/// Validates the pending decision against the strike on the chain.
fn pending(v: &mut Violations, s: &ZoneStateSetup, state: &ZoneState, over: bool) -> Option<PendingDecision> {
    let d = s.header.pending.as_ref()?;
    if over {
        v.push("pending", "no decision can be pending once the game is over");
    }
    let pending_path = FieldPath::new("pending");
    let player = seat(v, pending_path.field("player"), d.player)?;
    let kind = match DecisionKind::from_wire(d.kind) {
        Some(k @ (DecisionKind::Block | DecisionKind::Fade)) => k,
        Some(k) => {
            v.push("pending.kind", format!("{k} is not asked in {}", state.ruleset));
            return None;
        }
        None => {
            v.push("pending.kind", format!("{} is not a known DecisionKind value", d.kind));
            return None;
        }
    };
    let mut options = ZoneSet::default();
    let mut seen = BTreeSet::new();
    let options_path = pending_path.field("options");
    for (i, id) in d.options.iter().enumerate() {
        let f = options_path.index(i);
        if !seen.insert(id.as_str()) {
            v.push(f, format!("{id:?} is listed twice"));
            continue;
        }
        let Some(z) = state.find(id) else {
            v.push(f, format!("no creature with id {id:?} is on the field"));
            continue;
        };
        let Some(c) = state.at(z) else { continue };
        if c.face_down {
            v.push(f, format!("{id:?} is face-down and cannot be chosen"));
        } else if z.player != player {
            v.push(f, format!("{id:?} is not controlled by the choosing player {}", player.0));
        } else if let Some(link) = state.chain.last()
            && kind == DecisionKind::Block
        {
            if c.id == link.attacker {
                v.push(f, format!("{id:?} is the attacker: a creature cannot block its own strike"));
            } else if !state.targets_of(z).contains(link.target) {
                v.push(f, format!("{id:?}'s arrows do not reach the struck zone {}", link.target));
            }
        }
        options.insert(z);
    }
    if d.options.is_empty() {
        v.push("pending.options", "a decision needs at least one option (one with none is never asked)");
    }
    let link = state.chain.last()?;
    match kind {
        DecisionKind::Fade => {
            let holder = state.at(link.target);
            let fading = holder.is_some_and(|c| !c.face_down && c.keywords.contains(Keyword::Fading));
            if state.ruleset != Ruleset::Egame || !fading || options != ZoneSet(1 << link.target.slot()) {
                v.push(
                    "pending",
                    "a DECISION_KIND_FADE decision offers exactly the face-up Fading creature in the struck zone (e:game only)",
                );
            }
            if holder.is_some_and(|_| player != link.target.player) {
                v.push("pending.player", "the Fading creature's controller decides whether it fades");
            }
        }
        DecisionKind::Block if state.at(link.target).is_some() => {
            v.push("pending.kind", "an occupied zone blocks passively: no DECISION_KIND_BLOCK is asked");
        }
        _ => {}
    }
    if !d.may_decline {
        v.push("pending.may_decline", "blocking and fading are optional: these decisions may always be declined");
    }
    Some(PendingDecision { player, kind, options, may_decline: d.may_decline })
}
