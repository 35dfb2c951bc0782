//! e:game's Strike (seed 000, RULESET_EGAME) and Dimensional Rift's Attack Action
//! (seed 002, RULESET_DIMENSIONAL_RIFT) on the zone board.
//!
//! A strike, in the order the rules give it (rule ids from docs/rules.md):
//! 1. `egame.strike.target`: a face-up attacker that has not acted this Event strikes a
//!    zone its arrows reach (never its own); it is marked acted.
//! 2. The blocker, in order: `egame.strike.block.passive` (a creature in the target
//!    zone must block; a face-down one flips first, `egame.flip.targeted`; with Fading
//!    its controller may fade instead, `egame.keyword.fading`), `.evasive` (e:game
//!    only), `.active.controller`, `.active.other` (optional blocks by face-up
//!    creatures that reach the zone; acted creatures may block), `.direct`. A decision
//!    with no eligible creature is skipped; an unanswered one stops resolution with
//!    `pending` set.
//! 3. `egame.chain`: the strike goes on the chain and, with no fast effects, resolves.
//! 4. `egame.strike.fizzle`: the attacker left the field or no longer reaches the zone.
//! 5. `egame.strike.damage`: blocker and attacker deal their Might (negative is 0)
//!    simultaneously; Dimensional Rift reduces each instance by Armor, non-zero deals
//!    at least 1 (`rift.armor`). Direct: e:game 1 HP if Might > 0
//!    (`egame.strike.direct`); Dimensional Rift HP equal to the Attack Stat
//!    (`rift.strike.direct`).
//! 6. `egame.sba.destroy`: damage >= life destroys, to the owner's graveyard;
//!    `egame.sba.game_over`: a player at 0 HP or less loses, both at once is a draw.
//!
//! Turn structure (`egame.turn.*`) is checked only when the state has a phase.

use super::event::ZoneEvent;
use crate::catalogue::Ruleset;
use crate::error::IllegalAction;
use crate::event::{DecisionView, EventSink, SharedEvent, emit};
use crate::rulesets::zone::action::Action;
use crate::rulesets::zone::board::{ZoneRef, ZoneSet};
use crate::rulesets::zone::state::{BlockOutcome, ChainLink, Keyword, PendingDecision, ZoneState};
use crate::state::{CreatureId, DecisionKind, Opponent, PlayerId};

/// Rule ids of the strike ([`super::rule::strike`]).
pub use super::rule::strike as rule;

/// Where blocker determination stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Stage {
    /// From the passive block on.
    Passive,
    /// The zone's controller declined: only the other player is left.
    Other,
}

/// How the blocker step went.
enum Blocking {
    Decided(BlockOutcome, &'static str),
    Asked,
}

impl ZoneState {
    /// Strike legality (`egame.strike.target`, turn structure); changes nothing.
    pub(super) fn check_strike(&self, attacker: ZoneRef, target: ZoneRef) -> Result<(), IllegalAction> {
        if self.pending.is_some() {
            return Err(IllegalAction::new(
                rule::DECISION_PENDING,
                "a decision is pending: answer it with a choice first",
            ));
        }
        let Some(c) = self.at(attacker) else {
            return Err(IllegalAction::new(rule::TARGET, format!("no creature stands in zone {attacker}")));
        };
        self.header.check_event_phase(rule::TURN_EVENT_PHASE, "strikes happen")?;
        self.header.check_active(attacker.player, rule::TURN_ACTIVE_PLAYER, |active| {
            format!("{} is player {}'s creature but it is player {}'s turn", c.id, attacker.player.0, active.0)
        })?;
        if c.face_down {
            return Err(IllegalAction::new(
                rule::TARGET,
                format!("{} is face-down: only face-up creatures strike", c.id),
            ));
        }
        if c.acted {
            return Err(IllegalAction::new(rule::TARGET, format!("{} has already acted this Event", c.id)));
        }
        if target == attacker {
            return Err(IllegalAction::new(rule::TARGET, format!("{} cannot strike its own zone", c.id)));
        }
        if !self.targets_of(attacker).contains(target) {
            return Err(IllegalAction::new(rule::TARGET, format!("{}'s arrows do not reach zone {target}", c.id)));
        }
        Ok(())
    }

    /// Declares a legal strike and carries it as far as it goes.
    pub(super) fn declare<S: EventSink<ZoneEvent>>(&mut self, attacker: ZoneRef, target: ZoneRef, sink: &mut S) {
        let Some(c) = self.at_mut(attacker) else { return };
        c.acted = true;
        let id = c.id.clone();
        emit(sink, rule::TARGET, || ZoneEvent::StrikeDeclared { attacker: id.clone(), target });
        self.chain.push(ChainLink { attacker: id, target, outcome: None });
        self.continue_blocking(Stage::Passive, sink);
    }

