//! The numbers and bools of a state, with their field paths, and the extremes a
//! [`Kind::Number`](super::Kind::Number) mutation sets them to.

use fray_proto::fray::v1 as pb;
use pb::keyforge_step::Step;

use super::sites::{Sites, castle_piles};

const I32S: [i32; 8] = [0, 1, -1, 2, 5, 99, i32::MIN, i32::MAX];
const U32S: [u32; 6] = [0, 1, 2, 4, 5, u32::MAX];
const U64S: [u64; 3] = [0, 1, u64::MAX];

pub(super) enum Num<'a> {
    I32(&'a mut i32),
    U32(&'a mut u32),
    U64(&'a mut u64),
    Bool(&'a mut bool),
}

impl Num<'_> {
    pub(super) fn set(self, value: usize) -> String {
        match self {
            Num::I32(n) => {
                *n = I32S[value % I32S.len()];
                n.to_string()
            }
            Num::U32(n) => {
                *n = U32S[value % U32S.len()];
                n.to_string()
            }
            Num::U64(n) => {
                *n = U64S[value % U64S.len()];
                n.to_string()
            }
            Num::Bool(b) => {
                *b = !*b;
                b.to_string()
            }
        }
    }
}

fn zone_numbers<'a>(f: &str, z: &'a mut Option<pb::ZoneRef>, out: &mut Sites<Num<'a>>) {
    if let Some(pb::ZoneRef { player, index }) = z {
        out.push((format!("{f}.player"), Num::U32(player)));
        out.push((format!("{f}.index"), Num::U32(index)));
    }
}

fn arrow_numbers<'a>(f: &str, a: &'a mut Option<pb::Arrows>, out: &mut Sites<Num<'a>>) {
    if let Some(pb::Arrows { up, up_right, right, down_right, down, down_left, left, up_left }) = a {
        let named = [
            ("up", up),
            ("up_right", up_right),
            ("right", right),
            ("down_right", down_right),
            ("down", down),
            ("down_left", down_left),
            ("left", left),
            ("up_left", up_left),
        ];
        for (name, n) in named {
            out.push((format!("{f}.arrows.{name}"), Num::I32(n)));
        }
    }
}

fn keyword_numbers<'a>(f: &str, keywords: &'a mut [i32], out: &mut Sites<Num<'a>>) {
    for (i, k) in keywords.iter_mut().enumerate() {
        out.push((format!("{f}.keywords[{i}]"), Num::I32(k)));
    }
}

fn card_numbers<'a>(f: &str, c: &'a mut pb::Card, out: &mut Sites<Num<'a>>) {
    let pb::Card { might, life, armor, keywords, arrows, .. } = c;
    out.push((format!("{f}.might"), Num::I32(might)));
    out.push((format!("{f}.life"), Num::I32(life)));
    out.push((format!("{f}.armor"), Num::I32(armor)));
    keyword_numbers(f, keywords, out);
    arrow_numbers(f, arrows, out);
}

fn castle_card_numbers<'a>(f: &str, c: &'a mut pb::CastleCard, out: &mut Sites<Num<'a>>) {
    let pb::CastleCard { owner, attack, gate_defense, castle_defense, effect, effect_amount, .. } = c;
    out.push((format!("{f}.owner"), Num::U32(owner)));
    out.push((format!("{f}.attack"), Num::I32(attack)));
    out.push((format!("{f}.gate_defense"), Num::I32(gate_defense)));
    out.push((format!("{f}.castle_defense"), Num::I32(castle_defense)));
    out.push((format!("{f}.effect"), Num::I32(effect)));
    out.push((format!("{f}.effect_amount"), Num::I32(effect_amount)));
}

fn keyforge_creature_numbers<'a>(f: &str, c: &'a mut pb::KeyforgeCreature, out: &mut Sites<Num<'a>>) {
    let pb::KeyforgeCreature {
        owner,
        power,
        armor,
        armor_used,
        damage,
        ward,
        stunned,
        exhausted,
        amber,
        taunt,
        elusive,
        elusive_used,
        skirmish,
        poison,
        assault,
        hazardous,
        invulnerable,
        abilities,
        ..
    } = c;
    out.push((format!("{f}.owner"), Num::U32(owner)));
    let ints = [
        ("power", power),
        ("armor", armor),
        ("armor_used", armor_used),
        ("damage", damage),
        ("amber", amber),
        ("assault", assault),
        ("hazardous", hazardous),
    ];
    for (name, n) in ints {
        out.push((format!("{f}.{name}"), Num::I32(n)));
    }
    let bools = [
        ("ward", ward),
        ("stunned", stunned),
        ("exhausted", exhausted),
        ("taunt", taunt),
        ("elusive", elusive),
        ("elusive_used", elusive_used),
        ("skirmish", skirmish),
        ("poison", poison),
        ("invulnerable", invulnerable),
    ];
    for (name, b) in bools {
        out.push((format!("{f}.{name}"), Num::Bool(b)));
    }
    for (k, a) in abilities.iter_mut().enumerate() {
        let pb::Ability { trigger, effect, amount, target, .. } = a;
        for (name, n) in [("trigger", trigger), ("effect", effect), ("amount", amount), ("target", target)] {
            out.push((format!("{f}.abilities[{k}].{name}"), Num::I32(n)));
        }
    }
}

