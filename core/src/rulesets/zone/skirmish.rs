//! The skirmish game (docs/rules.md "Skirmish game") for RULESET_EGAME and
//! RULESET_DIMENSIONAL_RIFT: the loop that play, bots and tournaments use.
//!
//! `skirmish.setup`: 6 HP (Dimensional Rift: 20; a scenario may give the second
//! player more to offset moving second), each player's deck from the scenario
//! shuffled by the seed, 5 cards drawn, player 0 starts. A turn (`skirmish.phase`):
//! BEGIN, then EVENT (a new Event: every creature may act again; each face-up creature
//! of the active player may Strike once, then the player ends the phase), then
//! DEPLOYMENT (`skirmish.summon`: at most one card from hand into an empty own zone,
//! face-up with a chosen orientation or set face-down), then DRAW (`skirmish.draw`: 1
//! card if the deck has any). The game is a draw after 60 turns
//! (`skirmish.turn_limit`), when neither player can ever act again
//! (`skirmish.stalemate`), when neither can ever lose HP again
//! (`skirmish.dead_position`), or once 5 rounds pass without progress
//! (`skirmish.no_progress`: no HP lost, no creature damaged, no card summoned, flipped
//! or drawn).
//!
//! Phases in which the active player has nothing to choose pass by themselves: the
//! state rests only where a player has a choice, so a skirmish state is terminal
//! exactly when it has no legal action.

use std::sync::Arc;

use rand::SeedableRng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;

use super::event::ZoneEvent;
use crate::catalogue::Ruleset;
use crate::catalogue::{ScenarioInfo, SeatBalance};
use crate::error::{IllegalAction, SetupError, Violations};
use crate::event::{EventSink, emit};
use crate::rulesets::zone::action::Action;
use crate::rulesets::zone::board::{Board, ZONES_PER_PLAYER, ZoneRef};
use crate::rulesets::zone::cards::{PoolCard, pool};
use crate::rulesets::zone::state::{Card, Creature, Keyword, Orientation, Player, ZoneState};
use crate::state::{CreatureId, Opponent, Phase, PlayerId};
use crate::turn::{TurnEndRules, TurnHeader};

/// Rule ids of the skirmish game ([`super::rule::skirmish`]).
pub use super::rule::skirmish as rule;

/// The draws at the end of a turn.
const TURN_END: TurnEndRules = TurnEndRules { turn_limit: rule::TURN_LIMIT, no_progress: rule::NO_PROGRESS };

/// Cards drawn at setup.
pub const OPENING_HAND: usize = 5;

/// A built-in scenario.
#[derive(Debug, Clone, Copy)]
pub struct Scenario {
    /// Its name, as NewGame takes it.
    pub name: &'static str,
    /// One sentence.
    pub description: &'static str,
    decks: fn(&[PoolCard], &mut ChaCha8Rng) -> [Vec<Card>; 2],
    /// HP the second player starts with on top of the ruleset's, to offset moving
    /// second: `[e:game, Dimensional Rift]` (`skirmish.setup`).
    second_player_hp: [i32; 2],
    /// Seat 0's measured score: `[e:game, Dimensional Rift]`.
    balance: [SeatBalance; 2],
}

impl Scenario {
    /// The extra HP the second player starts with under `ruleset`.
    pub fn second_player_hp(&self, ruleset: Ruleset) -> i32 {
        self.second_player_hp[per_ruleset(ruleset)]
    }

    /// How it splits games between the seats under `ruleset` (`fray bench seats`).
    pub fn balance(&self, ruleset: Ruleset) -> SeatBalance {
        self.balance[per_ruleset(ruleset)]
    }
}

/// The index of `ruleset` in a scenario's `[e:game, Dimensional Rift]` arrays.
fn per_ruleset(ruleset: Ruleset) -> usize {
    usize::from(ruleset == Ruleset::DimensionalRift)
}

fn faction(pool: &[PoolCard], name: &str, fabled: bool) -> Vec<Card> {
    pool.iter().filter(|c| c.faction == name && (fabled || !c.fabled)).map(|c| c.card.clone()).collect()
}

