//! The resolution engine: a fight, the damage chart, the destruction chart and
//! abilities, as a stack of [`Step`]s that runs until it is empty or a decision is
//! pending (seed 001's combined timing chart; the rule ids are in [`super::rule`]).
//!
//! Each step pops off the stack and either finishes or pushes what comes next; a step
//! that needs a choice puts itself back and sets `pending`. The choice then resumes the
//! same stack, so a resolution stopped at a decision and resumed in a later call gives
//! exactly the events and state of one that ran through.

use super::event::KfEvent;
use super::{
    Ability, AbilityTarget, Effect, Fight, FightStage, Item, KeyforgeState, KfDecision, KfDecisionKind, Slot, Step,
    Trigger, WindowKind, rule,
};
use crate::event::{DecisionView, EventSink, SharedEvent, emit};
use crate::state::{CreatureId, DecisionKind, Opponent, PlayerId};

/// Damage one source sets pending above one creature (damage step 1).
#[derive(Debug, Clone)]
struct Hit {
    source: CreatureId,
    target: CreatureId,
    pending: i32,
    /// Power damage from a poison creature in the exchange.
    poison: bool,
}

/// Whom an effect acts on.
enum Targets {
    Creatures(Vec<CreatureId>),
    Player(PlayerId),
}

impl KeyforgeState {
    /// Fight step 1 for a checked fight: exhausts the attacker; a stunned one only loses
    /// its stun. Otherwise the fight goes on the stack with its pre-fight window, and
    /// runs.
    pub(crate) fn declare_fight<S: EventSink<KfEvent>>(&mut self, attacker: Slot, defender: Slot, sink: &mut S) {
        let (Some(a), Some(d)) = (self.at(attacker), self.at(defender)) else { return };
        let (a_id, d_id) = (a.id.clone(), d.id.clone());
        if !self.exhaust(attacker, rule::FIGHT_DECLARE, sink) {
            return;
        }
        emit(sink, rule::FIGHT_DECLARE, || KfEvent::FightDeclared { attacker: a_id.clone(), defender: d_id.clone() });
        let Some(a) = self.at(attacker) else { return };
        let mut items: Vec<Item> = Vec::new();
        if a.assault > 0 {
            items.push(Item::Assault(a_id.clone()));
        }
        items.extend(a.abilities_on(Trigger::BeforeFight).map(|ab| Item::Ability(ab.id.clone())));
        let Some(d) = self.creature_mut(&d_id) else { return };
        if d.hazardous > 0 {
            items.push(Item::Hazardous(d_id.clone()));
        }
        // Chosen to be fought: elusive is used up now, even if the fight is cut short.
        let elusive = d.elusive && !d.elusive_used;
        if d.elusive {
            d.elusive_used = true;
        }
        self.resolution.push(Step::Fight(Fight {
            attacker: a_id,
            defender: d_id,
            stage: FightStage::Exchange,
            elusive,
            exchanged: false,
        }));
        self.resolution.push(Step::Window { kind: WindowKind::PreFight, items });
        self.run(sink);
    }

    /// Reaping a checked creature: it exhausts (a stunned one only loses its stun), its
    /// controller gains 1 amber, then its Reap: abilities resolve.
    pub(crate) fn reap<S: EventSink<KfEvent>>(&mut self, slot: Slot, sink: &mut S) {
        let Some(c) = self.at(slot) else { return };
        let id = c.id.clone();
        if !self.exhaust(slot, rule::REAP, sink) {
            return;
        }
        emit(sink, rule::REAP, || KfEvent::Reaped { creature: id.clone() });
        self.gain(slot.side, 1, rule::REAP, sink);
        let items: Vec<Item> = self
            .at(slot)
            .map(|c| c.abilities_on(Trigger::Reap).map(|a| Item::Ability(a.id.clone())).collect())
            .unwrap_or_default();
        self.resolution.push(Step::Window { kind: WindowKind::Reap, items });
        self.run(sink);
    }

