//! `fray bench load`: drives one RPC of a server at full speed from many connections
//! and streams, and measures calls (and boards) per second and latency percentiles.
//!
//! Requests are encoded once, before the run, and sent as raw bytes; answers are
//! counted, not decoded (as h2load does): the client spends as little as it can, so the
//! figure is the server's. Each connection is its own HTTP/2 connection (a tonic
//! channel) carrying `streams` calls at a time, each stream sending its next call as
//! soon as the previous one answers. A Play run keeps one Play stream open in each of
//! those places and sends its next message as soon as the previous one is answered, as
//! a client playing a game does. A batch carries several boards per call: the report
//! counts boards (items) beside calls, and the CPU spent per board.

use std::collections::BTreeMap;
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};

use bytes::{Buf as _, BufMut as _, Bytes};
use fray_proto::codec::{BytesEncoder, EncodedRequests};
use fray_proto::fray::v1 as pb;
use hdrhistogram::Histogram;
use prost::Message as _;
use tokio::sync::mpsc;
use tokio_stream::StreamExt as _;
use tonic::codec::{Codec, DecodeBuf, Decoder};
use tonic::transport::Channel;
use tonic::{Status, Streaming};

use crate::client;
use crate::error::{CliError, chain};

/// The RPCs `fray bench load` can drive.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum LoadRpc {
    /// fray.v1.Rules/ResolveStrike
    ResolveStrike,
    /// fray.v1.Rules/ApplyAction
    ApplyAction,
    /// fray.v1.Rules/LegalActions
    LegalActions,
    /// fray.v1.Rules/NewGame
    NewGame,
    /// fray.v1.Rules/ListRulesets
    ListRulesets,
    /// fray.v1.Rules/ResolveStrikeBatch: many boards a call.
    ResolveStrikeBatch,
    /// fray.v1.Rules/ApplyActionBatch: many actions a call.
    ApplyActionBatch,
    /// fray.v1.Rules/Play: a stream per place, each message sent once the previous
    /// one is answered.
    Play,
    /// fray.v1.Agent/ChooseAction
    ChooseAction,
    /// grpc.health.v1.Health/Check (service ""): the transport's baseline, an answer
    /// with next to no work.
    Check,
}

