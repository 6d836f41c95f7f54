#!/usr/bin/env bash
# Debian packages the PDF loader's tests and benchmark need:
# - poppler-utils (pdftotext, pdftoppm) and mupdf-tools (mutool): the
#   engines bench/tw/pdf.sh compares ours with, and pdftoppm renders a page
#   to an image for the OCR round trip;
# - libreoffice-writer: makes real PDFs (one and two columns, running
#   headers, footnotes, hyphenation) from a source whose text is known;
# - hyphen-en-us: lets LibreOffice hyphenate the English test text;
# - tesseract-ocr and its English data: OCR of scanned pages and images;
# - qpdf: encrypts test PDFs (RC4, AES-128, AES-256; with and without a
#   user password);
# - bzip2-doc: a Debian documentation package that ships a PDF manual
#   (/usr/share/doc/bzip2/manual.pdf.gz), read as a real
#   PDF no one here wrote;
# - libtasn1-doc, bash-doc and nettle-dev: pdfTeX (texinfo) manuals with
#   named destinations and bookmarks: every internal link must land on its
#   page, every bookmark at a heading (and fontconfig's DocBook manual);
# - shared-mime-info: its specification, a LaTeX (pdfTeX) PDF that
#   bench/tw/pdf.sh times beside pdftotext;
# - libtiff-tools (ppm2tiff, tiffcp, tiff2pdf): a CCITT Group 4 scan, as
#   a TIFF and as a PDF, made from a rendered page;
# - webp (cwebp): a WebP image of a rendered page, opened directly;
# - jbig2dec: the decoder of JBIG2 scans in PDFs (the loader runs it);
# - texlive-base: plain TeX manuals (dvipdfm.pdf, btxdoc.pdf) whose page
#   numbers sit farther from the page's foot than running heads do.
set -euo pipefail
source "$(dirname "$0")/apt.sh"
apt_need poppler-utils mupdf-tools libreoffice-writer hyphen-en-us tesseract-ocr tesseract-ocr-eng qpdf bzip2-doc libtasn1-doc shared-mime-info bash-doc nettle-dev fontconfig libtiff-tools webp jbig2dec texlive-base