    /// Exhausts the creature at `slot` (`why`: the use). A stunned creature loses its
    /// stun instead of being used: returns false then.
    fn exhaust<S: EventSink<KfEvent>>(&mut self, slot: Slot, why: &'static str, sink: &mut S) -> bool {
        let Some(c) = self.sides[slot.side.index()].battleline.get_mut(usize::from(slot.index)) else { return false };
        c.exhausted = true;
        let id = c.id.clone();
        let stunned = std::mem::take(&mut c.stunned);
        emit(sink, if stunned { rule::STUN } else { why }, || KfEvent::CreatureExhausted { creature: id.clone() });
        if stunned {
            emit(sink, rule::STUN, || KfEvent::StunRemoved { creature: id });
        }
        !stunned
    }

    /// Answers the pending decision with its option `k` (checked) and resumes.
    pub(crate) fn choose<S: EventSink<KfEvent>>(&mut self, k: usize, sink: &mut S) {
        let Some(decision) = self.pending.take() else { return };
        match (decision.kind, self.resolution.pop()) {
            (KfDecisionKind::Order, Some(Step::Window { kind, mut items })) if k < items.len() => {
                let item = items.remove(k);
                self.resolution.push(Step::Window { kind, items });
                self.resolve_item(item, sink);
            }
            (KfDecisionKind::Order, Some(Step::Destruction { tagged, mut items })) if k < items.len() => {
                let item = items.remove(k);
                self.resolution.push(Step::Destruction { tagged, items });
                self.resolve_item(item, sink);
            }
            (KfDecisionKind::Target, Some(Step::Target(ability))) => {
                if let (Some((slot, ab)), Some(target)) = (self.ability(&ability), decision.options.get(k)) {
                    let ab = ab.clone();
                    self.apply_effect(&ab, slot, Targets::Creatures(vec![target.clone()]), sink);
                }
            }
            (_, step) => {
                // Validation keeps the stack and the decision in step; put back what
                // does not match rather than lose it.
                self.resolution.extend(step);
                self.pending = Some(decision);
                return;
            }
        }
        self.run(sink);
    }

    /// Runs the stack until it is empty or a decision is pending.
    pub(crate) fn run<S: EventSink<KfEvent>>(&mut self, sink: &mut S) {
        while self.pending.is_none() {
            let Some(step) = self.resolution.pop() else { return };
            match step {
                Step::Fight(f) => self.fight_step(f, sink),
                Step::Window { kind, items } => self.window_step(kind, items, sink),
                Step::Destruction { tagged, items } => self.destruction_step(tagged, items, sink),
                // Only ever on top under a pending TARGET decision.
                Step::Target(_) => {}
            }
        }
    }

    /// The fight on the stack, if any (there is at most one).
    fn current_fight(&self) -> Option<&Fight> {
        self.resolution.iter().rev().find_map(|s| match s {
            Step::Fight(f) => Some(f),
            _ => None,
        })
    }

    /// Whether both creatures of the fight on the stack are still in play.
    fn fight_on(&self) -> bool {
        self.current_fight().is_some_and(|f| self.find(&f.attacker).is_some() && self.find(&f.defender).is_some())
    }

    /// The other creature of the fight `c` is in, if it is still in play.
    fn fought_by(&self, c: &CreatureId) -> Option<CreatureId> {
        let f = self.current_fight()?;
        let other = if f.attacker == *c {
            &f.defender
        } else if f.defender == *c {
            &f.attacker
        } else {
            return None;
        };
        self.find(other).map(|_| other.clone())
    }

