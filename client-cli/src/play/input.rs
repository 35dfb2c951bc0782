//! What the person types at the `fray play` prompt: an action number, a command
//! (`hint`, `why`, `board`, `legend`, `all`, `trace`, `help`, `quit`; the last three
//! with a page number), or a short form, which the ruleset reads
//! ([`crate::ui::Ui::find`]) with the helpers of [`crate::short_forms`]; and where the lines come
//! from.

use tokio::sync::mpsc;

/// One line of input, understood.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Command {
    /// An action by its 1-based number in the list.
    Pick(usize),
    /// A short form of an action: the line's words, lower case.
    Short(Vec<String>),
    /// Ask for a hint.
    Hint,
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
    /// Save and leave.
    Quit,
}

/// Parses one line; `None` for a blank line.
pub fn parse(line: &str) -> Option<Command> {
    let words: Vec<String> = line.to_lowercase().split_whitespace().map(str::to_owned).collect();
    let page = words.get(1).and_then(|w| w.parse().ok()).unwrap_or(1);
    Some(match words.first()?.as_str() {
        "hint" | "h" => Command::Hint,
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

/// What is said of a line that is neither a number, a command nor a short form.
pub fn unknown(line: &str) -> String {
    format!("`{}` is not an action number or a command (type help for the list)", line.trim())
}

/// Lines read ahead at most: a fast writer (`yes 1 | fray play`) waits for the game.
const READ_AHEAD: usize = 16;

/// Lines of input, read on a thread of their own so the game's calls keep running.
#[derive(Debug)]
pub struct Lines {
    rx: mpsc::Receiver<String>,
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
        Self { rx }
    }

    /// These lines, then the end of input.
    pub fn from_lines(lines: &[&str]) -> Self {
        let (tx, rx) = mpsc::channel(lines.len().max(1));
        for line in lines {
            // There is room for every line, and the receiver is alive: it is returned below.
            let _ = tx.try_send((*line).to_owned());
        }
        Self { rx }
    }

    /// The next line; `None` at the end of input.
    pub async fn next(&mut self) -> Option<String> {
        self.rx.recv().await
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
        assert_eq!(parse("HINT"), Some(Command::Hint));
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
        assert_eq!(lines.next().await.as_deref(), Some("1\n"));
        assert_eq!(lines.next().await.as_deref(), Some("quit\n"));
        assert_eq!(lines.next().await, None);
    }
}
