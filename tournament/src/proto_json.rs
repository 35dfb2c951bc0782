//! The proto3 JSON mapping of `fray.v1` messages as values, through the descriptor set
//! that `fray-proto` embeds (prost-reflect): how a tournament log writes each action,
//! and what the CLI's documents are read and written with. The descriptor pool is
//! decoded once per process.

use std::sync::LazyLock;

use prost_reflect::{DescriptorPool, DeserializeOptions, DynamicMessage, MessageDescriptor, SerializeOptions};
use thiserror::Error;

/// Full name of the action message.
pub const ACTION_MESSAGE: &str = "fray.v1.Action";

/// Why a JSON document could not be mapped to or from a `fray.v1` message.
#[derive(Debug, Error)]
pub enum JsonError {
    /// The text is not JSON at all.
    #[error("not valid JSON: {0}")]
    Syntax(#[source] serde_json::Error),
    /// The JSON is not an object.
    #[error("expected a JSON object holding a ResolveStrikeRequest or a GameState, found {0}")]
    NotAnObject(&'static str),
    /// The JSON does not follow the proto3 mapping of the message (unknown field,
    /// wrong type, unknown enum name, ...).
    #[error("not a valid {message}: {source}{hint}")]
    Mapping {
        /// The message it was read as.
        message: &'static str,
        /// What serde reported, with line and column.
        #[source]
        source: serde_json::Error,
        /// What would be valid, when it can be told (an unknown enum name: the
        /// field's names); empty otherwise.
        hint: String,
    },
    /// The embedded descriptor set could not be loaded (a build problem, not input).
    #[error("the embedded fray.v1 descriptor set is unusable: {0}")]
    Descriptor(String),
    /// The dynamic message did not convert to the generated type (a build problem).
    #[error("cannot convert {message}: {source}")]
    Transcode {
        /// The message being converted.
        message: &'static str,
        /// What prost reported.
        #[source]
        source: prost::DecodeError,
    },
}

/// The pool, decoded once per process (decoding the whole set costs far more than a
/// message's mapping).
static POOL: LazyLock<Result<DescriptorPool, String>> =
    LazyLock::new(|| DescriptorPool::decode(fray_proto::FILE_DESCRIPTOR_SET).map_err(|e| e.to_string()));

/// The `fray.v1` descriptor pool, decoded from `fray_proto::FILE_DESCRIPTOR_SET` on the
/// first call and shared by every later one.
pub fn pool() -> Result<&'static DescriptorPool, JsonError> {
    POOL.as_ref().map_err(|e| JsonError::Descriptor(e.clone()))
}

/// The descriptor of the message named `full_name` (e.g. `fray.v1.GameState`).
pub fn descriptor(full_name: &str) -> Result<MessageDescriptor, JsonError> {
    pool()?.get_message_by_name(full_name).ok_or_else(|| JsonError::Descriptor(format!("{full_name} is missing")))
}

/// `message` (of type `full_name`) as a proto3 JSON value: lowerCamelCase names, enum
/// values by name, default values left out.
pub fn to_value<M>(message: &M, full_name: &'static str) -> Result<serde_json::Value, JsonError>
where
    M: prost::Message,
{
    let mut dynamic = DynamicMessage::new(descriptor(full_name)?);
    dynamic.transcode_from(message).map_err(|source| JsonError::Transcode { message: full_name, source })?;
    dynamic
        .serialize_with_options(serde_json::value::Serializer, &SerializeOptions::new())
        .map_err(|source| JsonError::Mapping { message: full_name, source, hint: String::new() })
}

/// Reads a proto3 JSON value as message `full_name` into its generated type (unknown
/// fields refused).
pub fn from_value<M>(value: &serde_json::Value, full_name: &'static str) -> Result<M, JsonError>
where
    M: prost::Message + Default,
{
    let desc = descriptor(full_name)?;
    let options = DeserializeOptions::new().deny_unknown_fields(true);
    let dynamic = DynamicMessage::deserialize_with_options(desc, value, &options)
        .map_err(|source| JsonError::Mapping { message: full_name, source, hint: String::new() })?;
    dynamic.transcode_to::<M>().map_err(|source| JsonError::Transcode { message: full_name, source })
}
