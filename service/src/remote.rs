//! A search backend over the Rules gRPC API: [`RemoteRules`] asks a Rules server for
//! legal actions and their effects, so a bot can search with any server's rules. It
//! blocks on its own runtime, so call it from ordinary threads (e.g. inside
//! `spawn_blocking`), never from async code.

use std::sync::Mutex;

use fray_ai::Backend;
use fray_core::Registered;
use fray_proto::fray::v1 as pb;
use pb::rules_client::RulesClient;
use tonic::transport::Channel;

use crate::convert;

/// The Rules service as a search backend.
#[derive(Debug)]
pub struct RemoteRules {
    runtime: tokio::runtime::Runtime,
    client: RulesClient<Channel>,
    failure: Mutex<Option<String>>,
}

impl RemoteRules {
    /// Connects to the Rules server at `url` (e.g. `http://127.0.0.1:50051`).
    pub fn connect(url: &str) -> Result<Self, String> {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .map_err(|e| format!("cannot start a runtime: {e}"))?;
        let client = runtime
            .block_on(RulesClient::connect(url.to_owned()))
            .map_err(|e| format!("cannot connect to {url}: {e}"))?;
        Ok(Self { runtime, client, failure: Mutex::new(None) })
    }

    fn fail(&self, why: String) {
        if let Ok(mut f) = self.failure.lock()
            && f.is_none()
        {
            *f = Some(why);
        }
    }

    fn proto_state<G: Registered>(state: &G) -> pb::GameState {
        convert::state_from_setup(G::wrap_setup(state.to_setup()))
    }

    /// An action the server listed, read as `state`'s ruleset's.
    fn listed<G: Registered>(state: &G, a: &pb::Action) -> Result<G::Action, String> {
        let setup = convert::action_to_setup(state.ruleset(), Some(a)).map_err(|v| v.prefixed("action").to_string())?;
        if !setup.refused.is_empty() {
            return Err(setup.refused.prefixed("action").to_string());
        }
        let own = G::unwrap_action(setup.input).ok_or("an action of another ruleset")?;
        state.parse_action(&own, "action").map_err(|e| e.to_string())
    }
}

impl<G: Registered> Backend<G> for RemoteRules {
    fn legal_actions(&self, state: &G, out: &mut Vec<G::Action>) {
        let request =
            pb::LegalActionsRequest { state: Some(Self::proto_state(state)), sealed_state: None, ..Default::default() };
        let mut client = self.client.clone();
        match self.runtime.block_on(client.legal_actions(request)) {
            Ok(resp) => {
                for a in &resp.into_inner().actions {
                    match Self::listed(state, a) {
                        Ok(action) => out.push(action),
                        Err(e) => return self.fail(format!("the server listed an action this build cannot read: {e}")),
                    }
                }
            }
            Err(status) => self.fail(format!("LegalActions failed: {status}")),
        }
    }

    fn apply(&self, state: &mut G, action: G::Action) {
        let request = pb::ApplyActionRequest {
            state: Some(Self::proto_state(state)),
            action: Some(convert::action_from_setup(&G::wrap_action(state.action_setup(action)))),
            sealed_state: None,
            ..Default::default()
        };
        let mut client = self.client.clone();
        let answer = match self.runtime.block_on(client.apply_action(request)) {
            Ok(resp) => resp.into_inner().state,
            Err(status) => return self.fail(format!("ApplyAction failed: {status}")),
        };
        let Some(next) = answer else { return self.fail("ApplyAction answered no state".into()) };
        match convert::game_state(next).map(G::from_game_state) {
            Ok(Some(next)) => *state = next,
            Ok(None) => self.fail("ApplyAction answered another ruleset".into()),
            Err(e) => self.fail(format!("ApplyAction answered a state this build cannot read: {e}")),
        }
    }

    fn failure(&self) -> Option<String> {
        self.failure.lock().ok().and_then(|f| f.clone())
    }
}
