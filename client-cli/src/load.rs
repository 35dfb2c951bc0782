//! `fray bench load`: drives one RPC of a server at full speed from many connections
//! and streams, and measures calls per second and latency percentiles.
//!
//! Requests are encoded once, before the run, and sent as raw bytes; answers are
//! counted, not decoded (as h2load does): the client spends as little as it can, so the
//! figure is the server's. Each connection is its own HTTP/2 connection (a tonic
//! channel) carrying `streams` calls at a time, each stream sending its next call as
//! soon as the previous one answers.

use std::collections::BTreeMap;
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};

use bytes::{Buf as _, BufMut as _, Bytes};
use hdrhistogram::Histogram;
use prost::Message as _;
use tonic::Status;
use tonic::codec::{Codec, DecodeBuf, Decoder, EncodeBuf, Encoder};
use tonic::transport::Channel;

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
            LoadRpc::ChooseAction => "/fray.v1.Agent/ChooseAction",
            LoadRpc::Check => "/grpc.health.v1.Health/Check",
        }
    }

    /// The method's name.
    pub fn name(self) -> &'static str {
        self.path().rsplit('/').next().unwrap_or_default()
    }

    /// Encodes one request of this RPC from a proto3 JSON value.
    fn encode(self, value: &serde_json::Value) -> Result<Vec<u8>, crate::json::JsonError> {
        use crate::json::from_value;
        use fray_proto::fray::v1 as pb;
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

/// Bytes in, nothing out: requests encoded before the run, answers skipped, not
/// decoded or kept.
#[derive(Debug, Clone, Copy, Default)]
struct RawCodec;

impl Codec for RawCodec {
    type Encode = Bytes;
    type Decode = ();
    type Encoder = RawCodec;
    type Decoder = RawCodec;

    fn encoder(&mut self) -> Self::Encoder {
        RawCodec
    }

    fn decoder(&mut self) -> Self::Decoder {
        RawCodec
    }
}

impl Encoder for RawCodec {
    type Item = Bytes;
    type Error = Status;

    fn encode(&mut self, item: Bytes, dst: &mut EncodeBuf<'_>) -> Result<(), Status> {
        dst.put(item);
        Ok(())
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

    /// The latency at quantile `q` (0.5 for the median).
    pub fn quantile(&self, q: f64) -> Duration {
        Duration::from_micros(self.latency.value_at_quantile(q))
    }
}

/// Runs `plan` against the server at `url`. The first request is sent once before
/// the load: a server that refuses it stops the run with its status (a bad request
/// file is not measured as a stream of errors).
pub async fn drive(url: &str, tls: &crate::tls::ClientTls, plan: &LoadPlan) -> Result<LoadReport, CliError> {
    let path: http::uri::PathAndQuery = plan.rpc.path().parse().map_err(|e| CliError::Output(format!("{e}")))?;
    let mut channels = Vec::with_capacity(plan.connections);
    for _ in 0..plan.connections.max(1) {
        // A channel per connection: each `connect` opens its own HTTP/2 connection.
        channels.push(client::channel(url, tls).await?);
    }
    let first = plan.requests.first().cloned().unwrap_or_default();
    call(&channels[0], &path, first).await.map_err(|s| CliError::Status(Box::new(s)))?;

    let started = Instant::now();
    let measure_from = started + plan.warmup;
    let until = measure_from + plan.duration;
    let mut tasks = Vec::new();
    for (c, channel) in channels.iter().enumerate() {
        for s in 0..plan.streams.max(1) {
            let (channel, path, requests) = (channel.clone(), path.clone(), Arc::clone(&plan.requests));
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
                    let answer = call(&channel, &path, request).await;
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
    Ok(LoadReport { rpc: plan.rpc, request_bytes, ok: latency.len(), errors, elapsed, latency, answered })
}

/// Latencies from 1 µs to 10 min, to 3 significant digits.
fn new_histogram() -> Result<Histogram<u64>, CliError> {
    Histogram::new_with_bounds(1, 600_000_000, 3).map_err(|e| CliError::Output(format!("latency histogram: {e}")))
}

async fn call(channel: &Channel, path: &http::uri::PathAndQuery, request: Bytes) -> Result<(), Status> {
    let mut grpc = tonic::client::Grpc::new(channel.clone())
        .max_decoding_message_size(client::MAX_MESSAGE_BYTES)
        .max_encoding_message_size(client::MAX_MESSAGE_BYTES);
    grpc.ready().await.map_err(|e| Status::unavailable(format!("not ready: {e}")))?;
    let _: tonic::Response<()> = grpc.unary(tonic::Request::new(request), path.clone(), RawCodec).await?;
    Ok(())
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
}