impl LoadRpc {
    /// The HTTP/2 path of the RPC.
    pub fn path(self) -> &'static str {
        match self {
            LoadRpc::ResolveStrike => "/fray.v1.Rules/ResolveStrike",
            LoadRpc::ApplyAction => "/fray.v1.Rules/ApplyAction",
            LoadRpc::LegalActions => "/fray.v1.Rules/LegalActions",
            LoadRpc::NewGame => "/fray.v1.Rules/NewGame",
            LoadRpc::ListRulesets => "/fray.v1.Rules/ListRulesets",
            LoadRpc::ResolveStrikeBatch => "/fray.v1.Rules/ResolveStrikeBatch",
            LoadRpc::ApplyActionBatch => "/fray.v1.Rules/ApplyActionBatch",
            LoadRpc::Play => "/fray.v1.Rules/Play",
            LoadRpc::ChooseAction => "/fray.v1.Agent/ChooseAction",
            LoadRpc::Check => "/grpc.health.v1.Health/Check",
        }
    }

    /// The method's name.
    pub fn name(self) -> &'static str {
        self.path().rsplit('/').next().unwrap_or_default()
    }

    /// The batch RPC that carries many requests of this one.
    pub fn batched(self) -> Option<LoadRpc> {
        match self {
            LoadRpc::ResolveStrike => Some(LoadRpc::ResolveStrikeBatch),
            LoadRpc::ApplyAction => Some(LoadRpc::ApplyActionBatch),
            _ => None,
        }
    }

    /// Encodes one request of this RPC from a proto3 JSON value.
    fn encode(self, value: &serde_json::Value) -> Result<Vec<u8>, crate::json::JsonError> {
        use crate::json::from_value;
        Ok(match self {
            LoadRpc::ResolveStrike => {
                from_value::<pb::ResolveStrikeRequest>(value, "fray.v1.ResolveStrikeRequest")?.encode_to_vec()
            }
            LoadRpc::ApplyAction => {
                from_value::<pb::ApplyActionRequest>(value, "fray.v1.ApplyActionRequest")?.encode_to_vec()
            }
            LoadRpc::LegalActions => {
                from_value::<pb::LegalActionsRequest>(value, "fray.v1.LegalActionsRequest")?.encode_to_vec()
            }
            LoadRpc::NewGame => from_value::<pb::NewGameRequest>(value, "fray.v1.NewGameRequest")?.encode_to_vec(),
            LoadRpc::ListRulesets => {
                from_value::<pb::ListRulesetsRequest>(value, "fray.v1.ListRulesetsRequest")?.encode_to_vec()
            }
            LoadRpc::ResolveStrikeBatch => {
                from_value::<pb::ResolveStrikeBatchRequest>(value, "fray.v1.ResolveStrikeBatchRequest")?.encode_to_vec()
            }
            LoadRpc::ApplyActionBatch => {
                from_value::<pb::ApplyActionBatchRequest>(value, "fray.v1.ApplyActionBatchRequest")?.encode_to_vec()
            }
            LoadRpc::Play => from_value::<pb::PlayRequest>(value, "fray.v1.PlayRequest")?.encode_to_vec(),
            LoadRpc::ChooseAction => {
                from_value::<pb::ChooseActionRequest>(value, "fray.v1.ChooseActionRequest")?.encode_to_vec()
            }
            // The health check's only field is the service name; "" is the server.
            LoadRpc::Check => tonic_health::pb::HealthCheckRequest { service: String::new() }.encode_to_vec(),
        })
    }

    /// The requests a file holds: one request in proto3 JSON, or a JSON array of them
    /// (sent in turn). `None` is the RPC's empty request (Check, ListRulesets).
    pub fn requests(self, file: Option<&std::path::Path>) -> Result<Vec<Bytes>, CliError> {
        let Some(path) = file else {
            return match self {
                LoadRpc::Check | LoadRpc::ListRulesets => {
                    Ok(vec![Bytes::from(self.encode(&serde_json::json!({})).map_err(embedded_descriptors_broken)?)])
                }
                _ => Err(CliError::Usage(format!("--rpc {}: needs --request FILE (proto3 JSON)", self.name()))),
            };
        };
        let source_name = path.display().to_string();
        let input = |problem: String| CliError::Input { source_name: source_name.clone(), problem };
        let text = std::fs::read_to_string(path).map_err(|e| input(format!("cannot read it: {e}")))?;
        let value: serde_json::Value = serde_json::from_str(&text).map_err(|e| input(format!("not JSON: {e}")))?;
        let values = match value {
            serde_json::Value::Array(items) if items.is_empty() => return Err(input("an empty array".into())),
            serde_json::Value::Array(items) => items,
            one => vec![one],
        };
        values
            .iter()
            .enumerate()
            .map(|(i, v)| self.encode(v).map(Bytes::from).map_err(|e| input(format!("request {i}: {}", chain(&e)))))
            .collect()
    }
}

/// An empty request that cannot be encoded: the embedded descriptors are broken (a bug).
fn embedded_descriptors_broken(e: crate::json::JsonError) -> CliError {
    CliError::Output(chain(&e))
}

/// Batch requests of `per_batch` of `items` (encoded requests of the unary RPC) each:
/// as many batches as there are items, batch `j` starting at item `j` and taking the
/// items in turn from there, so every item is sent alike.
pub fn batches(items: &[Bytes], per_batch: usize) -> Vec<Bytes> {
    (0..items.len())
        .map(|first| {
            let mut batch = Vec::new();
            for item in items.iter().cycle().skip(first).take(per_batch) {
                // Field 1 (`requests`), length-delimited: its tag, its length, the item.
                batch.put_u8(0x0a);
                prost::encoding::encode_varint(item.len() as u64, &mut batch);
                batch.extend_from_slice(item);
            }
            Bytes::from(batch)
        })
        .collect()
}

