package load

import (
	"fmt"
	"strings"
	"testing"
)

// Seeds of the DAISY fuzz targets: the parts of the test books, and
// hostile ones (clips out of the book, clock values out of range, SMIL
// pointing at itself, nesting without end).
const (
	seedNCC = `<html><head><meta name="dc:title" content="T"/></head><body>
<h1><a href="s1.smil#p1">One</a></h1><span class="page-normal"><a href="s1.smil#p2">1</a></span>
<h7><a href="s1.smil">x</a></h7><h2><a href="content.html#c2">Two</a></h2></body></html>`
	seedSMIL2 = `<smil><body><seq><par id="p1"><text src="content.html#c1"/><seq>
<audio src="a.wav" clip-begin="npt=0.000s" clip-end="npt=1.5s"/></seq></par>
<par id="p2"><text src="content.html#page1"/><audio src="a.wav" clip-begin="npt=1.5s" clip-end="npt=99999999s"/></par>
<text src="s1.smil#p1"/><audio src="../a.wav"/></seq></body></smil>`
	seedContent = `<html><body><h1 id="c1">One</h1><span class="page-normal" id="page1">1</span>
<p>a<span class="noteref"><a href="#fn">1</a></span></p><div class="footnote" id="fn">n</div>
<div class="sidebar"><span class="page-front">ii</span>s</div><h2 id="c2">Two</h2>
<span class="optional-prodnote">p</span></body></html>`
	seedOPF = `<package><metadata><dc-metadata><dc:Title>T</dc:Title><dc:Creator>A</dc:Creator>
</dc-metadata></metadata><manifest><item id="n" href="n.ncx" media-type="application/x-dtbncx+xml"/>
<item id="t" href="b.xml" media-type="application/x-dtbook+xml"/><item id="s" href="s1.smil" media-type="application/smil"/>
</manifest><spine><itemref idref="s"/><itemref idref="s"/></spine></package>`
	seedNCX = `<ncx><navMap><navPoint><navLabel><text>One</text></navLabel><content src="s1.smil#p1"/>
<navPoint><navLabel><text>Deep</text></navLabel><content src="b.xml#c2"/></navPoint></navPoint></navMap>
<pageList><pageTarget><navLabel><text>1</text></navLabel><content src="s1.smil#p2"/></pageTarget></pageList></ncx>`
	seedSMIL3 = `<smil><body><seq><par id="p1"><text src="b.xml#c1"/><audio src="a.mp3" clipBegin="0:00:00.000" clipEnd="0:00:01.500"/></par>
<par id="p2"><text src="b.xml#page1"/><audio src="a.mp3" clipBegin="1.5s" clipEnd="25:61:61.9"/></par></seq></body></smil>`
	seedDTBook = `<dtbook><head><meta name="dc:Title" content="T"/></head><book><bodymatter><level1>
<h1 id="c1">One</h1><pagenum id="page1">1</pagenum><p>a<noteref idref="#n1">1</noteref></p>
<note id="n1"><p>n</p></note><level><hd id="c2">Two</hd><list type="ol"><li><lic>x</lic></li></list>
<sidebar><p>s</p></sidebar><prodnote>p</prodnote><imggroup><img alt="i"/><caption>c</caption></imggroup>
<poem><linegroup><line>l</line></linegroup></poem></level></level1></bodymatter></book></dtbook>`
)

// fuzzBook loads a book held in memory and checks what holds for any
// input: an error, or a document whose clips lie inside its text.
func fuzzBook(t *testing.T, files mapBook, entry string) {
	d, audio, err := loadDAISYBook(files, entry, entry)
	if err != nil {
		return
	}
	checkFuzzed(t, d)
	for _, c := range audio.Clips {
		if c.Start < 0 || c.Start > c.End || c.End > d.Len() {
			t.Fatalf("clip %+v out of the text (%d)", c, d.Len())
		}
	}
}

func FuzzDAISY2(f *testing.F) {
	f.Add([]byte(seedNCC), []byte(seedSMIL2), []byte(seedContent))
	f.Add([]byte(seedNCC), []byte(`<smil><par><par><par><text src="content.html"/></par></par></par></smil>`), []byte(""))
	f.Add([]byte(`<h1><a href="s1.smil#p1">`), []byte(seedSMIL2), []byte(`<span class="page-normal">`))
	f.Fuzz(func(t *testing.T, ncc, smil, content []byte) {
		fuzzBook(t, mapBook{"ncc.html": ncc, "s1.smil": smil, "content.html": content, "a.wav": {}}, "ncc.html")
	})
}

