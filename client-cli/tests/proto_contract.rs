//! The fray.v1 contract is guarded: `scripts/buf-check.sh` runs `buf lint` (the
//! STANDARD rules, with the exceptions proto/buf.yaml lists) and `buf breaking` against
//! proto/fray-v1.binpb, the image of fray.v1 before any change was checked. Buf's
//! exceptions are whole files, so the test also holds what they hide to the five names
//! they are for. The second test breaks copies of proto/ and expects the check to fail,
//! so a check that passes everything cannot go unnoticed.
//!
//! Needs python3 with venv and pip, and the package index (first run only: the script
//! installs the Buf CLI, PyPI's buf-bin, in a venv under the target folder). A missing
//! python3 or pip fails these tests with the script's message; they are never skipped.
#![allow(clippy::unwrap_used, clippy::panic)]

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// What buf.yaml excepts, and nothing more: the rule and the name it finds. Each is a
/// name on the wire (buf.yaml says why).
const EXCEPTED: [&str; 5] = [
    "SERVICE_SUFFIX Agent",
    "SERVICE_SUFFIX Rules",
    "ENUM_ZERO_VALUE_SUFFIX REACH_NONE",
    "ENUM_ZERO_VALUE_SUFFIX ORIENTATION_FORWARD",
    "ENUM_ZERO_VALUE_SUFFIX CASTLE_EFFECT_NONE",
];

fn repo() -> PathBuf {
    PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/.."))
}

/// Runs the script on `args` (none: proto/ against its image).
fn run_script(args: &[&Path]) -> Output {
    let script = repo().join("scripts/buf-check.sh");
    Command::new("bash")
        .arg(&script)
        .args(args)
        .output()
        .unwrap_or_else(|e| panic!("cannot run bash {}: {e}", script.display()))
}

fn text(out: &Output) -> String {
    format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr))
}

/// The `excepted` lines' findings as `RULE NAME`, in order; a line of another shape is
/// an error.
fn excepted(stdout: &str) -> Result<Vec<String>, String> {
    stdout
        .lines()
        .filter_map(|l| l.strip_prefix("excepted "))
        .map(|line| {
            // `fray/v1/agent.proto(12,9) : error SERVICE_SUFFIX : Service name "Agent" should ...`
            let mut parts = line.splitn(3, " : ");
            let (_, rule, message) = (parts.next(), parts.next(), parts.next());
            let rule = rule.and_then(|r| r.strip_prefix("error ")).ok_or_else(|| format!("no rule in {line:?}"))?;
            let name = message
                .and_then(|m| m.split_once(" name \""))
                .and_then(|(_, rest)| rest.split_once('"'))
                .ok_or_else(|| format!("no name in {line:?}"))?
                .0;
            Ok(format!("{rule} {name}"))
        })
        .collect()
}

/// Whether the excepted findings are exactly [`EXCEPTED`].
fn only_the_known_exceptions(stdout: &str) -> Result<(), String> {
    let found = excepted(stdout)?;
    if found == EXCEPTED { Ok(()) } else { Err(format!("buf.yaml's exceptions hide {found:?}, expected {EXCEPTED:?}")) }
}

#[test]
fn the_contract_passes_buf_lint_and_breaking_against_its_image() {
    let out = run_script(&[]);
    let all = text(&out);
    assert!(
        out.status.success(),
        "scripts/buf-check.sh refused fray.v1 (exit {:?}; 2 means it could not run: it needs python3 with \
         venv and pip):\n{all}",
        out.status.code()
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.lines().any(|l| l.starts_with("ok      buf lint ")), "{all}");
    assert!(stdout.lines().any(|l| l.starts_with("ok      buf breaking ") && l.contains("fray-v1.binpb")), "{all}");
    if let Err(why) = only_the_known_exceptions(&stdout) {
        panic!("{why}: a new name in an excepted file breaks a STANDARD rule; follow the rule\n{all}");
    }
}

/// A copy of proto/ (buf.yaml, the image, fray/v1/*.proto) with `edit` applied to
/// fray/v1/`file`.
fn broken_copy(name: &str, file: &str, edit: impl Fn(&str) -> String) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("proto-contract-{name}"));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(dir.join("fray/v1")).unwrap();
    fs::copy(repo().join("proto/buf.yaml"), dir.join("buf.yaml")).unwrap();
    for entry in fs::read_dir(repo().join("proto/fray/v1")).unwrap() {
        let path = entry.unwrap().path();
        let text = fs::read_to_string(&path).unwrap();
        let file_name = path.file_name().unwrap();
        let text = if file_name == file { edit(&text) } else { text };
        fs::write(dir.join("fray/v1").join(file_name), text).unwrap();
    }
    dir
}

fn replace_once(text: &str, from: &str, to: &str) -> String {
    assert!(text.contains(from), "the proto no longer contains {from:?}: update this test");
    text.replacen(from, to, 1)
}

/// Runs the check on `dir` against the committed image and expects it to fail (exit 1,
/// not 2: a check that cannot run proves nothing) with `expected` in its output.
fn expect_broken(dir: &Path, expected: &str) {
    let image = repo().join("proto/fray-v1.binpb");
    let out = run_script(&[dir, &image]);
    let all = text(&out);
    assert_eq!(out.status.code(), Some(1), "expected exit 1 (broken) for {}:\n{all}", dir.display());
    assert!(all.contains("FAILED  "), "{all}");
    assert!(all.contains(expected), "expected {expected:?} in the output:\n{all}");
}

#[test]
fn a_broken_copy_of_the_contract_fails_the_check() {
    // A renamed field.
    let dir =
        broken_copy("renamed-field", "state.proto", |t| replace_once(t, "uint32 turn = 5;", "uint32 turn_number = 5;"));
    expect_broken(&dir, "FIELD_SAME_NAME : Field \"5\" on message \"GameState\" changed name from \"turn\"");

    // A changed field number (the old one is gone, the new one appears).
    let dir =
        broken_copy("renumbered-field", "state.proto", |t| replace_once(t, "uint32 turn = 5;", "uint32 turn = 55;"));
    expect_broken(&dir, "FIELD_NO_DELETE : Previously present field \"5\" with name \"turn\" on message \"GameState\"");

    // A renamed RPC.
    let dir = broken_copy("renamed-rpc", "rules.proto", |t| replace_once(t, "rpc ResolveStrike(", "rpc Resolve("));
    expect_broken(&dir, "RPC_NO_DELETE : Previously present RPC \"ResolveStrike\" on service \"Rules\"");

    // An addition that breaks a STANDARD rule: buf lint refuses it.
    let dir = broken_copy("lint", "rules.proto", |t| format!("{t}\nmessage list_things_request {{}}\n"));
    expect_broken(&dir, "MESSAGE_PASCAL_CASE");

    // An addition to an excepted file that breaks an excepted rule: buf passes it (the
    // exception is the whole file), the list of what the exceptions hide does not.
    let dir = broken_copy("excepted", "state.proto", |t| format!("{t}\nenum Colour {{\n  COLOUR_RED = 0;\n}}\n"));
    let out = run_script(&[&dir, &repo().join("proto/fray-v1.binpb")]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{}", text(&out));
    let why = only_the_known_exceptions(&stdout).unwrap_err();
    assert!(why.contains("ENUM_ZERO_VALUE_SUFFIX COLOUR_RED"), "{why}");
}