/// The LegalActions requests of the states of `items`, encoded ApplyAction requests: with
/// them, a run times what a unary client spends per step of a game, LegalActions then
/// ApplyAction, against the Play stream's one message.
pub fn legal_actions_of(items: &[Bytes]) -> Result<Vec<Bytes>, CliError> {
    items
        .iter()
        .enumerate()
        .map(|(i, item)| {
            let request =
                pb::ApplyActionRequest::decode(&item[..]).map_err(|e| CliError::Output(format!("request {i}: {e}")))?;
            Ok(Bytes::from(pb::LegalActionsRequest { state: request.state, ..Default::default() }.encode_to_vec()))
        })
        .collect()
}

/// The openings of each default game of `rulesets` as ApplyAction requests, the first
/// legal action on the state dealt plain and on a state dealt sealed for the seat to
/// move (`NewGame` with `sealed_for`), asked of the server at `url`: (plain, sealed).
/// What a client that holds a sealed state pays over one that holds the whole state.
pub async fn openings(
    url: &str,
    tls: &crate::tls::ClientTls,
    rulesets: &[pb::Ruleset],
) -> Result<(Vec<Bytes>, Vec<Bytes>), CliError> {
    let mut rules = pb::rules_client::RulesClient::new(client::channel(url, tls).await?);
    let refused = |what: &str, s: Status| CliError::Output(format!("{what}: {s}"));
    let (mut plain, mut sealed) = (Vec::new(), Vec::new());
    for &ruleset in rulesets {
        let new_game =
            |sealed_for| pb::NewGameRequest { ruleset: ruleset as i32, seed: 1, sealed_for, ..Default::default() };
        let state = rules.new_game(new_game(None)).await.map_err(|s| refused("NewGame", s))?.into_inner().state;
        let Some(state) = state else { return Err(CliError::Output("NewGame answered no state".into())) };
        let to_move = state.pending.as_ref().map_or(state.active_player, |p| p.player);
        let legal = pb::LegalActionsRequest { state: Some(state.clone()), ..Default::default() };
        let legal = rules.legal_actions(legal).await.map_err(|s| refused("LegalActions", s))?.into_inner();
        let Some(action) = legal.actions.into_iter().next() else {
            return Err(CliError::Output(format!("{}: no action is legal at the start", ruleset.as_str_name())));
        };
        let dealt = rules.new_game(new_game(Some(to_move))).await.map_err(|s| refused("NewGame", s))?.into_inner();
        let Some(sealed_state) = dealt.sealed_state else {
            return Err(CliError::Output("NewGame answered no sealed state".into()));
        };
        // A sealed game is another deal (its seed mixed with the server's secret and the
        // seat): its own first legal action, as its seat's client would take it.
        let legal = pb::LegalActionsRequest { sealed_state: Some(sealed_state.clone()), ..Default::default() };
        let legal = rules.legal_actions(legal).await.map_err(|s| refused("LegalActions", s))?.into_inner();
        let Some(sealed_action) = legal.actions.into_iter().next() else {
            return Err(CliError::Output(format!("{}: the sealed seat has no action", ruleset.as_str_name())));
        };
        let request = |state, sealed_state, action| pb::ApplyActionRequest {
            state,
            sealed_state,
            action: Some(action),
            ..Default::default()
        };
        plain.push(Bytes::from(request(Some(state), None, action).encode_to_vec()));
        sealed.push(Bytes::from(request(None, Some(sealed_state), sealed_action).encode_to_vec()));
    }
    Ok((plain, sealed))
}

