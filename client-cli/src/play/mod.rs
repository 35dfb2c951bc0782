//! `fray play`: a person plays the skirmish against the bot in the terminal, over
//! real gRPC (an embedded server on loopback, or `--server`): e:game or Dimensional
//! Rift on the zone board ([`render`]), Castle Rampage ([`castle`]), KeyForge
//! ([`keyforge`]) or Dog Fight ([`dog_fight`], against one to three bots).
//!
//! The loop: NewGame; then while the game is not over, whoever is to move (the decider
//! of a pending decision, else the active player) chooses. The person sits at one seat
//! and every other seat is a bot of the same difficulty. The person sees the board
//! and the numbered legal actions (LegalActions) and types a line ([`input`]); a
//! bot's move comes from Agent.ChooseAction for its seat with the difficulty's
//! playouts and a seed derived from the game's seed and the move number. Every action
//! goes through ApplyAction, its events are printed one per line, and the replay file
//! is rewritten.

pub mod castle;
pub mod dog_fight;
pub mod input;
pub mod keyforge;
pub mod render;
pub mod view;

use std::fmt::Write as _;
use std::io::Write;
use std::path::PathBuf;

use fray_proto::fray::v1::agent_client::AgentClient;
use fray_proto::fray::v1::rules_client::RulesClient;
use fray_proto::fray::v1::{
    Action, ActionStat, ApplyActionRequest, ChooseActionRequest, GameState, LegalActionsRequest, NewGameRequest,
    Ruleset, SearchBudget,
};
use tonic::transport::Channel;

use crate::client;
use crate::embedded::ServerHandle;
use crate::error::{CliError, stdout_error};
use crate::replay::{self, Outcome, Replay, Seat, SeatKind};
use crate::tls::TlsArgs;
use crate::trace::{self, Style};
use input::{Command, Lines};
use view::{Names, Seats};

/// The rulesets with a skirmish game, as `--ruleset` names them (`fray play`,
/// `fray tournament`, `fray bench`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum RulesetArg {
    /// e:game (seed 000): Might, 1 HP per direct hit, Evasive, Fading; 6 HP.
    Egame,
    /// Dimensional Rift (seed 002): Attack Stat damage to the player, Armor; 20 HP.
    Rift,
    /// KeyForge (seed 001): fights with the damage and destruction charts, reaping, keys.
    Keyforge,
    /// Castle Rampage (seed 003): attack cards against face-down Gate and Castle stacks.
    CastleRampage,
    /// Dog Fight (seed 004): vessels on a grid, attacks and responses, 2 to 4 players.
    DogFight,
}

impl RulesetArg {
    /// Every ruleset, in wire order.
    pub const ALL: [RulesetArg; 5] =
        [RulesetArg::Egame, RulesetArg::Rift, RulesetArg::Keyforge, RulesetArg::CastleRampage, RulesetArg::DogFight];

    /// The wire ruleset.
    pub fn ruleset(self) -> Ruleset {
        match self {
            RulesetArg::Egame => Ruleset::Egame,
            RulesetArg::Rift => Ruleset::DimensionalRift,
            RulesetArg::Keyforge => Ruleset::Keyforge,
            RulesetArg::CastleRampage => Ruleset::CastleRampage,
            RulesetArg::DogFight => Ruleset::DogFight,
        }
    }

    /// The core's ruleset.
    pub fn core(self) -> fray_core::Ruleset {
        match self {
            RulesetArg::Egame => fray_core::Ruleset::Egame,
            RulesetArg::Rift => fray_core::Ruleset::DimensionalRift,
            RulesetArg::Keyforge => fray_core::Ruleset::Keyforge,
            RulesetArg::CastleRampage => fray_core::Ruleset::CastleRampage,
            RulesetArg::DogFight => fray_core::Ruleset::DogFight,
        }
    }

