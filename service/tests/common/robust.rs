//! The robustness harness, shared by the property in `service/tests/robustness.rs`
//! (proptest, over a real tonic channel) and the fuzz target
//! `fuzz/fuzz_targets/mutated_states.rs` (in-process, through the same generated
//! clients and servers).
//!
//! A case starts from a real game (NewGame of a served ruleset and a built-in
//! scenario, then some moves, possibly stopping at a pending decision), mutates the
//! state field by field ([`Mutation`]: numbers set to extremes, optional fields dropped
//! or set, list items duplicated or removed, strings emptied or set to another id)
//! and sends it to every RPC ([`Api::exercise`]). Every answer must be a result or a
//! clear status ([`clear`]); a state one RPC accepts, the others accept too; states
//! answered OK load again. A case is plain numbers, so that proptest and the fuzzer
//! build them alike.
#![allow(dead_code, clippy::unwrap_used, clippy::panic)]

use std::collections::{BTreeMap, BTreeSet};
use std::future::Future;
use std::sync::OnceLock;
use std::time::Duration;

use fray_core::rulesets::catalogue;
use fray_core::state::Phase;
use fray_core::{GameState, Ruleset};
use fray_proto::fray::v1 as pb;
use fray_service::convert;
use pb::agent_client::AgentClient;
use pb::keyforge_step::Step;
use pb::rules_client::RulesClient;
use tonic::codegen::{Body, Bytes, StdError};
use tonic::{Code, Status};
use tonic_types::StatusExt;

// ---------------------------------------------------------------------------
// Real games

/// A ruleset the server serves (strikes resolved), with the built-in scenarios
/// NewGame deals for it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Served {
    /// The ruleset's wire value.
    pub ruleset: i32,
    /// Its built-in scenarios, in catalogue order.
    pub scenarios: Vec<&'static str>,
}

/// Every served ruleset with games to deal, in wire order, as
/// `fray_core::rulesets::catalogue()` lists them (a ruleset served tomorrow is covered
/// without editing the harness).
pub fn served() -> &'static [Served] {
    static SERVED: OnceLock<Vec<Served>> = OnceLock::new();
    SERVED.get_or_init(|| {
        let served: Vec<Served> = catalogue()
            .into_iter()
            .filter_map(|info| {
                let scenarios: Vec<&'static str> = info.scenarios.iter().map(|s| s.name).collect();
                (!scenarios.is_empty()).then_some(Served { ruleset: info.ruleset.wire(), scenarios })
            })
            .collect();
        assert!(!served.is_empty(), "the catalogue serves no ruleset with scenarios");
        served
    })
}

/// True for a known ruleset the server does not serve (answered UNIMPLEMENTED).
pub fn unserved(ruleset: i32) -> bool {
    let served = catalogue().into_iter().any(|info| info.ruleset.wire() == ruleset);
    Ruleset::from_wire(ruleset).is_some() && !served
}

/// True for a known ruleset whose skirmish NewGame does not deal (UNIMPLEMENTED).
pub fn undealt(ruleset: i32) -> bool {
    let dealt = catalogue().into_iter().any(|info| !info.scenarios.is_empty() && info.ruleset.wire() == ruleset);
    Ruleset::from_wire(ruleset).is_some() && !dealt
}

/// Where a case's state comes from: a NewGame and some moves.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Origin {
    /// A served ruleset: an index into [`served`], modulo their count (today 0
    /// RULESET_EGAME, 1 RULESET_DIMENSIONAL_RIFT, 2 RULESET_KEYFORGE, 3
    /// RULESET_CASTLE_RAMPAGE).
    pub ruleset: u8,
    /// One of its built-in scenarios, modulo their count.
    pub scenario: usize,
    /// NewGame's seed.
    pub seed: u64,
    /// Moves: indices into the legal actions, modulo their count.
    pub picks: Vec<u16>,
    /// Where to stop early, modulo 3: 0 nowhere; 1 on a zone or KeyForge board at the
    /// first pending decision (KeyForge: ORDER or TARGET), on a Castle board in
    /// PHASE_DEPLOYMENT with cards in hand; 2 in PHASE_EVENT (a zone board's strikes,
    /// a Castle hand's attack cards, a KeyForge ready creature with a fight to start).
    /// Castle stops and PHASE_EVENT stops come in the second half of the moves; when
    /// the game meets none there (it ended, or nothing can strike any more), at the
    /// last one passed.
    pub stop: u8,
}

impl Origin {
    /// The served ruleset and the scenario the game is dealt from.
    pub fn dealt(&self) -> (i32, &'static str) {
        let served = &served()[usize::from(self.ruleset) % served().len()];
        (served.ruleset, served.scenarios[self.scenario % served.scenarios.len()])
    }

    /// Plays the game in-process: the state reached and its legal actions, as messages.
    pub fn play(&self) -> (pb::GameState, Vec<pb::Action>) {
        let (ruleset, scenario) = self.dealt();
        let mut game = GameState::new_game(ruleset, self.seed, scenario).expect("a built-in scenario deals").0;
        // The last stop point passed before the second half, kept in case the game ends
        // before it reaches another (random Castle games often end within 20 moves) or
        // never meets one again (a KeyForge side wiped out leaves no fight).
        let mut passed = None;
        let mut stopped = false;
        for (i, &pick) in self.picks.iter().enumerate() {
            let legal = game.legal_actions();
            if legal.is_empty() {
                break;
            }
            game.apply_action(&legal[usize::from(pick) % legal.len()], "action").unwrap();
            let late = 2 * i >= self.picks.len();
            let (stop, any_time) = match (&game, self.stop % 3) {
                (GameState::Zone(z), 1) => (z.pending.is_some(), true),
                (GameState::Zone(z), 2) => (z.phase == Phase::Event, false),
                (GameState::Castle(c), 1) => {
                    (c.phase == Phase::Deployment && !c.side(c.active_player).hand.is_empty(), false)
                }
                (GameState::Castle(c), 2) => (c.phase == Phase::Event && c.side(c.active_player).can_attack(), false),
                (GameState::Keyforge(k), 1) => (k.pending.is_some(), true),
                (GameState::Keyforge(k), 2) => (k.phase == Phase::Event && can_fight(&game), false),
                (GameState::DogFight(d), 1) => (d.pending.is_some(), true),
                (GameState::DogFight(d), 2) => (d.phase == Phase::Event && can_fight(&game), false),
                _ => (false, false),
            };
            if stop && (late || any_time) {
                stopped = true;
                break;
            }
            if stop {
                passed = Some(game.clone());
            }
        }
        if let Some(state) = passed.filter(|_| !stopped) {
            game = state;
        }
        let legal = game.legal_actions().iter().map(convert::action_from_setup).collect();
        (convert::state_from_setup(game.to_setup()), legal)
    }
}

/// True when one of `game`'s legal actions is a strike (on a KeyForge board: a ready
/// creature of the active player may fight).
fn can_fight(game: &GameState) -> bool {
    game.legal_actions()
        .iter()
        .any(|a| matches!(convert::action_from_setup(a).action, Some(pb::action::Action::Strike(_))))
}

/// The state message of a fresh game of `ruleset` (the default scenario, seed 0).
fn fresh(ruleset: Ruleset) -> pb::GameState {
    convert::state_from_setup(GameState::new_game(ruleset.wire(), 0, "").unwrap().0.to_setup())
}

// ---------------------------------------------------------------------------
// Mutations

/// What a mutation does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Kind {
    /// A number (enum values included) set to an extreme, or a bool flipped.
    Number,
    /// An optional or message field dropped, or set to its default when absent.
    Toggle,
    /// A list item duplicated in place.
    Duplicate,
    /// A list item removed.
    Remove,
    /// A string emptied, set to an unknown id, or to an id the state already uses.
    Text,
}

impl Kind {
    /// Every kind.
    pub const ALL: [Kind; 5] = [Kind::Number, Kind::Toggle, Kind::Duplicate, Kind::Remove, Kind::Text];
}

/// One mutation: `site` picks the field among the state's fields of that kind, then
/// one of its instances (`players[*].hand[*].might` is one field); `value` the new
/// value (modulo the choices).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Mutation {
    /// What it does.
    pub kind: Kind,
    /// Which field.
    pub site: usize,
    /// Which value.
    pub value: usize,
}

