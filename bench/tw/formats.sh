#!/usr/bin/env bash
# Load speed of tw's document loaders against pandoc, side by side in one
# run: a generated Markdown document (1 MB unless SIZE says otherwise) is
# converted by pandoc to DOCX, ODT, EPUB, HTML, RTF and LaTeX; then, for
# each file, `tw text FILE` and `pandoc FILE -t plain` (best of RUNS runs,
# wall time, process start included for both) and the ratio pandoc / tw.
#
#   bash bench/tw/formats.sh             # 1 MB, 3 runs
#   SIZE=4000000 RUNS=5 bash bench/tw/formats.sh
source "$(dirname "$0")/setup.sh"
SIZE=${SIZE:-1000000}
RUNS=${RUNS:-3}
bash scripts/deps-formats.sh
go run ./bench/tw/gencorpus -size "$SIZE" -o "$work/doc.md"
for fmt in docx odt epub html rtf tex; do
  extra=()
  case $fmt in html | rtf | tex) extra=(-s) ;; esac
  pandoc "$work/doc.md" "${extra[@]}" --metadata title=Bench -o "$work/doc.$fmt"
done

# best CMD...: the best wall time of RUNS runs, in seconds.
best() {
  local b="" t
  for _ in $(seq "$RUNS"); do

    s=$(date +%s.%N); "$@" > /dev/null 2>&1; e=$(date +%s.%N)
    t=$(awk -v s="$s" -v e="$e" 'BEGIN { printf "%.3f", e - s }')
    if [ -z "$b" ] || awk -v a="$t" -v b="$b" 'BEGIN { exit !(a < b) }'; then b=$t; fi
  done
  echo "$b"
}

echo "Source: $(stat -c %s "$work/doc.md") bytes of generated Markdown; best of $RUNS runs each; pandoc $(pandoc --version | head -1 | cut -d' ' -f2)."
printf '%-6s %10s %10s %10s %8s\n' format bytes "tw s" "pandoc s" ratio
for fmt in md docx odt epub html rtf tex; do
  f="$work/doc.$fmt"
  tw_s=$(best "$work/tw" text "$f")
  pd_s=$(best pandoc "$f" -t plain)
  printf '%-6s %10s %10s %10s %7.1fx\n' "$fmt" "$(stat -c %s "$f")" "$tw_s" "$pd_s" \
    "$(awk -v a="$pd_s" -v b="$tw_s" 'BEGIN { if (b > 0) print a / b; else print 0 }')"
done
