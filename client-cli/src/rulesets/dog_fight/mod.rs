//! Dog Fight from the person's seat: the grid with every vessel, each vessel's stats,
//! each player's hand (the person's by name and effect, the others' counted), the
//! discards, who is out, and the attack waiting in its response windows; the numbered
//! legal actions in words and the short forms `a MINE TARGET`, `p HAND`, `n`, `e`.
//! Shared by `fray play` and `fray replay`.

use std::collections::HashMap;
use std::fmt::Write as _;

use fray_proto::fray::v1::{
    Action, DogFightBoard, DogFightCard, DogFightEffect, Event, GameState, Phase, Strike, Vessel, action, choice,
};

use crate::menu::Menu;
use crate::short_forms::{arity, number};
use crate::ui::{Mark, Namer, Seats, Seen, Style, Ui, cards, legend, position};

/// An empty square of the grid.
pub const EMPTY_SQUARE: char = '·';
/// What marks the person's vessels on the grid.
pub const YOURS: char = '*';
/// Every glyph the board draws besides letters, digits and plain punctuation: what
/// its legend must explain (the tests check it does).
pub const GLYPHS: [char; 2] = [EMPTY_SQUARE, YOURS];

/// The board's legend: every mark it draws.
pub const LEGEND: [Mark; 8] = [
    Mark { glyphs: "0Fi", meaning: "a vessel on the grid: its player (0), its name (Fighter)" },
    Mark { glyphs: "*", meaning: "marks your vessels on the grid" },
    Mark { glyphs: "·", meaning: "an empty square; in the first line, a separator" },
    Mark { glyphs: "at (2, 0)", meaning: "a vessel's square: x across, y down" },
    Mark { glyphs: "attack 3 range 4", meaning: "its damage, and how many squares it reaches (diagonals too)" },
    Mark { glyphs: "shields armor absorb", meaning: "each takes that much off every attack on it, never used up" },
    Mark { glyphs: "hull 3", meaning: "what gets through comes off it; below 0 destroys, 0 flies on" },
    Mark {
        glyphs: "3/4 1/0/1",
        meaning: "another player's vessel with three or more: attack/range shields/armor/absorb",
    },
];

/// Dog Fight's view.
#[derive(Debug, Clone, Copy)]
pub struct DogFight;

/// The `help` text of Dog Fight.
pub const HELP: &str = "\
At the prompt type one of:
  NUMBER          play the action with that number in the list
  a MINE TARGET   attack TARGET with your vessel MINE; name vessels by id or by the
                  start of it: your vessel by its kind (fig, gun, fri), a target by
                  id (p1-gunship, p1-g, 1-g). Example: a fig p1-gun
  p HAND          play your hand card HAND into the attack (in your window).
                  Example: p 0
  n               pass: play no more cards into this attack (also: pass)
  e               end your turn
Your turn: each of your vessels may attack once, any other player's vessel within
its range (squares in any direction, diagonals too). An attack opens windows, one
player at a time: the attacker's (Direct Hit), the target's (Evasive Maneuvers,
Armor Boost, Return Fire, Negate), then every other player's (Negate); each may play
cards, one at a time, then passes. The cards resolve in the order played: a miss or
a negation stops the damage; Return Fire hits the attacking vessel; otherwise the
damage (attack plus Direct Hits) is reduced by the target's shields, armor (plus
Armor Boosts) and absorbers, none used up, and the rest comes off its hull. A hull
below 0 destroys the vessel; a player without vessels is out.
Hand cards are numbered from 0 as listed under your hand.";

impl Ui for DogFight {
    fn board(&self, state: &GameState, seats: Seats, bots: &str, style: Style) -> String {
        render_board(state, seats, bots, style)
    }

    fn menu(&self, state: &GameState, legal: &[Action], seats: Seats, _style: Style) -> Menu {
        render_menu(state, legal, seats)
    }

    fn action_text(&self, state: &GameState, act: &Action, seats: Seats, _reveal_all: bool) -> String {
        action_text(state, act, seats)
    }

