//! Python interop: a grpcio client, with stubs generated from proto/fray/v1/*.proto by
//! the protoc inside grpcio-tools, against an embedded Fray server.
//!
//! Needs python3 with venv and pip, and the package index (first run only). A missing
//! python3 or pip fails this test with the script's message; it is never skipped.
#![allow(clippy::unwrap_used, clippy::panic)]

use std::path::PathBuf;
use std::process::{Command, Output};

use fray_cli::embedded::EmbeddedServer;

fn script() -> PathBuf {
    PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../scripts/python-client.sh"))
}

fn run_script(args: &[String]) -> Output {
    Command::new("bash")
        .arg(script())
        .args(args)
        .output()
        .unwrap_or_else(|e| panic!("cannot run bash {}: {e}", script().display()))
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[test]
fn python_grpcio_client_passes_against_the_embedded_server() {
    // Set up the venv and the stubs (slow the first time, then silent).
    let setup = run_script(&[]);
    assert!(
        setup.status.success(),
        "scripts/python-client.sh could not set up the Python client (this test needs python3 with venv \
         and pip):\n{}{}",
        text(&setup.stdout),
        text(&setup.stderr)
    );

    let runtime = tokio::runtime::Runtime::new().unwrap();
    let server = runtime.block_on(EmbeddedServer::start()).unwrap();
    let run = run_script(&[server.addr().to_string()]);
    runtime.block_on(server.stop()).unwrap();

    let stdout = text(&run.stdout);
    let stderr = text(&run.stderr);
    assert!(run.status.success(), "the Python client failed:\n{stdout}{stderr}");
    assert!(
        stdout.lines().any(|l| l.starts_with("python interop: ") && l.ends_with(" checks passed")),
        "unexpected output:\n{stdout}"
    );
    // Once set up, the script is quiet: nothing but the client's own line.
    assert_eq!(stderr, "", "the set-up script is not quiet when the venv exists");
}
