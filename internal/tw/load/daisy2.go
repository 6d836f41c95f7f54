package load

import (
	"bytes"
	"strconv"
	"strings"

	"golang.org/x/net/html"

	"textfirst/internal/tw/doc"
)

// loadDAISY2 loads a DAISY 2.02 book from its navigation control centre,
// ncc.html (the file nccName of files): its headings (h1–h6, at the
// levels the NCC gives) and page numbers (span class page-normal,
// page-front or page-special) lead through the SMIL files to the text.
// A book without text (audio only) reads as its NCC: a line per heading
// and a line per page number, each said by the clips its SMIL phrase
// names.
func loadDAISY2(files bookFiles, nccName, docPath string) (*doc.Document, *BookAudio, error) {
	data, err := readEntry(files, nccName)
	if err != nil {
		return nil, nil, err
	}
	root, err := html.Parse(bytes.NewReader(decode(data)))
	if err != nil {
		return nil, nil, &Error{Reason: reasonCorrupt + " (" + nccName + ": " + err.Error() + ")"}
	}
	meta := doc.Meta{Format: formatDAISY, Path: docPath}
	top := firstElement(root, "html") // the parser always makes html, head and body
	meta.Title = nccMeta(firstElement(top, "head"), &meta)
	entries := nccEntries(firstElement(top, "body"), nccName)
	ss := &smilSet{files: files}
	book := &daisyBook{files: files, ss: ss, entries: entries}
	if err := book.resolve(); err != nil {
		return nil, nil, err
	}
	contents := ss.contentOrder()
	var t *daisyText
	if len(contents) > 0 {
		t, err = book.readText(contents, false)
	} else {
		t = book.navText()
	}
	if err != nil {
		return nil, nil, err
	}
	d, audio := book.document(t, meta)
	return d, audio, nil
}

// nccMeta fills meta from the NCC's head element (dc:creator, dc:language) and
// returns its title (dc:title, else <title>).
func nccMeta(head *html.Node, meta *doc.Meta) string {
	titleTag := readHead(head, meta)
	title := ""
	forEachElement(head, func(el *html.Node) {
		if el.Data != "meta" {
			return
		}
		content := collapseSpace(attr(el, "content"))
		if content == "" {
			return
		}
		switch strings.ToLower(attr(el, "name")) {
		case "dc:title":
			if title == "" {
				title = content
			}
		case "dc:creator":
			if meta.Author == nil {
				meta.Author = &content
			}
		case "dc:language":
			if meta.Language == nil {
				meta.Language = &content
			}
		}
	})
	return firstNonEmpty(title, titleTag)
}

// nccEntries lists the headings and page numbers of an NCC's body in
// order.
func nccEntries(body *html.Node, nccName string) []navEntry {
	var out []navEntry
	forEachElement(body, func(el *html.Node) {
		name, class := el.Data, attr(el, "class")
		level := 0
		switch {
		case len(name) == 2 && name[0] == 'h' && name[1] >= '1' && name[1] <= '6':
			level = int(name[1] - '0')
		case hasWord(class, "page-normal") || hasWord(class, "page-front") || hasWord(class, "page-special"):
		default:
			return
		}
		href := ""
		if a := firstElement(el, "a"); a != nil {
			href = attr(a, "href")
		}
		label := collapseSpace(textContent(el))
		if label == "" && href == "" {
			return
		}
		out = append(out, navEntry{level: level, page: level == 0, label: label, href: href, from: nccName})
	})
	return out
}

// daisyBook is a book being loaded: its files, its SMIL, and the entries
// of its navigation with the places they lead to.
type daisyBook struct {
	files   bookFiles
	ss      *smilSet
	entries []navEntry
	// targets[i] is the text place entry i leads to ("" when none);
	// phrases[i] its SMIL phrase, "smil#index" ("" when none).
	targets []string
	phrases []string
	// dtbooks are the content files a DAISY 3 package lists.
	dtbooks []string
}

// resolve finds where each entry leads, reading the SMIL files in the
// order the entries name them.
func (bk *daisyBook) resolve() error {
	bk.targets = make([]string, len(bk.entries))
	bk.phrases = make([]string, len(bk.entries))
	for i, e := range bk.entries {
		if e.href == "" {
			continue
		}
		name, par, ok, err := bk.ss.resolve(e.from, e.href)
		if err != nil {
			return err
		}
		if ok {
			bk.phrases[i] = name + "#" + strconv.Itoa(par)
			bk.targets[i] = bk.ss.byKey[name].pars[par].text
			continue
		}
		if bk.targets[i], err = bookTarget(e.from, e.href); err != nil {
			return err
		}
	}
	return nil
}

// readText reads the content files in order.
func (bk *daisyBook) readText(contents []string, dtbook bool) (*daisyText, error) {
	t := newDaisyText(0)
	for _, file := range contents {
		data, err := bk.files.read(file)
		if err != nil {
			return nil, err
		}
		if data != nil {
			t.content(file, data, dtbook)
		}
	}
	if len(t.pages) == 0 {
		// No page numbers in the text: the navigation's, where they lead.
		for i, e := range bk.entries {
			if e.page && bk.targets[i] != "" {
				t.pages = append(t.pages, daisyPlace{key: bk.targets[i], label: e.label})
			}
		}
	}
	return t, nil
}

// navText writes the text of a book that has none: a line per entry.
func (bk *daisyBook) navText() *daisyText {
	t := newDaisyText(0)
	for i, e := range bk.entries {
		key := "\x00nav#" + strconv.Itoa(i)
		t.b.paragraphBreak()
		t.b.anchor(key)
		bk.targets[i] = key
		if e.page {
			t.pages = append(t.pages, daisyPlace{key: key, label: e.label})
			id := t.b.openMarker(doc.Marker{Kind: doc.Paragraph})
			t.b.inlineText(e.label)
			t.b.closeMarker(id)
			continue
		}
		t.b.heading(e.level, e.label)
	}
	return t
}

// document finishes the book: its text and structure, its narration.
func (bk *daisyBook) document(t *daisyText, meta doc.Meta) (*doc.Document, *BookAudio) {
	place := func(target string) (int, bool) {
		if target == "" {
			return 0, false
		}
		if at, ok := t.b.anchors[target]; ok {
			return at, true
		}
		file, _, _ := strings.Cut(target, "#")
		at, ok := t.b.anchors[file]
		return at, ok
	}
	var heads []navEntry
	navPlace := map[string]int{}
	for i, e := range bk.entries {
		if !e.page {
			h := e
			h.href = bk.targets[i]
			heads = append(heads, h)
		}
		if bk.phrases[i] != "" {
			if at, ok := t.b.anchors[bk.targets[i]]; ok && strings.HasPrefix(bk.targets[i], "\x00nav#") {
				navPlace[bk.phrases[i]] = at
			}
		}
	}
	text, markers := t.finish(heads, place)
	textLen := t.b.runes
	audio := daisyClips(bk.ss, textLen, place, navPlace)
	noteBookAudio(&meta, audio)
	pages := 0
	for _, m := range markers {
		if m.Kind == doc.PageBreak {
			pages++
		}
	}
	if pages > 0 {
		if meta.Properties == nil {
			meta.Properties = map[string]string{}
		}
		meta.Properties["pages"] = strconv.Itoa(pages)
	}
	return t.b.documentOf(text, markers, meta, meta.Path), audio
}
