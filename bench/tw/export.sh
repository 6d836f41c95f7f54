#!/usr/bin/env bash
# Audio export speed, in one run: for each format, tw export-audio to that
# format against tw's WAV export plus the same ffmpeg command (same encoder,
# bit rate, metadata) run on the WAV alone. Overhead = tw's time over the
# two together, minus one. Then document conversion: tw convert to DOCX,
# ODT, EPUB and HTML against pandoc writing the same format from the same
# Markdown (a ratio), and tw convert to PDF against its own parts run by
# hand (tw convert to ODT, then LibreOffice headless on that ODT): the
# overhead of doing both in one command. Each figure is the best of COUNT
# runs.
# Usage: bench/tw/export.sh [COUNT] [PARAGRAPHS]   (defaults 3 and 60)
source "$(dirname "$0")/setup.sh"
bash scripts/deps-speech.sh
bash scripts/deps-export.sh
count=${1:-3} paras=${2:-60}
{
  for ((i = 0; i < paras; i++)); do
    ((i % 10 == 0)) && printf '# Chapter %d\n\n' $((i / 10 + 1))
    printf 'This paragraph of the benchmark book is read aloud, encoded and given its chapter. It says little, at length.\n\n'
  done
} >"$work/book.md"

now() { date +%s%N; }
# best CMD...: the least wall time of count runs, in ms.
best() {
  local b=0 t0 t
  for ((r = 0; r < count; r++)); do
    t0=$(now)
    "$@" >/dev/null 2>&1
    t=$((($(now) - t0) / 1000000))
    ((b == 0 || t < b)) && b=$t
  done
  echo "$b"
}
declare -A enc=(
  [flac]="-c:a flac -f flac"
  [mp3]="-c:a libmp3lame -b:a 64k -id3v2_version 4 -f mp3"
  [opus]="-c:a libopus -b:a 32k -f ogg"
  [m4b]="-c:a aac -b:a 64k -f ipod"
)
wav_ms=$(best "$work/tw" export-audio "$work/book.md" --out "$work/book.wav" --backend espeak)
audio_s=$(ffprobe -v error -show_entries format=duration -of default=nw=1:nk=1 "$work/book.wav")
printf 'Book: %d paragraphs, %.0f s of audio; tw export-audio to WAV: %d ms (best of %d)\n' "$paras" "$audio_s" "$wav_ms" "$count"
printf '%-6s %10s %10s %12s %10s\n' format "tw ms" "ffmpeg ms" "wav+ffmpeg" overhead
for f in flac mp3 opus m4b; do
  # shellcheck disable=SC2086
  ff_ms=$(best ffmpeg -hide_banner -nostdin -loglevel error -y -i "$work/book.wav" ${enc[$f]} "$work/plain.$f")
  tw_ms=$(best "$work/tw" export-audio "$work/book.md" --out "$work/book.$f" --backend espeak)
  base=$((wav_ms + ff_ms))
  printf '%-6s %10d %10d %12d %9.1f%%\n' "$f" "$tw_ms" "$ff_ms" "$base" "$(echo "($tw_ms - $base) * 100 / $base" | bc -l)"
done

# Document conversion: a book 50 times longer (tables, lists and links too).
{
  for ((i = 0; i < paras * 50; i++)); do
    ((i % 40 == 0)) && printf '# Chapter %d\n\n' $((i / 40 + 1))
    ((i % 40 == 10)) && printf '| Name | Value |\n|---|---|\n| a | 1 |\n| b | 2 |\n\n'
    ((i % 40 == 20)) && printf -- '- one [link](https://example.org/%d)\n- two\n  1. nested\n\n' "$i"
    printf 'Paragraph %d of the conversion book has **bold**, *italic* and `code` words in it, and says little at length.\n\n' "$i"
  done
} >"$work/long.md"
printf '\nConversion of a %d-paragraph Markdown book (%d KB)\n' $((paras * 50)) $(($(stat -c %s "$work/long.md") / 1024))
printf '%-6s %10s %10s %8s\n' format "tw ms" "pandoc ms" "ratio"
for f in docx odt epub html; do
  tw_ms=$(best "$work/tw" convert "$work/long.md" "$work/long.$f")
  pd_ms=$(best pandoc -f markdown -s --metadata title=Long -o "$work/pandoc.$f" "$work/long.md")
  printf '%-6s %10d %10d %8.3f\n' "$f" "$tw_ms" "$pd_ms" "$(echo "$tw_ms / $pd_ms" | bc -l)"
done
odt_ms=$(best "$work/tw" convert "$work/long.md" "$work/parts.odt")
lo_ms=$(best soffice -env:UserInstallation=file://"$work/lo" --headless --norestore --convert-to pdf --outdir "$work/lo-out" "$work/parts.odt")
pdf_ms=$(best "$work/tw" convert "$work/long.md" "$work/long.pdf")
base=$((odt_ms + lo_ms))
printf '%-6s %10d %10s %8s  (odt %d ms + LibreOffice %d ms = %d ms; overhead %.1f%%)\n' pdf "$pdf_ms" - - "$odt_ms" "$lo_ms" "$base" \
  "$(echo "($pdf_ms - $base) * 100 / $base" | bc -l)"
