package core_test

import (
	"testing"

	"textfirst/internal/tw/core"
	"textfirst/internal/tw/load"
)

// langSettings is the defaults with display.language set.
type langSettings struct {
	core.Defaults
	lang string
}

func (s *langSettings) String(path string) string {
	if path == "display.language" {
		return s.lang
	}
	return s.Defaults.String(path)
}

// TestAnnouncementsQuoteDocumentTextLiterally: text from the document is
// an argument of its message in every language, never a format, so a
// heading with '%' and verbs in it is said exactly; and the language is
// read for every message, so a change is heard at once.
func TestAnnouncementsQuoteDocumentTextLiterally(t *testing.T) {
	f := newFixture(t)
	f.write("# Growth of 50% in %d years %s\n\nText.\n\n## 100%% sure\n\nMore.\n")
	st := &langSettings{lang: "fr"}
	rec := &recorder{}
	app := core.New(core.Options{Home: f.home, Events: rec, Settings: st, Load: load.File, Parse: load.Bytes})
	t.Cleanup(app.Close)
	if err := app.Open(f.path); err != nil {
		t.Fatal(err)
	}
	if got, want := rec.last(), "Growth of 50% in %d years %s ouvert."; got != want {
		t.Errorf("open said %q, want %q", got, want)
	}
	tests := []struct{ lang, want string }{
		{"fr", "Titre de niveau 2 : 100%% sure"},
		{"ar", "عنوان من المستوى 1: Growth of 50% in %d years %s"},
		{"en", "Heading level 2: 100%% sure"},
	}
	for i, tt := range tests {
		st.lang = tt.lang
		id := "next_heading"
		if i%2 == 1 {
			id = "previous_heading"
		}
		f.do(app, id)
		if got := rec.last(); got != tt.want {
			t.Errorf("%s %s said %q, want %q", tt.lang, id, got, tt.want)
		}
	}
}
