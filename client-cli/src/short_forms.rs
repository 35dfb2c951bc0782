//! The helpers every ruleset's short forms are read with ([`crate::ui::Ui::find`]):
//! a number, one's own (`yN`), the number of words.

/// `word` as a number, or `` `word` is not a WHAT number ``.
pub fn number(word: &str, what: &str) -> Result<u32, String> {
    word.parse().map_err(|_| format!("`{word}` is not a {what} number"))
}

/// `yN` (one's own) as `(true, N)`, `N` as `(false, N)`.
pub fn own(word: &str, what: &str) -> Result<(bool, u32), String> {
    match word.strip_prefix('y') {
        Some(n) => Ok((true, number(n, what)?)),
        None => Ok((false, number(word, what)?)),
    }
}

/// `Ok` when `rest` holds `n` words, else `usage: USAGE`.
pub fn arity(rest: &[&str], n: usize, usage: &str) -> Result<(), String> {
    if rest.len() == n { Ok(()) } else { Err(format!("usage: {usage}")) }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_numbers_ones_own_and_the_number_of_words() {
        assert_eq!(number("x", "zone"), Err("`x` is not a zone number".to_owned()));
        assert_eq!(own("y3", "zone"), Ok((true, 3)));
        assert_eq!(own("3", "zone"), Ok((false, 3)));
        assert_eq!(arity(&["1"], 0, "e"), Err("usage: e".to_owned()));
    }
}
