"""What the Kubernetes schemas cannot see, for scripts/validate-manifests.sh.

    python validate-manifests.py k8s DIR        the manifests of DIR, taken together
    python validate-manifests.py compose FILE   a compose file

For a manifest folder: every document parses; a kustomization.yaml lists exactly the
other manifests of the folder; a Deployment's selector matches its pod labels; every
Service and PodDisruptionBudget selects the pods of a Deployment of the folder; an
HPA scales a Deployment of the folder; probes and Service target ports name a port
the container declares; the grace period outlasts the preStop sleep plus the
server's drain (--drain-timeout-secs, 10 s when not given). A Job's pods are
selected by no Service or PodDisruptionBudget (a tournament pod is no server), its
--server URLs name a Service of the folder and one of its ports, and every
PersistentVolumeClaim a pod mounts is one of the folder, on a volume a container
mounts.

For a compose file: it parses as YAML, has services, and each has a health check.

Prints one line per problem and exits 1 if there is any.
"""

import os
import sys

import yaml

DEFAULT_DRAIN_SECS = 10  # fray-server's --drain-timeout-secs default (service/src/server.rs)


def load_all(path, problems):
    try:
        with open(path, encoding="utf-8") as f:
            return [d for d in yaml.safe_load_all(f) if d is not None]
    except (OSError, yaml.YAMLError) as e:
        problems.append(f"{path}: not valid YAML: {e}")
        return []


def selects(selector, labels):
    """Whether a matchLabels-style selector picks pods with these labels."""
    return bool(selector) and all(labels.get(k) == v for k, v in selector.items())


def drain_secs(container):
    args = list(container.get("command") or []) + list(container.get("args") or [])
    for i, a in enumerate(args):
        if a.startswith("--drain-timeout-secs="):
            return int(a.split("=", 1)[1])
        if a == "--drain-timeout-secs" and i + 1 < len(args):
            return int(args[i + 1])
    return DEFAULT_DRAIN_SECS


def check_deployment(where, d, problems):
    spec = d.get("spec") or {}
    selector = (spec.get("selector") or {}).get("matchLabels") or {}
    template = spec.get("template") or {}
    labels = (template.get("metadata") or {}).get("labels") or {}
    if not selects(selector, labels):
        problems.append(f"{where}: spec.selector.matchLabels {selector} does not match the pod labels {labels}")
    pod = template.get("spec") or {}
    grace = pod.get("terminationGracePeriodSeconds", 30)
    ports = set()
    for c in pod.get("containers") or []:
        named = {p.get("name"): p.get("containerPort") for p in c.get("ports") or []}
        ports |= set(named) | set(named.values())
        for probe in ("readinessProbe", "livenessProbe", "startupProbe"):
            p = c.get(probe) or {}
            for kind in ("grpc", "httpGet", "tcpSocket"):
                port = (p.get(kind) or {}).get("port")
                if port is not None and port not in named.values() and port not in named:
                    problems.append(f"{where}: {c.get('name')}.{probe} probes port {port}, which the container does not declare")
        sleep = (((c.get("lifecycle") or {}).get("preStop") or {}).get("sleep") or {}).get("seconds", 0)
        need = sleep + drain_secs(c)
        if grace <= need:
            problems.append(
                f"{where}: terminationGracePeriodSeconds {grace} does not outlast preStop sleep {sleep} s + drain {need - sleep} s"
            )
    return labels, ports


def server_urls(container):
    """The --server URLs a container passes (--server=URL or --server URL)."""
    args = list(container.get("command") or []) + list(container.get("args") or [])
    urls = []
    for i, a in enumerate(args):
        if a.startswith("--server="):
            urls.append(a.split("=", 1)[1])
        elif a == "--server" and i + 1 < len(args):
            urls.append(args[i + 1])
    return urls


def check_job(where, d, services, claims, problems):
    """A Job of the folder: its pods, their servers and their volumes."""
    pod = ((d.get("spec") or {}).get("template") or {}).get("spec") or {}
    volumes = {v.get("name"): v for v in pod.get("volumes") or []}
    mounted = set()
    for c in pod.get("containers") or []:
        for m in c.get("volumeMounts") or []:
            mounted.add(m.get("name"))
            if m.get("name") not in volumes:
                problems.append(f"{where}: {c.get('name')} mounts volume {m.get('name')}, which the pod does not declare")
        for url in server_urls(c):
            host_port = url.split("://", 1)[-1].split("/", 1)[0]
            host, _, port = host_port.rpartition(":")
            name = host.split(".", 1)[0]
            if name not in services:
                problems.append(f"{where}: --server {url} names no Service of this folder")
            elif not port.isdigit() or int(port) not in services[name]:
                problems.append(f"{where}: --server {url}: Service {name} has no port {port or '(none)'}")
    for name, v in volumes.items():
        claim = (v.get("persistentVolumeClaim") or {}).get("claimName")
        if claim is not None and claim not in claims:
            problems.append(f"{where}: volume {name} claims {claim}, which is not a PersistentVolumeClaim of this folder")
        if name not in mounted:
            problems.append(f"{where}: volume {name} is mounted by no container")


