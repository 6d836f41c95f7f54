#!/usr/bin/env bash
# Start-up cost of tw, side by side in one run:
#   1. `tw text` of a one-line file against `pandoc -t plain` of the same
#      file, ROUNDS rounds alternated, medians and their ratio;
#   2. what package initialisation allocates at each start
#      (GODEBUG=inittrace=1), tw's own packages and the dependencies;
#   3. `tw text` of every HTML page of Debian's handbook (package
#      debian-handbook) in the languages HANDBOOK (default en-US; "*" for
#      all of them), one process per page, total time.
# With BASE set to another tw binary (an older build), each row also times
# it in the same rounds, so a change is measured against its base on the
# same machine at the same moment.
#
#   bash bench/tw/startup.sh
#   BASE=/tmp/tw-old ROUNDS=50 bash bench/tw/startup.sh
source "$(dirname "$0")/setup.sh"
ROUNDS=${ROUNDS:-40}
apt_need pandoc debian-handbook
echo "A line of text." > "$work/one.txt"

# elapsed CMD...: the wall time of CMD in microseconds (output discarded),
# read from bash's own clock: forking date around it would add its own
# start to every time.
elapsed() {
  local t0 t1
  t0=${EPOCHREALTIME/./}
  "$@" > /dev/null 2>&1
  t1=${EPOCHREALTIME/./}
  echo $((t1 - t0))
}

# median FILE: the median of the numbers in FILE, one a line.
median() { sort -n "$1" | awk '{ v[NR] = $1 } END { m = (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2; printf "%.1f", m / 1000 }'; }

names=(tw pandoc)
[ -n "${BASE:-}" ] && names+=(base)
for _ in $(seq "$ROUNDS"); do
  elapsed "$work/tw" text "$work/one.txt" >> "$work/tw.ms"
  elapsed pandoc -t plain "$work/one.txt" >> "$work/pandoc.ms"
  [ -n "${BASE:-}" ] && elapsed "$BASE" text "$work/one.txt" >> "$work/base.ms"
done
echo "One-line file, $ROUNDS rounds alternated (median wall time):"
for n in "${names[@]}"; do
  printf '  %-7s %6s ms\n' "$n" "$(median "$work/$n.ms")"
done
awk -v t="$(median "$work/tw.ms")" -v p="$(median "$work/pandoc.ms")" \
  'BEGIN { printf "  tw text takes %.2fx the time of pandoc -t plain\n", t / p }'
if [ -n "${BASE:-}" ]; then
  awk -v t="$(median "$work/tw.ms")" -v b="$(median "$work/base.ms")" \
    'BEGIN { printf "  tw text takes %.2fx the time of the base\n", t / b }'
fi

# initcost BIN: what package initialisation allocates at each start of
# BIN text (GODEBUG=inittrace=1), tw's own packages and the others.
initcost() {
  GODEBUG=inittrace=1 "$1" text "$work/one.txt" 2>&1 >/dev/null | awk '
    /^init / { own = ($2 ~ /^textfirst\//); b[own] += $8; a[own] += $10 }
    END { printf "%.0f KB in %d allocations (tw: %.0f KB in %d; dependencies: %.0f KB in %d)", (b[0] + b[1]) / 1024, a[0] + a[1], b[1] / 1024, a[1], b[0] / 1024, a[0] }'
}
echo "Package initialisation at each start:"
printf '  %-7s %s\n' tw "$(initcost "$work/tw")"
[ -n "${BASE:-}" ] && printf '  %-7s %s\n' base "$(initcost "$BASE")"

pages=$(find /usr/share/doc/debian-handbook/html/${HANDBOOK:-en-US} -name '*.html' | sort)
count=$(echo "$pages" | wc -l)
# The handbook's pages, each read by tw and then by the base (when
# given), so that both see the same load; the total wall time of each.
tw_ns=0
base_ns=0
for p in $pages; do
  t0=$(date +%s%N)
  "$work/tw" text "$p" > /dev/null 2>&1 || true
  t1=$(date +%s%N)
  tw_ns=$((tw_ns + t1 - t0))
  if [ -n "${BASE:-}" ]; then
    "$BASE" text "$p" > /dev/null 2>&1 || true
    base_ns=$((base_ns + $(date +%s%N) - t1))
  fi
done
echo "Debian handbook, $count HTML pages, tw text on each (alternated with the base):"
awk -v n=$tw_ns 'BEGIN { printf "  %-7s %6.2f s\n", "tw", n / 1e9 }'
[ -n "${BASE:-}" ] && awk -v n=$base_ns 'BEGIN { printf "  %-7s %6.2f s\n", "base", n / 1e9 }'
exit 0
