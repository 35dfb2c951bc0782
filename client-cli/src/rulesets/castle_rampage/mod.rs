//! Castle Rampage in the terminal: the board (both Gates and Castles as face-down
//! stacks, counted; the person's hand face up; the bot's hand counted; the draw pile
//! counted; the discard face up), the numbered legal actions, actions in words, the
//! short forms `a HAND`, `g HAND`, `c HAND`, `e`, and the cards the person has seen.

use std::collections::{HashMap, HashSet};
use std::fmt::Write as _;

use fray_core::rulesets::castle_rampage::DEFAULT_SABOTEUR_AMOUNT;
use fray_proto::fray::v1::{
    Action, CastleCard, CastleEffect, CastleRampageBoard, CastleSide, Event, GameState, Phase, action, event::Kind,
};

use crate::menu::{self, Menu};
use crate::short_forms::{arity, number};
use crate::ui::{Mark, Namer, Seats, Seen, Style, Ui, cards, legend, position};

/// Discard cards shown on the board, newest first.
const DISCARD_SHOWN: usize = 4;
/// Card backs drawn for a stack at most; a taller stack adds `…`.
const STACK_DRAWN: usize = 12;

/// A face-down card, as a stack draws it.
pub const CARD_BACK: char = '▒';
/// The end of a stack or a list cut short.
pub const MORE: char = '…';
/// Every glyph the board draws besides letters, digits and plain punctuation: what
/// its legend must explain (the tests check it does).
pub const GLYPHS: [char; 3] = [CARD_BACK, MORE, '·'];

/// The board's legend: every mark it draws.
pub const LEGEND: [Mark; 7] = [
    Mark { glyphs: "▒▒▒", meaning: "a Gate or Castle: face-down cards, one ▒ each, top first" },
    Mark { glyphs: "…", meaning: "more than shown (a tall stack, older discards)" },
    Mark { glyphs: "5 / 3 / 4", meaning: "attack / Gate defense / Castle defense (discard: 5/3/4)" },
    Mark { glyphs: "(c08)", meaning: "the card's id" },
    Mark { glyphs: "[Bomber]", meaning: "a purple card's effect (help says what each does)" },
    Mark { glyphs: "[0]", meaning: "your hand card 0, the number a, g and c take" },
    Mark { glyphs: "·", meaning: "in the first line, a separator" },
];

/// Castle Rampage's view.
#[derive(Debug, Clone, Copy)]
pub struct Castle;

/// The `help` text.
pub const HELP: &str = "\
At the prompt type one of:
  NUMBER    play the action with that number in the list
  a HAND    attack with your hand card HAND (in your attacks, the Event phase). Example: a 0
  g HAND    reinforce: put your hand card HAND face down at the bottom of your Gate
            (in the Deployment phase, which it ends). Example: g 1
  c HAND    the same at the bottom of your Castle
  e         end the phase: go on to the attacks, or end your turn
Your turn: you draw 2 cards, may reinforce with one card, then play attack cards.
An attack with strength A meets the top card of the bot's Gate (its Castle once the
Gate is empty), which is revealed; D is its defense there (Gate or Castle defense).
A < D: your card is destroyed and theirs goes back face down on top. A = D: both
are destroyed and the attack ends. A > D: theirs is destroyed, A - D carries on to
the next card (into the Castle once the Gate is empty). Hand cards are numbered from
0 as listed under `your hand`.";

impl Ui for Castle {
    fn board(&self, state: &GameState, seats: Seats, bots: &str, style: Style) -> String {
        render_board(state, seats, &format!("bot ({bots})"), style)
    }

    fn menu(&self, state: &GameState, legal: &[Action], seats: Seats, _style: Style) -> Menu {
        render_menu(state, legal, seats)
    }

    fn action_text(&self, state: &GameState, act: &Action, seats: Seats, reveal_all: bool) -> String {
        action_text(state, act, seats, reveal_all)
    }