/// Every faction's non-Fabled creatures (the token aside).
fn commons(pool: &[PoolCard]) -> Vec<Card> {
    pool.iter().filter(|c| !c.fabled && c.faction != "any").map(|c| c.card.clone()).collect()
}

fn token(pool: &[PoolCard]) -> Vec<Card> {
    pool.iter().filter(|c| c.faction == "any").map(|c| c.card.clone()).collect()
}

fn men_vs_fey(pool: &[PoolCard], _: &mut ChaCha8Rng) -> [Vec<Card>; 2] {
    let mut fey = faction(pool, "fey", false);
    fey.extend(token(pool));
    [faction(pool, "men", false), fey]
}

fn fables(pool: &[PoolCard], _: &mut ChaCha8Rng) -> [Vec<Card>; 2] {
    [faction(pool, "men", true), faction(pool, "fey", true)]
}

fn mirror(pool: &[PoolCard], rng: &mut ChaCha8Rng) -> [Vec<Card>; 2] {
    let mut common = commons(pool);
    common.shuffle(rng);
    common.truncate(12);
    [common.clone(), common]
}

fn fading_ambush(pool: &[PoolCard], rng: &mut ChaCha8Rng) -> [Vec<Card>; 2] {
    let [men, mut fey] = men_vs_fey(pool, rng);
    for card in fey.iter_mut().filter(|c| ["Hidden Mole", "Gatherer of Dreams", "Poetic Ranger"].contains(&&*c.name)) {
        card.keywords.insert(Keyword::Fading);
        card.name = Arc::from(format!("{} (Fading)", card.name).as_str());
    }
    [men, fey]
}

fn duel(pool: &[PoolCard], rng: &mut ChaCha8Rng) -> [Vec<Card>; 2] {
    let mut common = commons(pool);
    common.shuffle(rng);
    [common[..6].to_vec(), common[6..12].to_vec()]
}

/// Seat 0 scored `seat0` of `games` games (`fray bench seats --games N`).
const fn seat0(seat0_score: f64, games: u32) -> SeatBalance {
    SeatBalance::two(seat0_score, games)
}

/// The built-in scenarios, in the order ListRulesets reports them. Each one's balance
/// is `fray bench seats` (normal against normal) on both rulesets: docs/benchmarks.md.
pub const SCENARIOS: &[Scenario] = &[
    Scenario {
        name: "men-vs-fey",
        description: "the men's commons against the fey's commons and a token",
        decks: men_vs_fey,
        second_player_hp: [0, 0],
        balance: [seat0(1.0, 100), seat0(0.97, 100)],
    },
    Scenario {
        name: "fables",
        description: "each faction's whole list, Fabled creatures included",
        decks: fables,
        second_player_hp: [0, 0],
        balance: [seat0(0.84, 100), seat0(0.93, 100)],
    },
    Scenario {
        name: "mirror",
        description: "both players get the same 12 commons, drawn by the seed",
        decks: mirror,
        second_player_hp: [0, 0],
        balance: [seat0(0.625, 100), seat0(0.485, 100)],
    },
    Scenario {
        name: "fading-ambush",
        description: "men-vs-fey where three fey cards gain Fading, named as such (Fading works in e:game only)",
        decks: fading_ambush,
        second_player_hp: [0, 0],
        balance: [seat0(1.0, 100), seat0(0.97, 100)],
    },
    Scenario {
        name: "duel",
        description: "6 random commons each: short games",
        decks: duel,
        second_player_hp: [0, 0],
        balance: [seat0(0.46, 100), seat0(0.47, 100)],
    },
    Scenario {
        name: "even",
        description: "mirror's 12 commons each, and the second player starts with 2 more HP in e:game to offset moving second",
        decks: mirror,
        second_player_hp: [2, 0],
        balance: [seat0(0.44, 100), seat0(0.485, 100)],
    },
];

/// The scenario names, for messages.
pub fn scenario_names() -> Vec<&'static str> {
    SCENARIOS.iter().map(|s| s.name).collect()
}

