package cite

import (
	"bufio"
	"bytes"
	"fmt"
	"strings"
)

// risTypes maps RIS reference types to CSL types.
var risTypes = map[string]string{
	"JOUR": "article-journal", "JFULL": "article-journal", "EJOUR": "article-journal",
	"MGZN": "article-magazine", "NEWS": "article-newspaper", "BOOK": "book", "EBOOK": "book",
	"EDBOOK": "book", "CHAP": "chapter", "ECHAP": "chapter", "CONF": "paper-conference",
	"CPAPER": "paper-conference", "THES": "thesis", "RPRT": "report", "ELEC": "webpage",
	"WEB": "webpage", "GEN": "document", "UNPB": "manuscript", "MANSCPT": "manuscript",
}

// ReadRIS reads the records of a RIS file (TY starts one, ER ends it).
// Unknown tags are ignored; a record with neither a title nor an author
// is skipped. An error is returned only when the data holds no RIS
// record at all.
func ReadRIS(data []byte) ([]Reference, error) {
	var out []Reference
	var cur map[string][]string
	flush := func() {
		if cur == nil {
			return
		}
		if r, ok := fromRIS(cur); ok {
			out = append(out, r)
		}
		cur = nil
	}
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 0, 64*1024), 4*1024*1024)
	records := 0
	last := ""
	for sc.Scan() {
		line := strings.TrimRight(strings.TrimPrefix(sc.Text(), "\ufeff"), " \r")
		tag, value, ok := risLine(line)
		if !ok {
			// A line without a tag continues the previous value.
			if cur != nil && last != "" && strings.TrimSpace(line) != "" {
				vs := cur[last]
				if len(vs) > 0 {
					vs[len(vs)-1] += " " + strings.TrimSpace(line)
				}
			}
			continue
		}
		switch tag {
		case "TY":
			flush()
			records++
			cur = map[string][]string{"TY": {value}}
			last = ""
		case "ER":
			flush()
			last = ""
		default:
			if cur != nil {
				cur[tag] = append(cur[tag], value)
				last = tag
			}
		}
	}
	flush()
	if err := sc.Err(); err != nil {
		return out, fmt.Errorf("cite: RIS: %w", err)
	}
	if records == 0 {
		return nil, fmt.Errorf("cite: RIS: no record (a record starts with TY  - )")
	}
	return out, nil
}

// risLine splits "AU  - Doe, Jane" into its tag and value.
func risLine(line string) (tag, value string, ok bool) {
	if len(line) < 5 || line[2] != ' ' {
		return "", "", false
	}
	tag = line[:2]
	if !(isUpperOrDigit(tag[0]) && isUpperOrDigit(tag[1])) {
		return "", "", false
	}
	rest := strings.TrimLeft(line[2:], " ")
	if !strings.HasPrefix(rest, "-") {
		return "", "", false
	}
	return tag, strings.TrimSpace(rest[1:]), true
}

func isUpperOrDigit(c byte) bool { return c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' }

func fromRIS(f map[string][]string) (Reference, bool) {
	get := func(tags ...string) string {
		for _, t := range tags {
			if vs := f[t]; len(vs) > 0 && vs[0] != "" {
				return vs[0]
			}
		}
		return ""
	}
	names := func(tags ...string) []Name {
		var out []Name
		for _, t := range tags {
			for _, v := range f[t] {
				if n, ok := risName(v); ok {
					out = append(out, n)
				}
			}
		}
		return out
	}
	typ := risTypes[strings.ToUpper(get("TY"))]
	if typ == "" {
		typ = "document"
	}
	r := Reference{
		ID:             get("ID"),
		Type:           typ,
		Title:          get("TI", "T1", "CT", "BT"),
		Author:         names("AU", "A1"),
		Editor:         names("ED", "A2"),
		ContainerTitle: get("T2", "JO", "JF", "JA", "J2"),
		Publisher:      get("PB"),
		PublisherPlace: get("CY", "PP"),
		Volume:         get("VL"),
		Issue:          get("IS"),
		Edition:        get("ET"),
		DOI:            get("DO"),
		URL:            get("UR"),
	}
	if sp, ep := get("SP"), get("EP"); sp != "" && ep != "" {
		r.Page = sp + "–" + ep
	} else {
		r.Page = sp
	}
	if sn := get("SN"); sn != "" && (typ == "book" || typ == "chapter") {
		r.ISBN = sn
	}
	if y := yearIn(get("PY", "Y1", "DA")); y != 0 {
		r.Issued = YearDate(y)
	}
	if r.Title == "" && len(r.Author) == 0 && len(r.Editor) == 0 {
		return Reference{}, false
	}
	if !validKey(r.ID) {
		r.ID = MakeKey(r)
	}
	return r, true
}

// risName reads "Doe, Jane" (or "Doe, J.,Jr."); a name without a comma
// is kept whole as written.
func risName(v string) (Name, bool) {
	v = strings.TrimSpace(v)
	if v == "" {
		return Name{}, false
	}
	family, given, ok := strings.Cut(v, ",")
	if !ok {
		return Name{Literal: v}, true
	}
	return Name{Family: strings.TrimSpace(family), Given: strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(given), ","))}, true
}
