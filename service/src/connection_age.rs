//! The end of a connection's life. At the maximum connection age tonic sends the client
//! a GOAWAY: the calls in flight finish, and the client opens a new connection for the
//! next ones, resolving the server's name again, which is how it finds pods added since.
//! [`Aged`] adds the grace: that much later the connection is closed, whatever is still
//! on it, so a client that ignores the GOAWAY or a stream that never ends cannot hold
//! it open for ever (gRPC's MAX_CONNECTION_AGE and MAX_CONNECTION_AGE_GRACE).
//!
//! tonic 0.14's own `Server::max_connection_age_grace` is not used: with it set, tonic
//! skips the GOAWAY at the age and only cuts the connection at age + grace, calls and
//! all.

use std::io;
use std::pin::Pin;
use std::task::{Context, Poll};
use std::time::Duration;

use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::time::Sleep;
use tonic::transport::server::Connected;

/// An accepted connection that fails every read and write once its time is up, which
/// ends its HTTP/2 connection and closes the socket.
#[derive(Debug)]
pub struct Aged<IO> {
    io: IO,
    end: Option<Pin<Box<Sleep>>>,
}

impl<IO> Aged<IO> {
    /// `io`, closed `lifetime` from now; `None` never.
    pub fn new(io: IO, lifetime: Option<Duration>) -> Self {
        Self { io, end: lifetime.map(|d| Box::pin(tokio::time::sleep(d))) }
    }

    /// The error every read and write answers once the time is up; until then, `None`
    /// (and the task is woken when it is).
    fn expired(&mut self, cx: &mut Context<'_>) -> Option<io::Error> {
        let end = self.end.as_mut()?;
        end.as_mut()
            .poll(cx)
            .is_ready()
            .then(|| io::Error::new(io::ErrorKind::TimedOut, "the connection outlived its maximum age and grace"))
    }
}

impl<IO: AsyncRead + Unpin> AsyncRead for Aged<IO> {
    fn poll_read(mut self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &mut ReadBuf<'_>) -> Poll<io::Result<()>> {
        if let Some(e) = self.expired(cx) {
            return Poll::Ready(Err(e));
        }
        Pin::new(&mut self.io).poll_read(cx, buf)
    }
}

impl<IO: AsyncWrite + Unpin> AsyncWrite for Aged<IO> {
    fn poll_write(mut self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &[u8]) -> Poll<io::Result<usize>> {
        if let Some(e) = self.expired(cx) {
            return Poll::Ready(Err(e));
        }
        Pin::new(&mut self.io).poll_write(cx, buf)
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        if let Some(e) = self.expired(cx) {
            return Poll::Ready(Err(e));
        }
        Pin::new(&mut self.io).poll_write_vectored(cx, bufs)
    }

    fn is_write_vectored(&self) -> bool {
        self.io.is_write_vectored()
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        if let Some(e) = self.expired(cx) {
            return Poll::Ready(Err(e));
        }
        Pin::new(&mut self.io).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.io).poll_shutdown(cx)
    }
}

/// Requests see the connection's own details (e.g. the peer's address).
impl<IO: Connected> Connected for Aged<IO> {
    type ConnectInfo = IO::ConnectInfo;

    fn connect_info(&self) -> Self::ConnectInfo {
        self.io.connect_info()
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use tokio::io::{AsyncReadExt as _, AsyncWriteExt as _};

    use super::*;

    #[tokio::test]
    async fn reads_and_writes_pass_until_the_time_is_up_then_fail() {
        let (near, mut far) = tokio::io::duplex(64);
        let mut aged = Aged::new(near, Some(Duration::from_millis(200)));
        aged.write_all(b"ping").await.unwrap();
        let mut buf = [0u8; 4];
        far.read_exact(&mut buf).await.unwrap();
        far.write_all(b"pong").await.unwrap();
        aged.read_exact(&mut buf).await.unwrap();
        assert_eq!(&buf, b"pong");
        // A read waiting on an idle connection is woken by the end, not by data.
        let started = tokio::time::Instant::now();
        let err = aged.read(&mut buf).await.unwrap_err();
        assert_eq!(err.kind(), io::ErrorKind::TimedOut);
        assert!(started.elapsed() >= Duration::from_millis(150), "{:?}", started.elapsed());
        assert_eq!(aged.write(b"late").await.unwrap_err().kind(), io::ErrorKind::TimedOut);
    }

    #[tokio::test]
    async fn without_a_lifetime_it_is_the_connection_itself() {
        let (near, mut far) = tokio::io::duplex(64);
        let mut aged = Aged::new(near, None);
        far.write_all(b"hi").await.unwrap();
        drop(far);
        let mut got = Vec::new();
        aged.read_to_end(&mut got).await.unwrap();
        assert_eq!(got, b"hi");
    }
}
