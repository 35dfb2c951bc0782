//! The terminal picture of a skirmish from the person's seat: both rows of creature
//! zones (the bot's on top, turned to face the person), the hands and HP, the numbered
//! legal actions, and the prompt of a pending block or fade.
//!
//! Column `c` shows the person's zone `c` at the bottom and the facing bot zone `4-c`
//! on top. Each creature's arrows are drawn in a 3×3 compass in the person's frame
//! (its orientation and side applied), with its facing in the middle.

use std::fmt::Write as _;

use fray_proto::fray::v1::{
    Action, Card, Creature, DecisionKind, GameState, Keyword, Player, Ruleset, Summon, ZoneRef, action,
};

use super::words::{
    DOUBLE_ARROWS, SINGLE_ARROWS, action_text, arrow_glyph, arrow_list, creature_at, facing_glyph, frame_turn, names,
    orientation_turn, other_block, reaches,
};
use crate::menu::Menu;
use crate::ui::{Namer as _, Seats, Seen, Style};

/// Characters inside one zone's box.
pub const CELL: usize = 14;
/// Characters of the arrow compass at the left of a zone's box.
const COMPASS: usize = 8;
/// Text lines inside one zone's box.
const CELL_LINES: usize = 5;
/// Zones per row.
const ZONES: u32 = 5;

/// `text` cut to `width` characters (with `…` when cut) and padded with spaces.
pub fn fit(text: &str, width: usize) -> String {
    let count = text.chars().count();
    if count <= width {
        format!("{text}{}", " ".repeat(width - count))
    } else {
        let mut cut: String = text.chars().take(width.saturating_sub(1)).collect();
        cut = cut.trim_end().to_owned();
        cut.push(CUT);
        let n = cut.chars().count();
        format!("{cut}{}", " ".repeat(width.saturating_sub(n)))
    }
}

/// The tag of an Evasive creature (e:game).
pub const EVASIVE_TAG: &str = "E";
/// The tag of a Fading creature (e:game).
pub const FADING_TAG: &str = "F";
/// The tag of armor, before its amount (Dimensional Rift): `A2`.
pub const ARMOR_TAG: &str = "A";
/// The facing marks in the middle of a creature's compass, clockwise from up.
pub const FACING_MARKS: [char; 4] = ['▲', '▶', '▼', '◀'];
/// The middle of the compass of the person's own face-down creature.
pub const OWN_FACE_DOWN: char = '□';
/// The shading of the bot's face-down creature.
pub const HIDDEN: char = '░';
/// A compass point with no arrow.
pub const NO_ARROW: char = '·';
/// The end of a name cut to fit its box.
pub const CUT: char = '…';
/// Every glyph the board draws besides letters, digits and box lines: what its
/// legend must explain (the tests check it does).
pub const GLYPHS: [&[char]; 6] =
    [&SINGLE_ARROWS, &DOUBLE_ARROWS, &FACING_MARKS, &[OWN_FACE_DOWN, HIDDEN], &[NO_ARROW], &[CUT]];

/// Keywords and armor in short, those `ruleset` has: e:game `E` Evasive, `F` Fading;
/// Dimensional Rift `A2` armor 2. A keyword a ruleset does not have has no effect
/// there, so it is not shown.
pub fn tags(ruleset: i32, keywords: &[i32], armor: i32) -> String {
    let rift = ruleset == Ruleset::DimensionalRift as i32;
    let mut out: Vec<String> = Vec::new();
    if !rift && keywords.contains(&(Keyword::Evasive as i32)) {
        out.push(EVASIVE_TAG.into());
    }
    if !rift && keywords.contains(&(Keyword::Fading as i32)) {
        out.push(FADING_TAG.into());
    }
    if rift && armor > 0 {
        out.push(format!("{ARMOR_TAG}{armor}"));
    }
    out.join(" ")
}

