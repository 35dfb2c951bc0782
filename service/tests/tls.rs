//! TLS and mutual TLS on the server: who is answered and who is refused (and with what
//! error), the plaintext health port, and clear startup errors for bad files
//! (docs/reliability.md, "TLS and mTLS").
#![allow(clippy::unwrap_used, clippy::panic)]

// Shared with client-cli/tests/tls.rs, which includes it by path too.
#[path = "common/certs.rs"]
mod certs;

use std::net::SocketAddr;
use std::process::Command;
use std::sync::Arc;
use std::time::Duration;

use certs::Pki;
use clap::Parser;
use fray_proto::fray::v1 as pb;
use fray_service::options::ServerOptions;
use fray_service::tls::PemFile;
use fray_service::{Listeners, ServeError, ServerConfig, serve};
use fray_testkit::fixtures::{knight_and_wolf, resolve, strike};
use pb::rules_client::RulesClient;
use rustls::AlertDescription;
use rustls::pki_types::ServerName;
use tokio::sync::oneshot;
use tokio::task::JoinHandle;
use tokio_stream::StreamExt as _;
use tonic::transport::{Certificate, Channel, ClientTlsConfig, Endpoint, Identity};
use tonic_health::pb::health_check_response::ServingStatus;
use tonic_health::pb::{HealthCheckRequest, health_client::HealthClient};

#[derive(Debug, Parser)]
struct Cli {
    #[command(flatten)]
    options: ServerOptions,
}

/// The server's options from command-line words.
fn options(args: &[&str]) -> ServerOptions {
    Cli::try_parse_from(std::iter::once("fray-server").chain(args.iter().copied())).unwrap().options
}

/// A configuration serving TLS with the test PKI's server certificate, plus `more` flags.
fn tls_config(pki: &Pki, more: &[&str]) -> ServerConfig {
    let (cert, key) = (pki.arg("server.pem"), pki.arg("server-key.pem"));
    let mut args = vec!["--tls-cert", &cert, "--tls-key", &key];
    args.extend_from_slice(more);
    options(&args).config().unwrap()
}

/// A server running in this test's runtime, maybe with a plaintext health port.
struct Running {
    addr: SocketAddr,
    health: Option<SocketAddr>,
    stop: Option<oneshot::Sender<()>>,
    task: JoinHandle<Result<(), ServeError>>,
}

impl Running {
    async fn start(config: ServerConfig, health_port: bool) -> Self {
        let grpc = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let health = if health_port { Some(tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap()) } else { None };
        let addr = grpc.local_addr().unwrap();
        let health_addr = health.as_ref().map(|h| h.local_addr().unwrap());
        let (stop, stopped) = oneshot::channel::<()>();
        let task = tokio::spawn(serve(Listeners { grpc, health, metrics: None }, config, async {
            let _ = stopped.await;
        }));
        Self { addr, health: health_addr, stop: Some(stop), task }
    }

    fn ask_to_stop(&mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
    }

    async fn shutdown(mut self) {
        self.ask_to_stop();
        self.task.await.unwrap().unwrap();
    }
}

/// The PEM text of one of the PKI's files.
fn pem(pki: &Pki, name: &str) -> String {
    std::fs::read_to_string(pki.path(name)).unwrap()
}

/// A TLS client of `https://HOST:PORT` trusting the CA in `ca`, presenting the
/// certificate and key files `identity` names when given.
async fn connect_tls(
    pki: &Pki,
    host: &str,
    addr: SocketAddr,
    ca: &str,
    identity: Option<(&str, &str)>,
) -> Result<Channel, tonic::transport::Error> {
    let mut tls = ClientTlsConfig::new().ca_certificate(Certificate::from_pem(pem(pki, ca)));
    if let Some((cert, key)) = identity {
        tls = tls.identity(Identity::from_pem(pem(pki, cert), pem(pki, key)));
    }
    let url = format!("https://{host}:{}", addr.port());
    Endpoint::from_shared(url)?.timeout(Duration::from_secs(5)).tls_config(tls)?.connect().await
}

