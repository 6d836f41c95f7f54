package load

import (
	"strings"

	"textfirst/internal/tw/doc"
)

// loadDAISY3 loads a DAISY 3 book (ANSI/NISO Z39.86) from its package file
// (opfName of files): the SMIL files of the spine in order lead to the
// DTBook text; the NCX's navPoints are the headings, at the level of
// their depth (past 6, 6); its pageTargets the pages where the DTBook has
// no pagenum. Title, authors (joined with ", ") and language come from
// the package's Dublin Core metadata.
func loadDAISY3(files bookFiles, opfName, docPath string) (*doc.Document, *BookAudio, error) {
	data, err := readEntry(files, opfName)
	if err != nil {
		return nil, nil, err
	}
	opf, err := parseXML(decode(data))
	if err != nil {
		return nil, nil, err
	}
	meta := doc.Meta{Format: formatDAISY, Path: docPath}
	opfMeta(opf, &meta)
	manifest := map[string]string{}
	ncx := ""
	var dtbooks []string
	var bad error
	opf.findAll("item", func(n *xnode) {
		href := n.attr("href")
		if bad != nil || href == "" {
			return
		}
		p, err := bookPath(opfName, href)
		if err != nil {
			bad = err
			return
		}
		manifest[n.attr("id")] = p
		switch strings.ToLower(n.attr("media-type")) {
		case "application/x-dtbncx+xml":
			ncx = p
		case "application/x-dtbook+xml":
			dtbooks = append(dtbooks, p)
		}
	})
	if bad != nil {
		return nil, nil, bad
	}
	ss := &smilSet{files: files}
	opf.findAll("itemref", func(n *xnode) {
		if p := manifest[n.attr("idref")]; bad == nil && isSMILName(p) {
			_, bad = ss.smil(p)
		}
	})
	if bad != nil {
		return nil, nil, bad
	}
	book := &daisyBook{files: files, ss: ss}
	if ncx != "" {
		if book.entries, err = ncxEntries(files, ncx); err != nil {
			return nil, nil, err
		}
	}
	if err := book.resolve(); err != nil {
		return nil, nil, err
	}
	contents := ss.contentOrder()
	listed := map[string]bool{}
	for _, c := range contents {
		listed[c] = true
	}
	for _, d := range dtbooks {
		if !listed[d] {
			contents = append(contents, d)
		}
	}
	t, err := book.readText(contents, true)
	if err != nil {
		return nil, nil, err
	}
	d, audio := book.document(t, meta)
	return d, audio, nil
}

// opfMeta fills meta from a package's Dublin Core metadata.
func opfMeta(opf *xnode, meta *doc.Meta) {
	var authors []string
	md := opf.find("metadata")
	var walk func(n *xnode, depth int)
	walk = func(n *xnode, depth int) {
		if depth > 8 {
			return
		}
		n.elements(func(c *xnode) {
			v := collapseSpace(c.textOf())
			switch strings.ToLower(c.name) {
			case "title":
				if meta.Title == "" {
					meta.Title = v
				}
			case "creator":
				if v != "" {
					authors = append(authors, v)
				}
			case "language":
				if meta.Language == nil && v != "" {
					meta.Language = &v
				}
			default:
				walk(c, depth+1)
			}
		})
	}
	walk(md, 0)
	if len(authors) > 0 {
		a := strings.Join(authors, ", ")
		meta.Author = &a
	}
}

// ncxEntries reads the NCX's navMap (headings, by depth) and pageList
// (pages), in that order.
func ncxEntries(files bookFiles, ncx string) ([]navEntry, error) {
	data, err := files.read(ncx)
	if err != nil || data == nil {
		return nil, err
	}
	root, err := parseXML(decode(data))
	if err != nil {
		return nil, nil // a broken NCX: the text without its headings
	}
	var out []navEntry
	var points func(n *xnode, depth int)
	points = func(n *xnode, depth int) {
		if depth > maxXMLDepth {
			return
		}
		n.elements(func(c *xnode) {
			if c.name != "navPoint" {
				return
			}
			out = append(out, navEntry{
				level: min(depth, 6),
				label: collapseSpace(c.child("navLabel").textOf()),
				href:  c.child("content").attr("src"),
				from:  ncx,
			})
			points(c, depth+1)
		})
	}
	points(root.find("navMap"), 1)
	root.find("pageList").findAll("pageTarget", func(c *xnode) {
		out = append(out, navEntry{
			page:  true,
			label: collapseSpace(c.child("navLabel").textOf()),
			href:  c.child("content").attr("src"),
			from:  ncx,
		})
	})
	return out, nil
}
