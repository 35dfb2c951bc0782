//! The turn (docs/rules.md: "draw 2, may add one card from hand to the bottom of your Gate
//! or Castle, then play attack cards"): PHASE_DRAW, PHASE_DEPLOYMENT, PHASE_EVENT, then
//! the other player's PHASE_DRAW: the checks and steps of an action, which
//! `Game::apply` (game.rs) runs, as it lists the legal actions and who moves.
//!
//! Phases in which the active player has nothing to choose pass by themselves: DRAW
//! always, DEPLOYMENT with an empty hand, EVENT with no card that can attack. A state
//! therefore rests only where someone has a choice, and a game with a phase set is
//! terminal exactly when it has no legal action. A submitted state may still sit in
//! PHASE_DRAW; its only legal action there is `end_phase`, which draws.

use super::event::CastleEvent;
use super::{CastleCard, CastleState, Structure, rule};
use crate::error::IllegalAction;
use crate::event::{EventSink, emit};
use crate::state::{Opponent, Phase, PlayerId};
use crate::turn::TurnEndRules;

/// Cards the active player draws in PHASE_DRAW (as many as the draw pile has).
pub const CARDS_DRAWN: usize = 2;

/// The draws at the end of a turn.
const TURN_END: TurnEndRules = TurnEndRules { turn_limit: rule::TURN_LIMIT, no_progress: rule::NO_PROGRESS };

impl CastleState {
    /// A bare board has no turn structure (`castle.turn.bare`).
    pub(super) fn check_turn_structure(&self) -> Result<(), IllegalAction> {
        if self.header.phase == Phase::Bare {
            return Err(IllegalAction::new(
                rule::BARE,
                "a bare board (phase unset) has no turn structure: only attack cards are played",
            ));
        }
        Ok(())
    }

    /// Checks a reinforcement; changes nothing.
    pub(super) fn check_reinforce(&self, player: PlayerId, hand_index: u32) -> Result<(), IllegalAction> {
        self.check_turn_structure()?;
        if self.header.phase != Phase::Deployment {
            return Err(IllegalAction::new(
                rule::REINFORCE,
                format!("a card is added to the Gate or Castle only in PHASE_DEPLOYMENT, not in {}", self.header.phase),
            ));
        }
        self.check_turn(player)?;
        let hand = &self.side(player).hand;
        if usize::try_from(hand_index).ok().is_none_or(|i| i >= hand.len()) {
            return Err(IllegalAction::new(
                rule::REINFORCE,
                format!("player {} has {} cards in hand: there is no card {hand_index}", player.0, hand.len()),
            ));
        }
        Ok(())
    }

    /// Puts the active player's checked hand card at the bottom of their `structure`,
    /// face down, and ends the Deployment phase (one card per turn).
    pub(super) fn reinforce<S: EventSink<CastleEvent>>(
        &mut self,
        hand_index: usize,
        structure: Structure,
        sink: &mut S,
    ) {
        let side = &mut self.sides[self.header.active_player.index()];
        if hand_index >= side.hand.len() {
            return;
        }
        let card = side.hand.remove(hand_index);
        let id = card.id.clone();
        // Its holder knows what went face down (castle.hidden.seen).
        let card = CastleCard { seen_by: card.seen_by.with(self.header.active_player), ..card };
        side.stack_mut(structure).push(card);
        self.header.turns_without_progress = 0;
        emit(sink, rule::REINFORCE, || CastleEvent::CardReturned { card: id, to: structure.name() });
        self.enter(Phase::Event, sink);
    }

    /// Ends the current phase by the active player's choice.
    pub(super) fn end_phase<S: EventSink<CastleEvent>>(&mut self, sink: &mut S) {
        match self.header.phase {
            Phase::Begin => self.enter(Phase::Draw, sink),
            Phase::Draw => self.draw(sink),
            Phase::Deployment => self.enter(Phase::Event, sink),
            Phase::Event => self.end_turn(rule::PHASE, sink),
            Phase::Bare | Phase::GameOver => {}
        }
    }

