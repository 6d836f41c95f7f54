#!/usr/bin/env bash
# Parsing speed of tw against pandoc as a reference, side by side in one
# run: `tw text` and `pandoc -f commonmark -t plain` on the same generated
# Markdown document (10 MB unless SIZE says otherwise), best of RUNS runs
# each, wall time and peak memory, and the ratio.
#
#   bash bench/tw/compare.sh            # 10 MB, 3 runs
#   SIZE=1000000 RUNS=5 bash bench/tw/compare.sh
source "$(dirname "$0")/setup.sh"
SIZE=${SIZE:-10000000}
RUNS=${RUNS:-3}
# pandoc is the reference; GNU time measures peak memory (max RSS).
apt_need pandoc time
go run ./bench/tw/gencorpus -size "$SIZE" -o "$work/doc.md"
bytes=$(stat -c %s "$work/doc.md")

# measure NAME CMD...: runs CMD RUNS times; prints the best wall time in
# seconds and the largest max RSS in MB, and stores them in best_<NAME>.
measure() {
  local name=$1; shift
  local best="" rss=0 t m
  for _ in $(seq "$RUNS"); do
    /usr/bin/time -f '%e %M' -o "$work/time" "$@" > "$work/$name.out"
    read -r t m < "$work/time"
    if [ -z "$best" ] || awk -v a="$t" -v b="$best" 'BEGIN { exit !(a < b) }'; then best=$t; fi
    [ "$m" -gt "$rss" ] && rss=$m
  done
  printf '%-8s %8.2f s  %8.1f MB peak RSS  %s\n' "$name" "$best" "$(awk -v k="$rss" 'BEGIN { print k / 1024 }')" "$*" | sed "s|$work/||g"
  eval "best_$name=$best"
}

echo "Document: $bytes bytes of generated Markdown; best of $RUNS runs each."
measure tw "$work/tw" text "$work/doc.md"
measure pandoc pandoc -f commonmark -t plain "$work/doc.md"
echo "Output: tw $(wc -c < "$work/tw.out") bytes, pandoc $(wc -c < "$work/pandoc.out") bytes."
awk -v t="$best_tw" -v p="$best_pandoc" 'BEGIN {
  if (t <= 0) t = 0.01
  printf "Ratio: pandoc takes %.1fx as long as tw text (tw %.2f s, pandoc %.2f s).\n", p / t, t, p
}'
