//! The repository stands alone: no tracked file refers to a path outside it.
//!
//! A user clones only this repository, so nothing in it may read, include or link a
//! file beside it. The test lists the tracked files with `git ls-files` and scans
//! every text file (Cargo.lock aside) for
//!
//! - the folders the project's design notes live in beside the repository (the
//!   patterns are built from pieces below, so this file does not match itself);
//! - relative paths that climb out of the repository: a run of `..` segments longer
//!   than the depth of the folder it is relative to. That folder is the file's own
//!   (`include_str!`, scripts, Markdown link targets), the crate's on a line that
//!   names `CARGO_MANIFEST_DIR`, and the repository root for Markdown prose outside
//!   link targets (the docs name paths from the root).
//!
//! Outside a git checkout (a source tarball) it says so and passes, unless `CI` is
//! set: CI always runs it in a checkout, and there a missing checkout is a failure.
#![allow(clippy::unwrap_used, clippy::panic)]

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Command;

/// One `..` segment followed by a slash, for building the test inputs.
const UP: &str = "../";

/// The repository root (the workspace folder).
fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap().to_path_buf()
}

/// Paths that name the folders beside the repository where the design notes, seeds
/// and data used to be read from.
fn forbidden_patterns() -> Vec<String> {
    let beside = ["..", "shared"].join("/");
    let mut patterns = vec![beside];
    for folder in ["design", "data", "seeds", "hooks"] {
        patterns.push(["shared", folder].join("/"));
    }
    patterns
}

/// Something a file refers to outside the repository.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Finding {
    /// The file, relative to the repository root.
    path: String,
    /// 1-based line number.
    line: usize,
    /// Why it leaves the repository.
    why: String,
}

/// Depth of the folder holding `path` (a path relative to the root, `/`-separated).
fn folder_depth(path: &str) -> usize {
    path.matches('/').count()
}

/// Depth of the crate folder holding `path`: the nearest folder above it with a
/// tracked Cargo.toml (the root's workspace manifest counts as depth 0).
fn crate_depth(path: &str, manifests: &BTreeSet<String>) -> usize {
    let mut folder = Path::new(path).parent();
    while let Some(dir) = folder {
        let manifest = dir.join("Cargo.toml");
        if manifests.contains(manifest.to_str().unwrap_or_default()) {
            return dir.components().count();
        }
        folder = dir.parent();
    }
    0
}

fn is_word_or_dot(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_' || b == b'.'
}

/// The `..` path climbs in `line`: (byte offset, number of `..` segments). A run of
/// `..` segments is a path when a slash follows its first segment or precedes it;
/// Rust ranges (`0..4`, `[..]`, `..Default::default()`) and ellipses are not.
fn climbs(line: &str) -> Vec<(usize, usize)> {
    let b = line.as_bytes();
    let segment_at = |j: usize| {
        j + 1 < b.len() && b[j] == b'.' && b[j + 1] == b'.' && (j + 2 == b.len() || !is_word_or_dot(b[j + 2]))
    };
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        if (i == 0 || !is_word_or_dot(b[i - 1])) && segment_at(i) {
            let preceded_by_slash = i > 0 && b[i - 1] == b'/';
            let followed_by_slash = b.get(i + 2) == Some(&b'/');
            let mut k = 0;
            let mut j = i;
            while segment_at(j) {
                k += 1;
                j += 2;
                if b.get(j) == Some(&b'/') {
                    j += 1;
                } else {
                    break;
                }
            }
            if preceded_by_slash || followed_by_slash {
                out.push((i, k));
            }
            i = j.max(i + 1);
        } else {
            i += 1;
        }
    }
    out
}

/// Everything `text` (the file `path`) refers to outside the repository.
fn outside_references(path: &str, text: &str, manifests: &BTreeSet<String>) -> Vec<Finding> {
    let patterns = forbidden_patterns();
    let markdown = path.ends_with(".md");
    let mut found = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let at = |why: String| Finding { path: path.to_owned(), line: n + 1, why };
        for pattern in &patterns {
            if line.contains(pattern.as_str()) {
                found.push(at(format!("names `{pattern}`, a folder outside the repository")));
            }
        }
        for (offset, k) in climbs(line) {
            let (anchor, depth) = if line.contains("CARGO_MANIFEST_DIR") {
                ("the crate folder", crate_depth(path, manifests))
            } else if markdown && !line[..offset].ends_with("](") {
                ("the repository root (Markdown prose names paths from the root)", 0)
            } else {
                ("the file's folder", folder_depth(path))
            };
            if k > depth {
                found.push(at(format!(
                    "climbs {k} folder(s) up from {anchor}, {depth} below the root: `{}`",
                    line[offset..].split(['"', '`', ')', ' ']).next().unwrap_or_default()
                )));
            }
        }
    }
    found
}

/// The tracked files, or why there are none to scan (not a git checkout of this
/// repository, or no git).
fn tracked_files(root: &Path) -> Result<Vec<String>, String> {
    let output = Command::new("git")
        .arg("-C")
        .arg(root)
        .args(["ls-files", "-z"])
        .output()
        .map_err(|e| format!("cannot run git: {e}"))?;
    if !output.status.success() {
        return Err(format!("git ls-files failed: {}", String::from_utf8_lossy(&output.stderr).trim()));
    }
    let files: Vec<String> = output
        .stdout
        .split(|&b| b == 0)
        .filter(|f| !f.is_empty())
        .map(|f| String::from_utf8_lossy(f).into_owned())
        .collect();
    if !files.iter().any(|f| f == "client-cli/Cargo.toml") {
        return Err(format!(
            "{} is not a checkout of this repository: client-cli/Cargo.toml is not tracked",
            root.display()
        ));
    }
    Ok(files)
}

