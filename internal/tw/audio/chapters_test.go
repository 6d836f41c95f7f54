package audio_test

import (
	"context"
	"path/filepath"
	"testing"

	"textfirst/internal/tw/audio"
	"textfirst/internal/tw/load"
)

// TestMP3ChaptersHaveTheirOwnTitles: a README whose title heading comes
// after a badge (as git's does) makes an MP3 whose opening chapter is not
// titled as the first heading's chapter; each chapter's title is its own.
func TestMP3ChaptersHaveTheirOwnTitles(t *testing.T) {
	const readme = "[![Build status](https://example.org/ci.svg)](https://example.org/ci)\n\n" +
		"Git - fast version control\n==========================\n\nGit is a version control system.\n\n" +
		"Getting help\n============\n\nRead the manual pages.\n"
	d, err := load.Bytes("README.md", []byte(readme))
	if err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "readme.mp3")
	if _, err := audio.Export(context.Background(), d, audio.Options{Out: out, Speech: espeak()}); err != nil {
		t.Fatal(err)
	}
	p := ffprobe(t, out, "-show_chapters")
	var titles []string
	seen := map[string]bool{}
	for _, c := range p.Chapters {
		title := c.Tags["title"]
		titles = append(titles, title)
		if seen[title] {
			t.Errorf("two chapters are titled %q: %q", title, titles)
		}
		seen[title] = true
	}
	if len(titles) != 3 || titles[1] != "Git - fast version control" || titles[2] != "Getting help" {
		t.Errorf("chapters %q", titles)
	}
}
