//! Dog Fight's own plain input ([`DogFightSetup`]: the turn, the pending decision and
//! the board; its attacks and actions) and its validation into a [`DogFightState`]
//! (every violation at once, with field paths relative to the GameState message), and
//! the way back to plain data. The board (the `dog_fight` field) holds everything.

use std::sync::Arc;

use super::{DfAttack, DfCard, DfDecision, DfEffect, DfSide, DogFightState, PLAYERS, Vessel};
use crate::error::{SetupError, Violations};
use crate::ids::UniqueIds;
use crate::path::FieldPath;
use crate::setup::{ChoiceSetup, DecisionSetup, TurnSetup, progress_count};
use crate::state::{CreatureId, DecisionKind, Phase, PlayerId};
use crate::turn::TurnHeader;

/// A Dog Fight state as submitted: the turn, the pending decision and the board.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct DogFightSetup {
    /// The turn header; `pending` is the pending RESPONSE decision.
    pub header: TurnSetup,
    /// The board (the `dog_fight` field); required.
    pub board: Option<DogFightBoardSetup>,
}

/// An attack as submitted: vessel `attacker` attacks vessel `defender`, both by id.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct DogFightStrikeSetup {
    /// Attacking vessel id.
    pub attacker: String,
    /// Targeted vessel id.
    pub defender: String,
}

/// A Dog Fight action as submitted.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DogFightActionSetup {
    /// Attack.
    Strike(DogFightStrikeSetup),
    /// Answer the pending RESPONSE decision (play a card, or decline: pass).
    Choice(ChoiceSetup),
    /// End the phase.
    EndPhase,
    /// No action was set.
    Missing,
}

/// A Dog Fight vessel as submitted (the `Vessel` message).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct VesselSetup {
    /// Unique id.
    pub id: String,
    /// Name.
    pub name: String,
    /// Its player.
    pub controller: u32,
    /// Column.
    pub x: i32,
    /// Row.
    pub y: i32,
    /// Attack damage.
    pub attack: i32,
    /// Range (Chebyshev).
    pub range: i32,
    /// Shields.
    pub shields: i32,
    /// Armor.
    pub armor: i32,
    /// Other absorbers.
    pub absorb: i32,
    /// Hull.
    pub hull: i32,
    /// Attacked this turn.
    pub attacked: bool,
}

/// A Dog Fight card as submitted (the `DogFightCard` message).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct DogFightCardSetup {
    /// Unique id.
    pub id: String,
    /// Name.
    pub name: String,
    /// DogFightEffect wire number.
    pub effect: i32,
    /// Its N.
    pub amount: i32,
}

/// One Dog Fight player's cards as submitted.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct DogFightSideSetup {
    /// The hand.
    pub hand: Vec<DogFightCardSetup>,
    /// Played cards.
    pub discard: Vec<DogFightCardSetup>,
}

/// An attack in its response windows as submitted (the `DogFightAttack` message).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct DogFightAttackSetup {
    /// Attacking vessel id.
    pub attacker: String,
    /// Targeted vessel id.
    pub defender: String,
    /// Cards declared, in order: (player, card id).
    pub declared: Vec<(u32, String)>,
    /// Players whose window is over.
    pub passed: Vec<u32>,
    /// The base damage: the attacker's attack value when the attack was declared; 0
    /// (unset) reads as the attacker's attack value.
    pub strength: i32,
}

/// RULESET_DOG_FIGHT's board as submitted (the `DogFightBoard` message).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct DogFightBoardSetup {
    /// Grid width.
    pub width: u32,
    /// Grid height.
    pub height: u32,
    /// Vessels in play.
    pub vessels: Vec<VesselSetup>,
    /// `sides[i]` is player i's (2 to 4).
    pub sides: Vec<DogFightSideSetup>,
    /// The attack in its response windows.
    pub attack: Option<DogFightAttackSetup>,
}

/// The largest value a vessel's or card's number may take, and the widest grid.
pub const MAX_VALUE: i32 = 1000;
/// The widest and tallest grid.
pub const MAX_GRID: u32 = 64;
/// The most vessels on a board: attacks grow as the square of the vessels, so this
/// bounds what one LegalActions or search may list (64 x 63 attacks at most).
pub const MAX_VESSELS: usize = 64;
/// The most cards in one hand or discard.
pub const MAX_CARDS: usize = 64;

