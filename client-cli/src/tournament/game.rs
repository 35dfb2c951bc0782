//! One tournament game: the referee deals it and judges every action; the bots think
//! in this process, each move on a blocking thread, so a bot that panics or runs past
//! its time loses the game instead of stopping the tournament.

use std::any::Any;
use std::cell::RefCell;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::{Arc, Once};
use std::time::{Duration, Instant};

use fray_ai::places::Eliminations;
use fray_ai::{BotError, BuildBot, Decision, StateBot};
use fray_core::ActionSetup;
use fray_core::GameState;
use fray_proto::fray::v1::{self as pb, Phase, Ruleset, event};
use fray_service::convert;
use tonic::Code;

use super::config::{Player, Slot};
use super::log::{Forfeit, GameRecord, RunInfo};
use super::referee::{CallError, Referee};
use crate::error::CliError;
use crate::json::{ACTION_MESSAGE, to_value};
use crate::play::move_seed;

/// What a game needs besides its slot.
pub struct Table {
    /// The referee.
    pub referee: Arc<Referee>,
    /// Every player, by index.
    pub players: Arc<[Player]>,
    /// The ruleset.
    pub ruleset: Ruleset,
    /// The scenario.
    pub scenario: String,
    /// The tournament seed (the bots' search seeds derive from it).
    pub seed: u64,
}

thread_local! {
    /// The last panic on this thread, as the panic hook saw it (message and place).
    static LAST_PANIC: RefCell<Option<String>> = const { RefCell::new(None) };
}

/// Installs (once) a panic hook that keeps a bot's panic out of the terminal and
/// hands its message to [`think`]; panics elsewhere still print as before.
fn quiet_bot_panics() {
    static HOOK: Once = Once::new();
    HOOK.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            let in_bot = LAST_PANIC.with(|p| p.borrow().is_some());
            if in_bot {
                let place = info.location().map(|l| format!(" (at {}:{})", l.file(), l.line())).unwrap_or_default();
                let text = format!("{}{place}", panic_text(info.payload()));
                LAST_PANIC.with(|p| *p.borrow_mut() = Some(text));
            } else {
                previous(info);
            }
        }));
    });
}

fn panic_text(payload: &(dyn Any + Send)) -> String {
    payload
        .downcast_ref::<&str>()
        .map(|s| (*s).to_owned())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "a panic".to_owned())
}

/// How a move went.
enum Thought {
    Chose(Box<dyn StateBot>, Decision<ActionSetup>),
    Failed(String),
}

/// Runs `bot.choose` on a thread of its own with a time limit. A bot past its time
/// is left to finish on its own (a thread cannot be stopped); its answer is dropped,
/// and the process does not wait for it when it exits.
async fn think(mut bot: Box<dyn StateBot>, state: GameState, seed: u64, limit: Duration) -> Result<Thought, CliError> {
    let (tx, rx) = tokio::sync::oneshot::channel();
    std::thread::Builder::new()
        .name("fray-bot".to_owned())
        .spawn(move || {
            // Armed: the hook records instead of printing while the bot runs here.
            LAST_PANIC.with(|p| *p.borrow_mut() = Some(String::new()));
            let answer = catch_unwind(AssertUnwindSafe(|| bot.choose(&state, seed)));
            let seen = LAST_PANIC.with(|p| p.borrow_mut().take()).unwrap_or_default();
            let thought = match answer {
                Ok(Ok(decision)) => Thought::Chose(bot, decision),
                Ok(Err(BotError::GameOver)) => Thought::Failed("answered that the game is over".to_owned()),
                Ok(Err(e)) => Thought::Failed(format!("failed: {e}")),
                Err(payload) => Thought::Failed(if seen.is_empty() {
                    format!("panicked: {}", panic_text(&*payload))
                } else {
                    format!("panicked: {seen}")
                }),
            };
            // The receiver is gone when the bot ran past its time.
            let _ = tx.send(thought);
        })
        .map_err(|e| CliError::Output(format!("cannot start a thread for a bot: {e}")))?;
    Ok(match tokio::time::timeout(limit, rx).await {
        Ok(Ok(thought)) => thought,
        Ok(Err(_)) => Thought::Failed("its thread ended without an answer".to_owned()),
        Err(_) => Thought::Failed(format!("ran past its time: no answer within {} ms", limit.as_millis())),
    })
}

/// The core state of a wire state, for the bots.
fn core_state(state: &pb::GameState) -> Result<GameState, CliError> {
    convert::game_state(state.clone())
        .map_err(|e| CliError::Server(format!("the referee answered a state this build cannot read: {e}")))
}

