#!/usr/bin/env bash
# PDF text extraction of tw against Poppler's pdftotext and MuPDF's
# `mutool draw -F txt`, side by side in one run on the same files: best wall
# time of RUNS runs, peak memory (GNU time's max RSS), and, for files whose
# text is known, the word error rate of each tool's words in order against
# the known text (insertions, deletions, substitutions and words out of
# order all count). Then OCR time per page: tw on a scanned page against
# the `tesseract` command on the same image.
#
# Files: the original textweaver's four fixtures (known text: their expected
# output), LibreOffice PDFs of a known text in one and two columns with a
# running header, footnote and hyphenation (made by the package's tests),
# the bzip2 manual shipped by Debian's bzip2-doc, and a 10,000-page PDF.
#
#   bash bench/tw/pdf.sh            # RUNS=3
set -euo pipefail
cd "$(dirname "$0")/../.."
export PATH="/usr/local/go/bin:$PATH"
RUNS=${RUNS:-3}
bash scripts/deps-pdf.sh
source scripts/apt.sh
apt_need time python3

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
go build -o "$work/pdftext" ./bench/tw/pdftext
# The tests make the LibreOffice, scanned and 10,000-page PDFs and keep them.
TW_PDF_KEEP=$work go test -count=1 -run 'TestLibreOfficePDFs|TestScannedPage|TestPathological' ./internal/tw/load/pdf >/dev/null
conf=$(cd .. && pwd)/shared/conformance/textweaver
for n in single running notes columns; do cp "$conf/$n.pdf" "$work/"; done
for n in single running notes; do
  python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["text"])' "$conf/$n.pdf.expected.json" >"$work/$n.known"
done
cp "$conf/columns.pdf.expected.md" "$work/columns.known"
cp "$work/known.txt" "$work/cols1.known"
cp "$work/known.txt" "$work/cols2.known"
zcat /usr/share/doc/bzip2/manual.pdf.gz >"$work/bzip2-manual.pdf"

# measure OUT CMD...: runs CMD RUNS times with its output in OUT; sets
# t (best wall seconds) and m (largest max RSS in MB).
measure() {
  local out=$1; shift
  t="" m=0
  for _ in $(seq "$RUNS"); do
    /usr/bin/time -f '%e %M' -o "$work/time" "$@" >"$out" 2>/dev/null || true
    read -r wall rss < <(tail -n 1 "$work/time")
    rss=$((rss / 1024))
    if [ -z "$t" ] || awk "BEGIN{exit !($wall < $t)}"; then t=$wall; fi
    if [ "$rss" -gt "$m" ]; then m=$rss; fi
  done
}

printf '%-18s | %-24s | %-24s | %-24s | %s\n' file "tw (s, MB, WER)" "pdftotext (s, MB, WER)" "mutool (s, MB, WER)" "time tw/pdftotext"
for f in single running notes columns cols1 cols2 bzip2-manual pages10k; do
  pdf="$work/$f.pdf"
  row=()
  declare -A T=()
  for tool in tw pdftotext mutool; do
    case $tool in
      tw) measure "$work/$f.$tool" "$work/pdftext" "$pdf" ;;
      pdftotext) measure "$work/$f.$tool" pdftotext -enc UTF-8 "$pdf" - ;;
      mutool) measure "$work/$f.$tool" mutool draw -q -F txt -o - "$pdf" ;;
    esac
    T[$tool]=$t
    w=-
    [ -f "$work/$f.known" ] && w=$("$work/pdftext" -wer "$work/$f.known" "$work/$f.$tool")
    row+=("$(printf '%6.2f %5d %7s' "$t" "$m" "$w")")
  done
  ratio=$(awk "BEGIN{ if (${T[pdftotext]} > 0) printf \"%.2f\", ${T[tw]}/${T[pdftotext]}; else print \"-\" }")
  printf '%-18s | %-24s | %-24s | %-24s | %s\n' "$f" "${row[0]}" "${row[1]}" "${row[2]}" "$ratio"
done

# OCR: one scanned page (a 150 dpi render of cols1.pdf's first page).
measure "$work/scan.tw" "$work/pdftext" "$work/scan.pdf"; ocr_tw=$t; ocr_tw_m=$m
measure "$work/scan.tess" env OMP_THREAD_LIMIT=1 tesseract "$work/scan.png" stdout; ocr_te=$t; ocr_te_m=$m
printf '\nOCR, one page: tw %.2f s (%d MB), tesseract %.2f s (%d MB), ratio %s\n' "$ocr_tw" "$ocr_tw_m" "$ocr_te" "$ocr_te_m" \
  "$(awk "BEGIN{ if ($ocr_te > 0) printf \"%.2f\", $ocr_tw/$ocr_te; else print \"-\" }")"
