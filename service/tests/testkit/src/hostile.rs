//! The worst client for the server's memory: many HTTP/2 connections, each with many
//! ResolveStrike streams that announce a large message, send as much of it as flow
//! control allows and never finish it; meanwhile a normal client opens a new connection
//! now and then and checks that it is still served. What the server answered each
//! stream, and its peak RSS (Linux's VmHWM), are reported. Used by the `hostile`
//! benchmark (release build, the goals of docs/reliability.md) and by the test that
//! memory does not grow with connections (debug build).

use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use fray_proto::fray::v1 as pb;
use pb::rules_client::RulesClient;
use tokio::task::JoinSet;

use crate::fixtures::{knight_and_wolf, resolve, strike};
use crate::raw::{GRPC, h2_request};

/// How a hostile client attacks.
#[derive(Debug, Clone, Copy)]
pub struct Attack {
    /// HTTP/2 connections opened at once.
    pub connections: usize,
    /// ResolveStrike streams opened on each.
    pub streams: usize,
    /// The message length each stream's 5-byte prefix announces.
    pub declared: u32,
    /// Bytes of each message held back: the message never completes.
    pub short_by: u32,
    /// How long the streams are held (and the server's memory watched).
    pub hold: Duration,
}

impl Attack {
    /// `connections` x `streams` stalled streams of a 1 MiB message, held for `hold`.
    pub fn stalled(connections: usize, streams: usize, hold: Duration) -> Self {
        Self { connections, streams, declared: 1024 * 1024 - 64, short_by: 100, hold }
    }
}

/// What the server answered a hostile client, and what it cost.
#[derive(Debug, Default)]
pub struct Outcome {
    /// The server's peak resident memory from its start to the end of the attack, in
    /// MiB (VmHWM).
    pub peak_rss_mib: f64,
    /// Request bytes the hostile client got out, as flow control let it.
    pub sent_bytes: usize,
    /// Streams answered RESOURCE_EXHAUSTED.
    pub exhausted: usize,
    /// Streams reset by the server (refused, or cancelled once answered).
    pub reset: usize,
    /// Streams still open, unanswered, when the attack ended.
    pub held: usize,
    /// Connections the server refused or closed under the client.
    pub connections_refused: usize,
    /// Anything else the server answered a hostile stream (each described).
    pub other: Vec<String>,
    /// A normal client's calls during the attack, each on a new connection.
    pub normal_calls: usize,
    /// Those of them that failed (health not SERVING, or ResolveStrike not OK).
    pub normal_failures: Vec<String>,
}

impl Outcome {
    /// Every stream's answer, in one line.
    pub fn summary(&self) -> String {
        format!(
            "peak RSS {:.1} MiB; sent {:.0} MiB; streams: {} RESOURCE_EXHAUSTED, {} reset, {} held, {} other; \
             {} connections refused; normal client: {} calls, {} failed",
            self.peak_rss_mib,
            self.sent_bytes as f64 / (1024.0 * 1024.0),
            self.exhausted,
            self.reset,
            self.held,
            self.other.len(),
            self.connections_refused,
            self.normal_calls,
            self.normal_failures.len()
        )
    }
}

/// How one hostile stream ended.
enum Stream {
    Exhausted,
    Reset,
    Held,
    Other(String),
}

/// Runs `attack` against the `fray-server` process `pid` at `addr`.
pub async fn run(pid: u32, addr: SocketAddr, attack: Attack) -> Outcome {
    let sent = Arc::new(AtomicUsize::new(0));
    let refused = Arc::new(AtomicUsize::new(0));
    let mut streams = JoinSet::new();
    let mut drivers = JoinSet::new();
    let until = tokio::time::Instant::now() + attack.hold;
    for _ in 0..attack.connections {
        let Ok(tcp) = tokio::net::TcpStream::connect(addr).await else {
            refused.fetch_add(1, Ordering::Relaxed);
            continue;
        };
        let Ok((send, connection)) = h2::client::handshake(tcp).await else {
            refused.fetch_add(1, Ordering::Relaxed);
            continue;
        };
        let refused = Arc::clone(&refused);
        drivers.spawn(async move {
            if connection.await.is_err() {
                refused.fetch_add(1, Ordering::Relaxed);
            }
        });
        for _ in 0..attack.streams {
            streams.spawn(stalled_stream(send.clone(), addr, attack, until, Arc::clone(&sent)));
        }
    }
    let normal = tokio::spawn(normal_client(addr, until));
    let mut outcome = Outcome::default();
    while let Some(stream) = streams.join_next().await {
        match stream.unwrap_or_else(|e| Stream::Other(e.to_string())) {
            Stream::Exhausted => outcome.exhausted += 1,
            Stream::Reset => outcome.reset += 1,
            Stream::Held => outcome.held += 1,
            Stream::Other(what) => outcome.other.push(what),
        }
    }
    (outcome.normal_calls, outcome.normal_failures) = normal.await.unwrap();
    outcome.peak_rss_mib = crate::process::peak_rss_mib(pid);
    drivers.abort_all();
    outcome.sent_bytes = sent.load(Ordering::Relaxed);
    outcome.connections_refused = refused.load(Ordering::Relaxed);
    outcome
}

