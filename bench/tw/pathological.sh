#!/usr/bin/env bash
# Time and peak memory of `tw text` on pathological inputs (issue 11's
# "unbounded work" list): 200,000 link reference definitions, a 1,500 x
# 1,500 GFM table, a 50 MB single line, deep nesting (quotes, lists,
# brackets) and a sparse file just under 1 GiB (refused as binary on its
# first bytes). Each line: the input, its size, wall time, CPU time (user
# and system: steadier than wall time on a shared machine), max RSS, and
# the RSS over the input's size.
#
# The table, measured last (2 cores, shared): 4,506,002 bytes, 0.27 s CPU,
# 27 MB max RSS, 6.4x its size (was 0.54 s and 258 MB: each of its 2.25
# million cells was a 72-byte marker; the document now derives the cells
# of plain rows from the row's text).
#
# The second table runs every hostile file of issue 29 (each a few KB that
# made gigabytes or minutes of work, and the smaller finds: a zip member
# named ../x, an XHTML internal DTD subset, javascript: links, a damaged
# 27 MB PDF) through tw and, in the same run, the tool a reader would use
# instead: pdftotext for PDFs, pandoc for office files, EPUB, HTML and
# RTF, cmark and pandoc for Markdown, tesseract for a TIFF, unzip for an
# archive member. Each peer's line ends with tw's CPU time and peak RSS
# over the peer's (tw/peer: under 1 is tw cheaper). Each run is capped at
# 120 s (and pandoc's heap at 2 GB: without it, it took 17 GB on the DOCX
# note); tw answers each with the document or one clear line.
#
# Measured last (2 cores, shared): tw answers each of the 22 files within
# 1.4 s of CPU and 182 MB (repeat.ods, refused at the size's budget);
# pandoc is killed at 120 s on three of them (up to 2.2 GB) and pdftotext
# spends 8 s on contents.pdf; the damaged 27 MB PDF costs tw 1.38 s and
# 73 MB against pdftotext's 0.55 s and 14 MB (2.5x, 5.3x).
#
#   bash bench/tw/pathological.sh
source "$(dirname "$0")/setup.sh"
# GNU time measures peak memory (max RSS).
apt_need time python3 poppler-utils pandoc cmark tesseract-ocr unzip

# The inputs (yes stops on a broken pipe: no pipefail while they are made).
set +o pipefail
seq 0 199999 | awk '{print "[l" $1 "]: http://example.org/" $1} END {print "\nSee [l1] and [l199999]."}' >"$work/linkrefs.md"
awk 'BEGIN {
  n = 1500
  h = "|"; d = "|"; r = "|"
  for (i = 0; i < n; i++) { h = h "h|"; d = d "-|"; r = r "x|" }
  print h; print d
  for (i = 1; i < n; i++) print r
}' >"$work/table.md"
yes word | head -c 50000000 | tr '\n' ' ' >"$work/line.txt"
yes word | head -c 50000000 | tr '\n' ' ' >"$work/line.md"
{ head -c 100000 /dev/zero | tr '\0' '>'; echo ' deep'; } >"$work/quotes.md"
awk 'BEGIN { for (i = 0; i < 2000; i++) printf "%" (2 * i) "s- item %d\n", "", i }' >"$work/lists.md"
{ head -c 100000 /dev/zero | tr '\0' '['; echo 'x'; head -c 100000 /dev/zero | tr '\0' ']'; echo; } >"$work/brackets.md"
{ head -c 50000 /dev/zero | tr '\0' '*'; echo 'x'; head -c 50000 /dev/zero | tr '\0' '*'; echo; } >"$work/emphasis.md"
truncate -s $(((1 << 30) - 1)) "$work/sparse.txt"
set -o pipefail

