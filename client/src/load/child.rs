//! The server a load run may start as a child process, and what `/proc` tells of a
//! process: its CPU time and its memory.

use std::process::{Child, Command, Stdio};
use std::time::Duration;

use crate::error::ClientError;

/// A `fray serve` child process on a free loopback port, for a load run that should
/// not share its process with the client. Killed when dropped.
#[derive(Debug)]
pub struct ChildServer {
    child: Child,
    /// Its address, as `http://127.0.0.1:PORT`.
    pub url: String,
}

impl ChildServer {
    /// Starts `serve --listen 127.0.0.1:0` of this executable, with `args` after it:
    /// the running program must be `fray` (whose `bench load` calls this).
    pub fn start(args: &[String]) -> Result<Self, ClientError> {
        let exe = std::env::current_exe().map_err(|e| ClientError::Server(format!("cannot find this program: {e}")))?;
        let mut child = Command::new(exe)
            .args(["serve", "--listen", "127.0.0.1:0"])
            .args(args)
            .env("RUST_LOG", "warn")
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .map_err(|e| ClientError::Server(format!("cannot start `fray serve`: {e}")))?;
        let mut line = String::new();
        if let Some(out) = child.stdout.take() {
            let _ = std::io::BufRead::read_line(&mut std::io::BufReader::new(out), &mut line);
        }
        match line.trim().strip_prefix("fray-server listening on ") {
            Some(addr) => Ok(Self { url: format!("http://{addr}"), child }),
            None => {
                let _ = child.kill();
                let _ = child.wait();
                Err(ClientError::Server(format!("`fray serve` did not start (it printed {line:?})")))
            }
        }
    }

    /// The process id.
    pub fn pid(&self) -> u32 {
        self.child.id()
    }
}

impl Drop for ChildServer {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A process's peak and current resident memory in bytes, from `/proc/PID/status`
/// (`VmHWM`, `VmRSS`); `None` where there is no such file.
pub fn resident_memory(pid: u32) -> Option<(u64, u64)> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let field = |name: &str| -> Option<u64> {
        let line = status.lines().find(|l| l.starts_with(name))?;
        let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
        Some(kib * 1024)
    };
    Some((field("VmHWM:")?, field("VmRSS:")?))
}

/// The CPU time (user + system) a process has used so far, from `/proc/PID/stat`;
/// `None` where there is no such file.
pub fn cpu_time(pid: u32) -> Option<Duration> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // The fields after the command name (which may hold spaces, so split after ')'):
    // state is field 3, utime and stime are fields 14 and 15, in clock ticks.
    let fields: Vec<&str> = stat.rsplit_once(')')?.1.split_whitespace().collect();
    let ticks: u64 = fields.get(11)?.parse::<u64>().ok()? + fields.get(12)?.parse::<u64>().ok()?;
    // Linux reports them in USER_HZ, which is 100 on every architecture it supports.
    Some(Duration::from_millis(ticks * 10))
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn this_process_has_used_some_cpu_time() {
        let spent = (0..2_000_000u64).fold(0u64, |a, b| a.wrapping_add(b * b));
        assert!(spent > 0);
        let cpu = cpu_time(std::process::id());
        if cfg!(target_os = "linux") {
            assert!(cpu.is_some(), "no /proc/self/stat reading");
        }
    }
}
