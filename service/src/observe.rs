//! One tower layer around every call the server takes: it counts the call in
//! [`Metrics`] (started, in flight, handled by status code, time to the last byte,
//! Agent playouts) and runs it inside a tracing span.
//!
//! The span is `rpc` at DEBUG level with `grpc_service`, `grpc_method`, `ruleset`
//! (recorded by the handler once it has read the request, see [`record_ruleset`]) and
//! `grpc_code`; when the call ends an event `call finished` inside it gives the code
//! and the time taken. With the default `info` filter the span is disabled and costs
//! next to nothing; `RUST_LOG=fray_service=debug` shows every call.
//!
//! A call's code is read where gRPC puts it: the response headers for an error
//! answered at once, or the trailers after the message. A call whose future or body is
//! dropped before either (the request timeout, or the client went away) counts as
//! `Canceled`, the code the client sees.

use std::future::Future;
use std::pin::Pin;
use std::task::{Context, Poll, ready};
use std::time::Instant;

use http_body::{Body, Frame, SizeHint};
use pin_project_lite::pin_project;
use tower::{Layer, Service};
use tracing::instrument::Instrumented;
use tracing::{Instrument as _, Span, debug, debug_span, field};

use crate::framing::ClientGone;
use crate::metrics::{Metrics, Rpc, code_name};

/// Carried in a response's extensions by the Agent: the playouts its search ran.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Playouts(pub u64);

/// Records the request's ruleset (its wire enum name, e.g. `RULESET_EGAME`) in the
/// current call's span; outside a call it does nothing.
pub fn record_ruleset(wire: i32) {
    let name = fray_proto::fray::v1::Ruleset::try_from(wire).map_or("unknown", |r| r.as_str_name());
    Span::current().record("ruleset", name);
}

/// Wraps every service of the server in [`Observe`].
#[derive(Debug, Clone)]
pub struct ObserveLayer {
    metrics: Metrics,
}

impl ObserveLayer {
    /// Counts into `metrics`.
    pub fn new(metrics: Metrics) -> Self {
        Self { metrics }
    }
}

impl<S> Layer<S> for ObserveLayer {
    type Service = Observe<S>;

    fn layer(&self, inner: S) -> Observe<S> {
        Observe { inner, metrics: self.metrics.clone() }
    }
}

/// A service whose calls are counted and traced (see the module's documentation).
#[derive(Debug, Clone)]
pub struct Observe<S> {
    inner: S,
    metrics: Metrics,
}

impl<S, ReqBody, ResBody> Service<http::Request<ReqBody>> for Observe<S>
where
    S: Service<http::Request<ReqBody>, Response = http::Response<ResBody>>,
{
    type Response = http::Response<ObservedBody<ResBody>>;
    type Error = S::Error;
    type Future = ObservedCall<S::Future>;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), Self::Error>> {
        self.inner.poll_ready(cx)
    }

    fn call(&mut self, mut request: http::Request<ReqBody>) -> Self::Future {
        let rpc = Rpc::from_path(request.uri().path());
        // Set by the request body's watcher (crate::framing) if the client goes.
        let gone = ClientGone::default();
        request.extensions_mut().insert(gone.clone());
        let span = debug_span!(
            "rpc",
            grpc_service = rpc.service,
            grpc_method = rpc.method,
            ruleset = field::Empty,
            grpc_code = field::Empty
        );
        self.metrics.started(rpc);
        let call =
            Call { metrics: self.metrics.clone(), rpc, start: Instant::now(), span: span.clone(), done: false, gone };
        let future = span.in_scope(|| self.inner.call(request));
        ObservedCall { inner: future.instrument(span), call: Some(call) }
    }
}

/// One call being counted; counted as `Canceled` if dropped before it finishes.
struct Call {
    metrics: Metrics,
    rpc: Rpc,
    start: Instant,
    span: Span,
    done: bool,
    gone: ClientGone,
}

impl Call {
    fn finish(&mut self, code: tonic::Code) {
        if std::mem::replace(&mut self.done, true) {
            return;
        }
        // A call whose client reset its stream or dropped its connection mid-request
        // ends in whatever tonic made of the broken body (a Play stream, in OK: tonic
        // ends its messages there); the client saw it cancelled.
        let code = if self.gone.is_gone() { tonic::Code::Cancelled } else { code };
        let elapsed = self.start.elapsed();
        self.metrics.handled(self.rpc, code, elapsed.as_secs_f64());
        let name = code_name(code);
        self.span.record("grpc_code", name);
        let elapsed_us = u64::try_from(elapsed.as_micros()).unwrap_or(u64::MAX);
        self.span.in_scope(|| debug!(grpc_code = name, elapsed_us, "call finished"));
    }
}

impl Drop for Call {
    fn drop(&mut self) {
        self.finish(tonic::Code::Cancelled);
    }
}

/// The `grpc-status` in `headers` (response headers or trailers), if any.
fn status_in(headers: &http::HeaderMap) -> Option<tonic::Code> {
    let value = headers.get("grpc-status")?;
    let n: i32 = value.to_str().ok()?.trim().parse().ok()?;
    Some(tonic::Code::from_i32(n))
}

pin_project! {
    /// The future of an [`Observe`]d call: the inner call inside its span.
    pub struct ObservedCall<F> {
        #[pin]
        inner: Instrumented<F>,
        call: Option<Call>,
    }
}

impl<F, ResBody, E> Future for ObservedCall<F>
where
    F: Future<Output = Result<http::Response<ResBody>, E>>,
{
    type Output = Result<http::Response<ObservedBody<ResBody>>, E>;

    fn poll(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Self::Output> {
        let this = self.project();
        let result = ready!(this.inner.poll(cx));
        let mut call = this.call.take();
        Poll::Ready(match result {
            Ok(response) => {
                if let (Some(call), Some(Playouts(n))) = (&call, response.extensions().get::<Playouts>()) {
                    call.metrics.playouts(*n);
                }
                // An error answered at once carries its status in the headers.
                if let (Some(c), Some(code)) = (call.as_mut(), status_in(response.headers())) {
                    c.finish(code);
                    call = None;
                }
                Ok(response.map(|inner| ObservedBody { inner, call }))
            }
            Err(e) => {
                if let Some(c) = call.as_mut() {
                    c.finish(tonic::Code::Unknown);
                }
                Err(e)
            }
        })
    }
}

pin_project! {
    /// A response body that finishes its call's count when the trailers pass.
    pub struct ObservedBody<B> {
        #[pin]
        inner: B,
        call: Option<Call>,
    }
}

impl<B: Body> Body for ObservedBody<B> {
    type Data = B::Data;
    type Error = B::Error;

    fn poll_frame(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Result<Frame<B::Data>, B::Error>>> {
        let this = self.project();
        let polled = ready!(this.inner.poll_frame(cx));
        let code = match &polled {
            Some(Ok(frame)) => frame.trailers_ref().map(|t| status_in(t).unwrap_or(tonic::Code::Unknown)),
            // The body failed mid-way: the client sees the stream reset.
            Some(Err(_)) => Some(tonic::Code::Unknown),
            // The end without trailers is not a gRPC answer.
            None => Some(tonic::Code::Unknown),
        };
        if let Some(code) = code
            && let Some(mut call) = this.call.take()
        {
            call.finish(code);
        }
        Poll::Ready(polled)
    }

    fn is_end_stream(&self) -> bool {
        self.inner.is_end_stream()
    }

    fn size_hint(&self) -> SizeHint {
        self.inner.size_hint()
    }
}
