//! Records the commit the `fray` binary is built from, as `FRAY_BUILD_COMMIT`, for the
//! measurements that name it (`fray bench table`): `git rev-parse --short HEAD`, with
//! `-dirty` when tracked files differ from it, or `unknown` outside a git checkout.
//! It runs again when HEAD, the index or any of the workspace's sources change, so a
//! binary never names a commit its code is not.

use std::process::Command;

fn git(args: &[&str]) -> Option<String> {
    let out = Command::new("git").args(args).output().ok().filter(|o| o.status.success())?;
    Some(String::from_utf8_lossy(&out.stdout).trim().to_owned())
}

fn main() {
    let commit = match git(&["rev-parse", "--short", "HEAD"]) {
        Some(hash) if !hash.is_empty() => {
            // --no-optional-locks: a plain `git status` may rewrite the index (it refreshes
            // the files' cached stats, as after a fresh clone), which this script watches:
            // the next cargo run would then build the CLI again for nothing.
            let dirty = git(&["--no-optional-locks", "status", "--porcelain", "--untracked-files=no"])
                .is_some_and(|s| !s.is_empty());
            if dirty { format!("{hash}-dirty") } else { hash }
        }
        _ => "unknown".to_owned(),
    };
    println!("cargo:rustc-env=FRAY_BUILD_COMMIT={commit}");
    if let Some(dir) = git(&["rev-parse", "--absolute-git-dir"]) {
        println!("cargo:rerun-if-changed={dir}/HEAD");
        println!("cargo:rerun-if-changed={dir}/index");
        if let Some(branch) = git(&["symbolic-ref", "-q", "HEAD"]) {
            println!("cargo:rerun-if-changed={dir}/{branch}");
        }
    }
    for sources in ["../core", "../ai", "../service/src", "../proto", "src", "Cargo.toml", "../Cargo.toml"] {
        println!("cargo:rerun-if-changed={sources}");
    }
}
