//! The zone game in words: creatures named from the person's seat (the bot's
//! face-down ones hidden), arrows as glyphs in the viewer's frame, actions in words.

use std::collections::{HashMap, HashSet};

use fray_proto::fray::v1::{
    Action, Arrows, Creature, DecisionKind, Event, GameState, Orientation, Phase, Reach, ZoneRef, action, choice, event,
};

use crate::ui::{Namer, Seats, Seen};

/// The names of the creatures of `states`, seen from `seen`, knowing the flips
/// among `events`.
pub fn names(seen: Option<Seen>, states: &[&GameState], events: &[Event]) -> Names {
    let mut names = Names { seen, known: HashMap::new(), flipped: HashSet::new() };
    for c in states.iter().flat_map(|s| &s.creatures) {
        names.known.insert(c.id.clone(), (c.name.clone(), c.controller, c.face_down));
    }
    for e in events {
        if let Some(event::Kind::CreatureFlipped(f)) = &e.kind {
            names.flipped.insert(f.creature.clone());
        }
    }
    names
}

/// Names creatures from the person's seat, hiding the bot's face-down creatures
/// unless they flipped or everything shows.
#[derive(Debug, Clone)]
pub struct Names {
    seen: Option<Seen>,
    /// Name, controller and face-down of each creature, by id.
    known: HashMap<String, (String, u32, bool)>,
    flipped: HashSet<String>,
}

impl Namer for Names {
    fn seen(&self) -> Option<Seen> {
        self.seen
    }

    fn creature(&self, id: &str) -> String {
        match (self.seen, self.known.get(id)) {
            (Some(s), Some((name, controller, face_down))) => {
                let hidden =
                    *face_down && !s.reveal_all && !s.seats.is_human(*controller) && !self.flipped.contains(id);
                if hidden {
                    "bot's face-down creature".to_owned()
                } else {
                    format!("{}{name}", s.seats.possessive(*controller))
                }
            }
            _ => id.to_owned(),
        }
    }
}

/// Eighths of a turn that take a direction of `controller`'s frame into the person's
/// frame (the rows face each other: half a turn for the bot's side).
pub fn frame_turn(seats: Seats, controller: u32) -> usize {
    if controller == seats.human { 0 } else { 4 }
}

/// Eighths of a turn clockwise for an orientation.
pub fn orientation_turn(orientation: i32) -> usize {
    match Orientation::try_from(orientation).unwrap_or(Orientation::Forward) {
        Orientation::Forward => 0,
        Orientation::Right => 2,
        Orientation::Back => 4,
        Orientation::Left => 6,
    }
}

/// The 8 arrow reaches in clockwise order from `up` (relative to the creature).
pub fn reaches(arrows: Option<&Arrows>) -> [Reach; 8] {
    let a = arrows.copied().unwrap_or_default();
    [a.up, a.up_right, a.right, a.down_right, a.down, a.down_left, a.left, a.up_left]
        .map(|r| Reach::try_from(r).unwrap_or(Reach::None))
}

/// The glyph of an arrow pointing `dir` (eighths clockwise from up, in the viewer's
/// frame): `↑↗→↘↓↙←↖`, doubled orthogonals `⇑⇒⇓⇐`.
pub fn arrow_glyph(dir: usize, reach: Reach) -> char {
    match reach {
        Reach::Double => DOUBLE_ARROWS[dir % 8],
        _ => SINGLE_ARROWS[dir % 8],
    }
}

/// Single arrows, clockwise from up: each reaches the next zone that way.
pub const SINGLE_ARROWS: [char; 8] = ['↑', '↗', '→', '↘', '↓', '↙', '←', '↖'];
/// Double arrows, clockwise from up: an orthogonal one reaches every zone that way to
/// the edge (a diagonal cannot be double, so those are the single ones).
pub const DOUBLE_ARROWS: [char; 8] = ['⇑', '↗', '⇒', '↘', '⇓', '↙', '⇐', '↖'];

/// Arrows as glyphs rotated by `turn` eighths, clockwise from up, space separated.
pub fn arrow_list(arrows: Option<&Arrows>, turn: usize) -> String {
    let mut glyphs: Vec<(usize, char)> = reaches(arrows)
        .iter()
        .enumerate()
        .filter(|(_, r)| **r != Reach::None)
        .map(|(d, r)| ((d + turn) % 8, arrow_glyph(d + turn, *r)))
        .collect();
    glyphs.sort_by_key(|(d, _)| *d);
    let glyphs: Vec<String> = glyphs.into_iter().map(|(_, g)| g.to_string()).collect();
    if glyphs.is_empty() { "no arrows".to_owned() } else { glyphs.join(" ") }
}

/// The single arrow glyph of a facing: where `up` points after `turn` eighths.
pub fn facing_glyph(turn: usize) -> char {
    arrow_glyph(turn, Reach::Single)
}

/// The chooser of a pending block that the rules offer to the player who does not
/// control the struck zone: that zone's controller declined or could not block
/// (`egame.strike.block.active.other`), so the other player may, on the same terms.
pub fn other_block(state: &GameState) -> Option<u32> {
    let pending = state.pending.as_ref().filter(|p| p.kind == DecisionKind::Block as i32)?;
    let target = state.chain.last()?.target?;
    (target.player != pending.player).then_some(pending.player)
}

