//! The workspace's invariants that its source shows, read off the source tree
//! (docs/architecture.md, "Where a sixth ruleset goes" and "Invariants"):
//!
//! - **Rulesets are named only where a sixth ruleset goes.** A product file that names
//!   a ruleset is one of the [`REGISTRIES`] (`core/src/catalogue.rs` and
//!   `core/src/rulesets/mod.rs`, `service/src/convert/mod.rs`,
//!   `client-cli/src/rulesets/mod.rs`), a file of one of the rulesets' own modules that
//!   a registry declares (its folder, or its `convert/<name>.rs`), or one of the
//!   [`NAMING_EXCEPTIONS`]. A ruleset is named by its module as a path segment
//!   (`castle_rampage::`, `zone::`), by a value of the wire's `Ruleset` or a variant of
//!   an enum a registry declares (`Egame`, `DogFight`, `Rift`, `GameState::Castle`), or
//!   by a type its own modules declare that no other product file declares
//!   (`ZoneState`, `KfEvent`). A finding names the file and the line.
//! - **No import circle.** No two modules of a crate use each other, directly or round
//!   a circle: an edge is a path into another module of the crate (`crate::a`,
//!   `super::b`, a child module's name), in a `use` or in code; a name a module only
//!   re-exports leads on to the module it comes from. A finding names the modules and
//!   the uses that close the circle. [`CIRCLES_LEFT`] lists the circles left, and why.
//! - **No product function over [`MAX_FN_LINES`] lines**, from its `fn` line to its
//!   closing brace; [`LONG_FUNCTIONS_LEFT`] lists those left, and why.
//!
//! Product code is every file a crate root of the workspace (`src/lib.rs`,
//! `src/main.rs`, `build.rs`) reaches through its `mod` declarations, without the items
//! under `#[cfg(test)]` or `#[test]`; tests, benches, `service/tests/testkit` and
//! `fuzz/` are test code. Comments and literals are not read. Each check is also run on
//! source planted in a copy of the tree, so a check that stopped finding anything
//! fails, and a list of what is left fails once an entry no longer holds.
#![allow(clippy::unwrap_used, clippy::panic, missing_docs)]

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The longest a product function may be, in lines.
const MAX_FN_LINES: usize = 100;

/// Product files besides the registries and the rulesets' own that may name a ruleset,
/// and why.
const NAMING_EXCEPTIONS: &[(&str, &str)] = &[(
    "tournament/src/agreement.rs",
    "`fray bench agreement`: small e:game boards solved exactly, a measurement of the zone game's alone",
)];

/// The registries: the files that name every ruleset. The child modules each declares
/// (but [`SHARED_MODULES`]) are the rulesets' own, and so are the files under them.
const REGISTRIES: &[&str] = &[
    "core/src/catalogue.rs",
    "core/src/rulesets/mod.rs",
    "service/src/convert/mod.rs",
    "client-cli/src/rulesets/mod.rs",
];

/// Import circles left, each as its crate root, the modules it may hold (`a::*`: the
/// modules under `a`) and why it is left.
const CIRCLES_LEFT: &[(&str, &[&str], &str)] = &[(
    "core/src/lib.rs",
    &[
        "rulesets",
        "words",
        "rulesets::castle_rampage",
        "rulesets::castle_rampage::*",
        "rulesets::dog_fight",
        "rulesets::dog_fight::*",
        "rulesets::keyforge",
        "rulesets::keyforge::*",
        "rulesets::zone",
        "rulesets::zone::*",
    ],
    "each ruleset folder's mod.rs and its files use each other, and the registry's `Registered` needs \
     `words::Words` while `words.rs` tells `GameState`'s events over the registry: left to the work on \
     core/src/rulesets and the words",
)];

/// Product functions over [`MAX_FN_LINES`] lines left, by file and name: none since the
/// core's rulesets were split (castle `attack`, Dog Fight's and the zone's `from_setup`).
const LONG_FUNCTIONS_LEFT: &[(&str, &str)] = &[];

/// A registry's child modules that are no ruleset's: what the rulesets share.
const SHARED_MODULES: &[&str] = &["shared"];

// ---------------------------------------------------------------------------------
// Tokens

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Ident,
    Punct,
    Literal,
}

#[derive(Debug, Clone, PartialEq, Eq)]
struct Token {
    kind: Kind,
    text: String,
    line: usize,
}

impl Token {
    fn is(&self, text: &str) -> bool {
        self.kind != Kind::Literal && self.text == text
    }

    fn ident(&self) -> Option<&str> {
        (self.kind == Kind::Ident).then_some(self.text.as_str())
    }
}

