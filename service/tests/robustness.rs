//! Robustness over a real tonic channel: one named test per bug found by sending
//! mutated states to every RPC.
#![allow(missing_docs, clippy::unwrap_used, clippy::panic)]

mod common;

use common::*;
use fray_proto::fray::v1 as pb;
use pb::agent_client::AgentClient;

fn rift_card(id: &str) -> pb::Card {
    pb::Card { id: id.into(), name: "Imp".into(), might: 1, life: 1, ..Default::default() }
}

fn choose(state: pb::GameState, player: u32) -> pb::ChooseActionRequest {
    pb::ChooseActionRequest {
        state: Some(state),
        player,
        budget: Some(pb::SearchBudget { playouts: 30, time_ms: 0 }),
        seed: 1,
    }
}

// Issue 9: "INTERNAL: the search failed: task N panicked with message "index out of
// bounds: the len is 0 but the index is 0"" on a Dimensional Rift state with no phase,
// no creatures and cards in both hands. Nobody can act there: no phase, no strike.
#[tokio::test]
async fn the_agent_refuses_a_bare_board_where_nothing_can_strike_naming_the_rule() {
    let server = TestServer::start().await;
    let mut state = board(vec![]);
    state.ruleset = pb::Ruleset::DimensionalRift as i32;
    state.players[0].hand = vec![rift_card("a")];
    state.players[1].hand = vec![rift_card("b")];
    let legal = server.rules().legal_actions(pb::LegalActionsRequest { state: Some(state.clone()) }).await;
    assert_eq!(legal.unwrap().into_inner().actions, [], "the state is valid and has no legal action");
    let mut agent = AgentClient::new(server.channel.clone());
    for player in [0, 1] {
        let status = agent.choose_action(choose(state.clone(), player)).await.unwrap_err();
        assert_eq!(broken_rule(&status), "agent.no_legal_action");
    }
    // Creatures that have all acted leave nothing to strike with either.
    let mut acted = knight_and_wolf();
    for c in &mut acted.creatures {
        c.acted = true;
    }
    let status = agent.choose_action(choose(acted.clone(), 0)).await.unwrap_err();
    assert_eq!(broken_rule(&status), "agent.no_legal_action");
    // One that has not acted can strike: the agent chooses for the active player.
    acted.creatures[0].acted = false;
    let answer = agent.choose_action(choose(acted, 0)).await.unwrap().into_inner();
    assert!(matches!(answer.action.unwrap().action, Some(pb::action::Action::Strike(_))));
}

#[tokio::test]
async fn the_agent_refuses_a_finished_game_naming_the_rule() {
    let server = TestServer::start().await;
    let mut over = knight_and_wolf();
    over.phase = pb::Phase::GameOver as i32;
    over.winner = Some(0);
    let status = AgentClient::new(server.channel.clone()).choose_action(choose(over, 0)).await.unwrap_err();
    assert_eq!(broken_rule(&status), "egame.game_over");
}
