//! Views and sealed states over real gRPC (issue 36): whole games of every ruleset
//! played by a client that holds only its seat's views and sealed states, unary and on
//! a Play stream, with the Agent moving for the other seats; no answer carries a card
//! that seat may not see. Then every tampering with a sealed state answers
//! INVALID_ARGUMENT naming the field, on every RPC that takes one.
#![allow(missing_docs, clippy::unwrap_used, clippy::panic)]

use std::collections::BTreeSet;

use fray_proto::fray::v1 as pb;
use fray_service::ServerConfig;
use fray_service::seal::{SealKeys, Sealer};
use fray_testkit::prelude::*;
use pb::agent_client::AgentClient;
use proptest::prelude::*;
use prost::Message as _;
use tonic::Code;

/// The test server's key: the test opens what the server sealed, to know the truth.
const KEYS: &str = "test-1 AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=";

async fn sealing_server() -> TestServer {
    TestServer::with_config(ServerConfig { seal_keys: Some(SealKeys::parse(KEYS).unwrap()), ..ServerConfig::default() })
        .await
}

fn sealer() -> Sealer {
    Sealer::new(&SealKeys::parse(KEYS).unwrap())
}

/// Every card id and name a state holds (hands, decks, graveyards, creatures, Castle
/// Rampage's piles, Dog Fight's hands and discards).
fn cards(state: &pb::GameState) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    let mut add = |id: &str, name: &str| {
        out.extend([id, name].into_iter().filter(|t| t.len() >= 3).map(str::to_owned));
    };
    for p in &state.players {
        for c in p.hand.iter().chain(&p.deck).chain(&p.graveyard) {
            add(&c.id, &c.name);
        }
    }
    for c in &state.creatures {
        add(&c.id, &c.name);
    }
    if let Some(board) = &state.castle_rampage {
        let sides = board.sides.iter().flat_map(|s| s.gate.iter().chain(&s.castle).chain(&s.hand));
        for c in sides.chain(&board.draw_pile).chain(&board.discard) {
            add(&c.id, &c.name);
        }
    }
    if let Some(board) = &state.dog_fight {
        for c in board.sides.iter().flat_map(|s| s.hand.iter().chain(&s.discard)) {
            add(&c.id, &c.name);
        }
    }
    out
}

/// The cards of `state` that `seat` may not see: in the state and not in the seat's
/// view of it (ids, and names no card it sees bears, nor holds within its own: a hidden
/// "Wolf" beside a seen "Dire Wolf" cannot be searched for).
fn hidden(state: &pb::GameState, seat: u8) -> BTreeSet<String> {
    let game = fray_service::convert::game_state(state.clone()).unwrap();
    let view = fray_service::convert::state_from_setup(game.observation(fray_core::state::PlayerId(seat)));
    let seen = cards(&view);
    cards(state).into_iter().filter(|card| !seen.iter().any(|s| s.contains(card.as_str()))).collect()
}

/// Fails if `answer` (an encoded answer, its sealed blob left out) holds one of
/// `hidden`'s cards.
fn assert_tells_nothing_hidden(what: &str, answer: &[u8], hidden: &BTreeSet<String>) {
    for card in hidden {
        let found = answer.windows(card.len()).any(|w| w == card.as_bytes());
        assert!(!found, "{what}: the answer names {card:?}, which the seat may not see");
    }
}

/// The words every request of a sealed game asks for, so that their texts are searched
/// for hidden cards too.
fn words() -> pb::Words {
    pb::Words { you: None, seat_names: vec!["North".into(), "East".into(), "South".into(), "West".into()] }
}

/// Fails unless each of `events` is told in words.
fn assert_worded(what: &str, events: &[pb::Event]) {
    for e in events {
        assert!(!e.text.is_empty(), "{what}: {e:?} has no words");
    }
}

