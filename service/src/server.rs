//! Serving: the Rules and Agent services plus `grpc.health.v1.Health` and server
//! reflection (v1 for grpcurl, v1alpha for grpcui and Postman) on one listener, with
//! a bounded graceful drain.

use std::future::Future;
use std::sync::Arc;
use std::time::Duration;

use fray_proto::fray::v1::agent_server::AgentServer;
use fray_proto::fray::v1::rules_server::RulesServer;
use thiserror::Error;
use tokio_stream::StreamExt as _;
use tokio_stream::wrappers::TcpListenerStream;
use tonic::service::interceptor::InterceptedService;
use tonic::transport::Server;
use tonic_health::ServingStatus;
use tonic_health::server::HealthReporter;
use tracing::{info, warn};

use crate::agent::{AgentLimits, AgentService};
use crate::connection_age::Aged;
use crate::connections::{ConnectionSlots, Refusals};
use crate::framing::FramingLayer;
use crate::gate::{ConcurrencyLimits, Gate};
use crate::health_port::{Listeners, SidePort};
use crate::idle::{IdleConn, IdleLayer, RequestBudget, Stopping};
use crate::metrics::Metrics;
use crate::observe::ObserveLayer;
use crate::rules::RulesService;
use crate::rules_limits::RulesLimits;
use crate::seal::{SealKeys, Sealer};
use crate::search_stop::StopFlag;
use crate::tls::ServerTls;
use crate::write_batching::BatchedWrites;

/// How the server runs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ServerConfig {
    /// The largest request or response message, in bytes, the Rules and Agent
    /// services accept or send. Bigger requests answer `OUT_OF_RANGE` (tonic's code).
    pub max_message_bytes: usize,
    /// After shutdown is asked for, how long in-flight calls may take to finish
    /// before the server stops waiting for them.
    pub drain_timeout: Duration,
    /// What one ChooseAction call may spend.
    pub agent: AgentLimits,
    /// Calls of each RPC in flight at most; one more answers RESOURCE_EXHAUSTED.
    pub concurrency: ConcurrencyLimits,
    /// The longest a unary call may take; past it the call answers CANCELLED ("Timeout
    /// expired", tonic's code for a deadline, as for a client's own `grpc-timeout`).
    /// Agent searches are capped to 90% of it, so they answer in time.
    pub request_timeout: Duration,
    /// When set, every Agent call must carry `authorization: Bearer <token>`; others
    /// answer UNAUTHENTICATED. The Rules service stays open.
    pub agent_token: Option<String>,
    /// When set, the gRPC listener speaks only TLS (mutual TLS when it names a client
    /// CA); see [`crate::tls`].
    pub tls: Option<ServerTls>,
    /// How long a connection may live: then the client is sent a GOAWAY and opens a
    /// new one for its next calls (resolving the name again, so it finds new pods).
    /// `None`: for ever (the default, as in gRPC: a tonic client's calls that race the
    /// GOAWAY fail, INTERNAL "h2 protocol error", so turn it on where it pays, behind
    /// a headless Service).
    pub max_connection_age: Option<Duration>,
    /// Past the age, how long the calls on a connection may take to finish before it
    /// is closed under them.
    pub max_connection_age_grace: Duration,
    /// Streams one HTTP/2 connection may have open at once, advertised in
    /// SETTINGS_MAX_CONCURRENT_STREAMS (a client's stream over it is refused): with the
    /// message limit, it bounds the request bytes one connection can hold.
    pub max_concurrent_streams: u32,
    /// A connection with no call in flight this long is closed (idle or half-open
    /// peers); `None`: never ([`crate::idle`]).
    pub idle_timeout: Option<Duration>,
    /// How often the server pings a connection's peer (HTTP/2 PING, 20 s to answer),
    /// so a vanished peer's streams end; `None`: never.
    pub http2_keepalive: Option<Duration>,
    /// The request bytes the calls of one connection may hold while they are being
    /// received; a call past it answers RESOURCE_EXHAUSTED ([`crate::framing`]).
    pub max_connection_request_bytes: usize,
    /// The request bytes the calls of all connections together may hold while they are
    /// being received; a call past it answers RESOURCE_EXHAUSTED ([`crate::framing`]).
    pub max_request_bytes: usize,
    /// Connections the gRPC port holds at once; one more is closed at once
    /// ([`crate::connections`]). With the request budgets, it bounds the server's
    /// memory (docs/reliability.md).
    pub max_connections: usize,
    /// The keys that seal and open states answered for one seat ([`crate::seal`]);
    /// `None`: a random key for this server alone.
    pub seal_keys: Option<SealKeys>,
    /// Deal a sealed game (NewGame's `sealed_for`) from its seed alone, as a plain one,
    /// rather than from the seed mixed with a secret of the sealing key's and the seat
    /// ([`crate::seal::Sealer::deal_seed`]). Only for a server
    /// one person uses (the embedded server of `fray play`, where `--seed N` deals the
    /// same game again and `fray replay` deals it again to check it): on a shared
    /// server any client could deal the same game plain and read every card. False by
    /// default; `fray-server` has no flag for it.
    pub sealed_deals_from_seed: bool,
    /// Requests one ResolveStrikeBatch or ApplyActionBatch may carry; more answer
    /// INVALID_ARGUMENT at `requests` ([`crate::batch`]).
    pub max_batch_items: usize,
    /// Messages one Play stream may carry; the next ends it with RESOURCE_EXHAUSTED
    /// ([`crate::play`]).
    pub max_stream_messages: u64,
    /// How long a Play stream may wait for its next message before it is ended with
    /// RESOURCE_EXHAUSTED; `None`: for ever.
    pub stream_idle_timeout: Option<Duration>,
}

