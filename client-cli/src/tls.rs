//! TLS for the CLI's connections: an `https://` server URL is reached over TLS (rustls),
//! trusting the system's roots or only the CA given with `--tls-ca`, optionally with a
//! client certificate for servers that require one (mutual TLS); and TLS failures told
//! in words rather than as a bare "transport error".
//!
//! Before its channel connects, the CLI makes one TLS handshake of its own with the
//! same settings ([`ClientTls::check`]) and reads the server's first bytes. With TLS 1.3
//! a server refuses a client certificate only after the client's side of the
//! handshake is done; a gRPC client has sent its first request by then, and the
//! server's alert is often lost behind a reset connection ("broken pipe", "operation
//! was canceled"). Reading before writing gets the alert every time.

use std::error::Error as StdError;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use clap::Args;
use fray_service::options::OptionsError;
use fray_service::tls::{HANDSHAKE_TIMEOUT, PemFile, check_key_pair, provider};
use rustls::RootCertStore;
use rustls::pki_types::ServerName;
use tokio::io::AsyncReadExt as _;
use tonic::transport::{ClientTlsConfig, Endpoint, Identity, Uri};

use crate::error::{CliError, explain};

/// How long the check waits for the server's first bytes after the handshake (a gRPC
/// server sends its HTTP/2 settings at once); silence past it is taken as consent.
const FIRST_BYTES_TIMEOUT: Duration = Duration::from_secs(2);

/// The TLS flags of every command that takes `--server`. They apply to `https://`
/// URLs; giving one with a plaintext URL is an error, and an embedded server (no
/// `--server`) ignores them.
#[derive(Debug, Clone, Default, PartialEq, Eq, Args)]
#[command(next_help_heading = "TLS (for https:// servers)")]
pub struct TlsArgs {
    /// Trust only the CA certificate(s) in this PEM file to sign the server's
    /// certificate, instead of the system's trusted roots.
    #[arg(long, env = "FRAY_CLIENT_TLS_CA", value_name = "PATH")]
    pub tls_ca: Option<PathBuf>,
    /// Present this PEM client certificate (mutual TLS), with --tls-key.
    #[arg(long, env = "FRAY_CLIENT_TLS_CERT", value_name = "PATH")]
    pub tls_cert: Option<PathBuf>,
    /// The PEM private key of --tls-cert's certificate.
    #[arg(long, env = "FRAY_CLIENT_TLS_KEY", value_name = "PATH")]
    pub tls_key: Option<PathBuf>,
    /// The name the server's certificate must carry, when it is not the URL's host
    /// (e.g. a server reached by IP address or through a tunnel).
    #[arg(long, env = "FRAY_CLIENT_TLS_DOMAIN", value_name = "NAME")]
    pub tls_domain: Option<String>,
}

fn usage(e: OptionsError) -> CliError {
    CliError::Usage(e.to_string())
}

impl TlsArgs {
    /// The flags as given, each with its value, to repeat them in a suggested command.
    pub fn words(&self) -> Vec<String> {
        let paths = [("--tls-ca", &self.tls_ca), ("--tls-cert", &self.tls_cert), ("--tls-key", &self.tls_key)];
        let mut words = Vec::new();
        for (flag, path) in paths {
            if let Some(path) = path {
                words.extend([flag.to_owned(), path.display().to_string()]);
            }
        }
        if let Some(domain) = &self.tls_domain {
            words.extend(["--tls-domain".to_owned(), domain.clone()]);
        }
        words
    }

    /// Reads and checks the files the flags name (each error names its flag and file).
    pub fn load(&self) -> Result<ClientTls, CliError> {
        let ca = match &self.tls_ca {
            None => None,
            Some(path) => {
                let ca = PemFile::read("--tls-ca", path).map_err(usage)?;
                ca.trust_anchors().map_err(usage)?;
                Some(ca)
            }
        };
        let identity = match (&self.tls_cert, &self.tls_key) {
            (Some(cert), Some(key)) => {
                let cert = PemFile::read("--tls-cert", cert).map_err(usage)?;
                let key = PemFile::read("--tls-key", key).map_err(usage)?;
                check_key_pair(&cert, &key).map_err(usage)?;
                Some((cert, key))
            }
            (Some(_), None) => return Err(CliError::Usage("--tls-cert: needs --tls-key, its private key".into())),
            (None, Some(_)) => {
                return Err(CliError::Usage("--tls-key: needs --tls-cert, the certificate it is the key of".into()));
            }
            (None, None) => None,
        };
        Ok(ClientTls { ca, identity, domain: self.tls_domain.clone() })
    }
}

