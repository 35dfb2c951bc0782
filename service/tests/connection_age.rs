//! The maximum connection age: a client calling across it, one call at a time, keeps
//! getting answers on a new connection (counted by a proxy in front of the server), a
//! call in flight at the age finishes within the grace, and the grace's end closes the
//! connection under the calls still on it. (Calls sent at once by several callers can
//! race the GOAWAY and fail unprocessed; the tournament's referee retries them, tested
//! in client-cli's `referee.rs`.)
#![allow(missing_docs, clippy::unwrap_used, clippy::panic)]

use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use fray_proto::fray::v1 as pb;
use fray_service::{ConcurrencyLimits, ServerConfig};
use fray_testkit::prelude::*;
use tokio::net::{TcpListener, TcpStream};
use tonic::transport::{Channel, Endpoint};

/// A TCP proxy to `server` on a free loopback port that counts the connections it
/// accepts: each is one connection the client opened.
async fn counting_proxy(server: SocketAddr) -> (SocketAddr, Arc<AtomicUsize>) {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let accepted = Arc::new(AtomicUsize::new(0));
    let count = Arc::clone(&accepted);
    tokio::spawn(async move {
        while let Ok((mut client, _)) = listener.accept().await {
            count.fetch_add(1, Ordering::SeqCst);
            tokio::spawn(async move {
                let mut upstream = TcpStream::connect(server).await.unwrap();
                for socket in [&client, &upstream] {
                    socket.set_nodelay(true).unwrap();
                }
                // Either side closing (the server after its GOAWAY) closes the other.
                let _ = tokio::io::copy_bidirectional(&mut client, &mut upstream).await;
            });
        }
    });
    (addr, accepted)
}

async fn channel_to(addr: SocketAddr) -> Channel {
    Endpoint::from_shared(format!("http://{addr}")).unwrap().connect().await.unwrap()
}

fn aged(age: Option<Duration>, grace: Duration) -> ServerConfig {
    ServerConfig {
        max_connection_age: age,
        max_connection_age_grace: grace,
        concurrency: ConcurrencyLimits { agent: 4, ..ConcurrencyLimits::default() },
        ..ServerConfig::default()
    }
}

/// Calls ResolveStrike every 20 ms for `period` through a proxy, each call checked;
/// answers the connections the client opened.
async fn call_for(config: ServerConfig, period: Duration) -> usize {
    let server = TestServer::with_config(config).await;
    let (proxy, accepted) = counting_proxy(server.addr).await;
    let mut rules = pb::rules_client::RulesClient::new(channel_to(proxy).await);
    let started = Instant::now();
    let mut calls = 0;
    while started.elapsed() < period {
        let answer = rules.resolve_strike(resolve(knight_and_wolf(), strike("knight", 1, 3), vec![])).await;
        calls += 1;
        if let Err(status) = answer {
            panic!("call {calls} at {:?} failed: {status:?}", started.elapsed());
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    accepted.load(Ordering::SeqCst)
}

#[tokio::test]
async fn a_client_calling_past_the_age_gets_every_answer_on_new_connections() {
    let period = Duration::from_millis(1300);
    let opened = call_for(aged(Some(Duration::from_millis(300)), Duration::from_secs(5)), period).await;
    // The server closed each connection at 300 ms: about four over 1.3 s.
    assert!(opened >= 3, "the client opened only {opened} connection(s)");
    // Without an age, the one connection carries every call.
    let opened = call_for(aged(None, Duration::from_secs(5)), period).await;
    assert_eq!(opened, 1);
}

#[tokio::test]
async fn a_call_in_flight_at_the_age_finishes_within_the_grace_and_the_grace_ends_the_rest() {
    let server = TestServer::with_config(aged(Some(Duration::from_millis(300)), Duration::from_millis(700))).await;
    let state = {
        let request = pb::NewGameRequest {
            ruleset: pb::Ruleset::Egame as i32,
            seed: 4,
            scenario: "fables".into(),
            ..Default::default()
        };
        server.rules().new_game(request).await.unwrap().into_inner().state.unwrap()
    };
    let search = |time_ms| pb::ChooseActionRequest {
        state: Some(state.clone()),
        player: 0,
        budget: Some(pb::SearchBudget { playouts: 0, time_ms, ..Default::default() }),
        seed: 1,
        ..Default::default()
    };
    // A fresh connection, so its age counts from now: GOAWAY at 300 ms, closed at 1 s.
    let agent = pb::agent_client::AgentClient::new(channel_to(server.addr).await);
    let started = Instant::now();
    let within = tokio::spawn({
        let (mut agent, request) = (agent.clone(), search(600));
        async move { agent.choose_action(request).await }
    });
    let beyond = tokio::spawn({
        let (mut agent, request) = (agent.clone(), search(3000));
        async move {
            let answer = agent.choose_action(request).await;
            (answer, started.elapsed())
        }
    });
    let answer = within.await.unwrap();
    assert!(answer.is_ok(), "a 600 ms search past the 300 ms age answers within the grace: {answer:?}");
    let (answer, after) = beyond.await.unwrap();
    let Err(status) = answer else {
        panic!("a 3 s search outlives age + grace (1 s): the connection is closed under it, yet it answered");
    };
    assert!(
        after >= Duration::from_millis(900) && after < Duration::from_millis(2500),
        "cut after {after:?}, not at the grace's end: {status:?}"
    );
    // The channel reconnects for the next call.
    let mut agent = agent;
    assert!(agent.choose_action(search(10)).await.is_ok());
}
