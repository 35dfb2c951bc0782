//! How the referee reaches its servers: a [`Connector`] makes the channels (TLS,
//! timeouts and sockets are its business) and tells a failed call in words; the calls
//! themselves are [`crate::grpc`]'s.

use std::net::SocketAddr;

use tonic::transport::{Channel, Uri};

use super::error::TournamentError;

/// Makes the channels to the Rules servers of `--server` URLs.
pub trait Connector: Send + Sync + 'static {
    /// `url` as the reports name it (normalized: e.g. `http://` before a bare
    /// `HOST:PORT`) and its URI; an error for a URL it cannot reach.
    fn locate(&self, url: &str) -> Result<(String, Uri), TournamentError>;

    /// A channel to the server at `url`, connecting at its first call.
    fn channel(&self, url: &str) -> Result<Channel, TournamentError>;

    /// A channel to `url`'s server at `addr`, one of the addresses its host resolves
    /// to: the connection goes to `addr`, the calls keep `url`'s host as their
    /// `:authority`. Connects at its first call.
    fn channel_at(&self, url: &str, addr: SocketAddr) -> Result<Channel, TournamentError>;

    /// A status a call answered, in words, with what failed beneath it when the
    /// connector can tell (a TLS handshake); by default the status alone.
    fn describe(&self, status: &tonic::Status) -> String {
        crate::grpc::status_text(status, None)
    }
}