/// A TLS handshake with the server at `addr` as a client trusting the test CA (with
/// a client certificate when given), then a read of the server's first bytes: the
/// alert it sent instead, if any.
async fn handshake_then_read(pki: &Pki, addr: SocketAddr, identity: Option<(&str, &str)>) -> Option<AlertDescription> {
    use std::io::Read as _;
    let pem = |name: &str| PemFile::read("--test", &pki.path(name)).unwrap();
    let builder = rustls::ClientConfig::builder_with_provider(fray_service::tls::provider())
        .with_safe_default_protocol_versions()
        .unwrap()
        .with_root_certificates(pem("ca.pem").trust_anchors().unwrap());
    let mut config = match identity {
        None => builder.with_no_client_auth(),
        Some((cert, key)) => {
            builder.with_client_auth_cert(pem(cert).certificates().unwrap(), pem(key).private_key().unwrap()).unwrap()
        }
    };
    config.alpn_protocols = vec![b"h2".to_vec()];
    let name = ServerName::try_from("localhost").unwrap();
    let mut conn = rustls::ClientConnection::new(Arc::new(config), name).unwrap();
    tokio::task::spawn_blocking(move || {
        let mut socket = std::net::TcpStream::connect(addr).unwrap();
        socket.set_read_timeout(Some(Duration::from_secs(5))).unwrap();
        match rustls::Stream::new(&mut conn, &mut socket).read(&mut [0u8; 1]) {
            Ok(0) => panic!("the server closed the connection without a word"),
            Ok(_) => None,
            Err(e) => match e.into_inner().map(|inner| inner.downcast::<rustls::Error>()) {
                Some(Ok(tls)) => match *tls {
                    rustls::Error::AlertReceived(alert) => Some(alert),
                    other => panic!("not an alert: {other}"),
                },
                other => panic!("not a TLS error: {other:?}"),
            },
        }
    })
    .await
    .unwrap()
}

