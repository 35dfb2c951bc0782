//! `fray play`: a person plays the skirmish against the bot in the terminal, over
//! real gRPC (an embedded server on loopback, or `--server`), against one to three
//! bots; what the ruleset shows and reads is its [`Ui`], chosen once from the registry
//! ([`crate::rulesets`]) when the game starts.
//!
//! The game is sealed for the person's seat (docs/api.md, "Views and sealed states"):
//! the client holds only that seat's view and the sealed state the server answers, so
//! it never reads a bot's hand or a card face down on the bot's side.
//!
//! The loop: NewGame sealed for the person's seat; then while someone is to move
//! ([`view_mover`]), they choose. The person sits at one seat and every other seat is a
//! bot of the same difficulty. The person sees the board and the numbered legal actions
//! (LegalActions) and types a line ([`input`]); their action goes through ApplyAction. A
//! bot's move is Agent.ChooseAction for its seat on the sealed state, with the
//! difficulty's playouts and a seed derived from the game's seed and the move number:
//! the Agent makes the move and answers what the person may see of it. Every answer's
//! events are printed one per line in the rules' own words, and the replay file is
//! rewritten.

pub mod input;

use std::fmt::Write as _;
use std::io::Write;
use std::path::PathBuf;

use fray_proto::fray::v1::agent_client::AgentClient;
use fray_proto::fray::v1::rules_client::RulesClient;
use fray_proto::fray::v1::{
    Action, ActionStat, ApplyActionRequest, ChooseActionRequest, Event, GameState, LegalActionsRequest,
    ListRulesetsRequest, ListRulesetsResponse, NewGameRequest, Ruleset, SealedState, SearchBudget,
};
use fray_tournament::proto_json;
use fray_tournament::refereed::run::unbalanced_warning;
use tonic::transport::Channel;

use crate::embedded::ServerHandle;
use crate::error::{CliError, stdout_error};
use crate::replay_file::{self, Outcome, Outs, Replay, Seat, SeatKind};
use crate::rulesets::{RulesetArg, short_name, ui};
use crate::style;
use crate::tls::TlsArgs;
use crate::trace::{self, Phases, Telling, indent};
use crate::ui::{Seats, Seen, Style, Ui, view_mover};
use fray_client::channel as client;
use input::{Command, Lines};

/// The bot's strength: `fray_ai`'s difficulties (their playouts per move), as
/// `--difficulty` names them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Difficulty {
    /// 150 playouts.
    Easy,
    /// 1500 playouts.
    Normal,
    /// 8000 playouts.
    Hard,
}

impl Difficulty {
    /// The ai crate's difficulty.
    pub fn ai(self) -> fray_ai::Difficulty {
        match self {
            Difficulty::Easy => fray_ai::Difficulty::Easy,
            Difficulty::Normal => fray_ai::Difficulty::Normal,
            Difficulty::Hard => fray_ai::Difficulty::Hard,
        }
    }

    /// Playouts per move.
    pub fn playouts(self) -> u32 {
        self.ai().config().budget.playouts
    }

    /// `easy`, `normal` or `hard`.
    pub fn name(self) -> &'static str {
        self.ai().name()
    }
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

const HINT_SALT: u64 = 1;

/// The last bot move, for `why`: what the person saw of it (its search is the bot's
/// own, as its hand is).
#[derive(Debug, Clone)]
struct BotMove {
    player: u32,
    events: Vec<Event>,
}

/// An answer on the sealed game: the person's view after the move, its events as the
/// person may see them, and the next sealed state.
struct Sealed {
    view: Option<GameState>,
    events: Vec<Event>,
    sealed: Option<SealedState>,
}

/// How a session ended.
enum Ending {
    /// The game is over.
    Over,
    /// The person quit (or the input ended).
    Quit,
}

/// One game in progress.
struct Session<'a> {
    rules: RulesClient<Channel>,
    agent: AgentClient<Channel>,
    args: &'a PlayArgs,
    ui: &'static dyn Ui,
    seed: u64,
    seats: Seats,
    style: Style,
    /// The person's view of the game.
    state: GameState,
    /// The game sealed for the person's seat, as the last answer gave it.
    sealed: SealedState,
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
}

