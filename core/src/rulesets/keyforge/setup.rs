//! KeyForge's own plain input ([`KeyforgeSetup`]: the turn, the pending decision and
//! the board; its fights and actions) and its validation into a [`KeyforgeState`]
//! (every violation at once, with field paths relative to the GameState message), and
//! the way back to plain data.
//!
//! The board (the `keyforge` field) holds two sides, and the resolution stack while a
//! decision is pending; the decision itself travels in the shared `pending` field.

use std::collections::BTreeMap;
use std::sync::Arc;

use super::{
    Ability, AbilityTarget, Effect, Fight, FightStage, Item, KEYS_TO_WIN, KeyforgeState, KfCreature, KfDecision,
    KfDecisionKind, KfSide, Step, Trigger, WindowKind,
};
use crate::error::{SetupError, Violations};
use crate::ids::UniqueIds;
use crate::path::{FieldPath, StoredPath};
use crate::setup::{ChoiceSetup, DecisionSetup, TurnSetup};
use crate::state::{CreatureId, DecisionKind, Phase, PlayerId};

/// A KeyForge state as submitted: the turn, the pending decision and the board.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct KeyforgeSetup {
    /// The turn header; `pending` is the pending ORDER or TARGET decision.
    pub header: TurnSetup,
    /// The board (the `keyforge` field); required.
    pub board: Option<KeyforgeBoardSetup>,
}

/// A fight as submitted: "use `attacker` to fight `defender`", both named by id.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct KeyforgeStrikeSetup {
    /// Attacker id.
    pub attacker: String,
    /// Defender id.
    pub defender: String,
}

/// A KeyForge action as submitted.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum KeyforgeActionSetup {
    /// Fight.
    Strike(KeyforgeStrikeSetup),
    /// Answer the pending decision.
    Choice(ChoiceSetup),
    /// Use the creature with this id to reap.
    Reap(String),
    /// End the phase.
    EndPhase,
    /// No action was set.
    Missing,
}

/// A KeyForge ability as submitted (the `Ability` message; enums as wire numbers).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct AbilitySetup {
    /// Unique in the state.
    pub id: String,
    /// Trigger wire number.
    pub trigger: i32,
    /// Effect wire number.
    pub effect: i32,
    /// The effect's N.
    pub amount: i32,
    /// AbilityTarget wire number.
    pub target: i32,
}

/// A KeyForge creature as submitted (the `KeyforgeCreature` message).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct KeyforgeCreatureSetup {
    /// Unique id.
    pub id: String,
    /// Name.
    pub name: String,
    /// Owner (0 means the side's player).
    pub owner: u32,
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
    /// Amber on it.
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
    /// Invulnerable.
    pub invulnerable: bool,
    /// Abilities.
    pub abilities: Vec<AbilitySetup>,
}

/// One KeyForge player's side as submitted.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct KeyforgeSideSetup {
    /// Amber in the pool.
    pub amber: i32,
    /// Forged keys.
    pub keys: i32,
    /// Creatures, left to right.
    pub battleline: Vec<KeyforgeCreatureSetup>,
    /// Discarded card names, oldest first.
    pub discard: Vec<String>,
    /// Card names in hand, oldest first.
    pub hand: Vec<String>,
}

/// A fight in a KeyForge resolution as submitted.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct KeyforgeFightSetup {
    /// Attacker id.
    pub attacker: String,
    /// Defender id.
    pub defender: String,
    /// KeyforgeFightStage wire number.
    pub stage: i32,
    /// Elusive stopped the exchange's damage.
    pub elusive: bool,
    /// The exchange happened.
    pub exchanged: bool,
}

/// One step of a KeyForge resolution as submitted.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum KeyforgeStepSetup {
    /// A fight.
    Fight(KeyforgeFightSetup),
    /// A window: KeyforgeWindowKind wire number and item names.
    Window {
        /// KeyforgeWindowKind wire number.
        kind: i32,
        /// Item names.
        items: Vec<String>,
    },
    /// A destruction: tagged creature ids and Destroyed: ability ids.
    Destruction {
        /// Tagged creatures.
        tagged: Vec<String>,
        /// Destroyed: abilities still to resolve.
        items: Vec<String>,
    },
    /// The ability whose target is being chosen.
    Target(String),
    /// No kind was set.
    Missing,
}

