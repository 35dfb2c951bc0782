//! What the person types at the `fray play` prompt: action numbers, short forms
//! (`s 2 3 r`, `a 1 4`, `e`, `b 1`, `n`; in Castle Rampage `a 0`, `g 1`, `c 1`; in
//! KeyForge `f 0 2`, `r 3`, `t 1`; in Dog Fight `a fig p1-gun`, `p 0`, `n`, `e`), and commands (`hint`, `why`, `board`, `help`,
//! `quit`); and where the lines come from.

use fray_proto::fray::v1::{Action, GameState, Orientation, ZoneRef, action, choice};
use tokio::sync::mpsc;

use super::view::{Seats, creature_at};
use super::{castle, dog_fight, keyforge};

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
  hint             ask the bot what it would do in your place, with its top actions
  why              the bot's reasoning for its last move: its top actions
  board            show the board and the actions again
  help             this text
  quit             save the replay and leave (end of input does the same)
Zones are numbered 0..4 from the left as each player sees their own row; the
bot's row is drawn on top, turned to face you, so its zone 4 is on your left.
Hand cards are numbered from 0 as listed under `your hand`.";

/// The `help` text of Castle Rampage.
pub const CASTLE_HELP: &str = "\
At the prompt type one of:
  NUMBER    play the action with that number in the list
  a HAND    attack with your hand card HAND (in your attacks, the Event phase). Example: a 0
  g HAND    reinforce: put your hand card HAND face down at the bottom of your Gate
            (in the Deployment phase, which it ends). Example: g 1
  c HAND    the same at the bottom of your Castle
  e         end the phase: go on to the attacks, or end your turn
  hint      ask the bot what it would do in your place, with its top actions
  why       the bot's reasoning for its last move: its top actions
  board     show the board and the actions again
  help      this text
  quit      save the replay and leave (end of input does the same)
Your turn: you draw 2 cards, may reinforce with one card, then play attack cards.
An attack with strength A meets the top card of the bot's Gate (its Castle once the
Gate is empty), which is revealed; D is its defense there (Gate or Castle defense).
A < D: your card is destroyed and theirs goes back face down on top. A = D: both
are destroyed and the attack ends. A > D: theirs is destroyed, A - D carries on to
the next card (into the Castle once the Gate is empty). Destroy the bot's last
Castle card to win. Hand cards are numbered from 0 as listed under `your hand`.";

/// The `help` text for the game `state` is in.
pub fn help(state: &GameState) -> &'static str {
    if castle::is_castle(state) {
        CASTLE_HELP
    } else if crate::keyforge::is_keyforge(state) {
        keyforge::HELP
    } else if dog_fight::is_dog_fight(state) {
        dog_fight::HELP
    } else {
        HELP
    }
}

/// A facing for the `s` short form.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Facing {
    /// Face-up with this orientation.
    Up(Orientation),
    /// Set face-down.
    Down,
}

/// A short form of an action.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Shortcut {
    /// `s HAND ZONE [FACING]`.
    Summon {
        /// Hand index.
        hand: u32,
        /// Own zone index.
        zone: u32,
        /// Facing, or face-down.
        facing: Facing,
    },
    /// `a HAND` (Castle Rampage): attack with a hand card.
    Attack(u32),
    /// `g HAND` or `c HAND` (Castle Rampage): reinforce the Gate or the Castle.
    Reinforce {
        /// Hand index.
        hand: u32,
        /// `gate` or `castle`.
        structure: &'static str,
    },
    /// `a ZONE TARGET`: strike from an own zone at a zone.
    Strike {
        /// The attacker's own zone index.
        from: u32,
        /// The target zone is one of the person's own (`yN`).
        own_target: bool,
        /// The target zone index.
        target: u32,
    },
    /// `f MINE THEIRS` (KeyForge): use the person's creature at battleline position
    /// MINE to fight the bot's creature at position THEIRS.
    Fight {
        /// The person's battleline position.
        attacker: u32,
        /// The bot's battleline position.
        defender: u32,
    },
    /// `r MINE` (KeyForge): use the person's creature at this position to reap.
    Reap(u32),
    /// `t THEIRS` or `t yMINE` (KeyForge): choose this creature for a TARGET decision.
    Target {
        /// The creature is the person's own (`yN`).
        own: bool,
        /// Its battleline position.
        index: u32,
    },
    /// `a MINE TARGET` (Dog Fight): attack the vessel TARGET with the person's vessel
    /// MINE, both named by id or the start of it.
    Aim {
        /// The person's vessel, as typed.
        attacker: String,
        /// The vessel attacked, as typed.
        target: String,
    },
    /// `p HAND` (Dog Fight): play the person's hand card HAND into the attack.
    Play(u32),
    /// `e`: end the phase.
    End,
    /// `b ZONE`: block with the creature in this own zone.
    Block(u32),
    /// `f`: fade.
    Fade,
    /// `n`: decline.
    Decline,
}

