//! End-to-end tests of `fray play` and `fray replay`: a whole game played through a
//! pipe, its replay checked and a tampered copy refused, the prompt's commands, and
//! the errors for bad options and bad files.
#![allow(clippy::unwrap_used, clippy::panic)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::sync::OnceLock;

mod common;
use common::{serve, stderr, stdout};

/// An answer for every prompt: `1`, and where no number is offered (only ending the
/// phase, `e`, or passing, `n`) the first of those that is legal; the others are refused.
const FIRST: &str = "1\ne\nn\n";

/// Runs `fray ARGS` with `input` on stdin (written whole, then closed).
fn fray_with_input(args: &[&str], input: &str) -> Output {
    common::with_input(Command::new(env!("CARGO_BIN_EXE_fray")).args(args).env_remove("NO_COLOR"), input)
}

fn fray(args: &[&str]) -> Output {
    fray_with_input(args, "")
}

/// Asserts success and returns stdout, which (a screen of `fray play` or `fray
/// replay`) shows no wire enum name.
fn ok(out: &Output) -> String {
    assert_eq!(out.status.code(), Some(0), "stdout:\n{}\nstderr:\n{}", stdout(out), stderr(out));
    let text = stdout(out);
    for wire in ["PHASE_", "RULESET_", "DECISION_KIND_", "DOG_FIGHT_EFFECT_", "KEYFORGE_"] {
        assert!(!text.contains(wire), "{wire} on the screen:\n{text}");
    }
    text
}

/// A fresh, empty directory for one test's replays.
fn replay_dir(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("fray-play-{name}"));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

/// The replay file `fray play` named on its last `replay saved to` line.
fn saved_replay(out: &str) -> PathBuf {
    // A line too long for 120 columns puts the path, whole, on the next line.
    let lines: Vec<&str> = out.lines().collect();
    let at = lines.iter().rposition(|l| l.contains("replay saved to")).unwrap_or_else(|| panic!("{out}"));
    let rest = lines[at].split_once("replay saved to").map_or("", |(_, p)| p.trim());
    PathBuf::from(if rest.is_empty() { lines[at + 1].trim() } else { rest })
}

