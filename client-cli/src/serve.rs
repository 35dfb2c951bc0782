//! `fray serve`: the server in the foreground, with `fray-server`'s flags.

use fray_service::options::{RunError, ServerOptions, run as run_server};

use crate::error::{CliError, chain};

/// Serves as `options` say (printing `fray-server listening on ADDR` once bound; port
/// 0 picks a free port) until Ctrl-C or SIGTERM.
pub async fn run(options: &ServerOptions) -> Result<(), CliError> {
    run_server(options).await.map_err(|e| match e {
        RunError::Options(e) => CliError::Usage(e.to_string()),
        e => CliError::Server(chain(&e)),
    })
}
