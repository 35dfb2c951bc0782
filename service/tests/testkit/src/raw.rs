//! Requests as bytes: ResolveStrike and a Play stream with the messages' bytes sent as
//! they are (a message that does not parse, or what the generated client sends), and
//! the HTTP/2 request a gRPC client starts, for tests that drive a connection
//! themselves.

use std::marker::PhantomData;

use fray_proto::fray::v1 as pb;
use tonic::codegen::tokio_stream;
use tonic::transport::Channel;

/// Sends the request messages' bytes unchanged; decodes the answers (`R`) as usual.
#[derive(Debug)]
struct RawRequest<R>(PhantomData<R>);

impl<R> Default for RawRequest<R> {
    fn default() -> Self {
        Self(PhantomData)
    }
}

impl<R: prost::Message + Default + Send + 'static> tonic::codec::Codec for RawRequest<R> {
    type Encode = bytes::Bytes;
    type Decode = R;
    type Encoder = RawRequest<R>;
    type Decoder = fray_proto::codec::SliceDecoder<R>;

    fn encoder(&mut self) -> Self::Encoder {
        RawRequest::default()
    }

    fn decoder(&mut self) -> Self::Decoder {
        Default::default()
    }
}

impl<R: Send + 'static> tonic::codec::Encoder for RawRequest<R> {
    type Item = bytes::Bytes;
    type Error = tonic::Status;

    fn encode(&mut self, item: bytes::Bytes, dst: &mut tonic::codec::EncodeBuf<'_>) -> Result<(), tonic::Status> {
        bytes::BufMut::put(dst, item);
        Ok(())
    }
}

/// Calls `fray.v1.Rules/ResolveStrike` on `channel` with `request` as the message's
/// bytes.
pub async fn resolve_strike_raw(
    channel: &Channel,
    request: bytes::Bytes,
) -> Result<pb::ResolveStrikeResponse, tonic::Status> {
    let mut grpc = tonic::client::Grpc::new(channel.clone());
    grpc.ready().await.unwrap();
    let path = http::uri::PathAndQuery::from_static("/fray.v1.Rules/ResolveStrike");
    grpc.unary(tonic::Request::new(request), path, RawRequest::default()).await.map(tonic::Response::into_inner)
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
    grpc.streaming(request, path, RawRequest::default()).await.map(tonic::Response::into_inner)
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
