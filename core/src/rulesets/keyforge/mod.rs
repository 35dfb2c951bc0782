//! KeyForge (RULESET_KEYFORGE): fight, damage and destruction timing after the essay
//! "How Fighting, Damage, and Destruction work in KeyForge" (seed 001), with the
//! readings docs/rules.md settles. docs/rules.md lists every rule id with its source.
//!
//! Each player has a battleline (an ordered row; the ends are the flanks), an amber
//! pool, keys and a discard. A creature has power, armor (spent for the turn as it
//! prevents damage), damage, ward, stun, exhaustion, captured amber, keywords (taunt,
//! elusive, skirmish, poison, assault N, hazardous N, invulnerable) and abilities as
//! data (a trigger times an effect times a target).
//!
//! A fight ([`resolve`]), as the seed's combined chart orders it:
//! 1. `keyforge.fight.declare`: the active player exhausts a ready creature and chooses
//!    an enemy creature to fight (`keyforge.fight.target`; `keyforge.keyword.taunt`:
//!    not a neighbor of a taunt creature unless it has taunt too). A stunned creature
//!    only exhausts and loses its stun (`keyforge.stun`). Choosing an elusive creature
//!    uses its elusive for the turn (`keyforge.keyword.elusive`).
//! 2. `keyforge.fight.pre_fight`: assault (`keyforge.keyword.assault`), hazardous
//!    (`keyforge.keyword.hazardous`) and Before Fight: abilities resolve in the order
//!    the active player chooses (DECISION_KIND_ORDER, `keyforge.order`, asked while two
//!    or more are pending). If either creature leaves play there, the window closes:
//!    no exchange and no Fight: abilities (`keyforge.fight.cut_short`).
//! 3. `keyforge.fight.exchange`: each creature sets pending damage equal to its power,
//!    at once; an attacker with skirmish takes none (`keyforge.keyword.skirmish`); an
//!    elusive defender fought for the first time this turn makes both set none.
//!    Power damage from a poison creature that lands destroys (`keyforge.keyword.poison`).
//! 4. `keyforge.fight.post_fight`: the attacker's Fight: abilities (only if the exchange
//!    happened and it survived) and After Fight: abilities, in the active player's
//!    order; then `keyforge.fight.end`.
//!
//! Every damage source follows the damage chart ([`resolve`]): `keyforge.damage.pending`,
//! `.prevent` (invulnerable), `.ward` (removes all pending damage and the ward),
//! `.armor` (reduces it and is spent for the turn), `.apply` (damage >= power tags it,
//! `keyforge.damage.destroy`), then After Damaged abilities (`keyforge.ability.after_damaged`).
//! Every destruction follows the destruction chart: `keyforge.destroy.tag` (a ward saves
//! the creature and is discarded, `keyforge.destroy.ward`), Destroyed: abilities in the
//! active player's order (`keyforge.ability.destroyed`; creatures tagged meanwhile join
//! the same window), `keyforge.destroy.leave_play` (all together, names to their owners'
//! discards, amber on them to the controller's opponent: `keyforge.destroy.amber`), then
//! After a creature is destroyed abilities (`keyforge.ability.after_destroyed`).
//!
//! Resolution stops only at decisions (ORDER, and TARGET for ABILITY_TARGET_CHOSEN,
//! `keyforge.ability.target`); what is left travels in the state as a stack of steps
//! ([`Step`]), so the service keeps nothing between calls. The skirmish turn is in
//! [`turn`], the scenarios in [`skirmish`]; [`view`] says what each seat may see of the
//! events (all of them: nothing is hidden).

pub mod event;
pub mod game;
pub mod resolve;
pub mod setup;
pub mod skirmish;
pub mod turn;
pub mod view;
pub mod words;

pub use setup::{
    AbilitySetup, KeyforgeActionSetup, KeyforgeBoardSetup, KeyforgeCreatureSetup, KeyforgeFightSetup, KeyforgeSetup,
    KeyforgeSideSetup, KeyforgeStepSetup, KeyforgeStrikeSetup,
};
use std::sync::Arc;

use crate::state::{CreatureId, PlayerId, wire_enum};
use crate::turn::TurnHeader;

