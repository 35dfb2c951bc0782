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
use crate::health_port::Listeners;
use crate::metrics::Metrics;
pub use crate::option_error::OptionsError;
use crate::seal::SealKeys;
use crate::server::{ServeError, ServerConfig, serve_with_metrics};
use crate::tls::ServerTls;

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
    /// Threads one ChooseAction search may use when it is the only one in flight
    /// (default: the cores); searches in flight share them. Answers do not depend on it.
    #[arg(long, default_value_t = AgentLimits::default().threads, value_name = "N")]
    pub agent_threads: usize,
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
    /// A file of keys that seal and open the states answered for one seat (docs/api.md,
    /// "Views and sealed states"): one `ID BASE64` line per key (32 bytes; e.g. `echo
    /// "k1 $(head -c 32 /dev/urandom | base64)"`), `#` comments; the last line seals,
    /// every line opens, so keys rotate by adding a line and later removing the old one.
    /// Replicas that share a client must share the file. Without it, a random key for
    /// this process alone.
    #[arg(long, env = "FRAY_SEAL_KEY_FILE", value_name = "PATH")]
    pub seal_key_file: Option<PathBuf>,
    /// Serve Prometheus metrics at http://ADDR/metrics (e.g. 0.0.0.0:9090; port 0
    /// picks a free port, printed). Off without it.
    #[arg(long, env = "FRAY_METRICS_LISTEN", value_name = "ADDR")]
    pub metrics_listen: Option<String>,
    /// Serve over TLS with this PEM certificate chain (the server's own certificate
    /// first); needs --tls-key. Without it the server speaks plaintext (h2c).
    #[arg(long, env = "FRAY_TLS_CERT", value_name = "PATH")]
    pub tls_cert: Option<PathBuf>,
    /// The PEM private key of --tls-cert's certificate (PKCS#8, RSA or EC).
    #[arg(long, env = "FRAY_TLS_KEY", value_name = "PATH")]
    pub tls_key: Option<PathBuf>,
    /// Mutual TLS: refuse clients that do not present a certificate signed by a CA in
    /// this PEM file. Needs --tls-cert.
    #[arg(long, env = "FRAY_TLS_CLIENT_CA", value_name = "PATH")]
    pub tls_client_ca: Option<PathBuf>,
    /// Also serve grpc.health.v1.Health alone, in plaintext, on this address (for
    /// probes that cannot speak TLS, such as Kubernetes' gRPC probes); its bound
    /// address is printed on the line after the main one.
    #[arg(long, env = "FRAY_HEALTH_LISTEN", value_name = "ADDR")]
    pub health_listen: Option<String>,
    /// How long a client connection may live, in seconds: then the client is sent a
    /// GOAWAY, its calls in flight finish, and it reconnects for the next ones (and so
    /// resolves a headless Service's name again and finds new pods). 0: for ever. A
    /// call a client sends as the GOAWAY arrives fails (tonic: INTERNAL "h2 protocol
    /// error") without reaching the server; clients should retry it.
    #[arg(long, default_value_t = secs(ServerConfig::default().max_connection_age), value_name = "SECS")]
    pub max_connection_age_secs: u64,
    /// After a connection's maximum age, how long its calls may take to finish before it
    /// is closed under them, in seconds; more than 0 (with an age). Keep it at least
    /// --request-timeout-ms, so that no call is cut.
    #[arg(long, default_value_t = ServerConfig::default().max_connection_age_grace.as_secs(), value_name = "SECS")]
    pub max_connection_age_grace_secs: u64,
    /// Streams one HTTP/2 connection may have open at once (advertised to the client in
    /// SETTINGS_MAX_CONCURRENT_STREAMS); with --max-message-bytes it bounds the request
    /// bytes one connection can hold. More than 0.
    #[arg(long, default_value_t = ServerConfig::default().max_concurrent_streams, value_name = "N")]
    pub max_concurrent_streams: u32,
    /// A connection with no call in flight for this long is closed, in seconds (idle
    /// clients, half-open connections). 0: never.
    #[arg(long, default_value_t = secs(ServerConfig::default().idle_timeout), value_name = "SECS")]
    pub idle_timeout_secs: u64,
    /// How often the server sends each connection an HTTP/2 PING, in seconds; a peer
    /// that does not answer within 20 s is disconnected and its calls end. 0: never.
    #[arg(long, default_value_t = secs(ServerConfig::default().http2_keepalive), value_name = "SECS")]
    pub http2_keepalive_secs: u64,
    /// The request bytes the calls of one connection may hold while they are being
    /// received (stalled or slow streams); a call past it answers RESOURCE_EXHAUSTED.
    /// At least --max-message-bytes.
    #[arg(long, default_value_t = ServerConfig::default().max_connection_request_bytes, value_name = "BYTES")]
    pub max_connection_request_bytes: usize,
    /// The request bytes the calls of all connections together may hold while they are
    /// being received (many connections of stalled streams); a call past it answers
    /// RESOURCE_EXHAUSTED. At least --max-connection-request-bytes.
    #[arg(long, default_value_t = ServerConfig::default().max_request_bytes, value_name = "BYTES")]
    pub max_request_bytes: usize,
    /// Connections the gRPC port holds at once; one more is closed at once (a GOAWAY
    /// over plaintext) and counted in fray_server_connections_refused_total. With the
    /// request budgets it bounds the server's memory. More than 0.
    #[arg(long, default_value_t = ServerConfig::default().max_connections, value_name = "N")]
    pub max_connections: usize,
    /// Requests one ResolveStrikeBatch or ApplyActionBatch call may carry; a bigger
    /// batch answers INVALID_ARGUMENT at `requests`. More than 0.
    #[arg(long, default_value_t = ServerConfig::default().max_batch_items, value_name = "N")]
    pub max_batch_items: usize,
    /// Messages one Play stream may carry; the next one ends the stream with
    /// RESOURCE_EXHAUSTED (the client opens a new one). More than 0.
    #[arg(long, default_value_t = ServerConfig::default().max_stream_messages, value_name = "N")]
    pub max_stream_messages: u64,
    /// How long a Play stream may wait for its next message, in seconds; then it ends
    /// with RESOURCE_EXHAUSTED. 0: for ever.
    #[arg(long, default_value_t = secs(ServerConfig::default().stream_idle_timeout), value_name = "SECS")]
    pub stream_idle_timeout_secs: u64,
}