/// One line of input, understood.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Command {
    /// An action by its 1-based number in the list.
    Pick(usize),
    /// An action by its short form.
    Short(Shortcut),
    /// Ask for a hint.
    Hint,
    /// Explain the bot's last move.
    Why,
    /// Redraw the board.
    Board,
    /// Show the help.
    Help,
    /// Save and leave.
    Quit,
}

fn number(word: &str, what: &str) -> Result<u32, String> {
    word.parse().map_err(|_| format!("`{word}` is not a {what} number"))
}

fn facing(word: &str) -> Result<Facing, String> {
    Ok(match word {
        "u" | "up" | "f" | "fwd" | "forward" => Facing::Up(Orientation::Forward),
        "r" | "right" => Facing::Up(Orientation::Right),
        "b" | "back" => Facing::Up(Orientation::Back),
        "l" | "left" => Facing::Up(Orientation::Left),
        "d" | "down" | "fd" | "face-down" | "facedown" | "hidden" => Facing::Down,
        _ => return Err(format!("`{word}` is not a facing: use u, r, b, l, or down")),
    })
}

/// Parses one line; `Ok(None)` for a blank line.
pub fn parse(line: &str) -> Result<Option<Command>, String> {
    let lower = line.trim().to_lowercase();
    let words: Vec<&str> = lower.split_whitespace().collect();
    let Some((&head, rest)) = words.split_first() else {
        return Ok(None);
    };
    let arity = |n: usize, usage: &str| -> Result<(), String> {
        if rest.len() == n { Ok(()) } else { Err(format!("usage: {usage}")) }
    };
    let command = match head {
        "hint" | "h" => Command::Hint,
        "why" | "w" => Command::Why,
        "board" | "show" | "list" => Command::Board,
        "help" | "?" => Command::Help,
        "quit" | "q" | "exit" => Command::Quit,
        "e" | "end" => {
            arity(0, "e")?;
            Command::Short(Shortcut::End)
        }
        "n" | "no" | "decline" | "pass" => {
            arity(0, "n")?;
            Command::Short(Shortcut::Decline)
        }
        "f" | "fight" if rest.len() == 2 => Command::Short(Shortcut::Fight {
            attacker: number(rest[0], "position")?,
            defender: number(rest[1], "position")?,
        }),
        "f" | "fade" => {
            arity(0, "f (or f MINE THEIRS to fight in KeyForge)")?;
            Command::Short(Shortcut::Fade)
        }
        "fight" => return Err("usage: f MINE THEIRS (e.g. f 0 2)".to_owned()),
        "r" | "reap" => {
            arity(1, "r MINE (e.g. r 3)")?;
            Command::Short(Shortcut::Reap(number(rest[0], "position")?))
        }
        "t" | "target" => {
            arity(1, "t THEIRS (e.g. t 1), or t yN for your own creature at position N")?;
            let (own, index) = match rest[0].strip_prefix('y') {
                Some(n) => (true, number(n, "position")?),
                None => (false, number(rest[0], "position")?),
            };
            Command::Short(Shortcut::Target { own, index })
        }
        "b" | "block" => {
            arity(1, "b ZONE (e.g. b 1)")?;
            Command::Short(Shortcut::Block(number(rest[0], "zone")?))
        }
        "s" | "summon" => {
            if !(2..=3).contains(&rest.len()) {
                return Err("usage: s HAND ZONE [FACING] (e.g. s 0 2 r)".to_owned());
            }
            let hand = number(rest[0], "hand card")?;
            let zone = number(rest[1], "zone")?;
            let facing = rest.get(2).map_or(Ok(Facing::Up(Orientation::Forward)), |w| facing(w))?;
            Command::Short(Shortcut::Summon { hand, zone, facing })
        }
        "a" | "attack" | "strike" if rest.len() == 1 => Command::Short(Shortcut::Attack(number(rest[0], "hand card")?)),
        "g" | "gate" | "c" | "castle" => {
            let structure = if head.starts_with('g') { "gate" } else { "castle" };
            arity(1, &format!("{} HAND (e.g. {} 1)", &head[..1], &head[..1]))?;
            Command::Short(Shortcut::Reinforce { hand: number(rest[0], "hand card")?, structure })
        }
        "p" | "play" => {
            arity(1, "p HAND (e.g. p 0)")?;
            Command::Short(Shortcut::Play(number(rest[0], "hand card")?))
        }
        "a" | "attack" | "strike" if rest.len() == 2 && rest[0].parse::<u32>().is_err() => {
            Command::Short(Shortcut::Aim { attacker: rest[0].to_owned(), target: rest[1].to_owned() })
        }
        "a" | "attack" | "strike" => {
            arity(2, "a ZONE TARGET (e.g. a 1 4, or a 1 y3 for your own zone 3)")?;
            let from = number(rest[0], "zone")?;
            let (own_target, target) = match rest[1].strip_prefix('y') {
                Some(n) => (true, number(n, "zone")?),
                None => (false, number(rest[1], "zone")?),
            };
            Command::Short(Shortcut::Strike { from, own_target, target })
        }
        word => match word.parse::<usize>() {
            Ok(n) if rest.is_empty() => Command::Pick(n),
            _ => {
                return Err(format!("`{}` is not an action number or a command (type help for the list)", line.trim()));
            }
        },
    };
    Ok(Some(command))
}

