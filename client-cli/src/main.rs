//! `fray`: resolve strikes against a Fray rules server, play the skirmish against the
//! bot, check replays, run bot-vs-bot tournaments, or run a server.
#![forbid(unsafe_code)]

use std::io::Write as _;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{ArgAction, ArgMatches, Args, CommandFactory as _, FromArgMatches as _, Parser, Subcommand};
use fray_cli::error::CliError;
use fray_cli::play::{self, Difficulty, First, PlayArgs, input::Lines};
use fray_cli::replay::{self, ReplayArgs};
use fray_cli::resolve::{self, ChoiceArg, ResolveArgs, parse_zone};
use fray_cli::rulesets::{self, RulesetArg};
use fray_cli::serve;
use fray_cli::tls::TlsArgs;
use fray_cli::tournament::{self, TournamentArgs};
use fray_cli::trace::Style;
use fray_proto::fray::v1::ZoneRef;
use fray_tournament::refereed::config::{Format, SprtConfig};

/// The same allocator as `fray-server` (`fray serve` and the embedded server are that
/// server; the bots allocate in their searches too).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// Resolve card-game strikes with a Fray rules server (fray.v1 over gRPC).
#[derive(Debug, Parser)]
#[command(name = "fray", version)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Resolve a strike and print the trace (one line per event, with its rule id) and the board.
    ///
    /// FILE holds proto3 JSON: a whole ResolveStrikeRequest ({"state": ..., "strike": ...,
    /// "choices": [...]}) or a bare GameState. Options complete or override it. Without
    /// --server an embedded server is started on a free loopback port.
    ///
    /// Exit codes: 0 resolved (possibly waiting on a decision), 2 invalid input, 3 a rule
    /// refused the strike, 1 anything else.
    Resolve(ResolveCmd),
    /// Run the Rules server in the foreground until Ctrl-C or SIGTERM.
    Serve(ServeCmd),
    /// Measure speed and strength (docs/benchmarks.md); run with --release.
    Bench(fray_cli::bench::BenchArgs),
    // The words are the registry's: they name the rulesets.
    #[command(about = rulesets::PLAY_ABOUT, long_about = rulesets::PLAY_LONG_ABOUT)]
    #[command(after_long_help = fray_cli::tournament::scenarios_help())]
    Play(PlayCmd),
    /// Play a saved game again against a server and check every step's events.
    ///
    /// Exit codes: 0 every step gave the recorded events, 4 a step differs (the
    /// message names it), 2 the file is missing or not a replay, 1 anything else.
    Replay(ReplayCmd),
    #[command(about = "Bot-vs-bot tournaments: round robin or gauntlet, refereed over gRPC")]
    #[command(long_about = rulesets::TOURNAMENT_LONG_ABOUT)]
    #[command(after_long_help = fray_cli::tournament::scenarios_help())]
    Tournament(TournamentCmd),
}