/// The Play messages of `items`, encoded requests of `rpc`: an ApplyAction request is
/// a Play message as it is (the same fields); a ResolveStrike request's strike becomes
/// the message's action (a request with `choices` cannot be one message).
pub fn play_messages(rpc: LoadRpc, items: &[Bytes]) -> Result<Vec<Bytes>, CliError> {
    match rpc {
        LoadRpc::ApplyAction => Ok(items.to_vec()),
        LoadRpc::ResolveStrike => items
            .iter()
            .enumerate()
            .map(|(i, item)| {
                let request = pb::ResolveStrikeRequest::decode(&item[..])
                    .map_err(|e| CliError::Output(format!("request {i}: {e}")))?;
                if !request.choices.is_empty() {
                    return Err(CliError::Usage(format!(
                        "--stream: request {i} has choices, which a Play message cannot carry (send them as \
                         later messages)"
                    )));
                }
                let action = request
                    .strike
                    .map(|s| pb::Action { action: Some(pb::action::Action::Strike(s)), ..Default::default() });
                Ok(Bytes::from(pb::PlayRequest { state: request.state, action, ..Default::default() }.encode_to_vec()))
            })
            .collect(),
        _ => Err(CliError::Usage(format!(
            "--stream drives Play with the boards of resolve-strike or apply-action requests, not {}",
            rpc.name()
        ))),
    }
}

/// Bytes in, nothing out: requests encoded before the run, answers skipped, not
/// decoded or kept.
#[derive(Debug, Clone, Copy, Default)]
struct RawCodec;

impl Codec for RawCodec {
    type Encode = Bytes;
    type Decode = ();
    type Encoder = BytesEncoder;
    type Decoder = RawCodec;

    fn encoder(&mut self) -> Self::Encoder {
        BytesEncoder
    }

    fn decoder(&mut self) -> Self::Decoder {
        RawCodec
    }
}

impl Decoder for RawCodec {
    type Item = ();
    type Error = Status;

    fn decode(&mut self, src: &mut DecodeBuf<'_>) -> Result<Option<()>, Status> {
        src.advance(src.remaining());
        Ok(Some(()))
    }
}

/// One load run.
#[derive(Debug, Clone)]
pub struct LoadPlan {
    /// The RPC.
    pub rpc: LoadRpc,
    /// Its requests, encoded; stream `k` sends request `k`, `k + 1`, ... in turn.
    pub requests: Arc<Vec<Bytes>>,
    /// Boards (items) each request carries: a batch's size, else 1.
    pub items: usize,
    /// HTTP/2 connections.
    pub connections: usize,
    /// Calls in flight on each connection.
    pub streams: usize,
    /// Calls before this are sent but not measured.
    pub warmup: Duration,
    /// How long the measured part lasts.
    pub duration: Duration,
}

/// What a run measured.
#[derive(Debug)]
pub struct LoadReport {
    /// The RPC.
    pub rpc: LoadRpc,
    /// Boards (items) each call carries.
    pub items: usize,
    /// The mean request size in bytes.
    pub request_bytes: usize,
    /// Answers with status OK in the measured part.
    pub ok: u64,
    /// Failed calls in the measured part, by code.
    pub errors: BTreeMap<String, u64>,
    /// The measured part's length.
    pub elapsed: Duration,
    /// Latency of the OK calls, in microseconds.
    pub latency: Histogram<u64>,
    /// Every call answered, warm-up included (what the server's CPU time was spent on).
    pub answered: u64,
}

impl LoadReport {
    /// Adds `other`, a later run of the same RPC, to this one: calls, errors, time
    /// measured and latencies summed.
    pub fn absorb(&mut self, other: LoadReport) -> Result<(), CliError> {
        self.ok += other.ok;
        self.answered += other.answered;
        self.elapsed += other.elapsed;
        for (code, n) in other.errors {
            *self.errors.entry(code).or_default() += n;
        }
        self.latency.add(&other.latency).map_err(|e| CliError::Output(format!("latency histogram: {e}")))
    }

    /// OK answers per second.
    pub fn per_second(&self) -> f64 {
        self.ok as f64 / self.elapsed.as_secs_f64().max(1e-9)
    }

    /// Boards (items) of OK answers per second.
    pub fn boards_per_second(&self) -> f64 {
        self.per_second() * self.items as f64
    }

    /// The latency at quantile `q` (0.5 for the median).
    pub fn quantile(&self, q: f64) -> Duration {
        Duration::from_micros(self.latency.value_at_quantile(q))
    }
}

