//! The server's command-line options, shared by `fray-server` and `fray serve` so the
//! two take the same flags, and the process-level pieces both need: logging and the
//! shutdown signal.

use std::path::PathBuf;
use std::time::Duration;

use clap::{Args, ValueEnum};
use thiserror::Error;
use tracing::info;
use tracing_subscriber::EnvFilter;

use crate::agent::AgentLimits;
use crate::gate::ConcurrencyLimits;
use crate::server::ServerConfig;

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
}

fn millis(d: Duration) -> u64 {
    u64::try_from(d.as_millis()).unwrap_or(u64::MAX)
}

/// Seconds of an optional duration, 0 for none.
fn secs(d: Option<Duration>) -> u64 {
    d.map_or(0, |d| d.as_secs())
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
        if self.max_connection_age_secs > 0 && self.max_connection_age_grace_secs == 0 {
            return Err(OptionsError::Invalid {
                flag: "--max-connection-age-grace-secs",
                why: "must be more than 0: the calls in flight need time to finish".into(),
            });
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
            max_connection_age: (self.max_connection_age_secs > 0)
                .then(|| Duration::from_secs(self.max_connection_age_secs)),
            max_connection_age_grace: Duration::from_secs(self.max_connection_age_grace_secs),
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
}
