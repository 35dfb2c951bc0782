//! Many boards in one call: ResolveStrikeBatch and ApplyActionBatch (each item answered
//! as the unary RPC answers it, a bad item refusing only itself), and a game played on
//! the Play stream; every limit of theirs, a cancelled stream, shutdown, and the Agent's
//! token (which the Rules service never asks for).
#![allow(missing_docs, clippy::unwrap_used, clippy::panic)]

use std::time::Duration;

use fray_proto::fray::v1 as pb;
use fray_service::ServerConfig;
use fray_testkit::prelude::*;
use fray_testkit::raw::play_raw;
use pb::rules_client::RulesClient;
use prost::Message as _;
use tokio::sync::mpsc;
use tokio_stream::StreamExt as _;
use tokio_stream::wrappers::ReceiverStream;
use tonic::transport::Channel;
use tonic::{Code, Status, Streaming};

/// The knight strikes an empty zone it cannot reach: FAILED_PRECONDITION.
fn unreachable() -> pb::ResolveStrikeRequest {
    resolve(knight_and_wolf(), strike("knight", 1, 0), vec![])
}

/// The wolf in zone 1:7 with a life of 0: INVALID_ARGUMENT at two paths.
fn invalid_state() -> pb::GameState {
    let mut state = knight_and_wolf();
    let wolf = &mut state.creatures[1];
    wolf.zone = zone(1, 7);
    wolf.life = 0;
    state
}

fn items(server: &TestServer, method: &str, code: &str) -> f64 {
    metric(&server.metrics.render(), "fray_server_items_total", &[("grpc_method", method), ("grpc_code", code)])
}

fn handled(server: &TestServer, method: &str, code: &str) -> f64 {
    metric(&server.metrics.render(), "grpc_server_handled_total", &[("grpc_method", method), ("grpc_code", code)])
}

