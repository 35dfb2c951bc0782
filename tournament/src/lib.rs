//! Fray's tournaments and measurements, which any program that pits bots against each
//! other reuses: in-process games between bots ([`arena`]), where each seat finished and
//! its score ([`places`]), matches and the measurements behind `fray bench`
//! ([`measure`], and on the zone game's boards [`agreement`]), ratings with their intervals and the SPRT ([`rating`]), the
//! strength table of every ruleset ([`table`]) and its rows file ([`table_rows`]), those
//! measurements run and told as Markdown rows ([`bench`]), and tournaments refereed by Rules
//! servers over gRPC, with their log, standings and reports ([`refereed`]). Beneath
//! those: the seeds of a game's moves ([`seeds`]), the proto3 JSON of `fray.v1` values
//! ([`proto_json`]) and calls to a Rules server ([`grpc`]).
//!
//! It parses no command line and draws nothing: the CLI (`fray tournament`,
//! `fray bench`) reads the arguments, reaches the servers, shows progress, draws the
//! chart and prints what this crate returns.
#![forbid(unsafe_code)]

pub mod agreement;
pub mod arena;
pub mod bench;
pub mod grpc;
pub mod measure;
pub mod places;
pub mod proto_json;
pub mod rating;
pub mod refereed;
pub mod seeds;
pub mod table;
pub mod table_rows;
pub mod titles;
