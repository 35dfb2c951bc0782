//! Progress on stderr: an indicatif bar (games done, the current score or leader, ETA)
//! on a terminal; otherwise a plain line every twentieth of the tournament, so logs of
//! a run under a script still show it moving.

use std::io::{IsTerminal as _, Write as _};
use std::time::Duration;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// The progress display.
pub struct Progress {
    bar: Option<ProgressBar>,
    total: u64,
    done: u64,
    every: u64,
}

impl Progress {
    /// Starts at `done` of `total` games.
    pub fn new(total: u64, done: u64) -> Self {
        let bar = std::io::stderr().is_terminal().then(|| {
            let bar = ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::stderr());
            let style = ProgressStyle::with_template(
                "{elapsed_precise} [{wide_bar:.cyan/blue}] {pos}/{len} games, ETA {eta}  {msg}",
            )
            .unwrap_or_else(|_| ProgressStyle::default_bar())
            .progress_chars("=> ");
            bar.set_style(style);
            bar.set_position(done);
            bar.reset_eta();
            bar.enable_steady_tick(Duration::from_millis(500));
            bar
        });
        let every = (total / 20).max(1);
        Self { bar, total, done, every }
    }

    /// One more game done; `summary` is the score or the leader.
    pub fn game_done(&mut self, summary: &str) {
        self.done += 1;
        match &self.bar {
            Some(bar) => {
                bar.set_position(self.done);
                bar.set_message(summary.to_owned());
            }
            None if self.done.is_multiple_of(self.every) || self.done == self.total => {
                let mut err = std::io::stderr().lock();
                let _ = writeln!(err, "{}/{} games  {summary}", self.done, self.total);
            }
            None => {}
        }
    }

    /// A line above the bar (a forfeit, a warning).
    pub fn note(&self, text: &str) {
        match &self.bar {
            Some(bar) => bar.println(text),
            None => eprintln!("{text}"),
        }
    }

    /// Removes the bar.
    pub fn finish(&self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}