/// The 3×3 compass of a creature's arrows in the viewer's frame (rows top to bottom),
/// with `center` in the middle.
fn compass(c: &Creature, turn: usize, center: char) -> [String; 3] {
    // (row, column) of each viewer-frame direction, clockwise from up.
    const CELLS: [(usize, usize); 8] = [(0, 1), (0, 2), (1, 2), (2, 2), (2, 1), (2, 0), (1, 0), (0, 0)];
    let mut grid = [[NO_ARROW; 3]; 3];
    grid[1][1] = center;
    for (d, reach) in reaches(c.arrows.as_ref()).iter().enumerate() {
        if *reach != fray_proto::fray::v1::Reach::None {
            let dir = (d + turn) % 8;
            let (r, col) = CELLS[dir];
            grid[r][col] = arrow_glyph(dir, *reach);
        }
    }
    grid.map(|row| format!(" {} {} {}  ", row[0], row[1], row[2]))
}

/// The lines of one zone's box, each exactly [`CELL`] characters wide (before colour).
fn cell(c: Option<&Creature>, ruleset: i32, seats: Seats, style: Style) -> [String; CELL_LINES] {
    let Some(c) = c else {
        return std::array::from_fn(|_| " ".repeat(CELL));
    };
    let mine = seats.is_human(c.controller);
    if c.face_down && !mine {
        let shade = fit(&format!(" {}", HIDDEN.to_string().repeat(CELL - 3)), CELL);
        let lines = [fit("face-down", CELL), shade.clone(), shade.clone(), shade, fit("hidden", CELL)];
        return lines.map(|l| style.paint(Style::DIM, &l));
    }
    let turn = orientation_turn(c.orientation) + frame_turn(seats, c.controller);
    let center = if c.face_down { OWN_FACE_DOWN } else { facing_mark(facing_glyph(turn)) };
    let rose = compass(c, turn, center);
    let info = [
        format!("{}/{}", c.might, c.life),
        if c.damage > 0 { format!("dmg {}", c.damage) } else { String::new() },
        tags(ruleset, &c.keywords, c.armor),
    ];
    let status = if c.face_down {
        "face-down"
    } else if c.acted {
        "acted"
    } else {
        ""
    };
    let name = fit(&c.name, CELL);
    let colour = Style::side(mine, true);
    let mut lines = [
        style.paint(colour, &name),
        format!("{}{}", rose[0], fit(&info[0], CELL - COMPASS)),
        format!("{}{}", rose[1], fit(&info[1], CELL - COMPASS)),
        format!("{}{}", rose[2], fit(&info[2], CELL - COMPASS)),
        if status == "acted" { style.paint(Style::YELLOW, &fit(status, CELL)) } else { fit(status, CELL) },
    ];
    if c.face_down {
        lines = lines.map(|l| style.paint(Style::DIM, &strip(&l)));
    }
    lines
}

/// The facing mark for a facing arrow: `▲▶▼◀`.
fn facing_mark(arrow: char) -> char {
    match arrow {
        '→' => FACING_MARKS[1],
        '↓' => FACING_MARKS[2],
        '←' => FACING_MARKS[3],
        _ => FACING_MARKS[0],
    }
}

/// `text` without ANSI escapes.
fn strip(text: &str) -> String {
    let mut out = String::new();
    let mut chars = text.chars();
    while let Some(ch) = chars.next() {
        if ch == '\x1b' {
            for c in chars.by_ref() {
                if c == 'm' {
                    break;
                }
            }
        } else {
            out.push(ch);
        }
    }
    out
}

/// A border line, each zone's segment headed by its name in `names` (the zones'
/// labels, drawn in the box's top and bottom lines).
fn border(left: char, mid: char, right: char, names: impl Iterator<Item = String>) -> String {
    let inner: Vec<String> =
        names.map(|n| format!("─{n}{}", "─".repeat(CELL.saturating_sub(n.chars().count() + 1)))).collect();
    format!("  {left}{}{right}\n", inner.join(&mid.to_string()))
}

