//! A `fray-server` process on a loopback port, and what the kernel says of its memory:
//! for the tests and benchmarks that attack the real binary.

use std::io::BufRead as _;
use std::net::SocketAddr;
use std::process::{Child, Command, Stdio};

/// Starts the `fray-server` binary `bin` on a free loopback port with `args`, and
/// returns the child and the address it printed.
pub fn spawn_server(bin: &str, args: &[&str]) -> (Child, SocketAddr) {
    let mut child = Command::new(bin)
        .env_remove("FRAY_LISTEN")
        .env("RUST_LOG", "warn")
        .args(["--listen", "127.0.0.1:0"])
        .args(args)
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdout = std::io::BufReader::new(child.stdout.take().unwrap());
    let mut line = String::new();
    stdout.read_line(&mut line).unwrap();
    let addr = line.trim().strip_prefix("fray-server listening on ").unwrap_or_else(|| panic!("printed {line:?}"));
    (child, addr.parse().unwrap())
}

/// A line of `/proc/PID/status` (`VmRSS`, `VmHWM`) in MiB.
#[cfg(target_os = "linux")]
fn status_mib(pid: u32, key: &str) -> f64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap();
    let line = status.lines().find(|l| l.starts_with(key)).unwrap();
    let kib: f64 = line.split_whitespace().nth(1).unwrap().parse().unwrap();
    kib / 1024.0
}

/// The resident memory of process `pid` now, in MiB (Linux's VmRSS).
#[cfg(target_os = "linux")]
pub fn rss_mib(pid: u32) -> f64 {
    status_mib(pid, "VmRSS:")
}

/// The peak resident memory of process `pid`, in MiB (Linux's VmHWM).
#[cfg(target_os = "linux")]
pub fn peak_rss_mib(pid: u32) -> f64 {
    status_mib(pid, "VmHWM:")
}
