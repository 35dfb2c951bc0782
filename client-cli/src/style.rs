//! How the CLI's text is styled: ANSI colour or plain, decided once by the caller; and
//! how `fray play` fits it to the terminal: wrapped at words, folded, paged.

/// Whether to colour the output (ANSI escapes), decided once by the caller.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Style {
    /// Emit ANSI colour codes.
    pub color: bool,
}

impl Style {
    /// `text` wrapped in the ANSI SGR `code` (e.g. `1` bold, `2` dim, `31` red) when
    /// colouring, else `text` unchanged.
    pub fn paint(self, code: &str, text: &str) -> String {
        if self.color { format!("\x1b[{code}m{text}\x1b[0m") } else { text.to_owned() }
    }

    /// One line of a menu: its `key` (a number, or a letter) in bold, then `text`.
    pub fn menu_line(self, key: &str, text: &str) -> String {
        format!("  {}  {text}\n", self.paint("1", &format!("{key:>3}")))
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
