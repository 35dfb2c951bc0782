//! How the CLI's text is styled: ANSI colour or plain, decided once by the caller.

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

    /// One line of a menu: the 1-based `number` in bold, then `text`.
    pub fn menu_line(self, number: usize, text: &str) -> String {
        format!("  {}  {text}\n", self.paint("1", &format!("{number:>3}")))
    }
}