    fn help(&self) -> &'static str {
        HELP
    }

    fn legend(&self, _state: &GameState) -> String {
        legend("The board (Dog Fight):", &LEGEND)
    }

    fn find(&self, words: &[&str], legal: &[Action], state: &GameState, seats: Seats) -> Option<Result<usize, String>> {
        let (&head, rest) = words.split_first()?;
        let usage = "usage: a MINE TARGET, vessels by id or its start (e.g. a fig p1-gun)";
        let refusal = match head {
            "a" | "attack" | "strike" if rest.len() == 2 && rest[0].parse::<u32>().is_err() => {
                return Some(aim(rest[0], rest[1], legal, state, seats));
            }
            "a" | "attack" | "strike" => usage.to_owned(),
            "p" | "play" => {
                return Some(arity(rest, 1, "p HAND (e.g. p 0)").and_then(|()| play(rest[0], legal, state, seats)));
            }
            "n" | "no" | "decline" | "pass" => {
                return Some(arity(rest, 0, "n").and_then(|()| {
                    position(legal, &|x| matches!(x, action::Action::Choice(c) if matches!(c.choice, Some(choice::Choice::Decline(_)))))
                        .ok_or_else(|| "there is no attack to pass on now".to_owned())
                }));
            }
            "e" | "end" => {
                return Some(arity(rest, 0, "e").and_then(|()| {
                    position(legal, &|x| matches!(x, action::Action::EndPhase(_))).ok_or_else(|| {
                        if state.pending.is_some() {
                            WINDOW.to_owned()
                        } else {
                            "you cannot end the turn now".to_owned()
                        }
                    })
                }));
            }
            "f" | "fade" | "b" | "block" | "t" | "target" if rest.len() < 2 => {
                "Dog Fight's only decision is a response: p HAND plays a card, n passes".to_owned()
            }
            "s" | "summon" | "g" | "c" | "f" | "fight" | "r" | "reap" => {
                format!("not a Dog Fight short form: {usage}; p HAND plays a card (see help)")
            }
            _ => return None,
        };
        Some(Err(refusal))
    }

    fn names(&self, seen: Option<Seen>, states: &[&GameState], _events: &[Event]) -> Box<dyn Namer> {
        let mut names = Names { seen, vessels: HashMap::new(), cards: HashMap::new() };
        for board in states.iter().filter_map(|s| s.dog_fight.as_ref()) {
            names.vessels.extend(board.vessels.iter().map(|v| (v.id.clone(), v.controller)));
            for (p, side) in board.sides.iter().enumerate() {
                let shown = seen.is_none_or(|s| s.reveal_all || s.seats.is_human(p as u32));
                let hand = side.hand.iter().filter(|_| shown);
                names.cards.extend(hand.chain(&side.discard).map(|c| (c.id.clone(), c.clone())));
            }
        }
        Box::new(names)
    }

    fn raw_board(&self, state: &GameState) -> String {
        raw_board(&board_of(state))
    }
}

/// Names vessels (`your p0-fighter`) and the cards the person has seen: their own
/// hand and every discard; the other hands stay hidden.
#[derive(Debug, Clone)]
struct Names {
    seen: Option<Seen>,
    vessels: HashMap<String, u32>,
    cards: HashMap<String, DogFightCard>,
}

impl Namer for Names {
    fn seen(&self) -> Option<Seen> {
        self.seen
    }

    fn creature(&self, id: &str) -> String {
        match (self.seen, self.vessels.get(id)) {
            (Some(s), Some(&controller)) => vessel_label(id, controller, s.seats),
            _ => id.to_owned(),
        }
    }

    fn card(&self, id: &str) -> String {
        match (self.seen, self.cards.get(id)) {
            (None, _) => id.to_owned(),
            (Some(_), Some(c)) => format!("{} ({id})", c.name),
            (Some(_), None) => "a hidden card".to_owned(),
        }
    }
}

/// Why an action must wait while an attack is in its windows.
const WINDOW: &str = "an attack waits in its windows: play a card (p HAND) or pass (n) first";

fn board_of(state: &GameState) -> DogFightBoard {
    state.dog_fight.clone().unwrap_or_default()
}

/// A vessel as the person reads it: `your p0-fighter`, or its id (which names its
/// player) for anyone else's.
pub fn vessel_label(id: &str, controller: u32, seats: Seats) -> String {
    if seats.is_human(controller) { format!("your {id}") } else { id.to_owned() }
}

fn label(board: &DogFightBoard, id: &str, seats: Seats) -> String {
    board.vessels.iter().find(|v| v.id == id).map_or_else(|| id.to_owned(), |v| vessel_label(id, v.controller, seats))
}

/// What a card does, in words: `+2 damage`, `the attack misses`, `+2 armor against
/// this attack`, `2 damage to the attacking vessel`, `negates the attack`.
pub fn effect_text(effect: i32, amount: i32) -> String {
    match DogFightEffect::try_from(effect).unwrap_or(DogFightEffect::Unspecified) {
        DogFightEffect::DirectHit => format!("+{amount} damage"),
        DogFightEffect::EvasiveManeuvers => "the attack misses".to_owned(),
        DogFightEffect::ArmorBoost => format!("+{amount} armor against this attack"),
        DogFightEffect::ReturnFire => format!("{amount} damage to the attacking vessel"),
        DogFightEffect::Negate => "negates the attack".to_owned(),
        DogFightEffect::Unspecified => "no effect this client knows".to_owned(),
    }
}

/// Who may play a card with this effect.
fn when_text(effect: i32) -> &'static str {
    match DogFightEffect::try_from(effect).unwrap_or(DogFightEffect::Unspecified) {
        DogFightEffect::DirectHit => "when you attack",
        DogFightEffect::EvasiveManeuvers | DogFightEffect::ArmorBoost | DogFightEffect::ReturnFire => {
            "when you are attacked"
        }
        DogFightEffect::Negate => "any attack but yours",
        DogFightEffect::Unspecified => "never",
    }
}

/// `Direct Hit (c03)`.
fn card_name(c: &DogFightCard) -> String {
    format!("{} ({})", c.name, c.id)
}

/// The card `id` in anyone's hand or discard.
fn find_card<'a>(board: &'a DogFightBoard, id: &str) -> Option<&'a DogFightCard> {
    board.sides.iter().flat_map(|s| s.hand.iter().chain(&s.discard)).find(|c| c.id == id)
}

