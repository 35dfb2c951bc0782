//! What a ruleset shows and reads in the terminal ([`Ui`]), written once per ruleset
//! in its folder under `rulesets/`, whose registry picks one by the state's ruleset:
//! the board, the menu of legal actions in words, the short forms and the help, the
//! trace's names and its own events ([`Namer`]), and the board `fray resolve` prints.
//! Who moves and how many seats there are come from the core ([`core_of`]).

use fray_core::rulesets::{GameVisitor, Registered};
use fray_proto::fray::v1::{Action, Event, GameState, ZoneRef};

use crate::error::CliError;
use crate::menu::Menu;
pub use crate::style::Style;

/// Which seat the person holds at a table of `players` (2 to 4); every other seat is
/// a bot. With two players the other seat is "the bot"; with more each bot is named
/// by its seat ("bot 2").
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Seats {
    /// The person's seat, `0..players`.
    pub human: u32,
    /// The number of seats at the table.
    pub players: u32,
}

impl Seats {
    /// The person at seat `human` of a two-player game.
    pub fn two(human: u32) -> Self {
        Self { human, players: 2 }
    }

    /// The bot's seat in a two-player game (the first seat that is not the person's).
    pub fn bot(self) -> u32 {
        1 - self.human.min(1)
    }

    /// Every bot's seat, in seat order.
    pub fn bots(self) -> impl Iterator<Item = u32> {
        (0..self.players).filter(move |&p| p != self.human)
    }

    /// True when `player` is the person.
    pub fn is_human(self, player: u32) -> bool {
        player == self.human
    }

    /// `player 0 (you)` or `player 1 (bot)`; with more than two players `you (player
    /// 0)` or `bot 2`.
    pub fn player(self, player: u32) -> String {
        match (self.players > 2, self.is_human(player)) {
            (false, _) => format!("player {player} ({})", self.who(player)),
            (true, true) => format!("you (player {player})"),
            (true, false) => format!("bot {player}"),
        }
    }

    /// `you` or `bot`.
    pub fn who(self, player: u32) -> &'static str {
        if self.is_human(player) { "you" } else { "bot" }
    }

    /// `you`, or the bot at `player`: `bot` with two players, `bot 2` with more.
    pub fn name(self, player: u32) -> String {
        match (self.is_human(player), self.players > 2) {
            (true, _) => "you".to_owned(),
            (false, false) => "bot".to_owned(),
            (false, true) => format!("bot {player}"),
        }
    }

    /// `you` or `the bot`, as the subject of a sentence.
    pub fn subject(self, player: u32) -> String {
        if self.is_human(player) { "you".to_owned() } else { "the bot".to_owned() }
    }

    /// The words the server tells this game's events and actions in (`words` on a
    /// request): the person is "you", a bot "the bot" (two players) or "bot N".
    pub fn words(self) -> fray_proto::fray::v1::Words {
        let name = |p: u32| match (self.is_human(p), self.players > 2) {
            (true, _) => String::new(),
            (false, false) => "the bot".to_owned(),
            (false, true) => format!("bot {p}"),
        };
        fray_proto::fray::v1::Words { you: Some(self.human), seat_names: (0..self.players).map(name).collect() }
    }

    /// `your zone 3` or `bot zone 3`.
    pub fn zone(self, z: &ZoneRef) -> String {
        format!("{} zone {}", if self.is_human(z.player) { "your" } else { "bot" }, z.index)
    }

    /// `your ` or `bot's `, for a piece of `player`.
    pub fn possessive(self, player: u32) -> &'static str {
        if self.is_human(player) { "your " } else { "bot's " }
    }

    /// `your` or `the bot's`, for a pile of `player`'s.
    pub fn whose(self, player: u32) -> &'static str {
        if self.is_human(player) { "your" } else { "the bot's" }
    }

    /// The first line of a two-player board: `Turn 3 · your turn · PHASE`, `bot's
    /// turn`, or `game over`, the phase in the ruleset's words ([`phase_words`]).
    pub fn turn_line(self, state: &GameState, style: Style) -> String {
        let phase = phase_words(state.ruleset, state.phase);
        let whose = if state.phase == fray_proto::fray::v1::Phase::GameOver as i32 {
            "game over".to_owned()
        } else if self.is_human(state.active_player) {
            format!("your turn · {phase}")
        } else {
            format!("bot's turn · {phase}")
        };
        format!("{}\n", style.paint(Style::BOLD, &format!("Turn {} · {whose}", state.turn)))
    }
}

