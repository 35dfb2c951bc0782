//! The rules' own words over real gRPC (issue 36): a request that asks for `words`
//! gets each event and legal action told in a sentence, "you" and the seats' names as
//! asked; one that does not gets no text at all (its answer is what it was before
//! words existed); bad `words` answer INVALID_ARGUMENT naming the field; ListRulesets
//! gives each ruleset's title, how a game is won and its phases in its own words.
#![allow(missing_docs, clippy::unwrap_used, clippy::panic)]

use fray_proto::fray::v1 as pb;
use fray_testkit::prelude::*;
use pb::agent_client::AgentClient;
use tonic::Code;

/// Words for a two-player game: seat 0 is "you", seat 1 "the bot".
fn you_and_the_bot() -> pb::Words {
    pb::Words { you: Some(0), seat_names: vec![String::new(), "the bot".into()] }
}

/// True for text a player reads: a sentence, no wire name (`PHASE_EVENT`,
/// `RULESET_EGAME`) and no field path.
fn readable(text: &str) -> bool {
    !text.trim().is_empty() && !text.contains('_') && !text.contains('[')
}

#[tokio::test]
async fn every_event_and_action_is_told_in_words_when_asked_and_never_when_not() {
    let server = TestServer::start().await;
    let mut rules = server.rules();
    for ruleset in [pb::Ruleset::Egame, pb::Ruleset::Keyforge, pb::Ruleset::CastleRampage, pb::Ruleset::DogFight] {
        let new_game = |words| pb::NewGameRequest { ruleset: ruleset as i32, seed: 4, words, ..Default::default() };
        let plain = rules.new_game(new_game(None)).await.unwrap().into_inner();
        assert!(plain.events.iter().all(|e| e.text.is_empty()), "{ruleset:?}: text nobody asked for");
        let worded = rules.new_game(new_game(Some(you_and_the_bot()))).await.unwrap().into_inner();
        assert_eq!(worded.state, plain.state, "{ruleset:?}: words change nothing but the texts");
        let texts: Vec<&str> = worded.events.iter().map(|e| e.text.as_str()).collect();
        assert!(texts.iter().all(|t| readable(t)), "{ruleset:?}: {texts:?}");
        assert!(texts.iter().any(|t| t.contains("your turn")), "{ruleset:?}: seat 0 is spoken to: {texts:?}");

        let mut state = worded.state.unwrap();
        for step in 0..12 {
            let legal = rules
                .legal_actions(pb::LegalActionsRequest {
                    state: Some(state.clone()),
                    words: Some(you_and_the_bot()),
                    ..Default::default()
                })
                .await
                .unwrap()
                .into_inner()
                .actions;
            let Some(action) = legal.get(step * 5 % legal.len().max(1)).cloned() else { break };
            assert!(legal.iter().all(|a| readable(&a.text)), "{ruleset:?}: {legal:?}");
            let request = |words| pb::ApplyActionRequest {
                state: Some(state.clone()),
                action: Some(action.clone()),
                words,
                ..Default::default()
            };
            let bare = rules.apply_action(request(None)).await.unwrap().into_inner();
            assert!(bare.events.iter().all(|e| e.text.is_empty()), "{ruleset:?}: text nobody asked for");
            let told = rules.apply_action(request(Some(you_and_the_bot()))).await.unwrap().into_inner();
            assert_eq!(told.state, bare.state);
            assert_eq!(told.events.len(), bare.events.len());
            for (e, plain) in told.events.iter().zip(&bare.events) {
                assert!(readable(&e.text), "{ruleset:?}: {e:?}");
                assert_eq!(pb::Event { text: String::new(), ..e.clone() }, *plain, "only the text is added");
            }
            state = told.state.unwrap();
        }
    }
}

#[tokio::test]
async fn seats_are_named_as_asked_and_the_agent_tells_its_choice_in_words() {
    let server = TestServer::start().await;
    let mut rules = server.rules();
    let names = pb::Words { you: None, seat_names: vec!["Ada".into(), "Brook".into()] };
    let game = pb::NewGameRequest {
        ruleset: pb::Ruleset::Egame as i32,
        seed: 4,
        words: Some(names.clone()),
        ..Default::default()
    };
    let dealt = rules.new_game(game).await.unwrap().into_inner();
    let texts: Vec<&str> = dealt.events.iter().map(|e| e.text.as_str()).collect();
    assert!(texts.iter().any(|t| t.contains("Ada's turn")), "{texts:?}");
    assert!(!texts.iter().any(|t| t.contains("you")), "nobody is 'you' unless asked: {texts:?}");

    let mut agent = AgentClient::new(server.channel.clone());
    let request = pb::ChooseActionRequest {
        state: dealt.state,
        player: 0,
        budget: Some(pb::SearchBudget { playouts: 20, time_ms: 0, ..Default::default() }),
        seed: 1,
        words: Some(you_and_the_bot()),
        ..Default::default()
    };
    let chosen = agent.choose_action(request).await.unwrap().into_inner();
    assert!(readable(&chosen.action.unwrap().text));
    assert!(!chosen.stats.is_empty());
    assert!(chosen.stats.iter().all(|s| readable(&s.action.as_ref().unwrap().text)), "{:?}", chosen.stats);
}

