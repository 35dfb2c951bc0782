//! The Rules service over a real tonic channel: resolutions, the stateless decision
//! protocol, legal actions, the catalogue, and every error path of docs/api.md.
#![allow(missing_docs, clippy::unwrap_used, clippy::panic)]

use fray_proto::fray::v1 as pb;
use fray_testkit::prelude::*;
use pb::agent_client::AgentClient;

// ---------------------------------------------------------------------------
// Resolutions

#[tokio::test]
async fn resolve_strike_passive_block_exchanges_damage_and_destroys() {
    let server = TestServer::start().await;
    let resp = server.rules().resolve_strike(resolve(knight_and_wolf(), strike("knight", 1, 3), vec![])).await.unwrap();
    let resp = resp.into_inner();
    assert_eq!(
        resp.events,
        [
            ev("egame.strike.target", declared("knight", 1, 3)),
            ev("egame.strike.block.passive", blocker("knight", Some("wolf"), true)),
            ev("egame.chain", chained("knight", 1)),
            ev("egame.strike.damage", damage("knight", "wolf", 2)),
            ev("egame.strike.damage", damage("wolf", "knight", 1)),
            ev("egame.sba.destroy", destroyed("wolf")),
        ]
    );
    let mut expected = knight_and_wolf();
    expected.creatures = vec![pb::Creature { damage: 1, acted: true, ..knight() }];
    // The destroyed creature's card keeps its id in the owner's graveyard.
    expected.players[1].graveyard =
        vec![pb::Card { id: "wolf".into(), name: "Wolf".into(), might: 1, life: 2, ..Default::default() }];
    assert_eq!(resp.state, Some(expected));
}

#[tokio::test]
async fn resolve_strike_on_an_empty_zone_is_a_direct_hit_for_one_hp() {
    let server = TestServer::start().await;
    let resp = server.rules().resolve_strike(resolve(board(vec![knight()]), strike("knight", 1, 3), vec![])).await;
    let resp = resp.unwrap().into_inner();
    assert_eq!(
        resp.events,
        [
            ev("egame.strike.target", declared("knight", 1, 3)),
            ev("egame.strike.block.direct", blocker("knight", None, false)),
            ev("egame.chain", chained("knight", 1)),
            ev("egame.strike.direct", hp_lost(1, 1)),
        ]
    );
    let state = resp.state.unwrap();
    assert_eq!((state.players[0].hp, state.players[1].hp), (6, 5));
    assert!(state.creatures[0].acted);
}

#[tokio::test]
async fn resolve_strike_flips_a_face_down_blocker_first() {
    let server = TestServer::start().await;
    let mut state = knight_and_wolf();
    state.creatures[1].face_down = true;
    let resp = server.rules().resolve_strike(resolve(state, strike("knight", 1, 3), vec![])).await.unwrap();
    let events = resp.into_inner().events;
    assert_eq!(
        events[1],
        ev("egame.flip.targeted", pb::event::Kind::CreatureFlipped(pb::CreatureFlipped { creature: "wolf".into() }))
    );
    assert_eq!(events[2], ev("egame.strike.block.passive", blocker("knight", Some("wolf"), true)));
}

#[tokio::test]
async fn dimensional_rift_direct_hit_costs_the_attack_stat_and_armor_reduces_damage() {
    let server = TestServer::start().await;
    let mut direct = board(vec![knight()]);
    direct.ruleset = pb::Ruleset::DimensionalRift as i32;
    let resp = server.rules().resolve_strike(resolve(direct, strike("knight", 1, 3), vec![])).await.unwrap();
    let resp = resp.into_inner();
    assert_eq!(resp.events.last(), Some(&ev("rift.strike.direct", hp_lost(1, 2))));
    assert_eq!(resp.state.unwrap().players[1].hp, 4);

    let mut blocked = knight_and_wolf();
    blocked.ruleset = pb::Ruleset::DimensionalRift as i32;
    blocked.creatures[1].armor = 1;
    let resp = server.rules().resolve_strike(resolve(blocked, strike("knight", 1, 3), vec![])).await.unwrap();
    let resp = resp.into_inner();
    assert_eq!(
        resp.events[3..],
        [
            ev(
                "rift.armor",
                pb::event::Kind::DamagePrevented(pb::DamagePrevented {
                    target: "wolf".into(),
                    amount: 1,
                    by: "armor".into()
                })
            ),
            ev("egame.strike.damage", damage("knight", "wolf", 1)),
            ev("egame.strike.damage", damage("wolf", "knight", 1)),
        ]
    );
    assert_eq!(resp.state.unwrap().creatures[1].damage, 1);
}