/// From where a trace is told: the person's seat, and whether everything shows (a
/// replay) or only what the person sees (a game).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Seen {
    /// Who is who.
    pub seats: Seats,
    /// Name what the person does not see.
    pub reveal_all: bool,
}

/// How a trace names pieces, players and zones, and tells the events only its ruleset
/// has. Without a [`Seen`] it gives the raw wire names (ids, `player N`, zones as
/// `player:index`), as `fray resolve` prints them; `fray play` and `fray replay` name
/// things from the person's seat.
pub trait Namer {
    /// From whose seat, if any.
    fn seen(&self) -> Option<Seen> {
        None
    }
    /// A piece (creature, vessel) by id.
    fn creature(&self, id: &str) -> String {
        id.to_owned()
    }
    /// A player, by seat.
    fn player(&self, player: u32) -> String {
        self.seen().map_or_else(|| format!("player {player}"), |s| s.seats.player(player))
    }
    /// A creature zone: `zone 1:3`, or `your zone 3`.
    fn zone(&self, z: Option<&ZoneRef>) -> String {
        match (self.seen(), z) {
            (None, _) => format!("zone {}", zone(z)),
            (Some(s), Some(z)) => s.seats.zone(z),
            (Some(_), None) => "zone ?".to_owned(),
        }
    }
    /// A card, by id.
    fn card(&self, id: &str) -> String {
        id.to_owned()
    }
    /// An item of a DECISION_KIND_ORDER decision.
    fn item(&self, item: &str) -> String {
        item.to_owned()
    }
    /// Whether `player`'s hand is hidden from the reader (`fray play`: every hand but
    /// the person's), so a decision among its cards is told without them.
    fn hides_hand(&self, player: u32) -> bool {
        self.seen().is_some_and(|s| !s.reveal_all && !s.seats.is_human(player))
    }
}

/// The raw wire names: ids, `player N`, `zone P:I`.
#[derive(Debug, Clone, Copy, Default)]
pub struct Ids;

impl Namer for Ids {}

/// What one ruleset shows and reads. Shared by `fray play` (from the person's seat),
/// `fray replay` (everything shown) and `fray resolve` (raw ids).
pub trait Ui: Sync {
    /// The board from the person's seat; `bots` is the bots' difficulty (`easy`).
    fn board(&self, state: &GameState, seats: Seats, bots: &str, style: Style) -> String;
    /// The legal actions in the order the person reads and numbers them (best or
    /// most usual first, self-harming ones last); the server's order by default.
    fn order(&self, _state: &GameState, legal: Vec<Action>, _seats: Seats) -> Vec<Action> {
        legal
    }
    /// The numbered legal actions (1-based positions in `legal`, as [`Ui::order`]
    /// left them), under what the pending decision or the phase asks of the person:
    /// a short view and the whole list ([`Menu`]).
    fn menu(&self, state: &GameState, legal: &[Action], seats: Seats, style: Style) -> Menu;
    /// One action in words, from the person's seat, in `state` (the state it applies
    /// to); `reveal_all` names what the person does not see (for replays).
    fn action_text(&self, state: &GameState, action: &Action, seats: Seats, reveal_all: bool) -> String;
    /// The `help` text.
    fn help(&self) -> &'static str;
    /// The board's legend: every mark the board of `state`'s ruleset draws, and what
    /// it means ([`legend`]); shown by `help` and under the first board of a game.
    fn legend(&self, state: &GameState) -> String;
    /// The index in `legal` of the action the short form `words` names, or why there
    /// is none; `None` when `words` is no short form here.
    fn find(&self, words: &[&str], legal: &[Action], state: &GameState, seats: Seats) -> Option<Result<usize, String>>;
    /// The names a trace uses, seen from `seen` (`None`: raw ids), knowing the pieces
    /// of `states` and what `events` showed.
    fn names(&self, seen: Option<Seen>, states: &[&GameState], events: &[Event]) -> Box<dyn Namer>;
    /// The board `fray resolve` prints under its header line: every piece, raw ids.
    fn raw_board(&self, state: &GameState) -> String;
    /// What the pending decision of `state` is for, when the ruleset tells more than
    /// its kind (`fray resolve`).
    fn decision_subject(&self, _state: &GameState) -> Option<String> {
        None
    }
}

/// Ruleset titles and phases in the ruleset's words, from the core's catalogue.
pub use fray_tournament::titles::{phase_words, ruleset_title};

