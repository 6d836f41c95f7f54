#!/usr/bin/env bash
# Debian packages the export tests need: ffmpeg (the encoders for FLAC, MP3,
# Ogg Opus and M4B, and ffprobe to check durations and chapters), and
# python3-bibtexparser (to parse-check the BibTeX marks export), epubcheck
# (to validate the EPUB 3 files tw convert writes), pandoc and
# libreoffice-writer (they must read the DOCX and ODT tw writes; LibreOffice
# also makes tw's PDF exports), bibutils (its ris2xml parse-checks the RIS
# marks export).
set -euo pipefail
source "$(dirname "$0")/apt.sh"
apt_need ffmpeg python3-bibtexparser epubcheck nodejs pandoc libreoffice-writer bibutils
# html-validate (npm, from the nodejs package's npm) checks the HTML tw convert writes.
command -v html-validate >/dev/null || npm install -g --no-fund --no-audit html-validate@9 >&2
