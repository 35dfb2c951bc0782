//! Human-readable output: the resolution trace (one line per event, led by its rule id)
//! and a short summary of the resulting board.

use std::collections::HashMap;
use std::fmt::Write as _;

use fray_core::rulesets::castle_rampage::rule as castle_rule;
use fray_core::rulesets::keyforge::rule as kf_rule;
use fray_proto::fray::v1::{
    AmberMoved, CastleCard, CastleEffect, CastleRampageBoard, Creature, DecisionKind, Event, GameState, KeyforgeBoard,
    PendingDecision, Phase, ResolveStrikeResponse, Ruleset, ZoneRef, event::Kind, keyforge_step,
};

use crate::keyforge;

/// Whether to colour the output (ANSI escapes), decided once by the caller.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Style {
    /// Emit ANSI colour codes.
    pub color: bool,
}

impl Style {
    /// `text` wrapped in the ANSI SGR `code` (e.g. `1` bold, `2` dim, `31` red) when
    /// colouring, else `text` unchanged.
    pub fn paint(self, code: &str, text: &str) -> String {
        if self.color { format!("\x1b[{code}m{text}\x1b[0m") } else { text.to_owned() }
    }
}

/// Everything printed for a successful resolution: the trace, then the board.
///
/// `answer` gives the exact command line that answers a pending decision with a
/// `--choice` value (a creature id or `decline`).
pub fn render_response(response: &ResolveStrikeResponse, style: Style, answer: &dyn Fn(&str) -> String) -> String {
    let castle = response.state.as_ref().and_then(|s| s.castle_rampage.as_ref()).map(CastleCards::new);
    let mut out = match &castle {
        Some(cards) => render_events_with(&response.events, style, cards),
        None => render_events(&response.events, style),
    };
    if let Some(state) = &response.state {
        out.push('\n');
        out.push_str(&render_board(state, style));
        if let Some(pending) = &state.pending {
            out.push('\n');
            out.push_str(&render_pending(state, pending, style, answer));
        }
    }
    out
}

/// How events name creatures, players and zones. The default methods give the raw
/// wire names (creature ids, `player N`, zones as `player:index`), as `fray resolve`
/// prints them; `fray play` names things from the person's seat instead.
pub trait Namer {
    /// A creature, by id.
    fn creature(&self, id: &str) -> String {
        id.to_owned()
    }
    /// A player, by seat.
    fn player(&self, player: u32) -> String {
        format!("player {player}")
    }
    /// A creature zone (`zone 1:3`).
    fn zone(&self, z: Option<&ZoneRef>) -> String {
        format!("zone {}", zone(z))
    }
    /// A Castle Rampage card, by id.
    fn card(&self, id: &str) -> String {
        id.to_owned()
    }
    /// The Gate, Castle or hand (`structure`: `gate`, `castle` or `hand`, as events
    /// spell them) that holds, or is to hold, `card`: `the Gate` without an owner.
    fn pile(&self, _card: &str, structure: &str) -> String {
        format!("the {}", structure_label(structure))
    }
    /// `card`'s defense in `structure`, when known and shown.
    fn defense(&self, _card: &str, _structure: &str) -> Option<i32> {
        None
    }
    /// A KeyForge ability of `creature`, by id: `raider's ability raider.fight`.
    fn ability(&self, id: &str, creature: &str) -> String {
        format!("{}'s ability {id}", self.creature(creature))
    }
    /// What a Dog Fight card does: `DOG_FIGHT_EFFECT_DIRECT_HIT 2`.
    fn effect(&self, effect: i32, amount: i32) -> String {
        let name =
            fray_proto::fray::v1::DogFightEffect::try_from(effect).map_or("an unknown effect", |x| x.as_str_name());
        format!("{name} {amount}")
    }
    /// Whether `player`'s hand is hidden from the reader (`fray play`: every hand but
    /// the person's), so a decision among its cards is told without them.
    fn hides_hand(&self, _player: u32) -> bool {
        false
    }
    /// A KeyForge DECISION_KIND_ORDER item: `raider's assault`, `thornback's
    /// hazardous`, or an ability (by id, its creature unknown).
    fn item(&self, item: &str) -> String {
        match keyforge::Item::parse(item) {
            keyforge::Item::Assault(c) => format!("{}'s assault", self.creature(c)),
            keyforge::Item::Hazardous(c) => format!("{}'s hazardous", self.creature(c)),
            keyforge::Item::Ability(a) => format!("ability {a}"),
        }
    }
}

/// The raw wire names: creature ids, `player N`, `zone P:I`.
#[derive(Debug, Clone, Copy, Default)]
pub struct Ids;

impl Namer for Ids {}

/// `gate` as `Gate`, `castle` as `Castle`; anything else as it is.
pub fn structure_label(structure: &str) -> &str {
    match structure {
        "gate" => "Gate",
        "castle" => "Castle",
        other => other,
    }
}

/// The raw wire names, with what a Castle Rampage board says of its cards: whose pile
/// a card is in (`player 1's Gate`) and its defenses. Every card is shown: `fray
/// resolve` prints a board its user submitted whole.
#[derive(Debug, Clone, Default)]
pub struct CastleCards {
    cards: HashMap<String, CastleCard>,
}