fn play_args<'a>(dir: &'a Path, extra: &[&'a str]) -> Vec<&'a str> {
    let mut args = vec![
        "play",
        "--seed",
        "3",
        "--scenario",
        "duel",
        "--difficulty",
        "easy",
        "--replay-dir",
        dir.to_str().unwrap(),
    ];
    args.extend_from_slice(extra);
    args
}

/// `fray play --ruleset RULESET --seed SEED --difficulty easy` with the replays in
/// `dir`, then `extra`.
fn ruleset_args<'a>(ruleset: &'a str, dir: &'a Path, seed: &'a str, extra: &[&'a str]) -> Vec<&'a str> {
    let mut args = vec!["play", "--ruleset", ruleset, "--seed", seed, "--difficulty", "easy", "--replay-dir"];
    args.push(dir.to_str().unwrap());
    args.extend_from_slice(extra);
    args
}

/// One whole duel, played once for the tests that need it: the person always answers
/// the first listed action. The skirmish ends by turn 60, so a few thousand lines are
/// more than enough; the end of input would only quit.
fn whole_game() -> &'static (String, PathBuf) {
    static GAME: OnceLock<(String, PathBuf)> = OnceLock::new();
    GAME.get_or_init(|| {
        let dir = replay_dir("whole-game");
        let out = fray_with_input(&play_args(&dir, &["--first", "you"]), &FIRST.repeat(3000));
        let text = ok(&out);
        let replay = saved_replay(&text);
        (text, replay)
    })
}

#[test]
fn a_whole_duel_played_through_a_pipe_ends_with_a_result_and_a_replay() {
    let (out, replay) = whole_game();
    assert!(out.contains("seed 3 (replay the deal with --seed 3)"), "{out}");
    let result = out.lines().find(|l| l.starts_with("game over on turn ")).unwrap_or_else(|| panic!("{out}"));
    assert!(
        result.ends_with("you win (player 0)")
            || result.ends_with("the bot wins (player 1)")
            || result.ends_with("a draw"),
        "{result}"
    );
    assert!(!out.contains('\x1b'), "plain text on a pipe");
    assert!(!out.lines().any(|l| l.starts_with(fray_cli::style::CHANGED_MARK)), "no change marks on a pipe");
    // Both sides' moves and their events are told.
    assert!(out.lines().any(|l| l.starts_with("you: ")), "{out}");
    assert!(out.lines().any(|l| l == "bot:"), "{out}");
    assert!(out.contains(" is summoned into "), "{out}");
    assert!(!out.contains("skirmish.summon"), "no rule ids in a game's trace: {out}");

    let text = std::fs::read_to_string(replay).unwrap();
    let json: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(json["format"], "fray-replay");
    assert_eq!(json["version"], 2);
    assert_eq!(json["sealedFor"], 0, "played sealed for the person's seat");
    assert_eq!(json["ruleset"], "RULESET_EGAME");
    assert_eq!(json["scenario"], "duel");
    assert_eq!(json["seed"], 3);
    assert_eq!(json["seats"][0], serde_json::json!({"player": 0, "kind": "human"}));
    // e:game's easy errs on purpose in its share of its moves, which the replay keeps.
    let share = fray_ai::Difficulty::Easy.mistake_share(fray_core::Ruleset::Egame);
    assert!(share > 0.0);
    assert_eq!(
        json["seats"][1],
        serde_json::json!({"player": 1, "kind": "bot", "difficulty": "easy", "playouts": 150, "mistakeShare": share})
    );
    assert_eq!(json["result"]["over"], true);
    let steps = json["steps"].as_array().unwrap();
    assert!(steps.len() > 5, "{text}");
    // Actions and events are proto3 JSON.
    assert!(steps.iter().any(|s| s["action"].get("summon").is_some()), "{text}");
    assert!(steps[0]["events"].as_array().unwrap().iter().all(|e| e["rule"].is_string()), "{text}");
}

#[test]
fn the_replay_of_a_whole_game_checks_out() {
    let (_, replay) = whole_game();
    let file = replay.to_str().unwrap();
    let out = ok(&fray(&["replay", file]));
    let last = out.lines().last().unwrap();
    let steps = serde_json::from_str::<serde_json::Value>(&std::fs::read_to_string(replay).unwrap()).unwrap()["steps"]
        .as_array()
        .unwrap()
        .len();
    assert!(last.starts_with(&format!("replay OK: {steps} actions, result: ")), "{out}");
    assert!(out.contains("step 1  player 0 (you): "), "{out}");
    // --quiet prints only the verdict.
    let quiet = ok(&fray(&["replay", "--quiet", file]));
    assert_eq!(quiet.lines().collect::<Vec<_>>(), vec![last]);
}

#[test]
fn a_tampered_replay_fails_naming_the_step() {
    let (_, replay) = whole_game();
    let mut json: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(replay).unwrap()).unwrap();
    // Make the first lost hit point of the game a lost 5.
    let steps = json["steps"].as_array_mut().unwrap();
    let (step, event) = steps
        .iter()
        .enumerate()
        .find_map(|(i, s)| {
            s["events"].as_array().unwrap().iter().position(|e| e.get("playerHpLost").is_some()).map(|j| (i, j))
        })
        .expect("somebody lost HP in the game");
    steps[step]["events"][event]["playerHpLost"]["amount"] = 5.into();
    let tampered = replay_dir("tampered").join("tampered.json");
    std::fs::create_dir_all(tampered.parent().unwrap()).unwrap();
    std::fs::write(&tampered, serde_json::to_string_pretty(&json).unwrap()).unwrap();

    let out = fray(&["replay", "--quiet", tampered.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(4), "{}{}", stdout(&out), stderr(&out));
    let err = stderr(&out);
    assert!(err.contains(&format!("the replay differs at step {} (", step + 1)), "{err}");
    // A replay records what happened, not its words: the two events are shown whole.
    assert!(err.contains(&format!("event {} differs: recorded {{", event + 1)), "{err}");
    assert!(err.contains("\"amount\":5") && err.contains("\"rule\":\"egame.strike.direct\""), "{err}");
    assert!(!stdout(&out).contains("replay OK"), "{}", stdout(&out));
}

#[test]
fn the_prompt_answers_hint_why_board_help_and_bad_input_then_quits() {
    let dir = replay_dir("commands");
    let input = "help\nlegend\nall\nwhy\nhint\nbanana\n999\n126\ns 9 9 r\n\nboard\ns 0 2 r\nwhy\nquit\n";
    let out = ok(&fray_with_input(&play_args(&dir, &["--first", "you"]), input));
    // help, with the keys; the board's legend on demand only
    assert!(out.contains("  s HAND ZONE [F]  summon your hand card HAND into your zone ZONE facing F:"), "{out}");
    let flat = out.replace("\n  ", " ");
    assert!(flat.contains("Ending a phase or the turn is always e, passing or declining n, never a number"), "{out}");
    assert_eq!(out.matches("The board (e:game):").count(), 1, "{out}");
    // the short menu is a grid of summons; `all` lists each of the 126 actions
    assert!(
        out.contains("  summon: a number below (the facing the bot rates best in that zone), or s HAND ZONE FACING"),
        "{out}"
    );
    assert!(out.contains("  (all lists all 126 actions by number)"), "{out}");
    assert!(out.contains("    4  summon "), "{out}");
    assert!(out.contains("  125  set "), "{out}");
    // a turn's phase changes are told on one line
    assert!(out.contains("    turn 1, your turn: begin → battle → deployment\n"), "{out}");
    // why before the bot moved, then after its first move
    assert!(out.contains("the bot has not moved yet"), "{out}");
    // `why`: the rules behind the bot's last move; its search is its own.
    assert!(out.contains("the bot's last move, and the rule behind each step (docs/rules.md):"), "{out}");
    assert!(out.contains("(what the bot weighed is its own, as its hand is: `hint` searches for you)"), "{out}");
    // hint: a suggestion with its number and its chance to win, and the top moves with theirs
    let hint = out.lines().find(|l| l.starts_with("hint: play ")).unwrap_or_else(|| panic!("{out}"));
    let number: usize =
        hint["hint: play ".len()..].split(' ').next().unwrap().parse().unwrap_or_else(|_| panic!("{hint}"));
    assert!((1..=126).contains(&number) && hint.contains(" — summon ") && hint.ends_with("% to win)"), "{hint}");
    assert!(out.lines().any(|l| l.trim_start().starts_with(&format!("{number}  about "))), "{out}");
    // the search's statistics only with --stats
    assert!(!out.contains(" visits  mean reward "), "{out}");
    // bad input re-prompts with a reason
    assert!(out.contains("? `banana` is not an action number or a command (type help for the list)"), "{out}");
    assert!(out.contains("? there is no action 999: choose 1-125"), "{out}");
    // Ending the deployment is on `e`: its old number names nothing.
    assert!(out.contains("    e  end deployment without summoning\n"), "{out}");
    assert!(out.contains("? there is no action 126: choose 1-125"), "{out}");
    assert!(out.contains("your move (1-125, e, or help)> "), "{out}");
    assert!(out.contains("? you cannot summon hand card 9 into your zone 9: see the list"), "{out}");
    // board redraws (the opening board is drawn twice before the first action)
    assert_eq!(out.matches("Turn 1 · your turn · deployment").count(), 2, "{out}");
    // the short form summoned, facing right
    assert!(out.contains("you: summon Hardened Peasant (hand 0) into your zone 2 facing →"), "{out}");
    // quit saves an unfinished replay, which replays
    assert!(out.contains("quit on turn 3: replay saved to"), "{out}");
    let replay = saved_replay(&out);
    let json: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&replay).unwrap()).unwrap();
    assert_eq!(json["result"], serde_json::json!({"over": false, "turn": 3, "text": "unfinished"}));
    let verdict = ok(&fray(&["replay", "-q", replay.to_str().unwrap()]));
    assert_eq!(verdict, "replay OK: 2 actions, result: unfinished on turn 3\n");
}

#[test]
fn quiet_leaves_the_phase_changes_out() {
    let dir = replay_dir("quiet");
    let out = ok(&fray_with_input(&play_args(&dir, &["--first", "you", "--quiet"]), "e\nquit\n"));
    assert!(!out.contains("PHASE_"), "{out}");
    assert!(out.contains("you draw a card"), "the other events are told: {out}");
    assert!(!out.contains("your turn: "), "{out}");
}

