//! The replay file of a `fray play` game (its format and record are the client
//! library's, [`fray_client::record`]), and its result told in words from the person's
//! seat.

use std::path::Path;

use fray_proto::fray::v1::{GameState, Phase};

use crate::error::CliError;
use crate::rulesets::{proto_names, ruleset_named};
use crate::ui::Seats;
pub use fray_client::record::{FORMAT, Loaded, Outcome, Outs, Replay, Seat, SeatKind, Step, VERSION, new_path};
pub use fray_client::sealed::unworded;

/// Reads and checks the replay in `path` (its ruleset by any name this CLI knows).
pub fn load(path: &Path) -> Result<Loaded, CliError> {
    let ruleset = |name: &str| ruleset_named(name).ok_or_else(proto_names);
    Ok(fray_client::record::load(path, &ruleset)?)
}

/// The person's seat and the table, when one seat of `replay` was a person.
pub fn seats(replay: &Replay) -> Option<Seats> {
    replay.person().map(|(human, players)| Seats { human, players })
}

/// How `state` stands, named from `seats`; `outs` says who went out when (and who
/// resigned).
pub fn outcome(state: &GameState, seats: Seats, outs: &Outs) -> Outcome {
    if let Some(seat) = outs.resigned() {
        let places = outs.places(None);
        let first = places.first();
        let winner = (first.len() == 1).then(|| first[0] as u32);
        let text = match winner {
            Some(w) if seats.players == 2 => format!("you resigned: the bot wins (player {w})"),
            _ => format!("you resigned: {}", words(outs, seats, winner)),
        };
        return Outcome { over: true, winner, turn: state.turn, text, resigned: Some(seat) };
    }
    let over = state.phase == Phase::GameOver as i32;
    let winner = if over { state.winner } else { None };
    let text = match (over, winner) {
        (false, _) => "unfinished".to_owned(),
        _ if seats.players > 2 => words(outs, seats, winner),
        (true, Some(w)) => format!("{} wins", seats.player(w)),
        (true, None) => "a draw".to_owned(),
    };
    Outcome { over, winner, turn: state.turn, text, resigned: None }
}

/// Where each seat finished, in words from the person's seat: the winner, or who
/// shares a draw, then everyone else by place, e.g. `a draw between bot 1 and bot
/// 2; you finished 3rd of 3 (out on turn 60)`.
pub fn words(outs: &Outs, seats: Seats, winner: Option<u32>) -> String {
    let places = outs.places(winner);
    let n = places.players();
    let first = places.first();
    let name = |s: usize| seats.name(s as u32);
    let mut text = match winner {
        Some(w) if seats.is_human(w) => format!("you win (player {w})"),
        Some(w) => format!("{} wins (player {w})", name(w as usize)),
        None if outs.resigned().is_some() => {
            format!("{} win", and_list(&first.iter().map(|&s| name(s)).collect::<Vec<_>>()))
        }
        None if first.len() == n => "a draw".to_owned(),
        None => format!("a draw between {}", and_list(&first.iter().map(|&s| name(s)).collect::<Vec<_>>())),
    };
    let mut rest: Vec<usize> = (0..n).filter(|s| !first.contains(s)).collect();
    rest.sort_by_key(|&s| (places.place(s), s));
    let rest: Vec<String> = rest
        .into_iter()
        .map(|s| {
            let out = outs.out_on(s).map_or_else(String::new, |t| format!(" (out on turn {t})"));
            let of = if seats.is_human(s as u32) { format!(" of {n}") } else { String::new() };
            format!("{} finished {}{of}{out}", name(s), ordinal(places.place(s)))
        })
        .collect();
    if !rest.is_empty() {
        text.push_str("; ");
        text.push_str(&rest.join(", "));
    }
    text
}

/// `a`, `a and b`, `a, b and c`.
fn and_list(names: &[String]) -> String {
    match names.split_last() {
        Some((last, init)) if !init.is_empty() => format!("{} and {last}", init.join(", ")),
        Some((last, _)) => last.clone(),
        None => String::new(),
    }
}

/// `1st`, `2nd`, `3rd`, `4th`.
fn ordinal(place: u8) -> String {
    let suffix = match place {
        1 => "st",
        2 => "nd",
        3 => "rd",
        _ => "th",
    };
    format!("{place}{suffix}")
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use super::*;
    use fray_proto::fray::v1::{Event, event};

    fn ev(rule: &str, kind: event::Kind) -> Event {
        Event { rule: rule.into(), kind: Some(kind), ..Default::default() }
    }

    #[test]
    fn a_player_out_before_a_draw_reads_last_not_a_draw() {
        let out = |p| ev("x.player_out", event::Kind::PlayerOut(fray_proto::fray::v1::PlayerOut { player: p }));
        let over = |winner| GameState { phase: Phase::GameOver as i32, turn: 60, winner, ..Default::default() };
        // The reported game: on turn 60 a bot destroys the person's last vessel, then
        // the turn limit draws the game between the two bots.
        let mut outs = Outs::new(3);
        outs.note(211, 60, &[out(0)]);
        let three = Seats { human: 0, players: 3 };
        assert_eq!(outs.places(None).as_slice(), [3, 1, 1]);
        let text = outcome(&over(None), three, &outs).text;
        assert_eq!(text, "a draw between bot 1 and bot 2; you finished 3rd of 3 (out on turn 60)");
        // The person still in shares the draw; a bot out earlier finished below.
        let mut outs = Outs::new(3);
        outs.note(40, 12, &[out(2)]);
        assert_eq!(words(&outs, three, None), "a draw between you and bot 1; bot 2 finished 3rd (out on turn 12)");
        // Nobody out: everyone shares it.
        assert_eq!(words(&Outs::new(3), three, None), "a draw");
        // Four players, a winner: the rest by the order they went out.
        let mut outs = Outs::new(4);
        outs.note(10, 4, &[out(3)]);
        outs.note(30, 9, &[out(0), out(1)]);
        let four = Seats { human: 0, players: 4 };
        assert_eq!(
            words(&outs, four, Some(2)),
            "bot 2 wins (player 2); you finished 2nd of 4 (out on turn 9), bot 1 finished 2nd (out on turn 9), \
             bot 3 finished 4th (out on turn 4)"
        );
        // The person resigns: last, whoever else is out; two players: the bot wins.
        let mut outs = Outs::new(3);
        outs.note(40, 12, &[out(2)]);
        outs.resign(0);
        let mid = GameState { turn: 30, ..Default::default() };
        let resigned = outcome(&mid, three, &outs);
        assert_eq!((resigned.over, resigned.winner, resigned.resigned), (true, Some(1), Some(0)));
        assert_eq!(
            resigned.text,
            "you resigned: bot 1 wins (player 1); bot 2 finished 2nd (out on turn 12), you finished 3rd of 3"
        );
        let mut two = Outs::new(2);
        two.resign(0);
        assert_eq!(outcome(&mid, Seats::two(0), &two).text, "you resigned: the bot wins (player 1)");
        // Two players keep their words.
        assert_eq!(outcome(&over(Some(1)), Seats::two(0), &Outs::new(2)).text, "player 1 (bot) wins");
    }
}
