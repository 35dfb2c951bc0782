//! KeyForge behind the [`Game`] interface: two players, ORDER and TARGET decisions,
//! and the material balance below as the heuristic.
//!
//! Hidden information: none. The skirmish deals no hands or decks (the battlelines are
//! open, and a creature returned to hand is only a name there), so every player sees
//! the whole state and a sampled world is the state itself.
//!
//! Material counts, per side: a key 8, an amber in the pool 1, amber captured on an
//! enemy creature -0.5 for its controller (it comes back when that creature leaves
//! play); each creature `1 + 0.4 * (power - damage) + 0.3 * armor`, plus 0.5 for a
//! ward, 0.3 for each keyword (taunt, elusive, skirmish, poison) and ability, and 0.2
//! for assault or hazardous. The balance `x` (seat 0's minus seat 1's, divided by 10)
//! is squashed with `x / (1 + |x|)`; once the game is over the heuristic is its result.

use rand::RngCore;

use super::event::KfEvent;
use super::setup::{KeyforgeActionSetup, KeyforgeSetup, KeyforgeStrikeSetup};
use super::{KeyforgeState, KfAction, KfCreature, KfSide, Slot, rule};
use crate::error::{ActionError, IllegalAction, Violations};
use crate::event::{Event, EventSink, shown_whole};
use crate::game::{Game, Returns, balance_heuristic};
use crate::parse::{
    choice_at, named, no_decision, no_kind, option_id, option_index, pending_option, read_choice, strike_at,
};
use crate::path::FieldPath;
use crate::setup::ChoiceSetup;
use crate::state::{CreatureId, Opponent, Phase, PlayerId};
use crate::turn::header_game_fns;

impl Game for KeyforgeState {
    type Action = KfAction;
    type Setup = KeyforgeSetup;
    type ActionSetup = KeyforgeActionSetup;
    type StrikeSetup = KeyforgeStrikeSetup;
    type Event = KfEvent;

    fn num_players(&self) -> usize {
        2
    }

    /// Who decides next: the pending decision's chooser, else the active player while
    /// an action is legal.
    fn to_move(&self) -> Option<PlayerId> {
        self.header.to_move(self.pending.as_ref().map(|d| d.player), || {
            let mut any = Vec::new();
            self.legal_actions_into(&mut any);
            !any.is_empty()
        })
    }

