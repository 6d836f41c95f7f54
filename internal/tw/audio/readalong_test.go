package audio_test

import (
	"archive/zip"
	"context"
	"encoding/base64"
	"io"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/net/html"

	"textfirst/internal/tw/audio"
	"textfirst/internal/tw/load"
	"textfirst/internal/tw/speech"
)

// readAlongWords are the document's words in reading order, as a
// read-along book must show them.
func readAlongWords(t *testing.T) string {
	return strings.Join(strings.Fields(loadBook(t).Text), " ")
}

// sentenceStarts are the times (ms) at which each sentence the recording
// speaks begins to be heard, in order: its first document word, or the
// words continuous reading inserted right before it ("heading level 1").
// What each clip must begin with.
func sentenceStarts(t *testing.T, rec *speech.Recording, sentences []string) []float64 {
	t.Helper()
	var out []float64
	wi := 0
	for _, s := range sentences {
		first := strings.Fields(s)[0]
		inserted := -1.0
		for ; wi < len(rec.Words); wi++ {
			w := rec.Words[wi]
			if w.Inserted {
				if inserted < 0 {
					inserted = w.TimeMs
				}
				continue
			}
			if strings.HasPrefix(first, w.Text) {
				break
			}
			inserted = -1
		}
		if wi == len(rec.Words) {
			t.Fatalf("no spoken word starts the sentence %q", s)
		}
		if inserted >= 0 {
			out = append(out, inserted)
		} else {
			out = append(out, rec.Words[wi].TimeMs)
		}
		wi++
	}
	return out
}

func zipFiles(t *testing.T, path string) map[string][]byte {
	t.Helper()
	z, err := zip.OpenReader(path)
	if err != nil {
		t.Fatal(err)
	}
	defer z.Close()
	out := map[string][]byte{}
	for _, f := range z.File {
		r, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		out[f.Name], _ = io.ReadAll(r)
		r.Close()
	}
	return out
}

var (
	spanRE = regexp.MustCompile(`<span id="(s\d+)"[^>]*>(.*?)</span>`)
	parRE  = regexp.MustCompile(`<par id="p\d+"><text src="text\.xhtml#(s\d+)"/><audio src="audio\.mp3" clipBegin="([0-9:.]+)" clipEnd="([0-9:.]+)"/></par>`)
	tagRE  = regexp.MustCompile(`<[^>]+>`)
)

// clockMs reads a SMIL clock value h:mm:ss.fff.
func clockMs(t *testing.T, s string) float64 {
	t.Helper()
	parts := strings.Split(s, ":")
	if len(parts) != 3 {
		t.Fatalf("not a clock value: %q", s)
	}
	h, _ := strconv.Atoi(parts[0])
	m, _ := strconv.Atoi(parts[1])
	sec := secs(t, parts[2])
	return float64(h*3600000+m*60000) + sec*1000
}

// TestReadAlongEPUB: an EPUB 3 with Media Overlays out of a document read
// by real espeak-ng passes epubcheck; its overlay pairs every sentence,
// in order, with a clip that begins at the sentence's first word and ends
// where the next begins, the last at the end of the MP3 audio as ffprobe
// measures it (within 100 ms); and tw reads the book back as the same
// words.
func TestReadAlongEPUB(t *testing.T) {
	out := filepath.Join(t.TempDir(), "book.epub")
	res, err := audio.Export(context.Background(), loadBook(t), audio.Options{Out: out, Speech: espeak()})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Files) != 1 || res.Files[0].Path != out {
		t.Fatalf("files %+v", res.Files)
	}
	check, err := exec.Command("java", "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-Xshare:auto",
		"-jar", "/usr/share/java/epubcheck.jar", out).CombinedOutput()
	if err != nil {
		t.Errorf("epubcheck (scripts/deps-export.sh installs it): %v\n%s", err, check)
	}
	files := zipFiles(t, out)
	if string(files["mimetype"]) != "application/epub+zip" {
		t.Errorf("mimetype %q", files["mimetype"])
	}
	spans := spanRE.FindAllStringSubmatch(string(files["EPUB/text.xhtml"]), -1)
	pars := parRE.FindAllStringSubmatch(string(files["EPUB/text.smil"]), -1)
	if len(spans) == 0 || len(pars) != len(spans) {
		t.Fatalf("%d spans, %d pars:\n%s", len(spans), len(pars), files["EPUB/text.smil"])
	}
	var sentences []string
	for _, s := range spans {
		sentences = append(sentences, html.UnescapeString(tagRE.ReplaceAllString(s[2], " ")))
	}
	starts := sentenceStarts(t, res.Recording, sentences)
	for i, p := range pars {
		if p[1] != spans[i][1] {
			t.Errorf("par %d points at %s, the %d-th sentence is %s", i+1, p[1], i+1, spans[i][1])
		}
		begin, end := clockMs(t, p[2]), clockMs(t, p[3])
		if math.Abs(begin-starts[i]) > 1 {
			t.Errorf("clip %d (%q) begins at %.0f ms, its first word at %.0f ms", i+1, sentences[i], begin, starts[i])
		}
		if end <= begin {
			t.Errorf("clip %d: %s to %s", i+1, p[2], p[3])
		}
		if i > 0 && math.Abs(begin-clockMs(t, pars[i-1][3])) > 1 {
			t.Errorf("clip %d begins at %s, the one before ends at %s", i+1, p[2], pars[i-1][3])
		}
	}
	mp3 := filepath.Join(t.TempDir(), "audio.mp3")
	if err := os.WriteFile(mp3, files["EPUB/audio.mp3"], 0o644); err != nil {
		t.Fatal(err)
	}
	duration := decodedSeconds(t, mp3) * 1000
	last := clockMs(t, pars[len(pars)-1][3])
	if math.Abs(last-duration) > 100 {
		t.Errorf("the last clip ends at %.0f ms, the audio lasts %.0f ms", last, duration)
	}
	opf := string(files["EPUB/package.opf"])
	for _, want := range []string{`media-overlay="overlay"`, `<meta property="media:duration" refines="#overlay">` + pars[len(pars)-1][3] + `</meta>`, `media-type="audio/mpeg"`} {
		if !strings.Contains(opf, want) {
			t.Errorf("package.opf lacks %s:\n%s", want, opf)
		}
	}
	back, err := load.File(out)
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(strings.Fields(back.Text), " "); got != readAlongWords(t) {
		t.Errorf("the book reads back as\n%q\nwant\n%q", got, readAlongWords(t))
	}
}

