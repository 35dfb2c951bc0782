//! The proto3 JSON mapping of `fray.v1` messages, through the descriptor set that
//! `fray-proto` embeds (prost-reflect), so a program reads and writes exactly what every
//! other proto3 client does: camelCase or snake_case names, enum values by name,
//! omitted fields at their defaults, unknown fields refused. How a tournament log
//! writes each action, and what the CLI's documents (a `ResolveStrikeRequest` or a bare
//! `GameState`, [`parse_input`]) are read and written with. The descriptor pool is
//! decoded once per process.

use std::sync::LazyLock;

use fray_proto::fray::v1::{GameState, ResolveStrikeRequest};
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

/// Full name of the request message.
pub const REQUEST_MESSAGE: &str = "fray.v1.ResolveStrikeRequest";
/// Full name of the state message.
pub const STATE_MESSAGE: &str = "fray.v1.GameState";
/// Full name of the response message.
pub const RESPONSE_MESSAGE: &str = "fray.v1.ResolveStrikeResponse";

/// Full name of the event message.
pub const EVENT_MESSAGE: &str = "fray.v1.Event";

/// Top-level keys that mark a document as a whole `ResolveStrikeRequest` rather than
/// a bare `GameState` (no `GameState` field has one of these names).
const REQUEST_KEYS: [&str; 3] = ["state", "strike", "choices"];

/// What an input document held.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum InputKind {
    /// A whole `ResolveStrikeRequest` (`{"state": ..., "strike": ..., "choices": [...]}`).
    Request,
    /// A bare `GameState`; the strike and choices come from elsewhere.
    State,
}

/// A parsed input document, always as a request (a bare state sits in `request.state`).
#[derive(Debug, Clone, PartialEq)]
pub struct ParsedInput {
    /// What the document held.
    pub kind: InputKind,
    /// The request it maps to.
    pub request: ResolveStrikeRequest,
}

/// Parses a document holding either a whole `ResolveStrikeRequest` or a bare `GameState`.
///
/// The document is a request when its top level has a `state`, `strike` or `choices`
/// key; otherwise it is read as a `GameState`.
pub fn parse_input(text: &str) -> Result<ParsedInput, JsonError> {
    let value: serde_json::Value = serde_json::from_str(text).map_err(JsonError::Syntax)?;
    let object = match &value {
        serde_json::Value::Object(map) => map,
        other => return Err(JsonError::NotAnObject(json_type(other))),
    };
    if REQUEST_KEYS.iter().any(|k| object.contains_key(*k)) {
        let request = parse_message::<ResolveStrikeRequest>(text, REQUEST_MESSAGE)?;
        Ok(ParsedInput { kind: InputKind::Request, request })
    } else {
        let state = parse_message::<GameState>(text, STATE_MESSAGE)?;
        Ok(ParsedInput {
            kind: InputKind::State,
            request: ResolveStrikeRequest { state: Some(state), ..Default::default() },
        })
    }
}

