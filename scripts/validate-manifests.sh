#!/usr/bin/env bash
# Validates the deployment files.
#
#   scripts/validate-manifests.sh           deploy/k8s and deploy/compose.yaml
#   scripts/validate-manifests.sh PATH...   each PATH a folder of Kubernetes manifests,
#                                           or a compose file (a .yaml/.yml file)
#
# A manifest folder: every manifest but kustomization.yaml is validated strictly
# (unknown fields are errors) against the Kubernetes $K8S_VERSION schemas by
# kubernetes-validate; a kind it has no schema for is an error too. Then
# validate-manifests.py checks what the schemas cannot see (the kustomization lists
# every manifest, selectors, ports, the grace period against the drain). A compose
# file: it parses as YAML, has services, each with a health check.
#
# kubernetes-validate and its dependencies are pinned in a venv under
# ${CARGO_TARGET_DIR:-target}/manifests-venv, made on the first run (needs python3 3.11
# or newer with venv and pip, and the package index) and reused while the pins are
# unchanged; once it exists nothing is installed and nothing but the results is printed.
#
# Exit codes: 0 valid, 1 invalid (the errors are printed), 2 cannot run (no python3,
# pip failed, no such path).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
TARGET="${CARGO_TARGET_DIR:-$ROOT/target}"
case "$TARGET" in /*) ;; *) TARGET="$PWD/$TARGET" ;; esac
VENV="$TARGET/manifests-venv"
PYTHON="${PYTHON:-python3}"
K8S_VERSION=1.30
PINS=(
  kubernetes-validate==1.37.0
  PyYAML==6.0.3
  jsonschema==4.26.0
  jsonschema-specifications==2025.9.1
  referencing==0.37.0
  rpds-py==2026.9.1
  attrs==26.1.0
  importlib_resources==7.1.0
  packaging==26.3
  typing_extensions==4.16.0
)

die() {
  echo "validate-manifests.sh: $*" >&2
  exit 2
}

# shellcheck source=scripts/pinned-venv.sh
source "$ROOT/scripts/pinned-venv.sh"

setup() {
  pinned_venv "$VENV/bin/kubernetes-validate" "Python 3.11 or newer"
}

if [[ $# -eq 0 ]]; then
  set -- "$ROOT/deploy/k8s" "$ROOT/deploy/compose.yaml"
fi
for path in "$@"; do
  [[ -e "$path" ]] || die "no such file or folder: $path"
done

setup

failed=0
report() { # PATH OK? OUTPUT
  if [[ $2 == ok ]]; then
    echo "ok      $1"
  else
    failed=1
    echo "INVALID $1"
    [[ -n "$3" ]] && sed 's/^/  /' <<<"$3"
  fi
  return 0
}

for path in "$@"; do
  if [[ -d "$path" ]]; then
    manifests=()
    while IFS= read -r -d '' f; do
      case "$(basename "$f")" in kustomization.yaml | kustomization.yml) ;; *) manifests+=("$f") ;; esac
    done < <(find "$path" -maxdepth 1 -type f \( -name '*.yaml' -o -name '*.yml' \) -print0 | sort -z)
    if [[ ${#manifests[@]} -eq 0 ]]; then
      report "$path" invalid "no manifests (*.yaml, *.yml) in the folder"
      continue
    fi
    # kubernetes-validate passes a kind it has no schema for with a warning: any
    # WARN or ERROR line fails the folder.
    schema_rc=0
    schema="$(cd "$path" && "$VENV/bin/kubernetes-validate" --strict --quiet -k "$K8S_VERSION" \
      "${manifests[@]##*/}" 2>&1)" || schema_rc=$?
    cross_rc=0
    cross="$("$VENV/bin/python" "$ROOT/scripts/validate-manifests.py" k8s "$path" 2>&1)" || cross_rc=$?
    out="$(printf '%s\n%s' "$schema" "$cross" | sed '/^$/d')"
    if [[ $schema_rc == 0 && $cross_rc == 0 ]] && ! grep -qE '^(WARN|ERROR)' <<<"$out"; then
      report "$path" ok ""
      echo "        ${#manifests[@]} manifests valid against Kubernetes $K8S_VERSION (strict)"
    else
      report "$path" invalid "$out"
    fi
  elif [[ -f "$path" ]]; then
    rc=0
    out="$("$VENV/bin/python" "$ROOT/scripts/validate-manifests.py" compose "$path" 2>&1)" || rc=$?
    if [[ $rc == 0 ]]; then report "$path" ok ""; else report "$path" invalid "$out"; fi
  else
    die "no such file or folder: $path"
  fi
done
exit "$failed"