#[derive(Debug, Args)]
struct TournamentCmd {
    /// Bot specs, two or more (a spec given twice plays as NAME and NAME#2).
    #[arg(value_name = "BOT", required_unless_present = "resume", conflicts_with = "resume")]
    bots: Vec<String>,
    /// The first bot plays each of the others, instead of a round robin.
    #[arg(long, conflicts_with = "resume")]
    gauntlet: bool,
    /// Games per pairing (even), or per table of --players N bots (a multiple of N!).
    #[arg(long, short = 'n', value_name = "N", default_value_t = 100, conflicts_with = "resume")]
    games: u32,
    /// Bots seated at each game (default: the scenario's number, else 2): with N > 2
    /// every N of the bots form a table (a gauntlet: the first bot with every N-1 of
    /// the others), ratings come from who finished ahead of whom (docs/tournaments.md).
    #[arg(long, value_name = "N", conflicts_with = "resume")]
    players: Option<usize>,
    /// The ruleset.
    #[arg(long, value_enum, default_value_t = RulesetArg::DEFAULT, conflicts_with = "resume")]
    ruleset: RulesetArg,
    /// The built-in scenario (default: the ruleset's most balanced one; the list and
    /// each one's balance are below).
    #[arg(long, value_name = "NAME", conflicts_with = "resume")]
    scenario: Option<String>,
    /// Round r plays the opening (NewGame seed) SEED + r.
    #[arg(long, value_name = "SEED", default_value_t = 1, conflicts_with = "resume")]
    seed: u64,
    /// Stop a two-bot match once a sequential probability ratio test decides
    /// between H0: Elo ELO0 and H1: Elo ELO1 (e.g. --sprt 0 10 0.05 0.05).
    #[arg(long, num_args = 4, value_names = ["ELO0", "ELO1", "ALPHA", "BETA"], allow_negative_numbers = true, conflicts_with = "resume")]
    sprt: Option<Vec<f64>>,
    /// Bots thinking at once on the bot threads (default: the number of cores); eight
    /// times as many games are in flight, waiting on the referee while others think.
    /// (random and greedy think on their games' own tasks, not on those threads.)
    #[arg(long, short = 'j', value_name = "N")]
    concurrency: Option<usize>,
    /// A Rules server to referee on; repeat it to share the games over several. A host
    /// name stands for every address it resolves to (e.g. the pods of a headless
    /// Service), looked up again every 5 s. Default: an embedded server on loopback.
    #[arg(long = "server", value_name = "URL", action = ArgAction::Append)]
    servers: Vec<String>,
    #[command(flatten)]
    tls: TlsArgs,
    /// Where the log and reports go (default fray-tournament, or the resumed log's directory).
    #[arg(long, value_name = "DIR")]
    out: Option<PathBuf>,
    /// Continue the tournament of this log, with its own settings.
    #[arg(long, value_name = "LOG")]
    resume: Option<PathBuf>,
    /// When --out already holds the log of a tournament with these settings, continue
    /// it instead of refusing (for a job that may start again on the same volume); a
    /// log of other settings is still refused, naming what differs.
    #[arg(long, conflicts_with = "resume")]
    resume_existing: bool,
    /// A bot whose move takes longer loses the game (e.g. 30s, 500ms).
    #[arg(long, value_name = "DURATION", default_value = "30s", value_parser = humantime::parse_duration, conflicts_with = "resume")]
    move_timeout: std::time::Duration,
    /// A bot with a time budget (mcts:time=50ms) loses once a move runs this far past it.
    #[arg(long, value_name = "DURATION", default_value = "1s", value_parser = humantime::parse_duration, conflicts_with = "resume")]
    time_margin: std::time::Duration,
    /// No progress on stderr (a bar on a terminal, else a line every few seconds);
    /// warnings are still printed.
    #[arg(long, short)]
    quiet: bool,
}

#[derive(Debug, Args)]
struct PlayCmd {
    /// The ruleset.
    #[arg(long, value_enum, default_value_t = RulesetArg::DEFAULT, conflicts_with = "resume")]
    ruleset: RulesetArg,
    #[arg(long, value_name = "NAME", help = rulesets::play_scenario_help(), conflicts_with = "resume")]
    scenario: Option<String>,
    #[arg(long, value_name = "N", help = rulesets::PLAYERS_HELP, conflicts_with = "resume")]
    players: Option<usize>,
    /// Shuffles the decks; default: from the clock (printed, to replay the deal).
    #[arg(long, value_name = "N", conflicts_with = "resume")]
    seed: Option<u64>,
    #[arg(long, value_enum, default_value = "normal", help = play::difficulty_help(), conflicts_with = "resume")]
    difficulty: Difficulty,
    /// Who takes the first turn: random (the default) picks your seat from the game's
    /// seed, so over many games you start as often as any bot and --seed N deals the
    /// same seat again; you: seat 0; bot: the last seat.
    #[arg(long, value_enum, default_value = "random", conflicts_with = "resume")]
    first: First,
    /// Where the replay file goes (created if missing).
    #[arg(long, value_name = "DIR", default_value = "fray-replays", conflicts_with = "resume")]
    replay_dir: PathBuf,
    /// Leave the phase changes out of the trace (the board's first line names the
    /// phase); without it, each turn's run of them is told on one line
    #[arg(long, short)]
    quiet: bool,
    /// Lead each line of the trace with the id of the rule that caused it (docs/rules.md)
    #[arg(long, short)]
    verbose: bool,
    /// Use the server at URL (e.g. http://127.0.0.1:50051, https:// for TLS) instead
    /// of an embedded one.
    #[arg(long, value_name = "URL")]
    server: Option<String>,
    #[command(flatten)]
    tls: TlsArgs,
    /// Go on with the game saved in FILE (a replay `fray play` wrote: quit, Ctrl-C or
    /// the end of input keep it), with its own ruleset, scenario, seed, seats and
    /// difficulty; the file goes on being rewritten.
    #[arg(long, value_name = "FILE")]
    resume: Option<PathBuf>,
}

