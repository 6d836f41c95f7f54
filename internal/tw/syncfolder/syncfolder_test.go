package syncfolder

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A damaged file of another computer is named and skipped; the others are
// read; this computer's own file is never among the others.
func TestOthersSkipsDamagedFiles(t *testing.T) {
	folder := t.TempDir()
	me := Config{Folder: folder, Computer: "desk"}
	for _, c := range []string{"desk", "lab", "laptop"} {
		if err := Publish(Config{Folder: folder, Computer: c}, "doc1", Device{Title: "T", Notes: []Note{{SID: c + ":1", Text: "n"}}}); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(docDir(folder, "doc1"), "broken.json"), []byte(`{"computer": "x", "notes": [`), 0o600); err != nil {
		t.Fatal(err)
	}
	others, err := Others(me, "doc1")
	if err == nil || !strings.Contains(err.Error(), "broken.json") {
		t.Errorf("a damaged file: %v", err)
	}
	if len(others) != 2 || others[0].Computer != "lab" || others[1].Computer != "laptop" {
		t.Errorf("others: %+v", others)
	}
	if _, err := Others(Config{Folder: filepath.Join(folder, "gone"), Computer: "desk"}, "doc1"); err != ErrNoFolder {
		t.Errorf("a folder not there: %v", err)
	}
	if got := fileName(`a/b:c`); got != "a_b_c.json" {
		t.Errorf("fileName: %q", got)
	}
}

// Any bytes as another computer's file: no panic, and a file read has a
// computer's name.
func FuzzOthers(f *testing.F) {
	f.Add([]byte(`{"computer":"lab","place":{"offset":3,"percent":10},"notes":[{"sid":"lab:1","text":"x","edited":1}]}`))
	f.Add([]byte(`{"computer":"","notes":null}`))
	f.Add([]byte(`[1,2`))
	f.Fuzz(func(t *testing.T, data []byte) {
		folder := t.TempDir()
		dir := docDir(folder, "d")
		if err := os.MkdirAll(dir, 0o700); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "other.json"), data, 0o600); err != nil {
			t.Fatal(err)
		}
		others, _ := Others(Config{Folder: folder, Computer: "me"}, "d")
		for _, d := range others {
			if d.Computer == "" {
				t.Fatalf("a device without a name: %+v", d)
			}
		}
	})
}
