//! Channels to a Fray server, with explicit message size limits and timeouts, over TLS
//! for `https://` URLs ([`crate::tls`]); the Rules and Agent clients on them; and how a
//! tournament reaches its servers ([`Connector`] for [`ClientTls`]).

use std::net::SocketAddr;
use std::time::Duration;

use fray_proto::fray::v1::agent_client::AgentClient;
use fray_proto::fray::v1::rules_client::RulesClient;
use fray_service::write_batching::BatchedWrites;
use fray_tournament::refereed::connect::Connector;
use fray_tournament::refereed::error::TournamentError;
use hyper_util::client::legacy::connect::HttpConnector;
use hyper_util::rt::TokioIo;
use tokio::net::TcpStream;
pub use tonic::transport::Channel;
use tonic::transport::{Endpoint, Uri};
use tower::ServiceExt as _;

use crate::error::{ClientError, chain, explain, render_status};
use crate::tls::{ClientTls, normalize_url};

/// Largest message sent or accepted, the Rules client with those limits and a call of
/// a request already encoded: the tournament library's, which its referee calls with.
pub use fray_tournament::grpc::{MAX_MESSAGE_BYTES, call_encoded, rules};
/// How long to wait for the connection.
pub const CONNECT_TIMEOUT: Duration = Duration::from_secs(5);
/// How long one call may take (tonic reports an expired one as CANCELLED).
pub const CALL_TIMEOUT: Duration = Duration::from_secs(30);

/// The endpoint of the server at `url` (a bare `HOST:PORT` gets `http://`), with the
/// connect and call timeouts, and `tls` for an `https://` URL; the URL comes back
/// normalized.
pub fn endpoint(url: &str, tls: &ClientTls) -> Result<(Endpoint, String), ClientError> {
    let url = normalize_url(url);
    let endpoint = Endpoint::from_shared(url.clone())
        .map_err(|e| ClientError::Usage(format!("--server {url}: not a valid URL: {}", chain(&e))))?;
    let endpoint = tls.apply(with_timeouts(endpoint), &url)?;
    Ok((endpoint, url))
}

/// The endpoint of `url`'s server at one of its addresses: the connection goes to
/// `addr`, while the calls keep `url`'s host as their `:authority` (the origin). Under
/// TLS that host, not the address, is the name the certificate must carry (unless
/// `--tls-domain` names another).
pub fn endpoint_at(url: &str, addr: SocketAddr, tls: &ClientTls) -> Result<Endpoint, ClientError> {
    let (by_name, url) = endpoint(url, tls)?;
    let scheme = by_name.uri().scheme_str().unwrap_or("http");
    let at = Endpoint::from_shared(format!("{scheme}://{addr}"))
        .map_err(|e| ClientError::Usage(format!("--server {url} at {addr}: not a valid URL: {}", chain(&e))))?;
    let tls = match by_name.uri().host() {
        Some(host) if scheme == "https" => tls.verifying_by_default(host),
        _ => tls.clone(),
    };
    Ok(tls.apply(with_timeouts(at), &url)?.origin(by_name.uri().clone()))
}

fn with_timeouts(endpoint: Endpoint) -> Endpoint {
    endpoint.connect_timeout(CONNECT_TIMEOUT).timeout(CALL_TIMEOUT)
}

type BoxError = Box<dyn std::error::Error + Send + Sync>;

/// Opens a channel's connections: tonic's own TCP connector (hyper's, without Nagle;
/// the endpoint adds its connect timeout and TLS on top), each socket in
/// [`BatchedWrites`] so that the requests of calls sent together leave in one write.
fn connector()
-> impl tower::Service<Uri, Response = TokioIo<BatchedWrites<TcpStream>>, Error = BoxError, Future: Send> + Send + 'static
{
    let mut http = HttpConnector::new();
    http.enforce_http(false);
    http.set_nodelay(true);
    tower::service_fn(move |uri: Uri| {
        let http = http.clone();
        async move {
            let socket = http.oneshot(uri).await?.into_inner();
            Ok::<_, BoxError>(TokioIo::new(BatchedWrites(socket)))
        }
    })
}

/// `endpoint`'s channel, connected now.
pub async fn connect_now(endpoint: &Endpoint) -> Result<Channel, tonic::transport::Error> {
    endpoint.connect_with_connector(connector()).await
}

/// `endpoint`'s channel, connecting at its first call.
pub fn connect_lazily(endpoint: &Endpoint) -> Channel {
    endpoint.connect_with_connector_lazy(connector())
}

