//! Hostile clients against the real `fray-server` (issue 24), measured rather than
//! tested: each takes seconds to a minute, so they run by hand, not in CI.
//!
//! ```sh
//! cargo bench -p fray-service --bench hostile                 # all three
//! cargo bench -p fray-service --bench hostile -- stalled      # or one: stalled, idle, vessels
//! FRAY_SERVER_BIN=target/release/fray-server cargo bench -p fray-service --bench hostile
//! FRAY_SERVER_ARGS="--max-request-bytes 67108864" cargo bench -p fray-service --bench hostile -- stalled
//! ```
//!
//! - `stalled`: 600 streams on one connection, each a 1 MiB message stalled 100 bytes
//!   short, then 100 such streams on each of 5 and of 40 connections: the server's peak
//!   RSS must stay under 256 MiB each time, every stream answer RESOURCE_EXHAUSTED or a
//!   reset (or be held within the budgets), and a normal client on a new connection be
//!   served throughout; then 100 on each of 200 connections, past `--max-connections`:
//!   the extra connections are refused and the peak stays under 400 MiB (about 90 s).
//! - `idle`: 200 HTTP/2 connections that make one call and idle are all closed by the
//!   server within 75 s at the default settings (about 60 s).
//! - `vessels`: on a 64-vessel Dog Fight board (4032 attacks), a ChooseAction with a
//!   one-hour deadline answers within `--agent-max-time-ms 3000`, and a search its client
//!   drops frees the slot soon after (about 10 s).
//!
//! Each prints its figure and panics when its goal is missed. docs/reliability.md keeps
//! the results.
#![allow(missing_docs, clippy::unwrap_used, clippy::panic)]

use std::time::Duration;

use fray_proto::fray::v1 as pb;
use fray_testkit::agent_calls::{hold_the_slot, until_a_search_gets};
use fray_testkit::process::spawn_server;
use fray_testkit::raw::{GRPC, h2_request};
use pb::agent_client::AgentClient;
use tonic::Code;

/// The server measured: `FRAY_SERVER_BIN`, else the one cargo built with this bench.
fn server_bin() -> String {
    std::env::var("FRAY_SERVER_BIN").unwrap_or_else(|_| env!("CARGO_BIN_EXE_fray-server").to_owned())
}

/// The flags `stalled` starts the server with: none (the defaults), or
/// `FRAY_SERVER_ARGS` split at spaces, to measure other settings.
fn stalled_args() -> Vec<String> {
    std::env::var("FRAY_SERVER_ARGS").map(|a| a.split_whitespace().map(str::to_owned).collect()).unwrap_or_default()
}

fn main() {
    // cargo passes `--bench`; any other word picks the measurements to run.
    let picked: Vec<String> = std::env::args().skip(1).filter(|a| !a.starts_with("--")).collect();
    let runs = |name: &str| picked.is_empty() || picked.iter().any(|p| name.contains(p.as_str()));
    if runs("stalled") {
        stalled();
    }
    if runs("idle") {
        idle();
    }
    if runs("vessels") {
        vessels();
    }
}

/// Stalled 1 MiB streams, 600 on one connection, then 100 on each of 5 and of 40
/// connections: the server's peak RSS under 256 MiB each time at the default flags,
/// every stream refused RESOURCE_EXHAUSTED or reset (or held within the budgets), and a
/// normal client on a new connection served throughout. Then 100 on each of 200
/// connections, past `--max-connections` (100): the connections past it are refused
/// (so may the normal client's be), and the peak stays under the bound that
/// docs/reliability.md derives from the flags (400 MiB at the defaults).
#[cfg(target_os = "linux")]
fn stalled() {
    use fray_testkit::hostile::{Attack, run};
    let mut missed = Vec::new();
    for (connections, streams, goal) in [(1, 600, 256.0), (5, 100, 256.0), (40, 100, 256.0), (200, 100, 400.0)] {
        let args = stalled_args();
        let (mut child, addr) = spawn_server(&server_bin(), &args.iter().map(String::as_str).collect::<Vec<_>>());
        let pid = child.id();
        let attack = Attack::stalled(connections, streams, Duration::from_secs(20));
        let outcome = tokio::runtime::Runtime::new().unwrap().block_on(run(pid, addr, attack));
        let _ = child.kill();
        let _ = child.wait();
        eprintln!("{connections} x {streams} stalled 1 MiB streams: {}", outcome.summary());
        let case = format!("{connections} x {streams}");
        if outcome.peak_rss_mib >= goal {
            missed.push(format!("{case}: {:.1} MiB, the goal is under {goal}", outcome.peak_rss_mib));
        }
        if !outcome.other.is_empty() {
            missed.push(format!("{case}: streams answered otherwise: {:?}", outcome.other));
        }
        let under_the_cap = connections < 100;
        if under_the_cap && !outcome.normal_failures.is_empty() {
            missed.push(format!("{case}: the normal client failed: {:?}", outcome.normal_failures));
        }
        if !under_the_cap && outcome.connections_refused == 0 {
            missed.push(format!("{case}: no connection was refused past --max-connections"));
        }
    }
    assert!(missed.is_empty(), "goals missed:\n{}", missed.join("\n"));
}

