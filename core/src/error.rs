//! Errors: input that is malformed (violations with field paths) and actions that the
//! rules refuse in the state they are applied to.

use std::fmt;

use thiserror::Error;

/// One problem in submitted input, located by its field path (proto field names,
/// e.g. `creatures[2].zone.index`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Violation {
    /// Where the problem is, relative to the message that was validated.
    pub field: String,
    /// What is wrong, in plain words.
    pub description: String,
}

/// Every problem found in one piece of input; never empty when returned as an error.
///
/// The first [`MAX_KEPT_VIOLATIONS`] are kept; past them [`Violations::push`] only
/// counts ([`Violations::total`]), building nothing, so a request of a million bad
/// values costs no more memory than one of a hundred. A description given as a
/// closure (`|| format!(..)`) is not even formatted past the cap.
#[derive(Debug, Clone, Default, PartialEq, Eq, Error)]
pub struct Violations(pub Vec<Violation>, usize);

/// How many violations one [`Violations`] keeps (the rest are counted).
pub const MAX_KEPT_VIOLATIONS: usize = 100;

/// A violation's description: text, or a closure that writes it only when it is kept.
pub trait Describe {
    /// The description's text.
    fn describe(self) -> String;
}

impl Describe for &str {
    fn describe(self) -> String {
        self.to_owned()
    }
}

impl Describe for String {
    fn describe(self) -> String {
        self
    }
}

impl Describe for &String {
    fn describe(self) -> String {
        self.clone()
    }
}

impl<F: FnOnce() -> String> Describe for F {
    fn describe(self) -> String {
        self()
    }
}

impl Violations {
    /// The one problem at `field`.
    pub(crate) fn one(field: impl Into<String>, description: impl Describe) -> Self {
        let mut v = Violations::default();
        v.push(field, description);
        v
    }

    /// Records a problem at `field`; past [`MAX_KEPT_VIOLATIONS`] it is only counted
    /// (neither the path nor the description is written).
    pub fn push(&mut self, field: impl Into<String>, description: impl Describe) {
        if self.0.len() >= MAX_KEPT_VIOLATIONS {
            self.1 = self.1.saturating_add(1);
            return;
        }
        self.0.push(Violation { field: field.into(), description: description.describe() });
    }

    /// True when nothing was recorded.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty() && self.1 == 0
    }

    /// Every problem recorded: those kept and those only counted.
    pub fn total(&self) -> usize {
        self.0.len().saturating_add(self.1)
    }

    /// Counts `n` more problems that are not kept (a caller that re-orders violations
    /// carries over what the cap left out).
    pub fn count_unkept(&mut self, n: usize) {
        self.1 = self.1.saturating_add(n);
    }

    /// Puts `prefix.` in front of every field path (e.g. `state`).
    #[must_use]
    pub fn prefixed(mut self, prefix: &str) -> Self {
        for v in &mut self.0 {
            v.field = if v.field.is_empty() { prefix.to_owned() } else { format!("{prefix}.{}", v.field) };
        }
        self
    }

    /// `Ok(value)` when nothing was recorded, else the violations.
    pub fn into_result<T>(self, value: T) -> Result<T, Violations> {
        if self.is_empty() { Ok(value) } else { Err(self) }
    }
}

impl fmt::Display for Violations {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, v) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str("; ")?;
            }
            write!(f, "{}: {}", v.field, v.description)?;
        }
        if self.1 > 0 {
            write!(f, " (and {} more)", self.1)?;
        }
        Ok(())
    }
}

/// A well-formed action that the rules refuse in this state. Applying it changed nothing.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("{message} ({rule})")]
pub struct IllegalAction {
    /// The rule id it breaks, e.g. `egame.strike.target`.
    pub rule: &'static str,
    /// Why, in plain words.
    pub message: String,
}

impl IllegalAction {
    /// An illegal action breaking `rule`.
    pub fn new(rule: &'static str, message: impl Into<String>) -> Self {
        Self { rule, message: message.into() }
    }
}

/// Why a submitted state could not be loaded.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SetupError {
    /// The state is malformed.
    #[error("invalid state: {0}")]
    Invalid(Violations),
    /// The ruleset is known but this build does not resolve it yet.
    #[error("{0} is not served yet")]
    Unsupported(&'static str),
    /// Data compiled into the build is broken (a bug, not bad input).
    #[error("{0}")]
    Data(String),
}

/// Why an action could not be applied.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ActionError {
    /// The action is malformed or names nothing in the state (field paths relative to
    /// the action).
    #[error("invalid action: {0}")]
    Invalid(Violations),
    /// The action is well-formed but the rules refuse it.
    #[error("illegal action: {0}")]
    Illegal(IllegalAction),
    /// This kind of action is not served for this ruleset yet.
    #[error("{0} is not served yet")]
    Unsupported(&'static str),
}

impl From<IllegalAction> for ActionError {
    fn from(e: IllegalAction) -> Self {
        Self::Illegal(e)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn past_the_cap_violations_are_counted_and_not_built() {
        let mut v = Violations::default();
        let mut formatted = 0;
        for i in 0..1_000_000 {
            v.push(crate::FieldPath::new("keywords").index(i), || {
                formatted += 1;
                format!("{i} is not a known Keyword value")
            });
        }
        assert_eq!(v.0.len(), MAX_KEPT_VIOLATIONS);
        assert_eq!(v.total(), 1_000_000);
        assert_eq!(formatted, MAX_KEPT_VIOLATIONS, "descriptions past the cap are not written");
        assert_eq!(v.0[99].field, "keywords[99]");
        assert!(v.to_string().ends_with("(and 999900 more)"));
        assert!(!v.is_empty());
        assert!(Violations::default().is_empty());
    }
}