/// Parses `text` as the proto3 JSON of message `full_name` into its generated type.
pub fn parse_message<M>(text: &str, full_name: &'static str) -> Result<M, JsonError>
where
    M: prost::Message + Default,
{
    let desc = descriptor(full_name)?;
    let mut de = serde_json::Deserializer::from_str(text);
    let options = DeserializeOptions::new().deny_unknown_fields(true);
    let dynamic = DynamicMessage::deserialize_with_options(desc, &mut de, &options)
        .map_err(|source| mapping(full_name, source, text))?;
    de.end().map_err(|source| mapping(full_name, source, text))?;
    dynamic.transcode_to::<M>().map_err(|source| JsonError::Transcode { message: full_name, source })
}

/// Writes `message` (of type `full_name`) as pretty-printed proto3 JSON: lowerCamelCase
/// names, enum values by name, default values left out.
pub fn to_json<M>(message: &M, full_name: &'static str) -> Result<String, JsonError>
where
    M: prost::Message,
{
    let mut dynamic = DynamicMessage::new(descriptor(full_name)?);
    dynamic.transcode_from(message).map_err(|source| JsonError::Transcode { message: full_name, source })?;
    let mut out = Vec::new();
    let mut ser = serde_json::Serializer::pretty(&mut out);
    dynamic
        .serialize_with_options(&mut ser, &SerializeOptions::new())
        .map_err(|source| mapping(full_name, source, ""))?;
    // serde_json writes only valid UTF-8.
    Ok(String::from_utf8_lossy(&out).into_owned())
}

/// A [`JsonError::Mapping`] of `source`, reading `message`'s document `text`, with
/// the valid names when serde refused an enum name.
fn mapping(message: &'static str, source: serde_json::Error, text: &str) -> JsonError {
    let hint = enum_names(text, &source).unwrap_or_default();
    JsonError::Mapping { message, source, hint }
}

/// For serde's "unrecognized enum value 'NAME' at line L column C": the names the
/// field before that place takes (`; ruleset takes RULESET_EGAME, ...`), and the one
/// `NAME` is short for when it is a name's end (`egame` for `RULESET_EGAME`).
fn enum_names(text: &str, error: &serde_json::Error) -> Option<String> {
    let said = error.to_string();
    let value = said.strip_prefix("unrecognized enum value '")?.split('\'').next()?;
    // The document up to the error, and the key before its last colon.
    let line = text.lines().nth(error.line().checked_sub(1)?)?;
    let before: String = text.lines().take(error.line() - 1).map(|l| format!("{l}\n")).collect::<String>()
        + &line.chars().take(error.column()).collect::<String>();
    let colon = before.rfind(':')?;
    let key = before[..colon].trim_end().strip_suffix('"')?;
    let key = &key[key.rfind('"')? + 1..];
    let pool = pool().ok()?;
    let mut enums: Vec<prost_reflect::EnumDescriptor> = Vec::new();
    for field in pool.all_messages().flat_map(|m| m.fields().collect::<Vec<_>>()) {
        if let prost_reflect::Kind::Enum(e) = field.kind()
            && (field.name() == key || field.json_name() == key)
            && !enums.iter().any(|x| x.full_name() == e.full_name())
        {
            enums.push(e);
        }
    }
    let [e] = enums.as_slice() else { return None };
    let names: Vec<String> = e.values().map(|v| v.name().to_owned()).collect();
    let upper = value.to_uppercase().replace('-', "_");
    let meant = names.iter().find(|n| !upper.is_empty() && n.ends_with(&format!("_{upper}")));
    let meant = meant.map_or_else(String::new, |n| format!(" (`{value}` is written {n})"));
    Some(format!("; {key} takes {}{meant}", names.join(", ")))
}

fn json_type(value: &serde_json::Value) -> &'static str {
    match value {
        serde_json::Value::Null => "null",
        serde_json::Value::Bool(_) => "a boolean",
        serde_json::Value::Number(_) => "a number",
        serde_json::Value::String(_) => "a string",
        serde_json::Value::Array(_) => "an array",
        serde_json::Value::Object(_) => "an object",
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use super::*;
    use fray_proto::fray::v1::{
        BlockerDetermined, Event, Keyword, Orientation, Reach, ResolveStrikeResponse, Ruleset, choice, event,
    };

    const BLOCKED: &str = include_str!("../../examples/resolve-blocked.json");

    #[test]
    fn an_unknown_enum_name_gets_the_fields_names() {
        let text = BLOCKED.replacen("\"RULESET_EGAME\"", "\"egame\"", 1);
        let err = parse_input(&text).unwrap_err().to_string();
        assert!(err.contains("unrecognized enum value 'egame'"), "{err}");
        assert!(err.contains("; ruleset takes RULESET_UNSPECIFIED, RULESET_EGAME, "), "{err}");
        assert!(err.ends_with(" (`egame` is written RULESET_EGAME)"), "{err}");
        for r in fray_core::Ruleset::ALL {
            assert!(err.contains(r.wire_name()), "{err}");
        }
    }

    #[test]
    fn reads_the_example_request_with_camel_case_names_and_enum_names() {
        let parsed = parse_input(BLOCKED).unwrap();
        assert_eq!(parsed.kind, InputKind::Request);
        let state = parsed.request.state.unwrap();
        assert_eq!(state.ruleset, Ruleset::Egame as i32);
        assert_eq!(state.players.len(), 2);
        let knight = &state.creatures[0];
        assert_eq!(knight.id, "knight");
        let arrows = knight.arrows.unwrap();
        assert_eq!(arrows.up, Reach::Single as i32);
        assert_eq!(arrows.up_left, Reach::Single as i32);
        assert_eq!(arrows.down, Reach::None as i32);
        // Omitted fields take their proto3 defaults.
        assert_eq!(knight.orientation, Orientation::Forward as i32);
        assert_eq!(knight.damage, 0);
        assert!(state.creatures[1].arrows.is_none());
        let strike = parsed.request.strike.unwrap();
        assert_eq!(strike.attacker, "knight");
        assert_eq!(strike.target.map(|z| (z.player, z.index)), Some((1, 3)));
    }

    #[test]
    fn accepts_snake_case_names_and_enum_numbers() {
        let text = r#"{"ruleset": 1, "active_player": 1, "creatures": [
            {"id": "a", "face_down": true, "keywords": ["KEYWORD_FADING", 1],
             "arrows": {"up_right": "REACH_SINGLE"}}]}"#;
        let parsed = parse_input(text).unwrap();
        assert_eq!(parsed.kind, InputKind::State);
        let state = parsed.request.state.unwrap();
        assert_eq!(state.active_player, 1);
        assert_eq!(state.ruleset, Ruleset::Egame as i32);
        let a = &state.creatures[0];
        assert!(a.face_down);
        assert_eq!(a.keywords, vec![Keyword::Fading as i32, Keyword::Evasive as i32]);
        assert_eq!(a.arrows.unwrap().up_right, Reach::Single as i32);
        assert!(parsed.request.strike.is_none());
    }

    #[test]
    fn a_bare_state_becomes_the_state_of_an_empty_request() {
        let parsed = parse_input(r#"{"ruleset": "RULESET_DIMENSIONAL_RIFT", "turn": 3}"#).unwrap();
        assert_eq!(parsed.kind, InputKind::State);
        assert_eq!(parsed.request.state.as_ref().map(|s| s.turn), Some(3));
        assert!(parsed.request.choices.is_empty());
    }

    #[test]
    fn reads_choices_in_order_with_both_oneof_arms() {
        let text = r#"{"choices": [{"option": "guard"}, {"decline": true}]}"#;
        let request = parse_input(text).unwrap().request;
        let choices: Vec<_> = request.choices.into_iter().map(|c| c.choice).collect();
        assert_eq!(choices, vec![Some(choice::Choice::Option("guard".into())), Some(choice::Choice::Decline(true))]);
    }

    #[test]
    fn refuses_unknown_fields_naming_them() {
        let err = parse_input(r#"{"state": {"rulset": "RULESET_EGAME"}}"#).unwrap_err();
        assert!(matches!(err, JsonError::Mapping { message: REQUEST_MESSAGE, .. }), "{err}");
        assert!(err.to_string().contains("rulset"), "{err}");
        let err = parse_input(r#"{"creaturez": []}"#).unwrap_err();
        assert!(err.to_string().contains("creaturez"), "{err}");
    }

    #[test]
    fn refuses_unknown_enum_names_and_wrong_types() {
        let err = parse_input(r#"{"ruleset": "RULESET_CHESS"}"#).unwrap_err();
        assert!(err.to_string().contains("RULESET_CHESS"), "{err}");
        let err = parse_input(r#"{"turn": "soon"}"#).unwrap_err();
        assert!(matches!(err, JsonError::Mapping { message: STATE_MESSAGE, .. }), "{err}");
    }

    #[test]
    fn refuses_text_that_is_not_a_json_object() {
        assert!(matches!(parse_input("{\"state\": "), Err(JsonError::Syntax(_))));
        assert!(matches!(parse_input(""), Err(JsonError::Syntax(_))));
        assert!(matches!(parse_input("[1, 2]"), Err(JsonError::NotAnObject("an array"))));
        assert!(matches!(parse_input("{} {}"), Err(JsonError::Syntax(_))));
    }

    #[test]
    fn actions_and_events_round_trip_through_json_values() {
        use fray_proto::fray::v1::{Action, Summon, ZoneRef, action};
        let summon = Action {
            action: Some(action::Action::Summon(Summon {
                hand_index: 2,
                zone: Some(ZoneRef { player: 1, index: 3 }),
                face_down: false,
                orientation: Orientation::Right as i32,
            })),
            ..Default::default()
        };
        let value = to_value(&summon, ACTION_MESSAGE).unwrap();
        assert_eq!(value["summon"]["handIndex"], 2);
        assert_eq!(value["summon"]["orientation"], "ORIENTATION_RIGHT");
        assert_eq!(from_value::<Action>(&value, ACTION_MESSAGE).unwrap(), summon);
        let event = Event {
            rule: "skirmish.draw".into(),
            kind: Some(event::Kind::CardDrawn(Default::default())),
            ..Default::default()
        };
        let value = to_value(&event, EVENT_MESSAGE).unwrap();
        assert_eq!(value, serde_json::json!({"rule": "skirmish.draw", "cardDrawn": {}}));
        assert_eq!(from_value::<Event>(&value, EVENT_MESSAGE).unwrap(), event);
        let err = from_value::<Event>(&serde_json::json!({"rul": "x"}), EVENT_MESSAGE).unwrap_err();
        assert!(err.to_string().contains("rul"), "{err}");
    }

    #[test]
    fn writes_the_response_in_proto3_json_and_reads_it_back() {
        let response = ResolveStrikeResponse {
            state: Some(GameState { ruleset: Ruleset::Egame as i32, active_player: 1, ..Default::default() }),
            events: vec![Event {
                rule: "egame.strike.block.passive".into(),
                kind: Some(event::Kind::BlockerDetermined(BlockerDetermined {
                    attacker: "knight".into(),
                    blocker: Some("wolf".into()),
                    passive: true,
                })),
                ..Default::default()
            }],
            ..Default::default()
        };
        let text = to_json(&response, RESPONSE_MESSAGE).unwrap();
        let value: serde_json::Value = serde_json::from_str(&text).unwrap();
        assert_eq!(value["state"]["ruleset"], "RULESET_EGAME");
        assert_eq!(value["state"]["activePlayer"], 1);
        assert!(value["state"].get("turn").is_none(), "defaults are left out: {text}");
        assert_eq!(value["events"][0]["blockerDetermined"]["blocker"], "wolf");
        let back: ResolveStrikeResponse = parse_message(&text, RESPONSE_MESSAGE).unwrap();
        assert_eq!(back, response);
    }
}