#[test]
fn the_end_of_input_quits_and_the_bot_may_start() {
    let dir = replay_dir("bot-first");
    let out = ok(&fray_with_input(&play_args(&dir, &["--first", "bot"]), ""));
    assert!(out.contains("you are player 1 against the bot (easy); the bot starts."), "{out}");
    assert!(out.lines().any(|l| l == "bot:"), "the bot moved first: {out}");
    assert!(out.contains("(end of input)"), "{out}");
    let replay = saved_replay(&out);
    let json: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&replay).unwrap()).unwrap();
    assert_eq!(json["seats"][1]["kind"], "human");
    assert_eq!(json["steps"][0]["player"], 0);
    // The end of input says where the game is and how to go on with it (a long path
    // wraps the line at 120 columns, the rest indented).
    let path = replay.display();
    assert!(out.replace("\n  ", " ").contains(&format!("continue it with: fray play --resume {path}\n")), "{out}");
}

#[test]
fn plain_fray_play_deals_the_fairest_scenario_and_draws_the_seat_from_the_seed() {
    let dir = replay_dir("defaults");
    for seed in [3u64, 4] {
        let out = ok(&fray_with_input(
            &["play", "--seed", &seed.to_string(), "--replay-dir", dir.to_str().unwrap()],
            "quit\n",
        ));
        let seat = fray_cli::play::human_seat(fray_cli::play::First::Random, seed, 2);
        let starter = if seat == 0 { "you start" } else { "the bot starts" };
        assert!(
            out.starts_with(&format!(
                "Fray skirmish: e:game duel, seed {seed} (replay the deal with --seed {seed}),\nyou are player {seat} \
                 against the bot (normal); {starter}."
            )),
            "{out}"
        );
        assert!(!out.contains("warning"), "a balanced scenario: {out}");
    }
    // Both seeds above land on different seats: the seat is not fixed.
    let seats = [3, 4].map(|seed| fray_cli::play::human_seat(fray_cli::play::First::Random, seed, 2));
    assert_ne!(seats[0], seats[1]);
}

#[test]
fn an_unbalanced_scenario_is_dealt_by_name_and_says_so() {
    let dir = replay_dir("unbalanced");
    let args =
        ["play", "--seed", "3", "--first", "you", "--scenario", "men-vs-fey", "--replay-dir", dir.to_str().unwrap()];
    let out = ok(&fray_with_input(&args, "quit\n"));
    assert!(out.starts_with("Fray skirmish: e:game men-vs-fey, seed 3 "), "{out}");
    assert!(
        out.contains(
            "warning: scenario men-vs-fey is not known to be balanced under e:game: seat 0 scored 100% over 100"
        ),
        "{out}"
    );
}