/// RULESET_KEYFORGE's board as submitted (the `KeyforgeBoard` message).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct KeyforgeBoardSetup {
    /// `sides[i]` is player i's; exactly 2.
    pub sides: Vec<KeyforgeSideSetup>,
    /// The resolution waiting under a pending decision, [0] = bottom.
    pub resolution: Vec<KeyforgeStepSetup>,
}

/// The largest power, armor, damage, assault, hazardous, amber count or ability amount
/// a state may hold. An ability chain that needs no decision (an After Damaged ability
/// that damages its own creature, two creatures answering each other) runs once per
/// point of damage a creature can take, so the bound keeps every call short.
pub const MAX_VALUE: i32 = 1000;
/// The most creatures in one battleline.
pub const MAX_BATTLELINE: usize = 32;
/// The most abilities on one creature.
pub const MAX_ABILITIES: usize = 8;
/// The most steps in a submitted resolution.
pub const MAX_STEPS: usize = 64;

impl KeyforgeState {
    /// Validates a submitted KeyForge state. Every problem is reported at once; paths
    /// are relative to the GameState message.
    pub fn from_setup(s: &KeyforgeSetup) -> Result<KeyforgeState, SetupError> {
        let mut v = Violations::default();
        let phase = s.header.phase(&mut v, |p| match p {
            Phase::Deployment | Phase::Draw => Err((
                Phase::Event,
                format!("KeyForge's turn has no {p}: it runs PHASE_BEGIN (forge a key), then PHASE_EVENT"),
            )),
            _ => Ok(p),
        });
        let over = phase == Phase::GameOver;

        let mut sides: [KfSide; 2] = Default::default();
        let mut resolution = Vec::new();
        match &s.board {
            None => v.push("keyforge", "is required: a RULESET_KEYFORGE state keeps its board there"),
            Some(board) => {
                board_sides(&mut v, board, &mut sides, over);
                resolution = steps(&mut v, board, &sides);
            }
        }
        let header = s.header.check(&mut v, phase);
        let mut state = KeyforgeState { sides, header, pending: None, resolution };
        state.pending = pending(&mut v, s.header.pending.as_ref(), &state);
        tag_and_check_damage(&mut v, &mut state);
        v.into_result(state).map_err(SetupError::Invalid)
    }

    /// The pending decision as plain data (ORDER: item names; TARGET: creature ids).
    pub(crate) fn pending_setup(&self) -> Option<DecisionSetup> {
        self.pending.as_ref().map(|d| DecisionSetup {
            player: u32::from(d.player.0),
            kind: match d.kind {
                KfDecisionKind::Order => DecisionKind::Order,
                KfDecisionKind::Target => DecisionKind::Target,
            }
            .wire(),
            options: d.options.iter().map(ToString::to_string).collect(),
            may_decline: false,
        })
    }

    /// The board as plain data (the state's `keyforge` field: the sides and the
    /// resolution; no `players`, the sides hold everything).
    pub(crate) fn board_setup(&self) -> KeyforgeBoardSetup {
        let names = |ns: &[Arc<str>]| ns.iter().map(ToString::to_string).collect::<Vec<_>>();
        let items = |is: &[Item]| is.iter().map(Item::name).collect::<Vec<_>>();
        let ids = |cs: &[CreatureId]| cs.iter().map(ToString::to_string).collect::<Vec<_>>();
        KeyforgeBoardSetup {
            sides: self
                .sides
                .iter()
                .enumerate()
                .map(|(p, s)| KeyforgeSideSetup {
                    amber: s.amber,
                    keys: s.keys,
                    battleline: s.battleline.iter().map(|c| creature_setup(c, PlayerId(p as u8))).collect(),
                    discard: names(&s.discard),
                    hand: names(&s.hand),
                })
                .collect(),
            resolution: self
                .resolution
                .iter()
                .map(|step| match step {
                    Step::Fight(f) => KeyforgeStepSetup::Fight(KeyforgeFightSetup {
                        attacker: f.attacker.to_string(),
                        defender: f.defender.to_string(),
                        stage: f.stage.wire(),
                        elusive: f.elusive,
                        exchanged: f.exchanged,
                    }),
                    Step::Window { kind, items: is } => {
                        KeyforgeStepSetup::Window { kind: kind.wire(), items: items(is) }
                    }
                    Step::Destruction { tagged, items: is } => {
                        KeyforgeStepSetup::Destruction { tagged: ids(tagged), items: items(is) }
                    }
                    Step::Target(a) => KeyforgeStepSetup::Target(a.to_string()),
                })
                .collect(),
        }
    }
}