    /// Appends every legal action to `out`, in a stable order: with a decision pending,
    /// its options in order; else fights (attackers left to right, each against the
    /// defenders it may choose, left to right), then reaps (left to right), then
    /// `EndPhase`. On a bare board: the active player's fights, then the other's.
    fn legal_actions_into(&self, out: &mut Vec<KfAction>) {
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

    /// Applies `action`, telling each step to `sink`. On error nothing changed.
    fn apply<S: EventSink<KfEvent>>(&mut self, action: KfAction, sink: &mut S) -> Result<(), IllegalAction> {
        self.header.check_not_over(rule::GAME_OVER)?;
        if let KfAction::Choose(k) = action {
            let options = self.pending.as_ref().map(|d| d.options.len());
            self.choose(pending_option(rule::DECISION_PENDING, options, k)?, sink);
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

    header_game_fns!(game_over: super::rule::GAME_OVER, turn_limit: super::rule::TURN_LIMIT);

    fn heuristic(&self) -> Returns {
        balance_heuristic(self, || material(self))
    }

    fn is_pending(&self) -> bool {
        self.pending.is_some()
    }

    fn has_hidden(&self, _viewer: PlayerId) -> bool {
        false
    }

    fn determinize(&self, _viewer: PlayerId, _rng: &mut dyn RngCore) -> Self {
        self.clone()
    }

    /// Nothing is hidden: the state itself.
    fn determinize_known(&self, _rng: &mut dyn RngCore) -> Self {
        self.clone()
    }

    fn observation(&self, _viewer: PlayerId) -> KeyforgeSetup {
        self.to_setup()
    }

    /// What `viewer` may know of `event`: the event whole, as nothing is hidden in
    /// KeyForge (each kind in `view.rs`).
    fn event_view(&self, event: &Event<KfEvent>, viewer: PlayerId) -> Event<KfEvent> {
        let _ = viewer;
        match &event.kind {
            shown_whole!(
                KfEvent: AmberMoved, CreatureStunned, StunRemoved, WardRemoved, WardGained, CreatureExhausted,
                FightDeclared, FightExchange, FightEnded, DamagePending, DamageDealt, DamagePrevented,
                AbilityResolved, CreatureTagged, CreatureDestroyed, CardReturned, Reaped, KeyForged,
            ) => event.clone(),
        }
    }

    /// The state as plain data: the turn header with the pending decision, and the
    /// board.
    fn to_setup(&self) -> KeyforgeSetup {
        KeyforgeSetup { header: self.header.to_setup(self.pending_setup()), board: Some(self.board_setup()) }
    }

    fn action_setup(&self, action: KfAction) -> KeyforgeActionSetup {
        let id = |slot: Slot| self.at(slot).map(|c| c.id.to_string()).unwrap_or_default();
        match action {
            KfAction::Fight { attacker, defender } => {
                KeyforgeActionSetup::Strike(KeyforgeStrikeSetup { attacker: id(attacker), defender: id(defender) })
            }
            KfAction::Reap(slot) => KeyforgeActionSetup::Reap(id(slot)),
            KfAction::Choose(k) => KeyforgeActionSetup::Choice(ChoiceSetup::Option(option_id(
                self.pending.as_ref().map(|d| d.options.as_slice()),
                k,
            ))),
            KfAction::EndPhase => KeyforgeActionSetup::EndPhase,
        }
    }

    fn parse_action<'p>(
        &self,
        action: &KeyforgeActionSetup,
        path: impl Into<FieldPath<'p>>,
    ) -> Result<KfAction, ActionError> {
        let path = path.into();
        match action {
            KeyforgeActionSetup::Strike(s) => strike_at(self, s, path),
            KeyforgeActionSetup::Choice(c) => choice_at(self, c, path),
            KeyforgeActionSetup::Reap(id) => {
                let mut v = Violations::default();
                let slot = self.slot_of(&mut v, path.field("reap").field("creature"), id);
                slot.map(KfAction::Reap).ok_or(ActionError::Invalid(v))
            }
            KeyforgeActionSetup::EndPhase => Ok(KfAction::EndPhase),
            KeyforgeActionSetup::Missing => Err(no_kind(path, "strike, reap, choice, end_phase")),
        }
    }

    /// "Use `attacker` to fight `defender`": both named by id, both in play (`target`
    /// unset). Which side each is on, readiness and taunt are the rules' to refuse.
    fn parse_strike<'p>(
        &self,
        strike: &KeyforgeStrikeSetup,
        path: impl Into<FieldPath<'p>>,
    ) -> Result<KfAction, Violations> {
        let path = path.into();
        let mut v = Violations::default();
        let attacker = self.slot_of(&mut v, path.field("attacker"), &strike.attacker);
        let defender = self.slot_of(&mut v, path.field("defender"), &strike.defender);
        match (attacker, defender) {
            (Some(attacker), Some(defender)) if v.is_empty() => Ok(KfAction::Fight { attacker, defender }),
            _ => Err(v),
        }
    }

    fn parse_choice<'p>(&self, choice: &ChoiceSetup, path: impl Into<FieldPath<'p>>) -> Result<KfAction, Violations> {
        let path = path.into();
        let Some(d) = &self.pending else { return Err(no_decision(path, "none is pending")) };
        read_choice(
            choice,
            path,
            |id| {
                option_index(&d.options, id).map(KfAction::Choose).ok_or_else(|| {
                    let options: Vec<&str> = d.options.iter().map(CreatureId::as_str).collect();
                    format!("{id:?} is not one of the options [{}]", options.join(", "))
                })
            },
            |_| Err(format!("{} cannot be declined: choose an option", d.kind_name())),
            "is required: set option",
        )
    }

    /// Using a stunned creature only removes its stun, whatever it was used for: its
    /// fights and its reap are one move.
    fn dedupe(&self, actions: &mut Vec<KfAction>) {
        let mut seen: Vec<Slot> = Vec::new();
        actions.retain(|&a| {
            let used = match a {
                KfAction::Fight { attacker, .. } => attacker,
                KfAction::Reap(slot) => slot,
                _ => return true,
            };
            if !self.at(used).is_some_and(|c| c.stunned) {
                return true;
            }
            if seen.contains(&used) {
                return false;
            }
            seen.push(used);
            true
        });
    }
}

impl KeyforgeState {
    /// Where the creature `id` stands, or a violation at `field`.
    fn slot_of(&self, v: &mut Violations, field: FieldPath<'_>, id: &str) -> Option<Slot> {
        named(v, field, id, "creature in play", |id| {
            self.creatures().find(|(_, c)| c.id.as_str() == id).map(|(slot, _)| slot)
        })
    }
}

/// Seat 0's material balance (seat 0's side minus seat 1's, divided by 10).
pub fn material(s: &KeyforgeState) -> f64 {
    (side_value(&s.sides[0], &s.sides[1]) - side_value(&s.sides[1], &s.sides[0])) / 10.0
}

fn side_value(side: &KfSide, enemy: &KfSide) -> f64 {
    let captured_from_me: i32 = enemy.battleline.iter().map(|c| c.amber).sum();
    8.0 * f64::from(side.keys) + f64::from(side.amber) - 0.5 * f64::from(captured_from_me)
        + side.battleline.iter().map(creature_value).sum::<f64>()
}

fn creature_value(c: &KfCreature) -> f64 {
    let keywords = [c.taunt, c.elusive, c.skirmish, c.poison].iter().filter(|&&k| k).count() + c.abilities.len();
    1.0 + 0.4 * f64::from(c.power - c.damage)
        + 0.3 * f64::from(c.armor)
        + if c.ward { 0.5 } else { 0.0 }
        + 0.3 * keywords as f64
        + if c.assault > 0 || c.hazardous > 0 { 0.2 } else { 0.0 }
}