const I32S: [i32; 8] = [0, 1, -1, 2, 5, 99, i32::MIN, i32::MAX];
const U32S: [u32; 6] = [0, 1, 2, 4, 5, u32::MAX];
const U64S: [u64; 3] = [0, 1, u64::MAX];

enum Num<'a> {
    I32(&'a mut i32),
    U32(&'a mut u32),
    U64(&'a mut u64),
    Bool(&'a mut bool),
}

impl Num<'_> {
    fn set(self, value: usize) -> String {
        match self {
            Num::I32(n) => {
                *n = I32S[value % I32S.len()];
                n.to_string()
            }
            Num::U32(n) => {
                *n = U32S[value % U32S.len()];
                n.to_string()
            }
            Num::U64(n) => {
                *n = U64S[value % U64S.len()];
                n.to_string()
            }
            Num::Bool(b) => {
                *b = !*b;
                b.to_string()
            }
        }
    }
}

type Sites<T> = Vec<(String, T)>;

fn zone_numbers<'a>(f: &str, z: &'a mut Option<pb::ZoneRef>, out: &mut Sites<Num<'a>>) {
    if let Some(pb::ZoneRef { player, index }) = z {
        out.push((format!("{f}.player"), Num::U32(player)));
        out.push((format!("{f}.index"), Num::U32(index)));
    }
}

fn arrow_numbers<'a>(f: &str, a: &'a mut Option<pb::Arrows>, out: &mut Sites<Num<'a>>) {
    if let Some(pb::Arrows { up, up_right, right, down_right, down, down_left, left, up_left }) = a {
        let named = [
            ("up", up),
            ("up_right", up_right),
            ("right", right),
            ("down_right", down_right),
            ("down", down),
            ("down_left", down_left),
            ("left", left),
            ("up_left", up_left),
        ];
        for (name, n) in named {
            out.push((format!("{f}.arrows.{name}"), Num::I32(n)));
        }
    }
}

fn keyword_numbers<'a>(f: &str, keywords: &'a mut [i32], out: &mut Sites<Num<'a>>) {
    for (i, k) in keywords.iter_mut().enumerate() {
        out.push((format!("{f}.keywords[{i}]"), Num::I32(k)));
    }
}

fn card_numbers<'a>(f: &str, c: &'a mut pb::Card, out: &mut Sites<Num<'a>>) {
    let pb::Card { might, life, armor, keywords, arrows, .. } = c;
    out.push((format!("{f}.might"), Num::I32(might)));
    out.push((format!("{f}.life"), Num::I32(life)));
    out.push((format!("{f}.armor"), Num::I32(armor)));
    keyword_numbers(f, keywords, out);
    arrow_numbers(f, arrows, out);
}

fn castle_card_numbers<'a>(f: &str, c: &'a mut pb::CastleCard, out: &mut Sites<Num<'a>>) {
    let pb::CastleCard { owner, attack, gate_defense, castle_defense, effect, effect_amount, .. } = c;
    out.push((format!("{f}.owner"), Num::U32(owner)));
    out.push((format!("{f}.attack"), Num::I32(attack)));
    out.push((format!("{f}.gate_defense"), Num::I32(gate_defense)));
    out.push((format!("{f}.castle_defense"), Num::I32(castle_defense)));
    out.push((format!("{f}.effect"), Num::I32(effect)));
    out.push((format!("{f}.effect_amount"), Num::I32(effect_amount)));
}

/// The Castle board's piles, with their field paths: each side's Gate, Castle and
/// hand in seat order, then the draw pile and the discard.
fn castle_piles(b: &mut pb::CastleRampageBoard) -> Vec<(String, &mut Vec<pb::CastleCard>)> {
    let pb::CastleRampageBoard { sides, draw_pile, discard } = b;
    let mut out = Vec::new();
    for (i, side) in sides.iter_mut().enumerate() {
        let pb::CastleSide { gate, castle, hand } = side;
        for (name, cards) in [("gate", gate), ("castle", castle), ("hand", hand)] {
            out.push((format!("castle_rampage.sides[{i}].{name}"), cards));
        }
    }
    out.push(("castle_rampage.draw_pile".to_owned(), draw_pile));
    out.push(("castle_rampage.discard".to_owned(), discard));
    out
}

fn keyforge_creature_numbers<'a>(f: &str, c: &'a mut pb::KeyforgeCreature, out: &mut Sites<Num<'a>>) {
    let pb::KeyforgeCreature {
        owner,
        power,
        armor,
        armor_used,
        damage,
        ward,
        stunned,
        exhausted,
        amber,
        taunt,
        elusive,
        elusive_used,
        skirmish,
        poison,
        assault,
        hazardous,
        invulnerable,
        abilities,
        ..
    } = c;
    out.push((format!("{f}.owner"), Num::U32(owner)));
    let ints = [
        ("power", power),
        ("armor", armor),
        ("armor_used", armor_used),
        ("damage", damage),
        ("amber", amber),
        ("assault", assault),
        ("hazardous", hazardous),
    ];
    for (name, n) in ints {
        out.push((format!("{f}.{name}"), Num::I32(n)));
    }
    let bools = [
        ("ward", ward),
        ("stunned", stunned),
        ("exhausted", exhausted),
        ("taunt", taunt),
        ("elusive", elusive),
        ("elusive_used", elusive_used),
        ("skirmish", skirmish),
        ("poison", poison),
        ("invulnerable", invulnerable),
    ];
    for (name, b) in bools {
        out.push((format!("{f}.{name}"), Num::Bool(b)));
    }
    for (k, a) in abilities.iter_mut().enumerate() {
        let pb::Ability { trigger, effect, amount, target, .. } = a;
        for (name, n) in [("trigger", trigger), ("effect", effect), ("amount", amount), ("target", target)] {
            out.push((format!("{f}.abilities[{k}].{name}"), Num::I32(n)));
        }
    }
}

/// The KeyForge board's numbers and bools: each side's amber and keys, its creatures'
/// (abilities' enums included), and the resolution steps' enums and flags.
fn keyforge_numbers<'a>(b: &'a mut pb::KeyforgeBoard, out: &mut Sites<Num<'a>>) {
    let pb::KeyforgeBoard { sides, resolution } = b;
    for (i, side) in sides.iter_mut().enumerate() {
        let f = format!("keyforge.sides[{i}]");
        let pb::KeyforgeSide { amber, keys, battleline, .. } = side;
        out.push((format!("{f}.amber"), Num::I32(amber)));
        out.push((format!("{f}.keys"), Num::I32(keys)));
        for (j, c) in battleline.iter_mut().enumerate() {
            keyforge_creature_numbers(&format!("{f}.battleline[{j}]"), c, out);
        }
    }
    for (k, step) in resolution.iter_mut().enumerate() {
        let f = format!("keyforge.resolution[{k}]");
        match &mut step.step {
            Some(Step::Fight(pb::KeyforgeFight { stage, elusive, exchanged, .. })) => {
                out.push((format!("{f}.fight.stage"), Num::I32(stage)));
                out.push((format!("{f}.fight.elusive"), Num::Bool(elusive)));
                out.push((format!("{f}.fight.exchanged"), Num::Bool(exchanged)));
            }
            Some(Step::Window(pb::KeyforgeWindow { kind, .. })) => {
                out.push((format!("{f}.window.kind"), Num::I32(kind)));
            }
            Some(Step::Destruction(_) | Step::Target(_)) | None => {}
        }
    }
}

