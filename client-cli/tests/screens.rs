//! `fray play` in a real 120x40 pseudo-terminal: a whole game of each ruleset's
//! default scenario at easy difficulty (Dog Fight at two, three and four seats), the person
//! reading the help's pages first, then answering every prompt with `1`, or with the first key the prompt offers when it
//! offers no number. Every screen between two prompts must fit 40 rows with the prompt
//! and 120 columns (ANSI escapes stripped), no wire name may show, ending a phase or
//! passing is never on a number, and the board marks what changed since the person's
//! last move (issue 38).
#![allow(clippy::unwrap_used, clippy::panic)]

use std::fs::File;
use std::io::{Read as _, Write as _};
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

const COLUMNS: usize = 120;
const ROWS: usize = 40;
/// Prompts answered before the person quits: every game here ends well before.
const MAX_PROMPTS: usize = 400;

/// What marks a board line changed since the person's last move (the CLI's
/// `style::CHANGED_MARK`).
const CHANGED: &str = fray_cli::style::CHANGED_MARK;

/// What the person types at the first prompts: every page of the help.
const HELP: [&str; 2] = ["help", "help 2"];

/// `text` without ANSI escapes (CSI sequences).
fn strip(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        if c == '\x1b' {
            if chars.next() == Some('[') {
                for c in chars.by_ref() {
                    if c.is_ascii_alphabetic() {
                        break;
                    }
                }
            }
        } else {
            out.push(c);
        }
    }
    out
}

/// The rows a terminal shows of `screen` (ANSI stripped): `\r\n` is one line end, and
/// a bare `\r` returns to the line's start, so what follows it is what shows.
fn rows(screen: &str) -> Vec<String> {
    let text = screen.replace("\r\n", "\n");
    let mut rows: Vec<String> = text.split('\n').map(|l| l.rsplit('\r').next().unwrap_or("").to_owned()).collect();
    rows.pop(); // the prompt's own line, which starts after the last line end
    rows
}

/// Plays `fray play ARGS` in a 120x40 pseudo-terminal; every screen (what is written
/// from the end of one prompt to the start of the next, the echo of the answer left
/// out) with the prompt after it, and the game's last screen with "END".
fn play(args: &[&str]) -> Vec<(Vec<String>, String)> {
    use rustix::pty::{OpenptFlags, grantpt, openpt, ptsname, unlockpt};
    let master = openpt(OpenptFlags::RDWR | OpenptFlags::NOCTTY).unwrap();
    grantpt(&master).unwrap();
    unlockpt(&master).unwrap();
    let size = rustix::termios::Winsize { ws_row: ROWS as u16, ws_col: COLUMNS as u16, ws_xpixel: 0, ws_ypixel: 0 };
    rustix::termios::tcsetwinsize(&master, size).unwrap();
    let name = ptsname(&master, Vec::new()).unwrap();
    let slave = File::options().read(true).write(true).open(name.to_str().unwrap()).unwrap();
    // A short folder, so that the replay's path (one word, never wrapped) fits 120
    // columns wherever the repository is cloned.
    let dir = std::env::temp_dir().join(format!("fray-pty-{}", args.join("").replace('-', "")));
    let mut child = Command::new(env!("CARGO_BIN_EXE_fray"))
        .args(["play", "--difficulty", "easy", "--seed", "7", "--replay-dir", dir.to_str().unwrap()])
        .args(args)
        .env_remove("NO_COLOR")
        .env("COLUMNS", COLUMNS.to_string())
        .env("LINES", ROWS.to_string())
        .stdin(Stdio::from(slave.try_clone().unwrap()))
        .stdout(Stdio::from(slave.try_clone().unwrap()))
        .stderr(Stdio::from(slave))
        .spawn()
        .unwrap();
    let mut master = File::from(master);
    let mut reader = master.try_clone().unwrap();
    let (tx, rx) = mpsc::channel::<Vec<u8>>();
    std::thread::spawn(move || {
        let mut buf = [0u8; 65536];
        // The read fails (EIO) once the child has exited and the terminal is closed.
        while let Ok(n) = reader.read(&mut buf) {
            if n == 0 || tx.send(buf[..n].to_vec()).is_err() {
                break;
            }
        }
    });
    let (mut screens, mut raw, mut first) = (Vec::new(), Vec::new(), true);
    loop {
        match rx.recv_timeout(Duration::from_secs(120)) {
            Ok(bytes) => raw.extend_from_slice(&bytes),
            Err(mpsc::RecvTimeoutError::Disconnected) => break,
            Err(mpsc::RecvTimeoutError::Timeout) => panic!("no output for 2 minutes: {}", strip(&lossy(&raw))),
        }
        let text = strip(&lossy(&raw));
        let Some(at) = text.rfind("your move (").filter(|_| text.trim_end().ends_with(")>")) else { continue };
        let prompt = text[at + "your move (".len()..].trim_end().trim_end_matches(")>").to_owned();
        // The answer's echo ends the prompt's line: what follows is the screen.
        let screen = if first { &text[..at] } else { text[..at].split_once('\n').map_or("", |(_, s)| s) };
        // The help's pages first: each must fit too.
        let answer = if screens.len() < HELP.len() {
            HELP[screens.len()].to_owned()
        } else if screens.len() >= MAX_PROMPTS {
            "quit".to_owned()
        } else if prompt.starts_with(|c: char| c.is_ascii_digit()) {
            "1".to_owned()
        } else {
            prompt.split(", ").next().unwrap().to_owned()
        };
        screens.push((rows(screen), prompt));
        master.write_all(format!("{answer}\n").as_bytes()).unwrap();
        (raw, first) = (Vec::new(), false);
    }
    let text = strip(&lossy(&raw));
    screens.push((rows(text.split_once('\n').map_or("", |(_, s)| s)), "END".to_owned()));
    assert!(child.wait().unwrap().success(), "{}", text);
    screens
}

