//! The server's command-line options, shared by `fray-server` and `fray serve` so the
//! two take the same flags, and running a server from them ([`run`]): logging, the
//! shutdown signal, the listeners.

use std::path::PathBuf;
use std::time::Duration;

use clap::{Args, ValueEnum};
use thiserror::Error;
use tracing::info;
use tracing_subscriber::EnvFilter;

use tokio::net::TcpListener;

use crate::agent::AgentLimits;
use crate::gate::ConcurrencyLimits;
use crate::metrics::{self, Metrics};
use crate::server::{ServeError, ServerConfig, serve_with_metrics};

/// The address a server listens on unless told otherwise.
pub const DEFAULT_LISTEN: &str = "127.0.0.1:50051";

/// Log line format.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum LogFormat {
    /// Human-readable lines.
    Text,
    /// One JSON object per line (for a log collector).
    Json,
}

/// How a server is run: where it listens, how it logs, and every limit.
#[derive(Debug, Clone, Args)]
pub struct ServerOptions {
    /// Address to listen on; port 0 picks a free port (the bound address is printed).
    #[arg(long, env = "FRAY_LISTEN", default_value = DEFAULT_LISTEN, value_name = "ADDR")]
    pub listen: String,
    /// Log format (the level comes from RUST_LOG, default `info`). Logs go to stderr.
    #[arg(long, value_enum, default_value_t = LogFormat::Text)]
    pub log_format: LogFormat,
    /// Largest request or response message, in bytes.
    #[arg(long, default_value_t = ServerConfig::default().max_message_bytes, value_name = "BYTES")]
    pub max_message_bytes: usize,
    /// On SIGINT/SIGTERM, how long in-flight calls may take to finish, in seconds.
    #[arg(long, default_value_t = ServerConfig::default().drain_timeout.as_secs(), value_name = "SECS")]
    pub drain_timeout_secs: u64,
    /// The most MCTS playouts one ChooseAction call may run.
    #[arg(long, default_value_t = AgentLimits::default().max_playouts, value_name = "N")]
    pub agent_max_playouts: u32,
    /// The longest one ChooseAction search may run, in milliseconds.
    #[arg(long, default_value_t = millis(AgentLimits::default().max_time), value_name = "MS")]
    pub agent_max_time_ms: u64,
    /// Calls of each Rules RPC in flight at most; one more answers RESOURCE_EXHAUSTED.
    #[arg(long, default_value_t = ConcurrencyLimits::default().rules, value_name = "N")]
    pub max_concurrent_rules: usize,
    /// ChooseAction searches in flight at most (default: the cores); one more answers
    /// RESOURCE_EXHAUSTED at once rather than queue.
    #[arg(long, default_value_t = ConcurrencyLimits::default().agent, value_name = "N")]
    pub max_concurrent_agent: usize,
    /// The longest any call may take, in milliseconds; past it the call answers
    /// CANCELLED ("Timeout expired").
    #[arg(long, default_value_t = millis(ServerConfig::default().request_timeout), value_name = "MS")]
    pub request_timeout_ms: u64,
    /// A file holding a token that every Agent call must present as
    /// `authorization: Bearer <token>` (surrounding whitespace ignored). Without it the
    /// Agent is open, like the Rules service always is.
    #[arg(long, env = "FRAY_AGENT_TOKEN_FILE", value_name = "PATH")]
    pub agent_token_file: Option<PathBuf>,
    /// Serve Prometheus metrics at http://ADDR/metrics (e.g. 0.0.0.0:9090; port 0
    /// picks a free port, printed). Off without it.
    #[arg(long, env = "FRAY_METRICS_LISTEN", value_name = "ADDR")]
    pub metrics_listen: Option<String>,
}

fn millis(d: Duration) -> u64 {
    u64::try_from(d.as_millis()).unwrap_or(u64::MAX)
}

/// An option that cannot be used, named with the flag.
#[derive(Debug, Error)]
pub enum OptionsError {
    /// A flag's value is out of its range.
    #[error("{flag}: {why}")]
    Invalid {
        /// The flag, e.g. `--request-timeout-ms`.
        flag: &'static str,
        /// What is wrong with its value.
        why: String,
    },
    /// A file a flag names could not be read.
    #[error("{flag} {path}: cannot read it: {source}")]
    Unreadable {
        /// The flag.
        flag: &'static str,
        /// The file.
        path: String,
        /// Why.
        source: std::io::Error,
    },
}

