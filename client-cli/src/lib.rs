//! The `fray` command line: resolve strikes against a Fray rules server over gRPC, play
//! the skirmish against the bot, check replays, and run a server.
//!
//! `fray resolve FILE` reads a `ResolveStrikeRequest` (or a bare `GameState`) in the
//! proto3 JSON mapping, completes it from the options, sends it to `--server URL` or to
//! an embedded server started on a free loopback port, and prints the resolution trace
//! (one line per event, led by its rule id) and the resulting board, or `--json`.
//! `fray play` is a terminal game against the Agent ([`play`]); every game is saved
//! as a replay that `fray replay FILE` re-applies and checks ([`replay`]).
//! `fray tournament` plays bots against each other with ratings, SPRT and resume
//! ([`tournament`]); `fray bench` measures ([`bench`]).
//!
//! The CLI is a shell: it parses the arguments (clap), prints, shows progress
//! (indicatif) and draws charts (plotters). What another program could reuse lives in
//! the libraries: reaching a server, TLS, the embedded server, a game's steps on a Play
//! stream and the load generator in `fray_client`; the tournaments, the measurements
//! and their Markdown, the strength table's rows file and proto3 JSON in
//! `fray_tournament`.
//!
//! ```
//! use fray_tournament::proto_json::{InputKind, parse_input};
//! let parsed = parse_input(r#"{"ruleset": "RULESET_EGAME", "activePlayer": 1}"#).unwrap();
//! assert_eq!(parsed.kind, InputKind::State);
//! assert_eq!(parsed.request.state.map(|s| s.active_player), Some(1));
//! ```
#![forbid(unsafe_code)]

pub mod bench;
pub mod embedded;
pub mod error;
pub mod menu;
pub mod play;
pub mod progress;
pub mod replay;
pub mod replay_file;
pub mod resolve;
pub mod rulesets;
pub mod serve;
pub mod short_forms;
pub mod style;
pub mod tls;
pub mod tournament;
pub mod trace;
pub mod ui;
