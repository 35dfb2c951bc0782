//! A load run driven: its requests sent from many connections and streams at full
//! speed ([`drive`]), answers counted, not decoded, and what it measured
//! ([`LoadReport`]).

use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::{Duration, Instant};

use bytes::{Buf as _, Bytes};
use fray_proto::codec::{BytesEncoder, EncodedRequests};
use fray_proto::fray::v1 as pb;
use fray_tournament::grpc::{MAX_MESSAGE_BYTES, call_encoded};
use hdrhistogram::Histogram;
use tokio::sync::mpsc;
use tokio_stream::StreamExt as _;
use tonic::codec::{Codec, DecodeBuf, Decoder};
use tonic::transport::Channel;
use tonic::{Status, Streaming};

use super::rpc::LoadRpc;
use crate::channel;
use crate::error::ClientError;
use crate::tls::ClientTls;

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
    pub fn absorb(&mut self, other: LoadReport) -> Result<(), ClientError> {
        self.ok += other.ok;
        self.answered += other.answered;
        self.elapsed += other.elapsed;
        for (code, n) in other.errors {
            *self.errors.entry(code).or_default() += n;
        }
        self.latency.add(&other.latency).map_err(|e| ClientError::Output(format!("latency histogram: {e}")))
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
pub async fn drive(url: &str, tls: &ClientTls, plan: &LoadPlan) -> Result<LoadReport, ClientError> {
    let path: http::uri::PathAndQuery = plan.rpc.path().parse().map_err(|e| ClientError::Output(format!("{e}")))?;
    let mut channels = Vec::with_capacity(plan.connections);
    for _ in 0..plan.connections.max(1) {
        // A channel per connection: each `connect` opens its own HTTP/2 connection.
        channels.push(channel::channel(url, tls).await?);
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
        let (l, e, n) = task.await.map_err(|e| ClientError::Output(format!("a load task failed: {e}")))?;
        latency.add(&l).map_err(|e| ClientError::Output(format!("latency histogram: {e}")))?;
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
fn new_histogram() -> Result<Histogram<u64>, ClientError> {
    Histogram::new_with_bounds(1, 600_000_000, 3).map_err(|e| ClientError::Output(format!("latency histogram: {e}")))
}

/// A gRPC client of `channel` with the CLI's message limits.
fn grpc(channel: &Channel) -> tonic::client::Grpc<Channel> {
    tonic::client::Grpc::new(channel.clone())
        .max_decoding_message_size(MAX_MESSAGE_BYTES)
        .max_encoding_message_size(MAX_MESSAGE_BYTES)
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
) -> Result<(), ClientError> {
    let refused = |status: Status| ClientError::Status(Box::new(status));
    match rpc {
        LoadRpc::ResolveStrikeBatch => {
            let answer: pb::ResolveStrikeBatchResponse =
                call_encoded(channel.clone(), rpc.path(), request).await.map_err(refused)?;
            first_refused_item(answer.results.iter().map(|r| r.status.as_ref()))
        }
        LoadRpc::ApplyActionBatch => {
            let answer: pb::ApplyActionBatchResponse =
                call_encoded(channel.clone(), rpc.path(), request).await.map_err(refused)?;
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
fn first_refused_item<'a>(statuses: impl Iterator<Item = Option<&'a pb::ItemStatus>>) -> Result<(), ClientError> {
    match statuses.enumerate().find_map(|(i, s)| Some((i, s?))) {
        Some((i, s)) => Err(item_refused(&format!("item {i} of the first batch"), s)),
        None => Ok(()),
    }
}

/// A refused item (`what`) told with its status's code and message.
fn item_refused(what: &str, s: &pb::ItemStatus) -> ClientError {
    ClientError::Status(Box::new(Status::new(
        tonic::Code::from_i32(s.code),
        format!("{what} was refused: {}", s.message),
    )))
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