/// What an attack of `a` on `d` would do before any card: `3 damage, 2 through: hull 4
/// down to 2` (a hull of 0 still flies), or that it destroys the target, or that it is
/// all absorbed.
fn forecast(a: &Vessel, d: &Vessel) -> String {
    let through = through(a, d);
    if through == 0 {
        format!("{} damage, all absorbed", a.attack)
    } else if d.hull - through < 0 {
        format!("{} damage, {through} through: destroys it", a.attack)
    } else {
        format!("{} damage, {through} through: hull {} down to {}", a.attack, d.hull, d.hull - through)
    }
}

/// The damage of an attack of `a` that gets through `d`'s shields, armor and
/// absorbers, before any card.
fn through(a: &Vessel, d: &Vessel) -> i32 {
    let mitigation = d.shields.max(0).saturating_add(d.armor.max(0)).saturating_add(d.absorb.max(0));
    a.attack.saturating_sub(mitigation).max(0)
}

/// One action in words, from the person's seat, in `state` (the state it applies to):
/// `attack p1-gunship with your p0-fighter (...)`, `play Direct Hit (c03, +2
/// damage)`, `pass`, `end the turn`. A card played is shown face up, whoever plays it
/// (`reveal_all` changes nothing here: only the hands are hidden, and an action only
/// names the card it plays).
pub fn action_text(state: &GameState, act: &Action, seats: Seats) -> String {
    let board = board_of(state);
    let Some(kind) = &act.action else {
        return "(an empty action)".to_owned();
    };
    match kind {
        action::Action::Strike(s) => {
            let vessel = |id: &str| board.vessels.iter().find(|v| v.id == id);
            let mut text =
                format!("attack {} with {}", label(&board, &s.defender, seats), label(&board, &s.attacker, seats));
            if let (Some(a), Some(d)) = (vessel(&s.attacker), vessel(&s.defender)) {
                let _ = write!(text, " ({})", forecast(a, d));
            }
            text
        }
        action::Action::Choice(c) => match &c.choice {
            Some(choice::Choice::Option(id)) => match find_card(&board, id) {
                Some(card) => format!("play {} ({}, {})", card.name, card.id, effect_text(card.effect, card.amount)),
                None => format!("play card {id}"),
            },
            Some(choice::Choice::Decline(_)) => "pass (play no more cards into this attack)".to_owned(),
            None => "(an empty choice)".to_owned(),
        },
        action::Action::EndPhase(_) => "end the turn".to_owned(),
        action::Action::Summon(_) | action::Action::Reinforce(_) | action::Action::Reap(_) => {
            "(not a Dog Fight action)".to_owned()
        }
    }
}

/// Whose turn it is, for the board's first line.
fn whose_turn(state: &GameState, seats: Seats) -> String {
    if state.phase == Phase::GameOver as i32 {
        return match state.winner {
            Some(w) if seats.is_human(w) => "game over: you win".to_owned(),
            Some(w) => format!("game over: {} wins", seats.name(w)),
            None => "game over: a draw".to_owned(),
        };
    }
    let turn = if seats.is_human(state.active_player) {
        "your turn".to_owned()
    } else {
        format!("{}'s turn", seats.name(state.active_player))
    };
    match &state.pending {
        Some(p) if seats.is_human(p.player) => format!("{turn} · an attack waits for your response"),
        Some(p) => format!("{turn} · an attack waits for {}'s response", seats.name(p.player)),
        None => turn,
    }
}

/// A vessel's mark on the grid: its player and the first two letters of its name,
/// `*` for the person's (`0Fi*`).
fn mark(v: &Vessel, seats: Seats) -> String {
    let short: String = v.name.chars().take(2).collect();
    let yours = if seats.is_human(v.controller) { YOURS.to_string() } else { String::new() };
    format!("{}{short}{yours}", v.controller)
}

/// Characters per grid column.
const COLUMN: usize = 6;

/// The grid, row by row (`y` down, `x` across), each vessel as its [`mark`].
fn render_grid(board: &DogFightBoard, seats: Seats, style: Style) -> String {
    let mut out = format!(
        "  grid {} x {} (x across, y down); a vessel shows as its player and name, * marks yours:\n",
        board.width, board.height
    );
    let mut head = "     ".to_owned();
    for x in 0..board.width {
        let _ = write!(head, "{x:<COLUMN$}");
    }
    let _ = writeln!(out, "{}", head.trim_end());
    for y in 0..board.height {
        let mut line = format!("  {y:>2} ");
        for x in 0..board.width {
            let here = board.vessels.iter().find(|v| i64::from(v.x) == i64::from(x) && i64::from(v.y) == i64::from(y));
            let cell = match here {
                Some(v) => {
                    let text = format!("{:<COLUMN$}", mark(v, seats));
                    let code = Style::side(seats.is_human(v.controller), true);
                    style.paint(code, &text)
                }
                None => format!("{:<COLUMN$}", EMPTY_SQUARE),
            };
            line.push_str(&cell);
        }
        let _ = writeln!(out, "{}", line.trim_end());
    }
    out
}