#[test]
fn an_unknown_scenario_gets_the_servers_list_of_names() {
    let dir = replay_dir("unknown-scenario");
    let out = fray(&["play", "--scenario", "chess", "--replay-dir", dir.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    let err = stderr(&out);
    assert!(err.contains("INVALID_ARGUMENT"), "{err}");
    assert!(err.contains("unknown scenario \"chess\": choose one of men-vs-fey, fables, mirror"), "{err}");
    assert!(!dir.exists(), "no replay for a game that never started");
}

#[test]
fn a_bad_difficulty_or_first_is_refused_with_the_choices() {
    let out = fray(&["play", "--difficulty", "brutal"]);
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert!(err.contains("invalid value 'brutal' for '--difficulty"), "{err}");
    assert!(err.contains("[possible values: easy, normal, hard]"), "{err}");
    let out = fray(&["play", "--first", "me"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("[possible values: you, bot, random]"), "{}", stderr(&out));
}

#[test]
fn a_missing_or_garbled_replay_file_is_a_clear_error() {
    let out = fray(&["replay", "no/such/replay.json"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("no/such/replay.json: cannot read"), "{}", stderr(&out));

    let dir = replay_dir("garbled");
    std::fs::create_dir_all(&dir).unwrap();
    let garbled = dir.join("garbled.json");
    std::fs::write(&garbled, "{\"format\": \"fray-replay\", \"version\": 1, ").unwrap();
    let out = fray(&["replay", garbled.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("garbled.json: not a fray replay: "), "{}", stderr(&out));

    // A well-formed file whose action is not a proto3 Action names the step.
    let (_, replay) = whole_game();
    let mut json: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(replay).unwrap()).unwrap();
    json["steps"][1]["action"] = serde_json::json!({"jump": {}});
    let bad_action = dir.join("bad-action.json");
    std::fs::write(&bad_action, json.to_string()).unwrap();
    let out = fray(&["replay", bad_action.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("bad-action.json: step 2: action: "), "{}", stderr(&out));
}

#[test]
fn play_and_replay_against_fray_serve() {
    let served = serve();
    let addr = served.addr.clone();
    let dir = replay_dir("remote");
    let out = fray_with_input(&play_args(&dir, &["--server", &addr, "--first", "you"]), "e\n1\nquit\n");
    let text = stdout(&out);
    let replay = saved_replay(&text);
    let verdict = fray(&["replay", "--quiet", "--server", &addr, replay.to_str().unwrap()]);
    drop(served);
    assert_eq!(out.status.code(), Some(0), "{text}{}", stderr(&out));
    // `e` ended the deployment without a summon.
    assert!(text.contains("you: end deployment without summoning"), "{text}");
    assert!(text.contains("(--seed 3 deals it again on this server)"), "{text}");
    // The server that dealt the sealed game deals it again: the replay checks there.
    assert!(ok(&verdict).starts_with("replay OK: "), "{}", stdout(&verdict));
    // The embedded server would deal another game: the replay says where to check it.
    let elsewhere = fray(&["replay", "--quiet", replay.to_str().unwrap()]);
    assert_eq!(elsewhere.status.code(), Some(2), "{}", stdout(&elsewhere));
    assert!(stderr(&elsewhere).contains("a remote server dealt this sealed game"), "{}", stderr(&elsewhere));
    assert!(stderr(&elsewhere).contains("with --server URL"), "{}", stderr(&elsewhere));
}

#[test]
fn a_whole_castle_rampage_game_against_the_bot_ends_and_replays() {
    let dir = replay_dir("castle-whole-game");
    // The person reinforces with their first card and attacks with their first card
    // that can attack, twice, every turn (`e` would end the turn after reinforcing);
    // the game ends by turn 60.
    let out = ok(&fray_with_input(
        &ruleset_args("castle-rampage", &dir, "11", &["--first", "you", "--scenario", "standard"]),
        &format!("1\n1\n{FIRST}").repeat(3000),
    ));
    assert!(out.starts_with("Fray skirmish: Castle Rampage standard, seed 11 "), "{out}");
    let result = out.lines().find(|l| l.starts_with("game over on turn ")).unwrap_or_else(|| panic!("{out}"));
    assert!(
        result.ends_with("you win (player 0)")
            || result.ends_with("the bot wins (player 1)")
            || result.ends_with("a draw"),
        "{result}"
    );
    assert!(out.contains("Turn 1 · your turn · reinforce"), "{out}");
    assert!(out.contains("you: reinforce the Gate with "), "{out}");
    assert!(out.contains("you: attack with ") && out.contains(", strength "), "{out}");
    assert!(out.lines().any(|l| l == "bot:"), "{out}");
    // Attacks are told event by event, in words (no rule ids).
    assert!(!out.contains("castle.attack."), "{out}");
    assert!(out.lines().any(|l| l.contains("is revealed: ") && l.contains(", defense ")), "{out}");
    assert!(out.lines().any(|l| l.starts_with("    the attack is over: ")), "{out}");
    // What the bot puts into its Gate or Castle is never named.
    for line in out.lines().filter(|l| l.starts_with("bot: reinforce")) {
        assert!(line.ends_with("with a face-down card"), "{line}");
    }
    assert!(out.contains("your hand: empty") || out.contains("your hand (attack / Gate defense / Castle defense):"));
    assert!(!out.contains('\x1b'), "plain text on a pipe");

    let replay = saved_replay(&out);
    let json: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&replay).unwrap()).unwrap();
    assert_eq!(json["ruleset"], "RULESET_CASTLE_RAMPAGE");
    assert_eq!(json["scenario"], "standard");
    assert_eq!(json["result"]["over"], true);
    assert!(json["steps"].as_array().unwrap().iter().any(|s| s["action"].get("reinforce").is_some()), "{json}");
    assert!(replay.file_name().unwrap().to_str().unwrap().starts_with("castle-rampage-standard-seed11-"));
    let verdict = ok(&fray(&["replay", replay.to_str().unwrap()]));
    assert!(verdict.contains("step 1  player 0 (you): reinforce the Gate with "), "{verdict}");
    let last = verdict.lines().last().unwrap();
    assert!(last.starts_with(&format!("replay OK: {} actions, result: ", json["steps"].as_array().unwrap().len())));
}

#[test]
fn the_castle_view_hides_the_bots_hand_and_every_stack() {
    let dir = replay_dir("castle-hidden");
    let out = ok(&fray_with_input(
        &ruleset_args("castle-rampage", &dir, "4", &["--first", "you", "--scenario", "standard"]),
        "help\nquit\n",
    ));
    // The same deal, straight from the core: which card is where.
    let (game, _) = fray_core::GameState::new_game(4, 4, "standard").unwrap();
    let fray_core::StateSetup::Castle(setup) = game.to_setup() else { unreachable!() };
    let board = setup.board.unwrap();
    let (me, bot) = (&board.sides[0], &board.sides[1]);
    for c in &me.hand {
        assert!(out.contains(&format!("{} ({})", c.name, c.id)), "your {} ({}) is shown:\n{out}", c.name, c.id);
    }
    let hidden = bot
        .hand
        .iter()
        .chain(board.draw_pile.iter())
        .chain(board.sides.iter().flat_map(|s| s.gate.iter().chain(&s.castle)));
    for c in hidden {
        assert!(!out.contains(&format!("({})", c.id)), "{} ({}) is face down, yet shown:\n{out}", c.name, c.id);
    }
    // Counts only: both hands, both Gates and Castles, the draw pile.
    // (standard: the second player, the bot here, has one more hand and Castle card.)
    let lines = |structure: &str, count: &str| {
        out.lines().filter(|l| l.trim_start().starts_with(structure) && l.ends_with(count)).count()
    };
    assert!(out.contains("  bot (easy), player 1: 4 cards in hand, face down\n"), "{out}");
    assert_eq!(lines("Gate ", " 3 cards, face down"), 2, "{out}");
    assert_eq!(lines("Castle ", " 4 cards, face down"), 1, "{out}");
    assert_eq!(lines("Castle ", " 5 cards, face down"), 1, "{out}");
    assert!(out.contains("  draw pile: 13 cards   discard: empty\n"), "{out}");
    // The menu in words, and the Castle help.
    assert!(out.contains("    1  reinforce the Gate with "), "{out}");
    assert!(out.lines().any(|l| l.ends_with("  end the phase: go to attacks")), "{out}");
    assert!(
        out.contains("  g HAND    reinforce: put your hand card HAND face down at the bottom of your Gate"),
        "{out}"
    );
    assert!(out.contains("quit on turn 1: replay saved to"), "{out}");
}

#[test]
fn castle_short_forms_reinforce_and_attack() {
    let dir = replay_dir("castle-short-forms");
    let out = ok(&fray_with_input(
        &ruleset_args("castle-rampage", &dir, "4", &["--first", "you", "--scenario", "standard"]),
        "s 0 1\na 0\nc 1\na 0\nquit\n",
    ));
    assert!(
        out.contains("? Castle Rampage has no summons: g HAND or c HAND adds a card to your Gate or Castle"),
        "{out}"
    );
    assert!(out.contains("? you cannot attack now: attacks come after the Deployment phase"), "{out}");
    assert!(out.contains("you: reinforce the Castle with "), "{out}");
    assert!(out.contains("you: attack with "), "{out}");
}

#[test]
fn a_whole_keyforge_game_against_the_bot_ends_and_replays() {
    let dir = replay_dir("keyforge-whole-game");
    // The person always plays the first listed action: a fight while one is legal,
    // the first option of an ORDER or TARGET decision, else a reap or the end of the
    // turn. The skirmish ends by turn 60.
    let out = ok(&fray_with_input(
        &ruleset_args("keyforge", &dir, "6", &["--first", "you", "--scenario", "mirror"]),
        &FIRST.repeat(3000),
    ));
    assert!(out.starts_with("Fray skirmish: KeyForge mirror, seed 6 "), "{out}");
    let result = out.lines().find(|l| l.starts_with("game over on turn ")).unwrap_or_else(|| panic!("{out}"));
    assert!(
        result.ends_with("you win (player 0)")
            || result.ends_with("the bot wins (player 1)")
            || result.ends_with("a draw"),
        "{result}"
    );
    // The board: both battlelines left to right, each creature with its position,
    // name, id, power and state; amber and keys.
    assert!(out.contains("Turn 1 · your turn · fight or reap\n"), "{out}");
    assert!(out.contains("  bot (easy), player 1: 5 amber, 0 of 3 keys\n"), "{out}");
    assert!(out.contains("  you, player 0: 0 amber, 0 of 3 keys\n"), "{out}");
    assert!(out.lines().any(|l| l.starts_with("    [0] ") && l.contains(" (p1-") && l.contains("power ")), "{out}");
    assert!(out.contains("Fight: it captures 1 amber from the bot"), "{out}");
    // Actions, decisions and their events in words, with their rules.
    assert!(out.contains("you: use your Raider Captain [0] to fight bot's Thornback [0]\n"), "{out}");
    assert!(out.contains("  You choose which of these resolves next (the others follow, in turn):\n"), "{out}");
    assert!(out.contains("you: resolve your Raider Captain [0]'s assault 2 (2 damage to bot's Thornback [0]) first\n"));
    assert!(out.contains("    your Raider Captain's assault resolves\n"), "{out}");
    assert!(out.lines().any(|l| l.starts_with("    the bot's ") && l.contains(" fights your ")), "{out}");
    assert!(out.lines().any(|l| l.starts_with("you: end the turn")), "{out}");
    assert!(out.contains(" trade blows: "), "{out}");
    // Turn 1's second use is over: the turn ends in the same trace as that fight.
    assert!(out.lines().any(|l| l.trim_start().starts_with("turn 2, the bot's turn: forge a key")), "{out}");
    assert!(out.lines().any(|l| l.contains(" spend") && l.ends_with(" 6 amber")), "a key is forged: {out}");
    assert!(out.lines().any(|l| l.contains(" a key (") && l.ends_with(" in all)")), "a key is forged: {out}");
    assert!(!out.contains('\x1b'), "plain text on a pipe");

    let replay = saved_replay(&out);
    let json: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&replay).unwrap()).unwrap();
    assert_eq!(json["ruleset"], "RULESET_KEYFORGE");
    assert_eq!(json["scenario"], "mirror");
    assert_eq!(json["result"]["over"], true);
    let steps = json["steps"].as_array().unwrap();
    assert!(steps.iter().any(|s| s["action"].get("strike").is_some()), "{json}");
    assert!(steps.iter().any(|s| s["action"].get("choice").is_some()), "{json}");
    assert!(replay.file_name().unwrap().to_str().unwrap().starts_with("keyforge-mirror-seed6-"));
    let verdict = ok(&fray(&["replay", replay.to_str().unwrap()]));
    assert!(verdict.contains("step 1  player 0 (you): use your Raider Captain [0] to fight bot's Thornback [0]\n"));
    assert!(verdict.contains("step 2  player 0 (you): resolve your Raider Captain [0]'s assault 2 "), "{verdict}");
    let last = verdict.lines().last().unwrap();
    assert!(last.starts_with(&format!("replay OK: {} actions, result: ", steps.len())), "{last}");
}

#[test]
fn keyforge_short_forms_decisions_and_help() {
    let dir = replay_dir("keyforge-short-forms");
    // Seed 6: your Raider Captain [0] may fight the bot's Thornback [0] (no taunt next
    // to it): assault and hazardous then wait for your ORDER.
    let input = "help\nf 0 9\nr 7\nf 0 0\nt 0\ne\n2\nhint\ne\nwhy\nquit\n";
    let out =
        ok(&fray_with_input(&ruleset_args("keyforge", &dir, "6", &["--first", "you", "--scenario", "mirror"]), input));
    assert!(
        out.contains("  f MINE THEIRS use your creature at position MINE to fight the bot's creature at\n"),
        "{out}"
    );
    assert!(out.contains("? the bot's battleline has no position 9: it holds 0-4\n"), "{out}");
    assert!(out.contains("? your battleline has no position 7: it holds 0-4\n"), "{out}");
    assert!(out.contains("you: use your Raider Captain [0] to fight bot's Thornback [0]\n"), "{out}");
    assert!(out.contains("  your Raider Captain [0] fights bot's Thornback [0]\n"), "{out}");
    assert!(
        out.contains("    2  resolve bot's Thornback [0]'s hazardous 2 (2 damage to your Raider Captain [0]) first\n")
    );
    // A decision takes a number: neither a target nor the end of the turn answers it.
    assert!(out.contains("? bot's Thornback [0] cannot be chosen now\n"), "{out}");
    assert!(out.contains("? a decision is pending: choose one of the numbered options\n"), "{out}");
    assert!(
        out.contains("you: resolve bot's Thornback [0]'s hazardous 2 (2 damage to your Raider Captain [0]) first\n")
    );
    assert!(out.contains("    the bot's Thornback's hazardous resolves\n"), "{out}");
    assert!(out.contains("hint: play "), "{out}");
    assert!(out.contains("you: end the turn\n"), "{out}");
    assert!(out.contains("the bot's last move, and the rule behind each step"), "{out}");
    assert!(out.contains("quit on turn 3: replay saved to"), "{out}");
    let replay = saved_replay(&out);
    let verdict = ok(&fray(&["replay", "-q", replay.to_str().unwrap()]));
    assert!(verdict.starts_with("replay OK: ") && verdict.ends_with("result: unfinished on turn 3\n"), "{verdict}");
}

/// Every hand card of the Dog Fight deal `seed` / `scenario` held by a seat other than
/// `human`: (id, name).
fn other_hands(seed: u64, scenario: &str, human: usize) -> Vec<(String, String)> {
    let (game, _) = fray_core::GameState::new_game(5, seed, scenario).unwrap();
    let fray_core::StateSetup::DogFight(setup) = game.to_setup() else { unreachable!() };
    let board = setup.board.unwrap();
    board
        .sides
        .iter()
        .enumerate()
        .filter(|(p, _)| *p != human)
        .flat_map(|(_, s)| s.hand.iter().map(|c| (c.id.clone(), c.name.clone())))
        .collect()
}

#[test]
fn a_whole_three_player_dog_fight_against_two_bots_ends_and_replays() {
    let dir = replay_dir("dog-fight-trio");
    // The person always plays the first listed action: an attack while a vessel may
    // attack, their first card in a window, else the end of the turn.
    let out = ok(&fray_with_input(
        &ruleset_args("dog-fight", &dir, "5", &["--players", "3", "--first", "you"]),
        &FIRST.repeat(3000),
    ));
    assert!(
        out.starts_with(
            "Fray skirmish: Dog Fight trio, seed 5 (replay the deal with --seed 5),\nyou are player 0 against \
             2 bots (easy) at seats 1, 2; you start."
        ),
        "{out}"
    );
    let result = out.lines().find(|l| l.starts_with("game over on turn ")).unwrap_or_else(|| panic!("{out}"));
    // Where each seat finished: the winner or who shares the draw, then the others by
    // place, the person's own place among them.
    let (_, words) = result.split_once(": ").unwrap();
    assert!(
        ["you win (player 0)", "bot 1 wins (player 1)", "bot 2 wins (player 2)", "a draw"]
            .iter()
            .any(|lead| words.starts_with(lead)),
        "{result}"
    );
    assert!(words == "a draw" || words.contains("you"), "the person's place is told: {result}");
    // The board: the grid, every vessel with its stats, the hands.
    assert!(out.contains("Turn 1 · your turn\n"), "{out}");
    assert!(
        out.contains("    p0-gunship  Gunship  at (1, 0)  attack 4 range 4  shields 1 armor 0 absorb 0  hull 4\n"),
        "{out}"
    );
    assert!(out.contains("  bot 1 (easy), player 1: 4 cards in hand, hidden\n"), "{out}");
    assert!(out.contains("  bot 2 (easy), player 2: 4 cards in hand, hidden\n"), "{out}");
    assert!(out.contains("    your hand:\n      [0] "), "{out}");
    // Both bots moved, named by seat; the moves and their events in words.
    assert!(
        out.contains("you: attack p1-fighter with your p0-fighter (3 damage, 3 through: hull 3 down to 0)\n"),
        "{out}"
    );
    assert!(out.lines().any(|l| l == "bot 1:"), "{out}");
    assert!(out.lines().any(|l| l == "bot 2:"), "{out}");
    assert!(out.lines().any(|l| l.starts_with("    bot 2's ") && l.contains(" attacks ")), "{out}");
    assert!(out.contains("    your Fighter attacks bot 1's Fighter with strength 3\n"), "{out}");
    // The bots' hands are not named to the person.
    assert!(out.contains("    bot 1 may play a card into the attack (cards only they see), or pass\n"), "{out}");
    assert!(out.lines().any(|l| l.starts_with("    ") && l.ends_with(" is destroyed")), "{out}");
    assert!(out.lines().any(|l| l.starts_with("    bot ") && l.ends_with(" is out")), "{out}");
    assert!(!out.contains('\x1b'), "plain text on a pipe");
    // A bot's hand is never listed; its cards are named once played.
    for (id, name) in other_hands(5, "trio", 0) {
        if let Some(shown) = out.find(&format!("({id}")) {
            let played = out.find(&format!(" plays {name} (")).unwrap_or(usize::MAX);
            assert!(played < shown, "{name} ({id}) shown before it was played:\n{out}");
        }
    }

    let replay = saved_replay(&out);
    let json: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&replay).unwrap()).unwrap();
    assert_eq!(json["ruleset"], "RULESET_DOG_FIGHT");
    assert_eq!(json["scenario"], "trio");
    assert_eq!(json["result"]["over"], true);
    assert_eq!(json["result"]["text"], words, "the replay records the same words");
    assert_eq!(json["seats"].as_array().unwrap().len(), 3);
    assert_eq!(json["seats"][0], serde_json::json!({"player": 0, "kind": "human"}));
    assert_eq!(
        json["seats"][2],
        serde_json::json!({"player": 2, "kind": "bot", "difficulty": "easy", "playouts": 150})
    );
    let steps = json["steps"].as_array().unwrap();
    assert!(steps.iter().any(|s| s["player"] == 2), "{json}");
    assert!(steps.iter().any(|s| s["action"].get("choice").is_some()), "{json}");
    assert!(replay.file_name().unwrap().to_str().unwrap().starts_with("dog-fight-trio-seed5-"));
    let verdict = ok(&fray(&["replay", replay.to_str().unwrap()]));
    assert!(verdict.contains("replay: Dog Fight trio, seed 5, player 0 human vs player 1 bot (easy), "));
    assert!(verdict.contains("step 1  you (player 0): attack p1-fighter with your p0-fighter "), "{verdict}");
    let last = verdict.lines().last().unwrap();
    assert!(last.starts_with(&format!("replay OK: {} actions, result: ", steps.len())), "{last}");
}

