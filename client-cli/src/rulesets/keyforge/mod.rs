//! KeyForge in the terminal: the board (both battlelines left to right, each
//! creature with its position, name, power, damage, armor, state, keywords and
//! abilities; each side's amber and keys), the numbered legal actions and the pending
//! ORDER or TARGET decision in words, the short forms `f`, `r`, `t`, `e`, and the
//! trace's amber, keys and abilities ([`words`]). KeyForge hides nothing, so a replay
//! shows the same.

pub mod words;

use std::collections::HashMap;
use std::fmt::Write as _;

use fray_proto::fray::v1::{
    Ability, Action, DecisionKind, Event, GameState, KeyforgeBoard, KeyforgeCreature, KeyforgeSide, PendingDecision,
    Phase, action, choice, keyforge_step,
};

use crate::menu::{self, Menu};
use crate::short_forms::{arity, number, own};
use crate::ui::{Mark, Namer, Seats, Seen, Style, Ui, legend, position};
use words::{Item, KEY_COST, KEYS_TO_WIN, ability_text, find_ability, find_creature, item_effect};

/// KeyForge's view.
#[derive(Debug, Clone, Copy)]
pub struct Keyforge;

impl Ui for Keyforge {
    fn board(&self, state: &GameState, seats: Seats, bots: &str, style: Style) -> String {
        render_board(state, seats, &format!("bot ({bots})"), style)
    }

    fn menu(&self, state: &GameState, legal: &[Action], seats: Seats, style: Style) -> Menu {
        render_menu(state, legal, seats, style)
    }

    fn action_text(&self, state: &GameState, act: &Action, seats: Seats, _reveal_all: bool) -> String {
        action_text(state, act, seats)
    }

    fn help(&self) -> &'static str {
        HELP
    }

    fn legend(&self, _state: &GameState) -> String {
        legend("The board (KeyForge):", &LEGEND)
    }

    fn find(&self, words: &[&str], legal: &[Action], state: &GameState, seats: Seats) -> Option<Result<usize, String>> {
        let (&head, rest) = words.split_first()?;
        let no_cards = "KeyForge plays no cards from hand: f MINE THEIRS fights, r MINE reaps (see help)";
        Some(match head {
            "f" | "fight" if rest.len() == 2 => {
                number(rest[0], "position").and_then(|a| fight(a, number(rest[1], "position")?, legal, state, seats))
            }
            "a" | "attack" | "strike" if rest.len() == 2 && rest[0].parse::<u32>().is_ok() => match own(rest[1], "zone") {
                Ok((false, d)) => number(rest[0], "zone").and_then(|a| fight(a, d, legal, state, seats)),
                Ok(_) => Err("a creature fights an enemy creature, not your own".to_owned()),
                Err(e) => Err(e),
            },
            "fight" => Err("usage: f MINE THEIRS (e.g. f 0 2)".to_owned()),
            "f" | "fade" | "b" | "block" | "n" | "no" | "decline" | "pass" => {
                Err("KeyForge's decisions cannot be declined: choose one of the numbered options".to_owned())
            }
            "r" | "reap" => arity(rest, 1, "r MINE (e.g. r 3)").and_then(|()| {
                let c = creature(state, seats, seats.human, number(rest[0], "position")?)?;
                position(legal, &|x| matches!(x, action::Action::Reap(r) if r.creature == c.id))
                    .ok_or_else(|| not_now(state, seats, &c, "reap"))
            }),
            "t" | "target" => {
                arity(rest, 1, "t THEIRS (e.g. t 1), or t yN for your own creature at position N").and_then(|()| {
                    let (mine, index) = own(rest[0], "position")?;
                    let c = creature(state, seats, if mine { seats.human } else { seats.bot() }, index)?;
                    position(legal, &|x| matches!(x, action::Action::Choice(ch) if ch.choice == Some(choice::Choice::Option(c.id.clone()))))
                        .ok_or_else(|| format!("{} cannot be chosen now", creature_label(&board_of(state), &c.id, seats)))
                })
            }
            "e" | "end" => arity(rest, 0, "e").and_then(|()| {
                position(legal, &|x| matches!(x, action::Action::EndPhase(_)))
                    .ok_or_else(|| decision_first(state).unwrap_or_else(|| "you cannot end the turn now".to_owned()))
            }),
            "s" | "summon" | "a" | "attack" | "strike" | "g" | "c" | "p" | "play" => {
                Err(no_cards.to_owned())
            }
            _ => return None,
        })
    }

    fn names(&self, seen: Option<Seen>, states: &[&GameState], _events: &[Event]) -> Box<dyn Namer> {
        let mut names = Names { seen, known: HashMap::new(), abilities: HashMap::new() };
        for board in states.iter().filter_map(|s| s.keyforge.as_ref()) {
            for (p, side) in board.sides.iter().enumerate() {
                for c in &side.battleline {
                    names.known.insert(c.id.clone(), (c.name.clone(), p as u32));
                    for a in &c.abilities {
                        names.abilities.insert(a.id.clone(), (c.id.clone(), p as u32, a.clone()));
                    }
                }
            }
        }
        Box::new(names)
    }

    fn raw_board(&self, state: &GameState) -> String {
        raw_board(&board_of(state))
    }

    fn decision_subject(&self, state: &GameState) -> Option<String> {
        state.keyforge.as_ref()?.resolution.iter().rev().find_map(|s| match &s.step {
            Some(keyforge_step::Step::Target(a)) => Some(a.clone()),
            _ => None,
        })
    }
}

