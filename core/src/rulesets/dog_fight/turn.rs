//! The turn: in PHASE_EVENT each vessel of the active player may attack once, then
//! `end_phase` passes the turn to the next player in seat order who is still in: the
//! checks and the end of a turn, which `Game::apply` (game.rs) runs, as it lists the
//! legal actions and who moves.

use super::event::DfEvent;
use super::{DfAction, DfEffect, DogFightState, Vessel, rule};
use crate::error::IllegalAction;
use crate::event::EventSink;
use crate::state::{Phase, PlayerId};
use crate::turn::TurnEndRules;

/// The draws at the end of a turn.
const TURN_END: TurnEndRules = TurnEndRules { turn_limit: rule::TURN_LIMIT, no_progress: rule::NO_PROGRESS };

impl DogFightState {
    /// The attacks of `player`'s vessels (every player's when `None`).
    pub(super) fn attacks_into(&self, player: Option<PlayerId>, out: &mut Vec<DfAction>) {
        for (i, a) in self.vessels.iter().enumerate() {
            if a.attacked || player.is_some_and(|p| a.controller != p) {
                continue;
            }
            for (j, d) in self.vessels.iter().enumerate() {
                if d.controller != a.controller && a.reaches(d) {
                    out.push(DfAction::Attack { attacker: i as u8, defender: j as u8 });
                }
            }
        }
    }

    /// An attack is legal: PHASE_EVENT (or a bare board), the active player's vessel
    /// that has not attacked, on another player's vessel within its range.
    pub(super) fn check_attack(&self, attacker: usize, defender: usize) -> Result<(), IllegalAction> {
        self.header.check_event_phase(rule::EVENT_PHASE, "attacks")?;
        let (Some(a), Some(d)) = (self.vessels.get(attacker), self.vessels.get(defender)) else {
            return Err(IllegalAction::new(rule::TARGET, "no such vessel"));
        };
        self.header.check_active(a.controller, rule::EVENT_PHASE, |active| {
            format!("{} is player {}'s: only the active player (player {}) attacks", a.id, a.controller.0, active.0)
        })?;
        if a.attacked {
            return Err(IllegalAction::new(rule::TARGET, format!("{} has attacked this turn already", a.id)));
        }
        if d.controller == a.controller {
            return Err(IllegalAction::new(
                rule::TARGET,
                format!("{} is {}'s own side: attack another player's vessel", d.id, a.id),
            ));
        }
        if !a.reaches(d) {
            return Err(IllegalAction::new(
                rule::RANGE,
                format!(
                    "{} is {} squares away, beyond {}'s range {}",
                    d.id,
                    (a.x - d.x).abs().max((a.y - d.y).abs()),
                    a.id,
                    a.range
                ),
            ));
        }
        Ok(())
    }

    /// The end of the turn: the vessels may attack again, and the next player in seat
    /// order who is still in takes the turn; a draw once turn 60 ends, once 5 rounds
    /// passed without progress (`dogfight.turn.no_progress`), when no vessel reaches an
    /// enemy vessel (vessels do not move, so nobody ever could again), or when no damage
    /// can ever reach a hull again (`dogfight.turn.dead_position`).
    pub(super) fn end_turn<S: EventSink<DfEvent>>(&mut self, sink: &mut S) {
        for v in &mut self.vessels {
            v.attacked = false;
        }
        let n = self.players();
        let next = (1..=n)
            .map(|k| PlayerId(((usize::from(self.header.active_player.0) + k) % n) as u8))
            .find(|&p| self.is_in(p))
            .unwrap_or(self.header.active_player);
        let players_in = self.players_in().count();
        if let Some(draw) = self.header.end_turn(TURN_END, players_in, next, Phase::Event, rule::TURN, sink) {
            self.header.end_game(None, draw, sink);
            return;
        }
        let mut any = Vec::new();
        self.attacks_into(None, &mut any);
        if any.is_empty() {
            self.header.end_game(None, rule::STALEMATE, sink);
        } else if self.is_dead_position() {
            self.header.end_game(None, rule::DEAD_POSITION, sink);
        }
    }

    /// No hull can ever be damaged again (`dogfight.turn.dead_position`), so nobody
    /// goes out and the result is fixed: for every vessel and every enemy vessel it
    /// reaches, its attack plus every Direct Hit in its player's hand is at most the
    /// target's shields, armor and other absorbers together; and every Return Fire in a
    /// hand deals no more than those of each enemy vessel that reaches a vessel of that
    /// hand's player.
    ///
    /// Why that is final: a hull is damaged only by an attack's damage or by Return
    /// Fire, each reduced by the struck vessel's shields, armor and absorbers, none used
    /// up (`dogfight.mitigate`); an Armor Boost only adds to them and a miss or a
    /// negation only takes damage away. An attack deals at most its vessel's attack
    /// value plus the Direct Hits its player plays, and hands only shrink (no card is
    /// ever drawn), vessels never move and their values never change.
    pub fn is_dead_position(&self) -> bool {
        let guard = |v: &Vessel| v.shields.max(0) + v.armor.max(0) + v.absorb.max(0);
        let in_hand = |p: PlayerId, effect: DfEffect| {
            self.sides.get(p.index()).into_iter().flat_map(|s| &s.hand).filter(move |c| c.effect == effect)
        };
        for a in &self.vessels {
            let direct_hits: i32 = in_hand(a.controller, DfEffect::DirectHit).map(|c| c.amount.max(0)).sum();
            for t in self.vessels.iter().filter(|t| t.controller != a.controller && a.reaches(t)) {
                if a.attack.saturating_add(direct_hits) > guard(t) {
                    return false;
                }
                if in_hand(t.controller, DfEffect::ReturnFire).any(|c| c.amount > guard(a)) {
                    return false;
                }
            }
        }
        true
    }
}