    fn fight_step<S: EventSink<KfEvent>>(&mut self, mut f: Fight, sink: &mut S) {
        match f.stage {
            FightStage::Exchange => {
                let (Some(a), Some(d)) = (self.creature(&f.attacker), self.creature(&f.defender)) else {
                    // A creature left play in the pre-fight window: no exchange.
                    f.stage = FightStage::PostFight;
                    self.resolution.push(Step::Fight(f));
                    return;
                };
                let attacker_deals = if f.elusive { 0 } else { a.power };
                let defender_deals = if f.elusive || a.skirmish { 0 } else { d.power };
                let why = if f.elusive {
                    rule::ELUSIVE
                } else if a.skirmish {
                    rule::SKIRMISH
                } else {
                    rule::EXCHANGE
                };
                let hits = vec![
                    Hit {
                        source: f.attacker.clone(),
                        target: f.defender.clone(),
                        pending: attacker_deals,
                        poison: a.poison,
                    },
                    Hit {
                        source: f.defender.clone(),
                        target: f.attacker.clone(),
                        pending: defender_deals,
                        poison: d.poison,
                    },
                ];
                emit(sink, why, || KfEvent::FightExchange {
                    attacker: f.attacker.clone(),
                    defender: f.defender.clone(),
                    attacker_deals,
                    defender_deals,
                });
                f.stage = FightStage::PostFight;
                f.exchanged = true;
                self.resolution.push(Step::Fight(f));
                self.damage(hits, sink);
            }
            FightStage::PostFight => {
                let items: Vec<Item> = self
                    .creature(&f.attacker)
                    .map(|a| {
                        let fight = a.abilities_on(Trigger::Fight).filter(|_| f.exchanged);
                        fight
                            .chain(a.abilities_on(Trigger::AfterFight))
                            .map(|ab| Item::Ability(ab.id.clone()))
                            .collect()
                    })
                    .unwrap_or_default();
                f.stage = FightStage::End;
                self.resolution.push(Step::Fight(f));
                self.resolution.push(Step::Window { kind: WindowKind::PostFight, items });
            }
            FightStage::End => {
                let why = if f.exchanged { rule::FIGHT_END } else { rule::CUT_SHORT };
                emit(sink, why, || KfEvent::FightEnded {
                    attacker: f.attacker,
                    defender: f.defender,
                    exchanged: f.exchanged,
                });
            }
        }
    }

    /// Whether an item can still resolve: its creature is in play.
    fn item_live(&self, item: &Item) -> bool {
        match item {
            Item::Assault(c) | Item::Hazardous(c) => self.find(c).is_some(),
            Item::Ability(a) => self.ability(a).is_some(),
        }
    }

    /// Keeps the items that can still resolve: none in a pre-fight window once a
    /// fighting creature has left play (the fight is cut short).
    fn live_items(&self, kind: Option<WindowKind>, items: Vec<Item>) -> Vec<Item> {
        if kind == Some(WindowKind::PreFight) && !self.fight_on() {
            return Vec::new();
        }
        items.into_iter().filter(|i| self.item_live(i)).collect()
    }

    fn window_step<S: EventSink<KfEvent>>(&mut self, kind: WindowKind, items: Vec<Item>, sink: &mut S) {
        let mut live = self.live_items(Some(kind), items);
        match live.len() {
            0 => {}
            1 => {
                if let Some(item) = live.pop() {
                    self.resolve_item(item, sink);
                }
            }
            _ => {
                self.ask_order(&live, sink);
                self.resolution.push(Step::Window { kind, items: live });
            }
        }
    }

    fn destruction_step<S: EventSink<KfEvent>>(&mut self, tagged: Vec<CreatureId>, items: Vec<Item>, sink: &mut S) {
        let mut live = self.live_items(None, items);
        match live.len() {
            0 => self.leave_play(tagged, sink),
            1 => {
                // Back on the stack first, so creatures tagged meanwhile join this window.
                let item = live.pop();
                self.resolution.push(Step::Destruction { tagged, items: live });
                if let Some(item) = item {
                    self.resolve_item(item, sink);
                }
            }
            _ => {
                self.ask_order(&live, sink);
                self.resolution.push(Step::Destruction { tagged, items: live });
            }
        }
    }

    /// DECISION_KIND_ORDER of the active player among `items`.
    fn ask_order<S: EventSink<KfEvent>>(&mut self, items: &[Item], sink: &mut S) {
        let options: Vec<CreatureId> = items.iter().map(|i| CreatureId::from(i.name().as_str())).collect();
        self.ask(
            KfDecision { player: self.header.active_player, kind: KfDecisionKind::Order, options },
            rule::ORDER,
            sink,
        );
    }