/// Names creatures (`your Raider Captain`) and their abilities from the person's seat;
/// without a seat, ids.
#[derive(Debug, Clone)]
struct Names {
    seen: Option<Seen>,
    /// Name and controller of each creature, by id.
    known: HashMap<String, (String, u32)>,
    /// Creature, controller and the ability, by ability id.
    abilities: HashMap<String, (String, u32, Ability)>,
}

impl Names {
    /// A creature's ability, by id: `your Raider's Fight: ability (...)`, or
    /// `raider's ability raider.fight`.
    fn ability(&self, id: &str, creature: &str) -> String {
        match (self.seen, self.abilities.get(id)) {
            (Some(s), Some((c, controller, a))) => format!(
                "{}'s {} ability ({})",
                self.creature(c),
                words::trigger_label(a.trigger),
                words::effect_text(a, *controller, &|p| s.seats.subject(p))
            ),
            _ => format!("{}'s ability {id}", self.creature(creature)),
        }
    }
}

impl Namer for Names {
    fn seen(&self) -> Option<Seen> {
        self.seen
    }

    fn creature(&self, id: &str) -> String {
        match (self.seen, self.known.get(id)) {
            (Some(s), Some((name, controller))) => format!("{}{name}", s.seats.possessive(*controller)),
            _ => id.to_owned(),
        }
    }

    /// A DECISION_KIND_ORDER item: `raider's assault`, `thornback's hazardous`, or an
    /// ability.
    fn item(&self, item: &str) -> String {
        match Item::parse(item) {
            Item::Assault(c) => format!("{}'s assault", self.creature(c)),
            Item::Hazardous(c) => format!("{}'s hazardous", self.creature(c)),
            Item::Ability(a) if self.seen.is_none() => format!("ability {a}"),
            Item::Ability(a) => self.ability(a, self.abilities.get(a).map_or("", |k| k.0.as_str())),
        }
    }
}

/// The creature of `player` at battleline position `i`, or why there is none.
fn creature(state: &GameState, seats: Seats, player: u32, i: u32) -> Result<KeyforgeCreature, String> {
    let board = board_of(state);
    let line = board.sides.get(player as usize).map_or(&[][..], |s| &s.battleline);
    let whose = if seats.is_human(player) { "your" } else { "the bot's" };
    line.get(i as usize).cloned().ok_or_else(|| match line.len() {
        0 => format!("{whose} battleline is empty"),
        1 => format!("{whose} battleline has no position {i}: it holds only position 0"),
        n => format!("{whose} battleline has no position {i}: it holds 0-{}", n - 1),
    })
}

/// That a decision must be answered first, when one is pending.
fn decision_first(state: &GameState) -> Option<String> {
    state.pending.as_ref().map(|_| "a decision is pending: choose one of the numbered options".to_owned())
}

/// Why the person's creature `c` cannot `what` (fight, reap) now.
fn not_now(state: &GameState, seats: Seats, c: &KeyforgeCreature, what: &str) -> String {
    if let Some(why) = decision_first(state) {
        why
    } else if !seats.is_human(state.active_player) || state.phase != Phase::Event as i32 {
        format!("you cannot {what} now: only in your turn")
    } else if c.exhausted && state.turn == 1 {
        format!("your {} is exhausted: it entered play exhausted and readies at the end of the turn", c.name)
    } else if c.exhausted {
        format!("your {} is exhausted: it was used this turn", c.name)
    } else {
        format!("your {} cannot {what} now: see the list", c.name)
    }
}

/// `f MINE THEIRS`: the person's creature at `attacker` fights the bot's at `defender`.
fn fight(attacker: u32, defender: u32, legal: &[Action], state: &GameState, seats: Seats) -> Result<usize, String> {
    let board = board_of(state);
    let a = creature(state, seats, seats.human, attacker)?;
    let d = creature(state, seats, seats.bot(), defender)?;
    position(legal, &|x| matches!(x, action::Action::Strike(s) if s.attacker == a.id && s.defender == d.id)).ok_or_else(
        || {
            if !legal.iter().any(|x| matches!(&x.action, Some(action::Action::Strike(s)) if s.attacker == a.id)) {
                return not_now(state, seats, &a, "fight");
            }
            let line = board.sides.get(seats.bot() as usize).map_or(&[][..], |s| &s.battleline);
            let i = defender as usize;
            let left = i.checked_sub(1).and_then(|j| line.get(j));
            let taunt = left.into_iter().chain(line.get(i + 1)).find(|c| c.taunt);
            let next = taunt.map_or_else(
                || "a creature with taunt".to_owned(),
                |t| format!("{}, which has taunt", creature_label(&board, &t.id, seats)),
            );
            format!("the bot's {} cannot be fought: it stands next to {next}", d.name)
        },
    )
}

