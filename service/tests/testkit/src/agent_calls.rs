//! Agent calls that hold or probe the search slots of a server with one of them.

use std::time::{Duration, Instant};

use fray_proto::fray::v1 as pb;
use pb::agent_client::AgentClient;
use tonic::Code;
use tonic::transport::Channel;

/// A ChooseAction call running in its own task.
pub type SearchCall = tokio::task::JoinHandle<Result<tonic::Response<pb::ChooseActionResponse>, tonic::Status>>;

/// Waits (bounded) until a small search on `agent` gets `code`, and says how long.
pub async fn until_a_search_gets(
    agent: &mut AgentClient<Channel>,
    request: &pb::ChooseActionRequest,
    code: Code,
    within: Duration,
) -> Duration {
    let started = Instant::now();
    loop {
        let got = match agent.choose_action(request.clone()).await {
            Ok(_) => Code::Ok,
            Err(status) => status.code(),
        };
        if got == code {
            return started.elapsed();
        }
        assert!(started.elapsed() < within, "no search answered {code:?} within {within:?}: the last got {got:?}");
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
}

/// Starts `long` on a server whose one search slot it must take, and returns once it
/// holds it: an empty probe (which takes the slot for microseconds, else answers
/// INVALID_ARGUMENT) is then shed at the gate. A `long` refused because a probe held
/// the slot at that instant is sent again.
pub async fn hold_the_slot(agent: &mut AgentClient<Channel>, long: &pb::ChooseActionRequest) -> SearchCall {
    let probe = pb::ChooseActionRequest::default();
    let started = Instant::now();
    loop {
        let search = tokio::spawn({
            let (mut agent, long) = (agent.clone(), long.clone());
            async move { agent.choose_action(long).await }
        });
        while !search.is_finished() {
            assert!(started.elapsed() < Duration::from_secs(30), "the long search never held the slot");
            if let Err(status) = agent.choose_action(probe.clone()).await
                && status.code() == Code::ResourceExhausted
                && !search.is_finished()
            {
                return search;
            }
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
    }
}
