//! Castle Rampage's messages (RULESET_CASTLE_RAMPAGE): the state (its turn and board:
//! `CastleRampageBoard`, its sides and cards; the top-level fields Castle Rampage does
//! not read are refused), attacks and actions (`Reinforce`), to plain input and back.

use fray_core::FieldPath;
use fray_core::Violations;
use fray_core::rulesets::castle_rampage::event::CastleEvent;
use fray_core::rulesets::castle_rampage::{
    CastleActionSetup, CastleBoardSetup, CastleCardSetup, CastleSetup, CastleSideSetup, CastleStrikeSetup,
    ReinforceSetup,
};
use fray_core::setup::TurnSetup;
use fray_proto::fray::v1 as pb;

use super::shared::{
    self, Submitted, Unread, action_message, bare_seats, refuse_unread, strike_refusing, turn_message, turn_to_setup,
};

/// Why Castle Rampage refuses the wire fields it does not read.
const UNREAD: Unread<'static> = Unread {
    name: "Castle Rampage",
    creatures: "must be empty: Castle Rampage has no creatures on a field, its cards are in castle_rampage",
    pending: Some("must be unset: Castle Rampage asks no decisions (an attack resolves at once)"),
    chain: "must be empty: Castle Rampage resolves each attack at once",
    target: "must be unset: a Castle Rampage attack card attacks the opponent",
    defender: Some("must be unset: the defender is the top card of the attacked structure"),
};

/// A state as Castle Rampage's plain input. The top-level fields it does not read are
/// refused into `refused` (paths relative to the GameState): `players` may be empty or
/// hold at most two bare seats (`id` = index, `hp` 0, no cards), no `creatures`,
/// `event` 0, no `pending` decision, an empty `chain`.
pub fn state_to_setup(s: pb::GameState, refused: &mut Violations) -> CastleSetup {
    bare_seats(refused, &s.players, "Castle Rampage", |v, i, p| {
        if p.hp != 0 {
            v.push(
                format!("players[{i}].hp"),
                "Castle Rampage has no hit points: leave it 0 (the Castle is what is lost)",
            );
        }
        for (pile, cards) in [("hand", &p.hand), ("deck", &p.deck), ("graveyard", &p.graveyard)] {
            if !cards.is_empty() {
                v.push(
                    format!("players[{i}].{pile}"),
                    "must be empty: Castle Rampage cards are in castle_rampage (sides, draw_pile, discard)",
                );
            }
        }
    });
    refuse_unread(refused, &s, &UNREAD);
    // A pending decision is refused above, so the core does not refuse it again.
    let header = TurnSetup { pending: None, ..turn_to_setup(&s) };
    CastleSetup { header, board: s.castle_rampage.as_ref().map(board_to_setup) }
}

/// A state as a message.
pub fn state_from_setup(s: &CastleSetup) -> pb::GameState {
    pb::GameState {
        castle_rampage: s.board.as_ref().map(board_from_setup),
        ..turn_message(pb::Ruleset::CastleRampage as i32, &s.header)
    }
}

/// An attack as plain input: `target`, `defender` and `outcome` are refused (paths
/// relative to the strike).
pub fn strike_to_setup(s: &pb::Strike) -> Submitted<CastleStrikeSetup> {
    strike_refusing(s, &UNREAD, CastleStrikeSetup { attacker: s.attacker.clone() })
}

/// An attack as a message.
pub fn strike_from_setup(s: &CastleStrikeSetup) -> pb::Strike {
    pb::Strike { attacker: s.attacker.clone(), ..Default::default() }
}

/// An action as plain input (refused paths relative to the action); `None` for another
/// ruleset's kind of action (the dispatcher refuses it).
pub fn action_to_setup(a: Option<&pb::action::Action>) -> Option<Result<Submitted<CastleActionSetup>, Violations>> {
    use CastleActionSetup as C;
    use pb::action::Action as A;
    shared::action_to_setup(a, C::Strike, C::Choice, [C::EndPhase, C::Missing], strike_to_setup, |own| match own {
        A::Reinforce(r) => Some(Ok(C::Reinforce(reinforce_to_setup(r)))),
        A::Summon(_) => shared::refused_whole(
            "summon",
            "Castle Rampage has no summons: add a card to the Gate or Castle with reinforce",
        ),
        _ => None,
    })
}

/// An action as a message; [`CastleActionSetup::Missing`] leaves the oneof unset.
pub fn action_from_setup(a: &CastleActionSetup) -> pb::Action {
    action_message!(
        a,
        CastleActionSetup,
        strike_from_setup,
        CastleActionSetup::Reinforce(r) => pb::action::Action::Reinforce(reinforce_from_setup(r)),
    )
}