/// The `help` text of KeyForge.
pub const HELP: &str = "\
At the prompt type one of:
  NUMBER        play the action with that number in the list
  f MINE THEIRS use your creature at position MINE to fight the bot's creature at
                position THEIRS (positions as on the board, 0 = the left end). Example: f 0 2
  r MINE        use your creature at position MINE to reap: gain 1 amber, then its
                Reap: ability. Example: r 3
  e             end the turn
  t THEIRS      choose the bot's creature at position THEIRS as an ability's target;
                t yN chooses your own creature at position N
Your turn: each ready creature may fight or reap once; everything readies at the end
of the turn. A fight: assault, hazardous and Before Fight: abilities first (you
order them when several are pending; if either creature leaves play the fight stops
there); then both creatures deal damage equal to their power at once (the exchange);
then Fight: (if the attacker survived) and After Fight: abilities. Damage: a ward,
then armor, cancel it; the rest lands; damage >= power destroys. Amber on a
destroyed creature goes to its controller's opponent.";

/// What separates a creature's state, keywords and abilities on its line.
pub const SEPARATOR: char = '·';
/// Every glyph the board draws besides letters, digits and plain punctuation: what
/// its legend must explain (the tests check it does).
pub const GLYPHS: [char; 1] = [SEPARATOR];

/// The board's legend: every mark it draws.
pub const LEGEND: [Mark; 9] = [
    Mark { glyphs: "[0]", meaning: "a creature's place in its battleline, 0 at the left (f, r, t)" },
    Mark { glyphs: "(p0-raider)", meaning: "the creature's id (p0: player 0's)" },
    Mark { glyphs: "power 4", meaning: "its damage in a fight; as much damage destroys it" },
    Mark { glyphs: "2 damage", meaning: "damage on it (it stays while the creature is in play)" },
    Mark { glyphs: "armor 1 (spent)", meaning: "cancels that much damage a turn; spent: used this turn" },
    Mark { glyphs: "ready, exhausted", meaning: "may fight or reap this turn, or not (all ready at turn end)" },
    Mark { glyphs: "stunned, ward", meaning: "using it only unstuns; the next damage to it is cancelled" },
    Mark { glyphs: "·", meaning: "a separator (state · keywords · abilities; help has each)" },
    Mark { glyphs: "Fight: Reap:", meaning: "an ability and when it acts (after a fight it survives, ...)" },
];

/// The creature `id` as the person reads it: `your Raider Captain [1]`, `bot's
/// Thornback [0]`; the id itself when it is not in play.
pub fn creature_label(board: &KeyforgeBoard, id: &str, seats: Seats) -> String {
    match find_creature(board, id) {
        Some((side, i, c)) => format!("{}{} [{i}]", seats.possessive(side), c.name),
        None => id.to_owned(),
    }
}

fn board_of(state: &GameState) -> KeyforgeBoard {
    state.keyforge.clone().unwrap_or_default()
}

/// What happens when a creature is used while stunned.
const STUNNED: &str = "stunned: it only exhausts and loses its stun";

/// One action in words, from the person's seat, in `state` (the state it applies to):
/// `use your Raider Captain [1] to fight bot's Thornback [0]`, `reap with ...`, `end
/// the turn`, or an ORDER or TARGET answer. KeyForge hides nothing: no `reveal_all`.
pub fn action_text(state: &GameState, act: &Action, seats: Seats) -> String {
    let board = board_of(state);
    let label = |id: &str| creature_label(&board, id, seats);
    let Some(kind) = &act.action else {
        return "(an empty action)".to_owned();
    };
    match kind {
        action::Action::Strike(s) => {
            let mut text = format!("use {} to fight {}", label(&s.attacker), label(&s.defender));
            let attacker = find_creature(&board, &s.attacker).map(|(_, _, c)| c);
            let defender = find_creature(&board, &s.defender).map(|(_, _, c)| c);
            if attacker.is_some_and(|c| c.stunned) {
                let _ = write!(text, " ({STUNNED})");
            } else if defender.is_some_and(|c| c.elusive && !c.elusive_used) {
                text.push_str(" (elusive: the exchange deals no damage)");
            }
            text
        }
        action::Action::Reap(r) => {
            let mut text = format!("reap with {}", label(&r.creature));
            match find_creature(&board, &r.creature) {
                Some((_, _, c)) if c.stunned => {
                    let _ = write!(text, " ({STUNNED})");
                }
                Some((side, _, c)) => {
                    let name = move |p| seats.subject(p);
                    let reaps: Vec<String> = c
                        .abilities
                        .iter()
                        .filter(|a| a.trigger == fray_proto::fray::v1::Trigger::Reap as i32)
                        .map(|a| ability_text(a, side, &name))
                        .collect();
                    let gain = if seats.is_human(side) { "you gain 1 amber" } else { "the bot gains 1 amber" };
                    let mut parts = vec![gain.to_owned()];
                    parts.extend(reaps);
                    let _ = write!(text, " ({})", parts.join("; "));
                }
                None => {}
            }
            text
        }
        action::Action::EndPhase(_) => match Phase::try_from(state.phase).unwrap_or(Phase::Unspecified) {
            Phase::Event => "end the turn".to_owned(),
            Phase::Begin => "begin the turn".to_owned(),
            _ => "end the phase".to_owned(),
        },
        action::Action::Choice(c) => {
            let kind = state
                .pending
                .as_ref()
                .and_then(|p| DecisionKind::try_from(p.kind).ok())
                .unwrap_or(DecisionKind::Unspecified);
            match (&c.choice, kind) {
                (Some(choice::Choice::Option(o)), DecisionKind::Order) => {
                    format!("resolve {} first", item_text(&board, o, seats))
                }
                (Some(choice::Choice::Option(o)), DecisionKind::Target) => match target_ability(&board) {
                    Some((side, c, a)) => format!(
                        "choose {} for {}{}'s {} ability",
                        label(o),
                        seats.possessive(side),
                        c.name,
                        words::trigger_label(a.trigger)
                    ),
                    None => format!("choose {}", label(o)),
                },
                (Some(choice::Choice::Option(o)), _) => format!("choose {o}"),
                (Some(choice::Choice::Decline(_)), _) => "decline (KeyForge's decisions cannot be declined)".to_owned(),
                (None, _) => "(an empty choice)".to_owned(),
            }
        }
        action::Action::Summon(_) => "summon (KeyForge plays no cards from hand)".to_owned(),
        action::Action::Reinforce(_) => "reinforce (KeyForge has no piles to reinforce)".to_owned(),
    }
}

