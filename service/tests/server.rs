//! The server around the services: health, reflection, message limits, graceful and
//! bounded shutdown, and the `fray-server` binary.
#![allow(missing_docs, clippy::unwrap_used, clippy::panic)]

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};
use std::time::Duration;

use fray_proto::fray::v1 as pb;
use fray_service::ServerConfig;
use fray_testkit::prelude::*;
use fray_testkit::raw::resolve_strike_raw;
use tokio_stream::StreamExt as _;
use tonic::Code;
use tonic_health::pb::health_check_response::ServingStatus;
use tonic_health::pb::{HealthCheckRequest, health_client::HealthClient};
use tonic_reflection::pb::{v1, v1alpha};

#[tokio::test]
async fn health_reports_rules_agent_and_server_serving() {
    let server = TestServer::start().await;
    let mut health = HealthClient::new(server.channel.clone());
    for service in ["", "fray.v1.Rules", "fray.v1.Agent"] {
        let resp = health.check(HealthCheckRequest { service: service.into() }).await.unwrap();
        assert_eq!(resp.into_inner().status(), ServingStatus::Serving, "service {service:?}");
    }
    let unknown = health.check(HealthCheckRequest { service: "fray.v1.Nope".into() }).await.unwrap_err();
    assert_eq!(unknown.code(), Code::NotFound);
}

#[tokio::test]
async fn reflection_v1_lists_the_services_and_describes_rules() {
    let server = TestServer::start().await;
    let mut client = v1::server_reflection_client::ServerReflectionClient::new(server.channel.clone());
    let requests = [
        v1::ServerReflectionRequest {
            host: String::new(),
            message_request: Some(v1::server_reflection_request::MessageRequest::ListServices(String::new())),
        },
        v1::ServerReflectionRequest {
            host: String::new(),
            message_request: Some(v1::server_reflection_request::MessageRequest::FileContainingSymbol(
                "fray.v1.Rules".into(),
            )),
        },
    ];
    let mut responses = client.server_reflection_info(tokio_stream::iter(requests)).await.unwrap().into_inner();

    let listed = responses.next().await.unwrap().unwrap().message_response.unwrap();
    let v1::server_reflection_response::MessageResponse::ListServicesResponse(listed) = listed else {
        panic!("expected a service list, got {listed:?}");
    };
    let names: Vec<_> = listed.service.iter().map(|s| s.name.as_str()).collect();
    for name in ["fray.v1.Rules", "fray.v1.Agent", "grpc.health.v1.Health"] {
        assert!(names.contains(&name), "{name} missing from {names:?}");
    }

    let file = responses.next().await.unwrap().unwrap().message_response.unwrap();
    let v1::server_reflection_response::MessageResponse::FileDescriptorResponse(file) = file else {
        panic!("expected file descriptors, got {file:?}");
    };
    assert!(!file.file_descriptor_proto.is_empty());
}

#[tokio::test]
async fn reflection_v1alpha_lists_rules() {
    let server = TestServer::start().await;
    let mut client = v1alpha::server_reflection_client::ServerReflectionClient::new(server.channel.clone());
    let request = v1alpha::ServerReflectionRequest {
        host: String::new(),
        message_request: Some(v1alpha::server_reflection_request::MessageRequest::ListServices(String::new())),
    };
    let mut responses = client.server_reflection_info(tokio_stream::iter([request])).await.unwrap().into_inner();
    let listed = responses.next().await.unwrap().unwrap().message_response.unwrap();
    let v1alpha::server_reflection_response::MessageResponse::ListServicesResponse(listed) = listed else {
        panic!("expected a service list, got {listed:?}");
    };
    assert!(listed.service.iter().any(|s| s.name == "fray.v1.Rules"));
}

#[tokio::test]
async fn a_message_over_the_size_limit_is_rejected() {
    let config = ServerConfig { max_message_bytes: 4096, ..ServerConfig::default() };
    let server = TestServer::with_config(config).await;
    let mut rules = server.rules();

    let mut big = knight_and_wolf();
    big.creatures[1].name = "W".repeat(8192);
    let status = rules.resolve_strike(resolve(big, strike("knight", 1, 3), vec![])).await.unwrap_err();
    // tonic answers an oversized message with OUT_OF_RANGE.
    assert_eq!(status.code(), Code::OutOfRange, "{status:?}");

    // The limit is per message: a small request on the same server still works.
    assert!(rules.resolve_strike(resolve(knight_and_wolf(), strike("knight", 1, 3), vec![])).await.is_ok());
}

