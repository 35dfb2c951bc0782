//! Standings: per-pairing W/D/L and pentanomial pairs, per-bot totals and timings, the
//! SPRT's log-likelihood ratio, all updated one game at a time in log order.
//!
//! With more than two players a game counts, for every two bots in it, as a game
//! between them won by the one who finished ahead ([`Places::versus`]); a bot's W/D/L
//! is first place alone / first place shared / any other place, and its score the
//! mean share of the other players it finished ahead of.

use std::collections::BTreeMap;

use super::config::Config;
use super::log::GameRecord;
use crate::measure::MatchResult;
use crate::places::Places;
use crate::rating::{PairResult, Pentanomial, Sprt, SprtVerdict, Wdl};

/// One pairing's results, from its first bot's side.
#[derive(Debug, Clone, Default)]
pub struct PairingStats {
    /// The two bots (indices), `a` first.
    pub a: usize,
    /// The second bot.
    pub b: usize,
    /// Games, from `a`'s side (more than two players: who finished ahead).
    pub wdl: Wdl,
    /// Complete game pairs (same opening, sides swapped), from `a`'s side.
    pub pairs: Pentanomial,
    /// Complete pairs split one-one: each bot won the game in which it sat in the
    /// same seat, so the seat, not the bots, decided them (two players only).
    pub seat_split: u64,
    /// `a`'s score in the first game of a pair still waiting for its second.
    open: Option<(u32, f64)>,
}

/// One bot's totals.
#[derive(Debug, Clone, Default)]
pub struct BotStats {
    /// All its games: first place alone, shared, or not first.
    pub wdl: Wdl,
    /// Its games' scores summed.
    pub points: f64,
    /// Games it lost by forfeit.
    pub forfeits: u64,
    /// Thinking time over all its games, ms.
    pub think_ms: u64,
    /// Its moves.
    pub moves: u64,
    /// Its longest move, ms.
    pub max_move_ms: u64,
}

impl BotStats {
    /// Its mean score, 0 to 1 (0 before any game).
    pub fn score(&self) -> f64 {
        let games = self.wdl.games();
        if games == 0 { 0.0 } else { self.points / games as f64 }
    }
}

/// Everything counted so far.
#[derive(Debug, Clone)]
pub struct Standings {
    /// Bot names.
    pub names: Vec<String>,
    /// Per pairing, in schedule order.
    pub pairings: Vec<PairingStats>,
    /// Per bot.
    pub bots: Vec<BotStats>,
    /// Games counted.
    pub games: u64,
    /// Every game from seat 0's side (the player who moves first).
    pub seat0: Wdl,
    /// Each seat's scores over every game, seat 0 first.
    pub seats: Vec<MatchResult>,
    /// Bots seated at each game.
    pub players_per_game: usize,
    /// With more than two players: each game's pairwise results, by game number, the
    /// blocks the rating intervals resample.
    pub blocks: BTreeMap<u64, Vec<PairResult>>,
    /// The forfeits: game number, bot name, reason.
    pub forfeits: Vec<(u64, String, String)>,
    /// The test, when one was asked for.
    pub sprt: Option<Sprt>,
}

/// The SPRT's state.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SprtState {
    /// The log-likelihood ratio.
    pub llr: f64,
    /// Accept H0 at or below this.
    pub lower: f64,
    /// Accept H1 at or above this.
    pub upper: f64,
    /// What it says.
    pub verdict: SprtVerdict,
}

impl Standings {
    /// Empty standings for `config` (already checked by `Config::players`).
    pub fn new(config: &Config) -> Self {
        let pairings =
            config.pairings().into_iter().map(|(a, b)| PairingStats { a, b, ..PairingStats::default() }).collect();
        let sprt = config.sprt.and_then(|s| Sprt::new(s.elo0, s.elo1, s.alpha, s.beta).ok());
        Self {
            names: config.bots.clone(),
            pairings,
            bots: vec![BotStats::default(); config.bots.len()],
            games: 0,
            seat0: Wdl::default(),
            seats: vec![MatchResult::default(); config.players_per_game as usize],
            players_per_game: config.players_per_game as usize,
            blocks: BTreeMap::new(),
            forfeits: Vec::new(),
            sprt,
        }
    }

