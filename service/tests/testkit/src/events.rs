//! Events as (rule, kind), for comparing whole traces, and their kinds.

use fray_proto::fray::v1 as pb;

use crate::fixtures::zone;

/// An event as (rule, kind), for comparing whole traces.
pub fn ev(rule: &str, kind: pb::event::Kind) -> pb::Event {
    pb::Event { rule: rule.into(), kind: Some(kind), ..Default::default() }
}

/// `StrikeDeclared`: `attacker` on zone `index` of `player`'s row.
pub fn declared(attacker: &str, player: u32, index: u32) -> pb::event::Kind {
    pb::event::Kind::StrikeDeclared(pb::StrikeDeclared { attacker: attacker.into(), target: zone(player, index) })
}

/// `BlockerDetermined`: who blocks `attacker`'s strike, if anyone, and whether passively.
pub fn blocker(attacker: &str, blocker: Option<&str>, passive: bool) -> pb::event::Kind {
    pb::event::Kind::BlockerDetermined(pb::BlockerDetermined {
        attacker: attacker.into(),
        blocker: blocker.map(Into::into),
        passive,
    })
}

/// `StrikeChained`: `attacker`'s strike at chain depth `depth`.
pub fn chained(attacker: &str, depth: u32) -> pb::event::Kind {
    pb::event::Kind::StrikeChained(pb::StrikeChained { attacker: attacker.into(), depth })
}

/// `DamageDealt`.
pub fn damage(source: &str, target: &str, amount: i32) -> pb::event::Kind {
    pb::event::Kind::DamageDealt(pb::DamageDealt { source: source.into(), target: target.into(), amount })
}

/// `CreatureDestroyed`.
pub fn destroyed(creature: &str) -> pb::event::Kind {
    pb::event::Kind::CreatureDestroyed(pb::CreatureDestroyed { creature: creature.into() })
}

/// `PlayerHpLost`.
pub fn hp_lost(player: u32, amount: i32) -> pb::event::Kind {
    pb::event::Kind::PlayerHpLost(pb::PlayerHpLost { player, amount })
}

/// `DecisionRequested`: the [`block_decision`] of `player` among `options`.
pub fn block_requested(player: u32, options: &[&str]) -> pb::event::Kind {
    pb::event::Kind::DecisionRequested(pb::DecisionRequested { decision: Some(block_decision(player, options)) })
}

/// A pending DECISION_KIND_BLOCK of `player` among `options`, which may be declined.
pub fn block_decision(player: u32, options: &[&str]) -> pb::PendingDecision {
    pb::PendingDecision {
        player,
        kind: pb::DecisionKind::Block as i32,
        options: options.iter().map(|s| (*s).to_owned()).collect(),
        may_decline: true,
    }
}
