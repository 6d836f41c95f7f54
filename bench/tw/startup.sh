#!/usr/bin/env bash
# Start-up cost of tw, side by side in one run:
#   1. `tw text` of a one-line file against `pandoc -t plain` of the same
#      file, ROUNDS rounds alternated, medians and their ratio;
#   2. `tw text` of every HTML page of Debian's handbook (package
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

# elapsed CMD...: the wall time of CMD in milliseconds (output discarded).
elapsed() {
  local t0 t1
  t0=$(date +%s%N)
  "$@" > /dev/null 2>&1
  t1=$(date +%s%N)
  echo $(((t1 - t0) / 1000))
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

pages=$(find /usr/share/doc/debian-handbook/html/${HANDBOOK:-en-US} -name '*.html' | sort)
count=$(echo "$pages" | wc -l)
# handbook BIN: total seconds of BIN text over every page, one at a time.
handbook() {
  local t0 t1
  t0=$(date +%s%N)
  for p in $pages; do "$1" text "$p" > /dev/null 2>&1 || true; done
  t1=$(date +%s%N)
  awk -v n=$((t1 - t0)) 'BEGIN { printf "%.2f", n / 1e9 }'
}
echo "Debian handbook, $count HTML pages, tw text on each:"
printf '  %-7s %6s s\n' tw "$(handbook "$work/tw")"
[ -n "${BASE:-}" ] && printf '  %-7s %6s s\n' base "$(handbook "$BASE")"
exit 0