/// Every number and bool of the state, with its field path.
fn numbers(s: &mut pb::GameState) -> Sites<Num<'_>> {
    let mut out = Vec::new();
    let pb::GameState {
        ruleset,
        players,
        creatures,
        active_player,
        turn,
        phase,
        event,
        pending,
        chain,
        winner,
        keyforge,
        castle_rampage,
        ..
    } = s;
    out.push(("ruleset".to_owned(), Num::I32(ruleset)));
    out.push(("active_player".to_owned(), Num::U32(active_player)));
    out.push(("turn".to_owned(), Num::U32(turn)));
    out.push(("phase".to_owned(), Num::I32(phase)));
    out.push(("event".to_owned(), Num::U64(event)));
    if let Some(w) = winner {
        out.push(("winner".to_owned(), Num::U32(w)));
    }
    for (i, p) in players.iter_mut().enumerate() {
        let f = format!("players[{i}]");
        let pb::Player { id, hp, hand, deck, graveyard } = p;
        out.push((format!("{f}.id"), Num::U32(id)));
        out.push((format!("{f}.hp"), Num::I32(hp)));
        for (pile, cards) in [("hand", hand), ("deck", deck), ("graveyard", graveyard)] {
            for (j, c) in cards.iter_mut().enumerate() {
                card_numbers(&format!("{f}.{pile}[{j}]"), c, &mut out);
            }
        }
    }
    for (i, c) in creatures.iter_mut().enumerate() {
        let f = format!("creatures[{i}]");
        let pb::Creature {
            owner,
            controller,
            zone,
            might,
            life,
            damage,
            armor,
            face_down,
            keywords,
            arrows,
            orientation,
            acted,
            ..
        } = c;
        out.push((format!("{f}.owner"), Num::U32(owner)));
        out.push((format!("{f}.controller"), Num::U32(controller)));
        zone_numbers(&format!("{f}.zone"), zone, &mut out);
        out.push((format!("{f}.might"), Num::I32(might)));
        out.push((format!("{f}.life"), Num::I32(life)));
        out.push((format!("{f}.damage"), Num::I32(damage)));
        out.push((format!("{f}.armor"), Num::I32(armor)));
        out.push((format!("{f}.face_down"), Num::Bool(face_down)));
        keyword_numbers(&f, keywords, &mut out);
        arrow_numbers(&f, arrows, &mut out);
        out.push((format!("{f}.orientation"), Num::I32(orientation)));
        out.push((format!("{f}.acted"), Num::Bool(acted)));
    }
    if let Some(pb::PendingDecision { player, kind, may_decline, .. }) = pending {
        out.push(("pending.player".to_owned(), Num::U32(player)));
        out.push(("pending.kind".to_owned(), Num::I32(kind)));
        out.push(("pending.may_decline".to_owned(), Num::Bool(may_decline)));
    }
    for (i, link) in chain.iter_mut().enumerate() {
        let f = format!("chain[{i}]");
        let pb::Strike { target, outcome, .. } = link;
        zone_numbers(&format!("{f}.target"), target, &mut out);
        if let Some(pb::BlockOutcome { passive, .. }) = outcome {
            out.push((format!("{f}.outcome.passive"), Num::Bool(passive)));
        }
    }
    if let Some(board) = castle_rampage {
        for (f, cards) in castle_piles(board) {
            for (j, c) in cards.iter_mut().enumerate() {
                castle_card_numbers(&format!("{f}[{j}]"), c, &mut out);
            }
        }
    }
    if let Some(board) = keyforge {
        keyforge_numbers(board, &mut out);
    }
    out
}

/// A field that can be dropped or emptied, or set when absent; `value` picks what
/// it is set to where there is a choice.
trait Toggle {
    fn toggle(&mut self, value: usize) -> &'static str;
}

/// An optional field: dropped when set, set to its default when absent.
impl<T: Default> Toggle for &mut Option<T> {
    fn toggle(&mut self, _value: usize) -> &'static str {
        if self.take().is_some() {
            "dropped"
        } else {
            **self = Some(T::default());
            "set to its default"
        }
    }
}

/// An optional field of another ruleset: dropped when set; when absent, set to its
/// default (`value` even) or to a real one, taken from a game of that ruleset (odd).
struct Graft<'a, T> {
    field: &'a mut Option<T>,
    real: fn() -> T,
}

impl<T: Default> Toggle for Graft<'_, T> {
    fn toggle(&mut self, value: usize) -> &'static str {
        if self.field.take().is_some() {
            "dropped"
        } else if value.is_multiple_of(2) {
            *self.field = Some(T::default());
            "set to its default"
        } else {
            *self.field = Some((self.real)());
            "set to a real one from another ruleset's game"
        }
    }
}

/// An empty list field, filled with `fill(value)` (on a Castle state: the zone board's
/// fields set). A list with items is left to Duplicate and Remove.
struct Fill<'a, T> {
    list: &'a mut Vec<T>,
    fill: fn(usize) -> (&'static str, Vec<T>),
}

impl<T> Toggle for Fill<'_, T> {
    fn toggle(&mut self, value: usize) -> &'static str {
        let (what, items) = (self.fill)(value);
        *self.list = items;
        what
    }
}

/// Players for an empty `players`: two bare seats (which a Castle state may carry),
/// or a zone game's players, with hit points and cards.
fn fill_players(value: usize) -> (&'static str, Vec<pb::Player>) {
    if value.is_multiple_of(2) {
        ("set to two bare seats", (0..2).map(|id| pb::Player { id, ..Default::default() }).collect())
    } else {
        ("set to a zone game's players", fresh(Ruleset::Egame).players)
    }
}

/// A creature for an empty `creatures`: a face-up one in player 0's zone 1.
fn fill_creatures(_value: usize) -> (&'static str, Vec<pb::Creature>) {
    let arrows = pb::Arrows { up: 1, ..Default::default() };
    let knight = pb::Creature {
        id: "intruder".into(),
        name: "Knight".into(),
        zone: Some(pb::ZoneRef { player: 0, index: 1 }),
        might: 2,
        life: 3,
        arrows: Some(arrows),
        ..Default::default()
    };
    ("set to one creature", vec![knight])
}

/// A strike for an empty `chain`.
fn fill_chain(_value: usize) -> (&'static str, Vec<pb::Strike>) {
    let target = Some(pb::ZoneRef { player: 1, index: 3 });
    ("set to one strike", vec![pb::Strike { attacker: "intruder".into(), target, ..Default::default() }])
}

/// A real Castle board, from a fresh game.
fn real_castle_board() -> pb::CastleRampageBoard {
    fresh(Ruleset::CastleRampage).castle_rampage.unwrap_or_default()
}

/// A real KeyForge board, from a fresh game.
fn real_keyforge_board() -> pb::KeyforgeBoard {
    fresh(Ruleset::Keyforge).keyforge.unwrap_or_default()
}

/// Sides for an empty `keyforge.sides`: two empty ones, or a KeyForge game's.
fn fill_keyforge_sides(value: usize) -> (&'static str, Vec<pb::KeyforgeSide>) {
    if value.is_multiple_of(2) {
        ("set to two empty sides", vec![pb::KeyforgeSide::default(); 2])
    } else {
        ("set to a KeyForge game's sides", real_keyforge_board().sides)
    }
}

/// A creature for an empty battleline: a ready 3-power one with a Reap: ability.
fn fill_battleline(_value: usize) -> (&'static str, Vec<pb::KeyforgeCreature>) {
    let reap = pb::Ability { id: "intruder.reap".into(), trigger: 4, effect: 2, amount: 1, target: 7 };
    let creature = pb::KeyforgeCreature {
        id: "intruder".into(),
        name: "Intruder".into(),
        power: 3,
        abilities: vec![reap],
        ..Default::default()
    };
    ("set to one creature", vec![creature])
}

/// A step for an empty `keyforge.resolution` (which a state with no pending decision
/// must not carry): a fight, a window, a destruction, or a target step, by `value`.
fn fill_resolution(value: usize) -> (&'static str, Vec<pb::KeyforgeStep>) {
    let real = real_keyforge_board();
    let id = |side: usize| real.sides.get(side).and_then(|s| s.battleline.first()).map(|c| c.id.clone());
    let (attacker, defender) = (id(0).unwrap_or_default(), id(1).unwrap_or_default());
    let (what, step) = match value % 4 {
        0 => ("set to a fight", Step::Fight(pb::KeyforgeFight { attacker, defender, stage: 1, ..Default::default() })),
        1 => (
            "set to a window",
            Step::Window(pb::KeyforgeWindow { kind: 1, items: vec![format!("{attacker}:assault")] }),
        ),
        2 => (
            "set to a destruction",
            Step::Destruction(pb::KeyforgeDestruction { tagged: vec![defender], items: vec![] }),
        ),
        _ => ("set to a target step", Step::Target(format!("{attacker}.reap"))),
    };
    (what, vec![pb::KeyforgeStep { step: Some(step) }])
}

/// A resolution step's `step` (a oneof): dropped when set, else set to an empty target
/// step.
struct StepToggle<'a>(&'a mut Option<Step>);

