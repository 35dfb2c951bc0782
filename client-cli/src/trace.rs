//! Human-readable output: the resolution trace (one line per event, led by its rule id)
//! and a short summary of the resulting board. The events every ruleset shares are told
//! here; a ruleset's own events by its [`Namer`], its board by its [`Ui`].

use std::fmt::Write as _;

use fray_proto::fray::v1::{
    DecisionKind, Event, GameState, PendingDecision, Phase, ResolveStrikeResponse, Ruleset, event::Kind,
};

use crate::ui::Ui;
pub use crate::ui::{Ids, Namer, Style, zone};

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
    let mut out = render_events_with(&response.events, style, &*ui.names(None, &states, &response.events));
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

/// The trace: one line per event, `rule  description`, rule ids padded to one column.
pub fn render_events(events: &[Event], style: Style) -> String {
    render_events_with(events, style, &Ids)
}

/// [`render_events`], naming things with `names`.
pub fn render_events_with(events: &[Event], style: Style, names: &dyn Namer) -> String {
    render_events_phased(events, style, names, Phases::Each)
}

/// How a trace tells the phase changes (`PhaseChanged`), which a game tells several
/// of every turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Phases {
    /// One line each.
    Each,
    /// A run of them in one turn of one player on one line: `turn 2, player 1 (bot):
    /// PHASE_BEGIN → PHASE_EVENT → PHASE_DEPLOYMENT`.
    Folded,
    /// Left out (the board's first line names the phase).
    Hidden,
}

/// [`render_events_with`], the phase changes told as `phases` says.
pub fn render_events_phased(events: &[Event], style: Style, names: &dyn Namer, phases: Phases) -> String {
    let phase = |e: &Event| match &e.kind {
        Some(Kind::PhaseChanged(p)) => Some((p.turn, p.active_player, p.phase)),
        _ => None,
    };
    // Each line: its rule and its words.
    let mut lines: Vec<(&str, String)> = Vec::new();
    let mut i = 0;
    while i < events.len() {
        let event = &events[i];
        let Some((turn, player, first)) = phase(event).filter(|_| phases != Phases::Each) else {
            lines.push((&event.rule, describe_with(event, names)));
            i += 1;
            continue;
        };
        let mut run = vec![phase_name(first)];
        i += 1;
        while let Some((_, _, next)) = events.get(i).and_then(phase).filter(|&(t, p, _)| t == turn && p == player) {
            run.push(phase_name(next));
            i += 1;
        }
        if phases == Phases::Folded {
            lines.push((&event.rule, format!("turn {turn}, {}: {}", names.player(player), run.join(" → "))));
        }
    }
    let width = lines.iter().map(|(rule, _)| rule.len()).max().unwrap_or(0);
    let mut out = String::new();
    if events.is_empty() {
        out.push_str("(no events)\n");
    }
    for (rule, text) in lines {
        let rule = format!("{rule:<width$}");
        let _ = writeln!(out, "{}  {text}", style.paint("36", &rule));
    }
    out
}

