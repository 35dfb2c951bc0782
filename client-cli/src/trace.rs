//! Human-readable output: the resolution trace (one line per event) and a short
//! summary of the resulting board. Each event is told in the rules' own words, which
//! the server sends when a request asks for `words` (written once per ruleset in the
//! core); this file tells only the kinds every ruleset shares, for an answer without
//! words (a server of another version). Ruleset names, phases and decisions are in
//! words too: no wire enum names on screen.

use std::fmt::Write as _;

use fray_proto::fray::v1::{
    DecisionKind, Event, GameState, PendingDecision, Phase, ResolveStrikeResponse, event::Kind,
};

pub use crate::ui::{Ids, Namer, Style, zone};
use crate::ui::{Ui, phase_words, ruleset_title};

/// Everything printed for a successful resolution: the trace, then the board.
///
/// `answer` gives the exact command line that answers a pending decision with a
/// `--choice` value (a creature id or `decline`).
pub fn render_response(
    response: &ResolveStrikeResponse,
    ui: &dyn Ui,
    style: Style,
    answer: &dyn Fn(&str) -> String,
) -> String {
    let states: Vec<&GameState> = response.state.iter().collect();
    let names = ui.names(None, &states, &response.events);
    let ruleset = response.state.as_ref().map_or(0, |s| s.ruleset);
    let mut out = render_events_told(&response.events, style, &*names, Telling::resolve(ruleset));
    if let Some(state) = &response.state {
        out.push('\n');
        out.push_str(&render_board(state, ui, style));
        if let Some(pending) = &state.pending {
            out.push('\n');
            out.push_str(&render_pending(state, pending, ui.decision_subject(state), style, answer));
        }
    }
    out
}

/// The trace with each event's rule id in a column, as `fray resolve` prints it.
pub fn render_events(events: &[Event], style: Style) -> String {
    render_events_told(events, style, &Ids, Telling::resolve(0))
}

/// How a trace tells the phase changes (`PhaseChanged`), which a game tells several
/// of every turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Phases {
    /// One line each.
    Each,
    /// A run of them in one turn of one player on one line: `turn 2, the bot's turn:
    /// begin → battle → deployment`.
    Folded,
    /// Left out (the board's first line names the phase).
    Hidden,
}

/// How a trace is told.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Telling {
    /// The phase changes.
    pub phases: Phases,
    /// Lead each line with the rule id that caused the event, in a column (`fray
    /// resolve`, `--verbose`); a game's trace leaves them out.
    pub rule_ids: bool,
    /// The ruleset, for its phases' words.
    pub ruleset: i32,
}

impl Telling {
    /// `fray resolve`'s: every event on its line, with its rule id.
    pub fn resolve(ruleset: i32) -> Self {
        Self { phases: Phases::Each, rule_ids: true, ruleset }
    }
}

/// The trace of `events`, naming things with `names`, told as `telling` says.
pub fn render_events_told(events: &[Event], style: Style, names: &dyn Namer, telling: Telling) -> String {
    let phase = |e: &Event| match &e.kind {
        Some(Kind::PhaseChanged(p)) => Some((p.turn, p.active_player, p.phase)),
        _ => None,
    };
    // Each line: its rule and its words.
    let mut lines: Vec<(&str, String)> = Vec::new();
    let mut i = 0;
    while i < events.len() {
        let event = &events[i];
        let Some((turn, player, _)) = phase(event).filter(|_| telling.phases != Phases::Each) else {
            lines.push((&event.rule, describe_with(event, names)));
            i += 1;
            continue;
        };
        let mut run = vec![describe_with(event, names)];
        i += 1;
        while let Some((_, _, next)) = events.get(i).and_then(phase).filter(|&(t, p, _)| t == turn && p == player) {
            run.push(phase_words(telling.ruleset, next).to_owned());
            i += 1;
        }
        if telling.phases == Phases::Folded {
            lines.push((&event.rule, run.join(" → ")));
        }
    }
    let width = if telling.rule_ids { lines.iter().map(|(rule, _)| rule.len()).max().unwrap_or(0) } else { 0 };
    let mut out = String::new();
    if events.is_empty() {
        out.push_str("(no events)\n");
    }
    for (rule, text) in lines {
        if telling.rule_ids {
            let rule = format!("{rule:<width$}");
            let _ = writeln!(out, "{}  {text}", style.paint(Style::RULE, &rule));
        } else {
            let _ = writeln!(out, "{text}");
        }
    }
    out
}