/// An error and all its sources on one line (an I/O error's inner error included).
fn chain(error: &(dyn std::error::Error + 'static)) -> String {
    let mut text = error.to_string();
    let mut next = error.source();
    while let Some(e) = next {
        text.push_str(": ");
        text.push_str(&e.to_string());
        next = e.source();
    }
    text
}

fn resolve_request() -> pb::ResolveStrikeRequest {
    resolve(knight_and_wolf(), strike("knight", 1, 3), vec![])
}

/// The first answer of a ResolveStrike on `channel`, or the status's whole chain.
async fn try_resolve(channel: Channel) -> Result<pb::ResolveStrikeResponse, String> {
    RulesClient::new(channel).resolve_strike(resolve_request()).await.map(|r| r.into_inner()).map_err(|s| chain(&s))
}

/// A plaintext health client of `addr`.
async fn health_client(addr: SocketAddr) -> HealthClient<Channel> {
    HealthClient::new(Endpoint::from_shared(format!("http://{addr}")).unwrap().connect().await.unwrap())
}

async fn health_of(client: &mut HealthClient<Channel>) -> ServingStatus {
    let answer = client.check(HealthCheckRequest { service: String::new() }).await.unwrap().into_inner();
    ServingStatus::try_from(answer.status).unwrap()
}

#[tokio::test]
async fn a_tls_server_answers_a_client_that_trusts_its_ca() {
    let pki = Pki::new("answers");
    let server = Running::start(tls_config(&pki, &[]), false).await;
    // By name and by address: the certificate carries both.
    let by_name = connect_tls(&pki, "localhost", server.addr, "ca.pem", None).await.unwrap();
    let response = try_resolve(by_name.clone()).await.unwrap();
    assert_eq!(response.events.len(), 6, "{response:?}");
    let by_address = connect_tls(&pki, "127.0.0.1", server.addr, "ca.pem", None).await.unwrap();
    assert_eq!(health_of(&mut HealthClient::new(by_address)).await, ServingStatus::Serving);
    server.shutdown().await;
}

#[tokio::test]
async fn a_plaintext_client_is_cut_off_by_the_tls_port() {
    let pki = Pki::new("plaintext");
    let server = Running::start(tls_config(&pki, &[]), false).await;
    let endpoint = Endpoint::from_shared(format!("http://{}", server.addr)).unwrap().timeout(Duration::from_secs(5));
    // HTTP/2 connects lazily: the refusal shows on the first call, at once.
    let answer = tokio::time::timeout(Duration::from_secs(5), async {
        match endpoint.connect().await {
            Ok(channel) => try_resolve(channel).await.map(|_| ()),
            Err(e) => Err(chain(&e)),
        }
    })
    .await
    .expect("a plaintext call to the TLS port hung");
    // How it breaks depends on timing: a broken pipe, a cancelled call, an HTTP/2
    // protocol error; the CLI asks the server for a TLS handshake to tell (its tests).
    assert!(answer.is_err(), "a plaintext call to the TLS port was answered");
    server.shutdown().await;
}

#[tokio::test]
async fn a_client_that_does_not_trust_the_servers_ca_is_refused_at_connect() {
    let pki = Pki::new("untrusted");
    let server = Running::start(tls_config(&pki, &[]), false).await;
    let err = connect_tls(&pki, "127.0.0.1", server.addr, "other-ca.pem", None).await.unwrap_err();
    assert!(chain(&err).contains("invalid peer certificate: UnknownIssuer"), "{}", chain(&err));
    server.shutdown().await;
}

#[tokio::test]
async fn mutual_tls_refuses_a_missing_or_foreign_client_certificate_and_answers_a_good_one() {
    let pki = Pki::new("mutual");
    let config = tls_config(&pki, &["--tls-client-ca", &pki.arg("ca.pem")]);
    assert!(config.tls.as_ref().unwrap().requires_client_certificate());
    let server = Running::start(config, false).await;

    for identity in [None, Some(("other-client.pem", "other-client-key.pem"))] {
        // TLS 1.3: the client's side of the handshake completes before the server
        // checks its certificate, so the refusal fails the first call, told as the
        // server's alert or as the connection it cut (which one depends on timing).
        let answer = match connect_tls(&pki, "127.0.0.1", server.addr, "ca.pem", identity).await {
            Ok(channel) => try_resolve(channel).await,
            Err(e) => Err(chain(&e)),
        };
        assert!(answer.is_err(), "{identity:?} was answered");
    }
    // Reading before writing gets the alert every time.
    let alert = |identity| handshake_then_read(&pki, server.addr, identity);
    assert_eq!(alert(None).await, Some(AlertDescription::CertificateRequired));
    assert_eq!(alert(Some(("other-client.pem", "other-client-key.pem"))).await, Some(AlertDescription::UnknownCA));
    assert_eq!(alert(Some(("client.pem", "client-key.pem"))).await, None);

    let good =
        connect_tls(&pki, "127.0.0.1", server.addr, "ca.pem", Some(("client.pem", "client-key.pem"))).await.unwrap();
    assert_eq!(try_resolve(good).await.unwrap().events.len(), 6);
    server.shutdown().await;
}

#[tokio::test]
async fn the_plaintext_health_port_reports_serving_then_not_serving_through_the_drain() {
    let pki = Pki::new("health-port");
    // Mutual TLS on the main port: a probe could not pass it even with TLS.
    let config = tls_config(&pki, &["--tls-client-ca", &pki.arg("ca.pem"), "--drain-timeout-secs", "2"]);
    let mut server = Running::start(config, true).await;
    let health_addr = server.health.unwrap();
    let mut probe = health_client(health_addr).await;
    assert_eq!(health_of(&mut probe).await, ServingStatus::Serving);
    for service in ["fray.v1.Rules", "fray.v1.Agent"] {
        let answer = probe.check(HealthCheckRequest { service: service.into() }).await.unwrap().into_inner();
        assert_eq!(answer.status, ServingStatus::Serving as i32, "{service}");
    }
    // Health only: the Rules service is not on it.
    let rules = RulesClient::new(Endpoint::from_shared(format!("http://{health_addr}")).unwrap().connect_lazy());
    let status = rules.clone().resolve_strike(resolve_request()).await.unwrap_err();
    assert_eq!(status.code(), tonic::Code::Unimplemented, "{status:?}");

    // A Watch stream on the main port keeps the drain going until its timeout.
    let client =
        connect_tls(&pki, "127.0.0.1", server.addr, "ca.pem", Some(("client.pem", "client-key.pem"))).await.unwrap();
    let mut watch =
        HealthClient::new(client).watch(HealthCheckRequest { service: String::new() }).await.unwrap().into_inner();
    assert_eq!(watch.next().await.unwrap().unwrap().status, ServingStatus::Serving as i32);

    server.ask_to_stop();
    let changed = tokio::time::timeout(Duration::from_secs(5), watch.next()).await.unwrap().unwrap().unwrap();
    assert_eq!(changed.status, ServingStatus::NotServing as i32);
    // During the drain the probe still reaches the health port, which says so.
    assert_eq!(health_of(&mut probe).await, ServingStatus::NotServing);
    assert!(!server.task.is_finished(), "the server should still be draining");

    drop(watch);
    server.task.await.unwrap().unwrap();
    // Once the server is done, the health port is closed too.
    let after = Endpoint::from_shared(format!("http://{health_addr}")).unwrap().connect().await;
    assert!(after.is_err(), "the health port still accepts connections");
}

/// `FLAG PATH` words for a file of the PKI.
fn flag(flag: &str, pki: &Pki, file: &str) -> [String; 2] {
    [flag.to_owned(), pki.arg(file)]
}

/// The error `config()` gives for these flags.
fn config_error(args: &[[String; 2]]) -> String {
    let words: Vec<&str> = args.iter().flatten().map(String::as_str).collect();
    options(&words).config().unwrap_err().to_string()
}

#[test]
fn bad_tls_files_and_flags_are_refused_at_startup_naming_the_flag_and_the_file() {
    let pki = Pki::new("startup");
    std::fs::write(pki.path("garbage.pem"), "-----BEGIN CERTIFICATE-----\n!!not base64!!\n-----END CERTIFICATE-----\n")
        .unwrap();
    let server = || flag("--tls-cert", &pki, "server.pem");
    let server_key = || flag("--tls-key", &pki, "server-key.pem");
    let path = |file: &str| pki.arg(file);

    let cases: Vec<(Vec<[String; 2]>, String)> = vec![
        (vec![server()], "--tls-cert: needs --tls-key, the certificate's private key".into()),
        (vec![server_key()], "--tls-key: needs --tls-cert, the certificate it is the key of".into()),
        (
            vec![flag("--tls-client-ca", &pki, "ca.pem")],
            "--tls-client-ca: needs --tls-cert and --tls-key: client certificates are checked only over TLS".into(),
        ),
        (
            vec![flag("--tls-cert", &pki, "missing.pem"), server_key()],
            format!("--tls-cert {}: cannot read it: No such file or directory (os error 2)", path("missing.pem")),
        ),
        (
            vec![flag("--tls-cert", &pki, "server-key.pem"), server_key()],
            format!(
                "--tls-cert: {}: no PEM certificate in the file (-----BEGIN CERTIFICATE-----)",
                path("server-key.pem")
            ),
        ),
        (
            vec![flag("--tls-cert", &pki, "garbage.pem"), server_key()],
            format!("--tls-cert: {}: not a valid PEM file: base64 decode error", path("garbage.pem")),
        ),
        (
            vec![server(), flag("--tls-key", &pki, "server.pem")],
            format!(
                "--tls-key: {}: no PEM private key in the file (-----BEGIN PRIVATE KEY-----, RSA PRIVATE KEY \
                 or EC PRIVATE KEY)",
                path("server.pem")
            ),
        ),
        (
            vec![server(), flag("--tls-key", &pki, "client-key.pem")],
            format!(
                "--tls-key: {}: this private key does not match the certificate in --tls-cert {}",
                path("client-key.pem"),
                path("server.pem")
            ),
        ),
        (
            vec![server(), server_key(), flag("--tls-client-ca", &pki, "client-key.pem")],
            format!(
                "--tls-client-ca: {}: no PEM certificate in the file (-----BEGIN CERTIFICATE-----)",
                path("client-key.pem")
            ),
        ),
    ];
    for (args, expected) in cases {
        let err = config_error(&args);
        assert!(err.starts_with(&expected), "flags {args:?}\n  gave     {err}\n  expected {expected}");
    }

    let config = options(&["--tls-cert", &path("server.pem"), "--tls-key", &path("server-key.pem")]).config().unwrap();
    assert!(!config.tls.unwrap().requires_client_certificate());
    // The key and the certificate may share one file.
    std::fs::write(pki.path("both.pem"), pem(&pki, "server.pem") + &pem(&pki, "server-key.pem")).unwrap();
    let both = path("both.pem");
    assert!(options(&["--tls-cert", &both, "--tls-key", &both]).config().is_ok());
}

fn fray_server() -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_fray-server"));
    for var in ["FRAY_LISTEN", "FRAY_TLS_CERT", "FRAY_TLS_KEY", "FRAY_TLS_CLIENT_CA", "FRAY_HEALTH_LISTEN"] {
        cmd.env_remove(var);
    }
    cmd
}

