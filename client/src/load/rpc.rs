//! What a load run sends: the RPCs it can drive ([`LoadRpc`]) and their requests,
//! encoded once before the run: read from a file, batched, turned into Play messages,
//! or the openings of a game dealt plain and sealed.

use bytes::{BufMut as _, Bytes};
use fray_proto::fray::v1 as pb;
use fray_tournament::proto_json::{JsonError, from_value};
use prost::Message as _;
use tonic::Status;

use crate::channel;
use crate::error::{ClientError, chain};
use crate::tls::ClientTls;

/// The RPCs `fray bench load` can drive (a command-line value with the `clap` feature).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
pub enum LoadRpc {
    /// fray.v1.Rules/ResolveStrike
    ResolveStrike,
    /// fray.v1.Rules/ApplyAction
    ApplyAction,
    /// fray.v1.Rules/LegalActions
    LegalActions,
    /// fray.v1.Rules/NewGame
    NewGame,
    /// fray.v1.Rules/ListRulesets
    ListRulesets,
    /// fray.v1.Rules/ResolveStrikeBatch: many boards a call.
    ResolveStrikeBatch,
    /// fray.v1.Rules/ApplyActionBatch: many actions a call.
    ApplyActionBatch,
    /// fray.v1.Rules/Play: a stream per place, each message sent once the previous
    /// one is answered.
    Play,
    /// fray.v1.Agent/ChooseAction
    ChooseAction,
    /// grpc.health.v1.Health/Check (service ""): the transport's baseline, an answer
    /// with next to no work.
    Check,
}

impl LoadRpc {
    /// The HTTP/2 path of the RPC.
    pub fn path(self) -> &'static str {
        match self {
            LoadRpc::ResolveStrike => "/fray.v1.Rules/ResolveStrike",
            LoadRpc::ApplyAction => "/fray.v1.Rules/ApplyAction",
            LoadRpc::LegalActions => "/fray.v1.Rules/LegalActions",
            LoadRpc::NewGame => "/fray.v1.Rules/NewGame",
            LoadRpc::ListRulesets => "/fray.v1.Rules/ListRulesets",
            LoadRpc::ResolveStrikeBatch => "/fray.v1.Rules/ResolveStrikeBatch",
            LoadRpc::ApplyActionBatch => "/fray.v1.Rules/ApplyActionBatch",
            LoadRpc::Play => "/fray.v1.Rules/Play",
            LoadRpc::ChooseAction => "/fray.v1.Agent/ChooseAction",
            LoadRpc::Check => "/grpc.health.v1.Health/Check",
        }
    }

    /// The method's name.
    pub fn name(self) -> &'static str {
        self.path().rsplit('/').next().unwrap_or_default()
    }

    /// The batch RPC that carries many requests of this one.
    pub fn batched(self) -> Option<LoadRpc> {
        match self {
            LoadRpc::ResolveStrike => Some(LoadRpc::ResolveStrikeBatch),
            LoadRpc::ApplyAction => Some(LoadRpc::ApplyActionBatch),
            _ => None,
        }
    }

    /// Encodes one request of this RPC from a proto3 JSON value.
    fn encode(self, value: &serde_json::Value) -> Result<Vec<u8>, JsonError> {
        Ok(match self {
            LoadRpc::ResolveStrike => {
                from_value::<pb::ResolveStrikeRequest>(value, "fray.v1.ResolveStrikeRequest")?.encode_to_vec()
            }
            LoadRpc::ApplyAction => {
                from_value::<pb::ApplyActionRequest>(value, "fray.v1.ApplyActionRequest")?.encode_to_vec()
            }
            LoadRpc::LegalActions => {
                from_value::<pb::LegalActionsRequest>(value, "fray.v1.LegalActionsRequest")?.encode_to_vec()
            }
            LoadRpc::NewGame => from_value::<pb::NewGameRequest>(value, "fray.v1.NewGameRequest")?.encode_to_vec(),
            LoadRpc::ListRulesets => {
                from_value::<pb::ListRulesetsRequest>(value, "fray.v1.ListRulesetsRequest")?.encode_to_vec()
            }
            LoadRpc::ResolveStrikeBatch => {
                from_value::<pb::ResolveStrikeBatchRequest>(value, "fray.v1.ResolveStrikeBatchRequest")?.encode_to_vec()
            }
            LoadRpc::ApplyActionBatch => {
                from_value::<pb::ApplyActionBatchRequest>(value, "fray.v1.ApplyActionBatchRequest")?.encode_to_vec()
            }
            LoadRpc::Play => from_value::<pb::PlayRequest>(value, "fray.v1.PlayRequest")?.encode_to_vec(),
            LoadRpc::ChooseAction => {
                from_value::<pb::ChooseActionRequest>(value, "fray.v1.ChooseActionRequest")?.encode_to_vec()
            }
            // The health check's only field is the service name; "" is the server.
            LoadRpc::Check => tonic_health::pb::HealthCheckRequest { service: String::new() }.encode_to_vec(),
        })
    }

    /// The requests a file holds: one request in proto3 JSON, or a JSON array of them
    /// (sent in turn). `None` is the RPC's empty request (Check, ListRulesets).
    pub fn requests(self, file: Option<&std::path::Path>) -> Result<Vec<Bytes>, ClientError> {
        let Some(path) = file else {
            return match self {
                LoadRpc::Check | LoadRpc::ListRulesets => {
                    Ok(vec![Bytes::from(self.encode(&serde_json::json!({})).map_err(embedded_descriptors_broken)?)])
                }
                _ => Err(ClientError::Usage(format!("--rpc {}: needs --request FILE (proto3 JSON)", self.name()))),
            };
        };
        let source_name = path.display().to_string();
        let input = |problem: String| ClientError::Input { source_name: source_name.clone(), problem };
        let text = std::fs::read_to_string(path).map_err(|e| input(format!("cannot read it: {e}")))?;
        let value: serde_json::Value = serde_json::from_str(&text).map_err(|e| input(format!("not JSON: {e}")))?;
        let values = match value {
            serde_json::Value::Array(items) if items.is_empty() => return Err(input("an empty array".into())),
            serde_json::Value::Array(items) => items,
            one => vec![one],
        };
        values
            .iter()
            .enumerate()
            .map(|(i, v)| self.encode(v).map(Bytes::from).map_err(|e| input(format!("request {i}: {}", chain(&e)))))
            .collect()
    }
}

