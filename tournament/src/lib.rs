//! Fray's tournaments and measurements, which any program that pits bots against each
//! other reuses: in-process games between bots ([`arena`]), where each seat finished and
//! its score ([`places`]), matches and the measurements behind `fray bench`
//! ([`measure`]), ratings with their intervals and the SPRT ([`rating`]), and the
//! strength table of every ruleset ([`table`]).
//!
//! It parses no command line and draws nothing: the CLI (`fray tournament`,
//! `fray bench`) reads the arguments, shows progress and prints what this crate
//! returns.
#![forbid(unsafe_code)]

pub mod arena;
pub mod grpc;
pub mod measure;
pub mod places;
pub mod proto_json;
pub mod rating;
pub mod seeds;
pub mod table;