/// Rule ids, as cited in docs/rules.md and carried by events.
pub mod rule {
    /// Fight step 1: exhaust a ready creature and choose the creature it fights.
    pub const FIGHT_DECLARE: &str = "keyforge.fight.declare";
    /// Only a ready (not exhausted) creature can be used.
    pub const READY: &str = "keyforge.use.ready";
    /// The attacked creature is an enemy creature in play.
    pub const FIGHT_TARGET: &str = "keyforge.fight.target";
    /// Fight step 2: assault, hazardous and Before Fight: abilities, in the active
    /// player's order.
    pub const PRE_FIGHT: &str = "keyforge.fight.pre_fight";
    /// A fighting creature left play before the exchange: no exchange, no Fight:.
    pub const CUT_SHORT: &str = "keyforge.fight.cut_short";
    /// Fight step 3: the simultaneous power exchange.
    pub const EXCHANGE: &str = "keyforge.fight.exchange";
    /// Fight step 4: Fight: and After Fight: abilities.
    pub const POST_FIGHT: &str = "keyforge.fight.post_fight";
    /// The fight is over.
    pub const FIGHT_END: &str = "keyforge.fight.end";
    /// Taunt: a neighbor of a taunt creature cannot be fought unless it has taunt.
    pub const TAUNT: &str = "keyforge.keyword.taunt";
    /// Elusive: the first fight against it each turn exchanges no damage.
    pub const ELUSIVE: &str = "keyforge.keyword.elusive";
    /// Skirmish: the attacker takes no damage in the exchange.
    pub const SKIRMISH: &str = "keyforge.keyword.skirmish";
    /// Poison: power damage that lands destroys.
    pub const POISON: &str = "keyforge.keyword.poison";
    /// Assault N: before the fight, N damage to the attacked creature.
    pub const ASSAULT: &str = "keyforge.keyword.assault";
    /// Hazardous N: before the fight, N damage to the attacker.
    pub const HAZARDOUS: &str = "keyforge.keyword.hazardous";
    /// Using a stunned creature exhausts it and removes the stun; nothing else happens.
    pub const STUN: &str = "keyforge.stun";
    /// Damage step 1: pending damage.
    pub const DAMAGE_PENDING: &str = "keyforge.damage.pending";
    /// Damage step 2: prevention (invulnerable).
    pub const DAMAGE_PREVENT: &str = "keyforge.damage.prevent";
    /// Damage step 3: a ward removes all pending damage and is discarded.
    pub const DAMAGE_WARD: &str = "keyforge.damage.ward";
    /// Damage step 4: armor reduces pending damage and is spent for the turn.
    pub const DAMAGE_ARMOR: &str = "keyforge.damage.armor";
    /// Damage step 5: the rest lands.
    pub const DAMAGE_APPLY: &str = "keyforge.damage.apply";
    /// Damage step 5: damage >= power tags the creature for destruction.
    pub const DAMAGE_DESTROY: &str = "keyforge.damage.destroy";
    /// Destruction step 1: tagged for destruction (EFFECT_DESTROY).
    pub const DESTROY_TAG: &str = "keyforge.destroy.tag";
    /// Destruction step 1: a ward is discarded instead of the creature being tagged.
    pub const DESTROY_WARD: &str = "keyforge.destroy.ward";
    /// Destruction step 3: the tagged creatures leave play together.
    pub const LEAVE_PLAY: &str = "keyforge.destroy.leave_play";
    /// Amber on a creature leaving play goes to its controller's opponent.
    pub const LEAVE_AMBER: &str = "keyforge.destroy.amber";
    /// Before Fight: abilities.
    pub const ABILITY_BEFORE_FIGHT: &str = "keyforge.ability.before_fight";
    /// Fight: abilities.
    pub const ABILITY_FIGHT: &str = "keyforge.ability.fight";
    /// After Fight: abilities.
    pub const ABILITY_AFTER_FIGHT: &str = "keyforge.ability.after_fight";
    /// Reap: abilities.
    pub const ABILITY_REAP: &str = "keyforge.ability.reap";
    /// Destroyed: abilities (destruction step 2).
    pub const ABILITY_DESTROYED: &str = "keyforge.ability.destroyed";
    /// After this creature is dealt damage (damage step 6).
    pub const ABILITY_AFTER_DAMAGED: &str = "keyforge.ability.after_damaged";
    /// After a creature is destroyed (destruction step 4).
    pub const ABILITY_AFTER_DESTROYED: &str = "keyforge.ability.after_destroyed";
    /// The active player orders items pending together (DECISION_KIND_ORDER).
    pub const ORDER: &str = "keyforge.order";
    /// An ABILITY_TARGET_CHOSEN ability's controller chooses (DECISION_KIND_TARGET).
    pub const TARGET: &str = "keyforge.ability.target";
    /// EFFECT_GAIN_AMBER, EFFECT_STEAL_AMBER, EFFECT_CAPTURE_AMBER, EFFECT_LOSE_AMBER.
    pub const EFFECT_AMBER: &str = "keyforge.effect.amber";
    /// EFFECT_GAIN_WARD.
    pub const EFFECT_WARD: &str = "keyforge.effect.gain_ward";
    /// EFFECT_STUN.
    pub const EFFECT_STUN: &str = "keyforge.effect.stun";
    /// EFFECT_RETURN_TO_HAND.
    pub const EFFECT_RETURN: &str = "keyforge.effect.return_to_hand";
    /// Reaping: exhaust, gain 1 amber, Reap: abilities.
    pub const REAP: &str = "keyforge.reap";
    /// A pending decision must be answered first.
    pub const DECISION_PENDING: &str = "keyforge.decision.pending";
    /// The start of a turn: 6 amber forges a key.
    pub const FORGE: &str = "keyforge.turn.forge";
    /// 3 keys win.
    pub const WIN: &str = "keyforge.turn.win";
    /// The end of a turn: everything readies, armor and elusive reset.
    pub const TURN_END: &str = "keyforge.turn.end";
    /// Moving between phases.
    pub const PHASE: &str = "keyforge.turn.phase";
    /// With a phase set, creatures are used only in PHASE_EVENT.
    pub const EVENT_PHASE: &str = "keyforge.turn.event_phase";
    /// Only the active player's creatures are used.
    pub const ACTIVE_PLAYER: &str = "keyforge.turn.active_player";
    /// A bare board (phase unset) has no turn structure: only fights.
    pub const BARE: &str = "keyforge.turn.bare";
    /// The game is a draw once turn 60 ends.
    pub const TURN_LIMIT: &str = "keyforge.turn.limit";
    /// The game is a draw when no creature is left and no key can be forged.
    pub const STALEMATE: &str = "keyforge.turn.stalemate";
    /// The game is a draw once 5 rounds pass without progress.
    pub const NO_PROGRESS: &str = "keyforge.turn.no_progress";
    /// No action once the game is over.
    pub const GAME_OVER: &str = "keyforge.game_over";
    /// Starting a skirmish game.
    pub const SETUP: &str = "keyforge.setup";
}