/// Rust source as tokens: identifiers (keywords among them), punctuation (`::` one
/// token) and literals; comments dropped, lifetimes kept as punctuation.
fn lex(src: &str) -> Vec<Token> {
    let c: Vec<char> = src.chars().collect();
    let mut tokens = Vec::new();
    let (mut i, mut line) = (0, 1);
    let at = |i: usize| c.get(i).copied().unwrap_or('\0');
    while i < c.len() {
        let start_line = line;
        let ch = c[i];
        if ch == '\n' {
            line += 1;
            i += 1;
        } else if ch.is_whitespace() {
            i += 1;
        } else if ch == '/' && at(i + 1) == '/' {
            while i < c.len() && c[i] != '\n' {
                i += 1;
            }
        } else if ch == '/' && at(i + 1) == '*' {
            let mut depth = 0;
            while i < c.len() {
                if c[i] == '/' && at(i + 1) == '*' {
                    depth += 1;
                    i += 2;
                } else if c[i] == '*' && at(i + 1) == '/' {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    line += usize::from(c[i] == '\n');
                    i += 1;
                }
            }
        } else if ch.is_alphabetic() || ch == '_' {
            let start = i;
            while i < c.len() && (c[i].is_alphanumeric() || c[i] == '_') {
                i += 1;
            }
            let word: String = c[start..i].iter().collect();
            let raw_string = matches!(word.as_str(), "r" | "br" | "cr") && matches!(at(i), '"' | '#');
            if raw_string && (at(i) == '"' || (at(i) == '#' && matches!(at(i + 1), '"' | '#'))) {
                let mut hashes = 0;
                while at(i) == '#' {
                    hashes += 1;
                    i += 1;
                }
                i += 1; // the opening quote
                loop {
                    if i >= c.len() {
                        break;
                    }
                    if c[i] == '"' && (1..=hashes).all(|h| at(i + h) == '#') {
                        i += 1 + hashes;
                        break;
                    }
                    line += usize::from(c[i] == '\n');
                    i += 1;
                }
                tokens.push(Token { kind: Kind::Literal, text: "\"\"".into(), line: start_line });
            } else if word == "r" && at(i) == '#' {
                // A raw identifier.
                i += 1;
                let start = i;
                while i < c.len() && (c[i].is_alphanumeric() || c[i] == '_') {
                    i += 1;
                }
                tokens.push(Token { kind: Kind::Ident, text: c[start..i].iter().collect(), line });
            } else if matches!(word.as_str(), "b" | "c") && at(i) == '"' {
                i = skip_quoted(&c, i, '"', &mut line);
                tokens.push(Token { kind: Kind::Literal, text: "\"\"".into(), line: start_line });
            } else if word == "b" && at(i) == '\'' {
                i = skip_quoted(&c, i, '\'', &mut line);
                tokens.push(Token { kind: Kind::Literal, text: "''".into(), line });
            } else {
                tokens.push(Token { kind: Kind::Ident, text: word, line });
            }
        } else if ch == '"' {
            i = skip_quoted(&c, i, '"', &mut line);
            tokens.push(Token { kind: Kind::Literal, text: "\"\"".into(), line: start_line });
        } else if ch == '\'' {
            if at(i + 1) == '\\' || (at(i + 1) != '\0' && at(i + 2) == '\'') {
                i = skip_quoted(&c, i, '\'', &mut line);
                tokens.push(Token { kind: Kind::Literal, text: "''".into(), line });
            } else {
                // A lifetime or a label.
                i += 1;
                while i < c.len() && (c[i].is_alphanumeric() || c[i] == '_') {
                    i += 1;
                }
                tokens.push(Token { kind: Kind::Punct, text: "'".into(), line });
            }
        } else if ch.is_ascii_digit() {
            while i < c.len() && (c[i].is_alphanumeric() || c[i] == '_' || (c[i] == '.' && at(i + 1).is_ascii_digit()))
            {
                i += 1;
            }
            tokens.push(Token { kind: Kind::Literal, text: "0".into(), line });
        } else if ch == ':' && at(i + 1) == ':' {
            tokens.push(Token { kind: Kind::Punct, text: "::".into(), line });
            i += 2;
        } else {
            tokens.push(Token { kind: Kind::Punct, text: ch.to_string(), line });
            i += 1;
        }
    }
    tokens
}

/// The index after the literal that opens at `c[i]` with `quote`, escapes skipped.
fn skip_quoted(c: &[char], mut i: usize, quote: char, line: &mut usize) -> usize {
    i += 1;
    while i < c.len() && c[i] != quote {
        if c[i] == '\\' {
            i += 1;
        }
        *line += usize::from(c.get(i) == Some(&'\n'));
        i += 1;
    }
    i + 1
}

/// The index of the bracket that closes the one at `open`.
fn closing(tokens: &[Token], open: usize) -> usize {
    let mut depth = 0i32;
    for (i, t) in tokens.iter().enumerate().skip(open) {
        if t.kind != Kind::Punct {
            continue;
        }
        match t.text.as_str() {
            "(" | "[" | "{" => depth += 1,
            ")" | "]" | "}" => {
                depth -= 1;
                if depth == 0 {
                    return i;
                }
            }
            _ => {}
        }
    }
    tokens.len() - 1
}

