//! Where each player finished a game, and the score that follows from it: the one
//! measure of a result for two players and for more.
//!
//! The places: the winner first; then the players still in when the game ended (a
//! draw leaves everyone still in sharing the first place); then the players who went
//! out, the later out the better, players out on the same move sharing a place; a
//! player who forfeited last. A seat's **score** in a game is the share of the other
//! players it finished ahead of, a tie counting half. With two players that is the
//! usual 1 / ½ / 0; with more it is 1 for the winner, 0 for the first one out, and
//! 0.5 is even for any number of players. Scoring every pair of players of a game by
//! who finished ahead ([`Places::versus`]) gives the pairwise results that the
//! multi-player ratings are fitted on (docs/tournaments.md).

use fray_core::state::PlayerId;
use fray_core::{Event, EventKind, SharedEvent};

/// Each seat's place, 1 the best; equal places are ties.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Places {
    places: Vec<u8>,
}

/// How one seat's game ended, best last (the order places are given in).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Finish {
    Forfeited,
    /// Went out on this move.
    Out(u64),
    StillIn,
    Won,
}

impl Places {
    /// The places of a game of `out_at.len()` players: `winner` won (none for a draw
    /// or a forfeit), `out_at[i]` is the move after which seat `i` was out (`None`:
    /// still in), and `forfeited` lost by forfeit.
    pub fn new(winner: Option<usize>, out_at: &[Option<u64>], forfeited: Option<usize>) -> Places {
        let finish: Vec<Finish> = (0..out_at.len())
            .map(|seat| {
                if forfeited == Some(seat) {
                    Finish::Forfeited
                } else if winner == Some(seat) {
                    Finish::Won
                } else {
                    out_at[seat].map_or(Finish::StillIn, Finish::Out)
                }
            })
            .collect();
        let places = finish.iter().map(|mine| 1 + finish.iter().filter(|other| *other > mine).count() as u8).collect();
        Places { places }
    }

    /// The places of a game where nobody went out before the end: the winner first,
    /// the others sharing the next place (all tied for a draw).
    pub fn of_winner(players: usize, winner: Option<usize>) -> Places {
        Places::new(winner, &vec![None; players], None)
    }

    /// Places as written in a log (1 the best), checked: one per seat, each from 1 to
    /// the number of seats.
    pub fn from_places(places: &[u32]) -> Option<Places> {
        let n = places.len();
        (n >= 2 && places.iter().all(|&p| p >= 1 && p as usize <= n))
            .then(|| Places { places: places.iter().map(|&p| p as u8).collect() })
    }

    /// The number of players.
    pub fn players(&self) -> usize {
        self.places.len()
    }

    /// Seat `seat`'s place (1 the best); 0 for a seat beyond the game.
    pub fn place(&self, seat: usize) -> u8 {
        self.places.get(seat).copied().unwrap_or(0)
    }

    /// Every seat's place.
    pub fn as_slice(&self) -> &[u8] {
        &self.places
    }

    /// The seats sharing the first place, alone when one player won.
    pub fn first(&self) -> Vec<usize> {
        (0..self.players()).filter(|&s| self.places[s] == 1).collect()
    }

    /// 1 when seat `a` finished ahead of seat `b`, ½ for a tie, 0 behind.
    pub fn versus(&self, a: usize, b: usize) -> f64 {
        match self.place(a).cmp(&self.place(b)) {
            std::cmp::Ordering::Less => 1.0,
            std::cmp::Ordering::Equal => 0.5,
            std::cmp::Ordering::Greater => 0.0,
        }
    }

    /// Seat `seat`'s score: the share of the other players it finished ahead of, a
    /// tie counting half.
    pub fn score(&self, seat: usize) -> f64 {
        let others = self.players().saturating_sub(1).max(1);
        (0..self.players()).filter(|&o| o != seat).map(|o| self.versus(seat, o)).sum::<f64>() / others as f64
    }
}

