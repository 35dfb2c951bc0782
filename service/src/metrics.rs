//! Prometheus metrics: what the server counts, and the HTTP endpoint that shows them.
//!
//! The names follow the common gRPC server convention (go-grpc-prometheus, which
//! ready-made dashboards read): `grpc_server_started_total`,
//! `grpc_server_handled_total{grpc_code}`, `grpc_server_handling_seconds`, each by
//! `grpc_service` and `grpc_method`, with Go's code names (`OK`, `InvalidArgument`,
//! `ResourceExhausted`, ...). Fray adds `fray_server_in_flight`,
//! `fray_server_items_total`, `fray_agent_playouts_total`, `fray_server_connections` (open
//! on the gRPC port) and `fray_server_connections_refused_total` (past `--max-connections`). Labels come from fixed lists, so no request can grow
//! the set of series: an unknown path is counted as `unknown`.

use std::fmt::Write as _;
use std::sync::{Arc, OnceLock};

use prometheus_client::encoding::EncodeLabelSet;
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::metrics::histogram::{Histogram, exponential_buckets};
use prometheus_client::registry::Registry;
use tokio::net::TcpListener;

/// An RPC the server knows, by service and method.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Rpc {
    /// The full service name, e.g. `fray.v1.Rules`.
    pub service: &'static str,
    /// The method, e.g. `ResolveStrike`.
    pub method: &'static str,
    /// Its place in the server's list (the unknown RPC last).
    index: usize,
}

/// Every RPC the server serves; anything else is [`Rpc::UNKNOWN`].
const KNOWN: &[Rpc] = &[
    Rpc { service: "fray.v1.Rules", method: "ResolveStrike", index: 0 },
    Rpc { service: "fray.v1.Rules", method: "ApplyAction", index: 1 },
    Rpc { service: "fray.v1.Rules", method: "LegalActions", index: 2 },
    Rpc { service: "fray.v1.Rules", method: "NewGame", index: 3 },
    Rpc { service: "fray.v1.Rules", method: "ListRulesets", index: 4 },
    Rpc { service: "fray.v1.Rules", method: "ResolveStrikeBatch", index: 5 },
    Rpc { service: "fray.v1.Rules", method: "ApplyActionBatch", index: 6 },
    Rpc { service: "fray.v1.Rules", method: "Play", index: 7 },
    Rpc { service: "fray.v1.Agent", method: "ChooseAction", index: 8 },
    Rpc { service: "grpc.health.v1.Health", method: "Check", index: 9 },
    Rpc { service: "grpc.health.v1.Health", method: "Watch", index: 10 },
    Rpc { service: "grpc.reflection.v1.ServerReflection", method: "ServerReflectionInfo", index: 11 },
    Rpc { service: "grpc.reflection.v1alpha.ServerReflection", method: "ServerReflectionInfo", index: 12 },
];

impl Rpc {
    /// A path that names no RPC of this server.
    pub const UNKNOWN: Rpc = Rpc { service: "unknown", method: "unknown", index: KNOWN.len() };

    /// The RPC an HTTP/2 path (`/fray.v1.Rules/ResolveStrike`) calls.
    pub fn from_path(path: &str) -> Rpc {
        let Some((service, method)) = path.strip_prefix('/').and_then(|p| p.split_once('/')) else {
            return Rpc::UNKNOWN;
        };
        Rpc::of(service, method)
    }

    /// The RPC `method` of `service` (`fray.v1.Rules`, `ResolveStrike`).
    pub fn of(service: &str, method: &str) -> Rpc {
        KNOWN.iter().find(|r| r.service == service && r.method == method).copied().unwrap_or(Rpc::UNKNOWN)
    }
}