    fn ask<S: EventSink<KfEvent>>(&mut self, decision: KfDecision, why: &'static str, sink: &mut S) {
        emit(sink, why, || {
            SharedEvent::DecisionRequested(DecisionView {
                player: decision.player,
                kind: match decision.kind {
                    KfDecisionKind::Order => DecisionKind::Order,
                    KfDecisionKind::Target => DecisionKind::Target,
                },
                options: decision.options.clone(),
                may_decline: false,
            })
        });
        self.pending = Some(decision);
    }

    /// Resolves one item of a window.
    fn resolve_item<S: EventSink<KfEvent>>(&mut self, item: Item, sink: &mut S) {
        match &item {
            Item::Assault(c) | Item::Hazardous(c) => {
                let (why, amount) = match (&item, self.creature(c)) {
                    (Item::Assault(_), Some(k)) => (rule::ASSAULT, k.assault),
                    (_, Some(k)) => (rule::HAZARDOUS, k.hazardous),
                    (_, None) => return,
                };
                emit(sink, why, || KfEvent::AbilityResolved { ability: item.name(), creature: c.clone() });
                if let Some(target) = self.fought_by(c) {
                    self.damage(vec![Hit { source: c.clone(), target, pending: amount, poison: false }], sink);
                }
            }
            Item::Ability(id) => {
                let Some((slot, ability)) = self.ability(id) else { return };
                let ability = ability.clone();
                let Some(holder) = self.at(slot).map(|c| c.id.clone()) else { return };
                emit(sink, trigger_rule(ability.trigger), || KfEvent::AbilityResolved {
                    ability: ability.id.to_string(),
                    creature: holder.clone(),
                });
                let targets = match ability.target {
                    AbilityTarget::Chosen => {
                        let options: Vec<CreatureId> =
                            self.creatures().filter(|(_, c)| !c.tagged).map(|(_, c)| c.id.clone()).collect();
                        if !options.is_empty() {
                            self.resolution.push(Step::Target(ability.id.clone()));
                            let decision = KfDecision { player: slot.side, kind: KfDecisionKind::Target, options };
                            self.ask(decision, rule::TARGET, sink);
                        }
                        return;
                    }
                    AbilityTarget::Controller => Targets::Player(slot.side),
                    AbilityTarget::Opponent => Targets::Player(slot.side.opponent()),
                    AbilityTarget::This => Targets::Creatures(vec![holder]),
                    AbilityTarget::Fought => Targets::Creatures(self.fought_by(&holder).into_iter().collect()),
                    AbilityTarget::FoughtAndNeighbors => {
                        let fought = self.fought_by(&holder).and_then(|f| self.find(&f));
                        Targets::Creatures(fought.map(|s| self.with_neighbors(s)).unwrap_or_default())
                    }
                    AbilityTarget::EachEnemy => Targets::Creatures(
                        self.side(slot.side.opponent()).battleline.iter().map(|c| c.id.clone()).collect(),
                    ),
                    AbilityTarget::EachCreature => {
                        Targets::Creatures(self.creatures().map(|(_, c)| c.id.clone()).collect())
                    }
                };
                self.apply_effect(&ability, slot, targets, sink);
            }
        }
    }

    /// The creature at `slot` and its neighbors, left to right.
    fn with_neighbors(&self, slot: Slot) -> Vec<CreatureId> {
        let line = &self.side(slot.side).battleline;
        let i = usize::from(slot.index);
        line[i.saturating_sub(1)..(i + 2).min(line.len())].iter().map(|c| c.id.clone()).collect()
    }