/// One event in words: the server's (its `text`), else, for a kind every ruleset
/// shares, this client's, naming things with `names`.
pub fn describe_with(event: &Event, names: &dyn Namer) -> String {
    if !event.text.is_empty() {
        return event.text.clone();
    }
    let p = |player: u32| names.player(player);
    match &event.kind {
        Some(Kind::PhaseChanged(e)) => format!("turn {}, {}: phase {}", e.turn, p(e.active_player), e.phase),
        Some(Kind::DecisionRequested(e)) => match &e.decision {
            Some(d) if d.kind == DecisionKind::Response as i32 && names.hides_hand(d.player) => {
                format!("{} may play cards from their hand into the attack, or pass", p(d.player))
            }
            Some(d) => {
                format!("{} {} {}", p(d.player), if d.may_decline { "may" } else { "must" }, decision_summary(d, names))
            }
            None => "a decision is requested".to_owned(),
        },
        Some(Kind::GameOver(e)) => match e.winner {
            Some(w) => format!("game over: {} wins", p(w)),
            None => "game over: a draw".to_owned(),
        },
        Some(Kind::PlayerOut(e)) => format!("{} is out", p(e.player)),
        _ => "(an event the server did not tell in words)".to_owned(),
    }
}

/// The board after resolution: a header line, then the ruleset's board.
pub fn render_board(state: &GameState, ui: &dyn Ui, style: Style) -> String {
    let ruleset = ruleset_title(state.ruleset);
    let phase = Phase::try_from(state.phase).unwrap_or(Phase::Unspecified);
    let turn = if phase == Phase::Unspecified {
        "bare board".to_owned()
    } else {
        format!(
            "turn {}, player {}'s turn, {}",
            state.turn,
            state.active_player,
            phase_words(state.ruleset, state.phase)
        )
    };
    let mut out = format!("{} {ruleset}, {turn}\n", style.paint(Style::BOLD, "board:"));
    out.push_str(&ui.raw_board(state));
    out.push_str(&game_over_line(state, phase));
    out
}

fn game_over_line(state: &GameState, phase: Phase) -> String {
    match (phase, state.winner) {
        (Phase::GameOver, Some(w)) => format!("  game over: player {w} wins\n"),
        (Phase::GameOver, None) => "  game over: a draw\n".to_owned(),
        _ => String::new(),
    }
}

/// The pending decision in words, with the exact command answering each option.
pub fn render_pending(
    state: &GameState,
    pending: &PendingDecision,
    subject: Option<String>,
    style: Style,
    answer: &dyn Fn(&str) -> String,
) -> String {
    let mut out = String::new();
    let strike = state.chain.last().map(|s| format!("{}'s strike on zone {}", s.attacker, zone(s.target.as_ref())));
    let kind = DecisionKind::try_from(pending.kind).unwrap_or(DecisionKind::Unspecified);
    let what = match (kind, &strike) {
        (DecisionKind::Block, Some(s)) => format!("may block {s}"),
        (DecisionKind::Fade, Some(s)) => format!("may let {s} through by fading"),
        (DecisionKind::Order, _) => "must choose which item resolves next".to_owned(),
        (DecisionKind::Target, _) => match &subject {
            Some(a) => format!("must choose the creature ability {a} affects"),
            None => "must choose a creature".to_owned(),
        },
        (DecisionKind::Response, _) => "may play a card into the attack".to_owned(),
        _ => "must decide".to_owned(),
    };
    let _ = writeln!(out, "{} player {} {what}", style.paint(Style::WARNING, "pending:"), pending.player);
    let mut answers: Vec<(String, String)> = pending
        .options
        .iter()
        .map(|o| {
            let label = match kind {
                DecisionKind::Block => format!("block with {o}"),
                DecisionKind::Fade => format!("fade {o}"),
                DecisionKind::Order => format!("{o} first"),
                _ => format!("choose {o}"),
            };
            (label, answer(o))
        })
        .collect();
    if pending.may_decline {
        let label = match kind {
            DecisionKind::Block => "do not block",
            DecisionKind::Fade => "do not fade",
            _ => "decline",
        };
        answers.push((label.to_owned(), answer("decline")));
    }
    let width = answers.iter().map(|(l, _)| l.len() + 1).max().unwrap_or(0);
    for (label, command) in answers {
        let _ = writeln!(out, "  {:<width$}  {command}", format!("{label}:"));
    }
    out
}

