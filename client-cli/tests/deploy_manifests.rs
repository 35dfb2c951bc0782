//! The deployment files are valid: `scripts/validate-manifests.sh` checks every
//! Kubernetes manifest in deploy/k8s strictly against the Kubernetes schemas (with
//! kubernetes-validate from a pinned venv under the target folder), the cross-checks
//! the schemas cannot see, and deploy/compose.yaml. The second test breaks copies of
//! the manifests and expects the script to refuse them, so a check that passes
//! everything cannot go unnoticed.
//!
//! Needs python3 (3.11 or newer) with venv and pip, and the package index (first run
//! only). A missing python3 or pip fails these tests with the script's message; they
//! are never skipped.
#![allow(clippy::unwrap_used, clippy::panic)]

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::Mutex;

/// One run of the script at a time: the first one creates the venv.
static SCRIPT: Mutex<()> = Mutex::new(());

fn repo() -> PathBuf {
    PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/.."))
}

fn run_script(args: &[&Path]) -> Output {
    let script = repo().join("scripts/validate-manifests.sh");
    let _one = SCRIPT.lock().unwrap_or_else(|e| e.into_inner());
    Command::new("bash")
        .arg(&script)
        .args(args)
        .output()
        .unwrap_or_else(|e| panic!("cannot run bash {}: {e}", script.display()))
}

fn text(out: &Output) -> String {
    format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr))
}

#[test]
fn deploy_manifests_and_compose_file_are_valid() {
    let out = run_script(&[]);
    let all = text(&out);
    assert!(
        out.status.success(),
        "scripts/validate-manifests.sh refused the deployment files (exit {:?}; 2 means it could not \
         run: it needs python3 3.11+ with venv and pip):\n{all}",
        out.status.code()
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.lines().any(|l| l.starts_with("ok ") && l.ends_with("deploy/k8s")), "{all}");
    assert!(stdout.contains("6 manifests valid against Kubernetes 1.30 (strict)"), "{all}");
    assert!(stdout.lines().any(|l| l.starts_with("ok ") && l.ends_with("deploy/compose.yaml")), "{all}");
}

/// Copies deploy/k8s to a scratch folder, with `edit` applied to the named file.
fn broken_copy(name: &str, file: &str, edit: impl Fn(&str) -> String) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("deploy-manifests-{name}"));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    for entry in fs::read_dir(repo().join("deploy/k8s")).unwrap() {
        let path = entry.unwrap().path();
        let text = fs::read_to_string(&path).unwrap();
        let file_name = path.file_name().unwrap();
        let text = if file_name == file { edit(&text) } else { text };
        fs::write(dir.join(file_name), text).unwrap();
    }
    dir
}

/// Runs the script on `dir` and expects it to find the manifests invalid (exit 1, not
/// 2: a script that cannot run proves nothing) with `expected` in its output.
fn expect_invalid(dir: &Path, expected: &str) {
    let out = run_script(&[dir]);
    let all = text(&out);
    assert_eq!(out.status.code(), Some(1), "expected exit 1 (invalid) for {}:\n{all}", dir.display());
    assert!(all.contains("INVALID"), "{all}");
    assert!(all.contains(expected), "expected {expected:?} in the output:\n{all}");
}

fn replace_once(text: &str, from: &str, to: &str) -> String {
    assert!(text.contains(from), "the manifest no longer contains {from:?}: update this test");
    text.replacen(from, to, 1)
}