#[derive(Debug, Args)]
struct ReplayCmd {
    /// The replay file (written by `fray play`).
    #[arg(value_name = "FILE")]
    file: PathBuf,
    /// Print only the verdict, not the game step by step.
    #[arg(long, short)]
    quiet: bool,
    /// Lead each event of the game with the id of the rule that caused it
    /// (docs/rules.md).
    #[arg(long, short)]
    verbose: bool,
    /// Use the server at URL instead of an embedded one (https:// for TLS).
    #[arg(long, value_name = "URL")]
    server: Option<String>,
    #[command(flatten)]
    tls: TlsArgs,
}

#[derive(Debug, Args)]
struct ResolveCmd {
    /// The request or state, in proto3 JSON; `-` reads stdin.
    #[arg(value_name = "FILE")]
    file: String,
    /// The attacking creature's id (sets or overrides the strike's attacker).
    #[arg(long, value_name = "ID")]
    attacker: Option<String>,
    /// The zone struck, PLAYER:INDEX (e.g. 1:3; sets or overrides the strike's target).
    #[arg(long, value_name = "PLAYER:INDEX", value_parser = parse_zone)]
    target: Option<ZoneRef>,
    #[arg(long, value_name = "ID", help = rulesets::DEFENDER_HELP)]
    defender: Option<String>,
    /// Answer the next decision: an option id, or `decline`. Repeatable, in order;
    /// appended after the file's own choices.
    #[arg(long, value_name = "ID|decline", action = ArgAction::Append)]
    choice: Vec<ChoiceArg>,
    /// Answer the next decision with this option id (same as --choice ID).
    #[arg(long, value_name = "ID", action = ArgAction::Append)]
    choose: Vec<String>,
    /// Decline the next decision (same as --choice decline).
    #[arg(long, action = ArgAction::Count)]
    decline: u8,
    /// Print the ResolveStrikeResponse as proto3 JSON instead of the trace.
    #[arg(long)]
    json: bool,
    /// Use the server at URL (e.g. http://127.0.0.1:50051, https:// for TLS) instead
    /// of an embedded one.
    #[arg(long, value_name = "URL")]
    server: Option<String>,
    #[command(flatten)]
    tls: TlsArgs,
}

#[derive(Debug, Args)]
struct ServeCmd {
    #[command(flatten)]
    options: fray_service::options::ServerOptions,
}

