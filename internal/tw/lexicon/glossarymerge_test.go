package lexicon

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// TestAddToGlossaryFile: terms the glossary lacks are added in its own
// format, its text kept; a term it has keeps its senses; a missing JSON
// file is made; and the result reads back with every term.
func TestAddToGlossaryFile(t *testing.T) {
	more := []Group{
		{Lemma: "tide", Senses: []Sense{{Definition: "the sea's rise and fall elsewhere"}}},
		{Lemma: "neap tide", PartOfSpeech: Noun, Senses: []Sense{{Definition: "the smallest tide", Examples: []string{"a neap tide"}}}},
		{Lemma: "ebb", Senses: []Sense{{Definition: "the going out\nof the tide"}}},
		{Lemma: "note: colon", Senses: []Sense{{Definition: "a term text cannot hold"}}},
	}
	write := func(path string, data []byte) error { return os.WriteFile(path, data, 0o600) }
	for _, tc := range []struct {
		name, file, text string
		want             []string // the terms added
		wantText         string   // the file after, when not ""
	}{
		{"json", "g.json", "{\n  \"tide\": \"the sea's rise and fall\" }\n", []string{"neap tide", "ebb", "note: colon"},
			"{\n  \"tide\": \"the sea's rise and fall\",\n  \"neap tide\": [{\"definition\":\"the smallest tide\",\"part_of_speech\":\"noun\",\"examples\":[\"a neap tide\"]}],\n  \"ebb\": \"the going out\\nof the tide\",\n  \"note: colon\": \"a term text cannot hold\"\n}\n"},
		{"empty json", "g.json", "{}", []string{"tide", "neap tide", "ebb", "note: colon"}, ""},
		{"missing json", "", "", []string{"tide", "neap tide", "ebb", "note: colon"}, ""},
		{"text", "g.txt", "# mine\ntide: the sea's rise and fall", []string{"neap tide", "ebb"},
			"# mine\ntide: the sea's rise and fall\nneap tide: the smallest tide\nebb: the going out of the tide\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "glossary.json")
			if tc.file != "" {
				path = filepath.Join(t.TempDir(), tc.file)
				if err := os.WriteFile(path, []byte(tc.text), 0o600); err != nil {
					t.Fatal(err)
				}
			}
			added, err := AddToGlossaryFile(path, more, write)
			if err != nil || !slices.Equal(added, tc.want) {
				t.Fatalf("added %q (%v), want %q", added, err, tc.want)
			}
			data, _ := os.ReadFile(path)
			if tc.wantText != "" && string(data) != tc.wantText {
				t.Errorf("the file:\n%s\nwant:\n%s", data, tc.wantText)
			}
			g, err := LoadGlossary(path)
			// Each of more but the colon in text, and tide once.
			terms := len(more)
			if tc.file == "g.txt" {
				terms--
			}
			if err != nil || g.Len() != terms {
				t.Errorf("reads back %d terms (%v), want %d:\n%s", g.Len(), err, terms, data)
			}
			tide := "the sea's rise and fall elsewhere"
			if !slices.Contains(tc.want, "tide") {
				tide = "the sea's rise and fall"
			}
			if def := g.lookup("tide", nil); len(def) != 1 || len(def[0].Senses) != 1 || def[0].Senses[0].Definition != tide {
				t.Errorf("tide reads back as %+v, want %q", def, tide)
			}
			again, err := AddToGlossaryFile(path, more, write)
			if err != nil || len(again) != 0 {
				t.Errorf("a second merge added %q (%v)", again, err)
			}
		})
	}
}