#[tokio::test]
async fn a_request_that_does_not_parse_is_invalid_argument_naming_the_problem_and_the_connection_goes_on() {
    let server = TestServer::start().await;
    // Field 1 (the state) says 100 bytes follow; one does.
    let truncated = bytes::Bytes::from_static(&[0x0a, 100, 0x08]);
    let status = resolve_strike_raw(&server.channel, truncated).await.unwrap_err();
    // The sender's fault, not a bug: INVALID_ARGUMENT (docs/api.md keeps INTERNAL for bugs).
    assert_eq!(status.code(), Code::InvalidArgument, "{status:?}");
    assert!(
        status.message().contains("ResolveStrikeRequest does not decode: failed to decode Protobuf message"),
        "{status:?}"
    );

    // The same bytes as the generated client sends them decode to the same answer.
    let request = resolve(knight_and_wolf(), strike("knight", 1, 3), vec![]);
    let bytes = bytes::Bytes::from(prost::Message::encode_to_vec(&request));
    let raw = resolve_strike_raw(&server.channel, bytes).await.unwrap();
    let typed = server.rules().resolve_strike(request).await.unwrap().into_inner();
    assert_eq!(raw, typed);
    assert!(!raw.events.is_empty());
}

#[tokio::test]
async fn a_search_over_the_agent_limit_is_shed_at_once_and_rules_calls_still_pass() {
    let config = ServerConfig {
        concurrency: fray_service::ConcurrencyLimits { rules: 64, agent: 1 },
        ..ServerConfig::default()
    };
    let server = TestServer::with_config(config).await;
    let mut rules = server.rules();
    let request = pb::NewGameRequest {
        ruleset: pb::Ruleset::Egame as i32,
        seed: 4,
        scenario: "fables".into(),
        ..Default::default()
    };
    let state = rules.new_game(request).await.unwrap().into_inner().state.unwrap();
    let ask = |time_ms| pb::ChooseActionRequest {
        state: Some(state.clone()),
        player: 0,
        budget: Some(pb::SearchBudget { playouts: 0, time_ms, ..Default::default() }),
        seed: 1,
        ..Default::default()
    };
    // A search of a whole second holds the one slot...
    let mut agent = pb::agent_client::AgentClient::new(server.channel.clone());
    let long = tokio::spawn({
        let mut agent = agent.clone();
        let request = ask(1000);
        async move { agent.choose_action(request).await }
    });
    tokio::time::sleep(Duration::from_millis(200)).await;
    // ...so a second one is refused at once, naming the limit, not queued.
    let shed = agent.choose_action(ask(10)).await.unwrap_err();
    assert_eq!(shed.code(), Code::ResourceExhausted, "{shed:?}");
    assert!(shed.message().contains("--max-concurrent-agent 1"), "{shed:?}");
    assert!(!long.is_finished(), "refused while the first search still runs: not queued behind it");
    // Rules calls have their own slots.
    assert!(rules.list_rulesets(pb::ListRulesetsRequest {}).await.is_ok());
    assert!(long.await.unwrap().is_ok(), "the search in flight finishes");
    assert!(agent.choose_action(ask(10)).await.is_ok(), "the slot is free again");
}

/// A ChooseAction request on a fresh e:game skirmish, searching `time_ms`.
async fn search_request(server: &TestServer, time_ms: u32) -> pb::ChooseActionRequest {
    let request = pb::NewGameRequest {
        ruleset: pb::Ruleset::Egame as i32,
        seed: 4,
        scenario: "fables".into(),
        ..Default::default()
    };
    let state = server.rules().new_game(request).await.unwrap().into_inner().state.unwrap();
    pb::ChooseActionRequest {
        state: Some(state),
        player: 0,
        budget: Some(pb::SearchBudget { playouts: 0, time_ms, ..Default::default() }),
        seed: 1,
        ..Default::default()
    }
}