/// The name Go's gRPC gives a status code (what dashboards for
/// `grpc_server_handled_total` expect).
pub fn code_name(code: tonic::Code) -> &'static str {
    use tonic::Code as C;
    match code {
        C::Ok => "OK",
        C::Cancelled => "Canceled",
        C::Unknown => "Unknown",
        C::InvalidArgument => "InvalidArgument",
        C::DeadlineExceeded => "DeadlineExceeded",
        C::NotFound => "NotFound",
        C::AlreadyExists => "AlreadyExists",
        C::PermissionDenied => "PermissionDenied",
        C::ResourceExhausted => "ResourceExhausted",
        C::FailedPrecondition => "FailedPrecondition",
        C::Aborted => "Aborted",
        C::OutOfRange => "OutOfRange",
        C::Unimplemented => "Unimplemented",
        C::Internal => "Internal",
        C::Unavailable => "Unavailable",
        C::DataLoss => "DataLoss",
        C::Unauthenticated => "Unauthenticated",
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Hash, EncodeLabelSet)]
struct MethodLabels {
    grpc_service: &'static str,
    grpc_method: &'static str,
}

#[derive(Debug, Clone, PartialEq, Eq, Hash, EncodeLabelSet)]
struct HandledLabels {
    grpc_service: &'static str,
    grpc_method: &'static str,
    grpc_code: &'static str,
}

fn method_labels(rpc: Rpc) -> MethodLabels {
    MethodLabels { grpc_service: rpc.service, grpc_method: rpc.method }
}

fn latency_histogram() -> Histogram {
    // 25 µs to about 26 s: a Rules call takes microseconds, a search up to the
    // request timeout.
    Histogram::new(exponential_buckets(25e-6, 2.0, 21))
}

/// The server's metrics, shared by every connection (cheap to clone).
#[derive(Clone)]
pub struct Metrics {
    inner: Arc<Inner>,
}

struct Inner {
    registry: Registry,
    started: Family<MethodLabels, Counter>,
    handled: Family<HandledLabels, Counter>,
    seconds: Family<MethodLabels, Histogram, fn() -> Histogram>,
    in_flight: Family<MethodLabels, Gauge>,
    items: Family<HandledLabels, Counter>,
    playouts: Counter,
    connections: Gauge,
    connections_refused: Counter,
    /// Each RPC's series, looked up in the families once, at its first call (so an RPC
    /// never called shows no series); a call then touches no lock or hash map.
    series: Vec<OnceLock<RpcSeries>>,
}

/// The series of one RPC (handles onto the families' metrics).
struct RpcSeries {
    started: Counter,
    in_flight: Gauge,
    seconds: Histogram,
    /// By status code (`tonic::Code as usize`), each made at its first use.
    handled: [OnceLock<Counter>; CODES],
    /// Items answered (batch and stream RPCs), by status code, each made at its first
    /// use.
    items: [OnceLock<Counter>; CODES],
}

/// Items answered by one call, by status code ([`Metrics::items`]).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ItemCodes([u64; CODES]);

impl ItemCodes {
    /// One item more answered with `code`.
    pub fn add(&mut self, code: tonic::Code) {
        if let Some(n) = self.0.get_mut(code as usize) {
            *n += 1;
        }
    }
}

/// gRPC status codes: 0 (OK) to 16 (UNAUTHENTICATED).
const CODES: usize = 17;

impl std::fmt::Debug for Metrics {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Metrics").finish_non_exhaustive()
    }
}

impl Default for Metrics {
    fn default() -> Self {
        Self::new()
    }
}

impl Metrics {
    /// A fresh registry with every metric at zero.
    pub fn new() -> Self {
        let mut registry = Registry::default();
        let started = Family::<MethodLabels, Counter>::default();
        let handled = Family::<HandledLabels, Counter>::default();
        let seconds = Family::<MethodLabels, Histogram, fn() -> Histogram>::new_with_constructor(latency_histogram);
        let in_flight = Family::<MethodLabels, Gauge>::default();
        let items = Family::<HandledLabels, Counter>::default();
        let playouts = Counter::default();
        let connections = Gauge::default();
        let connections_refused = Counter::default();
        registry.register("grpc_server_started", "RPCs started on the server", started.clone());
        registry.register("grpc_server_handled", "RPCs completed on the server, by status code", handled.clone());
        registry.register(
            "grpc_server_handling_seconds",
            "Time from a call's arrival to its last byte (status sent)",
            seconds.clone(),
        );
        registry.register("fray_server_in_flight", "Calls started and not yet answered", in_flight.clone());
        registry.register(
            "fray_server_items",
            "Items answered by the batch and stream RPCs (a batch's requests, a stream's messages), by status code",
            items.clone(),
        );
        registry.register("fray_agent_playouts", "MCTS playouts run by ChooseAction searches", playouts.clone());
        registry.register("fray_server_connections", "Connections open on the gRPC port", connections.clone());
        registry.register(
            "fray_server_connections_refused",
            "Connections to the gRPC port closed at once because --max-connections were open",
            connections_refused.clone(),
        );
        let series = (0..=KNOWN.len()).map(|_| OnceLock::new()).collect();
        let inner = Inner {
            registry,
            started,
            handled,
            seconds,
            in_flight,
            items,
            playouts,
            connections,
            connections_refused,
            series,
        };
        Self { inner: Arc::new(inner) }
    }