impl CastleCards {
    /// Knows every card of `board`.
    pub fn new(board: &CastleRampageBoard) -> Self {
        let mut cards = HashMap::new();
        let sides = board.sides.iter().flat_map(|s| s.gate.iter().chain(&s.castle).chain(&s.hand));
        for c in sides.chain(&board.draw_pile).chain(&board.discard) {
            cards.insert(c.id.clone(), c.clone());
        }
        Self { cards }
    }
}

impl Namer for CastleCards {
    fn pile(&self, card: &str, structure: &str) -> String {
        match self.cards.get(card) {
            Some(c) => format!("player {}'s {}", c.owner, structure_label(structure)),
            None => format!("the {}", structure_label(structure)),
        }
    }

    fn defense(&self, card: &str, structure: &str) -> Option<i32> {
        self.cards.get(card).and_then(|c| castle_defense(c, structure))
    }
}

/// A card's defense in the `gate` or the `castle`.
pub fn castle_defense(card: &CastleCard, structure: &str) -> Option<i32> {
    match structure {
        "gate" => Some(card.gate_defense),
        "castle" => Some(card.castle_defense),
        _ => None,
    }
}

/// The trace: one line per event, `rule  description`, rule ids padded to one column.
pub fn render_events(events: &[Event], style: Style) -> String {
    render_events_with(events, style, &Ids)
}

/// [`render_events`], naming things with `names`.
pub fn render_events_with(events: &[Event], style: Style, names: &dyn Namer) -> String {
    let width = events.iter().map(|e| e.rule.len()).max().unwrap_or(0);
    let mut out = String::new();
    if events.is_empty() {
        out.push_str("(no events)\n");
    }
    for event in events {
        let rule = format!("{:<width$}", event.rule);
        let _ = writeln!(out, "{}  {}", style.paint("36", &rule), describe_with(event, names));
    }
    out
}

/// One event in plain words (creatures by id, zones as `player:index`).
pub fn describe(event: &Event) -> String {
    describe_with(event, &Ids)
}

