//! `fray-server`: serves the `fray.v1` Rules and Agent services, health and reflection.
#![forbid(unsafe_code)]

use std::process::ExitCode;
use std::time::Duration;

use clap::{Parser, ValueEnum};
use fray_service::{AgentLimits, ConcurrencyLimits, ServerConfig, serve};
use tracing::{error, info, warn};
use tracing_subscriber::EnvFilter;

/// Log line format.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
enum LogFormat {
    /// Human-readable lines.
    Text,
    /// One JSON object per line.
    Json,
}

/// Fray's stateless gRPC combat-rules server.
#[derive(Debug, Parser)]
#[command(name = "fray-server", version, about)]
struct Args {
    /// Address to listen on; port 0 picks a free port (the bound address is printed).
    #[arg(long, env = "FRAY_LISTEN", default_value = "127.0.0.1:50051", value_name = "ADDR")]
    listen: String,
    /// Log format (the level comes from RUST_LOG, default `info`). Logs go to stderr.
    #[arg(long, value_enum, default_value_t = LogFormat::Text)]
    log_format: LogFormat,
    /// Largest request or response message, in bytes.
    #[arg(long, default_value_t = ServerConfig::default().max_message_bytes, value_name = "BYTES")]
    max_message_bytes: usize,
    /// On SIGINT/SIGTERM, how long in-flight calls may take to finish, in seconds.
    #[arg(long, default_value_t = ServerConfig::default().drain_timeout.as_secs(), value_name = "SECS")]
    drain_timeout_secs: u64,
    /// The most MCTS playouts one ChooseAction call may run.
    #[arg(long, default_value_t = AgentLimits::default().max_playouts, value_name = "N")]
    agent_max_playouts: u32,
    /// The longest one ChooseAction search may run, in milliseconds.
    #[arg(long, default_value_t = AgentLimits::default().max_time.as_millis() as u64, value_name = "MS")]
    agent_max_time_ms: u64,
    /// Calls of each Rules RPC in flight at most; one more answers RESOURCE_EXHAUSTED.
    #[arg(long, default_value_t = ConcurrencyLimits::default().rules, value_name = "N")]
    max_concurrent_rules: usize,
    /// ChooseAction searches in flight at most (default: the cores); one more answers
    /// RESOURCE_EXHAUSTED at once rather than queue.
    #[arg(long, default_value_t = ConcurrencyLimits::default().agent, value_name = "N")]
    max_concurrent_agent: usize,
    /// The longest any call may take, in milliseconds; past it the call answers
    /// CANCELLED ("Timeout expired").
    #[arg(long, default_value_t = ServerConfig::default().request_timeout.as_millis() as u64, value_name = "MS")]
    request_timeout_ms: u64,
    /// A file holding a token that every Agent call must present as
    /// `authorization: Bearer <token>` (surrounding whitespace ignored). Without it the
    /// Agent is open, like the Rules service always is.
    #[arg(long, env = "FRAY_AGENT_TOKEN_FILE", value_name = "PATH")]
    agent_token_file: Option<std::path::PathBuf>,
}

fn init_logging(format: LogFormat) {
    let filter = EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("info"));
    // Colours only for a person at a terminal, never in collected logs.
    let ansi = std::io::IsTerminal::is_terminal(&std::io::stderr());
    let builder = tracing_subscriber::fmt().with_env_filter(filter).with_writer(std::io::stderr).with_ansi(ansi);
    match format {
        LogFormat::Text => builder.init(),
        LogFormat::Json => builder.json().init(),
    }
}

/// Resolves on the first SIGINT or SIGTERM. The handlers are installed when this is
/// called, so a signal that arrives right after binding is not lost.
#[cfg(unix)]
fn shutdown_signal() -> std::io::Result<impl std::future::Future<Output = ()> + Send + 'static> {
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

/// Resolves on Ctrl-C.
#[cfg(not(unix))]
fn shutdown_signal() -> std::io::Result<impl std::future::Future<Output = ()> + Send + 'static> {
    Ok(async {
        if tokio::signal::ctrl_c().await.is_ok() {
            info!("shutdown requested");
        }
    })
}

#[tokio::main]
async fn main() -> ExitCode {
    let args = Args::parse();
    init_logging(args.log_format);
    let agent_token = match &args.agent_token_file {
        None => None,
        Some(path) => match std::fs::read_to_string(path) {
            Ok(text) if !text.trim().is_empty() => Some(text.trim().to_owned()),
            Ok(_) => {
                eprintln!("fray-server: --agent-token-file {}: the file is empty", path.display());
                return ExitCode::FAILURE;
            }
            Err(e) => {
                eprintln!("fray-server: --agent-token-file {}: cannot read it: {e}", path.display());
                return ExitCode::FAILURE;
            }
        },
    };
    if args.request_timeout_ms == 0 {
        eprintln!("fray-server: --request-timeout-ms must be more than 0");
        return ExitCode::FAILURE;
    }

    let shutdown = match shutdown_signal() {
        Ok(s) => s,
        Err(e) => {
            error!(error = %e, "cannot install signal handlers");
            eprintln!("fray-server: cannot install signal handlers: {e}");
            return ExitCode::FAILURE;
        }
    };
    let listener = match tokio::net::TcpListener::bind(&args.listen).await {
        Ok(l) => l,
        Err(e) => {
            error!(listen = %args.listen, error = %e, "cannot bind");
            eprintln!("fray-server: cannot listen on {}: {e}", args.listen);
            return ExitCode::FAILURE;
        }
    };
    let addr = match listener.local_addr() {
        Ok(a) => a.to_string(),
        Err(e) => {
            warn!(error = %e, "cannot read the bound address");
            args.listen.clone()
        }
    };
    info!(addr = %addr, "listening on {addr}");
    println!("fray-server listening on {addr}");

    let config = ServerConfig {
        max_message_bytes: args.max_message_bytes,
        drain_timeout: Duration::from_secs(args.drain_timeout_secs),
        agent: AgentLimits {
            max_playouts: args.agent_max_playouts,
            max_time: Duration::from_millis(args.agent_max_time_ms),
            ..AgentLimits::default()
        },
        concurrency: ConcurrencyLimits { rules: args.max_concurrent_rules, agent: args.max_concurrent_agent },
        request_timeout: Duration::from_millis(args.request_timeout_ms),
        agent_token,
    };
    match serve(listener, config, shutdown).await {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            error!(error = %e, "server failed");
            eprintln!("fray-server: {e}");
            ExitCode::FAILURE
        }
    }
}
