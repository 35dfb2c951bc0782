//! What the end-to-end tests share: `fray serve` on a free port.
#![allow(clippy::unwrap_used, clippy::panic, dead_code)]

use std::io::{BufRead as _, BufReader};
use std::process::{Child, Command, Stdio};

/// A `fray serve` process; killed on drop.
pub struct Served {
    child: Child,
    /// Its `HOST:PORT`.
    pub addr: String,
}

impl Served {
    /// Kills the server at once (SIGKILL: no drain), as a crash would.
    pub fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for Served {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Starts `fray serve --listen 127.0.0.1:0` and reads the address it printed.
pub fn serve() -> Served {
    serve_with(&[])
}

/// Starts `fray serve --listen 127.0.0.1:0` with more flags and reads the address it
/// printed.
pub fn serve_with(flags: &[&str]) -> Served {
    let mut child = Command::new(env!("CARGO_BIN_EXE_fray"))
        .args(["serve", "--listen", "127.0.0.1:0"])
        .args(flags)
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap()).read_line(&mut line).unwrap();
    let addr = line.trim().strip_prefix("fray-server listening on ").unwrap_or_else(|| panic!("{line:?}")).to_owned();
    Served { child, addr }
}

/// A loopback address nothing listens on (bound, then released).
pub fn dead_addr() -> String {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    listener.local_addr().unwrap().to_string()
}
