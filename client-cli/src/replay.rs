//! `fray replay`: a game recorded by `fray play` ([`crate::replay_file`]) played again
//! against a server, every action checked to give the recorded events.

use std::io::Write;
use std::path::PathBuf;

use fray_proto::fray::v1::Event;

use crate::embedded::ServerHandle;
use crate::error::{CliError, render_status, stdout_error};
use crate::replay_file::{Loaded, Outs, SeatKind, load, outcome, seats as seats_of, unworded};
use crate::rulesets;
use crate::tls::TlsArgs;
use crate::trace::{self, Phases, Telling, indent};
use crate::ui::{Namer, Seats, Seen, Style, ruleset_title};
use fray_client::table::{StepError, Table};
use fray_tournament::proto_json::{self as json, EVENT_MESSAGE};

/// Where `replayed` first differs from `recorded`, in words (events told with `names`).
/// What happened is compared, not its words (`text`, which a server sends when asked
/// and another version may word otherwise).
pub fn first_difference(recorded: &[Event], replayed: &[Event], names: &dyn Namer) -> Option<String> {
    let show = |event: &Event| format!("{}: {}", event.rule, trace::describe_with(event, names));
    for (i, (a, b)) in recorded.iter().zip(replayed).enumerate() {
        if unworded(a) != unworded(b) {
            let (sa, sb) = (show(a), show(b));
            // Words tell the difference only when both events have them and they differ.
            let detail = if sa == sb || a.text.is_empty() || b.text.is_empty() {
                let js = |e: &Event| {
                    json::to_value(&unworded(e), EVENT_MESSAGE).map_or_else(|e| e.to_string(), |v| v.to_string())
                };
                format!("recorded {}, replayed {}", js(a), js(b))
            } else {
                format!("recorded `{sa}`, replayed `{sb}`")
            };
            return Some(format!("event {} differs: {detail}", i + 1));
        }
    }
    match recorded.len().cmp(&replayed.len()) {
        std::cmp::Ordering::Equal => None,
        std::cmp::Ordering::Less => Some(format!(
            "{} events recorded, {} replayed; the first extra one is `{}`",
            recorded.len(),
            replayed.len(),
            show(&replayed[recorded.len()])
        )),
        std::cmp::Ordering::Greater => Some(format!(
            "{} events recorded, {} replayed; the first missing one is `{}`",
            recorded.len(),
            replayed.len(),
            show(&recorded[replayed.len()])
        )),
    }
}

/// What `fray replay` was asked to do.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReplayArgs {
    /// The replay file.
    pub file: PathBuf,
    /// A remote server; `None` starts an embedded one.
    pub server: Option<String>,
    /// TLS for an `https://` server.
    pub tls: TlsArgs,
    /// Print only the verdict.
    pub quiet: bool,
    /// Lead each event with its rule id.
    pub verbose: bool,
}

/// Runs `fray replay`: prints the game step by step (unless quiet) to `out`, then
/// `replay OK: N actions, result ...`; a divergence is [`CliError::ReplayDiffers`]
/// naming the first step that differs.
pub async fn run(args: &ReplayArgs, style: Style, out: &mut dyn Write) -> Result<(), CliError> {
    let loaded = load(&args.file)?;
    if loaded.replay.remote && loaded.replay.sealed_for.is_some() && args.server.is_none() {
        return Err(CliError::Usage(format!(
            "{}: a remote server dealt this sealed game, from its seed and a secret of its sealing key: check it \
             against that server, or one sharing its key file, with --server URL",
            args.file.display()
        )));
    }
    let server = ServerHandle::start(args.server.as_deref(), &args.tls).await?;
    let result = verify(&loaded, &server, Shown { quiet: args.quiet, verbose: args.verbose, style }, out).await;
    server.finish(result).await
}

fn write_out(out: &mut dyn Write, text: &str) -> Result<(), CliError> {
    out.write_all(text.as_bytes()).and_then(|()| out.flush()).map_err(|e| stdout_error(&e))
}

/// What `fray replay` shows of the game.
#[derive(Debug, Clone, Copy)]
struct Shown {
    /// Only the verdict.
    quiet: bool,
    /// Each event's rule id.
    verbose: bool,
    style: Style,
}