/// Waits (up to 5 s) until `done` holds.
async fn eventually(what: &str, mut done: impl FnMut() -> bool) {
    for _ in 0..500 {
        if done() {
            return;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    panic!("{what}: not within 5 s");
}

#[tokio::test]
async fn a_strike_batch_answers_each_board_as_resolve_strike_does_and_a_bad_board_refuses_only_itself() {
    let server = TestServer::start().await;
    let mut rules = server.rules();
    let requests = vec![
        resolve(knight_and_wolf(), strike("knight", 1, 3), vec![]),
        resolve(invalid_state(), strike("knight", 1, 3), vec![]),
        unreachable(),
        resolve(archer_and_guard(), strike("archer", 1, 0), vec![]),
        pb::ResolveStrikeRequest {
            state: Some(knight_and_wolf()),
            strike: None,
            choices: vec![],
            ..Default::default()
        },
        resolve(archer_and_guard(), strike("archer", 1, 0), vec![decline()]),
    ];
    let batch = pb::ResolveStrikeBatchRequest { requests: requests.clone() };
    let results = rules.resolve_strike_batch(batch).await.unwrap().into_inner().results;
    assert_eq!(results.len(), requests.len());
    for (i, (request, result)) in requests.into_iter().zip(&results).enumerate() {
        let unary = rules.resolve_strike(request).await.map(tonic::Response::into_inner);
        assert_eq!(result, &pb::ResolveStrikeResult::from_unary(&unary), "item {i}");
    }
    // What the refusals say, read as from a call.
    assert_eq!(
        bad_fields(&from_item(results[1].status.as_ref().unwrap())),
        ["state.creatures[1].zone.index", "state.creatures[1].life"]
    );
    assert_eq!(broken_rule(&from_item(results[2].status.as_ref().unwrap())), "egame.strike.target");
    assert_eq!(bad_fields(&from_item(results[4].status.as_ref().unwrap())), ["strike"]);
    assert!(results[3].response.as_ref().unwrap().state.as_ref().unwrap().pending.is_some());
    // One call; its items by code.
    assert_eq!(handled(&server, "ResolveStrikeBatch", "OK"), 1.0);
    assert_eq!(items(&server, "ResolveStrikeBatch", "OK"), 3.0);
    assert_eq!(items(&server, "ResolveStrikeBatch", "InvalidArgument"), 2.0);
    assert_eq!(items(&server, "ResolveStrikeBatch", "FailedPrecondition"), 1.0);
}

#[tokio::test]
async fn an_action_batch_answers_each_state_as_apply_action_does() {
    let server = TestServer::start().await;
    let mut rules = server.rules();
    let pending = rules
        .resolve_strike(resolve(archer_and_guard(), strike("archer", 1, 0), vec![]))
        .await
        .unwrap()
        .into_inner()
        .state
        .unwrap();
    let summon = pb::Action {
        action: Some(pb::action::Action::Summon(pb::Summon { hand_index: 0, zone: zone(0, 0), ..Default::default() })),
        ..Default::default()
    };
    let requests = vec![
        apply(pending.clone(), choice_action(option("guard"))),
        apply(knight_and_wolf(), summon),
        pb::ApplyActionRequest { state: None, action: Some(strike_action("knight", 1, 3)), ..Default::default() },
        apply(pending, strike_action("archer", 1, 0)),
        apply(knight_and_wolf(), strike_action("knight", 1, 3)),
    ];
    let batch = pb::ApplyActionBatchRequest { requests: requests.clone() };
    let results = rules.apply_action_batch(batch).await.unwrap().into_inner().results;
    assert_eq!(results.len(), requests.len());
    for (i, (request, result)) in requests.into_iter().zip(&results).enumerate() {
        let unary = rules.apply_action(request).await.map(tonic::Response::into_inner);
        assert_eq!(result, &pb::ApplyActionResult::from_unary(&unary), "item {i}");
    }
    let codes: Vec<i32> = results.iter().map(|r| r.status.as_ref().map_or(0, |s| s.code)).collect();
    assert_eq!(
        codes,
        [0, Code::FailedPrecondition as i32, Code::InvalidArgument as i32, Code::FailedPrecondition as i32, 0]
    );
    assert_eq!(items(&server, "ApplyActionBatch", "OK"), 2.0);
}

#[tokio::test]
async fn a_batch_over_the_item_limit_is_refused_naming_it_and_an_empty_one_answers_empty() {
    let config = ServerConfig { max_batch_items: 3, ..ServerConfig::default() };
    let server = TestServer::with_config(config).await;
    let mut rules = server.rules();
    let board = resolve(knight_and_wolf(), strike("knight", 1, 3), vec![]);
    let over = pb::ResolveStrikeBatchRequest { requests: vec![board.clone(); 4] };
    let status = rules.resolve_strike_batch(over).await.unwrap_err();
    assert_eq!(bad_fields(&status), ["requests"]);
    assert!(status.message().contains("has 4 items") && status.message().contains("--max-batch-items"), "{status:?}");
    let actions =
        pb::ApplyActionBatchRequest { requests: vec![apply(knight_and_wolf(), strike_action("knight", 1, 3)); 4] };
    assert_eq!(bad_fields(&rules.apply_action_batch(actions).await.unwrap_err()), ["requests"]);
    let full = pb::ResolveStrikeBatchRequest { requests: vec![board; 3] };
    assert_eq!(rules.resolve_strike_batch(full).await.unwrap().into_inner().results.len(), 3);
    let empty = rules.resolve_strike_batch(pb::ResolveStrikeBatchRequest::default()).await.unwrap().into_inner();
    assert!(empty.results.is_empty());
    assert_eq!(handled(&server, "ResolveStrikeBatch", "InvalidArgument"), 1.0);
}

#[tokio::test]
async fn a_batch_keeps_its_answer_within_the_message_limit_refusing_the_items_past_it() {
    let limit = 3000;
    let config = ServerConfig { max_message_bytes: limit, ..ServerConfig::default() };
    let server = TestServer::with_config(config).await;
    let mut rules = server.rules();
    let board = resolve(knight_and_wolf(), strike("knight", 1, 3), vec![]);
    let batch = pb::ResolveStrikeBatchRequest { requests: vec![board.clone(); 12] };
    assert!(batch.encoded_len() < limit);
    let answer = rules.resolve_strike_batch(batch).await.unwrap().into_inner();
    assert!(answer.encoded_len() <= limit, "{} bytes", answer.encoded_len());
    let answered = answer.results.iter().take_while(|r| r.response.is_some()).count();
    assert!(answered >= 2, "only {answered} of 12 answered");
    assert!(answered < 12, "every answer fitted: the test's limit is too high");
    for refused in &answer.results[answered..] {
        let status = refused.status.as_ref().unwrap();
        assert_eq!(status.code, Code::ResourceExhausted as i32);
        assert!(status.message.contains("--max-message-bytes"), "{status:?}");
    }
    let expected = rules.resolve_strike(board).await.unwrap().into_inner();
    assert_eq!(answer.results[0].response.as_ref(), Some(&expected));
    // A batch whose refusals alone would not fit is refused whole.
    let empties = pb::ResolveStrikeBatchRequest { requests: vec![pb::ResolveStrikeRequest::default(); 200] };
    let status = rules.resolve_strike_batch(empties).await.unwrap_err();
    assert_eq!(status.code(), Code::ResourceExhausted);
    assert!(status.message().contains("--max-message-bytes"), "{status:?}");
    // A request over the limit is refused naming it, before it is read.
    let big = pb::ResolveStrikeBatchRequest {
        requests: vec![resolve(knight_and_wolf(), strike("knight", 1, 3), vec![]); 40],
    };
    assert!(big.encoded_len() > limit);
    let status = rules.resolve_strike_batch(big).await.unwrap_err();
    assert_eq!(status.code(), Code::ResourceExhausted, "{status:?}");
    assert!(status.message().contains("--max-message-bytes"), "{status:?}");
}

/// A Play stream fed from a channel: send messages, read answers one by one.
struct Stream {
    send: mpsc::Sender<pb::PlayRequest>,
    answers: Streaming<pb::PlayResponse>,
}

impl Stream {
    async fn open(channel: &Channel) -> Result<Self, Status> {
        let (send, receive) = mpsc::channel(16);
        let answers = RulesClient::new(channel.clone()).play(ReceiverStream::new(receive)).await?.into_inner();
        Ok(Self { send, answers })
    }

    /// Sends `state` (with `action`) and reads its answer.
    async fn step(&mut self, state: pb::GameState, action: Option<pb::Action>) -> pb::PlayResponse {
        self.send.send(pb::PlayRequest { state: Some(state), action, ..Default::default() }).await.unwrap();
        self.next().await.unwrap().unwrap()
    }

    /// The next answer, or how the stream ended (`None`: OK).
    async fn next(&mut self) -> Option<Result<pb::PlayResponse, Status>> {
        tokio::time::timeout(Duration::from_secs(10), self.answers.next()).await.expect("no answer in 10 s")
    }
}

#[tokio::test]
async fn a_game_played_on_the_stream_answers_each_step_as_apply_action_and_legal_actions_do() {
    let server = TestServer::start().await;
    let mut rules = server.rules();
    for (ruleset, scenario) in [(pb::Ruleset::Egame, ""), (pb::Ruleset::Keyforge, ""), (pb::Ruleset::DogFight, "trio")]
    {
        let request =
            pb::NewGameRequest { ruleset: ruleset as i32, seed: 5, scenario: scenario.into(), ..Default::default() };
        let mut state = rules.new_game(request).await.unwrap().into_inner().state.unwrap();
        let mut stream = Stream::open(&server.channel).await.unwrap();
        // No action: the actions legal in the state, nothing else.
        let first = stream.step(state.clone(), None).await;
        let legal = rules
            .legal_actions(pb::LegalActionsRequest { state: Some(state.clone()), ..Default::default() })
            .await
            .unwrap();
        assert_eq!(first, pb::PlayResponse { legal_actions: legal.into_inner().actions, ..Default::default() });
        let mut legal = first.legal_actions;
        for step in 0..40 {
            if legal.is_empty() {
                break;
            }
            let action = legal[(step * 7) % legal.len()].clone();
            let answer = stream.step(state.clone(), Some(action.clone())).await;
            let unary = rules.apply_action(apply(state.clone(), action)).await.unwrap().into_inner();
            assert_eq!((&answer.state, &answer.events), (&unary.state, &unary.events), "{ruleset:?} step {step}");
            assert_eq!(answer.status, None);
            state = answer.state.unwrap();
            let next = rules
                .legal_actions(pb::LegalActionsRequest { state: Some(state.clone()), ..Default::default() })
                .await
                .unwrap();
            assert_eq!(answer.legal_actions, next.into_inner().actions, "{ruleset:?} step {step}");
            legal = answer.legal_actions;
        }
        drop(stream.send);
        assert!(stream.answers.next().await.is_none(), "the stream ends OK once the client closes its side");
    }
    assert_eq!(handled(&server, "Play", "OK"), 3.0);
    assert!(items(&server, "Play", "OK") > 30.0);
}

#[tokio::test]
async fn a_bad_message_on_the_stream_answers_its_status_and_the_stream_goes_on() {
    let server = TestServer::start().await;
    let mut stream = Stream::open(&server.channel).await.unwrap();
    let invalid = stream.step(invalid_state(), Some(strike_action("knight", 1, 3))).await;
    let status = from_item(invalid.status.as_ref().unwrap());
    assert_eq!(bad_fields(&status), ["state.creatures[1].zone.index", "state.creatures[1].life"]);
    assert_eq!((invalid.state, invalid.events, invalid.legal_actions), (None, vec![], vec![]));
    let good = stream.step(knight_and_wolf(), Some(strike_action("knight", 1, 3))).await;
    assert!(good.status.is_none() && good.state.is_some() && !good.events.is_empty());
    let refused = stream.step(knight_and_wolf(), Some(strike_action("knight", 1, 0))).await;
    assert_eq!(broken_rule(&from_item(refused.status.as_ref().unwrap())), "egame.strike.target");
    stream.send.send(pb::PlayRequest { state: None, action: None, ..Default::default() }).await.unwrap();
    let stateless = stream.next().await.unwrap().unwrap();
    assert_eq!(bad_fields(&from_item(stateless.status.as_ref().unwrap())), ["state"]);
    let unknown_action = stream.step(knight_and_wolf(), Some(pb::Action { action: None, ..Default::default() })).await;
    assert_eq!(bad_fields(&from_item(unknown_action.status.as_ref().unwrap())), ["action"]);
    drop(stream.send);
    assert!(stream.answers.next().await.is_none());
    assert_eq!(handled(&server, "Play", "OK"), 1.0);
    assert_eq!(items(&server, "Play", "OK"), 1.0);
    assert_eq!(items(&server, "Play", "InvalidArgument"), 3.0);
    assert_eq!(items(&server, "Play", "FailedPrecondition"), 1.0);
}

#[tokio::test]
async fn a_stream_ends_at_its_message_limit_naming_it() {
    let config = ServerConfig { max_stream_messages: 2, ..ServerConfig::default() };
    let server = TestServer::with_config(config).await;
    let mut stream = Stream::open(&server.channel).await.unwrap();
    for _ in 0..2 {
        assert!(stream.step(knight_and_wolf(), None).await.status.is_none());
    }
    stream
        .send
        .send(pb::PlayRequest { state: Some(knight_and_wolf()), action: None, ..Default::default() })
        .await
        .unwrap();
    let status = stream.next().await.unwrap().unwrap_err();
    assert_eq!(status.code(), Code::ResourceExhausted);
    assert!(status.message().contains("--max-stream-messages 2"), "{status:?}");
    assert!(stream.next().await.is_none());
    eventually("the call counted", || handled(&server, "Play", "ResourceExhausted") == 1.0).await;
}

#[tokio::test]
async fn a_stream_with_no_message_for_its_idle_timeout_ends_naming_it() {
    let config = ServerConfig { stream_idle_timeout: Some(Duration::from_millis(300)), ..ServerConfig::default() };
    let server = TestServer::with_config(config).await;
    let mut stream = Stream::open(&server.channel).await.unwrap();
    assert!(stream.step(knight_and_wolf(), None).await.status.is_none());
    // Nothing more is sent.
    let status = stream.next().await.unwrap().unwrap_err();
    assert_eq!(status.code(), Code::ResourceExhausted);
    assert!(status.message().contains("--stream-idle-timeout-secs"), "{status:?}");
}

/// The knight and the wolf with names long enough that the state takes about
/// `bytes` bytes.
fn long_names(bytes: usize) -> pb::GameState {
    let mut state = knight_and_wolf();
    for creature in &mut state.creatures {
        creature.name = "n".repeat(bytes / 2);
    }
    state
}

#[tokio::test]
async fn an_answer_over_the_message_limit_is_refused_alone_and_a_message_over_it_ends_the_stream() {
    let limit = 1500;
    let config = ServerConfig { max_message_bytes: limit, ..ServerConfig::default() };
    let server = TestServer::with_config(config).await;
    let mut stream = Stream::open(&server.channel).await.unwrap();
    // The message fits; its answer (the state again, the events, the legal actions)
    // does not.
    let state = long_names(1300);
    let message = pb::PlayRequest {
        state: Some(state.clone()),
        action: Some(strike_action("knight", 1, 3)),
        ..Default::default()
    };
    assert!(message.encoded_len() < limit);
    let answer = stream.step(state, Some(strike_action("knight", 1, 3))).await;
    let status = answer.status.unwrap();
    assert_eq!(status.code, Code::ResourceExhausted as i32);
    assert!(status.message.contains("--max-message-bytes"), "{status:?}");
    assert!(stream.step(knight_and_wolf(), None).await.status.is_none(), "the stream goes on");
    // A message over the limit ends the stream.
    stream
        .send
        .send(pb::PlayRequest { state: Some(long_names(4000)), action: None, ..Default::default() })
        .await
        .unwrap();
    let status = stream.next().await.unwrap().unwrap_err();
    assert_eq!(status.code(), Code::ResourceExhausted);
    assert!(status.message().contains("--max-message-bytes (1500)"), "{status:?}");
}

#[tokio::test]
async fn a_stream_message_that_does_not_decode_or_is_cut_ends_the_stream_invalid_argument() {
    let server = TestServer::start().await;
    let good = pb::PlayRequest { state: Some(knight_and_wolf()), action: None, ..Default::default() }.encode_to_vec();
    let mut answers =
        play_raw(&server.channel, vec![good.clone().into(), vec![0xff, 0xff, 0xff].into()]).await.unwrap();
    assert!(answers.next().await.unwrap().unwrap().status.is_none());
    let status = answers.next().await.unwrap().unwrap_err();
    assert_eq!(status.code(), Code::InvalidArgument);
    assert!(status.message().contains("PlayRequest does not decode"), "{status:?}");
    // A message's prefix promising more than comes.
    let mut cut = vec![0, 0, 0, 0, 200];
    cut.extend_from_slice(&good[..10]);
    let mut answers = play_raw(&server.channel, vec![]).await.unwrap();
    assert!(answers.next().await.is_none(), "a stream of no message ends OK");
    let (status, code, message) = raw_play(&server, cut).await;
    assert_eq!((status, code.as_str()), (200, "3"), "{message}");
    assert!(
        message.contains("ends%20inside%20its%20message") || message.contains("ends inside its message"),
        "{message}"
    );
}

/// Sends `body` as a Play stream's whole request on a raw HTTP/2 connection; the HTTP
/// status, and the grpc-status and message of the trailers.
async fn raw_play(server: &TestServer, body: Vec<u8>) -> (u16, String, String) {
    let tcp = tokio::net::TcpStream::connect(server.addr).await.unwrap();
    let (send, connection) = h2::client::handshake(tcp).await.unwrap();
    tokio::spawn(connection);
    let mut send = send.ready().await.unwrap();
    let request = fray_testkit::raw::h2_request(server.addr, "/fray.v1.Rules/Play", fray_testkit::raw::GRPC);
    let (response, mut stream) = send.send_request(request, false).unwrap();
    stream.send_data(body.into(), true).unwrap();
    let response = response.await.unwrap();
    let status = response.status().as_u16();
    let (parts, mut body) = response.into_parts();
    let mut headers = parts.headers;
    if !headers.contains_key("grpc-status") {
        while let Some(data) = body.data().await {
            data.unwrap();
        }
        headers = body.trailers().await.unwrap().unwrap_or_default();
    }
    let read = |name: &str| headers.get(name).map(|v| v.to_str().unwrap().to_owned()).unwrap_or_default();
    (status, read("grpc-status"), read("grpc-message"))
}

#[tokio::test]
async fn a_long_stream_holds_only_its_message_in_progress_on_its_connections_budget() {
    // 200 messages of about 1 KB, 200 KB in all, through a budget of 64 KiB: each
    // message's bytes are given back once it is read.
    let config = ServerConfig {
        max_message_bytes: 16 * 1024,
        max_connection_request_bytes: 64 * 1024,
        ..ServerConfig::default()
    };
    let server = TestServer::with_config(config).await;
    let mut stream = Stream::open(&server.channel).await.unwrap();
    for i in 0..200 {
        let answer = stream.step(long_names(1000), None).await;
        assert!(answer.status.is_none(), "message {i}: {answer:?}");
    }
}

#[tokio::test]
async fn a_cancelled_stream_is_counted_canceled_and_frees_its_slot() {
    let mut concurrency = ServerConfig::default().concurrency;
    concurrency.rules = 1;
    let server = TestServer::with_config(ServerConfig { concurrency, ..ServerConfig::default() }).await;
    let mut stream = Stream::open(&server.channel).await.unwrap();
    assert!(stream.step(knight_and_wolf(), None).await.status.is_none());
    // The one slot is the open stream's.
    let refused = match Stream::open(&server.channel).await {
        Ok(mut second) => second.next().await.unwrap().unwrap_err(),
        Err(status) => status,
    };
    assert_eq!(refused.code(), Code::ResourceExhausted);
    assert!(refused.message().contains("--max-concurrent-rules 1"), "{refused:?}");
    // The client gives up on its stream (an HTTP/2 reset).
    drop(stream);
    eventually("the cancelled stream counted", || handled(&server, "Play", "Canceled") == 1.0).await;
    let in_flight =
        |server: &TestServer| metric(&server.metrics.render(), "fray_server_in_flight", &[("grpc_method", "Play")]);
    assert_eq!(in_flight(&server), 0.0);
    let mut again = Stream::open(&server.channel).await.unwrap();
    assert!(again.step(knight_and_wolf(), None).await.status.is_none(), "the slot was freed");
}

#[tokio::test]
async fn shutdown_ends_an_open_stream_unavailable_without_waiting_for_its_client() {
    let config = ServerConfig { drain_timeout: Duration::from_secs(60), ..ServerConfig::default() };
    let mut server = TestServer::with_config(config).await;
    let mut stream = Stream::open(&server.channel).await.unwrap();
    assert!(stream.step(knight_and_wolf(), None).await.status.is_none());
    server.ask_to_stop();
    let status = stream.next().await.unwrap().unwrap_err();
    assert_eq!(status.code(), Code::Unavailable);
    assert!(status.message().contains("shutting down"), "{status:?}");
    let stopped = tokio::time::timeout(Duration::from_secs(10), server.shutdown()).await;
    stopped.expect("the drain waited for the stream's client (the drain timeout is 60 s)").unwrap();
}

#[tokio::test]
async fn with_an_agent_token_the_batches_and_the_stream_stay_open_like_every_rules_call() {
    let config = ServerConfig { agent_token: Some("s3cret".into()), ..ServerConfig::default() };
    let server = TestServer::with_config(config).await;
    let mut rules = server.rules();
    let strikes =
        pb::ResolveStrikeBatchRequest { requests: vec![resolve(knight_and_wolf(), strike("knight", 1, 3), vec![])] };
    assert!(rules.resolve_strike_batch(strikes).await.unwrap().into_inner().results[0].response.is_some());
    let actions =
        pb::ApplyActionBatchRequest { requests: vec![apply(knight_and_wolf(), strike_action("knight", 1, 3))] };
    assert!(rules.apply_action_batch(actions).await.unwrap().into_inner().results[0].response.is_some());
    let mut stream = Stream::open(&server.channel).await.unwrap();
    assert!(stream.step(knight_and_wolf(), None).await.status.is_none());
    // The Agent still wants its token.
    let state = rules
        .new_game(pb::NewGameRequest {
            ruleset: pb::Ruleset::Egame as i32,
            seed: 1,
            scenario: String::new(),
            ..Default::default()
        })
        .await
        .unwrap()
        .into_inner()
        .state
        .unwrap();
    let search = pb::ChooseActionRequest {
        player: state.active_player,
        state: Some(state),
        budget: Some(pb::SearchBudget { playouts: 10, time_ms: 0, ..Default::default() }),
        seed: 1,
        ..Default::default()
    };
    let status = pb::agent_client::AgentClient::new(server.channel.clone()).choose_action(search).await.unwrap_err();
    assert_eq!(status.code(), Code::Unauthenticated);
}
