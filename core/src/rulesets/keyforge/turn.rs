//! The skirmish turn (docs/rules.md: "each ready creature may fight or reap (gain 1 amber)
//! once per turn; 6 amber forges a key at the start of your turn; 3 keys win;
//! everything readies and armor/elusive reset at end of turn"): PHASE_BEGIN (forge),
//! PHASE_EVENT (fights and reaps, then end_phase), then the other player's PHASE_BEGIN.
//! Legal actions, who moves, and applying an action.
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
    /// Appends every legal action to `out`, in a stable order: with a decision pending,
    /// its options in order; else fights (attackers left to right, each against the
    /// defenders it may choose, left to right), then reaps (left to right), then
    /// `EndPhase`. On a bare board: the active player's fights, then the other's.
    pub fn legal_actions_into(&self, out: &mut Vec<KfAction>) {
        if let Some(d) = &self.pending {
            out.extend((0..d.options.len()).map(|k| KfAction::Choose(k as u8)));
            return;
        }
        let me = self.header.active_player;
        match self.header.phase {
            Phase::Bare => {
                self.fights_into(me, out);
                self.fights_into(me.opponent(), out);
            }
            Phase::Event => {
                self.fights_into(me, out);
                for (i, c) in self.side(me).battleline.iter().enumerate() {
                    if !c.exhausted {
                        out.push(KfAction::Reap(Slot { side: me, index: i as u8 }));
                    }
                }
                out.push(KfAction::EndPhase);
            }
            Phase::Begin => out.push(KfAction::EndPhase),
            Phase::GameOver | Phase::Deployment | Phase::Draw => {}
        }
    }

    /// The fights `player`'s ready creatures may start.
    fn fights_into(&self, player: PlayerId, out: &mut Vec<KfAction>) {
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

    /// Who decides next: the pending decision's chooser, else the active player while
    /// an action is legal.
    pub fn to_move(&self) -> Option<PlayerId> {
        if let Some(d) = &self.pending {
            return Some(d.player);
        }
        match self.header.phase {
            Phase::GameOver => None,
            Phase::Bare => {
                let mut any = Vec::new();
                self.legal_actions_into(&mut any);
                (!any.is_empty()).then_some(self.header.active_player)
            }
            _ => Some(self.header.active_player),
        }
    }

    /// Applies `action`, telling each step to `sink`. On error nothing changed.
    pub fn apply<S: EventSink<KfEvent>>(&mut self, action: KfAction, sink: &mut S) -> Result<(), IllegalAction> {
        if self.header.is_over() {
            return Err(IllegalAction::new(rule::GAME_OVER, "the game is over: no action is legal"));
        }
        if let KfAction::Choose(k) = action {
            let Some(d) = &self.pending else {
                return Err(IllegalAction::new(
                    rule::DECISION_PENDING,
                    "no decision is pending: there is nothing to answer",
                ));
            };
            if usize::from(k) >= d.options.len() {
                return Err(IllegalAction::new(
                    rule::DECISION_PENDING,
                    format!("the pending decision has {} options: there is no option {k}", d.options.len()),
                ));
            }
            self.choose(usize::from(k), sink);
        } else if let Some(d) = &self.pending {
            return Err(IllegalAction::new(
                rule::DECISION_PENDING,
                format!("player {} must answer the pending {} decision first", d.player.0, d.kind_name()),
            ));
        } else {
            match action {
                KfAction::Fight { attacker, defender } => {
                    self.check_use(attacker)?;
                    self.check_target(attacker, defender)?;
                    if self.header.phase == Phase::Bare {
                        self.header.active_player = attacker.side;
                    }
                    self.declare_fight(attacker, defender, sink);
                }
                KfAction::Reap(slot) => {
                    if self.header.phase == Phase::Bare {
                        return Err(IllegalAction::new(
                            rule::BARE,
                            "a bare board (phase unset) has no turn structure: only fights",
                        ));
                    }
                    self.check_use(slot)?;
                    self.reap(slot, sink);
                }
                KfAction::EndPhase => self.end_phase(sink)?,
                KfAction::Choose(_) => {}
            }
        }
        if self.pending.is_none() && self.header.phase == Phase::Begin {
            self.begin_turn(sink);
        }
        Ok(())
    }

    /// A creature may be used: PHASE_EVENT (or a bare board), the active player's, ready.
    fn check_use(&self, slot: Slot) -> Result<(), IllegalAction> {
        if !matches!(self.header.phase, Phase::Event | Phase::Bare) {
            return Err(IllegalAction::new(
                rule::EVENT_PHASE,
                format!("creatures are used only in PHASE_EVENT, not in {}", self.header.phase),
            ));
        }
        if self.header.phase != Phase::Bare && slot.side != self.header.active_player {
            return Err(IllegalAction::new(
                rule::ACTIVE_PLAYER,
                format!("only the active player (player {}) uses creatures", self.header.active_player.0),
            ));
        }
        let Some(c) = self.at(slot) else {
            return Err(IllegalAction::new(rule::READY, "no creature stands there"));
        };
        if c.exhausted {
            return Err(IllegalAction::new(rule::READY, format!("{} is exhausted: it was used this turn", c.id)));
        }
        Ok(())
    }

    /// The attacked creature is an enemy creature in play that taunt does not shield.
    fn check_target(&self, attacker: Slot, defender: Slot) -> Result<(), IllegalAction> {
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
    fn end_phase<S: EventSink<KfEvent>>(&mut self, sink: &mut S) -> Result<(), IllegalAction> {
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