/// Whether an attribute's tokens (inside `#[...]`) make its item test code:
/// `test`, `cfg(test)`, `cfg(all(test, ...))`.
fn is_test_attribute(attribute: &[Token]) -> bool {
    match attribute.first().and_then(Token::ident) {
        Some("test") => true,
        Some("cfg") => attribute.iter().any(|t| t.is("test")) && !attribute.iter().any(|t| t.is("not") || t.is("any")),
        _ => false,
    }
}

/// A file's product code: its tokens without the items under a test attribute, and the
/// child modules it declares for tests only. A file under `#![cfg(test)]` has none.
fn product_tokens(tokens: &[Token]) -> (Vec<Token>, BTreeSet<String>) {
    let mut out = Vec::new();
    let mut test_modules = BTreeSet::new();
    let mut i = 0;
    while i < tokens.len() {
        let inner = tokens[i].is("#") && tokens.get(i + 1).is_some_and(|t| t.is("!"));
        let open = if inner { i + 2 } else { i + 1 };
        if !(tokens[i].is("#") && tokens.get(open).is_some_and(|t| t.is("["))) {
            out.push(tokens[i].clone());
            i += 1;
            continue;
        }
        let close = closing(tokens, open);
        if !is_test_attribute(&tokens[open + 1..close]) {
            out.extend_from_slice(&tokens[i..=close]);
            i = close + 1;
            continue;
        }
        if inner {
            return (Vec::new(), BTreeSet::new());
        }
        // Skip the item: its other attributes, then up to its `;` or its block's end.
        let mut j = close + 1;
        while tokens.get(j).is_some_and(|t| t.is("#")) {
            j = closing(tokens, j + 1) + 1;
        }
        let item = j;
        while j < tokens.len() {
            if tokens[j].is(";") {
                break;
            }
            if tokens[j].is("{") || tokens[j].is("(") || tokens[j].is("[") {
                let end = closing(tokens, j);
                if tokens[j].is("{") {
                    j = end;
                    break;
                }
                j = end;
            }
            j += 1;
        }
        let words: Vec<&str> = tokens[item..j.min(tokens.len())].iter().filter_map(Token::ident).collect();
        if let Some(p) = words.iter().position(|w| *w == "mod")
            && let Some(name) = words.get(p + 1)
            && tokens.get(j).is_some_and(|t| t.is(";"))
        {
            test_modules.insert((*name).to_owned());
        }
        i = j + 1;
    }
    (out, test_modules)
}

// ---------------------------------------------------------------------------------
// The workspace's product files and modules

/// The repository root (the workspace folder).
fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap().to_path_buf()
}

/// One product file.
#[derive(Debug, Clone)]
struct File {
    /// Its path from the repository root, `/`-separated.
    path: String,
    /// Its crate root's path (one crate's modules share it).
    krate: String,
    /// Its module path in its crate, `""` for the root.
    module: String,
    /// Its text.
    text: String,
    /// Its product code.
    tokens: Vec<Token>,
    /// The child modules it declares (for product code).
    children: BTreeSet<String>,
}

impl File {
    /// The file at `path`, module `module` of the crate rooted at `krate`, holding `text`.
    fn new(path: &str, krate: &str, module: &str, text: String) -> Self {
        let (tokens, test_modules) = product_tokens(&lex(&text));
        let mut children = BTreeSet::new();
        for w in tokens.windows(3) {
            if w[0].is("mod") && w[2].is(";") && w[1].kind == Kind::Ident && !test_modules.contains(&w[1].text) {
                children.insert(w[1].text.clone());
            }
        }
        Self { path: path.into(), krate: krate.into(), module: module.into(), text, tokens, children }
    }

    /// This file with `code` added at its end.
    fn planted(&self, code: &str) -> Self {
        File::new(&self.path, &self.krate, &self.module, format!("{}\n{code}\n", self.text))
    }

    /// The line `code` starts on once planted in this file.
    fn planted_line(&self) -> usize {
        self.text.lines().count() + 2
    }
}

/// The workspace members, from the root manifest.
fn members(root: &Path) -> Vec<String> {
    let manifest = std::fs::read_to_string(root.join("Cargo.toml")).unwrap();
    let list = manifest.split("members = [").nth(1).unwrap().split(']').next().unwrap();
    list.split(',').map(|m| m.trim().trim_matches('"').to_owned()).filter(|m| !m.is_empty()).collect()
}

