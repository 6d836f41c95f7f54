#!/usr/bin/env bash
# The Markdown rows of the speed table (issue 24), ours beside the peer in
# one run: opening a 10 MB Markdown file over JSON-RPC, `tw text` and
# `tw info` of it against cmark's full parse of the same file; the memory
# `tw serve` holds after opening it (resident set growth, and after
# replacing it by a one-line file) against the file's size, with the heap
# an open keeps (BenchmarkOpen10MB); `tw text` of a one-line file against
# pandoc. Ours and the peer alternate in every round; medians (and
# minima), and the ratio of the medians. See bench/tw/ratios.
#
#   bash bench/tw/table.sh              # 10 MB, RUNS=7
#   SIZE=1000000 RUNS=11 bash bench/tw/table.sh
#   TW=/tmp/tw-old bash bench/tw/table.sh   # another tw build
source "$(dirname "$0")/setup.sh"
SIZE=${SIZE:-10000000}
RUNS=${RUNS:-7}
apt_need cmark pandoc
tw=${TW:-$work/tw}
go build -o "$work/ratios" ./bench/tw/ratios
go run ./bench/tw/gencorpus -size "$SIZE" -o "$work/doc.md"
echo "A line of text." > "$work/one.txt"

"$work/ratios" -tw "$tw" -md "$work/doc.md" -small "$work/one.txt" -runs "$RUNS"
# The heap an open keeps, in process (this tree's code, not TW's).
go test -count=1 -run '^$' -bench 'Open10MB' -benchtime 3x ./bench/tw/ |
  awk '/^BenchmarkOpen10MB/ { for (i = 1; i < NF; i++) if ($(i+1) == "kept-heap/filesize") k = $i
        printf "\nHeap an open keeps (BenchmarkOpen10MB, this tree): %.2fx the file\n", k }'
