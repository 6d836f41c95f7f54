package export_test

import (
	"testing"

	"textfirst/internal/tw/export"
)

// Every --to name and file extension a format answers to, its usual
// extension and whether it is binary.
func TestFormatNames(t *testing.T) {
	tests := []struct {
		format export.Format
		names  []string
		exts   []string
		ext    string
		binary bool
	}{
		{export.FormatText, []string{"text", "TXT", "plain"}, []string{"a.txt", "a.TEXT"}, ".txt", false},
		{export.FormatMarkdown, []string{"markdown", "md"}, []string{"a.md", "a.markdown"}, ".md", false},
		{export.FormatHTML, []string{"html", "htm"}, []string{"a.html", "a.htm", "a.xhtml"}, ".html", false},
		{export.FormatJSON, []string{"json"}, []string{"a.json"}, ".json", false},
		{export.FormatEPUB, []string{"epub", "epub3"}, []string{"a.epub"}, ".epub", true},
		{export.FormatDOCX, []string{"docx", "Word"}, []string{"a.docx"}, ".docx", true},
		{export.FormatODT, []string{"odt", "opendocument"}, []string{"a.odt"}, ".odt", true},
		{export.FormatPDF, []string{"pdf"}, []string{"dir/a.PDF"}, ".pdf", true},
		{export.FormatBRF, []string{"brf", "braille"}, []string{"a.brf"}, ".brf", false},
	}
	for _, tt := range tests {
		for _, n := range tt.names {
			if f, err := export.ParseFormat(n); f != tt.format || err != nil {
				t.Errorf("ParseFormat(%q) = %q, %v; want %q", n, f, err, tt.format)
			}
		}
		for _, p := range tt.exts {
			if f, ok := export.FormatOf(p); f != tt.format || !ok {
				t.Errorf("FormatOf(%q) = %q, %v; want %q", p, f, ok, tt.format)
			}
		}
		if got := tt.format.Ext(); got != tt.ext {
			t.Errorf("%s.Ext() = %q, want %q", tt.format, got, tt.ext)
		}
		if got := tt.format.Binary(); got != tt.binary {
			t.Errorf("%s.Binary() = %v, want %v", tt.format, got, tt.binary)
		}
	}
	if len(export.Formats) != len(tests) {
		t.Errorf("Formats has %d formats, want %d", len(export.Formats), len(tests))
	}
	if _, err := export.ParseFormat("rtf"); err == nil || err.Error() != `cannot convert to "rtf"` {
		t.Errorf("ParseFormat(rtf) error %v", err)
	}
	if f, ok := export.FormatOf("a.rtf"); ok || f != "" {
		t.Errorf("FormatOf(a.rtf) = %q, %v", f, ok)
	}
	if _, err := export.Write(nil, export.Format("rtf")); err == nil || err.Error() != `cannot convert to "rtf"` {
		t.Errorf("Write(rtf) error %v", err)
	}
	if got := export.Format("rtf").Ext(); got != ".rtf" {
		t.Errorf("unknown format's Ext() = %q", got)
	}
}