impl Toggle for StepToggle<'_> {
    fn toggle(&mut self, _value: usize) -> &'static str {
        if self.0.take().is_some() {
            "dropped"
        } else {
            *self.0 = Some(Step::Target(String::new()));
            "set to an empty target step"
        }
    }
}

/// The KeyForge board, when set: the toggles of its own fields borrow it, so this one
/// only says "dropped" and [`mutate`] drops the board once they are released.
struct DropBoard;

impl Toggle for DropBoard {
    fn toggle(&mut self, _value: usize) -> &'static str {
        "dropped"
    }
}

/// The KeyForge board's toggles: its empty lists filled (sides, battlelines, the
/// resolution), each resolution step's kind dropped.
fn keyforge_toggles<'a>(b: &'a mut pb::KeyforgeBoard, out: &mut Sites<Box<dyn Toggle + 'a>>) {
    let pb::KeyforgeBoard { sides, resolution } = b;
    if sides.is_empty() {
        out.push(("keyforge.sides".to_owned(), Box::new(Fill { list: sides, fill: fill_keyforge_sides })));
    } else {
        for (i, side) in sides.iter_mut().enumerate() {
            if side.battleline.is_empty() {
                let fill = Fill { list: &mut side.battleline, fill: fill_battleline };
                out.push((format!("keyforge.sides[{i}].battleline"), Box::new(fill)));
            }
        }
    }
    if resolution.is_empty() {
        out.push(("keyforge.resolution".to_owned(), Box::new(Fill { list: resolution, fill: fill_resolution })));
    } else {
        for (k, step) in resolution.iter_mut().enumerate() {
            out.push((format!("keyforge.resolution[{k}].step"), Box::new(StepToggle(&mut step.step))));
        }
    }
}

/// Every optional field of the state, its empty lists of the zone board, and the
/// KeyForge board's ([`keyforge_toggles`]), with their field paths.
fn toggles(s: &mut pb::GameState) -> Sites<Box<dyn Toggle + '_>> {
    let mut out: Sites<Box<dyn Toggle + '_>> = Vec::new();
    let pb::GameState { players, creatures, pending, chain, winner, keyforge, castle_rampage, dog_fight, .. } = s;
    out.push(("pending".to_owned(), Box::new(pending)));
    out.push(("winner".to_owned(), Box::new(winner)));
    match keyforge {
        Some(board) => {
            keyforge_toggles(board, &mut out);
            out.push(("keyforge".to_owned(), Box::new(DropBoard)));
        }
        None => out.push(("keyforge".to_owned(), Box::new(Graft { field: keyforge, real: real_keyforge_board }))),
    }
    out.push(("castle_rampage".to_owned(), Box::new(Graft { field: castle_rampage, real: real_castle_board })));
    out.push(("dog_fight".to_owned(), Box::new(dog_fight)));
    if players.is_empty() {
        out.push(("players".to_owned(), Box::new(Fill { list: players, fill: fill_players })));
    } else {
        for (i, p) in players.iter_mut().enumerate() {
            let pb::Player { hand, deck, graveyard, .. } = p;
            for (pile, cards) in [("hand", hand), ("deck", deck), ("graveyard", graveyard)] {
                for (j, c) in cards.iter_mut().enumerate() {
                    out.push((format!("players[{i}].{pile}[{j}].arrows"), Box::new(&mut c.arrows)));
                }
            }
        }
    }
    if creatures.is_empty() {
        out.push(("creatures".to_owned(), Box::new(Fill { list: creatures, fill: fill_creatures })));
    } else {
        for (i, c) in creatures.iter_mut().enumerate() {
            let pb::Creature { zone, arrows, .. } = c;
            out.push((format!("creatures[{i}].zone"), Box::new(zone)));
            out.push((format!("creatures[{i}].arrows"), Box::new(arrows)));
        }
    }
    if chain.is_empty() {
        out.push(("chain".to_owned(), Box::new(Fill { list: chain, fill: fill_chain })));
    } else {
        for (i, link) in chain.iter_mut().enumerate() {
            let pb::Strike { target, outcome, .. } = link;
            out.push((format!("chain[{i}].target"), Box::new(target)));
            out.push((format!("chain[{i}].outcome"), Box::new(outcome)));
        }
    }
    out
}

/// A list whose items can be duplicated or removed.
trait List {
    fn len(&self) -> usize;
    fn duplicate(&mut self, i: usize);
    fn remove_at(&mut self, i: usize);
}

impl<T: Clone> List for Vec<T> {
    fn len(&self) -> usize {
        Vec::len(self)
    }
    fn duplicate(&mut self, i: usize) {
        let item = self[i].clone();
        self.insert(i + 1, item);
    }
    fn remove_at(&mut self, i: usize) {
        self.remove(i);
    }
}

/// Where a list is. Lists hold lists (players hold hands), so a list is found by
/// path once chosen rather than borrowed with all the others.
#[derive(Debug, Clone, Copy)]
enum ListAt {
    Players,
    Creatures,
    Chain,
    Options,
    Pile(usize, usize),
    CardKeywords(usize, usize, usize),
    CreatureKeywords(usize),
    CastleSides,
    /// An index into [`castle_piles`].
    CastlePile(usize),
    KeyforgeSides,
    Battleline(usize),
    /// A side's discard (0) or hand (1).
    KeyforgeNames(usize, usize),
    /// A battleline creature's abilities.
    Abilities(usize, usize),
    Resolution,
    /// A resolution step's list ([`step_list`]).
    StepList(usize, usize),
}

/// A KeyForge side's lists of card names.
const KEYFORGE_NAMES: [&str; 2] = ["discard", "hand"];

fn keyforge_side(s: &mut pb::GameState, i: usize) -> Option<&mut pb::KeyforgeSide> {
    s.keyforge.as_mut()?.sides.get_mut(i)
}

/// A resolution step's lists of names, with their paths under the step: a window's
/// items (0), a destruction's tagged creatures (1) and items (2).
fn step_lists(step: &mut pb::KeyforgeStep) -> Vec<(&'static str, &mut Vec<String>)> {
    match &mut step.step {
        Some(Step::Window(w)) => vec![("window.items", &mut w.items)],
        Some(Step::Destruction(d)) => vec![("destruction.tagged", &mut d.tagged), ("destruction.items", &mut d.items)],
        Some(Step::Fight(_) | Step::Target(_)) | None => vec![],
    }
}

/// The list `which` of [`step_lists`].
fn step_list(step: &mut pb::KeyforgeStep, which: usize) -> Option<&mut Vec<String>> {
    step_lists(step).into_iter().nth(which).map(|(_, l)| l)
}

/// The KeyForge board's lists, with their field paths.
fn keyforge_lists(b: &mut pb::KeyforgeBoard, out: &mut Vec<(String, ListAt)>) {
    out.push(("keyforge.sides".to_owned(), ListAt::KeyforgeSides));
    out.push(("keyforge.resolution".to_owned(), ListAt::Resolution));
    for (i, side) in b.sides.iter().enumerate() {
        let f = format!("keyforge.sides[{i}]");
        out.push((format!("{f}.battleline"), ListAt::Battleline(i)));
        for (k, name) in KEYFORGE_NAMES.iter().enumerate() {
            out.push((format!("{f}.{name}"), ListAt::KeyforgeNames(i, k)));
        }
        for j in 0..side.battleline.len() {
            out.push((format!("{f}.battleline[{j}].abilities"), ListAt::Abilities(i, j)));
        }
    }
    for (k, step) in b.resolution.iter_mut().enumerate() {
        for (which, (name, _)) in step_lists(step).into_iter().enumerate() {
            out.push((format!("keyforge.resolution[{k}].{name}"), ListAt::StepList(k, which)));
        }
    }
}

const PILES: [&str; 3] = ["hand", "deck", "graveyard"];

fn pile(p: &mut pb::Player, which: usize) -> &mut Vec<pb::Card> {
    match which {
        0 => &mut p.hand,
        1 => &mut p.deck,
        _ => &mut p.graveyard,
    }
}