// ---------------------------------------------------------------------------
// The stateless decision protocol

#[tokio::test]
async fn pending_block_decision_is_answered_through_apply_action() {
    let server = TestServer::start().await;
    let mut rules = server.rules();
    let first = rules.resolve_strike(resolve(archer_and_guard(), strike("archer", 1, 0), vec![])).await.unwrap();
    let first = first.into_inner();
    assert_eq!(
        first.events,
        [
            ev("egame.strike.target", declared("archer", 1, 0)),
            ev("egame.strike.block.active.controller", block_requested(1, &["guard"])),
        ]
    );
    let waiting = first.state.unwrap();
    assert_eq!(waiting.pending, Some(block_decision(1, &["guard"])));
    assert_eq!(waiting.chain, [strike("archer", 1, 0)]);
    assert!(waiting.creatures[0].acted);

    let second = rules.apply_action(apply(waiting, choice_action(option("guard")))).await.unwrap().into_inner();
    assert_eq!(
        second.events,
        [
            ev("egame.strike.block.active.controller", blocker("archer", Some("guard"), false)),
            ev("egame.chain", chained("archer", 1)),
            ev("egame.strike.damage", damage("archer", "guard", 1)),
        ]
    );
    let done = second.state.unwrap();
    assert_eq!(done.pending, None);
    assert!(done.chain.is_empty());
    assert_eq!(done.creatures[1].damage, 1);
    assert_eq!(done.players[1].hp, 6);
}

#[tokio::test]
async fn resolve_strike_with_choices_answers_decisions_in_order() {
    let server = TestServer::start().await;
    let mut rules = server.rules();

    let declined = rules.resolve_strike(resolve(archer_and_guard(), strike("archer", 1, 0), vec![decline()])).await;
    let declined = declined.unwrap().into_inner();
    assert_eq!(
        declined.events,
        [
            ev("egame.strike.target", declared("archer", 1, 0)),
            ev("egame.strike.block.active.controller", block_requested(1, &["guard"])),
            ev("egame.strike.block.direct", blocker("archer", None, false)),
            ev("egame.chain", chained("archer", 1)),
            ev("egame.strike.direct", hp_lost(1, 1)),
        ]
    );
    assert_eq!(declined.state.unwrap().players[1].hp, 5);

    // One call with the choice ends where two calls (resolve, then apply) end.
    let one = rules.resolve_strike(resolve(archer_and_guard(), strike("archer", 1, 0), vec![option("guard")])).await;
    let one = one.unwrap().into_inner();
    let waiting = rules.resolve_strike(resolve(archer_and_guard(), strike("archer", 1, 0), vec![])).await;
    let waiting = waiting.unwrap().into_inner().state.unwrap();
    let two = rules.apply_action(apply(waiting, choice_action(option("guard")))).await.unwrap().into_inner();
    assert_eq!(one.state, two.state);
    assert_eq!(one.events[2..], two.events[..]);
}

#[tokio::test]
async fn apply_action_strike_resolves_like_resolve_strike() {
    let server = TestServer::start().await;
    let mut rules = server.rules();
    let applied = rules.apply_action(apply(knight_and_wolf(), strike_action("knight", 1, 3))).await.unwrap();
    let resolved = rules.resolve_strike(resolve(knight_and_wolf(), strike("knight", 1, 3), vec![])).await.unwrap();
    let (applied, resolved) = (applied.into_inner(), resolved.into_inner());
    assert_eq!(applied.state, resolved.state);
    assert_eq!(applied.events, resolved.events);
}

// ---------------------------------------------------------------------------
// LegalActions and ListRulesets

