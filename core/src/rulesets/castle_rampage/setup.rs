//! Castle Rampage's own plain input ([`CastleSetup`]: the turn and the board; its
//! attacks and actions) and its validation into a [`CastleState`] (every violation at
//! once, with field paths relative to the GameState message), and the way back to
//! plain data. The board (the `castle_rampage` field) holds every card.

use std::sync::Arc;

use super::{CastleCard, CastleEffect, CastleState, SeenBy, Side};
use crate::error::{SetupError, Violations};
use crate::ids::UniqueIds;
use crate::path::FieldPath;
use crate::setup::{ChoiceSetup, TurnSetup, seat};
use crate::state::{CreatureId, Phase, PlayerId};

/// A Castle Rampage state as submitted: the turn and the board.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct CastleSetup {
    /// The turn header; no `pending` (Castle Rampage asks no decisions).
    pub header: TurnSetup,
    /// The board (the `castle_rampage` field); required.
    pub board: Option<CastleBoardSetup>,
}

/// An attack as submitted: the attack card, named by id, from a hand (it always
/// attacks the opponent).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct CastleStrikeSetup {
    /// The attack card's id.
    pub attacker: String,
}

/// A Castle Rampage action as submitted.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CastleActionSetup {
    /// Attack with a hand card.
    Strike(CastleStrikeSetup),
    /// Answer a pending decision (Castle Rampage asks none: always refused).
    Choice(ChoiceSetup),
    /// Add a hand card to the bottom of one's Gate or Castle.
    Reinforce(ReinforceSetup),
    /// End the phase.
    EndPhase,
    /// No action was set.
    Missing,
}

/// A Castle Rampage reinforcement as submitted: a hand card of the active player goes
/// to the bottom of their own Gate or Castle.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ReinforceSetup {
    /// The card's id (in the active player's hand).
    pub card: String,
    /// `gate` or `castle`.
    pub structure: String,
}

/// A Castle Rampage card as submitted (the `CastleCard` message).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct CastleCardSetup {
    /// Unique in the state.
    pub id: String,
    /// The card's name.
    pub name: String,
    /// The player holding it (a card in `sides[i]` is player i's).
    pub owner: u32,
    /// Attack value; 0 cannot attack.
    pub attack: i32,
    /// Defense in the Gate.
    pub gate_defense: i32,
    /// Defense in the Castle.
    pub castle_defense: i32,
    /// CastleEffect wire number.
    pub effect: i32,
    /// The Saboteur's reduction (0 means 2); 0 on every other card.
    pub effect_amount: i32,
    /// The players who know the card while it is hidden (`castle.hidden.seen`).
    pub seen_by: Vec<u32>,
}

/// One Castle Rampage player's structures and hand as submitted.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct CastleSideSetup {
    /// The Gate stack, [0] = top.
    pub gate: Vec<CastleCardSetup>,
    /// The Castle stack, [0] = top.
    pub castle: Vec<CastleCardSetup>,
    /// The hand.
    pub hand: Vec<CastleCardSetup>,
}

/// RULESET_CASTLE_RAMPAGE's board as submitted (the `CastleRampageBoard` message).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct CastleBoardSetup {
    /// `sides[i]` is player i's; exactly 2.
    pub sides: Vec<CastleSideSetup>,
    /// The shared draw pile, [0] = top.
    pub draw_pile: Vec<CastleCardSetup>,
    /// The shared discard pile, last = newest.
    pub discard: Vec<CastleCardSetup>,
}

impl CastleState {
    /// Validates a submitted Castle Rampage state. Every problem is reported at once;
    /// paths are relative to the GameState message.
    pub fn from_setup(s: &CastleSetup) -> Result<CastleState, SetupError> {
        let mut v = Violations::default();

        let phase = s.header.phase(&mut v, |p| match p {
            Phase::Begin => {
                Err((Phase::Draw, "Castle Rampage's turn has no PHASE_BEGIN: it starts in PHASE_DRAW".into()))
            }
            _ => Ok(p),
        });
        let over = phase == Phase::GameOver;

        let mut sides: [Side; 2] = Default::default();
        let mut draw_pile = Vec::new();
        let mut discard = Vec::new();
        match &s.board {
            None => v.push("castle_rampage", "is required: a RULESET_CASTLE_RAMPAGE state keeps its cards there"),
            Some(board) => {
                board_cards(&mut v, board, &mut sides, &mut draw_pile, &mut discard);
                if board.sides.len() == 2 && !over {
                    let root = FieldPath::new("castle_rampage");
                    let sides_path = root.field("sides");
                    for (i, side) in sides.iter().enumerate() {
                        if side.castle.is_empty() {
                            v.push(
                                sides_path.index(i).field("castle"),
                                "is empty but the game is not over: destroying the last Castle card ends the game \
                                 (castle.attack.win)",
                            );
                        }
                    }
                }
            }
        }

        let header = s.header.check(&mut v, phase);
        if s.header.pending.is_some() {
            v.push("pending", "must be unset: Castle Rampage asks no decisions (an attack resolves at once)");
        }
        let state = CastleState { sides, draw_pile, discard, header };
        v.into_result(state).map_err(SetupError::Invalid)
    }