/// A creature as plain data; an owner equal to its side is written as 0 ("unset").
pub(crate) fn creature_setup(c: &KfCreature, side: PlayerId) -> KeyforgeCreatureSetup {
    KeyforgeCreatureSetup {
        id: c.id.to_string(),
        name: c.name.to_string(),
        owner: if c.owner == side { 0 } else { u32::from(c.owner.0) },
        power: c.power,
        armor: c.armor,
        armor_used: c.armor_used,
        damage: c.damage,
        ward: c.ward,
        stunned: c.stunned,
        exhausted: c.exhausted,
        amber: c.amber,
        taunt: c.taunt,
        elusive: c.elusive,
        elusive_used: c.elusive_used,
        skirmish: c.skirmish,
        poison: c.poison,
        assault: c.assault,
        hazardous: c.hazardous,
        invulnerable: c.invulnerable,
        abilities: c
            .abilities
            .iter()
            .map(|a| AbilitySetup {
                id: a.id.to_string(),
                trigger: a.trigger.wire(),
                effect: a.effect.wire(),
                amount: a.amount,
                target: a.target.wire(),
            })
            .collect(),
    }
}

/// Validates both sides into `sides`.
fn board_sides(v: &mut Violations, board: &KeyforgeBoardSetup, sides: &mut [KfSide; 2], over: bool) {
    if board.sides.len() != 2 {
        v.push("keyforge.sides", format!("needs exactly 2 sides, one per player, got {}", board.sides.len()));
    }
    let lines = || board.sides.iter().take(2).flat_map(|side| &side.battleline);
    let mut ids = BoardIds {
        creatures: UniqueIds::new(lines().map(|c| c.id.as_str())),
        abilities: UniqueIds::new(lines().flat_map(|c| &c.abilities).map(|a| a.id.as_str())),
        keyword_like: BTreeMap::new(),
    };
    let root = FieldPath::new("keyforge");
    let sides_path = root.field("sides");
    for (p, side) in board.sides.iter().enumerate().take(2) {
        let f = sides_path.index(p);
        let player = PlayerId(p as u8);
        in_range(v, f.field("amber"), "amber", side.amber);
        let battleline_path = f.field("battleline");
        if side.battleline.len() > MAX_BATTLELINE {
            v.push(
                battleline_path,
                format!("has {} creatures: at most {MAX_BATTLELINE} in one battleline", side.battleline.len()),
            );
        }
        if side.keys < 0 {
            v.push(f.field("keys"), format!("keys {} cannot be negative", side.keys));
        } else if side.keys >= KEYS_TO_WIN && !over {
            v.push(
                f.field("keys"),
                format!("{} keys win the game (keyforge.turn.win): the phase must be PHASE_GAME_OVER", side.keys),
            );
        }
        let battleline = side
            .battleline
            .iter()
            .enumerate()
            .map(|(i, c)| creature(v, battleline_path.index(i), c, player, &mut ids))
            .collect();
        sides[p] = KfSide {
            amber: side.amber,
            keys: side.keys,
            battleline,
            discard: side.discard.iter().map(|n| Arc::from(n.as_str())).collect(),
            hand: side.hand.iter().map(|n| Arc::from(n.as_str())).collect(),
        };
    }
    // An ability id that reads as a keyword item would make ORDER options ambiguous.
    for (id, path) in &ids.keyword_like {
        for keyword in KEYWORD_ITEMS {
            if id.strip_suffix(keyword).is_some_and(|c| !c.is_empty() && lines().any(|creature| creature.id == c)) {
                v.push(
                    format!("{path}.id"),
                    format!(
                        "{id:?} is how ORDER options name a creature's {} keyword: choose another id",
                        &keyword[1..]
                    ),
                );
            }
        }
    }
}

/// The ids a KeyForge board keeps unique (creatures; abilities), and the ability ids
/// that end like a keyword item, checked against the creature ids once all are known.
struct BoardIds<'a> {
    creatures: UniqueIds<'a>,
    abilities: UniqueIds<'a>,
    /// Ability ids ending in one of [`KEYWORD_ITEMS`], each with its first holder.
    keyword_like: BTreeMap<&'a str, StoredPath>,
}

/// How ORDER options name a creature's keyword: `<creature id>:assault`.
const KEYWORD_ITEMS: [&str; 2] = [":assault", ":hazardous"];

