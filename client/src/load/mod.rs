//! The load generator of `fray bench load`: drives one RPC of a server at full speed
//! from many connections and streams, and measures calls (and boards) per second and
//! latency percentiles.
//!
//! Requests are encoded once, before the run, and sent as raw bytes; answers are
//! counted, not decoded (as h2load does): the client spends as little as it can, so the
//! figure is the server's. Each connection is its own HTTP/2 connection (a tonic
//! channel) carrying `streams` calls at a time, each stream sending its next call as
//! soon as the previous one answers. A Play run keeps one Play stream open in each of
//! those places and sends its next message as soon as the previous one is answered, as
//! a client playing a game does. A batch carries several boards per call: the report
//! counts boards (items) beside calls, and the CPU spent per board.

//!
//! [`rpc`] holds what is sent, [`drive`] one run, [`child`] the server started as a
//! child process and what `/proc` tells of it, [`run`] a whole `bench load` (plans,
//! rounds, rows, ratios) and [`requests`] the request files it is given.

pub mod child;
pub mod drive;
pub mod requests;
pub mod rpc;
pub mod run;

pub use drive::{LoadPlan, LoadReport};
pub use rpc::LoadRpc;
pub use run::{Checked, LoadOptions, LoadOutput, check, run};
