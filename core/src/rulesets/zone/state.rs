//! The validated state of an e:game / Dimensional Rift game (the zone board), and the
//! plain value types it is made of.

use std::sync::Arc;

pub use super::board::{Arrows, Orientation, Reach};
use super::board::{ZONES_PER_PLAYER, ZoneRef, ZoneSet};
use crate::catalogue::Ruleset;
use crate::state::{CreatureId, DecisionKind, PlayerId, wire_enum};
use crate::turn::TurnHeader;

wire_enum! {
    /// Creature keywords.
    Keyword {
        /// e:game: unblockable unless the target zone holds a creature.
        Evasive = 1 => "KEYWORD_EVASIVE",
        /// e:game: its controller may let a strike on it through as direct.
        Fading = 2 => "KEYWORD_FADING",
    }
}

/// A set of keywords.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Keywords(u8);

impl Keywords {
    /// Adds `k`.
    pub fn insert(&mut self, k: Keyword) {
        self.0 |= 1 << (k as u8);
    }
    /// True when `k` is in the set.
    pub fn contains(self, k: Keyword) -> bool {
        self.0 & (1 << (k as u8)) != 0
    }
    /// The keywords, in wire order.
    pub fn iter(self) -> impl Iterator<Item = Keyword> {
        Keyword::ALL.iter().copied().filter(move |k| self.contains(*k))
    }
}

impl FromIterator<Keyword> for Keywords {
    fn from_iter<I: IntoIterator<Item = Keyword>>(iter: I) -> Self {
        let mut set = Keywords::default();
        for k in iter {
            set.insert(k);
        }
        set
    }
}

/// A card out of play (hand, deck, graveyard).
#[derive(Debug, PartialEq, Eq, Hash)]
pub struct Card {
    /// Its id, if it has one; a summoned card becomes a creature with this id.
    pub id: Option<CreatureId>,
    /// The card's name.
    pub name: Arc<str>,
    /// Might (Attack Stat).
    pub might: i32,
    /// Life.
    pub life: i32,
    /// Armor (Dimensional Rift).
    pub armor: i32,
    /// Keywords.
    pub keywords: Keywords,
    /// Arrows, relative to FORWARD.
    pub arrows: Arrows,
}

/// A creature on the field. Its zone is where it is stored in [`ZoneState`].
#[derive(Debug, PartialEq, Eq, Hash)]
pub struct Creature {
    /// Unique id.
    pub id: CreatureId,
    /// The card's name.
    pub name: Arc<str>,
    /// Whose graveyard it goes to.
    pub owner: PlayerId,
    /// Might (Attack Stat).
    pub might: i32,
    /// Life.
    pub life: i32,
    /// Damage counters; never cleared.
    pub damage: i32,
    /// Armor (Dimensional Rift).
    pub armor: i32,
    /// Face-down: no arrows and no stats in play.
    pub face_down: bool,
    /// Keywords.
    pub keywords: Keywords,
    /// Arrows, relative to FORWARD.
    pub arrows: Arrows,
    /// Which way it faces.
    pub orientation: Orientation,
    /// Already acted this Event.
    pub acted: bool,
    /// Position in the submitted creature list, so output keeps the caller's order.
    pub seq: u32,
    /// The zones its arrows reach from where it stands (whether face-up or not): a
    /// cache of [`crate::rulesets::zone::board::Board::targets`], set when it enters the field. After
    /// changing its arrows or orientation, call [`ZoneState::refresh_reach`].
    pub reach: ZoneSet,
}

impl Creature {
    /// The card it is, for the graveyard.
    pub fn to_card(&self) -> Card {
        Card {
            id: Some(self.id.clone()),
            name: self.name.clone(),
            might: self.might,
            life: self.life,
            armor: self.armor,
            keywords: self.keywords,
            arrows: self.arrows,
        }
    }
}

/// One player of a zone-board game.
#[derive(Debug, PartialEq, Eq, Default, Hash)]
pub struct Player {
    /// Hit points.
    pub hp: i32,
    /// Cards in hand.
    pub hand: Vec<Card>,
    /// Draw pile, [0] = top.
    pub deck: Vec<Card>,
    /// Graveyard, oldest first.
    pub graveyard: Vec<Card>,
}

