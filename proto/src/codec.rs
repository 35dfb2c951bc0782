//! The codec of the generated clients and servers: tonic-prost's, decoding each message
//! from one contiguous slice, and encoding without prost's size pre-check.
//!
//! tonic hands a decoder the message in a `DecodeBuf`, a window on its receive buffer.
//! prost reads a varint at a time, and every step through a `DecodeBuf` goes through
//! the window's bounds and the `BytesMut` under it; a message arrives in one piece (it
//! is copied into that buffer from the HTTP/2 frames), so here prost reads it as a
//! plain `&[u8]`. A 5-against-5 ResolveStrike request has over 300 varints. The wire
//! format is tonic-prost's; a message that does not parse answers INVALID_ARGUMENT
//! (tonic-prost: INTERNAL).
//!
//! tonic-prost encodes with `Message::encode`, which first walks the whole message for
//! its length to check that the buffer has room. tonic's buffer grows as it is written,
//! so the check never fails; and prost walks each nested message again for its own
//! length prefix, so that walk is one more over everything: [`RawEncoder`] writes with
//! `encode_raw` and skips it (a batch's answer nests each board two levels deeper than
//! a unary answer, which makes the walks it costs count).
//!
//! [`EncodedRequests`] is for clients that encode a request once and may send it more
//! than once (a retried call) or send bytes as they are (a load generator, a test).

use std::marker::PhantomData;

use prost::Message;
use prost::bytes::{Buf as _, BufMut as _, Bytes};
use tonic::Status;
use tonic::codec::{BufferSettings, Codec, DecodeBuf, Decoder, EncodeBuf, Encoder};

/// `application/grpc+proto` with prost: [`SliceDecoder`] and [`RawEncoder`].
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
    type Encoder = RawEncoder<T>;
    type Decoder = SliceDecoder<U>;

    fn encoder(&mut self) -> Self::Encoder {
        RawEncoder::default()
    }

    fn decoder(&mut self) -> Self::Decoder {
        SliceDecoder::default()
    }
}

/// Encodes a `T` into tonic's growing buffer, without walking it for its length first.
#[derive(Debug, Clone)]
pub struct RawEncoder<T>(PhantomData<T>);

impl<T> Default for RawEncoder<T> {
    fn default() -> Self {
        Self(PhantomData)
    }
}

impl<T: Message> Encoder for RawEncoder<T> {
    type Item = T;
    type Error = Status;

    fn encode(&mut self, item: T, buf: &mut EncodeBuf<'_>) -> Result<(), Status> {
        // The buffer grows as it is written (its `remaining_mut` is unbounded), which is
        // all `encode_raw` needs.
        item.encode_raw(buf);
        Ok(())
    }

    fn buffer_settings(&self) -> BufferSettings {
        BufferSettings::default()
    }
}

/// A client's codec for requests already encoded: their bytes go out as they are
/// ([`BytesEncoder`]); the answers decode as `U` ([`SliceDecoder`]).
#[derive(Debug, Clone)]
pub struct EncodedRequests<U>(PhantomData<U>);

impl<U> Default for EncodedRequests<U> {
    fn default() -> Self {
        Self(PhantomData)
    }
}

impl<U: Message + Default + Send + 'static> Codec for EncodedRequests<U> {
    type Encode = Bytes;
    type Decode = U;
    type Encoder = BytesEncoder;
    type Decoder = SliceDecoder<U>;

    fn encoder(&mut self) -> Self::Encoder {
        BytesEncoder
    }

    fn decoder(&mut self) -> Self::Decoder {
        SliceDecoder::default()
    }
}

/// Writes a message's bytes, already encoded, as they are.
#[derive(Debug, Clone, Copy, Default)]
pub struct BytesEncoder;

impl Encoder for BytesEncoder {
    type Item = Bytes;
    type Error = Status;

    fn encode(&mut self, item: Bytes, buf: &mut EncodeBuf<'_>) -> Result<(), Status> {
        buf.put(item);
        Ok(())
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