/// Every non-empty list of the state, with its field path.
fn lists(s: &mut pb::GameState) -> Vec<(String, ListAt)> {
    let mut out = vec![
        ("players".to_owned(), ListAt::Players),
        ("creatures".to_owned(), ListAt::Creatures),
        ("chain".to_owned(), ListAt::Chain),
        ("pending.options".to_owned(), ListAt::Options),
    ];
    for (i, p) in s.players.iter_mut().enumerate() {
        for (k, name) in PILES.iter().enumerate() {
            out.push((format!("players[{i}].{name}"), ListAt::Pile(i, k)));
            for j in 0..pile(p, k).len() {
                out.push((format!("players[{i}].{name}[{j}].keywords"), ListAt::CardKeywords(i, k, j)));
            }
        }
    }
    for i in 0..s.creatures.len() {
        out.push((format!("creatures[{i}].keywords"), ListAt::CreatureKeywords(i)));
    }
    if let Some(board) = &mut s.castle_rampage {
        out.push(("castle_rampage.sides".to_owned(), ListAt::CastleSides));
        for (k, (path, _)) in castle_piles(board).into_iter().enumerate() {
            out.push((path, ListAt::CastlePile(k)));
        }
    }
    if let Some(board) = &mut s.keyforge {
        keyforge_lists(board, &mut out);
    }
    out.retain(|(_, at)| list(s, *at).is_some_and(|l| l.len() > 0));
    out
}

fn list(s: &mut pb::GameState, at: ListAt) -> Option<&mut dyn List> {
    Some(match at {
        ListAt::Players => &mut s.players,
        ListAt::Creatures => &mut s.creatures,
        ListAt::Chain => &mut s.chain,
        ListAt::Options => &mut s.pending.as_mut()?.options,
        ListAt::Pile(i, k) => pile(s.players.get_mut(i)?, k),
        ListAt::CardKeywords(i, k, j) => &mut pile(s.players.get_mut(i)?, k).get_mut(j)?.keywords,
        ListAt::CreatureKeywords(i) => &mut s.creatures.get_mut(i)?.keywords,
        ListAt::CastleSides => &mut s.castle_rampage.as_mut()?.sides,
        ListAt::CastlePile(k) => castle_piles(s.castle_rampage.as_mut()?).into_iter().nth(k)?.1,
        ListAt::KeyforgeSides => &mut s.keyforge.as_mut()?.sides,
        ListAt::Battleline(i) => &mut keyforge_side(s, i)?.battleline,
        ListAt::KeyforgeNames(i, 0) => &mut keyforge_side(s, i)?.discard,
        ListAt::KeyforgeNames(i, _) => &mut keyforge_side(s, i)?.hand,
        ListAt::Abilities(i, j) => &mut keyforge_side(s, i)?.battleline.get_mut(j)?.abilities,
        ListAt::Resolution => &mut s.keyforge.as_mut()?.resolution,
        ListAt::StepList(k, which) => step_list(s.keyforge.as_mut()?.resolution.get_mut(k)?, which)?,
    })
}

/// Each string of the list at `f`, with its path.
fn names<'a>(f: &str, list: &'a mut [String], out: &mut Sites<&'a mut String>) {
    for (k, name) in list.iter_mut().enumerate() {
        out.push((format!("{f}[{k}]"), name));
    }
}

/// The KeyForge board's strings: creatures' ids and names, ability ids, card names in
/// discards and hands, and the names the resolution steps hold.
fn keyforge_texts<'a>(b: &'a mut pb::KeyforgeBoard, out: &mut Sites<&'a mut String>) {
    let pb::KeyforgeBoard { sides, resolution } = b;
    for (i, side) in sides.iter_mut().enumerate() {
        let f = format!("keyforge.sides[{i}]");
        let pb::KeyforgeSide { battleline, discard, hand, .. } = side;
        for (j, c) in battleline.iter_mut().enumerate() {
            let pb::KeyforgeCreature { id, name, abilities, .. } = c;
            out.push((format!("{f}.battleline[{j}].id"), id));
            out.push((format!("{f}.battleline[{j}].name"), name));
            for (k, a) in abilities.iter_mut().enumerate() {
                out.push((format!("{f}.battleline[{j}].abilities[{k}].id"), &mut a.id));
            }
        }
        names(&format!("{f}.discard"), discard, out);
        names(&format!("{f}.hand"), hand, out);
    }
    for (k, step) in resolution.iter_mut().enumerate() {
        let f = format!("keyforge.resolution[{k}]");
        match &mut step.step {
            Some(Step::Fight(pb::KeyforgeFight { attacker, defender, .. })) => {
                out.push((format!("{f}.fight.attacker"), attacker));
                out.push((format!("{f}.fight.defender"), defender));
            }
            Some(Step::Target(ability)) => out.push((format!("{f}.target"), ability)),
            Some(Step::Window(w)) => names(&format!("{f}.window.items"), &mut w.items, out),
            Some(Step::Destruction(d)) => {
                names(&format!("{f}.destruction.tagged"), &mut d.tagged, out);
                names(&format!("{f}.destruction.items"), &mut d.items, out);
            }
            None => {}
        }
    }
}

/// Every string of the state that names something, with its field path.
fn texts(s: &mut pb::GameState) -> Sites<&mut String> {
    let mut out = Vec::new();
    let pb::GameState { players, creatures, pending, chain, keyforge, castle_rampage, .. } = s;
    if let Some(board) = keyforge {
        keyforge_texts(board, &mut out);
    }
    if let Some(board) = castle_rampage {
        for (f, cards) in castle_piles(board) {
            for (j, c) in cards.iter_mut().enumerate() {
                let pb::CastleCard { id, name, .. } = c;
                out.push((format!("{f}[{j}].id"), id));
                out.push((format!("{f}[{j}].name"), name));
            }
        }
    }
    for (i, p) in players.iter_mut().enumerate() {
        let pb::Player { hand, deck, graveyard, .. } = p;
        for (pile, cards) in [("hand", hand), ("deck", deck), ("graveyard", graveyard)] {
            for (j, c) in cards.iter_mut().enumerate() {
                let pb::Card { id, name, .. } = c;
                out.push((format!("players[{i}].{pile}[{j}].id"), id));
                out.push((format!("players[{i}].{pile}[{j}].name"), name));
            }
        }
    }
    for (i, c) in creatures.iter_mut().enumerate() {
        let pb::Creature { id, name, .. } = c;
        out.push((format!("creatures[{i}].id"), id));
        out.push((format!("creatures[{i}].name"), name));
    }
    if let Some(d) = pending {
        for (i, o) in d.options.iter_mut().enumerate() {
            out.push((format!("pending.options[{i}]"), o));
        }
    }
    for (i, link) in chain.iter_mut().enumerate() {
        let pb::Strike { attacker, defender, outcome, .. } = link;
        out.push((format!("chain[{i}].attacker"), attacker));
        out.push((format!("chain[{i}].defender"), defender));
        if let Some(pb::BlockOutcome { blocker: Some(b), .. }) = outcome {
            out.push((format!("chain[{i}].outcome.blocker"), b));
        }
    }
    out
}

/// Every id the state uses (creatures, cards, Castle cards pile by pile, then KeyForge
/// creatures side by side and their abilities), in order.
pub fn ids(s: &pb::GameState) -> Vec<String> {
    let cards = s.players.iter().flat_map(|p| p.hand.iter().chain(&p.deck).chain(&p.graveyard)).map(|c| &c.id);
    let castle = castle_cards(s).map(|(_, c)| &c.id);
    let keyforge = keyforge_creatures(s).map(|(_, c)| &c.id);
    let abilities = keyforge_creatures(s).flat_map(|(_, c)| c.abilities.iter().map(|a| &a.id));
    let zone = s.creatures.iter().map(|c| &c.id).chain(cards);
    zone.chain(castle).chain(keyforge).chain(abilities).filter(|id| !id.is_empty()).cloned().collect()
}

/// Every creature of the state's KeyForge board, with its side's index.
pub fn keyforge_creatures(s: &pb::GameState) -> impl Iterator<Item = (usize, &pb::KeyforgeCreature)> {
    let sides = s.keyforge.iter().flat_map(|b| b.sides.iter().enumerate());
    sides.flat_map(|(i, side)| side.battleline.iter().map(move |c| (i, c)))
}

/// Where a Castle card lies.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Lies {
    /// In player `n`'s hand.
    Hand(usize),
    /// In a Gate, a Castle, the draw pile or the discard.
    Pile,
}

