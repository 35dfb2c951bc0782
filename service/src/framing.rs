//! The gRPC framing of a `fray.v1` request, checked before tonic decodes it. A unary
//! `fray.v1` request body is one length-prefixed message: tonic would take a second
//! message silently, and answer a body cut inside its message, or one with no message,
//! INTERNAL ("Unexpected EOF decoding stream.", "Missing request message."), which Fray
//! keeps for its own bugs; here each is INVALID_ARGUMENT naming the problem. A Play
//! stream's body is any number of messages, and may end only between two. A `fray.v1`
//! request whose content-type is not `application/grpc...` is refused at once (HTTP 415,
//! as the gRPC spec asks, with grpc-status INVALID_ARGUMENT).
//!
//! The RPCs added for many boards at once (the batches and Play) refuse a message whose
//! prefix announces more than `--max-message-bytes` here, before its bytes are
//! buffered: RESOURCE_EXHAUSTED naming the flag. The first RPCs keep tonic's answer to
//! that, OUT_OF_RANGE (docs/api.md).
//!
//! The bytes of every request being received count against its connection's budget
//! (`--max-connection-request-bytes`) and the server's (`--max-request-bytes`) until
//! its body is dropped, or, on a stream, until tonic has taken each whole message; a
//! `fray.v1` message counts whole from the moment its 5-byte prefix announces its
//! length, because tonic sets aside room for that length right then. A call whose next
//! frame would pass either budget answers RESOURCE_EXHAUSTED naming it, before tonic
//! sees that frame, so the streams of one connection, or of all of them, cannot make the
//! server hold more than that, however many are stalled and however little of their
//! messages they send.
//!
//! A request body that fails under the call (the client reset its stream, or the
//! connection dropped) marks the call [`ClientGone`], so that [`crate::observe`] counts
//! it `Canceled`, as the client sees it, whatever tonic then answers.

use std::pin::Pin;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::task::{Context, Poll, ready};

use http_body::{Body, Frame, SizeHint};
use pin_project_lite::pin_project;
use tonic::Status;
use tonic::codegen::Bytes;

/// A boxed error, as tonic's bodies carry.
type BoxError = Box<dyn std::error::Error + Send + Sync>;
use tower::{Layer, Service};

use crate::idle::{ConnActivity, OverBudget};

/// The services whose requests are framed here.
const FRAY_PREFIX: &str = "/fray.v1.";

/// The `fray.v1` RPCs whose request is a stream of messages; every other one is unary.
const STREAMING: &[&str] = &["/fray.v1.Rules/Play"];

/// The `fray.v1` RPCs whose messages over the size limit are refused here,
/// RESOURCE_EXHAUSTED naming the flag.
const SIZE_NAMED: &[&str] =
    &["/fray.v1.Rules/ResolveStrikeBatch", "/fray.v1.Rules/ApplyActionBatch", "/fray.v1.Rules/Play"];

/// Set when a call's request body failed under it: the client has gone.
#[derive(Debug, Clone, Default)]
pub struct ClientGone(Arc<AtomicBool>);

impl ClientGone {
    /// True once the request body failed.
    pub fn is_gone(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}

/// Checks the framing of `fray.v1` requests (see the module's documentation).
#[derive(Debug, Clone, Copy)]
pub struct FramingLayer {
    max_message_bytes: usize,
}

impl FramingLayer {
    /// Framing checks for a server whose messages are at most `max_message_bytes`
    /// (`--max-message-bytes`).
    pub fn new(max_message_bytes: usize) -> Self {
        Self { max_message_bytes }
    }
}

impl<S> Layer<S> for FramingLayer {
    type Service = Framing<S>;

    fn layer(&self, inner: S) -> Framing<S> {
        Framing { inner, max_message_bytes: self.max_message_bytes }
    }
}

/// A service whose `fray.v1` requests' framing is checked.
#[derive(Debug, Clone)]
pub struct Framing<S> {
    inner: S,
    max_message_bytes: usize,
}

impl<S> Service<http::Request<tonic::body::Body>> for Framing<S>
where
    S: Service<http::Request<tonic::body::Body>, Response = http::Response<tonic::body::Body>>,
    S::Future: Send + 'static,
    S::Error: Send + 'static,
{
    type Response = http::Response<tonic::body::Body>;
    type Error = S::Error;
    type Future = Pin<Box<dyn std::future::Future<Output = Result<Self::Response, S::Error>> + Send>>;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), Self::Error>> {
        self.inner.poll_ready(cx)
    }

