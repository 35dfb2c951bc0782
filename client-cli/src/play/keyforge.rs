//! KeyForge from the person's seat: the board (both battlelines left to right, each
//! creature with its position, name, power, damage, armor, state, keywords and
//! abilities; each side's amber and keys), the numbered legal actions and the pending
//! ORDER or TARGET decision in words, and the short forms `f`, `r`, `t`. KeyForge hides
//! nothing, so a replay shows the same. Shared by `fray play` and `fray replay`.

use std::fmt::Write as _;

use fray_proto::fray::v1::{
    Action, DecisionKind, GameState, KeyforgeBoard, KeyforgeCreature, KeyforgeSide, PendingDecision, Phase, action,
    choice, keyforge_step,
};

use super::input::Shortcut;
use super::view::Seats;
use crate::keyforge::{
    self as words, Item, KEY_COST, KEYS_TO_WIN, ability_text, find_ability, find_creature, item_effect,
};
use crate::trace::Style;

/// The `help` text of KeyForge.
pub const HELP: &str = "\
At the prompt type one of:
  NUMBER        play the action with that number in the list
  f MINE THEIRS use your creature at position MINE to fight the bot's creature at
                position THEIRS (positions as on the board, 0 = the left end). Example: f 0 2
  r MINE        use your creature at position MINE to reap: gain 1 amber, then its
                Reap: ability. Example: r 3
  e             end the turn
  t THEIRS      choose the bot's creature at position THEIRS as an ability's target;
                t yN chooses your own creature at position N
  hint          ask the bot what it would do in your place, with its top actions
  why           the bot's reasoning for its last move: its top actions
  board         show the board and the actions again
  help          this text
  quit          save the replay and leave (end of input does the same)
Your turn: each ready creature may fight or reap once (the first player's creatures
but a few are dealt exhausted, as creatures enter play); everything readies at the
end of the turn. At the start of
your turn 6 amber forges a key; 3 keys win.
A fight: assault, hazardous and Before Fight: abilities first (you order them when
several are pending; if either creature leaves play the fight stops there); then
both creatures deal damage equal to their power at once (the exchange); then Fight:
(if the attacker survived) and After Fight: abilities. Damage: a ward cancels it all
(and is gone), armor cancels that much each turn, the rest lands; damage >= power
destroys. Elusive: the first fight against it each turn exchanges no damage (assault
and hazardous still deal theirs). Skirmish: the attacker takes none in the exchange.
Taunt: its neighbors cannot be fought (unless they have taunt). Poison: its exchange
damage that lands destroys. A stunned creature, when used, only loses its stun.
Amber on a destroyed creature goes to its controller's opponent.";

/// A KeyForge phase for people.
pub fn phase_label(phase: i32) -> &'static str {
    match Phase::try_from(phase).unwrap_or(Phase::Unspecified) {
        Phase::Unspecified => "bare board",
        Phase::Begin => "begin (forge a key)",
        Phase::Event => "fight or reap",
        Phase::Deployment => "deployment",
        Phase::Draw => "draw",
        Phase::GameOver => "game over",
    }
}

/// `you` or `the bot`, for ability sentences.
fn player_word(seats: Seats) -> impl Fn(u32) -> String {
    move |p| if seats.is_human(p) { "you".to_owned() } else { "the bot".to_owned() }
}

/// The creature `id` as the person reads it: `your Raider Captain [1]`, `bot's
/// Thornback [0]`; the id itself when it is not in play.
pub fn creature_label(board: &KeyforgeBoard, id: &str, seats: Seats) -> String {
    match find_creature(board, id) {
        Some((side, i, c)) => format!("{}{} [{i}]", seats.possessive(side), c.name),
        None => id.to_owned(),
    }
}

fn board_of(state: &GameState) -> KeyforgeBoard {
    state.keyforge.clone().unwrap_or_default()
}

/// What happens when a creature is used while stunned.
const STUNNED: &str = "stunned: it only exhausts and loses its stun";

