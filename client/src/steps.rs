//! One game's actions applied in order on a Play stream: the fastest path for a client
//! that plays one game step by step (docs/api.md, "Many boards"), one message each way
//! per action instead of a call. `fray replay` replays through it.
//!
//! The stream is a transport only: each message carries the whole state, and each
//! answer is what ApplyAction answers (its state and events; a refused action its own
//! status, read as ApplyAction's). Where the stream cannot be had or ends early (a
//! server without Play, one that ends the stream at its `--max-stream-messages` or its
//! shutdown), the step and those after it go as unary ApplyAction calls.

use fray_proto::fray::v1::rules_client::RulesClient;
use fray_proto::fray::v1::{
    Action, ApplyActionRequest, ApplyActionResponse, GameState, PlayRequest, PlayResponse, Words,
};
use fray_service::status::from_item_status;
use tokio::sync::mpsc;
use tokio_stream::wrappers::ReceiverStream;
use tonic::transport::Channel;
use tonic::{Status, Streaming};

/// A game's steps on one server.
pub struct Steps {
    rules: RulesClient<Channel>,
    /// The open stream: where messages go, and the answers.
    open: Option<(mpsc::Sender<PlayRequest>, Streaming<PlayResponse>)>,
    /// False once the stream failed: the steps go as unary calls from then on.
    streamed: bool,
    /// The words to tell the events in, if any.
    words: Option<Words>,
}

impl Steps {
    /// Steps on `rules`'s server; the stream opens at the first step.
    pub fn new(rules: RulesClient<Channel>) -> Self {
        Self { rules, open: None, streamed: true, words: None }
    }

    /// The events told in `words` (the server's `text` on each).
    pub fn in_words(self, words: Words) -> Self {
        Self { words: Some(words), ..self }
    }

    /// Whether the steps so far all went on the stream.
    pub fn streamed(&self) -> bool {
        self.streamed
    }

    /// `action` applied to `state`, as ApplyAction answers it. The state is copied into
    /// one message: the stream's, or the unary call's where the stream failed.
    pub async fn apply(&mut self, state: &GameState, action: &Action) -> Result<ApplyActionResponse, Status> {
        if self.streamed {
            match self.on_stream(state, action).await {
                Some(answer) => return answer,
                None => {
                    self.streamed = false;
                    self.open = None;
                }
            }
        }
        let request = ApplyActionRequest {
            state: Some(state.clone()),
            action: Some(action.clone()),
            words: self.words.clone(),
            ..Default::default()
        };
        self.rules.apply_action(request).await.map(tonic::Response::into_inner)
    }

    /// The answer on the stream (opened if need be), or None when the stream could not
    /// carry it.
    async fn on_stream(&mut self, state: &GameState, action: &Action) -> Option<Result<ApplyActionResponse, Status>> {
        if self.open.is_none() {
            let (send, messages) = mpsc::channel(1);
            let answers = self.rules.play(ReceiverStream::new(messages)).await.ok()?.into_inner();
            self.open = Some((send, answers));
        }
        let (send, answers) = self.open.as_mut()?;
        let message = PlayRequest {
            state: Some(state.clone()),
            action: Some(action.clone()),
            words: self.words.clone(),
            ..Default::default()
        };
        send.send(message).await.ok()?;
        let PlayResponse { status, state, events, .. } = answers.message().await.ok()??;
        Some(match status {
            Some(refused) => Err(from_item_status(&refused)),
            None => Ok(ApplyActionResponse { state, events, ..Default::default() }),
        })
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use fray_proto::fray::v1::{LegalActionsRequest, NewGameRequest, Ruleset};
    use fray_service::ServerConfig;

    use super::*;
    use crate::channel;
    use crate::tls::ClientTls;

    /// A server with `config` on a free loopback port, and a Rules client of it.
    async fn served(config: ServerConfig) -> RulesClient<Channel> {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let url = format!("http://{}", listener.local_addr().unwrap());
        tokio::spawn(fray_service::serve(listener, config, std::future::pending()));
        channel::connect(&url, &ClientTls::default()).await.unwrap()
    }

    /// Plays the first legal action `n` times from a dealt e:game state through
    /// `steps`, with an action that is not one at step 2, against unary calls.
    async fn played_as_unary(steps: &mut Steps, rules: &mut RulesClient<Channel>, n: usize) {
        let dealt = NewGameRequest {
            ruleset: Ruleset::Egame as i32,
            seed: 5,
            scenario: "duel".to_owned(),
            ..Default::default()
        };
        let mut state = rules.new_game(dealt).await.unwrap().into_inner().state.unwrap();
        for step in 0..n {
            let legal = LegalActionsRequest { state: Some(state.clone()), ..Default::default() };
            let actions = rules.legal_actions(legal).await.unwrap().into_inner().actions;
            let action = if step == 2 { Action::default() } else { actions[0].clone() };
            let unary = rules.apply_action(ApplyActionRequest {
                state: Some(state.clone()),
                action: Some(action.clone()),
                ..Default::default()
            });
            match (steps.apply(&state, &action).await, unary.await) {
                (Ok(stepped), Ok(unary)) => {
                    let unary = unary.into_inner();
                    assert_eq!(stepped, unary, "step {step}");
                    state = unary.state.unwrap();
                }
                (Err(stepped), Err(unary)) => {
                    assert_eq!((stepped.code(), stepped.message()), (unary.code(), unary.message()), "step {step}");
                    assert_eq!(stepped.details(), unary.details(), "step {step}");
                }
                (stepped, unary) => panic!("step {step}: {stepped:?} against {unary:?}"),
            }
        }
    }

    #[tokio::test]
    async fn a_game_stepped_on_the_stream_is_answered_as_by_apply_action() {
        let mut rules = served(ServerConfig::default()).await;
        let mut steps = Steps::new(rules.clone());
        played_as_unary(&mut steps, &mut rules, 8).await;
        assert!(steps.streamed());
    }

    #[tokio::test]
    async fn a_stream_the_server_ends_at_its_message_limit_goes_on_as_unary_calls() {
        let mut rules = served(ServerConfig { max_stream_messages: 3, ..Default::default() }).await;
        let mut steps = Steps::new(rules.clone());
        played_as_unary(&mut steps, &mut rules, 8).await;
        assert!(!steps.streamed());
    }
}
