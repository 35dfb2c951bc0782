//! End-to-end tests of the `fray` binary: the example requests, pending decisions
//! answered with `--choice`, `--json`, `fray serve`, and the error exits.
#![allow(clippy::unwrap_used, clippy::panic)]

use std::path::PathBuf;
use std::process::{Command, Output};

use fray_proto::fray::v1::{DecisionKind, ResolveStrikeResponse, event::Kind};
use fray_tournament::proto_json::{RESPONSE_MESSAGE, parse_message};

mod common;
use common::{serve, stderr, stdout};

const BLOCKED: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../examples/resolve-blocked.json");
const NEEDS_BLOCK: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../examples/resolve-needs-block-choice.json");

fn fray(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_fray")).args(args).output().unwrap()
}

fn fray_stdin(args: &[&str], input: &str) -> Output {
    common::with_input(Command::new(env!("CARGO_BIN_EXE_fray")).args(args), input)
}

/// Asserts success and returns stdout.
fn ok(out: &Output) -> String {
    assert_eq!(out.status.code(), Some(0), "stdout:\n{}\nstderr:\n{}", stdout(out), stderr(out));
    stdout(out)
}

/// True when some trace line is `rule`, padding, then `text`.
fn has_event(trace: &str, rule: &str, text: &str) -> bool {
    trace.lines().any(|l| l.strip_prefix(rule).is_some_and(|rest| rest.starts_with("  ") && rest.trim() == text))
}

fn assert_event(trace: &str, rule: &str, text: &str) {
    assert!(has_event(trace, rule, text), "no `{rule}  {text}` line in:\n{trace}");
}

/// A scratch file under the test target dir.
fn scratch(name: &str, contents: &str) -> PathBuf {
    let path = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("fray-cli-{name}"));
    std::fs::write(&path, contents).unwrap();
    path
}