/// A game's `help`: how it is won (`how_to_win`, from the server's catalogue), `keys`
/// (what every ruleset reads), the ruleset's short forms and turn ([`Ui::help`]), and
/// what each keyword and card effect does, in the core's words.
pub fn help_text(ui: &dyn Ui, ruleset: i32, how_to_win: &str, keys: &str) -> String {
    let marks: Vec<Mark> = fray_tournament::titles::glossary(ruleset)
        .into_iter()
        .map(|(glyphs, meaning)| Mark { glyphs, meaning })
        .collect();
    let words = legend("What each keyword and card effect does:", &marks);
    format!("How to win {}: {how_to_win}\n\n{keys}\n\n{}\n\n{words}", ruleset_title(ruleset), ui.help())
}

/// A zone as `player:index`, or `?` when absent.
pub fn zone(z: Option<&ZoneRef>) -> String {
    z.map_or_else(|| "?".to_owned(), |z| format!("{}:{}", z.player, z.index))
}

/// `1 card`, `3 cards`.
pub fn cards(n: usize) -> String {
    if n == 1 { "1 card".to_owned() } else { format!("{n} cards") }
}

/// The index of the first action in `legal` that `pred` accepts.
pub fn position(legal: &[Action], pred: &dyn Fn(&fray_proto::fray::v1::action::Action) -> bool) -> Option<usize> {
    legal.iter().position(|a| a.action.as_ref().is_some_and(pred))
}

/// One mark a board draws (a glyph, a tag, a way of writing a number) and what it
/// means: a ruleset's legend is a list of these, and its tests check that every mark
/// its board draws has one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Mark {
    /// The marks, as drawn (`"↑ ↗ → ↘"`, `"E"`, `"2/3"`).
    pub glyphs: &'static str,
    /// What they mean.
    pub meaning: &'static str,
}

/// A legend: `title`, then one line per mark, the meanings in one column and wrapped
/// under it to fit 100 columns.
pub fn legend(title: &str, marks: &[Mark]) -> String {
    let column = marks.iter().map(|m| m.glyphs.chars().count()).max().unwrap_or(0).min(20) + 4;
    let mut out = format!("{title}\n");
    for m in marks {
        let indent = " ".repeat(column);
        let first = if m.glyphs.chars().count() > column - 4 {
            out.push_str(&format!("  {}\n", m.glyphs));
            indent.clone()
        } else {
            format!("  {:<w$}", m.glyphs, w = column - 2)
        };
        let options = textwrap::Options::new(100).initial_indent(&first).subsequent_indent(&indent);
        textwrap::wrap(m.meaning, options).iter().for_each(|l| out.push_str(&format!("{l}\n")));
    }
    out
}

/// The key that stands for `action` in place of a number, so that no number learned
/// for one action ends a phase or passes: `e` for ending a phase, `n` for declining.
pub fn key(action: &Action) -> Option<&'static str> {
    use fray_proto::fray::v1::{action::Action as Kind, choice::Choice};
    match action.action.as_ref()? {
        Kind::EndPhase(_) => Some("e"),
        Kind::Choice(c) if matches!(c.choice, Some(Choice::Decline(_))) => Some("n"),
        _ => None,
    }
}

/// The core's hint for each action of `legal` (how promising search finds it before
/// searching: [`fray_core::Game::action_hint`]), `None` where the ruleset gives none
/// or the state is not one the core reads.
pub fn hints(state: &GameState, legal: &[Action]) -> Vec<Option<f64>> {
    struct Hints;
    impl GameVisitor for Hints {
        type Output = Vec<(Action, Option<f64>)>;
        fn visit<G: Registered>(self, game: &G) -> Self::Output {
            let mut actions = Vec::new();
            game.legal_actions_into(&mut actions);
            actions
                .into_iter()
                .map(|a| {
                    let wire = fray_service::convert::action_from_setup(&G::wrap_action(game.action_setup(a)));
                    (wire, game.action_hint(a))
                })
                .collect()
        }
    }
    let scored = core_of(state).map(|core| core.visit(Hints)).unwrap_or_default();
    legal.iter().map(|a| scored.iter().find(|(w, _)| w == a).and_then(|(_, h)| *h)).collect()
}

/// The core's view of a wire state: who moves, how many seats. The one place the
/// CLI turns a proto state into the core's; a state the core refuses (a server of
/// another version) is the server's error, named.
pub fn core_of(state: &GameState) -> Result<fray_core::GameState, CliError> {
    fray_service::convert::game_state(state.clone())
        .map_err(|e| CliError::Server(format!("the server answered a state this build cannot read: {e}")))
}