    /// Answers the pending decision and carries the strike on.
    pub(super) fn answer<S: EventSink<ZoneEvent>>(&mut self, pending: PendingDecision, action: Action, sink: &mut S) {
        self.pending = None;
        let Some(link) = self.chain.last() else { return };
        let target = link.target;
        let chosen = match action {
            Action::Choose(z) => self.at(z).map(|c| c.id.clone()),
            _ => None,
        };
        let outcome = match (pending.kind, chosen) {
            // Fading: the strike becomes direct and no other creature may block.
            (DecisionKind::Fade, Some(_)) => {
                Blocking::Decided(BlockOutcome { blocker: None, passive: false }, rule::FADING)
            }
            (DecisionKind::Fade, None) => {
                let holder = self.at(target).map(|c| c.id.clone());
                Blocking::Decided(BlockOutcome { blocker: holder, passive: true }, rule::BLOCK_PASSIVE)
            }
            (_, Some(blocker)) => {
                let rule = if pending.player == target.player { rule::BLOCK_CONTROLLER } else { rule::BLOCK_OTHER };
                Blocking::Decided(BlockOutcome { blocker: Some(blocker), passive: false }, rule)
            }
            (_, None) if pending.player == target.player => self.block_from(Stage::Other, sink),
            (_, None) => Blocking::Decided(BlockOutcome { blocker: None, passive: false }, rule::BLOCK_DIRECT),
        };
        if let Blocking::Decided(outcome, rule) = outcome {
            self.settle_block(outcome, rule, sink);
        }
    }

    fn continue_blocking<S: EventSink<ZoneEvent>>(&mut self, from: Stage, sink: &mut S) {
        if let Blocking::Decided(outcome, rule) = self.block_from(from, sink) {
            self.settle_block(outcome, rule, sink);
        }
    }