/// The ability a pending TARGET decision chooses for: its creature's side, the
/// creature, the ability.
fn target_ability(board: &KeyforgeBoard) -> Option<(u32, &KeyforgeCreature, &fray_proto::fray::v1::Ability)> {
    board.resolution.iter().rev().find_map(|s| match &s.step {
        Some(keyforge_step::Step::Target(a)) => find_ability(board, a),
        _ => None,
    })
}

/// An ORDER item as the person reads it: `your Raider Captain [1]'s assault 2 (2
/// damage to bot's Thornback [0])`.
pub fn item_text(board: &KeyforgeBoard, item: &str, seats: Seats) -> String {
    let parsed = Item::parse(item);
    let owner = match parsed {
        Item::Assault(c) | Item::Hazardous(c) => Some(c.to_owned()),
        Item::Ability(a) => find_ability(board, a).map(|(_, c, _)| c.id.clone()),
    };
    let label = |id: &str| creature_label(board, id, seats);
    let name = move |p| seats.subject(p);
    match (owner, item_effect(board, parsed, &label, &name)) {
        (Some(owner), Some(what)) => format!("{}'s {what}", label(&owner)),
        _ => item.to_owned(),
    }
}

/// One battleline, one creature a line: position, name and id, stats, state, keywords
/// and abilities. `widths` aligns both battlelines' columns.
fn battleline(side: &KeyforgeSide, player: u32, seats: Seats, widths: (usize, usize), style: Style) -> String {
    if side.battleline.is_empty() {
        return "    (no creatures)\n".to_owned();
    }
    let name = move |p| seats.subject(p);
    let colour = Style::side(seats.is_human(player), false);
    let mut out = String::new();
    for (i, c) in side.battleline.iter().enumerate() {
        let title = format!("{:<w$}", title(c), w = widths.0);
        let stats = format!("{:<w$}", words::stats(c), w = widths.1);
        let status = words::status(c).join(", ");
        let status = if c.exhausted { style.paint(Style::YELLOW, &status) } else { status };
        let mut extra: Vec<String> = words::keywords(c);
        extra.extend(c.abilities.iter().map(|a| ability_text(a, player, &name)));
        let between = format!(" {SEPARATOR} ");
        let extra = if extra.is_empty() { String::new() } else { format!("{between}{}", extra.join(&between)) };
        let line = format!("    [{i}] {}  {stats}  {status}{extra}", style.paint(colour, &title));
        let _ = writeln!(out, "{}", line.trim_end());
    }
    out
}

/// `Raider Captain (p0-raider)`.
fn title(c: &KeyforgeCreature) -> String {
    format!("{} ({})", c.name, c.id)
}

/// One side: amber and keys (and whether a key is forged at the start of its next
/// turn), its battleline, then its discard and hand when not empty.
fn side_text(
    side: Option<&KeyforgeSide>,
    player: u32,
    who: &str,
    seats: Seats,
    widths: (usize, usize),
    style: Style,
) -> String {
    let side = side.cloned().unwrap_or_default();
    let colour = Style::side(seats.is_human(player), true);
    let mut text = format!("  {}: {} amber, {} of {KEYS_TO_WIN} keys", style.paint(colour, who), side.amber, side.keys);
    if side.amber >= KEY_COST {
        text.push_str(" (forges a key at the start of its next turn)");
    }
    text.push('\n');
    text.push_str(&battleline(&side, player, seats, widths, style));
    if !side.discard.is_empty() {
        let _ = writeln!(text, "    discard: {}", side.discard.join(", "));
    }
    if !side.hand.is_empty() {
        let _ = writeln!(text, "    hand: {}", side.hand.join(", "));
    }
    text
}

