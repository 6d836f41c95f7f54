package load

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"textfirst/internal/testkit"
	"textfirst/internal/tw/doc"
)

// structure describes a book's headings, pages, notes and set-apart
// blocks, one line each.
func structure(d *doc.Document) []string {
	var out []string
	for _, m := range d.All() {
		text := strings.TrimSpace(d.Slice(m.Start, m.End))
		switch m.Kind {
		case doc.Heading:
			out = append(out, fmt.Sprintf("heading %d %s", m.Level, text))
		case doc.Footnote:
			out = append(out, fmt.Sprintf("footnote %s %s", m.Reference, text))
		case doc.Quote:
			out = append(out, fmt.Sprintf("quote %s %s", m.Label, text))
		}
	}
	for _, p := range d.Pages() {
		first, _, _ := strings.Cut(d.Slice(p.Start, p.End), "\n")
		out = append(out, fmt.Sprintf("page %s %s", p.Label, first))
	}
	return out
}

var DAISYBookStructure = []string{
	"heading 1 The Lighthouse Keeper",
	"heading 2 The Storm",
	"footnote fn1 1 A storm of the autumn of 1890.",
	"quote sidebar Lighthouses were lit with oil.",
	"heading 2 Morning",
	"quote prodnote Picture: a white tower.",
	"page 1 Mara kept the light for forty years.",
	"page 2 Waves broke over the rocks.",
}

// TestDAISYBooks opens both versions of the book as a folder, as its
// navigation file, and as a ZIP: the same text, headings at the levels
// of the navigation, pages, the note, the sidebar and the producer's
// note, and clips that say the text they cover.
func TestDAISYBooks(t *testing.T) {
	root := t.TempDir()
	d2 := filepath.Join(root, "daisy2")
	times2 := testkit.MakeDAISY2(t, d2, testkit.DAISYBook, []int{1, 2, 2}, true)
	d3 := filepath.Join(root, "daisy3")
	times3 := testkit.MakeDAISY3(t, d3, []int{1, 2, 2}, true)
	testkit.ZipFolder(t, d2, filepath.Join(root, "daisy2.zip"), "")
	testkit.ZipFolder(t, d3, filepath.Join(root, "daisy3.zip"), "book/")
	for _, tc := range []struct {
		name, path string
		times      testkit.ClipTimes
	}{
		{"2.02 folder", d2, times2},
		{"2.02 ncc.html", filepath.Join(d2, "ncc.html"), times2},
		{"2.02 zip", filepath.Join(root, "daisy2.zip"), times2},
		{"3 folder", d3, times3},
		{"3 opf", filepath.Join(d3, "book.opf"), times3},
		{"3 zip", filepath.Join(root, "daisy3.zip"), times3},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d, err := File(tc.path)
			if err != nil {
				t.Fatal(err)
			}
			if d.Text != testkit.DAISYText {
				t.Errorf("text\n got: %q\nwant: %q", d.Text, testkit.DAISYText)
			}
			if d.Meta.Format != formatDAISY || d.Meta.Title != "The Lighthouse Keeper" ||
				d.Meta.Author == nil || *d.Meta.Author != "Ada Reed" || d.Meta.Language == nil || *d.Meta.Language != "en" {
				t.Errorf("meta %+v", d.Meta)
			}
			if got := structure(d); strings.Join(got, "\n") != strings.Join(DAISYBookStructure, "\n") {
				t.Errorf("structure\n got: %q\nwant: %q", got, DAISYBookStructure)
			}
			if d.Meta.Properties["pages"] != "2" || d.Meta.Properties[PropertyBookAudio] != "yes" {
				t.Errorf("properties %v", d.Meta.Properties)
			}
			if d.Meta.Properties[PropertyMissingAudio] != "" {
				t.Errorf("audio said missing: %q", d.Meta.Properties[PropertyMissingAudio])
			}
			// The note reference leads to the note.
			for _, m := range d.MarkersOf(doc.Link) {
				if to, ok := d.LinkTarget(m); !ok || !strings.HasPrefix(d.Text[d.Byte(to):], "1 A storm") {
					t.Errorf("note reference %+v leads to %d, %v", m, to, ok)
				}
			}
			checkClips(t, d, tc.path, tc.times)
		})
	}
}

// checkClips checks a book's narration: a clip per phrase, in reading
// order, each at its place in its audio file and covering its phrase's
// text (a page number's clip covers the page's first text).
func checkClips(t *testing.T, d *doc.Document, path string, times testkit.ClipTimes) {
	t.Helper()
	audio, err := BookNarration(path)
	if err != nil {
		t.Fatal(err)
	}
	var want []string
	for s, sec := range testkit.DAISYBook {
		for i := range sec {
			want = append(want, fmt.Sprintf("s%d %s-%s", s+1, testkit.Clock(times[s][i][0]), testkit.Clock(times[s][i][1])))
		}
	}
	var got []string
	for _, c := range audio.Clips {
		file := strings.TrimSuffix(filepath.Base(c.Audio), filepath.Ext(c.Audio))
		got = append(got, fmt.Sprintf("%s %s-%s", file, testkit.Clock(c.Begin), testkit.Clock(c.ClipEnd)))
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Fatalf("clips\n got: %q\nwant: %q", got, want)
	}
	said := func(i int) string { c := audio.Clips[i]; return strings.TrimSpace(d.Slice(c.Start, c.End)) }
	for i, w := range map[int]string{0: "The Lighthouse Keeper", 2: "Mara kept the light for forty years.",
		4: "The wind rose at dusk.1", 7: "1 A storm of the autumn of 1890.", 11: "Picture: a white tower."} {
		if said(i) != w {
			t.Errorf("clip %d says %q, want %q", i, said(i), w)
		}
	}
	for _, c := range audio.Clips {
		if !strings.Contains(c.Audio, "!") {
			if _, err := os.Stat(c.Audio); err != nil {
				t.Errorf("clip audio: %v", err)
			}
		}
	}
}

