//! `fray bench load` run: its flags checked together ([`check`]), the server started
//! as a child process or reached at `--server`, its runs planned (the health check, the
//! RPC, the RPC on sealed states, its batches, LegalActions and Play), measured round by
//! round, and written as Markdown rows and ratios ([`run`]).

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use bytes::Bytes;
use fray_proto::fray::v1 as pb;
use fray_tournament::bench::machine;
use fray_tournament::titles::ruleset_title;

use super::child::{ChildServer, cpu_time, resident_memory};
use super::drive::{LoadPlan, LoadReport, drive};
use super::rpc::{LoadRpc, batches, legal_actions_of, openings, play_messages};
use crate::error::ClientError;
use crate::tls::ClientTls;

/// What `fray bench load` was asked to do (its flags but TLS's).
#[derive(Debug, Clone, PartialEq)]
pub struct LoadOptions {
    /// The RPC to drive.
    pub rpc: LoadRpc,
    /// Its request, or a JSON array of requests sent in turn.
    pub request: Option<PathBuf>,
    /// The server; `None` starts a `fray serve` child process.
    pub server: Option<String>,
    /// Arguments for the child `fray serve`.
    pub server_args: Vec<String>,
    /// HTTP/2 connections.
    pub connections: usize,
    /// Calls in flight on each connection.
    pub streams: usize,
    /// Seconds measured, for each RPC.
    pub seconds: f64,
    /// Seconds of load before measuring, for each RPC.
    pub warmup: f64,
    /// No health-check baseline.
    pub no_baseline: bool,
    /// The baseline and the RPC alternated this many times.
    pub rounds: u32,
    /// Sizes of the batch RPC's calls, each a run of its own.
    pub batch: Vec<usize>,
    /// The Play stream driven with the same boards too.
    pub stream: bool,
    /// ApplyAction on the opening of `sealed_ruleset`'s default game, plain and sealed.
    pub sealed: bool,
    /// The ruleset whose opening `sealed` drives.
    pub sealed_ruleset: pb::Ruleset,
}

/// The flags checked: the batch RPC of `--batch`, if any.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Checked {
    batched: Option<LoadRpc>,
}

/// Where a load run's results and progress go: its Markdown lines (stdout's), and the
/// run being measured, then done (stderr's).
pub trait LoadOutput {
    /// One line of the results (without its line end).
    fn line(&mut self, text: &str);
    /// A run begins to be measured: what it is, left open on its line.
    fn running(&mut self, text: &str);
    /// The run begun last is done.
    fn run_done(&mut self);
}

/// Runs `fray bench load` as `args` and `checked` say, on a server reached with `tls`
/// (the flags checked first, [`check`], then the TLS files read): the table's rows to
/// `out` as each run is done, and its progress.
pub fn run(args: &LoadOptions, checked: Checked, tls: &ClientTls, out: &mut dyn LoadOutput) -> Result<(), ClientError> {
    let Checked { batched } = checked;
    let child = match &args.server {
        Some(_) => None,
        None => Some(ChildServer::start(&args.server_args)?),
    };
    let url = args.server.clone().or_else(|| child.as_ref().map(|c| c.url.clone())).unwrap_or_default();
    let handle = tokio::runtime::Handle::current();
    let (requests, sealed) = if args.sealed {
        let (plain, sealed) = handle.block_on(openings(&url, tls, &[args.sealed_ruleset]))?;
        (Arc::new(plain), Some(Arc::new(sealed)))
    } else {
        (Arc::new(args.rpc.requests(args.request.as_deref())?), None)
    };
    let runs = load_plans(args, &requests, sealed.as_ref(), batched)?;
    let server = match &child {
        Some(c) => format!("`fray serve` child process (pid {}) on {}", c.pid(), c.url),
        None => url.clone(),
    };
    out.line(&format!(
        "server: {server}; client: {} connections x {} streams; {}\n",
        args.connections,
        args.streams,
        machine()
    ));
    out.line(
        "| RPC | request | boards per call | calls | errors | calls/s | boards/s | p50 | p99 | p99.9 | server CPU per \
         board | client CPU per board |",
    );
    out.line("|---|---|---|---|---|---|---|---|---|---|---|---|");
    let totals = load_rounds(args, &runs, child.as_ref(), &url, tls, out)?;
    let (reports, server_cpu_of) = load_rows(totals, sealed.is_some(), out);
    load_ratios(args, &reports, &server_cpu_of, sealed.is_some(), out);
    if let Some(child) = &child {
        match resident_memory(child.pid()) {
            Some((peak, now)) => out.line(&format!(
                "server memory: peak RSS {:.1} MiB, {:.1} MiB at the end",
                peak as f64 / 1048576.0,
                now as f64 / 1048576.0
            )),
            None => out.line("server memory: not measured (no /proc here)"),
        }
    }
    Ok(())
}