/// One vessel a line: id, name, place, attack and range, shields, armor, absorbers,
/// hull, and whether it attacked this turn.
fn vessel_line(v: &Vessel, id_width: usize, name_width: usize) -> String {
    let mut line = format!(
        "{:<id_width$}  {:<name_width$}  at ({}, {})  attack {} range {}  shields {} armor {} absorb {}  hull {}",
        v.id, v.name, v.x, v.y, v.attack, v.range, v.shields, v.armor, v.absorb, v.hull
    );
    if v.attacked {
        line.push_str("  attacked this turn");
    }
    line
}

/// Another player's vessels with three or more players, as many a line as fit 120
/// columns: `p1-fighter (4, 0) 3/4 0/0/1 hull 3`, and `attacked` once it has.
fn short_lines(vessels: &[&Vessel]) -> String {
    let mut lines: Vec<String> = Vec::new();
    for v in vessels {
        let (id, x, y, hull, attacked) = (&v.id, v.x, v.y, v.hull, if v.attacked { " attacked" } else { "" });
        let text = format!(
            "{id} ({x}, {y}) {}/{} {}/{}/{} hull {hull}{attacked}",
            v.attack, v.range, v.shields, v.armor, v.absorb
        );
        match lines.last_mut() {
            Some(line) if line.chars().count() + text.chars().count() < 112 => *line = format!("{line}   {text}"),
            _ => lines.push(format!("    {text}")),
        }
    }
    lines.iter().map(|l| format!("{l}\n")).collect()
}

/// The whole board from the person's seat: whose turn; the grid (two players); each player in seat
/// order with their vessels, their hand (the person's face up, the others' counted)
/// and discard, or that they are out; then the attack in its windows. `strength`
/// names the bots' difficulty (`easy`).
pub fn render_board(state: &GameState, seats: Seats, strength: &str, style: Style) -> String {
    let board = board_of(state);
    let mut out = String::new();
    let _ =
        writeln!(out, "{}", style.paint(Style::BOLD, &format!("Turn {} · {}", state.turn, whose_turn(state, seats))));
    // With three or four players the grid gives way to the lines, which say where each vessel is.
    if board.sides.len() <= 2 {
        out.push_str(&render_grid(&board, seats, style));
    }
    let id_width = board.vessels.iter().map(|v| v.id.chars().count()).max().unwrap_or(0);
    let name_width = board.vessels.iter().map(|v| v.name.chars().count()).max().unwrap_or(0);
    for (p, side) in board.sides.iter().enumerate() {
        let p = p as u32;
        let vessels: Vec<&Vessel> = board.vessels.iter().filter(|v| v.controller == p).collect();
        let head = if seats.is_human(p) {
            style.paint(Style::side(true, true), &format!("you, player {p}"))
        } else {
            style.paint(Style::side(false, true), &format!("{} ({strength}), player {p}", seats.name(p)))
        };
        let hand = match (seats.is_human(p), side.hand.len()) {
            (_, 0) => "hand empty".to_owned(),
            (true, n) => format!("{} in hand", cards(n)),
            (false, n) => format!("{} in hand, hidden", cards(n)),
        };
        let status = if vessels.is_empty() { "out (no vessels left)".to_owned() } else { hand };
        let _ = writeln!(out, "  {head}: {status}");
        if board.sides.len() > 2 && !seats.is_human(p) {
            out.push_str(&short_lines(&vessels));
        } else {
            vessels.iter().for_each(|v| out.push_str(&format!("    {}\n", vessel_line(v, id_width, name_width))));
        }
        if seats.is_human(p) && !side.hand.is_empty() {
            out.push_str(&render_hand(&side.hand, style));
        }
        if !side.discard.is_empty() {
            let played: Vec<String> = side.discard.iter().map(card_name).collect();
            let _ = writeln!(out, "    discard: {}", played.join(", "));
        }
    }
    if let Some(text) = attack_text(state, seats) {
        out.push_str(&style.paint(Style::WARNING, &text));
    }
    out
}

/// The person's hand, one card a line: index, name and id, what it does and when.
pub fn render_hand(hand: &[DogFightCard], style: Style) -> String {
    let mut out = "    your hand:\n".to_owned();
    let width = hand.iter().map(|c| card_name(c).chars().count()).max().unwrap_or(0);
    for (i, c) in hand.iter().enumerate() {
        let name = format!("{:<width$}", card_name(c));
        let _ = writeln!(
            out,
            "      [{i}] {}  {} ({})",
            style.paint(Style::BOLD, &name),
            effect_text(c.effect, c.amount),
            when_text(c.effect)
        );
    }
    out
}

