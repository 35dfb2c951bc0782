//! What most tests use, in one `use fray_testkit::prelude::*;`: the server, the
//! fixtures, the events and the status readers (the robustness harness is imported
//! by name from [`robust`](crate::robust)).

pub use crate::events::*;
pub use crate::fixtures::*;
pub use crate::metrics::metric;
pub use crate::server::TestServer;
pub use crate::statuses::*;