#[test]
fn broken_manifests_are_refused() {
    // A field the schema does not know (strict validation).
    let dir = broken_copy("unknown-field", "deployment.yaml", |t| {
        replace_once(t, "readOnlyRootFilesystem: true", "readOnlyRootFS: true")
    });
    expect_invalid(&dir, "'readOnlyRootFS' was unexpected");

    // A misspelt kind: kubernetes-validate only warns that it has no schema.
    let dir = broken_copy("unknown-kind", "service.yaml", |t| replace_once(t, "kind: Service", "kind: Servise"));
    expect_invalid(&dir, "Couldn't find schema for kind Servise");

    // A wrong type.
    let dir = broken_copy("wrong-type", "hpa.yaml", |t| replace_once(t, "minReplicas: 3", "minReplicas: three"));
    expect_invalid(&dir, "minReplicas");

    // Schema-valid but inconsistent: the Service selects no pod, and the grace period
    // ends before the drain does.
    let dir = broken_copy("selector", "service.yaml", |t| {
        replace_once(
            t,
            "  selector:\n    app.kubernetes.io/name: fray-server",
            "  selector:\n    app.kubernetes.io/name: fray",
        )
    });
    expect_invalid(&dir, "picks no Deployment's pods");
    let dir = broken_copy("grace", "deployment.yaml", |t| {
        replace_once(t, "terminationGracePeriodSeconds: 30", "terminationGracePeriodSeconds: 15")
    });
    expect_invalid(&dir, "does not outlast preStop sleep 5 s + drain 15 s");

    // The tournament Job: its --server is not the headless Service, its pods would be
    // the Service's endpoints, its log's claim is not the folder's.
    let dir = broken_copy("job-server", "tournament-job.yaml", |t| {
        replace_once(t, "--server=http://fray-server:50051", "--server=http://fray:50051")
    });
    expect_invalid(&dir, "--server http://fray:50051 names no Service of this folder");
    let dir = broken_copy("job-port", "tournament-job.yaml", |t| {
        replace_once(t, "--server=http://fray-server:50051", "--server=http://fray-server:50052")
    });
    expect_invalid(&dir, "Service fray-server has no port 50052");
    let dir = broken_copy("job-labels", "tournament-job.yaml", |t| {
        replace_once(
            t,
            "        app.kubernetes.io/name: fray-tournament\n",
            "        app.kubernetes.io/name: fray-server\n",
        )
    });
    expect_invalid(&dir, "its pods are selected by service.yaml (Service fray-server)");
    let dir = broken_copy("job-claim", "tournament-job.yaml", |t| {
        replace_once(t, "claimName: fray-tournament", "claimName: fray-games")
    });
    expect_invalid(&dir, "claims fray-games, which is not a PersistentVolumeClaim of this folder");

    // A manifest the kustomization does not list.
    let dir = broken_copy("unlisted", "kustomization.yaml", |t| replace_once(t, "  - pdb.yaml\n", ""));
    expect_invalid(&dir, "does not list pdb.yaml");

    // A compose file that is not YAML.
    let compose = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("deploy-manifests-compose.yaml");
    let good = fs::read_to_string(repo().join("deploy/compose.yaml")).unwrap();
    fs::write(&compose, replace_once(&good, "services:\n", "services: [\n")).unwrap();
    expect_invalid(&compose, "not valid YAML");
}

/// The metric names a PromQL expression reads (Fray's and the gRPC server ones).
fn metric_names(expr: &str) -> Vec<String> {
    let mut names = Vec::new();
    let mut rest = expr;
    while let Some(at) = rest.find(|c: char| c.is_ascii_alphabetic() || c == '_') {
        let token: String =
            rest[at..].chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '_' || *c == ':').collect();
        rest = &rest[at + token.len()..];
        if token.starts_with("grpc_server_") || token.starts_with("fray_") {
            names.push(token);
        }
    }
    names
}

#[test]
fn the_grafana_dashboard_reads_only_metrics_the_server_exports() {
    // What the server exports once it has counted a call, a batch's item and a search.
    let metrics = fray_service::Metrics::new();
    let rpc = fray_service::metrics::Rpc::from_path("/fray.v1.Rules/ResolveStrike");
    metrics.started(rpc);
    metrics.handled(rpc, tonic::Code::Ok, 0.001);
    metrics.item(fray_service::metrics::Rpc::from_path("/fray.v1.Rules/ResolveStrikeBatch"), tonic::Code::Ok);
    metrics.playouts(1);
    let exported: Vec<String> = metrics
        .render()
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| l.split(['{', ' ']).next().unwrap().to_owned())
        .collect();

    let path = repo().join("deploy/grafana/fray-server.json");
    let dashboard: serde_json::Value = serde_json::from_str(&fs::read_to_string(&path).unwrap()).unwrap();
    let panels = dashboard["panels"].as_array().expect("panels");
    assert!(panels.len() >= 5, "{} panels", panels.len());
    let mut read = 0;
    for panel in panels {
        for target in panel["targets"].as_array().expect("targets") {
            let expr = target["expr"].as_str().expect("expr");
            let names = metric_names(expr);
            assert!(!names.is_empty(), "{}: `{expr}` reads no Fray metric", panel["title"]);
            for name in names {
                assert!(
                    exported.contains(&name),
                    "{}: `{expr}` reads {name}, which the server does not export: {exported:?}",
                    panel["title"]
                );
                read += 1;
            }
        }
    }
    for family in [
        "grpc_server_handled_total",
        "grpc_server_handling_seconds_bucket",
        "fray_server_in_flight",
        "fray_server_items_total",
        "fray_agent_playouts_total",
    ] {
        assert!(panels.iter().any(|p| p.to_string().contains(family)), "no panel shows {family}");
    }
    assert!(read > 0);
}