/// Amber a key costs.
pub const KEY_COST: i32 = 6;
/// Keys that win the game.
pub const KEYS_TO_WIN: i32 = 3;

wire_enum! {
    /// When an ability triggers.
    Trigger {
        /// Before Fight: (fight step 2, the attacker's).
        BeforeFight = 1 => "TRIGGER_BEFORE_FIGHT",
        /// Fight: (fight step 4, only after an exchange, the attacker's).
        Fight = 2 => "TRIGGER_FIGHT",
        /// After Fight: (fight step 4, the attacker's).
        AfterFight = 3 => "TRIGGER_AFTER_FIGHT",
        /// Reap:.
        Reap = 4 => "TRIGGER_REAP",
        /// Destroyed: (destruction step 2, while tagged).
        Destroyed = 5 => "TRIGGER_DESTROYED",
        /// After this creature is dealt damage (damage step 6).
        AfterDamaged = 6 => "TRIGGER_AFTER_DAMAGED",
        /// After any creature is destroyed (destruction step 4).
        AfterAnyDestroyed = 7 => "TRIGGER_AFTER_ANY_DESTROYED",
    }
}

wire_enum! {
    /// What an ability does.
    Effect {
        /// Deal N damage to each target creature.
        DealDamage = 1 => "EFFECT_DEAL_DAMAGE",
        /// The target player gains N amber from the supply.
        GainAmber = 2 => "EFFECT_GAIN_AMBER",
        /// The target player steals N amber from the other player.
        StealAmber = 3 => "EFFECT_STEAL_AMBER",
        /// Each target creature captures N amber from its controller's opponent.
        CaptureAmber = 4 => "EFFECT_CAPTURE_AMBER",
        /// The target player loses N amber to the supply.
        LoseAmber = 5 => "EFFECT_LOSE_AMBER",
        /// Each target creature gains a ward.
        GainWard = 6 => "EFFECT_GAIN_WARD",
        /// Each target creature is stunned.
        Stun = 7 => "EFFECT_STUN",
        /// Each target creature is destroyed.
        Destroy = 8 => "EFFECT_DESTROY",
        /// Each target creature returns to its owner's hand.
        ReturnToHand = 9 => "EFFECT_RETURN_TO_HAND",
    }
}