/// Every scenario with its balance under `ruleset`, for ListRulesets.
pub fn scenario_infos(ruleset: Ruleset) -> Vec<ScenarioInfo> {
    SCENARIOS
        .iter()
        .map(|s| ScenarioInfo { name: s.name, description: s.description, players: 2, balance: s.balance(ruleset) })
        .collect()
}

impl ZoneState {
    /// Starts a skirmish game of `ruleset` from `seed` and the built-in `scenario`
    /// (empty: the first). The same arguments always give the same game.
    pub fn new_game<S: EventSink<ZoneEvent>>(
        ruleset: Ruleset,
        seed: u64,
        scenario: &str,
        sink: &mut S,
    ) -> Result<ZoneState, SetupError> {
        if !matches!(ruleset, Ruleset::Egame | Ruleset::DimensionalRift) {
            return Err(SetupError::Unsupported(ruleset.wire_name()));
        }
        let name = if scenario.is_empty() { SCENARIOS[0].name } else { scenario };
        let Some(chosen) = SCENARIOS.iter().find(|s| s.name == name) else {
            let mut v = Violations::default();
            v.push("scenario", format!("unknown scenario {name:?}: choose one of {}", scenario_names().join(", ")));
            return Err(SetupError::Invalid(v));
        };
        let pool = pool().map_err(|e| SetupError::Data(e.to_string()))?;
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let decks = (chosen.decks)(pool, &mut rng);
        let hp = if ruleset == Ruleset::DimensionalRift { 20 } else { 6 };
        let hp = [hp, hp + chosen.second_player_hp(ruleset)];
        let mut players: [Player; 2] = Default::default();
        for (p, (player, mut deck)) in players.iter_mut().zip(decks).enumerate() {
            for (i, card) in deck.iter_mut().enumerate() {
                card.id = Some(CreatureId(Arc::from(format!("p{p}-{:02}", i + 1).as_str())));
                if ruleset == Ruleset::Egame {
                    card.armor = 0;
                }
            }
            deck.shuffle(&mut rng);
            let hand = deck.drain(..OPENING_HAND.min(deck.len())).collect();
            *player = Player { hp: hp[p], hand, deck, graveyard: Vec::new() };
        }
        let header = TurnHeader::first(Phase::Begin, rule::SETUP, sink);
        let mut state = ZoneState {
            ruleset,
            players,
            zones: Default::default(),
            header,
            event: 0,
            pending: None,
            chain: Vec::new(),
        };
        state.settle_phases(sink);
        Ok(state)
    }

    /// Appends the legal turn actions (summons, end phase) of a skirmish state to `out`.
    pub(crate) fn turn_actions_into(&self, out: &mut Vec<Action>) {
        match self.header.phase {
            Phase::Deployment => {
                let me = self.header.active_player;
                let hand = self.players[me.index()].hand.len().min(usize::from(u8::MAX));
                let empty =
                    (0..ZONES_PER_PLAYER).filter(|&index| self.at(ZoneRef { player: me, index }).is_none()).count();
                out.reserve(hand * empty * (Orientation::ALL.len() + 1) + 1);
                for hand_index in 0..hand as u8 {
                    for index in 0..ZONES_PER_PLAYER {
                        let zone = ZoneRef { player: me, index };
                        if self.at(zone).is_some() {
                            continue;
                        }
                        for &orientation in Orientation::ALL {
                            out.push(Action::Summon { hand_index, index, face_down: false, orientation });
                        }
                        out.push(Action::Summon {
                            hand_index,
                            index,
                            face_down: true,
                            orientation: Orientation::Forward,
                        });
                    }
                }
                out.push(Action::EndPhase);
            }
            Phase::Begin | Phase::Event | Phase::Draw => out.push(Action::EndPhase),
            Phase::Bare | Phase::GameOver => {}
        }
    }

