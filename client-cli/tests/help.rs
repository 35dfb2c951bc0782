//! `help` in `fray play`, for every ruleset: how a game is won, in the catalogue's
//! words, and what each keyword, card effect and ability timing the ruleset has does,
//! one to a line; and the opening, which tells the scenario as the catalogue does,
//! with what it deals one seat and not another (Dog Fight's duel: the first player's
//! gunship sits out turn 1) (issue 38).
#![allow(clippy::unwrap_used, clippy::panic)]

use std::process::Command;

use fray_proto::fray::v1::{CastleEffect, DogFightEffect, Keyword, Trigger};

mod common;

/// `fray play ARGS` at easy difficulty on a pipe, `input` on stdin; its stdout.
fn play(args: &[&str], input: &str) -> String {
    let dir = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("fray-help-{}", args.join("-")));
    let mut fray = Command::new(env!("CARGO_BIN_EXE_fray"));
    fray.args(["play", "--difficulty", "easy", "--seed", "3", "--first", "you", "--replay-dir", dir.to_str().unwrap()])
        .args(args)
        .env("NO_COLOR", "1")
        .env_remove("COLUMNS")
        .env_remove("LINES");
    let out = common::with_input(&mut fray, input);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).unwrap()
}

/// `text` with every run of whitespace one space (the CLI wraps at 120 columns).
fn flat(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The values of a wire enum (`0` left out) in words: `DOG_FIGHT_EFFECT_DIRECT_HIT`
/// is `direct hit`.
fn values(name: fn(i32) -> Option<&'static str>, prefix: &str) -> Vec<String> {
    (1..64).filter_map(name).map(|w| w.trim_start_matches(prefix).replace('_', " ").to_lowercase()).collect()
}

/// The catalogue's entry of the ruleset titled `title`.
fn entry(title: &str) -> fray_core::rulesets::RulesetInfo {
    fray_core::rulesets::catalogue().into_iter().find(|r| r.title == title).unwrap()
}

#[test]
fn help_says_how_every_ruleset_is_won_and_what_each_keyword_and_effect_does() {
    let keyword = values(|n| Keyword::try_from(n).ok().map(|k| k.as_str_name()), "KEYWORD_");
    let castle = values(|n| CastleEffect::try_from(n).ok().map(|e| e.as_str_name()), "CASTLE_EFFECT_");
    let dog_fight = values(|n| DogFightEffect::try_from(n).ok().map(|e| e.as_str_name()), "DOG_FIGHT_EFFECT_");
    // KeyForge's creatures carry their keywords as fields, and its abilities' timings
    // are told as the board labels them; a new timing must be added here.
    assert_eq!(values(|n| Trigger::try_from(n).ok().map(|t| t.as_str_name()), "TRIGGER_").len(), 7);
    let keyforge: Vec<String> = [
        "armor",
        "ward",
        "stunned",
        "taunt",
        "elusive",
        "skirmish",
        "poison",
        "assault",
        "hazardous",
        "invulnerable",
        "before fight:",
        "fight:",
        "after fight:",
        "reap:",
        "destroyed:",
        "after it is damaged:",
        "after a creature is destroyed:",
    ]
    .map(str::to_owned)
    .into();
    let cases = [
        ("egame", "e:game", keyword),
        ("rift", "Dimensional Rift", vec!["armor".to_owned()]),
        ("keyforge", "KeyForge", keyforge),
        ("castle-rampage", "Castle Rampage", castle),
        ("dog-fight", "Dog Fight", dog_fight),
    ];
    for (ruleset, title, terms) in cases {
        let out = play(&["--ruleset", ruleset], "help\nquit\n");
        let help = out.split_once(&format!("How to win {title}: ")).map_or_else(|| panic!("{out}"), |(_, h)| h);
        assert!(flat(help).starts_with(&flat(entry(title).how_to_win)), "{title}: {help}");
        assert!(
            flat(help).contains("Ending a phase or the turn is always e, passing or declining n"),
            "{title}: {help}"
        );
        let lines: Vec<String> = help.lines().map(|l| l.trim_start().to_lowercase()).collect();
        for term in terms {
            // One line each: the term, then what it does.
            let line = lines.iter().find(|l| l.starts_with(&term)).unwrap_or_else(|| panic!("{title}: {term}: {help}"));
            assert!(line.len() > term.len() + 10 || line.trim_end().len() == term.len(), "{title}: {line}");
        }
    }
}

#[test]
fn the_opening_tells_the_scenario_with_the_first_players_handicap() {
    for (args, title, scenario) in [
        (&["--ruleset", "dog-fight"][..], "Dog Fight", "duel"),
        (&["--ruleset", "dog-fight", "--players", "3"][..], "Dog Fight", "trio"),
        (&["--ruleset", "keyforge", "--scenario", "mirror"][..], "KeyForge", "mirror"),
        (&["--ruleset", "castle-rampage", "--scenario", "standard"][..], "Castle Rampage", "standard"),
    ] {
        let out = play(args, "quit\n");
        let opening = flat(out.split_once("your move (").map_or(out.as_str(), |(o, _)| o));
        let said = entry(title).scenarios.into_iter().find(|s| s.name == scenario).unwrap().description;
        assert!(opening.contains(&flat(&format!("Scenario {scenario}: {said}."))), "{opening}");
    }
    let duel = flat(&play(&["--ruleset", "dog-fight", "--scenario", "duel"], "quit\n"));
    assert!(duel.contains("the first player's gunship sits out turn 1 (it starts as having attacked)."), "{duel}");
}