/// Connects to the server at `url` (e.g. `http://127.0.0.1:50051`, or `https://` with
/// `tls`); the channel carries both the Rules and the Agent service.
pub async fn channel(url: &str, tls: &ClientTls) -> Result<Channel, ClientError> {
    let (endpoint, url) = endpoint(url, tls)?;
    tls.check(&url, endpoint.uri()).await?;
    connect_now(&endpoint).await.map_err(|e| match explain(&e) {
        Some(why) => ClientError::Tls(format!("{url}: {why}")),
        None => ClientError::Connect { url, detail: chain(&e) },
    })
}

/// A tournament reaches its servers as every command does: [`endpoint`]s with these
/// TLS settings (`http://` added to a bare address), each channel connected through
/// [`connect_lazily`], a failed call told with its TLS failure in words.
impl Connector for ClientTls {
    fn locate(&self, url: &str) -> Result<(String, Uri), TournamentError> {
        let (endpoint, url) = endpoint(url, self)?;
        Ok((url, endpoint.uri().clone()))
    }

    fn channel(&self, url: &str) -> Result<Channel, TournamentError> {
        Ok(connect_lazily(&endpoint(url, self)?.0))
    }

    fn channel_at(&self, url: &str, addr: SocketAddr) -> Result<Channel, TournamentError> {
        Ok(connect_lazily(&endpoint_at(url, addr, self)?))
    }

    fn describe(&self, status: &tonic::Status) -> String {
        render_status(status)
    }
}

/// An Agent client on `channel`, with the message size limits.
pub fn agent(channel: Channel) -> AgentClient<Channel> {
    AgentClient::new(channel).max_decoding_message_size(MAX_MESSAGE_BYTES).max_encoding_message_size(MAX_MESSAGE_BYTES)
}

/// Connects to the Rules service at `url` (e.g. `http://127.0.0.1:50051`).
pub async fn connect(url: &str, tls: &ClientTls) -> Result<RulesClient<Channel>, ClientError> {
    Ok(rules(channel(url, tls).await?))
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::panic)]

    use fray_proto::fray::v1::ListRulesetsRequest;

    use super::*;

    #[test]
    fn a_bare_address_gets_the_http_scheme() {
        assert_eq!(normalize_url("127.0.0.1:50051"), "http://127.0.0.1:50051");
        assert_eq!(normalize_url("https://rules.example:443"), "https://rules.example:443");
    }

    /// A gRPC service named `fray.v1.Rules` that keeps the `:authority` of the last
    /// call and answers UNIMPLEMENTED.
    #[derive(Clone, Default)]
    struct Authority(std::sync::Arc<std::sync::Mutex<Option<String>>>);

    impl tonic::server::NamedService for Authority {
        const NAME: &'static str = "fray.v1.Rules";
    }

    impl tonic::codegen::Service<tonic::codegen::http::Request<tonic::body::Body>> for Authority {
        type Response = tonic::codegen::http::Response<tonic::body::Body>;
        type Error = std::convert::Infallible;
        type Future = std::future::Ready<Result<Self::Response, Self::Error>>;

        fn poll_ready(&mut self, _: &mut std::task::Context<'_>) -> std::task::Poll<Result<(), Self::Error>> {
            std::task::Poll::Ready(Ok(()))
        }

        fn call(&mut self, request: tonic::codegen::http::Request<tonic::body::Body>) -> Self::Future {
            *self.0.lock().unwrap() = request.uri().authority().map(ToString::to_string);
            std::future::ready(Ok(tonic::Status::unimplemented("recorded").into_http()))
        }
    }

    #[tokio::test]
    async fn a_call_to_one_address_of_a_name_keeps_the_name_as_its_authority() {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        let seen = Authority::default();
        let server = tonic::transport::Server::builder()
            .add_service(seen.clone())
            .serve_with_incoming(tonic::transport::server::TcpIncoming::from(listener));
        let server = tokio::spawn(server);
        let endpoint = endpoint_at("fray-server.default.svc:50051", addr, &ClientTls::default()).unwrap();
        let status = rules(connect_lazily(&endpoint)).list_rulesets(ListRulesetsRequest {}).await.unwrap_err();
        assert_eq!(status.message(), "recorded");
        assert_eq!(seen.0.lock().unwrap().as_deref(), Some("fray-server.default.svc:50051"));
        server.abort();
    }

    #[tokio::test]
    async fn an_unreachable_server_is_a_connect_error() {
        // Bind then drop a listener: the port is very likely closed afterwards.
        let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        let addr = listener.local_addr().unwrap();
        drop(listener);
        match connect(&addr.to_string(), &ClientTls::default()).await {
            Err(ClientError::Connect { url, .. }) => assert_eq!(url, format!("http://{addr}")),
            other => panic!("expected a connect error, got {other:?}"),
        }
    }
}
