//! The request files `fray bench load` sends (bench/README.md): a game's ApplyAction
//! requests step by step (`bench steps`) and the ChooseAction requests of the positions
//! `bench playouts` searches (`bench positions`), as proto3 JSON arrays.

use fray_core::Ruleset;
use fray_proto::fray::v1 as pb;
use fray_service::convert::{action_from_setup, state_from_setup};
use fray_tournament::measure::search_positions;
use fray_tournament::proto_json::to_value;
use rand::{Rng as _, SeedableRng as _};
use rand_chacha::ChaCha8Rng;

use crate::error::{ClientError, chain};

/// The ApplyAction requests of one game of `ruleset`'s `scenario` dealt by `seed`, each
/// of its actions picked at random (seeded by `seed`) among the legal ones, until the
/// game is over (at most 10 000 steps).
pub fn game_steps(ruleset: Ruleset, scenario: &str, seed: u64) -> Result<Vec<pb::ApplyActionRequest>, ClientError> {
    let (mut game, _) = fray_core::GameState::new_game(ruleset.wire(), seed, scenario)
        .map_err(|e| ClientError::Usage(format!("fray bench steps: {e}")))?;
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut steps = Vec::new();
    while steps.len() < 10_000 {
        let legal = game.legal_actions();
        if legal.is_empty() {
            break;
        }
        let action = &legal[rng.random_range(0..legal.len())];
        steps.push(pb::ApplyActionRequest {
            state: Some(state_from_setup(game.to_setup())),
            action: Some(action_from_setup(action)),
            ..Default::default()
        });
        game.apply_action(action, "action")
            .map_err(|e| ClientError::Output(format!("a legal action failed: {e:?}")))?;
    }
    Ok(steps)
}

/// [`game_steps`] as a pretty proto3 JSON array, for `bench load --rpc apply-action
/// --request FILE`.
pub fn game_steps_json(ruleset: Ruleset, scenario: &str, seed: u64) -> Result<String, ClientError> {
    let values = game_steps(ruleset, scenario, seed)?
        .iter()
        .map(|step| to_value(step, "fray.v1.ApplyActionRequest"))
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| ClientError::Output(chain(&e)))?;
    serde_json::to_string_pretty(&values).map_err(|e| ClientError::Output(e.to_string()))
}

/// The ChooseAction requests of the positions `bench playouts` searches (one from each
/// of the first `positions` games of `scenario`, where there is a real choice), each for
/// its player to move with its search seed and `playouts`, as a pretty proto3 JSON
/// array for `bench load --rpc choose-action --request FILE`.
pub fn positions_json(ruleset: Ruleset, scenario: &str, positions: u32, playouts: u32) -> Result<String, ClientError> {
    let requests = search_positions(ruleset, scenario, positions)
        .map_err(|e| ClientError::Usage(e.to_string()))?
        .into_iter()
        .filter_map(|(state, seed)| {
            let player = u32::from(state.to_move()?.0);
            let request = pb::ChooseActionRequest {
                state: Some(state_from_setup(state.to_setup())),
                player,
                budget: Some(pb::SearchBudget { playouts, time_ms: 0, ..Default::default() }),
                seed,
                ..Default::default()
            };
            Some(to_value(&request, "fray.v1.ChooseActionRequest"))
        })
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| ClientError::Output(chain(&e)))?;
    serde_json::to_string_pretty(&requests).map_err(|e| ClientError::Output(e.to_string()))
}