/// One event in plain words, naming things with `names`.
pub fn describe_with(event: &Event, names: &dyn Namer) -> String {
    let Some(kind) = &event.kind else {
        return "(an event of a kind this client does not know)".to_owned();
    };
    let c = |id: &str| names.creature(id);
    let p = |player: u32| names.player(player);
    match kind {
        Kind::StrikeDeclared(e) => format!("{} strikes {}", c(&e.attacker), names.zone(e.target.as_ref())),
        Kind::BlockerDetermined(e) => match &e.blocker {
            Some(b) if e.passive => format!("{} blocks {} (passive)", c(b), c(&e.attacker)),
            Some(b) => format!("{} blocks {} (active)", c(b), c(&e.attacker)),
            None => format!("{} is not blocked: direct attack", c(&e.attacker)),
        },
        Kind::CreatureFlipped(e) => format!("{} is turned face-up", c(&e.creature)),
        Kind::StrikeFizzled(e) if e.reason.is_empty() => format!("{}'s strike fizzles", c(&e.attacker)),
        Kind::StrikeFizzled(e) => format!("{}'s strike fizzles: {}", c(&e.attacker), e.reason),
        Kind::DamageDealt(e) => format!("{} deals {} damage to {}", c(&e.source), e.amount, c(&e.target)),
        Kind::CreatureDestroyed(e) => format!("{} is destroyed", c(&e.creature)),
        Kind::PlayerHpLost(e) => format!("{} loses {} HP", p(e.player), e.amount),
        Kind::GameOver(e) => match e.winner {
            Some(w) => format!("game over: {} wins", p(w)),
            None => "game over: a draw".to_owned(),
        },
        Kind::DecisionRequested(e) => match &e.decision {
            Some(d) if d.kind == DecisionKind::Response as i32 && names.hides_hand(d.player) => {
                format!("{} may play cards from their hand into the attack, or pass", p(d.player))
            }
            Some(d) => {
                format!("{} {} {}", p(d.player), if d.may_decline { "may" } else { "must" }, decision_summary(d, names))
            }
            None => "a decision is requested".to_owned(),
        },
        Kind::StrikeChained(e) => format!("{}'s strike goes on the chain (depth {})", c(&e.attacker), e.depth),
        Kind::DamagePrevented(e) if e.by.is_empty() => {
            format!("{} damage to {} is prevented", e.amount, c(&e.target))
        }
        Kind::DamagePrevented(e) => format!("{} prevents {} damage to {}", e.by, e.amount, c(&e.target)),
        Kind::PhaseChanged(e) => format!("turn {}, {}: {}", e.turn, p(e.active_player), phase_name(e.phase)),
        Kind::CreatureSummoned(e) => format!(
            "{} is summoned into {}{}",
            c(&e.creature),
            names.zone(e.zone.as_ref()),
            if e.face_down { " face-down" } else { "" }
        ),
        Kind::CardDrawn(e) => format!("{} draws a card", p(e.player)),
        Kind::AmberMoved(e) => amber_moved(e, &event.rule, names),
        Kind::CreatureStunned(e) => format!("{} is stunned", c(&e.creature)),
        Kind::StunRemoved(e) => format!("{}'s stun is removed", c(&e.creature)),
        Kind::WardRemoved(e) => format!("{}'s ward is discarded", c(&e.creature)),
        Kind::WardGained(e) => format!("{} gains a ward", c(&e.creature)),
        Kind::CreatureExhausted(e) => format!("{} is exhausted", c(&e.creature)),
        Kind::FightDeclared(e) => format!("{} fights {}", c(&e.attacker), c(&e.defender)),
        Kind::FightExchange(e) => format!(
            "exchange: {} sets {} pending damage on {}, {} sets {} on {}",
            c(&e.attacker),
            e.attacker_deals,
            c(&e.defender),
            c(&e.defender),
            e.defender_deals,
            c(&e.attacker)
        ),
        Kind::FightEnded(e) if e.exchanged => format!("the fight of {} and {} ends", c(&e.attacker), c(&e.defender)),
        Kind::FightEnded(e) => {
            format!("the fight of {} and {} ends without an exchange", c(&e.attacker), c(&e.defender))
        }
        Kind::AbilityResolved(e) => match keyforge::Item::parse(&e.ability) {
            keyforge::Item::Ability(id) => format!("{} resolves", names.ability(id, &e.creature)),
            _ => format!("{} resolves", names.item(&e.ability)),
        },
        Kind::CreatureTagged(e) => format!("{} is tagged for destruction", c(&e.creature)),
        Kind::Reaped(e) => format!("{} reaps", c(&e.creature)),
        Kind::KeyForged(e) => format!("{} forges a key ({} in all)", p(e.player), e.keys),
        Kind::DamagePending(e) => format!("{} sets {} pending damage on {}", c(&e.source), e.amount, c(&e.target)),
        Kind::CardRevealed(e) => {
            let defense = names.defense(&e.card, &e.structure).map_or_else(String::new, |d| format!(", defense {d}"));
            format!(
                "the top card of {} is revealed: {}{defense}",
                names.pile(&e.card, &e.structure),
                names.card(&e.card)
            )
        }
        Kind::CardDestroyed(e) => format!("{} is destroyed (to the discard)", names.card(&e.card)),
        Kind::CardReturned(e) if e.to == "hand" && event.rule == fray_core::rulesets::keyforge::rule::EFFECT_RETURN => {
            format!("{} returns to its owner's hand", c(&e.card))
        }
        Kind::CardReturned(e) if e.to == "hand" => {
            format!("{} returns to {}", names.card(&e.card), names.pile(&e.card, &e.to))
        }
        Kind::CardReturned(e) if event.rule == castle_rule::REINFORCE => {
            format!("{} goes face down to the bottom of {}", names.card(&e.card), names.pile(&e.card, &e.to))
        }
        Kind::CardReturned(e) => {
            format!("{} goes back face down on top of {}", names.card(&e.card), names.pile(&e.card, &e.to))
        }
        Kind::AttackEnded(e) => format!("the attack ends with {} strength left", e.remaining),
        Kind::DamageMitigated(e) => format!("{} damage stopped by {}'s {}", e.amount, c(&e.target), e.layer),
        Kind::AttackDeclared(e) => {
            format!("{} attacks {} (strength {})", c(&e.attacker), c(&e.defender), e.strength)
        }
        Kind::CardPlayed(e) => {
            format!("{} plays {} ({})", p(e.player), names.card(&e.card), names.effect(e.effect, e.amount))
        }
        Kind::ResponsePassed(e) => format!("{} passes", p(e.player)),
        Kind::AttackMissed(e) => format!("{}'s attack on {} fails: {}", c(&e.attacker), c(&e.defender), e.by),
        Kind::VesselDestroyed(e) => format!("{} is destroyed", c(&e.vessel)),
        Kind::PlayerOut(e) => format!("{} is out", p(e.player)),
    }
}

/// An AmberMoved event in words, by what moved it: reaped or gained from the supply,
/// lost or spent on a key, stolen, captured onto a creature, or left on a creature
/// that left play.
fn amber_moved(e: &AmberMoved, rule: &str, names: &dyn Namer) -> String {
    let n = e.amount;
    let (from, to) = (names.player(e.from_player), names.player(e.to_player));
    match (e.from_supply, e.to_supply, e.creature.as_str()) {
        (true, _, _) => format!("{to} gains {n} amber"),
        (_, true, _) if rule == kf_rule::FORGE => format!("{from} spends {n} amber"),
        (_, true, _) => format!("{from} loses {n} amber"),
        (_, _, "") if rule == kf_rule::EFFECT_AMBER => format!("{to} steals {n} amber from {from}"),
        (_, _, "") => format!("{n} amber moves from {from} to {to}"),
        (_, _, c) if rule == kf_rule::EFFECT_AMBER => {
            format!("{} captures {n} amber from {from}", names.creature(c))
        }
        (_, _, c) => format!("the {n} amber on {} goes to {to}", names.creature(c)),
    }
}

