//! TLS for the server (rustls with ring, through tonic): the certificate and key files
//! named by `--tls-cert` / `--tls-key`, and for mutual TLS the CA that client
//! certificates must chain to (`--tls-client-ca`).
//!
//! Every file is read and checked when the options are turned into a configuration,
//! with the rustls that tonic uses: a missing file, a
//! file without a PEM certificate or private key, or a key that is not the
//! certificate's is an error naming the flag and the file before anything listens.
//! [`PemFile`] and [`check_key_pair`] are public so the CLI checks its own client
//! certificate and CA files the same way.

use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use rustls::crypto::CryptoProvider;
use rustls::pki_types::pem::{self, PemObject as _};
use rustls::pki_types::{CertificateDer, PrivateKeyDer};
use rustls::server::WebPkiClientVerifier;
use rustls::sign::CertifiedKey;
use rustls::{InconsistentKeys, RootCertStore};
use tonic::transport::{Certificate, Identity, ServerTlsConfig};

use crate::option_error::OptionsError;

/// How long a client may take over the TLS handshake before its connection is dropped
/// (so half-open handshakes cannot pile up).
pub const HANDSHAKE_TIMEOUT: Duration = Duration::from_secs(10);

/// The crypto tonic uses: rustls' process default when one is installed, else ring.
pub fn provider() -> Arc<CryptoProvider> {
    CryptoProvider::get_default().cloned().unwrap_or_else(|| Arc::new(rustls::crypto::ring::default_provider()))
}

/// A PEM file named by a flag, read into memory; its errors name the flag and the file.
#[derive(Clone, PartialEq, Eq)]
pub struct PemFile {
    flag: &'static str,
    path: PathBuf,
    pem: Vec<u8>,
}

impl fmt::Debug for PemFile {
    /// The flag and the path only: the contents may be a private key.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("PemFile").field("flag", &self.flag).field("path", &self.path).finish_non_exhaustive()
    }
}

impl PemFile {
    /// Reads the file `flag` names.
    pub fn read(flag: &'static str, path: &Path) -> Result<Self, OptionsError> {
        let pem = std::fs::read(path).map_err(|source| OptionsError::Unreadable {
            flag,
            path: path.display().to_string(),
            source,
        })?;
        Ok(Self { flag, path: path.to_owned(), pem })
    }

    /// The file's contents, as read.
    pub fn pem(&self) -> &[u8] {
        &self.pem
    }

    /// An error about this file: `FLAG: PATH: why`.
    pub fn invalid(&self, why: impl fmt::Display) -> OptionsError {
        OptionsError::Invalid { flag: self.flag, why: format!("{}: {why}", self.path.display()) }
    }

    /// Every certificate in the file, in order (other PEM sections are skipped); none
    /// is an error.
    pub fn certificates(&self) -> Result<Vec<CertificateDer<'static>>, OptionsError> {
        let certs = CertificateDer::pem_slice_iter(&self.pem)
            .collect::<Result<Vec<_>, _>>()
            .map_err(|e| self.invalid(format_args!("not a valid PEM file: {e}")))?;
        if certs.is_empty() {
            return Err(self.invalid("no PEM certificate in the file (-----BEGIN CERTIFICATE-----)"));
        }
        Ok(certs)
    }

    /// The first private key in the file (PKCS#8, PKCS#1 RSA or SEC1 EC).
    pub fn private_key(&self) -> Result<PrivateKeyDer<'static>, OptionsError> {
        PrivateKeyDer::from_pem_slice(&self.pem).map_err(|e| match e {
            pem::Error::NoItemsFound => self.invalid(
                "no PEM private key in the file (-----BEGIN PRIVATE KEY-----, RSA PRIVATE KEY or EC PRIVATE KEY)",
            ),
            e => self.invalid(format_args!("not a valid PEM file: {e}")),
        })
    }

    /// The file's certificates as trust anchors (a CA file): at least one, each usable.
    pub fn trust_anchors(&self) -> Result<RootCertStore, OptionsError> {
        let mut roots = RootCertStore::empty();
        for (n, cert) in self.certificates()?.into_iter().enumerate() {
            roots.add(cert).map_err(|e| self.invalid(format_args!("certificate {} is not a usable CA: {e}", n + 1)))?;
        }
        Ok(roots)
    }
}

/// The certificate chain in `cert` and the private key in `key`, checked to belong
/// together: the key must be the one of the first (end-entity) certificate.
pub fn check_key_pair(cert: &PemFile, key: &PemFile) -> Result<(), OptionsError> {
    let chain = cert.certificates()?;
    let private_key = key.private_key()?;
    let signing_key = provider()
        .key_provider
        .load_private_key(private_key)
        .map_err(|e| key.invalid(format_args!("the private key cannot be used: {e}")))?;
    match CertifiedKey::new(chain, signing_key).keys_match() {
        // A key type that cannot tell its public key is taken on trust, as rustls does.
        Ok(()) | Err(rustls::Error::InconsistentKeys(InconsistentKeys::Unknown)) => Ok(()),
        Err(rustls::Error::InconsistentKeys(InconsistentKeys::KeyMismatch)) => Err(key.invalid(format_args!(
            "this private key does not match the certificate in {} {}",
            cert.flag,
            cert.path.display()
        ))),
        Err(e) => Err(cert.invalid(format_args!("the first certificate cannot be read: {e}"))),
    }
}

/// The server's TLS settings, read and checked: its certificate chain and key, and
/// for mutual TLS the CA whose certificates clients must present.
#[derive(Clone, PartialEq, Eq)]
pub struct ServerTls {
    cert: PemFile,
    key: PemFile,
    client_ca: Option<PemFile>,
}

impl fmt::Debug for ServerTls {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ServerTls")
            .field("cert", &self.cert.path)
            .field("key", &self.key.path)
            .field("client_ca", &self.client_ca.as_ref().map(|ca| &ca.path))
            .finish()
    }
}

impl ServerTls {
    /// Reads `--tls-cert`, `--tls-key` and `--tls-client-ca` and checks them as rustls
    /// will use them (the key is the certificate's, the CA can verify client
    /// certificates), so whatever would fail later fails here, named by flag and file.
    pub fn load(cert: &Path, key: &Path, client_ca: Option<&Path>) -> Result<Self, OptionsError> {
        let tls = Self {
            cert: PemFile::read("--tls-cert", cert)?,
            key: PemFile::read("--tls-key", key)?,
            client_ca: client_ca.map(|path| PemFile::read("--tls-client-ca", path)).transpose()?,
        };
        check_key_pair(&tls.cert, &tls.key)?;
        if let Some(ca) = &tls.client_ca {
            WebPkiClientVerifier::builder_with_provider(Arc::new(ca.trust_anchors()?), provider())
                .build()
                .map_err(|e| ca.invalid(format_args!("cannot check client certificates with it: {e}")))?;
        }
        Ok(tls)
    }

    /// Whether clients must present a certificate signed by `--tls-client-ca`.
    pub fn requires_client_certificate(&self) -> bool {
        self.client_ca.is_some()
    }

    /// The settings in tonic's terms, with the handshake timeout.
    pub fn server_tls_config(&self) -> ServerTlsConfig {
        let config = ServerTlsConfig::new()
            .identity(Identity::from_pem(self.cert.pem(), self.key.pem()))
            .timeout(HANDSHAKE_TIMEOUT);
        match &self.client_ca {
            None => config,
            Some(ca) => config.client_ca_root(Certificate::from_pem(ca.pem())),
        }
    }
}