    /// The name `--ruleset` takes: `egame`, `rift`, `keyforge`, `castle-rampage`.
    pub fn name(self) -> &'static str {
        match self {
            RulesetArg::Egame => "egame",
            RulesetArg::Rift => "rift",
            RulesetArg::Keyforge => "keyforge",
            RulesetArg::CastleRampage => "castle-rampage",
            RulesetArg::DogFight => "dog-fight",
        }
    }

    /// The built-in scenarios, as the core's catalogue lists them (ListRulesets serves
    /// the same list), with their measured balance.
    pub fn scenarios(self) -> Vec<fray_core::rulesets::ScenarioInfo> {
        fray_core::rulesets::catalogue()
            .into_iter()
            .find(|info| info.ruleset == self.core())
            .map(|info| info.scenarios)
            .unwrap_or_default()
    }

    /// The scenario `fray play` and `fray bench` deal unless told: `men-vs-fey` for
    /// the zone rulesets, the first built-in scenario otherwise (Castle Rampage:
    /// `standard`, KeyForge: `mirror`, Dog Fight: `duel`).
    pub fn default_scenario(self) -> &'static str {
        match self {
            RulesetArg::Egame | RulesetArg::Rift => "men-vs-fey",
            RulesetArg::Keyforge | RulesetArg::CastleRampage | RulesetArg::DogFight => {
                self.scenarios().first().map_or("", |s| s.name)
            }
        }
    }

    /// The built-in scenario for `players` players: the default one when it seats
    /// that many, else the first that does. Errors name the numbers there are.
    pub fn scenario_for_players(self, players: usize) -> Result<&'static str, CliError> {
        let scenarios = self.scenarios();
        let default = self.default_scenario();
        let fits: Vec<&'static str> = scenarios.iter().filter(|s| s.players == players).map(|s| s.name).collect();
        if fits.contains(&default) {
            return Ok(default);
        }
        fits.first().copied().ok_or_else(|| {
            let mut counts: Vec<usize> = scenarios.iter().map(|s| s.players).collect();
            counts.dedup();
            let counts: Vec<String> = counts.iter().map(usize::to_string).collect();
            CliError::Usage(format!(
                "--players {players}: {} has no scenario for {players} players (it has {})",
                self.name(),
                counts.join(", ")
            ))
        })
    }

    /// The number of players of scenario `name` (2 when it is not built in).
    pub fn players_of(self, name: &str) -> usize {
        self.scenarios().iter().find(|s| s.name == name).map_or(2, |s| s.players)
    }
}

/// The bot's strength: MCTS playouts per move, as `ai/src/spec.rs` calibrates them.
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
    /// Playouts per move.
    pub fn playouts(self) -> u32 {
        match self {
            Difficulty::Easy => 150,
            Difficulty::Normal => 1500,
            Difficulty::Hard => 8000,
        }
    }

    /// `easy`, `normal` or `hard`.
    pub fn name(self) -> &'static str {
        match self {
            Difficulty::Easy => "easy",
            Difficulty::Normal => "normal",
            Difficulty::Hard => "hard",
        }
    }
}

/// Who takes the first turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum First {
    /// The person (seat 0).
    You,
    /// A bot (the person sits at the last seat).
    Bot,
    /// Decided by the seed.
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
}

