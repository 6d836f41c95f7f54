package testkit

import (
	"archive/zip"
	endian "encoding/binary"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// DAISY books for tests, made by hand from the published
// specifications (DAISY 2.02, 2001; ANSI/NISO Z39.86-2005), as no Debian
// package makes them, with their narration spoken by espeak-ng: a short
// book of three headings, two print pages, a note, a sidebar and a
// producer's note.

// Phrase is one phrase of a test book: the id of its text in the content
// ("" in an audio-only book), and what the narration says.
type Phrase struct{ ID, Say string }

// DAISYBook is the book MakeDAISY2 and MakeDAISY3 make: a SMIL file (and an
// audio file) per section.
var DAISYBook = [][]Phrase{
	{{"c1", "The Lighthouse Keeper"}, {"page1", "Page 1"}, {"c2", "Mara kept the light for forty years."}},
	{{"c3", "The Storm"}, {"c4", "The wind rose at dusk."}, {"page2", "Page 2"},
		{"c5", "Waves broke over the rocks."}, {"fn1", "Note 1. A storm of the autumn of 1890."},
		{"sb1", "Lighthouses were lit with oil."}},
	{{"c6", "Morning"}, {"c7", "The sea was calm again."}, {"pn1", "Picture: a white tower."}},
}

// DAISYText is the canonical text of DAISYBook.
const DAISYText = "The Lighthouse Keeper\n\nMara kept the light for forty years.\n\nThe Storm\n\n" +
	"The wind rose at dusk.1\n\nWaves broke over the rocks.\n\n1 A storm of the autumn of 1890.\n\n" +
	"Lighthouses were lit with oil.\n\nMorning\n\nThe sea was calm again.\n\nPicture: a white tower."

// ClipTimes are, by section and phrase, where each phrase is in its
// section's audio: its start and end.
type ClipTimes [][][2]time.Duration

// narrate speaks each section's phrases with espeak-ng into one WAV file
// per section (dir/audio/sN.wav), the phrases one after another, and
// returns where each phrase is in its file.
func narrate(t testing.TB, dir string, sections [][]Phrase) ClipTimes {
	t.Helper()
	if _, err := exec.LookPath("espeak-ng"); err != nil {
		t.Fatal("espeak-ng is needed to make the test books' narration (scripts/deps-formats.sh installs it)")
	}
	if err := os.MkdirAll(filepath.Join(dir, "audio"), 0o755); err != nil {
		t.Fatal(err)
	}
	times := make(ClipTimes, len(sections))
	for s, sec := range sections {
		var pcm []byte
		var format []byte
		for _, p := range sec {
			tmp := filepath.Join(t.TempDir(), "p.wav")
			if out, err := exec.Command("espeak-ng", "-w", tmp, p.Say).CombinedOutput(); err != nil {
				t.Fatalf("espeak-ng: %v %s", err, out)
			}
			data, err := os.ReadFile(tmp)
			if err != nil {
				t.Fatal(err)
			}
			fmtChunk, samples := wavParts(t, data)
			format = fmtChunk
			rate := int(endian.LittleEndian.Uint32(fmtChunk[8:12])) // bytes a second
			begin := time.Duration(len(pcm)) * time.Second / time.Duration(rate)
			pcm = append(pcm, samples...)
			end := time.Duration(len(pcm)) * time.Second / time.Duration(rate)
			times[s] = append(times[s], [2]time.Duration{begin.Round(time.Millisecond), end.Round(time.Millisecond)})
		}
		writeWAV(t, filepath.Join(dir, "audio", fmt.Sprintf("s%d.wav", s+1)), format, pcm)
	}
	return times
}

// wavParts returns the fmt chunk and the samples of a WAV file.
func wavParts(t testing.TB, data []byte) (fmtChunk, samples []byte) {
	t.Helper()
	for i := 12; i+8 <= len(data); {
		id := string(data[i : i+4])
		n := int(endian.LittleEndian.Uint32(data[i+4 : i+8]))
		body := data[i+8 : min(i+8+n, len(data))]
		switch id {
		case "fmt ":
			fmtChunk = body
		case "data":
			samples = body
		}
		i += 8 + n + n%2
	}
	if fmtChunk == nil || samples == nil {
		t.Fatal("espeak-ng wrote a WAV file without fmt or data")
	}
	return fmtChunk, samples
}

func writeWAV(t testing.TB, path string, fmtChunk, pcm []byte) {
	t.Helper()
	var b []byte
	le := endian.LittleEndian
	b = append(b, "RIFF"...)
	b = le.AppendUint32(b, uint32(4+8+len(fmtChunk)+8+len(pcm)))
	b = append(b, "WAVEfmt "...)
	b = le.AppendUint32(b, uint32(len(fmtChunk)))
	b = append(b, fmtChunk...)
	b = append(b, "data"...)
	b = le.AppendUint32(b, uint32(len(pcm)))
	b = append(b, pcm...)
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
}

// WriteFiles writes files (name → content; names slash-separated) under
// dir, making their folders.
func WriteFiles(t testing.TB, dir string, files map[string]string) {
	t.Helper()
	for name, body := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// npt writes a SMIL 1.0 clock value.
func npt(d time.Duration) string { return fmt.Sprintf("npt=%.3fs", d.Seconds()) }

// Clock writes a SMIL 2.0 full clock value.
func Clock(d time.Duration) string {
	ms := d.Milliseconds()
	return fmt.Sprintf("%d:%02d:%02d.%03d", ms/3600000, ms/60000%60, ms/1000%60, ms%1000)
}

// daisy2Content is the text of the DAISY 2.02 test book.
const daisy2Content = `<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "xhtml1-transitional.dtd">
<html xmlns="http://www.w3.org/1999/xhtml"><head><title>The Lighthouse Keeper</title>
<meta http-equiv="Content-type" content="text/html; charset=utf-8"/></head><body>
<h1 id="c1">The Lighthouse Keeper</h1>
<span class="page-normal" id="page1">1</span>
<p id="c2">Mara kept the light for forty years.</p>
<h2 id="c3">The Storm</h2>
<p id="c4">The wind rose at dusk.<span class="noteref"><a href="#fn1">1</a></span></p>
<p><span class="page-normal" id="page2">2</span></p>
<p id="c5">Waves broke over the rocks.</p>
<div class="footnote" id="fn1"><p>1 A storm of the autumn of 1890.</p></div>
<div class="sidebar" id="sb1"><p>Lighthouses were lit with oil.</p></div>
<h2 id="c6">Morning</h2>
<p id="c7">The sea was calm again.</p>
<div class="optional-prodnote" id="pn1"><p>Picture: a white tower.</p></div>
</body></html>
`

// MakeDAISY2 writes a DAISY 2.02 book of sections into dir: ncc.html, a
// SMIL file per section, the narration, and (when text) content.html.
// The NCC lists each section's first phrase as a heading (levels) and
// each "pageN" phrase as a page.
func MakeDAISY2(t testing.TB, dir string, sections [][]Phrase, levels []int, text bool) ClipTimes {
	t.Helper()
	times := narrate(t, dir, sections)
	var ncc strings.Builder
	ncc.WriteString(`<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "xhtml1-transitional.dtd">
<html xmlns="http://www.w3.org/1999/xhtml"><head><title>The Lighthouse Keeper</title>
<meta http-equiv="Content-type" content="text/html; charset=utf-8"/>
<meta name="dc:title" content="The Lighthouse Keeper"/>
<meta name="dc:creator" content="Ada Reed"/>
<meta name="dc:language" content="en"/>
<meta name="dc:format" content="Daisy 2.02"/>
`)
	media := "audioFullText"
	if !text {
		media = "audioNcc"
	}
	fmt.Fprintf(&ncc, "<meta name=\"ncc:multimediaType\" content=%q/>\n</head><body>\n", media)
	files := map[string]string{}
	for s, sec := range sections {
		smilName := fmt.Sprintf("s%d.smil", s+1)
		var smil strings.Builder
		smil.WriteString(`<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE smil PUBLIC "-//W3C//DTD SMIL 1.0//EN" "http://www.w3.org/TR/REC-smil/SMIL10.dtd">
<smil><head><meta name="dc:format" content="Daisy 2.02"/><layout><region id="txtView"/></layout></head>
<body><seq>
`)
		for i, p := range sec {
			parID := fmt.Sprintf("par_%s", p.ID)
			smil.WriteString(`<par endsync="last" id="` + parID + `">`)
			if text {
				fmt.Fprintf(&smil, `<text src="content.html#%s" id="txt_%s"/>`, p.ID, p.ID)
			}
			fmt.Fprintf(&smil, `<seq><audio src="audio/s%d.wav" clip-begin="%s" clip-end="%s" id="aud_%s"/></seq></par>`+"\n",
				s+1, npt(times[s][i][0]), npt(times[s][i][1]), p.ID)
			switch {
			case i == 0:
				fmt.Fprintf(&ncc, "<h%d id=\"n_%s\"><a href=\"%s#%s\">%s</a></h%d>\n", levels[s], p.ID, smilName, parID, p.Say, levels[s])
			case strings.HasPrefix(p.ID, "page"):
				fmt.Fprintf(&ncc, "<span class=\"page-normal\" id=\"n_%s\"><a href=\"%s#%s\">%s</a></span>\n",
					p.ID, smilName, parID, strings.TrimPrefix(p.ID, "page"))
			}
		}
		smil.WriteString("</seq></body></smil>\n")
		files[smilName] = smil.String()
	}
	ncc.WriteString("</body></html>\n")
	files["ncc.html"] = ncc.String()
	if text {
		files["content.html"] = daisy2Content
	}
	WriteFiles(t, dir, files)
	return times
}

// daisy3DTBook is the text of the DAISY 3 test book.
const daisy3DTBook = `<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE dtbook PUBLIC "-//NISO//DTD dtbook 2005-3//EN" "http://www.daisy.org/z3986/2005/dtbook-2005-3.dtd">
<dtbook xmlns="http://www.daisy.org/z3986/2005/dtbook/" version="2005-3" xml:lang="en">
<head><meta name="dtb:uid" content="tw-test-0001"/><meta name="dc:Title" content="The Lighthouse Keeper"/></head>
<book>
<frontmatter><doctitle id="c1">The Lighthouse Keeper</doctitle></frontmatter>
<bodymatter>
<level1><pagenum id="page1" page="normal">1</pagenum>
<p id="c2">Mara kept the light for forty years.</p>
<level2><h2 id="c3">The Storm</h2>
<p id="c4">The wind rose at dusk.<noteref idref="#fn1">1</noteref></p>
<pagenum id="page2" page="normal">2</pagenum>
<p id="c5">Waves broke over the rocks.</p>
<note id="fn1"><p>1 A storm of the autumn of 1890.</p></note>
<sidebar id="sb1" render="optional"><p>Lighthouses were lit with oil.</p></sidebar>
</level2>
<level2><hd id="c6">Morning</hd>
<p id="c7">The sea was calm again.</p>
<prodnote id="pn1" render="optional">Picture: a white tower.</prodnote>
</level2>
</level1>
</bodymatter>
</book>
</dtbook>
`

// MakeDAISY3 writes a DAISY 3 book of DAISYBook into dir: the package,
// the NCX (a navPoint per section, nested by depth; a pageList), the
// DTBook, a SMIL file per section and the narration, as MP3 when mp3.
func MakeDAISY3(t testing.TB, dir string, depths []int, mp3 bool) ClipTimes {
	t.Helper()
	times := narrate(t, dir, DAISYBook)
	ext := "wav"
	if mp3 {
		ext = "mp3"
		for s := range DAISYBook {
			wav := filepath.Join(dir, "audio", fmt.Sprintf("s%d.wav", s+1))
			out, err := exec.Command("ffmpeg", "-loglevel", "error", "-y", "-i", wav, "-b:a", "64k",
				strings.TrimSuffix(wav, ".wav")+".mp3").CombinedOutput()
			if err != nil {
				t.Fatalf("ffmpeg: %v %s", err, out)
			}
			os.Remove(wav)
		}
	}
	files := map[string]string{"book.xml": daisy3DTBook}
	var manifest, spine, navMap, pageList strings.Builder
	open := 0
	for s, sec := range DAISYBook {
		smilName := fmt.Sprintf("s%d.smil", s+1)
		fmt.Fprintf(&manifest, `<item id="smil%d" href="%s" media-type="application/smil"/>`+"\n", s+1, smilName)
		fmt.Fprintf(&manifest, `<item id="aud%d" href="audio/s%d.%s" media-type="audio/mpeg"/>`+"\n", s+1, s+1, ext)
		fmt.Fprintf(&spine, `<itemref idref="smil%d"/>`+"\n", s+1)
		var smil strings.Builder
		smil.WriteString(`<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE smil PUBLIC "-//NISO//DTD dtbsmil 2005-2//EN" "http://www.daisy.org/z3986/2005/dtbsmil-2005-2.dtd">
<smil xmlns="http://www.w3.org/2001/SMIL20/"><head><meta name="dtb:uid" content="tw-test-0001"/></head>
<body><seq id="root">
`)
		for i, p := range sec {
			fmt.Fprintf(&smil, `<par id="par_%s" class="p"><text src="book.xml#%s"/><audio src="audio/s%d.%s" clipBegin="%s" clipEnd="%s"/></par>`+"\n",
				p.ID, p.ID, s+1, ext, Clock(times[s][i][0]), Clock(times[s][i][1]))
			if i == 0 {
				for ; open >= depths[s]; open-- {
					navMap.WriteString("</navPoint>\n")
				}
				fmt.Fprintf(&navMap, `<navPoint id="nav_%s" playOrder="%d"><navLabel><text>%s</text></navLabel><content src="%s#par_%s"/>`+"\n",
					p.ID, s+1, p.Say, smilName, p.ID)
				open++
			}
			if strings.HasPrefix(p.ID, "page") {
				fmt.Fprintf(&pageList, `<pageTarget id="pt_%s" type="normal" value="%s"><navLabel><text>%s</text></navLabel><content src="%s#par_%s"/></pageTarget>`+"\n",
					p.ID, strings.TrimPrefix(p.ID, "page"), strings.TrimPrefix(p.ID, "page"), smilName, p.ID)
			}
		}
		smil.WriteString("</seq></body></smil>\n")
		files[smilName] = smil.String()
	}
	for ; open > 0; open-- {
		navMap.WriteString("</navPoint>\n")
	}
	files["book.opf"] = `<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE package PUBLIC "+//ISBN 0-9673008-1-9//DTD OEB 1.2 Package//EN" "http://openebook.org/dtds/oeb-1.2/oebpkg12.dtd">
<package xmlns="http://openebook.org/namespaces/oeb-package/1.0/" unique-identifier="uid">
<metadata><dc-metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
<dc:Title>The Lighthouse Keeper</dc:Title><dc:Creator>Ada Reed</dc:Creator><dc:Language>en</dc:Language>
<dc:Identifier id="uid">tw-test-0001</dc:Identifier><dc:Format>ANSI/NISO Z39.86-2005</dc:Format>
</dc-metadata></metadata>
<manifest>
<item id="opf" href="book.opf" media-type="text/xml"/>
<item id="ncx" href="navigation.ncx" media-type="application/x-dtbncx+xml"/>
<item id="text" href="book.xml" media-type="application/x-dtbook+xml"/>
` + manifest.String() + `</manifest>
<spine>
` + spine.String() + `</spine>
</package>
`
	files["navigation.ncx"] = `<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE ncx PUBLIC "-//NISO//DTD ncx 2005-1//EN" "http://www.daisy.org/z3986/2005/ncx-2005-1.dtd">
<ncx xmlns="http://www.daisy.org/z3986/2005/ncx/" version="2005-1">
<head><meta name="dtb:uid" content="tw-test-0001"/></head>
<docTitle><text>The Lighthouse Keeper</text></docTitle>
<navMap>
` + navMap.String() + `</navMap>
<pageList>
` + pageList.String() + `</pageList>
</ncx>
`
	WriteFiles(t, dir, files)
	return times
}

// ZipFolder packs the files of dir into a ZIP archive at path, under the
// folder prefix.
func ZipFolder(t testing.TB, dir, path, prefix string) {
	t.Helper()
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	zw := zip.NewWriter(f)
	err = filepath.Walk(dir, func(p string, info os.FileInfo, err error) error {
		if err != nil || info.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		w, err := zw.Create(prefix + filepath.ToSlash(rel))
		if err != nil {
			return err
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		_, err = w.Write(data)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	f.Close()
}
