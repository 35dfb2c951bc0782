//! Connections with nothing to do are closed: one with no call in flight for the idle
//! timeout (idle, or half-open: a peer that vanished sends nothing more), and, once
//! shutdown is asked for, as soon as no call is on it and none ended in the last 200 ms
//! (a connection still in its TLS or HTTP/2 handshake, or between calls), or a second
//! later when it holds only health `Watch` streams (which never end by themselves; the
//! second lets them carry NOT_SERVING), so such connections hold neither memory nor
//! the drain.
//!
//! [`IdleConn`] wraps each accepted socket and fails its reads when it is to close,
//! which ends the HTTP/2 connection; [`IdleLayer`] counts the calls in flight on
//! each connection, found through the connection's [`Connected::connect_info`]
//! ([`ConnActivity`], or tonic's `TlsConnectInfo` around it).
//!
//! The close is not preceded by a GOAWAY (tonic has no idle GOAWAY): a call a client
//! sends in the very instant its connection is closed fails UNAVAILABLE, and the
//! client's next call reconnects. gRPC clients reconnect on their own.

use std::future::Future;
use std::io;
use std::pin::Pin;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll, ready};
use std::time::Duration;

use http_body::{Body, Frame, SizeHint};
use pin_project_lite::pin_project;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::sync::watch;
use tokio::time::{Instant, Sleep};
use tonic::transport::server::{Connected, TlsConnectInfo};
use tower::{Layer, Service};

/// While shutting down with calls in flight, how often a connection looks again
/// whether they have ended (the end of a call does not wake the connection's task).
const SHUTDOWN_RECHECK: Duration = Duration::from_millis(50);

/// The RPC that shutdown does not wait for: a health `Watch` never ends by itself.
const WATCH_PATH: &str = "/grpc.health.v1.Health/Watch";

/// How long after its last call ended a connection may be closed at shutdown: the
/// call's answer is written out by then (closing at once could lose it).
const STOP_QUIET: Duration = Duration::from_millis(200);

/// How long after shutdown is asked for a connection holding only `Watch` streams is
/// closed: long enough for them to carry NOT_SERVING to their clients.
const WATCH_GRACE: Duration = Duration::from_secs(1);

/// Bytes of requests being received, held against a limit: one connection's, or the
/// whole server's.
#[derive(Debug)]
pub struct ByteBudget {
    held: AtomicUsize,
    limit: usize,
}

impl ByteBudget {
    /// A budget of `limit` bytes, none held.
    pub fn new(limit: usize) -> Self {
        Self { held: AtomicUsize::new(0), limit }
    }

    /// Counts `bytes` more; false (and nothing counted) when that would pass the limit.
    fn charge(&self, bytes: usize) -> bool {
        self.held
            .fetch_update(Ordering::AcqRel, Ordering::Acquire, |held| {
                held.checked_add(bytes).filter(|&total| total <= self.limit)
            })
            .is_ok()
    }

    /// Gives back `bytes` counted by [`ByteBudget::charge`].
    fn release(&self, bytes: usize) {
        self.held.fetch_sub(bytes, Ordering::AcqRel);
    }

    /// The most it may hold.
    pub fn limit(&self) -> usize {
        self.limit
    }
}

/// What the requests being received may hold: each connection's share, and the
/// server's budget all connections draw on.
#[derive(Debug, Clone)]
pub struct RequestBudget {
    /// The most one connection's requests may hold.
    pub per_connection: usize,
    /// Shared by every connection of the server.
    pub server: Arc<ByteBudget>,
}

impl RequestBudget {
    /// `per_connection` bytes on each connection, `server` on all of them at once.
    pub fn new(per_connection: usize, server: usize) -> Self {
        Self { per_connection, server: Arc::new(ByteBudget::new(server)) }
    }

    /// No limit (ports whose requests are not received as budgeted streams).
    pub fn unlimited() -> Self {
        Self::new(usize::MAX, usize::MAX)
    }
}

/// Which budget a request's next bytes would have passed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OverBudget {
    /// The connection's (`--max-connection-request-bytes`), of this many bytes.
    Connection(usize),
    /// The server's (`--max-request-bytes`), of this many bytes.
    Server(usize),
}

