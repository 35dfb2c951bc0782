//! An in-process Rules and Agent server on a free loopback port, so a program (`fray
//! resolve`, `fray play`, `fray replay`, `fray tournament`) works without a running
//! server while still speaking real gRPC over TCP.

use std::net::SocketAddr;
use std::time::Duration;

use fray_service::{ServerConfig, serve};
use tokio::net::TcpListener;
use tokio::sync::oneshot;
use tokio::task::JoinHandle;

use crate::error::ClientError;

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
    pub async fn start() -> Result<Self, ClientError> {
        let listener = TcpListener::bind("127.0.0.1:0")
            .await
            .map_err(|e| ClientError::Server(format!("cannot bind 127.0.0.1:0: {e}")))?;
        let addr = listener.local_addr().map_err(|e| ClientError::Server(format!("no local address: {e}")))?;
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
    pub async fn stop(self) -> Result<(), ClientError> {
        // The task may already have ended; its result tells why.
        let _ = self.shutdown.send(());
        match tokio::time::timeout(STOP_TIMEOUT, self.task).await {
            Ok(Ok(Ok(()))) => Ok(()),
            Ok(Ok(Err(e))) => Err(ClientError::Server(e)),
            Ok(Err(join)) => Err(ClientError::Server(format!("the server task failed: {join}"))),
            Err(_) => Err(ClientError::Server(format!("the server did not stop within {STOP_TIMEOUT:?}"))),
        }
    }
}
