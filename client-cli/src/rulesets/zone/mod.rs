//! The zone game (e:game and Dimensional Rift) in the terminal: creatures in five
//! zones a row, arrows as glyphs in the viewer's frame ([`render`]), actions in words,
//! the short forms `s HAND ZONE [F]`, `a ZONE TARGET`, `e`, `b ZONE`, `f`, `n`, and the
//! bot's face-down creatures hidden until they flip.

pub mod render;
pub mod words;

use std::fmt::Write as _;

use fray_proto::fray::v1::{
    Action, Creature, DecisionKind, Event, GameState, Orientation, Ruleset, ZoneRef, action, choice,
};

use crate::menu::Menu;
use crate::short_forms::{arity, number, own};
use crate::ui::{Mark, Namer, Seats, Seen, Style, Ui, legend, position, zone};
use words::{action_text, creature_at, names};

/// The zone game's view.
#[derive(Debug, Clone, Copy)]
pub struct Zone;

/// The `help` text.
pub const HELP: &str = "\
At the prompt type one of:
  NUMBER           play the action with that number in the list
  s HAND ZONE [F]  summon your hand card HAND into your zone ZONE facing F:
                   u (up, towards the bot; the default), r (right), b (back), l (left),
                   or `down` to set it face-down. Example: s 0 2 r
  a ZONE TARGET    strike with your creature in your zone ZONE at the bot's zone TARGET;
                   write yN (e.g. y3) for your own zone N. Example: a 1 4
  e                end the phase (end the battle, or deploy nothing)
  b ZONE           block the strike with your creature in your zone ZONE
  f                let your struck Fading creature fade
  n                decline the decision (do not block, do not fade)
Zones are numbered 0..4 from the left as each player sees their own row; the
bot's row is drawn on top, turned to face you, so its zone 4 is on your left.
Hand cards are numbered from 0 as listed under `your hand`.";

impl Ui for Zone {
    fn board(&self, state: &GameState, seats: Seats, bots: &str, style: Style) -> String {
        render::render_board(state, seats, &format!("bot ({bots})"), style)
    }

    fn order(&self, state: &GameState, legal: Vec<Action>, seats: Seats) -> Vec<Action> {
        person_order(state, legal, seats)
    }

    fn menu(&self, state: &GameState, legal: &[Action], seats: Seats, style: Style) -> Menu {
        render::render_menu(state, legal, seats, style)
    }

    fn action_text(&self, state: &GameState, act: &Action, seats: Seats, reveal_all: bool) -> String {
        action_text(state, act, seats, reveal_all)
    }

    fn help(&self) -> &'static str {
        HELP
    }

    fn legend(&self, state: &GameState) -> String {
        let rift = state.ruleset == Ruleset::DimensionalRift as i32;
        let marks: Vec<Mark> = LEGEND
            .iter()
            .filter(|(only, _)| only.is_none_or(|r| (r == Ruleset::DimensionalRift) == rift))
            .map(|(_, m)| *m)
            .collect();
        legend(if rift { "The board (Dimensional Rift):" } else { "The board (e:game):" }, &marks)
    }

    fn find(&self, words: &[&str], legal: &[Action], state: &GameState, seats: Seats) -> Option<Result<usize, String>> {
        let (&head, rest) = words.split_first()?;
        let known = ["e", "end", "n", "no", "decline", "pass", "f", "fade", "b", "block", "s", "summon", "a", "attack"];
        (known.contains(&head) || head == "strike").then(|| find(head, rest, legal, state, seats))
    }

    fn names(&self, seen: Option<Seen>, states: &[&GameState], events: &[Event]) -> Box<dyn Namer> {
        Box::new(names(seen, states, events))
    }

    fn raw_board(&self, state: &GameState) -> String {
        raw_board(state)
    }
}

