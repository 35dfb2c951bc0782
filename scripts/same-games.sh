#!/usr/bin/env bash
# Plays a fixed set of bot-vs-bot tournaments on every ruleset and keeps what was played,
# so a refactor can show that it changed no game: run it with the build before and the
# build after, then diff the two folders.
#
#   scripts/same-games.sh FRAY OUT [GAMES]
#
# FRAY is a `fray` binary (e.g. target/release/fray), OUT a folder to write, GAMES the
# games per pairing of the two-player tournaments (even, default 10). The bots are fixed
# and seeded: greedy, mcts:playouts=200 and random in a round robin on e:game, Rift,
# KeyForge, Castle Rampage and Dog Fight's duel, and the three at one table of Dog Fight's
# trio (every seat order). For each tournament OUT/NAME.games keeps every game's record
# (seats, players, result, places, turns, end rule, every action) without its timings;
# Then a person who answers "1" to every prompt plays each ruleset against the easy bot
# (`fray play`, seed 5): OUT/play-NAME.out keeps what the terminal showed and
# OUT/play-NAME.replay the replay file it wrote. OUT/digest lists every file's checksum.
# Two builds played the same games, and showed them the same way, exactly when
#   diff -r OUT_BEFORE OUT_AFTER
# prints nothing.
set -euo pipefail

if [[ $# -lt 2 || $# -gt 3 ]]; then
  echo "usage: scripts/same-games.sh FRAY OUT [GAMES]" >&2
  exit 2
fi
FRAY="$1"
OUT="$2"
GAMES="${3:-10}"
if [[ ! -x "$FRAY" ]]; then
  echo "same-games.sh: $FRAY is not an executable fray binary" >&2
  exit 2
fi
if (( GAMES < 2 || GAMES % 2 != 0 )); then
  echo "same-games.sh: GAMES must be an even number of at least 2, got $GAMES" >&2
  exit 2
fi

BOTS=(greedy mcts:playouts=200 random)
mkdir -p "$OUT"
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT

# play NAME ARGS...: one tournament, its games kept without the "run" timings.
play() {
  local name="$1"
  shift
  "$FRAY" tournament "${BOTS[@]}" "$@" --seed 11 --out "$WORK/$name" >"$WORK/$name.stdout" 2>&1 || {
    echo "same-games.sh: the $name tournament failed:" >&2
    cat "$WORK/$name.stdout" >&2
    exit 1
  }
  grep '^{"game"' "$WORK/$name/games.jsonl" | sed -E 's/,"run":\{[^}]*\}\}$/}/' >"$OUT/$name.games"
  echo "$name: $(wc -l <"$OUT/$name.games") games"
}

play egame --ruleset egame --games "$GAMES"
play rift --ruleset rift --games "$GAMES"
play keyforge --ruleset keyforge --games "$GAMES"
play castle-rampage --ruleset castle-rampage --games "$GAMES"
play dog-fight-duel --ruleset dog-fight --scenario duel --games "$GAMES"
play dog-fight-trio --ruleset dog-fight --scenario trio --players 3 --games 6

# person NAME ARGS...: one `fray play` game answered "1" throughout, its screen and its
# replay kept (the replay's file name carries the clock, so the lines naming it go).
person() {
  local name="$1"
  shift
  local dir="$WORK/replays-$name"
  "$FRAY" play "$@" --seed 5 --difficulty easy --replay-dir "$dir" < <(yes 1 | head -n 5000) >"$WORK/play-$name.out" 2>&1 || {
    echo "same-games.sh: fray play ($name) failed:" >&2
    tail -n 20 "$WORK/play-$name.out" >&2
    exit 1
  }
  grep -v -E 'replay saved to|check it with: fray replay|The replay is saved to' "$WORK/play-$name.out" >"$OUT/play-$name.out"
  cp "$dir"/*.json "$OUT/play-$name.replay"
  echo "play $name: $(wc -l <"$OUT/play-$name.out") lines"
}

person egame --ruleset egame
person rift --ruleset rift
person keyforge --ruleset keyforge
person castle-rampage --ruleset castle-rampage
person dog-fight --ruleset dog-fight --players 3

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
for example in "$ROOT"/examples/resolve-*.json; do
  name="$(basename "$example" .json)"
  {
    "$FRAY" resolve "$example" && echo "exit 0" || echo "exit $?"
    "$FRAY" resolve "$example" --json && echo "exit 0" || echo "exit $?"
  } >"$OUT/$name.out" 2>&1
done
echo "resolve: $(ls "$ROOT"/examples/resolve-*.json | wc -l) examples"

(cd "$OUT" && sha256sum ./*.games ./play-* ./resolve-* >digest)
cat "$OUT/digest"
