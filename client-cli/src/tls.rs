//! The TLS flags of every command with `--server` ([`TlsArgs`]), read into the client
//! library's settings ([`ClientTls`], which reaches an `https://` server and tells its
//! failures in words), and a broken plaintext call to a server that speaks TLS told so.

use std::error::Error as StdError;
use std::path::PathBuf;

use clap::Args;
pub use fray_client::tls::ClientTls;

use crate::error::CliError;

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
        let (ca, cert, key) = (self.tls_ca.as_deref(), self.tls_cert.as_deref(), self.tls_key.as_deref());
        Ok(ClientTls::from_files(ca, cert, key, self.tls_domain.as_deref())?)
    }
}

/// `error`, or what it means when a plaintext URL (`http://`) reached a server that
/// speaks TLS: the call broke on the connection (how it breaks varies: a broken pipe,
/// a cancelled call, an HTTP/2 protocol error), so on such a failure the server is
/// asked for a TLS handshake to tell.
pub async fn diagnose_plaintext(url: &str, error: CliError) -> CliError {
    let broke = matches!(&error, CliError::Status(status) if StdError::source(status.as_ref()).is_some());
    if broke && let Some(why) = fray_client::tls::plaintext_speaks_tls(url).await {
        return CliError::Tls(why);
    }
    error
}