/// The process's own memory in the bound of [`ServerConfig::peak_memory_bound`]: its
/// base (20-25 MiB measured) with room for the allocator's slack and a request being
/// validated.
const BASE_MEMORY: usize = 64 << 20;

/// What one connection may cost beyond the request budgets: its HTTP/2 connection
/// window of received data (hyper's default, 1 MiB).
const CONNECTION_MEMORY: usize = 1 << 20;

/// What one open stream may cost beyond the request budgets: tonic's decoding buffer
/// and the stream's state.
const STREAM_MEMORY: usize = 16 << 10;

/// What one search at the default budgets holds: a tree of at most
/// `--agent-max-playouts` nodes of about 300 bytes.
const NODE_MEMORY: usize = 300;

impl ServerConfig {
    /// The most resident memory the server reaches, in bytes, whatever its clients send
    /// (docs/reliability.md, "The memory of one server under the worst client"): the
    /// base, the request bytes the budget lets calls hold, what each connection held
    /// may cost beyond it, and the searches in flight. deploy/k8s sizes its memory limit
    /// by it.
    pub fn peak_memory_bound(&self) -> usize {
        let per_connection =
            CONNECTION_MEMORY + usize::try_from(self.max_concurrent_streams).unwrap_or(usize::MAX) * STREAM_MEMORY;
        let searches = self.concurrency.agent * usize::try_from(self.agent.max_playouts).unwrap_or(usize::MAX);
        BASE_MEMORY
            .saturating_add(self.max_request_bytes)
            .saturating_add(self.max_connections.saturating_mul(per_connection))
            .saturating_add(searches.saturating_mul(NODE_MEMORY))
    }

    /// What the Rules service's batches and streams may take.
    pub fn rules_limits(&self) -> RulesLimits {
        RulesLimits {
            max_batch_items: self.max_batch_items,
            max_stream_messages: self.max_stream_messages,
            stream_idle_timeout: self.stream_idle_timeout,
            max_message_bytes: self.max_message_bytes,
        }
    }
}