    fn call(&mut self, request: http::Request<tonic::body::Body>) -> Self::Future {
        let gone = request.extensions().get::<ClientGone>().cloned().unwrap_or_default();
        let charge = Charge { conn: ConnActivity::of(request.extensions()).cloned(), bytes: 0 };
        let path = request.uri().path();
        if !path.starts_with(FRAY_PREFIX) {
            let request =
                request.map(|body| tonic::body::Body::new(Watched { inner: body, gone, framing: None, charge }));
            return Box::pin(self.inner.call(request));
        }
        let grpc = request
            .headers()
            .get(http::header::CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .is_some_and(|v| v.starts_with("application/grpc"));
        if !grpc {
            let mut response = Status::invalid_argument(
                "the content-type must be application/grpc (or application/grpc+proto): this is a gRPC service",
            )
            .into_http();
            *response.status_mut() = http::StatusCode::UNSUPPORTED_MEDIA_TYPE;
            return Box::pin(std::future::ready(Ok(response)));
        }
        let messages = Messages {
            stream: STREAMING.contains(&path),
            max_len: SIZE_NAMED.contains(&path).then_some(self.max_message_bytes),
            reserved_up_to: self.max_message_bytes,
            ..Messages::default()
        };
        let request =
            request.map(|body| tonic::body::Body::new(Watched { inner: body, gone, framing: Some(messages), charge }));
        Box::pin(self.inner.call(request))
    }
}

/// Where a `fray.v1` request body is in its messages.
#[derive(Debug, Default)]
struct Messages {
    /// True for a stream of messages, false for one.
    stream: bool,
    /// The longest message taken (`--max-message-bytes`), where it is checked here.
    max_len: Option<usize>,
    /// Bytes of the current message's 5-byte prefix seen.
    prefix: [u8; 5],
    prefix_seen: usize,
    /// Bytes of the current message still to come, once the prefix is read.
    left: usize,
    /// The current message's length, once the prefix is read.
    len: usize,
    /// True once the current message is whole.
    whole: bool,
    /// Bytes of the current message seen so far, its prefix included.
    current: usize,
    /// Bytes of the messages made whole since they were last given back
    /// ([`Messages::take_whole`]).
    done: usize,
    /// Bytes of the current message charged when its prefix was read and not received
    /// yet ([`Messages::feed`]).
    precharged: usize,
    /// The longest message tonic takes (`--max-message-bytes`): it sets aside room for
    /// a message this long or shorter as soon as it reads the prefix.
    reserved_up_to: usize,
}

impl Messages {
    /// Follows `bytes`; the bytes they add to the budgets, or an error once they go past
    /// the one message of a unary call, or announce a message over the size limit.
    ///
    /// A message is charged whole the moment its prefix is read, not as its bytes come:
    /// tonic sets aside room for the length the prefix announces right then, so a
    /// client that announces 1 MiB and sends a few bytes costs the server 1 MiB. Its
    /// bytes are not charged again as they arrive. A length over `--max-message-bytes`
    /// is refused before any room is set aside, so it is charged only as it comes.
    fn feed(&mut self, mut bytes: &[u8]) -> Result<usize, Status> {
        let mut charge = 0;
        while !bytes.is_empty() {
            if self.whole {
                if !self.stream {
                    return Err(Status::invalid_argument(
                        "a unary call carries one request message; this one has more after the first",
                    ));
                }
                // The next message of a stream.
                (self.prefix_seen, self.whole) = (0, false);
            }
            if self.prefix_seen < 5 {
                let n = (5 - self.prefix_seen).min(bytes.len());
                self.prefix[self.prefix_seen..self.prefix_seen + n].copy_from_slice(&bytes[..n]);
                self.prefix_seen += n;
                self.current += n;
                charge += n;
                bytes = &bytes[n..];
                if self.prefix_seen == 5 {
                    let len = u32::from_be_bytes([self.prefix[1], self.prefix[2], self.prefix[3], self.prefix[4]]);
                    self.len = usize::try_from(len).unwrap_or(usize::MAX);
                    if let Some(max) = self.max_len
                        && self.len > max
                    {
                        return Err(Status::resource_exhausted(format!(
                            "a request message of {} bytes is over the server's --max-message-bytes ({max})",
                            self.len
                        )));
                    }
                    self.left = self.len;
                    self.precharged = if self.len <= self.reserved_up_to { self.len } else { 0 };
                    charge += self.precharged;
                    self.made_whole();
                }
                continue;
            }
            let n = self.left.min(bytes.len());
            self.left -= n;
            self.current += n;
            let covered = n.min(self.precharged);
            self.precharged -= covered;
            charge += n - covered;
            bytes = &bytes[n..];
            self.made_whole();
        }
        Ok(charge)
    }