func FuzzDAISY3(f *testing.F) {
	f.Add([]byte(seedOPF), []byte(seedNCX), []byte(seedSMIL3), []byte(seedDTBook))
	f.Add([]byte(seedOPF), []byte(`<ncx><navMap><navPoint><navPoint><navPoint>`), []byte(""), []byte(`<dtbook><pagenum>`))
	f.Fuzz(func(t *testing.T, opf, ncx, smil, dtbook []byte) {
		fuzzBook(t, mapBook{"p.opf": opf, "n.ncx": ncx, "s1.smil": smil, "b.xml": dtbook, "a.mp3": {}}, "p.opf")
	})
}

func FuzzSMIL(f *testing.F) {
	f.Add([]byte(seedSMIL2))
	f.Add([]byte(seedSMIL3))
	f.Add([]byte(`<smil><audio src="x.wav" clipBegin="npt=-1s" clipEnd="1e400"/><text src="#"/></smil>`))
	f.Fuzz(func(t *testing.T, data []byte) {
		s, err := parseSMIL("d/s.smil", data)
		if err != nil {
			return
		}
		for _, p := range s.pars {
			for _, c := range p.clips {
				if c.begin < 0 || c.end < 0 || c.src == "" || c.src[0] == '/' {
					t.Fatalf("clip %+v", c)
				}
			}
		}
		for id, i := range s.ids {
			if i < 0 || i >= len(s.pars) {
				t.Fatalf("id %q names phrase %d of %d", id, i, len(s.pars))
			}
		}
	})
}

// daisy2OfPhrases is a zipped DAISY 2.02 book of n phrases, each a
// heading of the NCC and a clip of one SMIL file.
func daisy2OfPhrases(t testing.TB, n int) []byte {
	var ncc, smil, content strings.Builder
	ncc.WriteString(`<html><head><title>n</title></head><body>`)
	smil.WriteString(`<smil><body><seq>`)
	content.WriteString(`<html><body>`)
	for i := range n {
		fmt.Fprintf(&ncc, `<h2><a href="s.smil#p%d">p%d</a></h2>`, i, i)
		fmt.Fprintf(&smil, `<par id="p%d"><text src="c.html#t%d"/><audio src="a.wav" clip-begin="npt=%d.0s" clip-end="npt=%d.5s"/></par>`, i, i, i, i)
		fmt.Fprintf(&content, `<p id="t%d">p%d</p>`, i, i)
	}
	ncc.WriteString(`</body></html>`)
	return zipOf(t, map[string]string{"ncc.html": ncc.String(), "s.smil": smil.String() + `</seq></body></smil>`,
		"c.html": content.String() + `</body></html>`, "a.wav": "RIFF"})
}

// daisy3OfPhrases is a zipped DAISY 3 book of n phrases, each a navPoint
// (nested ten deep, then again) and a pagenum.
func daisy3OfPhrases(t testing.TB, n int) []byte {
	var ncx, smil, dtbook strings.Builder
	smil.WriteString(`<smil><body><seq>`)
	dtbook.WriteString(`<dtbook><book><bodymatter>`)
	for i := range n {
		if i%10 == 0 && i > 0 {
			ncx.WriteString(strings.Repeat(`</navPoint>`, 10))
		}
		fmt.Fprintf(&ncx, `<navPoint><navLabel><text>p%d</text></navLabel><content src="s.smil#p%d"/>`, i, i)
		fmt.Fprintf(&smil, `<par id="p%d"><text src="b.xml#t%d"/><audio src="a.mp3" clipBegin="%d.0s" clipEnd="%d.5s"/></par>`, i, i, i, i)
		fmt.Fprintf(&dtbook, `<pagenum id="g%d">%d</pagenum><p id="t%d">p%d</p>`, i, i, i, i)
	}
	ncx.WriteString(strings.Repeat(`</navPoint>`, (n-1)%10+1))
	return zipOf(t, map[string]string{
		"book/p.opf": `<package><manifest><item id="n" href="n.ncx" media-type="application/x-dtbncx+xml"/>` +
			`<item id="b" href="b.xml" media-type="application/x-dtbook+xml"/><item id="s" href="s.smil" media-type="application/smil"/>` +
			`</manifest><spine><itemref idref="s"/></spine></package>`,
		"book/n.ncx":  `<ncx><navMap>` + ncx.String() + `</navMap></ncx>`,
		"book/s.smil": smil.String() + `</seq></body></smil>`,
		"book/b.xml":  dtbook.String() + `</bodymatter></book></dtbook>`,
		"book/a.mp3":  "ID3",
	})
}
