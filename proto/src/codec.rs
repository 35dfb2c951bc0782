//! The codec of the generated clients and servers: tonic-prost's, decoding each message
//! from one contiguous slice.
//!
//! tonic hands a decoder the message in a `DecodeBuf`, a window on its receive buffer.
//! prost reads a varint at a time, and every step through a `DecodeBuf` goes through
//! the window's bounds and the `BytesMut` under it; a message arrives in one piece (it
//! is copied into that buffer from the HTTP/2 frames), so here prost reads it as a
//! plain `&[u8]`. A 5-against-5 ResolveStrike request has over 300 varints. The wire
//! format and the encoder are tonic-prost's; a message that does not parse answers
//! INVALID_ARGUMENT (tonic-prost: INTERNAL).

use std::marker::PhantomData;

use prost::Message;
use prost::bytes::Buf as _;
use tonic::Status;
use tonic::codec::{BufferSettings, Codec, DecodeBuf, Decoder};
use tonic_prost::ProstEncoder;

/// `application/grpc+proto` with prost: [`SliceDecoder`] and tonic-prost's encoder.
#[derive(Debug, Clone)]
pub struct FrayCodec<T, U>(PhantomData<(T, U)>);

impl<T, U> Default for FrayCodec<T, U> {
    fn default() -> Self {
        Self(PhantomData)
    }
}

impl<T, U> Codec for FrayCodec<T, U>
where
    T: Message + Send + 'static,
    U: Message + Default + Send + 'static,
{
    type Encode = T;
    type Decode = U;
    type Encoder = ProstEncoder<T>;
    type Decoder = SliceDecoder<U>;

    fn encoder(&mut self) -> Self::Encoder {
        ProstEncoder::default()
    }

    fn decoder(&mut self) -> Self::Decoder {
        SliceDecoder::default()
    }
}

/// Decodes a `U` from the message's bytes as one slice.
#[derive(Debug, Clone)]
pub struct SliceDecoder<U>(PhantomData<U>);

impl<U> Default for SliceDecoder<U> {
    fn default() -> Self {
        Self(PhantomData)
    }
}

impl<U: Message + Default> Decoder for SliceDecoder<U> {
    type Item = U;
    type Error = Status;

    fn decode(&mut self, buf: &mut DecodeBuf<'_>) -> Result<Option<U>, Status> {
        let len = buf.remaining();
        let item = if buf.chunk().len() == len {
            let item = U::decode(buf.chunk());
            buf.advance(len);
            item
        } else {
            // Not one piece (tonic never does this today): the bytes, copied together.
            U::decode(buf.copy_to_bytes(len))
        };
        // A message that does not parse is the sender's fault: INVALID_ARGUMENT naming
        // the message and prost's reason (tonic-prost says INTERNAL, which Fray keeps
        // for its own bugs, so alerts on INTERNAL do not fire on bad traffic).
        item.map(Some).map_err(|e| Status::invalid_argument(format!("{} does not decode: {e}", message_name::<U>())))
    }

    fn buffer_settings(&self) -> BufferSettings {
        BufferSettings::default()
    }
}

/// The message type's name without its module path (`ResolveStrikeRequest`).
fn message_name<U>() -> &'static str {
    let full = std::any::type_name::<U>();
    full.rsplit("::").next().unwrap_or(full)
}
