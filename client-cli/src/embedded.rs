//! An in-process Rules and Agent server on a free loopback port, so `fray resolve`,
//! `fray play` and `fray replay` work without a running server while still speaking
//! real gRPC over TCP; [`ServerHandle`] picks it or a remote `--server` (over TLS for
//! an `https://` URL).

use std::net::SocketAddr;
use std::time::Duration;

use fray_service::{ServerConfig, serve};
use tokio::net::TcpListener;
use tokio::sync::oneshot;
use tokio::task::JoinHandle;

use crate::client;
use crate::error::CliError;
use crate::tls::{ClientTls, TlsArgs};

/// How long [`EmbeddedServer::stop`] waits for the server to drain.
const STOP_TIMEOUT: Duration = Duration::from_secs(5);

/// A running in-process server; stop it with [`EmbeddedServer::stop`].
#[derive(Debug)]
pub struct EmbeddedServer {
    addr: SocketAddr,
    shutdown: oneshot::Sender<()>,
    task: JoinHandle<Result<(), String>>,
}

impl EmbeddedServer {
    /// Binds `127.0.0.1:0` and serves the Rules service there in a background task.
    /// The listener is bound before this returns, so clients may connect at once. It
    /// serves one person on loopback, so it deals a sealed game from its seed alone
    /// (`sealed_deals_from_seed`): `fray play --seed N` deals the same game again, and
    /// `fray replay` deals it again to check it.
    pub async fn start() -> Result<Self, CliError> {
        let listener = TcpListener::bind("127.0.0.1:0")
            .await
            .map_err(|e| CliError::Server(format!("cannot bind 127.0.0.1:0: {e}")))?;
        let addr = listener.local_addr().map_err(|e| CliError::Server(format!("no local address: {e}")))?;
        let (shutdown, stopped) = oneshot::channel::<()>();
        let signal = async move {
            // A dropped sender also means "stop".
            let _ = stopped.await;
        };
        let task = tokio::spawn(async move {
            let config = ServerConfig { sealed_deals_from_seed: true, ..ServerConfig::default() };
            serve(listener, config, signal).await.map_err(|e| crate::error::chain(&e))
        });
        Ok(Self { addr, shutdown, task })
    }

    /// The address it listens on.
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// Its URL for a client, `http://127.0.0.1:PORT`.
    pub fn url(&self) -> String {
        format!("http://{}", self.addr)
    }

    /// Asks the server to shut down and waits (bounded) for it to finish.
    pub async fn stop(self) -> Result<(), CliError> {
        // The task may already have ended; its result tells why.
        let _ = self.shutdown.send(());
        match tokio::time::timeout(STOP_TIMEOUT, self.task).await {
            Ok(Ok(Ok(()))) => Ok(()),
            Ok(Ok(Err(e))) => Err(CliError::Server(e)),
            Ok(Err(join)) => Err(CliError::Server(format!("the server task failed: {join}"))),
            Err(_) => Err(CliError::Server(format!("the server did not stop within {STOP_TIMEOUT:?}"))),
        }
    }
}

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
    pub async fn channel(&self) -> Result<client::Channel, CliError> {
        match self {
            ServerHandle::Remote(url, tls) => client::channel(url, tls).await,
            ServerHandle::Embedded(server) => client::channel(&server.url(), &ClientTls::default()).await,
        }
    }

    /// Stops an embedded server; a remote one is left alone.
    pub async fn stop(self) -> Result<(), CliError> {
        match self {
            ServerHandle::Remote(..) => Ok(()),
            ServerHandle::Embedded(server) => server.stop().await,
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
