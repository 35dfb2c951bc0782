//! An attack: declaration, the response windows (each a decision), and resolution in
//! declared order with mitigation by shields, armor and other absorbers, then hull.

use super::event::DfEvent;
use super::{DfAttack, DfDecision, DfEffect, DogFightState, Role, rule};
use crate::event::{DecisionView, EventSink, SharedEvent, emit};
use crate::state::{CreatureId, DecisionKind, PlayerId};

impl DogFightState {
    /// Declares a checked attack of vessel `attacker` on vessel `defender` (indices),
    /// then opens the windows.
    pub(crate) fn declare<S: EventSink<DfEvent>>(&mut self, attacker: usize, defender: usize, sink: &mut S) {
        let (Some(a), Some(d)) = (self.vessels.get(attacker), self.vessels.get(defender)) else { return };
        let attack = DfAttack {
            attacker: a.id.clone(),
            attacker_player: a.controller,
            defender: d.id.clone(),
            target_player: d.controller,
            declared: Vec::new(),
            passed: Vec::new(),
            strength: a.attack,
        };
        emit(sink, rule::DECLARE, || DfEvent::AttackDeclared {
            attacker: attack.attacker.clone(),
            defender: attack.defender.clone(),
            strength: attack.strength,
        });
        if let Some(a) = self.vessels.get_mut(attacker) {
            a.attacked = true;
        }
        self.attack = Some(attack);
        self.next_window(sink);
    }

    /// The players' windows in order: the attacker's controller, the target's
    /// controller, then every other player still in, in seat order from the target.
    pub fn window_order(&self, attack: &DfAttack) -> Vec<PlayerId> {
        let n = self.players();
        let mut order = vec![attack.attacker_player, attack.target_player];
        for k in 1..n {
            let p = PlayerId(((usize::from(attack.target_player.0) + k) % n) as u8);
            if p != attack.attacker_player && self.is_in(p) {
                order.push(p);
            }
        }
        order
    }

    /// `player`'s role in `attack`.
    pub fn role(attack: &DfAttack, player: PlayerId) -> Role {
        if player == attack.attacker_player {
            Role::Attacker
        } else if player == attack.target_player {
            Role::Target
        } else {
            Role::Other
        }
    }

    /// The cards `player` may play into `attack`, in hand order.
    pub fn playable(&self, attack: &DfAttack, player: PlayerId) -> Vec<CreatureId> {
        let role = Self::role(attack, player);
        self.sides
            .get(player.index())
            .map(|s| s.hand.iter().filter(|c| c.effect.playable_by(role)).map(|c| c.id.clone()).collect())
            .unwrap_or_default()
    }

    /// Asks the first player whose window is still open and who has a card they may
    /// play; closes the windows of those who have none; resolves once all are closed.
    pub(crate) fn next_window<S: EventSink<DfEvent>>(&mut self, sink: &mut S) {
        let Some(attack) = self.attack.clone() else { return };
        for p in self.window_order(&attack) {
            if attack.passed.contains(&p) {
                continue;
            }
            let options = self.playable(&attack, p);
            if options.is_empty() {
                self.pass(p, sink);
                continue;
            }
            let why = window_rule(Self::role(&attack, p));
            emit(sink, why, || {
                SharedEvent::DecisionRequested(DecisionView {
                    player: p,
                    kind: DecisionKind::Response,
                    options: options.clone(),
                    may_decline: true,
                })
            });
            self.pending = Some(DfDecision { player: p, options });
            return;
        }
        self.resolve(sink);
    }

    /// Closes `player`'s window.
    fn pass<S: EventSink<DfEvent>>(&mut self, player: PlayerId, sink: &mut S) {
        let Some(attack) = self.attack.as_mut() else { return };
        attack.passed.push(player);
        let why = window_rule(Self::role(attack, player));
        emit(sink, why, || DfEvent::ResponsePassed { player });
    }

    /// The pending player plays their option `k` (checked): the card goes to their
    /// discard and is declared; they are asked again.
    pub(crate) fn play<S: EventSink<DfEvent>>(&mut self, k: usize, sink: &mut S) {
        let Some(decision) = self.pending.take() else { return };
        let Some(card_id) = decision.options.get(k) else { return };
        let side = &mut self.sides[decision.player.index()];
        let Some(at) = side.hand.iter().position(|c| c.id == *card_id) else { return };
        let card = side.hand.remove(at);
        let (effect, amount) = (card.effect, card.amount);
        side.discard.push(card);
        self.header.turns_without_progress = 0;
        let Some(attack) = self.attack.as_mut() else { return };
        attack.declared.push((decision.player, card_id.clone()));
        let why = window_rule(Self::role(attack, decision.player));
        let player = decision.player;
        emit(sink, why, || DfEvent::CardPlayed { player, card: card_id.clone(), effect, amount });
        self.next_window(sink);
    }