/// Every product file of the workspace: each member's crate roots and the modules they
/// declare, test code aside. A member under a `tests/` folder is test support.
fn product_files(root: &Path) -> Vec<File> {
    let mut files = Vec::new();
    for member in members(root).into_iter().filter(|m| !m.split('/').any(|part| part == "tests")) {
        for crate_root in ["src/lib.rs", "src/main.rs", "build.rs"] {
            let path = format!("{member}/{crate_root}");
            if root.join(&path).exists() {
                read_module(root, &path, &path, String::new(), &mut files);
            }
        }
    }
    files
}

/// Reads `path`, the file of `module` in the crate rooted at `krate`, and the modules
/// it declares.
fn read_module(root: &Path, path: &str, krate: &str, module: String, files: &mut Vec<File>) {
    let text = std::fs::read_to_string(root.join(path)).unwrap_or_else(|e| panic!("{path}: {e}"));
    let file = File::new(path, krate, &module, text);
    // A module's children live in its folder: the file's own for `mod.rs` and the
    // crate roots, else the folder named as the file.
    let at = Path::new(path);
    let stem = at.file_stem().unwrap().to_str().unwrap();
    let dir = at.parent().unwrap();
    let folder = if matches!(stem, "mod" | "lib" | "main" | "build") { dir.to_path_buf() } else { dir.join(stem) };
    for child in &file.children {
        let flat = folder.join(format!("{child}.rs"));
        let nested = folder.join(child).join("mod.rs");
        let child_path = if root.join(&flat).exists() { flat } else { nested };
        read_module(root, child_path.to_str().unwrap(), krate, format!("{}{child}", prefix(&module)), files);
    }
    files.push(file);
}

/// `files` with `code` planted at the end of the file at `path`, and the line it is on.
fn plant(files: &[File], path: &str, code: &str) -> (Vec<File>, usize) {
    let mut planted = files.to_vec();
    let file = planted.iter_mut().find(|f| f.path == path).unwrap_or_else(|| panic!("no product file {path}"));
    let line = file.planted_line();
    *file = file.planted(code);
    (planted, line)
}

// ---------------------------------------------------------------------------------
// Functions over MAX_FN_LINES

/// Every function of `file` longer than `max` lines: (line of `fn`, name, lines).
fn long_functions(file: &File, max: usize) -> Vec<(usize, String, usize)> {
    let t = &file.tokens;
    let mut long = Vec::new();
    for i in 0..t.len() {
        let Some(name) = t.get(i + 1).filter(|_| t[i].is("fn")).and_then(Token::ident) else { continue };
        // The body: the first `{` outside brackets before a `;` (a declaration has none).
        let mut j = i + 2;
        while j < t.len() && !t[j].is("{") && !t[j].is(";") {
            if t[j].is("(") || t[j].is("[") {
                j = closing(t, j);
            }
            j += 1;
        }
        if j < t.len() && t[j].is("{") {
            let lines = t[closing(t, j)].line - t[i].line + 1;
            if lines > max {
                long.push((t[i].line, name.to_owned(), lines));
            }
        }
    }
    long
}

/// Every product function over [`MAX_FN_LINES`] lines: (`path:line: fn name`, lines).
fn long_functions_in(files: &[File]) -> Vec<(String, usize)> {
    let mut long = Vec::new();
    for f in files {
        for (line, name, lines) in long_functions(f, MAX_FN_LINES) {
            long.push((format!("{}:{line}: fn {name}", f.path), lines));
        }
    }
    long
}

/// Whether `found` (`path:line: fn name`) is one of [`LONG_FUNCTIONS_LEFT`].
fn left(found: &str) -> bool {
    LONG_FUNCTIONS_LEFT
        .iter()
        .any(|(path, name)| found.starts_with(&format!("{path}:")) && found.ends_with(&format!(": fn {name}")))
}

#[test]
fn no_product_function_is_over_100_lines() {
    let long = long_functions_in(&product_files(&repo_root()));
    let over: Vec<String> =
        long.iter().filter(|(f, _)| !left(f)).map(|(f, lines)| format!("{f} is {lines} lines")).collect();
    assert!(over.is_empty(), "product functions over {MAX_FN_LINES} lines (split them):\n{}", over.join("\n"));
    for (path, name) in LONG_FUNCTIONS_LEFT {
        assert!(
            long.iter().any(|(f, _)| f.starts_with(&format!("{path}:")) && f.ends_with(&format!(": fn {name}"))),
            "{path}: fn {name} is no longer over {MAX_FN_LINES} lines: take it off LONG_FUNCTIONS_LEFT"
        );
    }
}

#[test]
fn a_planted_long_function_is_found() {
    let body = "    let _ = 1;\n".repeat(MAX_FN_LINES - 1);
    let (files, line) =
        plant(&product_files(&repo_root()), "client-cli/src/style.rs", &format!("fn planted() {{\n{body}}}"));
    let long = long_functions_in(&files);
    let planted = format!("client-cli/src/style.rs:{line}: fn planted");
    assert!(long.contains(&(planted.clone(), MAX_FN_LINES + 1)), "{planted} not found in {long:?}");
    let (files, _) = plant(
        &product_files(&repo_root()),
        "client-cli/src/style.rs",
        &format!("fn planted() {{\n{}}}", "    let _ = 1;\n".repeat(MAX_FN_LINES - 2)),
    );
    assert!(
        !long_functions_in(&files).iter().any(|(f, _)| f.ends_with("fn planted")),
        "a function of {MAX_FN_LINES} lines is not over"
    );
}

