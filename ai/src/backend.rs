//! Where search gets its rules from: the core in-process ([`Local`]), or any other
//! implementation of [`Backend`] (the service crate has one over the Rules gRPC API).

use fray_core::Game;
use fray_core::event::Discard;

/// The rules a search asks about a game `G`: legal actions and their effect.
pub trait Backend<G: Game>: Sync + Send {
    /// Appends the legal actions of `state` to `out`, in the core's stable order.
    fn legal_actions(&self, state: &G, out: &mut Vec<G::Action>);
    /// Applies a legal action in place. A backend that fails (e.g. a lost connection)
    /// leaves the state as it was and reports the failure through [`Backend::failure`].
    fn apply(&self, state: &mut G, action: G::Action);
    /// The first failure seen, if any; a search that sees one stops and reports it.
    fn failure(&self) -> Option<String> {
        None
    }
}

/// The core itself, in-process: no allocation per step, no events built.
#[derive(Debug, Default, Clone, Copy)]
pub struct Local;

impl<G: Game> Backend<G> for Local {
    fn legal_actions(&self, state: &G, out: &mut Vec<G::Action>) {
        state.legal_actions_into(out);
    }

    fn apply(&self, state: &mut G, action: G::Action) {
        let applied = state.apply(action, &mut Discard);
        debug_assert!(applied.is_ok(), "search applied an illegal action: {applied:?}");
    }
}
