//! `fray play`: a person plays the skirmish against the bot in the terminal, over
//! real gRPC (an embedded server on loopback, or `--server`), against one to three
//! bots; what the ruleset shows and reads is its [`Ui`], chosen once from the registry
//! ([`crate::rulesets`]) when the game starts.
//!
//! The game is sealed for the person's seat (docs/api.md, "Views and sealed states"):
//! the client holds only that seat's view and the sealed state the server answers, so
//! it never reads a bot's hand or a card face down on the bot's side.
//!
//! The loop: NewGame sealed for the person's seat (fray-client's `SealedGame`); then
//! while someone is to move ([`fray_client::sealed::view_mover`]), they choose. The
//! person sits at one seat and every other seat is a bot of the same difficulty. The
//! person sees what happened since their last move (folded to fit the terminal), the
//! board and the numbered legal actions, phase endings and passes on keys of their own
//! (`e`, `n`), and types a line ([`input`]); their action goes through ApplyAction. A
//! bot's move is Agent.ChooseAction for its seat on the sealed state, with the
//! difficulty's playouts and a seed derived from the game's seed and the move number:
//! the Agent makes the move and answers what the person may see of it. Every move's
//! events are told in the rules' own words and kept for `log`, the person's decisions
//! for `undo` (`commands.rs`), and the replay file is rewritten after each; `--resume`
//! makes a saved game's moves again and goes on (`resume.rs`).

mod commands;
pub mod input;
mod resume;

use std::io::Write;
use std::path::PathBuf;

use fray_client::sealed::{Deal, SealedGame};
use fray_client::undo::History;
use fray_proto::fray::v1::{Action, Event, GameState, ListRulesetsRequest, ListRulesetsResponse, Ruleset};
use fray_tournament::refereed::run::unbalanced_warning;

use crate::embedded::ServerHandle;
use crate::error::{CliError, stdout_error};
use crate::replay_file::{self, Loaded, Outs, Replay};
use crate::rulesets::{RulesetArg, short_name, ui};
use crate::style;
use crate::tls::TlsArgs;
use crate::trace::{self, Phases, Telling, indent};
use crate::ui::{Seats, Seen, Style, Ui};
pub use fray_ai::Difficulty;
use fray_client::channel as client;
use input::{COMMANDS, Command, Lines, Read};

/// `--difficulty`'s help: each level's playouts, and the shares of deliberate mistakes
/// on the rulesets where the lower levels err.
pub fn difficulty_help() -> String {
    let playouts: Vec<String> = Difficulty::ALL.iter().map(|l| l.playouts().to_string()).collect();
    format!(
        "The bots' strength: MCTS playouts per move, {}; where more search alone does not separate the levels, easy \
         and normal also play another move than their search's best in a share of their moves (easy / normal): {}",
        playouts.join(" / "),
        Difficulty::mistakes_text()
    )
}

/// Who takes the first turn. The default is [`First::Random`]: moving first is worth
/// something even on a balanced scenario, so no seat is the person's by default; a
/// seat drawn from the game's seed gives each seat its share over many games (the CLI
/// keeps nothing between games, so it could not alternate), and the printed seed
/// deals the same seat again.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum First {
    /// The person (seat 0).
    You,
    /// A bot (the person sits at the last seat).
    Bot,
    /// A seat from the game's seed.
    Random,
}

/// Everything `fray play` was asked to do.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayArgs {
    /// The ruleset.
    pub ruleset: RulesetArg,
    /// The built-in scenario.
    pub scenario: String,
    /// The game's seed; `None` takes one from the clock.
    pub seed: Option<u64>,
    /// The bot's strength.
    pub difficulty: Difficulty,
    /// Who starts.
    pub first: First,
    /// Where replays go.
    pub replay_dir: PathBuf,
    /// A remote server; `None` starts an embedded one.
    pub server: Option<String>,
    /// TLS for an `https://` server.
    pub tls: TlsArgs,
    /// Leave the phase changes out of the trace (the board's first line names the
    /// phase); otherwise a run of them is told on one line.
    pub quiet: bool,
    /// Lead each line of the trace with its rule id.
    pub verbose: bool,
    /// Go on with the game of this replay file (`--resume`): its own ruleset,
    /// scenario, seed, seats and difficulty.
    pub resume: Option<PathBuf>,
}

/// SplitMix64, and the search seed of a game's move (the tournament's games derive
/// theirs the same way).
pub use fray_tournament::seeds::{mix, move_seed};