    fn help(&self) -> &'static str {
        HELP
    }

    fn legend(&self, _state: &GameState) -> String {
        legend("The board (Castle Rampage):", &LEGEND)
    }

    fn find(&self, words: &[&str], legal: &[Action], state: &GameState, seats: Seats) -> Option<Result<usize, String>> {
        let (&head, rest) = words.split_first()?;
        let refusal = match head {
            "a" | "attack" | "strike" if rest.len() == 1 => return Some(find(head, rest[0], legal, state, seats)),
            "g" | "gate" | "c" | "castle" => {
                return Some(
                    arity(rest, 1, &format!("{} HAND (e.g. {} 1)", &head[..1], &head[..1]))
                        .and_then(|()| find(head, rest[0], legal, state, seats)),
                );
            }
            "e" | "end" => {
                return Some(arity(rest, 0, "e").and_then(|()| {
                    position(legal, &|a| matches!(a, action::Action::EndPhase(_)))
                        .ok_or_else(|| "there is no phase to end now".to_owned())
                }));
            }
            "f" | "fight" if rest.len() == 2 => {
                "Castle Rampage has no creatures: attack with a hand card, a HAND (e.g. a 0)"
            }
            "s" | "summon" => "Castle Rampage has no summons: g HAND or c HAND adds a card to your Gate or Castle",
            "a" | "attack" | "strike" | "p" | "play" => "in Castle Rampage attack with a hand card: a HAND (e.g. a 0)",
            "b" | "block" | "f" | "fade" | "n" | "no" | "decline" | "pass" | "t" | "target" => {
                "Castle Rampage asks no decisions: attacks resolve at once"
            }
            "r" | "reap" => "Castle Rampage has no creatures: attack with a hand card, a HAND (e.g. a 0)",
            _ => return None,
        };
        Some(Err(refusal.to_owned()))
    }

    fn names(&self, seen: Option<Seen>, states: &[&GameState], events: &[Event]) -> Box<dyn Namer> {
        let mut names = Names { seen, cards: HashMap::new(), shown: HashSet::new() };
        for board in states.iter().filter_map(|s| s.castle_rampage.as_ref()) {
            names.cards.extend(all_cards(board).map(|c| (c.id.clone(), c.clone())));
            let mine = seen.and_then(|s| board.sides.get(s.seats.human as usize)).map_or(&[][..], |s| &s.hand);
            names.shown.extend(mine.iter().chain(&board.discard).map(|c| c.id.clone()));
        }
        for e in events {
            match &e.kind {
                Some(Kind::CardRevealed(r)) => names.shown.insert(r.card.clone()),
                Some(Kind::CardDestroyed(d)) => names.shown.insert(d.card.clone()),
                Some(Kind::CardReturned(r)) if r.to == "hand" => names.shown.insert(r.card.clone()),
                _ => false,
            };
        }
        Box::new(names)
    }

    fn raw_board(&self, state: &GameState) -> String {
        raw_board(&state.castle_rampage.clone().unwrap_or_default())
    }
}

/// The cards of the boards seen so far, and which of them the person has seen face
/// up: their own hand, the discard, cards revealed, destroyed or returned to a hand.
/// Without a seat every card shows, by id.
#[derive(Debug, Clone)]
struct Names {
    seen: Option<Seen>,
    cards: HashMap<String, CastleCard>,
    shown: HashSet<String>,
}

impl Names {
    /// The card `id`, when the reader may see it.
    fn visible(&self, id: &str) -> Option<&CastleCard> {
        self.cards.get(id).filter(|_| self.seen.is_none_or(|s| s.reveal_all) || self.shown.contains(id))
    }
}

impl Namer for Names {
    fn seen(&self) -> Option<Seen> {
        self.seen
    }

    fn card(&self, id: &str) -> String {
        match (self.seen, self.visible(id), self.cards.contains_key(id)) {
            (Some(_), Some(c), _) => format!("{} ({id})", c.name),
            (Some(_), None, true) => "a face-down card".to_owned(),
            _ => id.to_owned(),
        }
    }
}