impl Effect {
    /// Whether the effect acts on a player's pool (its target names a player).
    pub fn on_player(self) -> bool {
        matches!(self, Effect::GainAmber | Effect::StealAmber | Effect::LoseAmber)
    }
}

wire_enum! {
    /// Whom an ability affects.
    AbilityTarget {
        /// The ability's creature.
        This = 1 => "ABILITY_TARGET_SELF",
        /// The creature it fought (the other creature of the fight it is in).
        Fought = 2 => "ABILITY_TARGET_FOUGHT",
        /// That creature and its neighbors.
        FoughtAndNeighbors = 3 => "ABILITY_TARGET_FOUGHT_AND_NEIGHBORS",
        /// Each creature of the ability's controller's opponent.
        EachEnemy = 4 => "ABILITY_TARGET_EACH_ENEMY",
        /// Each creature in play.
        EachCreature = 5 => "ABILITY_TARGET_EACH_CREATURE",
        /// A creature the ability's controller chooses (DECISION_KIND_TARGET).
        Chosen = 6 => "ABILITY_TARGET_CHOSEN",
        /// The ability's controller.
        Controller = 7 => "ABILITY_TARGET_CONTROLLER",
        /// The controller's opponent.
        Opponent = 8 => "ABILITY_TARGET_OPPONENT",
    }
}

impl AbilityTarget {
    /// Whether the target names a player (not creatures).
    pub fn is_player(self) -> bool {
        matches!(self, AbilityTarget::Controller | AbilityTarget::Opponent)
    }
}

wire_enum! {
    /// Where a fight resumes.
    FightStage {
        /// The pre-fight window is resolving; then the exchange.
        Exchange = 1 => "KEYFORGE_FIGHT_STAGE_EXCHANGE",
        /// Then Fight: and After Fight: abilities.
        PostFight = 2 => "KEYFORGE_FIGHT_STAGE_POST_FIGHT",
        /// The post-fight window is resolving; then the fight ends.
        End = 3 => "KEYFORGE_FIGHT_STAGE_END",
    }
}

wire_enum! {
    /// Which items a window holds.
    WindowKind {
        /// Assault, hazardous, Before Fight:.
        PreFight = 1 => "KEYFORGE_WINDOW_KIND_PRE_FIGHT",
        /// Fight:, After Fight:.
        PostFight = 2 => "KEYFORGE_WINDOW_KIND_POST_FIGHT",
        /// After this creature is dealt damage.
        AfterDamaged = 3 => "KEYFORGE_WINDOW_KIND_AFTER_DAMAGED",
        /// After a creature is destroyed.
        AfterDestroyed = 4 => "KEYFORGE_WINDOW_KIND_AFTER_DESTROYED",
        /// Reap:.
        Reap = 5 => "KEYFORGE_WINDOW_KIND_REAP",
    }
}

/// An ability: a trigger times an effect times a target.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Ability {
    /// Unique in the state; ORDER options and events name it.
    pub id: CreatureId,
    /// When it triggers.
    pub trigger: Trigger,
    /// What it does.
    pub effect: Effect,
    /// The effect's N (damage, amber); unused by ward, stun, destroy and return.
    pub amount: i32,
    /// Whom it affects.
    pub target: AbilityTarget,
}

