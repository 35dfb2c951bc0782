//! The skirmish turn (docs/rules.md: "each ready creature may fight or reap (gain 1 amber)
//! once per turn; 6 amber forges a key at the start of your turn; 3 keys win;
//! everything readies and armor/elusive reset at end of turn"): PHASE_BEGIN (forge),
//! PHASE_EVENT (fights and reaps, then end_phase), then the other player's PHASE_BEGIN.
//! The checks and steps of an action, which `Game::apply` (game.rs) runs, as it lists
//! the legal actions and who moves.
//!
//! PHASE_BEGIN has nothing to choose and passes by itself, so a game rests only in
//! PHASE_EVENT or at a decision, and is terminal exactly when no action is legal. A
//! bare board (phase unset) has no turn: only fights, by either side's creatures (the
//! fighting creature's controller becomes the active player, who orders its items).

use super::event::KfEvent;
use super::{KEY_COST, KEYS_TO_WIN, KeyforgeState, KfAction, Slot, rule};
use crate::error::IllegalAction;
use crate::event::{EventSink, emit};
use crate::state::{Opponent, Phase, PlayerId};
use crate::turn::TurnEndRules;

/// The draws at the end of a turn.
const TURN_END: TurnEndRules = TurnEndRules { turn_limit: rule::TURN_LIMIT, no_progress: rule::NO_PROGRESS };

impl KeyforgeState {
    /// The fights `player`'s ready creatures may start.
    pub(super) fn fights_into(&self, player: PlayerId, out: &mut Vec<KfAction>) {
        let enemy = player.opponent();
        for (i, a) in self.side(player).battleline.iter().enumerate() {
            if a.exhausted {
                continue;
            }
            for j in 0..self.side(enemy).battleline.len() {
                let defender = Slot { side: enemy, index: j as u8 };
                if self.taunt_allows(defender) {
                    out.push(KfAction::Fight { attacker: Slot { side: player, index: i as u8 }, defender });
                }
            }
        }
    }

    /// A creature may be used: PHASE_EVENT (or a bare board), the active player's, ready.
    pub(super) fn check_use(&self, slot: Slot) -> Result<(), IllegalAction> {
        self.header.check_event_phase(rule::EVENT_PHASE, "creatures are used")?;
        self.header.check_active(slot.side, rule::ACTIVE_PLAYER, |active| {
            format!("only the active player (player {}) uses creatures", active.0)
        })?;
        let Some(c) = self.at(slot) else {
            return Err(IllegalAction::new(rule::READY, "no creature stands there"));
        };
        if c.exhausted {
            return Err(IllegalAction::new(rule::READY, format!("{} is exhausted: it was used this turn", c.id)));
        }
        Ok(())
    }

    /// The attacked creature is an enemy creature in play that taunt does not shield.
    pub(super) fn check_target(&self, attacker: Slot, defender: Slot) -> Result<(), IllegalAction> {
        let Some(d) = self.at(defender) else {
            return Err(IllegalAction::new(rule::FIGHT_TARGET, "no creature stands there to fight"));
        };
        if defender.side == attacker.side {
            return Err(IllegalAction::new(
                rule::FIGHT_TARGET,
                format!("{} is on the same side: a creature fights an enemy creature", d.id),
            ));
        }
        if !self.taunt_allows(defender) {
            return Err(IllegalAction::new(
                rule::TAUNT,
                format!("{} stands next to a creature with taunt and has no taunt itself", d.id),
            ));
        }
        Ok(())
    }

    /// Ends PHASE_EVENT (the turn) or PHASE_BEGIN.
    pub(super) fn end_phase<S: EventSink<KfEvent>>(&mut self, sink: &mut S) -> Result<(), IllegalAction> {
        match self.header.phase {
            Phase::Bare => {
                Err(IllegalAction::new(rule::BARE, "a bare board (phase unset) has no turn structure: only fights"))
            }
            Phase::Event => {
                self.end_turn(sink);
                Ok(())
            }
            // PHASE_BEGIN passes by itself once `apply` returns.
            _ => Ok(()),
        }
    }

    /// The end of the turn: every creature readies, armor and elusive reset; a draw
    /// once turn [`crate::game::MAX_TURNS`] ends or once 5 rounds passed without progress
    /// (`keyforge.turn.no_progress`); else the other player's PHASE_BEGIN.
    fn end_turn<S: EventSink<KfEvent>>(&mut self, sink: &mut S) {
        for c in self.sides.iter_mut().flat_map(|s| s.battleline.iter_mut()) {
            c.exhausted = false;
            c.armor_used = 0;
            c.elusive_used = false;
        }
        let next = self.header.active_player.opponent();
        if let Some(draw) = self.header.end_turn(TURN_END, 2, next, Phase::Begin, rule::TURN_END, sink) {
            self.header.end_game(None, draw, sink);
        }
    }

    /// PHASE_BEGIN: 6 amber forges a key (3 keys win); the game is a draw when no
    /// creature is in play and nobody can forge; then PHASE_EVENT.
    pub(crate) fn begin_turn<S: EventSink<KfEvent>>(&mut self, sink: &mut S) {
        let me = self.header.active_player;
        if self.side(me).amber >= KEY_COST {
            self.lose_by(me, KEY_COST, rule::FORGE, sink);
            let side = &mut self.sides[me.index()];
            side.keys += 1;
            self.header.turns_without_progress = 0;
            let keys = side.keys;
            emit(sink, rule::FORGE, || KfEvent::KeyForged { player: me, keys });
            if keys >= KEYS_TO_WIN {
                self.header.end_game(Some(me), rule::WIN, sink);
                return;
            }
        }
        let nobody_can_forge = self.sides.iter().all(|s| s.amber < KEY_COST);
        if self.creatures().next().is_none() && nobody_can_forge {
            self.header.end_game(None, rule::STALEMATE, sink);
            return;
        }
        self.header.enter(Phase::Event, rule::PHASE, sink);
    }
}

impl super::KfDecision {
    /// The decision kind's wire name.
    pub fn kind_name(&self) -> &'static str {
        match self.kind {
            super::KfDecisionKind::Order => "DECISION_KIND_ORDER",
            super::KfDecisionKind::Target => "DECISION_KIND_TARGET",
        }
    }
}