printf '%-14s %12s %9s %9s %10s %10s  %s\n' input bytes "wall s" "CPU s" "max RSS MB" "RSS/size" result
for f in linkrefs.md table.md line.txt line.md quotes.md lists.md brackets.md emphasis.md sparse.txt; do
  size=$(stat -c %s "$work/$f")
  set +e
  /usr/bin/time -f '%e %U %S %M' -o "$work/time" "$work/tw" text "$work/$f" >/dev/null 2>"$work/err"
  code=$?
  set -e
  # GNU time writes "Command exited with non-zero status N" first.
  read -r secs user sys kb < <(tail -n 1 "$work/time")
  result="ok"
  [ "$code" -ne 0 ] && result="exit $code: $(head -c 80 "$work/err")"
  awk -v f="$f" -v size="$size" -v s="$secs" -v u="$user" -v y="$sys" -v kb="$kb" -v r="$result" \
    'BEGIN { printf "%-14s %12d %9.2f %9.2f %10.0f %10.1f  %s\n", f, size, s, u + y, kb / 1024, kb * 1024 / size, r }'
done

# The hostile files of issue 29, built as the tests build them (at the
# sizes the issue reports).
python3 - "$work" <<'PY'
import io, sys, zipfile, zlib
w = sys.argv[1]
filler = "All work and no play makes a dull reader. " * 3200

def zipfile_of(path, members):
    with zipfile.ZipFile(path, "w") as z:
        for name in sorted(members, key=lambda n: (n != "mimetype", n)):
            z.writestr(name, members[name], zipfile.ZIP_STORED if name == "mimetype" else zipfile.ZIP_DEFLATED)

def pdf(path, objs):
    out = io.BytesIO()
    out.write(b"%PDF-1.4\n")
    offs = []
    for i, o in enumerate(objs):
        offs.append(out.tell())
        out.write(b"%d 0 obj\n" % (i + 1) + o + b"\nendobj\n")
    x = out.tell()
    out.write(b"xref\n0 %d\n0000000000 65535 f \n" % (len(objs) + 1))
    for o in offs:
        out.write(b"%010d 00000 n \n" % o)
    out.write(b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objs) + 1, x))
    open(path, "wb").write(out.getvalue())

def flate(data, extra=b""):
    c = zlib.compress(data, 9)
    return b"<< /Length %d /Filter /FlateDecode %s >>\nstream\n" % (len(c), extra) + c + b"\nendstream"