/// Runs `plan` against the server at `url`. The first request is sent once before
/// the load: a server that refuses it, or any of its items, stops the run with the
/// status (a bad request file is not measured as a stream of errors).
pub async fn drive(url: &str, tls: &crate::tls::ClientTls, plan: &LoadPlan) -> Result<LoadReport, CliError> {
    let path: http::uri::PathAndQuery = plan.rpc.path().parse().map_err(|e| CliError::Output(format!("{e}")))?;
    let mut channels = Vec::with_capacity(plan.connections);
    for _ in 0..plan.connections.max(1) {
        // A channel per connection: each `connect` opens its own HTTP/2 connection.
        channels.push(client::channel(url, tls).await?);
    }
    let first = plan.requests.first().cloned().unwrap_or_default();
    check_first(&channels[0], &path, plan.rpc, first).await?;

    let started = Instant::now();
    let measure_from = started + plan.warmup;
    let until = measure_from + plan.duration;
    let mut tasks = Vec::new();
    for (c, channel) in channels.iter().enumerate() {
        for s in 0..plan.streams.max(1) {
            let requests = Arc::clone(&plan.requests);
            let mut caller = Caller::new(plan.rpc, channel.clone(), path.clone());
            let mut next = c * plan.streams + s;
            let mut latency = new_histogram()?;
            tasks.push(tokio::spawn(async move {
                let mut errors: BTreeMap<String, u64> = BTreeMap::new();
                let mut answered = 0u64;
                loop {
                    let sent = Instant::now();
                    if sent >= until {
                        break;
                    }
                    let request = requests[next % requests.len()].clone();
                    next += 1;
                    let answer = caller.call(request).await;
                    answered += 1;
                    if sent < measure_from {
                        continue;
                    }
                    match answer {
                        Ok(()) => {
                            let micros = u64::try_from(sent.elapsed().as_micros()).unwrap_or(u64::MAX);
                            latency.saturating_record(micros.max(1));
                        }
                        Err(status) => *errors.entry(format!("{:?}", status.code())).or_default() += 1,
                    }
                }
                (latency, errors, answered)
            }));
        }
    }
    let mut latency = new_histogram()?;
    let mut errors: BTreeMap<String, u64> = BTreeMap::new();
    let mut answered = 1; // the first call, before the load
    for task in tasks {
        let (l, e, n) = task.await.map_err(|e| CliError::Output(format!("a load task failed: {e}")))?;
        latency.add(&l).map_err(|e| CliError::Output(format!("latency histogram: {e}")))?;
        answered += n;
        for (code, n) in e {
            *errors.entry(code).or_default() += n;
        }
    }
    let elapsed = until.saturating_duration_since(measure_from);
    let request_bytes = plan.requests.iter().map(Bytes::len).sum::<usize>() / plan.requests.len().max(1);
    Ok(LoadReport {
        rpc: plan.rpc,
        items: plan.items,
        request_bytes,
        ok: latency.len(),
        errors,
        elapsed,
        latency,
        answered,
    })
}

/// Latencies from 1 µs to 10 min, to 3 significant digits.
fn new_histogram() -> Result<Histogram<u64>, CliError> {
    Histogram::new_with_bounds(1, 600_000_000, 3).map_err(|e| CliError::Output(format!("latency histogram: {e}")))
}

/// A gRPC client of `channel` with the CLI's message limits.
fn grpc(channel: &Channel) -> tonic::client::Grpc<Channel> {
    tonic::client::Grpc::new(channel.clone())
        .max_decoding_message_size(client::MAX_MESSAGE_BYTES)
        .max_encoding_message_size(client::MAX_MESSAGE_BYTES)
}

async fn call(channel: &Channel, path: &http::uri::PathAndQuery, request: Bytes) -> Result<(), Status> {
    let mut grpc = grpc(channel);
    grpc.ready().await.map_err(|e| Status::unavailable(format!("not ready: {e}")))?;
    let _: tonic::Response<()> = grpc.unary(tonic::Request::new(request), path.clone(), RawCodec).await?;
    Ok(())
}

