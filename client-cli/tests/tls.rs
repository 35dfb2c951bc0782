//! `fray` against a `fray serve` speaking TLS: `https://` URLs with `--tls-ca`, client
//! certificates for mutual TLS, `--tls-domain`, and each TLS failure told in words with
//! exit code 1 (a flag that cannot apply: 2).
#![allow(clippy::unwrap_used, clippy::panic)]

#[path = "../../service/tests/common/certs.rs"]
mod certs;
mod common;

use std::process::{Command, Output};

use certs::Pki;
use common::{Served, serve_with};

const BLOCKED: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../examples/resolve-blocked.json");
const NEEDS_BLOCK: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../examples/resolve-needs-block-choice.json");

/// Runs `fray ARGS` with none of the TLS environment variables set.
fn fray(args: &[&str]) -> Output {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_fray"));
    for var in ["FRAY_CLIENT_TLS_CA", "FRAY_CLIENT_TLS_CERT", "FRAY_CLIENT_TLS_KEY", "FRAY_CLIENT_TLS_DOMAIN"] {
        cmd.env_remove(var);
    }
    cmd.args(args).output().unwrap()
}

/// `fray resolve BLOCKED --server URL` plus `flags`.
fn resolve(url: &str, flags: &[&str]) -> Output {
    let mut args = vec!["resolve", BLOCKED, "--server", url];
    args.extend_from_slice(flags);
    fray(&args)
}

/// The command's stdout, after checking it exited 0.
fn succeeded(out: &Output) -> String {
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(out.status.success(), "exit {:?}\nstdout: {stdout}\nstderr: {}", out.status, stderr(out));
    stdout
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// Checks the command failed with `code` and an error line containing `expected`.
fn failed(out: &Output, code: i32, expected: &str) {
    let err = stderr(out);
    assert_eq!(out.status.code(), Some(code), "stderr: {err}");
    assert!(err.starts_with("error: ") && err.contains(expected), "expected {expected:?} in\n{err}");
}

/// `fray serve` with the PKI's server certificate, plus `flags`.
fn serve_tls(pki: &Pki, flags: &[&str]) -> Served {
    let (cert, key) = (pki.arg("server.pem"), pki.arg("server-key.pem"));
    let mut args = vec!["--tls-cert", cert.as_str(), "--tls-key", key.as_str()];
    args.extend_from_slice(flags);
    serve_with(&args)
}

fn port(served: &Served) -> &str {
    served.addr.rsplit(':').next().unwrap()
}

#[test]
fn fray_resolve_over_tls_trusts_the_ca_it_is_given() {
    let pki = Pki::new("cli-resolve");
    let served = serve_tls(&pki, &[]);
    let url = format!("https://localhost:{}", port(&served));
    let ca = pki.arg("ca.pem");
    let out = succeeded(&resolve(&url, &["--tls-ca", &ca]));
    assert!(
        out.contains("egame.strike.block.passive")
            && out.contains("player 1's Wolf blocks player 0's Knight: it stands in the struck zone"),
        "{out}"
    );

    // The command suggested for the next decision keeps the TLS flags.
    let out = succeeded(&fray(&["resolve", NEEDS_BLOCK, "--server", &url, "--tls-ca", &ca]));
    assert!(out.contains(&format!("--server {url} --tls-ca {ca} --choice guard")), "{out}");

    // By address, with the name to check given; a name the certificate lacks fails.
    let by_address = format!("https://127.0.0.1:{}", port(&served));
    succeeded(&resolve(&by_address, &["--tls-ca", &ca, "--tls-domain", "localhost"]));
    failed(
        &resolve(&by_address, &["--tls-ca", &ca, "--tls-domain", "elsewhere.example"]),
        1,
        "the server's certificate is not valid for the name asked for",
    );
}

#[test]
fn tls_failures_are_told_in_words_with_exit_code_1() {
    let pki = Pki::new("cli-failures");
    let served = serve_tls(&pki, &[]);
    let url = format!("https://localhost:{}", port(&served));
    failed(
        &resolve(&url, &["--tls-ca", &pki.arg("other-ca.pem")]),
        1,
        &format!("TLS: {url}: the server's certificate is not trusted: it is not signed by a CA this client trusts"),
    );
    // A plaintext URL to the TLS port, and a TLS URL to a plaintext server.
    failed(
        &resolve(&format!("http://{}", served.addr), &[]),
        1,
        &format!("TLS: http://{}: the server speaks TLS: use an https:// URL", served.addr),
    );
    let plain = serve_with(&[]);
    let to_plain = format!("https://localhost:{}", port(&plain));
    failed(&resolve(&to_plain, &["--tls-ca", &pki.arg("ca.pem")]), 1, "the server did not answer in TLS");
    // TLS flags with a plaintext URL cannot apply: a usage error.
    failed(
        &resolve(&format!("http://{}", plain.addr), &["--tls-ca", &pki.arg("ca.pem")]),
        2,
        "--tls-ca is for TLS, but --server http://",
    );
    // A client key that is not its certificate's, named by flag and file.
    let (cert, key) = (pki.arg("client.pem"), pki.arg("other-client-key.pem"));
    failed(
        &resolve(&url, &["--tls-ca", &pki.arg("ca.pem"), "--tls-cert", &cert, "--tls-key", &key]),
        2,
        &format!("--tls-key: {key}: this private key does not match the certificate in --tls-cert {cert}"),
    );
}

#[test]
fn mutual_tls_from_the_cli_needs_a_certificate_the_server_trusts() {
    let pki = Pki::new("cli-mutual");
    let served = serve_tls(&pki, &["--tls-client-ca", &pki.arg("ca.pem")]);
    let url = format!("https://localhost:{}", port(&served));
    let ca = pki.arg("ca.pem");
    failed(
        &resolve(&url, &["--tls-ca", &ca]),
        1,
        &format!("TLS: {url}: the server requires a client certificate: give --tls-cert and --tls-key"),
    );
    let (cert, key) = (pki.arg("other-client.pem"), pki.arg("other-client-key.pem"));
    failed(
        &resolve(&url, &["--tls-ca", &ca, "--tls-cert", &cert, "--tls-key", &key]),
        1,
        &format!("TLS: {url}: the server refused the client certificate: it is not signed by a CA the server trusts"),
    );
    let out = Command::new(env!("CARGO_BIN_EXE_fray"))
        .args(["resolve", BLOCKED, "--server", &url])
        .env("FRAY_CLIENT_TLS_CA", &ca)
        .env("FRAY_CLIENT_TLS_CERT", pki.path("client.pem"))
        .env("FRAY_CLIENT_TLS_KEY", pki.path("client-key.pem"))
        .output()
        .unwrap();
    assert!(succeeded(&out).contains("player 1's Wolf blocks player 0's Knight: it stands in the struck zone"));
}