/// One event in plain words, naming things with `names`.
pub fn describe_with(event: &Event, names: &dyn Namer) -> String {
    if let Some(text) = names.describe(event) {
        return text;
    }
    let unknown = || "(an event of a kind this client does not know)".to_owned();
    let Some(kind) = &event.kind else { return unknown() };
    let c = |id: &str| names.creature(id);
    let p = |player: u32| names.player(player);
    match kind {
        Kind::StrikeDeclared(e) => format!("{} strikes {}", c(&e.attacker), names.zone(e.target.as_ref())),
        Kind::BlockerDetermined(e) => match &e.blocker {
            Some(b) if e.passive => format!("{} blocks {} (passive)", c(b), c(&e.attacker)),
            Some(b) => format!("{} blocks {} (active)", c(b), c(&e.attacker)),
            None => format!("{} is not blocked: direct attack", c(&e.attacker)),
        },
        Kind::CreatureFlipped(e) => format!("{} is turned face-up", c(&e.creature)),
        Kind::StrikeFizzled(e) if e.reason.is_empty() => format!("{}'s strike fizzles", c(&e.attacker)),
        Kind::StrikeFizzled(e) => format!("{}'s strike fizzles: {}", c(&e.attacker), e.reason),
        Kind::DamageDealt(e) => format!("{} deals {} damage to {}", c(&e.source), e.amount, c(&e.target)),
        Kind::CreatureDestroyed(e) => format!("{} is destroyed", c(&e.creature)),
        Kind::PlayerHpLost(e) => format!("{} loses {} HP", p(e.player), e.amount),
        Kind::GameOver(e) => match e.winner {
            Some(w) => format!("game over: {} wins", p(w)),
            None => "game over: a draw".to_owned(),
        },
        Kind::DecisionRequested(e) => match &e.decision {
            Some(d) if d.kind == DecisionKind::Response as i32 && names.hides_hand(d.player) => {
                format!("{} may play cards from their hand into the attack, or pass", p(d.player))
            }
            Some(d) => {
                format!("{} {} {}", p(d.player), if d.may_decline { "may" } else { "must" }, decision_summary(d, names))
            }
            None => "a decision is requested".to_owned(),
        },
        Kind::StrikeChained(e) => format!("{}'s strike goes on the chain (depth {})", c(&e.attacker), e.depth),
        Kind::DamagePrevented(e) if e.by.is_empty() => {
            format!("{} damage to {} is prevented", e.amount, c(&e.target))
        }
        Kind::DamagePrevented(e) => format!("{} prevents {} damage to {}", e.by, e.amount, c(&e.target)),
        Kind::PhaseChanged(e) => format!("turn {}, {}: {}", e.turn, p(e.active_player), phase_name(e.phase)),
        Kind::CreatureSummoned(e) => format!(
            "{} is summoned into {}{}",
            c(&e.creature),
            names.zone(e.zone.as_ref()),
            if e.face_down { " face-down" } else { "" }
        ),
        Kind::CardDrawn(e) => format!("{} draws a card", p(e.player)),
        Kind::CreatureStunned(e) => format!("{} is stunned", c(&e.creature)),
        Kind::StunRemoved(e) => format!("{}'s stun is removed", c(&e.creature)),
        Kind::WardRemoved(e) => format!("{}'s ward is discarded", c(&e.creature)),
        Kind::WardGained(e) => format!("{} gains a ward", c(&e.creature)),
        Kind::CreatureExhausted(e) => format!("{} is exhausted", c(&e.creature)),
        Kind::FightDeclared(e) => format!("{} fights {}", c(&e.attacker), c(&e.defender)),
        Kind::FightExchange(e) => format!(
            "exchange: {} sets {} pending damage on {}, {} sets {} on {}",
            c(&e.attacker),
            e.attacker_deals,
            c(&e.defender),
            c(&e.defender),
            e.defender_deals,
            c(&e.attacker)
        ),
        Kind::FightEnded(e) if e.exchanged => format!("the fight of {} and {} ends", c(&e.attacker), c(&e.defender)),
        Kind::FightEnded(e) => {
            format!("the fight of {} and {} ends without an exchange", c(&e.attacker), c(&e.defender))
        }
        Kind::CreatureTagged(e) => format!("{} is tagged for destruction", c(&e.creature)),
        Kind::Reaped(e) => format!("{} reaps", c(&e.creature)),
        Kind::DamagePending(e) => format!("{} sets {} pending damage on {}", c(&e.source), e.amount, c(&e.target)),
        Kind::CardReturned(e) if e.to == "hand" => format!("{} returns to the hand", names.card(&e.card)),
        Kind::AttackEnded(e) => format!("the attack ends with {} strength left", e.remaining),
        Kind::DamageMitigated(e) => format!("{} damage stopped by {}'s {}", e.amount, c(&e.target), e.layer),
        Kind::AttackDeclared(e) => {
            format!("{} attacks {} (strength {})", c(&e.attacker), c(&e.defender), e.strength)
        }
        Kind::ResponsePassed(e) => format!("{} passes", p(e.player)),
        Kind::AttackMissed(e) => format!("{}'s attack on {} fails: {}", c(&e.attacker), c(&e.defender), e.by),
        Kind::VesselDestroyed(e) => format!("{} is destroyed", c(&e.vessel)),
        Kind::PlayerOut(e) => format!("{} is out", p(e.player)),
        _ => unknown(),
    }
}

