package doc

import (
	"encoding/json"
	"strings"
	"testing"
)

func TestTextJSON(t *testing.T) {
	author := "Ann <a&b>"
	d := New("Tïtle\n\nSee <x> & «y».", Meta{Title: "T", Author: &author, Format: "markdown", Path: "/x/y.md"}, []Marker{
		{Kind: Heading, Start: 0, End: 5, Level: 1},
		{Kind: Paragraph, Start: 7, End: 21},
		{Kind: Link, Start: 11, End: 14, Reference: "https://e.org/?a=1&b=2"},
		{Kind: ListItem, Start: 18, End: 19, Label: "1."},
		{Kind: Rule, Start: 21, End: 21},
	})
	out, err := TextJSON(d)
	if err != nil {
		t.Fatal(err)
	}
	s := string(out)
	for _, want := range []string{
		"{\n \"markers\": [\n  {\n   \"column\": 1,\n   \"end\": 5,\n   \"kind\": \"heading\",\n   \"level\": 1,\n   \"line\": 1,\n   \"range\": [\n    0,\n    5\n   ],\n   \"start\": 0,\n   \"text\": \"Tïtle\"\n  },",
		`"reference": "https://e.org/?a=1&b=2"`,
		`"author": "Ann <a&b>"`,
		`"language": null`,
		`"path": null`,
		`"text": "Tïtle\n\nSee <x> & «y»."`,
	} {
		if !strings.Contains(s, want) {
			t.Errorf("output lacks %q:\n%s", want, s)
		}
	}
	var got struct {
		Markers []map[string]any `json:"markers"`
	}
	if err := json.Unmarshal(out, &got); err != nil {
		t.Fatalf("invalid JSON: %v", err)
	}
	type pos struct{ line, column float64 }
	wantPos := []pos{{1, 1}, {3, 1}, {3, 5}, {3, 12}, {3, 15}}
	for i, m := range got.Markers {
		if m["line"] != wantPos[i].line || m["column"] != wantPos[i].column {
			t.Errorf("marker %d at line %v column %v, want %v", i, m["line"], m["column"], wantPos[i])
		}
		_, hasLevel := m["level"]
		_, hasLabel := m["label"]
		_, hasRef := m["reference"]
		if hasLevel != (i == 0) || hasLabel != (i == 3) || hasRef != (i == 2) {
			t.Errorf("marker %d has level %v label %v reference %v", i, hasLevel, hasLabel, hasRef)
		}
	}
	if got.Markers[4]["text"] != "" {
		t.Errorf("rule text %q", got.Markers[4]["text"])
	}
}
