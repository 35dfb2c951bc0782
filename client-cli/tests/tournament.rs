//! End-to-end tests of `fray tournament` through the real binary and real gRPC: a
//! round robin with its log and reports, byte-identical logs for the same config,
//! resume after a torn log and after Ctrl-C, forfeits for a panicking and a slow bot,
//! the SPRT stopping a lopsided match, games shared over several servers (and over
//! every address of a host name), and the errors for bad options.
#![allow(clippy::unwrap_used, clippy::panic)]

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

use serde_json::Value;

mod common;
use common::{dead_addr, serve};

fn fray(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_fray")).args(args).output().unwrap()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

fn code(out: &Output, expected: i32) {
    assert_eq!(out.status.code(), Some(expected), "stdout:\n{}\nstderr:\n{}", text(&out.stdout), text(&out.stderr));
}

fn out_dir(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("fray-tournament-{name}"));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

/// `fray tournament` on the small `duel` scenario into `dir`.
fn tournament(dir: &Path, args: &[&str]) -> Output {
    let mut all = vec!["tournament", "--scenario", "duel", "--out", dir.to_str().unwrap()];
    all.extend_from_slice(args);
    fray(&all)
}

/// `fray tournament ARGS --ruleset RULESET -j 2 --out DIR`: the ruleset's default
/// scenario, two games at a time.
fn tournament_on(dir: &Path, ruleset: &str, args: &[&str]) -> Output {
    let mut all = vec!["tournament"];
    all.extend_from_slice(args);
    all.extend_from_slice(&["--ruleset", ruleset, "-j", "2", "--out", dir.to_str().unwrap()]);
    fray(&all)
}

/// The log's lines as JSON: the header, then the games.
fn log(dir: &Path) -> (Value, Vec<Value>) {
    let body = std::fs::read_to_string(dir.join("games.jsonl")).unwrap();
    let mut lines = body.lines().map(|l| serde_json::from_str::<Value>(l).unwrap());
    let header = lines.next().unwrap();
    (header, lines.collect())
}

/// `report.json`.
fn report(dir: &Path) -> Value {
    serde_json::from_str(&std::fs::read_to_string(dir.join("report.json")).unwrap()).unwrap()
}

/// The log without the timings, which differ between runs.
fn log_without_timings(dir: &Path) -> String {
    let (header, games) = log(dir);
    let mut out = header.to_string();
    for mut g in games {
        g.as_object_mut().unwrap().remove("run");
        out.push('\n');
        out.push_str(&g.to_string());
    }
    out
}

/// The tournament's Markdown report in `dir`, which names no wire enum value.
fn report_md(dir: &Path) -> String {
    let md = std::fs::read_to_string(dir.join("report.md")).unwrap();
    for wire in ["PHASE_", "RULESET_", "DECISION_KIND_"] {
        assert!(!md.contains(wire), "{wire} in the report:\n{md}");
    }
    md
}

#[test]
fn a_round_robin_logs_every_game_and_ranks_the_bots() {
    let dir = out_dir("round-robin");
    let out = tournament(&dir, &["random", "greedy", "mcts:playouts=40", "--games", "4", "-j", "2"]);
    code(&out, 0);
    let (header, games) = log(&dir);
    assert_eq!(header["format"], "fray-tournament");
    assert_eq!(header["config"]["bots"], serde_json::json!(["random", "greedy", "mcts:playouts=40"]));
    assert_eq!(games.len(), 12);
    for (n, g) in games.iter().enumerate() {
        assert_eq!(g["game"], n as u64);
        assert!(!g["actions"].as_array().unwrap().is_empty(), "{g}");
        let winner = g["winner"].as_u64();
        let expected = match winner {
            Some(0) => "1-0",
            Some(_) => "0-1",
            None => "1/2-1/2",
        };
        assert_eq!(g["result"], expected);
        assert!(g["endRule"].is_string(), "a rules ending names its rule: {g}");
        assert!(g["run"]["ms"].is_u64());
    }
    // Each opening is played twice with the sides swapped.
    assert_eq!(games[0]["seed"], games[1]["seed"]);
    assert_eq!(games[0]["seats"], serde_json::json!([0, 1]));
    assert_eq!(games[1]["seats"], serde_json::json!([1, 0]));
    let report = report(&dir);
    assert_eq!(report["games"], 12);
    assert_eq!(report["ranking"].as_array().unwrap().len(), 3);
    assert_eq!(report["pairings"].as_array().unwrap().len(), 3);
    let total: u64 = report["ranking"].as_array().unwrap().iter().map(|r| r["games"].as_u64().unwrap()).sum();
    assert_eq!(total, 24);
    // The seats: seat 0's record is the games' record from the first mover's side.
    let seat0_wins = games.iter().filter(|g| g["winner"] == 0).count() as u64;
    let seat0_losses = games.iter().filter(|g| g["winner"] == 1).count() as u64;
    assert_eq!(
        (report["seats"]["wins"].as_u64(), report["seats"]["losses"].as_u64()),
        (Some(seat0_wins), Some(seat0_losses))
    );
    assert_eq!(report["seats"]["pairs"], 6);
    // The scenario's measured balance comes from the server's ListRulesets.
    assert!(report["scenarioBalance"]["games"].as_u64().unwrap() > 0, "{report}");
    let md = report_md(&dir);
    assert!(md.contains("## Ranking") && md.contains("12 of 12 games played (finished)"), "{md}");
    assert!(md.contains("## Seats") && md.contains("Scenario duel is"), "{md}");
    let png = std::fs::read(dir.join("ratings.png")).unwrap();
    assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
    let stdout = text(&out.stdout);
    assert!(stdout.contains("| rank | bot |") && stdout.contains("games.jsonl"), "{stdout}");
}

#[test]
fn the_default_scenario_is_balanced_and_an_unbalanced_one_is_flagged() {
    let dir = out_dir("default-scenario");
    let out = fray(&["tournament", "greedy", "random", "--games", "2", "--out", dir.to_str().unwrap()]);
    code(&out, 0);
    let report = report(&dir);
    assert_eq!(report["scenarioBalance"]["balanced"], true, "{report}");
    assert!(!text(&out.stderr).contains("not known to be balanced"), "{}", text(&out.stderr));
    let help = text(&fray(&["tournament", "--help"]).stdout);
    let default = report["config"]["scenario"].as_str().unwrap();
    assert!(help.contains(&format!("--ruleset egame (default scenario: {default})")), "{help}");
    // men-vs-fey hands seat 0 nearly every game: the run warns, and so does the report.
    let dir = out_dir("unbalanced-scenario");
    let out = fray(&[
        "tournament",
        "greedy",
        "random",
        "--games",
        "2",
        "--scenario",
        "men-vs-fey",
        "--out",
        dir.to_str().unwrap(),
    ]);
    code(&out, 0);
    assert!(
        text(&out.stderr)
            .contains("warning: scenario men-vs-fey is not known to be balanced under e:game: seat 0 scored 100%"),
        "{}",
        text(&out.stderr)
    );
    assert!(help.contains("men-vs-fey") && help.contains("UNBALANCED"), "{help}");
    let md = report_md(&dir);
    assert!(md.contains("Scenario men-vs-fey is **not known to be balanced**"), "{md}");
}

#[test]
fn the_same_config_gives_the_same_log_timings_aside() {
    let args = ["greedy", "mcts:playouts=30", "random", "--games", "2", "--seed", "5"];
    let one = out_dir("same-1");
    let two = out_dir("same-2");
    code(&tournament(&one, &[&args[..], &["-j", "1"]].concat()), 0);
    code(&tournament(&two, &[&args[..], &["-j", "3"]].concat()), 0);
    assert_eq!(log_without_timings(&one), log_without_timings(&two));
}

#[test]
fn resume_continues_a_torn_log_to_the_same_result() {
    let full = out_dir("resume-full");
    let cut = out_dir("resume-cut");
    let args = ["greedy", "random", "--games", "8"];
    code(&tournament(&full, &args), 0);
    code(&tournament(&cut, &args), 0);
    // Keep the header and three games, then half a line: a kill in mid-write.
    let body = std::fs::read_to_string(cut.join("games.jsonl")).unwrap();
    let lines: Vec<&str> = body.lines().collect();
    let torn = format!("{}\n{}", lines[..4].join("\n"), &lines[4][..lines[4].len() / 2]);
    std::fs::write(cut.join("games.jsonl"), torn).unwrap();
    let log_path = cut.join("games.jsonl");
    let out = fray(&["tournament", "--resume", log_path.to_str().unwrap()]);
    code(&out, 0);
    assert_eq!(log_without_timings(&full), log_without_timings(&cut));
    let report = report(&cut);
    assert_eq!(report["games"], 8);
    // Settings belong to the log: giving them again is refused.
    let again = fray(&["tournament", "--resume", log_path.to_str().unwrap(), "greedy", "random"]);
    code(&again, 2);
}

#[test]
fn resume_existing_starts_a_tournament_then_continues_its_log() {
    let full = out_dir("existing-full");
    let job = out_dir("existing-job");
    let args = ["greedy", "random", "--games", "8", "--resume-existing"];
    // Nothing there yet: it starts (and a finished log is finished again, nothing played).
    code(&tournament(&full, &args), 0);
    code(&tournament(&full, &args), 0);
    assert_eq!(log(&full).1.len(), 8);
    // A pod stopped mid-run: the header, three games and a torn line are on the volume.
    code(&tournament(&job, &args), 0);
    let body = std::fs::read_to_string(job.join("games.jsonl")).unwrap();
    let lines: Vec<&str> = body.lines().collect();
    let torn = format!("{}\n{}", lines[..4].join("\n"), &lines[4][..lines[4].len() / 2]);
    std::fs::write(job.join("games.jsonl"), torn).unwrap();
    // The same command again continues it to the same games.
    let out = tournament(&job, &args);
    code(&out, 0);
    assert_eq!(log_without_timings(&full), log_without_timings(&job));
    assert_eq!(report(&job)["games"], 8);
    // Stopped between creating the log and writing its header: an empty file, started anew.
    std::fs::write(job.join("games.jsonl"), "").unwrap();
    code(&tournament(&job, &args), 0);
    assert_eq!(log_without_timings(&full), log_without_timings(&job));
    // A log of other settings is refused, naming what differs, and left alone.
    let other = tournament(&job, &["greedy", "random", "--games", "10", "--resume-existing"]);
    code(&other, 2);
    let err = text(&other.stderr);
    assert!(
        err.contains("is the log of another tournament (gamesPerPairing: the log's 8, these settings' 10)"),
        "{err}"
    );
    assert_eq!(log_without_timings(&full), log_without_timings(&job));
    // Without the flag an existing log is still refused.
    code(&tournament(&job, &["greedy", "random", "--games", "8"]), 2);
}

/// Waits until the log holds at least `games` games.
fn wait_for_games(dir: &Path, games: usize, child: &mut Child) {
    let started = Instant::now();
    loop {
        let lines = std::fs::read_to_string(dir.join("games.jsonl")).map(|b| b.lines().count()).unwrap_or(0);
        if lines > games {
            return;
        }
        if let Some(status) = child.try_wait().unwrap() {
            panic!("the tournament ended early: {status}");
        }
        assert!(started.elapsed() < Duration::from_secs(120), "no progress");
        std::thread::sleep(Duration::from_millis(50));
    }
}

#[test]
fn ctrl_c_saves_the_log_and_resume_finishes_the_tournament() {
    let dir = out_dir("interrupt");
    let mut child = Command::new(env!("CARGO_BIN_EXE_fray"))
        .args(["tournament", "greedy", "mcts:playouts=200", "--scenario", "duel", "--games", "400", "-j", "1"])
        .args(["--out", dir.to_str().unwrap()])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    wait_for_games(&dir, 2, &mut child);
    let killed = Command::new("kill").args(["-INT", &child.id().to_string()]).status().unwrap();
    assert!(killed.success());
    let out = child.wait_with_output().unwrap();
    code(&out, 130);
    let err = text(&out.stderr);
    assert!(err.contains("fray tournament --resume") && err.contains("games.jsonl"), "{err}");
    let (_, games) = log(&dir);
    assert!(games.len() >= 2 && games.len() < 400, "{} games", games.len());
    let report = report(&dir);
    assert_eq!(report["status"], "interrupted");
    assert_eq!(report["games"], games.len());
}

#[test]
fn a_panicking_or_slow_bot_forfeits_and_play_goes_on() {
    let dir = out_dir("forfeit");
    let out = tournament(&dir, &["crash:after=2", "random", "mcts:time=5s", "--games", "2", "--move-timeout", "300ms"]);
    code(&out, 0);
    let (_, games) = log(&dir);
    assert_eq!(games.len(), 6);
    // Bot 0 panics on its second move, bot 2 never answers in time; random (1) never fails.
    for g in &games {
        let seats: Vec<u64> = g["seats"].as_array().unwrap().iter().map(|s| s.as_u64().unwrap()).collect();
        let loser = g["forfeit"]["seat"].as_u64().unwrap_or_else(|| panic!("no forfeit: {g}")) as usize;
        let reason = g["forfeit"]["reason"].as_str().unwrap();
        assert_eq!(g["winner"].as_u64().unwrap() as usize, 1 - loser);
        match seats[loser] {
            0 => assert!(reason.starts_with("panicked:") && reason.contains("on purpose"), "{reason}"),
            2 => assert!(reason.starts_with("ran past its time"), "{reason}"),
            _ => panic!("random forfeited: {g}"),
        }
    }
    let report = report(&dir);
    assert_eq!(report["forfeits"].as_array().unwrap().len(), 6);
    assert_eq!(report["ranking"][0]["bot"], "random");
    let err = text(&out.stderr);
    assert!(err.contains("forfeits: panicked"), "{err}");
    assert!(!err.contains("panicked at"), "the bot's panic stays out of the terminal: {err}");
}

#[test]
fn the_sprt_stops_a_lopsided_match() {
    let dir = out_dir("sprt");
    let out = tournament(&dir, &["greedy", "random", "--games", "2000", "--sprt", "0", "100", "0.05", "0.05"]);
    code(&out, 0);
    let (_, games) = log(&dir);
    assert!(games.len() < 2000 && games.len() % 2 == 0, "{} games", games.len());
    let report = report(&dir);
    assert_eq!(report["sprt"]["verdict"], "H1 accepted");
    assert_eq!(report["status"], "stopped by the SPRT");
    assert!(report["sprt"]["llr"].as_f64().unwrap() >= report["sprt"]["upper"].as_f64().unwrap());
}

#[test]
fn several_servers_share_the_games_and_a_dead_one_is_passed_over() {
    let (one, two) = (serve(), serve());
    let dead = dead_addr();
    let dir = out_dir("servers");
    let out = tournament(
        &dir,
        &[
            "greedy", "random", "--games", "6", "-j", "2", "--server", &one.addr, "--server", &two.addr, "--server",
            &dead,
        ],
    );
    code(&out, 0);
    let stdout = text(&out.stdout);
    let calls = stdout.lines().find(|l| l.starts_with("Referee calls:")).unwrap_or_else(|| panic!("{stdout}"));
    for addr in [&one.addr, &two.addr] {
        let n: u64 = calls
            .split(&format!("http://{addr} "))
            .nth(1)
            .and_then(|rest| rest.split([',', ';']).next())
            .and_then(|n| n.trim().parse().ok())
            .unwrap_or_else(|| panic!("{calls}"));
        assert!(n > 10, "{addr} took only {n} calls: {calls}");
    }
    assert!(text(&out.stderr).contains(&format!("http://{dead} does not answer")), "{}", text(&out.stderr));
    assert_eq!(log(&dir).1.len(), 6);
}

#[test]
fn a_server_killed_mid_tournament_loses_no_game_and_counts_none_twice() {
    let (one, two, mut three) = (serve(), serve(), serve());
    let dir = out_dir("killed-server");
    let mut child = Command::new(env!("CARGO_BIN_EXE_fray"))
        .args(["tournament", "greedy", "mcts:playouts=50", "--scenario", "duel", "--games", "40", "-j", "2"])
        .args(["--server", &one.addr, "--server", &two.addr, "--server", &three.addr])
        .args(["--out", dir.to_str().unwrap()])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    wait_for_games(&dir, 3, &mut child);
    three.kill();
    let out = child.wait_with_output().unwrap();
    code(&out, 0);
    let (_, games) = log(&dir);
    let numbers: Vec<u64> = games.iter().map(|g| g["game"].as_u64().unwrap()).collect();
    assert_eq!(numbers, (0..40).collect::<Vec<u64>>(), "every game once, in order");
    assert_eq!(report(&dir)["games"], 40);
    // The killed server took calls before it died; the others took the rest.
    let stdout = text(&out.stdout);
    let calls = stdout.lines().find(|l| l.starts_with("Referee calls:")).unwrap_or_else(|| panic!("{stdout}"));
    for addr in [&one.addr, &two.addr, &three.addr] {
        assert!(calls.contains(&format!("http://{addr} ")), "{calls}");
    }
}

#[test]
fn a_server_url_with_a_host_name_plays_on_every_address_it_resolves_to() {
    let one = serve();
    let port = one.addr.rsplit_once(':').unwrap().1;
    let url = format!("http://localhost:{port}");
    let dir = out_dir("host-name");
    let out = tournament(&dir, &["greedy", "random", "--games", "4", "-j", "2", "--server", &url]);
    code(&out, 0);
    assert_eq!(log(&dir).1.len(), 4);
    let stdout = text(&out.stdout);
    let calls = stdout.lines().find(|l| l.starts_with("Referee calls:")).unwrap_or_else(|| panic!("{stdout}"));
    assert!(calls.contains(&format!("{url} (127.0.0.1) ")), "{calls}");
    // Where localhost is ::1 too, nothing listens there: it is passed over, not fatal.
    if calls.contains("(::1)") {
        assert!(text(&out.stderr).contains(&format!("{url} (::1) does not answer")), "{}", text(&out.stderr));
    }
}

#[test]
fn a_server_name_that_does_not_resolve_is_a_connection_error() {
    // .invalid never resolves (RFC 6761).
    let out = tournament(&out_dir("no-such-name"), &["greedy", "random", "--server", "http://fray.invalid:50051"]);
    code(&out, 1);
    let stderr = text(&out.stderr);
    assert!(stderr.contains("cannot reach http://fray.invalid:50051: cannot resolve fray.invalid"), "{stderr}");
}

#[test]
fn bad_options_are_refused_with_the_reason() {
    let dir = out_dir("bad");
    let cases: [(&[&str], i32, &str); 11] = [
        (&["greedy"], 2, "at least two bots"),
        (&["greedy", "random", "--games", "3"], 2, "must be even"),
        (&["greedy", "mcts:speed=3"], 2, "mcts:speed=3"),
        (&["greedy", "random", "greedy", "--sprt", "0", "10", "0.05", "0.05"], 2, "exactly two bots"),
        (&["greedy", "random", "--scenario", "nowhere"], 2, "nowhere"),
        (&["greedy", "random", "-j", "0"], 2, "--concurrency"),
        (&["greedy", "random", "random", "--ruleset", "dog-fight", "--players", "4"], 2, "3 were given"),
        (
            &["random", "random", "random", "--ruleset", "dog-fight", "--players", "5"],
            2,
            "no scenario for 5 players (it has 2, 3, 4)",
        ),
        (&["random", "random", "random", "--players", "3"], 2, "egame has no scenario for 3 players"),
        (
            &["random", "random", "random", "--ruleset", "dog-fight", "--players", "3", "--games", "4"],
            2,
            "multiple of 6",
        ),
        (&["random", "random", "--ruleset", "dog-fight", "--players", "2", "--scenario", "melee"], 2, "disagree"),
    ];
    for (args, expected, says) in cases {
        let mut all = vec!["tournament", "--out", dir.to_str().unwrap()];
        all.extend_from_slice(args);
        let out = fray(&all);
        code(&out, expected);
        assert!(text(&out.stderr).contains(says), "{args:?}: {}", text(&out.stderr));
        let _ = std::fs::remove_dir_all(&dir);
    }
    let ok = tournament(&dir, &["greedy", "random", "--games", "2"]);
    code(&ok, 0);
    let exists = tournament(&dir, &["greedy", "random", "--games", "2"]);
    code(&exists, 2);
    assert!(text(&exists.stderr).contains("--resume"), "{}", text(&exists.stderr));
    let missing = fray(&["tournament", "--resume", "/nonexistent/games.jsonl"]);
    code(&missing, 2);
    let dead = dead_addr();
    let unreachable = tournament(&out_dir("bad-server"), &["greedy", "random", "--server", &dead]);
    code(&unreachable, 1);
    assert!(text(&unreachable.stderr).contains("cannot reach"), "{}", text(&unreachable.stderr));
}

#[test]
fn a_castle_rampage_tournament_writes_its_log_and_report() {
    let dir = out_dir("castle");
    let out = tournament_on(&dir, "castle-rampage", &["random", "greedy", "--games", "2"]);
    code(&out, 0);
    let (header, games) = log(&dir);
    assert_eq!(header["config"]["ruleset"], "RULESET_CASTLE_RAMPAGE");
    // The default is the core's fairest Castle scenario, which is balanced: no warning.
    let fairest = fray_core::rulesets::fairest_scenario(fray_core::Ruleset::CastleRampage);
    assert_eq!(header["config"]["scenario"], fairest);
    assert_eq!(games.len(), 2);
    for g in &games {
        assert!(g["endRule"].as_str().is_some_and(|r| r.starts_with("castle.")), "{g}");
        let actions = g["actions"].as_array().unwrap();
        assert!(actions.iter().any(|a| a.get("strike").is_some()), "{g}");
    }
    let report = report(&dir);
    assert_eq!(report["games"], 2);
    assert_eq!(report["ranking"].as_array().unwrap().len(), 2);
    assert!(!text(&out.stderr).contains("seat balance under Castle Rampage"), "{}", text(&out.stderr));
    let help = text(&fray(&["tournament", "--help"]).stdout);
    assert!(help.contains(&format!("--ruleset castle-rampage (default scenario: {fairest}):")), "{help}");
}

#[test]
fn a_keyforge_tournament_plays_the_fairest_scenario_and_reports() {
    let dir = out_dir("keyforge");
    let out = tournament_on(&dir, "keyforge", &["random", "greedy", "--games", "4"]);
    code(&out, 0);
    let (header, games) = log(&dir);
    assert_eq!(header["config"]["ruleset"], "RULESET_KEYFORGE");
    // The default is the fairest KeyForge scenario: clash (seat 0 scores 55.5% over 100
    // games), not mirror (59.0%); both are balanced.
    assert_eq!(fray_core::rulesets::fairest_scenario(fray_core::Ruleset::Keyforge), "clash");
    assert_eq!(header["config"]["scenario"], "clash");
    assert_eq!(games.len(), 4);
    for g in &games {
        assert!(g["endRule"].as_str().is_some_and(|r| r.starts_with("keyforge.turn.")), "{g}");
        let actions = g["actions"].as_array().unwrap();
        assert!(actions.iter().any(|a| a.get("strike").is_some() || a.get("reap").is_some()), "{g}");
    }
    let report = report(&dir);
    assert_eq!(report["games"], 4);
    assert_eq!(report["ranking"].as_array().unwrap().len(), 2);
    let md = report_md(&dir);
    assert!(md.contains("Ruleset KeyForge, scenario clash"), "{md}");
    assert!(md.contains("Scenario clash is balanced"), "{md}");
    assert!(!text(&out.stderr).contains("seat balance under KeyForge"), "{}", text(&out.stderr));
    let help = text(&fray(&["tournament", "--help"]).stdout);
    assert!(help.contains("--ruleset keyforge (default scenario: clash):"), "{help}");
    assert!(help.contains("    mirror         seat 0  42% over 100 games, balanced"), "{help}");
}

#[test]
fn a_four_player_dog_fight_tournament_rotates_the_seats_and_reports() {
    let dir = out_dir("dog-fight-4");
    let out =
        tournament_on(&dir, "dog-fight", &["random", "greedy", "random", "random", "--players", "4", "--games", "24"]);
    code(&out, 0);
    let (header, games) = log(&dir);
    assert_eq!(header["config"]["ruleset"], "RULESET_DOG_FIGHT");
    assert_eq!(header["config"]["scenario"], "melee", "the four-player scenario");
    assert_eq!(header["config"]["playersPerGame"], 4);
    assert_eq!(games.len(), 24, "one table, one opening in all 4! seat orders");
    let mut orders: Vec<Vec<u64>> = Vec::new();
    for g in &games {
        let seats: Vec<u64> = g["seats"].as_array().unwrap().iter().map(|s| s.as_u64().unwrap()).collect();
        let places: Vec<u64> = g["places"].as_array().unwrap().iter().map(|p| p.as_u64().unwrap()).collect();
        assert_eq!((seats.len(), places.len(), g["seed"].as_u64()), (4, 4, Some(1)), "{g}");
        assert!(places.iter().all(|p| (1..=4).contains(p)) && places.contains(&1), "{g}");
        if let Some(w) = g["winner"].as_u64() {
            assert_eq!(places[w as usize], 1, "{g}");
            assert_eq!(places.iter().filter(|&&p| p == 1).count(), 1, "{g}");
        }
        assert!(g["endRule"].as_str().is_some_and(|r| r.starts_with("dogfight.")), "{g}");
        orders.push(seats);
    }
    orders.sort();
    orders.dedup();
    assert_eq!(orders.len(), 24, "every seat order once");
    let report = report(&dir);
    assert_eq!(report["games"], 24);
    let ranking = report["ranking"].as_array().unwrap();
    assert_eq!(ranking.len(), 4);
    for r in ranking {
        assert_eq!(r["games"], 24);
        let (lo, elo, hi) = (
            r["elo"]["lower"].as_f64().unwrap(),
            r["elo"]["elo"].as_f64().unwrap(),
            r["elo"]["upper"].as_f64().unwrap(),
        );
        assert!(lo < elo && elo < hi, "a bootstrap interval around the rating: {r}");
    }
    // Scores are shares of the others finished ahead of: four players' sum to 2 a game.
    let total: f64 = ranking.iter().map(|r| r["score"].as_f64().unwrap()).sum();
    assert!((total - 2.0).abs() < 1e-9, "{total}");
    assert_eq!(report["seats"]["every"].as_array().unwrap().len(), 4);
    assert_eq!(report["pairings"].as_array().unwrap().len(), 6, "every two of the four bots");
    let md = report_md(&dir);
    assert!(md.contains("each opening is played in all 24 seat orders"), "{md}");
    assert!(md.contains("## Head to head") && md.contains("| seat | score |"), "{md}");
    let png = std::fs::read(dir.join("ratings.png")).unwrap();
    assert!(png.starts_with(b"\x89PNG"), "a PNG chart");
}

#[test]
fn off_a_terminal_progress_is_plain_lines_and_quiet_shows_none() {
    // stderr is a pipe here: no bar, no carriage returns, whole lines.
    let dir = out_dir("plain-progress");
    let out = tournament(&dir, &["random", "greedy", "--games", "4", "--seed", "3"]);
    code(&out, 0);
    let err = text(&out.stderr);
    assert!(!err.contains('\r') && !err.contains('\x1b'), "{err:?}");
    let lines: Vec<&str> = err.lines().filter(|l| l.contains(" games  ")).collect();
    assert!(lines.first().is_some_and(|l| l.starts_with("1/4 games  ")), "the first game is told: {err}");
    assert!(lines.last().is_some_and(|l| l.starts_with("4/4 games  ")), "the last game is told: {err}");
    assert!(lines.len() <= 4, "at most a line a game, and one every 5 s: {err}");
    let quiet = tournament(&out_dir("quiet-progress"), &["random", "greedy", "--games", "4", "--seed", "3", "--quiet"]);
    code(&quiet, 0);
    assert!(!text(&quiet.stderr).contains(" games  "), "{}", text(&quiet.stderr));
    // `fray bench` shows its games the same way, and `--quiet` none.
    let bench = fray(&["bench", "strength", "--bot", "greedy", "--against", "random", "--games", "4", "--jobs", "1"]);
    code(&bench, 0);
    let err = text(&bench.stderr);
    assert!(!err.contains('\r'), "{err:?}");
    assert!(err.lines().any(|l| l.starts_with("greedy vs random: 4/4 games  score ")), "{err}");
    let bench = fray(&["bench", "--quiet", "strength", "--bot", "greedy", "--against", "random", "--games", "2"]);
    code(&bench, 0);
    assert_eq!(text(&bench.stderr), "");
    assert!(text(&bench.stdout).contains("| greedy | random | 2 |"), "{}", text(&bench.stdout));
}
