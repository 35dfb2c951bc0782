#!/usr/bin/env bash
# Guards the fray.v1 contract with the Buf CLI.
#
#   scripts/buf-check.sh                   proto/ (its buf.yaml) against proto/fray-v1.binpb
#   scripts/buf-check.sh DIR [IMAGE]       the module at DIR (a folder with a buf.yaml, the
#                                          files under it as fray/v1/*.proto) against IMAGE
#                                          (default: proto/fray-v1.binpb)
#
# 1. `buf lint`: the STANDARD rules, with the exceptions buf.yaml lists (each says why).
# 2. The exceptions hide nothing new: the module linted with STANDARD and no exception;
#    every finding is printed as `excepted ...`, so a caller can hold the list to the
#    names the exceptions are for (client-cli/tests/proto_contract.rs does).
# 3. `buf breaking --against IMAGE`: fray-v1.binpb is the image of fray.v1 as it stood
#    when the check came (made by `buf build --exclude-source-info -o fray-v1.binpb` in
#    proto/); names and numbers on the wire never change, so it is never remade.
#
# The Buf CLI (the PyPI package buf-bin, pinned) lives in a venv under
# ${CARGO_TARGET_DIR:-target}/buf-venv, made on the first run (needs python3 with venv
# and pip, and the package index) and reused while the pin is unchanged; once it exists
# nothing is installed or fetched and nothing but the results is printed. Buf's cache
# goes to ${CARGO_TARGET_DIR:-target}/buf-cache.
#
# Exit codes: 0 the contract holds, 1 a check failed (its findings are printed), 2 cannot
# run (no python3, pip failed, no such folder or image).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
TARGET="${CARGO_TARGET_DIR:-$ROOT/target}"
case "$TARGET" in /*) ;; *) TARGET="$PWD/$TARGET" ;; esac
VENV="$TARGET/buf-venv"
BUF="$VENV/bin/buf"
PYTHON="${PYTHON:-python3}"
PINS=(buf-bin==1.75.0)
# STANDARD without buf.yaml's exceptions (step 2).
BARE='{"version":"v2","lint":{"use":["STANDARD"]}}'

die() {
  echo "buf-check.sh: $*" >&2
  exit 2
}

# shellcheck source=scripts/pinned-venv.sh
source "$ROOT/scripts/pinned-venv.sh"

setup() {
  pinned_venv "$BUF" "Python 3"
}

MODULE="${1:-$ROOT/proto}"
IMAGE="${2:-$ROOT/proto/fray-v1.binpb}"
[[ -f "$MODULE/buf.yaml" ]] || die "no buf.yaml in $MODULE: not a Buf module folder"
[[ -f "$IMAGE" ]] || die "no such image: $IMAGE"

setup
export BUF_CACHE_DIR="$TARGET/buf-cache"

failed=0
# Buf answers 100 for findings; any other failure is its own error (a file that does not
# compile, a bad config) and is reported as a failed check too, with what it said.
run() { # WHAT CMD...
  local what="$1" out rc=0
  shift
  out="$("$@" 2>&1)" || rc=$?
  if [[ $rc == 0 ]]; then
    echo "ok      $what"
  else
    failed=1
    echo "FAILED  $what (buf exit $rc)"
    [[ -n "$out" ]] && sed 's/^/  /' <<<"$out"
  fi
  return 0
}

cd "$MODULE"
run "buf lint $MODULE (STANDARD, the exceptions in buf.yaml)" "$BUF" lint . --error-format=msvs
bare_rc=0
bare="$("$BUF" lint . --config "$BARE" --error-format=msvs 2>&1)" || bare_rc=$?
if [[ $bare_rc == 0 || $bare_rc == 100 ]]; then
  [[ -n "$bare" ]] && sed 's/^/excepted /' <<<"$bare"
else
  failed=1
  echo "FAILED  buf lint $MODULE (STANDARD, no exception) (buf exit $bare_rc)"
  sed 's/^/  /' <<<"$bare"
fi
run "buf breaking $MODULE --against $IMAGE (FILE)" "$BUF" breaking . --against "$IMAGE" --error-format=msvs
exit "$failed"
