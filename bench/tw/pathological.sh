#!/usr/bin/env bash
# Time and peak memory of `tw text` on pathological inputs (issue 11's
# "unbounded work" list): 200,000 link reference definitions, a 1,500 x
# 1,500 GFM table, a 50 MB single line, deep nesting (quotes, lists,
# brackets) and a sparse file just under 1 GiB (refused as binary on its
# first bytes). Each line: the input, its size, wall time, CPU time (user
# and system: steadier than wall time on a shared machine), max RSS, and
# the RSS over the input's size.
#
# The table, measured last (2 cores, shared): 4,506,002 bytes, 0.27 s CPU,
# 27 MB max RSS, 6.4x its size (was 0.54 s and 258 MB: each of its 2.25
# million cells was a 72-byte marker; the document now derives the cells
# of plain rows from the row's text).
#
#   bash bench/tw/pathological.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
export PATH="/usr/local/go/bin:$PATH"

source scripts/apt.sh
# GNU time measures peak memory (max RSS).
apt_need time

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
go build -o "$work/tw" ./cmd/tw

# The inputs (yes stops on a broken pipe: no pipefail while they are made).
set +o pipefail
seq 0 199999 | awk '{print "[l" $1 "]: http://example.org/" $1} END {print "\nSee [l1] and [l199999]."}' >"$work/linkrefs.md"
awk 'BEGIN {
  n = 1500
  h = "|"; d = "|"; r = "|"
  for (i = 0; i < n; i++) { h = h "h|"; d = d "-|"; r = r "x|" }
  print h; print d
  for (i = 1; i < n; i++) print r
}' >"$work/table.md"
yes word | head -c 50000000 | tr '\n' ' ' >"$work/line.txt"
yes word | head -c 50000000 | tr '\n' ' ' >"$work/line.md"
{ head -c 100000 /dev/zero | tr '\0' '>'; echo ' deep'; } >"$work/quotes.md"
awk 'BEGIN { for (i = 0; i < 2000; i++) printf "%" (2 * i) "s- item %d\n", "", i }' >"$work/lists.md"
{ head -c 100000 /dev/zero | tr '\0' '['; echo 'x'; head -c 100000 /dev/zero | tr '\0' ']'; echo; } >"$work/brackets.md"
{ head -c 50000 /dev/zero | tr '\0' '*'; echo 'x'; head -c 50000 /dev/zero | tr '\0' '*'; echo; } >"$work/emphasis.md"
truncate -s $(((1 << 30) - 1)) "$work/sparse.txt"
set -o pipefail

printf '%-14s %12s %9s %9s %10s %10s  %s\n' input bytes "wall s" "CPU s" "max RSS MB" "RSS/size" result
for f in linkrefs.md table.md line.txt line.md quotes.md lists.md brackets.md emphasis.md sparse.txt; do
  size=$(stat -c %s "$work/$f")
  set +e
  /usr/bin/time -f '%e %U %S %M' -o "$work/time" "$work/tw" text "$work/$f" >/dev/null 2>"$work/err"
  code=$?
  set -e
  # GNU time writes "Command exited with non-zero status N" first.
  read -r secs user sys kb < <(tail -n 1 "$work/time")
  result="ok"
  [ "$code" -ne 0 ] && result="exit $code: $(head -c 80 "$work/err")"
  awk -v f="$f" -v size="$size" -v s="$secs" -v u="$user" -v y="$sys" -v kb="$kb" -v r="$result" \
    'BEGIN { printf "%-14s %12d %9.2f %9.2f %10.0f %10.1f  %s\n", f, size, s, u + y, kb / 1024, kb * 1024 / size, r }'
done
