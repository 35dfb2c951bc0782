//! What the field finders of each kind share: the instances they find, with their
//! paths, and the Castle board's piles.

use fray_proto::fray::v1 as pb;

/// The instances of fields, each with its path (`players[0].hand[2].might`).
pub(super) type Sites<T> = Vec<(String, T)>;

/// The Castle board's piles, with their field paths: each side's Gate, Castle and
/// hand in seat order, then the draw pile and the discard.
pub(super) fn castle_piles(b: &mut pb::CastleRampageBoard) -> Vec<(String, &mut Vec<pb::CastleCard>)> {
    let pb::CastleRampageBoard { sides, draw_pile, discard } = b;
    let mut out = Vec::new();
    for (i, side) in sides.iter_mut().enumerate() {
        let pb::CastleSide { gate, castle, hand } = side;
        for (name, cards) in [("gate", gate), ("castle", castle), ("hand", hand)] {
            out.push((format!("castle_rampage.sides[{i}].{name}"), cards));
        }
    }
    out.push(("castle_rampage.draw_pile".to_owned(), draw_pile));
    out.push(("castle_rampage.discard".to_owned(), discard));
    out
}
