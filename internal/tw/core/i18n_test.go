package core_test

import (
	"strings"
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

// TestMenusSpeakTheInterfaceLanguage: a menu's name, its items (action
// names) and its intro are said in the interface language, and the menu
// opens by its English or its translated name.
func TestMenusSpeakTheInterfaceLanguage(t *testing.T) {
	f := newFixture(t)
	st := &langSettings{lang: "de"}
	rec := &recorder{}
	app := core.New(core.Options{Home: f.home, Events: rec, Settings: st, Load: load.File, Parse: load.Bytes})
	t.Cleanup(app.Close)
	if err := app.Open(f.path); err != nil {
		t.Fatal(err)
	}
	tests := []struct{ lang, name, want string }{
		{"de", "Navigieren", "Menü Navigieren, Nächster Satz, 1 von "},
		{"fr", "Navigate", "Menu Navigation, Phrase suivante, 1 sur "},
		{"en", "navigate", "Navigate menu, Next sentence, 1 of "},
	}
	for _, tt := range tests {
		st.lang = tt.lang
		effects, _ := app.OpenMenu(tt.name)
		if got := rec.last(); !strings.HasPrefix(got, tt.want) {
			t.Errorf("%s: opening %q said %q, want it to start %q", tt.lang, tt.name, got, tt.want)
		}
		var title string
		for _, e := range effects {
			if l, ok := e.(core.ListEffect); ok {
				title = l.Title
			}
		}
		if title != strings.SplitN(tt.want, ",", 2)[0] {
			t.Errorf("%s: list title %q", tt.lang, title)
		}
		if _, _, err := app.ListKey("introduce"); err != nil {
			t.Fatal(err)
		}
		if got := rec.last(); strings.Contains(got, "Up and Down") != (tt.lang == "en") {
			t.Errorf("%s: intro %q", tt.lang, got)
		}
		if _, _, err := app.ListKey("escape"); err != nil {
			t.Fatal(err)
		}
	}
}