    /// An ability's effect on its targets (`slot`: where its creature stands).
    fn apply_effect<S: EventSink<KfEvent>>(&mut self, ability: &Ability, slot: Slot, targets: Targets, sink: &mut S) {
        let Some(source) = self.at(slot).map(|c| c.id.clone()) else { return };
        let n = ability.amount;
        match targets {
            Targets::Player(p) => match ability.effect {
                Effect::GainAmber => self.gain(p, n, rule::EFFECT_AMBER, sink),
                Effect::StealAmber => self.steal(p, n, sink),
                Effect::LoseAmber => self.lose(p, n, sink),
                // Validation gives player targets only to the pool effects.
                _ => {}
            },
            Targets::Creatures(ids) => match ability.effect {
                Effect::DealDamage => {
                    let hits = ids
                        .into_iter()
                        .map(|target| Hit { source: source.clone(), target, pending: n, poison: false })
                        .collect();
                    self.damage(hits, sink);
                }
                Effect::Destroy => self.destroy(ids.into_iter().map(|id| (id, rule::DESTROY_TAG)).collect(), sink),
                Effect::Stun => {
                    for id in ids {
                        if let Some(c) = self.creature_mut(&id).filter(|c| !c.stunned) {
                            c.stunned = true;
                            emit(sink, rule::EFFECT_STUN, || KfEvent::CreatureStunned { creature: id });
                        }
                    }
                }
                Effect::GainWard => {
                    for id in ids {
                        if let Some(c) = self.creature_mut(&id).filter(|c| !c.ward) {
                            c.ward = true;
                            emit(sink, rule::EFFECT_WARD, || KfEvent::WardGained { creature: id });
                        }
                    }
                }
                Effect::ReturnToHand => {
                    for id in ids {
                        self.return_to_hand(&id, sink);
                    }
                }
                Effect::CaptureAmber => {
                    for id in ids {
                        self.capture(&id, n, sink);
                    }
                }
                Effect::GainAmber | Effect::StealAmber | Effect::LoseAmber => {}
            },
        }
    }

    /// `player` gains `n` amber from the supply.
    fn gain<S: EventSink<KfEvent>>(&mut self, player: PlayerId, n: i32, why: &'static str, sink: &mut S) {
        if n <= 0 {
            return;
        }
        let side = &mut self.sides[player.index()];
        side.amber = side.amber.saturating_add(n);
        self.header.turns_without_progress = 0;
        emit(sink, why, || KfEvent::AmberMoved { from: None, to: Some(player), amount: n, creature: None });
    }

    /// `player` steals up to `n` amber from the other player.
    fn steal<S: EventSink<KfEvent>>(&mut self, player: PlayerId, n: i32, sink: &mut S) {
        let from = player.opponent();
        let moved = n.min(self.sides[from.index()].amber);
        if moved <= 0 {
            return;
        }
        self.sides[from.index()].amber -= moved;
        self.sides[player.index()].amber = self.sides[player.index()].amber.saturating_add(moved);
        emit(sink, rule::EFFECT_AMBER, || KfEvent::AmberMoved {
            from: Some(from),
            to: Some(player),
            amount: moved,
            creature: None,
        });
    }

    /// `player` loses up to `n` amber to the supply.
    pub(crate) fn lose<S: EventSink<KfEvent>>(&mut self, player: PlayerId, n: i32, sink: &mut S) {
        self.lose_by(player, n, rule::EFFECT_AMBER, sink);
    }

    /// `player` loses up to `n` amber to the supply (`why`: the rule).
    pub(crate) fn lose_by<S: EventSink<KfEvent>>(&mut self, player: PlayerId, n: i32, why: &'static str, sink: &mut S) {
        let moved = n.min(self.sides[player.index()].amber);
        if moved <= 0 {
            return;
        }
        self.sides[player.index()].amber -= moved;
        emit(sink, why, || KfEvent::AmberMoved { from: Some(player), to: None, amount: moved, creature: None });
    }

    /// The creature `id` captures up to `n` amber from its controller's opponent.
    fn capture<S: EventSink<KfEvent>>(&mut self, id: &CreatureId, n: i32, sink: &mut S) {
        let Some(slot) = self.find(id) else { return };
        let from = slot.side.opponent();
        let moved = n.min(self.sides[from.index()].amber);
        if moved <= 0 {
            return;
        }
        self.sides[from.index()].amber -= moved;
        if let Some(c) = self.creature_mut(id) {
            c.amber = c.amber.saturating_add(moved);
        }
        emit(sink, rule::EFFECT_AMBER, || KfEvent::AmberMoved {
            from: Some(from),
            to: Some(slot.side),
            amount: moved,
            creature: Some(id.clone()),
        });
    }

