#!/usr/bin/env bash
# PDF text extraction of tw against Poppler's pdftotext and MuPDF's
# `mutool draw -F txt`, side by side in one run on the same files: the
# median wall time of RUNS runs, the tools alternated run by run (so a
# busy moment of a shared machine falls on all of them), peak memory (GNU
# time's max RSS), and, for files whose
# text is known, the word error rate of each tool's words in order against
# the known text (insertions, deletions, substitutions and words out of
# order all count). Then OCR time per page: tw on a scanned page against
# the `tesseract` command on the same image.
#
# Files: the original textweaver's four fixtures (known text: their expected
# output), LibreOffice PDFs of a known text in one and two columns with a
# running header, footnote and hyphenation (made by the package's tests),
# the bzip2 manual shipped by Debian's bzip2-doc, the pdfTeX manuals of
# libtasn1-doc, shared-mime-info and bash-doc, and a 10,000-page PDF. The
# "tw text" column is the whole program (start-up included) on the same
# file; the ratios are tw's loader and `tw text` over pdftotext.
#
# BASE=PATH adds another build of the loader in the same runs (PATH is
# `go build -o PATH ./bench/tw/pdftext` in another checkout): its median
# and tw's over it end each line.
#
# FILES lists the files to time (their names in the table); the OCR line
# is printed only when it is not set.
#
#   bash bench/tw/pdf.sh            # RUNS=7
#   BASE=/tmp/pdftext-main FILES="libtasn1 shared-mime-info" bash bench/tw/pdf.sh
source "$(dirname "$0")/setup.sh"
RUNS=${RUNS:-7}
bash scripts/deps-pdf.sh
apt_need time python3
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
cp /usr/share/doc/libtasn1-doc/libtasn1.pdf "$work/libtasn1.pdf"
cp /usr/share/doc/shared-mime-info/shared-mime-info-spec.pdf "$work/shared-mime-info.pdf"
cp /usr/share/doc/bash/bashref.pdf "$work/bashref.pdf"

# run1 OUT CMD...: runs CMD once with its output in OUT; prints its wall
# milliseconds and its max RSS in MB.
run1() {
  local out=$1; shift
  local t0 t1 rss
  t0=$(date +%s%N)
  /usr/bin/time -f '%M' -o "$work/time" "$@" >"$out" 2>/dev/null || true
  t1=$(date +%s%N)
  rss=$(tail -n 1 "$work/time")
  echo "$(((t1 - t0) / 1000000)) $((rss / 1024))"
}

# median: the median of the numbers on stdin.
median() { sort -n | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

tools=(tw twtext pdftotext mutool)
basecol=""
if [ -n "${BASE:-}" ]; then
  tools+=(base)
  basecol=" | base (ms), tw/base"
fi
printf '%-18s | %-20s | %-9s | %-20s | %-20s | %s%s\n' file "tw (ms, MB, WER)" "tw text" "pdftotext (ms, MB, WER)" "mutool (ms, MB, WER)" "tw/pdftotext, tw text/pdftotext" "$basecol"
for f in ${FILES:-single running notes columns cols1 cols2 bzip2-manual libtasn1 shared-mime-info bashref pages10k}; do
  pdf="$work/$f.pdf"
  declare -A T=() M=()
  for tool in "${tools[@]}"; do : >"$work/times.$tool"; M[$tool]=0; done
  for _ in $(seq "$RUNS"); do
    for tool in "${tools[@]}"; do
      case $tool in
        tw) r=$(run1 "$work/$f.$tool" "$work/pdftext" "$pdf") ;;
        twtext) r=$(run1 "$work/$f.$tool" "$work/tw" text "$pdf") ;;
        pdftotext) r=$(run1 "$work/$f.$tool" pdftotext -enc UTF-8 "$pdf" -) ;;
        mutool) r=$(run1 "$work/$f.$tool" mutool draw -q -F txt -o - "$pdf") ;;
        base) r=$(run1 "$work/$f.$tool" "$BASE" "$pdf") ;;
      esac
      read -r ms mb <<<"$r"
      echo "$ms" >>"$work/times.$tool"
      if [ "$mb" -gt "${M[$tool]}" ]; then M[$tool]=$mb; fi
    done
  done
  row=()
  for tool in "${tools[@]}"; do
    T[$tool]=$(median <"$work/times.$tool")
    [ "$tool" = base ] && continue
    w=-
    [ -f "$work/$f.known" ] && [ "$tool" != twtext ] && w=$("$work/pdftext" -wer "$work/$f.known" "$work/$f.$tool")
    if [ "$tool" = twtext ]; then row+=("$(printf '%7.0f' "${T[$tool]}")"); else row+=("$(printf '%7.0f %5d %6s' "${T[$tool]}" "${M[$tool]}" "$w")"); fi
  done
  ratio=$(awk "BEGIN{ p = ${T[pdftotext]}; if (p > 0) printf \"%.2f, %.2f\", ${T[tw]}/p, ${T[twtext]}/p; else print \"-\" }")
  basecell=""
  if [ -n "${BASE:-}" ]; then
    basecell=$(awk "BEGIN{ b = ${T[base]}; printf \" | %7.0f, %s\", b, (b > 0 ? sprintf(\"%.2f\", ${T[tw]}/b) : \"-\") }")
  fi
  printf '%-18s | %-20s | %-9s | %-20s | %-20s | %s%s\n' "$f" "${row[0]}" "${row[1]}" "${row[2]}" "${row[3]}" "$ratio" "$basecell"
done

# measure OUT CMD...: runs CMD RUNS times with its output in OUT; sets t
# (median wall seconds) and m (largest max RSS in MB).
measure() {
  local out=$1; shift
  local ms mb
  m=0
  : >"$work/times.ocr"
  for _ in $(seq "$RUNS"); do
    read -r ms mb < <(run1 "$out" "$@")
    echo "$ms" >>"$work/times.ocr"
    if [ "$mb" -gt "$m" ]; then m=$mb; fi
  done
  t=$(median <"$work/times.ocr" | awk '{ printf "%.3f", $1 / 1000 }')
}

[ -n "${FILES:-}" ] && exit 0
# OCR: one scanned page (a 150 dpi render of cols1.pdf's first page).
measure "$work/scan.tw" "$work/pdftext" "$work/scan.pdf"; ocr_tw=$t; ocr_tw_m=$m
measure "$work/scan.tess" env OMP_THREAD_LIMIT=1 tesseract "$work/scan.png" stdout; ocr_te=$t; ocr_te_m=$m
printf '\nOCR, one page: tw %.2f s (%d MB), tesseract %.2f s (%d MB), ratio %s\n' "$ocr_tw" "$ocr_tw_m" "$ocr_te" "$ocr_te_m" \
  "$(awk "BEGIN{ if ($ocr_te > 0) printf \"%.2f\", $ocr_tw/$ocr_te; else print \"-\" }")"