/// What one connection is doing: its calls in flight and when the last one ended.
#[derive(Debug)]
struct Activity {
    /// Calls in flight.
    calls: AtomicUsize,
    /// Calls in flight that shutdown waits for (all but `Watch`).
    held: AtomicUsize,
    /// When the connection was opened or its last call ended.
    last: Mutex<Instant>,
    /// Request bytes its calls hold while being received ([`ConnActivity::charge`]).
    request_bytes: ByteBudget,
    /// The server's budget, which those bytes count against too.
    server_bytes: Arc<ByteBudget>,
}

impl Activity {
    fn touch(&self) {
        if let Ok(mut last) = self.last.lock() {
            *last = Instant::now();
        }
    }

    fn last(&self) -> Instant {
        self.last.lock().map_or_else(|_| Instant::now(), |last| *last)
    }
}

/// A connection's activity, as its requests see it (the connection's `connect_info`).
#[derive(Debug, Clone)]
pub struct ConnActivity(Arc<Activity>);

impl ConnActivity {
    /// The activity of the connection a request came on, from its extensions.
    pub fn of(extensions: &http::Extensions) -> Option<&ConnActivity> {
        extensions
            .get::<ConnActivity>()
            .or_else(|| extensions.get::<TlsConnectInfo<ConnActivity>>().map(TlsConnectInfo::get_ref))
            .or_else(|| extensions.get::<axum::extract::ConnectInfo<ConnActivity>>().map(|info| &info.0))
    }

    /// Counts `bytes` more of request being received on the connection, against its
    /// budget and the server's; which would be passed (and nothing counted) if either.
    pub fn charge(&self, bytes: usize) -> Result<(), OverBudget> {
        let activity = &self.0;
        if !activity.request_bytes.charge(bytes) {
            return Err(OverBudget::Connection(activity.request_bytes.limit()));
        }
        if !activity.server_bytes.charge(bytes) {
            activity.request_bytes.release(bytes);
            return Err(OverBudget::Server(activity.server_bytes.limit()));
        }
        Ok(())
    }

    /// Gives back `bytes` counted by [`ConnActivity::charge`].
    pub fn release(&self, bytes: usize) {
        self.0.server_bytes.release(bytes);
        self.0.request_bytes.release(bytes);
    }
}

/// Tells every connection that shutdown was asked for.
#[derive(Debug, Clone)]
pub struct Stopping(watch::Sender<bool>);

impl Default for Stopping {
    fn default() -> Self {
        Self(watch::channel(false).0)
    }
}

impl Stopping {
    /// Shutdown was asked for: connections with no call in flight close.
    pub fn stop(&self) {
        self.0.send_replace(true);
    }

    /// Resolves once shutdown is asked for (or every [`Stopping`] is dropped: the server
    /// is gone).
    pub fn stopped(&self) -> impl Future<Output = ()> + Send + 'static {
        let mut rx = self.0.subscribe();
        async move {
            let _ = rx.wait_for(|stopping| *stopping).await;
        }
    }
}

/// An accepted connection that closes when it has been idle for the idle timeout, or
/// when shutdown is asked for and no call it must finish is in flight.
pub struct IdleConn<IO> {
    io: IO,
    activity: Arc<Activity>,
    idle: Option<Duration>,
    timer: Pin<Box<Sleep>>,
    stopping: Option<Instant>,
    stop_notice: Option<Pin<Box<dyn Future<Output = ()> + Send>>>,
    /// Its place under `--max-connections`, given back when it closes.
    _slot: Option<crate::connections::Slot>,
}

impl<IO> std::fmt::Debug for IdleConn<IO> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("IdleConn").field("idle", &self.idle).field("stopping", &self.stopping.is_some()).finish()
    }
}

impl<IO> IdleConn<IO> {
    /// `io`, closed after `idle` with no call in flight (`None`: never for that), or
    /// once `stopping` is set and nothing that shutdown waits for is in flight.
    ///
    /// Its calls may hold at most `budget.per_connection` bytes of requests being
    /// received, and draw them from `budget.server` too.
    pub fn new(io: IO, idle: Option<Duration>, stopping: &Stopping, budget: &RequestBudget) -> Self {
        let now = Instant::now();
        let activity = Arc::new(Activity {
            calls: AtomicUsize::new(0),
            held: AtomicUsize::new(0),
            last: Mutex::new(now),
            request_bytes: ByteBudget::new(budget.per_connection),
            server_bytes: Arc::clone(&budget.server),
        });
        let notice = stopping.stopped();
        // Without an idle timeout the timer only serves the shutdown's re-checks.
        let first = idle.map_or(now + Duration::from_secs(86_400), |d| now + d);
        Self {
            io,
            activity,
            idle,
            timer: Box::pin(tokio::time::sleep_until(first)),
            stopping: None,
            stop_notice: Some(Box::pin(notice)),
            _slot: None,
        }
    }

