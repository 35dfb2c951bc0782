//! Field paths of submitted input (`creatures[3].arrows.up_left`), built step by step
//! as validation walks the input and written out as text only when a violation is
//! reported: valid input builds no string.
//!
//! ```
//! use fray_core::FieldPath;
//!
//! let creatures = FieldPath::new("creatures");
//! let third = creatures.index(3);
//! let arrows = third.field("arrows");
//! assert_eq!(arrows.field("up_left").to_string(), "creatures[3].arrows.up_left");
//! // A path given as text (e.g. `action`, `choices[0]`) is a root like any other.
//! assert_eq!(FieldPath::from("choices[0]").field("option").to_string(), "choices[0].option");
//! ```

use std::fmt;

/// One step of a [`FieldPath`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Step<'a> {
    /// A field name; written `.name` after another step.
    Field(&'static str),
    /// A list element, written `[i]`.
    Index(usize),
    /// A root given as text by the caller (`action`, `choices[0]`).
    Given(&'a str),
}

impl Step<'_> {
    fn write(self, f: &mut fmt::Formatter<'_>, first: bool) -> fmt::Result {
        match self {
            Step::Field(name) | Step::Given(name) => {
                if !first {
                    f.write_str(".")?;
                }
                f.write_str(name)
            }
            Step::Index(i) => write!(f, "[{i}]"),
        }
    }
}

/// A field path relative to the validated message, e.g. `players[1].hand[0].arrows.up`.
///
/// Each step is a small value on the stack that borrows the path it extends, so making
/// one allocates nothing; the text is written (through [`fmt::Display`] or
/// `String::from`) only when a violation is reported. A path renders exactly as the
/// `format!("{parent}.{name}")` / `format!("{parent}[{i}]")` it stands for.
#[derive(Debug, Clone, Copy)]
pub struct FieldPath<'a> {
    parent: Option<&'a FieldPath<'a>>,
    step: Step<'a>,
}

impl<'a> FieldPath<'a> {
    /// A path starting at the field `root` of the validated message (e.g. `creatures`).
    pub const fn new(root: &'static str) -> Self {
        Self { parent: None, step: Step::Field(root) }
    }

    /// The field `name` of this path: `{self}.{name}`.
    pub const fn field(&self, name: &'static str) -> FieldPath<'_> {
        FieldPath { parent: Some(self), step: Step::Field(name) }
    }

    /// The element `i` of the list at this path: `{self}[{i}]`.
    pub const fn index(&self, i: usize) -> FieldPath<'_> {
        FieldPath { parent: Some(self), step: Step::Index(i) }
    }

    /// The number of steps.
    fn depth(&self) -> usize {
        1 + self.parent.map_or(0, FieldPath::depth)
    }

    /// A copy that keeps no borrow of the steps before it (to remember a path past the
    /// loop that made it, e.g. an id's first holder). Allocates only for a path that
    /// starts with text given by the caller or is deeper than any the validation makes.
    pub(crate) fn stored(&self) -> StoredPath {
        let depth = self.depth();
        if depth > STORED_STEPS {
            return StoredPath(Stored::Text(self.to_string()));
        }
        let mut steps = [Step::Index(0); STORED_STEPS];
        let mut at = Some(self);
        for slot in steps[..depth].iter_mut().rev() {
            let Some(path) = at else { break };
            *slot = match path.step {
                Step::Field(name) => Step::Field(name),
                Step::Index(i) => Step::Index(i),
                Step::Given(_) => return StoredPath(Stored::Text(self.to_string())),
            };
            at = path.parent;
        }
        StoredPath(Stored::Steps { steps, len: depth })
    }
}

/// A path given as text by the caller (e.g. `action`), as the root of a path.
impl<'a> From<&'a str> for FieldPath<'a> {
    fn from(root: &'a str) -> Self {
        Self { parent: None, step: Step::Given(root) }
    }
}

impl fmt::Display for FieldPath<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(parent) = self.parent {
            parent.fmt(f)?;
        }
        self.step.write(f, self.parent.is_none())
    }
}

impl From<FieldPath<'_>> for String {
    fn from(path: FieldPath<'_>) -> Self {
        path.to_string()
    }
}

/// The most steps a [`StoredPath`] keeps without allocating (the deepest id holder,
/// `board.sides[0].battleline[1].abilities[2]`, has 7).
const STORED_STEPS: usize = 8;

/// A [`FieldPath`] that borrows nothing, written out only when used in a message.
#[derive(Debug, Clone)]
pub(crate) struct StoredPath(Stored);

#[derive(Debug, Clone)]
enum Stored {
    /// The steps, root first.
    Steps {
        /// `steps[..len]` is the path.
        steps: [Step<'static>; STORED_STEPS],
        /// How many steps are used.
        len: usize,
    },
    /// A path that does not fit the steps, as text.
    Text(String),
}

impl fmt::Display for StoredPath {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.0 {
            Stored::Steps { steps, len } => {
                for (i, step) in steps.iter().take(*len).enumerate() {
                    step.write(f, i == 0)?;
                }
                Ok(())
            }
            Stored::Text(text) => f.write_str(text),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nested_paths_render_like_the_formatted_text() {
        let creatures = FieldPath::new("creatures");
        let third = creatures.index(3);
        let arrows = third.field("arrows");
        assert_eq!(String::from(arrows.field("up_left")), "creatures[3].arrows.up_left");
        assert_eq!(third.field("zone").field("index").to_string(), "creatures[3].zone.index");
        let players = FieldPath::new("players");
        let player = players.index(1);
        let hand = player.field("hand");
        assert_eq!(hand.index(0).field("keywords").index(2).to_string(), "players[1].hand[0].keywords[2]");
        assert_eq!(FieldPath::new("ruleset").to_string(), "ruleset");
    }

    #[test]
    fn a_given_root_is_kept_as_text() {
        let given = FieldPath::from("action.strike");
        assert_eq!(given.field("target").field("player").to_string(), "action.strike.target.player");
        // Like `format!("{path}.attacker")` with an empty path.
        assert_eq!(FieldPath::from("").field("attacker").to_string(), ".attacker");
    }

    #[test]
    fn stored_paths_render_the_same_text() {
        let board = FieldPath::new("board");
        let sides = board.field("sides");
        let side = sides.index(0);
        let line = side.field("battleline");
        let creature = line.index(1);
        let abilities = creature.field("abilities");
        let ability = abilities.index(2);
        let stored = ability.stored();
        assert!(matches!(stored.0, Stored::Steps { len: 7, .. }));
        assert_eq!(stored.to_string(), "board.sides[0].battleline[1].abilities[2]");
        assert_eq!(ability.field("id").stored().to_string(), "board.sides[0].battleline[1].abilities[2].id");

        let id = ability.field("id");
        let first = id.index(0);
        let deep = first.field("x");
        assert!(matches!(deep.stored().0, Stored::Text(_)));
        assert_eq!(deep.stored().to_string(), "board.sides[0].battleline[1].abilities[2].id[0].x");
        let given = FieldPath::from("choices[0]");
        assert_eq!(given.field("option").stored().to_string(), "choices[0].option");
    }
}
