//! Dog Fight behind the [`Game`] interface: two to four players, RESPONSE decisions,
//! and a fleet balance as the heuristic.
//!
//! Hidden information: the other players' hands (the grid and every discard are open).
//! A sampled world deals the cards hidden from the viewer again at random, keeping each
//! hand's size.
//!
//! Heuristic: each player still in is worth the sum over their vessels of `2 + hull +
//! attack + 0.5 * (shields + armor + absorb)`, plus 1 per card in hand; with two players
//! seat 0's worth minus seat 1's, divided by 10 and squashed, zero-sum; with more, each
//! player's share of the total (the shares sum to 1, as multi-player returns do).
//!
//! Returns: with more than two players a draw goes to the players still in, shared; a
//! player who went out before it scores 0, as in a loss (they finished below).

use rand::RngCore;
use rand::seq::SliceRandom;

use super::event::DfEvent;
use super::setup::{DogFightActionSetup, DogFightSetup, DogFightStrikeSetup};
use super::{DfAction, DfCard, DogFightState, rule};
use crate::error::{ActionError, IllegalAction, Violations};
use crate::event::{DecisionView, Event, EventSink, SharedEvent, shown_whole};
use crate::game::{Game, Outcome, Returns, balance_heuristic};
use crate::parse::{
    choice_at, named, no_decision, no_kind, nothing_to_answer, option_id, option_index, pending_option, read_choice,
    strike_at,
};
use crate::path::FieldPath;
use crate::setup::ChoiceSetup;
use crate::state::{Phase, PlayerId};
use crate::turn::header_game_fns;

impl Game for DogFightState {
    type Action = DfAction;
    type Setup = DogFightSetup;
    type ActionSetup = DogFightActionSetup;
    type StrikeSetup = DogFightStrikeSetup;
    type Event = DfEvent;

    fn num_players(&self) -> usize {
        self.players()
    }

    /// Who decides next: the pending decision's chooser, else the active player while
    /// an action is legal.
    fn to_move(&self) -> Option<PlayerId> {
        self.header.to_move(self.pending.as_ref().map(|d| d.player), || {
            let mut any = Vec::new();
            self.attacks_into(None, &mut any);
            !any.is_empty()
        })
    }

    /// Appends every legal action to `out`, in a stable order: with a decision pending,
    /// its options in order then `Pass`; else attacks (attackers in vessel order, each
    /// against the vessels it reaches, in vessel order), then `EndPhase`. On a bare
    /// board every player's vessels may attack, and there is no `EndPhase`.
    fn legal_actions_into(&self, out: &mut Vec<DfAction>) {
        if let Some(d) = &self.pending {
            out.extend((0..d.options.len()).map(|k| DfAction::Play(k as u8)));
            out.push(DfAction::Pass);
            return;
        }
        match self.header.phase {
            Phase::Bare => self.attacks_into(None, out),
            Phase::Event => {
                self.attacks_into(Some(self.header.active_player), out);
                out.push(DfAction::EndPhase);
            }
            _ => {}
        }
    }

    /// Applies `action`, telling each step to `sink`. On error nothing changed.
    fn apply<S: EventSink<DfEvent>>(&mut self, action: DfAction, sink: &mut S) -> Result<(), IllegalAction> {
        self.header.check_not_over(rule::GAME_OVER)?;
        match (action, &self.pending) {
            (DfAction::Play(k), _) => {
                let options = self.pending.as_ref().map(|d| d.options.len());
                self.play(pending_option(rule::DECISION_PENDING, options, k)?, sink);
            }
            (DfAction::Pass, Some(_)) => self.decline(sink),
            (DfAction::Pass, None) => return Err(nothing_to_answer(rule::DECISION_PENDING)),
            (_, Some(d)) => {
                return Err(IllegalAction::new(
                    rule::DECISION_PENDING,
                    format!("player {} must first play a card into the attack or pass", d.player.0),
                ));
            }
            (DfAction::Attack { attacker, defender }, None) => {
                self.check_attack(usize::from(attacker), usize::from(defender))?;
                if self.header.phase == Phase::Bare {
                    self.header.active_player = self.vessels[usize::from(attacker)].controller;
                }
                self.declare(usize::from(attacker), usize::from(defender), sink);
            }
            (DfAction::EndPhase, None) => {
                if self.header.phase == Phase::Bare {
                    return Err(IllegalAction::new(rule::BARE, "a bare board (phase unset) has no turn structure"));
                }
                self.end_turn(sink);
            }
        }
        Ok(())
    }