/// One action in words, from the person's seat, in `state` (the state it applies to):
/// `use your Raider Captain [1] to fight bot's Thornback [0]`, `reap with ...`, `end
/// the turn`, or an ORDER or TARGET answer. KeyForge hides nothing: no `reveal_all`.
pub fn action_text(state: &GameState, act: &Action, seats: Seats) -> String {
    let board = board_of(state);
    let label = |id: &str| creature_label(&board, id, seats);
    let Some(kind) = &act.action else {
        return "(an empty action)".to_owned();
    };
    match kind {
        action::Action::Strike(s) => {
            let mut text = format!("use {} to fight {}", label(&s.attacker), label(&s.defender));
            let attacker = find_creature(&board, &s.attacker).map(|(_, _, c)| c);
            let defender = find_creature(&board, &s.defender).map(|(_, _, c)| c);
            if attacker.is_some_and(|c| c.stunned) {
                let _ = write!(text, " ({STUNNED})");
            } else if defender.is_some_and(|c| c.elusive && !c.elusive_used) {
                text.push_str(" (elusive: the exchange deals no damage)");
            }
            text
        }
        action::Action::Reap(r) => {
            let mut text = format!("reap with {}", label(&r.creature));
            match find_creature(&board, &r.creature) {
                Some((_, _, c)) if c.stunned => {
                    let _ = write!(text, " ({STUNNED})");
                }
                Some((side, _, c)) => {
                    let name = player_word(seats);
                    let reaps: Vec<String> = c
                        .abilities
                        .iter()
                        .filter(|a| a.trigger == fray_proto::fray::v1::Trigger::Reap as i32)
                        .map(|a| ability_text(a, side, &name))
                        .collect();
                    let gain = if seats.is_human(side) { "you gain 1 amber" } else { "the bot gains 1 amber" };
                    let mut parts = vec![gain.to_owned()];
                    parts.extend(reaps);
                    let _ = write!(text, " ({})", parts.join("; "));
                }
                None => {}
            }
            text
        }
        action::Action::EndPhase(_) => match Phase::try_from(state.phase).unwrap_or(Phase::Unspecified) {
            Phase::Event => "end the turn".to_owned(),
            Phase::Begin => "begin the turn".to_owned(),
            _ => "end the phase".to_owned(),
        },
        action::Action::Choice(c) => {
            let kind = state
                .pending
                .as_ref()
                .and_then(|p| DecisionKind::try_from(p.kind).ok())
                .unwrap_or(DecisionKind::Unspecified);
            match (&c.choice, kind) {
                (Some(choice::Choice::Option(o)), DecisionKind::Order) => {
                    format!("resolve {} first", item_text(&board, o, seats))
                }
                (Some(choice::Choice::Option(o)), DecisionKind::Target) => match target_ability(&board) {
                    Some((side, c, a)) => format!(
                        "choose {} for {}{}'s {} ability",
                        label(o),
                        seats.possessive(side),
                        c.name,
                        words::trigger_label(a.trigger)
                    ),
                    None => format!("choose {}", label(o)),
                },
                (Some(choice::Choice::Option(o)), _) => format!("choose {o}"),
                (Some(choice::Choice::Decline(_)), _) => "decline (KeyForge's decisions cannot be declined)".to_owned(),
                (None, _) => "(an empty choice)".to_owned(),
            }
        }
        action::Action::Summon(_) => "summon (KeyForge plays no cards from hand)".to_owned(),
        action::Action::Reinforce(_) => "reinforce (KeyForge has no Gate or Castle)".to_owned(),
    }
}

/// The ability a pending TARGET decision chooses for: its creature's side, the
/// creature, the ability.
fn target_ability(board: &KeyforgeBoard) -> Option<(u32, &KeyforgeCreature, &fray_proto::fray::v1::Ability)> {
    board.resolution.iter().rev().find_map(|s| match &s.step {
        Some(keyforge_step::Step::Target(a)) => find_ability(board, a),
        _ => None,
    })
}

