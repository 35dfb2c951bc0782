//! The referee's actions, sent in batches: every game in flight asks for its action on
//! its own, and the actions waiting together go to the server in one ApplyActionBatch
//! (docs/api.md, "Many boards"), each answered as ApplyAction would answer it alone.
//!
//! Nothing waits for a batch to fill: an action goes out at once when a slot is free,
//! and the actions that come while every slot is busy go together in the next one. A
//! slot is a batch in flight; there are two per server, so that one batch is on the
//! wire while the server works on the other. A batch is at most [`MAX_ITEMS`] actions
//! and [`MAX_BYTES`] of requests, well within the servers' default limits and the
//! client's message size.
//!
//! An action waiting alone goes as a unary ApplyAction, the cheaper call for one. A
//! batch that the server refuses as a whole (a server without the batch RPC, or with a
//! smaller `--max-batch-items` or `--max-message-bytes`) is sent again as unary calls,
//! and so is an item refused only for the size of the batch's answer. A batch that
//! fails for transport reasons is retried whole, as [`Servers::call`] retries any
//! call: the service is stateless.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use bytes::Bytes;
use fray_proto::fray::v1::{
    ApplyActionBatchRequest, ApplyActionBatchResponse, ApplyActionRequest, ApplyActionResponse,
};
use fray_service::status::from_item_status;
use prost::Message as _;
use tokio::sync::{Notify, mpsc, oneshot};
use tokio::task::AbortHandle;
use tonic::{Code, Status};

use super::calls::{CallError, Servers, retryable};
use crate::grpc;

/// The most actions in one batch.
pub const MAX_ITEMS: usize = 64;
/// The most request bytes in one batch (the answers, a little larger, stay well
/// within the client's 1 MiB message limit).
pub const MAX_BYTES: usize = 256 * 1024;
/// The RPCs.
const BATCH: &str = "/fray.v1.Rules/ApplyActionBatch";
const UNARY: &str = "/fray.v1.Rules/ApplyAction";
/// Batches in flight per server.
const SLOTS_PER_SERVER: usize = 2;

/// One action waiting for its batch, and where its answer goes.
struct Waiting {
    request: ApplyActionRequest,
    bytes: usize,
    answer: oneshot::Sender<Result<ApplyActionResponse, CallError>>,
}

/// The batching of a referee's actions: a task that gathers them and sends the batches.
pub struct Batches {
    queue: mpsc::UnboundedSender<Waiting>,
    task: AbortHandle,
}

impl Drop for Batches {
    fn drop(&mut self) {
        self.task.abort();
    }
}

impl Batches {
    /// Starts the task that sends the actions to `servers`.
    pub(super) fn start(servers: Arc<Servers>) -> Self {
        let (queue, waiting) = mpsc::unbounded_channel();
        let task = tokio::spawn(gather(servers, waiting)).abort_handle();
        Self { queue, task }
    }

    /// `request` applied, as ApplyAction answers it (its own status if refused).
    pub async fn apply(&self, request: ApplyActionRequest) -> Result<ApplyActionResponse, CallError> {
        let (answer, answered) = oneshot::channel();
        let bytes = request.encoded_len();
        let stopped = || CallError::Unreachable("ApplyAction: the referee has stopped".to_owned());
        self.queue.send(Waiting { request, bytes, answer }).map_err(|_| stopped())?;
        answered.await.map_err(|_| stopped())?
    }
}

/// The batches in flight, and a signal when one ends.
#[derive(Default)]
struct Slots {
    busy: AtomicUsize,
    freed: Notify,
}

impl Slots {
    /// Waits until fewer than `of` batches are in flight, then takes a slot.
    async fn take(&self, of: impl Fn() -> usize) {
        while self.busy.load(Ordering::Acquire) >= of() {
            // A slot freed between the check and here leaves its permit in `freed`.
            self.freed.notified().await;
        }
        self.busy.fetch_add(1, Ordering::AcqRel);
    }