#[cfg(not(target_os = "linux"))]
fn stalled() {
    eprintln!("stalled: reads /proc, Linux only");
}

/// 200 idle connections closed by the server within 75 s at the default settings.
fn idle() {
    let (mut child, addr) = spawn_server(&server_bin(), &[]);
    let runtime = tokio::runtime::Runtime::new().unwrap();
    let closed_in = runtime.block_on(async move {
        let mut connections = Vec::new();
        for _ in 0..200 {
            let tcp = tokio::net::TcpStream::connect(addr).await.unwrap();
            let (send, connection) = h2::client::handshake(tcp).await.unwrap();
            let driver = tokio::spawn(connection);
            let mut send = send.ready().await.unwrap();
            let request = h2_request(addr, "/fray.v1.Rules/ListRulesets", GRPC);
            let (response, mut body) = send.send_request(request, false).unwrap();
            body.send_data(bytes::Bytes::from_static(&[0, 0, 0, 0, 0]), true).unwrap();
            assert_eq!(response.await.unwrap().status(), 200);
            connections.push((send, driver));
        }
        let started = std::time::Instant::now();
        for (_send, driver) in connections {
            tokio::time::timeout(Duration::from_secs(75).saturating_sub(started.elapsed()), driver)
                .await
                .expect("a connection was still open 75 s after it idled")
                .unwrap()
                .ok();
        }
        started.elapsed()
    });
    let _ = child.kill();
    let _ = child.wait();
    eprintln!("200 idle connections closed by the server within {closed_in:?}");
}

/// A Dog Fight board of 64 vessels in range of one another, two players.
fn sixty_four_vessels() -> pb::GameState {
    let vessel = |i: u32| pb::Vessel {
        id: format!("v{i}"),
        name: format!("v{i}"),
        controller: i % 2,
        x: i32::try_from(i).unwrap(),
        y: i32::try_from(i % 2).unwrap(),
        attack: 3,
        range: 200,
        hull: 50,
        ..Default::default()
    };
    pb::GameState {
        ruleset: pb::Ruleset::DogFight as i32,
        dog_fight: Some(pb::DogFightBoard {
            width: 64,
            height: 2,
            vessels: (0..64).map(vessel).collect(),
            sides: vec![pb::DogFightSide::default(), pb::DogFightSide::default()],
            attack: None,
        }),
        ..Default::default()
    }
}

/// On 64 vessels: the max time holds against a one-hour deadline, and a dropped search
/// frees its slot.
fn vessels() {
    let args = ["--agent-max-time-ms", "3000", "--max-concurrent-agent", "1"];
    let (mut child, addr) = spawn_server(&server_bin(), &args);
    let runtime = tokio::runtime::Runtime::new().unwrap();
    runtime.block_on(async move {
        let channel =
            tonic::transport::Endpoint::from_shared(format!("http://{addr}")).unwrap().connect().await.unwrap();
        let mut agent = AgentClient::new(channel);
        let request = pb::ChooseActionRequest {
            state: Some(sixty_four_vessels()),
            player: 0,
            budget: None,
            seed: 1,
            ..Default::default()
        };
        let mut call = tonic::Request::new(request.clone());
        call.set_timeout(Duration::from_secs(3600));
        let started = std::time::Instant::now();
        let answer = agent.choose_action(call).await;
        eprintln!("one-hour deadline, max time 3 s: {:?} after {:?}", answer.as_ref().map(|_| "OK"), started.elapsed());
        assert!(answer.is_ok(), "{answer:?}");
        // A search its client drops after 500 ms.
        let search = hold_the_slot(&mut agent, &request).await;
        let probe = pb::ChooseActionRequest::default();
        tokio::time::sleep(Duration::from_millis(500)).await;
        search.abort();
        let freed = until_a_search_gets(&mut agent, &probe, Code::InvalidArgument, Duration::from_secs(20)).await;
        eprintln!("cancelled mid-search: the slot was free {freed:?} later");
    });
    let _ = child.kill();
    let _ = child.wait();
}