// ---------------------------------------------------------------------------------
// Import circles

/// A path in a file: its segments, the name a `use` gives it (`None` for a path in
/// code or a glob), and its line.
#[derive(Debug, Clone)]
struct UsePath {
    segments: Vec<String>,
    name: Option<String>,
    line: usize,
}

/// A crate's modules by path, with the names each one's `use`s bring in.
struct Modules<'a> {
    files: BTreeMap<&'a str, &'a File>,
    uses: BTreeMap<&'a str, BTreeMap<String, Vec<String>>>,
}

impl<'a> Modules<'a> {
    fn new(files: &[&'a File]) -> Self {
        let mut uses: BTreeMap<&str, BTreeMap<String, Vec<String>>> = BTreeMap::new();
        for f in files {
            for p in paths(f) {
                if let Some(name) = p.name {
                    uses.entry(&f.module).or_default().insert(name, p.segments);
                }
            }
        }
        Self { files: files.iter().map(|f| (f.module.as_str(), *f)).collect(), uses }
    }

    /// The module a path from `module` leads into: `crate::a::b::Item` into `a::b`,
    /// `super::X` into the parent, a child's name into the child; a name a module only
    /// imports, into the module it comes from (`crate::Event` into `rulesets` for a
    /// root that re-exports `rulesets::Event`). `None` for a path out of the crate.
    fn target(&self, module: &str, path: &[String], depth: usize) -> Option<String> {
        let parent = |m: &str| m.rsplit_once("::").map_or(String::new(), |(p, _)| p.to_owned());
        let file = self.files.get(module)?;
        let mut segments = path.iter().map(String::as_str).peekable();
        let mut at = match *segments.peek()? {
            "crate" => {
                segments.next();
                String::new()
            }
            "self" | "super" => module.to_owned(),
            child if file.children.contains(child) => module.to_owned(),
            _ => return None,
        };
        while segments.peek() == Some(&"self") {
            segments.next();
        }
        while segments.peek() == Some(&"super") {
            segments.next();
            at = parent(&at);
        }
        while let Some(segment) = segments.next() {
            let here = self.files.get(at.as_str())?;
            if here.children.contains(segment) {
                at = format!("{}{segment}", prefix(&at));
                continue;
            }
            // A name the module imports from elsewhere in the crate.
            let imported = self.uses.get(at.as_str()).and_then(|u| u.get(segment));
            if let Some(from) = imported.filter(|_| depth < 8 && at != module) {
                let mut rest: Vec<String> = from.clone();
                rest.extend(segments.map(str::to_owned));
                return self.target(&at, &rest, depth + 1);
            }
            break;
        }
        Some(at)
    }
}

/// The paths of a `use` tree starting at `t[i]`; the index after it.
fn use_paths(t: &[Token], mut i: usize, prefix: &[String], out: &mut Vec<UsePath>) -> usize {
    let mut segments = prefix.to_vec();
    let mut name = None;
    let line = t.get(i).map_or(0, |t| t.line);
    while i < t.len() {
        let tok = &t[i];
        if tok.is("{") {
            i += 1;
            while i < t.len() && !t[i].is("}") {
                i = use_paths(t, i, &segments, out);
                if t.get(i).is_some_and(|t| t.is(",")) {
                    i += 1;
                }
            }
            return i + 1;
        } else if tok.is(";") || tok.is(",") || tok.is("}") {
            break;
        } else if tok.is("as") {
            name = t.get(i + 1).and_then(Token::ident).map(str::to_owned);
            i += 2;
            continue;
        } else if tok.is("*") {
            segments.push("*".into());
        } else if let Some(word) = tok.ident() {
            segments.push(word.to_owned());
        }
        i += 1;
    }
    if segments.last().is_some_and(|s| s == "self") {
        segments.pop();
    }
    if let Some(last) = segments.last().filter(|s| *s != "*") {
        name = Some(name.unwrap_or_else(|| last.clone())).filter(|n| n != "_");
    }
    segments.retain(|s| s != "*");
    if !segments.is_empty() {
        out.push(UsePath { segments, name, line });
    }
    i
}

/// Every path in `file` that may lead into another module of its crate: `use` trees,
/// and paths in code that start with `crate`, `self`, `super` or a child module's name.
fn paths(file: &File) -> Vec<UsePath> {
    let t = &file.tokens;
    let mut out = Vec::new();
    let mut i = 0;
    while i < t.len() {
        if t[i].is("use") && !(i > 0 && t[i - 1].is("$")) {
            i = use_paths(t, i + 1, &[], &mut out);
            continue;
        }
        let starts = t[i].ident().is_some_and(|w| matches!(w, "crate" | "self" | "super") || file.children.contains(w))
            && t.get(i + 1).is_some_and(|n| n.is("::"))
            && !(i > 0 && (t[i - 1].is("::") || t[i - 1].is("$") || t[i - 1].is(".")));
        if starts {
            let mut segments = vec![t[i].text.clone()];
            let mut j = i + 1;
            while t.get(j).is_some_and(|n| n.is("::")) && t.get(j + 1).and_then(Token::ident).is_some() {
                segments.push(t[j + 1].text.clone());
                j += 2;
            }
            out.push(UsePath { segments, name: None, line: t[i].line });
            i = j;
            continue;
        }
        i += 1;
    }
    out
}

/// Each crate's import circles: its crate root, its modules, and in words the modules
/// and the uses that close it (`file:line uses module`).
fn circles(files: &[File]) -> Vec<(String, BTreeSet<String>, String)> {
    let mut by_crate: BTreeMap<&str, Vec<&File>> = BTreeMap::new();
    for f in files {
        by_crate.entry(&f.krate).or_default().push(f);
    }
    let mut found = Vec::new();
    for (krate, files) in by_crate {
        let modules = Modules::new(&files);
        // module -> module it uses -> the first line that does.
        let mut edges: BTreeMap<String, BTreeMap<String, (String, usize)>> = BTreeMap::new();
        for f in &files {
            for p in paths(f) {
                if let Some(to) = modules.target(&f.module, &p.segments, 0).filter(|to| *to != f.module) {
                    edges.entry(f.module.clone()).or_default().entry(to).or_insert((f.path.clone(), p.line));
                }
            }
        }
        for component in strongly_connected(&edges) {
            let name = |m: &str| if m.is_empty() { "the crate root".to_owned() } else { format!("`{m}`") };
            let mut uses = Vec::new();
            for from in &component {
                for (to, (path, line)) in edges.get(from).into_iter().flatten() {
                    if component.contains(to) {
                        uses.push(format!("  {path}:{line} uses {}", name(to)));
                    }
                }
            }
            let members: Vec<String> = component.iter().map(|m| name(m)).collect();
            let text = format!("{krate}: {} use each other:\n{}", members.join(", "), uses.join("\n"));
            found.push((krate.to_owned(), component, text));
        }
    }
    found
}

/// The strongly connected components of more than one node (Tarjan's algorithm).
fn strongly_connected(edges: &BTreeMap<String, BTreeMap<String, (String, usize)>>) -> Vec<BTreeSet<String>> {
    struct Search<'a> {
        edges: &'a BTreeMap<String, BTreeMap<String, (String, usize)>>,
        index: BTreeMap<&'a str, usize>,
        low: BTreeMap<&'a str, usize>,
        stack: Vec<&'a str>,
        found: Vec<BTreeSet<String>>,
    }
    impl<'a> Search<'a> {
        fn visit(&mut self, v: &'a str) {
            let n = self.index.len();
            self.index.insert(v, n);
            self.low.insert(v, n);
            self.stack.push(v);
            for w in self.edges.get(v).into_iter().flat_map(BTreeMap::keys) {
                if !self.index.contains_key(w.as_str()) {
                    self.visit(w);
                    let low = self.low[v].min(self.low[w.as_str()]);
                    self.low.insert(v, low);
                } else if self.stack.contains(&w.as_str()) {
                    let low = self.low[v].min(self.index[w.as_str()]);
                    self.low.insert(v, low);
                }
            }
            if self.low[v] == self.index[v] {
                let mut component = BTreeSet::new();
                while let Some(w) = self.stack.pop() {
                    component.insert(w.to_owned());
                    if w == v {
                        break;
                    }
                }
                if component.len() > 1 {
                    self.found.push(component);
                }
            }
        }
    }
    let mut search =
        Search { edges, index: BTreeMap::new(), low: BTreeMap::new(), stack: Vec::new(), found: Vec::new() };
    for v in edges.keys() {
        if !search.index.contains_key(v.as_str()) {
            search.visit(v);
        }
    }
    search.found
}

