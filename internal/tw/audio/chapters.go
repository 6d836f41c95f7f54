package audio

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"

	"textfirst/internal/tw/doc"
	"textfirst/internal/tw/speech"
)

// Chapter is a part of a recording that starts at a heading: its title, its
// document range and its time in samples of the recording.
type Chapter struct {
	Title              string
	Start, End         int   // code points
	StartSam, EndSam   int64 // samples of the recording
	StartMs, EndMs     float64
	HeadingAt, HeadEnd int // the heading's range (Start..HeadEnd); -1 for a preamble
}

// headingTitle is a heading's text on one line.
func headingTitle(d *doc.Document, m doc.Marker) string {
	return strings.Join(strings.Fields(d.Slice(m.Start, m.End)), " ")
}

// chaptersOf divides the recording rec of d's range [from, to) at the headings
// of level (or above: a level-1 heading also starts a chapter when level is
// 2). A chapter starts at its heading's first word; text before the first
// heading is a chapter of its own, titled with the document's title or,
// when there is none or it is the first heading's, "Beginning". level 0 means the top level present. With no heading, the
// whole recording is one chapter.
func chaptersOf(d *doc.Document, rec *speech.Recording, level, from, to int) []Chapter {
	if level <= 0 {
		level = d.TopHeadingLevel(from, to)
	}
	var heads []doc.Marker
	if level > 0 {
		for _, m := range d.All() {
			if m.Kind == doc.Heading && m.Level <= level && m.Start >= from && m.Start < to {
				heads = append(heads, m)
			}
		}
	}
	// wordAt is the sample of the first word at or after pos.
	wi := 0
	wordAt := func(pos int) int64 {
		for wi < len(rec.Words) && rec.Words[wi].Start < pos {
			wi++
		}
		if wi < len(rec.Words) {
			return rec.Words[wi].Sample
		}
		return rec.Samples
	}
	var out []Chapter
	// The text before the first heading is titled with the document's
	// title, unless that is the first heading's own (a title taken from
	// the heading after a badge or a logo): chapters never share a title.
	title := d.Meta.Title
	if title == "" || len(heads) > 0 && title == headingTitle(d, heads[0]) {
		title = "Beginning"
	}
	if len(heads) == 0 || hasWords(rec, from, heads[0].Start) {
		out = append(out, Chapter{Title: title, Start: from, HeadingAt: -1})
	}
	for _, h := range heads {
		out = append(out, Chapter{Title: headingTitle(d, h), Start: h.Start, StartSam: wordAt(h.Start), HeadingAt: h.Start, HeadEnd: h.End})
	}
	out[0].StartSam = 0
	for i := range out {
		if i+1 < len(out) {
			out[i].End, out[i].EndSam = out[i+1].Start, out[i+1].StartSam
		} else {
			out[i].End, out[i].EndSam = to, rec.Samples
		}
		out[i].StartMs = ms(rec, out[i].StartSam)
		out[i].EndMs = ms(rec, out[i].EndSam)
	}
	return out
}

func hasWords(rec *speech.Recording, from, to int) bool {
	for _, w := range rec.Words {
		if w.Start >= from && w.Start < to {
			return true
		}
	}
	return false
}

func ms(rec *speech.Recording, sample int64) float64 {
	return float64(sample) * 1000 / float64(rec.SampleRate)
}

// ffMetadata is the chapters (times offset by -base samples) and tags of a
// file in ffmpeg's metadata format (FFMETADATA1), which ffmpeg writes as
// the container's own chapters: MP4 chapters, ID3 CHAP frames. With vorbis
// the chapters are written as Vorbis comments instead (CHAPTER001=00:00:03.502,
// CHAPTER001NAME=Title: the chapter extension of Vorbis comments, which
// FLAC and Ogg Opus carry): ffmpeg 5.1 writes no chapters into FLAC and
// writes them into Ogg a second late.
func ffMetadata(tags [][2]string, chapters []Chapter, rate int, base int64, vorbis bool) string {
	var b strings.Builder
	b.WriteString(";FFMETADATA1\n")
	for _, t := range tags {
		if t[1] != "" {
			fmt.Fprintf(&b, "%s=%s\n", t[0], metaEscape(t[1]))
		}
	}
	for i, c := range chapters {
		if vorbis {
			at := float64(c.StartSam-base) * 1000 / float64(rate)
			fmt.Fprintf(&b, "CHAPTER%03d=%s\nCHAPTER%03dNAME=%s\n", i+1, stamp(at, '.'), i+1, metaEscape(c.Title))
			continue
		}
		fmt.Fprintf(&b, "[CHAPTER]\nTIMEBASE=1/%d\nSTART=%d\nEND=%d\ntitle=%s\n", rate, c.StartSam-base, c.EndSam-base, metaEscape(c.Title))
	}
	return b.String()
}

// metaEscape escapes what FFMETADATA gives a meaning: = ; # \ and newlines.
func metaEscape(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch r {
		case '=', ';', '#', '\\', '\n':
			b.WriteByte('\\')
		}
		b.WriteRune(r)
	}
	return b.String()
}

