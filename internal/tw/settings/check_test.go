package settings

import (
	"errors"
	"path/filepath"
	"testing"

	"textfirst/internal/testkit"
)

// A check added with SetCheck refuses values in Set and Import, leaving the
// stored value as it was; the default put back (nil) is not checked.
func TestSetCheckRefusesInSetAndImport(t *testing.T) {
	home := t.TempDir()
	s, _, err := Open(home)
	if err != nil {
		t.Fatal(err)
	}
	refused := errors.New("no such voice")
	var asked []any
	s.SetCheck("speech.voice", func(v any) error {
		asked = append(asked, v)
		if v == "bogus" {
			return refused
		}
		return nil
	})
	if _, err := s.Set("speech.voice", "en-US"); err != nil {
		t.Fatalf("Set of an accepted voice: %v", err)
	}
	if _, err := s.Set("speech.voice", "bogus"); !errors.Is(err, refused) {
		t.Fatalf("Set of a refused voice: %v, want the check's reason", err)
	}
	if got := s.String("speech.voice"); got != "en-US" {
		t.Errorf("after the refusal speech.voice is %q, want en-US", got)
	}
	file := filepath.Join(t.TempDir(), "import.toml")
	testkit.WriteFile(t, file, "[speech]\nvoice = \"bogus\"\nrate = 300\n")
	n, err := s.Import(file)
	var ie *ImportError
	if n != 1 || !errors.As(err, &ie) || len(ie.Refused) != 1 || ie.Refused[0] != "no such voice" {
		t.Errorf("Import = %d, %v; want the rate taken and the voice refused with the check's reason", n, err)
	}
	if _, err := s.Set("speech.voice", nil); err != nil {
		t.Fatalf("putting the default back: %v", err)
	}
	if len(asked) != 3 {
		t.Errorf("the check was asked %v; want en-US and bogus twice, and never nil", asked)
	}
}
