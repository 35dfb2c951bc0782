//! The Play stream: a game played step by step on one bidirectional stream. Each
//! message carries a state and an action, and is answered in order with the state
//! after it, its events and the actions legal next: ApplyAction's handler and
//! LegalActions' listing ([`crate::handlers`]) on one loaded state. Stateless like every
//! call: nothing is kept from one message to the next.
//!
//! A message that is refused is answered with its status ([`status::item_status`]) and
//! the stream goes on. The stream ends with a status of its own only at a stream
//! limit: a message that does not decode or is over `--max-message-bytes` (tonic, and
//! [`crate::framing`]), more messages than `--max-stream-messages`, none for
//! `--stream-idle-timeout-secs`, or shutdown (UNAVAILABLE, so that a drain is not held
//! by streams that would never end). The answers are the response stream itself,
//! polled by the connection: a message is handled on the task that writes its answer,
//! with no task or channel in between.

use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};

use fray_proto::fray::v1 as pb;
use prost::Message as _;
use tokio::sync::OwnedSemaphorePermit;
use tokio::time::{Instant, Sleep};
use tokio_stream::Stream;
use tonic::{Code, Status, Streaming};
use tracing::Span;

use crate::handlers::{ActionInput, applied, guarded, load, rejected};
use crate::idle::Stopping;
use crate::metrics::{Metrics, Rpc};
use crate::rules_limits::RulesLimits;
use crate::seal::Sealer;
use crate::status;

/// The RPC's name, as the gate and the metrics know it.
pub(crate) const RPC: &str = "Play";

/// The answers of one Play stream, in the order its messages came.
pub struct PlayAnswers {
    inbound: Streaming<pb::PlayRequest>,
    limits: RulesLimits,
    metrics: Metrics,
    rpc: Rpc,
    /// Messages answered so far.
    answered: u64,
    /// When the stream has waited too long for its next message.
    idle: Option<Pin<Box<Sleep>>>,
    /// Resolves when shutdown is asked for.
    stopping: Pin<Box<dyn Future<Output = ()> + Send>>,
    /// The call's span (crate::observe), entered while a message is handled.
    span: Span,
    /// True once the stream has ended.
    done: bool,
    /// The RPC's slot in the gate, held while the stream lasts.
    _slot: Option<OwnedSemaphorePermit>,
    /// The server's keys, for messages that carry a sealed state.
    sealer: Arc<Sealer>,
}

impl std::fmt::Debug for PlayAnswers {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PlayAnswers").field("answered", &self.answered).field("done", &self.done).finish()
    }
}

impl PlayAnswers {
    /// The answers to `inbound`'s messages, within `limits`, counted in `metrics`,
    /// holding `slot`; they end when `stopping` is set.
    pub(crate) fn new(
        inbound: Streaming<pb::PlayRequest>,
        slot: Option<OwnedSemaphorePermit>,
        limits: RulesLimits,
        metrics: &Metrics,
        stopping: &Stopping,
        sealer: Arc<Sealer>,
    ) -> Self {
        Self {
            inbound,
            limits,
            metrics: metrics.clone(),
            rpc: Rpc::of("fray.v1.Rules", RPC),
            answered: 0,
            idle: limits.stream_idle_timeout.map(|d| Box::pin(tokio::time::sleep(d))),
            stopping: Box::pin(stopping.stopped()),
            span: Span::current(),
            done: false,
            _slot: slot,
            sealer,
        }
    }

    /// Ends the stream with `status` (logged at debug level).
    fn end(&mut self, status: Status) -> Poll<Option<Result<pb::PlayResponse, Status>>> {
        self.done = true;
        Poll::Ready(Some(Err(rejected(RPC, status))))
    }

    /// The answer to one message, counted by its code.
    fn answer(&mut self, message: pb::PlayRequest) -> pb::PlayResponse {
        let _entered = self.span.enter();
        let sealer = &self.sealer;
        let answer = guarded(RPC, message, |m| ActionInput::of_message(m, sealer), step).and_then(|answer| {
            let bytes = answer.encoded_len();
            if bytes > self.limits.max_message_bytes {
                return Err(rejected(
                    RPC,
                    Status::resource_exhausted(format!(
                        "this answer would be {bytes} bytes, past the server's --max-message-bytes ({})",
                        self.limits.max_message_bytes
                    )),
                ));
            }
            Ok(answer)
        });
        match answer {
            Ok(answer) => {
                self.metrics.item(self.rpc, Code::Ok);
                answer
            }
            Err(status) => {
                self.metrics.item(self.rpc, status.code());
                pb::PlayResponse { status: Some(status::item_status(&status)), ..Default::default() }
            }
        }
    }
}

/// One message's answer: the action applied (ApplyAction's handler) and the actions
/// legal after it; without an action, the actions legal in the state.
fn step(input: &ActionInput) -> Result<pb::PlayResponse, Status> {
    let held = &input.state;
    if input.action.is_none() {
        let game = load(held)?;
        return Ok(pb::PlayResponse { legal_actions: held.legal_actions(&game)?, ..Default::default() });
    }
    let applied = applied(input)?;
    let told = applied.tell(held)?;
    Ok(pb::PlayResponse {
        status: None,
        legal_actions: held.legal_actions(&applied.game)?,
        events: told.events,
        state: told.state,
        view: told.view,
        sealed_state: told.sealed,
    })
}

impl Stream for PlayAnswers {
    type Item = Result<pb::PlayResponse, Status>;

    fn poll_next(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Self::Item>> {
        if self.done {
            return Poll::Ready(None);
        }
        if self.stopping.as_mut().poll(cx).is_ready() {
            return self.end(Status::unavailable(
                "the server is shutting down: open a stream to another server and send the state again \
                 (the server keeps nothing between messages)",
            ));
        }
        match Pin::new(&mut self.inbound).poll_next(cx) {
            Poll::Ready(Some(Ok(message))) => {
                if self.answered >= self.limits.max_stream_messages {
                    let max = self.limits.max_stream_messages;
                    return self.end(Status::resource_exhausted(format!(
                        "this stream has carried {max} messages, the server's limit (--max-stream-messages {max}); \
                         this one was not answered: open a new stream and send it there"
                    )));
                }
                self.answered += 1;
                let after = self.limits.stream_idle_timeout;
                if let (Some(idle), Some(after)) = (self.idle.as_mut(), after) {
                    idle.as_mut().reset(Instant::now() + after);
                }
                Poll::Ready(Some(Ok(self.answer(message))))
            }
            // The message did not decode, was over the size limit, or the request broke:
            // the stream cannot go on past it.
            Poll::Ready(Some(Err(status))) => self.end(status),
            // The client closed its side: every message is answered, OK.
            Poll::Ready(None) => {
                self.done = true;
                Poll::Ready(None)
            }
            Poll::Pending => match self.idle.as_mut().map(|idle| idle.as_mut().poll(cx)) {
                Some(Poll::Ready(())) => {
                    let idle = self.limits.stream_idle_timeout.unwrap_or_default();
                    self.end(Status::resource_exhausted(format!(
                        "no message came on this stream for {idle:?}, the server's --stream-idle-timeout-secs; \
                         open a new stream when there is one to send"
                    )))
                }
                _ => Poll::Pending,
            },
        }
    }
}
