//! Requests as bytes: ResolveStrike and a Play stream with the messages' bytes sent as
//! they are (a message that does not parse, or what the generated client sends), and
//! the HTTP/2 request a gRPC client starts, for tests that drive a connection
//! themselves.

use fray_proto::codec::EncodedRequests;
use fray_proto::fray::v1 as pb;
use tonic::codegen::tokio_stream;
use tonic::transport::Channel;

/// Calls `fray.v1.Rules/ResolveStrike` on `channel` with `request` as the message's
/// bytes.
pub async fn resolve_strike_raw(
    channel: &Channel,
    request: bytes::Bytes,
) -> Result<pb::ResolveStrikeResponse, tonic::Status> {
    let mut grpc = tonic::client::Grpc::new(channel.clone());
    grpc.ready().await.unwrap();
    let path = http::uri::PathAndQuery::from_static("/fray.v1.Rules/ResolveStrike");
    grpc.unary(tonic::Request::new(request), path, EncodedRequests::default()).await.map(tonic::Response::into_inner)
}

/// Opens `fray.v1.Rules/Play` on `channel` and sends `messages` as the messages' bytes,
/// then closes the client's side; the answers.
pub async fn play_raw(
    channel: &Channel,
    messages: Vec<bytes::Bytes>,
) -> Result<tonic::Streaming<pb::PlayResponse>, tonic::Status> {
    let mut grpc = tonic::client::Grpc::new(channel.clone());
    grpc.ready().await.unwrap();
    let path = http::uri::PathAndQuery::from_static("/fray.v1.Rules/Play");
    let request = tonic::Request::new(tokio_stream::iter(messages));
    grpc.streaming(request, path, EncodedRequests::default()).await.map(tonic::Response::into_inner)
}

/// gRPC's content type.
pub const GRPC: &str = "application/grpc";

/// An HTTP/2 request for `path` on the server at `addr` as a gRPC client starts one
/// (`content_type`, `te: trailers`), for a test that drives the connection itself; its
/// body is sent on the stream.
pub fn h2_request(addr: std::net::SocketAddr, path: &str, content_type: &str) -> http::Request<()> {
    http::Request::post(format!("http://{addr}{path}"))
        .header("content-type", content_type)
        .header("te", "trailers")
        .body(())
        .unwrap()
}