async fn verify(loaded: &Loaded, server: &ServerHandle, shown: Shown, out: &mut dyn Write) -> Result<(), CliError> {
    let Shown { quiet, verbose, style } = shown;
    let replay = &loaded.replay;
    let players = (replay.seats.len() as u32).max(2);
    let seats = seats_of(replay).unwrap_or(Seats { human: 0, players });
    let ui = rulesets::ui(loaded.ruleset as i32);
    // A game on whole states shows everything; a sealed one what the person saw.
    let seen = Some(Seen { seats, reveal_all: replay.sealed_for.is_none() });
    let (mut table, setup) = Table::deal(loaded, server.channel().await?, seats.words(), seats.players).await?;
    let raw = ui.names(None, &[], &[]);
    if let Some(diff) = first_difference(&loaded.setup, &setup, &*raw) {
        // A sealed game is dealt from its seed and the server's sealing key: another key
        // deals another game.
        let key = if replay.sealed_for.is_some() {
            " (a sealed game deals again only on the server that dealt it, or one sharing its key file)"
        } else {
            ""
        };
        return Err(CliError::ReplayDiffers(format!("the replay differs at the setup (NewGame): {diff}{key}")));
    }
    let telling = Telling { phases: Phases::Each, rule_ids: verbose, ruleset: loaded.ruleset as i32 };
    let mut outs = Outs::new(seats.players);
    if !quiet {
        write_out(out, &style.paint(Style::BOLD, &header(loaded, seats)))?;
        let names = ui.names(seen, &[table.state()], &setup);
        write_out(out, &indent(&trace::render_events_told(&setup, style, &*names, telling)))?;
    }
    for (i, (action, recorded)) in loaded.steps.iter().enumerate() {
        let n = i + 1;
        let before = table.state().clone();
        let what = action.as_ref().map_or_else(|| "its move".to_owned(), |a| ui.action_text(&before, a, seats, true));
        let player = replay.steps[i].player;
        let mover = table.mover()?;
        if mover != Some(player) {
            let now = mover.map_or_else(|| "nobody (the game is over)".to_owned(), |p| seats.player(p));
            return Err(CliError::ReplayDiffers(format!(
                "the replay differs at step {n} ({what}): recorded as {}'s move, but {now} is to move",
                seats.player(player)
            )));
        }
        let events = match table.step(player, action.as_ref()).await {
            Ok(events) => events,
            Err(why) => {
                let why = match why {
                    StepError::Status(status) => format!("the server refused the action: {}", render_status(&status)),
                    StepError::NoAction => "the record has no action for it".to_owned(),
                };
                return Err(CliError::ReplayDiffers(format!("the replay differs at step {n} ({what}): {why}")));
            }
        };
        if let Some(diff) = first_difference(recorded, &events, &*raw) {
            return Err(CliError::ReplayDiffers(format!(
                "the replay differs at step {n} ({}: {what}): {diff}",
                seats.player(player)
            )));
        }
        if !quiet {
            let names = ui.names(seen, &[&before, table.state()], &events);
            let line = format!("step {n}  {}: {what}\n", seats.player(player));
            write_out(out, &style.paint(Style::BOLD, &line))?;
            write_out(out, &indent(&trace::render_events_told(&events, style, &*names, telling)))?;
        }
        outs.note(i as u64, before.turn, &events);
    }
    let recorded = &replay.result;
    if let Some(seat) = recorded.resigned {
        // A resigned game ends on the board still going.
        if table.mover()?.is_none() {
            return Err(CliError::ReplayDiffers(format!(
                "the replay differs at the end: recorded as resigned by {} on turn {}, but the game is over",
                seats.player(seat),
                recorded.turn
            )));
        }
        outs.resign(seat);
    }
    let reached = outcome(table.state(), seats, &outs);
    if (reached.over, reached.winner, reached.turn) != (recorded.over, recorded.winner, recorded.turn) {
        return Err(CliError::ReplayDiffers(format!(
            "the replay differs at the end: recorded {} on turn {}, replayed {} on turn {}",
            recorded.text, recorded.turn, reached.text, reached.turn
        )));
    }
    write_out(
        out,
        &format!("replay OK: {} actions, result: {} on turn {}\n", loaded.steps.len(), reached.text, reached.turn),
    )
}

/// The first line `fray replay` prints: the game, its seed, who sat where.
fn header(loaded: &Loaded, seats: Seats) -> String {
    let replay = &loaded.replay;
    let bots: Vec<String> = replay
        .seats
        .iter()
        .filter(|s| s.kind == SeatKind::Bot)
        .map(|s| format!("player {} bot ({})", s.player, s.difficulty.as_deref().unwrap_or("?")))
        .collect();
    let sealed = if replay.sealed_for.is_some() { ", as the person saw it" } else { "" };
    format!(
        "replay: {} {}, seed {}, player {} human vs {}, {} steps{sealed}\n",
        ruleset_title(loaded.ruleset as i32),
        replay.scenario,
        replay.seed,
        seats.human,
        bots.join(", "),
        loaded.steps.len()
    )
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use super::*;
    use crate::ui::Ids;
    use fray_proto::fray::v1::{CardDrawn, PlayerHpLost, event};

    fn ev(rule: &str, kind: event::Kind) -> Event {
        Event { rule: rule.into(), kind: Some(kind), ..Default::default() }
    }

    fn worded(event: Event, text: &str) -> Event {
        Event { text: text.into(), ..event }
    }

    #[test]
    fn the_first_difference_is_named() {
        let a = worded(ev("skirmish.draw", event::Kind::CardDrawn(CardDrawn { player: 1 })), "player 1 draws a card");
        let hp = event::Kind::PlayerHpLost(PlayerHpLost { player: 0, amount: 1 });
        let b = worded(ev("egame.strike.direct", hp), "player 0 loses 1 HP");
        assert_eq!(first_difference(&[a.clone(), b.clone()], &[a.clone(), b.clone()], &Ids), None);
        // What happened is compared, not its words.
        let reworded = worded(b.clone(), "player 0 drops to 5 HP");
        assert_eq!(first_difference(&[a.clone(), b.clone()], &[a.clone(), reworded], &Ids), None);
        assert_eq!(
            first_difference(&[a.clone(), b.clone()], &[a.clone(), a.clone()], &Ids).unwrap(),
            "event 2 differs: recorded `egame.strike.direct: player 0 loses 1 HP`, \
             replayed `skirmish.draw: player 1 draws a card`"
        );
        assert_eq!(
            first_difference(std::slice::from_ref(&a), &[a.clone(), b.clone()], &Ids).unwrap(),
            "1 events recorded, 2 replayed; the first extra one is `egame.strike.direct: player 0 loses 1 HP`"
        );
        assert!(first_difference(&[a.clone(), b], &[a], &Ids).unwrap().contains("the first missing one"));
    }
}