fn creature<'a>(
    v: &mut Violations,
    f: FieldPath<'_>,
    c: &'a KeyforgeCreatureSetup,
    side: PlayerId,
    ids: &mut BoardIds<'a>,
) -> KfCreature {
    ids.creatures.required(v, f, &c.id);
    let owner = match c.owner {
        0 => side,
        1 => PlayerId(1),
        n => {
            v.push(f.field("owner"), format!("player {n} does not exist: there are 2 players, 0 and 1"));
            side
        }
    };
    for (name, value) in [
        ("armor", c.armor),
        ("armor_used", c.armor_used),
        ("damage", c.damage),
        ("amber", c.amber),
        ("assault", c.assault),
        ("hazardous", c.hazardous),
    ] {
        in_range(v, f.field(name), name, value);
    }
    if c.power < 1 {
        v.push(f.field("power"), format!("power {} must be at least 1", c.power));
    } else {
        in_range(v, f.field("power"), "power", c.power);
    }
    let abilities_path = f.field("abilities");
    if c.abilities.len() > MAX_ABILITIES {
        v.push(abilities_path, format!("has {} abilities: at most {MAX_ABILITIES} on one creature", c.abilities.len()));
    }
    if c.armor_used > c.armor && c.armor >= 0 {
        v.push(f.field("armor_used"), format!("{} armor spent, but the creature has only {}", c.armor_used, c.armor));
    }
    if c.elusive_used && !c.elusive {
        v.push(f.field("elusive_used"), "is set but the creature is not elusive");
    }
    let abilities: Vec<Ability> =
        c.abilities.iter().enumerate().map(|(j, a)| ability(v, abilities_path.index(j), a, ids)).collect();
    KfCreature {
        id: CreatureId::from(c.id.as_str()),
        name: Arc::from(c.name.as_str()),
        owner,
        power: c.power,
        armor: c.armor,
        armor_used: c.armor_used,
        damage: c.damage,
        ward: c.ward,
        stunned: c.stunned,
        exhausted: c.exhausted,
        amber: c.amber,
        taunt: c.taunt,
        elusive: c.elusive,
        elusive_used: c.elusive_used,
        skirmish: c.skirmish,
        poison: c.poison,
        assault: c.assault,
        hazardous: c.hazardous,
        invulnerable: c.invulnerable,
        abilities: abilities.into(),
        tagged: false,
    }
}

fn ability<'a>(v: &mut Violations, f: FieldPath<'_>, a: &'a AbilitySetup, ids: &mut BoardIds<'a>) -> Ability {
    ids.abilities.required(v, f, &a.id);
    if KEYWORD_ITEMS.iter().any(|keyword| a.id.ends_with(keyword)) {
        ids.keyword_like.entry(&a.id).or_insert_with(|| f.stored());
    }
    let trigger = Trigger::from_wire(a.trigger);
    if trigger.is_none() {
        v.push(f.field("trigger"), required_enum(a.trigger, "Trigger"));
    }
    let effect = Effect::from_wire(a.effect);
    if effect.is_none() {
        v.push(f.field("effect"), required_enum(a.effect, "Effect"));
    }
    let target = AbilityTarget::from_wire(a.target);
    if target.is_none() {
        v.push(f.field("target"), required_enum(a.target, "AbilityTarget"));
    }
    in_range(v, f.field("amount"), "amount", a.amount);
    if let (Some(e), Some(t)) = (effect, target) {
        if e.on_player() && !t.is_player() {
            v.push(
                f.field("target"),
                format!("{e} acts on a player's pool: the target must be ABILITY_TARGET_CONTROLLER or ABILITY_TARGET_OPPONENT, not {t}"),
            );
        } else if !e.on_player() && t.is_player() {
            v.push(f.field("target"), format!("{e} acts on creatures: {t} names a player"));
        }
    }
    Ability {
        id: CreatureId::from(a.id.as_str()),
        trigger: trigger.unwrap_or(Trigger::Reap),
        effect: effect.unwrap_or(Effect::GainAmber),
        amount: a.amount,
        target: target.unwrap_or(AbilityTarget::Controller),
    }
}

/// Checks 0 <= value <= [`MAX_VALUE`].
fn in_range(v: &mut Violations, field: FieldPath<'_>, name: &str, value: i32) {
    if value < 0 {
        v.push(field, format!("{name} {value} cannot be negative"));
    } else if value > MAX_VALUE {
        v.push(field, format!("{name} {value} is above the limit of {MAX_VALUE}"));
    }
}