fn example(path: &str) -> serde_json::Value {
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

#[test]
fn resolve_blocked_example_prints_the_trace_and_the_board() {
    let out = ok(&fray(&["resolve", BLOCKED]));
    assert_event(&out, "egame.strike.target", "player 0's Knight strikes player 1's zone 3");
    assert_event(
        &out,
        "egame.strike.block.passive",
        "player 1's Wolf blocks player 0's Knight: it stands in the struck zone",
    );
    assert_event(&out, "egame.strike.damage", "player 0's Knight deals 2 damage to player 1's Wolf");
    assert_event(&out, "egame.strike.damage", "player 1's Wolf deals 1 damage to player 0's Knight");
    assert_event(&out, "egame.sba.destroy", "player 1's Wolf is destroyed");
    // The board: the knight took 1, the wolf is in its owner's graveyard, nobody lost HP.
    assert!(out.contains("board: e:game, bare board"), "{out}");
    assert!(
        out.contains("  player 0: 6 HP\n    knight  Knight  zone 0:1  might 2 / life 3  damage 1  acted\n"),
        "{out}"
    );
    assert!(out.contains("  player 1: 6 HP, graveyard: Wolf\n    (no creatures)\n"), "{out}");
    assert!(!out.contains("pending"), "{out}");
    assert!(!out.contains('\x1b'), "no colour when stdout is not a terminal");
}

#[test]
fn resolve_json_prints_the_response_in_proto3_json() {
    let out = ok(&fray(&["resolve", BLOCKED, "--json"]));
    let value: serde_json::Value = serde_json::from_str(&out).unwrap();
    // lowerCamelCase names, enum names.
    assert_eq!(value["state"]["ruleset"], "RULESET_EGAME");
    assert!(value["events"].as_array().unwrap().iter().any(|e| e.get("blockerDetermined").is_some()), "{out}");
    let response: ResolveStrikeResponse = parse_message(&out, RESPONSE_MESSAGE).unwrap();
    let blocker = response.events.iter().find_map(|e| match &e.kind {
        Some(Kind::BlockerDetermined(b)) => Some((e.rule.as_str(), b.blocker.as_deref(), b.passive)),
        _ => None,
    });
    assert_eq!(blocker, Some(("egame.strike.block.passive", Some("wolf"), true)));
    let state = response.state.unwrap();
    assert_eq!(state.creatures.iter().map(|c| (c.id.as_str(), c.damage)).collect::<Vec<_>>(), vec![("knight", 1)]);
}

#[test]
fn a_pending_block_is_spelled_out_with_the_commands_that_answer_it() {
    let out = ok(&fray(&["resolve", NEEDS_BLOCK]));
    assert_event(&out, "egame.strike.target", "player 0's Archer strikes player 1's zone 0");
    assert_event(&out, "egame.strike.block.active.controller", "player 1 may block with player 1's Guard, or decline");
    assert!(out.contains("pending: player 1 may block archer's strike on zone 1:0"), "{out}");
    assert!(out.contains(&format!("block with guard:  fray resolve {NEEDS_BLOCK} --choice guard\n")), "{out}");
    assert!(out.contains(&format!("do not block:      fray resolve {NEEDS_BLOCK} --choice decline\n")), "{out}");

    let json = ok(&fray(&["resolve", NEEDS_BLOCK, "--json"]));
    let response: ResolveStrikeResponse = parse_message(&json, RESPONSE_MESSAGE).unwrap();
    let pending = response.state.unwrap().pending.unwrap();
    assert_eq!(pending.player, 1);
    assert_eq!(pending.kind, DecisionKind::Block as i32);
    assert_eq!(pending.options, vec!["guard".to_owned()]);
    assert!(pending.may_decline);
}

#[test]
fn choice_answers_the_pending_block() {
    let out = ok(&fray(&["resolve", NEEDS_BLOCK, "--choice", "guard"]));
    assert_event(&out, "egame.strike.block.active.controller", "player 1's Guard steps in to block player 0's Archer");
    assert_event(&out, "egame.strike.damage", "player 0's Archer deals 1 damage to player 1's Guard");
    assert!(out.contains("guard   Guard   zone 1:1  might 0 / life 4  damage 1"), "{out}");
    assert!(!out.contains("pending"), "{out}");

    let out = ok(&fray(&["resolve", NEEDS_BLOCK, "--choice", "decline"]));
    assert_event(&out, "egame.strike.block.direct", "player 0's Archer is not blocked: a direct attack");
    assert_event(&out, "egame.strike.direct", "player 1 loses 1 HP");
    assert!(out.contains("  player 1: 5 HP\n"), "{out}");
    // --decline is the same answer.
    assert_eq!(ok(&fray(&["resolve", NEEDS_BLOCK, "--decline"])), out);
}

/// A board where both players may block the strike on 1:0: the controller's guard
/// and the striker's own squire (zone 0:3, up-right reaches 1:0).
fn two_blockers() -> PathBuf {
    let mut request = example(NEEDS_BLOCK);
    request["state"]["creatures"].as_array_mut().unwrap().push(serde_json::json!({
        "id": "squire", "name": "Squire", "owner": 0, "controller": 0,
        "zone": {"player": 0, "index": 3}, "might": 1, "life": 3,
        "arrows": {"upRight": "REACH_SINGLE"}
    }));
    scratch("two-blockers.json", &request.to_string())
}

#[test]
fn choices_keep_their_command_line_order() {
    let file = two_blockers();
    let file = file.to_str().unwrap();
    // The controller declines, then the other player blocks with the squire.
    let out = ok(&fray(&["resolve", file, "--decline", "--choose", "squire"]));
    assert_event(&out, "egame.strike.block.active.other", "player 0's Squire steps in to block player 0's Archer");
    let same = ok(&fray(&["resolve", file, "--choice", "decline", "--choice", "squire"]));
    assert_eq!(same, out);

    // Only the first answer given: the next decision is spelled out with both.
    let out = ok(&fray(&["resolve", file, "--decline"]));
    assert!(out.contains("pending: player 0 may block archer's strike on zone 1:0"), "{out}");
    assert!(out.contains(&format!("fray resolve {file} --choice decline --choice squire\n")), "{out}");

    // The other order answers the controller's decision with the squire, which is not
    // one of its options: invalid input, pointing at the first choice.
    let out = fray(&["resolve", file, "--choose", "squire", "--decline"]);
    assert_eq!(out.status.code(), Some(2), "{}{}", stdout(&out), stderr(&out));
    assert!(stderr(&out).contains("choices[0].option: "), "{}", stderr(&out));
    assert_eq!(stderr(&out).matches("choices[0].option").count(), 1, "said once: {}", stderr(&out));
}

#[test]
fn a_bare_state_on_stdin_takes_the_strike_from_the_options() {
    let state = example(BLOCKED)["state"].to_string();
    let out = fray_stdin(&["resolve", "-", "--attacker", "knight", "--target", "1:3"], &state);
    assert_event(
        &ok(&out),
        "egame.strike.block.passive",
        "player 1's Wolf blocks player 0's Knight: it stands in the struck zone",
    );

    let out = fray_stdin(&["resolve", "-"], &state);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("<stdin> holds a bare GameState"), "{}", stderr(&out));
}

