//! How a call goes to the servers: to the reachable one with the fewest calls in
//! flight (ties in turn), tried again on another after a short backoff while it fails
//! for a reason that may pass. Retrying is safe because the service is stateless: a
//! call carries the whole game. The referee's calls and its batches both go this way.

use std::future::Future;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::time::Duration;

use tonic::transport::Channel;
use tonic::{Code, Status};

use super::error::TournamentError;
use super::pool::Pool;

/// Attempts per call before the referee gives up (over all servers).
const ATTEMPTS: u32 = 6;
/// The first backoff; it doubles per attempt.
const BACKOFF: Duration = Duration::from_millis(100);

/// A call that did not go through.
#[derive(Debug)]
pub enum CallError {
    /// A server answered with an error that retrying cannot fix (e.g. an illegal
    /// action is INVALID_ARGUMENT or FAILED_PRECONDITION).
    Refused(Status),
    /// No server answered after every attempt.
    Unreachable(String),
}

impl From<CallError> for TournamentError {
    fn from(e: CallError) -> Self {
        match e {
            CallError::Refused(status) => TournamentError::Status(Box::new(status)),
            CallError::Unreachable(why) => TournamentError::Server(why),
        }
    }
}

/// Whether the call may succeed elsewhere or later: a code that says so, or any status
/// the client's transport made rather than the server sent (it has a source). A call
/// refused by a connection's GOAWAY (the server's maximum connection age, or its
/// shutdown) is such a status, INTERNAL "h2 protocol error" in tonic, though the server
/// never saw it.
pub fn retryable(status: &Status) -> bool {
    let code = matches!(
        status.code(),
        Code::Unavailable
            | Code::Unknown
            | Code::Cancelled
            | Code::DeadlineExceeded
            | Code::ResourceExhausted
            | Code::Aborted
    );
    code || std::error::Error::source(status).is_some()
}

/// The servers and how calls go to them: the pool, whose turn a tie is, the retries.
pub struct Servers {
    pool: Arc<Pool>,
    turn: AtomicUsize,
    retries: AtomicU64,
}

impl Servers {
    /// Calls to the servers of `pool`.
    pub fn new(pool: Arc<Pool>) -> Self {
        Self { pool, turn: AtomicUsize::new(0), retries: AtomicU64::new(0) }
    }

    /// The servers.
    pub fn pool(&self) -> &Pool {
        &self.pool
    }

    /// Calls retried so far.
    pub fn retries(&self) -> u64 {
        self.retries.load(Ordering::Relaxed)
    }

    /// One call, `f` on a server's channel, tried again on another server (after a
    /// backoff) while it fails for a reason that may pass ([`retryable`]); `what` names
    /// it in errors.
    pub async fn call<T, F, Fut>(&self, what: &str, f: F) -> Result<T, CallError>
    where
        F: Fn(Channel) -> Fut,
        Fut: Future<Output = Result<T, Status>>,
    {
        self.call_retrying(what, retryable, f).await
    }

    /// [`Servers::call`], tried again while `retry` says a status may pass.
    pub async fn call_retrying<T, F, Fut>(&self, what: &str, retry: fn(&Status) -> bool, f: F) -> Result<T, CallError>
    where
        F: Fn(Channel) -> Fut,
        Fut: Future<Output = Result<T, Status>>,
    {
        let mut last = String::new();
        for attempt in 0..ATTEMPTS {
            if attempt > 0 {
                self.retries.fetch_add(1, Ordering::Relaxed);
                tokio::time::sleep(BACKOFF * 2u32.pow(attempt - 1)).await;
            }
            let Some(server) = self.pool.pick(self.turn.fetch_add(1, Ordering::Relaxed)) else {
                return Err(CallError::Unreachable(format!("{what}: no server to call")));
            };
            server.in_flight.fetch_add(1, Ordering::Relaxed);
            server.calls.fetch_add(1, Ordering::Relaxed);
            let answer = f(server.channel.clone()).await;
            server.in_flight.fetch_sub(1, Ordering::Relaxed);
            match answer {
                Ok(answer) => {
                    server.mark(false);
                    return Ok(answer);
                }
                Err(status) if retry(&status) => {
                    server.mark(true);
                    self.pool.failed(&server);
                    last = format!("{}: {}", server.name, self.pool.describe(&status));
                }
                Err(status) => return Err(CallError::Refused(status)),
            }
        }
        Err(CallError::Unreachable(format!("{what} failed {ATTEMPTS} times; last: {last}")))
    }

    /// How many servers take calls now.
    pub fn active(&self) -> usize {
        self.pool.active().len()
    }
}