/// Every card of the state's Castle board, with where it lies.
pub fn castle_cards(s: &pb::GameState) -> impl Iterator<Item = (Lies, &pb::CastleCard)> {
    let board = s.castle_rampage.iter();
    let sides = board.clone().flat_map(|b| b.sides.iter().enumerate());
    let stacks = sides.flat_map(|(i, side)| {
        let hand = side.hand.iter().map(move |c| (Lies::Hand(i), c));
        side.gate.iter().chain(&side.castle).map(|c| (Lies::Pile, c)).chain(hand)
    });
    stacks.chain(board.flat_map(|b| b.draw_pile.iter().chain(&b.discard)).map(|c| (Lies::Pile, c)))
}

/// `path` with its list indices replaced by `*`: the field it is an instance of.
fn field_of(path: &str) -> String {
    let mut out = String::with_capacity(path.len());
    let mut in_index = false;
    for c in path.chars() {
        match c {
            '[' => {
                in_index = true;
                out.push_str("[*]");
            }
            ']' => in_index = false,
            _ if in_index => {}
            _ => out.push(c),
        }
    }
    out
}

/// The part of the state a path is in: `` (the top level), `players`, `creatures`,
/// `pending` or `chain`.
fn part_of(path: &str) -> &str {
    let top = path.split(['.', '[']).next().unwrap_or_default();
    if path.len() == top.len() { "" } else { top }
}

/// The site `site` picks: a part of the state, then a field in it, then one of the
/// field's instances (`players[*].hand[*].might` is one field), each by `site`
/// modulo their count, so that the state's one `phase` is about as likely as all its
/// cards' `might` together.
fn pick<T>(mut sites: Sites<T>, site: usize) -> Option<(String, T)> {
    let mut parts: BTreeMap<&str, BTreeMap<String, Vec<usize>>> = BTreeMap::new();
    for (i, (path, _)) in sites.iter().enumerate() {
        parts.entry(part_of(path)).or_default().entry(field_of(path)).or_default().push(i);
    }
    let fields = parts.values().nth(site.checked_rem(parts.len())?)?;
    let site = site / parts.len();
    let instances = fields.values().nth(site % fields.len())?;
    let i = instances[(site / fields.len()) % instances.len()];
    Some(sites.swap_remove(i))
}

/// The fields (paths with `[*]` for list indices) that mutations of `kind` may change
/// in `s`: what the harness covers there.
pub fn fields(s: &mut pb::GameState, kind: Kind) -> BTreeSet<String> {
    let paths: Vec<String> = match kind {
        Kind::Number => numbers(s).into_iter().map(|(path, _)| path).collect(),
        Kind::Toggle => toggles(s).into_iter().map(|(path, _)| path).collect(),
        Kind::Duplicate | Kind::Remove => lists(s).into_iter().map(|(path, _)| path).collect(),
        Kind::Text => texts(s).into_iter().map(|(path, _)| path).collect(),
    };
    paths.iter().map(|path| field_of(path)).collect()
}

/// Applies `m` to `s`; says what changed, or `None` when the state has no field of
/// that kind.
pub fn mutate(s: &mut pb::GameState, m: Mutation) -> Option<String> {
    match m.kind {
        Kind::Number => {
            let (path, num) = pick(numbers(s), m.site)?;
            Some(format!("{path} = {}", num.set(m.value)))
        }
        Kind::Toggle => {
            let (path, what) = {
                let (path, mut field) = pick(toggles(s), m.site)?;
                let what = field.toggle(m.value);
                (path, what)
            };
            // A set KeyForge board is dropped here ([`DropBoard`]).
            if path == "keyforge" && what == "dropped" {
                s.keyforge = None;
            }
            Some(format!("{path} {what}"))
        }
        Kind::Duplicate | Kind::Remove => {
            let (path, at) = pick(lists(s), m.site)?;
            let l = list(s, at)?;
            let i = m.value % l.len();
            if m.kind == Kind::Duplicate {
                l.duplicate(i);
                Some(format!("{path}[{i}] duplicated"))
            } else {
                l.remove_at(i);
                Some(format!("{path}[{i}] removed"))
            }
        }
        Kind::Text => {
            let pool = ids(s);
            let (path, text) = pick(texts(s), m.site)?;
            *text = match m.value % (pool.len() + 2) {
                0 => String::new(),
                1 => "ghost".to_owned(),
                k => pool[k - 2].clone(),
            };
            Some(format!("{path} = {text:?}"))
        }
    }
}

// ---------------------------------------------------------------------------
// Cases and answers

/// NewGame rulesets: the served ones ([`served`], first), the unserved ones, and
/// nonsense.
pub fn new_game_rulesets() -> Vec<i32> {
    let served: Vec<i32> = served().iter().map(|s| s.ruleset).collect();
    let unserved = Ruleset::ALL.iter().map(|r| r.wire()).filter(|r| !served.contains(r));
    let nonsense = [0, 6, -1, i32::MIN, i32::MAX];
    served.iter().copied().chain(unserved).chain(nonsense).collect()
}

/// NewGame scenarios: every served ruleset's built-in ones (each named once, in
/// catalogue order), then [`ODD_SCENARIOS`].
pub fn new_game_scenarios() -> Vec<&'static str> {
    let mut names: Vec<&'static str> = Vec::new();
    for name in served().iter().flat_map(|s| s.scenarios.iter().copied()) {
        if !names.contains(&name) {
            names.push(name);
        }
    }
    names.extend(ODD_SCENARIOS);
    names
}

/// NewGame scenarios besides the built-in ones.
pub const ODD_SCENARIOS: [&str; 6] = ["", "chess", "MIRROR", "men-vs-fey ", "STANDARD", "\0"];

/// One case: a state, its mutations, and what each RPC is sent along with it.
#[derive(Debug, Clone)]
pub struct Case {
    /// The game the state is taken from.
    pub origin: Origin,
    /// Applied in order to the state.
    pub mutations: Vec<Mutation>,
    /// ApplyAction: which of the unmutated state's legal actions (modulo their count).
    pub action: usize,
    /// ResolveStrike: unless it is 3 modulo 4, one of the unmutated state's legal
    /// strikes if it has any (`attacker / 4`, modulo their count); else, on a zone
    /// board, which of its creatures strikes (modulo) the target zone; on a Castle
    /// board (`attacker / 4` modulo 4) a card of the active player's hand, of the other
    /// player's hand, of any pile, or a nonsense id (`attacker / 16` modulo each's
    /// count); on a KeyForge board another fight (`attacker / 4`, [`keyforge_strike`]):
    /// its sides' creatures either way round, any two, or a nonsense id.
    pub attacker: usize,
    /// ResolveStrike: the target zone (player, index), not necessarily valid.
    pub target: (u32, u32),
    /// ResolveStrike: how the strike is dressed, modulo 4: 0 and 1 as it is; 2 its
    /// target toggled (a zone strike's dropped, a Castle or KeyForge strike's set to
    /// `target`, which KeyForge refuses); 3 a defender named (one of the state's ids,
    /// by `attacker`, or "ghost"; a KeyForge fight's defender replaced).
    pub dress: u8,
    /// ResolveStrike: choices as (how, which), how modulo 5: 0 an option (modulo) of
    /// the decision pending once the strike and the choices before are played
    /// in-process on the unmutated state (an id of the state when none is), 1 an id of
    /// the state (modulo), 2 decline, 3 `decline: false`, 4 neither set.
    pub choices: Vec<(u8, usize)>,
    /// ChooseAction's player: 0..=5 the player to move, 6 the other one, 7 `u32::MAX`.
    pub player: u8,
    /// ChooseAction's seed.
    pub seed: u64,
    /// NewGame: ruleset ([`new_game_rulesets`], modulo), seed, scenario
    /// ([`new_game_scenarios`], modulo).
    pub new_game: (usize, u64, usize),
}