#[tokio::main]
async fn main() -> ExitCode {
    let matches = Cli::command().get_matches();
    let cli = match Cli::from_arg_matches(&matches) {
        Ok(cli) => cli,
        Err(e) => e.exit(),
    };
    let result = match cli.command {
        Command::Resolve(cmd) => {
            let choices = match matches.subcommand_matches("resolve") {
                Some(sub) => ordered_choices(sub, &cmd),
                None => cmd.choice.clone(),
            };
            let args = ResolveArgs {
                file: cmd.file,
                attacker: cmd.attacker,
                target: cmd.target,
                defender: cmd.defender,
                choices,
                json: cmd.json,
                server: cmd.server,
                tls: cmd.tls,
            };
            let style = Style::for_stdout(false);
            match resolve::run(&args, style).await {
                Ok(text) => print(&text),
                Err(e) => Err(e),
            }
        }
        Command::Serve(cmd) => serve::run(&cmd.options).await,
        Command::Bench(cmd) => match tokio::task::spawn_blocking(move || fray_cli::bench::run(&cmd)).await {
            Ok(result) => result,
            Err(e) => Err(CliError::Output(format!("the benchmark stopped: {e}"))),
        },
        Command::Play(cmd) => match play_scenario(&cmd) {
            Err(e) => Err(e),
            Ok(scenario) => {
                let args = PlayArgs {
                    ruleset: cmd.ruleset,
                    scenario,
                    seed: cmd.seed,
                    difficulty: cmd.difficulty,
                    first: cmd.first,
                    replay_dir: cmd.replay_dir,
                    server: cmd.server,
                    tls: cmd.tls,
                    quiet: cmd.quiet,
                    verbose: cmd.verbose,
                    resume: cmd.resume,
                };
                let style = Style::for_stdout(true);
                let mut stdout = std::io::stdout();
                quiet_broken_pipe(play::run(&args, style, Lines::stdin(), &mut stdout).await)
            }
        },
        Command::Tournament(cmd) => {
            let concurrency = cmd
                .concurrency
                .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, std::num::NonZero::get));
            let sprt = cmd.sprt.map(|v| SprtConfig { elo0: v[0], elo1: v[1], alpha: v[2], beta: v[3] });
            let args = TournamentArgs {
                bots: cmd.bots,
                format: if cmd.gauntlet { Format::Gauntlet } else { Format::RoundRobin },
                games: cmd.games,
                ruleset: cmd.ruleset,
                scenario: cmd.scenario,
                players: cmd.players,
                seed: cmd.seed,
                sprt,
                concurrency,
                servers: cmd.servers,
                tls: cmd.tls,
                out: cmd.out,
                resume: cmd.resume,
                resume_existing: cmd.resume_existing,
                move_timeout: cmd.move_timeout,
                time_margin: cmd.time_margin,
                quiet: cmd.quiet,
            };
            let mut stdout = std::io::stdout();
            quiet_broken_pipe(tournament::run(&args, &mut stdout).await)
        }
        Command::Replay(cmd) => {
            let args =
                ReplayArgs { file: cmd.file, server: cmd.server, tls: cmd.tls, quiet: cmd.quiet, verbose: cmd.verbose };
            let style = Style::for_stdout(false);
            let mut stdout = std::io::stdout();
            quiet_broken_pipe(replay::run(&args, style, &mut stdout).await)
        }
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(e.exit_code())
        }
    }
}

/// The scenario `fray play` deals; a resumed game's is its file's.
fn play_scenario(cmd: &PlayCmd) -> Result<String, CliError> {
    match cmd.resume {
        Some(_) => Ok(String::new()),
        None => rulesets::play_scenario(cmd.ruleset, cmd.scenario.as_deref(), cmd.players),
    }
}

/// `--choice`, `--choose` and `--decline` merged in the order they were given.
fn ordered_choices(sub: &ArgMatches, cmd: &ResolveCmd) -> Vec<ChoiceArg> {
    let indices = |id: &str| -> Vec<usize> { sub.indices_of(id).map(Iterator::collect).unwrap_or_default() };
    let mut all: Vec<(usize, ChoiceArg)> = Vec::new();
    all.extend(indices("choice").into_iter().zip(cmd.choice.iter().cloned()));
    all.extend(indices("choose").into_iter().zip(cmd.choose.iter().map(|id| ChoiceArg::Option(id.clone()))));
    all.extend(indices("decline").into_iter().take(usize::from(cmd.decline)).map(|i| (i, ChoiceArg::Decline)));
    all.sort_by_key(|(i, _)| *i);
    all.into_iter().map(|(_, c)| c).collect()
}

/// A closed stdout (`fray play | head`) ends the command without a message.
fn quiet_broken_pipe(result: Result<(), CliError>) -> Result<(), CliError> {
    match result {
        Err(CliError::StdoutClosed) => Ok(()),
        other => other,
    }
}

fn print(text: &str) -> Result<(), CliError> {
    let mut stdout = std::io::stdout().lock();
    match stdout.write_all(text.as_bytes()).and_then(|()| stdout.flush()) {
        Ok(()) => Ok(()),
        // A closed pipe (`fray resolve ... | head`) is not an error worth a message.
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
        Err(e) => Err(CliError::Output(format!("stdout: {e}"))),
    }
}
