package pdf_test

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"textfirst/internal/testkit"
	"textfirst/internal/tw/load"
)

// TestThroughLoad: load.File picks this loader for .pdf, and its binary
// check lets a PDF through.
func TestThroughLoad(t *testing.T) {
	path := filepath.Join(testkit.Path(t, "conformance", "textweaver"), "notes.pdf")
	d, err := load.File(path)
	if err != nil {
		t.Fatal(err)
	}
	if d.Meta.Format != "pdf" || d.Meta.Title != "Notes at the Foot" {
		t.Errorf("format %q title %q", d.Meta.Format, d.Meta.Title)
	}
}

// TestThroughLoadBinary: a PDF with binary bytes (as most have, after the
// header) is not refused as a binary file.
func TestThroughLoadBinary(t *testing.T) {
	data, err := os.ReadFile(filepath.Join(testkit.Path(t, "conformance", "textweaver"), "notes.pdf"))
	if err != nil {
		t.Fatal(err)
	}
	data = bytes.Replace(data, []byte("%PDF-1.4\n"), []byte("%PDF-1.4\n%\x00\x01\x02\x03\x04\x05\x06\n"), 1)
	d, err := load.Bytes("notes.pdf", data)
	if err != nil {
		t.Fatal(err)
	}
	if d.Meta.Format != "pdf" || d.Meta.Title != "Notes at the Foot" {
		t.Errorf("format %q title %q", d.Meta.Format, d.Meta.Title)
	}
}
