//! What the end-to-end tests share: `fray serve` on a free port, and `fray` run with
//! its stdin written.
#![allow(clippy::unwrap_used, clippy::panic, dead_code)]

use std::io::{BufRead as _, BufReader, Write as _};
use std::process::{Child, Command, Output, Stdio};

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

/// Runs `command` (a `fray` with its arguments and environment) with `input` on its
/// stdin, written whole and then closed, and its stdout and stderr captured.
pub fn with_input(command: &mut Command, input: &str) -> Output {
    let mut child = command.stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let input = input.to_owned();
    // A thread, so a child that stops reading early cannot block the test.
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(input.as_bytes());
    });
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    out
}

/// A run's stdout, as text.
pub fn stdout(out: &Output) -> String {
    String::from_utf8(out.stdout.clone()).unwrap()
}

/// A run's stderr, as text.
pub fn stderr(out: &Output) -> String {
    String::from_utf8(out.stderr.clone()).unwrap()
}
