//! The strings of a state that name something, which a
//! [`Kind::Text`](super::Kind::Text) mutation empties or sets to another id.

use fray_proto::fray::v1 as pb;
use pb::keyforge_step::Step;

use super::sites::{Sites, castle_piles};

/// Each string of the list at `f`, with its path.
fn names<'a>(f: &str, list: &'a mut [String], out: &mut Sites<&'a mut String>) {
    for (k, name) in list.iter_mut().enumerate() {
        out.push((format!("{f}[{k}]"), name));
    }
}

/// The KeyForge board's strings: creatures' ids and names, ability ids, card names in
/// discards and hands, and the names the resolution steps hold.
fn keyforge_texts<'a>(b: &'a mut pb::KeyforgeBoard, out: &mut Sites<&'a mut String>) {
    let pb::KeyforgeBoard { sides, resolution } = b;
    for (i, side) in sides.iter_mut().enumerate() {
        let f = format!("keyforge.sides[{i}]");
        let pb::KeyforgeSide { battleline, discard, hand, .. } = side;
        for (j, c) in battleline.iter_mut().enumerate() {
            let pb::KeyforgeCreature { id, name, abilities, .. } = c;
            out.push((format!("{f}.battleline[{j}].id"), id));
            out.push((format!("{f}.battleline[{j}].name"), name));
            for (k, a) in abilities.iter_mut().enumerate() {
                out.push((format!("{f}.battleline[{j}].abilities[{k}].id"), &mut a.id));
            }
        }
        names(&format!("{f}.discard"), discard, out);
        names(&format!("{f}.hand"), hand, out);
    }
    for (k, step) in resolution.iter_mut().enumerate() {
        let f = format!("keyforge.resolution[{k}]");
        match &mut step.step {
            Some(Step::Fight(pb::KeyforgeFight { attacker, defender, .. })) => {
                out.push((format!("{f}.fight.attacker"), attacker));
                out.push((format!("{f}.fight.defender"), defender));
            }
            Some(Step::Target(ability)) => out.push((format!("{f}.target"), ability)),
            Some(Step::Window(w)) => names(&format!("{f}.window.items"), &mut w.items, out),
            Some(Step::Destruction(d)) => {
                names(&format!("{f}.destruction.tagged"), &mut d.tagged, out);
                names(&format!("{f}.destruction.items"), &mut d.items, out);
            }
            None => {}
        }
    }
}

/// Every string of the state that names something, with its field path.
pub(super) fn texts(s: &mut pb::GameState) -> Sites<&mut String> {
    let mut out = Vec::new();
    let pb::GameState { players, creatures, pending, chain, keyforge, castle_rampage, .. } = s;
    if let Some(board) = keyforge {
        keyforge_texts(board, &mut out);
    }
    if let Some(board) = castle_rampage {
        for (f, cards) in castle_piles(board) {
            for (j, c) in cards.iter_mut().enumerate() {
                let pb::CastleCard { id, name, .. } = c;
                out.push((format!("{f}[{j}].id"), id));
                out.push((format!("{f}[{j}].name"), name));
            }
        }
    }
    for (i, p) in players.iter_mut().enumerate() {
        let pb::Player { hand, deck, graveyard, .. } = p;
        for (pile, cards) in [("hand", hand), ("deck", deck), ("graveyard", graveyard)] {
            for (j, c) in cards.iter_mut().enumerate() {
                let pb::Card { id, name, .. } = c;
                out.push((format!("players[{i}].{pile}[{j}].id"), id));
                out.push((format!("players[{i}].{pile}[{j}].name"), name));
            }
        }
    }
    for (i, c) in creatures.iter_mut().enumerate() {
        let pb::Creature { id, name, .. } = c;
        out.push((format!("creatures[{i}].id"), id));
        out.push((format!("creatures[{i}].name"), name));
    }
    if let Some(d) = pending {
        for (i, o) in d.options.iter_mut().enumerate() {
            out.push((format!("pending.options[{i}]"), o));
        }
    }
    for (i, link) in chain.iter_mut().enumerate() {
        let pb::Strike { attacker, defender, outcome, .. } = link;
        out.push((format!("chain[{i}].attacker"), attacker));
        out.push((format!("chain[{i}].defender"), defender));
        if let Some(pb::BlockOutcome { blocker: Some(b), .. }) = outcome {
            out.push((format!("chain[{i}].outcome.blocker"), b));
        }
    }
    out
}