fn row(cells: &[[String; CELL_LINES]]) -> String {
    let mut out = String::new();
    for line in 0..CELL_LINES {
        let parts: Vec<&str> = cells.iter().map(|c| c[line].as_str()).collect();
        let _ = writeln!(out, "  │{}│", parts.join("│"));
    }
    out
}

fn side_line(player: Option<&Player>, who: &str, show_hand: bool) -> String {
    let Some(p) = player else {
        return format!("  {who}: (missing)\n");
    };
    let hand = if show_hand { format!("   hand {}", p.hand.len()) } else { String::new() };
    format!("  {who}   HP {}{hand}   deck {}   graveyard {}\n", p.hp, p.deck.len(), p.graveyard.len())
}

/// The whole board from the person's seat: turn and phase, the bot's side and row on
/// top, the person's row and side below, then the person's hand. `bot_label` names the
/// bot (e.g. `bot (easy)`).
pub fn render_board(state: &GameState, seats: Seats, bot_label: &str, style: Style) -> String {
    let (me, bot) = (seats.human, seats.bot());
    let mut out = seats.turn_line(state, style);
    out.push_str(&side_line(state.players.get(bot as usize), &format!("{bot_label}, player {bot}"), true));
    out.push_str(&border('┌', '┬', '┐', (0..ZONES).map(|c| format!("bot {}", ZONES - 1 - c))));
    let top: Vec<_> = (0..ZONES)
        .map(|c| cell(creature_at(state, &ZoneRef { player: bot, index: ZONES - 1 - c }), state.ruleset, seats, style))
        .collect();
    out.push_str(&row(&top));
    out.push_str(&border('├', '┼', '┤', (0..ZONES).map(|_| String::new())));
    let bottom: Vec<_> = (0..ZONES)
        .map(|c| cell(creature_at(state, &ZoneRef { player: me, index: c }), state.ruleset, seats, style))
        .collect();
    out.push_str(&row(&bottom));
    out.push_str(&border('└', '┴', '┘', (0..ZONES).map(|c| format!("you {c}"))));
    out.push_str(&side_line(state.players.get(me as usize), &format!("you, player {me}"), false));
    out.push_str(&render_hand(state.ruleset, state.players.get(me as usize).map_or(&[][..], |p| &p.hand), style));
    out
}

/// The person's hand, two cards a line: index, name, might/life, tags, arrows.
pub fn render_hand(ruleset: i32, hand: &[Card], style: Style) -> String {
    if hand.is_empty() {
        return "  your hand: empty\n".to_owned();
    }
    let mut out = "  your hand:\n".to_owned();
    let width = hand.iter().map(|c| c.name.chars().count()).max().unwrap_or(0).min(CELL + 6);
    let lines: Vec<String> =
        hand.iter().enumerate().map(|(i, card)| hand_line(ruleset, i, card, width, style)).collect();
    for pair in lines.chunks(2) {
        let pad = (width + 34).saturating_sub(strip(&pair[0]).chars().count());
        let _ = writeln!(out, "  {}", pair.join(&" ".repeat(pad)).trim_end());
    }
    out
}

fn hand_line(ruleset: i32, index: usize, card: &Card, width: usize, style: Style) -> String {
    let stats = format!("{}/{}", card.might, card.life);
    let tags = tags(ruleset, &card.keywords, card.armor);
    let line = format!(
        "[{index}] {}  {stats:<5} {tags:<6} {}",
        style.paint(Style::BOLD, &fit(&card.name, width)),
        arrow_list(card.arrows.as_ref(), 0)
    );
    line.trim_end().to_owned()
}

/// Why the short menu folds a strike into one's own zone away: it hits the person
/// (an empty zone) or one of their face-up creatures.
pub const OWN_ZONES: &str = "strikes into your own zones";