/// A seed from the clock, short enough to type again (0..1 000 000).
pub fn clock_seed() -> u64 {
    let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_nanos());
    mix(nanos as u64 ^ u64::from(std::process::id())) % 1_000_000
}

/// The person's seat at a table of `players`: 0 when they start, the last seat when
/// a bot does, else one from the seed (player 0 always takes the first turn).
pub fn human_seat(first: First, seed: u64, players: u32) -> u32 {
    let players = players.max(1);
    match first {
        First::You => 0,
        First::Bot => players - 1,
        First::Random => (mix(seed ^ 0xF1F5) % u64::from(players)) as u32,
    }
}

/// The salt of a hint's search seed (a bot's move is salt 0).
const HINT_SALT: u64 = 1;

/// The last bot move, for `why`: what the person saw of it (its search is the bot's
/// own, as its hand is).
#[derive(Debug, Clone)]
struct BotMove {
    player: u32,
    events: Vec<Event>,
}

/// How a session ended.
enum Ending {
    /// The game is over.
    Over,
    /// The person quit, or the input ended (Ctrl-D).
    Quit,
    /// The person resigned.
    Resigned,
    /// Ctrl-C.
    Interrupted,
}

/// What the person's turn came to.
enum Turn {
    /// An action to make.
    Move(Action),
    /// A move taken back: the turn starts again.
    Undone,
    /// The game ends so.
    End(Ending),
}

/// What the session keeps with each of the person's decisions, to go back to it.
#[derive(Debug, Clone)]
struct Kept {
    outs: Outs,
    last_bot: Option<BotMove>,
    log: usize,
}

/// One game in progress.
struct Session<'a> {
    /// The game sealed for the person's seat, as the last answer left it.
    game: SealedGame,
    args: &'a PlayArgs,
    ui: &'static dyn Ui,
    seats: Seats,
    style: Style,
    replay: Replay,
    path: PathBuf,
    last_bot: Option<BotMove>,
    /// What happened since the last screen, told on the next one (folded to fit).
    pending: String,
    /// The last screen's whole account, for `trace`.
    told: String,
    /// The terminal's columns and rows ([`crate::style::size`]).
    size: (usize, usize),
    /// What `help` says ([`crate::ui::help_text`]).
    help: String,
    out: &'a mut dyn Write,
    input: Lines,
    /// Who went out when, for where each seat finished.
    outs: Outs,
    /// What was printed of each move (and the deal), with the turn it began on: `log`.
    log: Vec<(u32, String)>,
    /// The person's earlier decisions: `undo`.
    history: History<Kept>,
    /// The board without colour as it stood after the person's last move: on a
    /// terminal, the board marks the lines changed since ([`style::mark_changes`]).
    seen_board: Option<String>,
}

