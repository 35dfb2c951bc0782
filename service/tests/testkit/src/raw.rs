//! ResolveStrike with the request's bytes sent as they are, unencoded: how a test sends
//! a message that does not parse, or checks what the generated client sends.

use fray_proto::fray::v1 as pb;
use tonic::transport::Channel;

/// Sends the request message's bytes unchanged; decodes the answer as usual.
#[derive(Debug, Clone, Copy, Default)]
struct RawRequest;

impl tonic::codec::Codec for RawRequest {
    type Encode = bytes::Bytes;
    type Decode = pb::ResolveStrikeResponse;
    type Encoder = RawRequest;
    type Decoder = fray_proto::codec::SliceDecoder<pb::ResolveStrikeResponse>;

    fn encoder(&mut self) -> Self::Encoder {
        RawRequest
    }

    fn decoder(&mut self) -> Self::Decoder {
        Default::default()
    }
}

impl tonic::codec::Encoder for RawRequest {
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
    grpc.unary(tonic::Request::new(request), path, RawRequest).await.map(tonic::Response::into_inner)
}