    /// The damage chart for hits dealt at once: pending, prevention, ward, armor, apply
    /// (each step for every hit before the next), then destruction, then After Damaged
    /// abilities.
    fn damage<S: EventSink<KfEvent>>(&mut self, hits: Vec<Hit>, sink: &mut S) {
        let mut hits: Vec<Hit> = hits.into_iter().filter(|h| h.pending > 0 && self.find(&h.target).is_some()).collect();
        // 1. Pending damage.
        for h in &hits {
            emit(sink, rule::DAMAGE_PENDING, || KfEvent::DamagePending {
                source: h.source.clone(),
                target: h.target.clone(),
                amount: h.pending,
            });
        }
        // 2. Prevention: invulnerable.
        for h in &mut hits {
            if self.creature(&h.target).is_some_and(|c| c.invulnerable) && h.pending > 0 {
                let amount = std::mem::take(&mut h.pending);
                let target = h.target.clone();
                emit(sink, rule::DAMAGE_PREVENT, || KfEvent::DamagePrevented { target, amount, by: "invulnerable" });
            }
        }
        // 3. Ward: all pending damage is removed, and the ward.
        for h in &mut hits {
            if h.pending > 0
                && let Some(c) = self.creature_mut(&h.target).filter(|c| c.ward)
            {
                c.ward = false;
                let amount = std::mem::take(&mut h.pending);
                emit(sink, rule::DAMAGE_WARD, || KfEvent::WardRemoved { creature: h.target.clone() });
                emit(sink, rule::DAMAGE_WARD, || KfEvent::DamagePrevented {
                    target: h.target.clone(),
                    amount,
                    by: "ward",
                });
            }
        }
        // 4. Armor, spent for the rest of the turn.
        for h in &mut hits {
            if let Some(c) = self.creature_mut(&h.target) {
                let amount = h.pending.min(c.armor_left());
                if amount > 0 {
                    c.armor_used += amount;
                    h.pending -= amount;
                    emit(sink, rule::DAMAGE_ARMOR, || KfEvent::DamagePrevented {
                        target: h.target.clone(),
                        amount,
                        by: "armor",
                    });
                }
            }
        }
        // 5. Apply; damage >= power (or poison damage) tags for destruction.
        let mut doomed: Vec<(CreatureId, &'static str)> = Vec::new();
        let mut after: Vec<Item> = Vec::new();
        for h in hits.into_iter().filter(|h| h.pending > 0) {
            self.header.turns_without_progress = 0;
            let Some(c) = self.creature_mut(&h.target) else { continue };
            c.damage = c.damage.saturating_add(h.pending);
            let dies =
                if h.poison { Some(rule::POISON) } else { (c.damage >= c.power).then_some(rule::DAMAGE_DESTROY) };
            for ab in c.abilities_on(Trigger::AfterDamaged) {
                let item = Item::Ability(ab.id.clone());
                if !after.contains(&item) {
                    after.push(item);
                }
            }
            emit(sink, rule::DAMAGE_APPLY, || KfEvent::DamageDealt {
                source: h.source.clone(),
                target: h.target.clone(),
                amount: h.pending,
            });
            if let Some(why) = dies {
                doomed.push((h.target, why));
            }
        }
        // 6. After Damaged abilities, once the destruction has resolved.
        if !after.is_empty() {
            self.resolution.push(Step::Window { kind: WindowKind::AfterDamaged, items: after });
        }
        self.destroy(doomed, sink);
    }

    /// Destruction step 1: each creature is tagged (`why`: what destroys it), unless a
    /// ward saves it; the tagged creatures' Destroyed: abilities join the destruction
    /// in progress, or start one.
    fn destroy<S: EventSink<KfEvent>>(&mut self, doomed: Vec<(CreatureId, &'static str)>, sink: &mut S) {
        let mut tagged: Vec<CreatureId> = Vec::new();
        let mut items: Vec<Item> = Vec::new();
        for (id, why) in doomed {
            let Some(c) = self.creature_mut(&id).filter(|c| !c.tagged) else { continue };
            if c.ward {
                c.ward = false;
                emit(sink, rule::DESTROY_WARD, || KfEvent::WardRemoved { creature: id });
                continue;
            }
            c.tagged = true;
            items.extend(c.abilities_on(Trigger::Destroyed).map(|a| Item::Ability(a.id.clone())));
            emit(sink, why, || KfEvent::CreatureTagged { creature: id.clone() });
            tagged.push(id);
        }
        if tagged.is_empty() {
            return;
        }
        let open = self.resolution.iter_mut().rev().find_map(|s| match s {
            Step::Destruction { tagged, items } => Some((tagged, items)),
            _ => None,
        });
        match open {
            Some((t, i)) => {
                t.extend(tagged);
                i.extend(items);
            }
            None => self.resolution.push(Step::Destruction { tagged, items }),
        }
    }

    /// Destruction steps 3 and 4: the tagged creatures still in play leave it together
    /// (names to their owners' discards, amber on them to their controllers'
    /// opponents), then After a creature is destroyed abilities.
    fn leave_play<S: EventSink<KfEvent>>(&mut self, tagged: Vec<CreatureId>, sink: &mut S) {
        let mut left = false;
        for id in &tagged {
            if self.remove(id, rule::LEAVE_PLAY, sink).is_some() {
                left = true;
            }
        }
        if !left {
            return;
        }
        let items: Vec<Item> = self
            .creatures()
            .flat_map(|(_, c)| c.abilities_on(Trigger::AfterAnyDestroyed).map(|a| Item::Ability(a.id.clone())))
            .collect();
        if !items.is_empty() {
            self.resolution.push(Step::Window { kind: WindowKind::AfterDestroyed, items });
        }
    }

    /// Returns the creature `id` to its owner's hand: it leaves play.
    fn return_to_hand<S: EventSink<KfEvent>>(&mut self, id: &CreatureId, sink: &mut S) {
        self.remove(id, rule::EFFECT_RETURN, sink);
    }

    /// Takes the creature `id` out of play (`why`: destroyed, to the discard, or
    /// returned, to the hand); the amber on it goes to its controller's opponent.
    /// Returns its former slot.
    fn remove<S: EventSink<KfEvent>>(&mut self, id: &CreatureId, why: &'static str, sink: &mut S) -> Option<Slot> {
        let slot = self.find(id)?;
        let c = self.sides[slot.side.index()].battleline.remove(usize::from(slot.index));
        self.header.turns_without_progress = 0;
        let owner = &mut self.sides[c.owner.index()];
        if why == rule::LEAVE_PLAY {
            owner.discard.push(c.name.clone());
            emit(sink, why, || KfEvent::CreatureDestroyed { creature: id.clone() });
        } else {
            owner.hand.push(c.name.clone());
            emit(sink, why, || KfEvent::CardReturned { card: id.to_string().as_str().into(), to: "hand" });
        }
        if c.amber > 0 {
            let to = slot.side.opponent();
            let side = &mut self.sides[to.index()];
            side.amber = side.amber.saturating_add(c.amber);
            emit(sink, rule::LEAVE_AMBER, || KfEvent::AmberMoved {
                from: Some(slot.side),
                to: Some(to),
                amount: c.amber,
                creature: Some(id.clone()),
            });
        }
        Some(slot)
    }
}

/// The rule an ability resolves under, by its trigger.
fn trigger_rule(t: Trigger) -> &'static str {
    match t {
        Trigger::BeforeFight => rule::ABILITY_BEFORE_FIGHT,
        Trigger::Fight => rule::ABILITY_FIGHT,
        Trigger::AfterFight => rule::ABILITY_AFTER_FIGHT,
        Trigger::Reap => rule::ABILITY_REAP,
        Trigger::Destroyed => rule::ABILITY_DESTROYED,
        Trigger::AfterDamaged => rule::ABILITY_AFTER_DAMAGED,
        Trigger::AfterAnyDestroyed => rule::ABILITY_AFTER_DESTROYED,
    }
}