impl Session<'_> {
    /// Writes `text`, wrapped at words to the terminal's width.
    fn say(&mut self, text: &str) -> Result<(), CliError> {
        let text = style::wrap(text, self.size.0);
        self.out.write_all(text.as_bytes()).and_then(|()| self.out.flush()).map_err(|e| stdout_error(&e))
    }

    /// The person's view of the game.
    fn state(&self) -> &GameState {
        self.game.view()
    }

    /// Writes page `n` of `text` (`cmd N` shows page N), wrapped, so that it fits the rows.
    fn say_paged(&mut self, text: &str, n: usize, cmd: &str) -> Result<(), CliError> {
        let wrapped = style::wrap(text, self.size.0);
        self.say(&style::page(&wrapped, n, self.size.1, cmd))
    }

    /// Writes what happened since the last screen, then `screen`, the account folded
    /// so that both and the prompt fit the terminal's rows (`trace` shows it whole).
    fn say_screen(&mut self, screen: &str) -> Result<(), CliError> {
        let screen = style::wrap(screen, self.size.0);
        self.told = style::wrap(&std::mem::take(&mut self.pending), self.size.0);
        let rows = self.size.1.saturating_sub(screen.lines().count() + 1).max(4);
        let text = style::fold(&self.told, rows, "trace") + &screen;
        self.say(&text)
    }

    /// What to tell the person when the scenario is not known to be balanced (the
    /// server's catalogue, as a tournament reads it); `None` for a balanced one.
    fn balance_warning(&self, catalogue: &ListRulesetsResponse, ruleset: Ruleset) -> Option<String> {
        let scenario = catalogue
            .rulesets
            .iter()
            .filter(|r| r.ruleset == ruleset as i32)
            .flat_map(|r| &r.scenario_details)
            .find(|s| s.name == self.args.scenario);
        scenario.and_then(|s| unbalanced_warning(s, ruleset))
    }

    fn bot_label(&self) -> String {
        format!("bot ({})", self.args.difficulty.name())
    }

    /// `the bot (easy)`, or `2 bots (easy) at seats 1, 2`.
    fn against(&self) -> String {
        let players = self.seats.players;
        if players == 2 {
            return format!("the {}", self.bot_label());
        }
        let bots: Vec<String> = self.seats.bots().map(|p| p.to_string()).collect();
        format!("{} bots ({}) at seats {}", players - 1, self.args.difficulty.name(), bots.join(", "))
    }

    /// The board of `state` from the person's seat.
    fn board_text(&self, state: &GameState) -> String {
        self.ui.board(state, self.seats, self.args.difficulty.name(), self.style)
    }

    /// The trace of `events` from the person's seat.
    fn trace(&self, before: &GameState, after: &GameState, events: &[fray_proto::fray::v1::Event]) -> String {
        let names = self.ui.names(Some(Seen { seats: self.seats, reveal_all: false }), &[before, after], events);
        let phases = if self.args.quiet { Phases::Hidden } else { Phases::Folded };
        let telling = Telling { phases, rule_ids: self.args.verbose, ruleset: self.state().ruleset };
        indent(&trace::render_events_told(events, self.style, &*names, telling))
    }

    /// What goes back with the person's decision about to be made.
    fn kept(&self) -> Kept {
        Kept { outs: self.outs.clone(), last_bot: self.last_bot.clone(), log: self.log.len() }
    }

    fn save(&mut self) -> Result<(), CliError> {
        self.replay.result = replay_file::outcome(self.game.view(), self.seats, &self.outs);
        Ok(self.replay.save(&self.path)?)
    }

    /// Records `player`'s move just made from `before` (`action`, the person's; a
    /// bot's is its events alone), headed by `what`: its events, told on the next
    /// screen and kept for `log`.
    fn moved(
        &mut self,
        player: u32,
        action: Option<&Action>,
        what: &str,
        before: &GameState,
        events: Vec<Event>,
    ) -> Result<(), CliError> {
        self.outs.note(self.replay.steps.len() as u64, before.turn, &events);
        let who = self.seats.name(player);
        let head = self.style.paint(Style::side(self.seats.is_human(player), true), &format!("{who}:"));
        let text = format!("{head}{what}\n{}", self.trace(before, self.game.view(), &events));
        self.replay.push(player, action, &events)?;
        if !self.seats.is_human(player) {
            self.last_bot = Some(BotMove { player, events });
        }
        self.log.push((before.turn, text.clone()));
        self.pending.push_str(&text);
        self.save()
    }

    /// Applies the person's `action`, prints it and its events, records it.
    async fn apply(&mut self, player: u32, action: Action) -> Result<(), CliError> {
        let before = self.state().clone();
        let what = format!(" {}", self.ui.action_text(&before, &action, self.seats, false));
        self.history.push(&self.game, self.kept());
        let events = self.game.step(player, Some(&action)).await?;
        self.moved(player, Some(&action), &what, &before, events)?;
        if self.style.color {
            self.seen_board = Some(self.plain_board());
        }
        Ok(())
    }

    /// Notes on a terminal that the Agent is thinking (`on`), or clears the note.
    fn thinking(&mut self, on: bool) -> Result<(), CliError> {
        if !self.style.color {
            return Ok(());
        }
        let text =
            if on { self.style.paint(Style::DIM, "(thinking…)\r") } else { self.style.clear_line().to_owned() };
        self.say(&text)
    }

    async fn bot_turn(&mut self, player: u32) -> Result<(), CliError> {
        let before = self.state().clone();
        self.thinking(true)?;
        let events = self.game.step(player, None).await;
        self.thinking(false)?;
        self.moved(player, None, "", &before, events?)
    }

    /// What happened since the last screen, the board (on a terminal, its lines changed
    /// since the person's last move marked) and the short menu.
    fn show_board(&mut self, legal: &[Action]) -> Result<(), CliError> {
        let board = self.ui.board(self.state(), self.seats, self.args.difficulty.name(), self.style);
        let board = match &self.seen_board {
            Some(before) => style::mark_changes(before, &self.plain_board(), &board, self.style),
            None => board,
        };
        let text = with_menu(board, self.ui, self.state(), legal, self.seats, self.style);
        self.say_screen(&text)
    }

    /// The board as the person sees it, without colour.
    fn plain_board(&self) -> String {
        self.ui.board(self.state(), self.seats, self.args.difficulty.name(), Style::default())
    }

    fn prompt(&mut self, legal: &[Action]) -> Result<(), CliError> {
        let mut keys: Vec<&str> = legal.iter().filter_map(crate::ui::key).collect();
        keys.dedup();
        let numbers = legal.len() - keys.len();
        let range = match numbers {
            0 => String::new(),
            1 => "1, ".to_owned(),
            n => format!("1-{n}, "),
        };
        let text = format!("your move ({range}{}or help)> ", keys.iter().map(|k| format!("{k}, ")).collect::<String>());
        // A script reading lines sees the prompt as one.
        if self.style.color { self.say(&self.style.paint(Style::BOLD, &text)) } else { self.say(&format!("{text}\n")) }
    }

    /// The person's turn: read lines until one names an action or ends the game.
    async fn human_turn(&mut self) -> Result<Turn, CliError> {
        let served = self.game.legal().await?;
        let mut legal = self.ui.order(self.state(), served, self.seats);
        // The actions with a key of their own come last, after every numbered one.
        legal.sort_by_key(|a| crate::ui::key(a).is_some());
        let numbered = legal.iter().filter(|a| crate::ui::key(a).is_none()).count();
        self.show_board(&legal)?;
        loop {
            self.prompt(&legal)?;
            let line = match self.input.read().await {
                Read::Line(line) => line,
                Read::End => {
                    self.say("\n(end of input)\n")?;
                    return Ok(Turn::End(Ending::Quit));
                }
                Read::Interrupted => return Ok(Turn::End(Ending::Interrupted)),
            };
            let problem = match input::parse(&line) {
                None => continue,
                Some(Command::Pick(n)) if (1..=numbered).contains(&n) => return Ok(Turn::Move(legal[n - 1].clone())),
                Some(Command::Pick(n)) if numbered == 0 => format!("there is no action {n}: no number is offered now"),
                Some(Command::Pick(n)) => format!("there is no action {n}: choose 1-{numbered}"),
                Some(Command::Short(words)) => {
                    let words: Vec<&str> = words.iter().map(String::as_str).collect();
                    match self.ui.find(&words, &legal, self.state(), self.seats) {
                        Some(Ok(i)) => return Ok(Turn::Move(legal[i].clone())),
                        Some(Err(why)) => why,
                        None => input::unknown(&line),
                    }
                }
                Some(Command::Quit) => return Ok(Turn::End(Ending::Quit)),
                Some(Command::Undo) => match self.undo()? {
                    Ok(()) => return Ok(Turn::Undone),
                    Err(why) => why,
                },
                Some(Command::Resign) => match self.confirm_resign().await? {
                    Some(ending) => return Ok(Turn::End(ending)),
                    None => continue,
                },
                Some(command) => {
                    self.command(command, &legal).await?;
                    continue;
                }
            };
            let text = format!("{} {problem}\n", self.style.paint(Style::REFUSED, "?"));
            self.say(&text)?;
        }
    }

    /// A command that leaves the turn as it is.
    async fn command(&mut self, command: Command, legal: &[Action]) -> Result<(), CliError> {
        let text = match command {
            Command::Hint(stats) => self.hint(legal, stats).await?,
            Command::Why => self.why(),
            Command::Board => return self.show_board(legal),
            Command::All(n) => {
                let mut menu = self.ui.menu(self.state(), legal, self.seats, self.style);
                menu.keys(legal.iter().map(crate::ui::key).collect());
                return self.say_paged(&menu.full(self.style), n, "all");
            }
            Command::Help(n) => return self.say_paged(&self.help.clone(), n, "help"),
            Command::Legend => {
                let changed = format!(
                    "  {}  at a line's start, on a terminal in colour: that line changed since your last move\n",
                    style::CHANGED_MARK
                );
                return self.say_paged(&(self.ui.legend(self.state()) + &changed), 1, "legend");
            }
            Command::Trace(n) => return self.say_paged(&self.told.clone(), n, "trace"),
            Command::Log { turns, page } => {
                return self.say_paged(&self.log_text(turns), page, &format!("log {turns}"));
            }
            Command::Save => format!("{}\n", self.continue_text()),
            Command::Pick(_) | Command::Short(_) | Command::Quit | Command::Undo | Command::Resign => String::new(),
        };
        self.say(&text)
    }

    async fn play(&mut self) -> Result<Ending, CliError> {
        loop {
            let Some(player) = self.game.mover() else {
                return Ok(Ending::Over);
            };
            if self.seats.is_human(player) {
                match self.human_turn().await? {
                    Turn::Move(action) => self.apply(player, action).await?,
                    Turn::Undone => {}
                    Turn::End(ending) => return Ok(ending),
                }
            } else {
                self.bot_turn(player).await?;
            }
        }
    }
}

