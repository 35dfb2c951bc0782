//! Load shedding: each RPC has at most a fixed number of calls in flight, counted over
//! the whole server (every connection); one call more is refused at once with
//! RESOURCE_EXHAUSTED, so an overloaded server never queues without bound and a
//! client learns to back off or go to another replica.
//!
//! Rules calls take microseconds, so their limit is high and only bounds a flood;
//! a ChooseAction search keeps a core busy for its whole budget, so its limit is
//! about the number of cores (more searches at once would only make each slower).

use std::collections::BTreeMap;
use std::sync::Arc;

use tokio::sync::{OwnedSemaphorePermit, Semaphore};
use tonic::Status;

/// The Rules RPCs that are limited, each on its own (a batch is one call of its RPC,
/// a Play stream one call for as long as it lasts).
pub const RULES_RPCS: [&str; 8] = [
    "ResolveStrike",
    "ApplyAction",
    "LegalActions",
    "NewGame",
    "ListRulesets",
    "ResolveStrikeBatch",
    "ApplyActionBatch",
    "Play",
];

/// Calls in flight allowed per RPC.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ConcurrencyLimits {
    /// Each Rules RPC.
    pub rules: usize,
    /// ChooseAction.
    pub agent: usize,
}

impl Default for ConcurrencyLimits {
    /// 1024 calls of each Rules RPC; as many searches as the machine has cores.
    fn default() -> Self {
        let cores = std::thread::available_parallelism().map_or(1, std::num::NonZero::get);
        Self { rules: 1024, agent: cores }
    }
}

/// One RPC's slots.
#[derive(Debug)]
struct Slots {
    semaphore: Arc<Semaphore>,
    limit: usize,
    flag: &'static str,
}

/// The shared counters: cloned into every service, one semaphore per RPC.
#[derive(Debug, Clone)]
pub struct Gate {
    slots: Arc<BTreeMap<&'static str, Slots>>,
}

impl Gate {
    /// A gate with these limits (a limit of 0 counts as 1).
    pub fn new(limits: ConcurrencyLimits) -> Self {
        let slot = |limit: usize, flag| Slots { semaphore: Arc::new(Semaphore::new(limit.max(1))), limit, flag };
        let mut slots: BTreeMap<&'static str, Slots> =
            RULES_RPCS.iter().map(|&rpc| (rpc, slot(limits.rules, "--max-concurrent-rules"))).collect();
        slots.insert("ChooseAction", slot(limits.agent, "--max-concurrent-agent"));
        Self { slots: Arc::new(slots) }
    }

    /// A slot for one call of `rpc`, held until the permit is dropped; RESOURCE_EXHAUSTED
    /// naming the limit when all are taken. An RPC without a limit always enters.
    pub fn enter(&self, rpc: &'static str) -> Result<Option<OwnedSemaphorePermit>, Status> {
        let Some(slots) = self.slots.get(rpc) else { return Ok(None) };
        Arc::clone(&slots.semaphore).try_acquire_owned().map(Some).map_err(|_| {
            Status::resource_exhausted(format!(
                "{rpc}: {} calls are in flight, the server's limit ({} {}); retry later or on another server",
                slots.limit, slots.flag, slots.limit
            ))
        })
    }
}

impl Gate {
    /// Calls of `rpc` in flight now (0 for an RPC without a limit).
    pub fn in_flight(&self, rpc: &str) -> usize {
        self.slots.get(rpc).map_or(0, |slots| slots.limit.max(1).saturating_sub(slots.semaphore.available_permits()))
    }
}

impl Default for Gate {
    fn default() -> Self {
        Self::new(ConcurrencyLimits::default())
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn a_call_over_the_limit_is_refused_until_one_finishes() {
        let gate = Gate::new(ConcurrencyLimits { rules: 2, agent: 1 });
        let a = gate.enter("ResolveStrike").unwrap();
        let _b = gate.clone().enter("ResolveStrike").unwrap();
        let refused = gate.enter("ResolveStrike").unwrap_err();
        assert_eq!(refused.code(), tonic::Code::ResourceExhausted);
        assert!(refused.message().contains("--max-concurrent-rules 2"), "{refused:?}");
        // Each RPC counts on its own.
        assert!(gate.enter("ApplyAction").is_ok());
        let _streams = [gate.enter("Play").unwrap(), gate.enter("Play").unwrap()];
        assert!(gate.enter("Play").unwrap_err().message().contains("--max-concurrent-rules 2"));
        assert!(gate.enter("ResolveStrikeBatch").unwrap().is_some());
        let search = gate.enter("ChooseAction").unwrap();
        assert!(gate.enter("ChooseAction").unwrap_err().message().contains("--max-concurrent-agent 1"));
        drop(a);
        assert!(gate.enter("ResolveStrike").is_ok());
        assert_eq!(gate.in_flight("ChooseAction"), 1);
        drop(search);
        assert_eq!(gate.in_flight("ChooseAction"), 0);
        assert!(gate.enter("ChooseAction").is_ok());
        assert!(gate.enter("Unknown").unwrap().is_none());
    }
}