fn required_enum(n: i32, name: &str) -> String {
    if n == 0 { "is required".to_owned() } else { format!("{n} is not a known {name} value") }
}

/// Reads an item name: a creature's keyword, or an ability (one that has left play
/// with its creature is kept; it no longer resolves).
fn item(name: &str, sides: &[KfSide; 2]) -> Item {
    let is_ability =
        sides.iter().flat_map(|s| &s.battleline).flat_map(|c| c.abilities.iter()).any(|a| a.id.as_str() == name);
    if !is_ability {
        if let Some(c) = name.strip_suffix(":assault") {
            return Item::Assault(CreatureId::from(c));
        }
        if let Some(c) = name.strip_suffix(":hazardous") {
            return Item::Hazardous(CreatureId::from(c));
        }
    }
    Item::Ability(CreatureId::from(name))
}

/// Validates the resolution stack's shape (what the decision needs is checked with it).
fn steps(v: &mut Violations, board: &KeyforgeBoardSetup, sides: &[KfSide; 2]) -> Vec<Step> {
    let mut out = Vec::new();
    if board.resolution.len() > MAX_STEPS {
        v.push("keyforge.resolution", format!("has {} steps: at most {MAX_STEPS}", board.resolution.len()));
        return out;
    }
    let last = board.resolution.len().saturating_sub(1);
    let resolution = FieldPath::new("keyforge");
    let resolution = resolution.field("resolution");
    for (i, step) in board.resolution.iter().enumerate() {
        let f = resolution.index(i);
        let names = |f: FieldPath<'_>, v: &mut Violations, ns: &[String]| -> Vec<Item> {
            let items = f.field("items");
            ns.iter()
                .enumerate()
                .map(|(j, n)| {
                    if n.is_empty() {
                        v.push(items.index(j), "is empty: name an item");
                    }
                    item(n, sides)
                })
                .collect()
        };
        match step {
            KeyforgeStepSetup::Fight(fight) => {
                let fight_path = f.field("fight");
                if i != 0 {
                    v.push(fight_path, "a fight is only ever the bottom step (resolution[0])");
                }
                for (name, id) in [("attacker", &fight.attacker), ("defender", &fight.defender)] {
                    if id.is_empty() {
                        v.push(fight_path.field(name), "is required");
                    }
                }
                let stage = FightStage::from_wire(fight.stage).unwrap_or_else(|| {
                    v.push(fight_path.field("stage"), required_enum(fight.stage, "KeyforgeFightStage"));
                    FightStage::Exchange
                });
                out.push(Step::Fight(Fight {
                    attacker: CreatureId::from(fight.attacker.as_str()),
                    defender: CreatureId::from(fight.defender.as_str()),
                    stage,
                    elusive: fight.elusive,
                    exchanged: fight.exchanged,
                }));
            }
            KeyforgeStepSetup::Window { kind, items } => {
                let kind = WindowKind::from_wire(*kind).unwrap_or_else(|| {
                    v.push(f.field("window").field("kind"), required_enum(*kind, "KeyforgeWindowKind"));
                    WindowKind::PreFight
                });
                out.push(Step::Window { kind, items: names(f.field("window"), v, items) });
            }
            KeyforgeStepSetup::Destruction { tagged, items } => {
                let destruction = f.field("destruction");
                for (j, id) in tagged.iter().enumerate() {
                    if id.is_empty() {
                        v.push(destruction.field("tagged").index(j), "is empty: name a creature");
                    }
                }
                out.push(Step::Destruction {
                    tagged: tagged.iter().map(|t| CreatureId::from(t.as_str())).collect(),
                    items: names(destruction, v, items),
                });
            }
            KeyforgeStepSetup::Target(ability) => {
                if i != last {
                    v.push(f.field("target"), "a target step is only ever the top step");
                }
                out.push(Step::Target(CreatureId::from(ability.as_str())));
            }
            KeyforgeStepSetup::Missing => v.push(f, "is empty: set one of fight, window, destruction, target"),
        }
    }
    out
}

