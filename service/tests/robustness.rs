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

// Found by the property ("creatures[0].might = 2147483647", then ChooseAction): a
// blocked strike added the attacker's Might to the blocker's damage counter, which
// overflowed (a panic in a debug build, a wrapped negative damage in release).
#[tokio::test]
async fn a_blocked_strike_with_might_at_i32_max_destroys_the_blocker_without_overflow() {
    let server = TestServer::start().await;
    let mut state = knight_and_wolf();
    state.creatures[0].might = i32::MAX;
    state.creatures[1].damage = 1;
    state.creatures[1].might = i32::MAX;
    state.creatures[0].damage = 2;
    let resp = server.rules().resolve_strike(resolve(state, strike("knight", 1, 3), vec![])).await.unwrap();
    let resp = resp.into_inner();
    assert!(resp.events.contains(&ev("egame.strike.damage", damage("knight", "wolf", i32::MAX))));
    assert!(resp.events.contains(&ev("egame.sba.destroy", destroyed("wolf"))));
    assert!(resp.events.contains(&ev("egame.sba.destroy", destroyed("knight"))));
    let state = resp.state.unwrap();
    assert!(state.creatures.is_empty());
    assert_eq!(state.players.iter().map(|p| p.graveyard.len()).collect::<Vec<_>>(), [1, 1]);
}

// Found by the property ("event = 18446744073709551615"): the next turn's Event
// incremented the counter past its range.
#[tokio::test]
async fn a_new_event_with_the_counter_at_u64_max_does_not_overflow() {
    let server = TestServer::start().await;
    let mut rules = server.rules();
    let request = pb::NewGameRequest { ruleset: pb::Ruleset::Egame as i32, seed: 3, scenario: "duel".into() };
    let mut state = rules.new_game(request).await.unwrap().into_inner().state.unwrap();
    assert_eq!(state.phase, pb::Phase::Deployment as i32);
    state.event = u64::MAX;
    let end = pb::Action { action: Some(pb::action::Action::EndPhase(pb::EndPhase {})) };
    let next = rules.apply_action(apply(state, end)).await.unwrap().into_inner();
    let next = next.state.unwrap();
    assert_eq!((next.turn, next.active_player, next.event), (2, 1, u64::MAX));
}
