//! What the batch RPCs and the Play stream may take: the server's flags
//! `--max-batch-items`, `--max-stream-messages`, `--stream-idle-timeout-secs` and its
//! `--max-message-bytes` (docs/reliability.md, "Limits").

use std::time::Duration;

/// What the batch and stream RPCs may take (docs/reliability.md, "Limits").
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RulesLimits {
    /// Requests one batch may carry (`--max-batch-items`); more answer
    /// INVALID_ARGUMENT at `requests`.
    pub max_batch_items: usize,
    /// Messages one Play stream may carry (`--max-stream-messages`); the next one ends
    /// it with RESOURCE_EXHAUSTED.
    pub max_stream_messages: u64,
    /// How long a Play stream may wait for its next message (`--stream-idle-timeout-secs`);
    /// `None`: for ever.
    pub stream_idle_timeout: Option<Duration>,
    /// The largest answer, in bytes (`--max-message-bytes`): a batch's item or a
    /// stream's answer past it is refused on its own with RESOURCE_EXHAUSTED.
    pub max_message_bytes: usize,
}

impl Default for RulesLimits {
    /// 256 requests a batch, 100 000 messages a stream, 60 s for a stream's next
    /// message, 1 MiB answers.
    fn default() -> Self {
        Self {
            max_batch_items: 256,
            max_stream_messages: 100_000,
            stream_idle_timeout: Some(Duration::from_secs(60)),
            max_message_bytes: 1024 * 1024,
        }
    }
}