/// The board after resolution: header, then each player's HP and creatures in zone order.
pub fn render_board(state: &GameState, style: Style) -> String {
    let mut out = String::new();
    let ruleset = Ruleset::try_from(state.ruleset).map_or("RULESET_?", |r| r.as_str_name());
    let phase = Phase::try_from(state.phase).unwrap_or(Phase::Unspecified);
    let turn = if phase == Phase::Unspecified {
        "bare board".to_owned()
    } else {
        format!("turn {}, player {} active, {}", state.turn, state.active_player, phase.as_str_name())
    };
    let _ = writeln!(out, "{} {ruleset}, {turn}", style.paint("1", "board:"));
    if let Some(board) = &state.castle_rampage {
        out.push_str(&render_castle_board(board));
        out.push_str(&game_over_line(state, phase));
        return out;
    }
    if let Some(board) = &state.keyforge {
        out.push_str(&render_keyforge_board(board));
        out.push_str(&game_over_line(state, phase));
        return out;
    }
    if let Some(board) = &state.dog_fight {
        out.push_str(&render_dog_fight_board(board));
        out.push_str(&game_over_line(state, phase));
        return out;
    }

    let mut seats: Vec<u32> = state.players.iter().map(|p| p.id).collect();
    for c in &state.creatures {
        if !seats.contains(&c.controller) {
            seats.push(c.controller);
        }
    }
    seats.sort_unstable();
    let id_width = state.creatures.iter().map(|c| c.id.len()).max().unwrap_or(0);
    let name_width = state.creatures.iter().map(|c| c.name.len()).max().unwrap_or(0);
    for seat in seats {
        let mut line = format!("  player {seat}");
        if let Some(p) = state.players.iter().find(|p| p.id == seat) {
            let _ = write!(line, ": {} HP", p.hp);
            if !p.graveyard.is_empty() {
                let names: Vec<&str> = p.graveyard.iter().map(|c| c.name.as_str()).collect();
                let _ = write!(line, ", graveyard: {}", names.join(", "));
            }
        }
        let _ = writeln!(out, "{line}");
        let mut creatures: Vec<&Creature> = state.creatures.iter().filter(|c| c.controller == seat).collect();
        creatures.sort_by_key(|c| c.zone.map_or(u32::MAX, |z| z.index));
        if creatures.is_empty() {
            let _ = writeln!(out, "    (no creatures)");
        }
        for c in creatures {
            let _ = writeln!(out, "    {}", creature_line(c, id_width, name_width));
        }
    }
    out.push_str(&game_over_line(state, phase));
    out
}

fn game_over_line(state: &GameState, phase: Phase) -> String {
    match (phase, state.winner) {
        (Phase::GameOver, Some(w)) => format!("  game over: player {w} wins\n"),
        (Phase::GameOver, None) => "  game over: a draw\n".to_owned(),
        _ => String::new(),
    }
}

/// A Dog Fight board: the grid, each vessel (position, attack and range, the mitigation
/// layers, hull), each side's hand and discard, and the attack waiting in its windows.
fn render_dog_fight_board(board: &fray_proto::fray::v1::DogFightBoard) -> String {
    let mut out = format!(
        "  grid {} x {}; vessels as id name (x, y) attack/range shields/armor/absorb hull\n",
        board.width, board.height
    );
    for (p, side) in board.sides.iter().enumerate() {
        let _ = writeln!(out, "  player {p}:");
        let mut any = false;
        for v in board.vessels.iter().filter(|v| v.controller as usize == p) {
            any = true;
            let _ = writeln!(
                out,
                "    {} {} ({}, {}) {}/{} {}/{}/{} hull {}{}",
                v.id,
                v.name,
                v.x,
                v.y,
                v.attack,
                v.range,
                v.shields,
                v.armor,
                v.absorb,
                v.hull,
                if v.attacked { ", attacked this turn" } else { "" }
            );
        }
        if !any {
            out.push_str("    (no vessels: out)\n");
        }
        let cards = |cs: &[fray_proto::fray::v1::DogFightCard]| {
            cs.iter()
                .map(|c| {
                    let effect = fray_proto::fray::v1::DogFightEffect::try_from(c.effect)
                        .map_or("?", |e| e.as_str_name().trim_start_matches("DOG_FIGHT_EFFECT_"));
                    format!("{} {} ({effect} {})", c.id, c.name, c.amount)
                })
                .collect::<Vec<_>>()
                .join(", ")
        };
        if !side.hand.is_empty() {
            let _ = writeln!(out, "    hand: {}", cards(&side.hand));
        }
        if !side.discard.is_empty() {
            let _ = writeln!(out, "    discard: {}", cards(&side.discard));
        }
    }
    if let Some(a) = &board.attack {
        let declared: Vec<String> = a.declared.iter().map(|c| format!("{} (player {})", c.card, c.player)).collect();
        let _ = writeln!(
            out,
            "  attack waiting: {} on {} (strength {}); declared: [{}]; windows over: {:?}",
            a.attacker,
            a.defender,
            a.strength,
            declared.join(", "),
            a.passed
        );
    }
    out
}