fn lossy(raw: &[u8]) -> String {
    String::from_utf8_lossy(raw).into_owned()
}

/// Plays a game and checks each screen: 40 rows with the prompt, 120 columns, no wire
/// names, no ending on a number, a prompt that offers numbers only for the rest.
fn check(args: &[&str]) {
    let screens = play(args);
    let (last, _) = screens.last().unwrap();
    assert!(last.iter().any(|l| l.starts_with("game over on turn ")), "the game ended:\n{}", last.join("\n"));
    // In colour, the board marks the lines changed since the person's last move: none
    // before the first move, some once the bots have answered.
    let marked = |screen: &[String]| screen.iter().any(|l| l.starts_with(CHANGED));
    let (first_board, _) = &screens[HELP.len()];
    assert!(!marked(first_board), "nothing changed yet: {}", first_board.join("\n"));
    assert!(screens.iter().any(|(s, _)| marked(s)), "{args:?}: no board marked a change");
    for (i, (screen, prompt)) in screens.iter().enumerate() {
        let shown = || format!("{args:?}, screen {i} (prompt {prompt}):\n{}", screen.join("\n"));
        if prompt != "END" {
            assert!(screen.len() < ROWS, "{} rows and the prompt, over {ROWS}: {}", screen.len(), shown());
        }
        for line in screen {
            assert!(line.chars().count() <= COLUMNS, "a line over {COLUMNS} columns: {line}\n{}", shown());
            for wire in ["PHASE_", "RULESET_"] {
                assert!(!line.contains(wire), "{wire}: {}", shown());
            }
            // A menu line is `  KEY  TEXT`: ending a phase or passing has a letter.
            let item = line.trim_start().split_once("  ");
            if let Some((key, text)) = item.filter(|(k, _)| k.parse::<usize>().is_ok()) {
                let ends = ["end the ", "end deployment", "end your ", "pass", "decline"];
                assert!(!ends.iter().any(|e| text.starts_with(e)), "{key} names an ending: {}", shown());
            }
        }
    }
}

#[test]
fn every_screen_of_a_whole_egame_fits_120_by_40() {
    check(&["--ruleset", "egame", "--first", "you"]);
}

#[test]
fn every_screen_of_a_whole_rift_game_fits_120_by_40() {
    check(&["--ruleset", "rift", "--first", "bot"]);
}

#[test]
fn every_screen_of_a_whole_keyforge_game_fits_120_by_40() {
    check(&["--ruleset", "keyforge", "--first", "you"]);
}

#[test]
fn every_screen_of_a_whole_castle_rampage_game_fits_120_by_40() {
    check(&["--ruleset", "castle-rampage", "--first", "you"]);
}

#[test]
fn every_screen_of_a_whole_dog_fight_duel_fits_120_by_40() {
    check(&["--ruleset", "dog-fight", "--first", "you"]);
}

#[test]
fn every_screen_of_a_whole_three_seat_dog_fight_fits_120_by_40() {
    check(&["--ruleset", "dog-fight", "--players", "3", "--first", "you"]);
}

#[test]
fn every_screen_of_a_whole_four_seat_dog_fight_fits_120_by_40() {
    // The 4-seat scenario, melee, is the one dealt for four players.
    check(&["--ruleset", "dog-fight", "--players", "4", "--first", "you"]);
}