    /// The connection holds `slot` under `--max-connections` until it closes.
    pub fn holding(mut self, slot: crate::connections::Slot) -> Self {
        self._slot = Some(slot);
        self
    }

    /// The error every read and write answers once the connection is to close; until
    /// then `None`, with the task woken when that may change.
    fn closing(&mut self, cx: &mut Context<'_>) -> Option<io::Error> {
        if let Some(notice) = self.stop_notice.as_mut()
            && notice.as_mut().poll(cx).is_ready()
        {
            self.stop_notice = None;
            self.stopping = Some(Instant::now());
            self.timer.as_mut().reset(Instant::now());
        }
        if let Some(since) = self.stopping
            && self.activity.held.load(Ordering::Acquire) == 0
            && self.activity.last().elapsed() >= STOP_QUIET
            && (self.activity.calls.load(Ordering::Acquire) == 0 || since.elapsed() >= WATCH_GRACE)
        {
            return Some(io::Error::new(
                io::ErrorKind::ConnectionAborted,
                "the server is shutting down and no call is in flight on the connection",
            ));
        }
        while self.timer.as_mut().poll(cx).is_ready() {
            let now = Instant::now();
            let calls = self.activity.calls.load(Ordering::Acquire);
            let next = match self.idle {
                Some(idle) if calls == 0 => {
                    let end = self.activity.last() + idle;
                    if end <= now {
                        return Some(io::Error::new(io::ErrorKind::TimedOut, "the connection was idle too long"));
                    }
                    end
                }
                Some(idle) => now + idle,
                None => now + Duration::from_secs(86_400),
            };
            let next = if self.stopping.is_some() { next.min(now + SHUTDOWN_RECHECK) } else { next };
            self.timer.as_mut().reset(next);
        }
        None
    }
}

impl<IO: AsyncRead + Unpin> AsyncRead for IdleConn<IO> {
    fn poll_read(mut self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &mut ReadBuf<'_>) -> Poll<io::Result<()>> {
        if let Some(e) = self.closing(cx) {
            return Poll::Ready(Err(e));
        }
        Pin::new(&mut self.io).poll_read(cx, buf)
    }
}

impl<IO: AsyncWrite + Unpin> AsyncWrite for IdleConn<IO> {
    fn poll_write(mut self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &[u8]) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.io).poll_write(cx, buf)
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.io).poll_write_vectored(cx, bufs)
    }

    fn is_write_vectored(&self) -> bool {
        self.io.is_write_vectored()
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.io).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.io).poll_shutdown(cx)
    }
}

/// Requests see the connection's activity, which [`IdleLayer`] counts them in.
impl<IO> Connected for IdleConn<IO> {
    type ConnectInfo = ConnActivity;

    fn connect_info(&self) -> ConnActivity {
        ConnActivity(Arc::clone(&self.activity))
    }
}

/// A listener whose accepted sockets are [`IdleConn`]s, for servers (the metrics port's
/// HTTP/1.1) that take an [`axum::serve::Listener`] rather than a stream of sockets.
#[derive(Debug)]
pub struct IdleListener {
    listener: tokio::net::TcpListener,
    idle: Option<Duration>,
    stopping: Stopping,
}

impl IdleListener {
    /// Accepts on `listener`, each connection closed after `idle` with no call in flight
    /// or once `stopping` is set and it has none.
    pub fn new(listener: tokio::net::TcpListener, idle: Option<Duration>, stopping: Stopping) -> Self {
        Self { listener, idle, stopping }
    }
}

impl axum::serve::Listener for IdleListener {
    type Io = IdleConn<tokio::net::TcpStream>;
    type Addr = std::net::SocketAddr;

