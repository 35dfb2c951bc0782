//! Fray's gRPC server: the stateless `fray.v1` Rules service (and, later, the Agent)
//! over fray-core, with health checks and server reflection.
//!
//! [`convert`] is the only place that maps protobuf messages to the core's plain
//! input and back; [`status`] maps core errors to gRPC statuses; [`rules`] and
//! [`agent`] are the handlers; [`server::serve`] puts them on a listener.
//!
//! ```no_run
//! # async fn run() -> Result<(), Box<dyn std::error::Error>> {
//! let listener = tokio::net::TcpListener::bind("127.0.0.1:50051").await?;
//! let shutdown = async { let _ = tokio::signal::ctrl_c().await; };
//! fray_service::serve(listener, fray_service::ServerConfig::default(), shutdown).await?;
//! # Ok(()) }
//! ```
#![forbid(unsafe_code)]

pub mod agent;
pub mod batch;
pub mod connection_age;
pub mod connections;
pub mod convert;
pub mod framing;
pub mod gate;
pub mod handlers;
pub mod health_port;
pub mod idle;
pub mod metrics;
pub mod observe;
pub mod option_error;
pub mod options;
pub mod play;
pub mod remote;
pub mod rules;
pub mod rules_limits;
pub mod seal;
pub mod search_sizes;
pub mod search_stop;
pub mod server;
pub mod status;
pub mod status_size;
pub mod tls;
pub mod words;
pub mod write_batching;

pub use agent::{AgentLimits, AgentService};
pub use gate::{ConcurrencyLimits, Gate};
pub use health_port::Listeners;
pub use metrics::Metrics;
pub use rules::RulesService;
pub use rules_limits::RulesLimits;
pub use server::{ServeError, ServerConfig, serve, serve_with_metrics};
