//! What the tests of the referee share: a Rules server on a free loopback port and a
//! plaintext connector to it.

#![allow(clippy::unwrap_used)]

use std::net::SocketAddr;
use std::time::Duration;

use fray_proto::fray::v1::rules_client::RulesClient;
use fray_service::{ServerConfig, serve};
use tokio::net::TcpListener;
use tokio::sync::oneshot;
use tokio::task::JoinHandle;
use tonic::transport::{Channel, Endpoint, Uri};

use super::connect::Connector;
use super::error::TournamentError;
use crate::grpc;

/// A Rules server in this process, on a free loopback port, until stopped.
pub struct TestServer {
    addr: SocketAddr,
    shutdown: oneshot::Sender<()>,
    task: JoinHandle<()>,
}

impl TestServer {
    /// Serves the Rules service on `127.0.0.1:0`, bound before this returns.
    pub async fn start() -> Self {
        Self::start_with(ServerConfig::default()).await
    }

    /// [`TestServer::start`] with `config`.
    pub async fn start_with(config: ServerConfig) -> Self {
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        let (shutdown, stopped) = oneshot::channel::<()>();
        let signal = async move {
            let _ = stopped.await;
        };
        let task = tokio::spawn(async move { serve(listener, config, signal).await.unwrap() });
        Self { addr, shutdown, task }
    }

    /// The address it listens on.
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// Its URL, `http://127.0.0.1:PORT`.
    pub fn url(&self) -> String {
        format!("http://{}", self.addr)
    }

    /// Stops it and waits for it to finish.
    pub async fn stop(self) {
        let _ = self.shutdown.send(());
        tokio::time::timeout(Duration::from_secs(5), self.task).await.unwrap().unwrap();
    }
}

/// Plaintext channels to `http://` URLs (a bare `HOST:PORT` gets the scheme).
pub struct Plain;

impl Plain {
    fn endpoint(url: &str) -> Result<(Endpoint, String), TournamentError> {
        let url = if url.contains("://") { url.to_owned() } else { format!("http://{url}") };
        let endpoint = Endpoint::from_shared(url.clone())
            .map_err(|e| TournamentError::Usage(format!("--server {url}: not a valid URL: {e}")))?;
        Ok((endpoint.connect_timeout(Duration::from_secs(5)), url))
    }
}

impl Connector for Plain {
    fn locate(&self, url: &str) -> Result<(String, Uri), TournamentError> {
        let (endpoint, url) = Self::endpoint(url)?;
        Ok((url, endpoint.uri().clone()))
    }

    fn channel(&self, url: &str) -> Result<Channel, TournamentError> {
        Ok(Self::endpoint(url)?.0.connect_lazy())
    }

    fn channel_at(&self, url: &str, addr: SocketAddr) -> Result<Channel, TournamentError> {
        let (by_name, _) = Self::endpoint(url)?;
        let (at, _) = Self::endpoint(&format!("http://{addr}"))?;
        Ok(at.origin(by_name.uri().clone()).connect_lazy())
    }
}

/// A Rules client of the server at `url`, connected now.
pub async fn rules(url: &str) -> RulesClient<Channel> {
    grpc::rules(Plain::endpoint(url).unwrap().0.connect().await.unwrap())
}