/// Sends `request` once, decoding the answer: a refused call, or a refused item of a
/// batch or of a Play message, is the error, with its status.
async fn check_first(
    channel: &Channel,
    path: &http::uri::PathAndQuery,
    rpc: LoadRpc,
    request: Bytes,
) -> Result<(), CliError> {
    let refused = |status: Status| CliError::Status(Box::new(status));
    match rpc {
        LoadRpc::ResolveStrikeBatch => {
            let answer: pb::ResolveStrikeBatchResponse =
                client::call_encoded(channel.clone(), rpc.path(), request).await.map_err(refused)?;
            first_refused_item(answer.results.iter().map(|r| r.status.as_ref()))
        }
        LoadRpc::ApplyActionBatch => {
            let answer: pb::ApplyActionBatchResponse =
                client::call_encoded(channel.clone(), rpc.path(), request).await.map_err(refused)?;
            first_refused_item(answer.results.iter().map(|r| r.status.as_ref()))
        }
        LoadRpc::Play => {
            let mut grpc = grpc(channel);
            grpc.ready().await.map_err(|e| refused(Status::unavailable(format!("not ready: {e}"))))?;
            let messages = tokio_stream::iter([request]);
            let answers: tonic::Response<Streaming<pb::PlayResponse>> = grpc
                .streaming(tonic::Request::new(messages), path.clone(), EncodedRequests::default())
                .await
                .map_err(refused)?;
            let mut answers = answers.into_inner();
            let first = answers.next().await.unwrap_or_else(|| Err(Status::unknown("the stream ended unanswered")));
            match first.map_err(refused)?.status {
                Some(s) => Err(item_refused("the first message", &s)),
                None => Ok(()),
            }
        }
        _ => call(channel, path, request).await.map_err(refused),
    }
}

/// The first item of a batch's answer that was refused, as the error; the items'
/// statuses in order.
fn first_refused_item<'a>(statuses: impl Iterator<Item = Option<&'a pb::ItemStatus>>) -> Result<(), CliError> {
    match statuses.enumerate().find_map(|(i, s)| Some((i, s?))) {
        Some((i, s)) => Err(item_refused(&format!("item {i} of the first batch"), s)),
        None => Ok(()),
    }
}

/// A refused item (`what`) told with its status's code and message.
fn item_refused(what: &str, s: &pb::ItemStatus) -> CliError {
    CliError::Status(Box::new(Status::new(tonic::Code::from_i32(s.code), format!("{what} was refused: {}", s.message))))
}

/// How one place of a run makes its calls: unary calls, or messages on a Play stream
/// that it keeps open (and opens again when the server ends it, e.g. at its
/// `--max-stream-messages`).
struct Caller {
    channel: Channel,
    path: http::uri::PathAndQuery,
    /// True for a Play stream's messages, false for unary calls.
    streamed: bool,
    /// The stream open now: where its messages go, and its answers.
    open: Option<Box<(mpsc::Sender<Bytes>, Streaming<()>)>>,
}

impl Caller {
    fn new(rpc: LoadRpc, channel: Channel, path: http::uri::PathAndQuery) -> Self {
        Self { channel, path, streamed: rpc == LoadRpc::Play, open: None }
    }

    /// Sends `request` and waits for its answer.
    async fn call(&mut self, request: Bytes) -> Result<(), Status> {
        if !self.streamed {
            return call(&self.channel, &self.path, request).await;
        }
        // A stream the server ended at its message limit is opened again and the
        // message, which it did not answer, sent there.
        for _ in 0..2 {
            let (send, answers) = match &mut self.open {
                Some(open) => &mut **open,
                None => &mut **self.open.insert(Box::new(open_stream(&self.channel, &self.path).await?)),
            };
            if send.send(request.clone()).await.is_err() {
                self.open = None;
                return Err(Status::unavailable("the stream closed"));
            }
            match answers.next().await {
                Some(Ok(())) => return Ok(()),
                Some(Err(status))
                    if status.code() == tonic::Code::ResourceExhausted
                        && status.message().contains("--max-stream-messages") =>
                {
                    self.open = None;
                }
                Some(Err(status)) => {
                    self.open = None;
                    return Err(status);
                }
                None => {
                    self.open = None;
                    return Err(Status::unavailable("the stream ended with a message unanswered"));
                }
            }
        }
        Err(Status::resource_exhausted("the server ended two streams at their first message"))
    }
}