    fn series(&self, rpc: Rpc) -> Option<&RpcSeries> {
        let slot = self.inner.series.get(rpc.index)?;
        Some(slot.get_or_init(|| {
            let labels = method_labels(rpc);
            RpcSeries {
                started: self.inner.started.get_or_create(&labels).clone(),
                in_flight: self.inner.in_flight.get_or_create(&labels).clone(),
                seconds: self.inner.seconds.get_or_create(&labels).clone(),
                handled: std::array::from_fn(|_| OnceLock::new()),
                items: std::array::from_fn(|_| OnceLock::new()),
            }
        }))
    }

    /// A call of `rpc` arrived.
    pub fn started(&self, rpc: Rpc) {
        if let Some(series) = self.series(rpc) {
            series.started.inc();
            series.in_flight.inc();
        }
    }

    /// A call of `rpc` ended with `code` after `seconds`.
    pub fn handled(&self, rpc: Rpc, code: tonic::Code, seconds: f64) {
        let Some(series) = self.series(rpc) else { return };
        series.in_flight.dec();
        series.seconds.observe(seconds);
        let Some(slot) = series.handled.get(code as usize) else { return };
        let counter = slot.get_or_init(|| {
            let labels =
                HandledLabels { grpc_service: rpc.service, grpc_method: rpc.method, grpc_code: code_name(code) };
            self.inner.handled.get_or_create(&labels).clone()
        });
        counter.inc();
    }

    /// A call of `rpc` answered the items `codes` counts.
    pub fn items(&self, rpc: Rpc, codes: &ItemCodes) {
        for (&n, code) in codes.0.iter().zip(0..) {
            if n > 0 {
                self.items_of(rpc, tonic::Code::from_i32(code), n);
            }
        }
    }

    /// A call of `rpc` answered one item with `code`.
    pub fn item(&self, rpc: Rpc, code: tonic::Code) {
        self.items_of(rpc, code, 1);
    }

    fn items_of(&self, rpc: Rpc, code: tonic::Code, n: u64) {
        let Some(series) = self.series(rpc) else { return };
        let Some(slot) = series.items.get(code as usize) else { return };
        let counter = slot.get_or_init(|| {
            let labels =
                HandledLabels { grpc_service: rpc.service, grpc_method: rpc.method, grpc_code: code_name(code) };
            self.inner.items.get_or_create(&labels).clone()
        });
        counter.inc_by(n);
    }

    /// A search ran `n` playouts.
    pub fn playouts(&self, n: u64) {
        self.inner.playouts.inc_by(n);
    }

    /// The gauge of connections open on the gRPC port ([`crate::connections`] keeps it).
    pub fn connections(&self) -> Gauge {
        self.inner.connections.clone()
    }

    /// A connection was refused: `--max-connections` were open.
    pub fn connection_refused(&self) {
        self.inner.connections_refused.inc();
    }

    /// Every metric in the OpenMetrics text format.
    pub fn render(&self) -> String {
        let mut text = String::new();
        if prometheus_client::encoding::text::encode(&mut text, &self.inner.registry).is_err() {
            // Writing to a String cannot fail; should an encoder fail anyway, say so
            // in the text rather than serve half of it as if whole.
            text.clear();
            let _ = writeln!(text, "# the metrics could not be encoded\n# EOF");
        }
        text
    }
}

/// The content type of [`Metrics::render`]'s text.
pub const CONTENT_TYPE: &str = "application/openmetrics-text; version=1.0.0; charset=utf-8";