/// Validates the pending decision against the resolution stack it stops.
fn pending(v: &mut Violations, d: Option<&DecisionSetup>, s: &KeyforgeState) -> Option<KfDecision> {
    let Some(d) = d else {
        if !s.resolution.is_empty() {
            v.push("keyforge.resolution", "must be empty when no decision is pending: a resolution stops only at one");
        }
        return None;
    };
    if s.resolution.is_empty() {
        v.push("pending", "is set but keyforge.resolution is empty: return the state as the service gave it");
        return None;
    }
    if matches!(s.header.phase, Phase::GameOver | Phase::Begin) {
        v.push("pending", format!("no decision can wait in {}", s.header.phase));
    }
    let player = if d.player < 2 {
        PlayerId(d.player as u8)
    } else {
        v.push("pending.player", format!("player {} does not exist: there are 2 players, 0 and 1", d.player));
        return None;
    };
    if d.may_decline {
        v.push("pending.may_decline", "must be false: KeyForge's ORDER and TARGET decisions cannot be declined");
    }
    let options: Vec<CreatureId> = d.options.iter().map(|o| CreatureId::from(o.as_str())).collect();
    let top = s.resolution.last();
    let kind = match (DecisionKind::from_wire(d.kind), top) {
        (Some(DecisionKind::Order), Some(Step::Window { items, .. } | Step::Destruction { items, .. })) => {
            let names: Vec<String> = items.iter().map(Item::name).collect();
            if items.len() < 2 || d.options != names {
                v.push(
                    "pending.options",
                    format!(
                        "must name the top step's items in order ({names:?}): ORDER is asked only between two or more"
                    ),
                );
            }
            if items.iter().any(|i| !live(s, i)) {
                v.push("pending.options", "names an item whose creature is not in play");
            }
            if player != s.header.active_player {
                v.push("pending.player", "ORDER is asked of the active player");
            }
            KfDecisionKind::Order
        }
        (Some(DecisionKind::Target), Some(Step::Target(ability))) => {
            let root = FieldPath::new("keyforge");
            let resolution = root.field("resolution");
            let top = resolution.index(s.resolution.len() - 1);
            match s.ability(ability) {
                None => v.push(top.field("target"), format!("{ability} is no ability of a creature in play")),
                Some((slot, a)) => {
                    if a.target != AbilityTarget::Chosen {
                        v.push(
                            top.field("target"),
                            format!("{ability}'s target is {}, not ABILITY_TARGET_CHOSEN", a.target),
                        );
                    }
                    if slot.side != player {
                        v.push("pending.player", "TARGET is asked of the ability's controller");
                    }
                }
            }
            if options.is_empty() {
                v.push("pending.options", "is empty: a decision with no option is never asked");
            }
            for (j, o) in options.iter().enumerate() {
                if s.find(o).is_none() {
                    v.push(format!("pending.options[{j}]"), format!("{o} is no creature in play"));
                }
            }
            KfDecisionKind::Target
        }
        (Some(DecisionKind::Order | DecisionKind::Target), _) => {
            v.push(
                "pending.kind",
                "does not fit keyforge.resolution's top step (ORDER: a window or destruction; TARGET: a target step)",
            );
            return None;
        }
        _ => {
            v.push("pending.kind", "KeyForge asks only DECISION_KIND_ORDER and DECISION_KIND_TARGET");
            return None;
        }
    };
    Some(KfDecision { player, kind, options })
}

fn live(s: &KeyforgeState, item: &Item) -> bool {
    match item {
        Item::Assault(c) | Item::Hazardous(c) => s.find(c).is_some(),
        Item::Ability(a) => s.ability(a).is_some(),
    }
}

/// Marks the creatures the destruction steps name as tagged, and checks that every
/// other creature's damage is below its power.
fn tag_and_check_damage(v: &mut Violations, s: &mut KeyforgeState) {
    let tagged: Vec<CreatureId> = s
        .resolution
        .iter()
        .flat_map(|step| match step {
            Step::Destruction { tagged, .. } => tagged.as_slice(),
            _ => &[],
        })
        .cloned()
        .collect();
    let root = FieldPath::new("keyforge");
    let sides = root.field("sides");
    for (p, side) in s.sides.iter_mut().enumerate() {
        let side_path = sides.index(p);
        let battleline = side_path.field("battleline");
        for (i, c) in side.battleline.iter_mut().enumerate() {
            c.tagged = tagged.contains(&c.id);
            if !c.tagged && c.damage >= c.power && c.power >= 1 {
                v.push(
                    battleline.index(i).field("damage"),
                    format!(
                        "damage {} reaches power {}: the creature would have been destroyed (keyforge.damage.destroy)",
                        c.damage, c.power
                    ),
                );
            }
        }
    }
}