/// A Castle Rampage board, every card face up: each side's Gate, Castle and hand,
/// then the draw pile and the discard.
fn render_castle_board(board: &CastleRampageBoard) -> String {
    let mut out = String::from("  cards as id name attack/Gate defense/Castle defense; Gates and Castles top first\n");
    let pile = |cards: &[CastleCard]| -> String {
        if cards.is_empty() {
            "(empty)".to_owned()
        } else {
            cards.iter().map(castle_card_short).collect::<Vec<_>>().join(", ")
        }
    };
    for (i, side) in board.sides.iter().enumerate() {
        let _ = writeln!(out, "  player {i}");
        let _ = writeln!(out, "    Gate:   {}", pile(&side.gate));
        let _ = writeln!(out, "    Castle: {}", pile(&side.castle));
        let _ = writeln!(out, "    hand:   {}", pile(&side.hand));
    }
    let _ = writeln!(out, "  draw pile: {}", pile(&board.draw_pile));
    let newest = if board.discard.len() > 1 { " (newest last)" } else { "" };
    let _ = writeln!(out, "  discard{newest}: {}", pile(&board.discard));
    out
}

/// A KeyForge board, raw ids: each side's amber and keys, its battleline left to right
/// (id, name, stats, state, keywords, abilities by id), discard and hand; then the
/// resolution steps waiting under a pending decision, bottom first.
fn render_keyforge_board(board: &KeyforgeBoard) -> String {
    let mut out = String::new();
    let plain = |p: u32| format!("player {p}");
    let creatures = board.sides.iter().flat_map(|s| s.battleline.iter());
    let (id_width, name_width, stats_width) = creatures
        .fold((0, 0, 0), |(i, n, s), c| (i.max(c.id.len()), n.max(c.name.len()), s.max(keyforge::stats(c).len())));
    for (p, side) in board.sides.iter().enumerate() {
        let keys = if side.keys == 1 { "1 key".to_owned() } else { format!("{} keys", side.keys) };
        let _ = writeln!(out, "  player {p}: {} amber, {keys}; battleline left to right:", side.amber);
        if side.battleline.is_empty() {
            let _ = writeln!(out, "    (no creatures)");
        }
        for c in &side.battleline {
            let mut parts = vec![keyforge::status(c).join(", ")];
            let keywords = keyforge::keywords(c);
            if !keywords.is_empty() {
                parts.push(keywords.join(", "));
            }
            parts.extend(
                c.abilities.iter().map(|a| format!("{} ({})", a.id, keyforge::ability_text(a, p as u32, &plain))),
            );
            let line = format!(
                "    {:<id_width$}  {:<name_width$}  {:<stats_width$}  {}",
                c.id,
                c.name,
                keyforge::stats(c),
                parts.join("; ")
            );
            let _ = writeln!(out, "{}", line.trim_end());
        }
        if !side.discard.is_empty() {
            let _ = writeln!(out, "    discard: {}", side.discard.join(", "));
        }
        if !side.hand.is_empty() {
            let _ = writeln!(out, "    hand: {}", side.hand.join(", "));
        }
    }
    if !board.resolution.is_empty() {
        let _ = writeln!(out, "  resolution waiting, bottom first:");
        for step in &board.resolution {
            let _ = writeln!(out, "    {}", keyforge_step_line(step.step.as_ref()));
        }
    }
    out
}

/// One step of a KeyForge resolution, raw names.
fn keyforge_step_line(step: Option<&keyforge_step::Step>) -> String {
    use fray_proto::fray::v1::{KeyforgeFightStage, KeyforgeWindowKind};
    match step {
        Some(keyforge_step::Step::Fight(f)) => {
            let stage = KeyforgeFightStage::try_from(f.stage).map_or("KEYFORGE_FIGHT_STAGE_?", |s| s.as_str_name());
            format!("fight: {} fights {}, resumes at {stage}", f.attacker, f.defender)
        }
        Some(keyforge_step::Step::Window(w)) => {
            let kind = KeyforgeWindowKind::try_from(w.kind).map_or("KEYFORGE_WINDOW_KIND_?", |k| k.as_str_name());
            format!("window {kind}: {}", w.items.join(", "))
        }
        Some(keyforge_step::Step::Destruction(d)) => {
            let items = if d.items.is_empty() { String::new() } else { format!("; Destroyed: {}", d.items.join(", ")) };
            format!("destruction of {}{items}", d.tagged.join(", "))
        }
        Some(keyforge_step::Step::Target(a)) => format!("target of ability {a}"),
        None => "(an empty step)".to_owned(),
    }
}

/// `ogre Ogre 7/4/6`, with a purple card's effect: `b1 Bomber 3/3/3 [Bomber]`.
pub fn castle_card_short(c: &CastleCard) -> String {
    let mut text = format!("{} {} {}/{}/{}", c.id, c.name, c.attack, c.gate_defense, c.castle_defense);
    if let Some(effect) = effect_tag(c) {
        let _ = write!(text, " [{effect}]");
    }
    text
}