    /// Notes the current message as whole once nothing of it is left to come.
    fn made_whole(&mut self) {
        self.whole = self.left == 0;
        if self.whole {
            self.done += std::mem::take(&mut self.current);
        }
    }

    /// On a stream, the bytes of the messages made whole since the last call: tonic has
    /// taken them by the time it asks for more. A unary call's message is held until
    /// its body is dropped.
    fn take_whole(&mut self) -> usize {
        if self.stream { std::mem::take(&mut self.done) } else { 0 }
    }

    /// The error for a body that ended here, if it does not end with a whole message
    /// (a stream may also end with none).
    fn at_end(&self) -> Result<(), Status> {
        match (self.prefix_seen, self.whole) {
            (_, true) => Ok(()),
            (0, _) if self.stream => Ok(()),
            (0, _) => Err(Status::invalid_argument("the request carries no message")),
            (1..5, _) => Err(Status::invalid_argument(format!(
                "the request ends inside its message's 5-byte prefix ({} bytes)",
                self.prefix_seen
            ))),
            _ => Err(Status::invalid_argument(format!(
                "the request ends inside its message: {} of its {} bytes came",
                self.len - self.left,
                self.len
            ))),
        }
    }
}

pin_project! {
    /// A request body whose failure marks the call [`ClientGone`], and, for a
    /// `fray.v1` call, whose framing is followed.
    struct Watched<B> {
        #[pin]
        inner: B,
        gone: ClientGone,
        framing: Option<Messages>,
        charge: Charge,
    }
}

/// The request bytes a call holds on its connection's budget, given back when its
/// request body is dropped (decoded, or the call ended).
#[derive(Debug)]
struct Charge {
    conn: Option<ConnActivity>,
    bytes: usize,
}

impl Charge {
    /// Counts `bytes` more; the status when the connection's budget would be passed.
    fn add(&mut self, bytes: usize) -> Result<(), Status> {
        let Some(conn) = &self.conn else { return Ok(()) };
        match conn.charge(bytes) {
            Ok(()) => {
                self.bytes += bytes;
                Ok(())
            }
            Err(OverBudget::Connection(limit)) => Err(Status::resource_exhausted(format!(
                "the requests being received on this connection would hold more than {limit} bytes (the server's \
                 --max-connection-request-bytes); send fewer large requests at once on one connection"
            ))),
            Err(OverBudget::Server(limit)) => Err(Status::resource_exhausted(format!(
                "the requests being received on all connections would hold more than {limit} bytes (the server's \
                 --max-request-bytes); retry later or on another server"
            ))),
        }
    }

