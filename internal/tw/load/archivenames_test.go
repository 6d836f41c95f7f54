package load

import (
	"archive/tar"
	"archive/zip"
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"textfirst/internal/tw/doc"
)

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

// FuzzArchiveNames: whatever its members are named (one name a line), an
// archive opens each member it lists by the link it gives: the bytes read
// are those of the first member of that name.
func FuzzArchiveNames(f *testing.F) {
	f.Add("../x.txt\nx.txt\na/../../up.txt\n/abs.txt\ndir\\back.txt\n./dot/plain.txt", false)
	f.Add("./x.txt\nx.txt\n../x.txt\nx.txt", true)
	f.Fuzz(func(t *testing.T, lines string, asTar bool) {
		names := strings.Split(lines, "\n")[:min(strings.Count(lines, "\n")+1, 20)]
		var buf bytes.Buffer
		kind := "zip"
		first := map[string]string{} // listed name -> the first such member's body
		if asTar {
			kind = "tar"
			tw := tar.NewWriter(&buf)
			for i, n := range names {
				body := fmt.Sprintf("member %d", i)
				if tw.WriteHeader(&tar.Header{Name: n, Mode: 0o644, Size: int64(len(body)), Typeflag: tar.TypeReg}) != nil {
					return
				}
				tw.Write([]byte(body))
				if _, ok := first[strings.TrimPrefix(n, "./")]; !ok {
					first[strings.TrimPrefix(n, "./")] = body
				}
			}
			tw.Close()
		} else {
			zw := zip.NewWriter(&buf)
			for i, n := range names {
				body := fmt.Sprintf("member %d", i)
				w, err := zw.CreateHeader(&zip.FileHeader{Name: n, Method: zip.Store})
				if err != nil {
					return
				}
				w.Write([]byte(body))
				if _, ok := first[n]; !ok {
					first[n] = body
				}
			}
			zw.Close()
		}
		data := buf.Bytes()
		list, err := loadArchive("f."+kind, data)
		if err != nil {
			return // not an archive the readers take (a name they refuse)
		}
		for _, m := range list.MarkersOf(doc.Link) {
			name := strings.TrimPrefix(m.Reference, "f."+kind+"!")
			got, err := archiveRead(kind, data, name)
			if err != nil {
				t.Fatalf("%q is listed but cannot be read: %v", name, err)
			}
			if string(got) != first[name] {
				t.Fatalf("%q reads %q, want the first member of that name, %q", name, got, first[name])
			}
		}
	})
}

// TestArchiveMembersLists: ArchiveMembers gives the readable members of a
// tar (hidden files, folders and unreadable kinds left out), each opening
// as archive!member; a file that is no archive, or no valid one, is an
// error.
func TestArchiveMembersLists(t *testing.T) {
	dir := t.TempDir()
	tarPath := filepath.Join(dir, "course.tar")
	os.WriteFile(tarPath, tarOf(t, map[string]string{
		"week2/notes.md": "# Notes\n", "week1/reading.html": "<h1>Reading</h1>", ".hidden.md": "x", "photo.bin": "\x00\x01",
	}), 0o644)
	os.WriteFile(filepath.Join(dir, "broken.zip"), []byte("PK\x03\x04 no zip"), 0o644)
	got, err := ArchiveMembers(tarPath)
	if err != nil || strings.Join(got, "|") != "week1/reading.html|week2/notes.md" {
		t.Fatalf("ArchiveMembers: %q, %v", got, err)
	}
	if d, err := File(tarPath + "!" + got[1]); err != nil || d.Meta.Title != "Notes" {
		t.Errorf("opening %s: %v", got[1], err)
	}
	for _, bad := range []string{filepath.Join(dir, "broken.zip"), filepath.Join(dir, "none.tar"), filepath.Join(dir, "notes.md")} {
		if _, err := ArchiveMembers(bad); err == nil {
			t.Errorf("ArchiveMembers(%s) gave no error", filepath.Base(bad))
		}
	}
}