/// A decision the rules wait for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct PendingDecision {
    /// Who chooses.
    pub player: PlayerId,
    /// What is chosen.
    pub kind: DecisionKind,
    /// The creatures that may be chosen, by zone.
    pub options: ZoneSet,
    /// Whether declining is allowed.
    pub may_decline: bool,
}

/// The blocker step's result.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct BlockOutcome {
    /// The blocker; `None` is a direct attack.
    pub blocker: Option<CreatureId>,
    /// The creature in the targeted zone blocked.
    pub passive: bool,
}

/// A strike on the chain.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct ChainLink {
    /// The attacker (it may have left the field since).
    pub attacker: CreatureId,
    /// The zone struck.
    pub target: ZoneRef,
    /// Set once the blocker step is over.
    pub outcome: Option<BlockOutcome>,
}

/// The state of an e:game or Dimensional Rift game, or a bare board.
///
/// `clone_from` reuses the target's vectors and shared texts
/// (`state_clone.rs`): search copies a state into a scratch one per action it
/// tries.
#[derive(Debug, PartialEq, Eq, Hash)]
pub struct ZoneState {
    /// `Egame` or `DimensionalRift`.
    pub ruleset: Ruleset,
    /// The two players.
    pub players: [Player; 2],
    /// `zones[player][index]`.
    pub zones: [[Option<Creature>; ZONES_PER_PLAYER as usize]; 2],
    /// Whose turn, which turn and phase, the winner, and the turns begun since the
    /// last progress (`skirmish.no_progress`).
    pub header: TurnHeader,
    /// The Event counter.
    pub event: u64,
    /// The decision waited for, if any.
    pub pending: Option<PendingDecision>,
    /// Strikes not yet resolved, last = top.
    pub chain: Vec<ChainLink>,
}

impl ZoneState {
    /// The creature in `zone`, if any.
    pub fn at(&self, zone: ZoneRef) -> Option<&Creature> {
        self.zones[zone.player.index()][usize::from(zone.index)].as_ref()
    }

    /// The creature in `zone`, mutably.
    pub fn at_mut(&mut self, zone: ZoneRef) -> Option<&mut Creature> {
        self.zones[zone.player.index()][usize::from(zone.index)].as_mut()
    }

    /// Every creature with its zone, in zone order.
    pub fn creatures(&self) -> impl Iterator<Item = (ZoneRef, &Creature)> {
        ZoneRef::all().filter_map(|z| self.at(z).map(|c| (z, c)))
    }

    /// The zone of the creature with id `id`, if it is on the field.
    pub fn find(&self, id: &str) -> Option<ZoneRef> {
        self.zone_where(|c| &*c.id.0 == id)
    }

    /// The zone of the creature `id`, if it is on the field (pointer-fast for clones:
    /// ids are unique in a state, so a creature holding the very same text is the one,
    /// and the texts are compared only when none does).
    pub fn find_id(&self, id: &CreatureId) -> Option<ZoneRef> {
        self.zone_where(|c| Arc::ptr_eq(&c.id.0, &id.0)).or_else(|| self.zone_where(|c| c.id == *id))
    }

    /// The first zone, in zone order, holding a creature that `hit` accepts (a plain
    /// loop: search looks creatures up by id at every strike it resolves).
    fn zone_where(&self, hit: impl Fn(&Creature) -> bool) -> Option<ZoneRef> {
        for (player, side) in (0u8..).zip(&self.zones) {
            for (index, slot) in (0u8..).zip(side) {
                if slot.as_ref().is_some_and(&hit) {
                    return Some(ZoneRef { player: PlayerId(player), index });
                }
            }
        }
        None
    }

    /// The zones a creature in `zone` can target now (none when face-down or absent).
    pub fn targets_of(&self, zone: ZoneRef) -> ZoneSet {
        match self.at(zone) {
            Some(c) if !c.face_down => c.reach,
            _ => ZoneSet::default(),
        }
    }

    /// Recomputes the cached reach of the creature in `zone` from its arrows and
    /// orientation.
    pub fn refresh_reach(&mut self, zone: ZoneRef) {
        if let Some(c) = self.at_mut(zone) {
            c.reach = crate::rulesets::zone::board::Board::get().targets(zone, &c.arrows, c.orientation);
        }
    }
}