    /// The pending player passes (checked).
    pub(crate) fn decline<S: EventSink<DfEvent>>(&mut self, sink: &mut S) {
        let Some(decision) = self.pending.take() else { return };
        self.pass(decision.player, sink);
        self.next_window(sink);
    }

    /// Every window is closed: the declared cards resolve in order, then the damage.
    fn resolve<S: EventSink<DfEvent>>(&mut self, sink: &mut S) {
        let Some(attack) = self.attack.take() else { return };
        let (mut bonus, mut boost, mut missed) = (0i32, 0i32, None);
        for (player, id) in &attack.declared {
            let Some(card) = self.sides[player.index()].discard.iter().find(|c| c.id == *id) else { continue };
            match card.effect {
                DfEffect::DirectHit => bonus = bonus.saturating_add(card.amount),
                DfEffect::ArmorBoost => boost = boost.saturating_add(card.amount),
                DfEffect::EvasiveManeuvers => {
                    missed.get_or_insert((rule::MISS, "evasive_maneuvers"));
                }
                DfEffect::Negate => {
                    missed.get_or_insert((rule::NEGATE, "negate"));
                }
                DfEffect::ReturnFire => {
                    let amount = card.amount;
                    self.damage(&attack.attacker, &attack.defender, amount, 0, rule::RESOLVE, sink);
                }
            }
        }
        let attacker_gone = self.vessel(&attack.attacker).is_none();
        match missed {
            Some((why, by)) => emit(sink, why, || DfEvent::AttackMissed {
                attacker: attack.attacker.clone(),
                defender: attack.defender.clone(),
                by,
            }),
            None => {
                let why = if attacker_gone { rule::RESOLVES_ANYWAY } else { rule::HULL };
                let amount = attack.strength.saturating_add(bonus);
                self.damage(&attack.defender, &attack.attacker, amount, boost, why, sink);
            }
        }
        self.check_winner(sink);
    }

    /// `amount` damage from `source` to the vessel `target`: shields, armor (+ `boost`)
    /// and other absorbers each take their share, none used up; the rest comes off the
    /// hull (`why`: the rule the hull damage cites); below 0 the vessel is destroyed.
    fn damage<S: EventSink<DfEvent>>(
        &mut self,
        target: &CreatureId,
        source: &CreatureId,
        amount: i32,
        boost: i32,
        why: &'static str,
        sink: &mut S,
    ) {
        let Some((i, v)) = self.vessel(target) else { return };
        let mut left = amount.max(0);
        for (layer, value) in [("shields", v.shields), ("armor", v.armor.saturating_add(boost)), ("absorb", v.absorb)] {
            let taken = left.min(value.max(0));
            if taken > 0 {
                left -= taken;
                emit(sink, rule::MITIGATE, || DfEvent::DamageMitigated {
                    target: target.clone(),
                    layer,
                    amount: taken,
                });
            }
        }
        if left == 0 {
            return;
        }
        self.header.turns_without_progress = 0;
        let v = &mut self.vessels[i];
        v.hull -= left;
        emit(sink, why, || DfEvent::DamageDealt { source: source.clone(), target: target.clone(), amount: left });
        if v.hull < 0 {
            let gone = self.vessels.remove(i);
            emit(sink, rule::DESTROY, || DfEvent::VesselDestroyed { vessel: gone.id.clone() });
            if !self.is_in(gone.controller) {
                let player = gone.controller;
                emit(sink, rule::PLAYER_OUT, || SharedEvent::PlayerOut { player });
            }
        }
    }

    /// The last player with vessels wins (none left at all: a draw).
    pub(crate) fn check_winner<S: EventSink<DfEvent>>(&mut self, sink: &mut S) {
        let left: Vec<PlayerId> = self.players_in().take(2).collect();
        if left.len() > 1 {
            return;
        }
        let first = left.first().copied();
        self.header.end_game(first, rule::WIN, sink);
    }
}

/// The rule a window's events cite, by the player's role.
fn window_rule(role: Role) -> &'static str {
    match role {
        Role::Attacker => rule::WINDOW_ATTACKER,
        Role::Target => rule::WINDOW_TARGET,
        Role::Other => rule::WINDOW_OTHERS,
    }
}
