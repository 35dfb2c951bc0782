//! The server a command talks to ([`ServerHandle`]): a remote `--server` (over TLS for
//! an `https://` URL) or the client library's in-process server on a free loopback
//! port ([`EmbeddedServer`]), so `fray resolve`, `fray play` and `fray replay` work
//! without a running server while still speaking real gRPC over TCP.

use fray_client::channel::channel;
pub use fray_client::embedded::EmbeddedServer;
use tonic::transport::Channel;

use crate::error::CliError;
use crate::tls::{ClientTls, TlsArgs};

/// The server a command talks to: a remote one (`--server URL`) or an embedded one.
#[derive(Debug)]
pub enum ServerHandle {
    /// A server somebody else runs, at this URL, reached with these TLS settings.
    Remote(String, ClientTls),
    /// A server started in this process.
    Embedded(EmbeddedServer),
}

impl ServerHandle {
    /// Uses `server` when given (with the files `tls` names read and checked), else
    /// starts an embedded server (plaintext on loopback: `tls` is not used).
    pub async fn start(server: Option<&str>, tls: &TlsArgs) -> Result<Self, CliError> {
        match server {
            Some(url) => Ok(ServerHandle::Remote(url.to_owned(), tls.load()?)),
            None => Ok(ServerHandle::Embedded(EmbeddedServer::start().await?)),
        }
    }

    /// True for a server at `--server`, which deals sealed games from its own
    /// randomness (not the embedded one, which deals them from their seed).
    pub fn is_remote(&self) -> bool {
        matches!(self, ServerHandle::Remote(..))
    }

    /// The URL to connect to.
    pub fn url(&self) -> String {
        match self {
            ServerHandle::Remote(url, _) => url.clone(),
            ServerHandle::Embedded(server) => server.url(),
        }
    }

    /// Connects to the server; the channel carries the Rules and the Agent service.
    pub async fn channel(&self) -> Result<Channel, CliError> {
        match self {
            ServerHandle::Remote(url, tls) => Ok(channel(url, tls).await?),
            ServerHandle::Embedded(server) => Ok(channel(&server.url(), &ClientTls::default()).await?),
        }
    }

    /// Stops an embedded server; a remote one is left alone.
    pub async fn stop(self) -> Result<(), CliError> {
        match self {
            ServerHandle::Remote(..) => Ok(()),
            ServerHandle::Embedded(server) => Ok(server.stop().await?),
        }
    }

    /// Stops the server, then passes on `result` (the work done with it): its error
    /// comes before a failure to stop. A remote `http://` server whose connection broke
    /// is asked whether it speaks TLS, to say so.
    pub async fn finish<T>(self, result: Result<T, CliError>) -> Result<T, CliError> {
        let result = match (&self, result) {
            (ServerHandle::Remote(url, _), Err(e)) => Err(crate::tls::diagnose_plaintext(url, e).await),
            (_, result) => result,
        };
        let stopped = self.stop().await;
        let value = result?;
        stopped?;
        Ok(value)
    }
}
