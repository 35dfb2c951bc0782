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
#[derive(Debug, Clone, Default, PartialEq, Eq, Error)]
pub struct Violations(pub Vec<Violation>);

impl Violations {
    /// Records a problem at `field`.
    pub fn push(&mut self, field: impl Into<String>, description: impl Into<String>) {
        self.0.push(Violation { field: field.into(), description: description.into() });
    }

    /// True when nothing was recorded.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
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
