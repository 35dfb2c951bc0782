//! A real server on 127.0.0.1:0, reached over a real tonic channel.

use std::net::SocketAddr;

use fray_proto::fray::v1 as pb;
use fray_service::{Metrics, ServeError, ServerConfig, serve_with_metrics};
use pb::rules_client::RulesClient;
use tokio::sync::oneshot;
use tokio::task::JoinHandle;
use tonic::transport::{Channel, Endpoint};

/// A server running in this test's runtime.
pub struct TestServer {
    /// The address it listens on.
    pub addr: SocketAddr,
    /// A channel connected to it.
    pub channel: Channel,
    /// What the server counts (the numbers `--metrics-listen` shows).
    pub metrics: Metrics,
    stop: Option<oneshot::Sender<()>>,
    task: JoinHandle<Result<(), ServeError>>,
}

impl TestServer {
    /// Starts a server with the default configuration.
    pub async fn start() -> Self {
        Self::with_config(ServerConfig::default()).await
    }

    /// Starts a server on a free loopback port and connects to it.
    pub async fn with_config(config: ServerConfig) -> Self {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        let (stop, stopped) = oneshot::channel::<()>();
        let metrics = Metrics::new();
        let task = tokio::spawn(serve_with_metrics(listener, config, metrics.clone(), async {
            let _ = stopped.await;
        }));
        // The listener is bound before the server task runs, so connecting cannot race.
        let channel = Endpoint::from_shared(format!("http://{addr}")).unwrap().connect().await.unwrap();
        Self { addr, channel, metrics, stop: Some(stop), task }
    }

    /// A Rules client on the shared channel.
    pub fn rules(&self) -> RulesClient<Channel> {
        RulesClient::new(self.channel.clone())
    }

    /// Asks the server to shut down, without waiting.
    pub fn ask_to_stop(&mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
    }

    /// Asks the server to shut down and waits for `serve` to return.
    pub async fn shutdown(mut self) -> Result<(), ServeError> {
        self.ask_to_stop();
        self.task.await.unwrap()
    }
}