/// The whole board from the person's seat: turn and phase, the bot's side and
/// battleline on top, the person's below, each left to right.
pub fn render_board(state: &GameState, seats: Seats, bot_label: &str, style: Style) -> String {
    let (me, bot) = (seats.human, seats.bot());
    let board = board_of(state);
    let mut out = seats.turn_line(state, style);
    let _ = writeln!(
        out,
        "  {}",
        style.paint(
            Style::DIM,
            &format!(
                "{KEY_COST} amber forges a key at the start of its owner's turn; {KEYS_TO_WIN} keys win; \
                 battlelines left to right"
            )
        )
    );
    let all = board.sides.iter().flat_map(|s| s.battleline.iter());
    let widths = all.fold((0, 0), |(t, s), c| (t.max(title(c).chars().count()), s.max(words::stats(c).len())));
    let side = |p: u32| board.sides.get(p as usize);
    out.push_str(&side_text(side(bot), bot, &format!("{bot_label}, player {bot}"), seats, widths, style));
    out.push_str(&side_text(side(me), me, &format!("you, player {me}"), seats, widths, style));
    out
}

/// The pending ORDER or TARGET decision in words: the fight it waits in, and what is
/// chosen.
pub fn render_decision(state: &GameState, pending: &PendingDecision, seats: Seats, style: Style) -> String {
    let board = board_of(state);
    let label = |id: &str| creature_label(&board, id, seats);
    let mut out = String::new();
    if let Some(f) = words::fight_in_progress(&board) {
        let text = format!("{} fights {}", label(&f.attacker), label(&f.defender));
        let _ = writeln!(out, "  {}", style.paint(Style::WARNING, &text));
    }
    let who = if seats.is_human(pending.player) { "You choose" } else { "The bot chooses" };
    let question = match DecisionKind::try_from(pending.kind).unwrap_or(DecisionKind::Unspecified) {
        DecisionKind::Order => format!("{who} which of these resolves next (the others follow, in turn):"),
        DecisionKind::Target => match target_ability(&board) {
            Some((side, c, a)) => format!(
                "{who} the creature that {}{}'s {} ability affects ({}):",
                seats.possessive(side),
                c.name,
                words::trigger_label(a.trigger),
                words::effect_text(a, side, &move |p| seats.subject(p))
            ),
            None => format!("{who} a creature:"),
        },
        _ => format!("{who} must decide:"),
    };
    let _ = writeln!(out, "  {question}");
    out
}

/// The numbered legal actions (numbers are 1-based positions in `legal`), under the
/// pending decision or a line that says what the turn allows.
pub fn render_menu(state: &GameState, legal: &[Action], seats: Seats, style: Style) -> Menu {
    let mut head = String::new();
    if let Some(pending) = &state.pending {
        head.push_str(&render_decision(state, pending, seats, style));
    } else if seats.is_human(state.active_player) && state.phase == Phase::Event as i32 {
        let uses = legal.iter().any(|a| matches!(a.action, Some(action::Action::Strike(_) | action::Action::Reap(_))));
        let line = if uses {
            "  use a ready creature: fight (f MINE THEIRS) or reap (r MINE), or end the turn (e):"
        } else if board_of(state).sides.get(seats.human as usize).is_none_or(|s| s.battleline.is_empty()) {
            "  you have no creature left: end the turn (e):"
        } else {
            "  no creature of yours is ready: end the turn (e):"
        };
        head.push_str(line);
    }
    menu::plain(&head, legal.iter().map(|act| action_text(state, act, seats)))
}

