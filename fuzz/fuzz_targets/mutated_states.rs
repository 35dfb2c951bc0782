//! Fuzz target: real game states mutated as the input says (the mutations of the
//! robustness property, `fray_testkit::robust`), sent to every RPC through
//! the generated clients and servers in-process. An answer that is neither a result
//! nor a clear status, a state that does not load again, or a panic is a crash.
//!
//! `cargo +nightly fuzz run mutated_states` (from the repository root; docs/testing.md).
#![no_main]

use libfuzzer_sys::arbitrary::{Result, Unstructured};
use libfuzzer_sys::fuzz_target;

#[path = "in_process.rs"]
mod in_process;

use fray_testkit::robust::{Case, Kind, Mutation, Origin};

/// A case from the input: the mutations first (they matter most), the moves of the
/// game last (the rest of the input).
fn case(u: &mut Unstructured<'_>) -> Result<Case> {
    let mut mutations = Vec::new();
    for _ in 0..u.int_in_range(0..=4)? {
        let kind = Kind::ALL[u.choose_index(Kind::ALL.len())?];
        mutations.push(Mutation { kind, site: u.arbitrary::<u16>()?.into(), value: u.arbitrary::<u8>()?.into() });
    }
    let (ruleset, scenario, seed, stop) =
        (u.arbitrary::<u8>()?, u.arbitrary::<u8>()?.into(), u.arbitrary::<u64>()?, u.arbitrary::<u8>()?);
    let action = u.arbitrary::<u8>()?.into();
    let attacker = u.arbitrary::<u16>()?.into();
    let target = (u.int_in_range(0..=2)?, u.int_in_range(0..=5)?);
    let dress = u.arbitrary::<u8>()?;
    let mut choices = Vec::new();
    for _ in 0..u.int_in_range(0..=2)? {
        choices.push((u.arbitrary::<u8>()?, u.arbitrary::<u8>()?.into()));
    }
    let (player, agent_seed) = (u.arbitrary::<u8>()?, u.arbitrary::<u64>()?);
    let new_game = (u.arbitrary::<u8>()?.into(), u.arbitrary::<u64>()?, u.arbitrary::<u8>()?.into());
    let picks = u.arbitrary_iter::<u16>()?.take(80).collect::<Result<Vec<_>>>()?;
    Ok(Case {
        origin: Origin { ruleset, scenario, seed, picks, stop },
        mutations,
        action,
        attacker,
        target,
        dress,
        choices,
        player,
        seed: agent_seed,
        new_game,
    })
}

fuzz_target!(|data: &[u8]| {
    let Ok(case) = case(&mut Unstructured::new(data)) else { return };
    if let Err(e) = in_process::RUNTIME.block_on(in_process::api().exercise(&case)) {
        panic!("{e}");
    }
});