/// The legal actions (numbers are 1-based positions in `legal`): the pending
/// decision's question; the summons as a grid of hand cards by zone, each cell the
/// number of the facing the core rates best there (every facing is in the whole list
/// and the `s` short form); strikes, with those into one's own empty zones or onto
/// one's own face-up creatures folded away (a strike that turns one's own face-down
/// creature face-up stays listed); ending the phase.
pub fn render_menu(state: &GameState, legal: &[Action], seats: Seats, style: Style) -> Menu {
    let mut menu = Menu::new(legal.len());
    if let Some(pending) = &state.pending {
        for line in render_decision(state, pending, seats, style).lines() {
            menu.head(line);
        }
    }
    summon_grid(&mut menu, state, legal, seats, style);
    for (i, act) in legal.iter().enumerate() {
        let text = action_text(state, act, seats, false);
        match &act.action {
            Some(action::Action::Summon(_)) => menu.grouped(i + 1, text),
            Some(action::Action::Strike(s)) if s.target.is_some_and(|t| seats.is_human(t.player)) => {
                let flips = s.target.and_then(|t| creature_at(state, &t)).is_some_and(|c| c.face_down);
                if flips { menu.item(i + 1, text) } else { menu.fold(i + 1, text, OWN_ZONES) }
            }
            _ => menu.item(i + 1, text),
        }
    }
    menu
}

/// Characters of one cell of the summon grid.
const GRID_CELL: usize = 8;

/// The summons as a grid: a row per hand card, a column per zone, each cell the
/// number of the summon the core rates best there (its hint; the first summon of the
/// cell when it gives none) with its facing, `taken` for a zone that holds a creature.
fn summon_grid(menu: &mut Menu, state: &GameState, legal: &[Action], seats: Seats, style: Style) {
    let summons: Vec<(usize, &Summon)> = legal
        .iter()
        .enumerate()
        .filter_map(|(i, a)| match &a.action {
            Some(action::Action::Summon(s)) => Some((i, s)),
            _ => None,
        })
        .collect();
    if summons.is_empty() {
        return;
    }
    let hints = crate::ui::hints(&super::words::loadable(state), legal);
    let score = |i: usize| hints.get(i).copied().flatten().unwrap_or(f64::NEG_INFINITY);
    menu.line(
        "  summon: a number below (the facing the bot rates best in that zone), or s HAND ZONE FACING (u r b l, down):",
    );
    let hand = state.players.get(seats.human as usize).map_or(&[][..], |p| &p.hand);
    let mut cards: Vec<u32> = summons.iter().map(|(_, s)| s.hand_index).collect();
    cards.dedup();
    let width = cards
        .iter()
        .map(|&h| hand.get(h as usize).map_or(0, |c| c.name.chars().count()))
        .max()
        .unwrap_or(0)
        .min(CELL + 6);
    let columns: String = (0..ZONES).map(|z| format!("{:>GRID_CELL$}", format!("zone {z}"))).collect();
    menu.line(format!("    {}{columns}", " ".repeat(width + 4)));
    for h in cards {
        let mut row = format!("    [{h}] {}", fit(hand.get(h as usize).map_or("", |c| c.name.as_str()), width));
        for z in 0..ZONES {
            let here: Vec<&(usize, &Summon)> =
                summons.iter().filter(|(_, s)| s.hand_index == h && s.zone.is_some_and(|t| t.index == z)).collect();
            let best = here.iter().fold(None::<&(usize, &Summon)>, |best, c| match best {
                Some(b) if score(b.0) >= score(c.0) => Some(b),
                _ => Some(c),
            });
            let cell = match best {
                Some((i, s)) => {
                    let mark = if s.face_down {
                        "down".to_owned()
                    } else {
                        facing_glyph(orientation_turn(s.orientation)).to_string()
                    };
                    let number = style.paint(Style::BOLD, &(i + 1).to_string());
                    let pad = GRID_CELL.saturating_sub((i + 1).to_string().len() + mark.chars().count());
                    format!("{}{number}{mark}", " ".repeat(pad))
                }
                None => format!("{:>GRID_CELL$}", "taken"),
            };
            row.push_str(&cell);
        }
        menu.line(row);
    }
}