#[test]
fn in_a_four_player_dog_fight_the_person_may_sit_last() {
    let dir = replay_dir("dog-fight-melee");
    let input = "why\na f p1-g\na fig p9\np 0\ne\nhelp\nn\nquit\n";
    let out = ok(&fray_with_input(&ruleset_args("dog-fight", &dir, "2", &["--players", "4", "--first", "bot"]), input));
    assert!(out.contains("you are player 3 against 3 bots (easy) at seats 0, 1, 2; bot 0 starts.\n"), "{out}");
    // The three bots before the person: bot 0 attacked first.
    let first_move = out.lines().position(|l| l.starts_with("bot ") || l.starts_with("you: ")).unwrap();
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[first_move], "bot 0:", "{out}");
    assert!(lines[first_move + 1].starts_with("    bot 0's ") && lines[first_move + 1].contains(" attacks "), "{out}");
    assert!(out.contains("  you, player 3: 4 cards in hand\n"), "{out}");
    for p in 0..3 {
        assert!(out.contains(&format!("  bot {p} (easy), player {p}: ")), "{out}");
    }
    // With more than two players the grid gives way to the vessels' lines.
    assert!(out.contains("    p3-fighter  Fighter  at (0, 4)  ") && !out.contains("   4 3Fi*"), "{out}");
    // The person's window in bot 0's attack, with the attack in words.
    assert!(out.contains("Turn 1 · bot 0's turn · an attack waits for your response\n"), "{out}");
    assert!(out.contains("  attack: p0-gunship attacks p1-fighter (strength 4)\n"), "{out}");
    assert!(out.contains("    passed: bot 0, bot 1, bot 2\n    to answer: you\n"), "{out}");
    assert!(out.contains("  your window: play a card into the attack (p HAND), one at a time, or pass (n):\n"));
    assert!(out.contains("    n  pass (play no more cards into this attack)\n"), "{out}");
    // why names the bot and the rules behind its last move; its search stays its own.
    assert!(out.contains("bot 1's last move, and the rule behind each step (docs/rules.md):\n"), "{out}");
    assert!(out.contains("    dogfight.window.target  bot 1 passes\n"), "{out}");
    assert!(out.contains("(what bot 1 weighed is its own, as its hand is: `hint` searches for you)\n"), "{out}");
    // Short forms and their refusals.
    assert!(out.contains("? `f` could be p3-fighter or p3-frigate: write more of its id\n"), "{out}");
    assert!(out.contains("? `p9` names none of the other players' vessels: p0-fighter, "), "{out}");
    assert!(out.contains("? Return Fire (c13) cannot be played now (when you are attacked)\n"), "{out}");
    assert!(out.contains("? an attack waits in its windows: play a card (p HAND) or pass (n) first\n"), "{out}");
    assert!(out.contains("  a MINE TARGET   attack TARGET with your vessel MINE;"), "{out}");
    assert!(out.contains("you: pass (play no more cards into this attack)\n"), "{out}");
    for (id, name) in other_hands(2, "melee", 3) {
        if let Some(shown) = out.find(&format!("({id}")) {
            let played = out.find(&format!(" plays {name} (")).unwrap_or(usize::MAX);
            assert!(played < shown, "{name} ({id}) shown before it was played:\n{out}");
        }
    }

    let replay = saved_replay(&out);
    let json: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&replay).unwrap()).unwrap();
    let seats = json["seats"].as_array().unwrap();
    assert_eq!(seats.len(), 4);
    assert_eq!(seats[3], serde_json::json!({"player": 3, "kind": "human"}));
    assert!(seats[..3].iter().all(|s| s["kind"] == "bot"), "{json}");
    assert_eq!(json["steps"][0]["player"], 0);
    let verdict = ok(&fray(&["replay", "-q", replay.to_str().unwrap()]));
    assert!(verdict.starts_with("replay OK: ") && verdict.ends_with(" unfinished on turn 1\n"), "{verdict}");
}

