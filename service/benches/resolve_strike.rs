//! One ResolveStrike call as the server handles it, without the transport: the request
//! decoded from its bytes, the handler (validation, the rules, the answer), and the
//! answer encoded; and each part alone. The request is bench/resolve-strike-5v5.json
//! (a full 5-against-5 e:game board, 506 bytes). Then the same board 64 times in one
//! ResolveStrikeBatch call, decoded, handled and encoded, timed per board. Answers are
//! encoded as the server's codec does (`encode_raw` into a growing buffer:
//! fray_proto::codec::RawEncoder).
#![allow(missing_docs, clippy::unwrap_used)]

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use fray_proto::fray::v1 as pb;
use fray_service::RulesService;
use pb::rules_server::Rules;
use prost::Message;

/// An answer encoded as the server's codec encodes it: `encode_raw` into a buffer that
/// grows, which starts at tonic's 8 KiB.
fn encode<M: Message>(message: &M) -> Vec<u8> {
    let mut buf = Vec::with_capacity(8192);
    message.encode_raw(&mut buf);
    buf
}

/// The 5v5 board of bench/resolve-strike-5v5.json, built here (the bench reads no files).
fn request() -> pb::ResolveStrikeRequest {
    let arrows = pb::Arrows {
        up: pb::Reach::Double as i32,
        up_right: pb::Reach::Single as i32,
        up_left: pb::Reach::Single as i32,
        right: pb::Reach::Single as i32,
        left: pb::Reach::Single as i32,
        ..Default::default()
    };
    let mut creatures = Vec::new();
    for p in 0..2u32 {
        for i in 0..5u32 {
            creatures.push(pb::Creature {
                id: format!("p{p}-z{i}"),
                name: format!("Creature {p}/{i}"),
                owner: p,
                controller: p,
                zone: Some(pb::ZoneRef { player: p, index: i }),
                might: 2 + (i as i32 % 2),
                life: 4,
                damage: 1,
                arrows: Some(arrows),
                ..Default::default()
            });
        }
    }
    pb::ResolveStrikeRequest {
        state: Some(pb::GameState {
            ruleset: pb::Ruleset::Egame as i32,
            players: vec![
                pb::Player { id: 0, hp: 6, ..Default::default() },
                pb::Player { id: 1, hp: 6, ..Default::default() },
            ],
            creatures,
            ..Default::default()
        }),
        strike: Some(pb::Strike {
            attacker: "p0-z2".into(),
            target: Some(pb::ZoneRef { player: 1, index: 2 }),
            ..Default::default()
        }),
        choices: Vec::new(),
        ..Default::default()
    }
}

fn bench(c: &mut Criterion) {
    let request = request();
    let bytes = request.encode_to_vec();
    assert_eq!(bytes.len(), 506, "the request of bench/resolve-strike-5v5.json");
    let service = RulesService::default();
    let runtime = tokio::runtime::Builder::new_current_thread().build().unwrap();
    let handle = |req: pb::ResolveStrikeRequest| {
        runtime.block_on(service.resolve_strike(tonic::Request::new(req))).unwrap().into_inner()
    };
    let answer = handle(request.clone());
    assert_eq!(answer.events.len(), 5);
    let answer_bytes = answer.encode_to_vec();

    c.bench_function("resolve_strike/5v5/decode_handle_encode", |b| {
        b.iter(|| {
            let req = pb::ResolveStrikeRequest::decode(black_box(&bytes[..])).unwrap();
            black_box(encode(&handle(req)))
        })
    });
    c.bench_function("resolve_strike/5v5/decode", |b| {
        b.iter(|| pb::ResolveStrikeRequest::decode(black_box(&bytes[..])).unwrap())
    });
    c.bench_function("resolve_strike/5v5/handle", |b| b.iter(|| handle(black_box(request.clone()))));
    c.bench_function("resolve_strike/5v5/clone_request", |b| b.iter(|| black_box(request.clone())));
    c.bench_function("resolve_strike/5v5/encode", |b| b.iter(|| encode(black_box(&answer))));
    assert!(!answer_bytes.is_empty());

    let batch = pb::ResolveStrikeBatchRequest { requests: vec![request.clone(); 64] }.encode_to_vec();
    let handle_batch = |req: pb::ResolveStrikeBatchRequest| {
        runtime.block_on(service.resolve_strike_batch(tonic::Request::new(req))).unwrap().into_inner()
    };
    let answers = handle_batch(pb::ResolveStrikeBatchRequest::decode(&batch[..]).unwrap());
    assert!(answers.results.iter().all(|r| r.response.as_ref() == Some(&answer)));
    let mut group = c.benchmark_group("resolve_strike_batch/5v5x64");
    group.throughput(Throughput::Elements(64));
    group.bench_function("decode_handle_encode", |b| {
        b.iter(|| {
            let req = pb::ResolveStrikeBatchRequest::decode(black_box(&batch[..])).unwrap();
            black_box(encode(&handle_batch(req)))
        })
    });
    group.bench_function("encode", |b| b.iter(|| encode(black_box(&answers))));
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