// TestDAISYAudioOnly opens a DAISY 2.02 book without text: its NCC's
// headings and page numbers are its text, navigable by heading and page,
// and every clip says the entry it belongs to.
func TestDAISYAudioOnly(t *testing.T) {
	dir := t.TempDir()
	testkit.MakeDAISY2(t, dir, testkit.DAISYBook, []int{1, 2, 2}, false)
	d, err := File(dir)
	if err != nil {
		t.Fatal(err)
	}
	const want = "The Lighthouse Keeper\n\n1\n\nThe Storm\n\n2\n\nMorning"
	if d.Text != want {
		t.Fatalf("text %q, want %q", d.Text, want)
	}
	wantStructure := []string{"heading 1 The Lighthouse Keeper", "heading 2 The Storm", "heading 2 Morning",
		"page 1 1", "page 2 2"}
	if got := structure(d); strings.Join(got, "\n") != strings.Join(wantStructure, "\n") {
		t.Errorf("structure\n got: %q\nwant: %q", got, wantStructure)
	}
	audio, err := BookNarration(dir)
	if err != nil {
		t.Fatal(err)
	}
	var said []string
	for _, c := range audio.Clips {
		said = append(said, strings.TrimSpace(d.Slice(c.Start, c.End)))
	}
	wantSaid := []string{"The Lighthouse Keeper", "1", "1", "The Storm", "The Storm", "2", "2", "2", "2",
		"Morning", "Morning", "Morning"}
	if strings.Join(said, "|") != strings.Join(wantSaid, "|") {
		t.Errorf("clips say\n got: %q\nwant: %q", said, wantSaid)
	}
}

// TestDAISYMissingAudio: a book whose audio files are missing reads its
// text, lists the missing files, and narrates with the clips it has.
func TestDAISYMissingAudio(t *testing.T) {
	dir := t.TempDir()
	testkit.MakeDAISY2(t, dir, testkit.DAISYBook, []int{1, 2, 2}, true)
	if err := os.Remove(filepath.Join(dir, "audio", "s2.wav")); err != nil {
		t.Fatal(err)
	}
	d, err := File(dir)
	if err != nil {
		t.Fatal(err)
	}
	if d.Text != testkit.DAISYText {
		t.Errorf("text %q", d.Text)
	}
	if got := d.Meta.Properties[PropertyMissingAudio]; got != "audio/s2.wav" {
		t.Errorf("missing audio %q, want audio/s2.wav", got)
	}
	audio, err := BookNarration(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(audio.Clips) != 6 || strings.Join(audio.Missing, ",") != "audio/s2.wav" {
		t.Errorf("%d clips, missing %q; want 6 clips, audio/s2.wav missing", len(audio.Clips), audio.Missing)
	}
	// The clip before the missing ones ends where they start: it does not
	// claim their text.
	if c := audio.Clips[2]; strings.TrimSpace(d.Slice(c.Start, c.End)) != "Mara kept the light for forty years." {
		t.Errorf("the clip before the missing audio says %q", d.Slice(c.Start, c.End))
	}
}

// TestDAISYOutsideBook: a book whose SMIL or navigation names a file out
// of the book is refused, saying which file names what.
func TestDAISYOutsideBook(t *testing.T) {
	for _, tc := range []struct{ name, file, from, to string }{
		{"audio climbing out", "s1.smil", `src="audio/s1.wav"`, `src="../../secret.wav"`},
		{"absolute text", "s2.smil", `src="content.html#c3"`, `src="/etc/passwd#c3"`},
		{"text at a URL", "s3.smil", `src="content.html#c6"`, `src="https://example.org/c.html#c6"`},
		{"NCC out of the book", "ncc.html", `href="s2.smil#par_c3"`, `href="../other/s2.smil#par_c3"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			testkit.MakeDAISY2(t, dir, testkit.DAISYBook, []int{1, 2, 2}, true)
			p := filepath.Join(dir, tc.file)
			data, err := os.ReadFile(p)
			if err != nil {
				t.Fatal(err)
			}
			changed := strings.Replace(string(data), tc.from, tc.to, 1)
			if changed == string(data) {
				t.Fatalf("%s holds no %s", tc.file, tc.from)
			}
			testkit.WriteFiles(t, dir, map[string]string{tc.file: changed})
			_, err = File(dir)
			if err == nil {
				t.Fatal("loaded")
			}
			to := strings.TrimSuffix(strings.TrimPrefix(strings.TrimPrefix(tc.to, `src=`), `href=`), "")
			if !strings.Contains(err.Error(), reasonOutsideBook) || !strings.Contains(err.Error(), tc.file) ||
				!strings.Contains(err.Error(), strings.Trim(to, `"`)) {
				t.Errorf("error %q does not say that %s points outside the book to %s", err, tc.file, to)
			}
		})
	}
}

func TestSMILClock(t *testing.T) {
	for in, want := range map[string]time.Duration{
		"npt=1.5s": 1500 * time.Millisecond, "0:01:02.5": 62500 * time.Millisecond, "01:02.25": 62250 * time.Millisecond,
		"12.5s": 12500 * time.Millisecond, "1.5min": 90 * time.Second, "1h": time.Hour, "500ms": 500 * time.Millisecond,
		"3": 3 * time.Second, "": 0, "junk": 0, "-4s": 0,
	} {
		if got := smilClock(in); got != want {
			t.Errorf("smilClock(%q) = %v, want %v", in, got, want)
		}
	}
}