#[test]
fn players_that_no_scenario_seats_are_refused() {
    let dir = replay_dir("players-refused");
    let refused = |args: &[&str], message: &str| {
        let mut all = vec!["play", "--replay-dir", dir.to_str().unwrap()];
        all.extend_from_slice(args);
        let out = fray(&all);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {}{}", stdout(&out), stderr(&out));
        assert!(stderr(&out).contains(message), "{args:?}: {}", stderr(&out));
    };
    refused(
        &["--ruleset", "dog-fight", "--players", "5"],
        "--players 5: dog-fight seats 2, 3 or 4 players (duel, trio, melee)",
    );
    refused(&["--players", "3", "--ruleset", "egame"], "--players 3: egame is for 2 players only (--players 2)");
    refused(
        &["--ruleset", "dog-fight", "--players", "3", "--scenario", "duel"],
        "--players 3 contradicts --scenario duel, which is for 2 players (leave one of them out)",
    );
    assert!(!dir.exists(), "no replay for a game that never started");
}

/// The screen from the last board headed `head` up to its prompt, in `out`.
fn screen_at<'a>(out: &'a str, head: &str, nth: usize) -> &'a str {
    let start = out.match_indices(head).nth(nth).unwrap_or_else(|| panic!("no {nth}th `{head}` in:\n{out}")).0;
    let end = start + out[start..].find("your move (").unwrap();
    &out[start..end]
}