/// An ORDER item as the person reads it: `your Raider Captain [1]'s assault 2 (2
/// damage to bot's Thornback [0])`.
pub fn item_text(board: &KeyforgeBoard, item: &str, seats: Seats) -> String {
    let parsed = Item::parse(item);
    let owner = match parsed {
        Item::Assault(c) | Item::Hazardous(c) => Some(c.to_owned()),
        Item::Ability(a) => find_ability(board, a).map(|(_, c, _)| c.id.clone()),
    };
    let label = |id: &str| creature_label(board, id, seats);
    let name = player_word(seats);
    match (owner, item_effect(board, parsed, &label, &name)) {
        (Some(owner), Some(what)) => format!("{}'s {what}", label(&owner)),
        _ => item.to_owned(),
    }
}

/// One battleline, one creature a line: position, name and id, stats, state, keywords
/// and abilities. `widths` aligns both battlelines' columns.
fn battleline(side: &KeyforgeSide, player: u32, seats: Seats, widths: (usize, usize), style: Style) -> String {
    if side.battleline.is_empty() {
        return "    (no creatures)\n".to_owned();
    }
    let name = player_word(seats);
    let colour = if seats.is_human(player) { "32" } else { "31" };
    let mut out = String::new();
    for (i, c) in side.battleline.iter().enumerate() {
        let title = format!("{:<w$}", title(c), w = widths.0);
        let stats = format!("{:<w$}", words::stats(c), w = widths.1);
        let status = words::status(c).join(", ");
        let status = if c.exhausted { style.paint("33", &status) } else { status };
        let mut extra: Vec<String> = words::keywords(c);
        extra.extend(c.abilities.iter().map(|a| ability_text(a, player, &name)));
        let extra = if extra.is_empty() { String::new() } else { format!(" · {}", extra.join(" · ")) };
        let line = format!("    [{i}] {}  {stats}  {status}{extra}", style.paint(colour, &title));
        let _ = writeln!(out, "{}", line.trim_end());
    }
    out
}

/// `Raider Captain (p0-raider)`.
fn title(c: &KeyforgeCreature) -> String {
    format!("{} ({})", c.name, c.id)
}

/// One side: amber and keys (and whether a key is forged at the start of its next
/// turn), its battleline, then its discard and hand when not empty.
fn side_text(
    side: Option<&KeyforgeSide>,
    player: u32,
    who: &str,
    seats: Seats,
    widths: (usize, usize),
    style: Style,
) -> String {
    let side = side.cloned().unwrap_or_default();
    let colour = if seats.is_human(player) { "1;32" } else { "1;31" };
    let mut text = format!("  {}: {} amber, {} of {KEYS_TO_WIN} keys", style.paint(colour, who), side.amber, side.keys);
    if side.amber >= KEY_COST {
        text.push_str(" (forges a key at the start of its next turn)");
    }
    text.push('\n');
    text.push_str(&battleline(&side, player, seats, widths, style));
    if !side.discard.is_empty() {
        let _ = writeln!(text, "    discard: {}", side.discard.join(", "));
    }
    if !side.hand.is_empty() {
        let _ = writeln!(text, "    hand: {}", side.hand.join(", "));
    }
    text
}

/// The whole board from the person's seat: turn and phase, the bot's side and
/// battleline on top, the person's below, each left to right.
pub fn render_board(state: &GameState, seats: Seats, bot_label: &str, style: Style) -> String {
    let (me, bot) = (seats.human, seats.bot());
    let board = board_of(state);
    let mut out = String::new();
    let whose = if state.phase == Phase::GameOver as i32 {
        "game over".to_owned()
    } else if seats.is_human(state.active_player) {
        format!("your turn · {}", phase_label(state.phase))
    } else {
        format!("bot's turn · {}", phase_label(state.phase))
    };
    let _ = writeln!(out, "{}", style.paint("1", &format!("Turn {} · {whose}", state.turn)));
    let _ = writeln!(
        out,
        "  {}",
        style.paint(
            "2",
            &format!(
                "{KEY_COST} amber forges a key at the start of its owner's turn; {KEYS_TO_WIN} keys win; \
                 battlelines left to right"
            )
        )
    );
    let all = board.sides.iter().flat_map(|s| s.battleline.iter());
    let widths = all.fold((0, 0), |(t, s), c| (t.max(title(c).chars().count()), s.max(words::stats(c).len())));
    let side = |p: u32| board.sides.get(p as usize);
    out.push_str(&side_text(side(bot), bot, &format!("{bot_label}, player {bot}"), seats, widths, style));
    out.push_str(&side_text(side(me), me, &format!("you, player {me}"), seats, widths, style));
    out
}