/// Plays game `slot` to the end (or to a forfeit). Errors are the referee's: the
/// game could not be judged, and the tournament stops so it can be resumed.
pub async fn play(table: &Table, slot: Slot) -> Result<GameRecord, CliError> {
    quiet_bot_panics();
    let started = Instant::now();
    let players: Vec<&Player> = slot.seats.iter().map(|&s| &table.players[s]).collect();
    let dealt = table.referee.new_game(table.ruleset, slot.seed, &table.scenario).await?;
    let mut state = dealt.state.ok_or_else(|| CliError::Server("NewGame answered no state".to_owned()))?;
    let start = core_state(&state)?;
    let n = players.len();
    if start.num_players() != n {
        return Err(CliError::Usage(format!(
            "scenario {} seats {} players, but the tournament seats {n} bots a game: pass --players {}",
            table.scenario,
            start.num_players(),
            start.num_players()
        )));
    }
    let mut bots: Vec<Option<Box<dyn StateBot>>> = players.iter().map(|p| Some(p.spec.state_bot(&start))).collect();
    let mut actions = Vec::new();
    let mut think_ms = vec![0u64; n];
    let mut max_move_ms = vec![0u64; n];
    let mut moves = vec![0u64; n];
    let mut eliminations = Eliminations::new(n);
    let mut end_rule = None;
    let mut forfeit = None;
    loop {
        let legal = table.referee.legal_actions(&state).await?;
        if legal.is_empty() {
            break;
        }
        let core = core_state(&state)?;
        let Some(seat) = core.to_move().map(|p| p.index()) else {
            return Err(CliError::Server("the referee lists legal actions but nobody is to move".to_owned()));
        };
        let Some(bot) = bots.get_mut(seat).and_then(Option::take) else {
            return Err(CliError::Server("a bot was lost mid-game".to_owned()));
        };
        let seed = move_seed(table.seed ^ slot.game.wrapping_mul(0x9E37_79B9_7F4A_7C15), actions.len() as u64, 0);
        let clock = Instant::now();
        let thought = think(bot, core, seed, players[seat].move_limit).await?;
        let ms = clock.elapsed().as_millis() as u64;
        think_ms[seat] += ms;
        max_move_ms[seat] = max_move_ms[seat].max(ms);
        moves[seat] += 1;
        let decision = match thought {
            Thought::Chose(bot, decision) => {
                bots[seat] = Some(bot);
                decision
            }
            Thought::Failed(reason) => {
                forfeit = Some(Forfeit { seat: seat as u32, reason });
                break;
            }
        };
        let action = convert::action_from_setup(&decision.action);
        let applied = match table.referee.apply(&state, &action).await {
            Ok(applied) => applied,
            Err(CallError::Refused(status))
                if matches!(status.code(), Code::InvalidArgument | Code::FailedPrecondition) =>
            {
                let reason = format!("chose an action the referee refused: {}", status.message());
                forfeit = Some(Forfeit { seat: seat as u32, reason });
                break;
            }
            Err(e) => return Err(e.into()),
        };
        for e in &applied.events {
            match &e.kind {
                Some(event::Kind::GameOver(_)) => end_rule = Some(e.rule.clone()),
                Some(event::Kind::PlayerOut(out)) => eliminations.out(out.player as usize, actions.len() as u64),
                _ => {}
            }
        }
        actions.push(to_value(&action, ACTION_MESSAGE).map_err(|e| CliError::Output(e.to_string()))?);
        state = applied.state.ok_or_else(|| CliError::Server("ApplyAction answered no state".to_owned()))?;
    }
    // A forfeit loses: with two players the other seat wins; with more nobody does,
    // and the forfeiting seat takes the last place.
    let winner = match &forfeit {
        Some(f) if n == 2 => Some(1 - f.seat),
        Some(_) => None,
        None if state.phase == Phase::GameOver as i32 => state.winner,
        None => return Err(CliError::Server("no action is legal but the game is not over".to_owned())),
    };
    let places = eliminations.places(winner.map(|w| w as usize), forfeit.as_ref().map(|f| f.seat as usize));
    let two = n == 2;
    Ok(GameRecord {
        game: slot.game,
        round: slot.round,
        seed: slot.seed,
        seats: slot.seats.iter().map(|&s| s as u32).collect(),
        players: players.iter().map(|p| p.name.clone()).collect(),
        result: if two { GameRecord::result_text(winner).to_owned() } else { GameRecord::places_text(&places) },
        winner,
        places: if two { Vec::new() } else { places.as_slice().iter().map(|&p| u32::from(p)).collect() },
        turns: state.turn,
        end_rule: if forfeit.is_some() { None } else { end_rule },
        forfeit,
        actions,
        run: RunInfo {
            ms: started.elapsed().as_millis() as u64,
            think_ms,
            max_move_ms,
            moves: if two { Vec::new() } else { moves },
        },
    })
}