// TestReadAlongHTML: the read-along page holds its audio (MP3 in a data
// address, which ffprobe decodes), every sentence of the document once, in
// order, each with its clip's times in seconds (increasing, the last ending
// with the audio), and the script that marks them.
func TestReadAlongHTML(t *testing.T) {
	out := filepath.Join(t.TempDir(), "book.html")
	res, err := audio.Export(context.Background(), loadBook(t), audio.Options{Out: out, Speech: espeak(), NoSidecar: true})
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	root, err := html.Parse(strings.NewReader(string(data)))
	if err != nil {
		t.Fatal(err)
	}
	var src, script string
	type span struct {
		text       string
		begin, end float64
	}
	var spans []span
	var text func(n *html.Node) string
	text = func(n *html.Node) string {
		if n.Type == html.TextNode {
			return n.Data
		}
		var b strings.Builder
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			b.WriteString(text(c) + " ")
		}
		return b.String()
	}
	var walk func(n *html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.ElementNode {
			attr := map[string]string{}
			for _, a := range n.Attr {
				attr[a.Key] = a.Val
			}
			switch {
			case n.Data == "audio":
				src = attr["src"]
			case n.Data == "script":
				script = text(n)
			case n.Data == "span" && attr["data-begin"] != "":
				spans = append(spans, span{text(n), secs(t, attr["data-begin"]), secs(t, attr["data-end"])})
			}
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(root)
	b64, ok := strings.CutPrefix(src, "data:audio/mpeg;base64,")
	if !ok {
		t.Fatalf("the audio is not inside the page: %.60q", src)
	}
	mp3, err := base64.StdEncoding.DecodeString(b64)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "audio.mp3")
	os.WriteFile(path, mp3, 0o644)
	duration := decodedSeconds(t, path)
	var sentences, words []string
	for i, s := range spans {
		sentences = append(sentences, s.text)
		words = append(words, strings.Fields(s.text)...)
		if s.end <= s.begin || i > 0 && s.begin != spans[i-1].end {
			t.Errorf("span %d: %.3f to %.3f after one ending at %.3f", i+1, s.begin, s.end, spans[max(i-1, 0)].end)
		}
	}
	if len(spans) == 0 {
		t.Fatal("no sentence spans")
	}
	if got := strings.Join(words, " "); got != readAlongWords(t) {
		t.Errorf("the page's sentences are\n%q\nwant\n%q", got, readAlongWords(t))
	}
	starts := sentenceStarts(t, res.Recording, sentences)
	for i, s := range spans {
		if math.Abs(s.begin*1000-starts[i]) > 1 {
			t.Errorf("span %d begins at %.3f s, its first word at %.0f ms", i+1, s.begin, starts[i])
		}
	}
	if last := spans[len(spans)-1].end; math.Abs(last-duration) > 0.1 {
		t.Errorf("the last span ends at %.3f s, the audio lasts %.3f s", last, duration)
	}
	for _, want := range []string{"timeupdate", "read-along-active", "currentTime"} {
		if !strings.Contains(script, want) {
			t.Errorf("the script lacks %s", want)
		}
	}
}

// TestReadAlongRefusesSplit: a read-along book is one file.
func TestReadAlongRefusesSplit(t *testing.T) {
	out := filepath.Join(t.TempDir(), "book.epub")
	if _, err := audio.Export(context.Background(), loadBook(t), audio.Options{Out: out, Speech: espeak(), Split: true}); err == nil || !strings.Contains(err.Error(), "one file") {
		t.Errorf("split read-along: %v", err)
	}
	if _, err := os.Stat(out); !os.IsNotExist(err) {
		t.Errorf("a refused export wrote %s", out)
	}
}