/// Ok when `status` is a clear answer about a request for `ruleset`: INVALID_ARGUMENT
/// with a BadRequest detail naming fields, FAILED_PRECONDITION whose ErrorInfo names
/// the rule its message starts with, or UNIMPLEMENTED for a ruleset not served yet (for
/// NewGame: whose skirmish is not dealt yet).
pub fn clear(rpc: &str, status: &Status, ruleset: i32) -> Result<(), String> {
    let unclear = |why: &str| Err(format!("{rpc} answered {:?} {:?}: {why}", status.code(), status.message()));
    let details = status.get_error_details();
    match status.code() {
        Code::InvalidArgument => match details.bad_request() {
            Some(b) if !b.field_violations.is_empty() => Ok(()),
            _ => unclear("INVALID_ARGUMENT without a BadRequest field violation"),
        },
        Code::FailedPrecondition => match details.error_info() {
            Some(info)
                if info.domain == "fray.v1"
                    && !info.reason.is_empty()
                    && status.message().starts_with(&format!("{}: ", info.reason)) =>
            {
                Ok(())
            }
            _ => unclear("FAILED_PRECONDITION without an ErrorInfo naming the rule"),
        },
        Code::Unimplemented if unserved(ruleset) => Ok(()),
        Code::Unimplemented if rpc == "NewGame" && undealt(ruleset) => Ok(()),
        _ => unclear("not a clear status"),
    }
}

/// The answer's code (`OK` for a result).
pub fn code<T>(answer: &Result<T, Status>) -> Code {
    answer.as_ref().map_or_else(Status::code, |_| Code::Ok)
}

/// True when `status` rejects the request's state (INVALID_ARGUMENT naming a `state`
/// field).
fn rejects_state(status: &Status) -> bool {
    status.code() == Code::InvalidArgument
        && status
            .get_error_details()
            .bad_request()
            .is_some_and(|b| b.field_violations.iter().any(|v| v.field == "state" || v.field.starts_with("state.")))
}

/// Every RPC that takes a state loads it the same way: `rpc` accepts the state exactly
/// when LegalActions did.
fn agree<T>(rpc: &str, accepted: bool, answer: &Result<T, Status>) -> Result<(), String> {
    match answer {
        Ok(_) if !accepted => Err(format!("{rpc} accepted a state LegalActions rejects")),
        Err(s) if accepted && rejects_state(s) => Err(format!("{rpc} rejected a state LegalActions accepts: {s:?}")),
        _ => Ok(()),
    }
}

