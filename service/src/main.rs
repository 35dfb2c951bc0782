//! `fray-server`: serves the `fray.v1` Rules and Agent services, health and reflection.
#![forbid(unsafe_code)]

use std::process::ExitCode;

use clap::Parser;
use fray_service::options::{ServerOptions, shutdown_signal};
use fray_service::{Listeners, serve};
use tracing::{error, info, warn};

/// Fray's stateless gRPC combat-rules server.
#[derive(Debug, Parser)]
#[command(name = "fray-server", version, about)]
struct Args {
    #[command(flatten)]
    options: ServerOptions,
}

#[tokio::main]
async fn main() -> ExitCode {
    let Args { options } = Args::parse();
    options.init_logging();
    let config = match options.config() {
        Ok(config) => config,
        Err(e) => {
            eprintln!("fray-server: {e}");
            return ExitCode::FAILURE;
        }
    };
    let shutdown = match shutdown_signal() {
        Ok(s) => s,
        Err(e) => {
            error!(error = %e, "cannot install signal handlers");
            eprintln!("fray-server: cannot install signal handlers: {e}");
            return ExitCode::FAILURE;
        }
    };
    let listener = match tokio::net::TcpListener::bind(&options.listen).await {
        Ok(l) => l,
        Err(e) => {
            error!(listen = %options.listen, error = %e, "cannot bind");
            eprintln!("fray-server: cannot listen on {}: {e}", options.listen);
            return ExitCode::FAILURE;
        }
    };
    let health = match options.bind_health().await {
        Ok(health) => health,
        Err(e) => {
            error!(error = %e, "cannot bind the health port");
            eprintln!("fray-server: {e}");
            return ExitCode::FAILURE;
        }
    };
    let listeners = Listeners { grpc: listener, health };
    let addr = match listeners.grpc.local_addr() {
        Ok(a) => a.to_string(),
        Err(e) => {
            warn!(error = %e, "cannot read the bound address");
            options.listen.clone()
        }
    };
    let tls = match &config.tls {
        None => "off",
        Some(tls) if tls.requires_client_certificate() => "mutual (client certificates required)",
        Some(_) => "on",
    };
    info!(addr = %addr, tls, "listening on {addr}");
    // One write for both lines, so a reader that takes the first and leaves cannot
    // make the second fail.
    let mut announcement = format!("fray-server listening on {addr}\n");
    if let Some(line) = listeners.health_line() {
        info!("{line}");
        announcement.push_str(&line);
        announcement.push('\n');
    }
    print!("{announcement}");

    match serve(listeners, config, shutdown).await {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            error!(error = %e, "server failed");
            eprintln!("fray-server: {e}");
            ExitCode::FAILURE
        }
    }
}
