//! The prompt's commands that are not a move: `hint`, `why`, `log`, `undo`, `resign`
//! and `save`.

use std::fmt::Write as _;

use fray_client::undo::UndoError;
use fray_proto::fray::v1::{Action, ActionStat};

use super::input::Read;
use super::{Ending, HINT_SALT, Session};
use crate::error::CliError;
use crate::trace::{self, Phases, Telling, indent};
use crate::ui::{Seen, Style};

/// A search's mean reward for the person as a chance to win, in percent: two players
/// reward a win 1 and a loss -1 (a draw half way), more players a win 1 and anything
/// else 0.
pub fn win_chance(mean_reward: f64, players: u32) -> u32 {
    let chance = if players > 2 { mean_reward } else { (mean_reward + 1.0) / 2.0 };
    (chance.clamp(0.0, 1.0) * 100.0).round() as u32
}

impl Session<'_> {
    /// What the person types for `action` (its words aside): its key (`e`, `n`) or its
    /// menu number; nothing when it is not listed.
    fn number(legal: &[Action], action: &Action) -> String {
        if let Some(key) = crate::ui::key(action) {
            return key.to_owned();
        }
        let bare = |a: &Action| Action { text: String::new(), ..a.clone() };
        legal.iter().position(|a| bare(a) == bare(action)).map_or_else(String::new, |i| format!("{}", i + 1))
    }

    /// `hint`: the bot's choice in the person's place with its chance to win, and the
    /// top few moves with theirs; `stats` adds the search's statistics.
    pub(super) async fn hint(&mut self, legal: &[Action], stats: bool) -> Result<String, CliError> {
        self.thinking(true)?;
        let answer = self.game.search(self.seats.human, HINT_SALT).await;
        self.thinking(false)?;
        let answer = answer?;
        let action = answer.action.ok_or_else(|| CliError::Server("ChooseAction answered no hint".to_owned()))?;
        let mut sorted: Vec<&ActionStat> = answer.stats.iter().collect();
        sorted.sort_by_key(|s| std::cmp::Reverse(s.visits));
        let players = self.seats.players;
        let chance = |s: &ActionStat| format!("about {}% to win", win_chance(s.mean_reward, players));
        let odds = sorted.iter().find(|s| s.action.as_ref() == Some(&action)).map(|s| format!(" ({})", chance(s)));
        let what = self.ui.action_text(self.state(), &action, self.seats, false);
        let head = format!("hint: play {} — {what}{}\n", Self::number(legal, &action), odds.unwrap_or_default());
        let mut text = self.style.paint(Style::BOLD, &head);
        if sorted.is_empty() {
            // The Agent searches only when there is a choice.
            text.push_str("  (no search: there was only one move to make)\n");
        } else if stats {
            text.push_str(&self.stats_text(&sorted, legal));
        } else {
            for s in sorted.iter().take(3) {
                let Some(action) = &s.action else { continue };
                let number = Self::number(legal, action);
                let what = self.ui.action_text(self.state(), action, self.seats, false);
                let _ = writeln!(text, "  {number:>4}  {:<17}  {what}", chance(s));
            }
        }
        Ok(text)
    }

    /// `hint --stats`: the top actions of the person's search, by visits, with their
    /// menu numbers, visits and mean rewards.
    fn stats_text(&self, sorted: &[&ActionStat], legal: &[Action]) -> String {
        let range = if self.seats.players > 2 { "[0, 1]" } else { "[-1, 1]" };
        let mut out = format!("  ({} playouts, mean reward in {range} for you)\n", self.args.difficulty.playouts());
        for s in sorted.iter().take(5) {
            let Some(action) = &s.action else { continue };
            let number = Self::number(legal, action);
            let number = if number.is_empty() { "    ".to_owned() } else { format!("{number:>3}:") };
            let what = self.ui.action_text(self.state(), action, self.seats, false);
            // Round first, so a tiny negative mean does not print as -0.00.
            let mean = (s.mean_reward * 100.0).round() / 100.0 + 0.0;
            let _ = writeln!(out, "  {number} {:>6} visits  mean reward {mean:+.2}  {what}", s.visits);
        }
        out
    }

    /// The rules behind the last bot move: each of its events with the id of the rule
    /// that caused it (docs/rules.md). Its search is the bot's own, as its hand is.
    pub(super) fn why(&self) -> String {
        match &self.last_bot {
            None if self.seats.players > 2 => "no bot has moved yet\n".to_owned(),
            None => "the bot has not moved yet\n".to_owned(),
            Some(m) => {
                let bot = if self.seats.players > 2 { self.seats.name(m.player) } else { "the bot".to_owned() };
                let head = format!("{bot}'s last move, and the rule behind each step (docs/rules.md):\n");
                let names =
                    self.ui.names(Some(Seen { seats: self.seats, reveal_all: false }), &[self.state()], &m.events);
                let telling = Telling { phases: Phases::Each, rule_ids: true, ruleset: self.state().ruleset };
                let steps = indent(&trace::render_events_told(&m.events, self.style, &*names, telling));
                format!(
                    "{}{steps}  (what {bot} weighed is its own, as its hand is: `hint` searches for you)\n",
                    self.style.paint(Style::BOLD, &head)
                )
            }
        }
    }

    /// `log N`: what was printed of the moves of the last `turns` turns, again.
    pub(super) fn log_text(&self, turns: usize) -> String {
        let Some(&(last, _)) = self.log.last() else {
            return "nothing has happened yet\n".to_owned();
        };
        let from = last.saturating_sub(turns.saturating_sub(1) as u32);
        let shown: Vec<&(u32, String)> = self.log.iter().filter(|(turn, _)| *turn >= from).collect();
        let first = shown.first().map_or(last, |(turn, _)| *turn);
        let span = if first == last { format!("turn {last}") } else { format!("turns {first} to {last}") };
        let mut text = self.style.paint(Style::BOLD, &format!("the events of {span}, as told:\n"));
        for (_, told) in shown {
            text.push_str(told);
        }
        text
    }

    /// `undo`: back to the person's previous decision, or why not (`Err`, in words).
    pub(super) fn undo(&mut self) -> Result<Result<(), String>, CliError> {
        let (snapshot, kept) = match self.history.undo(&mut self.game) {
            Ok(back) => back,
            Err(UndoError::Nothing) => return Ok(Err("nothing to undo: no move of yours to take back".to_owned())),
            Err(UndoError::Revealed(reveal)) => {
                let mover = self.replay.steps.get(reveal.at_move as usize).map_or(self.seats.human, |s| s.player);
                let whose = if self.seats.is_human(mover) {
                    "your".to_owned()
                } else {
                    format!("{}'s", self.seats.name(mover))
                };
                return Ok(Err(format!(
                    "cannot undo: {whose} move on turn {} showed you {reveal}, which you had not seen; undo stops at a \
                     reveal",
                    self.replay_turn(reveal.at_move)
                )));
            }
        };
        let taken = self.replay.steps.len() as u64 - snapshot.moves();
        self.replay.steps.truncate(snapshot.moves() as usize);
        (self.outs, self.last_bot) = (kept.outs, kept.last_bot);
        self.log.truncate(kept.log);
        self.told.clear();
        // The board goes back to before the move: nothing changed since, to mark.
        self.seen_board = None;
        self.save()?;
        let moves = if taken == 1 { "1 move".to_owned() } else { format!("{taken} moves") };
        let text = format!("undone: {moves} taken back, to your move on turn {}\n", self.state().turn);
        self.say(&text)?;
        Ok(Ok(()))
    }

    /// The turn move `at` (0-based) was made on, as the log kept it.
    fn replay_turn(&self, at: u64) -> u32 {
        // The log's first entry is the deal's.
        self.log.get(at as usize + 1).map_or(self.state().turn, |(turn, _)| *turn)
    }

    /// `resign`: asks, then gives the game up on a yes; `None` to go on.
    pub(super) async fn confirm_resign(&mut self) -> Result<Option<Ending>, CliError> {
        self.say("resign? (y/n)\n")?;
        match self.input.read().await {
            Read::Line(line) if matches!(line.trim().to_lowercase().as_str(), "y" | "yes") => {
                self.outs.resign(self.seats.human);
                Ok(Some(Ending::Resigned))
            }
            Read::Line(_) => {
                self.say("not resigned: the game goes on\n")?;
                Ok(None)
            }
            Read::End => Ok(Some(Ending::Quit)),
            Read::Interrupted => Ok(Some(Ending::Interrupted)),
        }
    }

    /// Where the replay is and how to go on with the game.
    pub(super) fn continue_text(&self) -> String {
        let path = self.path.display();
        let server = self.args.server.as_ref().map_or_else(String::new, |url| format!(" --server {url}"));
        format!(
            "the game is saved in {path} (rewritten after every move); continue it with: fray play --resume \
             {path}{server}"
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_mean_reward_reads_as_a_chance_to_win() {
        // Two players: -1 a loss, 0 even (or a draw), 1 a win.
        assert_eq!([-1.0, 0.0, 0.24, 1.0].map(|r| win_chance(r, 2)), [0, 50, 62, 100]);
        // More: the reward is the chance.
        assert_eq!([0.0, 0.62, 1.0].map(|r| win_chance(r, 3)), [0, 62, 100]);
        assert_eq!(win_chance(1.5, 2), 100);
    }

    #[test]
    fn a_hinted_move_is_named_by_what_the_person_types() {
        use fray_proto::fray::v1::{EndPhase, Strike, action::Action as Kind};
        let strike = |attacker: &str| Action {
            action: Some(Kind::Strike(Strike { attacker: attacker.into(), ..Default::default() })),
            ..Default::default()
        };
        let end = Action { action: Some(Kind::EndPhase(EndPhase {})), ..Default::default() };
        // The menu lists the ending last, on its key: the hint names it so, not by place.
        let legal = [strike("a"), strike("b"), end.clone()];
        assert_eq!(Session::number(&legal, &end), "e");
        let worded = Action { text: "your a strikes".into(), ..strike("b") };
        assert_eq!(Session::number(&legal, &worded), "2");
        assert_eq!(Session::number(&legal, &strike("z")), "");
    }
}
