// Package pdf loads PDF documents for tw: the canonical text and markers
// the original textweaver gives (page_break markers labelled from
// /PageLabels, section_break markers from bookmarks, headings by size and
// weight, paragraphs rebuilt from lines with line-end hyphens joined, lists,
// tables, footnotes after the paragraph they interrupt, "Figure N." captions
// as images), in reading order across columns, without running headers,
// footers and page numbers; metadata from the Info dictionary and /Lang.
// Pages without text that hold a scan are recognised with Tesseract, and
// LoadImage does the same for a PNG, JPEG or TIFF opened directly.
//
// # The engine, and why
//
// Everything is ours and pure Go: the object parser (xref tables and
// streams, object streams, Flate/LZW/ASCII85/ASCIIHex/RunLength with PNG
// predictors), the standard security handler (RC4 40 to 128 bits, AES-128,
// AES-256 revisions 5 and 6), fonts (simple encodings with Differences and
// the glyph list, embedded Type 1 encodings, ToUnicode CMaps, Type 0 with
// Identity and embedded CMaps, widths), a content stream interpreter (text
// state, matrices, form XObjects, rules and image placements), and the
// layout analysis on top. Pages are read on every core once the
// cross-reference table is read (readPages: up to four page readers, each
// with its own object cache, the fonts shared), and joined in page order,
// so a document reads the same whatever the machine. The alternatives
// were weighed as follows:
//
//   - PDFium, MuPDF, Poppler (cgo or WebAssembly): the best glyph
//     extraction, but cgo breaks the single static binary and the Windows
//     cross build, MuPDF is AGPL and Poppler GPL, and a WebAssembly PDFium
//     adds a runtime and tens of MB. Their reading order is not what tw
//     needs anyway: pdftotext and mutool give lines, not paragraphs,
//     headings, footnotes or page labels, so the layout analysis would
//     still be ours.
//   - github.com/ledongthuc/pdf (rsc.io/pdf's fork; BSD): glyphs with
//     position, size and font, but no AES-256, no xref repair, no form
//     XObjects, objects re-read on every access, panics on damaged files
//     and an endless loop on a page tree that contains itself (the code
//     walks /Kids with no guard) — a reader cannot recover from those.
//   - github.com/pdfcpu/pdfcpu (Apache-2.0): a sound parser with repair
//     and encryption, but no text extraction: the content interpreter and
//     font decoding would be ours all the same, behind a large dependency.
//
// Owning the parser means every limit is ours: nesting depth, reference
// loops, page-tree loops, stream sizes (a zip bomb stops at 256 MB per
// stream, 1 GB in all), operators and glyphs per page, 100,000 pages; a
// broken xref is rebuilt by scanning for "n g obj". Beyond a limit the
// error wraps ErrLimit; a panic from a bug becomes an error, never a crash.
// Nothing is installed for text PDFs; OCR needs Debian's tesseract-ocr.
//
// Encrypted PDFs that open with the empty user password load as any other;
// otherwise Load returns ErrPasswordRequired (the integrator asks with a
// `document_password` prompt) and LoadPassword takes the user or owner
// password, a wrong one giving ErrPasswordIncorrect.
package pdf