    /// The board as plain data (the state's `castle_rampage` field: every card).
    pub(crate) fn board_setup(&self) -> CastleBoardSetup {
        let cards = |cs: &[CastleCard]| cs.iter().map(card_setup).collect::<Vec<_>>();
        CastleBoardSetup {
            sides: self
                .sides
                .iter()
                .map(|s| CastleSideSetup { gate: cards(&s.gate), castle: cards(&s.castle), hand: cards(&s.hand) })
                .collect(),
            draw_pile: cards(&self.draw_pile),
            discard: cards(&self.discard),
        }
    }
}

/// A card as plain data.
pub(crate) fn card_setup(c: &CastleCard) -> CastleCardSetup {
    CastleCardSetup {
        id: c.id.to_string(),
        name: c.name.to_string(),
        owner: u32::from(c.owner.0),
        attack: c.attack,
        gate_defense: c.gate_defense,
        castle_defense: c.castle_defense,
        effect: c.effect.wire(),
        effect_amount: c.effect_amount,
        seen_by: c.seen_by.players().map(|p| u32::from(p.0)).collect(),
    }
}

/// Validates every card of the board into the state's piles.
fn board_cards(
    v: &mut Violations,
    board: &CastleBoardSetup,
    sides: &mut [Side; 2],
    draw_pile: &mut Vec<CastleCard>,
    discard: &mut Vec<CastleCard>,
) {
    if board.sides.len() != 2 {
        v.push("castle_rampage.sides", format!("needs exactly 2 sides, one per player, got {}", board.sides.len()));
    }
    let side_cards = board.sides.iter().flat_map(|s| s.gate.iter().chain(&s.castle).chain(&s.hand));
    let seen = &mut UniqueIds::new(side_cards.chain(&board.draw_pile).chain(&board.discard).map(|c| c.id.as_str()));
    let root = FieldPath::new("castle_rampage");
    let sides_path = root.field("sides");
    for (i, side) in board.sides.iter().enumerate() {
        let holder = u8::try_from(i).ok().filter(|&p| p < 2).map(PlayerId);
        let f = sides_path.index(i);
        let gate = pile(v, seen, f.field("gate"), &side.gate, holder);
        let castle = pile(v, seen, f.field("castle"), &side.castle, holder);
        let hand = pile(v, seen, f.field("hand"), &side.hand, holder);
        if let Some(slot) = sides.get_mut(i) {
            *slot = Side { gate, castle, hand };
        }
    }
    *draw_pile = pile(v, seen, root.field("draw_pile"), &board.draw_pile, None);
    *discard = pile(v, seen, root.field("discard"), &board.discard, None);
}

/// Validates one pile; `holder` is the side's player, whose cards they must be.
fn pile<'a>(
    v: &mut Violations,
    seen: &mut UniqueIds<'a>,
    field: FieldPath<'_>,
    cards: &'a [CastleCardSetup],
    holder: Option<PlayerId>,
) -> Vec<CastleCard> {
    cards.iter().enumerate().map(|(j, c)| card(v, seen, field.index(j), c, holder)).collect()
}

fn card<'a>(
    v: &mut Violations,
    seen: &mut UniqueIds<'a>,
    f: FieldPath<'_>,
    c: &'a CastleCardSetup,
    holder: Option<PlayerId>,
) -> CastleCard {
    seen.required(v, f, &c.id);
    let owner = seat(v, f.field("owner"), c.owner);
    if let (Some(owner), Some(holder)) = (owner, holder)
        && owner != holder
    {
        v.push(
            f.field("owner"),
            format!("the card is in player {}'s side, so it is theirs: owner must be {}", holder.0, holder.0),
        );
    }
    for (name, value) in [("attack", c.attack), ("gate_defense", c.gate_defense), ("castle_defense", c.castle_defense)]
    {
        if value < 0 {
            v.push(f.field(name), format!("{name} {value} cannot be negative"));
        }
    }
    let effect = CastleEffect::from_wire(c.effect).unwrap_or_else(|| {
        v.push(f.field("effect"), format!("{} is not a known CastleEffect value", c.effect));
        CastleEffect::None
    });
    if c.effect_amount < 0 {
        v.push(f.field("effect_amount"), format!("effect_amount {} cannot be negative", c.effect_amount));
    } else if c.effect_amount != 0 && effect != CastleEffect::Saboteur {
        v.push(
            f.field("effect_amount"),
            "only a Saboteur has an effect amount (its strength reduction); leave it 0 on other cards",
        );
    }
    let mut seen_by = SeenBy::NOBODY;
    for (k, &p) in c.seen_by.iter().enumerate() {
        match seat(v, f.field("seen_by").index(k), p) {
            Some(p) if seen_by.contains(p) => {
                v.push(f.field("seen_by").index(k), format!("player {} is listed twice", p.0));
            }
            Some(p) => seen_by = seen_by.with(p),
            None => {}
        }
    }
    CastleCard {
        id: CreatureId(Arc::from(c.id.as_str())),
        name: Arc::from(c.name.as_str()),
        owner: owner.unwrap_or(PlayerId(0)),
        attack: c.attack,
        gate_defense: c.gate_defense,
        castle_defense: c.castle_defense,
        effect,
        effect_amount: c.effect_amount,
        seen_by,
    }
}