/// Who is to move in the state `sealed` holds, as the referee knows it.
fn to_move(sealed: &pb::SealedState) -> (pb::GameState, Option<u8>) {
    let (_, state) = sealer().open(&sealed.blob).unwrap();
    let game = fray_service::convert::game_state(state.clone()).unwrap();
    (state, game.to_move().map(|p| p.0))
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Via {
    Unary,
    Play,
}

/// Plays a game of `ruleset`'s `scenario` holding only `seat`'s views and sealed states:
/// the seat takes the `pick`-th legal action (modulo their count) each time it is to
/// move, the Agent moves for the others. Every answer is checked for hidden cards, its
/// words ([`words`]) included.
/// The number of moves made, and whether the game ended (else 400 were made).
async fn play_sealed(server: &TestServer, ruleset: pb::Ruleset, scenario: &str, seat: u8, via: Via) -> (usize, bool) {
    let mut rules = server.rules();
    let mut agent = AgentClient::new(server.channel.clone());
    let request = pb::NewGameRequest {
        ruleset: ruleset as i32,
        seed: 11,
        scenario: scenario.into(),
        sealed_for: Some(u32::from(seat)),
        words: Some(words()),
    };
    let dealt = rules.new_game(request).await.unwrap().into_inner();
    assert_worded("NewGame", &dealt.events);
    assert!(dealt.state.is_none(), "a sealed game answers no whole state");
    let mut sealed = dealt.sealed_state.clone().unwrap();
    assert_eq!(sealed.seat, u32::from(seat));
    let (mut truth, _) = to_move(&sealed);
    let mut stripped = pb::NewGameResponse { sealed_state: None, ..dealt };
    assert_tells_nothing_hidden("NewGame", &stripped.encode_to_vec(), &hidden(&truth, seat));
    stripped.view.take().unwrap();

    let (send, receive) = tokio::sync::mpsc::channel::<pb::PlayRequest>(1);
    let mut answers = match via {
        Via::Play => Some(rules.play(tokio_stream::wrappers::ReceiverStream::new(receive)).await.unwrap().into_inner()),
        Via::Unary => None,
    };
    let mut moves = 0;
    let mut ended = false;
    for pick in 0usize..400 {
        let (before, mover) = to_move(&sealed);
        truth = before;
        let Some(mover) = mover else {
            ended = true;
            break;
        };
        let hidden_before = hidden(&truth, seat);
        let legal = rules
            .legal_actions(pb::LegalActionsRequest {
                sealed_state: Some(sealed.clone()),
                words: Some(words()),
                ..Default::default()
            })
            .await
            .unwrap()
            .into_inner();
        assert_tells_nothing_hidden("LegalActions", &legal.encode_to_vec(), &hidden_before);
        assert!(legal.actions.iter().all(|a| !a.text.is_empty()), "every action is told in words: {legal:?}");
        let (bytes, next) = if mover == seat {
            assert!(!legal.actions.is_empty(), "the seat to move has actions");
            let action = legal.actions[pick.wrapping_mul(7) % legal.actions.len()].clone();
            match via {
                Via::Unary => {
                    let request = pb::ApplyActionRequest {
                        sealed_state: Some(sealed),
                        action: Some(action),
                        words: Some(words()),
                        ..Default::default()
                    };
                    let answer = rules.apply_action(request).await.unwrap().into_inner();
                    assert_worded("ApplyAction", &answer.events);
                    assert!(answer.state.is_none() && answer.view.is_some());
                    let next = answer.sealed_state.clone().unwrap();
                    (pb::ApplyActionResponse { sealed_state: None, ..answer }.encode_to_vec(), next)
                }
                Via::Play => {
                    let message = pb::PlayRequest {
                        sealed_state: Some(sealed),
                        action: Some(action),
                        words: Some(words()),
                        ..Default::default()
                    };
                    send.send(message).await.unwrap();
                    let answer = answers.as_mut().unwrap().message().await.unwrap().unwrap();
                    assert_worded("Play", &answer.events);
                    assert!(answer.status.is_none(), "{:?}", answer.status);
                    assert!(answer.state.is_none() && answer.view.is_some());
                    let next = answer.sealed_state.clone().unwrap();
                    (pb::PlayResponse { sealed_state: None, ..answer }.encode_to_vec(), next)
                }
            }
        } else {
            assert!(legal.actions.is_empty(), "another seat's actions are listed to seat {seat}");
            let request = pb::ChooseActionRequest {
                sealed_state: Some(sealed),
                player: u32::from(mover),
                budget: Some(pb::SearchBudget { playouts: 10, time_ms: 0, ..Default::default() }),
                seed: 3,
                words: Some(words()),
                ..Default::default()
            };
            let answer = agent.choose_action(request).await.unwrap().into_inner();
            assert_worded("ChooseAction", &answer.events);
            assert!(answer.action.is_none() && answer.stats.is_empty(), "the mover's search is not told");
            let next = answer.sealed_state.clone().unwrap();
            (pb::ChooseActionResponse { sealed_state: None, ..answer }.encode_to_vec(), next)
        };
        let (after, _) = to_move(&next);
        let hidden_both: BTreeSet<String> = hidden_before.intersection(&hidden(&after, seat)).cloned().collect();
        assert_tells_nothing_hidden(&format!("move {pick} by player {mover}"), &bytes, &hidden_both);
        sealed = next;
        moves += 1;
    }
    drop(send);
    (moves, ended)
}

/// Every ruleset's default game, and Dog Fight at 3 and 4 seats, played to the end
/// (or 400 moves) through sealed states, unary and on a Play stream. A sealed game is
/// dealt from its seed mixed with the server's secret and the seat, so each seat plays
/// another game.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn whole_games_through_sealed_states_tell_each_seat_nothing_it_may_not_see() {
    let server = sealing_server().await;
    let games = [
        (pb::Ruleset::Egame, "duel", 0),
        (pb::Ruleset::DimensionalRift, "mirror", 1),
        (pb::Ruleset::Keyforge, "mirror", 0),
        (pb::Ruleset::CastleRampage, "raid", 1),
        (pb::Ruleset::DogFight, "duel", 0),
        (pb::Ruleset::DogFight, "trio", 2),
        (pb::Ruleset::DogFight, "melee", 1),
    ];
    for (ruleset, scenario, seat) in games {
        for via in [Via::Unary, Via::Play] {
            let (moves, ended) = play_sealed(&server, ruleset, scenario, seat, via).await;
            eprintln!("{ruleset:?} {scenario}, seat {seat}, {via:?}: {moves} moves, ended: {ended}");
            assert!(moves > 0 && (ended || moves == 400), "{ruleset:?} {scenario}: {moves} moves, ended: {ended}");
        }
    }
}

