package pdf

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"textfirst/internal/testkit"
	"textfirst/internal/tw/doc"
)

func contentObj(s string) string {
	return fmt.Sprintf("<< /Length %d >>\nstream\n%s\nendstream", len(s), s)
}

// simplePDF has one page per text, each shown in Helvetica 12.
func simplePDF(texts ...string) []byte {
	objs := []string{"<< /Type /Catalog /Pages 2 0 R >>", "", "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>"}
	var kids []string
	for _, t := range texts {
		objs = append(objs, contentObj("BT /F1 12 Tf 72 500 Td ("+t+") Tj ET"))
		objs = append(objs, fmt.Sprintf("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents %d 0 R >>", len(objs)))
		kids = append(kids, fmt.Sprintf("%d 0 R", len(objs)))
	}
	objs[1] = fmt.Sprintf("<< /Type /Pages /Kids [%s] /Count %d >>", strings.Join(kids, " "), len(kids))
	return testkit.PDF(objs, "/Root 1 0 R")
}

// loadQuick loads data and fails the test if it takes too long.
func loadQuick(t *testing.T, data []byte, limit time.Duration) (string, error) {
	t.Helper()
	start := time.Now()
	d, err := Load("x.pdf", data)
	if el := time.Since(start); el > limit {
		t.Errorf("took %v, limit %v", el, limit)
	}
	if err != nil {
		return "", err
	}
	return d.Text, nil
}

func TestPathological(t *testing.T) {
	good := simplePDF("Hello world.", "Second page.")
	many := make([]string, 10000)
	for i := range many {
		many[i] = fmt.Sprintf("Page %d text.", i+1)
	}
	deep := strings.Repeat("[", 100000) + strings.Repeat("]", 100000)
	cases := []struct {
		name    string
		data    []byte
		want    string // text wanted, or "" when an error is wanted
		wantErr string // part of the error
	}{
		{"plain", good, "Hello world.\n\nSecond page.", ""},
		{"broken xref offsets", bytes.Replace(good, []byte("0000000009 00000 n"), []byte("0000099999 00000 n"), 1), "Hello world.\n\nSecond page.", ""},
		{"no xref at all", good[:bytes.Index(good, []byte("xref"))], "Hello world.\n\nSecond page.", ""},
		{"startxref pointing nowhere", bytes.Replace(good, []byte("startxref\n"), []byte("startxref\n9"), 1), "Hello world.\n\nSecond page.", ""},
		{"page tree loop", testkit.PDF([]string{
			"<< /Type /Catalog /Pages 2 0 R >>",
			"<< /Type /Pages /Kids [2 0 R 3 0 R] /Count 2 >>",
			"<< /Type /Page /Parent 2 0 R /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
			contentObj("BT /F1 12 Tf 72 700 Td (Looped) Tj ET"),
			"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
		}, "/Root 1 0 R"), "Looped", ""},
		{"reference loop", testkit.PDF([]string{
			"<< /Type /Catalog /Pages 2 0 R >>",
			"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
			"<< /Type /Page /Parent 2 0 R /Contents 4 0 R /Resources 5 0 R >>",
			"4 0 R",
			"6 0 R",
			"5 0 R",
		}, "/Root 1 0 R"), "", "no text"},
		{"form xobject drawing itself", testkit.PDF([]string{
			"<< /Type /Catalog /Pages 2 0 R >>",
			"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
			"<< /Type /Page /Parent 2 0 R /Contents 4 0 R /Resources 5 0 R >>",
			contentObj("/X Do BT /F1 12 Tf 72 700 Td (Outer) Tj ET"),
			"<< /XObject << /X 6 0 R >> /Font << /F1 7 0 R >> >>",
			"<< /Type /XObject /Subtype /Form /Resources 5 0 R /Length 6 >>\nstream\n/X Do \nendstream",
			"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
		}, "/Root 1 0 R"), "Outer", ""},
		{"deeply nested arrays", testkit.PDF([]string{
			"<< /Type /Catalog /Pages 2 0 R >>",
			"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
			"<< /Type /Page /Parent 2 0 R /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> /Junk " + deep + " >>",
			contentObj(deep + " BT /F1 12 Tf 72 700 Td (Deep) Tj ET"),
			"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
		}, "/Root 1 0 R"), "", "no text"},
		{"not a pdf", []byte("hello"), "", "not a PDF"},
		{"empty", nil, "", "not a PDF"},
		{"10,000 pages", simplePDF(many...), "", ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if k := os.Getenv("TW_PDF_KEEP"); k != "" && tc.name == "10,000 pages" {
				os.WriteFile(filepath.Join(k, "pages10k.pdf"), tc.data, 0o644)
			}
			text, err := loadQuick(t, tc.data, 30*time.Second)
			switch {
			case tc.wantErr == "no text":
				// Loading must end; what it reads does not matter.
				if err != nil && errors.Is(err, ErrLimit) {
					t.Logf("refused: %v", err)
				}
			case tc.wantErr != "":
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Errorf("err = %v, want one containing %q", err, tc.wantErr)
				}
			case err != nil:
				t.Fatal(err)
			case tc.name == "10,000 pages":
				if !strings.HasPrefix(text, "Page 1 text.\n\nPage 2 text.") || !strings.HasSuffix(text, "Page 10000 text.") {
					t.Errorf("text starts %q, ends %q", text[:min(40, len(text))], text[max(0, len(text)-40):])
				}
			case text != tc.want:
				t.Errorf("text = %q, want %q", text, tc.want)
			}
		})
	}
}

// FuzzPDF: no input may crash, hang or break the document's invariants.
func FuzzPDF(f *testing.F) {
	dir := fixture(f, "")
	for _, n := range []string{"single.pdf", "running.pdf", "notes.pdf", "columns.pdf"} {
		data, err := os.ReadFile(filepath.Join(dir, n))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Add(simplePDF("Hello (world)", "Second"))
	f.Add(freeTextPDF())
	recoverPanics = false
	f.Fuzz(func(t *testing.T, data []byte) {
		var d *doc.Document
		var err error
		done := make(chan struct{})
		go func() {
			defer close(done)
			d, err = Load("fuzz.pdf", data)
		}()
		// A wall-clock limit generous enough for a busy machine: loads of
		// these inputs take milliseconds.
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			buf := make([]byte, 1<<20)
			t.Fatalf("loading hangs:\n%s", buf[:runtime.Stack(buf, true)])
		}
		if err != nil {
			return
		}
		n := d.Len()
		for _, m := range d.All() {
			if m.Start < 0 || m.End > n || m.Start > m.End {
				t.Fatalf("marker %v outside [0,%d]", m, n)
			}
		}
	})
}
