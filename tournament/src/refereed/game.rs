//! One tournament game: the referee deals it and judges every action; the bots think
//! in this process, on the tournament's bot threads ([`Thinkers`]), or the one-ply
//! bots here on the game's task ([`Thinkers::think_here`]), so a bot that panics or
//! runs past its time loses the game instead of stopping the tournament.

use std::sync::Arc;
use std::time::Instant;

use fray_ai::{BuildBot, StateBot};
use fray_proto::fray::v1::{Event, GameState, Phase, Ruleset, event};
use tonic::Code;

use super::calls::CallError;
use super::config::{Player, Slot};
use super::error::TournamentError;
use super::log::{Forfeit, GameRecord, RunInfo};
use super::referee::Referee;
use super::thinkers::{Thinkers, Thought};
use crate::places::Eliminations;
use crate::proto_json::{ACTION_MESSAGE, to_value};
use crate::seeds::move_seed;

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
    /// The bot threads, `--concurrency` of them: more games are in flight than bots
    /// think at once, since a game spends most of its time waiting on the referee.
    pub thinkers: Thinkers,
}

/// Plays game `slot` to the end (or to a forfeit). Errors are the referee's: the
/// game could not be judged, and the tournament stops so it can be resumed.
pub async fn play(table: &Table, slot: Slot) -> Result<GameRecord, TournamentError> {
    let started = Instant::now();
    let players: Vec<&Player> = slot.seats.iter().map(|&s| &table.players[s]).collect();
    let (mut state, start) = deal(table, &slot, players.len()).await?;
    let mut bots: Vec<Option<Box<dyn StateBot>>> = players.iter().map(|p| Some(p.spec.state_bot(&start))).collect();
    let mut course = Course::new(players.len());
    // A skirmish is over exactly when no action is legal (LegalActions is empty then,
    // docs/api.md): the state the referee answered says so, and needs no call.
    while state.phase != Phase::GameOver as i32 {
        let core = core_of(&state)?;
        let Some(seat) = core.to_move().map(|p| p.index()) else {
            return Err(TournamentError::Server("the game is not over, but the rules let nobody move".to_owned()));
        };
        let Some(bot) = bots.get_mut(seat).and_then(Option::take) else {
            return Err(TournamentError::Server("a bot was lost mid-game".to_owned()));
        };
        let seed =
            move_seed(table.seed ^ slot.game.wrapping_mul(0x9E37_79B9_7F4A_7C15), course.actions.len() as u64, 0);
        let player = players[seat];
        let (thought, ms) = if player.spec.thinks_inline() {
            Thinkers::think_here(bot, core, seed, player.move_limit)
        } else {
            table.thinkers.think(bot, core, seed, player.move_limit).await?
        };
        course.timed(seat, ms);
        let action = match thought {
            Thought::Chose(bot, action) => {
                bots[seat] = Some(bot);
                action
            }
            Thought::Failed(reason) => {
                course.forfeit = Some(Forfeit { seat: seat as u32, reason });
                break;
            }
        };
        let applied = match table.referee.apply(&state, &action).await {
            Ok(applied) => applied,
            Err(CallError::Refused(status))
                if matches!(status.code(), Code::InvalidArgument | Code::FailedPrecondition) =>
            {
                let reason = format!("chose an action the referee refused: {}", status.message());
                course.forfeit = Some(Forfeit { seat: seat as u32, reason });
                break;
            }
            Err(e) => return Err(e.into()),
        };
        course.saw(&applied.events);
        course.actions.push(to_value(&action, ACTION_MESSAGE).map_err(|e| TournamentError::Output(e.to_string()))?);
        state = applied.state.ok_or_else(|| TournamentError::Server("ApplyAction answered no state".to_owned()))?;
    }
    Ok(course.record(&slot, &players, &state, started))
}

/// Game `slot` dealt by the referee: its state, and the core's, which seats `seats`.
async fn deal(table: &Table, slot: &Slot, seats: usize) -> Result<(GameState, fray_core::GameState), TournamentError> {
    let dealt = table.referee.new_game(table.ruleset, slot.seed, &table.scenario).await?;
    let state = dealt.state.ok_or_else(|| TournamentError::Server("NewGame answered no state".to_owned()))?;
    let start = core_of(&state)?;
    if start.num_players() != seats {
        return Err(TournamentError::Usage(format!(
            "scenario {} seats {} players, but the tournament seats {seats} bots a game: pass --players {}",
            table.scenario,
            start.num_players(),
            start.num_players()
        )));
    }
    Ok((state, start))
}

/// A game as it goes: its actions, each seat's thinking, who went out, how it ended.
struct Course {
    actions: Vec<serde_json::Value>,
    think_ms: Vec<u64>,
    max_move_ms: Vec<u64>,
    moves: Vec<u64>,
    eliminations: Eliminations,
    end_rule: Option<String>,
    forfeit: Option<Forfeit>,
}

impl Course {
    /// A game of `n` seats, before its first move.
    fn new(n: usize) -> Self {
        Self {
            actions: Vec::new(),
            think_ms: vec![0; n],
            max_move_ms: vec![0; n],
            moves: vec![0; n],
            eliminations: Eliminations::new(n),
            end_rule: None,
            forfeit: None,
        }
    }

    /// `seat` thought a move for `ms` milliseconds.
    fn timed(&mut self, seat: usize, ms: u64) {
        self.think_ms[seat] += ms;
        self.max_move_ms[seat] = self.max_move_ms[seat].max(ms);
        self.moves[seat] += 1;
    }

    /// The events of the action about to be recorded: the game's end, players out.
    fn saw(&mut self, events: &[Event]) {
        for e in events {
            match &e.kind {
                Some(event::Kind::GameOver(_)) => self.end_rule = Some(e.rule.clone()),
                Some(event::Kind::PlayerOut(out)) => {
                    self.eliminations.out(out.player as usize, self.actions.len() as u64);
                }
                _ => {}
            }
        }
    }

    /// The record of the game `slot` of `players`, over in `state` (or by a forfeit),
    /// begun at `started`.
    fn record(self, slot: &Slot, players: &[&Player], state: &GameState, started: Instant) -> GameRecord {
        let Self { actions, think_ms, max_move_ms, moves, eliminations, end_rule, forfeit } = self;
        let n = players.len();
        // A forfeit loses: with two players the other seat wins; with more nobody does,
        // and the forfeiting seat takes the last place.
        let winner = match &forfeit {
            Some(f) if n == 2 => Some(1 - f.seat),
            Some(_) => None,
            None => state.winner,
        };
        let places = eliminations.places(winner.map(|w| w as usize), forfeit.as_ref().map(|f| f.seat as usize));
        let two = n == 2;
        GameRecord {
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
        }
    }
}

/// The core's state of a state the referee answered.
fn core_of(state: &GameState) -> Result<fray_core::GameState, TournamentError> {
    fray_service::convert::game_state(state.clone())
        .map_err(|e| TournamentError::Server(format!("the server answered a state this build cannot read: {e}")))
}