/// TLS settings read from [`TlsArgs`] and checked, for any number of endpoints. The
/// default (no flags) trusts the system's roots and presents no certificate.
#[derive(Debug, Clone, Default)]
pub struct ClientTls {
    ca: Option<PemFile>,
    identity: Option<(PemFile, PemFile)>,
    domain: Option<String>,
}

impl ClientTls {
    /// The first TLS flag that was given, if any.
    fn given(&self) -> Option<&'static str> {
        [
            (self.ca.is_some(), "--tls-ca"),
            (self.identity.is_some(), "--tls-cert"),
            (self.domain.is_some(), "--tls-domain"),
        ]
        .into_iter()
        .find_map(|(given, flag)| given.then_some(flag))
    }

    /// These settings verifying the server as `host` unless `--tls-domain` names
    /// another: for a connection made to an address rather than the URL's host name.
    pub fn verifying_by_default(&self, host: &str) -> ClientTls {
        ClientTls { domain: self.domain.clone().or_else(|| Some(host.to_owned())), ..self.clone() }
    }

    /// The CAs trusted: `--tls-ca`'s, else the system's.
    fn roots(&self) -> Result<RootCertStore, CliError> {
        if let Some(ca) = &self.ca {
            return ca.trust_anchors().map_err(usage);
        }
        let mut roots = RootCertStore::empty();
        roots.add_parsable_certificates(rustls_native_certs::load_native_certs().certs);
        if roots.is_empty() {
            return Err(CliError::Usage(
                "no trusted CA certificates found on this system: give the server's CA with --tls-ca".into(),
            ));
        }
        Ok(roots)
    }

    /// `endpoint` (for `url`) over TLS when the URL is `https://`; a plaintext URL is
    /// left alone, unless TLS flags were given for it, which is an error.
    pub fn apply(&self, endpoint: Endpoint, url: &str) -> Result<Endpoint, CliError> {
        if endpoint.uri().scheme_str() != Some("https") {
            return match self.given() {
                None => Ok(endpoint),
                Some(flag) => Err(CliError::Usage(format!(
                    "{flag} is for TLS, but --server {url} is plaintext: write https:// to use TLS"
                ))),
            };
        }
        let mut config = ClientTlsConfig::new().timeout(HANDSHAKE_TIMEOUT).trust_anchors(self.roots()?.roots);
        if let Some((cert, key)) = &self.identity {
            config = config.identity(Identity::from_pem(cert.pem(), key.pem()));
        }
        if let Some(domain) = &self.domain {
            config = config.domain_name(domain.clone());
        }
        endpoint
            .tls_config(config)
            .map_err(|e| CliError::Usage(format!("--server {url}: cannot set up TLS: {}", crate::error::chain(&e))))
    }

    /// The same settings as a rustls configuration, for [`ClientTls::check`].
    fn rustls_config(&self) -> Result<rustls::ClientConfig, CliError> {
        let builder = rustls::ClientConfig::builder_with_provider(provider())
            .with_safe_default_protocol_versions()
            .map_err(|e| CliError::Usage(format!("TLS: {e}")))?
            .with_root_certificates(self.roots()?);
        let mut config = match &self.identity {
            None => builder.with_no_client_auth(),
            Some((cert, key)) => builder
                .with_client_auth_cert(cert.certificates().map_err(usage)?, key.private_key().map_err(usage)?)
                .map_err(|e| usage(key.invalid(e)))?,
        };
        config.alpn_protocols = vec![b"h2".to_vec()];
        Ok(config)
    }

    /// For an `https://` URL: one TLS handshake with these settings, then a read of the
    /// server's first bytes, so a refusal is told in words ([`CliError::Tls`]). A server
    /// that cannot be reached, or any failure that is not TLS's, is left for the gRPC
    /// connection to report.
    pub async fn check(&self, url: &str, uri: &Uri) -> Result<(), CliError> {
        let (Some("https"), Some(host)) = (uri.scheme_str(), uri.host()) else { return Ok(()) };
        let port = uri.port_u16().unwrap_or(443);
        let host = host.trim_start_matches('[').trim_end_matches(']');
        let name = self.domain.as_deref().unwrap_or(host);
        let server_name = ServerName::try_from(name.to_owned())
            .map_err(|e| CliError::Usage(format!("--tls-domain {name}: not a name or address to verify: {e}")))?;
        let connector = tokio_rustls::TlsConnector::from(Arc::new(self.rustls_config()?));
        let refused = |e: &std::io::Error| explain(e).map(|why| CliError::Tls(format!("{url}: {why}")));

        let Ok(Ok(tcp)) = tokio::time::timeout(HANDSHAKE_TIMEOUT, tokio::net::TcpStream::connect((host, port))).await
        else {
            return Ok(());
        };
        let mut stream = match tokio::time::timeout(HANDSHAKE_TIMEOUT, connector.connect(server_name, tcp)).await {
            Ok(Ok(stream)) => stream,
            Ok(Err(e)) => return refused(&e).map_or(Ok(()), Err),
            Err(_) => return Ok(()),
        };
        match tokio::time::timeout(FIRST_BYTES_TIMEOUT, stream.read(&mut [0u8; 1])).await {
            Ok(Err(e)) => refused(&e).map_or(Ok(()), Err),
            _ => Ok(()),
        }
    }
}