/// Serves `GET /metrics` over HTTP/1.1 on `listener` until `shutdown` resolves.
///
/// A connection with no scrape in flight for `idle` (`None`: never) is closed, as on
/// the gRPC ports ([`crate::idle`]): scrapers reconnect, and idle or half-open peers
/// hold no memory.
pub async fn serve_http(
    listener: TcpListener,
    metrics: Metrics,
    idle: Option<std::time::Duration>,
    shutdown: impl std::future::Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    let app = axum::Router::new()
        .route(
            "/metrics",
            axum::routing::get(move || {
                let metrics = metrics.clone();
                async move { ([(http::header::CONTENT_TYPE, CONTENT_TYPE)], metrics.render()) }
            }),
        )
        .layer(crate::idle::IdleLayer);
    let stopping = crate::idle::Stopping::default();
    let listener = crate::idle::IdleListener::new(listener, idle, stopping.clone());
    let shutdown = async move {
        shutdown.await;
        stopping.stop();
    };
    axum::serve(listener, app.into_make_service_with_connect_info::<crate::idle::ConnActivity>())
        .with_graceful_shutdown(shutdown)
        .await
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn paths_map_to_known_rpcs_and_anything_else_to_unknown() {
        assert_eq!(Rpc::from_path("/fray.v1.Rules/ResolveStrike").method, "ResolveStrike");
        assert_eq!(Rpc::from_path("/grpc.health.v1.Health/Check").service, "grpc.health.v1.Health");
        assert_eq!(Rpc::from_path("/fray.v1.Rules/Play").method, "Play");
        for odd in ["", "/", "/fray.v1.Rules", "/fray.v1.Rules/Nope", "/x/y/z", "fray.v1.Rules/ResolveStrike"] {
            assert_eq!(Rpc::from_path(odd), Rpc::UNKNOWN, "{odd:?}");
        }
    }

    #[test]
    fn a_handled_call_is_counted_by_code_and_leaves_nothing_in_flight() {
        let metrics = Metrics::new();
        let rpc = Rpc::from_path("/fray.v1.Rules/ResolveStrike");
        metrics.started(rpc);
        metrics.started(rpc);
        metrics.handled(rpc, tonic::Code::Ok, 0.0001);
        let text = metrics.render();
        assert!(
            text.contains(r#"fray_server_in_flight{grpc_service="fray.v1.Rules",grpc_method="ResolveStrike"} 1"#),
            "{text}"
        );
        metrics.handled(rpc, tonic::Code::InvalidArgument, 0.0002);
        metrics.playouts(1500);
        let batch = Rpc::from_path("/fray.v1.Rules/ResolveStrikeBatch");
        let mut codes = ItemCodes::default();
        for code in [tonic::Code::Ok, tonic::Code::Ok, tonic::Code::FailedPrecondition] {
            codes.add(code);
        }
        metrics.items(batch, &codes);
        metrics.items(batch, &codes);
        let text = metrics.render();
        for line in [
            r#"grpc_server_started_total{grpc_service="fray.v1.Rules",grpc_method="ResolveStrike"} 2"#,
            r#"grpc_server_handled_total{grpc_service="fray.v1.Rules",grpc_method="ResolveStrike",grpc_code="OK"} 1"#,
            r#"grpc_server_handled_total{grpc_service="fray.v1.Rules",grpc_method="ResolveStrike",grpc_code="InvalidArgument"} 1"#,
            r#"grpc_server_handling_seconds_count{grpc_service="fray.v1.Rules",grpc_method="ResolveStrike"} 2"#,
            r#"fray_server_in_flight{grpc_service="fray.v1.Rules",grpc_method="ResolveStrike"} 0"#,
            "fray_agent_playouts_total 1500",
            r#"fray_server_items_total{grpc_service="fray.v1.Rules",grpc_method="ResolveStrikeBatch",grpc_code="OK"} 4"#,
            r#"fray_server_items_total{grpc_service="fray.v1.Rules",grpc_method="ResolveStrikeBatch",grpc_code="FailedPrecondition"} 2"#,
        ] {
            assert!(text.lines().any(|l| l == line), "missing {line}\n{text}");
        }
        assert!(text.ends_with("# EOF\n"), "{text}");
    }
}