#[test]
fn undo_takes_back_a_move_but_not_past_a_card_shown_and_log_tells_the_last_turn_again() {
    let dir = replay_dir("undo");
    // Turn 1: nothing to undo; summon (the turn ends, you draw, the bot plays); turn 3:
    // undo is refused (the draw showed a card); end the battle, then undo that.
    let input = "undo\ns 0 2 r\nundo\ne\nundo\nlog\nlog 5\nquit\n";
    let out = ok(&fray_with_input(&play_args(&dir, &["--first", "you"]), input));
    assert!(out.contains("? nothing to undo: no move of yours to take back"), "{out}");
    let refused = out.lines().find(|l| l.starts_with("? cannot undo: ")).unwrap_or_else(|| panic!("{out}"));
    assert!(refused.starts_with("? cannot undo: your move on turn 1 showed you "), "{refused}");
    assert!(refused.ends_with(", which you had not seen; undo stops at a reveal"), "{refused}");
    assert!(out.contains("you: end the battle (go to deployment)"), "{out}");
    assert!(out.contains("undone: 1 move taken back, to your move on turn 3\n"), "{out}");
    // The board after the undo is the board before the move taken back.
    let head = "Turn 3 · your turn · battle";
    assert_eq!(out.matches(head).count(), 2, "{out}");
    assert_eq!(screen_at(&out, head, 0), screen_at(&out, head, 1));
    // log: the last turn's events again (the bot's turn 2), then every turn so far.
    assert!(out.contains("the events of turn 2, as told:\nbot:\n    the bot's "), "{out}");
    assert!(out.contains("the events of turns 1 to 2, as told:\n    turn 1, your turn: begin"), "{out}");
    // The replay was rewritten without the move taken back, and checks out.
    let replay = saved_replay(&out);
    let json: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&replay).unwrap()).unwrap();
    assert_eq!(json["steps"].as_array().unwrap().len(), 2);
    let verdict = ok(&fray(&["replay", "-q", replay.to_str().unwrap()]));
    assert_eq!(verdict, "replay OK: 2 actions, result: unfinished on turn 3\n");
}

