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
    // Install the handlers first, so a signal right after the address is printed is not lost.
    let shutdown = shutdown_signal().map_err(|e| CliError::Server(format!("cannot handle signals: {e}")))?;
    let listener =
        TcpListener::bind(listen).await.map_err(|e| CliError::Server(format!("cannot listen on {listen}: {e}")))?;
    let addr = listener.local_addr().map_err(|e| CliError::Server(format!("no local address: {e}")))?;
    let mut stdout = std::io::stdout();
    writeln!(stdout, "fray-server listening on {addr}")
        .and_then(|()| stdout.flush())
        .map_err(|e| CliError::Output(format!("stdout: {e}")))?;
    serve(listener, ServerConfig::default(), shutdown).await.map_err(|e| CliError::Server(chain(&e)))
}

/// Resolves on the first SIGINT (Ctrl-C) or SIGTERM (what Kubernetes sends).
#[cfg(unix)]
pub fn shutdown_signal() -> std::io::Result<impl std::future::Future<Output = ()> + Send + 'static> {
    use tokio::signal::unix::{SignalKind, signal};
    let mut interrupt = signal(SignalKind::interrupt())?;
    let mut terminate = signal(SignalKind::terminate())?;
    Ok(async move {
        tokio::select! {
            _ = interrupt.recv() => {}
            _ = terminate.recv() => {}
        }
    })
}

/// Resolves on Ctrl-C.
#[cfg(not(unix))]
pub fn shutdown_signal() -> std::io::Result<impl std::future::Future<Output = ()> + Send + 'static> {
    Ok(async {
        // Without a handler only killing the process stops the server.
        if tokio::signal::ctrl_c().await.is_err() {
            std::future::pending::<()>().await;
        }
    })
}