#[tokio::test]
async fn legal_actions_lists_strikes_then_choices_then_nothing_when_over() {
    let server = TestServer::start().await;
    let mut rules = server.rules();
    let req = pb::LegalActionsRequest { state: Some(knight_and_wolf()), ..Default::default() };
    let actions = rules.legal_actions(req).await.unwrap().into_inner().actions;
    // The knight reaches the zone it faces (1:3) and, diagonally, 1:4; the wolf has no arrows.
    assert_eq!(actions, [strike_action("knight", 1, 3), strike_action("knight", 1, 4)]);

    let waiting = rules.resolve_strike(resolve(archer_and_guard(), strike("archer", 1, 0), vec![])).await;
    let req = pb::LegalActionsRequest { state: waiting.unwrap().into_inner().state, ..Default::default() };
    let actions = rules.legal_actions(req).await.unwrap().into_inner().actions;
    assert_eq!(actions, [choice_action(option("guard")), choice_action(decline())]);

    let mut over = knight_and_wolf();
    over.phase = pb::Phase::GameOver as i32;
    over.winner = Some(0);
    over.players[1].hp = 0;
    let actions =
        rules.legal_actions(pb::LegalActionsRequest { state: Some(over), ..Default::default() }).await.unwrap();
    assert!(actions.into_inner().actions.is_empty());
}

#[tokio::test]
async fn list_rulesets_names_every_ruleset_and_what_it_serves() {
    let server = TestServer::start().await;
    let rulesets = server.rules().list_rulesets(pb::ListRulesetsRequest {}).await.unwrap().into_inner().rulesets;
    let summary: Vec<_> = rulesets.iter().map(|r| (r.ruleset, r.name.as_str(), r.resolves_strikes)).collect();
    assert_eq!(
        summary,
        [
            (pb::Ruleset::Egame as i32, "egame", true),
            (pb::Ruleset::DimensionalRift as i32, "dimensional-rift", true),
            (pb::Ruleset::Keyforge as i32, "keyforge", true),
            (pb::Ruleset::CastleRampage as i32, "castle-rampage", true),
            (pb::Ruleset::DogFight as i32, "dog-fight", true),
        ]
    );
    assert!(rulesets.iter().all(|r| !r.description.is_empty()));
    // NewGame deals a skirmish of every ruleset, and says so.
    assert!(rulesets.iter().all(|r| r.skirmish != r.scenarios.is_empty()));
    let dealt: Vec<bool> = rulesets.iter().map(|r| r.skirmish).collect();
    assert_eq!(dealt, [true; 5]);
    // Each scenario says how many it seats: two, but Dog Fight's 2, 3 and 4.
    let seats: Vec<Vec<u32>> =
        rulesets.iter().map(|r| r.scenario_details.iter().map(|d| d.players).collect()).collect();
    assert!(seats[..4].iter().flatten().all(|&n| n == 2), "{seats:?}");
    assert_eq!(seats[4], [2, 3, 4]);
    // Each scenario says how it splits games between the seats, and every skirmish
    // ruleset has at least one balanced scenario for tournaments.
    for r in rulesets.iter().filter(|r| r.skirmish) {
        assert_eq!(r.scenario_details.len(), r.scenarios.len());
        assert!(r.scenario_details.iter().all(|d| !d.description.is_empty()), "{r:?}");
        assert!(r.scenario_details.iter().all(|d| !d.balanced || d.seat0_games > 0), "{r:?}");
        for d in &r.scenario_details {
            // Measured: one score per seat, seat 0's first; not measured: none.
            let expected = if d.seat0_games == 0 { 0 } else { d.players as usize };
            assert_eq!(d.seat_scores.len(), expected, "{d:?}");
            assert!(d.seat_scores.first().is_none_or(|s| *s == d.seat0_score), "{d:?}");
            let fair = d.seat_scores.iter().all(|s| (0.40..=0.60).contains(s));
            assert_eq!(d.balanced, d.seat0_games >= 100 && fair, "{d:?}");
        }
        assert!(r.scenario_details.iter().any(|d| d.balanced), "{} has no balanced scenario", r.name);
    }
}

// ---------------------------------------------------------------------------
// INVALID_ARGUMENT: malformed requests

#[tokio::test]
async fn missing_state_is_invalid_on_field_state() {
    let server = TestServer::start().await;
    let mut rules = server.rules();
    let req = pb::ResolveStrikeRequest {
        state: None,
        strike: Some(strike("knight", 1, 3)),
        choices: vec![],
        ..Default::default()
    };
    assert_eq!(bad_fields(&rules.resolve_strike(req).await.unwrap_err()), ["state"]);
    let req = pb::ApplyActionRequest { state: None, action: Some(strike_action("knight", 1, 3)), ..Default::default() };
    assert_eq!(bad_fields(&rules.apply_action(req).await.unwrap_err()), ["state"]);
    let req = pb::LegalActionsRequest { state: None, ..Default::default() };
    let status = rules.legal_actions(req).await.unwrap_err();
    assert_eq!(bad_fields(&status), ["state"]);
    assert_eq!(status.message(), "invalid request: state: is required");
}