/// Whether `members`, the modules of an import circle of the crate rooted at `krate`,
/// are all among one of [`CIRCLES_LEFT`]'s.
fn circle_left(krate: &str, members: &BTreeSet<String>) -> bool {
    CIRCLES_LEFT.iter().any(|(root, patterns, _)| {
        *root == krate
            && members.iter().all(|m| {
                patterns.iter().any(|p| match p.strip_suffix("::*") {
                    Some(parent) => m.starts_with(&format!("{parent}::")),
                    None => m == p,
                })
            })
    })
}

#[test]
fn no_two_modules_of_a_crate_use_each_other() {
    let found = circles(&product_files(&repo_root()));
    let new: Vec<&String> =
        found.iter().filter(|(krate, members, _)| !circle_left(krate, members)).map(|(_, _, text)| text).collect();
    assert!(
        new.is_empty(),
        "import circles (move what both need to a module below them):\n{}",
        new.iter().map(|t| t.as_str()).collect::<Vec<_>>().join("\n")
    );
    for (root, patterns, _) in CIRCLES_LEFT {
        assert!(
            found.iter().any(|(krate, members, _)| krate == root && circle_left(krate, members)),
            "{root}: no circle among {patterns:?} is left: take it off CIRCLES_LEFT"
        );
    }
}