/// The board's legend: every mark it draws, each with the ruleset it belongs to
/// when only one has it (`None`: both).
pub const LEGEND: [(Option<Ruleset>, Mark); 16] = [
    (None, Mark { glyphs: "you 0, bot 4", meaning: "zones, 0-4 from each player's left: the bot's row faces yours" }),
    (
        None,
        Mark {
            glyphs: "↑ ↗ → ↘ ↓ ↙ ← ↖", meaning: "an arrow: reaches the next zone that way (to strike, to block)"
        },
    ),
    (None, Mark { glyphs: "⇑ ⇒ ⇓ ⇐", meaning: "a double arrow: every zone that way, to the edge" }),
    (None, Mark { glyphs: "·", meaning: "no arrow that way; in the first line, a separator" }),
    (None, Mark { glyphs: "▲ ▶ ▼ ◀", meaning: "where a creature faces, as you see it (▲ towards the bot)" }),
    (
        None,
        Mark {
            glyphs: "□",
            meaning: "your face-down creature: no arrows or stats in play; only a strike on its zone turns it face-up (and it blocks)",
        },
    ),
    (None, Mark { glyphs: "░ face-down", meaning: "the bot's face-down creature, hidden until struck" }),
    (Some(Ruleset::Egame), Mark { glyphs: "2/3", meaning: "might / life" }),
    (Some(Ruleset::DimensionalRift), Mark { glyphs: "2/3", meaning: "attack / life" }),
    (None, Mark { glyphs: "dmg 1", meaning: "damage taken (it never heals; as much as life destroys)" }),
    (
        Some(Ruleset::Egame),
        Mark { glyphs: render::EVASIVE_TAG, meaning: "Evasive: its strike on an empty zone cannot be blocked" },
    ),
    (
        Some(Ruleset::Egame),
        Mark { glyphs: render::FADING_TAG, meaning: "Fading: struck, it may fade and let the strike through" },
    ),
    (
        Some(Ruleset::DimensionalRift),
        Mark { glyphs: "A2", meaning: "armor 2: each hit on it 2 smaller, but at least 1" },
    ),
    (None, Mark { glyphs: "acted", meaning: "it has struck this battle (it may still block)" }),
    (None, Mark { glyphs: "…", meaning: "a name cut to fit" }),
    (None, Mark { glyphs: "[0]", meaning: "your hand card 0 (for s), its arrows as if facing ▲" }),
];

/// The legal actions in the order a person reads them: strikes into one's own zones
/// (legal, but they hit one's own piece or oneself) after the others, then ending the
/// phase; when the bot has declined to block the person's own strike, so that the
/// rules offer the block to the person (`egame.strike.block.active.other`), not
/// blocking first. Otherwise the server's order.
pub fn person_order(state: &GameState, mut legal: Vec<Action>, seats: Seats) -> Vec<Action> {
    let offered_own_strike = words::other_block(state).is_some_and(|p| seats.is_human(p));
    legal.sort_by_key(|a| match &a.action {
        Some(action::Action::Strike(s)) if s.target.is_some_and(|t| seats.is_human(t.player)) => 1,
        Some(action::Action::EndPhase(_)) => 2,
        Some(action::Action::Choice(c))
            if offered_own_strike && matches!(c.choice, Some(choice::Choice::Decline(_))) =>
        {
            0
        }
        Some(action::Action::Choice(_)) if offered_own_strike => 1,
        _ => 0,
    });
    legal
}

/// A facing for the `s` short form: an orientation, or `None` to set it face-down.
fn facing(word: &str) -> Result<Option<Orientation>, String> {
    Ok(Some(match word {
        "u" | "up" | "f" | "fwd" | "forward" => Orientation::Forward,
        "r" | "right" => Orientation::Right,
        "b" | "back" => Orientation::Back,
        "l" | "left" => Orientation::Left,
        "d" | "down" | "fd" | "face-down" | "facedown" | "hidden" => return Ok(None),
        _ => return Err(format!("`{word}` is not a facing: use u, r, b, l, or down")),
    }))
}

