#!/usr/bin/env bash
# Debian packages the document loader tests need: pandoc and LibreOffice
# Writer (headless) make DOCX, ODT, EPUB, HTML and RTF fixtures from one
# source Markdown document (internal/tw/load TestRealToolFixtures), and
# bench/tw/formats.sh compares load times with pandoc. libjs-underscore
# brings a real HTML manual with an in-page table of contents; live-manual-epub
# and ubuntu-packaging-guide-epub real EPUB 2 books with an NCX. The
# real-document corpus (TestRealDocumentCorpus) also reads debian-handbook's
# HTML, nodejs's API pages, live-manual-pdf, and LibreOffice's templates
# converted by libreoffice-calc and libreoffice-impress; pdftotext
# (poppler-utils) counts the words of PDFs. espeak-ng speaks and ffmpeg
# encodes (MP3) the narration of the DAISY books the tests make
# (internal/tw/load TestDAISYBooks). liblouis-bin (lou_translate) and
# liblouis-data (its tables) read and write braille (internal/tw/braille,
# the .brf loader and export); liblouisutdml-bin (file2brl) and
# liblouisutdml-data write formulas in the Nemeth Code. texlive-latex-base-doc
# gives the LaTeX sources of the corpus (the LaTeX team's guides, gzipped).
set -euo pipefail
source "$(dirname "$0")/apt.sh"
apt_need pandoc libreoffice-writer libjs-underscore live-manual-epub ubuntu-packaging-guide-epub \
	debian-handbook nodejs live-manual-pdf libreoffice-calc libreoffice-impress poppler-utils \
	espeak-ng ffmpeg liblouis-bin liblouis-data liblouisutdml-bin liblouisutdml-data \
	texlive-latex-base-doc