#[tokio::test]
async fn missing_strike_or_action_is_invalid() {
    let server = TestServer::start().await;
    let mut rules = server.rules();
    let req = pb::ResolveStrikeRequest {
        state: Some(knight_and_wolf()),
        strike: None,
        choices: vec![],
        ..Default::default()
    };
    assert_eq!(bad_fields(&rules.resolve_strike(req).await.unwrap_err()), ["strike"]);
    let req = pb::ApplyActionRequest { state: Some(knight_and_wolf()), action: None, ..Default::default() };
    assert_eq!(bad_fields(&rules.apply_action(req).await.unwrap_err()), ["action"]);
    let req = apply(knight_and_wolf(), pb::Action { action: None, ..Default::default() });
    assert_eq!(bad_fields(&rules.apply_action(req).await.unwrap_err()), ["action"]);
}

#[tokio::test]
async fn unknown_or_unset_ruleset_is_invalid() {
    let server = TestServer::start().await;
    let mut rules = server.rules();
    for ruleset in [0, 99] {
        let mut state = knight_and_wolf();
        state.ruleset = ruleset;
        let status = rules.resolve_strike(resolve(state, strike("knight", 1, 3), vec![])).await.unwrap_err();
        assert_eq!(bad_fields(&status), ["state.ruleset"]);
    }
}

#[tokio::test]
async fn duplicate_creature_ids_are_invalid() {
    let server = TestServer::start().await;
    let mut state = knight_and_wolf();
    state.creatures[1].id = "knight".into();
    let status = server.rules().resolve_strike(resolve(state, strike("knight", 1, 3), vec![])).await.unwrap_err();
    assert_eq!(bad_fields(&status), ["state.creatures[1].id"]);
}

#[tokio::test]
async fn zone_index_out_of_range_is_invalid() {
    let server = TestServer::start().await;
    let mut state = knight_and_wolf();
    state.creatures[1].zone = zone(1, 5);
    let status = server.rules().resolve_strike(resolve(state, strike("knight", 1, 3), vec![])).await.unwrap_err();
    assert_eq!(bad_fields(&status), ["state.creatures[1].zone.index"]);
    assert!(status.message().contains("state.creatures[1].zone.index: zone index 5 is out of range 0..4"));
}

#[tokio::test]
async fn two_creatures_in_one_zone_are_invalid() {
    let server = TestServer::start().await;
    let mut state = knight_and_wolf();
    state.creatures.push(creature("bat", "Bat", (1, 3), 1, 1, pb::Arrows::default()));
    let status = server.rules().resolve_strike(resolve(state, strike("knight", 1, 3), vec![])).await.unwrap_err();
    assert_eq!(bad_fields(&status), ["state.creatures[2].zone"]);
}

#[tokio::test]
async fn controller_zone_mismatch_is_invalid() {
    let server = TestServer::start().await;
    let mut state = knight_and_wolf();
    state.creatures[1].controller = 0;
    let status = server.rules().resolve_strike(resolve(state, strike("knight", 1, 3), vec![])).await.unwrap_err();
    assert_eq!(bad_fields(&status), ["state.creatures[1].zone.player"]);
}

#[tokio::test]
async fn double_diagonal_arrow_is_invalid() {
    let server = TestServer::start().await;
    let mut state = knight_and_wolf();
    state.creatures[0].arrows = Some(pb::Arrows { up: SINGLE, up_left: DOUBLE, ..Default::default() });
    let status = server.rules().resolve_strike(resolve(state, strike("knight", 1, 3), vec![])).await.unwrap_err();
    assert_eq!(bad_fields(&status), ["state.creatures[0].arrows.up_left"]);
}

#[tokio::test]
async fn foreign_board_on_a_zone_state_is_invalid() {
    let server = TestServer::start().await;
    let mut state = knight_and_wolf();
    state.castle_rampage = Some(pb::CastleRampageBoard::default());
    let status = server.rules().resolve_strike(resolve(state, strike("knight", 1, 3), vec![])).await.unwrap_err();
    assert_eq!(bad_fields(&status), ["state.castle_rampage"]);
}