/// The creature standing in `zone`, if any.
pub fn creature_at<'a>(state: &'a GameState, zone: &ZoneRef) -> Option<&'a Creature> {
    state.creatures.iter().find(|c| c.zone.as_ref().is_some_and(|z| z.player == zone.player && z.index == zone.index))
}

/// `(your zone 1)` for the zone the creature `id` stands in, else nothing.
fn zone_of(state: &GameState, id: &str, seats: Seats) -> String {
    let at = state.creatures.iter().find(|c| c.id == id).and_then(|c| c.zone);
    at.map_or_else(String::new, |z| format!(" ({})", seats.zone(&z)))
}

/// One action in words, from the person's seat, in `state` (the state it applies to).
///
/// `reveal_all` names the bot's face-down creatures and hand cards (for replays).
pub fn action_text(state: &GameState, act: &Action, seats: Seats, reveal_all: bool) -> String {
    let names = names(Some(Seen { seats, reveal_all }), &[state], &[]);
    let Some(kind) = &act.action else {
        return "(an empty action)".to_owned();
    };
    match kind {
        action::Action::Strike(s) => {
            let from = zone_of(state, &s.attacker, seats);
            let Some(t) = &s.target else { return format!("{}{from} strikes", names.creature(&s.attacker)) };
            let occupant = match creature_at(state, t) {
                Some(c) => format!("({})", names.creature(&c.id)),
                None => {
                    format!("(empty: hits {} unless blocked)", if seats.is_human(t.player) { "YOU" } else { "the bot" })
                }
            };
            format!("{}{from} strikes {} {occupant}", names.creature(&s.attacker), seats.zone(t))
        }
        action::Action::Choice(c) => {
            let kind = state
                .pending
                .as_ref()
                .and_then(|p| DecisionKind::try_from(p.kind).ok())
                .unwrap_or(DecisionKind::Unspecified);
            match (&c.choice, kind) {
                (Some(choice::Choice::Option(id)), DecisionKind::Block) => {
                    format!("block with {}{}", names.creature(id), zone_of(state, id, seats))
                }
                (Some(choice::Choice::Option(id)), DecisionKind::Fade) => {
                    format!("fade {}: the strike goes through as a direct attack", names.creature(id))
                }
                (Some(choice::Choice::Option(id)), _) => format!("choose {}", names.creature(id)),
                (Some(choice::Choice::Decline(_)), DecisionKind::Block) => "do not block".to_owned(),
                (Some(choice::Choice::Decline(_)), DecisionKind::Fade) => "do not fade: it blocks".to_owned(),
                (Some(choice::Choice::Decline(_)), _) => "decline".to_owned(),
                (None, _) => "(an empty choice)".to_owned(),
            }
        }
        action::Action::Summon(s) => {
            let player = state.active_player;
            let card = state.players.get(player as usize).and_then(|p| p.hand.get(s.hand_index as usize));
            let zone = s.zone.map_or_else(|| "zone ?".to_owned(), |z| seats.zone(&z));
            let show_card = seats.is_human(player) || reveal_all || !s.face_down;
            let name = match card {
                Some(c) if show_card => c.name.clone(),
                _ => "a card".to_owned(),
            };
            let hand =
                if seats.is_human(player) || reveal_all { format!(" (hand {})", s.hand_index) } else { String::new() };
            if s.face_down {
                format!("set {name}{hand} face-down into {zone}")
            } else {
                let turn = orientation_turn(s.orientation) + frame_turn(seats, player);
                format!("summon {name}{hand} into {zone} facing {}", facing_glyph(turn))
            }
        }
        action::Action::Reinforce(r) => format!("put card {} at the bottom of the {}", r.card, r.structure),
        action::Action::Reap(r) => format!("{} reaps", names.creature(&r.creature)),
        action::Action::EndPhase(_) => match Phase::try_from(state.phase).unwrap_or(Phase::Unspecified) {
            Phase::Event => "end the battle (go to deployment)".to_owned(),
            Phase::Deployment => "end deployment without summoning".to_owned(),
            Phase::Begin => "begin the turn".to_owned(),
            Phase::Draw => "draw and pass the turn".to_owned(),
            _ => "end the phase".to_owned(),
        },
    }
}

/// A seat's view of a zone game made loadable by the core, for the core's hints on the
/// seat's own summons ([`crate::ui::hints`]): every card the view blanks (the other
/// hand, both decks, the other side's face-down creatures: empty id and name, zero
/// stats) stands in as a 0/1 card with no arrows and an id of its own. The hints read
/// the seat's own cards and the face-up board only, and a face-down creature counts
/// for what it may be whatever its stats, so the stand-ins change no hint. A whole
/// state, which has no blank card, comes back unchanged.
pub fn loadable(view: &GameState) -> GameState {
    let mut state = view.clone();
    let mut n = 0;
    let mut stand_in = |id: &mut String, name: &mut String, life: &mut i32| {
        if id.is_empty() && name.is_empty() {
            n += 1;
            *id = format!("unseen-{n}");
            *name = "unseen card".to_owned();
            *life = 1;
        }
    };
    for player in &mut state.players {
        for card in player.hand.iter_mut().chain(&mut player.deck) {
            stand_in(&mut card.id, &mut card.name, &mut card.life);
        }
    }
    for creature in &mut state.creatures {
        stand_in(&mut creature.id, &mut creature.name, &mut creature.life);
    }
    state
}
