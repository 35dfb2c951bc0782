#!/usr/bin/env bash
# Python interop client for the fray.v1 contract.
#
#   scripts/python-client.sh          set up only: a venv with pinned grpcio packages and
#                                     Python stubs generated from proto/fray/v1/*.proto
#   scripts/python-client.sh ADDR     set up, then run interop/python/client.py against
#                                     the server at ADDR (e.g. 127.0.0.1:50051)
#
# Everything lives under ${CARGO_TARGET_DIR:-target}/: python-venv/ and python-gen/.
# The stubs come from the protoc inside the grpcio-tools wheel (no system protoc).
# Idempotent and silent once set up: the venv is reused while the pins are unchanged,
# the stubs are regenerated only when a .proto file changed.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
TARGET="${CARGO_TARGET_DIR:-$ROOT/target}"
case "$TARGET" in /*) ;; *) TARGET="$PWD/$TARGET" ;; esac
VENV="$TARGET/python-venv"
GEN="$TARGET/python-gen"
PYTHON="${PYTHON:-python3}"
PINS=(
  grpcio==1.85.1
  grpcio-tools==1.85.1
  grpcio-status==1.85.1
  googleapis-common-protos==1.76.0
  protobuf==7.36.2
)

die() {
  echo "python-client.sh: $*" >&2
  exit 1
}

# The venv: create it (or recreate it when the pins changed).
# shellcheck source=scripts/pinned-venv.sh
source "$ROOT/scripts/pinned-venv.sh"
pinned_venv "$VENV/bin/python" "Python 3.9 or newer"

# The stubs: regenerate when missing or older than a .proto file.
protos=("$ROOT"/proto/fray/v1/*.proto)
stale=0
if [[ ! -f "$GEN/.fray-stamp" ]]; then
  stale=1
else
  for p in "${protos[@]}"; do
    [[ "$p" -nt "$GEN/.fray-stamp" ]] && stale=1
  done
fi
if [[ $stale == 1 ]]; then
  tmp="$GEN.tmp.$$"
  rm -rf "$tmp"
  mkdir -p "$tmp"
  if ! log="$(cd "$ROOT/proto" && "$VENV/bin/python" -m grpc_tools.protoc -I . --python_out="$tmp" \
    --grpc_python_out="$tmp" fray/v1/*.proto 2>&1)"; then
    rm -rf "$tmp"
    die "generating the Python stubs failed: $log"
  fi
  touch "$tmp/.fray-stamp"
  rm -rf "$GEN"
  mv "$tmp" "$GEN"
fi

if [[ $# -gt 0 ]]; then
  cd "$ROOT"
  PYTHONPATH="$GEN${PYTHONPATH:+:$PYTHONPATH}" exec "$VENV/bin/python" "$ROOT/interop/python/client.py" "$@"
fi