// Range finds the part of d that --range names: a page range ("3", "3-5",
// counted from 1: doc.Pages) when d has pages, else a heading (its text, case and spacing
// ignored, or a unique start of it) up to the next heading of its level or
// above, or code points "START:END".
func Range(d *doc.Document, spec string) (from, to int, err error) {
	spec = strings.TrimSpace(spec)
	if a, b, ok := strings.Cut(spec, ":"); ok {
		x, e1 := strconv.Atoi(strings.TrimSpace(a))
		y, e2 := strconv.Atoi(strings.TrimSpace(b))
		if e1 == nil && e2 == nil && 0 <= x && x < y && y <= d.Len() {
			return x, y, nil
		}
	}
	if pages := d.Pages(); len(pages) > 0 && spec != "" && unicode.IsDigit(rune(spec[0])) {
		a, b, _ := strings.Cut(spec, "-")
		p, e1 := strconv.Atoi(strings.TrimSpace(a))
		q := p
		var e2 error
		if b != "" {
			q, e2 = strconv.Atoi(strings.TrimSpace(b))
		}
		if e1 != nil || e2 != nil || p < 1 || q < p || q > len(pages) {
			return 0, 0, fmt.Errorf("no pages %q: the document has pages 1 to %d", spec, len(pages))
		}
		from, to = pages[p-1].Start, pages[q-1].End
		if from == to {
			return 0, 0, fmt.Errorf("pages %q have no text", spec)
		}
		return from, to, nil
	}
	want := strings.ToLower(strings.Join(strings.Fields(spec), " "))
	heads := d.MarkersOf(doc.Heading)
	pick := -1
	var prefix []int
	for i, h := range heads {
		t := strings.ToLower(headingTitle(d, h))
		if t == want {
			pick = i
			break
		}
		if want != "" && strings.HasPrefix(t, want) {
			prefix = append(prefix, i)
		}
	}
	if pick < 0 && len(prefix) == 1 {
		pick = prefix[0]
	}
	if pick < 0 {
		if len(prefix) > 1 {
			return 0, 0, fmt.Errorf("%d headings start with %q", len(prefix), spec)
		}
		return 0, 0, fmt.Errorf("no heading %q", spec)
	}
	h := heads[pick]
	to = d.Len()
	for _, n := range heads[pick+1:] {
		if n.Level <= h.Level {
			to = n.Start
			break
		}
	}
	return h.Start, to, nil
}

// Cue is a subtitle: a time span and its text.
type Cue struct {
	StartMs, EndMs float64
	Text           string
	marks          []wordMark // karaoke: its words and their times
	lines          bool       // karaoke: a cue of one word, marked
}

// wordCues are a cue per document word of the recording, from the word's
// time (or that of the words continuous reading inserted right before it,
// which have no cue of their own: "heading level 2" is heard under the
// heading's first word) to the next word's (the last to the end of the
// audio).
func wordCues(rec *speech.Recording) []Cue {
	cues := make([]Cue, 0, len(rec.Words))
	start := -1.0
	for i, w := range rec.Words {
		if start < 0 {
			start = w.TimeMs
		}
		if w.Inserted {
			continue
		}
		end := rec.DurationMs
		if i+1 < len(rec.Words) {
			end = rec.Words[i+1].TimeMs
		}
		cues = append(cues, Cue{StartMs: start, EndMs: end, Text: w.Text})
		start = -1
	}
	return cues
}

// sentenceCues are a cue per sentence of d's range [from, to) that holds a
// spoken word, from its first word's time to the next sentence's (the last
// to the end of the audio).
func sentenceCues(d *doc.Document, rec *speech.Recording, from, to int) []Cue {
	var cues []Cue
	for _, b := range readAlongBlocks(d, rec, from, to) {
		for _, p := range b.parts {
			if p.clip != nil {
				cues = append(cues, Cue{StartMs: p.clip.StartMs, EndMs: p.clip.EndMs, Text: strings.Join(strings.Fields(p.text), " ")})
			}
		}
	}
	return cues
}

// SRT writes cues as SubRip, times offset by -baseMs.
func SRT(cues []Cue, baseMs float64) string {
	var b strings.Builder
	for i, c := range cues {
		text := cueText(c.Text)
		if c.marks != nil {
			text = c.markedText(baseMs, false, func(s string) string { return s })
		}
		fmt.Fprintf(&b, "%d\n%s --> %s\n%s\n\n", i+1, stamp(c.StartMs-baseMs, ','), stamp(c.EndMs-baseMs, ','), text)
	}
	return b.String()
}

// VTT writes cues as WebVTT, times offset by -baseMs.
func VTT(cues []Cue, baseMs float64) string {
	var b strings.Builder
	b.WriteString("WEBVTT\n\n")
	escape := strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;").Replace
	for _, c := range cues {
		t := escape(cueText(c.Text))
		if c.marks != nil {
			t = c.markedText(baseMs, true, escape)
		}
		fmt.Fprintf(&b, "%s --> %s\n%s\n\n", stamp(c.StartMs-baseMs, '.'), stamp(c.EndMs-baseMs, '.'), t)
	}
	return b.String()
}

// cueText keeps a cue's text on one line and never empty (a blank line ends
// a cue; "-->" would start one).
func cueText(s string) string {
	s = strings.ReplaceAll(strings.Join(strings.Fields(s), " "), "-->", "->")
	if s == "" {
		return "…"
	}
	return s
}

func stamp(ms float64, sep byte) string {
	n := int64(ms + 0.5)
	if n < 0 {
		n = 0
	}
	return fmt.Sprintf("%02d:%02d:%02d%c%03d", n/3600000, n/60000%60, n/1000%60, sep, n%1000)
}
