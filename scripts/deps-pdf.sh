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
# - jbig2dec: decodes JBIG2 scanned pages for OCR (tw runs it; without it
#   such a page is refused naming the package);
# - libtiff-tools (tiffcp, tiff2pdf): make fax-compressed (CCITT) scans.
set -euo pipefail
source "$(dirname "$0")/apt.sh"
apt_need poppler-utils mupdf-tools libreoffice-writer hyphen-en-us tesseract-ocr tesseract-ocr-eng qpdf bzip2-doc jbig2dec libtiff-tools