/// `error`, or what it means when a plaintext URL (`http://`) reached a server that
/// speaks TLS: the call broke on the connection (how it breaks varies: a broken pipe,
/// a cancelled call, an HTTP/2 protocol error), so on such a failure the server is
/// asked for a TLS handshake to tell.
pub async fn diagnose_plaintext(url: &str, error: CliError) -> CliError {
    let broke = matches!(&error, CliError::Status(status) if StdError::source(status.as_ref()).is_some());
    let Ok(uri) = normalize_url(url).parse::<Uri>() else { return error };
    if broke && uri.scheme_str() == Some("http") && speaks_tls(&uri).await {
        return CliError::Tls(format!(
            "{url}: the server speaks TLS: use an https:// URL (with --tls-ca if its CA is private)"
        ));
    }
    error
}

/// Whether the server at `uri` answers a TLS handshake in TLS (whatever it thinks of
/// this client, which trusts no CA here).
async fn speaks_tls(uri: &Uri) -> bool {
    let (Some(host), Some(port)) = (uri.host(), uri.port_u16()) else { return false };
    let host = host.trim_start_matches('[').trim_end_matches(']');
    let Ok(name) = ServerName::try_from(host.to_owned()) else { return false };
    let Ok(builder) = rustls::ClientConfig::builder_with_provider(provider()).with_safe_default_protocol_versions()
    else {
        return false;
    };
    let config = builder.with_root_certificates(RootCertStore::empty()).with_no_client_auth();
    let Ok(Ok(tcp)) = tokio::time::timeout(HANDSHAKE_TIMEOUT, tokio::net::TcpStream::connect((host, port))).await
    else {
        return false;
    };
    let connector = tokio_rustls::TlsConnector::from(Arc::new(config));
    match tokio::time::timeout(HANDSHAKE_TIMEOUT, connector.connect(name, tcp)).await {
        Ok(Ok(_)) => true,
        Ok(Err(e)) => {
            let tls = e.get_ref().and_then(|inner| inner.downcast_ref::<rustls::Error>());
            matches!(tls, Some(rustls::Error::InvalidCertificate(_) | rustls::Error::AlertReceived(_)))
        }
        Err(_) => false,
    }
}

/// `url` with `http://` in front when it names no scheme (`127.0.0.1:50051`).
pub fn normalize_url(url: &str) -> String {
    if url.contains("://") { url.to_owned() } else { format!("http://{url}") }
}