/// An empty request that cannot be encoded: the embedded descriptors are broken (a bug).
fn embedded_descriptors_broken(e: JsonError) -> ClientError {
    ClientError::Output(chain(&e))
}

/// Batch requests of `per_batch` of `items` (encoded requests of the unary RPC) each:
/// as many batches as there are items, batch `j` starting at item `j` and taking the
/// items in turn from there, so every item is sent alike.
pub fn batches(items: &[Bytes], per_batch: usize) -> Vec<Bytes> {
    (0..items.len())
        .map(|first| {
            let mut batch = Vec::new();
            for item in items.iter().cycle().skip(first).take(per_batch) {
                // Field 1 (`requests`), length-delimited: its tag, its length, the item.
                batch.put_u8(0x0a);
                prost::encoding::encode_varint(item.len() as u64, &mut batch);
                batch.extend_from_slice(item);
            }
            Bytes::from(batch)
        })
        .collect()
}

/// The LegalActions requests of the states of `items`, encoded ApplyAction requests: with
/// them, a run times what a unary client spends per step of a game, LegalActions then
/// ApplyAction, against the Play stream's one message.
pub fn legal_actions_of(items: &[Bytes]) -> Result<Vec<Bytes>, ClientError> {
    items
        .iter()
        .enumerate()
        .map(|(i, item)| {
            let request = pb::ApplyActionRequest::decode(&item[..])
                .map_err(|e| ClientError::Output(format!("request {i}: {e}")))?;
            Ok(Bytes::from(pb::LegalActionsRequest { state: request.state, ..Default::default() }.encode_to_vec()))
        })
        .collect()
}

