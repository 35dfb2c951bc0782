//! The batch RPCs, ResolveStrikeBatch and ApplyActionBatch: many independent requests in
//! one call, each answered by the unary RPC's own handler ([`crate::handlers`]), one result
//! per request in request order. A refused request carries its status in its result
//! ([`status::item_status`]) and refuses only itself; a handler that panics answers its
//! item INTERNAL and the rest go on.
//!
//! What concerns the whole call: more requests than `--max-batch-items` is
//! INVALID_ARGUMENT at `requests` ([`within_limit`]), and the answer must fit in
//! `--max-message-bytes`: an item whose answer would take it past that is answered
//! RESOURCE_EXHAUSTED instead, on its own, and the items after it still go in if they
//! fit.

use std::fmt::Debug;

use fray_proto::fray::v1 as pb;
use prost::Message;
use tonic::{Code, Status};

use crate::handlers::{guarded, rejected};
use crate::metrics::{ItemCodes, Metrics, Rpc};
use crate::rules_limits::RulesLimits;
use crate::status;

/// A batch's result message: a unary answer, or the status that refused it.
pub(crate) trait BatchResult: Message + Clone + Sized {
    /// The unary RPC's answer.
    type Response: Message;
    /// The result of an answered request.
    fn answered(response: Self::Response) -> Self;
    /// The result of a refused request.
    fn refused(status: pb::ItemStatus) -> Self;
}

impl BatchResult for pb::ResolveStrikeResult {
    type Response = pb::ResolveStrikeResponse;

    fn answered(response: Self::Response) -> Self {
        Self { status: None, response: Some(response) }
    }

    fn refused(status: pb::ItemStatus) -> Self {
        Self { status: Some(status), response: None }
    }
}

impl BatchResult for pb::ApplyActionResult {
    type Response = pb::ApplyActionResponse;

    fn answered(response: Self::Response) -> Self {
        Self { status: None, response: Some(response) }
    }

    fn refused(status: pb::ItemStatus) -> Self {
        Self { status: Some(status), response: None }
    }
}

/// `requests`, if there are no more than the server's limit; else the call's
/// INVALID_ARGUMENT naming `requests` and the limit.
pub(crate) fn within_limit<Q>(rpc: &'static str, requests: Vec<Q>, limits: &RulesLimits) -> Result<Vec<Q>, Status> {
    if requests.len() <= limits.max_batch_items {
        return Ok(requests);
    }
    let why = format!(
        "has {} items: a batch takes at most {} (the server's --max-batch-items); send the rest in another batch",
        requests.len(),
        limits.max_batch_items
    );
    Err(rejected(rpc, status::invalid_field("requests", &why)))
}

/// The status of an item whose answer would take the batch's answer past the server's
/// message limit (the same for every item, so its size is known before the items').
fn too_big(limits: &RulesLimits) -> Status {
    Status::resource_exhausted(format!(
        "this item's answer would take the batch's answer past {} bytes, the server's --max-message-bytes; \
         send it in a smaller batch",
        limits.max_message_bytes
    ))
}

/// The bytes `len` bytes of a repeated message field's entry take on the wire: its tag
/// (field 1), its length and itself.
fn entry_bytes(len: usize) -> usize {
    1 + prost::encoding::encoded_len_varint(len as u64) + len
}

/// Answers each of `requests` with `handler` on its plain `input` (as the unary RPC
/// does: [`guarded`]), in order, and counts the items by code in `metrics`.
///
/// The answer stays within `--max-message-bytes`: room is kept for refusing every item
/// not answered yet, and an item whose result does not fit in what is left is refused
/// RESOURCE_EXHAUSTED ([`too_big`]). A batch too big for even that is refused whole,
/// RESOURCE_EXHAUSTED.
pub(crate) fn answer<Q, I: Debug, T: BatchResult>(
    rpc: &'static str,
    requests: Vec<Q>,
    input: impl Fn(Q) -> I,
    handler: impl Fn(&I) -> Result<T::Response, Status>,
    limits: &RulesLimits,
    metrics: &Metrics,
) -> Result<Vec<T>, Status> {
    let too_big = too_big(limits);
    let refusal = T::refused(status::item_status(&too_big));
    let refusal_bytes = entry_bytes(refusal.encoded_len());
    let mut reserved = refusal_bytes.saturating_mul(requests.len());
    if reserved > limits.max_message_bytes {
        return Err(rejected(
            rpc,
            Status::resource_exhausted(format!(
                "a batch of {} items cannot be answered within {} bytes, the server's --max-message-bytes; \
                 send fewer items per batch",
                requests.len(),
                limits.max_message_bytes
            )),
        ));
    }
    let mut results = Vec::with_capacity(requests.len());
    let mut codes = ItemCodes::default();
    let mut bytes = 0;
    for request in requests {
        reserved -= refusal_bytes;
        let (mut result, mut code) = match guarded(rpc, request, &input, &handler) {
            Ok(response) => (T::answered(response), Code::Ok),
            Err(status) => (T::refused(status::item_status(&status)), status.code()),
        };
        let mut len = entry_bytes(result.encoded_len());
        if bytes + len + reserved > limits.max_message_bytes {
            rejected(rpc, too_big.clone());
            (result, code, len) = (refusal.clone(), too_big.code(), refusal_bytes);
        }
        bytes += len;
        codes.add(code);
        results.push(result);
    }
    metrics.items(Rpc::of("fray.v1.Rules", rpc), &codes);
    Ok(results)
}