    /// Moves on through phases in which the active player has nothing to choose.
    pub(crate) fn settle_phases<S: EventSink<CastleEvent>>(&mut self, sink: &mut S) {
        loop {
            let side = self.side(self.header.active_player);
            match self.header.phase {
                Phase::Begin => self.enter(Phase::Draw, sink),
                Phase::Draw => self.draw(sink),
                Phase::Deployment if side.hand.is_empty() => self.enter(Phase::Event, sink),
                Phase::Event if !side.can_attack() => self.end_turn(rule::PHASE, sink),
                _ => return,
            }
        }
    }

    /// PHASE_DRAW: the game is a draw if no card that can attack is left to play
    /// (`castle.turn.stalemate`) or if neither player can ever win
    /// (`castle.turn.dead_position`); otherwise the active player draws 2 (as many as
    /// the draw pile has; a drawn card becomes theirs) and moves to PHASE_DEPLOYMENT.
    fn draw<S: EventSink<CastleEvent>>(&mut self, sink: &mut S) {
        if !self.attack_cards_left() {
            self.header.end_game(None, rule::STALEMATE, sink);
            return;
        }
        if self.is_dead_position() {
            self.header.end_game(None, rule::DEAD_POSITION, sink);
            return;
        }
        let me = self.header.active_player;
        let n = CARDS_DRAWN.min(self.draw_pile.len());
        if n > 0 {
            self.header.turns_without_progress = 0;
        }
        for mut card in self.draw_pile.drain(..n) {
            card.owner = me;
            self.sides[me.index()].hand.push(card);
            emit(sink, rule::DRAW, || CastleEvent::CardDrawn { player: me });
        }
        self.enter(Phase::Deployment, sink);
    }

    /// Neither player can ever win (`castle.turn.dead_position`): for each player, every
    /// card they may still attack with (their hand and the draw pile) has an attack
    /// below the Castle defense of the other player's top Castle card.
    ///
    /// Why that is final: to win, a player must destroy every card of the other's
    /// Castle, the top one among them. That card stays on top until it is destroyed (a
    /// defender that holds goes back on top, a reinforcement goes to the bottom, and a
    /// Castle is never empty while the game goes on). Destroying it takes an attack whose
    /// strength is at least its Castle defense when it is revealed, and an attack's
    /// strength starts at its card's attack value and only falls (defenses passed, a
    /// Saboteur). The cards a player may ever attack with are in their hand or the draw
    /// pile (the discard and the stacks never go back to a hand; a losing Veteran goes
    /// back to the hand it came from).
    pub fn is_dead_position(&self) -> bool {
        let pile = self.draw_pile.iter().map(|c| c.attack).max().unwrap_or(0);
        [PlayerId(0), PlayerId(1)].into_iter().all(|me| {
            let best = self.side(me).hand.iter().map(|c| c.attack).max().unwrap_or(0).max(pile);
            self.side(me.opponent()).castle.first().is_some_and(|top| best < top.castle_defense)
        })
    }

    /// A card that can attack is in a hand or the draw pile: someone may attack again.
    /// (Cards in the Gates, Castles and the discard never return to a hand, except a
    /// losing Veteran, which is in a hand then.)
    pub fn attack_cards_left(&self) -> bool {
        self.sides.iter().any(|s| s.can_attack()) || self.draw_pile.iter().any(|c| c.can_attack())
    }

    /// Ends the turn (`why`: the rule that ends it): a draw once turn [`crate::game::MAX_TURNS`]
    /// ends (`castle.turn.limit`) or once 5 rounds passed without progress
    /// (`castle.turn.no_progress`), else the other player's PHASE_DRAW.
    pub(super) fn end_turn<S: EventSink<CastleEvent>>(&mut self, why: &'static str, sink: &mut S) {
        let next = self.header.active_player.opponent();
        if let Some(draw) = self.header.end_turn(TURN_END, 2, next, Phase::Draw, why, sink) {
            self.header.end_game(None, draw, sink);
        }
    }

    fn enter<S: EventSink<CastleEvent>>(&mut self, phase: Phase, sink: &mut S) {
        self.header.enter(phase, rule::PHASE, sink);
    }
}