/// SplitMix64: a well-mixed 64-bit value from `x`.
pub fn mix(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The search seed of move `move_number` (0-based count of actions so far) of the
/// game seeded `seed`; `salt` separates the bot's searches from hints.
pub fn move_seed(seed: u64, move_number: u64, salt: u64) -> u64 {
    mix(seed ^ mix(move_number.wrapping_add(salt.wrapping_mul(0x1_0000_0000))))
}

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

/// The scenario `fray play` deals: `--scenario` when given, else the one for
/// `--players` ([`RulesetArg::scenario_for_players`]), else the ruleset's default.
/// `--players` that does not match a built-in `--scenario` is a usage error naming
/// both; a scenario that is not built in goes to the server, which lists the names.
pub fn play_scenario(ruleset: RulesetArg, scenario: Option<&str>, players: Option<usize>) -> Result<String, CliError> {
    match (scenario, players) {
        (Some(name), Some(n)) => {
            let built_in = ruleset.scenarios().iter().find(|s| s.name == name).map(|s| s.players);
            match built_in {
                Some(seats) if seats != n => Err(CliError::Usage(format!(
                    "--players {n} contradicts --scenario {name}, which is for {seats} players \
                     (leave one of them out)"
                ))),
                _ => Ok(name.to_owned()),
            }
        }
        (Some(name), None) => Ok(name.to_owned()),
        (None, Some(n)) => ruleset.scenario_for_players(n).map(str::to_owned).map_err(|_| {
            let scenarios = ruleset.scenarios();
            let mut counts: Vec<String> = scenarios.iter().map(|s| s.players.to_string()).collect();
            counts.dedup();
            let names: Vec<&str> = scenarios.iter().map(|s| s.name).collect();
            CliError::Usage(match counts.as_slice() {
                [] => format!("--players {n}: {} has no built-in scenario", ruleset.name()),
                [only] => format!("--players {n}: {} is for {only} players only (--players {only})", ruleset.name()),
                [init @ .., last] => format!(
                    "--players {n}: {} seats {} or {last} players ({})",
                    ruleset.name(),
                    init.join(", "),
                    names.join(", ")
                ),
            })
        }),
        (None, None) => Ok(ruleset.default_scenario().to_owned()),
    }
}

/// The number of seats at `state`'s table: its Dog Fight, Castle Rampage or KeyForge
/// sides, else its players; at least 2.
pub fn table_size(state: &GameState) -> u32 {
    let sides = if let Some(b) = &state.dog_fight {
        b.sides.len()
    } else if let Some(b) = &state.castle_rampage {
        b.sides.len()
    } else if let Some(b) = &state.keyforge {
        b.sides.len()
    } else {
        state.players.len()
    };
    (sides as u32).max(2)
}

const HINT_SALT: u64 = 1;

/// The last bot move, for `why`.
#[derive(Debug, Clone)]
struct BotMove {
    player: u32,
    before: GameState,
    action: Action,
    stats: Vec<ActionStat>,
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
    seed: u64,
    seats: Seats,
    style: Style,
    state: GameState,
    replay: Replay,
    path: PathBuf,
    last_bot: Option<BotMove>,
    out: &'a mut dyn Write,
    input: Lines,
}

impl Session<'_> {
    fn say(&mut self, text: &str) -> Result<(), CliError> {
        self.out.write_all(text.as_bytes()).and_then(|()| self.out.flush()).map_err(|e| stdout_error(&e))
    }

    fn bot_label(&self) -> String {
        format!("bot ({})", self.args.difficulty.name())
    }

    /// The board of `state` from the person's seat.
    fn board_text(&self, state: &GameState) -> String {
        if dog_fight::is_dog_fight(state) {
            dog_fight::render_board(state, self.seats, self.args.difficulty.name(), self.style)
        } else {
            render::render_board(state, self.seats, &self.bot_label(), self.style)
        }
    }

    fn budget(&self) -> SearchBudget {
        SearchBudget { playouts: self.args.difficulty.playouts(), time_ms: 0 }
    }

    fn save(&mut self) -> Result<(), CliError> {
        self.replay.result = Outcome::of(&self.state, self.seats);
        self.replay.save(&self.path)
    }

    async fn legal(&mut self) -> Result<Vec<Action>, CliError> {
        let request = LegalActionsRequest { state: Some(self.state.clone()) };
        Ok(self.rules.legal_actions(request).await?.into_inner().actions)
    }

    /// Applies `action` for `player`, prints it and its events, records it.
    async fn apply(&mut self, player: u32, action: Action) -> Result<(), CliError> {
        let what = view::action_text(&self.state, &action, self.seats, false);
        let request = ApplyActionRequest { state: Some(self.state.clone()), action: Some(action.clone()) };
        let applied = self.rules.apply_action(request).await?.into_inner();
        let after = applied.state.unwrap_or_default();
        let who = self.seats.name(player);
        let names = Names::for_step(self.seats, false, &self.state, &after, &applied.events);
        let head = self.style.paint(if self.seats.is_human(player) { "1;32" } else { "1;31" }, &format!("{who}:"));
        let text =
            format!("{head} {what}\n{}", indent(&trace::render_events_with(&applied.events, self.style, &names)));
        self.replay.push(player, &action, &applied.events)?;
        self.state = after;
        self.save()?;
        self.say(&text)
    }

    async fn choose(&mut self, player: u32, salt: u64) -> Result<(Action, Vec<ActionStat>), CliError> {
        let move_number = self.replay.steps.len() as u64;
        let request = ChooseActionRequest {
            state: Some(self.state.clone()),
            player,
            budget: Some(self.budget()),
            seed: move_seed(self.seed, move_number, salt),
        };
        let answer = self.agent.choose_action(request).await?.into_inner();
        let action = answer.action.ok_or_else(|| CliError::Server("ChooseAction answered no action".to_owned()))?;
        Ok((action, answer.stats))
    }

    /// [`Session::choose`] with a `(thinking…)` note on a terminal while it runs.
    async fn think(&mut self, player: u32, salt: u64) -> Result<(Action, Vec<ActionStat>), CliError> {
        if self.style.color {
            self.say(&self.style.paint("2", "(thinking…)\r"))?;
        }
        let answer = self.choose(player, salt).await;
        if self.style.color {
            self.say("\x1b[2K")?;
        }
        answer
    }

    async fn bot_turn(&mut self, player: u32) -> Result<(), CliError> {
        let (action, stats) = self.think(player, 0).await?;
        self.last_bot = Some(BotMove { player, before: self.state.clone(), action: action.clone(), stats });
        self.apply(player, action).await
    }

    fn show_board(&mut self, legal: &[Action]) -> Result<(), CliError> {
        let mut text = String::from("\n");
        text.push_str(&self.board_text(&self.state));
        text.push('\n');
        text.push_str(&render::render_menu(&self.state, legal, self.seats, self.style));
        self.say(&text)
    }

    /// The top actions of a search, by visits, with their menu numbers when known.
    /// For a bot's search (`played` is its move) in Castle Rampage, the attack cards it
    /// did not play stay unnamed: they are still in its hand, face down; in Dog Fight
    /// the same for the cards it did not play into an attack.
    fn stats_text(
        &self,
        state: &GameState,
        stats: &[ActionStat],
        legal: Option<&[Action]>,
        played: Option<&Action>,
    ) -> String {
        let mut sorted: Vec<&ActionStat> = stats.iter().collect();
        sorted.sort_by_key(|s| std::cmp::Reverse(s.visits));
        let mut out = String::new();
        for s in sorted.iter().take(5) {
            let Some(action) = &s.action else { continue };
            let number = legal
                .and_then(|l| l.iter().position(|a| a == action))
                .map_or_else(|| "    ".to_owned(), |i| format!("{:>3}:", i + 1));
            let unplayed = played.is_some_and(|p| p != action);
            let hidden_attack = castle::is_castle(state)
                && unplayed
                && matches!(action.action, Some(fray_proto::fray::v1::action::Action::Strike(_)));
            let hidden_play = dog_fight::is_dog_fight(state)
                && unplayed
                && matches!(
                    &action.action,
                    Some(fray_proto::fray::v1::action::Action::Choice(c))
                        if matches!(c.choice, Some(fray_proto::fray::v1::choice::Choice::Option(_)))
                );
            let what = if hidden_attack {
                "attack with another card of its hand".to_owned()
            } else if hidden_play {
                "play another card of its hand".to_owned()
            } else {
                view::action_text(state, action, self.seats, false)
            };
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
        let (action, stats) = self.think(self.seats.human, HINT_SALT).await?;
        let number = legal.iter().position(|a| *a == action).map_or_else(String::new, |i| format!("{} ", i + 1));
        let what = view::action_text(&self.state, &action, self.seats, false);
        let head = format!(
            "hint ({} playouts, mean reward in {} for you): play {number}— {what}\n",
            self.args.difficulty.playouts(),
            self.reward_range()
        );
        let text =
            format!("{}{}", self.style.paint("1", &head), self.stats_text(&self.state, &stats, Some(legal), None));
        self.say(&text)
    }

    fn why(&mut self) -> Result<(), CliError> {
        let text = match &self.last_bot {
            None if self.seats.players > 2 => "no bot has moved yet\n".to_owned(),
            None => "the bot has not moved yet\n".to_owned(),
            Some(m) => {
                let what = view::action_text(&m.before, &m.action, self.seats, false);
                let bot = if self.seats.players > 2 { self.seats.name(m.player) } else { "the bot".to_owned() };
                let head = format!(
                    "{bot}'s last move: {what}\nits search ({} playouts; mean reward in {} for {bot}):\n",
                    self.args.difficulty.playouts(),
                    self.reward_range()
                );
                format!(
                    "{}{}",
                    self.style.paint("1", &head),
                    self.stats_text(&m.before, &m.stats, None, Some(&m.action))
                )
            }
        };
        self.say(&text)
    }

    fn prompt(&mut self, count: usize) -> Result<(), CliError> {
        let text = format!("your move (1-{count}, or help)> ");
        // A script reading lines sees the prompt as one.
        if self.style.color { self.say(&self.style.paint("1", &text)) } else { self.say(&format!("{text}\n")) }
    }

    /// The person's turn: read lines until one names an action; `None` to quit.
    async fn human_turn(&mut self) -> Result<Option<Action>, CliError> {
        let legal = view::person_order(self.legal().await?, self.seats);
        self.show_board(&legal)?;
        loop {
            self.prompt(legal.len())?;
            let Some(line) = self.input.next().await else {
                self.say("\n(end of input)\n")?;
                return Ok(None);
            };
            let problem = match input::parse(&line) {
                Ok(None) => continue,
                Ok(Some(Command::Pick(n))) if (1..=legal.len()).contains(&n) => return Ok(Some(legal[n - 1].clone())),
                Ok(Some(Command::Pick(n))) => format!("there is no action {n}: choose 1-{}", legal.len()),
                Ok(Some(Command::Short(short))) => match input::find(&short, &legal, &self.state, self.seats) {
                    Ok(i) => return Ok(Some(legal[i].clone())),
                    Err(why) => why,
                },
                Ok(Some(Command::Hint)) => {
                    self.hint(&legal).await?;
                    continue;
                }
                Ok(Some(Command::Why)) => {
                    self.why()?;
                    continue;
                }
                Ok(Some(Command::Board)) => {
                    self.show_board(&legal)?;
                    continue;
                }
                Ok(Some(Command::Help)) => {
                    self.say(&format!("{}\n", input::help(&self.state)))?;
                    continue;
                }
                Ok(Some(Command::Quit)) => return Ok(None),
                Err(why) => why,
            };
            let text = format!("{} {problem}\n", self.style.paint("1;31", "?"));
            self.say(&text)?;
        }
    }

    async fn play(&mut self) -> Result<Ending, CliError> {
        loop {
            let Some(player) = view::to_move(&self.state) else {
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

fn indent(text: &str) -> String {
    text.lines().map(|l| format!("    {l}\n")).collect()
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
    let request = NewGameRequest { ruleset: ruleset as i32, seed, scenario: args.scenario.clone() };
    let started = rules.new_game(request).await?.into_inner();
    let state = started.state.unwrap_or_default();
    let players = table_size(&state);
    let seats = Seats { human: human_seat(args.first, seed, players), players };
    let path = replay::new_path(&args.replay_dir, replay::short_name(ruleset), &args.scenario, seed)?;
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
    let setup_events = started
        .events
        .iter()
        .map(|e| crate::json::to_value(e, crate::json::EVENT_MESSAGE))
        .collect::<Result<_, _>>()
        .map_err(|e| CliError::Output(e.to_string()))?;
    let replay = Replay {
        format: replay::FORMAT.to_owned(),
        version: replay::VERSION,
        ruleset: ruleset.as_str_name().to_owned(),
        scenario: args.scenario.clone(),
        seed,
        seats: seat_list,
        setup_events,
        steps: Vec::new(),
        result: Outcome::of(&state, seats),
    };
    let mut session =
        Session { rules, agent, args, seed, seats, style, state, replay, path, last_bot: None, out, input };
    session.save()?;
    let starter = match (seats.human, players) {
        (0, _) => "you start".to_owned(),
        (_, 2) => "the bot starts".to_owned(),
        _ => "bot 0 starts".to_owned(),
    };
    let against = if players == 2 {
        format!("the {}", session.bot_label())
    } else {
        let bots: Vec<String> = seats.bots().map(|p| p.to_string()).collect();
        format!("{} bots ({}) at seats {}", players - 1, args.difficulty.name(), bots.join(", "))
    };
    let intro = format!(
        "Fray skirmish: {} {}, seed {seed} (replay the deal with --seed {seed}), you are player {} against {against}; {starter}.\n\
         Type help for the commands. The replay is saved to {}\n",
        replay::short_name(ruleset),
        args.scenario,
        seats.human,
        session.path.display()
    );
    session.say(&style.paint("1", &intro))?;
    let names = Names::for_step(seats, false, &session.state, &session.state, &started.events);
    session.say(&indent(&trace::render_events_with(&started.events, style, &names)))?;
    let ending = session.play().await;
    // Whatever happened, the record on disk is the last good one; say where it is.
    let path = session.path.display().to_string();
    let ending = match ending {
        Ok(e) => e,
        Err(e) => {
            let _ = session.say(&format!("the game stopped; the replay so far is in {path}\n"));
            return Err(e);
        }
    };
    session.save()?;
    let outcome = Outcome::of(&session.state, seats);
    let text = match ending {
        Ending::Over => {
            let board = session.board_text(&session.state);
            let result = match outcome.winner {
                Some(w) if seats.is_human(w) => format!("you win (player {w})"),
                Some(w) if players == 2 => format!("the bot wins (player {w})"),
                Some(w) => format!("{} wins (player {w})", seats.name(w)),
                None => "a draw".to_owned(),
            };
            format!(
                "\n{board}\n{}\nreplay saved to {path}\n(check it with: fray replay {path})\n",
                style.paint("1", &format!("game over on turn {}: {result}", outcome.turn))
            )
        }
        Ending::Quit => format!("quit on turn {}: replay saved to {path}\n", outcome.turn),
    };
    session.say(&text)
}

#[cfg(test)]
mod tests {
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

    #[test]
    fn difficulties_map_to_the_agents_playouts() {
        assert_eq!(
            [Difficulty::Easy, Difficulty::Normal, Difficulty::Hard].map(Difficulty::playouts),
            [150, 1500, 8000]
        );
        assert_eq!(RulesetArg::Rift.ruleset(), Ruleset::DimensionalRift);
        assert_eq!(RulesetArg::CastleRampage.ruleset(), Ruleset::CastleRampage);
    }

    #[test]
    fn each_ruleset_has_its_own_scenarios_and_default() {
        use clap::ValueEnum as _;
        for r in RulesetArg::ALL {
            assert_eq!(r.to_possible_value().map(|v| v.get_name().to_owned()).as_deref(), Some(r.name()));
            assert!(r.scenarios().iter().any(|s| s.name == r.default_scenario()), "{r:?}");
        }
        assert_eq!(RulesetArg::value_variants(), &RulesetArg::ALL);
        assert_eq!(RulesetArg::CastleRampage.default_scenario(), "standard");
    }

    #[test]
    fn players_pick_the_scenario_and_must_agree_with_it() {
        let pick = |r: RulesetArg, scenario: Option<&str>, players| play_scenario(r, scenario, players);
        let df = RulesetArg::DogFight;
        assert_eq!(pick(df, None, None).ok().as_deref(), Some("duel"));
        assert_eq!(pick(df, None, Some(3)).ok().as_deref(), Some("trio"));
        assert_eq!(pick(df, None, Some(4)).ok().as_deref(), Some("melee"));
        assert_eq!(pick(df, Some("melee"), Some(4)).ok().as_deref(), Some("melee"));
        assert_eq!(pick(RulesetArg::Egame, None, Some(2)).ok().as_deref(), Some("men-vs-fey"));
        assert_eq!(pick(RulesetArg::Keyforge, Some("clash"), None).ok().as_deref(), Some("clash"));
        // A name that is not built in goes to the server, which lists the names.
        assert_eq!(pick(df, Some("chess"), Some(3)).ok().as_deref(), Some("chess"));
        let refused =
            |r, scenario, players| pick(r, scenario, players).err().map(|e| e.to_string()).unwrap_or_default();
        assert!(
            refused(df, None, Some(5)).contains("--players 5: dog-fight seats 2, 3 or 4 players (duel, trio, melee)")
        );
        assert!(refused(df, Some("trio"), Some(2)).contains("--players 2 contradicts --scenario trio"));
        assert!(refused(RulesetArg::CastleRampage, None, Some(3)).contains("castle-rampage is for 2 players only"));
        assert_eq!(pick(df, None, Some(5)).err().map(|e| e.exit_code()), Some(2));
    }
}