/// The seats a game of `ruleset`'s `scenario` has, as the server's catalogue says; 2
/// for a scenario it does not list (its NewGame then refuses it, naming its own).
fn scenario_players(catalogue: &ListRulesetsResponse, ruleset: Ruleset, scenario: &str) -> u32 {
    let entry = catalogue.rulesets.iter().find(|r| r.ruleset == ruleset as i32);
    let details = entry.map_or(&[][..], |r| r.scenario_details.as_slice());
    let found = if scenario.is_empty() { details.first() } else { details.iter().find(|s| s.name == scenario) };
    found.map_or(2, |s| s.players.max(2))
}

/// What the person sees before the prompt: a blank line, the board, a blank line, and
/// the short menu of `legal`, ending the phase and passing on keys of their own.
pub fn screen(ui: &dyn Ui, state: &GameState, legal: &[Action], seats: Seats, bots: &str, style: Style) -> String {
    with_menu(ui.board(state, seats, bots, style), ui, state, legal, seats, style)
}

/// `board`, then the short menu of `legal`.
fn with_menu(board: String, ui: &dyn Ui, state: &GameState, legal: &[Action], seats: Seats, style: Style) -> String {
    let mut menu = ui.menu(state, legal, seats, style);
    menu.keys(legal.iter().map(crate::ui::key).collect());
    format!("\n{board}\n{}", menu.short(style))
}