/// The pending ORDER or TARGET decision in words: the fight it waits in, and what is
/// chosen.
pub fn render_decision(state: &GameState, pending: &PendingDecision, seats: Seats, style: Style) -> String {
    let board = board_of(state);
    let label = |id: &str| creature_label(&board, id, seats);
    let mut out = String::new();
    if let Some(f) = words::fight_in_progress(&board) {
        let text = format!("{} fights {}", label(&f.attacker), label(&f.defender));
        let _ = writeln!(out, "  {}", style.paint("1;33", &text));
    }
    let who = if seats.is_human(pending.player) { "You choose" } else { "The bot chooses" };
    let question = match DecisionKind::try_from(pending.kind).unwrap_or(DecisionKind::Unspecified) {
        DecisionKind::Order => format!("{who} which of these resolves next (the others follow, in turn):"),
        DecisionKind::Target => match target_ability(&board) {
            Some((side, c, a)) => format!(
                "{who} the creature that {}{}'s {} ability affects ({}):",
                seats.possessive(side),
                c.name,
                words::trigger_label(a.trigger),
                words::effect_text(a, side, &player_word(seats))
            ),
            None => format!("{who} a creature:"),
        },
        other => format!("{who} ({}):", other.as_str_name()),
    };
    let _ = writeln!(out, "  {question}");
    out
}

/// The numbered legal actions (numbers are 1-based positions in `legal`), under the
/// pending decision or a line that says what the turn allows.
pub fn render_menu(state: &GameState, legal: &[Action], seats: Seats, style: Style) -> String {
    let mut out = String::new();
    if let Some(pending) = &state.pending {
        out.push_str(&render_decision(state, pending, seats, style));
    } else if seats.is_human(state.active_player) && state.phase == Phase::Event as i32 {
        let uses = legal.iter().any(|a| matches!(a.action, Some(action::Action::Strike(_) | action::Action::Reap(_))));
        let head = if uses {
            "  use a ready creature: fight (f MINE THEIRS) or reap (r MINE), or end the turn (e):"
        } else if board_of(state).sides.get(seats.human as usize).is_none_or(|s| s.battleline.is_empty()) {
            "  you have no creature left: end the turn (e):"
        } else {
            "  no creature of yours is ready: end the turn (e):"
        };
        let _ = writeln!(out, "{head}");
    }
    for (i, act) in legal.iter().enumerate() {
        let text = action_text(state, act, seats);
        let _ = writeln!(out, "  {}  {text}", style.paint("1", &format!("{:>3}", i + 1)));
    }
    out
}