/// The openings of each default game of `rulesets` as ApplyAction requests, the first
/// legal action on the state dealt plain and on a state dealt sealed for the seat to
/// move (`NewGame` with `sealed_for`), asked of the server at `url`: (plain, sealed).
/// What a client that holds a sealed state pays over one that holds the whole state.
pub async fn openings(
    url: &str,
    tls: &ClientTls,
    rulesets: &[pb::Ruleset],
) -> Result<(Vec<Bytes>, Vec<Bytes>), ClientError> {
    let mut rules = pb::rules_client::RulesClient::new(channel::channel(url, tls).await?);
    let refused = |what: &str, s: Status| ClientError::Output(format!("{what}: {s}"));
    let (mut plain, mut sealed) = (Vec::new(), Vec::new());
    for &ruleset in rulesets {
        let new_game =
            |sealed_for| pb::NewGameRequest { ruleset: ruleset as i32, seed: 1, sealed_for, ..Default::default() };
        let state = rules.new_game(new_game(None)).await.map_err(|s| refused("NewGame", s))?.into_inner().state;
        let Some(state) = state else { return Err(ClientError::Output("NewGame answered no state".into())) };
        let to_move = state.pending.as_ref().map_or(state.active_player, |p| p.player);
        let legal = pb::LegalActionsRequest { state: Some(state.clone()), ..Default::default() };
        let legal = rules.legal_actions(legal).await.map_err(|s| refused("LegalActions", s))?.into_inner();
        let Some(action) = legal.actions.into_iter().next() else {
            return Err(ClientError::Output(format!("{}: no action is legal at the start", ruleset.as_str_name())));
        };
        let dealt = rules.new_game(new_game(Some(to_move))).await.map_err(|s| refused("NewGame", s))?.into_inner();
        let Some(sealed_state) = dealt.sealed_state else {
            return Err(ClientError::Output("NewGame answered no sealed state".into()));
        };
        // A sealed game is another deal (its seed mixed with the server's secret and the
        // seat): its own first legal action, as its seat's client would take it.
        let legal = pb::LegalActionsRequest { sealed_state: Some(sealed_state.clone()), ..Default::default() };
        let legal = rules.legal_actions(legal).await.map_err(|s| refused("LegalActions", s))?.into_inner();
        let Some(sealed_action) = legal.actions.into_iter().next() else {
            return Err(ClientError::Output(format!("{}: the sealed seat has no action", ruleset.as_str_name())));
        };
        let request = |state, sealed_state, action| pb::ApplyActionRequest {
            state,
            sealed_state,
            action: Some(action),
            ..Default::default()
        };
        plain.push(Bytes::from(request(Some(state), None, action).encode_to_vec()));
        sealed.push(Bytes::from(request(None, Some(sealed_state), sealed_action).encode_to_vec()));
    }
    Ok((plain, sealed))
}