impl DogFightState {
    /// Validates a submitted Dog Fight state. Every problem is reported at once; paths
    /// are relative to the GameState message.
    pub fn from_setup(s: &DogFightSetup) -> Result<DogFightState, SetupError> {
        let mut v = Violations::default();
        let phase = s.header.phase(&mut v, |p| match p {
            Phase::Bare | Phase::Event | Phase::GameOver => Ok(p),
            _ => Err((Phase::Event, format!("Dog Fight's turn is PHASE_EVENT only, not {p}"))),
        });
        let Some(board) = &s.board else {
            v.push("dog_fight", "is required: a RULESET_DOG_FIGHT state keeps its board there");
            return Err(SetupError::Invalid(v));
        };
        let n = board.sides.len();
        if !PLAYERS.contains(&n) {
            v.push("dog_fight.sides", format!("has {n} sides: Dog Fight seats 2 to 4 players, one side each"));
        }
        let seat = |v: &mut Violations, field: FieldPath<'_>, p: u32| -> PlayerId {
            if (p as usize) < n {
                PlayerId(p as u8)
            } else {
                v.push(field, format!("player {p} does not exist: there are {n} players"));
                PlayerId(0)
            }
        };
        let root = FieldPath::new("dog_fight");
        for (name, value) in [("width", board.width), ("height", board.height)] {
            if value == 0 || value > MAX_GRID {
                v.push(root.field(name), format!("{name} {value} must be 1..{MAX_GRID}"));
            }
        }
        if board.vessels.len() > MAX_VESSELS {
            v.push("dog_fight.vessels", format!("has {} vessels: at most {MAX_VESSELS}", board.vessels.len()));
            return Err(SetupError::Invalid(v));
        }
        let mut too_many = false;
        let sides_path = root.field("sides");
        for (p, side) in board.sides.iter().enumerate() {
            for (name, cards) in [("hand", &side.hand), ("discard", &side.discard)] {
                if cards.len() > MAX_CARDS {
                    too_many = true;
                    v.push(sides_path.index(p).field(name), format!("has {} cards: at most {MAX_CARDS}", cards.len()));
                }
            }
        }
        if too_many {
            return Err(SetupError::Invalid(v));
        }
        let side_cards = board.sides.iter().flat_map(|side| side.hand.iter().chain(&side.discard));
        let mut ids =
            UniqueIds::new(board.vessels.iter().map(|x| x.id.as_str()).chain(side_cards.map(|c| c.id.as_str())));
        let vessels_path = root.field("vessels");
        let vessels: Vec<Vessel> = board
            .vessels
            .iter()
            .enumerate()
            .map(|(i, x)| vessel(&mut v, vessels_path.index(i), x, board, &mut ids, &seat))
            .collect();
        let sides: Vec<DfSide> = board
            .sides
            .iter()
            .enumerate()
            .map(|(p, side)| {
                let f = sides_path.index(p);
                DfSide {
                    hand: cards(&mut v, f.field("hand"), &side.hand, &mut ids),
                    discard: cards(&mut v, f.field("discard"), &side.discard, &mut ids),
                }
            })
            .collect();
        let active_player = seat(&mut v, FieldPath::new("active_player"), s.header.active_player);
        if !matches!(phase, Phase::Bare | Phase::GameOver) && s.header.turn == 0 {
            v.push("turn", "turns are 1-based: turn 0 is only allowed on a bare board or a game over");
        }
        let winner = match s.header.winner {
            Some(_) if phase != Phase::GameOver => {
                v.push("winner", "is set but the phase is not PHASE_GAME_OVER");
                None
            }
            Some(w) => Some(seat(&mut v, FieldPath::new("winner"), w)),
            None => None,
        };
        let turns_without_progress = progress_count(&mut v, s.header.turns_without_progress, s.header.turn);
        let header = TurnHeader { active_player, turn: s.header.turn, phase, winner, turns_without_progress };
        let (width, height) = (board.width, board.height);
        let mut state = DogFightState { width, height, vessels, sides, header, attack: None, pending: None };
        if phase != Phase::GameOver && state.players_in().nth(1).is_none() && PLAYERS.contains(&n) {
            v.push("dog_fight.vessels", "fewer than two players have vessels: the game is over (PHASE_GAME_OVER)");
        }
        if PLAYERS.contains(&n) {
            state.attack = board.attack.as_ref().and_then(|a| attack(&mut v, a, &state, &seat));
            state.pending = pending(&mut v, s.header.pending.as_ref(), &state);
        } else {
            for (field, set) in [("dog_fight.attack", board.attack.is_some()), ("pending", s.header.pending.is_some())]
            {
                if set {
                    v.push(field, "cannot be checked until the board has 2 to 4 sides");
                }
            }
        }
        v.into_result(state).map_err(SetupError::Invalid)
    }

    /// The pending RESPONSE decision as plain data (always declinable: a pass).
    pub(crate) fn pending_setup(&self) -> Option<DecisionSetup> {
        self.pending.as_ref().map(|d| DecisionSetup {
            player: u32::from(d.player.0),
            kind: DecisionKind::Response.wire(),
            options: d.options.iter().map(ToString::to_string).collect(),
            may_decline: true,
        })
    }

    /// The board as plain data (the state's `dog_fight` field).
    pub(crate) fn board_setup(&self) -> DogFightBoardSetup {
        let cards = |cs: &[DfCard]| cs.iter().map(card_setup).collect::<Vec<_>>();
        DogFightBoardSetup {
            width: self.width,
            height: self.height,
            vessels: self.vessels.iter().map(vessel_setup).collect(),
            sides: self
                .sides
                .iter()
                .map(|s| DogFightSideSetup { hand: cards(&s.hand), discard: cards(&s.discard) })
                .collect(),
            attack: self.attack.as_ref().map(|a| DogFightAttackSetup {
                attacker: a.attacker.to_string(),
                defender: a.defender.to_string(),
                declared: a.declared.iter().map(|(p, c)| (u32::from(p.0), c.to_string())).collect(),
                passed: a.passed.iter().map(|p| u32::from(p.0)).collect(),
                strength: a.strength,
            }),
        }
    }
}