impl Default for ServerConfig {
    /// 1 MiB messages, a 10 s drain, the default agent and concurrency limits, 30 s per
    /// call, no Agent token, no TLS, no connection age (with one, 30 s of grace: as long
    /// as a call may take, so none is cut), 100 streams per connection, idle connections
    /// closed after 60 s, a keepalive PING every 60 s, 16 MiB of requests being
    /// received per connection and 64 MiB on all connections together, 100 connections;
    /// 256 requests a batch, 100 000 messages a Play stream and 60 s for its next one:
    /// at most about 400 MiB in all under the worst client (docs/reliability.md), within
    /// deploy/k8s's 512 MiB.
    fn default() -> Self {
        let rules = RulesLimits::default();
        Self {
            max_message_bytes: 1024 * 1024,
            drain_timeout: Duration::from_secs(10),
            agent: AgentLimits::default(),
            concurrency: ConcurrencyLimits::default(),
            request_timeout: Duration::from_secs(30),
            agent_token: None,
            tls: None,
            max_connection_age: None,
            max_connection_age_grace: Duration::from_secs(30),
            max_concurrent_streams: 100,
            idle_timeout: Some(Duration::from_secs(60)),
            http2_keepalive: Some(Duration::from_secs(60)),
            max_connection_request_bytes: 16 * 1024 * 1024,
            max_request_bytes: 64 * 1024 * 1024,
            max_connections: 100,
            seal_keys: None,
            sealed_deals_from_seed: false,
            max_batch_items: rules.max_batch_items,
            max_stream_messages: rules.max_stream_messages,
            stream_idle_timeout: rules.stream_idle_timeout,
        }
    }
}

/// The Agent's optional bearer-token check (an interceptor: it runs before the
/// request is decoded into a search).
#[derive(Clone)]
struct BearerToken {
    expected: Option<std::sync::Arc<str>>,
}

impl BearerToken {
    fn new(token: Option<&str>) -> Self {
        Self { expected: token.filter(|t| !t.is_empty()).map(std::sync::Arc::from) }
    }
}

impl tonic::service::Interceptor for BearerToken {
    fn call(&mut self, request: tonic::Request<()>) -> Result<tonic::Request<()>, tonic::Status> {
        let Some(expected) = &self.expected else { return Ok(request) };
        let given = request.metadata().get("authorization").map(|v| v.as_bytes()).unwrap_or_default();
        // The scheme is case-insensitive (RFC 9110, 11.1): `bearer` is `Bearer`.
        let token = match given.split_at_checked(7) {
            Some((scheme, token)) if scheme.eq_ignore_ascii_case(b"bearer ") => token,
            _ => &[],
        };
        if equal_in_constant_time(token, expected.as_bytes()) {
            Ok(request)
        } else {
            Err(tonic::Status::unauthenticated(
                "the Agent service needs `authorization: Bearer <token>` with this server's token (--agent-token-file)",
            ))
        }
    }
}