#[test]
fn resign_asks_then_records_a_loss_that_replay_accepts_and_resume_refuses() {
    let dir = replay_dir("resign");
    let out = ok(&fray_with_input(&play_args(&dir, &["--first", "you"]), "resign\nn\nsave\nresign\ny\n"));
    // A long path wraps the line at 120 columns, the rest indented.
    let out = out.replace("\n  ", " ");
    assert_eq!(out.matches("resign? (y/n)\n").count(), 2, "{out}");
    assert!(out.contains("not resigned: the game goes on"), "{out}");
    let replay = saved_replay(&out);
    let path = replay.to_str().unwrap();
    assert!(
        out.contains(&format!(
            "the game is saved in {path} (rewritten after every move); continue it with: fray play --resume {path}\n"
        )),
        "{out}"
    );
    assert!(out.contains("game over on turn 1: you resigned: the bot wins (player 1)\n"), "{out}");
    let json: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&replay).unwrap()).unwrap();
    assert_eq!(
        json["result"],
        serde_json::json!({"over": true, "winner": 1, "turn": 1, "text": "you resigned: the bot wins (player 1)", "resigned": 0})
    );
    let verdict = ok(&fray(&["replay", "-q", path]));
    assert_eq!(verdict, "replay OK: 0 actions, result: you resigned: the bot wins (player 1) on turn 1\n");
    let again = fray(&["play", "--resume", path]);
    assert_eq!(again.status.code(), Some(2));
    assert!(stderr(&again).contains(&format!("the game in {path} was resigned on turn 1: ")), "{}", stderr(&again));
}

#[test]
fn a_game_quit_and_resumed_ends_as_the_uninterrupted_one() {
    let (whole, whole_replay) = whole_game();
    let dir = replay_dir("resume");
    // The same lines as the whole game's, cut after two rounds: the resumed game reads
    // on from the third.
    let quit = ok(&fray_with_input(&play_args(&dir, &["--first", "you"]), &FIRST.repeat(2))).replace("\n  ", " ");
    let replay = saved_replay(&quit);
    let path = replay.to_str().unwrap();
    assert!(quit.contains(&format!("continue it with: fray play --resume {path}\n")), "{quit}");
    let resumed = ok(&fray_with_input(&["play", "--resume", path], &FIRST.repeat(3000)));
    assert!(
        resumed
            .replace("\n  ", " ")
            .contains("Fray skirmish resumed: e:game duel, seed 3, you are player 0 against the bot (easy); "),
        "{resumed}"
    );
    let end = |out: &str| out.lines().find(|l| l.starts_with("game over on turn ")).map(str::to_owned);
    assert_eq!(end(&resumed), end(whole));
    let steps = |p: &Path| {
        let json: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(p).unwrap()).unwrap();
        (json["steps"].clone(), json["result"].clone())
    };
    assert_eq!(steps(&replay), steps(whole_replay));
    // A finished game does not resume.
    let over = fray(&["play", "--resume", path]);
    assert_eq!(over.status.code(), Some(2));
    assert!(stderr(&over).contains(&format!("error: the game in {path} is over: ")), "{}", stderr(&over));
}

#[test]
fn resume_refuses_other_options_a_garbled_file_and_a_remote_game_without_its_server() {
    let dir = replay_dir("resume-bad");
    std::fs::create_dir_all(&dir).unwrap();
    let garbled = dir.join("garbled.json");
    std::fs::write(&garbled, "{").unwrap();
    let file = garbled.to_str().unwrap();
    let out = fray(&["play", "--resume", file, "--seed", "4"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("'--resume <FILE>' cannot be used with '--seed <N>'"), "{}", stderr(&out));
    let out = fray(&["play", "--resume", file]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains(&format!("{file}: not a fray replay")), "{}", stderr(&out));
    // A game a remote server dealt needs that server.
    let quit = ok(&fray_with_input(&play_args(&dir, &["--first", "you"]), "quit\n"));
    let replay = saved_replay(&quit);
    let mut json: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&replay).unwrap()).unwrap();
    json["remote"] = true.into();
    std::fs::write(&replay, json.to_string()).unwrap();
    let out = fray(&["play", "--resume", replay.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("was dealt by a remote server: resume it with --server URL"), "{}", stderr(&out));
}

#[test]
fn ctrl_c_at_the_prompt_says_where_the_game_is_and_how_to_resume_it() {
    use std::io::BufRead as _;
    let dir = replay_dir("ctrl-c");
    let mut child = Command::new(env!("CARGO_BIN_EXE_fray"))
        .args(play_args(&dir, &["--first", "you"]))
        .env_remove("NO_COLOR")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // stdin stays open: the game waits at its prompt.
    let stdin = child.stdin.take();
    let mut lines = std::io::BufReader::new(child.stdout.take().unwrap()).lines();
    let mut seen = String::new();
    while !seen.contains("your move (") {
        seen.push_str(&lines.next().unwrap().unwrap());
        seen.push('\n');
    }
    let killed = Command::new("kill").args(["-INT", &child.id().to_string()]).status().unwrap();
    assert!(killed.success());
    let rest: Vec<String> = lines.map(Result::unwrap).collect();
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(130), "{seen}{rest:?}");
    let err = stderr(&out);
    // Long paths wrap at the terminal's width, indented two spaces: read them flat.
    let seen = seen.replace("\n  ", " ");
    let rest = rest.join("\n").replace("\n  ", " ");
    let path = seen.lines().find_map(|l| l.split_once("The replay is saved to ")).unwrap().1.trim().to_owned();
    assert!(err.contains(&format!("continue it with: fray play --resume {path}")), "{err}");
    assert!(rest.lines().any(|l| l.starts_with("interrupted on turn 1: the game is saved in ")), "{rest}");
    assert!(rest.contains(&format!("continue it with: fray play --resume {path}")), "{rest}");
    drop(stdin);
}