/// One stream: the prefix of a message of `attack.declared` bytes, then as much of it
/// as flow control allows, short by `attack.short_by`; the server's answer, or held
/// until `until`.
async fn stalled_stream(
    send: h2::client::SendRequest<bytes::Bytes>,
    addr: SocketAddr,
    attack: Attack,
    until: tokio::time::Instant,
    sent: Arc<AtomicUsize>,
) -> Stream {
    let started = async move {
        let mut send = send.ready().await?;
        let request = h2_request(addr, "/fray.v1.Rules/ResolveStrike", GRPC);
        send.send_request(request, false)
    };
    let (response, body) = match tokio::time::timeout_at(until, started).await {
        Err(_) => return Stream::Held,
        Ok(Err(e)) => return from_h2_error(&e),
        Ok(Ok(started)) => started,
    };
    let answered = async move {
        tokio::select! {
            answer = response => answer,
            () = send_stalled(body, attack, sent) => unreachable!("a stalled body is sent for ever"),
        }
    };
    match tokio::time::timeout_at(until, answered).await {
        Err(_) => Stream::Held,
        Ok(Err(e)) => from_h2_error(&e),
        Ok(Ok(response)) => {
            let status = response.headers().get("grpc-status").and_then(|v| v.to_str().ok()).map(str::to_owned);
            match status.as_deref() {
                // RESOURCE_EXHAUSTED
                Some("8") => Stream::Exhausted,
                other => Stream::Other(format!("HTTP {} grpc-status {other:?}", response.status())),
            }
        }
    }
}

/// A reset stream is a refusal; any other h2 error is described.
fn from_h2_error(e: &h2::Error) -> Stream {
    if e.is_reset() || e.is_go_away() || e.is_io() { Stream::Reset } else { Stream::Other(e.to_string()) }
}

/// Sends the message's prefix and then its bytes as flow control grants capacity,
/// counting them in `sent`, until all but `short_by` are out or the stream is gone;
/// then holds the stream open for ever, never finished.
async fn send_stalled(mut body: h2::SendStream<bytes::Bytes>, attack: Attack, sent: Arc<AtomicUsize>) {
    let total = 5 + attack.declared.saturating_sub(attack.short_by) as usize;
    let mut message = vec![0u8; total];
    message[1..5].copy_from_slice(&attack.declared.to_be_bytes());
    let mut message = bytes::Bytes::from(message);
    body.reserve_capacity(message.len());
    while !message.is_empty() {
        let n = match std::future::poll_fn(|cx| body.poll_capacity(cx)).await {
            Some(Ok(n)) => n.min(message.len()),
            _ => break,
        };
        if n == 0 {
            continue;
        }
        if body.send_data(message.split_to(n), false).is_err() {
            break;
        }
        sent.fetch_add(n, Ordering::Relaxed);
    }
    std::future::pending::<()>().await;
}

/// Every 250 ms until `until`, a new connection: health must say SERVING and a
/// ResolveStrike must answer OK. The calls made, and the failures described.
async fn normal_client(addr: SocketAddr, until: tokio::time::Instant) -> (usize, Vec<String>) {
    let (mut calls, mut failures) = (0, Vec::new());
    while tokio::time::Instant::now() < until {
        calls += 1;
        if let Err(failure) = tokio::time::timeout(Duration::from_secs(5), one_normal_call(addr))
            .await
            .unwrap_or_else(|_| Err("no answer within 5 s".to_owned()))
        {
            failures.push(failure);
        }
        tokio::time::sleep(Duration::from_millis(250)).await;
    }
    (calls, failures)
}

/// One normal client's check on a new connection.
async fn one_normal_call(addr: SocketAddr) -> Result<(), String> {
    let channel = tonic::transport::Endpoint::from_shared(format!("http://{addr}"))
        .map_err(|e| e.to_string())?
        .connect()
        .await
        .map_err(|e| format!("connect: {e}"))?;
    let mut health = tonic_health::pb::health_client::HealthClient::new(channel.clone());
    let served = health
        .check(tonic_health::pb::HealthCheckRequest { service: String::new() })
        .await
        .map_err(|e| format!("health: {e}"))?
        .into_inner()
        .status;
    if served != tonic_health::pb::health_check_response::ServingStatus::Serving as i32 {
        return Err(format!("health answered {served}"));
    }
    RulesClient::new(channel)
        .resolve_strike(resolve(knight_and_wolf(), strike("knight", 1, 3), vec![]))
        .await
        .map_err(|e| format!("ResolveStrike: {e}"))?;
    Ok(())
}