def check_k8s(folder):
    problems = []
    files = sorted(f for f in os.listdir(folder) if f.endswith((".yaml", ".yml")))
    kustomization = next((f for f in files if f in ("kustomization.yaml", "kustomization.yml")), None)
    objects = []
    for f in files:
        for d in load_all(os.path.join(folder, f), problems):
            if not isinstance(d, dict):
                problems.append(f"{f}: a document is not a mapping")
                continue
            objects.append((f, d))
    if kustomization:
        listed = next((d.get("resources") or [] for f, d in objects if f == kustomization), [])
        manifests = [f for f in files if f != kustomization]
        for r in listed:
            if r not in manifests:
                problems.append(f"{kustomization}: lists {r}, which is not a manifest of this folder")
        for m in manifests:
            if m not in listed:
                problems.append(f"{kustomization}: does not list {m}")
        objects = [(f, d) for f, d in objects if f != kustomization]

    deployments = {}
    for f, d in objects:
        if d.get("kind") == "Deployment":
            name = (d.get("metadata") or {}).get("name")
            deployments[name] = check_deployment(f"{f} (Deployment {name})", d, problems)
    for f, d in objects:
        kind, spec = d.get("kind"), d.get("spec") or {}
        name = (d.get("metadata") or {}).get("name")
        where = f"{f} ({kind} {name})"
        if kind == "Service":
            selector = spec.get("selector") or {}
            hits = [dep for dep, (labels, _) in deployments.items() if selects(selector, labels)]
            if not hits:
                problems.append(f"{where}: selector {selector} picks no Deployment's pods")
            for p in spec.get("ports") or []:
                target = p.get("targetPort", p.get("port"))
                if hits and all(target not in deployments[h][1] for h in hits):
                    problems.append(f"{where}: targetPort {target} is not a port of the selected pods")
        elif kind == "PodDisruptionBudget":
            selector = (spec.get("selector") or {}).get("matchLabels") or {}
            if not any(selects(selector, labels) for labels, _ in deployments.values()):
                problems.append(f"{where}: selector {selector} picks no Deployment's pods")
        elif kind == "HorizontalPodAutoscaler":
            ref = spec.get("scaleTargetRef") or {}
            if ref.get("kind") != "Deployment" or ref.get("name") not in deployments:
                problems.append(f"{where}: scaleTargetRef {ref} is not a Deployment of this folder")
    services = {
        (d.get("metadata") or {}).get("name"): {p.get("port") for p in (d.get("spec") or {}).get("ports") or []}
        for f, d in objects
        if d.get("kind") == "Service"
    }
    claims = {(d.get("metadata") or {}).get("name") for f, d in objects if d.get("kind") == "PersistentVolumeClaim"}
    for f, d in objects:
        if d.get("kind") != "Job":
            continue
        name = (d.get("metadata") or {}).get("name")
        where = f"{f} (Job {name})"
        check_job(where, d, services, claims, problems)
        labels = ((((d.get("spec") or {}).get("template") or {}).get("metadata") or {}).get("labels")) or {}
        for g, other in objects:
            kind, spec = other.get("kind"), other.get("spec") or {}
            if kind == "Service":
                selector = spec.get("selector") or {}
            elif kind == "PodDisruptionBudget":
                selector = (spec.get("selector") or {}).get("matchLabels") or {}
            else:
                continue
            if selects(selector, labels):
                other_name = (other.get("metadata") or {}).get("name")
                problems.append(f"{where}: its pods are selected by {g} ({kind} {other_name}), which is for the servers")
    return problems


def check_compose(path):
    problems = []
    docs = load_all(path, problems)
    if problems:
        return problems
    if len(docs) != 1 or not isinstance(docs[0], dict):
        return [f"{path}: not a single YAML mapping"]
    services = docs[0].get("services")
    if not isinstance(services, dict) or not services:
        return [f"{path}: no services"]
    for name, s in services.items():
        if not isinstance(s, dict) or not (s.get("healthcheck") or {}).get("test"):
            problems.append(f"{path}: service {name} has no health check")
    return problems


def main():
    if len(sys.argv) != 3 or sys.argv[1] not in ("k8s", "compose"):
        print(__doc__, file=sys.stderr)
        return 2
    problems = check_k8s(sys.argv[2]) if sys.argv[1] == "k8s" else check_compose(sys.argv[2])
    for p in problems:
        print(f"ERROR {p}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