impl Session<'_> {
    /// Writes `text`, wrapped at words to the terminal's width.
    fn say(&mut self, text: &str) -> Result<(), CliError> {
        let text = style::wrap(text, self.size.0);
        self.out.write_all(text.as_bytes()).and_then(|()| self.out.flush()).map_err(|e| stdout_error(&e))
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

    /// The board of `state` from the person's seat.
    fn board_text(&self, state: &GameState) -> String {
        self.ui.board(state, self.seats, self.args.difficulty.name(), self.style)
    }

    /// The trace of `events` from the person's seat.
    fn trace(&self, before: &GameState, after: &GameState, events: &[fray_proto::fray::v1::Event]) -> String {
        let names = self.ui.names(Some(Seen { seats: self.seats, reveal_all: false }), &[before, after], events);
        let phases = if self.args.quiet { Phases::Hidden } else { Phases::Folded };
        let telling = Telling { phases, rule_ids: self.args.verbose, ruleset: self.state.ruleset };
        indent(&trace::render_events_told(events, self.style, &*names, telling))
    }

    fn budget(&self) -> SearchBudget {
        SearchBudget { playouts: self.args.difficulty.playouts(), time_ms: 0 }
    }

    fn save(&mut self) -> Result<(), CliError> {
        self.replay.result = Outcome::of(&self.state, self.seats, &self.outs);
        self.replay.save(&self.path)
    }

    async fn legal(&mut self) -> Result<Vec<Action>, CliError> {
        let request = LegalActionsRequest { sealed_state: Some(self.sealed.clone()), ..Default::default() };
        Ok(self.rules.legal_actions(request).await?.into_inner().actions)
    }

    /// Takes an answer on the sealed game: `player`'s move (`action`, the person's; a
    /// bot's is its events alone), headed by `what`, then its events; records it.
    fn moved(&mut self, player: u32, action: Option<&Action>, what: &str, answer: Sealed) -> Result<(), CliError> {
        let Sealed { view, events, sealed } = answer;
        let after = view.ok_or_else(|| CliError::Server("the server answered no view of the sealed game".into()))?;
        self.sealed =
            sealed.ok_or_else(|| CliError::Server("the server answered no sealed state for the next move".into()))?;
        self.outs.note(self.replay.steps.len() as u64, self.state.turn, &events);
        let who = self.seats.name(player);
        let head = self.style.paint(if self.seats.is_human(player) { "1;32" } else { "1;31" }, &format!("{who}:"));
        let text = format!("{head}{what}\n{}", self.trace(&self.state, &after, &events));
        self.replay.push(player, action, &events)?;
        if !self.seats.is_human(player) {
            self.last_bot = Some(BotMove { player, events });
        }
        self.state = after;
        self.pending.push_str(&text);
        self.save()
    }

    /// Applies the person's `action`, prints it and its events, records it.
    async fn apply(&mut self, player: u32, action: Action) -> Result<(), CliError> {
        let what = format!(" {}", self.ui.action_text(&self.state, &action, self.seats, false));
        let request = ApplyActionRequest {
            sealed_state: Some(self.sealed.clone()),
            action: Some(action.clone()),
            words: Some(self.seats.words()),
            ..Default::default()
        };
        let a = self.rules.apply_action(request).await?.into_inner();
        self.moved(player, Some(&action), &what, Sealed { view: a.view, events: a.events, sealed: a.sealed_state })
    }

    /// The Agent's search for `player` on the sealed game: for the person's own seat
    /// (a hint) its action and statistics; for a bot's, the move made, as the person
    /// may see it.
    async fn search(&mut self, player: u32, salt: u64) -> Result<fray_proto::fray::v1::ChooseActionResponse, CliError> {
        let move_number = self.replay.steps.len() as u64;
        let request = ChooseActionRequest {
            sealed_state: Some(self.sealed.clone()),
            player,
            budget: Some(self.budget()),
            seed: move_seed(self.seed, move_number, salt),
            words: Some(self.seats.words()),
            ..Default::default()
        };
        if self.style.color {
            self.say(&self.style.paint("2", "(thinking…)\r"))?;
        }
        let answer = self.agent.choose_action(request).await;
        if self.style.color {
            self.say("\x1b[2K")?;
        }
        Ok(answer?.into_inner())
    }

    async fn bot_turn(&mut self, player: u32) -> Result<(), CliError> {
        let a = self.search(player, 0).await?;
        self.moved(player, None, "", Sealed { view: a.view, events: a.events, sealed: a.sealed_state })
    }

    /// What happened since the last screen, the board and the short menu.
    fn show_board(&mut self, legal: &[Action]) -> Result<(), CliError> {
        let text = screen(self.ui, &self.state, legal, self.seats, self.args.difficulty.name(), self.style);
        self.say_screen(&text)
    }

    /// The top actions of the person's search (a hint), by visits, with their menu
    /// numbers.
    fn stats_text(&self, state: &GameState, stats: &[ActionStat], legal: &[Action]) -> String {
        let mut sorted: Vec<&ActionStat> = stats.iter().collect();
        sorted.sort_by_key(|s| std::cmp::Reverse(s.visits));
        let mut out = String::new();
        for s in sorted.iter().take(5) {
            let Some(action) = &s.action else { continue };
            let number =
                legal.iter().position(|a| a == action).map_or_else(|| "    ".to_owned(), |i| format!("{:>3}:", i + 1));
            let what = self.ui.action_text(state, action, self.seats, false);
            // Round first, so a tiny negative mean does not print as -0.00.
            let mean = (s.mean_reward * 100.0).round() / 100.0 + 0.0;
            let _ = writeln!(out, "  {number} {:>6} visits  mean reward {mean:+.2}  {what}", s.visits);
        }
        if out.is_empty() {
            // The Agent searches only when there is a choice.
            out.push_str("  (no search: there was only one move to make)\n");
        }
        out
    }

    /// What a search's mean reward ranges over: a win 1 and a loss -1 with two
    /// players; a win 1 and anything else 0 with more (the core's `Returns`).
    fn reward_range(&self) -> &'static str {
        if self.seats.players > 2 { "[0, 1]" } else { "[-1, 1]" }
    }

    async fn hint(&mut self, legal: &[Action]) -> Result<(), CliError> {
        let answer = self.search(self.seats.human, HINT_SALT).await?;
        let stats = answer.stats;
        let action = answer.action.ok_or_else(|| CliError::Server("ChooseAction answered no hint".to_owned()))?;
        let number = legal.iter().position(|a| *a == action).map_or_else(String::new, |i| format!("{} ", i + 1));
        let what = self.ui.action_text(&self.state, &action, self.seats, false);
        let head = format!(
            "hint ({} playouts, mean reward in {} for you): play {number}— {what}\n",
            self.args.difficulty.playouts(),
            self.reward_range()
        );
        let text = format!("{}{}", self.style.paint("1", &head), self.stats_text(&self.state, &stats, legal));
        self.say(&text)
    }

    /// The rules behind the last bot move: each of its events with the id of the rule
    /// that caused it (docs/rules.md). Its search is the bot's own, as its hand is.
    fn why(&mut self) -> Result<(), CliError> {
        let text = match &self.last_bot {
            None if self.seats.players > 2 => "no bot has moved yet\n".to_owned(),
            None => "the bot has not moved yet\n".to_owned(),
            Some(m) => {
                let bot = if self.seats.players > 2 { self.seats.name(m.player) } else { "the bot".to_owned() };
                let head = format!("{bot}'s last move, and the rule behind each step (docs/rules.md):\n");
                let names =
                    self.ui.names(Some(Seen { seats: self.seats, reveal_all: false }), &[&self.state], &m.events);
                let telling = Telling { phases: Phases::Each, rule_ids: true, ruleset: self.state.ruleset };
                let steps = indent(&trace::render_events_told(&m.events, self.style, &*names, telling));
                format!(
                    "{}{steps}  (what {bot} weighed is its own, as its hand is: `hint` searches for you)\n",
                    self.style.paint("1", &head)
                )
            }
        };
        self.say(&text)
    }

    fn prompt(&mut self, legal: &[Action]) -> Result<(), CliError> {
        let mut keys: Vec<&str> = legal.iter().filter_map(crate::ui::key).collect();
        keys.dedup();
        let numbers = legal.len() - keys.len();
        let range = if numbers > 0 { format!("1-{numbers}, ") } else { String::new() };
        let text = format!("your move ({range}{}or help)> ", keys.iter().map(|k| format!("{k}, ")).collect::<String>());
        // A script reading lines sees the prompt as one.
        if self.style.color { self.say(&self.style.paint("1", &text)) } else { self.say(&format!("{text}\n")) }
    }

    /// The person's turn: read lines until one names an action; `None` to quit.
    async fn human_turn(&mut self) -> Result<Option<Action>, CliError> {
        let served = self.legal().await?;
        let mut legal = self.ui.order(&self.state, served, self.seats);
        // The actions with a key of their own come last, after every numbered one.
        legal.sort_by_key(|a| crate::ui::key(a).is_some());
        let numbered = legal.iter().filter(|a| crate::ui::key(a).is_none()).count();
        self.show_board(&legal)?;
        loop {
            self.prompt(&legal)?;
            let Some(line) = self.input.next().await else {
                self.say("\n(end of input)\n")?;
                return Ok(None);
            };
            let problem = match input::parse(&line) {
                None => continue,
                Some(Command::Pick(n)) if (1..=numbered).contains(&n) => return Ok(Some(legal[n - 1].clone())),
                Some(Command::Pick(n)) if numbered == 0 => format!("there is no action {n}: no number is offered now"),
                Some(Command::Pick(n)) => format!("there is no action {n}: choose 1-{numbered}"),
                Some(Command::Short(words)) => {
                    let words: Vec<&str> = words.iter().map(String::as_str).collect();
                    match self.ui.find(&words, &legal, &self.state, self.seats) {
                        Some(Ok(i)) => return Ok(Some(legal[i].clone())),
                        Some(Err(why)) => why,
                        None => input::unknown(&line),
                    }
                }
                Some(Command::Hint) => {
                    self.hint(&legal).await?;
                    continue;
                }
                Some(Command::Why) => {
                    self.why()?;
                    continue;
                }
                Some(Command::Board) => {
                    self.show_board(&legal)?;
                    continue;
                }
                Some(Command::All(n)) => {
                    let mut menu = self.ui.menu(&self.state, &legal, self.seats, self.style);
                    menu.keys(legal.iter().map(crate::ui::key).collect());
                    self.say_paged(&menu.full(self.style), n, "all")?;
                    continue;
                }
                Some(Command::Help(n)) => {
                    let help = self.help.clone();
                    self.say_paged(&help, n, "help")?;
                    continue;
                }
                Some(Command::Legend) => {
                    let legend = self.ui.legend(&self.state);
                    self.say_paged(&legend, 1, "legend")?;
                    continue;
                }
                Some(Command::Trace(n)) => {
                    let told = self.told.clone();
                    self.say_paged(&told, n, "trace")?;
                    continue;
                }
                Some(Command::Quit) => return Ok(None),
            };
            let text = format!("{} {problem}\n", self.style.paint("1;31", "?"));
            self.say(&text)?;
        }
    }

    async fn play(&mut self) -> Result<Ending, CliError> {
        loop {
            let Some(player) = view_mover(&self.state) else {
                return Ok(Ending::Over);
            };
            if self.seats.is_human(player) {
                match self.human_turn().await? {
                    Some(action) => self.apply(player, action).await?,
                    None => return Ok(Ending::Quit),
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

/// What `help` says first, in every ruleset: the commands, and the keys of their own.
const KEYS: &str = "Type an action's number, its short form, or: e to end the phase or the turn, n to pass or \
decline (never a number: a number names the same kind of action from one screen to the next); hint, why, board, \
legend (the board's marks), all (every action by number; all 2 the next page), trace (what happened since your \
last move, unfolded), help, quit.";

/// What the person sees before the prompt: a blank line, the board, a blank line, and
/// the short menu of `legal`, ending the phase and passing on keys of their own.
pub fn screen(ui: &dyn Ui, state: &GameState, legal: &[Action], seats: Seats, bots: &str, style: Style) -> String {
    let mut menu = ui.menu(state, legal, seats, style);
    menu.keys(legal.iter().map(crate::ui::key).collect());
    format!("\n{}\n{}", ui.board(state, seats, bots, style), menu.short(style))
}

/// Runs `fray play`, reading the person's lines from `input` and writing to `out`.
pub async fn run(args: &PlayArgs, style: Style, input: Lines, out: &mut dyn Write) -> Result<(), CliError> {
    let server = ServerHandle::start(args.server.as_deref(), &args.tls).await?;
    let result = game(args, style, input, out, &server).await;
    server.finish(result).await
}

async fn game(
    args: &PlayArgs,
    style: Style,
    input: Lines,
    out: &mut dyn Write,
    server: &ServerHandle,
) -> Result<(), CliError> {
    let channel = server.channel().await?;
    let mut rules = client::rules(channel.clone());
    let agent = client::agent(channel);
    let seed = args.seed.unwrap_or_else(clock_seed);
    let ruleset = args.ruleset.ruleset();
    let catalogue = rules.list_rulesets(ListRulesetsRequest {}).await?.into_inner();
    let players = scenario_players(&catalogue, ruleset, &args.scenario);
    let seats = Seats { human: human_seat(args.first, seed, players), players };
    let request = NewGameRequest {
        ruleset: ruleset as i32,
        seed,
        scenario: args.scenario.clone(),
        sealed_for: Some(seats.human),
        words: Some(seats.words()),
    };
    let started = rules.new_game(request).await?.into_inner();
    let no_seal = || CliError::Server("NewGame answered no sealed game for the person's seat".to_owned());
    let state = started.view.clone().ok_or_else(no_seal)?;
    let sealed = started.sealed_state.clone().ok_or_else(no_seal)?;
    let path = replay_file::new_path(&args.replay_dir, short_name(ruleset), &args.scenario, seed)?;
    let replay = Replay { remote: server.is_remote(), ..new_replay(args, seed, seats, &started.events, &state)? };
    let ui = ui(ruleset as i32);
    let entry = catalogue.rulesets.iter().find(|r| r.ruleset == ruleset as i32);
    let help = crate::ui::help_text(ui, ruleset as i32, entry.map_or("", |r| r.how_to_win.as_str()), KEYS);
    // The scenario as the catalogue tells it, with what it deals one seat and not another.
    let scenario = entry.and_then(|r| r.scenario_details.iter().find(|s| s.name == args.scenario));
    let mut session = Session {
        rules,
        agent,
        args,
        ui,
        seed,
        seats,
        style,
        state,
        sealed,
        replay,
        path,
        last_bot: None,
        pending: String::new(),
        told: String::new(),
        size: style::size(),
        help,
        out,
        input,
        outs: Outs::new(players),
    };
    session.save()?;
    session.pending = style.paint("1", &session.intro(server.is_remote()));
    if let Some(s) = scenario {
        session.pending.push_str(&format!("Scenario {}: {}.\n", s.name, s.description));
    }
    if let Some(warning) = session.balance_warning(&catalogue, ruleset) {
        session.pending.push_str(&style.paint("1;33", &format!("warning: {warning}\n")));
    }
    let setup = session.trace(&session.state, &session.state, &started.events);
    session.pending.push_str(&setup);
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
    let text = session.ending_text(ending, &path);
    session.say_screen(&text)
}

/// The record of a game just dealt: who sits where, NewGame's events (`setup`), no step
/// yet, and how `state` stands.
fn new_replay(
    args: &PlayArgs,
    seed: u64,
    seats: Seats,
    setup: &[fray_proto::fray::v1::Event],
    state: &GameState,
) -> Result<Replay, CliError> {
    let players = seats.players;
    let ruleset = args.ruleset.ruleset();
    let seat_list = (0..players)
        .map(|player| {
            if seats.is_human(player) {
                Seat { player, kind: SeatKind::Human, difficulty: None, playouts: None }
            } else {
                Seat {
                    player,
                    kind: SeatKind::Bot,
                    difficulty: Some(args.difficulty.name().to_owned()),
                    playouts: Some(args.difficulty.playouts()),
                }
            }
        })
        .collect();
    let setup_events = setup
        .iter()
        .map(|e| proto_json::to_value(&replay_file::unworded(e), proto_json::EVENT_MESSAGE))
        .collect::<Result<_, _>>()
        .map_err(|e| CliError::Output(e.to_string()))?;
    Ok(Replay {
        format: replay_file::FORMAT.to_owned(),
        version: replay_file::VERSION,
        ruleset: ruleset.as_str_name().to_owned(),
        scenario: args.scenario.clone(),
        seed,
        seats: seat_list,
        setup_events,
        steps: Vec::new(),
        result: Outcome::of(state, seats, &Outs::new(players)),
        sealed_for: Some(seats.human),
        remote: false,
    })
}

impl Session<'_> {
    /// The first lines of a game: the ruleset and scenario, the seed and how to deal
    /// it again (on a remote server, only there), who plays whom, who starts, and where
    /// the replay goes.
    fn intro(&self, remote: bool) -> String {
        let (args, seed, seats) = (self.args, self.seed, self.seats);
        let players = seats.players;
        let starter = match (seats.human, players) {
            (0, _) => "you start".to_owned(),
            (_, 2) => "the bot starts".to_owned(),
            _ => "bot 0 starts".to_owned(),
        };
        let against = if players == 2 {
            format!("the {}", self.bot_label())
        } else {
            let bots: Vec<String> = seats.bots().map(|p| p.to_string()).collect();
            format!("{} bots ({}) at seats {}", players - 1, args.difficulty.name(), bots.join(", "))
        };
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
    fn ending_text(&self, ending: Ending, path: &str) -> String {
        let (style, seats, players) = (self.style, self.seats, self.seats.players);
        let outcome = Outcome::of(&self.state, seats, &self.outs);
        match ending {
            Ending::Over => {
                let board = self.board_text(&self.state);
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
                    style.paint("1", &format!("game over on turn {}: {result}", outcome.turn))
                )
            }
            Ending::Quit => format!("quit on turn {}: replay saved to {path}\n", outcome.turn),
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

    #[test]
    fn difficulties_map_to_the_agents_playouts() {
        assert_eq!(
            [Difficulty::Easy, Difficulty::Normal, Difficulty::Hard].map(Difficulty::playouts),
            [150, 1500, 8000]
        );
    }
}