    /// Counts one game.
    pub fn add(&mut self, r: &GameRecord) {
        self.games += 1;
        let places = r.places();
        let seats: Vec<usize> = r.seats.iter().map(|&s| s as usize).collect();
        self.seat0.add(wdl_of(places.score(0)));
        for (seat, tally) in self.seats.iter_mut().enumerate().take(seats.len()) {
            tally.add(places.score(seat));
        }
        let moves = r.actions.len() as u64;
        for (seat, &bot) in seats.iter().enumerate() {
            let Some(stats) = self.bots.get_mut(bot) else { continue };
            stats.wdl.add(finish(&places, seat));
            stats.points += places.score(seat);
            stats.think_ms += r.run.think_ms.get(seat).copied().unwrap_or(0);
            stats.max_move_ms = stats.max_move_ms.max(r.run.max_move_ms.get(seat).copied().unwrap_or(0));
            // Two-player logs: seat 0 moves first, so it makes the odd move out.
            stats.moves += match r.run.moves.get(seat) {
                Some(&m) => m,
                None if seat == 0 => moves.div_ceil(2),
                None => moves / 2,
            };
        }
        if let Some(f) = &r.forfeit {
            let bot = r.seats.get(f.seat as usize).map(|&b| b as usize);
            if let Some(stats) = bot.and_then(|b| self.bots.get_mut(b)) {
                stats.forfeits += 1;
            }
            let name = r.players.get(f.seat as usize).cloned().unwrap_or_default();
            self.forfeits.push((r.game, name, f.reason.clone()));
        }
        let two = seats.len() == 2;
        let mut block = Vec::new();
        for i in 0..seats.len() {
            for j in i + 1..seats.len() {
                // From the lower bot index's side, as the pairings are kept.
                let (lo, hi) = if seats[i] < seats[j] { (i, j) } else { (j, i) };
                let (a, b) = (seats[lo], seats[hi]);
                let score = places.versus(lo, hi);
                block.push(PairResult { a, b, wdl: wdl_of(score) });
                let Some(p) = self.pairings.iter_mut().find(|p| (p.a, p.b) == (a, b)) else { continue };
                p.wdl.add(wdl_of(score));
                if !two {
                    continue;
                }
                match p.open.take() {
                    Some((round, first)) if round == r.round => {
                        p.pairs.add_pair(first, score);
                        // One win each: a sat in a different seat in each game, so the
                        // same seat won both.
                        p.seat_split += u64::from(first + score == 1.0 && first != 0.5);
                    }
                    _ => p.open = Some((r.round, score)),
                }
            }
        }
        if !two {
            self.blocks.insert(r.game, block);
        }
    }

    /// Complete pairs over every pairing, and how many of them the seat split.
    pub fn seat_split_pairs(&self) -> (u64, u64) {
        self.pairings.iter().fold((0, 0), |(pairs, split), p| (pairs + p.pairs.pairs(), split + p.seat_split))
    }

    /// The SPRT on the (single) pairing's complete pairs.
    pub fn sprt_state(&self) -> Option<SprtState> {
        let sprt = self.sprt?;
        let pairs = self.pairings.first()?.pairs;
        let llr = sprt.llr(&pairs);
        let (lower, upper) = sprt.bounds();
        Some(SprtState { llr, lower, upper, verdict: sprt.verdict(llr) })
    }

    /// The SPRT has decided.
    pub fn sprt_decided(&self) -> bool {
        self.sprt_state().is_some_and(|s| s.verdict != SprtVerdict::Continue)
    }

