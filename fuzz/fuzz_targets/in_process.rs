//! What both fuzz targets share: one current-thread runtime, and the Rules and Agent
//! services reached through their generated clients and servers in-process (the
//! handlers, request decoding and status encoding run as they do on the wire; no
//! socket, no HTTP/2).

use std::sync::LazyLock;
use std::time::Duration;

use fray_proto::fray::v1 as pb;
use fray_service::{AgentService, RulesService};
use pb::agent_server::AgentServer;
use pb::rules_server::RulesServer;
use tokio::runtime::{Builder, Runtime};
use tonic::service::Routes;

use fray_testkit::robust::Api;

/// The runtime every input runs on (the Agent's search runs on its blocking pool).
pub static RUNTIME: LazyLock<Runtime> =
    LazyLock::new(|| Builder::new_current_thread().enable_time().build().expect("a tokio runtime"));

/// Both services, in-process, each call given at most 10 s.
pub fn api() -> Api<Routes> {
    let routes =
        Routes::new(RulesServer::new(RulesService::default())).add_service(AgentServer::new(AgentService::default()));
    Api::new(routes, Duration::from_secs(10))
}