    fn give_back(&self) {
        self.busy.fetch_sub(1, Ordering::AcqRel);
        self.freed.notify_one();
    }
}

/// Gathers the waiting actions into batches and sends each on its own task, until the
/// referee is dropped.
async fn gather(servers: Arc<Servers>, mut waiting: mpsc::UnboundedReceiver<Waiting>) {
    let slots = Arc::new(Slots::default());
    // Set once a server answered a batch UNIMPLEMENTED (it has no batch RPC): from then
    // on the actions go as unary calls.
    let unbatched = Arc::new(AtomicBool::new(false));
    let mut held: Option<Waiting> = None;
    loop {
        let first = match held.take() {
            Some(first) => first,
            None => match waiting.recv().await {
                Some(first) => first,
                None => return,
            },
        };
        // While every slot is busy, the actions that come wait here and go together.
        slots.take(|| SLOTS_PER_SERVER * servers.active().max(1)).await;
        let mut bytes = first.bytes;
        let mut batch = vec![first];
        while batch.len() < MAX_ITEMS {
            let Ok(next) = waiting.try_recv() else { break };
            if bytes + next.bytes > MAX_BYTES {
                held = Some(next);
                break;
            }
            bytes += next.bytes;
            batch.push(next);
        }
        let (servers, slots, unbatched) = (Arc::clone(&servers), Arc::clone(&slots), Arc::clone(&unbatched));
        tokio::spawn(async move {
            send(&servers, batch, &unbatched).await;
            slots.give_back();
        });
    }
}

/// Sends `batch` and hands each action its answer.
async fn send(servers: &Arc<Servers>, batch: Vec<Waiting>, unbatched: &AtomicBool) {
    if batch.len() == 1 || unbatched.load(Ordering::Relaxed) {
        return one_by_one(servers, batch).await;
    }
    let (requests, answers): (Vec<_>, Vec<_>) = batch.into_iter().map(|w| (w.request, (w.bytes, w.answer))).unzip();
    // Encoded once, sent as these bytes by every attempt; the requests are kept for the
    // actions that may have to go again on their own.
    let batch = ApplyActionBatchRequest { requests };
    let request = Bytes::from(batch.encode_to_vec());
    let mut requests = batch.requests.into_iter();
    let answered = servers
        .call_retrying("ApplyActionBatch", batch_retryable, |channel| {
            grpc::call_encoded::<ApplyActionBatchResponse>(channel, BATCH, request.clone())
        })
        .await;
    let results = match answered {
        Ok(answer) if answer.results.len() == answers.len() => answer.results,
        Ok(answer) => {
            let why =
                format!("ApplyActionBatch answered {} results for {} actions", answer.results.len(), answers.len());
            return unreachable_all(answers, &why);
        }
        // Refused as a whole: not the actions' fault (each would have its own status).
        Err(CallError::Refused(status)) => {
            if status.code() == Code::Unimplemented {
                unbatched.store(true, Ordering::Relaxed);
            }
            let batch = requests.zip(answers).map(|(request, (bytes, answer))| Waiting { request, bytes, answer });
            return one_by_one(servers, batch.collect()).await;
        }
        Err(CallError::Unreachable(why)) => return unreachable_all(answers, &why),
    };
    let mut again = Vec::new();
    for ((bytes, answer), result) in answers.into_iter().zip(results) {
        let request = requests.next();
        let answered = match (result.status, result.response) {
            // Only the batch's answer was too big: it goes again on its own.
            (Some(status), _) if status.code == Code::ResourceExhausted as i32 => match request {
                Some(request) => {
                    again.push(Waiting { request, bytes, answer });
                    continue;
                }
                None => Err(CallError::Refused(from_item_status(&status))),
            },
            (Some(status), _) => Err(CallError::Refused(from_item_status(&status))),
            (None, Some(response)) => Ok(response),
            (None, None) => Err(CallError::Unreachable("ApplyActionBatch answered an empty result".to_owned())),
        };
        let _ = answer.send(answered);
    }
    one_by_one(servers, again).await;
}

