//! Search over the Rules service: MCTS with the remote backend chooses exactly what it
//! chooses over the core in-process, for the same seed.
#![allow(missing_docs, clippy::unwrap_used, clippy::panic)]

use std::sync::Arc;

use fray_ai::rollout::RolloutPolicy;
use fray_ai::{Bot, Budget, Local, MctsBot, MctsConfig};
use fray_core::{GameState, Ruleset};
use fray_service::remote::RemoteRules;
use fray_service::{ServerConfig, serve};

/// Starts a server on its own thread and runtime; returns its URL.
fn server() -> String {
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let runtime = tokio::runtime::Runtime::new().unwrap();
        runtime.block_on(async move {
            let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
            tx.send(listener.local_addr().unwrap()).unwrap();
            serve(listener, ServerConfig::default(), std::future::pending()).await.unwrap();
        });
    });
    format!("http://{}", rx.recv().unwrap())
}

fn config() -> MctsConfig {
    MctsConfig {
        budget: Budget { playouts: 24, time: None },
        rollout_depth: 4,
        rollout_policy: RolloutPolicy::Greedy { epsilon: 0.2 },
        determinizations: 2,
        ..MctsConfig::default()
    }
}

#[test]
fn remote_and_local_search_choose_the_same_action_for_the_same_seed() {
    let remote = Arc::new(RemoteRules::connect(&server()).unwrap());
    for seed in [1u64, 2] {
        let GameState::Zone(state) = GameState::new_game(Ruleset::Egame.wire(), seed, "duel").unwrap().0 else {
            panic!("e:game deals a zone state")
        };
        let local = MctsBot::new(Arc::new(Local), config()).choose(&state, seed).unwrap();
        let over_grpc = MctsBot::new(Arc::clone(&remote), config()).choose(&state, seed).unwrap();
        assert_eq!(over_grpc, local, "seed {seed}");
        assert!(local.stats.iter().map(|s| s.visits).sum::<u64>() >= 20);
    }
}

#[test]
fn a_search_whose_server_is_gone_reports_the_failure() {
    let err = RemoteRules::connect("http://127.0.0.1:1").unwrap_err();
    assert!(err.contains("cannot connect"), "{err}");
}