impl ServerOptions {
    /// The server's configuration, with every file the options name read and every
    /// value checked.
    pub fn config(&self) -> Result<ServerConfig, OptionsError> {
        if self.request_timeout_ms == 0 {
            return Err(OptionsError::Invalid { flag: "--request-timeout-ms", why: "must be more than 0".into() });
        }
        if self.max_message_bytes == 0 {
            return Err(OptionsError::Invalid { flag: "--max-message-bytes", why: "must be more than 0".into() });
        }
        let agent_token = match &self.agent_token_file {
            None => None,
            Some(path) => {
                let text = std::fs::read_to_string(path).map_err(|source| OptionsError::Unreadable {
                    flag: "--agent-token-file",
                    path: path.display().to_string(),
                    source,
                })?;
                let token = text.trim();
                if token.is_empty() {
                    return Err(OptionsError::Invalid {
                        flag: "--agent-token-file",
                        why: format!("{}: the file is empty", path.display()),
                    });
                }
                Some(token.to_owned())
            }
        };
        Ok(ServerConfig {
            max_message_bytes: self.max_message_bytes,
            drain_timeout: Duration::from_secs(self.drain_timeout_secs),
            agent: AgentLimits {
                max_playouts: self.agent_max_playouts,
                max_time: Duration::from_millis(self.agent_max_time_ms),
                ..AgentLimits::default()
            },
            concurrency: ConcurrencyLimits { rules: self.max_concurrent_rules, agent: self.max_concurrent_agent },
            request_timeout: Duration::from_millis(self.request_timeout_ms),
            agent_token,
        })
    }

    /// Sends the process's logs to stderr in the chosen format, at the level RUST_LOG
    /// names (default `info`). Call it once; a second call changes nothing.
    pub fn init_logging(&self) {
        let filter = EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("info"));
        // Colours only for a person at a terminal, never in collected logs.
        let ansi = std::io::IsTerminal::is_terminal(&std::io::stderr());
        let builder = tracing_subscriber::fmt().with_env_filter(filter).with_writer(std::io::stderr).with_ansi(ansi);
        // A subscriber set already (a test, an embedding program) wins.
        let _ = match self.log_format {
            LogFormat::Text => builder.try_init(),
            LogFormat::Json => builder.json().try_init(),
        };
    }
}

