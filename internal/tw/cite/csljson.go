package cite

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
)

// ReadCSLJSON reads a CSL-JSON file: an array of items (or one item, or
// an object with an "items" array, as some tools write). Numbers where
// text is expected (a volume of 12) are read as text; an item without an
// id is given one.
func ReadCSLJSON(data []byte) ([]Reference, error) {
	data = bytes.TrimSpace(bytes.TrimPrefix(data, []byte("\ufeff")))
	var items []map[string]json.RawMessage
	switch {
	case len(data) > 0 && data[0] == '[':
		if err := json.Unmarshal(data, &items); err != nil {
			return nil, fmt.Errorf("cite: CSL-JSON: %w", err)
		}
	case len(data) > 0 && data[0] == '{':
		var one map[string]json.RawMessage
		if err := json.Unmarshal(data, &one); err != nil {
			return nil, fmt.Errorf("cite: CSL-JSON: %w", err)
		}
		if raw, ok := one["items"]; ok {
			if err := json.Unmarshal(raw, &items); err != nil {
				return nil, fmt.Errorf("cite: CSL-JSON items: %w", err)
			}
		} else {
			items = []map[string]json.RawMessage{one}
		}
	default:
		return nil, fmt.Errorf("cite: CSL-JSON: not a JSON array or object")
	}
	out := make([]Reference, 0, len(items))
	for _, it := range items {
		if it == nil {
			continue
		}
		r := Reference{
			ID:             jsonText(it["id"]),
			Type:           jsonText(it["type"]),
			Title:          jsonText(it["title"]),
			Author:         jsonNames(it["author"]),
			Editor:         jsonNames(it["editor"]),
			Issued:         jsonDate(it["issued"]),
			ContainerTitle: jsonText(it["container-title"]),
			Publisher:      jsonText(it["publisher"]),
			PublisherPlace: jsonText(it["publisher-place"]),
			Volume:         jsonText(it["volume"]),
			Issue:          jsonText(it["issue"]),
			Page:           jsonText(it["page"]),
			Edition:        jsonText(it["edition"]),
			DOI:            jsonText(it["DOI"]),
			ISBN:           jsonText(it["ISBN"]),
			URL:            jsonText(it["URL"]),
		}
		if r.Title == "" && r.ID == "" && len(r.Author) == 0 {
			continue
		}
		out = append(out, r)
	}
	return out, nil
}

// WriteCSLJSON writes references as a CSL-JSON array, indented.
func WriteCSLJSON(refs []Reference) ([]byte, error) {
	if refs == nil {
		refs = []Reference{}
	}
	data, err := json.MarshalIndent(refs, "", "  ")
	if err != nil {
		return nil, fmt.Errorf("cite: %w", err)
	}
	return append(data, '\n'), nil
}

// jsonText is a JSON string or number as text; "" for anything else.
func jsonText(raw json.RawMessage) string {
	if len(raw) == 0 {
		return ""
	}
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return strings.TrimSpace(s)
	}
	var n json.Number
	if json.Unmarshal(raw, &n) == nil {
		return n.String()
	}
	return ""
}

func jsonNames(raw json.RawMessage) []Name {
	var items []map[string]json.RawMessage
	if json.Unmarshal(raw, &items) != nil {
		return nil
	}
	var out []Name
	for _, it := range items {
		n := Name{Family: jsonText(it["family"]), Given: jsonText(it["given"]), Literal: jsonText(it["literal"])}
		if p := jsonText(it["non-dropping-particle"]); p != "" && n.Family != "" {
			n.Family = p + " " + n.Family
		}
		if n.Family == "" && n.Given == "" && n.Literal == "" {
			continue
		}
		out = append(out, n)
	}
	return out
}

// jsonDate reads date-parts, a literal, or a raw date whose first four
// digits are the year.
func jsonDate(raw json.RawMessage) *Date {
	var d struct {
		Parts   [][]json.RawMessage `json:"date-parts"`
		Literal string              `json:"literal"`
		Raw     string              `json:"raw"`
	}
	if json.Unmarshal(raw, &d) != nil {
		return nil
	}
	if len(d.Parts) > 0 && len(d.Parts[0]) > 0 {
		var parts []any
		for _, p := range d.Parts[0] {
			t := jsonText(p)
			if n, err := strconv.Atoi(t); err == nil {
				parts = append(parts, n)
			} else if t != "" {
				parts = append(parts, t)
			}
		}
		if len(parts) > 0 {
			return &Date{Parts: [][]any{parts}}
		}
	}
	if d.Literal != "" {
		return &Date{Literal: d.Literal}
	}
	if y := yearIn(d.Raw); y != 0 {
		return YearDate(y)
	}
	return nil
}

// yearIn is the first run of four digits in s, as a year; 0 when none.
func yearIn(s string) int {
	run := 0
	for i, c := range s {
		if c >= '0' && c <= '9' {
			run++
			if run == 4 && (i+1 == len(s) || s[i+1] < '0' || s[i+1] > '9') {
				y, _ := strconv.Atoi(s[i-3 : i+1])
				return y
			}
			continue
		}
		run = 0
	}
	return 0
}
