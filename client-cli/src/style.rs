//! How the CLI's text is styled: ANSI colour or plain, decided once by the caller; and
//! how `fray play` fits it to the terminal: wrapped at words, folded, paged.

use anstyle::{AnsiColor, Color};

/// A look text is painted in (anstyle's), e.g. [`Style::BOLD`].
pub type Look = anstyle::Style;

/// Whether to colour the output (ANSI escapes), decided once by the caller.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Style {
    /// Emit ANSI colour codes.
    pub color: bool,
}

/// `color` in the foreground.
const fn fg(color: AnsiColor) -> Look {
    Look::new().fg_color(Some(Color::Ansi(color)))
}

impl Style {
    /// Headings, prompts and menu keys.
    pub const BOLD: Look = Look::new().bold();
    /// What matters less: legends, notes.
    pub const DIM: Look = Look::new().dimmed();
    /// What waits: a creature that has acted, one exhausted.
    pub const YELLOW: Look = fg(AnsiColor::Yellow);
    /// A warning, a decision pending.
    pub const WARNING: Look = fg(AnsiColor::Yellow).bold();
    /// A refused line at the prompt.
    pub const REFUSED: Look = fg(AnsiColor::Red).bold();
    /// A rule id in a trace.
    pub const RULE: Look = fg(AnsiColor::Cyan);

    /// The colour of a side: the person's (`mine`) green, a bot's red; bold for names
    /// and headings (`bold`).
    pub const fn side(mine: bool, bold: bool) -> Look {
        let look = fg(if mine { AnsiColor::Green } else { AnsiColor::Red });
        if bold { look.bold() } else { look }
    }

    /// Whether to colour standard output: a terminal, and neither `NO_COLOR` nor
    /// `TERM=dumb` says otherwise (`CLICOLOR_FORCE` forces it), as anstream decides;
    /// `and_stdin` also asks that standard input be a terminal (`fray play` on a pipe
    /// is a script).
    pub fn for_stdout(and_stdin: bool) -> Self {
        use std::io::IsTerminal as _;
        let choice = anstream::AutoStream::choice(&std::io::stdout());
        Self { color: choice != anstream::ColorChoice::Never && (!and_stdin || std::io::stdin().is_terminal()) }
    }

    /// `text` painted in `look` when colouring, else `text` unchanged.
    pub fn paint(self, look: Look, text: &str) -> String {
        if self.color { format!("{}{text}{}", look.render(), look.render_reset()) } else { text.to_owned() }
    }

    /// Clears the terminal's current line, when colouring (a note such as "thinking"
    /// written with a carriage return).
    pub fn clear_line(self) -> &'static str {
        if self.color { "\x1b[2K" } else { "" }
    }

    /// One line of a menu: its `key` (a number, or a letter) in bold, then `text`.
    pub fn menu_line(self, key: &str, text: &str) -> String {
        format!("  {}  {text}\n", self.paint(Self::BOLD, &format!("{key:>3}")))
    }
}

/// The terminal's size, `(columns, rows)`: `COLUMNS` and `LINES` when set, else the
/// terminal's; not a terminal, 120 columns and no limit on rows (a script reads it all).
pub fn size() -> (usize, usize) {
    let var = |name| std::env::var(name).ok().and_then(|v| v.parse::<usize>().ok()).filter(|&n| n >= 10);
    let term = terminal_size::terminal_size().map(|(w, h)| (usize::from(w.0), usize::from(h.0)));
    let columns = var("COLUMNS").or(term.map(|t| t.0)).unwrap_or(120);
    (columns, var("LINES").or(term.map(|t| t.1)).unwrap_or(usize::MAX))
}

/// `text` with every line longer than `width` columns (ANSI escapes not counted)
/// wrapped at words, the lines it adds indented two more than their first.
pub fn wrap(text: &str, width: usize) -> String {
    let mut out = String::with_capacity(text.len());
    for (i, line) in text.split('\n').enumerate() {
        if i > 0 {
            out.push('\n');
        }
        if textwrap::core::display_width(line) <= width {
            out.push_str(line);
            continue;
        }
        let indent = format!("{}  ", &line[..line.len() - line.trim_start().len()]);
        // Never inside a word: a path or an id stays whole, on a line of its own if need be.
        let options = textwrap::Options::new(width)
            .subsequent_indent(&indent)
            .break_words(false)
            .word_splitter(textwrap::WordSplitter::NoHyphenation);
        out.push_str(&textwrap::wrap(line, options).join("\n"));
    }
    out
}

