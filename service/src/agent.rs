//! The `fray.v1.Agent` service: a computer player. Not served yet; it answers
//! `UNIMPLEMENTED` until the search lands.

use fray_proto::fray::v1 as pb;
use pb::agent_server::Agent;
use tonic::{Request, Response, Status};
use tracing::debug;

/// The Agent service. It keeps nothing between calls.
#[derive(Debug, Clone, Copy, Default)]
pub struct AgentService;

#[tonic::async_trait]
impl Agent for AgentService {
    async fn choose_action(
        &self,
        _request: Request<pb::ChooseActionRequest>,
    ) -> Result<Response<pb::ChooseActionResponse>, Status> {
        debug!(rpc = "ChooseAction", "not served yet");
        Err(Status::unimplemented("the agent (ChooseAction) is not served yet"))
    }
}
