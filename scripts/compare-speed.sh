#!/usr/bin/env bash
# Compares the engine speed of two `fray` builds on every ruleset, the two alternated
# round by round so that a machine whose speed drifts slows both alike.
#
#   scripts/compare-speed.sh FRAY_BEFORE FRAY_AFTER [ROUNDS] [SECONDS]
#
# Each round runs, for each build in turn and each ruleset, `fray bench rollouts`
# (random rollouts, actions/s, SECONDS long, default 2) and `fray bench playouts`
# (MCTS playouts/s over the default 40 games' positions). ROUNDS defaults to 3. It
# prints a Markdown table: the median of each figure for each build and after/before
# (above 1 is faster). Run it on an otherwise idle machine, with release builds.
set -euo pipefail

if [[ $# -lt 2 || $# -gt 4 ]]; then
  echo "usage: scripts/compare-speed.sh FRAY_BEFORE FRAY_AFTER [ROUNDS] [SECONDS]" >&2
  exit 2
fi
BUILDS=("$1" "$2")
ROUNDS="${3:-3}"
SECONDS_EACH="${4:-2}"
for fray in "${BUILDS[@]}"; do
  if [[ ! -x "$fray" ]]; then
    echo "compare-speed.sh: $fray is not an executable fray binary" >&2
    exit 2
  fi
done
RULESETS=(egame rift keyforge castle-rampage dog-fight)
SAMPLES="$(mktemp)"
trap 'rm -f "$SAMPLES"' EXIT

# figure LINE: the number of the table row's value column ("7.90 M actions/s" -> 7900000).
figure() {
  awk -F'|' '/^\| (random rollouts|MCTS playouts)/ {
    split($3, w, " ");
    v = w[1];
    if (w[2] == "M") v *= 1000000;
    if (w[2] == "k") v *= 1000;
    print v
  }'
}

for ((round = 1; round <= ROUNDS; round++)); do
  for b in 0 1; do
    for ruleset in "${RULESETS[@]}"; do
      r="$("${BUILDS[$b]}" bench rollouts --ruleset "$ruleset" --seconds "$SECONDS_EACH" | figure)"
      p="$("${BUILDS[$b]}" bench playouts --ruleset "$ruleset" | figure)"
      echo "$ruleset rollouts $b $r" >>"$SAMPLES"
      echo "$ruleset playouts $b $p" >>"$SAMPLES"
    done
  done
  echo "round $round of $ROUNDS done" >&2
done

echo "| ruleset | measure | before (median) | after (median) | after/before |"
echo "|---|---|---|---|---|"
for ruleset in "${RULESETS[@]}"; do
  for measure in rollouts playouts; do
    med() {
      grep "^$ruleset $measure $1 " "$SAMPLES" | awk '{print $4}' | sort -g |
        awk '{v[NR] = $1} END {if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2}'
    }
    before="$(med 0)"
    after="$(med 1)"
    unit="actions/s"
    [[ $measure == playouts ]] && unit="playouts/s"
    awk -v r="$ruleset" -v m="$measure" -v a="$before" -v b="$after" -v u="$unit" \
      'BEGIN {printf "| %s | %s (%s) | %.0f | %.0f | %.3f |\n", r, m, u, a, b, b / a}'
  done
done