/// A KeyForge board, raw ids: each side's amber and keys, its battleline left to right
/// (id, name, stats, state, keywords, abilities by id), discard and hand; then the
/// resolution steps waiting under a pending decision, bottom first.
fn raw_board(board: &KeyforgeBoard) -> String {
    let mut out = String::new();
    let plain = |p: u32| format!("player {p}");
    let creatures = board.sides.iter().flat_map(|s| s.battleline.iter());
    let (id_width, name_width, stats_width) = creatures
        .fold((0, 0, 0), |(i, n, s), c| (i.max(c.id.len()), n.max(c.name.len()), s.max(words::stats(c).len())));
    for (p, side) in board.sides.iter().enumerate() {
        let keys = if side.keys == 1 { "1 key".to_owned() } else { format!("{} keys", side.keys) };
        let _ = writeln!(out, "  player {p}: {} amber, {keys}; battleline left to right:", side.amber);
        if side.battleline.is_empty() {
            let _ = writeln!(out, "    (no creatures)");
        }
        for c in &side.battleline {
            let mut parts = vec![words::status(c).join(", ")];
            let keywords = words::keywords(c);
            if !keywords.is_empty() {
                parts.push(keywords.join(", "));
            }
            parts
                .extend(c.abilities.iter().map(|a| format!("{} ({})", a.id, words::ability_text(a, p as u32, &plain))));
            let line = format!(
                "    {:<id_width$}  {:<name_width$}  {:<stats_width$}  {}",
                c.id,
                c.name,
                words::stats(c),
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::trace::render_pending;

    #[test]
    fn the_legend_explains_every_glyph_and_the_help_reads_in_whole_lines() {
        let legend = Keyforge.legend(&GameState::default());
        for glyph in GLYPHS {
            assert!(legend.contains(glyph), "`{glyph}` is not in\n{legend}");
        }
        // No line of the help's prose (84 columns) is cut short mid-sentence, as one
        // once was ("At the start of" alone).
        let prose = HELP.lines().skip_while(|l| !l.starts_with("Your turn:"));
        for (line, next) in prose.clone().zip(prose.skip(1)).filter(|(line, _)| !line.ends_with('.')) {
            let first = next.split(' ').next().unwrap_or_default().chars().count();
            assert!(line.chars().count() + 1 + first > 84, "`{line}` leaves room for `{next}`'s first word");
        }
    }

    /// The short form `line` in `legal`.
    fn find(line: &str, legal: &[Action], state: &GameState, seats: Seats) -> Result<usize, String> {
        Keyforge.find(&line.split(' ').collect::<Vec<_>>(), legal, state, seats).unwrap_or(Err("none".into()))
    }
    use fray_proto::fray::v1::{
        Ability, AbilityTarget, Choice, Effect, EndPhase, KeyforgeFight, KeyforgeStep, KeyforgeWindow, Reap, Ruleset,
        Strike, Trigger,
    };

    fn creature(id: &str, name: &str, power: i32) -> KeyforgeCreature {
        KeyforgeCreature { id: id.into(), name: name.into(), power, ..Default::default() }
    }

    fn ability(id: &str, trigger: Trigger, effect: Effect, amount: i32, target: AbilityTarget) -> Ability {
        Ability { id: id.into(), trigger: trigger as i32, effect: effect as i32, amount, target: target as i32 }
    }

    /// Player 0: a Raider Captain (assault 2, Fight: capture), a stunned Stormcaller;
    /// player 1 (6 amber, 1 key): a Thornback (hazardous 2, 1 damage), a Shield Warden
    /// (taunt, armor 1, spent), an elusive Shade Runner with a ward and 2 amber on it.
    pub(crate) fn small_board(phase: Phase) -> GameState {
        let raider = KeyforgeCreature {
            assault: 2,
            abilities: vec![ability("p0-raider.fight", Trigger::Fight, Effect::CaptureAmber, 1, AbilityTarget::Self_)],
            ..creature("p0-raider", "Raider Captain", 4)
        };
        let storm = KeyforgeCreature {
            stunned: true,
            abilities: vec![ability("p0-storm.reap", Trigger::Reap, Effect::Stun, 0, AbilityTarget::Chosen)],
            ..creature("p0-storm", "Stormcaller", 2)
        };
        let thorn = KeyforgeCreature { hazardous: 2, damage: 1, ..creature("p1-thornback", "Thornback", 3) };
        let warden = KeyforgeCreature {
            taunt: true,
            armor: 1,
            armor_used: 1,
            exhausted: true,
            ..creature("p1-warden", "Shield Warden", 4)
        };
        let runner = KeyforgeCreature {
            elusive: true,
            skirmish: true,
            ward: true,
            amber: 2,
            abilities: vec![ability("p1-runner.reap", Trigger::Reap, Effect::StealAmber, 1, AbilityTarget::Controller)],
            ..creature("p1-runner", "Shade Runner", 2)
        };
        GameState {
            ruleset: Ruleset::Keyforge as i32,
            turn: 4,
            phase: phase as i32,
            active_player: 0,
            keyforge: Some(KeyforgeBoard {
                sides: vec![
                    KeyforgeSide {
                        amber: 2,
                        battleline: vec![raider, storm],
                        discard: vec!["Hex Knight".into()],
                        ..Default::default()
                    },
                    KeyforgeSide { amber: 6, keys: 1, battleline: vec![thorn, warden, runner], ..Default::default() },
                ],
                resolution: vec![],
            }),
            ..Default::default()
        }
    }

    fn act(a: action::Action) -> Action {
        Action { action: Some(a), ..Default::default() }
    }

    fn fight(attacker: &str, defender: &str) -> Action {
        act(action::Action::Strike(Strike {
            attacker: attacker.into(),
            defender: defender.into(),
            ..Default::default()
        }))
    }

    fn reap(creature: &str) -> Action {
        act(action::Action::Reap(Reap { creature: creature.into() }))
    }

    fn option(o: &str) -> Action {
        act(action::Action::Choice(Choice { choice: Some(choice::Choice::Option(o.into())) }))
    }

    #[test]
    fn the_board_shows_both_battlelines_left_to_right() {
        let text = render_board(&small_board(Phase::Event), Seats::two(0), "bot (easy)", Style::default());
        let expected = "\
Turn 4 · your turn · fight or reap
  6 amber forges a key at the start of its owner's turn; 3 keys win; battlelines left to right
  bot (easy), player 1: 6 amber, 1 of 3 keys (forges a key at the start of its next turn)
    [0] Thornback (p1-thornback)    power 3, 1 damage         ready · hazardous 2
    [1] Shield Warden (p1-warden)   power 4, armor 1 (spent)  exhausted · taunt
    [2] Shade Runner (p1-runner)    power 2                   ready, ward, 2 amber on it · elusive · skirmish · Reap: the bot steals 1 amber from you
  you, player 0: 2 amber, 0 of 3 keys
    [0] Raider Captain (p0-raider)  power 4                   ready · assault 2 · Fight: it captures 1 amber from the bot
    [1] Stormcaller (p0-storm)      power 2                   ready, stunned · Reap: stun a creature you choose
    discard: Hex Knight
";
        assert_eq!(text, expected, "\n{text}");
        // From seat 1 the sides swap, and so do the words.
        let text = render_board(&small_board(Phase::Event), Seats::two(1), "bot", Style::default());
        assert!(text.starts_with("Turn 4 · bot's turn · fight or reap\n"), "{text}");
        assert!(text.contains("  bot, player 0: 2 amber, 0 of 3 keys\n"), "{text}");
        assert!(text.contains("Reap: you steal 1 amber from the bot"), "{text}");
        assert!(text.contains("Reap: stun a creature the bot chooses"), "{text}");
    }

    #[test]
    fn actions_read_in_words() {
        let state = small_board(Phase::Event);
        let seats = Seats::two(0);
        let text = |a: &Action| action_text(&state, a, seats);
        assert_eq!(
            text(&fight("p0-raider", "p1-thornback")),
            "use your Raider Captain [0] to fight bot's Thornback [0]"
        );
        assert_eq!(
            text(&fight("p0-raider", "p1-runner")),
            "use your Raider Captain [0] to fight bot's Shade Runner [2] (elusive: the exchange deals no damage)"
        );
        assert_eq!(
            text(&fight("p0-storm", "p1-thornback")),
            "use your Stormcaller [1] to fight bot's Thornback [0] (stunned: it only exhausts and loses its stun)"
        );
        assert_eq!(text(&reap("p0-raider")), "reap with your Raider Captain [0] (you gain 1 amber)");
        assert_eq!(
            text(&reap("p1-runner")),
            "reap with bot's Shade Runner [2] (the bot gains 1 amber; Reap: the bot steals 1 amber from you)"
        );
        assert_eq!(text(&act(action::Action::EndPhase(EndPhase {}))), "end the turn");
    }

    /// The raider fights the thornback; its assault and the thornback's hazardous wait
    /// for player 0's ORDER.
    fn ordering() -> GameState {
        let mut state = small_board(Phase::Event);
        let board = state.keyforge.as_mut().unwrap();
        board.resolution = vec![
            KeyforgeStep {
                step: Some(keyforge_step::Step::Fight(KeyforgeFight {
                    attacker: "p0-raider".into(),
                    defender: "p1-thornback".into(),
                    stage: 1,
                    ..Default::default()
                })),
            },
            KeyforgeStep {
                step: Some(keyforge_step::Step::Window(KeyforgeWindow {
                    kind: 1,
                    items: vec!["p0-raider:assault".into(), "p1-thornback:hazardous".into()],
                })),
            },
        ];
        state.pending = Some(PendingDecision {
            player: 0,
            kind: DecisionKind::Order as i32,
            options: vec!["p0-raider:assault".into(), "p1-thornback:hazardous".into()],
            may_decline: false,
        });
        state
    }

    #[test]
    fn an_order_decision_reads_in_words() {
        let state = ordering();
        let seats = Seats::two(0);
        let legal = vec![option("p0-raider:assault"), option("p1-thornback:hazardous")];
        let text = render_menu(&state, &legal, seats, Style::default()).short(Style::default());
        assert_eq!(
            text,
            "  your Raider Captain [0] fights bot's Thornback [0]\n  \
             You choose which of these resolves next (the others follow, in turn):\n    \
             1  resolve your Raider Captain [0]'s assault 2 (2 damage to bot's Thornback [0]) first\n    \
             2  resolve bot's Thornback [0]'s hazardous 2 (2 damage to your Raider Captain [0]) first\n"
        );
    }

    #[test]
    fn a_target_decision_names_its_ability() {
        let mut state = small_board(Phase::Event);
        let board = state.keyforge.as_mut().unwrap();
        board.resolution = vec![KeyforgeStep { step: Some(keyforge_step::Step::Target("p0-storm.reap".into())) }];
        state.pending = Some(PendingDecision {
            player: 0,
            kind: DecisionKind::Target as i32,
            options: vec!["p0-raider".into(), "p1-warden".into()],
            may_decline: false,
        });
        let legal = vec![option("p0-raider"), option("p1-warden")];
        let text = render_menu(&state, &legal, Seats::two(0), Style::default()).short(Style::default());
        assert_eq!(
            text,
            "  You choose the creature that your Stormcaller's Reap: ability affects (stun a creature you choose):\n    \
             1  choose your Raider Captain [0] for your Stormcaller's Reap: ability\n    \
             2  choose bot's Shield Warden [1] for your Stormcaller's Reap: ability\n"
        );
        assert_eq!(find("t 1", &legal, &state, Seats::two(0)), Ok(1));
        assert_eq!(find("t y0", &legal, &state, Seats::two(0)), Ok(0));
        assert_eq!(
            find("t y1", &legal, &state, Seats::two(0)),
            Err("your Stormcaller [1] cannot be chosen now".to_owned())
        );
        assert_eq!(
            find("e", &legal, &state, Seats::two(0)),
            Err("a decision is pending: choose one of the numbered options".to_owned())
        );
    }

    #[test]
    fn the_menu_head_says_what_the_turn_allows() {
        let seats = Seats::two(0);
        let end = vec![act(action::Action::EndPhase(EndPhase {}))];
        let mut state = small_board(Phase::Event);
        let head = |state: &GameState, legal: &[Action]| {
            render_menu(state, legal, seats, Style::default())
                .short(Style::default())
                .lines()
                .next()
                .unwrap_or_default()
                .to_owned()
        };
        assert_eq!(
            head(&state, &[reap("p0-raider")]),
            "  use a ready creature: fight (f MINE THEIRS) or reap (r MINE), or end the turn (e):"
        );
        assert_eq!(head(&state, &end), "  no creature of yours is ready: end the turn (e):");
        state.keyforge.as_mut().unwrap().sides[0].battleline.truncate(1);
        assert_eq!(
            find("r 2", &end, &state, seats),
            Err("your battleline has no position 2: it holds only position 0".to_owned())
        );
        state.keyforge.as_mut().unwrap().sides[0].battleline.clear();
        assert_eq!(head(&state, &end), "  you have no creature left: end the turn (e):");
        // The bot's turn has no head.
        state.active_player = 1;
        assert_eq!(head(&state, &end), "    1  end the turn");
    }

    #[test]
    fn short_forms_name_battleline_positions() {
        let seats = Seats::two(0);
        let mut state = small_board(Phase::Event);
        let end = act(action::Action::EndPhase(EndPhase {}));
        // The warden's taunt shields its neighbors, the thornback and the runner; the
        // stunned Stormcaller may still be used.
        let legal = vec![fight("p0-raider", "p1-warden"), fight("p0-storm", "p1-warden"), reap("p0-raider"), end];
        let find = |line: &str, state: &GameState| find(line, &legal, state, seats);
        assert_eq!(find("f 1 1", &state), Ok(1));
        assert_eq!(find("a 0 1", &state), Ok(0));
        assert_eq!(
            find("f 0 0", &state),
            Err("the bot's Thornback cannot be fought: it stands next to bot's Shield Warden [1], which has taunt"
                .to_owned())
        );
        assert_eq!(find("f 0 5", &state), Err("the bot's battleline has no position 5: it holds 0-2".to_owned()));
        assert_eq!(find("r 0", &state), Ok(2));
        assert_eq!(find("e", &state), Ok(3));
        assert!(find("n", &state).unwrap_err().contains("cannot be declined"));
        assert!(find("a 0", &state).unwrap_err().contains("f MINE THEIRS fights"));
        for (line, error) in [
            ("f x 2", "`x` is not a position number"),
            ("fight", "usage: f MINE THEIRS (e.g. f 0 2)"),
            ("r", "usage: r MINE (e.g. r 3)"),
            ("t yq", "`q` is not a position number"),
        ] {
            assert_eq!(find(line, &state), Err(error.to_owned()));
        }
        // An exhausted creature says so.
        state.keyforge.as_mut().unwrap().sides[0].battleline[1].exhausted = true;
        assert_eq!(find("r 1", &state), Err("your Stormcaller is exhausted: it was used this turn".to_owned()));
    }

    #[test]
    fn the_raw_board_lists_each_battleline_and_the_waiting_resolution() {
        use fray_proto::fray::v1::{KeyforgeFight, KeyforgeStep, KeyforgeWindow, Ruleset, keyforge_step::Step};
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
board: KeyForge, bare board
  player 0: 0 amber, 0 keys; battleline left to right:
    raider     Raider Captain  power 4            exhausted; assault 2; raider.fight (Fight: it captures 1 amber from player 1)
  player 1: 2 amber, 1 key; battleline left to right:
    thornback  Thornback       power 3, 1 damage  ready; hazardous 2
    discard: Ember Sprite
  resolution waiting, bottom first:
    fight: raider fights thornback, resumes at KEYFORGE_FIGHT_STAGE_EXCHANGE
    window KEYFORGE_WINDOW_KIND_PRE_FIGHT: raider:assault, thornback:hazardous
";
        assert_eq!(crate::trace::render_board(&state, &Keyforge, Style::default()), expected);
        let pending = PendingDecision {
            player: 0,
            kind: DecisionKind::Order as i32,
            options: vec!["raider:assault".into(), "thornback:hazardous".into()],
            may_decline: false,
        };
        let text = render_pending(&state, &pending, Keyforge.decision_subject(&state), Style::default(), &|c| {
            format!("--choice {c}")
        });
        assert_eq!(
            text,
            "pending: player 0 must choose which item resolves next\n  \
             raider:assault first:       --choice raider:assault\n  \
             thornback:hazardous first:  --choice thornback:hazardous\n"
        );
    }
}