/// The attack in its windows: attacker and target, the cards declared so far, whose
/// windows are over, and who is to answer; `None` when no attack waits.
pub fn attack_text(state: &GameState, seats: Seats) -> Option<String> {
    let board = board_of(state);
    let a = board.attack.as_ref()?;
    let mut out = format!(
        "  attack: {} attacks {} (strength {})\n",
        label(&board, &a.attacker, seats),
        label(&board, &a.defender, seats),
        a.strength
    );
    if a.declared.is_empty() {
        out.push_str("    no card played yet\n");
    } else {
        let played: Vec<String> = a
            .declared
            .iter()
            .map(|d| match find_card(&board, &d.card) {
                Some(c) => {
                    format!("{} by {} ({})", card_name(c), seats.name(d.player), effect_text(c.effect, c.amount))
                }
                None => format!("{} by {}", d.card, seats.name(d.player)),
            })
            .collect();
        let _ = writeln!(out, "    cards played, in order: {}", played.join(", "));
    }
    if !a.passed.is_empty() {
        let passed: Vec<String> = a.passed.iter().map(|&p| seats.name(p)).collect();
        let _ = writeln!(out, "    passed: {}", passed.join(", "));
    }
    if let Some(p) = &state.pending {
        let _ = writeln!(out, "    to answer: {}", seats.name(p.player));
    }
    Some(out)
}

/// The numbered legal actions (numbers are 1-based positions in `legal`), under a line
/// that says what the person may do now. The attacks are a grid: a row per target, a
/// column per vessel of the person's that may attack, each cell the attack's number
/// and what it would leave of the target's hull before any card (every attack is in
/// words in the whole list).
pub fn render_menu(state: &GameState, legal: &[Action], seats: Seats) -> Menu {
    let human_pending = state.pending.as_ref().is_some_and(|p| seats.is_human(p.player));
    let attacks: Vec<(usize, &Strike)> = legal
        .iter()
        .enumerate()
        .filter_map(|(i, a)| match &a.action {
            Some(action::Action::Strike(s)) => Some((i, s)),
            _ => None,
        })
        .collect();
    let mut head = "";
    if human_pending {
        head = "  your window: play a card into the attack (p HAND), one at a time, or pass (n):";
    } else if seats.is_human(state.active_player) && state.phase == Phase::Event as i32 && attacks.is_empty() {
        head = "  none of your vessels can attack any more: end your turn (e):";
    }
    let mut menu = Menu::new(legal.len());
    for line in head.lines() {
        menu.head(line);
    }
    if !attacks.is_empty() {
        attack_grid(&mut menu, state, &attacks);
    }
    for (i, act) in legal.iter().enumerate() {
        let text = action_text(state, act, seats);
        if matches!(act.action, Some(action::Action::Strike(_))) {
            menu.grouped(i + 1, text);
        } else {
            menu.item(i + 1, text);
        }
    }
    menu
}

/// Characters of one cell of the attack grid.
const ATTACK_CELL: usize = 14;

/// The attacks as a grid of targets (rows) by attackers (columns); more than six
/// targets (four players) in two such grids side by side, so that the screen fits.
fn attack_grid(menu: &mut Menu, state: &GameState, attacks: &[(usize, &Strike)]) {
    let board = board_of(state);
    let mut attackers: Vec<&str> = Vec::new();
    let mut targets: Vec<&str> = Vec::new();
    for (_, s) in attacks {
        if !attackers.contains(&s.attacker.as_str()) {
            attackers.push(&s.attacker);
        }
        if !targets.contains(&s.defender.as_str()) {
            targets.push(&s.defender);
        }
    }
    menu.line(
        "  attack once a turn with each vessel (a MINE TARGET), or end the turn (e); a number: your vessel (top) \
               attacks a target (left), leaving that hull:",
    );
    let width = targets.iter().map(|t| t.chars().count()).max().unwrap_or(0) + 2;
    let vessel = |id: &str| board.vessels.iter().find(|v| v.id == id);
    let block = |target: &str| {
        let mut row = format!("{target:<width$}");
        for attacker in &attackers {
            let found = attacks.iter().find(|(_, s)| s.attacker == *attacker && s.defender == target);
            let cell = match (found, vessel(attacker), vessel(target)) {
                (Some((i, _)), Some(a), Some(d)) => format!("{} {}", i + 1, outcome(a, d)),
                (Some((i, _)), _, _) => (i + 1).to_string(),
                (None, _, _) => "-".to_owned(),
            };
            let _ = write!(row, "{cell:<ATTACK_CELL$}");
        }
        row
    };
    let rows = if targets.len() > 6 { targets.len().div_ceil(2) } else { targets.len() };
    let head =
        format!("{}{}", " ".repeat(width), attackers.iter().map(|a| format!("{a:<ATTACK_CELL$}")).collect::<String>());
    let heads = if rows < targets.len() { format!("{head}  {head}") } else { head };
    menu.line(format!("    {}", heads.trim_end()));
    for r in 0..rows {
        let right = targets.get(r + rows).map_or_else(String::new, |t| format!("  {}", block(t)));
        menu.line(format!("    {}{right}", block(targets[r])).trim_end().to_owned());
    }
}

/// What an attack of `a` leaves of `d` before any card: `hull 2`, `destroys`, or
/// `absorbed` (nothing gets through).
fn outcome(a: &Vessel, d: &Vessel) -> String {
    let through = through(a, d);
    if through == 0 {
        "absorbed".to_owned()
    } else if d.hull - through < 0 {
        "destroys".to_owned()
    } else {
        format!("hull {}", d.hull - through)
    }
}