#[test]
fn a_planted_circle_is_found_naming_its_modules_and_uses() {
    let files = product_files(&repo_root());
    // Two modules: `ui` uses `style`; `style` using `ui` closes a circle.
    let (planted, line) = plant(&files, "client-cli/src/style.rs", "use crate::ui::Seats;");
    let found: Vec<String> = circles(&planted).into_iter().map(|(_, _, text)| text).collect();
    let circle =
        found.iter().find(|c| c.contains("`style`, `ui` use each other")).unwrap_or_else(|| panic!("{found:?}"));
    assert!(circle.contains(&format!("client-cli/src/style.rs:{line} uses `ui`")), "{circle}");
    assert!(circle.contains("client-cli/src/ui.rs:"), "{circle}");
    // Round a circle, through `super::` and the registry: a ruleset's view using `play`.
    let (planted, _) = plant(&files, "client-cli/src/rulesets/zone/mod.rs", "use super::super::play::First;");
    let found: Vec<String> = circles(&planted).into_iter().map(|(_, _, text)| text).collect();
    assert!(found.iter().any(|c| c.contains("`play`") && c.contains("`rulesets::zone`")), "{found:?}");
}

// ---------------------------------------------------------------------------------
// Ruleset names

/// What names a ruleset, read off the registries and the rulesets' own files.
#[derive(Debug, Default)]
struct RulesetNames {
    /// The rulesets' modules, named as path segments (`zone::`).
    modules: BTreeSet<String>,
    /// Identifiers that name one: enum variants and types of its own.
    idents: BTreeSet<String>,
    /// The files that may name them: the registries and the rulesets' own.
    allowed: BTreeSet<String>,
}

/// The variants of every `enum` in `tokens`.
fn enum_variants(tokens: &[Token]) -> Vec<String> {
    let mut variants = Vec::new();
    for i in 0..tokens.len() {
        if !(tokens[i].is("enum") && tokens.get(i + 2).is_some_and(|t| t.is("{"))) {
            continue;
        }
        let end = closing(tokens, i + 2);
        let mut j = i + 3;
        let mut expect = true;
        while j < end {
            let t = &tokens[j];
            if t.is("#") {
                j = closing(tokens, j + 1);
            } else if t.is("(") || t.is("{") || t.is("[") {
                j = closing(tokens, j);
            } else if t.is(",") {
                expect = true;
            } else if let Some(word) = t.ident().filter(|_| expect) {
                variants.push(word.to_owned());
                expect = false;
            }
            j += 1;
        }
    }
    variants
}

/// The types `tokens` declare: `struct`, `enum`, `union`, `trait` and `type` names.
fn declared_types(tokens: &[Token]) -> Vec<String> {
    tokens
        .windows(2)
        .filter(|w| ["struct", "enum", "union", "trait", "type"].iter().any(|k| w[0].is(k)))
        .filter_map(|w| w[1].ident().map(str::to_owned))
        .collect()
}

/// The names of `proto/fray/v1`'s messages and enums, and the wire `Ruleset`'s values
/// as the generated enum names them (`RULESET_DOG_FIGHT`: `DogFight`).
fn proto_names(root: &Path) -> (BTreeSet<String>, BTreeSet<String>) {
    let (mut types, mut rulesets) = (BTreeSet::new(), BTreeSet::new());
    for entry in std::fs::read_dir(root.join("proto/fray/v1")).unwrap() {
        let text = std::fs::read_to_string(entry.unwrap().path()).unwrap();
        for w in text.split_whitespace().collect::<Vec<_>>().windows(2) {
            if w[0] == "message" || w[0] == "enum" {
                types.insert(w[1].to_owned());
            }
            if let Some(value) = w[0].strip_prefix("RULESET_").filter(|v| *v != "UNSPECIFIED" && w[1] == "=") {
                let camel: String =
                    value.split('_').map(|part| part[..1].to_owned() + &part[1..].to_lowercase()).collect();
                rulesets.insert(camel);
            }
        }
    }
    (types, rulesets)
}