/// A creature in a battleline. Its controller is the side it stands in.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct KfCreature {
    /// Unique id.
    pub id: CreatureId,
    /// The card's name.
    pub name: Arc<str>,
    /// Whose discard or hand it goes to.
    pub owner: PlayerId,
    /// Power.
    pub power: i32,
    /// Armor.
    pub armor: i32,
    /// Armor spent this turn.
    pub armor_used: i32,
    /// Damage.
    pub damage: i32,
    /// Ward.
    pub ward: bool,
    /// Stunned.
    pub stunned: bool,
    /// Exhausted.
    pub exhausted: bool,
    /// Captured amber.
    pub amber: i32,
    /// Taunt.
    pub taunt: bool,
    /// Elusive.
    pub elusive: bool,
    /// Elusive used this turn.
    pub elusive_used: bool,
    /// Skirmish.
    pub skirmish: bool,
    /// Poison.
    pub poison: bool,
    /// Assault N.
    pub assault: i32,
    /// Hazardous N.
    pub hazardous: i32,
    /// Invulnerable: cannot be dealt damage.
    pub invulnerable: bool,
    /// Abilities (shared between clones).
    pub abilities: Arc<[Ability]>,
    /// Tagged for destruction (it is in a [`Step::Destruction`]'s list).
    pub tagged: bool,
}

impl KfCreature {
    /// Armor left this turn.
    pub fn armor_left(&self) -> i32 {
        (self.armor - self.armor_used).max(0)
    }

    /// Its abilities with `trigger`.
    pub fn abilities_on(&self, trigger: Trigger) -> impl Iterator<Item = &Ability> {
        self.abilities.iter().filter(move |a| a.trigger == trigger)
    }
}

/// One player's side.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub struct KfSide {
    /// Amber in the pool.
    pub amber: i32,
    /// Forged keys.
    pub keys: i32,
    /// Creatures, left to right.
    pub battleline: Vec<KfCreature>,
    /// Discarded card names, oldest first.
    pub discard: Vec<Arc<str>>,
    /// Card names in hand, oldest first.
    pub hand: Vec<Arc<str>>,
}

/// An item waiting in a window: a keyword of a creature, or an ability.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Item {
    /// The attacker's assault.
    Assault(CreatureId),
    /// The defender's hazardous.
    Hazardous(CreatureId),
    /// An ability, by id.
    Ability(CreatureId),
}

impl Item {
    /// The name ORDER options and events use: `<id>:assault`, `<id>:hazardous`, or the
    /// ability id.
    pub fn name(&self) -> String {
        match self {
            Item::Assault(c) => format!("{c}:assault"),
            Item::Hazardous(c) => format!("{c}:hazardous"),
            Item::Ability(a) => a.to_string(),
        }
    }
}

/// A fight in progress.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Fight {
    /// The creature used to fight.
    pub attacker: CreatureId,
    /// The creature it fights.
    pub defender: CreatureId,
    /// Where it resumes.
    pub stage: FightStage,
    /// Elusive: the exchange deals no damage.
    pub elusive: bool,
    /// The exchange happened.
    pub exchanged: bool,
}

/// One step of a resolution in progress (the stack travels in the state).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Step {
    /// A fight, resumed at its stage once the steps above it are done.
    Fight(Fight),
    /// Items the active player orders.
    Window {
        /// Which items.
        kind: WindowKind,
        /// The items still to resolve.
        items: Vec<Item>,
    },
    /// A destruction: the tagged creatures, and Destroyed: abilities still to resolve.
    Destruction {
        /// Tagged creatures, in tag order.
        tagged: Vec<CreatureId>,
        /// Destroyed: abilities still to resolve.
        items: Vec<Item>,
    },
    /// The ability whose target the pending TARGET decision chooses.
    Target(CreatureId),
}

/// What a pending decision asks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum KfDecisionKind {
    /// Which item resolves next (DECISION_KIND_ORDER).
    Order,
    /// Which creature an ability affects (DECISION_KIND_TARGET).
    Target,
}

/// A decision the resolution waits for; never declinable.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct KfDecision {
    /// Who chooses.
    pub player: PlayerId,
    /// What is chosen.
    pub kind: KfDecisionKind,
    /// Item names (ORDER) or creature ids (TARGET), in a stable order.
    pub options: Vec<CreatureId>,
}