/// The short form `head rest` in `legal`, or why it names no action.
fn find(head: &str, rest: &[&str], legal: &[Action], state: &GameState, seats: Seats) -> Result<usize, String> {
    let me = seats.human;
    let own_creature = |zone: u32| {
        creature_at(state, &ZoneRef { player: me, index: zone })
            .map(|c| c.id.clone())
            .ok_or_else(|| format!("you have no creature in your zone {zone}"))
    };
    let chosen = |id: &str| {
        position(
            legal,
            &|a| matches!(a, action::Action::Choice(c) if c.choice == Some(choice::Choice::Option(id.to_owned()))),
        )
    };
    let answering = ["n", "no", "decline", "pass", "f", "fade", "b", "block"].contains(&head);
    if let Some(first) = pending_first(state, seats).filter(|_| !answering) {
        return Err(first);
    }
    match head {
        "e" | "end" => {
            arity(rest, 0, "e")?;
            position(legal, &|a| matches!(a, action::Action::EndPhase(_)))
                .ok_or_else(|| "there is no phase to end now".to_owned())
        }
        "n" | "no" | "decline" | "pass" => {
            arity(rest, 0, "n")?;
            position(
                legal,
                &|a| matches!(a, action::Action::Choice(c) if matches!(c.choice, Some(choice::Choice::Decline(_)))),
            )
            .ok_or_else(|| "there is nothing to decline now".to_owned())
        }
        "f" | "fade" => {
            arity(rest, 0, "f")?;
            let fading = state.pending.as_ref().filter(|p| p.kind == DecisionKind::Fade as i32);
            fading
                .and_then(|p| p.options.first())
                .and_then(|id| chosen(id))
                .ok_or_else(|| "nothing can fade now".to_owned())
        }
        "b" | "block" => {
            arity(rest, 1, "b ZONE (e.g. b 1)")?;
            let zone = number(rest[0], "zone")?;
            let blocker = own_creature(zone)?;
            chosen(&blocker).ok_or_else(|| format!("your creature in zone {zone} cannot be chosen now"))
        }
        "s" | "summon" => {
            if !(2..=3).contains(&rest.len()) {
                return Err("usage: s HAND ZONE [FACING] (e.g. s 0 2 r)".to_owned());
            }
            let hand = number(rest[0], "hand card")?;
            let zone = number(rest[1], "zone")?;
            let facing = rest.get(2).map_or(Ok(Some(Orientation::Forward)), |w| facing(w))?;
            let found = position(legal, &|a| match a {
                action::Action::Summon(s) => {
                    s.hand_index == hand
                        && s.zone.is_some_and(|z| z.player == me && z.index == zone)
                        && match facing {
                            None => s.face_down,
                            Some(o) => !s.face_down && s.orientation == o as i32,
                        }
                }
                _ => false,
            });
            found.ok_or_else(|| {
                if !legal.iter().any(|a| matches!(a.action, Some(action::Action::Summon(_)))) {
                    "you cannot summon now".to_owned()
                } else {
                    format!("you cannot summon hand card {hand} into your zone {zone}: see the list")
                }
            })
        }
        _ => {
            arity(rest, 2, "a ZONE TARGET (e.g. a 1 4, or a 1 y3 for your own zone 3)")?;
            let from = number(rest[0], "zone")?;
            let (own_target, target) = own(rest[1], "zone")?;
            let attacker = own_creature(from)?;
            let player = if own_target { me } else { seats.bot() };
            let found = position(legal, &|a| match a {
                action::Action::Strike(s) => {
                    s.attacker == attacker && s.target.is_some_and(|t| t.player == player && t.index == target)
                }
                _ => false,
            });
            found.ok_or_else(|| {
                let whose = if own_target { "your" } else { "bot" };
                format!(
                    "your creature in zone {from} cannot strike {whose} zone {target} now \
                     (not the battle, already acted, face-down, or its arrows do not reach)"
                )
            })
        }
    }
}

/// What to answer first when a decision of the person's is pending: only its answers
/// (`b ZONE`, `f`, `n`, or a number) are actions now.
fn pending_first(state: &GameState, seats: Seats) -> Option<String> {
    let pending = state.pending.as_ref().filter(|p| seats.is_human(p.player))?;
    Some(match DecisionKind::try_from(pending.kind).unwrap_or(DecisionKind::Unspecified) {
        DecisionKind::Block => {
            "answer the pending block first: b ZONE blocks with your creature there, n does not block".to_owned()
        }
        DecisionKind::Fade => "answer the pending fade first: f lets your creature fade, n lets it block".to_owned(),
        _ => "answer the pending decision first: pick one of its numbers".to_owned(),
    })
}