/// A Play stream on `channel`: its sender and its answers, skipped, not decoded.
async fn open_stream(
    channel: &Channel,
    path: &http::uri::PathAndQuery,
) -> Result<(mpsc::Sender<Bytes>, Streaming<()>), Status> {
    let mut grpc = grpc(channel);
    grpc.ready().await.map_err(|e| Status::unavailable(format!("not ready: {e}")))?;
    let (send, receive) = mpsc::channel::<Bytes>(1);
    let messages = tokio_stream::wrappers::ReceiverStream::new(receive);
    let answers = grpc.streaming(tonic::Request::new(messages), path.clone(), RawCodec).await?.into_inner();
    Ok((send, answers))
}

/// A `fray serve` child process on a free loopback port, for a load run that should
/// not share its process with the client. Killed when dropped.
#[derive(Debug)]
pub struct ChildServer {
    child: Child,
    /// Its address, as `http://127.0.0.1:PORT`.
    pub url: String,
}

impl ChildServer {
    /// Starts `fray serve --listen 127.0.0.1:0` (this executable) with `args` after it.
    pub fn start(args: &[String]) -> Result<Self, CliError> {
        let exe = std::env::current_exe().map_err(|e| CliError::Server(format!("cannot find this program: {e}")))?;
        let mut child = Command::new(exe)
            .args(["serve", "--listen", "127.0.0.1:0"])
            .args(args)
            .env("RUST_LOG", "warn")
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .map_err(|e| CliError::Server(format!("cannot start `fray serve`: {e}")))?;
        let mut line = String::new();
        if let Some(out) = child.stdout.take() {
            let _ = std::io::BufRead::read_line(&mut std::io::BufReader::new(out), &mut line);
        }
        match line.trim().strip_prefix("fray-server listening on ") {
            Some(addr) => Ok(Self { url: format!("http://{addr}"), child }),
            None => {
                let _ = child.kill();
                let _ = child.wait();
                Err(CliError::Server(format!("`fray serve` did not start (it printed {line:?})")))
            }
        }
    }

    /// The process id.
    pub fn pid(&self) -> u32 {
        self.child.id()
    }
}

impl Drop for ChildServer {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A process's peak and current resident memory in bytes, from `/proc/PID/status`
/// (`VmHWM`, `VmRSS`); `None` where there is no such file.
pub fn resident_memory(pid: u32) -> Option<(u64, u64)> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let field = |name: &str| -> Option<u64> {
        let line = status.lines().find(|l| l.starts_with(name))?;
        let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
        Some(kib * 1024)
    };
    Some((field("VmHWM:")?, field("VmRSS:")?))
}