#[test]
fn no_tracked_file_refers_to_a_path_outside_the_repository() {
    let root = repo_root();
    let files = match tracked_files(&root) {
        Ok(files) => files,
        Err(why) => {
            let ci = std::env::var_os("CI").is_some_and(|v| !v.is_empty());
            assert!(!ci, "CI must run this check in a git checkout: {why}");
            eprintln!("standalone check skipped: {why}; it runs in every git checkout");
            return;
        }
    };
    let manifests: BTreeSet<String> = files.iter().filter(|f| f.ends_with("Cargo.toml")).cloned().collect();
    let mut scanned = 0;
    let mut findings = Vec::new();
    for file in files.iter().filter(|f| f.as_str() != "Cargo.lock") {
        let Ok(bytes) = std::fs::read(root.join(file)) else {
            // Tracked but deleted in the working tree: nothing to scan.
            continue;
        };
        // Binary files (the PNG charts) cannot name a path a build or a reader follows.
        let Ok(text) = String::from_utf8(bytes) else { continue };
        if text.contains('\0') {
            continue;
        }
        scanned += 1;
        findings.extend(outside_references(file, &text, &manifests));
    }
    assert!(scanned >= 50, "only {scanned} text files scanned: is this the whole repository?");
    let listed: Vec<String> = findings.iter().map(|f| format!("  {}:{}: {}", f.path, f.line, f.why)).collect();
    assert!(
        findings.is_empty(),
        "tracked files refer to paths outside the repository (copy what is needed into it):\n{}",
        listed.join("\n")
    );
}

// ---------------------------------------------------------------------------
// The scanner itself

fn manifests() -> BTreeSet<String> {
    ["Cargo.toml", "client-cli/Cargo.toml", "core/Cargo.toml"].iter().map(|s| (*s).to_owned()).collect()
}

fn whys(path: &str, text: &str) -> Vec<String> {
    outside_references(path, text, &manifests()).into_iter().map(|f| f.why).collect()
}

#[test]
fn the_design_folders_beside_the_repository_are_found_by_name() {
    let shared = ["shared", "design", "examples", "a.json"].join("/");
    // The old example path, from the root: named and climbing.
    let found = whys("README.md", &format!("F={UP}{shared}"));
    assert_eq!(found.len(), 3, "{found:?}");
    // Named without a climb (an absolute path) still counts.
    let found = whys("docs/api.md", &format!("see /somewhere/{shared}"));
    assert_eq!(found.len(), 1, "{found:?}");
    assert!(found[0].contains(&format!("names `{}`", ["shared", "design"].join("/"))), "{found:?}");
    for folder in ["data", "seeds", "hooks"] {
        assert_eq!(whys("core/src/cards.rs", &format!("x {}", ["shared", folder].join("/"))).len(), 1);
    }
    assert!(whys("core/src/cards.rs", "a shared design, shared data").is_empty());
}

#[test]
fn include_str_climbs_are_relative_to_the_file() {
    let inside = format!("include_str!(\"{}examples/resolve-blocked.json\")", UP.repeat(2));
    assert!(whys("client-cli/src/json.rs", &inside).is_empty());
    let outside = format!("include_str!(\"{}elsewhere/resolve-blocked.json\")", UP.repeat(3));
    let found = whys("client-cli/src/json.rs", &outside);
    assert_eq!(found.len(), 1, "{found:?}");
    assert!(found[0].starts_with("climbs 3 folder(s) up from the file's folder, 2 below"), "{found:?}");
}

#[test]
fn manifest_dir_climbs_are_relative_to_the_crate() {
    let manifest = "concat!(env!(\"CARGO_MANIFEST_DIR\"), \"/";
    let inside = format!("{manifest}{}scripts/python-client.sh\")", UP);
    assert!(whys("client-cli/tests/python_interop.rs", &inside).is_empty());
    // Two levels up from client-cli/ is outside, though the file itself is two deep.
    let outside = format!("{manifest}{}elsewhere/x.json\")", UP.repeat(2));
    let found = whys("client-cli/tests/cli.rs", &outside);
    assert_eq!(found.len(), 1, "{found:?}");
    assert!(found[0].contains("from the crate folder, 1 below the root"), "{found:?}");
    // A climb at the end of the path counts too.
    let end = format!("{manifest}{UP}..\")");
    assert_eq!(whys("client-cli/tests/cli.rs", &end).len(), 1);
}

#[test]
fn markdown_prose_names_paths_from_the_root_and_links_from_the_file() {
    let prose = format!("the notes in `{}notes/contract.md`", UP);
    assert_eq!(whys("deploy/README.md", &prose).len(), 1);
    let link = format!("[the README]({}README.md)", UP);
    assert!(whys("docs/api.md", &link).is_empty());
    let far_link = format!("[notes]({}notes.md)", UP.repeat(2));
    assert_eq!(whys("docs/api.md", &far_link).len(), 1);
}

#[test]
fn scripts_may_climb_to_the_root_from_their_own_folder() {
    let ci = "cd \"$(dirname \"$0\")/..\"";
    assert!(whys(".ci/run", ci).is_empty());
    assert_eq!(whys("run.sh", ci).len(), 1, "from the root, the same climb leaves the repository");
}

#[test]
fn ranges_and_ellipses_are_not_paths() {
    let text = "let a = &v[..]; for i in 0..4 {} Foo { ..Default::default() }; x..=y; wait...; [a, ..]";
    assert_eq!(climbs(text), []);
    assert!(whys("core/src/lib.rs", text).is_empty());
    assert_eq!(climbs(&format!("\"{}{}x\"", UP, UP)), [(1, 2)]);
}