/// Why a server could not run.
#[derive(Debug, Error)]
pub enum RunError {
    /// An option cannot be used.
    #[error(transparent)]
    Options(#[from] OptionsError),
    /// The signal handlers could not be installed.
    #[error("cannot handle signals: {0}")]
    Signals(std::io::Error),
    /// An address could not be listened on.
    #[error("cannot listen on {addr} ({flag}): {source}")]
    Listen {
        /// The flag naming the address.
        flag: &'static str,
        /// The address.
        addr: String,
        /// Why.
        source: std::io::Error,
    },
    /// Serving failed.
    #[error(transparent)]
    Serve(#[from] ServeError),
}

async fn bind(flag: &'static str, addr: &str) -> Result<TcpListener, RunError> {
    TcpListener::bind(addr).await.map_err(|source| RunError::Listen { flag, addr: addr.to_owned(), source })
}

/// Runs a server as `options` say until SIGINT or SIGTERM, then drains and returns.
///
/// Once listening it prints `fray-server listening on ADDR` on stdout (and, with
/// `--metrics-listen`, `metrics on http://ADDR/metrics`), so a script that started it
/// with port 0 can read the ports. The metrics stay up while calls drain.
pub async fn run(options: &ServerOptions) -> Result<(), RunError> {
    let config = options.config()?;
    options.init_logging();
    // Handlers first, so a signal right after the address is printed is not lost.
    let shutdown = shutdown_signal().map_err(RunError::Signals)?;
    let listener = bind("--listen", &options.listen).await?;
    let metrics_listener = match &options.metrics_listen {
        Some(addr) => Some(bind("--metrics-listen", addr).await?),
        None => None,
    };
    let shown = |l: &TcpListener, given: &str| l.local_addr().map_or_else(|_| given.to_owned(), |a| a.to_string());
    let addr = shown(&listener, &options.listen);
    info!(addr = %addr, "listening on {addr}");
    println!("fray-server listening on {addr}");
    let metrics = Metrics::new();
    let (stop_metrics, metrics_stopped) = tokio::sync::oneshot::channel::<()>();
    let metrics_task = metrics_listener.map(|l| {
        let addr = shown(&l, options.metrics_listen.as_deref().unwrap_or_default());
        info!(addr = %addr, "metrics on http://{addr}/metrics");
        println!("metrics on http://{addr}/metrics");
        tokio::spawn(metrics::serve_http(l, metrics.clone(), async {
            let _ = metrics_stopped.await;
        }))
    });
    // A line on stdout is read by whoever started the server; send it now.
    let _ = std::io::Write::flush(&mut std::io::stdout());
    let served = serve_with_metrics(listener, config, metrics, shutdown).await;
    let _ = stop_metrics.send(());
    if let Some(task) = metrics_task
        && tokio::time::timeout(Duration::from_secs(1), task).await.is_err()
    {
        info!("the metrics endpoint did not stop within 1 s; leaving it");
    }
    Ok(served?)
}

/// Resolves on the first SIGINT (Ctrl-C) or SIGTERM (what Kubernetes sends). The
/// handlers are installed when this is called, so a signal that arrives right after
/// binding is not lost.
#[cfg(unix)]
pub fn shutdown_signal() -> std::io::Result<impl std::future::Future<Output = ()> + Send + 'static> {
    use tokio::signal::unix::{SignalKind, signal};
    let mut interrupt = signal(SignalKind::interrupt())?;
    let mut terminate = signal(SignalKind::terminate())?;
    Ok(async move {
        let name = tokio::select! {
            _ = interrupt.recv() => "SIGINT",
            _ = terminate.recv() => "SIGTERM",
        };
        info!(signal = name, "shutdown requested");
    })
}

/// Resolves on Ctrl-C; without a handler only killing the process stops it.
#[cfg(not(unix))]
pub fn shutdown_signal() -> std::io::Result<impl std::future::Future<Output = ()> + Send + 'static> {
    Ok(async {
        if tokio::signal::ctrl_c().await.is_ok() {
            info!("shutdown requested");
        } else {
            std::future::pending::<()>().await;
        }
    })
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use clap::Parser;

    use super::*;

    #[derive(Debug, Parser)]
    struct Cli {
        #[command(flatten)]
        options: ServerOptions,
    }

    fn parse(args: &[&str]) -> ServerOptions {
        Cli::try_parse_from(std::iter::once("fray-server").chain(args.iter().copied())).unwrap().options
    }

    #[test]
    fn the_defaults_are_the_server_config_defaults() {
        let config = parse(&[]).config().unwrap();
        assert_eq!(config, ServerConfig::default());
    }

    #[test]
    fn a_zero_timeout_or_an_empty_token_file_is_refused_by_flag() {
        let err = parse(&["--request-timeout-ms", "0"]).config().unwrap_err();
        assert_eq!(err.to_string(), "--request-timeout-ms: must be more than 0");
        let dir = std::env::temp_dir().join(format!("fray-options-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let empty = dir.join("empty-token");
        std::fs::write(&empty, "  \n").unwrap();
        let err = parse(&["--agent-token-file", empty.to_str().unwrap()]).config().unwrap_err();
        assert!(err.to_string().starts_with("--agent-token-file: "), "{err}");
        assert!(err.to_string().ends_with("the file is empty"), "{err}");
        let missing = dir.join("missing");
        let err = parse(&["--agent-token-file", missing.to_str().unwrap()]).config().unwrap_err();
        assert!(err.to_string().contains("cannot read it"), "{err}");
        std::fs::write(&empty, " s3cret\n").unwrap();
        let config = parse(&["--agent-token-file", empty.to_str().unwrap()]).config().unwrap();
        assert_eq!(config.agent_token.as_deref(), Some("s3cret"));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