/// A pending block or fade in words: which strike, which zone, who decides.
pub fn render_decision(
    state: &GameState,
    pending: &fray_proto::fray::v1::PendingDecision,
    seats: Seats,
    style: Style,
) -> String {
    let names = names(Some(Seen { seats, reveal_all: false }), &[state], &[]);
    let kind = DecisionKind::try_from(pending.kind).unwrap_or(DecisionKind::Unspecified);
    let strike = state.chain.last().map(|s| {
        let target = s.target.unwrap_or_default();
        let from = state
            .creatures
            .iter()
            .find(|c| c.id == s.attacker)
            .and_then(|c| c.zone)
            .map_or_else(String::new, |z| format!(" ({})", seats.zone(&z)));
        let at = match creature_at(state, &target) {
            Some(c) => format!(", where {} stands", names.creature(&c.id)),
            None => " (empty)".to_owned(),
        };
        format!("{}{from} strikes {}{at}", names.creature(&s.attacker), seats.zone(&target))
    });
    let strike = strike.unwrap_or_else(|| "a strike is being resolved".to_owned());
    let who = if seats.is_human(pending.player) { "You" } else { "The bot" };
    let question = match kind {
        DecisionKind::Block if other_block(state).is_some() => {
            let controller = state.chain.last().and_then(|s| s.target).map_or(1 - pending.player.min(1), |t| t.player);
            let attacker = state.chain.last().and_then(|s| state.creatures.iter().find(|c| c.id == s.attacker));
            let own = attacker.is_some_and(|c| c.controller == pending.player);
            let whom = if seats.is_human(pending.player) { "you" } else { "the bot" };
            format!(
                "{} did not block, so the rules (egame.strike.block.active.other) let {whom}\n  \
                 block it instead, with a face-up creature whose arrows reach that zone{}.\n  \
                 Not blocking lets it hit {} directly:",
                if seats.is_human(controller) { "You" } else { "The bot" },
                if own { "\n  (blocking one's own strike only trades damage between one's own creatures)" } else { "" },
                seats.subject(controller)
            )
        }
        DecisionKind::Block => format!(
            "{who} may block it with a face-up creature whose arrows reach that zone{}:",
            if pending.may_decline { ", or not" } else { "" }
        ),
        DecisionKind::Fade => {
            let whom = if seats.is_human(pending.player) { "you" } else { "the bot" };
            format!(
                "{who} may let it fade (the strike then hits {whom} directly and nobody may block it), or let it block:"
            )
        }
        _ => format!("{who} must choose:"),
    };
    format!("  {}\n  {question}\n", style.paint(Style::WARNING, &strike))
}

#[cfg(test)]
mod tests {
    use super::*;
    use fray_proto::fray::v1::{Arrows, Orientation, PendingDecision, Phase, Reach, Strike, Summon};

    fn creature(id: &str, name: &str, player: u32, index: u32) -> Creature {
        Creature {
            id: id.into(),
            name: name.into(),
            owner: player,
            controller: player,
            zone: Some(ZoneRef { player, index }),
            might: 2,
            life: 3,
            arrows: Some(Arrows { up: Reach::Double as i32, up_right: Reach::Single as i32, ..Default::default() }),
            ..Default::default()
        }
    }

    fn small_board() -> GameState {
        let mut peasant = creature("p0-01", "Hardened Peasant", 0, 1);
        peasant.damage = 1;
        peasant.acted = true;
        let mut hidden = creature("p0-02", "Hidden Mole", 0, 4);
        hidden.face_down = true;
        let mut archer = creature("p1-01", "Elf Archer", 1, 0);
        archer.orientation = Orientation::Right as i32;
        archer.keywords = vec![Keyword::Evasive as i32];
        let secret = Creature { face_down: true, ..creature("p1-02", "Secret Name", 1, 3) };
        GameState {
            players: vec![
                Player {
                    id: 0,
                    hp: 6,
                    hand: vec![Card {
                        name: "Fearless Sentinel".into(),
                        might: 1,
                        life: 2,
                        arrows: Some(Arrows {
                            up: Reach::Single as i32,
                            down: Reach::Double as i32,
                            ..Default::default()
                        }),
                        ..Default::default()
                    }],
                    deck: vec![Card::default(); 2],
                    ..Default::default()
                },
                Player { id: 1, hp: 5, hand: vec![Card::default(); 3], ..Default::default() },
            ],
            creatures: vec![peasant, hidden, archer, secret],
            active_player: 0,
            turn: 3,
            phase: Phase::Event as i32,
            ..Default::default()
        }
    }