/// A sealed NewGame of e:game for seat 0 and the answer's sealed state.
async fn dealt(server: &TestServer) -> pb::SealedState {
    let request = pb::NewGameRequest {
        ruleset: pb::Ruleset::Egame as i32,
        seed: 3,
        scenario: "duel".into(),
        sealed_for: Some(0),
        ..Default::default()
    };
    server.rules().new_game(request).await.unwrap().into_inner().sealed_state.unwrap()
}

/// What every RPC that takes a state answers for `sealed`: each refusal's status.
async fn answers_to(server: &TestServer, sealed: &pb::SealedState) -> Vec<(&'static str, tonic::Status)> {
    let mut rules = server.rules();
    let mut agent = AgentClient::new(server.channel.clone());
    let sealed = Some(sealed.clone());
    let action = Some(pb::Action { action: Some(pb::action::Action::EndPhase(pb::EndPhase {})), ..Default::default() });
    let apply = pb::ApplyActionRequest { sealed_state: sealed.clone(), action: action.clone(), ..Default::default() };
    let mut out = Vec::new();
    if let Some(s) = rules.apply_action(apply.clone()).await.err() {
        out.push(("ApplyAction", s));
    }
    let legal = pb::LegalActionsRequest { sealed_state: sealed.clone(), ..Default::default() };
    if let Some(s) = rules.legal_actions(legal).await.err() {
        out.push(("LegalActions", s));
    }
    let strike = pb::ResolveStrikeRequest {
        sealed_state: sealed.clone(),
        strike: Some(strike("x", 1, 0)),
        ..Default::default()
    };
    if let Some(s) = rules.resolve_strike(strike).await.err() {
        out.push(("ResolveStrike", s));
    }
    let choose = pb::ChooseActionRequest { sealed_state: sealed.clone(), ..Default::default() };
    if let Some(s) = agent.choose_action(choose).await.err() {
        out.push(("ChooseAction", s));
    }
    let batch = pb::ApplyActionBatchRequest { requests: vec![apply] };
    let item = rules.apply_action_batch(batch).await.unwrap().into_inner().results.remove(0);
    if let Some(status) = item.status {
        out.push(("ApplyActionBatch", from_item(&status)));
    }
    let message = pb::PlayRequest { sealed_state: sealed, action, ..Default::default() };
    let mut stream = rules.play(tokio_stream::iter([message])).await.unwrap().into_inner();
    let answer = stream.message().await.unwrap().unwrap();
    if let Some(status) = answer.status {
        out.push(("Play", from_item(&status)));
    }
    out
}