/// `fray bench load`'s flags checked together, before anything is read or started.
pub fn check(args: &LoadOptions) -> Result<Checked, ClientError> {
    if args.connections == 0 || args.streams == 0 || args.connections * args.streams > 100_000 {
        return Err(ClientError::Usage(
            "--connections and --streams must be at least 1 (and their product at most 100000)".into(),
        ));
    }
    if !(args.seconds > 0.0 && args.seconds <= 3600.0 && (0.0..=600.0).contains(&args.warmup)) {
        return Err(ClientError::Usage("--seconds must be in (0, 3600] and --warmup in [0, 600]".into()));
    }
    if !(1..=100).contains(&args.rounds) {
        return Err(ClientError::Usage("--rounds must be in [1, 100]".into()));
    }
    let batched = match (args.batch.is_empty(), args.rpc.batched()) {
        (true, _) => None,
        (false, Some(batched)) => Some(batched),
        (false, None) => {
            return Err(ClientError::Usage(format!(
                "--batch: {} has no batch RPC (resolve-strike and apply-action have)",
                args.rpc.name()
            )));
        }
    };
    if args.batch.iter().any(|&n| n == 0 || n > 100_000) {
        return Err(ClientError::Usage("--batch sizes must be in [1, 100000]".into()));
    }
    if args.sealed && args.rpc != LoadRpc::ApplyAction {
        return Err(ClientError::Usage("--sealed: drives apply-action only (--rpc apply-action)".into()));
    }
    Ok(Checked { batched })
}

/// The runs of one `fray bench load`, in the order they are measured and printed: the
/// health check, the RPC, the RPC on sealed states, its batches, LegalActions and Play.
fn load_plans(
    args: &LoadOptions,
    requests: &Arc<Vec<Bytes>>,
    sealed: Option<&Arc<Vec<Bytes>>>,
    batched: Option<LoadRpc>,
) -> Result<Vec<LoadPlan>, ClientError> {
    let play = if args.stream { Some(play_messages(args.rpc, requests)?) } else { None };
    let plan = |rpc, requests, items| LoadPlan {
        rpc,
        requests,
        items,
        connections: args.connections,
        streams: args.streams,
        warmup: Duration::from_secs_f64(args.warmup),
        duration: Duration::from_secs_f64(args.seconds),
    };
    let mut runs = Vec::new();
    if !args.no_baseline && args.rpc != LoadRpc::Check {
        runs.push(plan(LoadRpc::Check, Arc::new(LoadRpc::Check.requests(None)?), 1));
    }
    runs.push(plan(args.rpc, Arc::clone(requests), 1));
    if let Some(sealed) = sealed {
        runs.push(plan(args.rpc, Arc::clone(sealed), 1));
    }
    if let Some(batched) = batched {
        for &n in &args.batch {
            runs.push(plan(batched, Arc::new(batches(requests, n)), n));
        }
    }
    if let Some(messages) = play {
        if args.rpc == LoadRpc::ApplyAction {
            runs.push(plan(LoadRpc::LegalActions, Arc::new(legal_actions_of(requests)?), 1));
        }
        runs.push(plan(LoadRpc::Play, Arc::new(messages), 1));
    }
    Ok(runs)
}

/// One run's totals over the rounds: what it measured, and the CPU the server and this
/// process spent on it (`None` where it cannot be read).
type LoadTotal = (Option<LoadReport>, Option<Duration>, Option<Duration>);

/// What each run measured, summed over `--rounds` (the runs alternated round by round),
/// and the CPU the server (a child's) and this process spent on it.
fn load_rounds(
    args: &LoadOptions,
    runs: &[LoadPlan],
    child: Option<&ChildServer>,
    url: &str,
    tls: &ClientTls,
    out: &mut dyn LoadOutput,
) -> Result<Vec<LoadTotal>, ClientError> {
    let handle = tokio::runtime::Handle::current();
    // Per RPC: what it measured, summed over the rounds, and the CPU the server and
    // this process spent on it (`None` where it cannot be read).
    let mut totals: Vec<LoadTotal> = runs.iter().map(|_| (None, Some(Duration::ZERO), Some(Duration::ZERO))).collect();
    let add = |sum: Option<Duration>, before: Option<Duration>, after: Option<Duration>| {
        Some(sum? + after?.saturating_sub(before?))
    };
    let this = std::process::id();
    for round in 1..=args.rounds {
        for (run, total) in runs.iter().zip(totals.iter_mut()) {
            let of = if args.rounds > 1 { format!(" (round {round} of {})", args.rounds) } else { String::new() };
            out.running(&format!("{}{of}: {} s warm-up, {} s measured...", run.rpc.name(), args.warmup, args.seconds));
            let (server_before, client_before) = (child.and_then(|c| cpu_time(c.pid())), cpu_time(this));
            let r = handle.block_on(drive(url, tls, run))?;
            let (server_after, client_after) = (child.and_then(|c| cpu_time(c.pid())), cpu_time(this));
            out.run_done();
            total.1 = add(total.1, server_before, server_after);
            total.2 = add(total.2, client_before, client_after);
            match &mut total.0 {
                Some(sum) => sum.absorb(r)?,
                None => total.0 = Some(r),
            }
        }
    }
    Ok(totals)
}

