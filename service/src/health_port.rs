//! The listeners a server serves on: the gRPC one, an optional second one
//! (`--health-listen`) that serves `grpc.health.v1.Health` alone in plaintext, and an
//! optional HTTP one for Prometheus metrics (`--metrics-listen`).
//!
//! Kubernetes' native gRPC probes cannot speak TLS (nor present a client certificate),
//! so with `--tls-cert` they would fail on the main port. The health port answers the
//! same statuses from the same reporter: SERVING while the server runs, NOT_SERVING
//! from the moment shutdown is asked for, and it stays up through the drain so a
//! readiness probe sees the server leaving. It carries nothing but health.

use std::time::Duration;

use tokio::net::TcpListener;
use tokio::sync::oneshot;
use tokio::task::JoinHandle;
use tokio_stream::StreamExt as _;
use tokio_stream::wrappers::TcpListenerStream;
use tonic::transport::Server;
use tonic_health::pb::health_server::{Health, HealthServer};
use tracing::warn;

/// Where [`serve`](crate::serve) listens: the gRPC listener and, optionally, the
/// plaintext health port. A bare `TcpListener` converts into one without a health port.
#[derive(Debug)]
pub struct Listeners {
    /// Rules, Agent, health and reflection (over TLS when configured).
    pub grpc: TcpListener,
    /// `grpc.health.v1.Health` alone, always plaintext.
    pub health: Option<TcpListener>,
    /// `GET /metrics` over HTTP/1.1 ([`crate::metrics`]).
    pub metrics: Option<TcpListener>,
}

impl Listeners {
    /// The line a server prints after its `fray-server listening on ADDR` when it has
    /// a health port: `fray-server health (plaintext) listening on ADDR`.
    pub fn health_line(&self) -> Option<String> {
        let health = self.health.as_ref()?;
        let addr = health.local_addr().map_or_else(|e| format!("? ({e})"), |a| a.to_string());
        Some(format!("fray-server health (plaintext) listening on {addr}"))
    }

    /// The line a server prints when it has a metrics port: `metrics on http://ADDR/metrics`.
    pub fn metrics_line(&self) -> Option<String> {
        let metrics = self.metrics.as_ref()?;
        let addr = metrics.local_addr().map_or_else(|e| format!("? ({e})"), |a| a.to_string());
        Some(format!("metrics on http://{addr}/metrics"))
    }
}

impl From<TcpListener> for Listeners {
    fn from(grpc: TcpListener) -> Self {
        Self { grpc, health: None, metrics: None }
    }
}

/// How long a side port (health, metrics) may take to close once the main server is
/// done: an open health `Watch` stream or metrics scrape would hold a graceful stop
/// forever, so past this it is cut.
const STOP_TIMEOUT: Duration = Duration::from_secs(1);

/// A port served beside the gRPC one (the plaintext health port, the metrics port) in
/// a task of its own, stopped once the main server is done.
pub(crate) struct SidePort {
    name: &'static str,
    stop: oneshot::Sender<()>,
    task: JoinHandle<Result<(), String>>,
}

impl SidePort {
    /// Runs `serve(stopped)`, where `stopped` resolves when [`SidePort::stop`] is called
    /// (or the port is dropped).
    fn spawn<F, E>(name: &'static str, serve: impl FnOnce(oneshot::Receiver<()>) -> F) -> Self
    where
        F: std::future::Future<Output = Result<(), E>> + Send + 'static,
        E: std::fmt::Display,
    {
        let (stop, stopped) = oneshot::channel::<()>();
        let served = serve(stopped);
        let task = tokio::spawn(async move { served.await.map_err(|e| e.to_string()) });
        Self { name, stop, task }
    }

    /// Serves `health` (a clone of the main server's, so it reports the same statuses)
    /// on `listener`.
    pub(crate) fn health(listener: TcpListener, health: HealthServer<impl Health>, idle: Option<Duration>) -> Self {
        // Idle probers' connections are closed as on the main port (crate::idle); at
        // shutdown this port is stopped after the drain, within STOP_TIMEOUT.
        let stopping = crate::idle::Stopping::default();
        let unlimited = crate::idle::RequestBudget::unlimited();
        let incoming = TcpListenerStream::new(listener)
            .map(move |conn| conn.map(|conn| crate::idle::IdleConn::new(conn, idle, &stopping, &unlimited)));
        Self::spawn("health port", |stopped| {
            Server::builder().layer(crate::idle::IdleLayer).add_service(health).serve_with_incoming_shutdown(
                incoming,
                // A dropped sender also means "stop".
                async move {
                    let _ = stopped.await;
                },
            )
        })
    }

    /// Serves `GET /metrics` from `metrics` on `listener`, closing connections idle
    /// for `idle` as the other ports do.
    pub(crate) fn metrics(listener: TcpListener, metrics: crate::metrics::Metrics, idle: Option<Duration>) -> Self {
        Self::spawn("metrics endpoint", |stopped| {
            crate::metrics::serve_http(listener, metrics, idle, async move {
                let _ = stopped.await;
            })
        })
    }

    /// Stops the port once the main server is done: gracefully, or after
    /// [`STOP_TIMEOUT`] by cutting the connections still open.
    pub(crate) async fn stop(self) {
        let _ = self.stop.send(());
        let abort = self.task.abort_handle();
        match tokio::time::timeout(STOP_TIMEOUT, self.task).await {
            Ok(Ok(Ok(()))) => {}
            Ok(Ok(Err(e))) => warn!(error = %e, "the {} failed", self.name),
            Ok(Err(e)) => warn!(error = %e, "the {}'s task failed", self.name),
            Err(_) => abort.abort(),
        }
    }
}