    /// A one-line summary for the progress display: the score of a two-bot match, or
    /// the leader of a larger field.
    pub fn summary(&self) -> String {
        if let [p] = self.pairings.as_slice() {
            let points = p.wdl.wins as f64 + 0.5 * p.wdl.draws as f64;
            let lost = p.wdl.losses as f64 + 0.5 * p.wdl.draws as f64;
            let mut text = format!("{} {points}–{lost} {}", self.names[p.a], self.names[p.b]);
            if let Some(s) = self.sprt_state() {
                text.push_str(&format!(", LLR {:.2} [{:.2}, {:.2}]", s.llr, s.lower, s.upper));
            }
            return text;
        }
        let leader = self
            .bots
            .iter()
            .enumerate()
            .filter(|(_, b)| b.wdl.games() > 0)
            .max_by(|(_, x), (_, y)| x.score().total_cmp(&y.score()));
        match leader {
            Some((i, b)) => format!("leader {} {:.1}%", self.names[i], 100.0 * b.score()),
            None => String::new(),
        }
    }
}

/// First place alone (a win), shared (a draw), or not first (a loss).
fn finish(places: &Places, seat: usize) -> Wdl {
    let first = places.first();
    wdl_of(if !first.contains(&seat) {
        0.0
    } else if first.len() == 1 {
        1.0
    } else {
        0.5
    })
}

fn wdl_of(score: f64) -> Wdl {
    if score >= 1.0 {
        Wdl { wins: 1, draws: 0, losses: 0 }
    } else if score <= 0.0 {
        Wdl { wins: 0, draws: 0, losses: 1 }
    } else {
        Wdl { wins: 0, draws: 1, losses: 0 }
    }
}

#[cfg(test)]
mod tests {
    use super::super::config::{SprtConfig, sample};
    use super::super::log::{Forfeit, RunInfo};
    use super::*;

    fn config(bots: &[&str]) -> Config {
        sample(bots, 4)
    }

    fn game(game: u64, round: u32, seats: [u32; 2], winner: Option<u32>) -> GameRecord {
        let players = seats.iter().map(|s| format!("bot{s}")).collect();
        GameRecord {
            turns: 5,
            actions: vec![serde_json::Value::Null; 5],
            run: RunInfo { ms: 10, think_ms: vec![4, 2], max_move_ms: vec![2, 1], moves: Vec::new() },
            ..GameRecord::sample(game, round, &seats, players, winner)
        }
    }

    #[test]
    fn a_multi_player_game_counts_for_every_two_bots_by_who_finished_ahead() {
        let mut c = config(&["a", "b", "c", "d"]);
        c.players_per_game = 3;
        c.games_per_pairing = 6;
        let mut s = Standings::new(&c);
        // Seats: c, a, b; a wins, then b, and c went out first.
        let record = GameRecord {
            seats: vec![2, 0, 1],
            players: vec!["c".into(), "a".into(), "b".into()],
            winner: Some(1),
            places: vec![3, 1, 2],
            result: "places 3 1 2".into(),
            run: RunInfo { ms: 9, think_ms: vec![1, 2, 3], max_move_ms: vec![1, 1, 1], moves: vec![4, 3, 3] },
            ..game(0, 0, [0, 1], Some(1))
        };
        s.add(&record);
        let pair = |a: usize, b: usize| s.pairings.iter().find(|p| (p.a, p.b) == (a, b)).unwrap().wdl;
        assert_eq!(pair(0, 1), Wdl { wins: 1, draws: 0, losses: 0 });
        assert_eq!(pair(0, 2), Wdl { wins: 1, draws: 0, losses: 0 });
        assert_eq!(pair(1, 2), Wdl { wins: 1, draws: 0, losses: 0 });
        assert_eq!(pair(0, 3), Wdl::default(), "d did not play");
        assert_eq!((s.bots[0].score(), s.bots[1].score(), s.bots[2].score()), (1.0, 0.5, 0.0));
        assert_eq!(s.bots[1].wdl, Wdl { wins: 0, draws: 0, losses: 1 }, "second is not first");
        assert_eq!((s.bots[2].moves, s.bots[2].think_ms), (4, 1));
        assert_eq!(s.seats.iter().map(|t| t.score().0).collect::<Vec<_>>(), [0.0, 1.0, 0.5]);
        assert_eq!(s.blocks.get(&0).map(Vec::len), Some(3));
        assert_eq!(s.seat_split_pairs(), (0, 0), "no pentanomial pairs with three players");
        assert!(s.summary().starts_with("leader a 100.0%"), "{}", s.summary());
    }