/// A card as plain input.
pub fn card_to_setup(c: &pb::CastleCard) -> CastleCardSetup {
    CastleCardSetup {
        id: c.id.clone(),
        name: c.name.clone(),
        owner: c.owner,
        attack: c.attack,
        gate_defense: c.gate_defense,
        castle_defense: c.castle_defense,
        effect: c.effect,
        effect_amount: c.effect_amount,
        seen_by: c.seen_by.clone(),
    }
}

/// A card as a message.
pub fn card_from_setup(c: &CastleCardSetup) -> pb::CastleCard {
    pb::CastleCard {
        id: c.id.clone(),
        name: c.name.clone(),
        owner: c.owner,
        attack: c.attack,
        gate_defense: c.gate_defense,
        castle_defense: c.castle_defense,
        effect: c.effect,
        effect_amount: c.effect_amount,
        seen_by: c.seen_by.clone(),
    }
}

fn cards_to_setup(cards: &[pb::CastleCard]) -> Vec<CastleCardSetup> {
    cards.iter().map(card_to_setup).collect()
}

fn cards_from_setup(cards: &[CastleCardSetup]) -> Vec<pb::CastleCard> {
    cards.iter().map(card_from_setup).collect()
}

/// The board as plain input.
pub fn board_to_setup(b: &pb::CastleRampageBoard) -> CastleBoardSetup {
    CastleBoardSetup {
        sides: b
            .sides
            .iter()
            .map(|s| CastleSideSetup {
                gate: cards_to_setup(&s.gate),
                castle: cards_to_setup(&s.castle),
                hand: cards_to_setup(&s.hand),
            })
            .collect(),
        draw_pile: cards_to_setup(&b.draw_pile),
        discard: cards_to_setup(&b.discard),
    }
}

/// The board as a message.
pub fn board_from_setup(b: &CastleBoardSetup) -> pb::CastleRampageBoard {
    pb::CastleRampageBoard {
        sides: b
            .sides
            .iter()
            .map(|s| pb::CastleSide {
                gate: cards_from_setup(&s.gate),
                castle: cards_from_setup(&s.castle),
                hand: cards_from_setup(&s.hand),
            })
            .collect(),
        draw_pile: cards_from_setup(&b.draw_pile),
        discard: cards_from_setup(&b.discard),
    }
}

/// A reinforcement as plain input.
pub fn reinforce_to_setup(r: &pb::Reinforce) -> ReinforceSetup {
    ReinforceSetup { card: r.card.clone(), structure: r.structure.clone() }
}

/// A reinforcement as a message.
pub fn reinforce_from_setup(r: &ReinforceSetup) -> pb::Reinforce {
    pb::Reinforce { card: r.card.clone(), structure: r.structure.clone() }
}

/// One of Castle Rampage's events as the message's `kind` (the shared kinds as
/// [`shared::event_kind`] maps them).
pub fn event_kind(e: &CastleEvent) -> pb::event::Kind {
    use pb::event::Kind;
    match e {
        CastleEvent::Shared(s) => shared::event_kind(s),
        CastleEvent::CardRevealed { card, structure } => {
            Kind::CardRevealed(pb::CardRevealed { card: String::from(&*card.0), structure: (*structure).to_owned() })
        }
        CastleEvent::CardDestroyed { card } => Kind::CardDestroyed(pb::CardDestroyed { card: String::from(&*card.0) }),
        CastleEvent::CardReturned { card, to } => {
            Kind::CardReturned(pb::CardReturned { card: String::from(&*card.0), to: (*to).to_owned() })
        }
        CastleEvent::AttackEnded { remaining } => Kind::AttackEnded(pb::AttackEnded { remaining: *remaining }),
        CastleEvent::CardDrawn { player } => Kind::CardDrawn(pb::CardDrawn { player: u32::from(player.0) }),
    }
}

/// Tells `bound` the length of every list of the board a search touches (its sides,
/// piles, and each side's Gate, Castle and hand), with its path under `root`.
pub fn board_lists(board: &pb::CastleRampageBoard, root: FieldPath<'_>, bound: &mut dyn FnMut(FieldPath<'_>, usize)) {
    let board_lists =
        [("sides", board.sides.len()), ("draw_pile", board.draw_pile.len()), ("discard", board.discard.len())];
    let side = |s: &pb::CastleSide| [("gate", s.gate.len()), ("castle", s.castle.len()), ("hand", s.hand.len())];
    shared::board_and_side_lists(root, &board_lists, &board.sides, side, bound);
}
