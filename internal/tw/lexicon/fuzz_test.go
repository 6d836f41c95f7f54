package lexicon

import "testing"

// FuzzGlossary: any glossary file, text or JSON, reads without a panic,
// and every term it keeps is defined by it.
func FuzzGlossary(f *testing.F) {
	f.Add("- **Cell**: the smallest unit of life\ncell = a room\n# comment\n: nothing\n")
	f.Add(`{"ATP": [{"definition": "energy"}, "a molecule"], "x": {"definition": ""}, "y": 3}`)
	f.Add("\ufeff\t\t:\n - \n")
	f.Fuzz(func(t *testing.T, text string) {
		for _, g := range []*Glossary{GlossaryFromText(text), mustJSON(text)} {
			if g == nil {
				continue
			}
			d := Dictionary{Glossary: g}
			for term := range g.entries {
				if def, ok, err := d.Define(term); err != nil || !ok || def.Senses() == 0 {
					t.Fatalf("term %q kept but not defined: %+v %v", term, def, err)
				}
			}
		}
	})
}

func mustJSON(text string) *Glossary {
	g, err := GlossaryFromJSON(text)
	if err != nil {
		return nil
	}
	return g
}