    /// Checks a summon; changes nothing.
    pub(crate) fn check_summon(&self, hand_index: u8, index: u8) -> Result<(), IllegalAction> {
        if self.header.phase != Phase::Deployment {
            return Err(IllegalAction::new(
                rule::SUMMON,
                format!("summons happen only in PHASE_DEPLOYMENT, not in {}", self.header.phase),
            ));
        }
        let me = self.header.active_player;
        let hand = &self.players[me.index()].hand;
        if usize::from(hand_index) >= hand.len() {
            return Err(IllegalAction::new(
                rule::SUMMON,
                format!("player {} has {} cards in hand: there is no card {hand_index}", me.0, hand.len()),
            ));
        }
        if let Some(c) = ZoneRef::new(me, index).and_then(|z| self.at(z)) {
            return Err(IllegalAction::new(
                rule::SUMMON,
                format!("zone {me}:{index} already holds {}", c.id, me = me.0),
            ));
        }
        Ok(())
    }

    /// Summons a checked card and ends the Deployment phase.
    pub(crate) fn summon<S: EventSink<ZoneEvent>>(
        &mut self,
        hand_index: u8,
        index: u8,
        face_down: bool,
        orientation: Orientation,
        sink: &mut S,
    ) {
        let me = self.header.active_player;
        let zone = ZoneRef { player: me, index };
        let card = self.players[me.index()].hand.remove(usize::from(hand_index));
        let id = match card.id {
            Some(id) if self.find(id.as_str()).is_none() => id,
            _ => self.fresh_id(zone),
        };
        let seq = self.creatures().map(|(_, c)| c.seq + 1).max().unwrap_or(0);
        let creature = Creature {
            id: id.clone(),
            name: card.name,
            owner: me,
            might: card.might,
            life: card.life,
            damage: 0,
            armor: card.armor,
            face_down,
            keywords: card.keywords,
            arrows: card.arrows,
            orientation,
            acted: false,
            seq,
            reach: Board::get().targets(zone, &card.arrows, orientation),
        };
        self.zones[me.index()][usize::from(index)] = Some(creature);
        self.progress();
        emit(sink, rule::SUMMON, || ZoneEvent::CreatureSummoned { creature: id, zone, face_down, orientation });
        self.enter(Phase::Draw, sink);
    }

    /// An id no creature has: `p<player>-t<turn>-z<zone>`, suffixed if need be.
    fn fresh_id(&self, zone: ZoneRef) -> CreatureId {
        let base = format!("p{}-t{}-z{}", zone.player.0, self.header.turn, zone.index);
        let mut id = base.clone();
        let mut n = 2;
        while self.find(&id).is_some() {
            id = format!("{base}-{n}");
            n += 1;
        }
        CreatureId(Arc::from(id.as_str()))
    }

    /// Ends the current phase by the active player's choice.
    pub(crate) fn end_phase<S: EventSink<ZoneEvent>>(&mut self, sink: &mut S) {
        match self.header.phase {
            Phase::Begin => self.begin_event(sink),
            Phase::Event => self.enter(Phase::Deployment, sink),
            Phase::Deployment => self.enter(Phase::Draw, sink),
            Phase::Draw => self.draw_and_pass(sink),
            Phase::Bare | Phase::GameOver => {}
        }
    }

    fn enter<S: EventSink<ZoneEvent>>(&mut self, phase: Phase, sink: &mut S) {
        self.header.enter(phase, rule::PHASE, sink);
    }

    /// Moves on through phases in which the active player has nothing to choose.
    pub(crate) fn settle_phases<S: EventSink<ZoneEvent>>(&mut self, sink: &mut S) {
        loop {
            if self.header.is_over() || self.pending.is_some() {
                return;
            }
            match self.header.phase {
                Phase::Begin => self.begin_event(sink),
                Phase::Event if !self.can_strike() => self.enter(Phase::Deployment, sink),
                Phase::Deployment if !self.can_summon() => self.enter(Phase::Draw, sink),
                Phase::Draw => self.draw_and_pass(sink),
                _ => return,
            }
        }
    }