/// `text` in at most `rows` lines: when longer, its first lines and its last, the
/// rest replaced by one line that says how many and that `more` shows them.
pub fn fold(text: &str, rows: usize, more: &str) -> String {
    let lines: Vec<&str> = text.lines().collect();
    if lines.len() <= rows {
        return text.to_owned();
    }
    let rows = rows.max(3);
    let (head, tail) = ((rows - 1) / 3, rows - 1 - (rows - 1) / 3);
    let folded = lines.len() - head - tail;
    let mut out: String = lines[..head].iter().map(|l| format!("{l}\n")).collect();
    out.push_str(&format!("    … {folded} lines folded here ({more} shows them)\n"));
    lines[lines.len() - tail..].iter().for_each(|l| out.push_str(&format!("{l}\n")));
    out
}

/// Page `n` (from 1) of `text`, in pages of `rows - 1` lines, the last line saying
/// which page this is and how to see the next (`cmd N`).
pub fn page(text: &str, n: usize, rows: usize, cmd: &str) -> String {
    let lines: Vec<&str> = text.lines().collect();
    let size = rows.saturating_sub(2).max(8);
    let pages = lines.len().div_ceil(size).max(1);
    let n = n.clamp(1, pages);
    let mut out: String = lines.iter().skip((n - 1) * size).take(size).map(|l| format!("{l}\n")).collect();
    if pages > 1 {
        let next = if n < pages { format!(": `{cmd} {}` shows the next", n + 1) } else { String::new() };
        out.push_str(&format!("(page {n} of {pages}{next})\n"));
    }
    out
}

/// What marks, in its first column, a board line that changed since the person's last
/// move (on a terminal, in colour; `legend` and `help` say so).
pub const CHANGED_MARK: &str = "›";

/// `painted`, the board as shown, with each line that is new or changed against
/// `before` (the board, without colour, as it stood after the person's last move)
/// marked: [`CHANGED_MARK`] in its first column, in place of its indent's first space.
/// `plain` is `painted` without colour; lines are matched by a diff, so a creature that
/// came or went marks its own lines, not those after it. Unmarked when `style` has no
/// colour, or when `plain` and `painted` do not have the same lines.
pub fn mark_changes(before: &str, plain: &str, painted: &str, style: Style) -> String {
    if !style.color || plain.lines().count() != painted.lines().count() {
        return painted.to_owned();
    }
    let mut changed = vec![false; plain.lines().count()];
    let diff = similar::TextDiff::from_lines(before, plain);
    for change in diff.iter_all_changes() {
        if let (similar::ChangeTag::Insert, Some(line)) =
            (change.tag(), change.new_index().and_then(|at| changed.get_mut(at)))
        {
            *line = true;
        }
    }
    let mark = style.paint(Style::WARNING, CHANGED_MARK);
    let mut out = String::with_capacity(painted.len() + 16 * changed.len());
    for (line, changed) in painted.split_inclusive('\n').zip(changed.into_iter().chain(std::iter::repeat(false))) {
        match line.strip_prefix(' ') {
            Some(rest) if changed => {
                out.push_str(&mark);
                out.push_str(rest);
            }
            _ => out.push_str(line),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const BEFORE: &str = "  bot  HP 6\n  [0] Troll  1/2\n  [1] Elf  1/1\n  you  HP 6\n";

    #[test]
    fn the_lines_changed_since_the_last_move_are_marked_in_their_first_column() {
        let after = "  bot  HP 5\n  [0] Troll  1/2\n  [1] Orc  2/2\n  [2] Elf  1/1\n  you  HP 6\n";
        let colour = Style { color: true };
        let marked = mark_changes(BEFORE, after, after, colour);
        let mark = colour.paint(Style::WARNING, CHANGED_MARK);
        let lines: Vec<&str> = marked.lines().collect();
        assert_eq!(lines.len(), 5, "{marked}");
        assert_eq!(lines[0], format!("{mark} bot  HP 5"), "a changed line");
        assert_eq!(lines[1], "  [0] Troll  1/2", "an unchanged line");
        assert_eq!(lines[2], format!("{mark} [1] Orc  2/2"), "a new line");
        assert_eq!(lines[3], format!("{mark} [2] Elf  1/1"), "a line whose index moved");
        assert_eq!(lines[4], "  you  HP 6");
        assert!(marked.ends_with('\n'));
        assert_eq!(mark_changes(BEFORE, BEFORE, BEFORE, colour), BEFORE, "nothing changed: nothing marked");
    }

    #[test]
    fn without_colour_or_with_lines_that_do_not_match_nothing_is_marked() {
        let after = "  bot  HP 5\n";
        assert_eq!(mark_changes(BEFORE, after, after, Style { color: false }), after);
        let painted = "  bot  HP 5\n  one more line\n";
        assert_eq!(mark_changes(BEFORE, after, painted, Style { color: true }), painted);
    }
}