#[tokio::test]
async fn bad_words_are_invalid_argument_naming_the_field() {
    let server = TestServer::start().await;
    let mut rules = server.rules();
    let legal =
        |words| pb::LegalActionsRequest { state: Some(knight_and_wolf()), words: Some(words), ..Default::default() };
    let cases = [
        (pb::Words { you: Some(2), seat_names: vec![] }, "words.you"),
        (pb::Words { you: None, seat_names: vec!["a".into(); 5] }, "words.seat_names"),
        (pb::Words { you: None, seat_names: vec!["the\nbot".into()] }, "words.seat_names[0]"),
        (pb::Words { you: None, seat_names: vec![String::new(), "x".repeat(41)] }, "words.seat_names[1]"),
    ];
    for (words, field) in cases {
        let status = rules.legal_actions(legal(words.clone())).await.unwrap_err();
        assert_eq!(status.code(), Code::InvalidArgument, "{words:?}: {status:?}");
        assert_eq!(bad_fields(&status), [field], "{words:?}: {status:?}");
    }
    let fine = pb::Words { you: Some(1), seat_names: vec!["Ada".into(), "x".repeat(40)] };
    assert!(rules.legal_actions(legal(fine)).await.is_ok());
}

#[tokio::test]
async fn every_ruleset_says_its_name_how_it_is_won_and_its_phases_in_its_own_words() {
    let server = TestServer::start().await;
    let listed = server.rules().list_rulesets(pb::ListRulesetsRequest {}).await.unwrap().into_inner();
    let titles: Vec<&str> = listed.rulesets.iter().map(|r| r.title.as_str()).collect();
    assert_eq!(titles, ["e:game", "Dimensional Rift", "KeyForge", "Castle Rampage", "Dog Fight"]);
    for r in &listed.rulesets {
        assert!(readable(&r.how_to_win), "{}: {:?}", r.title, r.how_to_win);
        let phases: Vec<i32> = r.phases.iter().map(|p| p.phase).collect();
        assert_eq!(phases, [0, 1, 2, 3, 4, 5], "{}: every phase, in wire order", r.title);
        assert!(r.phases.iter().all(|p| readable(&p.words)), "{}: {:?}", r.title, r.phases);
    }
}

#[tokio::test]
async fn on_a_plain_state_the_words_name_only_what_the_seat_spoken_to_may_see() {
    let server = TestServer::start().await;
    let mut rules = server.rules();
    let game = pb::NewGameRequest { ruleset: pb::Ruleset::DogFight as i32, seed: 5, ..Default::default() };
    let state = rules.new_game(game).await.unwrap().into_inner().state.unwrap();
    let legal = rules
        .legal_actions(pb::LegalActionsRequest { state: Some(state.clone()), ..Default::default() })
        .await
        .unwrap()
        .into_inner()
        .actions;
    let attack = legal.iter().find(|a| matches!(a.action, Some(pb::action::Action::Strike(_)))).unwrap().clone();
    let asked = |words| {
        let request = pb::ApplyActionRequest {
            state: Some(state.clone()),
            action: Some(attack.clone()),
            words,
            ..Default::default()
        };
        let mut rules = rules.clone();
        async move { rules.apply_action(request).await.unwrap().into_inner() }
    };
    // Seat 0 attacks; seat 1 (and the attacker first) may answer with cards from hand.
    let referee = asked(Some(pb::Words::default())).await;
    let seat0 = asked(Some(you_and_the_bot())).await;
    let bot_hand: Vec<String> =
        state.dog_fight.as_ref().unwrap().sides[1].hand.iter().map(|c| c.name.clone()).collect();
    let texts = |r: &pb::ApplyActionResponse| r.events.iter().map(|e| e.text.clone()).collect::<Vec<_>>().join("\n");
    let (all, mine) = (texts(&referee), texts(&seat0));
    assert!(bot_hand.iter().any(|name| all.contains(name.as_str())), "a referee reads every hand: {all}");
    assert!(!bot_hand.iter().any(|name| mine.contains(name.as_str())), "seat 0 reads the bot's hand: {mine}");
    assert_eq!(seat0.events.len(), referee.events.len(), "the events themselves are the plain answer's");
}
