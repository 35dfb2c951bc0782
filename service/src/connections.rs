//! The cap on connections the gRPC port holds (`--max-connections`). Each connection
//! costs memory that no request budget counts (its HTTP/2 window of received data, a
//! buffer per stream), so their number bounds the server's memory together with the
//! budgets (docs/reliability.md has the formula). A connection past the cap is accepted
//! and closed: a plaintext one is first told so in an HTTP/2 GOAWAY (ENHANCE_YOUR_CALM,
//! "too many connections") that refuses every stream, a TLS one is closed at once; each
//! is counted in `fray_server_connections_refused_total`. Its calls fail on the client
//! (UNAVAILABLE, or a transport error), and no request of it reaches the services.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use std::time::Duration;

use prometheus_client::metrics::gauge::Gauge;
use tokio::io::{AsyncReadExt as _, AsyncWriteExt as _};
use tokio::net::TcpStream;
use tokio::sync::Semaphore;

/// The server's preface (an empty SETTINGS frame) and a GOAWAY that refuses every
/// stream (last stream id 0) with ENHANCE_YOUR_CALM (0xb, which gRPC clients report as
/// RESOURCE_EXHAUSTED) and `why` as its debug data, for the client's error message.
fn refusal(why: &str) -> Vec<u8> {
    let payload = 8 + why.len().min(1024);
    let mut frames = vec![0, 0, 0, 0x4, 0, 0, 0, 0, 0];
    frames.extend_from_slice(&u32::try_from(payload).unwrap_or(0).to_be_bytes()[1..]);
    frames.extend_from_slice(&[0x7, 0, 0, 0, 0, 0]);
    frames.extend_from_slice(&[0, 0, 0, 0, 0, 0, 0, 0xb]);
    frames.extend_from_slice(&why.as_bytes()[..payload - 8]);
    frames
}

/// Connections held, against the cap.
#[derive(Debug, Clone)]
pub struct ConnectionSlots {
    open: Arc<AtomicUsize>,
    max: usize,
    /// The metrics' gauge of open connections, kept with the count.
    gauge: Gauge,
}

/// One connection's place under the cap, given back when dropped (the connection
/// closed).
#[derive(Debug)]
pub struct Slot {
    open: Arc<AtomicUsize>,
    gauge: Gauge,
}

impl Drop for Slot {
    fn drop(&mut self) {
        self.open.fetch_sub(1, Ordering::AcqRel);
        self.gauge.dec();
    }
}

impl ConnectionSlots {
    /// At most `max` connections at once, counted in `gauge` too.
    pub fn new(max: usize, gauge: Gauge) -> Self {
        Self { open: Arc::new(AtomicUsize::new(0)), max, gauge }
    }

    /// A place for one more connection, or `None` when `max` are held.
    pub fn take(&self) -> Option<Slot> {
        self.open
            .fetch_update(Ordering::AcqRel, Ordering::Acquire, |open| (open < self.max).then_some(open + 1))
            .ok()?;
        self.gauge.inc();
        Some(Slot { open: Arc::clone(&self.open), gauge: self.gauge.clone() })
    }

    /// Connections held now.
    pub fn open(&self) -> usize {
        self.open.load(Ordering::Acquire)
    }
}

/// How long a refused connection is kept to tell its client: for its preface to come,
/// and then for the client to close after reading the GOAWAY.
const REFUSAL_WAIT: Duration = Duration::from_secs(1);

/// Refused connections being told at once, at most; past that they are closed unread.
const REFUSALS_AT_ONCE: usize = 64;

/// Tells the clients of connections past the cap (see the module's documentation).
#[derive(Debug, Clone)]
pub struct Refusals {
    telling: Arc<Semaphore>,
    tls: bool,
    /// What is sent: the preface and the GOAWAY.
    frames: Arc<[u8]>,
}

impl Refusals {
    /// Refusals past a cap of `max` connections, on a port that speaks TLS when `tls`
    /// (there the connection is closed unread: nothing can be said before the
    /// handshake).
    pub fn new(max: usize, tls: bool) -> Self {
        let why = format!(
            "too many connections: the server holds its --max-connections ({max}); retry later or on another server"
        );
        Self { telling: Arc::new(Semaphore::new(REFUSALS_AT_ONCE)), tls, frames: refusal(&why).into() }
    }

    /// Closes `conn`, a connection past the cap. Over plaintext its client is told first,
    /// on a task of its own that takes at most twice [`REFUSAL_WAIT`]: the client's
    /// preface is read, the GOAWAY written, and the client given time to close, so that
    /// the close does not reset the connection before the GOAWAY is read. When
    /// [`REFUSALS_AT_ONCE`] are being told already, it is closed at once.
    pub fn refuse(&self, mut conn: TcpStream) {
        let Some(permit) = (!self.tls).then(|| Arc::clone(&self.telling).try_acquire_owned().ok()).flatten() else {
            return;
        };
        let frames = Arc::clone(&self.frames);
        tokio::spawn(async move {
            let mut read = [0u8; 1024];
            let _ = tokio::time::timeout(REFUSAL_WAIT, conn.read(&mut read)).await;
            let told = tokio::time::timeout(REFUSAL_WAIT, async {
                conn.write_all(&frames).await?;
                conn.shutdown().await?;
                while conn.read(&mut read).await? > 0 {}
                Ok::<_, std::io::Error>(())
            });
            let _ = told.await;
            drop(permit);
        });
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn slots_past_the_cap_are_refused_until_one_is_given_back() {
        let gauge = Gauge::default();
        let slots = ConnectionSlots::new(2, gauge.clone());
        let a = slots.take().unwrap();
        let _b = slots.take().unwrap();
        assert!(slots.take().is_none());
        assert_eq!((slots.open(), gauge.get()), (2, 2));
        drop(a);
        assert_eq!(gauge.get(), 1);
        assert!(slots.take().is_some());
    }

    #[test]
    fn the_refusal_is_a_settings_frame_and_a_goaway_of_the_length_it_says() {
        let frames = refusal("too many connections");
        let (settings, goaway) = frames.split_at(9);
        assert_eq!(settings, [0, 0, 0, 0x4, 0, 0, 0, 0, 0]);
        let len = usize::from(goaway[2]);
        assert_eq!(goaway[3], 0x7);
        assert_eq!(goaway.len(), 9 + len);
        assert_eq!(&goaway[9..17], [0, 0, 0, 0, 0, 0, 0, 0xb]);
        assert_eq!(&goaway[17..], b"too many connections");
    }
}
