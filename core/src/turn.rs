//! The turn header every ruleset's state keeps ([`TurnHeader`]: whose turn, which turn
//! and phase, the winner, the no-progress count) and what every ruleset does with it
//! alike: the first turn, who moves, no action once the game is over, entering a phase,
//! ending the game, and the end of a turn (the turn limit, the no-progress rule, then
//! the next turn). Its plain data is [`crate::setup::TurnSetup`]; a ruleset's own
//! pending decision stays in its state.

use crate::error::IllegalAction;
use crate::event::{EventSink, SharedEvent, emit};
use crate::game::{MAX_TURNS, Outcome, no_progress_turns};
use crate::setup::{DecisionSetup, TurnSetup, progress_count, turn_fields};
use crate::state::{Phase, PlayerId};

/// The turn fields of a validated state, the same in every ruleset.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct TurnHeader {
    /// Whose turn it is (on a bare board, whoever acted last where the ruleset says so).
    pub active_player: PlayerId,
    /// 1-based turn (0 on a bare board that gave none).
    pub turn: u32,
    /// The phase (`Bare`: a bare board, no turn structure).
    pub phase: Phase,
    /// The winner once the game is over (`None` with [`Phase::GameOver`] is a draw).
    pub winner: Option<PlayerId>,
    /// The turns begun since the last progress (each ruleset's `no_progress` rule,
    /// [`crate::game::NO_PROGRESS_ROUNDS`]): a new turn adds 1, progress sets it to 0.
    pub turns_without_progress: u32,
}

/// The rule ids of a ruleset's two draws at the end of a turn.
#[derive(Debug, Clone, Copy)]
pub(crate) struct TurnEndRules {
    /// The draw once turn [`MAX_TURNS`] ends.
    pub turn_limit: &'static str,
    /// The draw once [`crate::game::NO_PROGRESS_ROUNDS`] rounds passed without progress.
    pub no_progress: &'static str,
}