    /// A new Event: every creature may act again.
    fn begin_event<S: EventSink<ZoneEvent>>(&mut self, sink: &mut S) {
        if !self.can_ever_act(PlayerId(0)) && !self.can_ever_act(PlayerId(1)) {
            self.end_game(None, rule::STALEMATE, sink);
            return;
        }
        if self.is_dead_position() {
            self.end_game(None, rule::DEAD_POSITION, sink);
            return;
        }
        // A submitted counter may already be at the top of its range.
        self.event = self.event.saturating_add(1);
        for c in self.zones.iter_mut().flatten().flatten() {
            c.acted = false;
        }
        self.enter(Phase::Event, sink);
    }

    /// Draws a card for the active player and passes the turn (or ends the game).
    fn draw_and_pass<S: EventSink<ZoneEvent>>(&mut self, sink: &mut S) {
        let me = self.header.active_player;
        let player = &mut self.players[me.index()];
        if !player.deck.is_empty() {
            let card = player.deck.remove(0);
            player.hand.push(card);
            self.progress();
            emit(sink, rule::DRAW, || ZoneEvent::CardDrawn { player: me });
        }
        if let Some(draw) = self.header.end_turn(TURN_END, 2, me.opponent(), Phase::Begin, rule::PHASE, sink) {
            self.end_game(None, draw, sink);
        }
    }

    /// Something that cannot be undone happened (`skirmish.no_progress`): HP lost, a
    /// creature damaged, a card summoned, flipped or drawn.
    pub(crate) fn progress(&mut self) {
        self.header.turns_without_progress = 0;
    }

    /// Ends the game: no decision waits and the chain is empty once it is over.
    pub(super) fn end_game<S: EventSink<ZoneEvent>>(
        &mut self,
        winner: Option<PlayerId>,
        rule: &'static str,
        sink: &mut S,
    ) {
        self.pending = None;
        self.chain.clear();
        self.header.end_game(winner, rule, sink);
    }

    /// The active player has a strike available.
    fn can_strike(&self) -> bool {
        let me = self.header.active_player;
        (0..ZONES_PER_PLAYER).any(|index| {
            let zone = ZoneRef { player: me, index };
            self.at(zone).is_some_and(|c| !c.face_down && !c.acted) && !self.targets_of(zone).is_empty()
        })
    }

    /// The active player can summon: a card in hand and an empty own zone.
    fn can_summon(&self) -> bool {
        let me = self.header.active_player;
        !self.players[me.index()].hand.is_empty()
            && (0..ZONES_PER_PLAYER).any(|index| self.at(ZoneRef { player: me, index }).is_none())
    }

    /// Neither player can ever lose HP again (`skirmish.dead_position`), so a draw is
    /// the only result left: no card is left in a hand or deck (nothing new is ever
    /// summoned), no face-up creature that reaches a zone has Might above 0, and no
    /// face-down creature stands in a zone that a face-up one reaches.
    ///
    /// Why that is final: HP is lost only to a direct strike with Might above 0
    /// (`egame.strike.direct`, `rift.strike.direct`). The strikers are the face-up
    /// creatures that reach a zone; none has Might above 0, and none ever gains Might or
    /// reach (nothing changes them). New strikers could only be summoned (no card is
    /// left) or flipped, and a face-down creature flips only when its zone is struck,
    /// which no striker reaches. Creatures only leave the field, so all of this stays
    /// true.
    fn is_dead_position(&self) -> bool {
        if self.players.iter().any(|p| !p.hand.is_empty() || !p.deck.is_empty()) {
            return false;
        }
        let mut reached = 0u16;
        for (zone, c) in self.creatures().filter(|(_, c)| !c.face_down) {
            let reach = self.targets_of(zone);
            if c.might > 0 && !reach.is_empty() {
                return false;
            }
            reached |= reach.0;
        }
        let reached = crate::rulesets::zone::board::ZoneSet(reached);
        !self.creatures().any(|(zone, c)| c.face_down && reached.contains(zone))
    }

    /// `player` could still act some day: cards to summon, or a face-up creature that
    /// reaches some zone.
    fn can_ever_act(&self, player: PlayerId) -> bool {
        let p = &self.players[player.index()];
        !p.hand.is_empty()
            || !p.deck.is_empty()
            || (0..ZONES_PER_PLAYER).any(|index| !self.targets_of(ZoneRef { player, index }).is_empty())
    }
}