/// Every RPC refuses `sealed`, INVALID_ARGUMENT at `field`, with `words` in the reason.
async fn refused_everywhere(server: &TestServer, sealed: &pb::SealedState, field: &str, words: &str) {
    let answers = answers_to(server, sealed).await;
    let rpcs: Vec<_> = answers.iter().map(|(rpc, _)| *rpc).collect();
    assert_eq!(rpcs, ["ApplyAction", "LegalActions", "ResolveStrike", "ChooseAction", "ApplyActionBatch", "Play"]);
    for (rpc, status) in answers {
        assert_eq!(status.code(), Code::InvalidArgument, "{rpc}: {status:?}");
        assert_eq!(bad_fields(&status), [field], "{rpc}: {status:?}");
        assert!(format!("{status:?}").contains(words), "{rpc}: {status:?} does not say {words:?}");
    }
}

#[tokio::test]
async fn a_tampered_sealed_state_is_invalid_argument_naming_the_field_on_every_rpc() {
    let server = sealing_server().await;
    let good = dealt(&server).await;
    // Untouched, it opens everywhere (the strike of a creature `x` that is not there is
    // refused for that, not for the state).
    for (rpc, status) in answers_to(&server, &good).await {
        assert!(!format!("{status:?}").contains("sealed_state"), "{rpc}: {status:?}");
    }

    let with = |blob: Vec<u8>| pb::SealedState { blob, seat: good.seat };
    let mut flipped = good.blob.clone();
    let middle = flipped.len() / 2;
    flipped[middle] ^= 0x40;
    refused_everywhere(&server, &with(flipped), "sealed_state.blob", "was changed after it was sealed").await;
    refused_everywhere(&server, &with(good.blob[..good.blob.len() - 20].to_vec()), "sealed_state.blob", "changed")
        .await;
    refused_everywhere(&server, &with(good.blob[..10].to_vec()), "sealed_state.blob", "cut short").await;
    refused_everywhere(&server, &with(b"{\"state\": 1}".to_vec()), "sealed_state.blob", "is not a sealed state").await;
    refused_everywhere(&server, &with(Vec::new()), "sealed_state.blob", "is not a sealed state").await;
    // Its seat byte moved to seat 1: the seat is authenticated.
    let mut other_seat = good.blob.clone();
    let seat_at = 4 + 1 + usize::from(good.blob[4]);
    other_seat[seat_at] = 1;
    refused_everywhere(&server, &pb::SealedState { blob: other_seat, seat: 1 }, "sealed_state.blob", "changed").await;
    // Claimed for another seat than it was sealed for.
    let claimed = pb::SealedState { blob: good.blob.clone(), seat: 1 };
    refused_everywhere(&server, &claimed, "sealed_state.seat", "sealed for seat 0").await;
    // Sealed by another server (a key it does not hold).
    let other = TestServer::start().await;
    let foreign = dealt(&other).await;
    refused_everywhere(&server, &foreign, "sealed_state.blob", "which this server does not hold").await;
}

#[tokio::test]
async fn a_sealed_state_with_a_plain_one_or_for_a_seat_past_the_game_is_refused() {
    let server = sealing_server().await;
    let good = dealt(&server).await;
    let both =
        pb::LegalActionsRequest { state: Some(knight_and_wolf()), sealed_state: Some(good), ..Default::default() };
    let status = server.rules().legal_actions(both).await.unwrap_err();
    assert_eq!(bad_fields(&status), ["sealed_state"]);
    let past = pb::NewGameRequest {
        ruleset: pb::Ruleset::Egame as i32,
        seed: 3,
        scenario: "duel".into(),
        sealed_for: Some(2),
        ..Default::default()
    };
    let status = server.rules().new_game(past).await.unwrap_err();
    assert_eq!(bad_fields(&status), ["sealed_for"]);
    assert!(status.message().contains("2 seats"), "{status:?}");
}

