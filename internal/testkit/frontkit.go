package testkit

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"textfirst/internal/tw/doc"
)

// Fixtures and helpers shared by the tests of tw's front ends (the command
// line, the terminal reader, the JSON-RPC server and the end-to-end tests).

// Main runs the tests of a package whose tests build binaries with Binary
// or MustBinary, then removes the binaries: a package's TestMain calls it.
func Main(m *testing.M) {
	code := m.Run()
	Cleanup()
	os.Exit(code)
}

// EncryptedPDF writes the conformance fixture notes.pdf to path, encrypted
// by qpdf (AES-256) with the user password user, and returns path.
func EncryptedPDF(t testing.TB, path, user string) string {
	t.Helper()
	src := filepath.Join(Path(t, "conformance", "textweaver"), "notes.pdf")
	args := []string{"--encrypt", user, "owner-pw", "256", "--", src, path}
	if msg, err := exec.Command(Tool(t, "qpdf", "scripts/deps-pdf.sh"), args...).CombinedOutput(); err != nil {
		t.Fatalf("qpdf %v: %v\n%s", args, err, msg)
	}
	return path
}

// KeysInOrder reports an object anywhere in raw whose keys are not in
// strictly increasing order (which also catches a repeated key), and any
// trailing data after the one JSON value: the rule of tw's JSON-RPC that
// every object has its fields in alphabetical order at every depth.
func KeysInOrder(raw []byte) error {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	if err := walkKeys(dec, "$"); err != nil {
		return err
	}
	if _, err := dec.Token(); err != io.EOF {
		return fmt.Errorf("data after the JSON value")
	}
	return nil
}

func walkKeys(dec *json.Decoder, path string) error {
	tok, err := dec.Token()
	if err != nil {
		return err
	}
	delim, ok := tok.(json.Delim)
	if !ok {
		return nil
	}
	switch delim {
	case '{':
		prev := ""
		for i := 0; dec.More(); i++ {
			kt, err := dec.Token()
			if err != nil {
				return err
			}
			key := kt.(string)
			if i > 0 && key <= prev {
				return fmt.Errorf("at %s: key %q comes after %q", path, key, prev)
			}
			prev = key
			if err := walkKeys(dec, path+"."+key); err != nil {
				return err
			}
		}
	case '[':
		for i := 0; dec.More(); i++ {
			if err := walkKeys(dec, fmt.Sprintf("%s[%d]", path, i)); err != nil {
				return err
			}
		}
	}
	_, err = dec.Token() // the closing delimiter
	return err
}

// FuzzDoc is a document of text with the markers a fuzz test's shape
// bytes make, four a marker: its kind among kinds, its start, its length
// and its level (an even level byte makes a table row a header row).
func FuzzDoc(text string, shape []byte, kinds []doc.Kind) *doc.Document {
	return doc.New(text, doc.Meta{}, FuzzMarkers(text, shape, kinds))
}