/// The Play messages of `items`, encoded requests of `rpc`: an ApplyAction request is
/// a Play message as it is (the same fields); a ResolveStrike request's strike becomes
/// the message's action (a request with `choices` cannot be one message).
pub fn play_messages(rpc: LoadRpc, items: &[Bytes]) -> Result<Vec<Bytes>, ClientError> {
    match rpc {
        LoadRpc::ApplyAction => Ok(items.to_vec()),
        LoadRpc::ResolveStrike => items
            .iter()
            .enumerate()
            .map(|(i, item)| {
                let request = pb::ResolveStrikeRequest::decode(&item[..])
                    .map_err(|e| ClientError::Output(format!("request {i}: {e}")))?;
                if !request.choices.is_empty() {
                    return Err(ClientError::Usage(format!(
                        "--stream: request {i} has choices, which a Play message cannot carry (send them as \
                         later messages)"
                    )));
                }
                let action = request
                    .strike
                    .map(|s| pb::Action { action: Some(pb::action::Action::Strike(s)), ..Default::default() });
                Ok(Bytes::from(pb::PlayRequest { state: request.state, action, ..Default::default() }.encode_to_vec()))
            })
            .collect(),
        _ => Err(ClientError::Usage(format!(
            "--stream drives Play with the boards of resolve-strike or apply-action requests, not {}",
            rpc.name()
        ))),
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn a_request_file_holds_one_request_or_an_array() {
        let dir = std::env::temp_dir().join(format!("fray-load-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let one = dir.join("one.json");
        std::fs::write(&one, r#"{"ruleset": "RULESET_EGAME", "seed": 3, "scenario": "fables"}"#).unwrap();
        assert_eq!(LoadRpc::NewGame.requests(Some(&one)).unwrap().len(), 1);
        let two = dir.join("two.json");
        std::fs::write(&two, r#"[{"seed": 1}, {"seed": 2}]"#).unwrap();
        assert_eq!(LoadRpc::NewGame.requests(Some(&two)).unwrap().len(), 2);
        let wrong = dir.join("wrong.json");
        std::fs::write(&wrong, r#"[{"seed": 1}, {"sed": 2}]"#).unwrap();
        let err = LoadRpc::NewGame.requests(Some(&wrong)).unwrap_err().to_string();
        assert!(err.contains("wrong.json") && err.contains("request 1"), "{err}");
        assert!(LoadRpc::ResolveStrike.requests(None).unwrap_err().to_string().contains("--request"));
        assert_eq!(LoadRpc::Check.requests(None).unwrap().len(), 1);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn the_bench_folders_choose_action_files_decode_and_their_states_load() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../bench");
        let mut files = 0;
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            if !(name.starts_with("choose-action-") && name.ends_with(".json")) {
                continue;
            }
            files += 1;
            let requests = LoadRpc::ChooseAction.requests(Some(&path)).unwrap();
            assert!(requests.len() >= 20, "{name}: {} positions", requests.len());
            for (i, bytes) in requests.iter().enumerate() {
                let r = pb::ChooseActionRequest::decode(bytes.clone()).unwrap();
                assert_eq!(r.budget.as_ref().map(|b| b.playouts), Some(1500), "{name} [{i}]: normal's budget");
                fray_service::convert::game_state(r.state.unwrap()).unwrap_or_else(|e| panic!("{name} [{i}]: {e}"));
            }
        }
        assert!(files >= 7, "the mirror file and one per ruleset, with Dog Fight's melee: {files}");
    }

    fn strike_request(attacker: &str) -> pb::ResolveStrikeRequest {
        pb::ResolveStrikeRequest {
            state: Some(pb::GameState { ruleset: pb::Ruleset::Egame as i32, ..Default::default() }),
            strike: Some(pb::Strike { attacker: attacker.into(), ..Default::default() }),
            choices: vec![],
            ..Default::default()
        }
    }

    #[test]
    fn batches_take_the_requests_in_turn_and_decode_as_batch_requests() {
        let items: Vec<Bytes> = ["a", "b", "c"].map(|a| Bytes::from(strike_request(a).encode_to_vec())).to_vec();
        let batches = batches(&items, 4);
        assert_eq!(batches.len(), 3);
        let attackers = |bytes: &Bytes| -> Vec<String> {
            let batch = pb::ResolveStrikeBatchRequest::decode(&bytes[..]).unwrap();
            batch.requests.into_iter().map(|r| r.strike.unwrap().attacker).collect()
        };
        assert_eq!(attackers(&batches[0]), ["a", "b", "c", "a"]);
        assert_eq!(attackers(&batches[2]), ["c", "a", "b", "c"]);
    }

    #[test]
    fn a_strike_becomes_a_play_message_and_an_action_request_is_one_already() {
        let strike = Bytes::from(strike_request("knight").encode_to_vec());
        let messages = play_messages(LoadRpc::ResolveStrike, std::slice::from_ref(&strike)).unwrap();
        let message = pb::PlayRequest::decode(&messages[0][..]).unwrap();
        let Some(pb::action::Action::Strike(s)) = message.action.and_then(|a| a.action) else { panic!("no strike") };
        assert_eq!(s.attacker, "knight");
        let mut with_choices = strike_request("knight");
        with_choices.choices.push(pb::Choice::default());
        let err = play_messages(LoadRpc::ResolveStrike, &[Bytes::from(with_choices.encode_to_vec())]).unwrap_err();
        assert!(err.to_string().contains("choices"), "{err}");
        let action = Bytes::from(pb::ApplyActionRequest::default().encode_to_vec());
        assert_eq!(play_messages(LoadRpc::ApplyAction, std::slice::from_ref(&action)).unwrap(), [action]);
        assert!(play_messages(LoadRpc::NewGame, &[]).is_err());
    }
}