    header_game_fns!(game_over: super::rule::GAME_OVER, turn_limit: super::rule::TURN_LIMIT);

    /// A win as [`Returns::of`]; with more than two players a draw is shared by the
    /// players still in when it came (a player who went out finished below them and
    /// gets a loss's 0), or by all when nobody, or everybody, is still in.
    fn returns(&self) -> Option<Returns> {
        let outcome = self.outcome()?;
        let n = self.players();
        let still_in = self.players_in().count();
        if outcome != Outcome::Draw || n == 2 || still_in == 0 || still_in == n {
            return Some(Returns::of(outcome, n));
        }
        let share = 1.0 / still_in as f64;
        let values: Vec<f64> = (0..n).map(|p| if self.is_in(PlayerId(p as u8)) { share } else { 0.0 }).collect();
        Some(Returns::new(&values))
    }

    fn heuristic(&self) -> Returns {
        if self.players() == 2 {
            return balance_heuristic(self, || (self.worth(PlayerId(0)) - self.worth(PlayerId(1))) / 10.0);
        }
        if let Some(r) = self.returns() {
            return r;
        }
        let worth: Vec<f64> = (0..self.players()).map(|p| self.worth(PlayerId(p as u8))).collect();
        let total: f64 = worth.iter().sum();
        if total <= 0.0 {
            return Returns::of(Outcome::Draw, self.players());
        }
        Returns::new(&worth.iter().map(|w| w / total).collect::<Vec<_>>())
    }

    fn is_pending(&self) -> bool {
        self.pending.is_some()
    }

    fn has_hidden(&self, viewer: PlayerId) -> bool {
        self.sides.iter().enumerate().any(|(p, s)| p != viewer.index() && !s.hand.is_empty())
    }

    /// Each hand is known to its holder, and nothing else is hidden: the state itself.
    fn determinize_known(&self, _rng: &mut dyn RngCore) -> Self {
        self.clone()
    }

    /// Deals the other players' hands again at random from the same cards.
    fn determinize(&self, viewer: PlayerId, rng: &mut dyn RngCore) -> Self {
        let mut world = self.clone();
        let mut unseen: Vec<DfCard> = Vec::new();
        for (p, side) in world.sides.iter_mut().enumerate() {
            if p != viewer.index() {
                unseen.append(&mut side.hand);
            }
        }
        unseen.shuffle(rng);
        let mut deal = unseen.into_iter();
        for (p, side) in world.sides.iter_mut().enumerate() {
            if p != viewer.index() {
                side.hand = deal.by_ref().take(self.sides[p].hand.len()).collect();
            }
        }
        // A pending decision's options follow the chooser's hand in this world (empty if
        // it holds nothing they may play: then they may only pass).
        let options = match (&world.pending, &world.attack) {
            (Some(d), Some(a)) => Some(world.playable(a, d.player)),
            _ => None,
        };
        if let (Some(p), Some(options)) = (world.pending.as_mut(), options) {
            p.options = options;
        }
        world
    }

    /// Blanks the other players' hands, and the pending decision's options (the
    /// chooser's playable cards) unless the viewer is the chooser.
    fn observation(&self, viewer: PlayerId) -> DogFightSetup {
        let mut s = self.to_setup();
        if let Some(p) = s.header.pending.as_mut().filter(|p| p.player != u32::from(viewer.0)) {
            p.options.clear();
        }
        if let Some(board) = s.board.as_mut() {
            for (p, side) in board.sides.iter_mut().enumerate() {
                if p != viewer.index() {
                    side.hand.iter_mut().for_each(|c| *c = Default::default());
                }
            }
        }
        s
    }