#[test]
fn fray_server_exits_non_zero_naming_the_flag_when_the_key_is_not_the_certificates() {
    let pki = Pki::new("binary-mismatch");
    let output = fray_server()
        .args([
            "--listen",
            "127.0.0.1:0",
            "--tls-cert",
            &pki.arg("server.pem"),
            "--tls-key",
            &pki.arg("client-key.pem"),
        ])
        .output()
        .unwrap();
    assert!(!output.status.success(), "exit {:?}", output.status);
    assert!(output.stdout.is_empty(), "it must not listen: {}", String::from_utf8_lossy(&output.stdout));
    let stderr = String::from_utf8_lossy(&output.stderr);
    let expected = format!(
        "fray-server: --tls-key: {}: this private key does not match the certificate in --tls-cert {}",
        pki.arg("client-key.pem"),
        pki.arg("server.pem")
    );
    assert!(stderr.contains(&expected), "stderr: {stderr}");
}

#[test]
fn fray_server_with_tls_prints_its_health_port_which_answers_in_plaintext() {
    use std::io::{BufRead as _, BufReader};
    let pki = Pki::new("binary-health");
    let mut child = fray_server()
        .args(["--listen", "127.0.0.1:0", "--health-listen", "127.0.0.1:0"])
        .env("FRAY_TLS_CERT", pki.path("server.pem"))
        .env("FRAY_TLS_KEY", pki.path("server-key.pem"))
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let mut lines = [String::new(), String::new()];
    for line in &mut lines {
        stdout.read_line(line).unwrap();
    }
    let addr: SocketAddr = lines[0].trim().strip_prefix("fray-server listening on ").unwrap().parse().unwrap();
    let health: SocketAddr =
        lines[1].trim().strip_prefix("fray-server health (plaintext) listening on ").unwrap().parse().unwrap();
    let runtime = tokio::runtime::Runtime::new().unwrap();
    runtime.block_on(async {
        assert_eq!(health_of(&mut health_client(health).await).await, ServingStatus::Serving);
        let channel = connect_tls(&pki, "localhost", addr, "ca.pem", None).await.unwrap();
        assert_eq!(try_resolve(channel).await.unwrap().events.len(), 6);
    });
    let killed = Command::new("kill").args(["-TERM", &child.id().to_string()]).status().unwrap();
    assert!(killed.success());
    assert!(child.wait().unwrap().success());
}