fn decision_summary(d: &PendingDecision, names: &dyn Namer) -> String {
    let kind = DecisionKind::try_from(d.kind).unwrap_or(DecisionKind::Unspecified);
    let options: Vec<String> = d
        .options
        .iter()
        .map(|o| match kind {
            DecisionKind::Order => names.item(o),
            DecisionKind::Response => names.card(o),
            _ => names.creature(o),
        })
        .collect();
    let options = options.join(", ");
    let mut text = match kind {
        DecisionKind::Block => format!("block with {options}"),
        DecisionKind::Fade => format!("fade {options}"),
        DecisionKind::Order => format!("choose which resolves next: {options}"),
        DecisionKind::Target => format!("choose a target: {options}"),
        DecisionKind::Response => format!("play a card into the attack: {options}"),
        _ => format!("choose {options}"),
    };
    if d.may_decline {
        text.push_str(" (or decline)");
    }
    text
}

/// `text` with every line indented by four spaces.
pub fn indent(text: &str) -> String {
    text.lines().map(|l| format!("    {l}\n")).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use fray_proto::fray::v1::{PhaseChanged, PlayerHpLost, Strike, ZoneRef, event};

    fn ev(rule: &str, kind: event::Kind, text: &str) -> Event {
        Event { rule: rule.into(), kind: Some(kind), text: text.into() }
    }

    #[test]
    fn the_servers_words_one_line_per_event_with_rule_ids_in_a_column_for_resolve() {
        let events = vec![
            ev("egame.strike.target", event::Kind::StrikeDeclared(Default::default()), "knight strikes zone 3"),
            ev("egame.strike.direct", event::Kind::PlayerHpLost(PlayerHpLost { player: 1, amount: 1 }), ""),
            ev("egame.strike.damage", event::Kind::DamageDealt(Default::default()), ""),
        ];
        let text = render_events(&events, Style::default());
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], "egame.strike.target  knight strikes zone 3");
        // A ruleset's own kind without words: this client writes none of its own.
        assert_eq!(lines[1], "egame.strike.direct  (an event the server did not tell in words)");
        assert_eq!(lines.len(), 3);
    }

    #[test]
    fn a_games_trace_leaves_the_rule_ids_out_and_folds_a_turns_phase_changes_in_the_rulesets_words() {
        let phase = |turn, player, phase: Phase, text: &str| {
            let changed = PhaseChanged { turn, active_player: player, phase: phase as i32 };
            ev("skirmish.phase", event::Kind::PhaseChanged(changed), text)
        };
        let events = vec![
            phase(1, 0, Phase::Draw, "turn 1, your turn: draw"),
            ev("skirmish.draw", event::Kind::CardDrawn(Default::default()), "you draw a card"),
            phase(2, 1, Phase::Begin, "turn 2, the bot's turn: begin"),
            phase(2, 1, Phase::Event, "turn 2, the bot's turn: battle"),
            phase(2, 1, Phase::Deployment, "turn 2, the bot's turn: deployment"),
        ];
        let game = |phases| Telling { phases, rule_ids: false, ruleset: fray_proto::fray::v1::Ruleset::Egame as i32 };
        let each = render_events_told(&events, Style::default(), &Ids, game(Phases::Each));
        assert_eq!(each.lines().count(), 5);
        assert!(!each.contains("skirmish."), "{each}");
        let folded = render_events_told(&events, Style::default(), &Ids, game(Phases::Folded));
        assert_eq!(
            folded,
            "turn 1, your turn: draw\n\
             you draw a card\n\
             turn 2, the bot's turn: begin → battle → deployment\n"
        );
        let hidden = render_events_told(&events, Style::default(), &Ids, game(Phases::Hidden));
        assert_eq!(hidden, "you draw a card\n");
        let verbose =
            render_events_told(&events, Style::default(), &Ids, Telling { rule_ids: true, ..game(Phases::Hidden) });
        assert_eq!(verbose, "skirmish.draw  you draw a card\n");
    }

    #[test]
    fn colour_only_when_asked() {
        let events = vec![ev("egame.chain", event::Kind::CardDrawn(Default::default()), "")];
        assert!(!render_events(&events, Style { color: false }).contains('\x1b'));
        assert!(render_events(&events, Style { color: true }).contains("\x1b[36m"));
    }

    #[test]
    fn a_pending_block_names_the_strike_and_the_commands() {
        let state = GameState {
            chain: vec![Strike {
                attacker: "archer".into(),
                target: Some(ZoneRef { player: 1, index: 0 }),
                ..Default::default()
            }],
            ..Default::default()
        };
        let pending = PendingDecision {
            player: 1,
            kind: DecisionKind::Block as i32,
            options: vec!["guard".into()],
            may_decline: true,
        };
        let text =
            render_pending(&state, &pending, None, Style::default(), &|c| format!("fray resolve x.json --choice {c}"));
        assert_eq!(
            text,
            "pending: player 1 may block archer's strike on zone 1:0\n  \
             block with guard:  fray resolve x.json --choice guard\n  \
             do not block:      fray resolve x.json --choice decline\n"
        );
    }
}