/// What one RPC answered, for tallies.
pub type Answer = (&'static str, Code);

/// The player to move in `state`, if it loads and someone is.
pub fn to_move(state: &pb::GameState) -> Option<u32> {
    let game = convert::game_state(state.clone()).ok()?;
    game.to_move().map(|p| u32::from(p.0))
}

/// Awaits `call` for at most `limit`; no answer in time is a hang.
async fn within<R>(
    rpc: &str,
    limit: Duration,
    call: impl Future<Output = Result<tonic::Response<R>, Status>>,
) -> Result<Result<R, Status>, String> {
    match tokio::time::timeout(limit, call).await {
        Ok(answer) => Ok(answer.map(tonic::Response::into_inner)),
        Err(_) => Err(format!("{rpc} did not answer within {limit:?}")),
    }
}

/// Ids no state uses, some near the skirmish ids (`c01`, `knight`).
const NONSENSE_IDS: [&str; 5] = ["ghost", "", "C01", "c01 ", "\0"];

/// The strike ResolveStrike is sent for `case` on the unmutated state `base` (see
/// [`Case::attacker`] and [`Case::dress`]).
pub fn strike(case: &Case, base: &pb::GameState, base_legal: &[pb::Action]) -> pb::Strike {
    let legal_strikes: Vec<&pb::Strike> = base_legal
        .iter()
        .filter_map(|a| match &a.action {
            Some(pb::action::Action::Strike(s)) => Some(s),
            _ => None,
        })
        .collect();
    let target = Some(pb::ZoneRef { player: case.target.0, index: case.target.1 });
    let mut strike = match legal_strikes.get((case.attacker / 4).checked_rem(legal_strikes.len()).unwrap_or(0)) {
        Some(&legal) if case.attacker % 4 != 3 => legal.clone(),
        _ if base.castle_rampage.is_some() => {
            let me = base.active_player as usize;
            let lies = |wanted: fn(Lies, usize) -> bool| {
                castle_cards(base).filter(|&(at, _)| wanted(at, me)).map(|(_, c)| &c.id).collect::<Vec<_>>()
            };
            let n = case.attacker / 16;
            let attacker = match (case.attacker / 4) % 4 {
                0 => nth(lies(|at, me| at == Lies::Hand(me)), n),
                1 => nth(lies(|at, me| matches!(at, Lies::Hand(p) if p != me)), n),
                2 => nth(lies(|_, _| true), n),
                _ => None,
            };
            let attacker = attacker.unwrap_or_else(|| NONSENSE_IDS[n % NONSENSE_IDS.len()].to_owned());
            pb::Strike { attacker, ..Default::default() }
        }
        _ if base.keyforge.is_some() => keyforge_strike(base, case.attacker / 4),
        _ => {
            let attacker = nth(base.creatures.iter().map(|c| &c.id).collect(), case.attacker);
            pb::Strike { attacker: attacker.unwrap_or_else(|| "ghost".to_owned()), target, ..Default::default() }
        }
    };
    match case.dress % 4 {
        2 if strike.target.is_some() => strike.target = None,
        2 => strike.target = target,
        3 => strike.defender = nth(ids(base).iter().collect(), case.attacker).unwrap_or_else(|| "ghost".to_owned()),
        _ => {}
    }
    strike
}

/// The `n`th id of `ids` (modulo their count), if there is any.
fn nth(ids: Vec<&String>, n: usize) -> Option<String> {
    ids.get(n.checked_rem(ids.len()).unwrap_or(0)).map(|id| (*id).clone())
}

/// A KeyForge fight other than a legal one, by `n` modulo 5: a creature of the active
/// player's side against one of the other side, the other way round, any two creatures
/// of the board (the same one, or two of a side, included), a nonsense attacker, or a
/// nonsense defender. `n / 5` picks the creatures and the nonsense id.
fn keyforge_strike(base: &pb::GameState, n: usize) -> pb::Strike {
    let me = base.active_player as usize;
    let on = |side: Option<usize>| {
        keyforge_creatures(base).filter(|&(i, _)| side.is_none_or(|s| s == i)).map(|(_, c)| &c.id).collect::<Vec<_>>()
    };
    let (mine, theirs, all) = (on(Some(me)), on(Some(usize::from(me == 0))), on(None));
    let m = n / 5;
    let nonsense = Some(NONSENSE_IDS[m % NONSENSE_IDS.len()].to_owned());
    let (attacker, defender) = match n % 5 {
        0 => (nth(mine, m), nth(theirs, m / 7)),
        1 => (nth(theirs, m), nth(mine, m / 7)),
        2 => (nth(all.clone(), m), nth(all, m / 7)),
        3 => (nonsense, nth(theirs, m)),
        _ => (nth(mine, m), nonsense),
    };
    let ghost = || "ghost".to_owned();
    pb::Strike {
        attacker: attacker.unwrap_or_else(ghost),
        defender: defender.unwrap_or_else(ghost),
        ..Default::default()
    }
}

/// The options of the decision pending once `strike` and `choices` are played
/// in-process on `game`; none when nothing is pending then, or they do not apply.
fn options_after(game: Option<&GameState>, strike: &pb::Strike, choices: &[pb::Choice]) -> Vec<String> {
    let Some(mut game) = game.cloned() else { return Vec::new() };
    let choices: Vec<_> = choices.iter().map(convert::choice_to_setup).collect();
    let strike = convert::strike_to_setup(game.ruleset(), strike);
    if convert::resolve_strike(&mut game, &strike, &choices).is_err() {
        return Vec::new();
    }
    convert::state_from_setup(game.to_setup()).pending.map(|d| d.options).unwrap_or_default()
}

/// The choices ResolveStrike is sent along with `strike` on the unmutated state `base`
/// (see [`Case::choices`]).
pub fn choices(case: &Case, base: &pb::GameState, strike: &pb::Strike) -> Vec<pb::Choice> {
    let pool = ids(base);
    let game = convert::game_state(base.clone()).ok();
    let mut out: Vec<pb::Choice> = Vec::new();
    for &(how, which) in &case.choices {
        let choice = match how % 5 {
            0 => {
                let options = options_after(game.as_ref(), strike, &out);
                let option = nth(options.iter().collect(), which).or_else(|| nth(pool.iter().collect(), which));
                Some(pb::choice::Choice::Option(option.unwrap_or_default()))
            }
            1 => Some(pb::choice::Choice::Option(nth(pool.iter().collect(), which).unwrap_or_default())),
            2 => Some(pb::choice::Choice::Decline(true)),
            3 => Some(pb::choice::Choice::Decline(false)),
            _ => None,
        };
        out.push(pb::Choice { choice });
    }
    out
}

/// On a KeyForge state a strike naming a `target` zone is refused: INVALID_ARGUMENT,
/// naming `strike.target` when the state itself loads.
fn zone_refused<T>(answer: &Result<T, Status>, loads: bool) -> Result<(), String> {
    let names_target = |s: &Status| {
        let details = s.get_error_details();
        details.bad_request().is_some_and(|b| b.field_violations.iter().any(|v| v.field == "strike.target"))
    };
    match answer {
        Err(s) if s.code() == Code::InvalidArgument && (!loads || names_target(s)) => Ok(()),
        Err(s) => Err(format!("ResolveStrike of a KeyForge fight with a target zone answered {s:?}")),
        Ok(_) => Err("ResolveStrike accepted a KeyForge fight with a target zone".to_owned()),
    }
}

/// Both services over one transport: a tonic channel, or the servers in-process.
pub struct Api<T> {
    /// The Rules client.
    pub rules: RulesClient<T>,
    /// The Agent client.
    pub agent: AgentClient<T>,
    /// How long one call may take.
    pub limit: Duration,
}

impl<T> Api<T>
where
    T: tonic::client::GrpcService<tonic::body::Body> + Clone,
    T::Error: Into<StdError>,
    T::ResponseBody: Body<Data = Bytes> + Send + 'static,
    <T::ResponseBody as Body>::Error: Into<StdError> + Send,
{
    /// Clients over `transport`, each call given at most `limit`.
    pub fn new(transport: T, limit: Duration) -> Self {
        Self { rules: RulesClient::new(transport.clone()), agent: AgentClient::new(transport), limit }
    }

    /// LegalActions on `state`; a clear status is `Ok(Err(status))`.
    async fn legal(&mut self, state: &pb::GameState) -> Result<Result<Vec<pb::Action>, Status>, String> {
        let request = pb::LegalActionsRequest { state: Some(state.clone()) };
        let answer = within("LegalActions", self.limit, self.rules.legal_actions(request)).await?;
        if let Err(status) = &answer {
            clear("LegalActions", status, state.ruleset)?;
        }
        Ok(answer.map(|r| r.actions))
    }

    /// A state answered OK by `rpc` must load again.
    async fn reloads(&mut self, rpc: &str, state: Option<pb::GameState>) -> Result<(), String> {
        let Some(state) = state else { return Err(format!("{rpc} answered OK without a state")) };
        match self.legal(&state).await? {
            Ok(_) => Ok(()),
            Err(status) => Err(format!("the state {rpc} answered does not load again: {status:?}\n  state: {state:?}")),
        }
    }

    /// Sends the case's mutated state to every RPC and checks every answer. The error
    /// says which RPC broke the property, with the mutations applied.
    pub async fn exercise(&mut self, case: &Case) -> Result<Vec<Answer>, String> {
        let (base, base_legal) = case.origin.play();
        let mut state = base.clone();
        let mut applied = Vec::new();
        for &m in &case.mutations {
            if let Some(what) = mutate(&mut state, m) {
                applied.push(what);
            }
        }
        self.exercise_state(case, &base, &base_legal, &state)
            .await
            .map_err(|e| format!("{e}\n  mutations: {applied:?}\n  origin: {:?}", case.origin))
    }

    async fn exercise_state(
        &mut self,
        case: &Case,
        base: &pb::GameState,
        base_legal: &[pb::Action],
        state: &pb::GameState,
    ) -> Result<Vec<Answer>, String> {
        let ruleset = state.ruleset;
        let mut answers = Vec::new();

        // LegalActions: whether the state loads at all.
        let legal = self.legal(state).await?;
        answers.push(("LegalActions", code(&legal)));
        let accepted = legal.as_ref().ok();

        // ApplyAction with one of the unmutated state's legal actions.
        let action = base_legal.get(case.action.checked_rem(base_legal.len()).unwrap_or(0)).cloned();
        let action = action.unwrap_or(pb::Action { action: Some(pb::action::Action::EndPhase(pb::EndPhase {})) });
        let request = pb::ApplyActionRequest { state: Some(state.clone()), action: Some(action) };
        let applied = within("ApplyAction", self.limit, self.rules.apply_action(request)).await?;
        answers.push(("ApplyAction", code(&applied)));
        agree("ApplyAction", accepted.is_some(), &applied)?;
        match applied {
            Ok(r) => self.reloads("ApplyAction", r.state).await?,
            Err(s) => clear("ApplyAction", &s, ruleset)?,
        }

        // ResolveStrike: one of the unmutated state's legal strikes, or another attacker
        // (see `Case::attacker`), dressed as `Case::dress` says.
        let strike = strike(case, base, base_legal);
        let choices = choices(case, base, &strike);
        let zoned = ruleset == Ruleset::Keyforge.wire() && strike.target.is_some();
        let request = pb::ResolveStrikeRequest { state: Some(state.clone()), strike: Some(strike), choices };
        let resolved = within("ResolveStrike", self.limit, self.rules.resolve_strike(request)).await?;
        answers.push(("ResolveStrike", code(&resolved)));
        agree("ResolveStrike", accepted.is_some(), &resolved)?;
        if zoned {
            zone_refused(&resolved, accepted.is_some())?;
        }
        match resolved {
            Ok(r) => self.reloads("ResolveStrike", r.state).await?,
            Err(s) => clear("ResolveStrike", &s, ruleset)?,
        }

        // ChooseAction with a small budget.
        let mover = to_move(state);
        let player = match case.player {
            0..=5 => mover.unwrap_or(0),
            6 => 1 - mover.unwrap_or(0).min(1),
            _ => u32::MAX,
        };
        let request = pb::ChooseActionRequest {
            state: Some(state.clone()),
            player,
            budget: Some(pb::SearchBudget { playouts: 30, time_ms: 0 }),
            seed: case.seed,
        };
        let chosen = within("ChooseAction", self.limit, self.agent.choose_action(request)).await?;
        answers.push(("ChooseAction", code(&chosen)));
        agree("ChooseAction", accepted.is_some(), &chosen)?;
        match (chosen, accepted) {
            (Ok(r), Some(legal)) => {
                let Some(action) = r.action else { return Err("ChooseAction answered OK without an action".into()) };
                if !legal.contains(&action) {
                    return Err(format!("ChooseAction chose {action:?}, which LegalActions does not list"));
                }
                let request = pb::ApplyActionRequest { state: Some(state.clone()), action: Some(action) };
                match within("ApplyAction", self.limit, self.rules.apply_action(request)).await? {
                    Ok(r) => self.reloads("ApplyAction of the chosen action", r.state).await?,
                    Err(s) => return Err(format!("the chosen action does not apply: {s:?}")),
                }
            }
            (Ok(_), None) => return Err("ChooseAction accepted a state LegalActions rejects".into()),
            (Err(s), accepted) => {
                clear("ChooseAction", &s, ruleset)?;
                match accepted {
                    Some(legal) if legal.is_empty() && s.code() != Code::FailedPrecondition => {
                        return Err(format!("ChooseAction with no legal action answered {s:?}"));
                    }
                    Some(legal) if !legal.is_empty() && Some(player) == mover => {
                        return Err(format!("ChooseAction for the player to move refused: {s:?}"));
                    }
                    _ => {}
                }
            }
        }

        // NewGame with odd arguments.
        let (r, seed, s) = case.new_game;
        let rulesets = new_game_rulesets();
        let ruleset = rulesets[r % rulesets.len()];
        let names = new_game_scenarios();
        let request = pb::NewGameRequest { ruleset, seed, scenario: names[s % names.len()].to_owned() };
        let game = within("NewGame", self.limit, self.rules.new_game(request)).await?;
        answers.push(("NewGame", code(&game)));
        match game {
            Ok(g) => self.reloads("NewGame", g.state).await?,
            Err(s) => clear("NewGame", &s, ruleset)?,
        }

        // ListRulesets.
        let listed = within("ListRulesets", self.limit, self.rules.list_rulesets(pb::ListRulesetsRequest {})).await?;
        answers.push(("ListRulesets", code(&listed)));
        match listed {
            Ok(r) if !r.rulesets.is_empty() => {}
            other => return Err(format!("ListRulesets answered {other:?}")),
        }
        Ok(answers)
    }
}
