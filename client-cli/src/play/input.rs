//! What the person types at the `fray play` prompt: an action number, a command
//! (`hint`, `why`, `board`, `legend`, `all`, `trace`, `undo`, `log`, `save`, `resign`,
//! `help`, `quit`; some with a number), or a short form, which the ruleset reads
//! ([`crate::ui::Ui::find`]) with the helpers of [`crate::short_forms`]; and where the lines come
//! from.

use tokio::sync::{mpsc, oneshot};

/// One line of input, understood.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Command {
    /// An action by its 1-based number in the list.
    Pick(usize),
    /// A short form of an action: the line's words, lower case.
    Short(Vec<String>),
    /// Ask for a hint; `true` with the search's statistics (`hint --stats`).
    Hint(bool),
    /// Explain the bot's last move.
    Why,
    /// Redraw the board.
    Board,
    /// List every legal action by number (the menu's whole list), this page of it.
    All(usize),
    /// Show the help, this page of it.
    Help(usize),
    /// Show the board's legend.
    Legend,
    /// Show what happened since the person's last move, unfolded, this page of it.
    Trace(usize),
    /// Take back the person's last move and the bots' answers.
    Undo,
    /// Show the events of the last `turns` turns again (`log`: 1), this page of them.
    Log {
        /// How many turns back.
        turns: usize,
        /// The page.
        page: usize,
    },
    /// Say where the replay is and how to go on with it.
    Save,
    /// Give the game up (after a confirmation).
    Resign,
    /// Save and leave.
    Quit,
}

/// Parses one line; `None` for a blank line.
pub fn parse(line: &str) -> Option<Command> {
    let words: Vec<String> = line.to_lowercase().split_whitespace().map(str::to_owned).collect();
    let number = |i: usize| words.get(i).and_then(|w| w.parse::<usize>().ok()).filter(|&n| n > 0);
    let page = number(1).unwrap_or(1);
    Some(match words.first()?.as_str() {
        "hint" | "h" => Command::Hint(words[1..].iter().any(|w| w == "--stats" || w == "stats")),
        "undo" | "u" => Command::Undo,
        "log" => match (words.len(), number(1), number(2)) {
            (1, ..) => Command::Log { turns: 1, page: 1 },
            (2, Some(turns), _) => Command::Log { turns, page: 1 },
            (3, Some(turns), Some(page)) => Command::Log { turns, page },
            _ => Command::Short(words),
        },
        "save" => Command::Save,
        "resign" => Command::Resign,
        "why" | "w" => Command::Why,
        "board" | "show" => Command::Board,
        "all" | "list" | "l" => Command::All(page),
        "help" | "?" => Command::Help(page),
        "legend" => Command::Legend,
        "trace" => Command::Trace(page),
        "quit" | "q" | "exit" => Command::Quit,
        word => match word.parse::<usize>() {
            Ok(n) if words.len() == 1 => Command::Pick(n),
            _ => Command::Short(words),
        },
    })
}

/// What `help` says first, in every ruleset: the keys of their own and the commands.
pub const COMMANDS: &str = "\
Type an action's number or its short form. Ending a phase or the turn is always e, passing or declining n, never \
a number: a number names the same kind of action from one screen to the next.
  hint [--stats]   the move a search suggests for you, with its chance to win (--stats: playouts, visits)
  why              the rules behind the bot's last move          board    the board again
  legend           the board's marks                             all [N]  every action by number (page N)
  trace [N]        what happened since your last move, unfolded  help [N] this help (page N)
  undo             take back your last move and the bots' answers to it (again: the move before); not past a
                   move that showed you a card you had not seen (a card drawn, turned up or played from a hand)
  log [N [P]]      the events of the last turn again, or of the last N turns (page P)
  save             where the replay is and the command that continues the game
  resign           give the game up (asks first): the bots win
  quit             leave; quit, Ctrl-C or the end of input save the game: `fray play --resume FILE` goes on.";

/// What is said of a line that is neither a number, a command nor a short form.
pub fn unknown(line: &str) -> String {
    format!("`{}` is not an action number or a command (type help for the list)", line.trim())
}

/// Lines read ahead at most: a fast writer (`yes 1 | fray play`) waits for the game.
const READ_AHEAD: usize = 16;