#[tokio::test]
async fn several_violations_are_reported_at_once() {
    let server = TestServer::start().await;
    let mut stray = creature("stray", "Stray", (1, 2), 1, 1, pb::Arrows::default());
    stray.controller = 0;
    let mut state = board(vec![
        knight(),
        pb::Creature { id: "knight".into(), zone: zone(1, 9), ..wolf() },
        creature("bat", "Bat", (0, 1), 1, 1, pb::Arrows { up_right: DOUBLE, ..Default::default() }),
        stray,
    ]);
    state.players[1].hp = 0;
    state.keyforge = Some(pb::KeyforgeBoard::default());
    let status = server.rules().resolve_strike(resolve(state, strike("knight", 1, 3), vec![])).await.unwrap_err();
    assert_eq!(
        bad_fields(&status),
        [
            "state.creatures[1].id",
            "state.players[1].hp",
            "state.creatures[1].zone.index",
            "state.creatures[2].zone",
            "state.creatures[2].arrows.up_right",
            "state.creatures[3].zone.player",
            "state.keyforge",
        ]
    );
    // The message says it in plain words too.
    for field in ["state.players[1].hp", "state.creatures[2].arrows.up_right", "state.keyforge"] {
        assert!(status.message().contains(&format!("{field}: ")), "{field} missing from {:?}", status.message());
    }
}

#[tokio::test]
async fn unknown_attacker_is_invalid_on_strike_attacker() {
    let server = TestServer::start().await;
    let mut rules = server.rules();
    let status = rules.resolve_strike(resolve(knight_and_wolf(), strike("ghost", 1, 3), vec![])).await.unwrap_err();
    assert_eq!(bad_fields(&status), ["strike.attacker"]);
    let status = rules.apply_action(apply(knight_and_wolf(), strike_action("ghost", 1, 3))).await.unwrap_err();
    assert_eq!(bad_fields(&status), ["action.strike.attacker"]);
    let status = rules.resolve_strike(resolve(knight_and_wolf(), strike("knight", 1, 7), vec![])).await.unwrap_err();
    assert_eq!(bad_fields(&status), ["strike.target.index"]);
}

#[tokio::test]
async fn choice_without_a_pending_decision_is_invalid() {
    let server = TestServer::start().await;
    let mut rules = server.rules();
    // The blocked strike resolves without asking anything, so choices[0] answers nothing.
    let req = resolve(knight_and_wolf(), strike("knight", 1, 3), vec![option("wolf")]);
    assert_eq!(bad_fields(&rules.resolve_strike(req).await.unwrap_err()), ["choices[0]"]);
    let req = apply(knight_and_wolf(), choice_action(decline()));
    assert_eq!(bad_fields(&rules.apply_action(req).await.unwrap_err()), ["action.choice"]);
}

#[tokio::test]
async fn choice_naming_a_non_option_is_invalid() {
    let server = TestServer::start().await;
    let mut rules = server.rules();
    let waiting = rules.resolve_strike(resolve(archer_and_guard(), strike("archer", 1, 0), vec![])).await;
    let waiting = waiting.unwrap().into_inner().state.unwrap();
    let status = rules.apply_action(apply(waiting.clone(), choice_action(option("archer")))).await.unwrap_err();
    assert_eq!(bad_fields(&status), ["action.choice.option"]);
    let status = rules.apply_action(apply(waiting, choice_action(pb::Choice { choice: None }))).await.unwrap_err();
    assert_eq!(bad_fields(&status), ["action.choice"]);
    let req = resolve(archer_and_guard(), strike("archer", 1, 0), vec![option("nobody")]);
    assert_eq!(bad_fields(&rules.resolve_strike(req).await.unwrap_err()), ["choices[0].option"]);
}

// ---------------------------------------------------------------------------
// FAILED_PRECONDITION: well-formed but illegal

#[tokio::test]
async fn unreachable_target_breaks_egame_strike_target() {
    let server = TestServer::start().await;
    let status = server.rules().resolve_strike(resolve(knight_and_wolf(), strike("knight", 1, 0), vec![])).await;
    let status = status.unwrap_err();
    assert_eq!(broken_rule(&status), "egame.strike.target");
    assert_eq!(status.message(), "egame.strike.target: knight's arrows do not reach zone 1:0");
}

