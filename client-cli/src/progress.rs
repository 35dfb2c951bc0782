//! Progress on stderr for long runs (`fray tournament`, `fray bench strength`, `seats`,
//! `table`, `ladder`): an indicatif bar (games done, the score or leader, ETA) on a
//! terminal; otherwise one plain line at most every [`PLAIN_EVERY`] and the last one,
//! so that the log of a run under a script shows it moving without filling with
//! redrawn bars; nothing with `--quiet`. Notes (a warning, a forfeit) are printed in
//! every mode.

use std::io::{IsTerminal as _, Write};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// The least time between two plain progress lines.
pub const PLAIN_EVERY: Duration = Duration::from_secs(5);

/// Where the progress goes.
enum Mode {
    /// A bar on a terminal.
    Bar(ProgressBar),
    /// Plain lines to a writer, at most one every `every`.
    Plain { out: Box<dyn Write + Send>, every: Duration, last: Option<Instant> },
    /// Nothing.
    Quiet,
}

/// Counts and shows the games of one run. It may be updated from several threads.
pub struct Progress {
    label: String,
    total: u64,
    state: Mutex<(u64, Mode)>,
}

impl Progress {
    /// The progress of `total` games labelled `label` (`normal vs random`; empty for
    /// none), starting at `done`, on stderr: a bar when it is a terminal, plain lines
    /// otherwise, or nothing when `quiet`.
    pub fn new(label: &str, total: u64, done: u64, quiet: bool) -> Self {
        let mode = if quiet {
            Mode::Quiet
        } else if std::io::stderr().is_terminal() {
            let bar = ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::stderr());
            let template = if label.is_empty() {
                "{elapsed_precise} [{wide_bar:.cyan/blue}] {pos}/{len} games, ETA {eta}  {msg}".to_owned()
            } else {
                format!(
                    "{label}: {{elapsed_precise}} [{{wide_bar:.cyan/blue}}] {{pos}}/{{len}} games, ETA {{eta}}  {{msg}}"
                )
            };
            let style = ProgressStyle::with_template(&template)
                .unwrap_or_else(|_| ProgressStyle::default_bar())
                .progress_chars("=> ");
            bar.set_style(style);
            bar.set_position(done);
            bar.reset_eta();
            bar.enable_steady_tick(Duration::from_millis(500));
            Mode::Bar(bar)
        } else {
            Mode::Plain { out: Box::new(std::io::stderr()), every: PLAIN_EVERY, last: None }
        };
        Self::with_mode(label, total, done, mode)
    }

    /// Plain lines to `out`, at most one every `every` (and the last): what stderr
    /// gets when it is not a terminal.
    pub fn plain(label: &str, total: u64, done: u64, out: Box<dyn Write + Send>, every: Duration) -> Self {
        Self::with_mode(label, total, done, Mode::Plain { out, every, last: None })
    }

    fn with_mode(label: &str, total: u64, done: u64, mode: Mode) -> Self {
        Self { label: label.to_owned(), total, state: Mutex::new((done, mode)) }
    }

    /// One more game done; `summary` is the score or the leader.
    pub fn game_done(&self, summary: &str) {
        self.game_done_at(summary, Instant::now());
    }

    /// [`Progress::game_done`] at `now`.
    pub fn game_done_at(&self, summary: &str, now: Instant) {
        let mut state = self.state.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        let (done, mode) = &mut *state;
        *done += 1;
        match mode {
            Mode::Bar(bar) => {
                bar.set_position(*done);
                bar.set_message(summary.to_owned());
            }
            Mode::Plain { out, every, last } => {
                let due = last.is_none_or(|t| now.saturating_duration_since(t) >= *every);
                if due || *done >= self.total {
                    *last = Some(now);
                    let label = if self.label.is_empty() { String::new() } else { format!("{}: ", self.label) };
                    let _ = writeln!(out, "{label}{}/{} games  {summary}", *done, self.total);
                    let _ = out.flush();
                }
            }
            Mode::Quiet => {}
        }
    }

    /// A line above the bar (a forfeit, a warning), in every mode.
    pub fn note(&self, text: &str) {
        let mut state = self.state.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        match &mut state.1 {
            Mode::Bar(bar) => bar.println(text),
            Mode::Plain { out, .. } => {
                let _ = writeln!(out, "{text}");
            }
            Mode::Quiet => eprintln!("{text}"),
        }
    }

    /// Removes the bar.
    pub fn finish(&self) {
        let state = self.state.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        if let Mode::Bar(bar) = &state.1 {
            bar.finish_and_clear();
        }
    }
}

/// A tournament's progress (`fray tournament`) is shown the same way.
impl fray_tournament::refereed::run::ShowProgress for Progress {
    fn note(&self, text: &str) {
        Progress::note(self, text);
    }

    fn game_done(&self, summary: &str) {
        Progress::game_done(self, summary);
    }

    fn finish(&self) {
        Progress::finish(self);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;

    /// A writer the test reads back.
    #[derive(Clone, Default)]
    struct Shared(Arc<Mutex<Vec<u8>>>);

    impl Write for Shared {
        fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
            self.0.lock().map_err(|_| std::io::Error::other("poisoned"))?.extend_from_slice(buf);
            Ok(buf.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    impl Shared {
        fn text(&self) -> String {
            String::from_utf8(self.0.lock().map(|b| b.clone()).unwrap_or_default()).unwrap_or_default()
        }
    }

    #[test]
    fn off_a_terminal_one_plain_line_every_few_seconds_and_the_last() {
        let out = Shared::default();
        let progress = Progress::plain("normal vs random", 200, 0, Box::new(out.clone()), PLAIN_EVERY);
        let start = Instant::now();
        // 200 games, one every 100 ms: 20 s.
        for game in 0..200u64 {
            progress.game_done_at(&format!("score {game}"), start + Duration::from_millis(100 * game));
        }
        progress.note("warning: a note");
        let text = out.text();
        let lines: Vec<&str> = text.lines().collect();
        // The first game, then one at 5, 10 and 15 s, the last, and the note.
        assert_eq!(
            lines,
            [
                "normal vs random: 1/200 games  score 0",
                "normal vs random: 51/200 games  score 50",
                "normal vs random: 101/200 games  score 100",
                "normal vs random: 151/200 games  score 150",
                "normal vs random: 200/200 games  score 199",
                "warning: a note",
            ],
            "{text}"
        );
        assert!(!text.contains('\r'), "no carriage returns: every update on a line of its own");
    }

    #[test]
    fn a_resumed_run_counts_on_from_where_it_stopped() {
        let out = Shared::default();
        let progress = Progress::plain("", 10, 8, Box::new(out.clone()), Duration::from_secs(3600));
        let now = Instant::now();
        progress.game_done_at("a leads", now);
        progress.game_done_at("a leads", now);
        assert_eq!(out.text(), "9/10 games  a leads\n10/10 games  a leads\n");
    }

    #[test]
    fn quiet_shows_no_progress() {
        let progress = Progress::new("x", 3, 0, true);
        for _ in 0..3 {
            progress.game_done("s");
        }
        assert!(matches!(progress.state.lock().map(|s| matches!(s.1, Mode::Quiet)), Ok(true)));
        assert_eq!(progress.state.lock().map(|s| s.0).ok(), Some(3));
    }
}
