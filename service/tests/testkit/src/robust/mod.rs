//! The robustness harness, shared by the property in `service/tests/robustness.rs`
//! (proptest, over a real tonic channel) and the fuzz target
//! `fuzz/fuzz_targets/mutated_states.rs` (in-process, through the same generated
//! clients and servers).
//!
//! A case ([`Case`]) starts from a real game ([`Origin`]: NewGame of a
//! [`served`](served()) ruleset and a built-in scenario, then some moves, possibly
//! stopping at a pending decision), mutates the state field by field ([`Mutation`]:
//! numbers set to extremes, optional fields dropped or set, list items duplicated or
//! removed, strings emptied or set to another id) and sends it to every RPC
//! ([`Api::exercise`], with what [`requests`] builds). Every answer must be a result or
//! a clear status ([`clear`]); a state one RPC accepts, the others accept too; states
//! answered OK load again. A case is plain numbers, so that proptest and the fuzzer
//! build them alike.

pub mod api;
pub mod case;
pub mod ids;
pub mod mutation;
pub mod origin;
pub mod requests;
pub mod served;
pub mod verdict;

pub use api::Api;
pub use case::Case;
pub use ids::{Lies, castle_cards, ids, keyforge_creatures};
pub use mutation::{Kind, Mutation, fields, mutate};
pub use origin::Origin;
pub use requests::{choices, strike, to_move};
pub use served::{ODD_SCENARIOS, Served, new_game_rulesets, new_game_scenarios, served, undealt, unserved};
pub use verdict::{Answer, clear, code};