/// The KeyForge board's numbers and bools: each side's amber and keys, its creatures'
/// (abilities' enums included), and the resolution steps' enums and flags.
fn keyforge_numbers<'a>(b: &'a mut pb::KeyforgeBoard, out: &mut Sites<Num<'a>>) {
    let pb::KeyforgeBoard { sides, resolution } = b;
    for (i, side) in sides.iter_mut().enumerate() {
        let f = format!("keyforge.sides[{i}]");
        let pb::KeyforgeSide { amber, keys, battleline, .. } = side;
        out.push((format!("{f}.amber"), Num::I32(amber)));
        out.push((format!("{f}.keys"), Num::I32(keys)));
        for (j, c) in battleline.iter_mut().enumerate() {
            keyforge_creature_numbers(&format!("{f}.battleline[{j}]"), c, out);
        }
    }
    for (k, step) in resolution.iter_mut().enumerate() {
        let f = format!("keyforge.resolution[{k}]");
        match &mut step.step {
            Some(Step::Fight(pb::KeyforgeFight { stage, elusive, exchanged, .. })) => {
                out.push((format!("{f}.fight.stage"), Num::I32(stage)));
                out.push((format!("{f}.fight.elusive"), Num::Bool(elusive)));
                out.push((format!("{f}.fight.exchanged"), Num::Bool(exchanged)));
            }
            Some(Step::Window(pb::KeyforgeWindow { kind, .. })) => {
                out.push((format!("{f}.window.kind"), Num::I32(kind)));
            }
            Some(Step::Destruction(_) | Step::Target(_)) | None => {}
        }
    }
}

/// Every number and bool of the state, with its field path.
pub(super) fn numbers(s: &mut pb::GameState) -> Sites<Num<'_>> {
    let mut out = Vec::new();
    let pb::GameState {
        ruleset,
        players,
        creatures,
        active_player,
        turn,
        phase,
        event,
        pending,
        chain,
        winner,
        keyforge,
        castle_rampage,
        ..
    } = s;
    out.push(("ruleset".to_owned(), Num::I32(ruleset)));
    out.push(("active_player".to_owned(), Num::U32(active_player)));
    out.push(("turn".to_owned(), Num::U32(turn)));
    out.push(("phase".to_owned(), Num::I32(phase)));
    out.push(("event".to_owned(), Num::U64(event)));
    if let Some(w) = winner {
        out.push(("winner".to_owned(), Num::U32(w)));
    }
    for (i, p) in players.iter_mut().enumerate() {
        let f = format!("players[{i}]");
        let pb::Player { id, hp, hand, deck, graveyard } = p;
        out.push((format!("{f}.id"), Num::U32(id)));
        out.push((format!("{f}.hp"), Num::I32(hp)));
        for (pile, cards) in [("hand", hand), ("deck", deck), ("graveyard", graveyard)] {
            for (j, c) in cards.iter_mut().enumerate() {
                card_numbers(&format!("{f}.{pile}[{j}]"), c, &mut out);
            }
        }
    }
    for (i, c) in creatures.iter_mut().enumerate() {
        let f = format!("creatures[{i}]");
        let pb::Creature {
            owner,
            controller,
            zone,
            might,
            life,
            damage,
            armor,
            face_down,
            keywords,
            arrows,
            orientation,
            acted,
            ..
        } = c;
        out.push((format!("{f}.owner"), Num::U32(owner)));
        out.push((format!("{f}.controller"), Num::U32(controller)));
        zone_numbers(&format!("{f}.zone"), zone, &mut out);
        out.push((format!("{f}.might"), Num::I32(might)));
        out.push((format!("{f}.life"), Num::I32(life)));
        out.push((format!("{f}.damage"), Num::I32(damage)));
        out.push((format!("{f}.armor"), Num::I32(armor)));
        out.push((format!("{f}.face_down"), Num::Bool(face_down)));
        keyword_numbers(&f, keywords, &mut out);
        arrow_numbers(&f, arrows, &mut out);
        out.push((format!("{f}.orientation"), Num::I32(orientation)));
        out.push((format!("{f}.acted"), Num::Bool(acted)));
    }
    if let Some(pb::PendingDecision { player, kind, may_decline, .. }) = pending {
        out.push(("pending.player".to_owned(), Num::U32(player)));
        out.push(("pending.kind".to_owned(), Num::I32(kind)));
        out.push(("pending.may_decline".to_owned(), Num::Bool(may_decline)));
    }
    for (i, link) in chain.iter_mut().enumerate() {
        let f = format!("chain[{i}]");
        let pb::Strike { target, outcome, .. } = link;
        zone_numbers(&format!("{f}.target"), target, &mut out);
        if let Some(pb::BlockOutcome { passive, .. }) = outcome {
            out.push((format!("{f}.outcome.passive"), Num::Bool(passive)));
        }
    }
    if let Some(board) = castle_rampage {
        for (f, cards) in castle_piles(board) {
            for (j, c) in cards.iter_mut().enumerate() {
                castle_card_numbers(&format!("{f}[{j}]"), c, &mut out);
            }
        }
    }
    if let Some(board) = keyforge {
        keyforge_numbers(board, &mut out);
    }
    out
}