impl RulesetNames {
    fn read(root: &Path, files: &[File]) -> Self {
        let by_path: BTreeMap<&str, &File> = files.iter().map(|f| (f.path.as_str(), f)).collect();
        let mut names = RulesetNames::default();
        let (proto_types, wire_rulesets) = proto_names(root);
        names.idents.extend(wire_rulesets);
        // Each registry, its ruleset modules and the files under them.
        let mut own_modules: Vec<(&str, String)> = Vec::new();
        for registry in REGISTRIES {
            let file = by_path.get(registry).unwrap_or_else(|| panic!("no registry {registry}"));
            names.allowed.insert(file.path.clone());
            names.idents.extend(enum_variants(&file.tokens).into_iter().filter(|v| v != "Shared"));
            for child in file.children.iter().filter(|c| !SHARED_MODULES.contains(&c.as_str())) {
                names.modules.insert(child.clone());
                own_modules.push((&file.krate, format!("{}{child}", prefix(&file.module))));
            }
        }
        let own = |f: &File| {
            own_modules
                .iter()
                .any(|(krate, m)| *krate == f.krate && (f.module == *m || f.module.starts_with(&format!("{m}::"))))
        };
        let mut elsewhere: BTreeSet<String> = proto_types;
        let mut theirs = BTreeSet::new();
        for f in files {
            if own(f) {
                names.allowed.insert(f.path.clone());
                theirs.extend(declared_types(&f.tokens));
            } else if !names.allowed.contains(&f.path) {
                elsewhere.extend(declared_types(&f.tokens));
                elsewhere.extend(enum_variants(&f.tokens));
            }
        }
        names.idents.extend(theirs.into_iter().filter(|t| !elsewhere.contains(t)));
        names
    }

    /// Where `file` names a ruleset: (line, the name).
    fn named_in(&self, file: &File) -> Vec<(usize, String)> {
        let t = &file.tokens;
        let mut found = Vec::new();
        for (i, tok) in t.iter().enumerate() {
            let Some(word) = tok.ident() else { continue };
            if self.modules.contains(word) && t.get(i + 1).is_some_and(|n| n.is("::")) {
                found.push((tok.line, format!("{word}::")));
            } else if self.idents.contains(word) {
                found.push((tok.line, word.to_owned()));
            }
        }
        found
    }
}

/// `module::`, or nothing for the crate root.
fn prefix(module: &str) -> String {
    if module.is_empty() { String::new() } else { format!("{module}::") }
}

/// Every product file outside the registries, the rulesets' own and the exceptions
/// that names a ruleset: `path:line: name`.
fn ruleset_names_outside(root: &Path, files: &[File]) -> Vec<String> {
    let names = RulesetNames::read(root, files);
    let mut found = Vec::new();
    for f in files {
        if names.allowed.contains(&f.path) || NAMING_EXCEPTIONS.iter().any(|(path, _)| *path == f.path) {
            continue;
        }
        for (line, name) in names.named_in(f) {
            found.push(format!("{}:{line}: {name}", f.path));
        }
    }
    found
}

#[test]
fn only_the_registries_and_the_rulesets_own_files_name_a_ruleset() {
    let root = repo_root();
    let found = ruleset_names_outside(&root, &product_files(&root));
    assert!(
        found.is_empty(),
        "product files outside the registries and the rulesets' own name a ruleset (docs/architecture.md, \
         \"Where a sixth ruleset goes\"):\n{}",
        found.join("\n")
    );
}

#[test]
fn a_planted_ruleset_name_is_found_with_its_file_and_line() {
    let root = repo_root();
    let files = product_files(&root);
    let code = "fn planted(s: &fray_core::GameState) -> bool {\n    matches!(s, fray_core::GameState::Castle(_)) || fray_core::Ruleset::DogFight as i32 == 5\n}\nfn typed(_: fray_core::rulesets::zone::ZoneState) {}\nconst R: crate::rulesets::RulesetArg = crate::rulesets::RulesetArg::Rift;";
    let (planted, line) = plant(&files, "client-cli/src/trace.rs", code);
    let found = ruleset_names_outside(&root, &planted);
    for name in [
        format!("{}: Castle", line + 1),
        format!("{}: DogFight", line + 1),
        format!("{}: zone::", line + 3),
        format!("{}: ZoneState", line + 3),
        format!("{}: Rift", line + 4),
    ] {
        let want = format!("client-cli/src/trace.rs:{name}");
        assert!(found.contains(&want), "{want} not in {found:?}");
    }
    // In a ruleset's own folder the same code is no finding.
    let (planted, _) = plant(&files, "client-cli/src/rulesets/keyforge/words.rs", code);
    assert_eq!(ruleset_names_outside(&root, &planted), ruleset_names_outside(&root, &files));
}

#[test]
fn the_exceptions_exist() {
    let root = repo_root();
    let files = product_files(&root);
    for (path, _) in NAMING_EXCEPTIONS {
        assert!(files.iter().any(|f| f.path == *path), "{path} is no product file");
    }
}