#[tokio::test]
async fn with_a_token_the_agent_wants_it_and_the_rules_stay_open() {
    let config = ServerConfig { agent_token: Some("s3cret".into()), ..ServerConfig::default() };
    let server = TestServer::with_config(config).await;
    let mut agent = pb::agent_client::AgentClient::new(server.channel.clone());
    let request = search_request(&server, 10).await;
    let with = |value: Option<&str>| {
        let mut call = tonic::Request::new(request.clone());
        if let Some(v) = value {
            call.metadata_mut().insert("authorization", v.parse().unwrap());
        }
        call
    };
    for wrong in [None, Some("Bearer nope"), Some("s3cret"), Some("Bearer s3cret2")] {
        let status = agent.choose_action(with(wrong)).await.unwrap_err();
        assert_eq!(status.code(), Code::Unauthenticated, "{wrong:?}: {status:?}");
        assert!(status.message().contains("Bearer"), "{status:?}");
    }
    assert!(agent.choose_action(with(Some("Bearer s3cret"))).await.is_ok());
    // The scheme is case-insensitive (RFC 9110); the token is not.
    assert!(agent.choose_action(with(Some("bearer s3cret"))).await.is_ok());
    assert!(agent.choose_action(with(Some("BEARER s3cret"))).await.is_ok());
    assert_eq!(agent.choose_action(with(Some("bearer S3CRET"))).await.unwrap_err().code(), Code::Unauthenticated);
    assert!(server.rules().list_rulesets(pb::ListRulesetsRequest {}).await.is_ok(), "Rules needs no token");
}