/// A purple card's effect in a word (`Saboteur 3` with its amount); `None` for others.
pub fn effect_tag(c: &CastleCard) -> Option<String> {
    let effect = CastleEffect::try_from(c.effect).unwrap_or(CastleEffect::None);
    Some(match effect {
        CastleEffect::None => return None,
        CastleEffect::Bomber => "Bomber".to_owned(),
        CastleEffect::Saboteur => format!("Saboteur {}", saboteur_amount(c)),
        CastleEffect::Spy => "Spy".to_owned(),
        CastleEffect::Veteran => "Veteran".to_owned(),
        CastleEffect::Digger => "Digger".to_owned(),
    })
}

/// How much a Saboteur lowers the strength (its `effect_amount`, 0 meaning 2).
pub fn saboteur_amount(c: &CastleCard) -> i32 {
    if c.effect_amount == 0 { fray_core::rulesets::castle_rampage::DEFAULT_SABOTEUR_AMOUNT } else { c.effect_amount }
}

fn creature_line(c: &Creature, id_width: usize, name_width: usize) -> String {
    let mut line = format!(
        "{:<id_width$}  {:<name_width$}  zone {}  might {} / life {}  damage {}",
        c.id,
        c.name,
        zone(c.zone.as_ref()),
        c.might,
        c.life,
        c.damage
    );
    if c.armor != 0 {
        let _ = write!(line, "  armor {}", c.armor);
    }
    if c.face_down {
        line.push_str("  face-down");
    }
    if c.acted {
        line.push_str("  acted");
    }
    line
}

/// The pending decision in words, with the exact command answering each option.
pub fn render_pending(
    state: &GameState,
    pending: &PendingDecision,
    style: Style,
    answer: &dyn Fn(&str) -> String,
) -> String {
    let mut out = String::new();
    let strike = state.chain.last().map(|s| format!("{}'s strike on zone {}", s.attacker, zone(s.target.as_ref())));
    let kind = DecisionKind::try_from(pending.kind).unwrap_or(DecisionKind::Unspecified);
    let target_of = state.keyforge.as_ref().and_then(|b| {
        b.resolution.iter().rev().find_map(|s| match &s.step {
            Some(keyforge_step::Step::Target(a)) => Some(a.clone()),
            _ => None,
        })
    });
    let what = match (kind, &strike) {
        (DecisionKind::Block, Some(s)) => format!("may block {s}"),
        (DecisionKind::Fade, Some(s)) => format!("may let {s} through by fading"),
        (DecisionKind::Order, _) => "must choose which item resolves next (DECISION_KIND_ORDER)".to_owned(),
        (DecisionKind::Target, _) => match &target_of {
            Some(a) => format!("must choose the creature ability {a} affects (DECISION_KIND_TARGET)"),
            None => "must choose a creature (DECISION_KIND_TARGET)".to_owned(),
        },
        _ => format!("must decide ({})", kind.as_str_name()),
    };
    let _ = writeln!(out, "{} player {} {what}", style.paint("1;33", "pending:"), pending.player);
    let mut answers: Vec<(String, String)> = pending
        .options
        .iter()
        .map(|o| {
            let label = match kind {
                DecisionKind::Block => format!("block with {o}"),
                DecisionKind::Fade => format!("fade {o}"),
                DecisionKind::Order => format!("{o} first"),
                _ => format!("choose {o}"),
            };
            (label, answer(o))
        })
        .collect();
    if pending.may_decline {
        let label = match kind {
            DecisionKind::Block => "do not block",
            DecisionKind::Fade => "do not fade",
            _ => "decline",
        };
        answers.push((label.to_owned(), answer("decline")));
    }
    let width = answers.iter().map(|(l, _)| l.len() + 1).max().unwrap_or(0);
    for (label, command) in answers {
        let _ = writeln!(out, "  {:<width$}  {command}", format!("{label}:"));
    }
    out
}

fn decision_summary(d: &PendingDecision, names: &dyn Namer) -> String {
    let kind = DecisionKind::try_from(d.kind).unwrap_or(DecisionKind::Unspecified);
    let options: Vec<String> = d
        .options
        .iter()
        .map(|o| match kind {
            DecisionKind::Order => names.item(o),
            DecisionKind::Response => names.card(o),
            _ => names.creature(o),
        })
        .collect();
    let options = options.join(", ");
    let mut text = match kind {
        DecisionKind::Block => format!("block with {options}"),
        DecisionKind::Fade => format!("fade {options}"),
        DecisionKind::Order => format!("choose which resolves next: {options}"),
        DecisionKind::Target => format!("choose a target: {options}"),
        DecisionKind::Response => format!("play a card into the attack: {options}"),
        kind => format!("choose ({}) {options}", kind.as_str_name()),
    };
    if d.may_decline {
        text.push_str(" (or decline)");
    }
    text
}

/// A phase's proto name, `PHASE_?` when unknown.
pub fn phase_name(phase: i32) -> &'static str {
    Phase::try_from(phase).map_or("PHASE_?", |p| p.as_str_name())
}

/// A zone as `player:index`, or `?` when absent.
pub fn zone(z: Option<&ZoneRef>) -> String {
    z.map_or_else(|| "?".to_owned(), |z| format!("{}:{}", z.player, z.index))
}

#[cfg(test)]
mod tests {
    use super::*;
    use fray_proto::fray::v1::{
        BlockerDetermined, Card, DamageDealt, Player, PlayerHpLost, Strike, StrikeDeclared, event,
    };