/// Runs `fray play`, reading the person's lines from `input` and writing to `out`;
/// with `--resume FILE` it goes on with the game in FILE.
pub async fn run(args: &PlayArgs, style: Style, input: Lines, out: &mut dyn Write) -> Result<(), CliError> {
    let (resumed, args) = match args.resuming()? {
        Some((loaded, args)) => (Some(loaded), args),
        None => (None, args.clone()),
    };
    let server = ServerHandle::start(args.server.as_deref(), &args.tls).await?;
    let result = game(&args, resumed.as_ref(), style, input, out, &server).await;
    server.finish(result).await
}

async fn game(
    args: &PlayArgs,
    resumed: Option<&Loaded>,
    style: Style,
    input: Lines,
    out: &mut dyn Write,
    server: &ServerHandle,
) -> Result<(), CliError> {
    let channel = server.channel().await?;
    let catalogue = client::rules(channel.clone()).list_rulesets(ListRulesetsRequest {}).await?.into_inner();
    let ruleset = args.ruleset.ruleset();
    let seed = args.seed.unwrap_or_else(clock_seed);
    let (seats, deal) = match resumed {
        Some(loaded) => args.resumed_deal(loaded)?,
        None => {
            let players = scenario_players(&catalogue, ruleset, &args.scenario);
            let seats = Seats { human: human_seat(args.first, seed, players), players };
            let playouts = vec![args.difficulty.playouts(); players as usize];
            // The bots err in their difficulty's share of their moves; the person's hints do not.
            let mistakes = (0..players)
                .map(|p| if seats.is_human(p) { 0.0 } else { args.difficulty.mistake_share(args.ruleset.core()) })
                .collect();
            let (scenario, words) = (args.scenario.clone(), Some(seats.words()));
            (seats, Deal { ruleset: ruleset as i32, scenario, seed, seat: seats.human, words, playouts, mistakes })
        }
    };
    let (game, setup) = SealedGame::deal(channel, deal).await?;
    let (path, replay) = match (resumed, &args.resume) {
        (Some(loaded), Some(path)) => (path.clone(), Replay { steps: Vec::new(), ..loaded.replay.clone() }),
        _ => {
            let path = replay_file::new_path(&args.replay_dir, short_name(ruleset), &args.scenario, seed)?;
            let result = replay_file::outcome(game.view(), seats, &Outs::new(seats.players));
            let record = Replay::dealt(game.dealt(), seats.players, args.difficulty.name(), &setup, result)?;
            (path, Replay { remote: server.is_remote(), ..record })
        }
    };
    let (ui, outs) = (ui(ruleset as i32), Outs::new(seats.players));
    let (log, history, last_bot) = (Vec::new(), History::new(), None);
    let entry = catalogue.rulesets.iter().find(|r| r.ruleset == ruleset as i32);
    let help = crate::ui::help_text(ui, ruleset as i32, entry.map_or("", |r| r.how_to_win.as_str()), COMMANDS);
    // The scenario as the catalogue tells it, with what it deals one seat and not another.
    let scenario = entry.and_then(|r| r.scenario_details.iter().find(|s| s.name == args.scenario));
    let mut session = Session {
        game,
        args,
        ui,
        seats,
        style,
        replay,
        path,
        last_bot,
        pending: String::new(),
        told: String::new(),
        size: style::size(),
        help,
        out,
        input,
        outs,
        log,
        history,
        seen_board: None,
    };
    let told = session.trace(session.state(), session.state(), &setup);
    session.log.push((session.state().turn.max(1), told.clone()));
    if let Some(loaded) = resumed {
        session.redo(loaded, &setup).await?;
        // The moves redone are in `log`; the screen starts from where the game stands.
        session.pending = style.paint(Style::BOLD, &session.resumed_intro());
    } else {
        session.save()?;
        session.pending = style.paint(Style::BOLD, &session.intro(server.is_remote()));
        if let Some(s) = scenario {
            session.pending.push_str(&format!("Scenario {}: {}.\n", s.name, s.description));
        }
        if let Some(warning) = session.balance_warning(&catalogue, ruleset) {
            session.pending.push_str(&style.paint(Style::WARNING, &format!("warning: {warning}\n")));
        }
        session.pending.push_str(&told);
    }
    let ending = session.play().await;
    // Whatever happened, the record on disk is the last good one; say where it is.
    let path = session.path.display().to_string();
    let ending = match ending {
        Ok(e) => e,
        Err(e) => {
            let told = std::mem::take(&mut session.pending);
            let _ = session.say(&format!("{told}the game stopped; the replay so far is in {path}\n"));
            return Err(e);
        }
    };
    session.save()?;
    let text = session.ending_text(&ending, &path);
    session.say_screen(&text)?;
    match ending {
        Ending::Interrupted => Err(CliError::Interrupted(format!("interrupted: {}", session.continue_text()))),
        _ => Ok(()),
    }
}

