//! Certificates made at test time with rcgen, written as PEM files in a directory of
//! their own (removed on drop): a test CA, a server certificate for `localhost` and
//! `127.0.0.1`, a client certificate, and a second, unrelated CA with a client
//! certificate of its own. `service/tests/tls.rs` and `client-cli/tests/tls.rs` both
//! include this file (by path), so it holds only what both use: no dead code in either.
#![allow(clippy::unwrap_used)]

use std::path::PathBuf;

use rcgen::{BasicConstraints, CertificateParams, DnType, ExtendedKeyUsagePurpose, IsCa, Issuer, KeyPair};

/// The PEM files of one test PKI.
pub struct Pki {
    dir: PathBuf,
}

/// A CA: its certificate and what signs with it.
fn new_ca(name: &str) -> (String, Issuer<'static, KeyPair>) {
    let mut params = CertificateParams::new(Vec::<String>::new()).unwrap();
    params.is_ca = IsCa::Ca(BasicConstraints::Unconstrained);
    params.distinguished_name.push(DnType::CommonName, name);
    let key = KeyPair::generate().unwrap();
    let cert = params.self_signed(&key).unwrap();
    (cert.pem(), Issuer::new(params, key))
}

/// A certificate for `names` signed by `issuer`, and its private key, in PEM.
fn new_leaf(names: &[&str], usage: ExtendedKeyUsagePurpose, issuer: &Issuer<'_, KeyPair>) -> (String, String) {
    let mut params = CertificateParams::new(names.iter().map(|n| (*n).to_owned()).collect::<Vec<_>>()).unwrap();
    params.distinguished_name.push(DnType::CommonName, names[0]);
    params.extended_key_usages.push(usage);
    let key = KeyPair::generate().unwrap();
    let cert = params.signed_by(&key, issuer).unwrap();
    (cert.pem(), key.serialize_pem())
}

impl Pki {
    /// Makes every certificate and key under a fresh temporary directory named after `test`.
    pub fn new(test: &str) -> Self {
        let dir = std::env::temp_dir().join(format!("fray-tls-{test}-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let pki = Self { dir };
        let (ca, issuer) = new_ca("fray test CA");
        let (server, server_key) = new_leaf(&["localhost", "127.0.0.1"], ExtendedKeyUsagePurpose::ServerAuth, &issuer);
        let (client, client_key) = new_leaf(&["fray client"], ExtendedKeyUsagePurpose::ClientAuth, &issuer);
        let (other_ca, other_issuer) = new_ca("an unrelated CA");
        let (other_client, other_client_key) =
            new_leaf(&["stranger"], ExtendedKeyUsagePurpose::ClientAuth, &other_issuer);
        for (name, pem) in [
            ("ca.pem", ca),
            ("server.pem", server),
            ("server-key.pem", server_key),
            ("client.pem", client),
            ("client-key.pem", client_key),
            ("other-ca.pem", other_ca),
            ("other-client.pem", other_client),
            ("other-client-key.pem", other_client_key),
        ] {
            std::fs::write(pki.path(name), pem).unwrap();
        }
        pki
    }

    /// A file in the PKI's directory (made or not).
    pub fn path(&self, name: &str) -> PathBuf {
        self.dir.join(name)
    }

    /// A file's path as a `&str` argument.
    pub fn arg(&self, name: &str) -> String {
        self.path(name).to_str().unwrap().to_owned()
    }
}

impl Drop for Pki {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}