    #[test]
    fn games_count_per_pairing_per_bot_and_in_pairs() {
        let mut s = Standings::new(&config(&["a", "b"]));
        s.add(&game(0, 0, [0, 1], Some(0))); // a wins
        s.add(&game(1, 0, [1, 0], None)); // draw: pair 1.5 for a
        s.add(&game(2, 1, [0, 1], Some(1))); // b wins
        let p = &s.pairings[0];
        assert_eq!(p.wdl, Wdl { wins: 1, draws: 1, losses: 1 });
        assert_eq!(p.pairs.counts, [0, 0, 0, 1, 0]);
        assert_eq!(s.bots[1].wdl, Wdl { wins: 1, draws: 1, losses: 1 });
        assert_eq!(s.bots[0].moves, 3 + 2 + 3);
        assert_eq!(s.bots[0].think_ms, 4 + 2 + 4);
        assert_eq!(s.summary(), "a 1.5–1.5 b");
        assert_eq!(s.seat0, Wdl { wins: 1, draws: 1, losses: 1 });
        assert_eq!(s.seat_split_pairs(), (1, 0), "a drawn game is no seat split");
    }

    #[test]
    fn pairs_won_by_the_same_seat_are_seat_splits() {
        let mut s = Standings::new(&config(&["a", "b"]));
        s.add(&game(0, 0, [0, 1], Some(0))); // a wins in seat 0
        s.add(&game(1, 0, [1, 0], Some(0))); // b wins in seat 0: split by the seat
        s.add(&game(2, 1, [0, 1], Some(0))); // a wins in seat 0
        s.add(&game(3, 1, [1, 0], Some(1))); // a wins in seat 1: a won the pair
        s.add(&game(4, 2, [0, 1], Some(1))); // an open pair counts for nothing yet
        assert_eq!(s.seat_split_pairs(), (2, 1));
        assert_eq!(s.seat0, Wdl { wins: 3, draws: 0, losses: 2 });
    }

    #[test]
    fn forfeits_are_listed_with_the_bot() {
        let mut s = Standings::new(&config(&["a", "b", "c"]));
        let mut g = game(0, 0, [2, 0], Some(1));
        g.forfeit = Some(Forfeit { seat: 0, reason: "panicked: boom".into() });
        s.add(&g);
        assert_eq!(s.bots[2].forfeits, 1);
        assert_eq!(s.forfeits, vec![(0, "bot2".to_owned(), "panicked: boom".to_owned())]);
        assert_eq!(s.pairings[1].wdl, Wdl { wins: 1, draws: 0, losses: 0 });
        assert!(s.summary().starts_with("leader a"));
    }

    #[test]
    fn a_lopsided_match_ends_the_sprt() {
        let mut c = config(&["a", "b"]);
        c.sprt = Some(SprtConfig { elo0: 0.0, elo1: 50.0, alpha: 0.05, beta: 0.05 });
        let mut s = Standings::new(&c);
        let mut n = 0;
        while !s.sprt_decided() && n < 400 {
            let round = (n / 2) as u32;
            // a wins three pairs of four outright, the fourth is split.
            let a_wins_both = !round.is_multiple_of(4);
            let seats = if n % 2 == 0 { [0, 1] } else { [1, 0] };
            let a_seat = if n % 2 == 0 { 0 } else { 1 };
            let winner = if a_wins_both || n % 2 == 0 { a_seat } else { 1 - a_seat };
            s.add(&game(n, round, seats, Some(winner)));
            n += 1;
        }
        let state = s.sprt_state().unwrap();
        assert_eq!(state.verdict, SprtVerdict::AcceptH1, "{state:?} after {n} games");
        assert!(n < 100, "took {n} games");
    }
}
