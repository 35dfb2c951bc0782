//! TLS for a client's connections: an `https://` server URL is reached over TLS
//! (rustls), trusting the system's roots or only the CA given with `--tls-ca`, optionally
//! with a client certificate for servers that require one (mutual TLS); and TLS failures
//! told in words rather than as a bare "transport error". The settings are the `--tls-*`
//! flags of the `fray` command line, and its errors name them.
//!
//! Before its channel connects, a client makes one TLS handshake of its own with the
//! same settings ([`ClientTls::check`]) and reads the server's first bytes. With TLS 1.3
//! a server refuses a client certificate only after the client's side of the
//! handshake is done; a gRPC client has sent its first request by then, and the
//! server's alert is often lost behind a reset connection ("broken pipe", "operation
//! was canceled"). Reading before writing gets the alert every time.

use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

use fray_service::options::OptionsError;
use fray_service::tls::{HANDSHAKE_TIMEOUT, PemFile, check_key_pair, provider};
use rustls::RootCertStore;
use rustls::pki_types::ServerName;
use tokio::io::AsyncReadExt as _;
use tonic::transport::{ClientTlsConfig, Endpoint, Identity, Uri};

use crate::error::{ClientError, explain};

/// How long the check waits for the server's first bytes after the handshake (a gRPC
/// server sends its HTTP/2 settings at once); silence past it is taken as consent.
const FIRST_BYTES_TIMEOUT: Duration = Duration::from_secs(2);

fn usage(e: OptionsError) -> ClientError {
    ClientError::Usage(e.to_string())
}

/// TLS settings read from the `--tls-*` files and checked ([`ClientTls::from_files`]),
/// for any number of endpoints. The
/// default (no flags) trusts the system's roots and presents no certificate.
#[derive(Debug, Clone, Default)]
pub struct ClientTls {
    ca: Option<PemFile>,
    identity: Option<(PemFile, PemFile)>,
    domain: Option<String>,
}

impl ClientTls {
    /// The settings of the files `--tls-ca`, `--tls-cert` and `--tls-key` name, read and
    /// checked (each error names its flag and file), and the name `--tls-domain` gives.
    pub fn from_files(
        tls_ca: Option<&Path>,
        tls_cert: Option<&Path>,
        tls_key: Option<&Path>,
        tls_domain: Option<&str>,
    ) -> Result<ClientTls, ClientError> {
        let ca = match tls_ca {
            None => None,
            Some(path) => {
                let ca = PemFile::read("--tls-ca", path).map_err(usage)?;
                ca.trust_anchors().map_err(usage)?;
                Some(ca)
            }
        };
        let identity = match (tls_cert, tls_key) {
            (Some(cert), Some(key)) => {
                let cert = PemFile::read("--tls-cert", cert).map_err(usage)?;
                let key = PemFile::read("--tls-key", key).map_err(usage)?;
                check_key_pair(&cert, &key).map_err(usage)?;
                Some((cert, key))
            }
            (Some(_), None) => return Err(ClientError::Usage("--tls-cert: needs --tls-key, its private key".into())),
            (None, Some(_)) => {
                return Err(ClientError::Usage("--tls-key: needs --tls-cert, the certificate it is the key of".into()));
            }
            (None, None) => None,
        };
        Ok(ClientTls { ca, identity, domain: tls_domain.map(str::to_owned) })
    }

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
    fn roots(&self) -> Result<RootCertStore, ClientError> {
        if let Some(ca) = &self.ca {
            return ca.trust_anchors().map_err(usage);
        }
        let mut roots = RootCertStore::empty();
        roots.add_parsable_certificates(rustls_native_certs::load_native_certs().certs);
        if roots.is_empty() {
            return Err(ClientError::Usage(
                "no trusted CA certificates found on this system: give the server's CA with --tls-ca".into(),
            ));
        }
        Ok(roots)
    }

    /// `endpoint` (for `url`) over TLS when the URL is `https://`; a plaintext URL is
    /// left alone, unless TLS flags were given for it, which is an error.
    pub fn apply(&self, endpoint: Endpoint, url: &str) -> Result<Endpoint, ClientError> {
        if endpoint.uri().scheme_str() != Some("https") {
            return match self.given() {
                None => Ok(endpoint),
                Some(flag) => Err(ClientError::Usage(format!(
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
            .map_err(|e| ClientError::Usage(format!("--server {url}: cannot set up TLS: {}", crate::error::chain(&e))))
    }

    /// The same settings as a rustls configuration, for [`ClientTls::check`].
    fn rustls_config(&self) -> Result<rustls::ClientConfig, ClientError> {
        let builder = rustls::ClientConfig::builder_with_provider(provider())
            .with_safe_default_protocol_versions()
            .map_err(|e| ClientError::Usage(format!("TLS: {e}")))?
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
    /// server's first bytes, so a refusal is told in words ([`ClientError::Tls`]). A server
    /// that cannot be reached, or any failure that is not TLS's, is left for the gRPC
    /// connection to report.
    pub async fn check(&self, url: &str, uri: &Uri) -> Result<(), ClientError> {
        let (Some("https"), Some(host)) = (uri.scheme_str(), uri.host()) else { return Ok(()) };
        let port = uri.port_u16().unwrap_or(443);
        let host = host.trim_start_matches('[').trim_end_matches(']');
        let name = self.domain.as_deref().unwrap_or(host);
        let server_name = ServerName::try_from(name.to_owned())
            .map_err(|e| ClientError::Usage(format!("--tls-domain {name}: not a name or address to verify: {e}")))?;
        let connector = tokio_rustls::TlsConnector::from(Arc::new(self.rustls_config()?));
        let refused = |e: &std::io::Error| explain(e).map(|why| ClientError::Tls(format!("{url}: {why}")));

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

/// What it means when a call to a plaintext URL (`http://`) broke on its connection
/// (how it breaks varies: a broken pipe, a cancelled call, an HTTP/2 protocol error):
/// the server is asked for a TLS handshake, and if it speaks TLS, that is said in words
/// (a [`ClientError::Tls`]'s).
pub async fn plaintext_speaks_tls(url: &str) -> Option<String> {
    let uri = normalize_url(url).parse::<Uri>().ok()?;
    (uri.scheme_str() == Some("http") && speaks_tls(&uri).await)
        .then(|| format!("{url}: the server speaks TLS: use an https:// URL (with --tls-ca if its CA is private)"))
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