    #[test]
    fn a_small_board_from_seat_0() {
        let text = render_board(&small_board(), Seats::two(0), "bot (easy)", Style::default());
        let expected = "\
Turn 3 · your turn · battle
  bot (easy), player 1   HP 5   hand 3   deck 0   graveyard 0
  ┌─bot 4────────┬─bot 3────────┬─bot 2────────┬─bot 1────────┬─bot 0────────┐
  │              │face-down     │              │              │Elf Archer    │
  │              │ ░░░░░░░░░░░  │              │              │ ↖ · ·  2/3   │
  │              │ ░░░░░░░░░░░  │              │              │ ⇐ ◀ ·        │
  │              │ ░░░░░░░░░░░  │              │              │ · · ·  E     │
  │              │hidden        │              │              │              │
  ├──────────────┼──────────────┼──────────────┼──────────────┼──────────────┤
  │              │Hardened Peas…│              │              │Hidden Mole   │
  │              │ · ⇑ ↗  2/3   │              │              │ · ⇑ ↗  2/3   │
  │              │ · ▲ ·  dmg 1 │              │              │ · □ ·        │
  │              │ · · ·        │              │              │ · · ·        │
  │              │acted         │              │              │face-down     │
  └─you 0────────┴─you 1────────┴─you 2────────┴─you 3────────┴─you 4────────┘
  you, player 0   HP 6   deck 2   graveyard 0
  your hand:
  [0] Fearless Sentinel  1/2          ↑ ⇓
";
        assert_eq!(text, expected, "\n{text}");
        assert!(!text.contains("Secret"), "the bot's face-down creature is hidden");
    }