/// [`super::input::find`] in KeyForge: fights, reaps and targets name creatures by
/// their battleline positions.
pub fn find(short: &Shortcut, legal: &[Action], state: &GameState, seats: Seats) -> Result<usize, String> {
    let board = board_of(state);
    let position =
        |pred: &dyn Fn(&action::Action) -> bool| legal.iter().position(|a| a.action.as_ref().is_some_and(pred));
    let creature = |player: u32, i: u32| -> Result<&KeyforgeCreature, String> {
        let line = board.sides.get(player as usize).map_or(&[][..], |s| &s.battleline);
        let whose = if seats.is_human(player) { "your" } else { "the bot's" };
        line.get(i as usize).ok_or_else(|| match line.len() {
            0 => format!("{whose} battleline is empty"),
            1 => format!("{whose} battleline has no position {i}: it holds only position 0"),
            n => format!("{whose} battleline has no position {i}: it holds 0-{}", n - 1),
        })
    };
    let decision_first = || -> Option<String> {
        state.pending.as_ref().map(|_| "a decision is pending: choose one of the numbered options".to_owned())
    };
    let not_now = |c: &KeyforgeCreature, what: &str| -> String {
        if let Some(why) = decision_first() {
            why
        } else if !seats.is_human(state.active_player) || state.phase != Phase::Event as i32 {
            format!("you cannot {what} now: only in your turn")
        } else if c.exhausted && state.turn == 1 {
            format!("your {} is exhausted: it entered play exhausted and readies at the end of the turn", c.name)
        } else if c.exhausted {
            format!("your {} is exhausted: it was used this turn", c.name)
        } else {
            format!("your {} cannot {what} now: see the list", c.name)
        }
    };
    match short {
        Shortcut::Fight { attacker, defender }
        | Shortcut::Strike { from: attacker, own_target: false, target: defender } => {
            let a = creature(seats.human, *attacker)?;
            let d = creature(seats.bot(), *defender)?;
            position(&|x| matches!(x, action::Action::Strike(s) if s.attacker == a.id && s.defender == d.id))
                .ok_or_else(|| {
                    let usable = legal
                        .iter()
                        .any(|x| matches!(&x.action, Some(action::Action::Strike(s)) if s.attacker == a.id));
                    if usable {
                        let line = board.sides.get(seats.bot() as usize).map_or(&[][..], |s| &s.battleline);
                        let i = *defender as usize;
                        let left = i.checked_sub(1).and_then(|j| line.get(j));
                        let taunt = left.into_iter().chain(line.get(i + 1)).find(|c| c.taunt);
                        let next = taunt.map_or_else(
                            || "a creature with taunt".to_owned(),
                            |t| format!("{}, which has taunt", creature_label(&board, &t.id, seats)),
                        );
                        format!("the bot's {} cannot be fought: it stands next to {next}", d.name)
                    } else {
                        not_now(a, "fight")
                    }
                })
        }
        Shortcut::Strike { own_target: true, .. } => {
            Err("a creature fights an enemy creature, not your own".to_owned())
        }
        Shortcut::Reap(i) => {
            let c = creature(seats.human, *i)?;
            position(&|x| matches!(x, action::Action::Reap(r) if r.creature == c.id)).ok_or_else(|| not_now(c, "reap"))
        }
        Shortcut::Target { own, index } => {
            let c = creature(if *own { seats.human } else { seats.bot() }, *index)?;
            position(
                &|x| matches!(x, action::Action::Choice(ch) if ch.choice == Some(choice::Choice::Option(c.id.clone()))),
            )
            .ok_or_else(|| format!("{} cannot be chosen now", creature_label(&board, &c.id, seats)))
        }
        Shortcut::End => position(&|x| matches!(x, action::Action::EndPhase(_)))
            .ok_or_else(|| decision_first().unwrap_or_else(|| "you cannot end the turn now".to_owned())),
        Shortcut::Block(_) | Shortcut::Fade | Shortcut::Decline => {
            Err("KeyForge's decisions cannot be declined: choose one of the numbered options".to_owned())
        }
        Shortcut::Summon { .. }
        | Shortcut::Attack(_)
        | Shortcut::Reinforce { .. }
        | Shortcut::Aim { .. }
        | Shortcut::Play(_) => {
            Err("KeyForge plays no cards from hand: f MINE THEIRS fights, r MINE reaps (see help)".to_owned())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::input::Shortcut;
    use fray_proto::fray::v1::{
        Ability, AbilityTarget, Choice, Effect, EndPhase, KeyforgeFight, KeyforgeStep, KeyforgeWindow, Reap, Ruleset,
        Strike, Trigger,
    };

    fn creature(id: &str, name: &str, power: i32) -> KeyforgeCreature {
        KeyforgeCreature { id: id.into(), name: name.into(), power, ..Default::default() }
    }

    fn ability(id: &str, trigger: Trigger, effect: Effect, amount: i32, target: AbilityTarget) -> Ability {
        Ability { id: id.into(), trigger: trigger as i32, effect: effect as i32, amount, target: target as i32 }
    }

    /// Player 0: a Raider Captain (assault 2, Fight: capture), a stunned Stormcaller;
    /// player 1 (6 amber, 1 key): a Thornback (hazardous 2, 1 damage), a Shield Warden
    /// (taunt, armor 1, spent), an elusive Shade Runner with a ward and 2 amber on it.
    pub(crate) fn small_board(phase: Phase) -> GameState {
        let raider = KeyforgeCreature {
            assault: 2,
            abilities: vec![ability("p0-raider.fight", Trigger::Fight, Effect::CaptureAmber, 1, AbilityTarget::Self_)],
            ..creature("p0-raider", "Raider Captain", 4)
        };
        let storm = KeyforgeCreature {
            stunned: true,
            abilities: vec![ability("p0-storm.reap", Trigger::Reap, Effect::Stun, 0, AbilityTarget::Chosen)],
            ..creature("p0-storm", "Stormcaller", 2)
        };
        let thorn = KeyforgeCreature { hazardous: 2, damage: 1, ..creature("p1-thornback", "Thornback", 3) };
        let warden = KeyforgeCreature {
            taunt: true,
            armor: 1,
            armor_used: 1,
            exhausted: true,
            ..creature("p1-warden", "Shield Warden", 4)
        };
        let runner = KeyforgeCreature {
            elusive: true,
            skirmish: true,
            ward: true,
            amber: 2,
            abilities: vec![ability("p1-runner.reap", Trigger::Reap, Effect::StealAmber, 1, AbilityTarget::Controller)],
            ..creature("p1-runner", "Shade Runner", 2)
        };
        GameState {
            ruleset: Ruleset::Keyforge as i32,
            turn: 4,
            phase: phase as i32,
            active_player: 0,
            keyforge: Some(KeyforgeBoard {
                sides: vec![
                    KeyforgeSide {
                        amber: 2,
                        battleline: vec![raider, storm],
                        discard: vec!["Hex Knight".into()],
                        ..Default::default()
                    },
                    KeyforgeSide { amber: 6, keys: 1, battleline: vec![thorn, warden, runner], ..Default::default() },
                ],
                resolution: vec![],
            }),
            ..Default::default()
        }
    }

    fn act(a: action::Action) -> Action {
        Action { action: Some(a) }
    }

    fn fight(attacker: &str, defender: &str) -> Action {
        act(action::Action::Strike(Strike {
            attacker: attacker.into(),
            defender: defender.into(),
            ..Default::default()
        }))
    }

    fn reap(creature: &str) -> Action {
        act(action::Action::Reap(Reap { creature: creature.into() }))
    }

    fn option(o: &str) -> Action {
        act(action::Action::Choice(Choice { choice: Some(choice::Choice::Option(o.into())) }))
    }

    #[test]
    fn the_board_shows_both_battlelines_left_to_right() {
        let text = render_board(&small_board(Phase::Event), Seats::two(0), "bot (easy)", Style::default());
        let expected = "\
Turn 4 · your turn · fight or reap
  6 amber forges a key at the start of its owner's turn; 3 keys win; battlelines left to right
  bot (easy), player 1: 6 amber, 1 of 3 keys (forges a key at the start of its next turn)
    [0] Thornback (p1-thornback)    power 3, 1 damage         ready · hazardous 2
    [1] Shield Warden (p1-warden)   power 4, armor 1 (spent)  exhausted · taunt
    [2] Shade Runner (p1-runner)    power 2                   ready, ward, 2 amber on it · elusive · skirmish · Reap: the bot steals 1 amber from you
  you, player 0: 2 amber, 0 of 3 keys
    [0] Raider Captain (p0-raider)  power 4                   ready · assault 2 · Fight: it captures 1 amber from the bot
    [1] Stormcaller (p0-storm)      power 2                   ready, stunned · Reap: stun a creature you choose
    discard: Hex Knight
";
        assert_eq!(text, expected, "\n{text}");
        // From seat 1 the sides swap, and so do the words.
        let text = render_board(&small_board(Phase::Event), Seats::two(1), "bot", Style::default());
        assert!(text.starts_with("Turn 4 · bot's turn · fight or reap\n"), "{text}");
        assert!(text.contains("  bot, player 0: 2 amber, 0 of 3 keys\n"), "{text}");
        assert!(text.contains("Reap: you steal 1 amber from the bot"), "{text}");
        assert!(text.contains("Reap: stun a creature the bot chooses"), "{text}");
    }

    #[test]
    fn actions_read_in_words() {
        let state = small_board(Phase::Event);
        let seats = Seats::two(0);
        let text = |a: &Action| action_text(&state, a, seats);
        assert_eq!(
            text(&fight("p0-raider", "p1-thornback")),
            "use your Raider Captain [0] to fight bot's Thornback [0]"
        );
        assert_eq!(
            text(&fight("p0-raider", "p1-runner")),
            "use your Raider Captain [0] to fight bot's Shade Runner [2] (elusive: the exchange deals no damage)"
        );
        assert_eq!(
            text(&fight("p0-storm", "p1-thornback")),
            "use your Stormcaller [1] to fight bot's Thornback [0] (stunned: it only exhausts and loses its stun)"
        );
        assert_eq!(text(&reap("p0-raider")), "reap with your Raider Captain [0] (you gain 1 amber)");
        assert_eq!(
            text(&reap("p1-runner")),
            "reap with bot's Shade Runner [2] (the bot gains 1 amber; Reap: the bot steals 1 amber from you)"
        );
        assert_eq!(text(&act(action::Action::EndPhase(EndPhase {}))), "end the turn");
    }

    /// The raider fights the thornback; its assault and the thornback's hazardous wait
    /// for player 0's ORDER.
    fn ordering() -> GameState {
        let mut state = small_board(Phase::Event);
        let board = state.keyforge.as_mut().unwrap();
        board.resolution = vec![
            KeyforgeStep {
                step: Some(keyforge_step::Step::Fight(KeyforgeFight {
                    attacker: "p0-raider".into(),
                    defender: "p1-thornback".into(),
                    stage: 1,
                    ..Default::default()
                })),
            },
            KeyforgeStep {
                step: Some(keyforge_step::Step::Window(KeyforgeWindow {
                    kind: 1,
                    items: vec!["p0-raider:assault".into(), "p1-thornback:hazardous".into()],
                })),
            },
        ];
        state.pending = Some(PendingDecision {
            player: 0,
            kind: DecisionKind::Order as i32,
            options: vec!["p0-raider:assault".into(), "p1-thornback:hazardous".into()],
            may_decline: false,
        });
        state
    }

    #[test]
    fn an_order_decision_reads_in_words() {
        let state = ordering();
        let seats = Seats::two(0);
        let legal = vec![option("p0-raider:assault"), option("p1-thornback:hazardous")];
        let text = render_menu(&state, &legal, seats, Style::default());
        assert_eq!(
            text,
            "  your Raider Captain [0] fights bot's Thornback [0]\n  \
             You choose which of these resolves next (the others follow, in turn):\n    \
             1  resolve your Raider Captain [0]'s assault 2 (2 damage to bot's Thornback [0]) first\n    \
             2  resolve bot's Thornback [0]'s hazardous 2 (2 damage to your Raider Captain [0]) first\n"
        );
    }

    #[test]
    fn a_target_decision_names_its_ability() {
        let mut state = small_board(Phase::Event);
        let board = state.keyforge.as_mut().unwrap();
        board.resolution = vec![KeyforgeStep { step: Some(keyforge_step::Step::Target("p0-storm.reap".into())) }];
        state.pending = Some(PendingDecision {
            player: 0,
            kind: DecisionKind::Target as i32,
            options: vec!["p0-raider".into(), "p1-warden".into()],
            may_decline: false,
        });
        let legal = vec![option("p0-raider"), option("p1-warden")];
        let text = render_menu(&state, &legal, Seats::two(0), Style::default());
        assert_eq!(
            text,
            "  You choose the creature that your Stormcaller's Reap: ability affects (stun a creature you choose):\n    \
             1  choose your Raider Captain [0] for your Stormcaller's Reap: ability\n    \
             2  choose bot's Shield Warden [1] for your Stormcaller's Reap: ability\n"
        );
        assert_eq!(find(&Shortcut::Target { own: false, index: 1 }, &legal, &state, Seats::two(0)), Ok(1));
        assert_eq!(find(&Shortcut::Target { own: true, index: 0 }, &legal, &state, Seats::two(0)), Ok(0));
        assert_eq!(
            find(&Shortcut::Target { own: true, index: 1 }, &legal, &state, Seats::two(0)),
            Err("your Stormcaller [1] cannot be chosen now".to_owned())
        );
        assert_eq!(
            find(&Shortcut::End, &legal, &state, Seats::two(0)),
            Err("a decision is pending: choose one of the numbered options".to_owned())
        );
    }

    #[test]
    fn the_menu_head_says_what_the_turn_allows() {
        let seats = Seats::two(0);
        let end = vec![act(action::Action::EndPhase(EndPhase {}))];
        let mut state = small_board(Phase::Event);
        let head = |state: &GameState, legal: &[Action]| {
            render_menu(state, legal, seats, Style::default()).lines().next().unwrap_or_default().to_owned()
        };
        assert_eq!(
            head(&state, &[reap("p0-raider")]),
            "  use a ready creature: fight (f MINE THEIRS) or reap (r MINE), or end the turn (e):"
        );
        assert_eq!(head(&state, &end), "  no creature of yours is ready: end the turn (e):");
        state.keyforge.as_mut().unwrap().sides[0].battleline.truncate(1);
        assert_eq!(
            find(&Shortcut::Reap(2), &end, &state, seats),
            Err("your battleline has no position 2: it holds only position 0".to_owned())
        );
        state.keyforge.as_mut().unwrap().sides[0].battleline.clear();
        assert_eq!(head(&state, &end), "  you have no creature left: end the turn (e):");
        // The bot's turn has no head.
        state.active_player = 1;
        assert_eq!(head(&state, &end), "    1  end the turn");
    }

    #[test]
    fn short_forms_name_battleline_positions() {
        let seats = Seats::two(0);
        let mut state = small_board(Phase::Event);
        let end = act(action::Action::EndPhase(EndPhase {}));
        // The warden's taunt shields its neighbors, the thornback and the runner; the
        // stunned Stormcaller may still be used.
        let legal = vec![fight("p0-raider", "p1-warden"), fight("p0-storm", "p1-warden"), reap("p0-raider"), end];
        let find = |s: Shortcut, state: &GameState| find(&s, &legal, state, seats);
        assert_eq!(find(Shortcut::Fight { attacker: 1, defender: 1 }, &state), Ok(1));
        assert_eq!(find(Shortcut::Strike { from: 0, own_target: false, target: 1 }, &state), Ok(0));
        assert_eq!(
            find(Shortcut::Fight { attacker: 0, defender: 0 }, &state),
            Err("the bot's Thornback cannot be fought: it stands next to bot's Shield Warden [1], which has taunt"
                .to_owned())
        );
        assert_eq!(
            find(Shortcut::Fight { attacker: 0, defender: 5 }, &state),
            Err("the bot's battleline has no position 5: it holds 0-2".to_owned())
        );
        assert_eq!(find(Shortcut::Reap(0), &state), Ok(2));
        assert_eq!(find(Shortcut::End, &state), Ok(3));
        assert!(find(Shortcut::Decline, &state).unwrap_err().contains("cannot be declined"));
        assert!(find(Shortcut::Attack(0), &state).unwrap_err().contains("f MINE THEIRS fights"));
        // An exhausted creature says so.
        state.keyforge.as_mut().unwrap().sides[0].battleline[1].exhausted = true;
        assert_eq!(
            find(Shortcut::Reap(1), &state),
            Err("your Stormcaller is exhausted: it was used this turn".to_owned())
        );
    }
}
