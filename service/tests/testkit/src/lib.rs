//! Test support for fray-service, shared by its integration tests (`service/tests/`)
//! and the fuzz targets (`fuzz/`): a real server on a loopback port ([`server`]),
//! protobuf fixtures and events ([`fixtures`], [`events`]), what refusals say
//! ([`statuses`]), metrics text ([`metrics`]), a `fray-server` process and its memory
//! ([`process`]), the worst client for its memory ([`hostile`]), calls that hold the Agent's slot ([`agent_calls`]), requests sent as raw bytes ([`raw`]), and the robustness harness
//! ([`robust`]: real games mutated field by field and sent to every RPC).
//!
//! Not published; a failed expectation panics, as in a test.
#![allow(clippy::unwrap_used, clippy::panic)]

pub mod agent_calls;
pub mod events;
pub mod fixtures;
#[cfg(target_os = "linux")]
pub mod hostile;
pub mod metrics;
pub mod prelude;
pub mod process;
pub mod raw;
pub mod robust;
pub mod server;
pub mod statuses;