#[tokio::test]
async fn acted_attacker_breaks_egame_strike_target() {
    let server = TestServer::start().await;
    let mut state = knight_and_wolf();
    state.creatures[0].acted = true;
    let status = server.rules().apply_action(apply(state, strike_action("knight", 1, 3))).await.unwrap_err();
    assert_eq!(broken_rule(&status), "egame.strike.target");
    assert!(status.message().contains("already acted"), "{status:?}");
}

#[tokio::test]
async fn strike_outside_the_event_phase_is_refused() {
    let server = TestServer::start().await;
    let mut state = knight_and_wolf();
    state.phase = pb::Phase::Deployment as i32;
    let status = server.rules().resolve_strike(resolve(state, strike("knight", 1, 3), vec![])).await.unwrap_err();
    assert_eq!(broken_rule(&status), "egame.turn.event_phase");
}

#[tokio::test]
async fn strike_by_the_non_active_player_is_refused() {
    let server = TestServer::start().await;
    let mut state = knight_and_wolf();
    state.phase = pb::Phase::Event as i32;
    state.active_player = 1;
    let status = server.rules().resolve_strike(resolve(state.clone(), strike("knight", 1, 3), vec![])).await;
    assert_eq!(broken_rule(&status.unwrap_err()), "egame.turn.active_player");
    // The same strike on the active player's turn is legal.
    state.active_player = 0;
    assert!(server.rules().resolve_strike(resolve(state, strike("knight", 1, 3), vec![])).await.is_ok());
}

#[tokio::test]
async fn strike_while_a_decision_is_pending_is_refused() {
    let server = TestServer::start().await;
    let mut rules = server.rules();
    let waiting = rules.resolve_strike(resolve(archer_and_guard(), strike("archer", 1, 0), vec![])).await;
    let waiting = waiting.unwrap().into_inner().state.unwrap();
    let status = rules.apply_action(apply(waiting, strike_action("guard", 1, 0))).await.unwrap_err();
    assert_eq!(broken_rule(&status), "egame.decision.pending");
}

#[tokio::test]
async fn game_over_refuses_every_action() {
    let server = TestServer::start().await;
    let mut rules = server.rules();
    let mut over = knight_and_wolf();
    over.phase = pb::Phase::GameOver as i32;
    over.winner = Some(0);
    over.players[1].hp = 0;
    let status = rules.apply_action(apply(over.clone(), strike_action("knight", 1, 3))).await.unwrap_err();
    assert_eq!(broken_rule(&status), "egame.game_over");
    let status = rules.resolve_strike(resolve(over, strike("knight", 1, 3), vec![])).await.unwrap_err();
    assert_eq!(broken_rule(&status), "egame.game_over");
}

// ---------------------------------------------------------------------------
// The skirmish game and the agent

#[tokio::test]
async fn skirmish_actions_need_a_turn_structure() {
    let server = TestServer::start().await;
    let mut rules = server.rules();
    let summon = pb::Action {
        action: Some(pb::action::Action::Summon(pb::Summon { zone: zone(0, 2), ..Default::default() })),
        ..Default::default()
    };
    let status = rules.apply_action(apply(knight_and_wolf(), summon)).await.unwrap_err();
    assert_eq!(broken_rule(&status), "skirmish.phase");
    let end = pb::Action { action: Some(pb::action::Action::EndPhase(pb::EndPhase {})), ..Default::default() };
    let status = rules.apply_action(apply(knight_and_wolf(), end)).await.unwrap_err();
    assert_eq!(broken_rule(&status), "skirmish.phase");
}