impl TurnHeader {
    /// A skirmish's first turn: player 0's turn 1 in `phase`, told as `PhaseChanged`
    /// by the rule `why` (the ruleset's deal).
    pub(crate) fn first<K: From<SharedEvent>, S: EventSink<K>>(phase: Phase, why: &'static str, sink: &mut S) -> Self {
        let mut header =
            TurnHeader { active_player: PlayerId(0), turn: 1, phase, winner: None, turns_without_progress: 0 };
        header.enter(phase, why, sink);
        header
    }

    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        self.phase == Phase::GameOver
    }

    /// How the game ended, once it has.
    pub fn outcome(&self) -> Option<Outcome> {
        self.is_over().then(|| self.winner.map_or(Outcome::Draw, Outcome::Win))
    }

    /// Who decides next, as every ruleset has it: nobody once the game is over; else
    /// the pending decision's `chooser`; else the active player, on a bare board (no
    /// turn structure) only while `bare_can_act` says they have a legal action. (No
    /// ruleset lets a decision wait once its game is over.)
    pub(crate) fn to_move(self, chooser: Option<PlayerId>, bare_can_act: impl FnOnce() -> bool) -> Option<PlayerId> {
        if self.is_over() {
            return None;
        }
        if chooser.is_some() {
            return chooser;
        }
        match self.phase {
            Phase::Bare => bare_can_act().then_some(self.active_player),
            _ => Some(self.active_player),
        }
    }

    /// Refuses every action once the game is over, by the ruleset's `game_over` rule.
    pub(crate) fn check_not_over(&self, game_over: &'static str) -> Result<(), IllegalAction> {
        if self.is_over() {
            return Err(IllegalAction::new(game_over, "the game is over: no action is legal"));
        }
        Ok(())
    }

    /// Refuses a move that only the Event phase allows (a bare board, with no turn
    /// structure, allows it too) by the rule `rule`: `what` happens ("attacks", "strikes
    /// happen") only in PHASE_EVENT.
    pub(crate) fn check_event_phase(&self, rule: &'static str, what: &str) -> Result<(), IllegalAction> {
        if !matches!(self.phase, Phase::Event | Phase::Bare) {
            return Err(IllegalAction::new(rule, format!("{what} only in PHASE_EVENT, not in {}", self.phase)));
        }
        Ok(())
    }

    /// Refuses a move of a piece of `owner`'s on another player's turn by the rule
    /// `rule`, in the words `why` gives from the active player; on a bare board (no turn
    /// structure) any player's pieces move.
    pub(crate) fn check_active(
        &self,
        owner: PlayerId,
        rule: &'static str,
        why: impl FnOnce(PlayerId) -> String,
    ) -> Result<(), IllegalAction> {
        if self.phase != Phase::Bare && owner != self.active_player {
            return Err(IllegalAction::new(rule, why(self.active_player)));
        }
        Ok(())
    }

    /// The header as plain data, with the ruleset's pending decision as plain data.
    pub(crate) fn to_setup(self, pending: Option<DecisionSetup>) -> TurnSetup {
        TurnSetup {
            active_player: u32::from(self.active_player.0),
            turn: self.turn,
            phase: self.phase.wire(),
            winner: self.winner.map(|w| u32::from(w.0)),
            pending,
            turns_without_progress: self.turns_without_progress,
        }
    }

    /// Enters `phase`, told as `PhaseChanged` by the rule `why`.
    pub(crate) fn enter<K: From<SharedEvent>, S: EventSink<K>>(
        &mut self,
        phase: Phase,
        why: &'static str,
        sink: &mut S,
    ) {
        self.phase = phase;
        let (turn, active_player) = (self.turn, self.active_player);
        emit(sink, why, || SharedEvent::PhaseChanged { phase, turn, active_player });
    }

    /// Ends the game with `winner` (`None`: a draw), told as `GameOver` by the rule `why`.
    pub(crate) fn end_game<K: From<SharedEvent>, S: EventSink<K>>(
        &mut self,
        winner: Option<PlayerId>,
        why: &'static str,
        sink: &mut S,
    ) {
        self.phase = Phase::GameOver;
        self.winner = winner;
        emit(sink, why, || SharedEvent::GameOver { winner });
    }

    /// The end of a turn, as every ruleset has it: the game is a draw once turn
    /// [`MAX_TURNS`] ends or once `players_in` players (those still in) have played
    /// [`crate::game::NO_PROGRESS_ROUNDS`] rounds without progress; that draw's rule
    /// is returned and nothing changes (the ruleset ends the game). Otherwise the next
    /// turn begins: its number, one more turn without progress, `next` to move, and
    /// `phase` entered by the rule `why`.
    #[must_use]
    pub(crate) fn end_turn<K: From<SharedEvent>, S: EventSink<K>>(
        &mut self,
        rules: TurnEndRules,
        players_in: usize,
        next: PlayerId,
        phase: Phase,
        why: &'static str,
        sink: &mut S,
    ) -> Option<&'static str> {
        if self.turn >= MAX_TURNS {
            return Some(rules.turn_limit);
        }
        if self.turns_without_progress >= no_progress_turns(players_in) {
            return Some(rules.no_progress);
        }
        self.turn += 1;
        self.turns_without_progress = self.turns_without_progress.saturating_add(1);
        self.active_player = next;
        self.enter(phase, why, sink);
        None
    }
}

/// The [`crate::game::Game`] methods every ruleset answers alike from its turn header
/// (`self.header`, a [`TurnHeader`]) and its rule ids, written inside its `impl Game`:
/// how the game ended, the rule that refuses every action once it is over, the rule of
/// the draw at the turn limit, and the turn number.
macro_rules! header_game_fns {
    (game_over: $game_over:path, turn_limit: $turn_limit:path $(,)?) => {
        fn outcome(&self) -> Option<$crate::game::Outcome> {
            self.header.outcome()
        }

        fn game_over_rule(&self) -> &'static str {
            $game_over
        }

        fn turn_limit_rule(&self) -> &'static str {
            $turn_limit
        }

        fn turn(&self) -> u32 {
            self.header.turn
        }
    };
}
pub(crate) use header_game_fns;

impl TurnSetup {
    /// The header of a two-seat ruleset checked, once its `phase` is read (the
    /// ruleset's own phases): [`turn_fields`], then [`progress_count`]. `pending` is
    /// the ruleset's to check. (Here rather than in `setup.rs`, which the turn reads:
    /// the plain data stays below the validated header.)
    pub(crate) fn check(&self, v: &mut crate::error::Violations, phase: Phase) -> TurnHeader {
        let (active_player, winner) = turn_fields(v, self.active_player, self.turn, self.winner, phase);
        let turns_without_progress = progress_count(v, self.turns_without_progress, self.turn);
        TurnHeader { active_player, turn: self.turn, phase, winner, turns_without_progress }
    }
}