    /// What `viewer` may know of `event` (`dogfight.hidden`): a decision's options only
    /// to its chooser; every other event whole (each kind in `view.rs`).
    fn event_view(&self, event: &Event<DfEvent>, viewer: PlayerId) -> Event<DfEvent> {
        match &event.kind {
            DfEvent::Shared(SharedEvent::DecisionRequested(d)) if d.player != viewer => Event {
                rule: event.rule,
                kind: DfEvent::Shared(SharedEvent::DecisionRequested(DecisionView {
                    options: Vec::new(),
                    ..d.clone()
                })),
            },
            shown_whole!(
                DfEvent: AttackDeclared, CardPlayed, ResponsePassed, AttackMissed, DamageMitigated,
                DamageDealt, VesselDestroyed,
            ) => event.clone(),
        }
    }

    /// The state as plain data: the turn header with the pending decision, and the
    /// board.
    fn to_setup(&self) -> DogFightSetup {
        DogFightSetup { header: self.header.to_setup(self.pending_setup()), board: Some(self.board_setup()) }
    }

    fn action_setup(&self, action: DfAction) -> DogFightActionSetup {
        let id = |i: u8| self.vessels.get(usize::from(i)).map(|v| v.id.to_string()).unwrap_or_default();
        match action {
            DfAction::Attack { attacker, defender } => {
                DogFightActionSetup::Strike(DogFightStrikeSetup { attacker: id(attacker), defender: id(defender) })
            }
            DfAction::Play(k) => DogFightActionSetup::Choice(ChoiceSetup::Option(option_id(
                self.pending.as_ref().map(|d| d.options.as_slice()),
                k,
            ))),
            DfAction::Pass => DogFightActionSetup::Choice(ChoiceSetup::Decline(true)),
            DfAction::EndPhase => DogFightActionSetup::EndPhase,
        }
    }

    fn parse_action<'p>(
        &self,
        action: &DogFightActionSetup,
        path: impl Into<FieldPath<'p>>,
    ) -> Result<DfAction, ActionError> {
        let path = path.into();
        match action {
            DogFightActionSetup::Strike(s) => strike_at(self, s, path),
            DogFightActionSetup::Choice(c) => choice_at(self, c, path),
            DogFightActionSetup::EndPhase => Ok(DfAction::EndPhase),
            DogFightActionSetup::Missing => Err(no_kind(path, "strike, choice, end_phase")),
        }
    }

    /// Vessel `attacker` attacks vessel `defender`, both named by id (`target` unset).
    fn parse_strike<'p>(
        &self,
        strike: &DogFightStrikeSetup,
        path: impl Into<FieldPath<'p>>,
    ) -> Result<DfAction, Violations> {
        let path = path.into();
        let mut v = Violations::default();
        let mut index = |field: &'static str, id: &str| {
            named(&mut v, path.field(field), id, "vessel on the board", |id| {
                self.vessels.iter().position(|x| x.id.as_str() == id)
            })
        };
        let (a, d) = (index("attacker", &strike.attacker), index("defender", &strike.defender));
        match (a, d) {
            (Some(a), Some(d)) if v.is_empty() => Ok(DfAction::Attack { attacker: a as u8, defender: d as u8 }),
            _ => Err(v),
        }
    }

    fn parse_choice<'p>(&self, choice: &ChoiceSetup, path: impl Into<FieldPath<'p>>) -> Result<DfAction, Violations> {
        let path = path.into();
        let Some(d) = &self.pending else { return Err(no_decision(path, "none is pending")) };
        read_choice(
            choice,
            path,
            |id| {
                option_index(&d.options, id)
                    .map(DfAction::Play)
                    .ok_or_else(|| format!("{id:?} is not a card player {} may play now", d.player.0))
            },
            |set| if set { Ok(DfAction::Pass) } else { Err("must be true to pass".to_owned()) },
            "is required: set option or decline",
        )
    }
}

impl DogFightState {
    /// What `player`'s fleet and hand are worth (0 once they are out).
    pub fn worth(&self, player: PlayerId) -> f64 {
        if !self.is_in(player) {
            return 0.0;
        }
        let fleet: f64 = self
            .vessels
            .iter()
            .filter(|v| v.controller == player)
            .map(|v| 2.0 + f64::from(v.hull + v.attack) + 0.5 * f64::from(v.shields + v.armor + v.absorb))
            .sum();
        fleet + self.sides.get(player.index()).map_or(0.0, |s| s.hand.len() as f64)
    }
}
