//! Fuzz target: the input's first byte picks an RPC (the batches' included), the rest is
//! decoded as its request message (inputs that do not decode are skipped) and sent through the
//! generated clients and servers in-process. An answer that is neither a result nor a
//! clear status, or a panic, is a crash. ChooseAction's budget is cut to 30 playouts
//! at most, with no time budget, so that inputs stay fast.
//!
//! `cargo +nightly fuzz run raw_requests` (from the repository root; docs/testing.md).
#![no_main]

use libfuzzer_sys::fuzz_target;
use prost::Message;

#[path = "in_process.rs"]
mod in_process;

use fray_proto::fray::v1 as pb;

/// Panics unless `answer` is a result or a clear status about a request for `ruleset`.
fn check<T>(rpc: &str, answer: Result<tonic::Response<T>, tonic::Status>, ruleset: i32) {
    if let Err(status) = answer
        && let Err(e) = fray_testkit::robust::clear(rpc, &status, ruleset)
    {
        panic!("{e}");
    }
}

/// Panics unless a batch's answer is a result or a clear status, and each of its items'
/// statuses a clear one (UNIMPLEMENTED is not checked, the items' rulesets being many,
/// nor an answer refused for its size, RESOURCE_EXHAUSTED naming the flag).
fn check_batch<T>(
    rpc: &str,
    answer: Result<tonic::Response<T>, tonic::Status>,
    ruleset: i32,
    statuses: impl Fn(&T) -> Vec<Option<&pb::ItemStatus>>,
) {
    let answer = match answer {
        Ok(answer) => answer.into_inner(),
        Err(status) => return check::<T>(rpc, Err(status), ruleset),
    };
    for item in statuses(&answer).into_iter().flatten() {
        let status = fray_testkit::statuses::from_item(item);
        let too_big =
            status.code() == tonic::Code::ResourceExhausted && status.message().contains("--max-message-bytes");
        if status.code() == tonic::Code::Unimplemented || too_big {
            continue;
        }
        if let Err(e) = fray_testkit::robust::clear(rpc, &status, ruleset) {
            panic!("{e}");
        }
    }
}

fn ruleset(state: Option<&pb::GameState>) -> i32 {
    state.map_or(0, |s| s.ruleset)
}

fuzz_target!(|data: &[u8]| {
    let Some((&which, bytes)) = data.split_first() else { return };
    in_process::RUNTIME.block_on(async {
        let mut api = in_process::api();
        match which % 8 {
            0 => {
                let Ok(req) = pb::LegalActionsRequest::decode(bytes) else { return };
                let r = ruleset(req.state.as_ref());
                check("LegalActions", api.rules.legal_actions(req).await, r);
            }
            1 => {
                let Ok(req) = pb::ApplyActionRequest::decode(bytes) else { return };
                let r = ruleset(req.state.as_ref());
                check("ApplyAction", api.rules.apply_action(req).await, r);
            }
            2 => {
                let Ok(req) = pb::ResolveStrikeRequest::decode(bytes) else { return };
                let r = ruleset(req.state.as_ref());
                check("ResolveStrike", api.rules.resolve_strike(req).await, r);
            }
            3 => {
                let Ok(mut req) = pb::ChooseActionRequest::decode(bytes) else { return };
                let playouts = req.budget.map_or(0, |b| b.playouts).clamp(1, 30);
                req.budget = Some(pb::SearchBudget { playouts, time_ms: 0, ..Default::default() });
                let r = ruleset(req.state.as_ref());
                check("ChooseAction", api.agent.choose_action(req).await, r);
            }
            4 => {
                let Ok(req) = pb::NewGameRequest::decode(bytes) else { return };
                let r = req.ruleset;
                check("NewGame", api.rules.new_game(req).await, r);
            }
            5 => {
                let Ok(req) = pb::ResolveStrikeBatchRequest::decode(bytes) else { return };
                let r = ruleset(req.requests.first().and_then(|q| q.state.as_ref()));
                check_batch("ResolveStrikeBatch", api.rules.resolve_strike_batch(req).await, r, |b| {
                    b.results.iter().map(|r| r.status.as_ref()).collect()
                });
            }
            6 => {
                let Ok(req) = pb::ApplyActionBatchRequest::decode(bytes) else { return };
                let r = ruleset(req.requests.first().and_then(|q| q.state.as_ref()));
                check_batch("ApplyActionBatch", api.rules.apply_action_batch(req).await, r, |b| {
                    b.results.iter().map(|r| r.status.as_ref()).collect()
                });
            }
            _ => {
                let Ok(req) = pb::ListRulesetsRequest::decode(bytes) else { return };
                check("ListRulesets", api.rules.list_rulesets(req).await, 0);
            }
        }
    });
});
