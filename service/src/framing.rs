//! The gRPC framing of a unary request, checked before tonic decodes it. Every
//! `fray.v1` RPC is unary: its request body is one length-prefixed message. tonic
//! would take a second message silently, and answer a body cut inside its message, or
//! one with no message, INTERNAL ("Unexpected EOF decoding stream.", "Missing request
//! message."), which Fray keeps for its own bugs; here each is INVALID_ARGUMENT naming
//! the problem. A `fray.v1` request whose content-type is not `application/grpc...` is
//! refused at once (HTTP 415, as the gRPC spec asks, with grpc-status INVALID_ARGUMENT).
//!
//! The bytes of every request being received count against its connection's budget
//! (`--max-connection-request-bytes`) and the server's (`--max-request-bytes`) until
//! its body is dropped; a call whose next frame would pass either answers
//! RESOURCE_EXHAUSTED naming it, so the streams of one connection, or of all of them,
//! cannot hold more than that, however many are stalled.
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

/// The services whose every RPC is unary.
const UNARY_PREFIX: &str = "/fray.v1.";

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
#[derive(Debug, Clone, Copy, Default)]
pub struct FramingLayer;

impl<S> Layer<S> for FramingLayer {
    type Service = Framing<S>;

    fn layer(&self, inner: S) -> Framing<S> {
        Framing { inner }
    }
}

/// A service whose unary requests' framing is checked.
#[derive(Debug, Clone)]
pub struct Framing<S> {
    inner: S,
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
        if !request.uri().path().starts_with(UNARY_PREFIX) {
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
        let request = request
            .map(|body| tonic::body::Body::new(Watched { inner: body, gone, framing: Some(Unary::default()), charge }));
        Box::pin(self.inner.call(request))
    }
}

/// Where a unary body is in its one message.
#[derive(Debug, Default)]
struct Unary {
    /// Bytes of the 5-byte prefix seen.
    prefix: [u8; 5],
    prefix_seen: usize,
    /// Bytes of the message still to come, once the prefix is read.
    left: usize,
    /// The message's length, once the prefix is read.
    len: usize,
    /// True once the message is whole.
    whole: bool,
}

impl Unary {
    /// Follows `bytes`; an error once they go past the one message.
    fn feed(&mut self, mut bytes: &[u8]) -> Result<(), Status> {
        while !bytes.is_empty() {
            if self.whole {
                return Err(Status::invalid_argument(
                    "a unary call carries one request message; this one has more after the first",
                ));
            }
            if self.prefix_seen < 5 {
                let n = (5 - self.prefix_seen).min(bytes.len());
                self.prefix[self.prefix_seen..self.prefix_seen + n].copy_from_slice(&bytes[..n]);
                self.prefix_seen += n;
                bytes = &bytes[n..];
                if self.prefix_seen == 5 {
                    let len = u32::from_be_bytes([self.prefix[1], self.prefix[2], self.prefix[3], self.prefix[4]]);
                    self.len = usize::try_from(len).unwrap_or(usize::MAX);
                    self.left = self.len;
                    self.whole = self.left == 0;
                }
                continue;
            }
            let n = self.left.min(bytes.len());
            self.left -= n;
            bytes = &bytes[n..];
            self.whole = self.left == 0;
        }
        Ok(())
    }

    /// The error for a body that ended here, if it is not one whole message.
    fn at_end(&self) -> Result<(), Status> {
        match (self.prefix_seen, self.whole) {
            (_, true) => Ok(()),
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
    /// A request body whose failure marks the call [`ClientGone`], and, for a unary
    /// call, whose framing is followed.
    struct Watched<B> {
        #[pin]
        inner: B,
        gone: ClientGone,
        framing: Option<Unary>,
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
        let polled = ready!(this.inner.poll_frame(cx));
        Poll::Ready(match polled {
            Some(Ok(frame)) => {
                if let Some(data) = frame.data_ref() {
                    let checked = this.charge.add(data.len()).and_then(|()| match this.framing.as_mut() {
                        Some(unary) => unary.feed(data),
                        None => Ok(()),
                    });
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
            None => match this.framing.as_ref().map(Unary::at_end) {
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

    #[test]
    fn one_whole_message_passes_and_anything_else_is_named() {
        let mut one = Unary::default();
        one.feed(&[0, 0, 0]).unwrap();
        one.feed(&[0, 2, 8]).unwrap();
        assert!(one.at_end().is_err());
        one.feed(&[1]).unwrap();
        assert!(one.at_end().is_ok());
        let second = one.feed(&[0]).unwrap_err();
        assert!(second.message().contains("one request message"), "{second:?}");
        let cut = Unary::default();
        assert!(cut.at_end().unwrap_err().message().contains("no message"));
        let mut cut = Unary::default();
        cut.feed(&[0, 0, 0, 0, 100, 1, 2]).unwrap();
        assert!(cut.at_end().unwrap_err().message().contains("2 of its 100 bytes"));
        let mut empty = Unary::default();
        empty.feed(&[0, 0, 0, 0, 0]).unwrap();
        assert!(empty.at_end().is_ok(), "an empty message is one message");
    }
}