    fn ev(rule: &str, kind: event::Kind) -> Event {
        Event { rule: rule.into(), kind: Some(kind) }
    }

    #[test]
    fn one_line_per_event_with_rule_ids_in_a_column() {
        let events = vec![
            ev(
                "egame.strike.target",
                Kind::StrikeDeclared(StrikeDeclared {
                    attacker: "knight".into(),
                    target: Some(ZoneRef { player: 1, index: 3 }),
                }),
            ),
            ev(
                "egame.strike.block.passive",
                Kind::BlockerDetermined(BlockerDetermined {
                    attacker: "knight".into(),
                    blocker: Some("wolf".into()),
                    passive: true,
                }),
            ),
            ev(
                "egame.strike.damage",
                Kind::DamageDealt(DamageDealt { source: "knight".into(), target: "wolf".into(), amount: 2 }),
            ),
            ev("egame.strike.direct", Kind::PlayerHpLost(PlayerHpLost { player: 1, amount: 1 })),
        ];
        let text = render_events(&events, Style::default());
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], "egame.strike.target         knight strikes zone 1:3");
        assert_eq!(lines[1], "egame.strike.block.passive  wolf blocks knight (passive)");
        assert_eq!(lines[2], "egame.strike.damage         knight deals 2 damage to wolf");
        assert_eq!(lines[3], "egame.strike.direct         player 1 loses 1 HP");
    }

    #[test]
    fn castle_cards_return_to_the_top_the_bottom_or_a_hand() {
        use fray_proto::fray::v1::{AttackEnded, CardReturned, CastleSide};
        let back =
            |rule: &str, to: &str| ev(rule, Kind::CardReturned(CardReturned { card: "ogre".into(), to: to.into() }));
        let board = CastleRampageBoard {
            sides: vec![
                CastleSide::default(),
                CastleSide {
                    castle: vec![CastleCard { id: "ogre".into(), owner: 1, castle_defense: 6, ..Default::default() }],
                    ..Default::default()
                },
            ],
            ..Default::default()
        };
        let events = [
            back("castle.attack.weaker", "castle"),
            back("castle.turn.reinforce", "gate"),
            back("castle.effect.veteran", "hand"),
            ev("castle.attack.weaker", Kind::AttackEnded(AttackEnded { remaining: 2 })),
        ];
        let lines: Vec<String> = events.iter().map(|e| describe_with(e, &CastleCards::new(&board))).collect();
        assert_eq!(
            lines,
            [
                "ogre goes back face down on top of player 1's Castle",
                "ogre goes face down to the bottom of player 1's Gate",
                "ogre returns to player 1's hand",
                "the attack ends with 2 strength left",
            ]
        );
        assert_eq!(describe(&events[0]), "ogre goes back face down on top of the Castle");
    }

    #[test]
    fn amber_moves_read_by_what_moved_them() {
        use fray_proto::fray::v1::AmberMoved;
        let moved = |rule: &str, m: AmberMoved| describe(&ev(rule, Kind::AmberMoved(m)));
        let gain = AmberMoved { to_player: 1, amount: 1, from_supply: true, ..Default::default() };
        assert_eq!(moved("keyforge.reap", gain), "player 1 gains 1 amber");
        let forge = AmberMoved { from_player: 0, amount: 6, to_supply: true, ..Default::default() };
        assert_eq!(moved("keyforge.turn.forge", forge.clone()), "player 0 spends 6 amber");
        assert_eq!(moved("keyforge.effect.amber", forge), "player 0 loses 6 amber");
        let steal = AmberMoved { from_player: 0, to_player: 1, amount: 1, ..Default::default() };
        assert_eq!(moved("keyforge.effect.amber", steal), "player 1 steals 1 amber from player 0");
        let capture =
            AmberMoved { from_player: 1, to_player: 0, amount: 1, creature: "raider".into(), ..Default::default() };
        assert_eq!(moved("keyforge.effect.amber", capture), "raider captures 1 amber from player 1");
        let left =
            AmberMoved { from_player: 0, to_player: 1, amount: 2, creature: "drake".into(), ..Default::default() };
        assert_eq!(moved("keyforge.destroy.amber", left), "the 2 amber on drake goes to player 1");
        let resolved = |ability: &str| {
            let kind = Kind::AbilityResolved(fray_proto::fray::v1::AbilityResolved {
                ability: ability.into(),
                creature: "raider".into(),
            });
            describe(&ev("keyforge.fight.pre_fight", kind))
        };
        assert_eq!(resolved("raider:assault"), "raider's assault resolves");
        assert_eq!(resolved("raider.fight"), "raider's ability raider.fight resolves");
    }

    #[test]
    fn a_keyforge_board_lists_each_battleline_and_the_waiting_resolution() {
        use fray_proto::fray::v1::{
            Ability, KeyforgeCreature, KeyforgeFight, KeyforgeSide, KeyforgeStep, KeyforgeWindow, keyforge_step::Step,
        };
        let raider = KeyforgeCreature {
            id: "raider".into(),
            name: "Raider Captain".into(),
            power: 4,
            assault: 2,
            exhausted: true,
            abilities: vec![Ability { id: "raider.fight".into(), trigger: 2, effect: 4, amount: 1, target: 1 }],
            ..Default::default()
        };
        let thorn = KeyforgeCreature {
            id: "thornback".into(),
            name: "Thornback".into(),
            power: 3,
            damage: 1,
            hazardous: 2,
            ..Default::default()
        };
        let state = GameState {
            ruleset: Ruleset::Keyforge as i32,
            keyforge: Some(KeyforgeBoard {
                sides: vec![
                    KeyforgeSide { battleline: vec![raider], ..Default::default() },
                    KeyforgeSide {
                        amber: 2,
                        keys: 1,
                        battleline: vec![thorn],
                        discard: vec!["Ember Sprite".into()],
                        ..Default::default()
                    },
                ],
                resolution: vec![
                    KeyforgeStep {
                        step: Some(Step::Fight(KeyforgeFight {
                            attacker: "raider".into(),
                            defender: "thornback".into(),
                            stage: 1,
                            ..Default::default()
                        })),
                    },
                    KeyforgeStep {
                        step: Some(Step::Window(KeyforgeWindow {
                            kind: 1,
                            items: vec!["raider:assault".into(), "thornback:hazardous".into()],
                        })),
                    },
                ],
            }),
            ..Default::default()
        };
        let expected = "\
board: RULESET_KEYFORGE, bare board
  player 0: 0 amber, 0 keys; battleline left to right:
    raider     Raider Captain  power 4            exhausted; assault 2; raider.fight (Fight: it captures 1 amber from player 1)
  player 1: 2 amber, 1 key; battleline left to right:
    thornback  Thornback       power 3, 1 damage  ready; hazardous 2
    discard: Ember Sprite
  resolution waiting, bottom first:
    fight: raider fights thornback, resumes at KEYFORGE_FIGHT_STAGE_EXCHANGE
    window KEYFORGE_WINDOW_KIND_PRE_FIGHT: raider:assault, thornback:hazardous
";
        assert_eq!(render_board(&state, Style::default()), expected);
        let pending = PendingDecision {
            player: 0,
            kind: DecisionKind::Order as i32,
            options: vec!["raider:assault".into(), "thornback:hazardous".into()],
            may_decline: false,
        };
        let text = render_pending(&state, &pending, Style::default(), &|c| format!("--choice {c}"));
        assert_eq!(
            text,
            "pending: player 0 must choose which item resolves next (DECISION_KIND_ORDER)\n  \
             raider:assault first:       --choice raider:assault\n  \
             thornback:hazardous first:  --choice thornback:hazardous\n"
        );
    }

    #[test]
    fn colour_only_when_asked() {
        let events = vec![ev("egame.chain", Kind::CardDrawn(Default::default()))];
        assert!(!render_events(&events, Style { color: false }).contains('\x1b'));
        assert!(render_events(&events, Style { color: true }).contains("\x1b[36m"));
    }

    #[test]
    fn the_board_lists_players_and_creatures_in_zone_order() {
        let state = GameState {
            ruleset: Ruleset::Egame as i32,
            players: vec![
                Player { id: 0, hp: 6, ..Default::default() },
                Player {
                    id: 1,
                    hp: 5,
                    graveyard: vec![Card { name: "Wolf".into(), ..Default::default() }],
                    ..Default::default()
                },
            ],
            creatures: vec![
                Creature {
                    id: "b".into(),
                    name: "Bee".into(),
                    controller: 0,
                    zone: Some(ZoneRef { player: 0, index: 3 }),
                    might: 1,
                    life: 1,
                    face_down: true,
                    ..Default::default()
                },
                Creature {
                    id: "knight".into(),
                    name: "Knight".into(),
                    controller: 0,
                    zone: Some(ZoneRef { player: 0, index: 1 }),
                    might: 2,
                    life: 3,
                    damage: 1,
                    acted: true,
                    ..Default::default()
                },
            ],
            ..Default::default()
        };
        let text = render_board(&state, Style::default());
        let expected = "\
board: RULESET_EGAME, bare board
  player 0: 6 HP
    knight  Knight  zone 0:1  might 2 / life 3  damage 1  acted
    b       Bee     zone 0:3  might 1 / life 1  damage 0  face-down
  player 1: 5 HP, graveyard: Wolf
    (no creatures)
";
        assert_eq!(text, expected);
    }

    #[test]
    fn a_pending_block_names_the_strike_and_the_commands() {
        let state = GameState {
            chain: vec![Strike {
                attacker: "archer".into(),
                target: Some(ZoneRef { player: 1, index: 0 }),
                ..Default::default()
            }],
            ..Default::default()
        };
        let pending = PendingDecision {
            player: 1,
            kind: DecisionKind::Block as i32,
            options: vec!["guard".into()],
            may_decline: true,
        };
        let text = render_pending(&state, &pending, Style::default(), &|c| format!("fray resolve x.json --choice {c}"));
        assert_eq!(
            text,
            "pending: player 1 may block archer's strike on zone 1:0\n  \
             block with guard:  fray resolve x.json --choice guard\n  \
             do not block:      fray resolve x.json --choice decline\n"
        );
    }
}
