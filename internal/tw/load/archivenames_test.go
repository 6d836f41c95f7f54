package load

import (
	"archive/tar"
	"bytes"
	"os"
	"path/filepath"
	"sort"
	"testing"

	"textfirst/internal/tw/doc"
)

// tarOf builds a tar archive of the given members in name order.
func tarOf(t *testing.T, members map[string]string) []byte {
	t.Helper()
	names := make([]string, 0, len(members))
	for n := range members {
		names = append(names, n)
	}
	sort.Strings(names)
	var buf bytes.Buffer
	tw := tar.NewWriter(&buf)
	for _, n := range names {
		if err := tw.WriteHeader(&tar.Header{Name: n, Mode: 0o644, Size: int64(len(members[n])), Typeflag: tar.TypeReg}); err != nil {
			t.Fatal(err)
		}
		if _, err := tw.Write([]byte(members[n])); err != nil {
			t.Fatal(err)
		}
	}
	if err := tw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// TestArchiveMembersOpenByListedName: every member an archive lists opens
// by the link the listing gives it, read inside the archive by the very
// name it has there, even a name that climbs out ("../x.txt"), starts at
// the root or holds backslashes; neither a member with the cleaned name
// nor a file on disk where such a name would lead is what opens.
func TestArchiveMembersOpenByListedName(t *testing.T) {
	members := map[string]string{
		"../x.txt":        "member climbing one folder",
		"a/../../up.txt":  "member climbing through a folder",
		"../../deep.txt":  "member climbing two folders",
		"/abs.txt":        "member at the root",
		`dir\back.txt`:    "member with a backslash",
		"x.txt":           "member named plainly",
		"./dot/plain.txt": "member under a dot folder",
	}
	for _, kind := range []string{"zip", "tar"} {
		t.Run(kind, func(t *testing.T) {
			dir := t.TempDir()
			sub := filepath.Join(dir, "in")
			if err := os.Mkdir(sub, 0o755); err != nil {
				t.Fatal(err)
			}
			archive, data := filepath.Join(sub, "names.zip"), zipOf(t, members)
			if kind == "tar" {
				archive, data = filepath.Join(sub, "names.tar"), tarOf(t, members)
			}
			if err := os.WriteFile(archive, data, 0o644); err != nil {
				t.Fatal(err)
			}
			// Decoys where a cleaned path would land on disk.
			for _, p := range []string{filepath.Join(sub, "x.txt"), filepath.Join(dir, "x.txt"), filepath.Join(dir, "up.txt"), filepath.Join(sub, "up.txt"), filepath.Join(dir, "deep.txt")} {
				if err := os.WriteFile(p, []byte("a file on disk"), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			list, err := File(archive)
			if err != nil {
				t.Fatal(err)
			}
			links := map[string]bool{}
			for _, m := range list.MarkersOf(doc.Link) {
				links[m.Reference] = true
			}
			for name, body := range members {
				ref := archive + "!" + name
				if kind == "tar" && name == "./dot/plain.txt" {
					ref = archive + "!dot/plain.txt" // tar lists names without "./"
				}
				if !links[ref] {
					t.Errorf("%q: not listed as %q (links %v)", name, ref, links)
					continue
				}
				for _, p := range []string{ref, absPath(t, ref)} {
					d, err := File(p)
					if err != nil {
						t.Errorf("%q: %v", p, err)
						continue
					}
					if d.Text != body {
						t.Errorf("%q: read %q, want the member's %q", p, d.Text, body)
					}
				}
			}
		})
	}
}

func absPath(t *testing.T, p string) string {
	t.Helper()
	abs, member, err := AbsPath(p)
	if err != nil || !member {
		t.Fatalf("AbsPath(%q) = %q, %v, %v", p, abs, member, err)
	}
	return abs
}