#[tokio::test]
async fn a_search_is_capped_to_fit_the_servers_request_timeout() {
    // The cap is 90% of the timeout: a 3 s timeout leaves the search 300 ms to answer
    // in, which a loaded 2-core machine keeps (at 300 ms, 30 ms did not always).
    // Playouts unbounded, so only time can end the search.
    let agent =
        fray_service::AgentLimits { max_playouts: u32::MAX, max_time: Duration::from_secs(60), ..Default::default() };
    let config = ServerConfig { request_timeout: Duration::from_secs(3), agent, ..ServerConfig::default() };
    let server = TestServer::with_config(config).await;
    // Asked for 20 s, the search stops in time to answer within the timeout: an
    // uncapped one would be cut there, and the call answer CANCELLED "Timeout expired".
    let mut agent = pb::agent_client::AgentClient::new(server.channel.clone());
    let request = search_request(&server, 20_000).await;
    let answer = agent.choose_action(request).await;
    assert!(answer.is_ok(), "{answer:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn under_load_every_call_sent_before_shutdown_gets_its_answer() {
    use std::sync::{Arc, Mutex};
    use std::time::Instant;
    let config = ServerConfig {
        drain_timeout: Duration::from_secs(20),
        concurrency: fray_service::ConcurrencyLimits { rules: 1024, agent: 8 },
        ..ServerConfig::default()
    };
    let mut server = TestServer::with_config(config).await;
    // Searches of 500 ms each: in flight when the stop comes.
    let request = search_request(&server, 500).await;
    let agent = pb::agent_client::AgentClient::new(server.channel.clone());
    let searches: Vec<_> = (0..4)
        .map(|_| {
            let (mut agent, request) = (agent.clone(), request.clone());
            tokio::spawn(async move { agent.choose_action(request).await })
        })
        .collect();
    // Rules calls in a loop on four connections of their own, each until its first
    // failure, noting when the failing call was sent.
    let stopped_at: Arc<Mutex<Option<Instant>>> = Arc::new(Mutex::new(None));
    let mut loops = Vec::new();
    for _ in 0..4 {
        let channel = tonic::transport::Endpoint::from_shared(format!("http://{}", server.addr)).unwrap();
        let mut rules = pb::rules_client::RulesClient::new(channel.connect().await.unwrap());
        loops.push(tokio::spawn(async move {
            let mut answered = 0u32;
            loop {
                let sent = Instant::now();
                match rules.resolve_strike(resolve(knight_and_wolf(), strike("knight", 1, 3), vec![])).await {
                    Ok(_) => answered += 1,
                    Err(status) => return (answered, sent, status),
                }
            }
        }));
    }
    tokio::time::sleep(Duration::from_millis(150)).await;
    *stopped_at.lock().unwrap() = Some(Instant::now());
    server.ask_to_stop();
    for search in searches {
        let answer = search.await.unwrap();
        assert!(answer.is_ok(), "a search in flight at shutdown was cut: {answer:?}");
    }
    let stop = stopped_at.lock().unwrap().unwrap();
    let mut answered = 0;
    let mut refused_before_stop = Vec::new();
    for (n, sent, status) in futures_join(loops).await {
        answered += n;
        // A call sent before the stop may still fail if the server never took it: it
        // arrived after the stop, or the connection's GOAWAY refused it (HTTP/2 names
        // the streams the server did not process), which the client reports as an h2
        // error or a cancelled request on a closed connection. Whether the server took
        // it is read from the server's own books below, not guessed from the error.
        if sent < stop {
            refused_before_stop.push(format!("sent {:?} before the stop: {status:?}", stop - sent));
        }
    }
    assert!(answered > 0, "the load ran");
    let metrics = server.metrics.clone();
    tokio::time::timeout(Duration::from_secs(20), server.shutdown()).await.expect("serve did not return").unwrap();
    // The server's own books agree: every ResolveStrike it took it answered OK, and
    // exactly as many as the clients received.
    let text = metrics.render();
    let strikes = |name: &str, code: Option<&str>| {
        let mut labels = vec![("grpc_method", "ResolveStrike")];
        labels.extend(code.map(|c| ("grpc_code", c)));
        metric(&text, name, &labels)
    };
    let took = strikes("grpc_server_started_total", None);
    eprintln!("the server took {took} ResolveStrike calls; the clients received {answered} answers");
    eprintln!("calls refused before the server took them: {refused_before_stop:#?}");
    assert_eq!(strikes("grpc_server_handled_total", Some("OK")), took, "{text}");
    assert_eq!(strikes("grpc_server_handled_total", None), took, "{text}");
    assert_eq!(took, f64::from(answered), "{text}");
    assert_eq!(
        metric(&text, "grpc_server_handled_total", &[("grpc_method", "ChooseAction"), ("grpc_code", "OK")]),
        4.0
    );
}

#[tokio::test]
async fn metrics_count_every_call_by_rpc_and_code() {
    let config = ServerConfig {
        agent_token: Some("t".into()),
        concurrency: fray_service::ConcurrencyLimits { rules: 64, agent: 1 },
        ..ServerConfig::default()
    };
    let server = TestServer::with_config(config).await;
    let mut rules = server.rules();
    for _ in 0..3 {
        rules.resolve_strike(resolve(knight_and_wolf(), strike("knight", 1, 3), vec![])).await.unwrap();
    }
    let invalid = rules.resolve_strike(pb::ResolveStrikeRequest::default()).await.unwrap_err();
    assert_eq!(invalid.code(), Code::InvalidArgument);

    let with_token = |request: pb::ChooseActionRequest| {
        let mut call = tonic::Request::new(request);
        call.metadata_mut().insert("authorization", "Bearer t".parse().unwrap());
        call
    };
    let mut agent = pb::agent_client::AgentClient::new(server.channel.clone());
    let mut request = search_request(&server, 0).await;
    request.budget = Some(pb::SearchBudget { playouts: 200, time_ms: 0, ..Default::default() });
    let denied = agent.choose_action(request.clone()).await.unwrap_err();
    assert_eq!(denied.code(), Code::Unauthenticated);
    let answer = agent.choose_action(with_token(request.clone())).await.unwrap().into_inner();
    let visits: u64 = answer.stats.iter().map(|s| s.visits).sum();
    // One search holds the only slot, so a second is shed.
    let long = tokio::spawn({
        let (mut agent, request) = (agent.clone(), search_request(&server, 1000).await);
        async move { agent.choose_action(with_token(request)).await }
    });
    tokio::time::sleep(Duration::from_millis(200)).await;
    let shed = agent.choose_action(with_token(request.clone())).await.unwrap_err();
    assert_eq!(shed.code(), Code::ResourceExhausted);
    let long_visits: u64 = long.await.unwrap().unwrap().into_inner().stats.iter().map(|s| s.visits).sum();

    // A Watch stream the client leaves is counted as cancelled, as the client sees it.
    let mut health = HealthClient::new(server.channel.clone());
    health.check(HealthCheckRequest { service: String::new() }).await.unwrap();
    let mut watch = health.watch(HealthCheckRequest { service: String::new() }).await.unwrap().into_inner();
    assert!(watch.next().await.unwrap().is_ok());
    drop(watch);

    let watch_left =
        |text: &str| metric(text, "grpc_server_handled_total", &[("grpc_method", "Watch"), ("grpc_code", "Canceled")]);
    let mut text = server.metrics.render();
    for _ in 0..100 {
        if watch_left(&text) == 1.0 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
        text = server.metrics.render();
    }
    let handled = |method: &str, code: &str| {
        metric(&text, "grpc_server_handled_total", &[("grpc_method", method), ("grpc_code", code)])
    };
    assert_eq!(handled("ResolveStrike", "OK"), 3.0, "{text}");
    assert_eq!(handled("ResolveStrike", "InvalidArgument"), 1.0, "{text}");
    assert_eq!(handled("NewGame", "OK"), 2.0, "{text}");
    assert_eq!(handled("ChooseAction", "Unauthenticated"), 1.0, "{text}");
    assert_eq!(handled("ChooseAction", "OK"), 2.0, "{text}");
    assert_eq!(handled("ChooseAction", "ResourceExhausted"), 1.0, "{text}");
    assert_eq!(handled("Check", "OK"), 1.0, "{text}");
    assert_eq!(handled("Watch", "Canceled"), 1.0, "{text}");
    assert_eq!(metric(&text, "fray_agent_playouts_total", &[]), (visits + long_visits) as f64, "{text}");
    // Every call that started ended, and each has a latency sample.
    let started = metric(&text, "grpc_server_started_total", &[]);
    assert_eq!(started, 12.0, "{text}");
    assert_eq!(metric(&text, "grpc_server_handled_total", &[]), started, "{text}");
    assert_eq!(metric(&text, "grpc_server_handling_seconds_count", &[]), started, "{text}");
    assert_eq!(metric(&text, "fray_server_in_flight", &[]), 0.0, "{text}");
}

async fn futures_join<T>(handles: Vec<tokio::task::JoinHandle<T>>) -> Vec<T> {
    let mut out = Vec::with_capacity(handles.len());
    for h in handles {
        out.push(h.await.unwrap());
    }
    out
}

#[tokio::test]
async fn serve_returns_after_shutdown_with_a_connected_client() {
    let server = TestServer::start().await;
    let mut rules = server.rules();
    rules.list_rulesets(pb::ListRulesetsRequest {}).await.unwrap();
    server.shutdown().await.unwrap();
    // The listener is closed: new calls fail.
    assert!(rules.list_rulesets(pb::ListRulesetsRequest {}).await.is_err());
}

#[tokio::test]
async fn health_turns_not_serving_as_soon_as_shutdown_is_asked_for() {
    let config = ServerConfig { drain_timeout: Duration::from_secs(5), ..ServerConfig::default() };
    let mut server = TestServer::with_config(config).await;
    let mut health = HealthClient::new(server.channel.clone());
    // A Watch stream: it sees every change, and being in flight it holds the drain open.
    let mut watch = health.watch(HealthCheckRequest { service: String::new() }).await.unwrap().into_inner();
    assert_eq!(watch.next().await.unwrap().unwrap().status(), ServingStatus::Serving);
    server.ask_to_stop();
    let next = tokio::time::timeout(Duration::from_secs(5), watch.next()).await.expect("no health change");
    assert_eq!(next.unwrap().unwrap().status(), ServingStatus::NotServing);
    drop(watch);
    tokio::time::timeout(Duration::from_secs(10), server.shutdown()).await.expect("serve did not return").unwrap();
}

#[tokio::test]
async fn drain_gives_up_on_calls_still_in_flight_after_the_timeout() {
    let config = ServerConfig { drain_timeout: Duration::from_millis(100), ..ServerConfig::default() };
    let server = TestServer::with_config(config).await;
    let mut client = v1::server_reflection_client::ServerReflectionClient::new(server.channel.clone());
    // A reflection stream whose request side never closes stays in flight forever.
    let request = v1::ServerReflectionRequest {
        host: String::new(),
        message_request: Some(v1::server_reflection_request::MessageRequest::ListServices(String::new())),
    };
    let requests = tokio_stream::iter([request]).chain(tokio_stream::pending());
    let mut responses = client.server_reflection_info(requests).await.unwrap().into_inner();
    assert!(responses.next().await.unwrap().is_ok());

    // Without the bound this would wait for the stream forever.
    let stopped = tokio::time::timeout(Duration::from_secs(30), server.shutdown()).await;
    stopped.expect("serve did not return after the drain timeout").unwrap();
}

// ---------------------------------------------------------------------------
// The binary

fn fray_server() -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_fray-server"));
    cmd.env_remove("FRAY_LISTEN").env("RUST_LOG", "info");
    cmd
}