#[tokio::test]
async fn new_game_deals_a_skirmish_and_names_bad_arguments() {
    let server = TestServer::start().await;
    let mut rules = server.rules();
    let request = pb::NewGameRequest {
        ruleset: pb::Ruleset::Egame as i32,
        seed: 9,
        scenario: "men-vs-fey".into(),
        ..Default::default()
    };
    let game = rules.new_game(request.clone()).await.unwrap().into_inner();
    let state = game.state.unwrap();
    assert_eq!(state.players.iter().map(|p| (p.hp, p.hand.len())).collect::<Vec<_>>(), [(6, 5), (6, 5)]);
    assert_eq!(state.phase, pb::Phase::Deployment as i32, "no creature yet: the first Event passes by");
    assert!(game.events.iter().any(|e| e.rule == "skirmish.setup"));
    let again = rules.new_game(request).await.unwrap().into_inner().state.unwrap();
    assert_eq!(again, state, "the same seed deals the same game");

    let status = rules.new_game(pb::NewGameRequest::default()).await.unwrap_err();
    assert_eq!(bad_fields(&status), ["ruleset"]);
    let unknown = pb::NewGameRequest {
        ruleset: pb::Ruleset::Egame as i32,
        seed: 1,
        scenario: "chess".into(),
        ..Default::default()
    };
    let status = rules.new_game(unknown).await.unwrap_err();
    assert_eq!(bad_fields(&status), ["scenario"]);
    let unknown = pb::NewGameRequest { ruleset: 99, ..Default::default() };
    assert_eq!(bad_fields(&rules.new_game(unknown).await.unwrap_err()), ["ruleset"]);

    // A legal action from the new state applies.
    let legal = rules
        .legal_actions(pb::LegalActionsRequest { state: Some(state.clone()), ..Default::default() })
        .await
        .unwrap()
        .into_inner();
    let first = legal.actions[0].clone();
    let next = rules.apply_action(apply(state, first)).await.unwrap().into_inner();
    assert!(next.events.iter().any(|e| e.rule == "skirmish.summon"));
}

#[tokio::test]
async fn the_agent_chooses_a_legal_action_and_explains_it() {
    let server = TestServer::start().await;
    let mut rules = server.rules();
    let mut agent = AgentClient::new(server.channel.clone());
    let request = pb::NewGameRequest {
        ruleset: pb::Ruleset::Egame as i32,
        seed: 4,
        scenario: "duel".into(),
        ..Default::default()
    };
    let state = rules.new_game(request).await.unwrap().into_inner().state.unwrap();
    let ask = |player, seed| pb::ChooseActionRequest {
        state: Some(state.clone()),
        player,
        budget: Some(pb::SearchBudget { playouts: 60, time_ms: 0, ..Default::default() }),
        seed,
        ..Default::default()
    };
    let answer = agent.choose_action(ask(0, 3)).await.unwrap().into_inner();
    let legal = rules
        .legal_actions(pb::LegalActionsRequest { state: Some(state.clone()), ..Default::default() })
        .await
        .unwrap()
        .into_inner();
    let action = answer.action.clone().unwrap();
    assert!(legal.actions.contains(&action));
    assert!(!answer.stats.is_empty());
    assert!(
        answer
            .stats
            .iter()
            .all(|s| (-1.0..=1.0).contains(&s.mean_reward) && legal.actions.contains(s.action.as_ref().unwrap()))
    );
    assert_eq!(agent.choose_action(ask(0, 3)).await.unwrap().into_inner(), answer, "same request, same answer");

    let status = agent.choose_action(ask(1, 3)).await.unwrap_err();
    assert_eq!(broken_rule(&status), "agent.player_to_move");
    let status = agent.choose_action(pb::ChooseActionRequest::default()).await.unwrap_err();
    assert_eq!(bad_fields(&status), ["state"]);
}

/// `budget.mistake_share` has the Agent play another action than its search's best
/// (share 1: another one the search visited), reproducibly from the seed, the
/// statistics the search's all the same; a share outside [0, 1] is refused at that field.
#[tokio::test]
async fn the_agent_errs_on_purpose_in_the_share_asked_for() {
    let server = TestServer::start().await;
    let mut rules = server.rules();
    let mut agent = AgentClient::new(server.channel.clone());
    let request = pb::NewGameRequest { ruleset: pb::Ruleset::Egame as i32, seed: 5, ..Default::default() };
    let state = rules.new_game(request).await.unwrap().into_inner().state.unwrap();
    let ask = |mistake_share, seed| pb::ChooseActionRequest {
        state: Some(state.clone()),
        player: 0,
        budget: Some(pb::SearchBudget { playouts: 60, mistake_share, ..Default::default() }),
        seed,
        ..Default::default()
    };
    let mut erred = 0;
    for seed in 0..8 {
        let best = agent.choose_action(ask(0.0, seed)).await.unwrap().into_inner();
        let top = best.stats.iter().find(|s| s.action == best.action).unwrap();
        assert!(best.stats.iter().all(|s| s.visits <= top.visits), "share 0: the most visited");
        let others: Vec<_> =
            best.stats.iter().filter(|s| s.action != best.action && s.visits > 0).map(|s| s.action.clone()).collect();
        let erring = agent.choose_action(ask(1.0, seed)).await.unwrap().into_inner();
        assert_eq!(erring.stats, best.stats, "the same search");
        assert_eq!(
            agent.choose_action(ask(1.0, seed)).await.unwrap().into_inner(),
            erring,
            "same request, same answer"
        );
        if others.is_empty() {
            assert_eq!(erring.action, best.action, "no other move visited: the best");
        } else {
            assert!(others.contains(&erring.action), "share 1: another visited move, never the search's best");
            erred += 1;
        }
    }
    assert!(erred > 0, "some search visited more than one move");
    for bad in [1.5, -0.1, f64::NAN, f64::INFINITY] {
        let status = agent.choose_action(ask(bad, 0)).await.unwrap_err();
        assert_eq!(status.code(), tonic::Code::InvalidArgument, "{bad}");
        assert_eq!(bad_fields(&status), ["budget.mistake_share"], "{bad}");
    }
}

