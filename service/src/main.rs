//! `fray-server`: serves the `fray.v1` Rules and Agent services, health and reflection.
#![forbid(unsafe_code)]

use std::process::ExitCode;

use clap::Parser;
use fray_service::options::{ServerOptions, run};
use tracing::error;

/// mimalloc rather than the system allocator: a call allocates and frees many small
/// strings and vectors (decoding, validation, the answer), and under load glibc's
/// malloc and free took about a fifth of the server's time (docs/benchmarks.md).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

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
    match run(&options).await {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            error!(error = %e, "server failed");
            eprintln!("fray-server: {e}");
            ExitCode::FAILURE
        }
    }
}