def page_pdf(path, contents, font=b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>", more=()):
    pdf(path, [b"<< /Type /Catalog /Pages 2 0 R >>", b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
               b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 5 0 R >> >> /Contents " + contents + b" >>",
               more[0] if more else b"null", font] + list(more[1:]))

# 1. ToUnicode: 16 ranges of 65,536 codes to 200 code points each.
cmap = "".join("1 beginbfrange <%04X0000> <%04XFFFF> <%s> endbfrange\n" % (r, r, "0041" * 200) for r in range(16))
page_pdf(w + "/cmap.pdf", b"4 0 R", font=b"<< /Type /Font /Subtype /Type0 /BaseFont /X /Encoding /Identity-H /DescendantFonts [<< /Type /Font /Subtype /CIDFontType2 /BaseFont /X >>] /ToUnicode 6 0 R >>",
         more=(flate(b"BT /F1 12 Tf 72 500 Td <00000001> Tj ET"), flate(("1 begincodespacerange <00000000> <FFFFFFFF> endcodespacerange\n" + cmap).encode())))
# 3. One 250 MB content stream listed four times.
page_pdf(w + "/contents.pdf", b"[4 0 R 4 0 R 4 0 R 4 0 R]", more=(flate(b"BT /F1 12 Tf 72 500 Td (Hi) Tj ET" + b" " * (250 << 20)),))
# 4. An inline image whose data holds EI 300,000 times; a number and junk.
page_pdf(w + "/inline-ei.pdf", b"4 0 R", more=(flate(b"BI /W 1 /H 1 /BPC 8 /CS /G ID " + b"xEI" * 300000 + b" EI BT /F1 12 Tf 72 500 Td (Hi) Tj ET"),))
page_pdf(w + "/number.pdf", b"4 0 R", more=(flate(b"BT /F1 12 Tf 72 500 Td " + b"1" * 300000 + b"-" * 300000 + b" 0 Td (Hi) Tj ET"),))

ct = '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>'
rels = '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>'
W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"'
def docx(path, body, extra={}):
    m = {"[Content_Types].xml": ct, "_rels/.rels": rels, "word/document.xml": "<w:document %s><w:body>%s</w:body></w:document>" % (W, body)}
    m.update(extra)
    zipfile_of(path, m)
# 2. One footnote referenced 2,000 times; 4. text split by 200,000 comments.
docx(w + "/note.docx", "<w:p><w:r><w:t>Body.</w:t></w:r>" + '<w:r><w:footnoteReference w:id="5"/></w:r>' * 2000 + "</w:p>",
     {"word/footnotes.xml": '<w:footnotes %s><w:footnote w:id="5"><w:p><w:r><w:t>%s</w:t></w:r></w:p></w:footnote></w:footnotes>' % (W, filler * 8)})
docx(w + "/comments.docx", "<w:p><w:r><w:t>" + "a<!--c-->" * 200000 + "</w:t></w:r></w:p>")
# 2. One shared string in 20,000 cells; one cell under 64 x 64 repeats.
zipfile_of(w + "/shared.xlsx", {
    "[Content_Types].xml": '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/></Types>',
    "_rels/.rels": rels.replace("word/document.xml", "xl/workbook.xml"),
    "xl/workbook.xml": '<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="S" sheetId="1" r:id="rId1"/></sheets></workbook>',
    "xl/_rels/workbook.xml.rels": '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/></Relationships>',
    "xl/sharedStrings.xml": '<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><si><t>%s</t></si></sst>' % filler,
    "xl/worksheets/sheet1.xml": '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>' + ('<row>' + '<c t="s"><v>0</v></c>' * 10 + '</row>') * 2000 + '</sheetData></worksheet>'})
O = 'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"'
zipfile_of(w + "/repeat.ods", {"mimetype": "application/vnd.oasis.opendocument.spreadsheet",
    "META-INF/manifest.xml": '<manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0"><manifest:file-entry manifest:full-path="/" manifest:media-type="application/vnd.oasis.opendocument.spreadsheet"/><manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/></manifest:manifest>',
    "content.xml": '<office:document-content %s><office:body><office:spreadsheet><table:table table:name="S"><table:table-row table:number-rows-repeated="64"><table:table-cell table:number-columns-repeated="64"><text:p>%s</text:p></table:table-cell></table:table-row></table:table></office:spreadsheet></office:body></office:document-content>' % (O, filler)})
# 2. One chapter listed 127 times in the spine.
zipfile_of(w + "/spine.epub", {"mimetype": "application/epub+zip",
    "META-INF/container.xml": '<?xml version="1.0"?><container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container"><rootfiles><rootfile full-path="OPS/book.opf" media-type="application/oebps-package+xml"/></rootfiles></container>',
    "OPS/book.opf": '<?xml version="1.0"?><package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="id"><metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:identifier id="id">x</dc:identifier><dc:title>T</dc:title><dc:language>en</dc:language></metadata><manifest><item id="c" href="c.xhtml" media-type="application/xhtml+xml"/></manifest><spine>' + '<itemref idref="c"/>' * 127 + '</spine></package>',
    "OPS/c.xhtml": '<?xml version="1.0"?><html xmlns="http://www.w3.org/1999/xhtml"><head><title>c</title></head><body>' + ("<p>%s</p>" % filler) * 16 + '</body></html>'})
# 4. RTF: one run of 200,000 pieces.
open(w + "/runs.rtf", "w").write("{\\rtf1 " + "a\\b0 " * 200000 + "\\par}")
# 4. DOCX text split by CDATA and processing instructions; RTF list text,
# bookmarks, title and author of 200,000 pieces.
docx(w + "/cdata.docx", "<w:p><w:r><w:t>" + "a<![CDATA[b]]>" * 200000 + "</w:t></w:r></w:p>")
docx(w + "/pis.docx", "<w:p><w:r><w:t>" + "a<?p?>" * 200000 + "</w:t></w:r></w:p>")
open(w + "/pieces.rtf", "w").write("{\\rtf1 {\\info{\\title " + "a\\b0 " * 200000 + "}{\\author " + "b\\b0 " * 200000 + "}}" +
    "{\\listtext " + "a\\b0 " * 200000 + "}item{\\*\\bkmkstart " + "a\\b0 " * 200000 + "}text\\par}")
# 5. Unclosed links and images.
open(w + "/links.md", "w").write("[a](b" * 30000)
open(w + "/images.md", "w").write("![a](" * 50000)
# 6. Images: a TIFF whose second page is 16000 x 16000 (its directories
# only), a 16000 x 16000 JPEG inside a PDF, a 41-byte JBIG2 stream whose
# page is 60000 x 60000 (450 MB as PBM).
import struct
def tiff_pages(sizes):
    b = bytearray(b"II*\0\x08\0\0\0")
    for i, (wd, ht) in enumerate(sizes):
        b += struct.pack("<H", 2) + struct.pack("<HHII", 256, 4, 1, wd) + struct.pack("<HHII", 257, 4, 1, ht)
        b += struct.pack("<I", len(b) + 4 if i + 1 < len(sizes) else 0)
    return bytes(b)
open(w + "/pages.tiff", "wb").write(tiff_pages([(100, 100), (16000, 16000)]))
jpeg = bytes([0xFF, 0xD8, 0xFF, 0xE0, 0, 16]) + b"JFIF\0" + bytes([1, 1, 0, 0, 1, 0, 1, 0, 0, 0xFF, 0xC0, 0, 11, 8]) + struct.pack(">HH", 16000, 16000) + bytes([1, 1, 0x11, 0, 0xFF, 0xD9]) + bytes(32)
def seg(number, kind, data):
    return struct.pack(">IBBBI", number, kind, 0, 1, len(data)) + data
jbig2 = seg(0, 48, struct.pack(">IIII", 60000, 60000, 0, 0) + b"\0" + struct.pack(">H", 0)) + seg(1, 49, b"")
def scan_pdf(path, image):
    pdf(path, [b"<< /Type /Catalog /Pages 2 0 R >>", b"<< /Type /Pages /Kids [4 0 R] /Count 1 >>",
               b"<< /Length 29 >>\nstream\nq 612 0 0 792 0 0 cm /Im Do Q\nendstream",
               b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /XObject << /Im 5 0 R >> >> /Contents 3 0 R >>", image])
scan_pdf(w + "/jpeg.pdf", b"<< /Type /XObject /Subtype /Image /Width 16000 /Height 16000 /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /DCTDecode /Length %d >>\nstream\n" % len(jpeg) + jpeg + b"\nendstream")
scan_pdf(w + "/jbig2.pdf", b"<< /Type /XObject /Subtype /Image /Width 100 /Height 100 /ColorSpace /DeviceGray /BitsPerComponent 1 /Filter /JBIG2Decode /Length %d >>\nstream\n" % len(jbig2) + jbig2 + b"\nendstream")
# 11. A zip member named ../x; an XHTML internal DTD subset; javascript:
# links (tw text --to html); a 27 MB PDF whose cross-reference table
# points nowhere (repaired by scanning).
with zipfile.ZipFile(w + "/names.zip", "w") as z:
    z.writestr("../x.txt", "the member named ../x")
open(w + "/dtd.xhtml", "w").write('<?xml version="1.0"?>\n<!DOCTYPE html [\n  <!ENTITY a "b">\n]>\n<html xmlns="http://www.w3.org/1999/xhtml"><head><title>T</title></head><body><p>Text.</p></body></html>\n')
open(w + "/js-links.html", "w").write('<p><a href="javascript:alert(1)">js</a> <a href="vbscript:msgbox(2)">vb</a> <a href="data:text/html,x">data</a> <a href="https://example.org/">web</a></p>')
objs, kids = [b"<< /Type /Catalog /Pages 2 0 R >>", b"", b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>"], []
for p in range(2400):
    c = b"BT /F1 10 Tf 50 %d Td (Reader %d turns page %d) Tj ET\n%%" % (700 - p % 30 * 20, p % 7, p) + b"x" * 11000
    objs.append(b"<< /Length %d >>\nstream\n" % len(c) + c + b"\nendstream")
    objs.append(b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents %d 0 R >>" % len(objs))
    kids.append(b"%d 0 R" % len(objs))
objs[1] = b"<< /Type /Pages /Kids [" + b" ".join(kids) + b"] /Count %d >>" % len(kids)
pdf(w + "/damaged.pdf", objs)
d = open(w + "/damaged.pdf", "rb").read()
x = d.rindex(b"\nxref\n") + 1
bad = b"".join(b"%010d 00000 n \n" % 12345 for _ in objs)
open(w + "/damaged.pdf", "wb").write(d[:x] + b"xref\n0 %d\n0000000000 65535 f \n" % (len(objs) + 1) + bad + d[d.index(b"trailer", x):])
PY

# measure_hostile TOOL FILE CMD...: runs CMD (capped at 120 s) and prints
# one line of the second table; its CPU time and peak RSS are left in cpu
# and kb. A peer's line ends with tw's CPU and RSS over the peer's.
measure_hostile() {
  local tool=$1 f=$2
  shift 2
  set +e
  /usr/bin/time -f '%e %U %S %M' -o "$work/time" timeout 120 "$@" >"$work/out" 2>"$work/err"
  local code=$?
  set -e
  local secs user sys
  read -r secs user sys kb < <(tail -n 1 "$work/time")
  cpu=$(awk -v u="$user" -v y="$sys" 'BEGIN { printf "%.2f", u + y }')
  local result="ok, $(wc -c <"$work/out") bytes out"
  [ "$code" -eq 124 ] && result="killed after 120 s"
  [ "$code" -ne 0 ] && [ "$code" -ne 124 ] && result="exit $code: $(head -c 70 "$work/err" | tr '\n' ' ')"
  local ratio="-"
  [ "$tool" != tw ] && ratio=$(awk -v tc="$tw_cpu" -v tk="$tw_kb" -v c="$cpu" -v k="$kb" \
    'BEGIN { printf "CPU %.2fx, RSS %.2fx", (tc + 0.005) / (c + 0.005), tk / k }')
  awk -v f="$f" -v t="$tool" -v size="$(stat -c %s "$work/${f%%!*}")" -v s="$secs" -v c="$cpu" -v kb="$kb" -v ratio="$ratio" -v r="$result" \
    'BEGIN { printf "%-18s %-9s %9d %9.2f %9.2f %10.0f  %-24s %s\n", f, t, size, s, c, kb / 1024, ratio, r }'
}

echo
printf '%-18s %-9s %9s %9s %9s %10s  %-24s %s\n' input tool bytes "wall s" "CPU s" "max RSS MB" "tw/peer" result
for f in cmap.pdf contents.pdf inline-ei.pdf number.pdf jpeg.pdf jbig2.pdf damaged.pdf note.docx comments.docx cdata.docx pis.docx \
  shared.xlsx repeat.ods spine.epub runs.rtf pieces.rtf links.md images.md pages.tiff dtd.xhtml js-links.html 'names.zip!../x.txt'; do
  if [ "$f" = js-links.html ]; then
    measure_hostile tw "$f" "$work/tw" text --to html "$work/$f"
  else
    measure_hostile tw "$f" "$work/tw" text "$work/$f"
  fi
  tw_cpu=$cpu tw_kb=$kb
  case $f in
    *.pdf) measure_hostile pdftotext "$f" pdftotext -enc UTF-8 "$work/$f" - ;;
    *.md)
      measure_hostile cmark "$f" cmark "$work/$f"
      measure_hostile pandoc "$f" pandoc +RTS -M2g -RTS -f commonmark -t plain "$work/$f"
      ;;
    *.tiff) measure_hostile tesseract "$f" tesseract "$work/$f" - ;;
    *.xhtml) measure_hostile pandoc "$f" pandoc +RTS -M2g -RTS -f html -t plain "$work/$f" ;;
    *.html) measure_hostile pandoc "$f" pandoc +RTS -M2g -RTS -f html -t html "$work/$f" ;;
    *.zip!*) measure_hostile unzip "$f" unzip -p "$work/${f%%!*}" "${f#*!}" ;;
    *) measure_hostile pandoc "$f" pandoc +RTS -M2g -RTS -t plain "$work/$f" ;;
  esac
done
