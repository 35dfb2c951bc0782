//! `fray serve`: the server in the foreground, with `fray-server`'s flags.

use std::io::Write as _;

use fray_service::options::{ServerOptions, shutdown_signal};
use fray_service::{Listeners, serve};
use tokio::net::TcpListener;

use crate::error::{CliError, chain};

/// Binds `--listen` (and `--health-listen`), prints `fray-server listening on ADDR`
/// once bound (port 0 picks a free port; the health port's line follows), and serves
/// until Ctrl-C or SIGTERM.
pub async fn run(options: &ServerOptions) -> Result<(), CliError> {
    let config = options.config().map_err(|e| CliError::Usage(e.to_string()))?;
    options.init_logging();
    // Install the handlers first, so a signal right after the address is printed is not lost.
    let shutdown = shutdown_signal().map_err(|e| CliError::Server(format!("cannot handle signals: {e}")))?;
    let listen = &options.listen;
    let listener =
        TcpListener::bind(listen).await.map_err(|e| CliError::Server(format!("cannot listen on {listen}: {e}")))?;
    let addr = listener.local_addr().map_err(|e| CliError::Server(format!("no local address: {e}")))?;
    let health = options.bind_health().await.map_err(|e| CliError::Server(e.to_string()))?;
    let listeners = Listeners { grpc: listener, health };
    let mut announcement = format!("fray-server listening on {addr}\n");
    if let Some(line) = listeners.health_line() {
        announcement.push_str(&line);
        announcement.push('\n');
    }
    let mut stdout = std::io::stdout();
    stdout
        .write_all(announcement.as_bytes())
        .and_then(|()| stdout.flush())
        .map_err(|e| CliError::Output(format!("stdout: {e}")))?;
    serve(listeners, config, shutdown).await.map_err(|e| CliError::Server(chain(&e)))
}