/// Does `word` name `v`? Its id, the start of its id (`p1-g`, or `1-g` without the
/// `p`), or the start of its kind (`gun`, the part of the id after the `-`) or name.
fn names_vessel(word: &str, v: &Vessel) -> bool {
    let id = v.id.to_lowercase();
    let kind = id.split_once('-').map_or(id.as_str(), |(_, k)| k);
    id.starts_with(word)
        || id.strip_prefix('p').is_some_and(|rest| rest.starts_with(word))
        || kind.starts_with(word)
        || v.name.to_lowercase().starts_with(word)
}

/// The one vessel among `vessels` that `word` names, or why there is none.
fn pick<'a>(word: &str, vessels: &[&'a Vessel], whose: &str) -> Result<&'a Vessel, String> {
    let word = word.to_lowercase();
    if let Some(v) = vessels.iter().find(|v| v.id.to_lowercase() == word) {
        return Ok(v);
    }
    let found: Vec<&Vessel> = vessels.iter().copied().filter(|v| names_vessel(&word, v)).collect();
    match found.as_slice() {
        [v] => Ok(v),
        [] => {
            let ids: Vec<&str> = vessels.iter().map(|v| v.id.as_str()).collect();
            if ids.is_empty() {
                Err(format!("`{word}` names none of {whose}: there are none"))
            } else {
                Err(format!("`{word}` names none of {whose}: {}", ids.join(", ")))
            }
        }
        many => {
            let ids: Vec<&str> = many.iter().map(|v| v.id.as_str()).collect();
            Err(format!("`{word}` could be {}: write more of its id", ids.join(" or ")))
        }
    }
}

/// `a MINE TARGET`: the attack on the vessel `target` with the person's `attacker`.
fn aim(attacker: &str, target: &str, legal: &[Action], state: &GameState, seats: Seats) -> Result<usize, String> {
    let board = board_of(state);
    let mine: Vec<&Vessel> = board.vessels.iter().filter(|v| seats.is_human(v.controller)).collect();
    let theirs: Vec<&Vessel> = board.vessels.iter().filter(|v| !seats.is_human(v.controller)).collect();
    let a = pick(attacker, &mine, "your vessels")?;
    let d = pick(target, &theirs, "the other players' vessels")?;
    position(legal, &|x| matches!(x, action::Action::Strike(s) if s.attacker == a.id && s.defender == d.id)).ok_or_else(
        || {
            if state.pending.is_some() {
                WINDOW.to_owned()
            } else if !seats.is_human(state.active_player) {
                "it is not your turn".to_owned()
            } else if a.attacked {
                format!("your {} has attacked this turn already", a.id)
            } else {
                format!("your {} cannot attack {} (out of its range {})", a.id, d.id, a.range)
            }
        },
    )
}

/// `p HAND`: playing the person's hand card `word` into the attack.
fn play(word: &str, legal: &[Action], state: &GameState, seats: Seats) -> Result<usize, String> {
    let i = number(word, "hand card")?;
    let board = board_of(state);
    let hand = board.sides.get(seats.human as usize).map_or(&[][..], |s| &s.hand);
    let card = hand.get(i as usize).ok_or_else(|| match hand.len() {
        0 => "your hand is empty".to_owned(),
        n => format!("you have no hand card {i}: your hand holds 0-{}", n - 1),
    })?;
    position(
        legal,
        &|x| matches!(x, action::Action::Choice(c) if c.choice == Some(choice::Choice::Option(card.id.clone()))),
    )
    .ok_or_else(|| {
        if state.pending.as_ref().is_some_and(|p| seats.is_human(p.player)) {
            format!("{} cannot be played now ({})", card_name(card), when_text(card.effect))
        } else {
            "you can play cards only in your window of an attack".to_owned()
        }
    })
}