/// What reading a line gave.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Read {
    /// A line.
    Line(String),
    /// The end of input (Ctrl-D).
    End,
    /// Ctrl-C (SIGINT).
    Interrupted,
}

/// Lines of input, read on a thread of their own so the game's calls keep running;
/// Ctrl-C ends them when they come from standard input.
#[derive(Debug)]
pub struct Lines {
    rx: mpsc::Receiver<String>,
    interrupt: Option<oneshot::Receiver<()>>,
}

impl Lines {
    /// Lines of standard input; the end of input (or a read error) ends them.
    pub fn stdin() -> Self {
        let (tx, rx) = mpsc::channel(READ_AHEAD);
        std::thread::spawn(move || {
            use std::io::BufRead as _;
            let mut stdin = std::io::stdin().lock();
            let mut buf = Vec::new();
            loop {
                buf.clear();
                match stdin.read_until(b'\n', &mut buf) {
                    Ok(0) | Err(_) => break,
                    Ok(_) => {
                        if tx.blocking_send(String::from_utf8_lossy(&buf).into_owned()).is_err() {
                            break;
                        }
                    }
                }
            }
        });
        let (tx, interrupt) = oneshot::channel();
        tokio::spawn(async move {
            if tokio::signal::ctrl_c().await.is_ok() {
                let _ = tx.send(());
            }
        });
        Self { rx, interrupt: Some(interrupt) }
    }

    /// These lines, then the end of input.
    pub fn from_lines(lines: &[&str]) -> Self {
        let (tx, rx) = mpsc::channel(lines.len().max(1));
        for line in lines {
            // There is room for every line, and the receiver is alive: it is returned below.
            let _ = tx.try_send((*line).to_owned());
        }
        Self { rx, interrupt: None }
    }

    /// The next line, the end of input, or Ctrl-C (which comes first).
    pub async fn read(&mut self) -> Read {
        if let Some(interrupt) = self.interrupt.as_mut() {
            let signal = tokio::select! {
                line = self.rx.recv() => return line.map_or(Read::End, Read::Line),
                signal = interrupt => signal,
            };
            self.interrupt = None;
            if signal.is_ok() {
                return Read::Interrupted;
            }
        }
        self.rx.recv().await.map_or(Read::End, Read::Line)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_numbers_commands_and_short_forms() {
        assert_eq!(parse("  12 "), Some(Command::Pick(12)));
        assert_eq!(parse(""), None);
        assert_eq!(parse("   "), None);
        assert_eq!(parse("HINT"), Some(Command::Hint(false)));
        assert_eq!(parse("hint --stats"), Some(Command::Hint(true)));
        assert_eq!(
            (parse("undo"), parse("save"), parse("resign")),
            (Some(Command::Undo), Some(Command::Save), Some(Command::Resign))
        );
        let log = |turns, page| Some(Command::Log { turns, page });
        assert_eq!((parse("log"), parse("log 3"), parse("log 3 2")), (log(1, 1), log(3, 1), log(3, 2)));
        assert_eq!(parse("log 0"), Some(Command::Short(vec!["log".into(), "0".into()])));
        assert_eq!(parse("why"), Some(Command::Why));
        assert_eq!(parse("board"), Some(Command::Board));
        assert_eq!(parse("all"), Some(Command::All(1)));
        assert_eq!(parse("all 2"), Some(Command::All(2)));
        assert_eq!(parse("l"), Some(Command::All(1)));
        assert_eq!(parse("help"), Some(Command::Help(1)));
        assert_eq!(parse("legend"), Some(Command::Legend));
        assert_eq!(parse("trace 3"), Some(Command::Trace(3)));
        assert_eq!(parse("quit"), Some(Command::Quit));
        assert_eq!(parse("a Fig p1-gun"), Some(Command::Short(vec!["a".into(), "fig".into(), "p1-gun".into()])));
        assert_eq!(parse("3 4"), Some(Command::Short(vec!["3".into(), "4".into()])));
        assert_eq!(unknown(" banana "), "`banana` is not an action number or a command (type help for the list)");
    }

    #[tokio::test]
    async fn given_lines_end_with_the_end_of_input() {
        let mut lines = Lines::from_lines(&["1\n", "quit\n"]);
        assert_eq!(lines.read().await, Read::Line("1\n".into()));
        assert_eq!(lines.read().await, Read::Line("quit\n".into()));
        assert_eq!(lines.read().await, Read::End);
    }
}
