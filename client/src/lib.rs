//! A program's way to a Fray server, as the `fray` command line reaches it: a server's
//! URL and TLS, with TLS failures told in words ([`tls`], [`error`]); channels and the
//! Rules and Agent clients with their message limits, and the connector a tournament
//! reaches its servers through ([`channel`]); an in-process server on loopback
//! ([`embedded`]); a game's steps on one Play stream ([`steps`]); a game sealed for
//! one seat, played, recorded, dealt again from its record and taken back ([`sealed`],
//! [`record`], [`undo`], [`reveal`]);
//! and the load generator that drives a server at full speed and measures it ([`load`]).
//!
//! It parses no command line and prints nothing: the CLI reads the flags, shows the
//! progress and prints what this crate returns.
#![forbid(unsafe_code)]

pub mod channel;
pub mod embedded;
pub mod error;
pub mod load;
pub mod record;
pub mod reveal;
pub mod sealed;
pub mod steps;
pub mod table;
pub mod tls;
pub mod undo;

pub use error::ClientError;