#[tokio::test]
async fn only_the_sealed_seat_moves_and_the_agent_moves_for_the_others() {
    let server = sealing_server().await;
    // Seat 1's state while seat 0 is to move.
    let request = pb::NewGameRequest {
        ruleset: pb::Ruleset::Egame as i32,
        seed: 3,
        scenario: "duel".into(),
        sealed_for: Some(1),
        ..Default::default()
    };
    let dealt = server.rules().new_game(request).await.unwrap().into_inner();
    let sealed = dealt.sealed_state.unwrap();
    let end = Some(pb::Action { action: Some(pb::action::Action::EndPhase(pb::EndPhase {})), ..Default::default() });
    let apply = pb::ApplyActionRequest { sealed_state: Some(sealed.clone()), action: end, ..Default::default() };
    let status = server.rules().apply_action(apply).await.unwrap_err();
    assert_eq!(status.code(), Code::FailedPrecondition, "{status:?}");
    assert!(status.message().starts_with("view.seat_to_move"), "{status:?}");
    let legal = pb::LegalActionsRequest { sealed_state: Some(sealed.clone()), ..Default::default() };
    assert!(server.rules().legal_actions(legal).await.unwrap().into_inner().actions.is_empty());
    // The Agent moves for seat 0; seat 1 learns the move, not the search.
    let choose = pb::ChooseActionRequest {
        sealed_state: Some(sealed.clone()),
        player: 0,
        budget: Some(pb::SearchBudget { playouts: 10, time_ms: 0, ..Default::default() }),
        ..Default::default()
    };
    let moved = AgentClient::new(server.channel.clone()).choose_action(choose).await.unwrap().into_inner();
    assert!(moved.action.is_none() && moved.stats.is_empty());
    assert!(moved.view.is_some() && !moved.events.is_empty());
    assert_eq!(moved.sealed_state.unwrap().seat, 1);
    // For its own seat the Agent answers a hint, as on a plain state.
    let (_, state) = sealer().open(&sealed.blob).unwrap();
    let plain = pb::ChooseActionRequest {
        state: Some(state),
        player: 0,
        budget: Some(pb::SearchBudget { playouts: 10, time_ms: 0, ..Default::default() }),
        ..Default::default()
    };
    let hint = AgentClient::new(server.channel.clone()).choose_action(plain).await.unwrap().into_inner();
    assert!(hint.action.is_some() && !hint.stats.is_empty() && hint.sealed_state.is_none());
}

/// A runtime for the property below: each case makes a few calls.
fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build().unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]
    /// Any edit of a sealed state's bytes (a flip, a cut, bytes inserted or removed)
    /// answers INVALID_ARGUMENT at `sealed_state.blob` on every RPC: never INTERNAL,
    /// never a panic, never served.
    #[test]
    fn any_edit_of_a_sealed_state_is_refused_naming_its_blob(
        at in any::<prop::sample::Index>(),
        edit in 0u8..4,
        byte in any::<u8>(),
    ) {
        runtime().block_on(async {
            let server = sealing_server().await;
            let good = dealt(&server).await;
            let mut blob = good.blob.clone();
            let i = at.index(blob.len());
            match edit {
                0 => blob[i] ^= byte | 1,
                1 => blob.truncate(i),
                2 => blob.insert(i, byte),
                _ => { blob.remove(i); }
            }
            let bad = pb::SealedState { blob, seat: good.seat };
            let answers = answers_to(&server, &bad).await;
            assert_eq!(answers.len(), 6, "an edited state was served: {answers:?}");
            for (rpc, status) in answers {
                assert_eq!(status.code(), Code::InvalidArgument, "{rpc}: {status:?}");
                assert_eq!(bad_fields(&status), ["sealed_state.blob"], "{rpc}: {status:?}");
            }
        });
    }
}

/// A sealed game is not the one its seed deals plain: else a client would deal the
/// same game plain and read every card. Two sealed deals of one request differ too.
#[tokio::test]
async fn a_sealed_deal_is_neither_the_plain_deal_of_its_seed_nor_another_seats() {
    let server = sealing_server().await;
    let request = |sealed_for| pb::NewGameRequest {
        ruleset: pb::Ruleset::CastleRampage as i32,
        seed: 9,
        scenario: String::new(),
        sealed_for,
        ..Default::default()
    };
    let plain = server.rules().new_game(request(None)).await.unwrap().into_inner().state.unwrap();
    let deal = |seat| {
        let mut rules = server.rules();
        async move {
            let sealed = rules.new_game(request(Some(seat))).await.unwrap().into_inner().sealed_state.unwrap();
            sealer().open(&sealed.blob).unwrap().1
        }
    };
    let (seat0, again, seat1) = (deal(0).await, deal(0).await, deal(1).await);
    assert_ne!(seat0, plain, "the sealed deal is the plain one of its seed");
    assert_ne!(seat0, seat1, "seat 1 is sealed the game seat 0 is: a client could read both views of it");
    assert_eq!(seat0, again, "the same request on the same key deals the same game (a replay can be checked)");
    // Another server with another key deals another game; the plain deal stays the seed's.
    let other = TestServer::start().await;
    let sealed = other.rules().new_game(request(Some(0))).await.unwrap().into_inner();
    assert_ne!(sealed.view, server.rules().new_game(request(Some(0))).await.unwrap().into_inner().view);
    assert_eq!(server.rules().new_game(request(None)).await.unwrap().into_inner().state.unwrap(), plain);
}
