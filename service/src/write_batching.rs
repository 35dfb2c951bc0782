//! Many small messages to one socket write.
//!
//! h2, the HTTP/2 under tonic on both ends, writes frames into a 16 KiB buffer and
//! sends it with one write. When the socket says it takes vectored writes, h2 keeps
//! every DATA frame of 256 bytes or more out of that buffer, chained behind it, and
//! must send before it can take the next frame: each such message costs a system call
//! of its own. A ResolveStrike request (506 bytes on a full board) or answer (about
//! 600) is one, so under load every call was a `writev` at each end, while health
//! checks (a few bytes) went out dozens to a write. Told the socket takes no vectored
//! writes, h2 copies frames under 1 KiB into the buffer, and the messages of many
//! calls leave together (larger ones are still chained, not copied). Measured in
//! docs/benchmarks.md ("Speed under load").

use std::io;
use std::pin::Pin;
use std::task::{Context, Poll};

use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tonic::transport::server::Connected;

/// A connection that tells its writer it takes no vectored writes, so that h2 batches
/// messages under 1 KiB into one write. Everything else is the connection's own.
#[derive(Debug)]
pub struct BatchedWrites<IO>(pub IO);

impl<IO: AsyncRead + Unpin> AsyncRead for BatchedWrites<IO> {
    fn poll_read(mut self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &mut ReadBuf<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.0).poll_read(cx, buf)
    }
}

impl<IO: AsyncWrite + Unpin> AsyncWrite for BatchedWrites<IO> {
    fn poll_write(mut self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &[u8]) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.0).poll_write(cx, buf)
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.0).poll_write_vectored(cx, bufs)
    }

    /// The point of this type: h2 then chains only frames of 1 KiB or more.
    fn is_write_vectored(&self) -> bool {
        false
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.0).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.0).poll_shutdown(cx)
    }
}

/// Requests see the connection's own details (e.g. the peer's address).
impl<IO: Connected> Connected for BatchedWrites<IO> {
    type ConnectInfo = IO::ConnectInfo;

    fn connect_info(&self) -> Self::ConnectInfo {
        self.0.connect_info()
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use tokio::io::{AsyncReadExt as _, AsyncWriteExt as _};

    use super::*;

    #[tokio::test]
    async fn it_says_no_to_vectored_writes_and_passes_everything_through() {
        let (near, mut far) = tokio::io::duplex(64);
        let mut batched = BatchedWrites(near);
        assert!(!batched.is_write_vectored());
        batched.write_all(b"ping").await.unwrap();
        let bufs = [io::IoSlice::new(b"a"), io::IoSlice::new(b"b")];
        let n = batched.write_vectored(&bufs).await.unwrap();
        let mut got = vec![0u8; 4 + n];
        far.read_exact(&mut got).await.unwrap();
        assert_eq!(&got[..5], b"pinga");
        far.write_all(b"pong").await.unwrap();
        let mut buf = [0u8; 4];
        batched.read_exact(&mut buf).await.unwrap();
        assert_eq!(&buf, b"pong");
        batched.shutdown().await.unwrap();
        assert_eq!(far.read(&mut buf).await.unwrap(), 0, "the far end sees the shutdown");
    }
}
