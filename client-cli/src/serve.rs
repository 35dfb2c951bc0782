//! `fray serve`: the Rules server in the foreground, like `fray-server`.

use std::io::Write as _;

use fray_service::{ServerConfig, serve};
use tokio::net::TcpListener;

use crate::error::{CliError, chain};

/// The address `fray serve` listens on by default.
pub const DEFAULT_LISTEN: &str = "127.0.0.1:50051";

/// Binds `listen`, prints `fray-server listening on ADDR` once bound (port 0 picks a
/// free port), and serves until Ctrl-C or SIGTERM.
pub async fn run(listen: &str) -> Result<(), CliError> {
    let listener =
        TcpListener::bind(listen).await.map_err(|e| CliError::Server(format!("cannot listen on {listen}: {e}")))?;
    let addr = listener.local_addr().map_err(|e| CliError::Server(format!("no local address: {e}")))?;
    let mut stdout = std::io::stdout();
    writeln!(stdout, "fray-server listening on {addr}")
        .and_then(|()| stdout.flush())
        .map_err(|e| CliError::Output(format!("stdout: {e}")))?;
    serve(listener, ServerConfig::default(), shutdown_signal()).await.map_err(|e| CliError::Server(chain(&e)))
}

/// Completes on Ctrl-C or (on Unix) SIGTERM, what Kubernetes sends.
async fn shutdown_signal() {
    let ctrl_c = async {
        // If the handler cannot be installed, only SIGTERM (or a kill) stops the server.
        if tokio::signal::ctrl_c().await.is_err() {
            std::future::pending::<()>().await;
        }
    };
    #[cfg(unix)]
    let term = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let term = std::future::pending::<()>();
    tokio::select! {
        () = ctrl_c => {}
        () = term => {}
    }
}