fn millis(d: Duration) -> u64 {
    u64::try_from(d.as_millis()).unwrap_or(u64::MAX)
}

/// Seconds of an optional duration, 0 for none.
fn secs(d: Option<Duration>) -> u64 {
    d.map_or(0, |d| d.as_secs())
}

/// The text of the file `path` that `flag` names, or why it cannot be read.
fn read_flag_file(flag: &'static str, path: &std::path::Path) -> Result<String, OptionsError> {
    std::fs::read_to_string(path).map_err(|source| OptionsError::Unreadable {
        flag,
        path: path.display().to_string(),
        source,
    })
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
        if self.max_connection_age_secs > 0 && self.max_connection_age_grace_secs == 0 {
            return Err(OptionsError::Invalid {
                flag: "--max-connection-age-grace-secs",
                why: "must be more than 0: the calls in flight need time to finish".into(),
            });
        }
        if self.max_connection_request_bytes < self.max_message_bytes {
            return Err(OptionsError::Invalid {
                flag: "--max-connection-request-bytes",
                why: "must be at least --max-message-bytes, or no request that large could arrive".into(),
            });
        }
        if self.max_request_bytes < self.max_connection_request_bytes {
            return Err(OptionsError::Invalid {
                flag: "--max-request-bytes",
                why: "must be at least --max-connection-request-bytes, or one connection could not use its budget"
                    .into(),
            });
        }
        if self.max_connections == 0 {
            return Err(OptionsError::Invalid { flag: "--max-connections", why: "must be more than 0".into() });
        }
        if self.max_concurrent_streams == 0 {
            return Err(OptionsError::Invalid { flag: "--max-concurrent-streams", why: "must be more than 0".into() });
        }
        if self.max_batch_items == 0 {
            return Err(OptionsError::Invalid { flag: "--max-batch-items", why: "must be more than 0".into() });
        }
        if self.max_stream_messages == 0 {
            return Err(OptionsError::Invalid { flag: "--max-stream-messages", why: "must be more than 0".into() });
        }
        let agent_token = match &self.agent_token_file {
            None => None,
            Some(path) => {
                let text = read_flag_file("--agent-token-file", path)?;
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
        let seal_keys = match &self.seal_key_file {
            None => None,
            Some(path) => Some(SealKeys::parse(&read_flag_file("--seal-key-file", path)?).map_err(|e| {
                OptionsError::Invalid { flag: "--seal-key-file", why: format!("{}: {e}", path.display()) }
            })?),
        };
        let tls = self.tls()?;
        Ok(ServerConfig {
            max_message_bytes: self.max_message_bytes,
            drain_timeout: Duration::from_secs(self.drain_timeout_secs),
            agent: AgentLimits {
                max_playouts: self.agent_max_playouts,
                max_time: Duration::from_millis(self.agent_max_time_ms),
                threads: self.agent_threads,
                ..AgentLimits::default()
            },
            concurrency: ConcurrencyLimits { rules: self.max_concurrent_rules, agent: self.max_concurrent_agent },
            request_timeout: Duration::from_millis(self.request_timeout_ms),
            agent_token,
            tls,
            max_connection_age: (self.max_connection_age_secs > 0)
                .then(|| Duration::from_secs(self.max_connection_age_secs)),
            max_connection_age_grace: Duration::from_secs(self.max_connection_age_grace_secs),
            max_concurrent_streams: self.max_concurrent_streams,
            idle_timeout: (self.idle_timeout_secs > 0).then(|| Duration::from_secs(self.idle_timeout_secs)),
            http2_keepalive: (self.http2_keepalive_secs > 0).then(|| Duration::from_secs(self.http2_keepalive_secs)),
            max_connection_request_bytes: self.max_connection_request_bytes,
            max_request_bytes: self.max_request_bytes,
            max_connections: self.max_connections,
            seal_keys,
            sealed_deals_from_seed: false,
            max_batch_items: self.max_batch_items,
            max_stream_messages: self.max_stream_messages,
            stream_idle_timeout: (self.stream_idle_timeout_secs > 0)
                .then(|| Duration::from_secs(self.stream_idle_timeout_secs)),
        })
    }

    /// The TLS settings `--tls-cert`, `--tls-key` and `--tls-client-ca` name, read and
    /// checked; `None` for plaintext.
    fn tls(&self) -> Result<Option<ServerTls>, OptionsError> {
        match (&self.tls_cert, &self.tls_key) {
            (Some(cert), Some(key)) => ServerTls::load(cert, key, self.tls_client_ca.as_deref()).map(Some),
            (Some(_), None) => Err(OptionsError::Invalid {
                flag: "--tls-cert",
                why: "needs --tls-key, the certificate's private key".into(),
            }),
            (None, Some(_)) => Err(OptionsError::Invalid {
                flag: "--tls-key",
                why: "needs --tls-cert, the certificate it is the key of".into(),
            }),
            (None, None) if self.tls_client_ca.is_some() => Err(OptionsError::Invalid {
                flag: "--tls-client-ca",
                why: "needs --tls-cert and --tls-key: client certificates are checked only over TLS".into(),
            }),
            (None, None) => Ok(None),
        }
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
/// Once listening it prints `fray-server listening on ADDR` on stdout, then a line for
/// each other port (`--health-listen`: `fray-server health (plaintext) listening on
/// ADDR`; `--metrics-listen`: `metrics on http://ADDR/metrics`), so a script that
/// started it with port 0 can read the ports. Health and metrics stay up while calls
/// drain.
pub async fn run(options: &ServerOptions) -> Result<(), RunError> {
    let config = options.config()?;
    options.init_logging();
    // Handlers first, so a signal right after the address is printed is not lost.
    let shutdown = shutdown_signal().map_err(RunError::Signals)?;
    let grpc = bind("--listen", &options.listen).await?;
    let health = match &options.health_listen {
        Some(addr) => Some(bind("--health-listen", addr).await?),
        None => None,
    };
    let metrics = match &options.metrics_listen {
        Some(addr) => Some(bind("--metrics-listen", addr).await?),
        None => None,
    };
    let listeners = Listeners { grpc, health, metrics };
    let addr = listeners.grpc.local_addr().map_or_else(|_| options.listen.clone(), |a| a.to_string());
    let tls = match &config.tls {
        None => "off",
        Some(tls) if tls.requires_client_certificate() => "mutual (client certificates required)",
        Some(_) => "on",
    };
    info!(addr = %addr, tls, "listening on {addr}");
    // One write, so whoever started the server reads every port at once.
    let mut announcement = format!("fray-server listening on {addr}\n");
    for line in [listeners.health_line(), listeners.metrics_line()].into_iter().flatten() {
        info!("{line}");
        announcement.push_str(&line);
        announcement.push('\n');
    }
    let mut stdout = std::io::stdout();
    let _ = std::io::Write::write_all(&mut stdout, announcement.as_bytes());
    let _ = std::io::Write::flush(&mut stdout);
    Ok(serve_with_metrics(listeners, config, Metrics::new(), shutdown).await?)
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
    #[test]
    fn a_connection_age_is_off_by_default_or_at_0_and_a_grace_of_0_is_refused() {
        assert_eq!(parse(&[]).config().unwrap().max_connection_age, None);
        let config = parse(&["--max-connection-age-secs", "0"]).config().unwrap();
        assert_eq!(config.max_connection_age, None);
        let config =
            parse(&["--max-connection-age-secs", "120", "--max-connection-age-grace-secs", "45"]).config().unwrap();
        assert_eq!(config.max_connection_age, Some(Duration::from_secs(120)));
        assert_eq!(config.max_connection_age_grace, Duration::from_secs(45));
        let err =
            parse(&["--max-connection-age-secs", "60", "--max-connection-age-grace-secs", "0"]).config().unwrap_err();
        assert!(err.to_string().starts_with("--max-connection-age-grace-secs: must be more than 0"), "{err}");
        // Without an age there is no grace to give.
        assert!(parse(&["--max-connection-age-grace-secs", "0"]).config().is_ok());
    }

    #[test]
    fn a_seal_key_file_is_read_and_a_bad_one_names_the_flag_and_the_line() {
        let dir = std::env::temp_dir().join(format!("fray-seal-options-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let good = dir.join("keys");
        let key = "AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=";
        std::fs::write(&good, format!("# rotated on the 27th\nold {key}\nnew {key}\n")).unwrap();
        let keys = parse(&["--seal-key-file", good.to_str().unwrap()]).config().unwrap().seal_keys.unwrap();
        assert_eq!(keys.ids().collect::<Vec<_>>(), ["old", "new"]);
        let bad = dir.join("bad-keys");
        std::fs::write(&bad, format!("old {key}\nnew c2hvcnQ=\n")).unwrap();
        let err = parse(&["--seal-key-file", bad.to_str().unwrap()]).config().unwrap_err().to_string();
        assert!(err.starts_with("--seal-key-file: ") && err.contains("line 2: the key must be 32 bytes"), "{err}");
        assert!(!err.contains(key), "a key is never written out: {err}");
        let missing = parse(&["--seal-key-file", dir.join("none").to_str().unwrap()]).config().unwrap_err();
        assert!(missing.to_string().contains("cannot read it"), "{missing}");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn the_request_byte_budgets_must_nest() {
        let err = parse(&["--max-connection-request-bytes", "1000"]).config().unwrap_err();
        assert!(err.to_string().starts_with("--max-connection-request-bytes: must be at least"), "{err}");
        let err = parse(&["--max-request-bytes", "1048576"]).config().unwrap_err();
        assert!(err.to_string().starts_with("--max-request-bytes: must be at least --max-connection"), "{err}");
        let config = parse(&["--max-connection-request-bytes", "2097152", "--max-request-bytes", "2097152"]).config();
        assert_eq!(config.unwrap().max_request_bytes, 2 * 1024 * 1024);
    }

    #[test]
    fn the_batch_and_stream_limits_are_flags_and_zero_items_or_messages_are_refused() {
        let config =
            parse(&["--max-batch-items", "64", "--max-stream-messages", "10", "--stream-idle-timeout-secs", "0"])
                .config()
                .unwrap();
        assert_eq!(
            config.rules_limits(),
            crate::RulesLimits {
                max_batch_items: 64,
                max_stream_messages: 10,
                stream_idle_timeout: None,
                max_message_bytes: ServerConfig::default().max_message_bytes
            }
        );
        for flag in ["--max-batch-items", "--max-stream-messages"] {
            let err = parse(&[flag, "0"]).config().unwrap_err();
            assert_eq!(err.to_string(), format!("{flag}: must be more than 0"));
        }
    }
}