/// Follows a game's events and notes the move each player went out on
/// (`PlayerOut`, in rulesets with more than two seats), for [`Places::new`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Eliminations {
    out_at: Vec<Option<u64>>,
}

impl Eliminations {
    /// Nobody out yet, in a game of `players` players.
    pub fn new(players: usize) -> Self {
        Self { out_at: vec![None; players] }
    }

    /// `player` went out on move `step` (a repeat keeps the first).
    pub fn out(&mut self, player: usize, step: u64) {
        if let Some(slot) = self.out_at.get_mut(player) {
            slot.get_or_insert(step);
        }
    }

    /// Notes every `PlayerOut` among the events of move `step`.
    pub fn note(&mut self, step: u64, events: &[Event]) {
        for e in events {
            if let EventKind::Shared(SharedEvent::PlayerOut { player: PlayerId(p) }) = e.kind {
                self.out(usize::from(p), step);
            }
        }
    }

    /// The move each seat went out on.
    pub fn out_at(&self) -> &[Option<u64>] {
        &self.out_at
    }

    /// The places of the game once over.
    pub fn places(&self, winner: Option<usize>, forfeited: Option<usize>) -> Places {
        Places::new(winner, &self.out_at, forfeited)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_players_score_one_half_and_nothing() {
        let won = Places::of_winner(2, Some(1));
        assert_eq!(won.as_slice(), &[2, 1]);
        assert_eq!((won.score(0), won.score(1)), (0.0, 1.0));
        let drawn = Places::of_winner(2, None);
        assert_eq!(drawn.as_slice(), &[1, 1]);
        assert_eq!(drawn.score(0), 0.5);
    }

    #[test]
    fn the_later_out_the_better_and_the_same_move_ties() {
        // Four players: seat 2 out on move 5, seats 0 and 3 on move 9, seat 1 wins.
        let p = Places::new(Some(1), &[Some(9), None, Some(5), Some(9)], None);
        assert_eq!(p.as_slice(), &[2, 1, 4, 2]);
        assert_eq!(p.score(1), 1.0);
        assert_eq!(p.score(2), 0.0);
        assert_eq!(p.score(0), (0.0 + 1.0 + 0.5) / 3.0);
        assert_eq!(p.versus(0, 3), 0.5);
        assert_eq!(p.first(), vec![1]);
        let total: f64 = (0..4).map(|s| p.score(s)).sum();
        assert!((total - 2.0).abs() < 1e-12, "scores of n players sum to n/2: {total}");
    }

    #[test]
    fn a_draw_shares_the_top_among_those_still_in() {
        let p = Places::new(None, &[None, Some(3), None], None);
        assert_eq!(p.as_slice(), &[1, 3, 1]);
        assert_eq!(p.first(), vec![0, 2]);
        assert_eq!(p.score(0), 0.75);
    }

    #[test]
    fn a_forfeit_is_last_even_behind_players_already_out() {
        let p = Places::new(None, &[Some(2), None, None, None], Some(3));
        assert_eq!(p.as_slice(), &[3, 1, 1, 4]);
        assert_eq!(p.score(3), 0.0);
    }

    #[test]
    fn eliminations_come_from_player_out_events() {
        let mut e = Eliminations::new(3);
        let out = |p: u8| Event {
            rule: "test.player_out",
            kind: EventKind::Shared(SharedEvent::PlayerOut { player: PlayerId(p) }),
        };
        e.note(4, &[out(2)]);
        e.note(7, &[out(2), out(0)]);
        assert_eq!(e.out_at(), &[Some(7), None, Some(4)]);
        assert_eq!(e.places(Some(1), None).as_slice(), &[2, 1, 3]);
    }

    #[test]
    fn logged_places_are_checked() {
        assert_eq!(Places::from_places(&[2, 1]).map(|p| p.score(1)), Some(1.0));
        assert!(Places::from_places(&[0, 1]).is_none());
        assert!(Places::from_places(&[1, 5, 2]).is_none());
        assert!(Places::from_places(&[1]).is_none());
    }
}