/// A Dog Fight board: the grid, each vessel (position, attack and range, the mitigation
/// layers, hull), each side's hand and discard, and the attack waiting in its windows.
fn raw_board(board: &DogFightBoard) -> String {
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

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use super::*;
    use fray_proto::fray::v1::{
        Choice, DecisionKind, DogFightAttack, DogFightSide, EndPhase, PendingDecision, PlayedCard, Strike,
    };

    fn vessel(id: &str, name: &str, controller: u32, at: (i32, i32), stats: (i32, i32, i32, i32, i32, i32)) -> Vessel {
        let (attack, range, shields, armor, absorb, hull) = stats;
        Vessel {
            id: id.into(),
            name: name.into(),
            controller,
            x: at.0,
            y: at.1,
            attack,
            range,
            shields,
            armor,
            absorb,
            hull,
            attacked: false,
        }
    }

    fn card(id: &str, name: &str, effect: DogFightEffect, amount: i32) -> DogFightCard {
        DogFightCard { id: id.into(), name: name.into(), effect: effect as i32, amount }
    }

    /// Three players on a 3 x 3 grid. Player 1's fighter attacks player 0's gunship
    /// with a Direct Hit declared; player 0 (to answer) holds Armor Boost and Negate;
    /// player 1 holds a secret Evasive Maneuvers; player 2 is out, a Return Fire in its
    /// discard and a secret Negate in its hand.
    fn small_board() -> GameState {
        GameState {
            ruleset: fray_proto::fray::v1::Ruleset::DogFight as i32,
            turn: 4,
            phase: Phase::Event as i32,
            active_player: 1,
            pending: Some(PendingDecision {
                player: 0,
                kind: DecisionKind::Response as i32,
                options: vec!["c01".into(), "c02".into()],
                may_decline: true,
            }),
            dog_fight: Some(DogFightBoard {
                width: 3,
                height: 3,
                vessels: vec![
                    vessel("p0-gunship", "Gunship", 0, (0, 0), (4, 4, 1, 0, 0, 4)),
                    Vessel { attacked: true, ..vessel("p1-fighter", "Fighter", 1, (2, 0), (3, 4, 0, 0, 0, 3)) },
                    vessel("p1-frigate", "Frigate", 1, (2, 1), (3, 4, 1, 0, 1, 5)),
                ],
                sides: vec![
                    DogFightSide {
                        hand: vec![
                            card("c01", "Armor Boost", DogFightEffect::ArmorBoost, 2),
                            card("c02", "Negate", DogFightEffect::Negate, 0),
                        ],
                        discard: vec![],
                    },
                    DogFightSide {
                        hand: vec![card("c03", "Evasive Maneuvers", DogFightEffect::EvasiveManeuvers, 0)],
                        discard: vec![card("c04", "Direct Hit", DogFightEffect::DirectHit, 2)],
                    },
                    DogFightSide {
                        hand: vec![card("c05", "Negate", DogFightEffect::Negate, 0)],
                        discard: vec![card("c06", "Return Fire", DogFightEffect::ReturnFire, 2)],
                    },
                ],
                attack: Some(DogFightAttack {
                    attacker: "p1-fighter".into(),
                    defender: "p0-gunship".into(),
                    declared: vec![PlayedCard { player: 1, card: "c04".into() }],
                    passed: vec![1],
                    strength: 3,
                }),
            }),
            ..Default::default()
        }
    }

    fn act(a: action::Action) -> Action {
        Action { action: Some(a), ..Default::default() }
    }

    #[test]
    fn the_board_names_only_the_persons_hand() {
        let seats = Seats { human: 0, players: 3 };
        let text = render_board(&small_board(), seats, "easy", Style::default());
        let expected = "\
Turn 4 · bot 1's turn · an attack waits for your response
  you, player 0: 2 cards in hand
    p0-gunship  Gunship  at (0, 0)  attack 4 range 4  shields 1 armor 0 absorb 0  hull 4
    your hand:
      [0] Armor Boost (c01)  +2 armor against this attack (when you are attacked)
      [1] Negate (c02)       negates the attack (any attack but yours)
  bot 1 (easy), player 1: 1 card in hand, hidden
    p1-fighter (2, 0) 3/4 0/0/0 hull 3 attacked   p1-frigate (2, 1) 3/4 1/0/1 hull 5
    discard: Direct Hit (c04)
  bot 2 (easy), player 2: out (no vessels left)
    discard: Return Fire (c06)
  attack: p1-fighter attacks your p0-gunship (strength 3)
    cards played, in order: Direct Hit (c04) by bot 1 (+2 damage)
    passed: bot 1
    to answer: you
";
        assert_eq!(text, expected, "\n{text}");
        assert!(!text.contains("Evasive") && !text.contains("c03") && !text.contains("c05"), "{text}");
    }

    #[test]
    fn from_another_seat_the_other_hand_shows() {
        let seats = Seats { human: 1, players: 3 };
        let text = render_board(&small_board(), seats, "hard", Style::default());
        assert!(text.starts_with("Turn 4 · your turn · an attack waits for bot 0's response\n"), "{text}");
        assert!(text.contains("  bot 0 (hard), player 0: 2 cards in hand, hidden\n"), "{text}");
        assert!(text.contains("      [0] Evasive Maneuvers (c03)  the attack misses (when you are attacked)\n"));
        assert!(text.contains("  attack: your p1-fighter attacks p0-gunship (strength 3)\n"), "{text}");
        assert!(!text.contains("Armor Boost") && !text.contains("(c02)") && !text.contains("(c05)"), "{text}");
    }

    #[test]
    fn actions_and_the_menu_read_in_words() {
        let state = small_board();
        let seats = Seats { human: 0, players: 3 };
        let play = |id: &str| act(action::Action::Choice(Choice { choice: Some(choice::Choice::Option(id.into())) }));
        let pass = act(action::Action::Choice(Choice { choice: Some(choice::Choice::Decline(true)) }));
        let legal = vec![play("c01"), play("c02"), pass.clone()];
        assert_eq!(
            render_menu(&state, &legal, seats).short(Style::default()),
            "  your window: play a card into the attack (p HAND), one at a time, or pass (n):\n    \
             1  play Armor Boost (c01, +2 armor against this attack)\n    \
             2  play Negate (c02, negates the attack)\n    \
             3  pass (play no more cards into this attack)\n"
        );
        let attack = |a: &str, d: &str| {
            act(action::Action::Strike(Strike { attacker: a.into(), defender: d.into(), ..Default::default() }))
        };
        assert_eq!(
            action_text(&state, &attack("p0-gunship", "p1-fighter"), seats),
            "attack p1-fighter with your p0-gunship (4 damage, 4 through: destroys it)"
        );
        assert_eq!(
            action_text(&state, &attack("p0-gunship", "p1-frigate"), seats),
            "attack p1-frigate with your p0-gunship (4 damage, 2 through: hull 5 down to 3)"
        );
        assert_eq!(
            action_text(&state, &attack("p1-fighter", "p0-gunship"), seats),
            "attack your p0-gunship with p1-fighter (3 damage, 2 through: hull 4 down to 2)"
        );
        assert_eq!(action_text(&state, &act(action::Action::EndPhase(EndPhase {})), seats), "end the turn");
        // The attacks as a grid of targets by attackers; each in words in the whole list.
        let mut turn = state.clone();
        turn.pending = None;
        turn.dog_fight.as_mut().unwrap().attack = None;
        let end = act(action::Action::EndPhase(EndPhase {}));
        let legal = vec![attack("p0-gunship", "p1-fighter"), attack("p0-gunship", "p1-frigate"), end];
        let menu = render_menu(&turn, &legal, seats);
        assert_eq!(
            menu.short(Style::default()),
            "  attack once a turn with each vessel (a MINE TARGET), or end the turn (e); a number: your vessel (top) \
             attacks a target (left), leaving that hull:\n                \
             p0-gunship\n    \
             p1-fighter  1 destroys\n    \
             p1-frigate  2 hull 3\n    \
             3  end the turn\n  \
             (all lists all 3 actions by number)\n"
        );
        assert!(
            menu.full(Style::default())
                .contains("    2  attack p1-frigate with your p0-gunship (4 damage, 2 through: hull 5 down to 3)\n")
        );
    }

    #[test]
    fn short_forms_name_vessels_and_hand_cards() {
        let mut state = small_board();
        let seats = Seats { human: 0, players: 3 };
        let play = |id: &str| act(action::Action::Choice(Choice { choice: Some(choice::Choice::Option(id.into())) }));
        let pass = act(action::Action::Choice(Choice { choice: Some(choice::Choice::Decline(true)) }));
        let legal = vec![play("c01"), play("c02"), pass];
        let find_short = |line: &str, legal: &[Action], state: &GameState, seats| {
            DogFight.find(&line.split(' ').collect::<Vec<_>>(), legal, state, seats).unwrap()
        };
        assert_eq!(find_short("p 1", &legal, &state, seats), Ok(1));
        assert_eq!(
            find_short("p 4", &legal, &state, seats),
            Err("you have no hand card 4: your hand holds 0-1".to_owned())
        );
        assert_eq!(find_short("n", &legal, &state, seats), Ok(2));
        assert!(find_short("e", &legal, &state, seats).unwrap_err().contains("play a card (p HAND)"));
        // The person's turn, without the attack.
        state.pending = None;
        state.active_player = 0;
        if let Some(b) = state.dog_fight.as_mut() {
            b.attack = None;
        }
        let attack = |a: &str, d: &str| {
            act(action::Action::Strike(Strike { attacker: a.into(), defender: d.into(), ..Default::default() }))
        };
        let legal = vec![
            attack("p0-gunship", "p1-fighter"),
            attack("p0-gunship", "p1-frigate"),
            act(action::Action::EndPhase(EndPhase {})),
        ];
        assert_eq!(find_short("a gun p1-fr", &legal, &state, seats), Ok(1));
        assert_eq!(find_short("a p0-gunship 1-fi", &legal, &state, seats), Ok(0));
        assert_eq!(find_short("a g fighter", &legal, &state, seats), Ok(0));
        assert_eq!(
            find_short("a gun p1", &legal, &state, seats),
            Err("`p1` could be p1-fighter or p1-frigate: write more of its id".to_owned())
        );
        assert_eq!(
            find_short("a fig p1-fr", &legal, &state, seats),
            Err("`fig` names none of your vessels: p0-gunship".to_owned())
        );
        assert_eq!(find_short("e", &legal, &state, seats), Ok(2));
        assert!(find_short("p 0", &legal, &state, seats).unwrap_err().contains("only in your window"));
        assert!(find_short("a 1", &legal, &state, seats).unwrap_err().starts_with("usage: a MINE"));
        assert_eq!(find_short("p", &legal, &state, seats), Err("usage: p HAND (e.g. p 0)".to_owned()));
    }

    #[test]
    fn the_legend_explains_every_glyph_of_the_grid() {
        let legend = DogFight.legend(&small_board());
        for glyph in GLYPHS {
            assert!(legend.contains(glyph), "`{glyph}` is not in\n{legend}");
        }
    }

    #[test]
    fn a_hull_brought_to_0_still_flies_and_below_0_is_destroyed() {
        let vessel = |attack, shields, hull| Vessel { attack, shields, hull, ..Default::default() };
        assert_eq!(forecast(&vessel(3, 0, 3), &vessel(3, 0, 3)), "3 damage, 3 through: hull 3 down to 0");
        assert_eq!(forecast(&vessel(4, 0, 3), &vessel(3, 0, 3)), "4 damage, 4 through: destroys it");
        assert_eq!(forecast(&vessel(1, 0, 3), &vessel(3, 2, 3)), "1 damage, all absorbed");
    }
}