    async fn accept(&mut self) -> (Self::Io, Self::Addr) {
        loop {
            match self.listener.accept().await {
                // Requests are not received as a budgeted stream on this port.
                Ok((io, addr)) => {
                    return (IdleConn::new(io, self.idle, &self.stopping, &RequestBudget::unlimited()), addr);
                }
                // As axum's own listener does: a failed accept (out of file descriptors,
                // a connection reset before it was taken) is waited out, not fatal.
                Err(e) => {
                    tracing::debug!(error = %e, "accept failed");
                    tokio::time::sleep(Duration::from_millis(50)).await;
                }
            }
        }
    }

    fn local_addr(&self) -> io::Result<Self::Addr> {
        self.listener.local_addr()
    }
}

/// The metrics port's requests see their connection's activity.
impl axum::extract::connect_info::Connected<axum::serve::IncomingStream<'_, IdleListener>> for ConnActivity {
    fn connect_info(stream: axum::serve::IncomingStream<'_, IdleListener>) -> Self {
        Connected::connect_info(stream.io())
    }
}

/// One call in flight on a connection, counted until dropped.
struct CallGuard {
    activity: Arc<Activity>,
    held: bool,
}

impl CallGuard {
    fn new(activity: Arc<Activity>, held: bool) -> Self {
        activity.calls.fetch_add(1, Ordering::AcqRel);
        if held {
            activity.held.fetch_add(1, Ordering::AcqRel);
        }
        Self { activity, held }
    }
}

impl Drop for CallGuard {
    fn drop(&mut self) {
        self.activity.touch();
        if self.held {
            self.activity.held.fetch_sub(1, Ordering::AcqRel);
        }
        self.activity.calls.fetch_sub(1, Ordering::AcqRel);
    }
}

/// Counts each call in flight on its connection ([`IdleConn`]), from the request until
/// its response body ends or is dropped.
#[derive(Debug, Clone, Copy, Default)]
pub struct IdleLayer;

impl<S> Layer<S> for IdleLayer {
    type Service = Idle<S>;

    fn layer(&self, inner: S) -> Idle<S> {
        Idle { inner }
    }
}

/// A service whose calls are counted on their connection (see [`IdleLayer`]).
#[derive(Debug, Clone)]
pub struct Idle<S> {
    inner: S,
}

impl<S, ReqBody, ResBody> Service<http::Request<ReqBody>> for Idle<S>
where
    S: Service<http::Request<ReqBody>, Response = http::Response<ResBody>>,
{
    type Response = http::Response<IdleBody<ResBody>>;
    type Error = S::Error;
    type Future = IdleCall<S::Future>;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), Self::Error>> {
        self.inner.poll_ready(cx)
    }

    fn call(&mut self, request: http::Request<ReqBody>) -> Self::Future {
        let activity = ConnActivity::of(request.extensions());
        let held = request.uri().path() != WATCH_PATH;
        let guard = activity.map(|a| CallGuard::new(Arc::clone(&a.0), held));
        IdleCall { inner: self.inner.call(request), guard }
    }
}

pin_project! {
    /// The future of a counted call.
    pub struct IdleCall<F> {
        #[pin]
        inner: F,
        guard: Option<CallGuard>,
    }
}

impl<F, B, E> Future for IdleCall<F>
where
    F: Future<Output = Result<http::Response<B>, E>>,
{
    type Output = Result<http::Response<IdleBody<B>>, E>;

    fn poll(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Self::Output> {
        let this = self.project();
        let response = ready!(this.inner.poll(cx))?;
        let guard = this.guard.take();
        Poll::Ready(Ok(response.map(|inner| IdleBody { inner, guard })))
    }
}

pin_project! {
    /// A counted call's response body: the call ends with it.
    pub struct IdleBody<B> {
        #[pin]
        inner: B,
        guard: Option<CallGuard>,
    }
}

impl<B: Body> Body for IdleBody<B> {
    type Data = B::Data;
    type Error = B::Error;

    fn poll_frame(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Result<Frame<B::Data>, B::Error>>> {
        let this = self.project();
        let frame = ready!(this.inner.poll_frame(cx));
        if frame.is_none() {
            this.guard.take();
        }
        Poll::Ready(frame)
    }

    fn is_end_stream(&self) -> bool {
        self.inner.is_end_stream()
    }

    fn size_hint(&self) -> SizeHint {
        self.inner.size_hint()
    }
}