/// Answers every action of a batch that could not be judged with `why`.
fn unreachable_all<B>(answers: Vec<(B, oneshot::Sender<Result<ApplyActionResponse, CallError>>)>, why: &str) {
    for (_, answer) in answers {
        let _ = answer.send(Err(CallError::Unreachable(why.to_owned())));
    }
}

/// Whether a batch that failed goes again whole: as any call ([`retryable`]), but
/// RESOURCE_EXHAUSTED, which may be the batch's size against the server's
/// `--max-message-bytes`, sends its actions on their own instead (where a server that
/// was only busy is tried again as usual).
fn batch_retryable(status: &Status) -> bool {
    retryable(status) && status.code() != Code::ResourceExhausted
}

/// Sends each action of `batch` as its own ApplyAction call, all at once.
async fn one_by_one(servers: &Arc<Servers>, mut batch: Vec<Waiting>) {
    if batch.len() <= 1 {
        if let Some(w) = batch.pop() {
            alone(servers, w).await;
        }
        return;
    }
    let mut calls = tokio::task::JoinSet::new();
    for w in batch {
        let servers = Arc::clone(servers);
        calls.spawn(async move { alone(&servers, w).await });
    }
    calls.join_all().await;
}

/// Sends `w`'s action as an ApplyAction call and hands it the answer.
async fn alone(servers: &Servers, w: Waiting) {
    let request = Bytes::from(w.request.encode_to_vec());
    let answered = servers
        .call("ApplyAction", |channel| grpc::call_encoded::<ApplyActionResponse>(channel, UNARY, request.clone()))
        .await;
    let _ = w.answer.send(answered);
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::panic)]

    use fray_proto::fray::v1::{Action, GameState, LegalActionsRequest, ListRulesetsRequest, NewGameRequest, Ruleset};
    use fray_service::ServerConfig;

    use super::super::referee::Referee;
    use super::super::testing::{self, Plain};
    use super::*;

    /// A server with `config` on a free loopback port, and its URL.
    async fn serve(config: ServerConfig) -> String {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let url = format!("http://{}", listener.local_addr().unwrap());
        tokio::spawn(fray_service::serve(listener, config, std::future::pending()));
        url
    }

    /// A dealt e:game state, the actions legal in it and one that is not an action.
    async fn dealt(url: &str) -> (GameState, Vec<Action>) {
        let mut rules = testing::rules(url).await;
        let request = NewGameRequest {
            ruleset: Ruleset::Egame as i32,
            seed: 3,
            scenario: "duel".to_owned(),
            ..Default::default()
        };
        let state = rules.new_game(request).await.unwrap().into_inner().state.unwrap();
        let legal = LegalActionsRequest { state: Some(state.clone()), ..Default::default() };
        let mut actions = rules.legal_actions(legal).await.unwrap().into_inner().actions;
        assert!(actions.len() >= ACTIONS, "{}", actions.len());
        actions.truncate(ACTIONS - 1);
        actions.insert(2, Action::default());
        (state, actions)
    }

    /// Actions asked for at once in a test (fewer than a batch holds).
    const ACTIONS: usize = 10;

    /// Each of `actions` applied to `state` by a referee of `url`, all asked for at
    /// once, against the unary call's answer for it alone from `reference`; the calls
    /// the referee made.
    async fn applied_together_as_alone(url: &str, reference: &str, state: &GameState, actions: &[Action]) -> u64 {
        let (referee, _) = Referee::connect(&[url.to_owned()], Arc::new(Plain), Ruleset::Egame).await.unwrap();
        let referee = Arc::new(referee);
        let mut asked = tokio::task::JoinSet::new();
        for (i, action) in actions.iter().enumerate() {
            let (referee, state, action) = (Arc::clone(&referee), state.clone(), action.clone());
            asked.spawn(async move { (i, referee.apply(&state, &action).await) });
        }
        let mut answers: Vec<_> = asked.join_all().await;
        answers.sort_by_key(|(i, _)| *i);
        let mut rules = testing::rules(reference).await;
        for ((i, answer), action) in answers.into_iter().zip(actions) {
            let request =
                ApplyActionRequest { state: Some(state.clone()), action: Some(action.clone()), ..Default::default() };
            match (answer, rules.apply_action(request).await) {
                (Ok(batched), Ok(unary)) => assert_eq!(batched, unary.into_inner(), "action {i}"),
                (Err(CallError::Refused(batched)), Err(unary)) => {
                    assert_eq!((batched.code(), batched.message()), (unary.code(), unary.message()), "action {i}");
                    assert_eq!(batched.details(), unary.details(), "action {i}");
                }
                (batched, unary) => panic!("action {i}: {batched:?} against {unary:?}"),
            }
        }
        referee.load().iter().map(|(_, calls)| calls).sum()
    }

    #[tokio::test]
    async fn actions_asked_for_together_go_in_one_batch_and_are_answered_as_alone() {
        let url = serve(ServerConfig::default()).await;
        let (state, actions) = dealt(&url).await;
        let calls = applied_together_as_alone(&url, &url, &state, &actions).await;
        // Every action waited for the first batch's slot: one call carried them all.
        assert_eq!(calls, 1);
    }

    #[tokio::test]
    async fn a_server_that_takes_no_batch_this_big_gets_the_actions_one_by_one() {
        let reference = serve(ServerConfig::default()).await;
        let (state, actions) = dealt(&reference).await;
        let url = serve(ServerConfig { max_batch_items: 1, ..Default::default() }).await;
        let calls = applied_together_as_alone(&url, &reference, &state, &actions).await;
        // The batch, refused whole (INVALID_ARGUMENT at `requests`), then each action.
        assert_eq!(calls, 1 + ACTIONS as u64);
    }

    #[tokio::test]
    async fn a_batch_over_the_servers_message_limit_is_not_retried_but_sent_one_by_one() {
        let reference = serve(ServerConfig::default()).await;
        let (state, actions) = dealt(&reference).await;
        // Room for any one action's request and answer (and the referee's first call,
        // ListRulesets), not for a batch of them.
        let mut rules = testing::rules(&reference).await;
        let listed = rules.list_rulesets(ListRulesetsRequest {}).await.unwrap().into_inner();
        let mut room = listed.encoded_len();
        for action in &actions {
            let request =
                ApplyActionRequest { state: Some(state.clone()), action: Some(action.clone()), ..Default::default() };
            let answer = rules.apply_action(request.clone()).await.map(|a| a.into_inner().encoded_len());
            room = room.max(request.encoded_len()).max(answer.unwrap_or(0));
        }
        let room = room + 64;
        let request =
            ApplyActionRequest { state: Some(state.clone()), action: Some(actions[0].clone()), ..Default::default() };
        assert!(ACTIONS * request.encoded_len() > room, "the batch must not fit");
        let url = serve(ServerConfig { max_message_bytes: room, ..Default::default() }).await;
        let started = std::time::Instant::now();
        let calls = applied_together_as_alone(&url, &reference, &state, &actions).await;
        assert_eq!(calls, 1 + ACTIONS as u64);
        // Not retried with backoffs (100 ms, then doubling) before giving up on it.
        assert!(started.elapsed() < BATCH_RETRY_WOULD_TAKE, "{:?}", started.elapsed());
    }

    /// What retrying a batch over the limit would have taken before it went one by one.
    const BATCH_RETRY_WOULD_TAKE: std::time::Duration = std::time::Duration::from_millis(1500);
}