/// Prints each run's row: the reports, and each one's server CPU per board in µs where
/// it was read.
fn load_rows(totals: Vec<LoadTotal>, sealed: bool, out: &mut dyn LoadOutput) -> (Vec<LoadReport>, Vec<Option<f64>>) {
    let mut reports = Vec::new();
    // Each report's server CPU per board, in µs, where it was read.
    let mut server_cpu_of = Vec::new();
    for (r, server, client) in totals {
        let Some(r) = r else { continue };
        let boards = r.answered * r.items as u64;
        let per_board = |spent: Option<Duration>| match spent {
            Some(spent) if boards > 0 => format!("{:.2} µs", spent.as_secs_f64() * 1e6 / boards as f64),
            _ => "n/a".to_owned(),
        };
        let (server_cpu, client_cpu) = (per_board(server), per_board(client));
        server_cpu_of.push(server.filter(|_| boards > 0).map(|spent| spent.as_secs_f64() * 1e6 / boards as f64));
        let errors: u64 = r.errors.values().sum();
        let errors = if errors == 0 {
            "0".to_owned()
        } else {
            r.errors.iter().map(|(code, n)| format!("{n} {code}")).collect::<Vec<_>>().join(", ")
        };
        let ms = |q| format!("{:.2} ms", r.quantile(q).as_secs_f64() * 1e3);
        // With --sealed the third row is the same RPC on sealed states.
        let sealed_row = if sealed && reports.len() == 2 { " (sealed)" } else { "" };
        out.line(&format!(
            "| {}{sealed_row} | {} B | {} | {} | {errors} | {:.0} | {:.0} | {} | {} | {} | {server_cpu} | {client_cpu} |",
            r.rpc.path().trim_start_matches('/'),
            r.request_bytes,
            r.items,
            r.ok,
            r.per_second(),
            r.boards_per_second(),
            ms(0.5),
            ms(0.99),
            ms(0.999)
        ));
        reports.push(r);
    }
    (reports, server_cpu_of)
}

/// Prints the ratios of one `fray bench load`: sealed against plain, the RPC against the
/// health check, or every run's boards/s against both.
fn load_ratios(
    args: &LoadOptions,
    reports: &[LoadReport],
    server_cpu_of: &[Option<f64>],
    sealed: bool,
    out: &mut dyn LoadOutput,
) {
    let rounds = if args.rounds > 1 { format!(", {} rounds alternated", args.rounds) } else { String::new() };
    if let (true, [_, plain, sealed]) = (sealed, reports) {
        let cpu = match (server_cpu_of.get(2).copied().flatten(), server_cpu_of.get(1).copied().flatten()) {
            (Some(sealed), Some(plain)) if plain > 0.0 => format!("{:.2}", sealed / plain),
            _ => "n/a".to_owned(),
        };
        out.line(&format!(
            "\nsealed / plain ApplyAction (rows 2 and 3, the opening of {}'s default game; same run{rounds}): \
             calls/s {:.2}, server CPU per call {cpu}",
            ruleset_title(args.sealed_ruleset as i32),
            sealed.per_second() / plain.per_second().max(1e-9),
        ));
    } else if let [baseline, measured] = reports {
        out.line(&format!(
            "\nratio {} / {}: {:.2} (calls/s, same run{rounds})",
            measured.rpc.name(),
            baseline.rpc.name(),
            measured.per_second() / baseline.per_second().max(1e-9),
        ));
    } else if reports.len() > 2 {
        // Each run's boards/s against the first two: the health check and the unary RPC.
        let (baseline, unary) = (&reports[0], &reports[1]);
        out.line(&format!(
            "\nboards/s against {} and {} calls/s (same run{rounds}):\n\n| RPC | boards per call | boards/s | / {} \
             | / {} |\n|---|---|---|---|---|",
            baseline.rpc.name(),
            unary.rpc.name(),
            baseline.rpc.name(),
            unary.rpc.name()
        ));
        let row = |name: &str, items: usize, per_second: f64| {
            format!(
                "| {name} | {items} | {per_second:.0} | {:.2} | {:.2} |",
                per_second / baseline.per_second().max(1e-9),
                per_second / unary.per_second().max(1e-9)
            )
        };
        for r in &reports[1..] {
            out.line(&row(r.rpc.name(), r.items, r.boards_per_second()));
        }
        // A game step as a unary client takes it: LegalActions, then ApplyAction.
        if let Some(legal) = reports.iter().find(|r| r.rpc == LoadRpc::LegalActions)
            && unary.rpc == LoadRpc::ApplyAction
        {
            let step = 1.0 / (1.0 / legal.per_second().max(1e-9) + 1.0 / unary.per_second().max(1e-9));
            out.line(&row("LegalActions then ApplyAction (a unary step)", 1, step));
            if let Some(play) = reports.iter().find(|r| r.rpc == LoadRpc::Play) {
                out.line(&format!("\nPlay messages/s / unary steps/s: {:.2}", play.per_second() / step.max(1e-9)));
            }
        }
    }
}