impl Session<'_> {
    /// The first lines of a game: the ruleset and scenario, the seed and how to deal
    /// it again (on a remote server, only there), who plays whom, who starts, and where
    /// the replay goes.
    fn intro(&self, remote: bool) -> String {
        let (args, seed, seats) = (self.args, self.game.dealt().seed, self.seats);
        let players = seats.players;
        let starter = match (seats.human, players) {
            (0, _) => "you start".to_owned(),
            (_, 2) => "the bot starts".to_owned(),
            _ => "bot 0 starts".to_owned(),
        };
        let against = self.against();
        // A remote server mixes a sealed game's seed with a secret of its own (docs/api.md).
        let deal = if remote {
            format!("--seed {seed} deals it again on this server")
        } else {
            format!("replay the deal with --seed {seed}")
        };
        format!(
            "Fray skirmish: {} {}, seed {seed} ({deal}),\nyou are player {} against {against}; {starter}.\n\
             Type help for the commands and the keys, legend for the board's marks.\nThe replay is saved to {}\n",
            crate::ui::ruleset_title(args.ruleset.ruleset() as i32),
            args.scenario,
            seats.human,
            self.path.display()
        )
    }

    /// What is said when the game ends (`ending`), its replay saved at `path`.
    fn ending_text(&self, ending: &Ending, path: &str) -> String {
        let (style, seats, players) = (self.style, self.seats, self.seats.players);
        let outcome = replay_file::outcome(self.state(), seats, &self.outs);
        let go_on = self.continue_text();
        match ending {
            Ending::Over => {
                let board = self.board_text(self.state());
                // More than two players: where each finished (a player out before a draw
                // finished below those still in), as the replay records it.
                let result = match outcome.winner {
                    _ if players > 2 => outcome.text.clone(),
                    Some(w) if seats.is_human(w) => format!("you win (player {w})"),
                    Some(w) => format!("the bot wins (player {w})"),
                    None => "a draw".to_owned(),
                };
                format!(
                    "\n{board}\n{}\nreplay saved to {path}\n(check it with: fray replay {path})\n",
                    style.paint(Style::BOLD, &format!("game over on turn {}: {result}", outcome.turn))
                )
            }
            Ending::Quit => format!("quit on turn {}: replay saved to {path}\n{go_on}\n", outcome.turn),
            Ending::Interrupted => format!("\ninterrupted on turn {}: {go_on}\n", outcome.turn),
            Ending::Resigned => format!(
                "{}\nreplay saved to {path}\n(check it with: fray replay {path})\n",
                style.paint(Style::BOLD, &format!("game over on turn {}: {}", outcome.turn, outcome.text))
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use super::*;

    #[test]
    fn seats_and_seeds_follow_the_game_seed() {
        assert_eq!(human_seat(First::You, 7, 2), 0);
        assert_eq!(human_seat(First::Bot, 7, 2), 1);
        let random: Vec<u32> = (0..64).map(|s| human_seat(First::Random, s, 2)).collect();
        assert!(random.contains(&0) && random.contains(&1), "{random:?}");
        assert_eq!(human_seat(First::Random, 5, 2), human_seat(First::Random, 5, 2));
        // More seats: a bot first puts the person last; the seed reaches every seat.
        assert_eq!(human_seat(First::You, 7, 4), 0);
        assert_eq!(human_seat(First::Bot, 7, 4), 3);
        assert_eq!(human_seat(First::Bot, 7, 3), 2);
        let random: Vec<u32> = (0..64).map(|s| human_seat(First::Random, s, 4)).collect();
        assert!((0..4).all(|p| random.contains(&p)), "{random:?}");
        assert_eq!(move_seed(3, 10, 0), move_seed(3, 10, 0));
        assert_ne!(move_seed(3, 10, 0), move_seed(3, 11, 0));
        assert_ne!(move_seed(3, 10, 0), move_seed(3, 10, HINT_SALT));
        assert!(clock_seed() < 1_000_000);
    }

    /// A core state as the wire has it, with its legal actions in the person's order.
    fn wire(core: &fray_core::GameState, ui: &dyn Ui, seats: Seats) -> (GameState, Vec<Action>) {
        let state = fray_service::convert::state_from_setup(core.to_setup());
        let legal = core.legal_actions().iter().map(fray_service::convert::action_from_setup).collect();
        let legal = ui.order(&state, legal, seats);
        (state, legal)
    }

    #[test]
    fn the_egame_deployment_screen_with_six_cards_in_hand_fits_in_40_lines() {
        use fray_proto::fray::v1::Ruleset;
        let ui = crate::rulesets::ui(Ruleset::Egame as i32);
        let seats = Seats::two(0);
        // Each player ends the first deployment without summoning: the person then
        // deploys again with the card drawn, six in hand.
        let (mut core, _) = fray_core::GameState::new_game(Ruleset::Egame as i32, 5, "men-vs-fey").unwrap();
        for _ in 0..2 {
            let end = core.legal_actions().pop().unwrap();
            core.apply_action(&end, "action").unwrap();
        }
        let (state, legal) = wire(&core, ui, seats);
        assert_eq!(state.players[0].hand.len(), 6);
        assert_eq!(state.phase, fray_proto::fray::v1::Phase::Deployment as i32);
        assert_eq!(legal.len(), 151, "6 cards, 5 zones, 4 facings and face-down, and ending the phase");
        let text = screen(ui, &state, &legal, seats, "easy", Style::default());
        // The screen, then the prompt's line.
        let lines = text.lines().count() + 1;
        assert!(lines <= 40, "{lines} lines:\n{text}");
        // Every summon is one number away: the grid shows each card's best in each
        // zone, the whole list (`all`) every one.
        // Ending the phase is on its key, never a number.
        assert!(text.contains("    e  end deployment without summoning"), "{text}");
        assert!(text.contains("(all lists all 151 actions by number)"), "{text}");
        let full = ui.menu(&state, &legal, seats, Style::default());
        assert!(full.missing().is_empty());
        assert_eq!(full.full(Style::default()).lines().count(), 151);
        // The legend is on demand (`legend`), not under the board.
        assert!(!text.contains("The board (e:game):"), "{text}");
    }
}
