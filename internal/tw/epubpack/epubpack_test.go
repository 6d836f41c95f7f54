package epubpack

import (
	"archive/zip"
	"bytes"
	"io"
	"testing"
	"time"
)

// TestPack: the mimetype comes first, stored and whole; the container
// points at the package; the files sit under EPUB/, stored when asked.
func TestPack(t *testing.T) {
	data, err := Pack(time.Unix(0, 0), "<package/>", []File{{Name: "text.xhtml", Data: []byte("<html/>")}, {Name: "a.mp3", Data: []byte("ID3"), Stored: true}})
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.HasPrefix(data[30:], []byte("mimetypeapplication/epub+zip")) {
		t.Errorf("the archive does not start with the stored mimetype: %q", data[:60])
	}
	z, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		t.Fatal(err)
	}
	want := []struct {
		name   string
		method uint16
		body   string
	}{
		{"mimetype", zip.Store, "application/epub+zip"},
		{"META-INF/container.xml", zip.Deflate, ""},
		{"EPUB/package.opf", zip.Deflate, "<package/>"},
		{"EPUB/text.xhtml", zip.Deflate, "<html/>"},
		{"EPUB/a.mp3", zip.Store, "ID3"},
	}
	if len(z.File) != len(want) {
		t.Fatalf("%d files, want %d", len(z.File), len(want))
	}
	for i, w := range want {
		f := z.File[i]
		r, _ := f.Open()
		body, _ := io.ReadAll(r)
		if f.Name != w.name || f.Method != w.method || w.body != "" && string(body) != w.body {
			t.Errorf("file %d: %s method %d %q, want %s %d %q", i, f.Name, f.Method, body, w.name, w.method, w.body)
		}
		if w.name == "META-INF/container.xml" && !bytes.Contains(body, []byte(`full-path="EPUB/package.opf"`)) {
			t.Errorf("container: %s", body)
		}
	}
	if Identifier([]byte("a")) != Identifier([]byte("a")) || Identifier([]byte("a")) == Identifier([]byte("b")) {
		t.Error("identifiers are not one per seed")
	}
}
