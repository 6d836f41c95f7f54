#!/usr/bin/env bash
# Debian packages the document loader tests need: pandoc and LibreOffice
# Writer (headless) make DOCX, ODT, EPUB, HTML and RTF fixtures from one
# source Markdown document (internal/tw/load TestRealToolFixtures), and
# bench/tw/formats.sh compares load times with pandoc. libjs-underscore
# brings a real HTML manual with an in-page table of contents. espeak-ng
# speaks and ffmpeg encodes (MP3) the narration of the DAISY books the
# tests make (internal/tw/load TestDAISYBooks). liblouis-bin
# (lou_translate) and liblouis-data (its tables) read and write braille
# (internal/tw/braille, the .brf loader and export).
set -euo pipefail
source "$(dirname "$0")/apt.sh"
apt_need pandoc libreoffice-writer libjs-underscore espeak-ng ffmpeg liblouis-bin liblouis-data