/// A validated KeyForge state: a skirmish game or a bare board.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct KeyforgeState {
    /// `sides[i]` is player i's.
    pub sides: [KfSide; 2],
    /// Whose turn (on a bare board, set to the fighting creature's controller), which
    /// turn and phase (PHASE_EVENT, PHASE_BEGIN, PHASE_GAME_OVER, or unset: a bare
    /// board), the winner, and the turns begun since the last progress
    /// (`keyforge.turn.no_progress`).
    pub header: TurnHeader,
    /// The decision the resolution waits for.
    pub pending: Option<KfDecision>,
    /// The rest of the resolution, [0] = bottom; empty unless a decision is pending.
    pub resolution: Vec<Step>,
}

/// Where a creature stands: its side and its battleline position.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Slot {
    /// The controller.
    pub side: PlayerId,
    /// The position, 0 = left flank.
    pub index: u8,
}

/// A KeyForge action, typed: battleline positions, not ids.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum KfAction {
    /// Use the creature at `attacker` to fight the creature at `defender`.
    Fight {
        /// The creature used.
        attacker: Slot,
        /// The creature fought.
        defender: Slot,
    },
    /// Use the creature at the slot to reap.
    Reap(Slot),
    /// Answer the pending decision with its option at this index.
    Choose(u8),
    /// End the current phase.
    EndPhase,
}

impl KeyforgeState {
    /// The side of `player`.
    pub fn side(&self, player: PlayerId) -> &KfSide {
        &self.sides[player.index()]
    }

    /// The creature at `slot`, if any.
    pub fn at(&self, slot: Slot) -> Option<&KfCreature> {
        self.sides[slot.side.index()].battleline.get(usize::from(slot.index))
    }

    /// Where the creature `id` stands, if it is in play.
    pub fn find(&self, id: &CreatureId) -> Option<Slot> {
        self.sides.iter().enumerate().find_map(|(p, side)| {
            side.battleline.iter().position(|c| c.id == *id).map(|i| Slot { side: PlayerId(p as u8), index: i as u8 })
        })
    }

    /// The creature `id`, if it is in play.
    pub fn creature(&self, id: &CreatureId) -> Option<&KfCreature> {
        self.find(id).and_then(|s| self.at(s))
    }

    /// The creature `id` mutably, if it is in play.
    pub fn creature_mut(&mut self, id: &CreatureId) -> Option<&mut KfCreature> {
        let slot = self.find(id)?;
        self.sides[slot.side.index()].battleline.get_mut(usize::from(slot.index))
    }

    /// Every creature in play with its slot: side 0 left to right, then side 1.
    pub fn creatures(&self) -> impl Iterator<Item = (Slot, &KfCreature)> {
        self.sides.iter().enumerate().flat_map(|(p, side)| {
            side.battleline.iter().enumerate().map(move |(i, c)| (Slot { side: PlayerId(p as u8), index: i as u8 }, c))
        })
    }

    /// The creature holding ability `id` and the ability, if it is in play.
    pub fn ability(&self, id: &CreatureId) -> Option<(Slot, &Ability)> {
        self.creatures().find_map(|(slot, c)| c.abilities.iter().find(|a| a.id == *id).map(|a| (slot, a)))
    }

    /// Whether a creature at `defender` may be chosen to be fought (taunt): a neighbor
    /// of a taunt creature only if it has taunt too.
    pub fn taunt_allows(&self, defender: Slot) -> bool {
        let line = &self.side(defender.side).battleline;
        let i = usize::from(defender.index);
        let Some(d) = line.get(i) else { return false };
        if d.taunt {
            return true;
        }
        let left = i.checked_sub(1).and_then(|j| line.get(j));
        let right = line.get(i + 1);
        !left.is_some_and(|c| c.taunt) && !right.is_some_and(|c| c.taunt)
    }
}

/// What this ruleset offers, for the catalogue.
pub(crate) fn info() -> crate::catalogue::RulesetInfo {
    crate::catalogue::RulesetInfo {
        ruleset: crate::catalogue::Ruleset::Keyforge,
        name: "keyforge",
        description: "KeyForge fight, damage and destruction timing (seed 001)",
        title: "KeyForge",
        how_to_win: "Forge 3 keys: at the start of your turn 6 amber forge a key. Reaping with a creature gains 1 amber; fights clear the other side's creatures. The game is a draw after turn 60, or after 5 rounds without progress.",
        phases: &words::PHASES,
        glossary: words::GLOSSARY,
        scenarios: skirmish::scenario_infos(),
        level_mistakes: crate::catalogue::LevelMistakes::NONE,
    }
}