#[test]
fn fray_server_prints_its_address_serves_and_stops_on_sigterm() {
    let mut child = fray_server()
        .args(["--listen", "127.0.0.1:0", "--log-format", "json"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let mut line = String::new();
    stdout.read_line(&mut line).unwrap();
    let addr = line.trim().strip_prefix("fray-server listening on ").unwrap_or_else(|| panic!("printed {line:?}"));
    let addr: std::net::SocketAddr = addr.parse().unwrap();
    assert_ne!(addr.port(), 0);

    let runtime = tokio::runtime::Runtime::new().unwrap();
    let rulesets = runtime.block_on(async {
        let mut rules = pb::rules_client::RulesClient::connect(format!("http://{addr}")).await.unwrap();
        rules.list_rulesets(pb::ListRulesetsRequest {}).await.unwrap().into_inner().rulesets
    });
    assert_eq!(rulesets.len(), 5);

    let killed = Command::new("kill").args(["-TERM", &child.id().to_string()]).status().unwrap();
    assert!(killed.success());
    let output = child.wait_with_output().unwrap();
    assert!(output.status.success(), "exit {:?}", output.status);
    let logs = String::from_utf8_lossy(&output.stderr);
    assert!(logs.contains("listening on") && logs.contains("SIGTERM"), "logs: {logs}");
    // JSON logs: every line is an object.
    assert!(logs.lines().all(|l| l.starts_with('{')), "logs: {logs}");
}

#[test]
fn fray_server_serves_metrics_over_http_and_traces_each_call() {
    use std::io::{Read as _, Write as _};
    let mut child = fray_server()
        .args(["--listen", "127.0.0.1:0", "--metrics-listen", "127.0.0.1:0", "--log-format", "json"])
        .env("RUST_LOG", "info,fray_service=debug")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let mut read_line = |prefix: &str, suffix: &str| {
        let mut line = String::new();
        stdout.read_line(&mut line).unwrap();
        let inner = line.trim().strip_prefix(prefix).and_then(|l| l.strip_suffix(suffix));
        inner.unwrap_or_else(|| panic!("printed {line:?}")).parse::<std::net::SocketAddr>().unwrap()
    };
    let addr = read_line("fray-server listening on ", "");
    let metrics_addr = read_line("metrics on http://", "/metrics");

    let runtime = tokio::runtime::Runtime::new().unwrap();
    runtime.block_on(async {
        let mut rules = pb::rules_client::RulesClient::connect(format!("http://{addr}")).await.unwrap();
        rules.resolve_strike(resolve(knight_and_wolf(), strike("knight", 1, 3), vec![])).await.unwrap();
    });
    let get = |path: &str| {
        let mut stream = std::net::TcpStream::connect(metrics_addr).unwrap();
        write!(stream, "GET {path} HTTP/1.1\r\nHost: fray\r\nConnection: close\r\n\r\n").unwrap();
        let mut answer = String::new();
        stream.read_to_string(&mut answer).unwrap();
        answer
    };
    let answer = get("/metrics");
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    assert!(answer.to_lowercase().contains("content-type: application/openmetrics-text"), "{answer}");
    let handled =
        metric(&answer, "grpc_server_handled_total", &[("grpc_method", "ResolveStrike"), ("grpc_code", "OK")]);
    assert_eq!(handled, 1.0, "{answer}");
    assert!(get("/nope").starts_with("HTTP/1.1 404"));

    Command::new("kill").args(["-TERM", &child.id().to_string()]).status().unwrap();
    let output = child.wait_with_output().unwrap();
    assert!(output.status.success(), "exit {:?}", output.status);
    let logs = String::from_utf8_lossy(&output.stderr);
    // The call's span carries the ruleset it read and the code it answered.
    let finished = logs.lines().find(|l| l.contains("call finished") && l.contains("ResolveStrike"));
    let finished = finished.unwrap_or_else(|| panic!("no `call finished` line for ResolveStrike in {logs}"));
    for field in [r#""ruleset":"RULESET_EGAME""#, r#""grpc_code":"OK""#, r#""grpc_service":"fray.v1.Rules""#] {
        assert!(finished.contains(field), "{field} missing from {finished}");
    }
}

#[test]
fn fray_server_fails_clearly_when_the_address_is_taken() {
    let taken = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = taken.local_addr().unwrap().to_string();
    let output = fray_server().args(["--listen", &addr]).output().unwrap();
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains(&format!("fray-server: cannot listen on {addr}")), "stderr: {stderr}");
}
