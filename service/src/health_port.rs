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

/// How long the health port may take to close once the main server is done: an open
/// `Watch` stream would hold a graceful stop forever, so past this it is cut.
const STOP_TIMEOUT: Duration = Duration::from_secs(1);

/// The running health port; dropping it stops it too.
pub(crate) struct HealthPort {
    stop: oneshot::Sender<()>,
    task: JoinHandle<Result<(), tonic::transport::Error>>,
}

impl HealthPort {
    /// Serves `health` (a clone of the main server's, so it reports the same statuses)
    /// on `listener` in a task of its own.
    pub(crate) fn spawn(listener: TcpListener, health: HealthServer<impl Health>) -> Self {
        let (stop, stopped) = oneshot::channel::<()>();
        let task = tokio::spawn(Server::builder().add_service(health).serve_with_incoming_shutdown(
            TcpListenerStream::new(listener),
            // A dropped sender also means "stop".
            async move {
                let _ = stopped.await;
            },
        ));
        Self { stop, task }
    }

    /// Stops the health port once the main server is done: gracefully, or after
    /// [`STOP_TIMEOUT`] by cutting the connections still open (`Watch` streams).
    pub(crate) async fn stop(self) {
        let _ = self.stop.send(());
        let abort = self.task.abort_handle();
        match tokio::time::timeout(STOP_TIMEOUT, self.task).await {
            Ok(Ok(Ok(()))) => {}
            Ok(Ok(Err(e))) => warn!(error = %e, "the health port failed"),
            Ok(Err(e)) => warn!(error = %e, "the health port's task failed"),
            Err(_) => abort.abort(),
        }
    }
}
