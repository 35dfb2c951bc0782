//! The `fray.v1` wire contract, generated from `proto/fray/v1/*.proto`.
//!
//! ```
//! use fray_proto::fray::v1::{Ruleset, Strike, ZoneRef};
//! let strike = Strike { attacker: "knight".into(), target: Some(ZoneRef { player: 1, index: 3 }), ..Default::default() };
//! assert_eq!(strike.target.map(|z| z.index), Some(3));
//! assert_eq!(Ruleset::Egame.as_str_name(), "RULESET_EGAME");
//! ```
#![forbid(unsafe_code)]

pub mod codec;

/// Generated packages.
pub mod fray {
    /// The `fray.v1` package.
    pub mod v1 {
        #![allow(missing_docs, clippy::all, clippy::pedantic)]
        tonic::include_proto!("fray.v1");
    }
}

/// The encoded `google.protobuf.FileDescriptorSet` of every `fray.v1` file, for server
/// reflection and the proto3 JSON mapping.
pub const FILE_DESCRIPTOR_SET: &[u8] = tonic::include_file_descriptor_set!("fray_descriptor");
