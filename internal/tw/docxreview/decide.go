package docxreview

// Decision accepts or rejects one tracked change: the change with Word id
// ID (w:id) in the part Part ("word/footnotes.xml"; "" is the main
// document part) and, when Kind is "inserted" or "deleted", of that kind
// alone: writers such as pandoc give a replacement's deletion and
// insertion one id, and each is decided on its own.
type Decision struct {
	Part   string `json:"part"`
	ID     string `json:"id"`
	Kind   string `json:"kind,omitempty"`
	Accept bool   `json:"accept"`
}

// key is how decide finds d: its kind and id, or its id alone.
func (d Decision) key() string {
	if d.Kind == "" {
		return d.ID
	}
	return d.Kind + ":" + d.ID
}

// decide writes the decisions on part src (decided maps a change's key,
// "inserted:ID", "deleted:ID" or "ID" for either kind, to accepted): an accepted insertion (w:ins, w:moveTo) loses its revision
// mark and keeps its runs, a rejected one goes with its text; an accepted
// deletion (w:del, w:moveFrom) goes with its text, a rejected one loses its
// mark and its w:delText becomes w:t again (w:delInstrText w:instrText).
// Marks inside properties (a paragraph mark's, a table row's) are not the
// changes the loader lists and are left alone, as are changes not
// decided. found gets the keys met.
func decide(src string, decided map[string]bool, found map[string]bool) (string, error) {
	t, err := parseTree(src)
	if err != nil {
		return "", err
	}
	var edits []edit
	for i, e := range t.elems {
		inserted := e.local == "ins" || e.local == "moveTo"
		deleted := e.local == "del" || e.local == "moveFrom"
		if !inserted && !deleted || e.parent >= 0 && isProperties(t.elems[e.parent].local) {
			continue
		}
		id, _ := t.attr(i, "id")
		key := "deleted:" + id
		if inserted {
			key = "inserted:" + id
		}
		accept, ok := decided[key]
		if !ok {
			key = id
			if accept, ok = decided[key]; !ok {
				continue
			}
		}
		found[key] = true
		if inserted == accept {
			edits = append(edits, unwrap(e)...)
			if deleted {
				edits = append(edits, restoreText(t, i)...)
			}
		} else {
			edits = append(edits, edit{start: e.start, end: e.end})
		}
	}
	if len(edits) == 0 {
		return src, nil
	}
	return applyEdits(src, edits), nil
}

// isProperties reports whether an element named local holds properties
// (w:rPr, w:pPr, w:trPr, w:rPrChange ...).
func isProperties(local string) bool {
	n := len(local)
	return n > 2 && local[n-2:] == "Pr" || n > 8 && local[n-8:] == "PrChange"
}

// unwrap removes e's tags, keeping its content.
func unwrap(e element) []edit {
	if e.open == e.end {
		return []edit{{start: e.start, end: e.end}}
	}
	return []edit{{start: e.start, end: e.open}, {start: e.close, end: e.end}}
}

// restoreText renames the deleted text inside element e back to text:
// w:delText to w:t, w:delInstrText to w:instrText.
func restoreText(t *tree, e int) []edit {
	var edits []edit
	for i := e + 1; i < len(t.elems) && t.elems[i].start < t.elems[e].end; i++ {
		d := t.elems[i]
		var to string
		switch d.local {
		case "delText":
			to = "t"
		case "delInstrText":
			to = "instrText"
		default:
			continue
		}
		name := to
		if p := prefixOf(d.name); p != "" {
			name = p + ":" + to
		}
		edits = append(edits, edit{start: d.start + 1, end: d.start + 1 + len(d.name), text: name})
		if d.close < d.end {
			edits = append(edits, edit{start: d.close + 2, end: d.close + 2 + len(d.name), text: name})
		}
	}
	return edits
}