    #[test]
    fn zones_face_each_other_from_seat_1() {
        // Seen from seat 1, player 0's zone 1 is the top row's column 3 (4 - 1), and
        // player 0's forward arrows point down the screen.
        let text = render_board(&small_board(), Seats::two(1), "bot", Style::default());
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[2], "  ┌─bot 4────────┬─bot 3────────┬─bot 2────────┬─bot 1────────┬─bot 0────────┐");
        assert!(lines[3].starts_with("  │face-down     │              │              │Hardened Peas…│"), "{text}");
        assert!(lines[4].starts_with("  │ ░░░░░░░░░░░  │              │              │ · · ·  2/3   │"), "{text}");
        assert!(lines[5].ends_with("│ · ▼ ·  dmg 1 │              │"), "{text}");
        assert!(lines[6].ends_with("│ ↙ ⇓ ·        │              │"), "{text}");
        // The person's Elf Archer (player 1, zone 0, facing right) sits bottom left,
        // their face-down creature shows its name; the bot's face-down Mole does not.
        assert!(lines[9].starts_with("  │Elf Archer    │"), "{text}");
        assert!(lines[11].starts_with("  │ · ▶ ⇒        │"), "{text}");
        assert!(lines[12].starts_with("  │ · · ↘  E     │"), "{text}");
        assert!(text.contains("│Secret Name   │"), "{text}");
        assert!(!text.contains("Hidden Mole"), "{text}");
    }

    #[test]
    fn colour_only_when_asked() {
        let state = small_board();
        assert!(!render_board(&state, Seats::two(0), "bot", Style { color: false }).contains('\x1b'));
        assert!(render_board(&state, Seats::two(0), "bot", Style { color: true }).contains("\x1b[2m"));
    }

    #[test]
    fn names_are_cut_to_the_cell() {
        assert_eq!(fit("Hardened Peasant", 14), "Hardened Peas…");
        assert_eq!(fit("Zion & Shawarma", 14), "Zion & Shawar…");
        assert_eq!(fit("Avatar of the False God", 14), "Avatar of the…");
        assert_eq!(fit("Mole", 6), "Mole  ");
    }

    #[test]
    fn summons_are_grouped_by_card_and_zone() {
        let mut state = small_board();
        state.phase = Phase::Deployment as i32;
        let mut legal = Vec::new();
        for index in [0, 2] {
            for o in [Orientation::Forward, Orientation::Right, Orientation::Back, Orientation::Left] {
                legal.push(Action {
                    action: Some(action::Action::Summon(Summon {
                        hand_index: 0,
                        zone: Some(ZoneRef { player: 0, index }),
                        face_down: false,
                        orientation: o as i32,
                    })),
                    ..Default::default()
                });
            }
            legal.push(Action {
                action: Some(action::Action::Summon(Summon {
                    hand_index: 0,
                    zone: Some(ZoneRef { player: 0, index }),
                    face_down: true,
                    orientation: 0,
                })),
                ..Default::default()
            });
        }
        legal.push(Action { action: Some(action::Action::EndPhase(Default::default())), ..Default::default() });
        let text = render_menu(&state, &legal, Seats::two(0), Style::default()).short(Style::default());
        // A bare state the core does not read gives no hints: each cell's first summon.
        let expected = "  summon: a number below (the facing the bot rates best in that zone), or s HAND ZONE FACING (u r b l, down):
                           zone 0  zone 1  zone 2  zone 3  zone 4
    [0] Fearless Sentinel      1↑   taken      6↑   taken   taken
   11  end deployment without summoning
  (all lists all 11 actions by number)
";
        assert_eq!(text, expected, "\n{text}");
    }

    #[test]
    fn a_pending_block_names_the_strike_and_the_zone() {
        let mut state = small_board();
        state.active_player = 1;
        state.chain = vec![Strike {
            attacker: "p1-01".into(),
            target: Some(ZoneRef { player: 0, index: 2 }),
            ..Default::default()
        }];
        let pending = PendingDecision {
            player: 0,
            kind: DecisionKind::Block as i32,
            options: vec!["p0-01".into()],
            may_decline: true,
        };
        state.pending = Some(pending.clone());
        let legal = vec![
            Action {
                action: Some(action::Action::Choice(fray_proto::fray::v1::Choice {
                    choice: Some(fray_proto::fray::v1::choice::Choice::Option("p0-01".into())),
                })),
                ..Default::default()
            },
            Action {
                action: Some(action::Action::Choice(fray_proto::fray::v1::Choice {
                    choice: Some(fray_proto::fray::v1::choice::Choice::Decline(true)),
                })),
                ..Default::default()
            },
        ];
        let text = render_menu(&state, &legal, Seats::two(0), Style::default()).short(Style::default());
        assert_eq!(
            text,
            "  bot's Elf Archer (bot zone 0) strikes your zone 2 (empty)
  You may block it with a face-up creature whose arrows reach that zone, or not:
    1  block with your Hardened Peasant (your zone 1)
    2  do not block
"
        );
        // The same strike on the zone of a Fading creature.
        state.chain[0].target = Some(ZoneRef { player: 0, index: 1 });
        state.pending = Some(PendingDecision { kind: DecisionKind::Fade as i32, ..pending });
        let text = render_menu(&state, &legal, Seats::two(0), Style::default()).short(Style::default());
        assert_eq!(
            text,
            "  bot's Elf Archer (bot zone 0) strikes your zone 1, where your Hardened Peasant stands
  You may let it fade (the strike then hits you directly and nobody may block it), or let it block:
    1  fade your Hardened Peasant: the strike goes through as a direct attack
    2  do not fade: it blocks
"
        );
    }
}