    /// Runs the blocker rules from `from` on the strike on top of the chain, stopping
    /// at the first decision that has eligible creatures.
    fn block_from<S: EventSink<ZoneEvent>>(&mut self, from: Stage, sink: &mut S) -> Blocking {
        let Some(link) = self.chain.last() else {
            return Blocking::Decided(BlockOutcome { blocker: None, passive: false }, rule::BLOCK_DIRECT);
        };
        let (attacker, target) = (link.attacker.clone(), link.target);
        if from == Stage::Passive {
            let egame = self.ruleset == Ruleset::Egame;
            if let Some(holder) = self.at_mut(target) {
                let flipped = std::mem::replace(&mut holder.face_down, false);
                let id = holder.id.clone();
                let fading = egame && holder.keywords.contains(Keyword::Fading);
                if flipped {
                    self.progress();
                    emit(sink, rule::FLIP_TARGETED, || ZoneEvent::CreatureFlipped { creature: id.clone() });
                }
                if fading {
                    let decision = PendingDecision {
                        player: target.player,
                        kind: DecisionKind::Fade,
                        options: ZoneSet(1 << target.slot()),
                        may_decline: true,
                    };
                    return self.ask(decision, rule::FADING, sink);
                }
                return Blocking::Decided(BlockOutcome { blocker: Some(id), passive: true }, rule::BLOCK_PASSIVE);
            }
            let evasive =
                self.find_id(&attacker).and_then(|z| self.at(z)).is_some_and(|c| c.keywords.contains(Keyword::Evasive));
            if egame && evasive {
                return Blocking::Decided(BlockOutcome { blocker: None, passive: false }, rule::BLOCK_EVASIVE);
            }
        }
        let deciders: &[(PlayerId, &'static str)] = match from {
            Stage::Passive => &[(target.player, rule::BLOCK_CONTROLLER), (target.player.opponent(), rule::BLOCK_OTHER)],
            Stage::Other => &[(target.player.opponent(), rule::BLOCK_OTHER)],
        };
        for &(player, rule) in deciders {
            let options = self.eligible_blockers(player, &attacker, target);
            if !options.is_empty() {
                return self.ask(
                    PendingDecision { player, kind: DecisionKind::Block, options, may_decline: true },
                    rule,
                    sink,
                );
            }
        }
        Blocking::Decided(BlockOutcome { blocker: None, passive: false }, rule::BLOCK_DIRECT)
    }

    /// `player`'s face-up creatures, other than the attacker, whose arrows reach `target`.
    pub fn eligible_blockers(&self, player: PlayerId, attacker: &CreatureId, target: ZoneRef) -> ZoneSet {
        let mut set = ZoneSet::default();
        for index in 0..crate::rulesets::zone::board::ZONES_PER_PLAYER {
            let zone = ZoneRef { player, index };
            if let Some(c) = self.at(zone)
                && c.id != *attacker
                && self.targets_of(zone).contains(target)
            {
                set.insert(zone);
            }
        }
        set
    }

    fn ask<S: EventSink<ZoneEvent>>(
        &mut self,
        decision: PendingDecision,
        rule: &'static str,
        sink: &mut S,
    ) -> Blocking {
        self.pending = Some(decision);
        emit(sink, rule, || {
            SharedEvent::DecisionRequested(DecisionView {
                player: decision.player,
                kind: decision.kind,
                options: self.option_ids(decision.options),
                may_decline: decision.may_decline,
            })
        });
        Blocking::Asked
    }

    /// Records the blocker step's result, chains the strike and resolves the chain.
    fn settle_block<S: EventSink<ZoneEvent>>(&mut self, outcome: BlockOutcome, rule: &'static str, sink: &mut S) {
        let depth = self.chain.len() as u32;
        let Some(link) = self.chain.last_mut() else { return };
        let attacker = link.attacker.clone();
        emit(sink, rule, || ZoneEvent::BlockerDetermined {
            attacker: attacker.clone(),
            blocker: outcome.blocker.clone(),
            passive: outcome.passive,
        });
        link.outcome = Some(outcome);
        emit(sink, rule::CHAIN, || ZoneEvent::StrikeChained { attacker, depth });
        // No fast effects exist: both players pass and the chain resolves, top first.
        while self.pending.is_none() && !self.header.is_over() {
            let Some(link) = self.chain.pop() else { break };
            self.resolve(link, sink);
        }
    }

    /// Resolves one strike from the chain.
    fn resolve<S: EventSink<ZoneEvent>>(&mut self, link: ChainLink, sink: &mut S) {
        let Some(outcome) = link.outcome else { return };
        let Some(from) = self.find_id(&link.attacker) else {
            emit(sink, rule::FIZZLE, || ZoneEvent::StrikeFizzled {
                attacker: link.attacker.clone(),
                reason: "the attacker has left the field",
            });
            return;
        };
        if !self.targets_of(from).contains(link.target) {
            emit(sink, rule::FIZZLE, || ZoneEvent::StrikeFizzled {
                attacker: link.attacker.clone(),
                reason: "the attacker's arrows no longer reach the target zone",
            });
            return;
        }
        match outcome.blocker {
            Some(blocker) => {
                // A blocker that has left the field deals and takes nothing.
                if let Some(at) = self.find_id(&blocker) {
                    self.exchange(from, at, sink);
                }
            }
            None => self.direct(from, link.target.player, sink),
        }
        self.state_based(sink);
    }

    /// Damage `amount` from a creature to the one in `to` after Dimensional Rift armor.
    fn mitigated<S: EventSink<ZoneEvent>>(&self, amount: i32, to: ZoneRef, sink: &mut S) -> i32 {
        let amount = amount.max(0);
        let Some(c) = self.at(to) else { return 0 };
        if self.ruleset != Ruleset::DimensionalRift || amount == 0 || c.armor == 0 {
            return amount;
        }
        let dealt = (amount - c.armor).max(1);
        emit(sink, rule::RIFT_ARMOR, || ZoneEvent::DamagePrevented {
            target: c.id.clone(),
            amount: amount - dealt,
            by: "armor",
        });
        dealt
    }

    /// Attacker and blocker deal their Might to each other simultaneously.
    fn exchange<S: EventSink<ZoneEvent>>(&mut self, attacker: ZoneRef, blocker: ZoneRef, sink: &mut S) {
        let (Some(a), Some(b)) = (self.at(attacker), self.at(blocker)) else { return };
        let (a_might, b_might) = (a.might, b.might);
        // Collect both assignments first, then apply them together.
        let to_blocker = self.mitigated(a_might, blocker, sink);
        let to_attacker = self.mitigated(b_might, attacker, sink);
        for (from, to, amount) in [(attacker, blocker, to_blocker), (blocker, attacker, to_attacker)] {
            if amount <= 0 {
                continue;
            }
            let source = self.at(from).map(|c| c.id.clone());
            if let Some(c) = self.at_mut(to) {
                // Saturating: Might may be as large as i32 allows; the creature is
                // destroyed either way.
                c.damage = c.damage.saturating_add(amount);
                let target = c.id.clone();
                self.header.turns_without_progress = 0;
                emit(sink, rule::DAMAGE, || ZoneEvent::DamageDealt {
                    source: source.unwrap_or_else(|| target.clone()),
                    target,
                    amount,
                });
            }
        }
    }

    /// A direct attack on `player`.
    fn direct<S: EventSink<ZoneEvent>>(&mut self, attacker: ZoneRef, player: PlayerId, sink: &mut S) {
        let might = self.at(attacker).map_or(0, |c| c.might);
        if might <= 0 {
            return;
        }
        let (amount, rule) = match self.ruleset {
            Ruleset::DimensionalRift => (might, rule::RIFT_DIRECT),
            _ => (1, rule::DIRECT),
        };
        self.players[player.index()].hp -= amount;
        self.progress();
        emit(sink, rule, || ZoneEvent::PlayerHpLost { player, amount });
    }

    /// State-based actions: destruction, then defeat at 0 HP.
    fn state_based<S: EventSink<ZoneEvent>>(&mut self, sink: &mut S) {
        for zone in ZoneRef::all() {
            let dead = self.at(zone).is_some_and(|c| c.damage >= c.life);
            if !dead {
                continue;
            }
            let Some(c) = self.zones[zone.player.index()][usize::from(zone.index)].take() else { continue };
            self.players[c.owner.index()].graveyard.push(c.to_card());
            emit(sink, rule::SBA_DESTROY, || ZoneEvent::CreatureDestroyed { creature: c.id });
        }
        let lost = [self.players[0].hp <= 0, self.players[1].hp <= 0];
        if lost[0] || lost[1] {
            let winner = match lost {
                [true, true] => None,
                [true, false] => Some(PlayerId(1)),
                _ => Some(PlayerId(0)),
            };
            self.end_game(winner, rule::SBA_GAME_OVER, sink);
        }
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use super::*;
    use crate::event::Event;
    use crate::rulesets::zone::event::ZoneEvent;
    use crate::rulesets::zone::setup::{CreatureSetup, PlayerSetup, ZoneSetup, ZoneStateSetup};
    use crate::state::Phase;

    fn knight_board() -> ZoneState {
        let mut up = [0; 8];
        up[0] = 1;
        let setup = ZoneStateSetup {
            ruleset: Ruleset::Egame.wire(),
            players: vec![
                PlayerSetup { id: 0, hp: 6, ..Default::default() },
                PlayerSetup { id: 1, hp: 6, ..Default::default() },
            ],
            creatures: vec![CreatureSetup {
                id: "knight".into(),
                zone: Some(ZoneSetup { player: 0, index: 1 }),
                might: 2,
                life: 3,
                arrows: Some(up),
                ..Default::default()
            }],
            ..Default::default()
        };
        ZoneState::from_setup(&setup).unwrap()
    }

    // docs/rules.md step 4: "A blocker that has left the field deals and takes nothing; the
    // strike does not become direct." (egame.strike.fizzle)
    #[test]
    fn a_blocker_that_left_the_field_deals_and_takes_nothing() {
        let mut s = knight_board();
        let target = ZoneRef::new(PlayerId(1), 3).unwrap();
        let link = ChainLink {
            attacker: CreatureId::from("knight"),
            target,
            outcome: Some(BlockOutcome { blocker: Some(CreatureId::from("gone")), passive: false }),
        };
        let mut events: Vec<Event<ZoneEvent>> = Vec::new();
        s.resolve(link, &mut events);
        assert!(events.is_empty(), "{events:?}");
        assert_eq!(s.players[1].hp, 6, "not a direct attack");
        assert_eq!(s.at(ZoneRef::new(PlayerId(0), 1).unwrap()).unwrap().damage, 0);
    }

    // docs/rules.md step 6: "A player at 0 HP or less loses; both at once is a draw."
    // (egame.sba.game_over)
    #[test]
    fn both_players_at_zero_hp_at_once_is_a_draw() {
        let mut s = knight_board();
        s.players[0].hp = 0;
        s.players[1].hp = -1;
        let mut events: Vec<Event<ZoneEvent>> = Vec::new();
        s.state_based(&mut events);
        assert_eq!(s.header.phase, Phase::GameOver);
        assert_eq!(s.header.winner, None);
        assert_eq!(events.last().map(|e| e.rule), Some(rule::SBA_GAME_OVER));
        assert!(matches!(
            events.last().map(|e| &e.kind),
            Some(ZoneEvent::Shared(SharedEvent::GameOver { winner: None }))
        ));
    }
}
