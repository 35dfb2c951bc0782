//! Stopping a search that nobody waits for: each ChooseAction call's search checks a
//! flag between playouts, set when the call's future is dropped (the client cancelled,
//! its deadline or the server's request timeout passed, or the drain gave up on it)
//! and, for every search at once, when the server stops.
//!
//! The flag reaches the search through its rules [`Backend`]: fray-ai's MCTS stops
//! after the playout in progress as soon as the backend reports a failure, so a
//! stopped search frees its core and its slot within one playout, without a change
//! to the search itself.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use fray_ai::{Backend, Local};
use fray_core::Game;

/// The failure a stopped search reports (never sent to a client as is).
pub const STOPPED: &str = "the search was stopped";

/// A flag that stops searches once set; clones share it.
#[derive(Debug, Clone, Default)]
pub struct StopFlag(Arc<AtomicBool>);

impl StopFlag {
    /// Stops the searches that watch this flag.
    pub fn stop(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    /// True once [`StopFlag::stop`] was called.
    pub fn is_stopped(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}

/// Sets its flag when dropped: held by the call's future, so a call that is dropped
/// before its search ends stops the search.
#[derive(Debug)]
pub struct StopOnDrop(pub StopFlag);

impl Drop for StopOnDrop {
    fn drop(&mut self) {
        self.0.stop();
    }
}

/// The core in-process ([`Local`]) that reports a failure once the call's flag or the
/// server's is set, so the search stops.
#[derive(Debug, Clone)]
pub struct Stoppable {
    /// This call's flag.
    pub call: StopFlag,
    /// The server's flag, set when it stops.
    pub server: StopFlag,
}

impl Stoppable {
    /// True when the search should stop.
    pub fn is_stopped(&self) -> bool {
        self.call.is_stopped() || self.server.is_stopped()
    }
}

impl<G: Game> Backend<G> for Stoppable {
    fn legal_actions(&self, state: &G, out: &mut Vec<G::Action>) {
        <Local as Backend<G>>::legal_actions(&Local, state, out);
    }

    fn apply(&self, state: &mut G, action: G::Action) {
        <Local as Backend<G>>::apply(&Local, state, action);
    }

    fn failure(&self) -> Option<String> {
        self.is_stopped().then(|| STOPPED.to_owned())
    }
}