#[test]
fn a_target_option_overrides_the_files_strike() {
    // The knight's up-left arrow reaches 1:4, which is empty: a direct hit.
    let out = ok(&fray(&["resolve", BLOCKED, "--target", "1:4"]));
    assert_event(&out, "egame.strike.direct", "player 1 loses 1 HP");
}

#[test]
fn a_file_that_is_not_json_exits_2_naming_the_file() {
    let file = scratch("not-json.json", "{\"state\": {\"ruleset\": ");
    let out = fray(&["resolve", file.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert!(err.contains(&format!("{}: not valid JSON", file.display())), "{err}");
    assert!(stdout(&out).is_empty());
}

#[test]
fn a_missing_file_exits_2_naming_the_file() {
    let out = fray(&["resolve", "no/such/request.json"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("no/such/request.json: cannot read"), "{}", stderr(&out));
}

#[test]
fn an_unknown_field_exits_2_naming_the_field() {
    let file = scratch("unknown-field.json", r#"{"state": {"ruleset": "RULESET_EGAME", "hitpoints": 3}}"#);
    let out = fray(&["resolve", file.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert!(err.contains(&file.display().to_string()) && err.contains("hitpoints"), "{err}");
}

#[test]
fn an_invalid_state_exits_2_with_the_field_path() {
    let mut request = example(BLOCKED);
    request["state"]["creatures"][1]["zone"]["index"] = 7.into();
    let file = scratch("invalid-state.json", &request.to_string());
    let out = fray(&["resolve", file.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    let err = stderr(&out);
    assert!(err.contains("INVALID_ARGUMENT"), "{err}");
    // The one violation, said once (the server's message holds it whole).
    assert!(err.contains("state.creatures[1].zone.index: zone index 7 is out of range 0..4"), "{err}");
    assert_eq!(err.matches("state.creatures[1].zone.index").count(), 1, "{err}");
}

#[test]
fn an_unreachable_target_exits_3_with_the_rule_id() {
    let out = fray(&["resolve", BLOCKED, "--target", "1:0"]);
    assert_eq!(out.status.code(), Some(3), "{}", stderr(&out));
    let err = stderr(&out);
    assert!(err.contains("FAILED_PRECONDITION") && err.contains("egame.strike.target"), "{err}");
}

#[test]
fn an_unreachable_server_exits_1() {
    let out = fray(&["resolve", BLOCKED, "--server", &common::dead_addr()]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(stderr(&out).contains("cannot reach"), "{}", stderr(&out));
}

#[test]
fn fray_serve_answers_fray_resolve_with_server() {
    let served = serve();
    let url = format!("http://{}", served.addr);
    let out = ok(&fray(&["resolve", BLOCKED, "--server", &url]));
    assert_event(
        &out,
        "egame.strike.block.passive",
        "player 1's Wolf blocks player 0's Knight: it stands in the struck zone",
    );
    // A bare HOST:PORT works too, and the answer command keeps the server.
    let out = ok(&fray(&["resolve", NEEDS_BLOCK, "--server", &served.addr]));
    assert!(out.contains(&format!("fray resolve {NEEDS_BLOCK} --server {} --choice guard", served.addr)), "{out}");
}

#[test]
fn resolve_castle_worked_example_prints_the_trace_and_the_castle_board() {
    let example = concat!(env!("CARGO_MANIFEST_DIR"), "/../examples/resolve-castle-worked-example.json");
    let out = ok(&fray(&["resolve", example]));
    assert_event(&out, "castle.attack.target", "the top card of player 1's Gate is revealed: Knight, defense 4");
    assert_event(&out, "castle.attack.stronger", "player 1's Knight is destroyed (to the discard)");
    assert_event(&out, "castle.attack.into_castle", "the top card of player 1's Castle is revealed: Ogre, defense 6");
    assert_event(&out, "castle.attack.weaker", "player 0's Battering Ram is destroyed (to the discard)");
    assert_event(&out, "castle.attack.weaker", "player 1's Ogre goes back face-down on top of player 1's Castle");
    assert_event(&out, "castle.attack.weaker", "the attack is over: its 5 strength fell short of that defense");
    let board = out.split_once("\nboard: ").map(|(_, b)| b).unwrap_or_else(|| panic!("no board in:\n{out}"));
    assert_eq!(
        board,
        "Castle Rampage, bare board
  cards as id name attack/Gate defense/Castle defense; Gates and Castles top first
  player 0
    Gate:   (empty)
    Castle: a-wall Stone Wall 0/5/8
    hand:   (empty)
  player 1
    Gate:   (empty)
    Castle: b-ogre Ogre 7/4/6, b-tower Tower 1/4/9
    hand:   (empty)
  draw pile: (empty)
  discard (newest last): b-knight Knight 6/4/5, a-ram Battering Ram 9/1/2
"
    );
    // The win: the board says who won.
    let win = concat!(env!("CARGO_MANIFEST_DIR"), "/../examples/resolve-castle-win.json");
    let out = ok(&fray(&["resolve", win]));
    assert_event(&out, "castle.attack.win", "game over: player 0 wins");
    assert!(out.contains("board: Castle Rampage, turn 4, player 0's turn, game over\n"), "{out}");
    assert!(out.ends_with("  game over: player 0 wins\n"), "{out}");
}

#[test]
fn resolve_keyforge_examples_print_the_trace_and_the_keyforge_board() {
    let example = concat!(env!("CARGO_MANIFEST_DIR"), "/../examples/resolve-keyforge-fight.json");
    let out = ok(&fray(&["resolve", example]));
    assert_event(&out, "keyforge.fight.declare", "player 0's Raider Captain fights player 1's Ironclad Squire");
    assert_event(&out, "keyforge.keyword.assault", "player 0's Raider Captain's assault resolves");
    assert_event(&out, "keyforge.damage.ward", "player 1's Ironclad Squire's ward prevents 2 damage");
    assert_event(
        &out,
        "keyforge.fight.exchange",
        "player 0's Raider Captain and player 1's Ironclad Squire trade blows: 4 damage to player 1's Ironclad Squire, 3 to player 0's Raider Captain",
    );
    assert_event(&out, "keyforge.damage.armor", "player 1's Ironclad Squire's armor prevents 2 damage");
    assert_event(
        &out,
        "keyforge.damage.apply",
        "player 1's Ironclad Squire deals 3 damage to player 0's Raider Captain",
    );
    assert_event(
        &out,
        "keyforge.ability.fight",
        "player 0's Raider Captain's Fight: ability (it captures 1 amber from player 1) resolves",
    );
    assert_event(&out, "keyforge.effect.amber", "player 0's Raider Captain captures 1 amber from player 1");
    let board = out.split_once("\nboard: ").map(|(_, b)| b).unwrap_or_else(|| panic!("no board in:\n{out}"));
    assert_eq!(
        board,
        "KeyForge, bare board
  player 0: 0 amber, 0 keys; battleline left to right:
    raider  Raider Captain   power 4, 3 damage                   exhausted, 1 amber on it; assault 2; raider.fight (Fight: it captures 1 amber from player 1)
  player 1: 2 amber, 0 keys; battleline left to right:
    squire  Ironclad Squire  power 3, 2 damage, armor 2 (spent)  ready
"
    );
    // An ORDER decision: the waiting resolution, and the command answering each option.
    let order = concat!(env!("CARGO_MANIFEST_DIR"), "/../examples/resolve-keyforge-order.json");
    let out = ok(&fray(&["resolve", order]));
    assert_event(
        &out,
        "keyforge.order",
        "player 0 must choose what resolves next: player 0's Raider Captain's assault or player 1's Thornback's hazardous",
    );
    assert!(out.contains("  resolution waiting, bottom first:\n    fight: raider fights thornback, resumes at KEYFORGE_FIGHT_STAGE_EXCHANGE\n"), "{out}");
    assert!(out.contains("pending: player 0 must choose which item resolves next\n"), "{out}");
    assert!(
        out.contains(&format!("  raider:assault first:       fray resolve {order} --choice raider:assault\n")),
        "{out}"
    );
    let out = ok(&fray(&["resolve", order, "--choice", "raider:assault"]));
    assert_event(
        &out,
        "keyforge.fight.cut_short",
        "the fight of player 0's Raider Captain and player 1's Thornback ends without an exchange",
    );
    assert!(
        out.contains(
            "  player 1: 2 amber, 0 keys; battleline left to right:\n    (no creatures)\n    discard: Thornback\n"
        ),
        "{out}"
    );
    // The destruction chart: poison, a Destroyed: ability with its target, the amber
    // on a creature that leaves play.
    let poison = concat!(env!("CARGO_MANIFEST_DIR"), "/../examples/resolve-keyforge-poison.json");
    let out = ok(&fray(&["resolve", poison]));
    assert_event(&out, "keyforge.keyword.poison", "player 1's Ember Sprite is marked for destruction");
    assert_event(
        &out,
        "keyforge.ability.target",
        "player 1 must choose the target: player 0's Amber Hoarder or player 1's Stormcaller",
    );
    assert_event(&out, "keyforge.destroy.amber", "the 2 amber on player 0's Venom Drake goes to player 1");
}

const BENCH_5V5: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../bench/resolve-strike-5v5.json");

#[test]
fn bench_load_drives_a_child_server_and_reports_the_baseline_ratio_and_memory() {
    let args = ["bench", "load", "--request", BENCH_5V5, "--seconds", "0.2", "--warmup", "0.1", "--rounds", "2"];
    let out = fray(&[&args[..], &["--connections", "2", "--streams", "2"]].concat());
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    let row = |path: &str| text.lines().find(|l| l.starts_with(&format!("| {path} |"))).map(str::to_owned);
    for path in ["grpc.health.v1.Health/Check", "fray.v1.Rules/ResolveStrike"] {
        let row = row(path).unwrap_or_else(|| panic!("no {path} row in {text}"));
        let cells: Vec<&str> = row.split('|').map(str::trim).collect();
        // | RPC | request | boards per call | calls | errors | calls/s | ...
        assert_eq!(cells[3], "1", "{row}");
        assert!(cells[4].parse::<u64>().unwrap() > 0, "{row}");
        assert_eq!(cells[5], "0", "errors: {row}");
    }
    assert!(row("fray.v1.Rules/ResolveStrike").unwrap().contains("| 506 B |"), "{text}");
    assert!(text.contains("ratio ResolveStrike / Check: "), "{text}");
    assert!(text.contains("2 rounds alternated"), "{text}");
    assert_eq!(stderr(&out).matches("(round 2 of 2)").count(), 2, "{}", stderr(&out));
    assert!(text.contains("server memory: peak RSS "), "{text}");

    let out = fray(&["bench", "load", "--request", BENCH_5V5, "--rounds", "0"]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(stderr(&out).contains("--rounds must be in [1, 100]"), "{}", stderr(&out));
}

/// The cells of the first row of `text`'s table that starts with `| path |` and has
/// `boards` boards per call.
fn load_row(text: &str, path: &str, boards: &str) -> Vec<String> {
    let row = text
        .lines()
        .map(|l| l.split('|').map(str::trim).map(str::to_owned).collect::<Vec<_>>())
        .find(|cells| cells.len() > 5 && cells[1] == path && cells[3] == boards);
    row.unwrap_or_else(|| panic!("no {path} row of {boards} boards a call in {text}"))
}

#[test]
fn bench_load_drives_the_batches_and_the_stream_with_the_same_boards() {
    let args = ["bench", "load", "--request", BENCH_5V5, "--seconds", "0.2", "--warmup", "0.1"];
    let out = fray(&[&args[..], &["--connections", "1", "--streams", "2", "--batch", "1,16", "--stream"]].concat());
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    for (path, boards) in [
        ("fray.v1.Rules/ResolveStrike", "1"),
        ("fray.v1.Rules/ResolveStrikeBatch", "1"),
        ("fray.v1.Rules/ResolveStrikeBatch", "16"),
        ("fray.v1.Rules/Play", "1"),
    ] {
        let cells = load_row(&text, path, boards);
        assert!(cells[4].parse::<u64>().unwrap() > 0, "{cells:?}");
        assert_eq!(cells[5], "0", "errors: {cells:?}");
        // boards/s = calls/s x boards per call
        let (calls, boards_per_s): (f64, f64) = (cells[6].parse().unwrap(), cells[7].parse().unwrap());
        let n: f64 = boards.parse().unwrap();
        assert!((boards_per_s - calls * n).abs() <= n, "{cells:?}");
        assert!(cells[11].ends_with(" µs"), "server CPU per board: {cells:?}");
    }
    // A batch of 16 is 16 requests of 506 bytes, each with its 3 bytes of field tag and
    // length.
    assert_eq!(load_row(&text, "fray.v1.Rules/ResolveStrikeBatch", "16")[2], "8144 B");
    assert!(text.contains("boards/s against Check and ResolveStrike calls/s"), "{text}");
    assert!(text.contains("| ResolveStrikeBatch | 16 | "), "{text}");

    // --batch needs an RPC with a batch form; --stream needs boards.
    let out = fray(&["bench", "load", "--rpc", "new-game", "--request", BENCH_5V5, "--batch", "4"]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(stderr(&out).contains("has no batch RPC"), "{}", stderr(&out));
}

#[test]
fn bench_steps_prints_a_game_that_bench_load_plays_unary_and_on_one_stream() {
    let out = fray(&["bench", "steps", "--seed", "2"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let steps: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    let steps = steps.as_array().unwrap();
    assert!(steps.len() > 10, "{} steps", steps.len());
    assert!(steps.iter().all(|s| s["state"]["ruleset"] == "RULESET_EGAME" && s["action"].is_object()));
    let dir = std::env::temp_dir().join(format!("fray-bench-steps-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("game.json");
    std::fs::write(&file, stdout(&out)).unwrap();
    let file = file.to_str().unwrap();
    let args = ["bench", "load", "--rpc", "apply-action", "--request", file, "--stream", "--seconds", "0.2"];
    let out = fray(&[&args[..], &["--warmup", "0", "--connections", "1", "--streams", "1"]].concat());
    std::fs::remove_dir_all(&dir).unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    for path in ["fray.v1.Rules/ApplyAction", "fray.v1.Rules/LegalActions", "fray.v1.Rules/Play"] {
        let cells = load_row(&text, path, "1");
        assert_eq!(cells[5], "0", "errors: {cells:?}");
    }
    assert!(text.contains("| LegalActions then ApplyAction (a unary step) | 1 | "), "{text}");
    assert!(text.contains("Play messages/s / unary steps/s: "), "{text}");
    let out = fray(&["bench", "steps", "--scenario", "nope"]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(stderr(&out).contains("unknown scenario \"nope\""), "{}", stderr(&out));
}

#[test]
fn bench_load_refuses_a_request_the_server_refuses_with_its_status() {
    // A ResolveStrike request without a strike: the first call's status stops the run.
    let dir = std::env::temp_dir().join(format!("fray-bench-load-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("no-strike.json");
    std::fs::write(
        &file,
        r#"{"state": {"ruleset": "RULESET_EGAME", "players": [{"id": 0, "hp": 6}, {"id": 1, "hp": 6}]}}"#,
    )
    .unwrap();
    let out = fray(&["bench", "load", "--request", file.to_str().unwrap(), "--seconds", "0.2", "--no-baseline"]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(stderr(&out).contains("strike"), "{}", stderr(&out));
    let out = fray(&["bench", "load", "--rpc", "apply-action", "--request", BENCH_5V5, "--seconds", "0.2"]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(stderr(&out).contains("resolve-strike-5v5.json: request 0"), "{}", stderr(&out));
    // A batch whose call is answered but whose item is refused stops the run too.
    let batch = dir.join("batch.json");
    let board = std::fs::read_to_string(&file).unwrap();
    std::fs::write(&batch, format!(r#"{{"requests": [{board}]}}"#)).unwrap();
    let batch = batch.to_str().unwrap();
    let args = ["bench", "load", "--rpc", "resolve-strike-batch", "--request", batch, "--seconds", "0.2"];
    let out = fray(&[&args[..], &["--no-baseline"]].concat());
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(stderr(&out).contains("item 0 of the first batch was refused"), "{}", stderr(&out));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn bench_table_kept_only_prints_the_rows_file_and_lists_what_is_missing() {
    let dir = std::env::temp_dir().join(format!("fray-bench-table-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let rows = dir.join("rows.jsonl");
    let row = r#"{"ruleset":"castle-rampage","scenario":"raid","bot":"normal","opponent":"greedy","seed":1,"commit":"abc1234","wins":3,"draws":0,"losses":1,"points":3.0,"points_sq":3.0,"turn_limit":0}"#;
    std::fs::write(&rows, format!("{row}\n")).unwrap();
    let path = rows.to_str().unwrap();
    let out = fray(&["bench", "table", "--ruleset", "castle-rampage", "--games", "4", "--rows", path, "--kept-only"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(text.contains("| castle-rampage | raid | 2 | normal | greedy | 4 | 3 | 0 | 1 | 75.0% |"), "{text}");
    assert!(text.contains("| abc1234 |") && text.contains("Not measured yet (7 pairings):"), "{text}");
    // Another game count or seed is another measurement: nothing kept matches.
    let out = fray(&["bench", "table", "--ruleset", "castle-rampage", "--games", "6", "--rows", path, "--kept-only"]);
    assert!(String::from_utf8_lossy(&out.stdout).contains("Not measured yet (8 pairings):"));
    // A game kept of a row not done: listed with the missing, and a run goes on from it,
    // the row in place of the game, naming both commits.
    let game = r#"{"game":2,"ruleset":"castle-rampage","scenario":"raid","bot":"greedy","opponent":"random","games":4,"seed":1,"commit":"old1234","score":1.0,"turn_limit":false}"#;
    std::fs::write(&rows, format!("{row}\n{game}\n")).unwrap();
    let out = fray(&["bench", "table", "--ruleset", "castle-rampage", "--games", "4", "--rows", path, "--kept-only"]);
    assert!(
        String::from_utf8_lossy(&out.stdout).contains("- castle-rampage raid: greedy vs random (1 of 4 games kept)")
    );
    let args = ["bench", "table", "--ruleset", "castle-rampage", "--games", "4", "--rows", path, "-q"];
    let out = fray(&[&args[..], &["--pairing", "greedy vs random"]].concat());
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let kept = std::fs::read_to_string(&rows).unwrap();
    let lines: Vec<&str> = kept.lines().collect();
    assert_eq!(lines.len(), 2, "the row took its game's place: {kept}");
    assert!(
        lines[1].contains(r#""bot":"greedy","opponent":"random""#) && lines[1].contains(r#""commit":"old1234+"#),
        "{kept}"
    );
    // --kept-only needs the file; a broken file is named with its line.
    assert_eq!(fray(&["bench", "table", "--kept-only"]).status.code(), Some(2));
    std::fs::write(&rows, format!("{row}\nnot json\n")).unwrap();
    let out = fray(&["bench", "table", "--rows", path, "--kept-only"]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success() && err.contains("rows.jsonl: line 2: not a row of the table"), "{err}");
    // --pairing takes the table's names only, and says which they are.
    let out = fray(&["bench", "table", "--rows", path, "--pairing", "normal vs nobody"]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.contains("\"normal vs nobody\" is not a pairing of the table") && err.contains("hard vs normal"),
        "{err}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