/// The index in `legal` of the action a short form names, or why there is none.
pub fn find(short: &Shortcut, legal: &[Action], state: &GameState, seats: Seats) -> Result<usize, String> {
    if castle::is_castle(state) {
        return find_castle(short, legal, state, seats);
    }
    if crate::keyforge::is_keyforge(state) {
        return keyforge::find(short, legal, state, seats);
    }
    if dog_fight::is_dog_fight(state) {
        return dog_fight::find(short, legal, state, seats);
    }
    let me = seats.human;
    let position =
        |pred: &dyn Fn(&action::Action) -> bool| legal.iter().position(|a| a.action.as_ref().is_some_and(pred));
    let own_creature = |zone: u32| {
        creature_at(state, &ZoneRef { player: me, index: zone })
            .map(|c| c.id.clone())
            .ok_or_else(|| format!("you have no creature in your zone {zone}"))
    };
    match short {
        Shortcut::Summon { hand, zone, facing } => {
            let found = position(&|a| match a {
                action::Action::Summon(s) => {
                    s.hand_index == *hand
                        && s.zone.is_some_and(|z| z.player == me && z.index == *zone)
                        && match facing {
                            Facing::Down => s.face_down,
                            Facing::Up(o) => !s.face_down && s.orientation == *o as i32,
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
        Shortcut::Strike { from, own_target, target } => {
            let attacker = own_creature(*from)?;
            let player = if *own_target { me } else { seats.bot() };
            let found = position(&|a| match a {
                action::Action::Strike(s) => {
                    s.attacker == attacker && s.target.is_some_and(|t| t.player == player && t.index == *target)
                }
                _ => false,
            });
            found.ok_or_else(|| {
                let whose = if *own_target { "your" } else { "bot" };
                format!(
                    "your creature in zone {from} cannot strike {whose} zone {target} now \
                     (not the battle, already acted, face-down, or its arrows do not reach)"
                )
            })
        }
        Shortcut::End => position(&|a| matches!(a, action::Action::EndPhase(_)))
            .ok_or_else(|| "there is no phase to end now".to_owned()),
        Shortcut::Block(zone) => {
            let blocker = own_creature(*zone)?;
            position(&|a| matches!(a, action::Action::Choice(c) if c.choice == Some(choice::Choice::Option(blocker.clone()))))
                .ok_or_else(|| format!("your creature in zone {zone} cannot be chosen now"))
        }
        Shortcut::Fade => {
            let fading = state
                .pending
                .as_ref()
                .filter(|p| p.kind == fray_proto::fray::v1::DecisionKind::Fade as i32)
                .and_then(|p| p.options.first().cloned())
                .ok_or_else(|| "nothing can fade now".to_owned())?;
            position(
                &|a| matches!(a, action::Action::Choice(c) if c.choice == Some(choice::Choice::Option(fading.clone()))),
            )
            .ok_or_else(|| "nothing can fade now".to_owned())
        }
        Shortcut::Decline => position(
            &|a| matches!(a, action::Action::Choice(c) if matches!(c.choice, Some(choice::Choice::Decline(_)))),
        )
        .ok_or_else(|| "there is nothing to decline now".to_owned()),
        Shortcut::Attack(_) => Err("usage: a ZONE TARGET (e.g. a 1 4, or a 1 y3 for your own zone 3)".to_owned()),
        Shortcut::Reinforce { .. } => {
            Err("this game has no Gate or Castle: summon with s HAND ZONE [FACING] (see help)".to_owned())
        }
        Shortcut::Fight { .. } | Shortcut::Reap(_) | Shortcut::Target { .. } => {
            Err("that is a KeyForge short form: here strike with a ZONE TARGET (see help)".to_owned())
        }
        Shortcut::Aim { .. } | Shortcut::Play(_) => {
            Err("that is a Dog Fight short form: here strike with a ZONE TARGET (see help)".to_owned())
        }
    }
}

/// [`find`] in Castle Rampage: attacks and reinforcements name a hand card by its index.
fn find_castle(short: &Shortcut, legal: &[Action], state: &GameState, seats: Seats) -> Result<usize, String> {
    let position =
        |pred: &dyn Fn(&action::Action) -> bool| legal.iter().position(|a| a.action.as_ref().is_some_and(pred));
    let hand =
        state.castle_rampage.as_ref().and_then(|b| b.sides.get(seats.human as usize)).map_or(&[][..], |s| &s.hand);
    let card = |i: u32| {
        hand.get(i as usize).map(|c| c.id.clone()).ok_or_else(|| match hand.len() {
            0 => "your hand is empty".to_owned(),
            n => format!("you have no hand card {i}: your hand holds 0-{}", n - 1),
        })
    };
    match short {
        Shortcut::Attack(i) => {
            let id = card(*i)?;
            position(&|a| matches!(a, action::Action::Strike(s) if s.attacker == id)).ok_or_else(|| {
                if legal.iter().any(|a| matches!(a.action, Some(action::Action::Strike(_)))) {
                    format!("your hand card {i} cannot attack (its attack is 0)")
                } else {
                    "you cannot attack now: attacks come after the Deployment phase".to_owned()
                }
            })
        }
        Shortcut::Reinforce { hand: i, structure } => {
            let id = card(*i)?;
            position(&|a| matches!(a, action::Action::Reinforce(r) if r.card == id && r.structure == *structure))
                .ok_or_else(|| "you cannot reinforce now: only in the Deployment phase, once a turn".to_owned())
        }
        Shortcut::End => position(&|a| matches!(a, action::Action::EndPhase(_)))
            .ok_or_else(|| "there is no phase to end now".to_owned()),
        Shortcut::Summon { .. } => {
            Err("Castle Rampage has no summons: g HAND or c HAND adds a card to your Gate or Castle".to_owned())
        }
        Shortcut::Strike { .. } => Err("in Castle Rampage attack with a hand card: a HAND (e.g. a 0)".to_owned()),
        Shortcut::Block(_) | Shortcut::Fade | Shortcut::Decline | Shortcut::Target { .. } => {
            Err("Castle Rampage asks no decisions: attacks resolve at once".to_owned())
        }
        Shortcut::Fight { .. } | Shortcut::Reap(_) | Shortcut::Aim { .. } => {
            Err("Castle Rampage has no creatures: attack with a hand card, a HAND (e.g. a 0)".to_owned())
        }
        Shortcut::Play(_) => Err("in Castle Rampage attack with a hand card: a HAND (e.g. a 0)".to_owned()),
    }
}

/// Lines read ahead at most: a fast writer (`yes 1 | fray play`) waits for the game.
const READ_AHEAD: usize = 16;

/// Lines of input, read on a thread of their own so the game's calls keep running.
#[derive(Debug)]
pub struct Lines {
    rx: mpsc::Receiver<String>,
}

impl Lines {
    /// Lines of standard input; the end of input (or a read error) ends them.
    pub fn stdin() -> Self {
        let (tx, rx) = mpsc::channel(READ_AHEAD);
        std::thread::spawn(move || {
            use std::io::BufRead as _;
            let mut stdin = std::io::stdin().lock();
            let mut buf = Vec::new();
            loop {
                buf.clear();
                match stdin.read_until(b'\n', &mut buf) {
                    Ok(0) | Err(_) => break,
                    Ok(_) => {
                        if tx.blocking_send(String::from_utf8_lossy(&buf).into_owned()).is_err() {
                            break;
                        }
                    }
                }
            }
        });
        Self { rx }
    }

    /// These lines, then the end of input.
    pub fn from_lines(lines: &[&str]) -> Self {
        let (tx, rx) = mpsc::channel(lines.len().max(1));
        for line in lines {
            // There is room for every line, and the receiver is alive: it is returned below.
            let _ = tx.try_send((*line).to_owned());
        }
        Self { rx }
    }

    /// The next line; `None` at the end of input.
    pub async fn next(&mut self) -> Option<String> {
        self.rx.recv().await
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use super::*;
    use fray_proto::fray::v1::{Choice, Creature, DecisionKind, EndPhase, PendingDecision, Strike, Summon};

    #[test]
    fn parses_numbers_commands_and_short_forms() {
        assert_eq!(parse("  12 "), Ok(Some(Command::Pick(12))));
        assert_eq!(parse(""), Ok(None));
        assert_eq!(parse("   "), Ok(None));
        assert_eq!(parse("HINT"), Ok(Some(Command::Hint)));
        assert_eq!(parse("why"), Ok(Some(Command::Why)));
        assert_eq!(parse("board"), Ok(Some(Command::Board)));
        assert_eq!(parse("help"), Ok(Some(Command::Help)));
        assert_eq!(parse("quit"), Ok(Some(Command::Quit)));
        assert_eq!(parse("e"), Ok(Some(Command::Short(Shortcut::End))));
        assert_eq!(parse("n"), Ok(Some(Command::Short(Shortcut::Decline))));
        assert_eq!(parse("f"), Ok(Some(Command::Short(Shortcut::Fade))));
        assert_eq!(parse("b 1"), Ok(Some(Command::Short(Shortcut::Block(1)))));
        assert_eq!(
            parse("s 2 3 r"),
            Ok(Some(Command::Short(Shortcut::Summon { hand: 2, zone: 3, facing: Facing::Up(Orientation::Right) })))
        );
        assert_eq!(
            parse("s 2 3"),
            Ok(Some(Command::Short(Shortcut::Summon { hand: 2, zone: 3, facing: Facing::Up(Orientation::Forward) })))
        );
        assert_eq!(
            parse("s 2 3 down"),
            Ok(Some(Command::Short(Shortcut::Summon { hand: 2, zone: 3, facing: Facing::Down })))
        );
        assert_eq!(
            parse("a 1 4"),
            Ok(Some(Command::Short(Shortcut::Strike { from: 1, own_target: false, target: 4 })))
        );
        assert_eq!(
            parse("a 1 y3"),
            Ok(Some(Command::Short(Shortcut::Strike { from: 1, own_target: true, target: 3 })))
        );
        assert_eq!(parse("a 2"), Ok(Some(Command::Short(Shortcut::Attack(2)))));
        assert_eq!(parse("g 1"), Ok(Some(Command::Short(Shortcut::Reinforce { hand: 1, structure: "gate" }))));
        assert_eq!(parse("castle 0"), Ok(Some(Command::Short(Shortcut::Reinforce { hand: 0, structure: "castle" }))));
        assert_eq!(parse("f 0 2"), Ok(Some(Command::Short(Shortcut::Fight { attacker: 0, defender: 2 }))));
        assert_eq!(parse("fight 1 0"), Ok(Some(Command::Short(Shortcut::Fight { attacker: 1, defender: 0 }))));
        assert_eq!(parse("r 3"), Ok(Some(Command::Short(Shortcut::Reap(3)))));
        assert_eq!(parse("t 1"), Ok(Some(Command::Short(Shortcut::Target { own: false, index: 1 }))));
        assert_eq!(parse("t y0"), Ok(Some(Command::Short(Shortcut::Target { own: true, index: 0 }))));
        assert_eq!(
            parse("a Fig p1-gun"),
            Ok(Some(Command::Short(Shortcut::Aim { attacker: "fig".into(), target: "p1-gun".into() })))
        );
        assert_eq!(parse("p 2"), Ok(Some(Command::Short(Shortcut::Play(2)))));
        assert_eq!(parse("pass"), Ok(Some(Command::Short(Shortcut::Decline))));
        assert_eq!(parse("p"), Err("usage: p HAND (e.g. p 0)".to_owned()));
    }

    #[test]
    fn bad_input_says_what_is_wrong() {
        assert!(parse("banana").unwrap_err().contains("`banana` is not an action number or a command"));
        assert!(parse("-3").unwrap_err().contains("not an action number"));
        assert!(parse("3 4").unwrap_err().contains("not an action number"));
        assert_eq!(parse("s 1").unwrap_err(), "usage: s HAND ZONE [FACING] (e.g. s 0 2 r)");
        assert_eq!(parse("s x 1").unwrap_err(), "`x` is not a hand card number");
        assert_eq!(parse("s 1 2 sideways").unwrap_err(), "`sideways` is not a facing: use u, r, b, l, or down");
        assert!(parse("a 1 2 3").unwrap_err().starts_with("usage: a ZONE TARGET"));
        assert_eq!(parse("g").unwrap_err(), "usage: g HAND (e.g. g 1)");
        assert_eq!(parse("castle x").unwrap_err(), "`x` is not a hand card number");
        assert_eq!(parse("a 1 yz").unwrap_err(), "`z` is not a zone number");
        assert_eq!(parse("e now").unwrap_err(), "usage: e");
        assert_eq!(parse("f 1").unwrap_err(), "usage: f (or f MINE THEIRS to fight in KeyForge)");
        assert_eq!(parse("fight").unwrap_err(), "usage: f MINE THEIRS (e.g. f 0 2)");
        assert_eq!(parse("f x 2").unwrap_err(), "`x` is not a position number");
        assert_eq!(parse("r").unwrap_err(), "usage: r MINE (e.g. r 3)");
        assert!(parse("t").unwrap_err().starts_with("usage: t THEIRS"));
        assert_eq!(parse("t yq").unwrap_err(), "`q` is not a position number");
    }

    fn act(a: action::Action) -> Action {
        Action { action: Some(a) }
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
        let find = |s: Shortcut| find(&s, &legal, &state, seats);
        assert_eq!(find(Shortcut::Strike { from: 2, own_target: false, target: 4 }), Ok(0));
        assert!(find(Shortcut::Strike { from: 2, own_target: true, target: 4 }).unwrap_err().contains("cannot strike"));
        assert_eq!(
            find(Shortcut::Strike { from: 0, own_target: false, target: 4 }),
            Err("you have no creature in your zone 0".to_owned())
        );
        assert_eq!(find(Shortcut::Summon { hand: 0, zone: 3, facing: Facing::Up(Orientation::Left) }), Ok(2));
        assert_eq!(find(Shortcut::Summon { hand: 0, zone: 3, facing: Facing::Down }), Ok(3));
        assert!(find(Shortcut::Summon { hand: 1, zone: 3, facing: Facing::Down }).is_err());
        assert_eq!(find(Shortcut::End), Ok(4));
        assert_eq!(find(Shortcut::Decline), Err("there is nothing to decline now".to_owned()));
        assert!(find(Shortcut::Reap(0)).unwrap_err().contains("KeyForge short form"));
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
        assert_eq!(find(&Shortcut::Fade, &legal, &state, seats), Ok(0));
        assert_eq!(find(&Shortcut::Decline, &legal, &state, seats), Ok(1));
        assert_eq!(find(&Shortcut::Block(1), &legal, &state, seats), Ok(0));
        state.pending.as_mut().unwrap().kind = DecisionKind::Block as i32;
        assert_eq!(find(&Shortcut::Fade, &legal, &state, seats), Err("nothing can fade now".to_owned()));
        assert_eq!(
            find(&Shortcut::Block(3), &legal, &state, seats),
            Err("you have no creature in your zone 3".to_owned())
        );
    }

    #[tokio::test]
    async fn given_lines_end_with_the_end_of_input() {
        let mut lines = Lines::from_lines(&["1\n", "quit\n"]);
        assert_eq!(lines.next().await.as_deref(), Some("1\n"));
        assert_eq!(lines.next().await.as_deref(), Some("quit\n"));
        assert_eq!(lines.next().await, None);
    }
}
