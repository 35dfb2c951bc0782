//! A gRPC client of `fray.v1.Rules`, with explicit message size limits and timeouts,
//! over TLS for `https://` URLs ([`crate::tls`]).

use std::time::Duration;

use fray_proto::fray::v1::agent_client::AgentClient;
use fray_proto::fray::v1::rules_client::RulesClient;
pub use tonic::transport::Channel;
use tonic::transport::Endpoint;

use crate::error::{CliError, chain};
use crate::tls::{self, ClientTls};

/// Largest message sent or accepted. Game states are small; this bounds a bad reply.
pub const MAX_MESSAGE_BYTES: usize = 1 << 20;
/// How long to wait for the connection.
pub const CONNECT_TIMEOUT: Duration = Duration::from_secs(5);
/// How long one call may take (tonic reports an expired one as CANCELLED).
pub const CALL_TIMEOUT: Duration = Duration::from_secs(30);

/// `url` with `http://` in front when it names no scheme (`127.0.0.1:50051`).
pub fn normalize_url(url: &str) -> String {
    if url.contains("://") { url.to_owned() } else { format!("http://{url}") }
}

/// The endpoint of the server at `url` (a bare `HOST:PORT` gets `http://`), with the
/// connect and call timeouts, and `tls` for an `https://` URL; the URL comes back
/// normalized.
pub fn endpoint(url: &str, tls: &ClientTls) -> Result<(Endpoint, String), CliError> {
    let url = normalize_url(url);
    let endpoint = Endpoint::from_shared(url.clone())
        .map_err(|e| CliError::Usage(format!("--server {url}: not a valid URL: {}", chain(&e))))?
        .connect_timeout(CONNECT_TIMEOUT)
        .timeout(CALL_TIMEOUT);
    let endpoint = tls.apply(endpoint, &url)?;
    Ok((endpoint, url))
}

/// Connects to the server at `url` (e.g. `http://127.0.0.1:50051`, or `https://` with
/// `tls`); the channel carries both the Rules and the Agent service.
pub async fn channel(url: &str, tls: &ClientTls) -> Result<Channel, CliError> {
    let (endpoint, url) = endpoint(url, tls)?;
    tls.check(&url, endpoint.uri()).await?;
    endpoint.connect().await.map_err(|e| match tls::explain(&e) {
        Some(why) => CliError::Tls(format!("{url}: {why}")),
        None => CliError::Connect { url, detail: chain(&e) },
    })
}

/// A Rules client on `channel`, with the message size limits.
pub fn rules(channel: Channel) -> RulesClient<Channel> {
    RulesClient::new(channel).max_decoding_message_size(MAX_MESSAGE_BYTES).max_encoding_message_size(MAX_MESSAGE_BYTES)
}

/// An Agent client on `channel`, with the message size limits.
pub fn agent(channel: Channel) -> AgentClient<Channel> {
    AgentClient::new(channel).max_decoding_message_size(MAX_MESSAGE_BYTES).max_encoding_message_size(MAX_MESSAGE_BYTES)
}

/// Connects to the Rules service at `url` (e.g. `http://127.0.0.1:50051`).
pub async fn connect(url: &str, tls: &ClientTls) -> Result<RulesClient<Channel>, CliError> {
    Ok(rules(channel(url, tls).await?))
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::panic)]

    use super::*;

    #[test]
    fn a_bare_address_gets_the_http_scheme() {
        assert_eq!(normalize_url("127.0.0.1:50051"), "http://127.0.0.1:50051");
        assert_eq!(normalize_url("https://rules.example:443"), "https://rules.example:443");
    }

    #[tokio::test]
    async fn an_unreachable_server_is_a_connect_error() {
        // Bind then drop a listener: the port is very likely closed afterwards.
        let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        let addr = listener.local_addr().unwrap();
        drop(listener);
        match connect(&addr.to_string(), &ClientTls::default()).await {
            Err(err @ CliError::Connect { .. }) => assert_eq!(err.exit_code(), 1),
            other => panic!("expected a connect error, got {other:?}"),
        }
    }
}