/// The CPU time (user + system) a process has used so far, from `/proc/PID/stat`;
/// `None` where there is no such file.
pub fn cpu_time(pid: u32) -> Option<Duration> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // The fields after the command name (which may hold spaces, so split after ')'):
    // state is field 3, utime and stime are fields 14 and 15, in clock ticks.
    let fields: Vec<&str> = stat.rsplit_once(')')?.1.split_whitespace().collect();
    let ticks: u64 = fields.get(11)?.parse::<u64>().ok()? + fields.get(12)?.parse::<u64>().ok()?;
    // Linux reports them in USER_HZ, which is 100 on every architecture it supports.
    Some(Duration::from_millis(ticks * 10))
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn this_process_has_used_some_cpu_time() {
        let spent = (0..2_000_000u64).fold(0u64, |a, b| a.wrapping_add(b * b));
        assert!(spent > 0);
        let cpu = cpu_time(std::process::id());
        if cfg!(target_os = "linux") {
            assert!(cpu.is_some(), "no /proc/self/stat reading");
        }
    }

    #[test]
    fn a_request_file_holds_one_request_or_an_array() {
        let dir = std::env::temp_dir().join(format!("fray-load-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let one = dir.join("one.json");
        std::fs::write(&one, r#"{"ruleset": "RULESET_EGAME", "seed": 3, "scenario": "fables"}"#).unwrap();
        assert_eq!(LoadRpc::NewGame.requests(Some(&one)).unwrap().len(), 1);
        let two = dir.join("two.json");
        std::fs::write(&two, r#"[{"seed": 1}, {"seed": 2}]"#).unwrap();
        assert_eq!(LoadRpc::NewGame.requests(Some(&two)).unwrap().len(), 2);
        let wrong = dir.join("wrong.json");
        std::fs::write(&wrong, r#"[{"seed": 1}, {"sed": 2}]"#).unwrap();
        let err = LoadRpc::NewGame.requests(Some(&wrong)).unwrap_err().to_string();
        assert!(err.contains("wrong.json") && err.contains("request 1"), "{err}");
        assert!(LoadRpc::ResolveStrike.requests(None).unwrap_err().to_string().contains("--request"));
        assert_eq!(LoadRpc::Check.requests(None).unwrap().len(), 1);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn the_bench_folders_choose_action_files_decode_and_their_states_load() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../bench");
        let mut files = 0;
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            if !(name.starts_with("choose-action-") && name.ends_with(".json")) {
                continue;
            }
            files += 1;
            let requests = LoadRpc::ChooseAction.requests(Some(&path)).unwrap();
            assert!(requests.len() >= 20, "{name}: {} positions", requests.len());
            for (i, bytes) in requests.iter().enumerate() {
                let r = pb::ChooseActionRequest::decode(bytes.clone()).unwrap();
                assert_eq!(r.budget.as_ref().map(|b| b.playouts), Some(1500), "{name} [{i}]: normal's budget");
                fray_service::convert::game_state(r.state.unwrap()).unwrap_or_else(|e| panic!("{name} [{i}]: {e}"));
            }
        }
        assert!(files >= 7, "the mirror file and one per ruleset, with Dog Fight's melee: {files}");
    }

    fn strike_request(attacker: &str) -> pb::ResolveStrikeRequest {
        pb::ResolveStrikeRequest {
            state: Some(pb::GameState { ruleset: pb::Ruleset::Egame as i32, ..Default::default() }),
            strike: Some(pb::Strike { attacker: attacker.into(), ..Default::default() }),
            choices: vec![],
            ..Default::default()
        }
    }

    #[test]
    fn batches_take_the_requests_in_turn_and_decode_as_batch_requests() {
        let items: Vec<Bytes> = ["a", "b", "c"].map(|a| Bytes::from(strike_request(a).encode_to_vec())).to_vec();
        let batches = batches(&items, 4);
        assert_eq!(batches.len(), 3);
        let attackers = |bytes: &Bytes| -> Vec<String> {
            let batch = pb::ResolveStrikeBatchRequest::decode(&bytes[..]).unwrap();
            batch.requests.into_iter().map(|r| r.strike.unwrap().attacker).collect()
        };
        assert_eq!(attackers(&batches[0]), ["a", "b", "c", "a"]);
        assert_eq!(attackers(&batches[2]), ["c", "a", "b", "c"]);
    }

    #[test]
    fn a_strike_becomes_a_play_message_and_an_action_request_is_one_already() {
        let strike = Bytes::from(strike_request("knight").encode_to_vec());
        let messages = play_messages(LoadRpc::ResolveStrike, std::slice::from_ref(&strike)).unwrap();
        let message = pb::PlayRequest::decode(&messages[0][..]).unwrap();
        let Some(pb::action::Action::Strike(s)) = message.action.and_then(|a| a.action) else { panic!("no strike") };
        assert_eq!(s.attacker, "knight");
        let mut with_choices = strike_request("knight");
        with_choices.choices.push(pb::Choice::default());
        let err = play_messages(LoadRpc::ResolveStrike, &[Bytes::from(with_choices.encode_to_vec())]).unwrap_err();
        assert!(err.to_string().contains("choices"), "{err}");
        let action = Bytes::from(pb::ApplyActionRequest::default().encode_to_vec());
        assert_eq!(play_messages(LoadRpc::ApplyAction, std::slice::from_ref(&action)).unwrap(), [action]);
        assert!(play_messages(LoadRpc::NewGame, &[]).is_err());
    }
}