fn card_setup(c: &DfCard) -> DogFightCardSetup {
    DogFightCardSetup { id: c.id.to_string(), name: c.name.to_string(), effect: c.effect.wire(), amount: c.amount }
}

fn vessel_setup(x: &Vessel) -> VesselSetup {
    VesselSetup {
        id: x.id.to_string(),
        name: x.name.to_string(),
        controller: u32::from(x.controller.0),
        x: x.x,
        y: x.y,
        attack: x.attack,
        range: x.range,
        shields: x.shields,
        armor: x.armor,
        absorb: x.absorb,
        hull: x.hull,
        attacked: x.attacked,
    }
}

fn in_range(v: &mut Violations, field: FieldPath<'_>, name: &str, value: i32) {
    if !(0..=MAX_VALUE).contains(&value) {
        v.push(field, format!("{name} {value} must be 0..{MAX_VALUE}"));
    }
}

fn vessel<'a>(
    v: &mut Violations,
    f: FieldPath<'_>,
    x: &'a VesselSetup,
    board: &DogFightBoardSetup,
    ids: &mut UniqueIds<'a>,
    seat: &dyn Fn(&mut Violations, FieldPath<'_>, u32) -> PlayerId,
) -> Vessel {
    ids.required(v, f, &x.id);
    let controller = seat(v, f.field("controller"), x.controller);
    if x.x < 0 || x.x as u32 >= board.width {
        v.push(f.field("x"), format!("x {} is off the grid 0..{}", x.x, board.width));
    }
    if x.y < 0 || x.y as u32 >= board.height {
        v.push(f.field("y"), format!("y {} is off the grid 0..{}", x.y, board.height));
    }
    for (name, value) in [
        ("attack", x.attack),
        ("range", x.range),
        ("shields", x.shields),
        ("armor", x.armor),
        ("absorb", x.absorb),
        ("hull", x.hull),
    ] {
        in_range(v, f.field(name), name, value);
    }
    Vessel {
        id: CreatureId::from(x.id.as_str()),
        name: Arc::from(x.name.as_str()),
        controller,
        x: x.x,
        y: x.y,
        attack: x.attack,
        range: x.range,
        shields: x.shields,
        armor: x.armor,
        absorb: x.absorb,
        hull: x.hull,
        attacked: x.attacked,
    }
}

fn cards<'a>(
    v: &mut Violations,
    field: FieldPath<'_>,
    cs: &'a [DogFightCardSetup],
    ids: &mut UniqueIds<'a>,
) -> Vec<DfCard> {
    cs.iter()
        .enumerate()
        .map(|(i, c)| {
            let f = field.index(i);
            ids.required(v, f, &c.id);
            in_range(v, f.field("amount"), "amount", c.amount);
            let effect = DfEffect::from_wire(c.effect).unwrap_or_else(|| {
                v.push(f.field("effect"), format!("{} is not a known DogFightEffect value", c.effect));
                DfEffect::Negate
            });
            DfCard { id: CreatureId::from(c.id.as_str()), name: Arc::from(c.name.as_str()), effect, amount: c.amount }
        })
        .collect()
}