    /// Gives back `bytes` of those counted, once they are no longer held.
    fn release(&mut self, bytes: usize) {
        let bytes = bytes.min(self.bytes);
        if let Some(conn) = &self.conn
            && bytes > 0
        {
            conn.release(bytes);
            self.bytes -= bytes;
        }
    }
}

impl Drop for Charge {
    fn drop(&mut self) {
        if let Some(conn) = &self.conn {
            conn.release(self.bytes);
        }
    }
}

impl<B> Body for Watched<B>
where
    B: Body<Data = Bytes>,
    B::Error: Into<BoxError>,
{
    type Data = Bytes;
    type Error = BoxError;

    fn poll_frame(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Result<Frame<Bytes>, Self::Error>>> {
        let this = self.project();
        if let Some(messages) = this.framing.as_mut() {
            this.charge.release(messages.take_whole());
        }
        let polled = ready!(this.inner.poll_frame(cx));
        Poll::Ready(match polled {
            Some(Ok(frame)) => {
                if let Some(data) = frame.data_ref() {
                    let checked = match this.framing.as_mut() {
                        Some(messages) => messages.feed(data),
                        None => Ok(data.len()),
                    }
                    .and_then(|bytes| this.charge.add(bytes));
                    if let Err(status) = checked {
                        return Poll::Ready(Some(Err(status.into())));
                    }
                }
                Some(Ok(frame))
            }
            Some(Err(e)) => {
                this.gone.0.store(true, Ordering::Relaxed);
                Some(Err(e.into()))
            }
            None => match this.framing.as_ref().map(Messages::at_end) {
                Some(Err(status)) => Some(Err(status.into())),
                _ => None,
            },
        })
    }

    fn is_end_stream(&self) -> bool {
        // The end is where the framing is checked, so it is always polled for.
        false
    }

    fn size_hint(&self) -> SizeHint {
        self.inner.size_hint()
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    fn unary() -> Messages {
        Messages::default()
    }

    #[test]
    fn one_whole_message_passes_and_anything_else_is_named() {
        let mut one = unary();
        one.feed(&[0, 0, 0]).unwrap();
        one.feed(&[0, 2, 8]).unwrap();
        assert!(one.at_end().is_err());
        one.feed(&[1]).unwrap();
        assert!(one.at_end().is_ok());
        let second = one.feed(&[0]).unwrap_err();
        assert!(second.message().contains("one request message"), "{second:?}");
        let cut = unary();
        assert!(cut.at_end().unwrap_err().message().contains("no message"));
        let mut cut = unary();
        cut.feed(&[0, 0, 0, 0, 100, 1, 2]).unwrap();
        assert!(cut.at_end().unwrap_err().message().contains("2 of its 100 bytes"));
        let mut empty = unary();
        empty.feed(&[0, 0, 0, 0, 0]).unwrap();
        assert!(empty.at_end().is_ok(), "an empty message is one message");
    }

    #[test]
    fn a_stream_takes_many_messages_and_gives_their_bytes_back_once_whole() {
        let mut stream = Messages { stream: true, max_len: Some(100), ..Messages::default() };
        assert!(stream.at_end().is_ok(), "a stream may carry no message");
        // Two whole messages (2 and 0 bytes) and the start of a third, in one frame.
        stream.feed(&[0, 0, 0, 0, 2, 7, 7, 0, 0, 0, 0, 0, 0, 0]).unwrap();
        assert_eq!(stream.take_whole(), 12);
        assert_eq!(stream.take_whole(), 0);
        assert!(stream.at_end().unwrap_err().message().contains("5-byte prefix"));
        stream.feed(&[0, 0, 1, 9]).unwrap();
        assert_eq!(stream.take_whole(), 6);
        assert!(stream.at_end().is_ok());
        let over = stream.feed(&[0, 0, 0, 0, 101]).unwrap_err();
        assert_eq!(over.code(), tonic::Code::ResourceExhausted);
        assert!(over.message().contains("--max-message-bytes (100)"), "{over:?}");
        // A unary message is held until its body is dropped.
        let mut one = unary();
        one.feed(&[0, 0, 0, 0, 1, 5]).unwrap();
        assert_eq!(one.take_whole(), 0);
    }

    #[test]
    fn a_message_is_charged_whole_when_its_prefix_announces_it() {
        let mut one = Messages { reserved_up_to: 1000, ..unary() };
        // The prefix of a 300-byte message: its 5 bytes and the 300 tonic sets aside.
        assert_eq!(one.feed(&[0, 0, 0]).unwrap(), 3);
        assert_eq!(one.feed(&[1, 44, 9, 9]).unwrap(), 2 + 300);
        // Its bytes are not charged again as they come.
        assert_eq!(one.feed(&[9; 298]).unwrap(), 0);
        assert!(one.at_end().is_ok());
        // Past the size limit tonic sets nothing aside: bytes are charged as they come.
        let mut over = Messages { reserved_up_to: 100, ..unary() };
        assert_eq!(over.feed(&[0, 0, 0, 0, 200, 1, 2]).unwrap(), 7);
        // On a stream, a whole message's bytes come back as they were charged.
        let mut stream = Messages { stream: true, reserved_up_to: 1000, ..Messages::default() };
        let charged = stream.feed(&[0, 0, 0, 0, 3, 1]).unwrap() + stream.feed(&[2, 3, 0, 0]).unwrap();
        assert_eq!(charged, 8 + 2);
        assert_eq!(stream.take_whole(), 8);
    }
}
