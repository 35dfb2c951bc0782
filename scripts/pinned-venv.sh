# Sourced by the scripts that run a Python tool from PyPI (buf-check.sh,
# validate-manifests.sh, python-client.sh): `pinned_venv TOOL NEEDS` makes the venv $VENV with the
# packages of $PINS unless it already holds exactly those and TOOL is there. NEEDS
# names the Python wanted, for the message when there is none; the caller's `die`
# reports failures. Uses the caller's VENV, PYTHON and PINS. One setup at a time
# (tests run the scripts in parallel): it holds the lock $VENV.lock while it looks and
# builds; without flock (macOS), no lock.
pinned_venv() {
  mkdir -p "$(dirname "$VENV")"
  if command -v flock >/dev/null 2>&1; then
    exec 9>"$VENV.lock"
    flock 9
  fi
  make_pinned_venv "$@"
  if command -v flock >/dev/null 2>&1; then
    flock -u 9
    exec 9>&-
  fi
}

make_pinned_venv() {
  local tool="$1" needs="$2" want="${PINS[*]}" log
  [[ -x "$tool" && "$(cat "$VENV/.fray-pins" 2>/dev/null)" == "$want" ]] && return 0
  command -v "$PYTHON" >/dev/null 2>&1 ||
    die "$PYTHON not found: install $needs with venv and pip (Debian/Ubuntu: apt-get install python3 python3-venv python3-pip)"
  echo "$(basename "$0"): creating $VENV with ${PINS[*]}" >&2
  rm -rf "$VENV"
  if ! log="$("$PYTHON" -m venv "$VENV" 2>&1)"; then
    rm -rf "$VENV"
    die "cannot create a venv with $PYTHON (Debian/Ubuntu: apt-get install python3-venv): $log"
  fi
  [[ -x "$VENV/bin/pip" ]] || { rm -rf "$VENV"; die "the venv has no pip (Debian/Ubuntu: apt-get install python3-venv python3-pip)"; }
  if ! log="$("$VENV/bin/python" -m pip install --quiet --disable-pip-version-check "${PINS[@]}" 2>&1)"; then
    rm -rf "$VENV"
    die "pip install ${PINS[*]} failed: $log"
  fi
  [[ -x "$tool" ]] || { rm -rf "$VENV"; die "${PINS[*]} installed no $tool"; }
  echo "$want" >"$VENV/.fray-pins"
}
