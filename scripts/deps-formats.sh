#!/usr/bin/env bash
# Debian packages the document loader tests need: pandoc and LibreOffice
# Writer (headless) make DOCX, ODT, EPUB, HTML and RTF fixtures from one
# source Markdown document (internal/tw/load TestRealToolFixtures), and
# bench/tw/formats.sh compares load times with pandoc. libjs-underscore
# brings a real HTML manual with an in-page table of contents; live-manual-epub
# and ubuntu-packaging-guide-epub real EPUB 2 books with an NCX.
set -euo pipefail
source "$(dirname "$0")/apt.sh"
apt_need pandoc libreoffice-writer libjs-underscore live-manual-epub ubuntu-packaging-guide-epub