/// `gate` as `Gate`, `castle` as `Castle`; anything else as it is.
pub fn structure_label(structure: &str) -> &str {
    match structure {
        "gate" => "Gate",
        "castle" => "Castle",
        other => other,
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

/// `a HAND`, `g HAND` or `c HAND` (`head`): the action with the hand card `word`.
fn find(head: &str, word: &str, legal: &[Action], state: &GameState, seats: Seats) -> Result<usize, String> {
    let i = number(word, "hand card")?;
    let hand =
        state.castle_rampage.as_ref().and_then(|b| b.sides.get(seats.human as usize)).map_or(&[][..], |s| &s.hand);
    let id = hand.get(i as usize).map(|c| c.id.clone()).ok_or_else(|| match hand.len() {
        0 => "your hand is empty".to_owned(),
        n => format!("you have no hand card {i}: your hand holds 0-{}", n - 1),
    })?;
    if head.starts_with('a') || head.starts_with("st") {
        return position(legal, &|a| matches!(a, action::Action::Strike(s) if s.attacker == id)).ok_or_else(|| {
            if legal.iter().any(|a| matches!(a.action, Some(action::Action::Strike(_)))) {
                format!("your hand card {i} cannot attack (its attack is 0)")
            } else {
                "you cannot attack now: attacks come after the Deployment phase".to_owned()
            }
        });
    }
    let structure = if head.starts_with('g') { "gate" } else { "castle" };
    position(legal, &|a| matches!(a, action::Action::Reinforce(r) if r.card == id && r.structure == structure))
        .ok_or_else(|| "you cannot reinforce now: only in the Deployment phase, once a turn".to_owned())
}

/// Every card of `board`: each side's Gate, Castle and hand, the draw pile, the discard.
pub fn all_cards(board: &CastleRampageBoard) -> impl Iterator<Item = &CastleCard> {
    board
        .sides
        .iter()
        .flat_map(|s| s.gate.iter().chain(&s.castle).chain(&s.hand))
        .chain(&board.draw_pile)
        .chain(&board.discard)
}

/// The hand card `id` and whose hand holds it.
pub fn in_hand<'a>(state: &'a GameState, id: &str) -> Option<(u32, &'a CastleCard)> {
    let board = state.castle_rampage.as_ref()?;
    board.sides.iter().enumerate().find_map(|(p, side)| side.hand.iter().find(|c| c.id == id).map(|c| (p as u32, c)))
}

/// What a purple card does, in a sentence from its holder's seat.
pub fn effect_text(c: &CastleCard) -> Option<String> {
    let effect = CastleEffect::try_from(c.effect).unwrap_or(CastleEffect::None);
    Some(match effect {
        CastleEffect::None => return None,
        CastleEffect::Bomber => "Bomber: destroyed while defending, it destroys the attacking card too".to_owned(),
        CastleEffect::Saboteur => {
            format!("Saboteur: destroyed while defending, the attack loses {} more strength", saboteur_amount(c))
        }
        CastleEffect::Spy => "Spy: destroyed in a Gate, the attack skips the rest of that Gate".to_owned(),
        CastleEffect::Veteran => "Veteran: when its attack fails, it returns to your hand".to_owned(),
        CastleEffect::Digger => "Digger: attacks the Castle even while the Gate has cards".to_owned(),
    })
}

/// `Giant (c07)`.
fn named(c: &CastleCard) -> String {
    format!("{} ({})", c.name, c.id)
}

/// `Giant (c07) 11/6/8`, with a purple card's effect in brackets.
fn face_up(c: &CastleCard) -> String {
    let mut text = format!("{} {}/{}/{}", named(c), c.attack, c.gate_defense, c.castle_defense);
    if let Some(tag) = effect_tag(c) {
        let _ = write!(text, " [{tag}]");
    }
    text
}

/// One action in words, from the person's seat, in `state` (the state it applies to).
/// An attack card is played face up, so it is always named; a card the bot adds to its
/// Gate or Castle stays face down unless `reveal_all` (for replays).
pub fn action_text(state: &GameState, act: &Action, seats: Seats, reveal_all: bool) -> String {
    let Some(kind) = &act.action else {
        return "(an empty action)".to_owned();
    };
    match kind {
        action::Action::Strike(s) => match in_hand(state, &s.attacker) {
            Some((_, c)) => format!("attack with {} ({}, strength {})", c.name, c.id, c.attack),
            None => format!("attack with {}", s.attacker),
        },
        action::Action::Reinforce(r) => {
            let place = structure_label(&r.structure);
            match in_hand(state, &r.card) {
                Some((holder, c)) if seats.is_human(holder) || reveal_all => {
                    let defense =
                        castle_defense(c, &r.structure).map_or_else(String::new, |d| format!(", {place} defense {d}"));
                    format!("reinforce the {place} with {} ({}{defense})", c.name, c.id)
                }
                Some(_) => format!("reinforce the {place} with a face-down card"),
                None => format!("reinforce the {place} with {}", r.card),
            }
        }
        action::Action::EndPhase(_) => match Phase::try_from(state.phase).unwrap_or(Phase::Unspecified) {
            Phase::Deployment => "end the phase: go to attacks".to_owned(),
            Phase::Event => "end the turn".to_owned(),
            Phase::Draw => "end the phase: draw 2 cards".to_owned(),
            _ => "end the phase".to_owned(),
        },
        action::Action::Summon(_) => "summon (Castle Rampage has no summons)".to_owned(),
        action::Action::Reap(_) => "reap (Castle Rampage has no creatures)".to_owned(),
        action::Action::Choice(_) => "choose (Castle Rampage asks no decisions)".to_owned(),
    }
}

/// A face-down stack: card backs and the count.
fn stack_line(label: &str, count: usize, width: usize, style: Style) -> String {
    let mut backs = CARD_BACK.to_string().repeat(count.min(STACK_DRAWN));
    if count > STACK_DRAWN {
        backs.push(MORE);
    }
    let padded = format!("{backs:<width$}");
    let what = match count {
        0 => "empty".to_owned(),
        1 => "1 card, face down".to_owned(),
        n => format!("{n} cards, face down"),
    };
    format!("    {label:<7}{}  {what}\n", style.paint(Style::DIM, &padded))
}

fn stacks(side: Option<&CastleSide>, width: usize, style: Style) -> String {
    let (gate, castle) = side.map_or((0, 0), |s| (s.gate.len(), s.castle.len()));
    format!("{}{}", stack_line("Gate", gate, width, style), stack_line("Castle", castle, width, style))
}

/// The whole board from the person's seat: turn and phase; the bot's hand (counted),
/// Gate and Castle (face down, counted); the draw pile (counted) and the discard (its
/// newest cards face up); the person's Gate and Castle (face down, counted) and hand.
pub fn render_board(state: &GameState, seats: Seats, bot_label: &str, style: Style) -> String {
    let (me, bot) = (seats.human, seats.bot());
    let empty = CastleRampageBoard::default();
    let board = state.castle_rampage.as_ref().unwrap_or(&empty);
    let side = |p: u32| board.sides.get(p as usize);
    let mut out = seats.turn_line(state, style);
    let width =
        board.sides.iter().flat_map(|s| [s.gate.len(), s.castle.len()]).max().unwrap_or(0).clamp(4, STACK_DRAWN + 1);

    let bot_hand = side(bot).map_or(0, |s| s.hand.len());
    let bot_head = format!("{bot_label}, player {bot}");
    let hand = if bot_hand == 0 { "hand empty".to_owned() } else { format!("{} in hand, face down", cards(bot_hand)) };
    let _ = writeln!(out, "  {}: {hand}", style.paint(Style::side(false, true), &bot_head));
    out.push_str(&stacks(side(bot), width, style));

    let mut middle = format!("  draw pile: {}   discard: ", cards(board.draw_pile.len()));
    if board.discard.is_empty() {
        middle.push_str("empty");
    } else {
        let newest: Vec<String> = board.discard.iter().rev().take(DISCARD_SHOWN).map(face_up).collect();
        let _ = write!(middle, "{}, newest first: {}", cards(board.discard.len()), newest.join(", "));
        if board.discard.len() > DISCARD_SHOWN {
            let _ = write!(middle, ", {MORE}");
        }
    }
    let _ = writeln!(out, "{middle}");

    let _ = writeln!(out, "  {}:", style.paint(Style::side(true, true), &format!("you, player {me}")));
    out.push_str(&stacks(side(me), width, style));
    out.push_str(&render_hand(side(me).map_or(&[][..], |s| &s.hand), style));
    out
}

/// The person's hand, one card a line: index, name and id, attack / Gate defense /
/// Castle defense, and what is special about it.
pub fn render_hand(hand: &[CastleCard], style: Style) -> String {
    if hand.is_empty() {
        return "  your hand: empty\n".to_owned();
    }
    let mut out = "  your hand (attack / Gate defense / Castle defense):\n".to_owned();
    let width = hand.iter().map(|c| named(c).chars().count()).max().unwrap_or(0);
    for (i, c) in hand.iter().enumerate() {
        let name = format!("{:<width$}", named(c));
        let values = format!("{:>2} / {} / {}", c.attack, c.gate_defense, c.castle_defense);
        let note = match effect_text(c) {
            Some(text) => text,
            None if c.attack <= 0 => "cannot attack".to_owned(),
            None => String::new(),
        };
        let line = format!("  [{i}] {}  {values}  {note}", style.paint(Style::BOLD, &name));
        let _ = writeln!(out, "  {}", line.trim_end());
    }
    out
}

/// The numbered legal actions (numbers are 1-based positions in `legal`), under a line
/// that says what the phase's choice does.
pub fn render_menu(state: &GameState, legal: &[Action], seats: Seats) -> Menu {
    let mut head = "";
    if seats.is_human(state.active_player) {
        head = match Phase::try_from(state.phase).unwrap_or(Phase::Unspecified) {
            Phase::Deployment => {
                "  you may add one hand card face down to the bottom of your Gate or Castle (that ends the phase):"
            }
            Phase::Event => {
                "  attack: your card meets the top card of the bot's Gate (its Castle once the Gate is empty):"
            }
            _ => "",
        };
    }
    menu::plain(head, legal.iter().map(|act| action_text(state, act, seats, false)))
}

/// A Castle Rampage board, every card face up: each side's Gate, Castle and hand,
/// then the draw pile and the discard.
fn raw_board(board: &CastleRampageBoard) -> String {
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
    if c.effect_amount == 0 { DEFAULT_SABOTEUR_AMOUNT } else { c.effect_amount }
}

#[cfg(test)]
mod tests {
    use super::*;
    use fray_proto::fray::v1::{EndPhase, Reinforce, Strike};

    #[test]
    fn the_legend_explains_every_glyph_of_the_stacks() {
        let legend = Castle.legend(&GameState::default());
        for glyph in GLYPHS {
            assert!(legend.contains(glyph), "`{glyph}` is not in\n{legend}");
        }
    }

    fn card(id: &str, name: &str, owner: u32, values: (i32, i32, i32)) -> CastleCard {
        CastleCard {
            id: id.into(),
            name: name.into(),
            owner,
            attack: values.0,
            gate_defense: values.1,
            castle_defense: values.2,
            ..Default::default()
        }
    }

    /// Player 0 holds a Giant and a Stone Wall; player 1 holds a secret Catapult; the
    /// Gates and Castles hold secret cards too.
    pub(crate) fn small_board(phase: Phase) -> GameState {
        let secret = |id: &str, owner| card(id, &format!("Secret {id}"), owner, (1, 1, 1));
        let spy = CastleCard { effect: CastleEffect::Spy as i32, ..card("c05", "Spy", 0, (2, 1, 2)) };
        GameState {
            ruleset: fray_proto::fray::v1::Ruleset::CastleRampage as i32,
            turn: 3,
            phase: phase as i32,
            active_player: 0,
            castle_rampage: Some(CastleRampageBoard {
                sides: vec![
                    CastleSide {
                        gate: vec![secret("g0", 0), secret("g1", 0)],
                        castle: vec![secret("k0", 0), secret("k1", 0), secret("k2", 0)],
                        hand: vec![card("c07", "Giant", 0, (11, 6, 8)), card("c12", "Stone Wall", 0, (0, 5, 8)), spy],
                    },
                    CastleSide {
                        gate: vec![secret("g2", 1)],
                        castle: vec![secret("k3", 1), secret("k4", 1)],
                        hand: vec![card("c09", "Catapult", 1, (10, 0, 1))],
                    },
                ],
                draw_pile: vec![secret("d0", 0), secret("d1", 0)],
                discard: vec![card("c01", "Militia", 1, (3, 2, 3)), card("c02", "Ogre", 0, (7, 4, 6))],
            }),
            ..Default::default()
        }
    }

    fn act(a: action::Action) -> Action {
        Action { action: Some(a), ..Default::default() }
    }

    #[test]
    fn the_board_shows_counts_for_what_is_face_down() {
        let text = render_board(&small_board(Phase::Event), Seats::two(0), "bot (easy)", Style::default());
        let expected = "\
Turn 3 · your turn · attacks
  bot (easy), player 1: 1 card in hand, face down
    Gate   ▒     1 card, face down
    Castle ▒▒    2 cards, face down
  draw pile: 2 cards   discard: 2 cards, newest first: Ogre (c02) 7/4/6, Militia (c01) 3/2/3
  you, player 0:
    Gate   ▒▒    2 cards, face down
    Castle ▒▒▒   3 cards, face down
  your hand (attack / Gate defense / Castle defense):
    [0] Giant (c07)       11 / 6 / 8
    [1] Stone Wall (c12)   0 / 5 / 8  cannot attack
    [2] Spy (c05)          2 / 1 / 2  Spy: destroyed in a Gate, the attack skips the rest of that Gate
";
        assert_eq!(text, expected, "\n{text}");
        assert!(!text.contains("Secret") && !text.contains("Catapult"), "{text}");
    }

    #[test]
    fn from_seat_1_the_other_hand_shows() {
        let text = render_board(&small_board(Phase::Event), Seats::two(1), "bot", Style::default());
        assert!(text.contains("Turn 3 · bot's turn · attacks"), "{text}");
        assert!(text.contains("  bot, player 0: 3 cards in hand, face down"), "{text}");
        assert!(text.contains("    [0] Catapult (c09)  10 / 0 / 1"), "{text}");
        assert!(!text.contains("Giant") && !text.contains("Secret"), "{text}");
    }

    #[test]
    fn actions_read_in_words_and_hide_the_bots_reinforcement() {
        let mut state = small_board(Phase::Event);
        let seats = Seats::two(0);
        let strike = act(action::Action::Strike(Strike { attacker: "c07".into(), ..Default::default() }));
        assert_eq!(action_text(&state, &strike, seats, false), "attack with Giant (c07, strength 11)");
        let end = act(action::Action::EndPhase(EndPhase {}));
        assert_eq!(action_text(&state, &end, seats, false), "end the turn");
        state.phase = Phase::Deployment as i32;
        assert_eq!(action_text(&state, &end, seats, false), "end the phase: go to attacks");
        let reinforce = |card: &str, structure: &str| {
            act(action::Action::Reinforce(Reinforce { card: card.into(), structure: structure.into() }))
        };
        assert_eq!(
            action_text(&state, &reinforce("c07", "castle"), seats, false),
            "reinforce the Castle with Giant (c07, Castle defense 8)"
        );
        assert_eq!(
            action_text(&state, &reinforce("c09", "gate"), seats, false),
            "reinforce the Gate with a face-down card"
        );
        assert_eq!(
            action_text(&state, &reinforce("c09", "gate"), seats, true),
            "reinforce the Gate with Catapult (c09, Gate defense 0)"
        );
    }

    #[test]
    fn short_forms_name_hand_cards() {
        let seats = Seats::two(0);
        let mut state = small_board(Phase::Event);
        let strike = |id: &str| act(action::Action::Strike(Strike { attacker: id.into(), ..Default::default() }));
        let end = act(action::Action::EndPhase(EndPhase {}));
        let legal = vec![strike("c07"), strike("c05"), end.clone()];
        let find = |line: &str, legal: &[Action], state: &GameState| {
            Castle.find(&line.split(' ').collect::<Vec<_>>(), legal, state, seats).unwrap()
        };
        assert_eq!(find("a 2", &legal, &state), Ok(1));
        assert_eq!(find("a 1", &legal, &state), Err("your hand card 1 cannot attack (its attack is 0)".to_owned()));
        assert_eq!(find("a 7", &legal, &state), Err("you have no hand card 7: your hand holds 0-2".to_owned()));
        assert_eq!(find("e", &legal, &state), Ok(2));
        assert!(find("g 0", &legal, &state).is_err());
        assert!(find("b 1", &legal, &state).unwrap_err().contains("no decisions"));
        assert!(Castle.find(&["h"], &legal, &state, seats).is_none());
        assert_eq!(find("g", &legal, &state), Err("usage: g HAND (e.g. g 1)".to_owned()));
        assert_eq!(find("castle x", &legal, &state), Err("`x` is not a hand card number".to_owned()));
        state.phase = Phase::Deployment as i32;
        let reinforce = |card: &str, structure: &str| {
            act(action::Action::Reinforce(Reinforce { card: card.into(), structure: structure.into() }))
        };
        let legal = vec![reinforce("c07", "gate"), reinforce("c07", "castle"), end];
        assert_eq!(find("c 0", &legal, &state), Ok(1));
        assert!(find("a 0", &legal, &state).unwrap_err().contains("cannot attack now"));
    }

    #[test]
    fn the_menu_numbers_the_actions() {
        let state = small_board(Phase::Deployment);
        let legal = vec![
            act(action::Action::Reinforce(Reinforce { card: "c07".into(), structure: "gate".into() })),
            act(action::Action::EndPhase(EndPhase {})),
        ];
        let text = render_menu(&state, &legal, Seats::two(0)).short(Style::default());
        assert_eq!(
            text,
            "  you may add one hand card face down to the bottom of your Gate or Castle (that ends the phase):\n    \
             1  reinforce the Gate with Giant (c07, Gate defense 6)\n    2  end the phase: go to attacks\n"
        );
    }
}