/// The board after resolution: a header line, then the ruleset's board.
pub fn render_board(state: &GameState, ui: &dyn Ui, style: Style) -> String {
    let ruleset = Ruleset::try_from(state.ruleset).map_or("RULESET_?", |r| r.as_str_name());
    let phase = Phase::try_from(state.phase).unwrap_or(Phase::Unspecified);
    let turn = if phase == Phase::Unspecified {
        "bare board".to_owned()
    } else {
        format!("turn {}, player {} active, {}", state.turn, state.active_player, phase.as_str_name())
    };
    let mut out = format!("{} {ruleset}, {turn}\n", style.paint("1", "board:"));
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
        (DecisionKind::Order, _) => "must choose which item resolves next (DECISION_KIND_ORDER)".to_owned(),
        (DecisionKind::Target, _) => match &subject {
            Some(a) => format!("must choose the creature ability {a} affects (DECISION_KIND_TARGET)"),
            None => "must choose a creature (DECISION_KIND_TARGET)".to_owned(),
        },
        _ => format!("must decide ({})", kind.as_str_name()),
    };
    let _ = writeln!(out, "{} player {} {what}", style.paint("1;33", "pending:"), pending.player);
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
        kind => format!("choose ({}) {options}", kind.as_str_name()),
    };
    if d.may_decline {
        text.push_str(" (or decline)");
    }
    text
}

/// A phase's proto name, `PHASE_?` when unknown.
pub fn phase_name(phase: i32) -> &'static str {
    Phase::try_from(phase).map_or("PHASE_?", |p| p.as_str_name())
}

/// `text` with every line indented by four spaces.
pub fn indent(text: &str) -> String {
    text.lines().map(|l| format!("    {l}\n")).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use fray_proto::fray::v1::{BlockerDetermined, DamageDealt, PlayerHpLost, Strike, StrikeDeclared, ZoneRef, event};

    fn ev(rule: &str, kind: event::Kind) -> Event {
        Event { rule: rule.into(), kind: Some(kind) }
    }

    #[test]
    fn one_line_per_event_with_rule_ids_in_a_column() {
        let events = vec![
            ev(
                "egame.strike.target",
                Kind::StrikeDeclared(StrikeDeclared {
                    attacker: "knight".into(),
                    target: Some(ZoneRef { player: 1, index: 3 }),
                }),
            ),
            ev(
                "egame.strike.block.passive",
                Kind::BlockerDetermined(BlockerDetermined {
                    attacker: "knight".into(),
                    blocker: Some("wolf".into()),
                    passive: true,
                }),
            ),
            ev(
                "egame.strike.damage",
                Kind::DamageDealt(DamageDealt { source: "knight".into(), target: "wolf".into(), amount: 2 }),
            ),
            ev("egame.strike.direct", Kind::PlayerHpLost(PlayerHpLost { player: 1, amount: 1 })),
        ];
        let text = render_events(&events, Style::default());
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], "egame.strike.target         knight strikes zone 1:3");
        assert_eq!(lines[1], "egame.strike.block.passive  wolf blocks knight (passive)");
        assert_eq!(lines[2], "egame.strike.damage         knight deals 2 damage to wolf");
        assert_eq!(lines[3], "egame.strike.direct         player 1 loses 1 HP");
    }

    #[test]
    fn a_turns_phase_changes_fold_into_one_line_or_none() {
        use fray_proto::fray::v1::{Phase, PhaseChanged};
        let phase = |turn, player, phase: Phase| {
            ev("skirmish.phase", Kind::PhaseChanged(PhaseChanged { turn, active_player: player, phase: phase as i32 }))
        };
        let events = vec![
            phase(1, 0, Phase::Draw),
            ev("skirmish.draw", Kind::CardDrawn(Default::default())),
            phase(2, 1, Phase::Begin),
            phase(2, 1, Phase::Event),
            phase(2, 1, Phase::Deployment),
        ];
        let each = render_events_phased(&events, Style::default(), &Ids, Phases::Each);
        assert_eq!(each.lines().count(), 5);
        let folded = render_events_phased(&events, Style::default(), &Ids, Phases::Folded);
        assert_eq!(
            folded,
            "skirmish.phase  turn 1, player 0: PHASE_DRAW\n\
             skirmish.draw   player 0 draws a card\n\
             skirmish.phase  turn 2, player 1: PHASE_BEGIN → PHASE_EVENT → PHASE_DEPLOYMENT\n"
        );
        let hidden = render_events_phased(&events, Style::default(), &Ids, Phases::Hidden);
        assert_eq!(hidden, "skirmish.draw  player 0 draws a card\n");
    }

    #[test]
    fn colour_only_when_asked() {
        let events = vec![ev("egame.chain", Kind::CardDrawn(Default::default()))];
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