/// Byte strings compared without an early exit, so the time taken does not tell how
/// much of a guessed token was right (only its length).
fn equal_in_constant_time(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

/// Why serving failed.
#[derive(Debug, Error)]
pub enum ServeError {
    /// The reflection service could not be built from the descriptor sets (a bug).
    #[error("cannot build the reflection service: {0}")]
    Reflection(#[from] tonic_reflection::server::Error),
    /// The gRPC transport failed.
    #[error("transport error: {0}")]
    Transport(#[from] tonic::transport::Error),
}

/// Serves Rules, Agent, grpc.health.v1 and reflection v1 + v1alpha on `listener`
/// (over TLS when `config.tls` is set) until `shutdown` resolves, then drains
/// in-flight calls for at most `drain_timeout`. `listener` is a `TcpListener`, or
/// [`Listeners`] with a plaintext health port too, which stays up until the drain ends.
///
/// Health reports `fray.v1.Rules`, `fray.v1.Agent` and the whole server (`""`) as
/// SERVING, and as NOT_SERVING from the moment shutdown is asked for. When the drain
/// times out, the calls still running are abandoned and
/// `serve` returns `Ok`.
///
/// A connection older than `max_connection_age` is sent a GOAWAY (its calls finish;
/// the client reconnects for the next) and closed `max_connection_age_grace` later
/// ([`crate::connection_age`]).
pub async fn serve(
    listener: impl Into<Listeners>,
    config: ServerConfig,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> Result<(), ServeError> {
    serve_with_metrics(listener, config, Metrics::new(), shutdown).await
}

/// [`serve`], counting every call in `metrics` and tracing it ([`crate::observe`]).
/// With a metrics listener in [`Listeners`], `GET /metrics` shows them there until the
/// drain ends.
pub async fn serve_with_metrics(
    listener: impl Into<Listeners>,
    config: ServerConfig,
    metrics: Metrics,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> Result<(), ServeError> {
    let (reporter, health) = tonic_health::server::health_reporter();
    reporter.set_serving::<RulesServer<RulesService>>().await;
    reporter.set_serving::<AgentServer<AgentService>>().await;
    reporter.set_service_status("", ServingStatus::Serving).await;
    let Listeners { grpc: listener, health: health_listener, metrics: metrics_listener } = listener.into();
    let health_port = health_listener.map(|l| SidePort::health(l, health.clone(), config.idle_timeout));
    let metrics_port = metrics_listener.map(|l| SidePort::metrics(l, metrics.clone(), config.idle_timeout));

    let reflection_v1 = tonic_reflection::server::Builder::configure()
        .register_encoded_file_descriptor_set(fray_proto::FILE_DESCRIPTOR_SET)
        .register_encoded_file_descriptor_set(tonic_health::pb::FILE_DESCRIPTOR_SET)
        .build_v1()?;
    let reflection_v1alpha = tonic_reflection::server::Builder::configure()
        .register_encoded_file_descriptor_set(fray_proto::FILE_DESCRIPTOR_SET)
        .register_encoded_file_descriptor_set(tonic_health::pb::FILE_DESCRIPTOR_SET)
        .build_v1alpha()?;

    let limit = config.max_message_bytes;
    // Set when shutdown is asked for: idle connections close, Play streams end.
    let stopping = Stopping::default();
    let Services { rules, agent, stop_searches } = Services::new(&config, &metrics, &stopping);

    // Unary calls are small: send each answer at once rather than wait for Nagle, and
    // the answers ready together in one write (`write_batching`).
    let lifetime = config.max_connection_age.map(|age| age + config.max_connection_age_grace);
    let idle = config.idle_timeout;
    let request_budget = RequestBudget::new(config.max_connection_request_bytes, config.max_request_bytes);
    let slots = ConnectionSlots::new(config.max_connections, metrics.connections());
    let refusals = Refusals::new(config.max_connections, config.tls.is_some());
    let incoming = TcpListenerStream::new(listener).filter_map({
        let (stopping, metrics) = (stopping.clone(), metrics.clone());
        move |conn| {
            let conn = match conn {
                Ok(conn) => conn,
                Err(e) => return Some(Err(e)),
            };
            let Some(slot) = slots.take() else {
                metrics.connection_refused();
                refusals.refuse(conn);
                return None;
            };
            if let Err(e) = conn.set_nodelay(true) {
                return Some(Err(e));
            }
            Some(Ok::<_, std::io::Error>(Aged::new(
                BatchedWrites(IdleConn::new(conn, idle, &stopping, &request_budget).holding(slot)),
                lifetime,
            )))
        }
    });

    // `started` fires when shutdown is asked for; the drain clock starts then. Health
    // turns NOT_SERVING first, so a client or probe on an open connection sees the
    // server leaving before its calls are refused.
    let (started_tx, started_rx) = tokio::sync::oneshot::channel::<()>();
    let signal = shutting_down(shutdown, reporter, stopping, started_tx);
    let mut builder = Server::builder()
        .timeout(config.request_timeout)
        .max_concurrent_streams(config.max_concurrent_streams)
        .http2_keepalive_interval(config.http2_keepalive);
    if let Some(tls) = &config.tls {
        builder = builder.tls_config(tls.server_tls_config())?;
    }
    if let Some(age) = config.max_connection_age {
        builder = builder.max_connection_age(age);
    }
    let server = builder
        .layer(ObserveLayer::new(metrics))
        .layer(IdleLayer)
        .layer(FramingLayer::new(limit))
        .add_service(health)
        .add_service(reflection_v1)
        .add_service(reflection_v1alpha)
        .add_service(rules)
        .add_service(agent)
        .serve_with_incoming_shutdown(incoming, signal);

    drained(server, started_rx, config.drain_timeout).await?;
    stop_searches.stop();
    if let Some(port) = health_port {
        port.stop().await;
    }
    if let Some(port) = metrics_port {
        port.stop().await;
    }
    Ok(())
}

/// What happens once `shutdown` completes: health turns NOT_SERVING, `stopping` stops
/// (idle connections close, Play streams end) and `started` fires, starting the drain.
async fn shutting_down(
    shutdown: impl Future<Output = ()>,
    reporter: HealthReporter,
    stopping: Stopping,
    started: tokio::sync::oneshot::Sender<()>,
) {
    shutdown.await;
    reporter.set_not_serving::<RulesServer<RulesService>>().await;
    reporter.set_not_serving::<AgentServer<AgentService>>().await;
    reporter.set_service_status("", ServingStatus::NotServing).await;
    info!("shutting down: health NOT_SERVING, no new connections, draining in-flight calls");
    // Connections with no call in flight close now: they hold nothing to drain;
    // Play streams end (a stream would hold the drain as long as its client liked).
    stopping.stop();
    let _ = started.send(());
}

/// The Rules and Agent services as the server serves them (message limits, the
/// Agent's token), sharing one gate and one sealer, and the flag that stops the
/// Agent's searches once serving ends.
struct Services {
    rules: RulesServer<RulesService>,
    agent: InterceptedService<AgentServer<AgentService>, BearerToken>,
    /// Set once serving ends: a search the drain gave up on stops, so none outlives it.
    stop_searches: StopFlag,
}

impl Services {
    fn new(config: &ServerConfig, metrics: &Metrics, stopping: &Stopping) -> Self {
        let limit = config.max_message_bytes;
        let gate = Gate::new(config.concurrency);
        let sealer = config.seal_keys.as_ref().map_or_else(Sealer::default, Sealer::new);
        let sealer = Arc::new(if config.sealed_deals_from_seed { sealer.dealing_from_seeds() } else { sealer });
        let rules = RulesService::new(
            gate.clone(),
            config.rules_limits(),
            metrics.clone(),
            stopping.clone(),
            Arc::clone(&sealer),
        );
        let rules = RulesServer::new(rules).max_decoding_message_size(limit).max_encoding_message_size(limit);
        // A search never outlives the call: its time is capped within the request timeout
        // too, with a tenth left for the answer.
        let within = config.request_timeout.mul_f64(0.9);
        let agent_limits = AgentLimits { max_time: config.agent.max_time.min(within), ..config.agent };
        let agent = AgentService::new(agent_limits, gate, sealer);
        let stop_searches = agent.stop_flag();
        let agent = AgentServer::new(agent).max_decoding_message_size(limit).max_encoding_message_size(limit);
        let agent = InterceptedService::new(agent, BearerToken::new(config.agent_token.as_deref()));
        Services { rules, agent, stop_searches }
    }
}

/// Waits for `server` to stop, or, once `started` tells that shutdown was asked for,
/// for `drain_timeout` at most: then the calls still in flight are abandoned.
async fn drained(
    server: impl Future<Output = Result<(), tonic::transport::Error>>,
    started: tokio::sync::oneshot::Receiver<()>,
    drain_timeout: Duration,
) -> Result<(), ServeError> {
    let drain_deadline = async move {
        match started.await {
            Ok(()) => tokio::time::sleep(drain_timeout).await,
            // The server stopped on its own: it wins the race below.
            Err(_) => std::future::pending().await,
        }
    };
    tokio::select! {
        result = server => {
            result?;
            info!("server stopped");
        }
        () = drain_deadline => {
            warn!(timeout = ?drain_timeout, "drain timed out: abandoning the calls still in flight");
        }
    }
    Ok(())
}