#[tokio::test]
async fn the_agent_answers_within_the_calls_deadline() {
    let server = TestServer::start().await;
    let mut rules = server.rules();
    let mut agent = AgentClient::new(server.channel.clone());
    let request = pb::NewGameRequest {
        ruleset: pb::Ruleset::Egame as i32,
        seed: 5,
        scenario: "fables".into(),
        ..Default::default()
    };
    let state = rules.new_game(request).await.unwrap().into_inner().state.unwrap();
    // Ask for far more search than the deadline allows: the server cuts it short.
    let mut call = tonic::Request::new(pb::ChooseActionRequest {
        state: Some(state),
        player: 0,
        budget: Some(pb::SearchBudget { playouts: 20_000, time_ms: 60_000, ..Default::default() }),
        seed: 1,
        ..Default::default()
    });
    call.set_timeout(std::time::Duration::from_millis(400));
    let answer = agent.choose_action(call).await.unwrap().into_inner();
    assert!(answer.action.is_some());
}

#[tokio::test]
async fn a_game_nobody_advances_ends_by_its_no_progress_rule_and_the_count_travels_in_the_state() {
    let server = TestServer::start().await;
    let mut rules = server.rules();
    let end_phase = pb::Action { action: Some(pb::action::Action::EndPhase(pb::EndPhase {})), ..Default::default() };
    for (ruleset, rule) in [
        (pb::Ruleset::Egame, "skirmish.no_progress"),
        (pb::Ruleset::DimensionalRift, "skirmish.no_progress"),
        (pb::Ruleset::Keyforge, "keyforge.turn.no_progress"),
        (pb::Ruleset::CastleRampage, "castle.turn.no_progress"),
        (pb::Ruleset::DogFight, "dogfight.turn.no_progress"),
    ] {
        let request =
            pb::NewGameRequest { ruleset: ruleset as i32, seed: 3, scenario: String::new(), ..Default::default() };
        let mut state = rules.new_game(request).await.unwrap().into_inner().state.unwrap();
        assert_eq!(state.turns_without_progress, 0, "{ruleset:?}");
        // More turns without progress than turns before this one: refused, by path.
        let mut wrong = state.clone();
        wrong.turns_without_progress = wrong.turn;
        let status = rules
            .legal_actions(pb::LegalActionsRequest { state: Some(wrong), ..Default::default() })
            .await
            .unwrap_err();
        assert_eq!(bad_fields(&status), ["state.turns_without_progress"], "{ruleset:?}");
        // Nobody plays a card, strikes or reaps: every player only ends the phase. The
        // count comes back in each answer, and five rounds on the game is drawn.
        let mut counted = 0;
        let over = loop {
            let answer = rules.apply_action(apply(state.clone(), end_phase.clone())).await.unwrap().into_inner();
            state = answer.state.unwrap();
            counted = counted.max(state.turns_without_progress);
            if let Some(over) = answer.events.iter().find(|e| matches!(e.kind, Some(pb::event::Kind::GameOver(_)))) {
                break over.clone();
            }
            assert!(state.turn <= 40, "{ruleset:?}: no end by turn 40");
        };
        assert_eq!(over.rule, rule, "{ruleset:?}");
        assert_eq!(counted, 10, "{ruleset:?}: five rounds of two players");
        assert_eq!((state.phase, state.winner), (pb::Phase::GameOver as i32, None), "{ruleset:?}");
        let legal =
            rules.legal_actions(pb::LegalActionsRequest { state: Some(state), ..Default::default() }).await.unwrap();
        assert!(legal.into_inner().actions.is_empty(), "{ruleset:?}");
    }
}