/// `fray resolve`'s board: each player's HP and creatures in zone order.
fn raw_board(state: &GameState) -> String {
    let mut out = String::new();
    let mut seats: Vec<u32> = state.players.iter().map(|p| p.id).collect();
    for c in &state.creatures {
        if !seats.contains(&c.controller) {
            seats.push(c.controller);
        }
    }
    seats.sort_unstable();
    let id_width = state.creatures.iter().map(|c| c.id.len()).max().unwrap_or(0);
    let name_width = state.creatures.iter().map(|c| c.name.len()).max().unwrap_or(0);
    for seat in seats {
        let mut line = format!("  player {seat}");
        if let Some(p) = state.players.iter().find(|p| p.id == seat) {
            let _ = write!(line, ": {} HP", p.hp);
            if !p.graveyard.is_empty() {
                let names: Vec<&str> = p.graveyard.iter().map(|c| c.name.as_str()).collect();
                let _ = write!(line, ", graveyard: {}", names.join(", "));
            }
        }
        let _ = writeln!(out, "{line}");
        let mut creatures: Vec<&Creature> = state.creatures.iter().filter(|c| c.controller == seat).collect();
        creatures.sort_by_key(|c| c.zone.map_or(u32::MAX, |z| z.index));
        if creatures.is_empty() {
            let _ = writeln!(out, "    (no creatures)");
        }
        for c in creatures {
            let mut line = format!(
                "    {:<id_width$}  {:<name_width$}  zone {}  might {} / life {}  damage {}",
                c.id,
                c.name,
                zone(c.zone.as_ref()),
                c.might,
                c.life,
                c.damage
            );
            for (on, text) in [
                (c.armor != 0, format!("  armor {}", c.armor)),
                (c.face_down, "  face-down".into()),
                (c.acted, "  acted".into()),
            ] {
                if on {
                    line.push_str(&text);
                }
            }
            let _ = writeln!(out, "{line}");
        }
    }
    out
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use super::*;
    use fray_proto::fray::v1::{Arrows, Choice, Keyword, PendingDecision, Phase, Reach};
    use fray_proto::fray::v1::{Card, EndPhase, Player, Strike, Summon};
    use words::{arrow_list, facing_glyph, frame_turn, orientation_turn};

    fn creature(id: &str, name: &str, player: u32, index: u32, face_down: bool) -> Creature {
        Creature {
            id: id.into(),
            name: name.into(),
            owner: player,
            controller: player,
            zone: Some(ZoneRef { player, index }),
            might: 1,
            life: 2,
            face_down,
            ..Default::default()
        }
    }

    #[test]
    fn arrows_rotate_into_the_viewers_frame() {
        let arrows = Arrows { up: Reach::Double as i32, up_right: Reach::Single as i32, ..Default::default() };
        assert_eq!(arrow_list(Some(&arrows), 0), "⇑ ↗");
        // The bot's creature faces the person: its up points down the screen.
        assert_eq!(arrow_list(Some(&arrows), 4), "⇓ ↙");
        // Facing right (a quarter turn clockwise).
        assert_eq!(arrow_list(Some(&arrows), 2), "⇒ ↘");
        assert_eq!(arrow_list(None, 0), "no arrows");
        let seats = Seats::two(1);
        assert_eq!(frame_turn(seats, 1), 0);
        assert_eq!(frame_turn(seats, 0), 4);
        assert_eq!(facing_glyph(orientation_turn(Orientation::Left as i32) + frame_turn(seats, 0)), '→');
    }

    #[test]
    fn actions_read_from_the_persons_seat() {
        let seats = Seats::two(0);
        let state = GameState {
            players: vec![
                Player {
                    id: 0,
                    hand: vec![Card { name: "Peasant".into(), ..Default::default() }],
                    ..Default::default()
                },
                Player { id: 1, ..Default::default() },
            ],
            creatures: vec![creature("a", "Archer", 0, 1, false), creature("m", "Mole", 1, 2, true)],
            phase: Phase::Event as i32,
            ..Default::default()
        };
        let strike = Action {
            action: Some(action::Action::Strike(Strike {
                attacker: "a".into(),
                target: Some(ZoneRef { player: 1, index: 2 }),
                ..Default::default()
            })),
            ..Default::default()
        };
        assert_eq!(
            action_text(&state, &strike, seats, false),
            "your Archer (your zone 1) strikes bot zone 2 (bot's face-down creature)"
        );
        let summon = Action {
            action: Some(action::Action::Summon(Summon {
                hand_index: 0,
                zone: Some(ZoneRef { player: 0, index: 3 }),
                face_down: false,
                orientation: Orientation::Right as i32,
            })),
            ..Default::default()
        };
        assert_eq!(action_text(&state, &summon, seats, false), "summon Peasant (hand 0) into your zone 3 facing →");
        let end = Action { action: Some(action::Action::EndPhase(EndPhase {})), ..Default::default() };
        assert_eq!(action_text(&state, &end, seats, false), "end the battle (go to deployment)");
    }

    fn act(a: action::Action) -> Action {
        Action { action: Some(a), ..Default::default() }
    }

    #[test]
    fn short_forms_find_their_action_in_the_legal_list() {
        let seats = Seats::two(1);
        let archer = Creature {
            id: "p1-01".into(),
            controller: 1,
            zone: Some(ZoneRef { player: 1, index: 2 }),
            ..Default::default()
        };
        let state = GameState { creatures: vec![archer], active_player: 1, ..Default::default() };
        let summon = |face_down, o: Orientation| {
            act(action::Action::Summon(Summon {
                hand_index: 0,
                zone: Some(ZoneRef { player: 1, index: 3 }),
                face_down,
                orientation: o as i32,
            }))
        };
        let legal = vec![
            act(action::Action::Strike(Strike {
                attacker: "p1-01".into(),
                target: Some(ZoneRef { player: 0, index: 4 }),
                ..Default::default()
            })),
            summon(false, Orientation::Forward),
            summon(false, Orientation::Left),
            summon(true, Orientation::Forward),
            act(action::Action::EndPhase(EndPhase {})),
        ];
        let find = |line: &str| Zone.find(&line.split(' ').collect::<Vec<_>>(), &legal, &state, seats).unwrap();
        assert_eq!(find("a 2 4"), Ok(0));
        assert!(find("a 2 y4").unwrap_err().contains("cannot strike"));
        assert_eq!(find("a 0 4"), Err("you have no creature in your zone 0".to_owned()));
        assert_eq!(find("s 0 3 l"), Ok(2));
        assert_eq!(find("s 0 3 down"), Ok(3));
        assert!(find("s 1 3 d").is_err());
        assert_eq!(find("e"), Ok(4));
        assert_eq!(find("n"), Err("there is nothing to decline now".to_owned()));
        assert!(Zone.find(&["r", "0"], &legal, &state, seats).is_none());
    }

    #[test]
    fn blocks_fades_and_declines_answer_the_pending_decision() {
        let seats = Seats::two(0);
        let mole = Creature {
            id: "mole".into(),
            controller: 0,
            zone: Some(ZoneRef { player: 0, index: 1 }),
            ..Default::default()
        };
        let choose = |id: &str| act(action::Action::Choice(Choice { choice: Some(choice::Choice::Option(id.into())) }));
        let decline = act(action::Action::Choice(Choice { choice: Some(choice::Choice::Decline(true)) }));
        let legal = vec![choose("mole"), decline];
        let mut state = GameState {
            creatures: vec![mole],
            pending: Some(PendingDecision {
                player: 0,
                kind: DecisionKind::Fade as i32,
                options: vec!["mole".into()],
                may_decline: true,
            }),
            ..Default::default()
        };
        let find =
            |line: &str, state: &GameState| Zone.find(&line.split(' ').collect::<Vec<_>>(), &legal, state, seats);
        assert_eq!(find("f", &state), Some(Ok(0)));
        assert_eq!(find("n", &state), Some(Ok(1)));
        assert_eq!(find("b 1", &state), Some(Ok(0)));
        state.pending.as_mut().unwrap().kind = DecisionKind::Block as i32;
        assert_eq!(find("f", &state), Some(Err("nothing can fade now".to_owned())));
        assert_eq!(find("b 3", &state), Some(Err("you have no creature in your zone 3".to_owned())));
        // While the block waits, a strike, a summon or the phase's end names it.
        let first = "answer the pending block first: b ZONE blocks with your creature there, n does not block";
        for line in ["a 1 3", "s 0 2", "e"] {
            assert_eq!(find(line, &state), Some(Err(first.to_owned())), "{line}");
        }
        state.pending.as_mut().unwrap().kind = DecisionKind::Fade as i32;
        assert_eq!(
            find("a 1 3", &state),
            Some(Err("answer the pending fade first: f lets your creature fade, n lets it block".to_owned()))
        );
        state.pending = None;
        assert_eq!(find("s 1", &state), Some(Err("usage: s HAND ZONE [FACING] (e.g. s 0 2 r)".to_owned())));
        assert_eq!(find("s x 1", &state), Some(Err("`x` is not a hand card number".to_owned())));
        assert_eq!(
            find("s 1 2 sideways", &state),
            Some(Err("`sideways` is not a facing: use u, r, b, l, or down".to_owned()))
        );
        assert_eq!(find("a 1 yz", &state), Some(Err("`z` is not a zone number".to_owned())));
        assert_eq!(find("e now", &state), Some(Err("usage: e".to_owned())));
    }

    /// `text` with every run of whitespace one space (legends wrap their lines).
    fn flat(text: &str) -> String {
        text.split_whitespace().collect::<Vec<_>>().join(" ")
    }

    #[test]
    fn the_legend_explains_every_glyph_and_each_rulesets_own_tags() {
        let egame = GameState { ruleset: Ruleset::Egame as i32, ..Default::default() };
        let rift = GameState { ruleset: Ruleset::DimensionalRift as i32, ..Default::default() };
        let (e, r) = (Zone.legend(&egame), Zone.legend(&rift));
        for legend in [&e, &r] {
            for glyph in render::GLYPHS.iter().flat_map(|g| g.iter()) {
                assert!(legend.contains(*glyph), "`{glyph}` is not in\n{legend}");
            }
            assert!(flat(legend).contains("only a strike on its zone turns it face-up"), "{legend}");
        }
        let tag_line = |legend: &str, tag: &str| legend.lines().any(|l| l.trim_start().starts_with(&format!("{tag} ")));
        assert!(tag_line(&e, render::EVASIVE_TAG) && tag_line(&e, render::FADING_TAG), "{e}");
        assert!(!tag_line(&r, render::EVASIVE_TAG) && !tag_line(&r, render::FADING_TAG), "Rift has neither: {r}");
        assert!(tag_line(&r, &format!("{}2", render::ARMOR_TAG)) && !tag_line(&e, &format!("{}2", render::ARMOR_TAG)));
        // The board shows only the ruleset's own: Rift has no Evasive, e:game no armor.
        let keywords = [Keyword::Evasive as i32, Keyword::Fading as i32];
        assert_eq!(render::tags(Ruleset::DimensionalRift as i32, &keywords, 2), "A2");
        assert_eq!(render::tags(Ruleset::Egame as i32, &keywords, 2), "E F");
    }

    fn strike(attacker: &str, player: u32, index: u32) -> Action {
        act(action::Action::Strike(Strike {
            attacker: attacker.into(),
            target: Some(ZoneRef { player, index }),
            ..Default::default()
        }))
    }

    #[test]
    fn strikes_into_ones_own_zones_are_last_and_folded_but_a_flip_stays() {
        let seats = Seats::two(0);
        let mut archer = creature("a", "Archer", 0, 1, false);
        archer.arrows = Some(Arrows { left: Reach::Single as i32, right: Reach::Single as i32, ..Default::default() });
        let state = GameState {
            ruleset: Ruleset::Egame as i32,
            creatures: vec![archer, creature("m", "Mole", 0, 2, true), creature("w", "Wolf", 1, 3, false)],
            phase: Phase::Event as i32,
            ..Default::default()
        };
        let end = act(action::Action::EndPhase(EndPhase {}));
        let served = vec![strike("a", 0, 0), strike("a", 0, 2), strike("a", 1, 3), end.clone()];
        let legal = Zone.order(&state, served, seats);
        assert_eq!(legal, vec![strike("a", 1, 3), strike("a", 0, 0), strike("a", 0, 2), end]);
        let menu = Zone.menu(&state, &legal, seats, Style::default());
        let short = menu.short(Style::default());
        assert_eq!(
            short,
            "    1  your Archer (your zone 1) strikes bot zone 3 (bot's Wolf)\n    \
             3  your Archer (your zone 1) strikes your zone 2 (your Mole)\n    \
             4  end the battle (go to deployment)\n  \
             (all lists all 4 actions by number, with 1 folded away (strikes into your own zones))\n"
        );
        assert!(
            menu.full(Style::default()).contains(
                "    2  your Archer (your zone 1) strikes your zone 0 (empty: hits YOU unless blocked)  \
                 [strikes into your own zones]\n"
            ),
            "{}",
            menu.full(Style::default())
        );
    }

    #[test]
    fn the_block_of_ones_own_strike_says_why_it_is_offered_and_not_blocking_comes_first() {
        let seats = Seats::two(0);
        let mut knight = creature("k", "Knight", 0, 1, false);
        knight.arrows = Some(Arrows { up: Reach::Single as i32, ..Default::default() });
        let state = GameState {
            ruleset: Ruleset::Egame as i32,
            creatures: vec![creature("a", "Archer", 0, 2, false), knight],
            phase: Phase::Event as i32,
            chain: vec![Strike {
                attacker: "a".into(),
                target: Some(ZoneRef { player: 1, index: 3 }),
                ..Default::default()
            }],
            pending: Some(PendingDecision {
                player: 0,
                kind: DecisionKind::Block as i32,
                options: vec!["k".into()],
                may_decline: true,
            }),
            ..Default::default()
        };
        let block = act(action::Action::Choice(Choice { choice: Some(choice::Choice::Option("k".into())) }));
        let decline = act(action::Action::Choice(Choice { choice: Some(choice::Choice::Decline(true)) }));
        let legal = Zone.order(&state, vec![block.clone(), decline.clone()], seats);
        assert_eq!(legal, vec![decline, block]);
        let menu = Zone.menu(&state, &legal, seats, Style::default()).short(Style::default());
        assert!(menu.lines().all(|l| l.chars().count() <= 80), "{menu}");
        let short = flat(&menu);
        assert!(
            short.contains(
                "The bot did not block, so the rules (egame.strike.block.active.other) let you block it instead"
            ),
            "{short}"
        );
        assert!(short.contains("Not blocking lets it hit the bot directly: 1 do not block 2 block with"), "{short}");
        // Typing a strike now names the block that waits.
        let find = |line: &str| Zone.find(&line.split(' ').collect::<Vec<_>>(), &legal, &state, seats);
        assert_eq!(
            find("a 2 3"),
            Some(
                Err("answer the pending block first: b ZONE blocks with your creature there, n does not block".into())
            )
        );
        assert_eq!(find("n"), Some(Ok(0)));
    }

    #[test]
    fn the_board_lists_players_and_creatures_in_zone_order() {
        let state = GameState {
            ruleset: fray_proto::fray::v1::Ruleset::Egame as i32,
            players: vec![
                Player { id: 0, hp: 6, ..Default::default() },
                Player {
                    id: 1,
                    hp: 5,
                    graveyard: vec![Card { name: "Wolf".into(), ..Default::default() }],
                    ..Default::default()
                },
            ],
            creatures: vec![
                Creature {
                    id: "b".into(),
                    name: "Bee".into(),
                    controller: 0,
                    zone: Some(ZoneRef { player: 0, index: 3 }),
                    might: 1,
                    life: 1,
                    face_down: true,
                    ..Default::default()
                },
                Creature {
                    id: "knight".into(),
                    name: "Knight".into(),
                    controller: 0,
                    zone: Some(ZoneRef { player: 0, index: 1 }),
                    might: 2,
                    life: 3,
                    damage: 1,
                    acted: true,
                    ..Default::default()
                },
            ],
            ..Default::default()
        };
        let text = crate::trace::render_board(&state, &Zone, Style::default());
        let expected = "\
board: e:game, bare board
  player 0: 6 HP
    knight  Knight  zone 0:1  might 2 / life 3  damage 1  acted
    b       Bee     zone 0:3  might 1 / life 1  damage 0  face-down
  player 1: 5 HP, graveyard: Wolf
    (no creatures)
";
        assert_eq!(text, expected);
    }

    #[test]
    fn a_seats_view_made_loadable_gives_the_hints_of_the_whole_state() {
        let wire = |setup| fray_service::convert::state_from_setup(setup);
        let mut compared = 0;
        for (ruleset, seed) in [(Ruleset::Egame, 3), (Ruleset::Egame, 8), (Ruleset::DimensionalRift, 5)] {
            let (mut core, _) = fray_core::GameState::new_game(ruleset as i32, seed, "").unwrap();
            for step in 0..120usize {
                let legal = core.legal_actions();
                if legal.is_empty() {
                    break;
                }
                if let Some(seat) = core.to_move() {
                    let actions: Vec<Action> = legal.iter().map(fray_service::convert::action_from_setup).collect();
                    let whole = crate::ui::hints(&wire(core.to_setup()), &actions);
                    let view = wire(core.observation(seat));
                    assert_eq!(crate::ui::hints(&words::loadable(&view), &actions), whole, "{ruleset:?} step {step}");
                    compared += usize::from(whole.iter().any(Option::is_some));
                }
                core.apply_action(&legal[step * 7 % legal.len()], "action").unwrap();
            }
        }
        assert!(compared > 10, "summons were hinted {compared} times");
    }
}