/// Validates the attack in its windows.
fn attack(
    v: &mut Violations,
    a: &DogFightAttackSetup,
    s: &DogFightState,
    seat: &dyn Fn(&mut Violations, FieldPath<'_>, u32) -> PlayerId,
) -> Option<DfAttack> {
    let root = FieldPath::new("dog_fight");
    let f = root.field("attack");
    let find = |v: &mut Violations, name: &'static str, id: &str| {
        let found = s.vessels.iter().find(|x| x.id.as_str() == id);
        if found.is_none() {
            v.push(f.field(name), format!("{id:?} is no vessel on the board"));
        }
        found
    };
    let attacker = find(v, "attacker", &a.attacker);
    let attacker_player = attacker.map(|x| x.controller);
    let target_player = find(v, "defender", &a.defender).map(|x| x.controller);
    if attacker_player.is_some() && attacker_player == target_player {
        v.push(f.field("defender"), "is the attacker's own side's vessel: an attack targets another player");
    }
    in_range(v, f.field("strength"), "strength", a.strength);
    // 0 (unset) is the attacker's attack value: the attacker is on the board while its
    // attack waits in the windows, and nothing changes a vessel's attack.
    let strength = match a.strength {
        0 => attacker.map_or(0, |x| x.attack),
        set => set,
    };
    let declared_path = f.field("declared");
    let declared: Vec<(PlayerId, CreatureId)> = a
        .declared
        .iter()
        .enumerate()
        .map(|(i, (p, card))| {
            let entry = declared_path.index(i);
            let player = seat(v, entry.field("player"), *p);
            let id = CreatureId::from(card.as_str());
            if !s.sides.get(player.index()).is_some_and(|side| side.discard.iter().any(|c| c.id == id)) {
                v.push(entry.field("card"), format!("{card:?} is not in player {}'s discard", player.0));
            }
            (player, id)
        })
        .collect();
    let passed_path = f.field("passed");
    let passed: Vec<PlayerId> = a.passed.iter().enumerate().map(|(i, p)| seat(v, passed_path.index(i), *p)).collect();
    let (attacker_player, target_player) = (attacker_player?, target_player?);
    let attack = DfAttack {
        attacker: CreatureId::from(a.attacker.as_str()),
        attacker_player,
        defender: CreatureId::from(a.defender.as_str()),
        target_player,
        declared,
        passed,
        strength,
    };
    let order = s.window_order(&attack);
    if !order.starts_with(&attack.passed) {
        v.push(passed_path, format!("windows close in the order {order:?} (seat numbers)"));
    }
    Some(attack)
}

/// Validates the pending RESPONSE decision against the attack's open window.
fn pending(v: &mut Violations, d: Option<&DecisionSetup>, s: &DogFightState) -> Option<DfDecision> {
    let (d, a) = match (d, &s.attack) {
        (None, None) => return None,
        (Some(_), None) => {
            v.push("pending", "is set but dog_fight.attack is not: a decision waits only in an attack's windows");
            return None;
        }
        (None, Some(_)) => {
            v.push("dog_fight.attack", "is set but no decision is pending: an attack rests only at a decision");
            return None;
        }
        (Some(d), Some(a)) => (d, a),
    };
    if d.kind != DecisionKind::Response.wire() {
        v.push("pending.kind", "Dog Fight asks only DECISION_KIND_RESPONSE");
    }
    if !d.may_decline {
        v.push("pending.may_decline", "must be true: a player may always pass");
    }
    let open = s.window_order(a).into_iter().find(|p| !a.passed.contains(p));
    let Some(player) = open.filter(|p| usize::from(p.0) == d.player as usize) else {
        v.push("pending.player", format!("the open window is {open:?}'s (seat number)"));
        return None;
    };
    let options = s.playable(a, player);
    let names: Vec<String> = options.iter().map(ToString::to_string).collect();
    if d.options != names || options.is_empty() {
        v.push("pending.options", format!("must be the cards player {} may play, in hand order: {names:?}", player.0));
    }
    if matches!(s.header.phase, Phase::GameOver) {
        v.push("pending", "no decision waits once the game is over");
    }
    Some(DfDecision { player, options })
}
