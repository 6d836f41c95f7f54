package core_test

import (
	"strings"
	"testing"

	"textfirst/internal/tw/core"
	"textfirst/internal/tw/load"
	"textfirst/internal/tw/settings"
)

// langSettings is the defaults with display.language set.
type langSettings struct {
	core.Defaults
	lang string
}

func (s *langSettings) String(path string) string {
	if path == "interface.language" {
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

// TestGoToWordsInTheInterfaceLanguage: the go-to prompt offers its words
// in the interface language and accepts the very words it offers (and
// the English ones), in every language.
func TestGoToWordsInTheInterfaceLanguage(t *testing.T) {
	const text = "One.\n\nTwo.\n\nThree.\n\nFour.\n\nFive.\n"
	tests := []struct {
		lang, label, start, end, line, percent string
	}{
		{"en", "Go to line, percent, start, or end", "start", "end", "line", "percent"},
		{"fr", "Aller à : ligne, pour cent, début ou fin", "début", "fin", "ligne", "pour cent"},
		{"de", "Gehe zu: Zeile, Prozent, Anfang oder Ende", "Anfang", "Ende", "Zeile", "Prozent"},
		{"es", "Ir a: línea, por ciento, inicio o final", "inicio", "final", "línea", "por ciento"},
		{"pt", "Ir para: linha, por cento, início ou fim", "início", "fim", "linha", "por cento"},
		{"ar", "الانتقال إلى: سطر، بالمئة، البداية أو النهاية", "البداية", "النهاية", "سطر", "بالمئة"},
	}
	for _, tt := range tests {
		t.Run(tt.lang, func(t *testing.T) {
			app, rec, _ := openWithSettings(t, "five.txt", text, map[string]any{"display.language": tt.lang})
			defer app.Close()
			answers := []struct {
				typed string
				line  int // 1-based, where the answer goes
			}{
				{tt.end, 9}, {tt.start, 1}, {tt.line + " 5", 5}, {"3", 3}, {"100 " + tt.percent, 9},
				{"end", 9}, {"start", 1}, {"line 7", 7},
			}
			for _, ans := range answers {
				mustAction(t, app, "go_to", nil)
				if p := app.PromptState(); p == nil || p.Label != tt.label {
					t.Fatalf("the prompt is %+v, want the label %q", p, tt.label)
				}
				for _, w := range []string{tt.start, tt.end, tt.line, tt.percent} {
					if !strings.Contains(tt.label, w) {
						t.Fatalf("the label %q does not offer %q", tt.label, w)
					}
				}
				app.Answer(ans.typed)
				pos, _ := app.Position()
				if pos.Line != ans.line {
					t.Errorf("%q went to line %d (said %q), want line %d", ans.typed, pos.Line, rec.last(), ans.line)
				}
			}
		})
	}
}

// TestStructureSaidInTheInterfaceLanguage: the role, size and place said
// on a move by structure are one catalogue message each, in the interface
// language at every verbosity, with the document's words as they are.
func TestStructureSaidInTheInterfaceLanguage(t *testing.T) {
	const md = "# Top\n\n> A quoted line here.\n\n---\n\nSee ![A red barn](barn.png) here.\n\n" +
		"- one\n  - inner a\n  - inner b\n- two\n\n| a | b |\n|---|---|\n| 1 | 2 |\n| 3 | 4 |\n\nEnd.\n"
	moves := []string{"next_block_quote", "next_separator", "next_graphic", "next_list", "next_list_item",
		"next_list_item", "next_table", "table_next_row", "table_next_column"}
	tests := []struct {
		lang, level string
		want        []string
	}{
		{"de", "normal", []string{"Zitat: A quoted line here.", "Trennlinie", "Grafik: A red barn", "Liste, 2 Einträge: one",
			"Listeneintrag, Ebene 2: inner a", "Listeneintrag, Ebene 2: inner b", "Tabelle, 3 Zeilen: a | b", "1", "b: 2"}},
		{"de", "high", []string{"Zitat 1 von 1: A quoted line here.", "Trennlinie 1 von 1", "Grafik 1 von 1: A red barn",
			"Liste 1 von 2, 2 Einträge: one", "Eintrag 1 von 2, Ebene 2: inner a", "Eintrag 2 von 2, Ebene 2: inner b",
			"Tabelle 1 von 1, 3 Zeilen, 2 Spalten: a | b", "Zeile 2, Spalte 1: 1", "Zeile 2, Spalte 2, b: 2"}},
		{"ar", "high", []string{"اقتباس 1 من 1: A quoted line here.", "فاصل 1 من 1", "صورة 1 من 1: A red barn",
			"قائمة 1 من 2، عنصران: one", "العنصر 1 من 2، المستوى 2: inner a", "العنصر 2 من 2، المستوى 2: inner b",
			"جدول 1 من 1، 3 صفوف، عمودان: a | b", "الصف 2، العمود 1: 1", "الصف 2، العمود 2، b: 2"}},
		{"fr", "normal", []string{"Citation : A quoted line here.", "Séparateur", "Image : A red barn", "Liste, 2 éléments : one",
			"Élément de liste, niveau 2 : inner a", "Élément de liste, niveau 2 : inner b", "Tableau, 3 lignes : a | b", "1", "b : 2"}},
	}
	for _, tt := range tests {
		t.Run(tt.lang+"/"+tt.level, func(t *testing.T) {
			app, rec, _ := openWithSettings(t, "v.md", md, map[string]any{"speech.verbosity": tt.level, "display.language": tt.lang})
			defer app.Close()
			for i, move := range moves {
				mustAction(t, app, move, nil)
				if got := rec.last(); got != tt.want[i] {
					t.Errorf("%s: said %q, want %q", move, got, tt.want[i])
				}
			}
		})
	}
}

// TestVoiceMessagesInTheInterfaceLanguage: the Voices list, its samples
// and the favorite and restart keys speak the interface language; voice
// names stay as the engine gives them.
func TestVoiceMessagesInTheInterfaceLanguage(t *testing.T) {
	st, _, err := settings.Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	if _, err := st.Set("display.language", "de"); err != nil {
		t.Fatal(err)
	}
	sp := &voiceSpeaker{voice: func() string { return st.String("speech.voice") }}
	rec := &recorder{}
	app := core.New(core.Options{Home: t.TempDir(), Events: rec, Speaker: sp, Settings: settingsStore{st}})
	defer app.Close()
	act := func(id string) core.ActionResult {
		t.Helper()
		return mustAction(t, app, id, nil)
	}
	act("cycle_favorite_voice")
	if got, want := rec.last(), "Keine Lieblingsstimmen. In der Stimmenliste (Alt+V) markiert die Leertaste eine."; got != want {
		t.Errorf("no favorites: said %q, want %q", got, want)
	}
	res := act("choose_voice")
	le, ok := res.Effects[0].(core.ListEffect)
	if !ok || le.Title != "Stimmen" {
		t.Fatalf("list %+v, want the title Stimmen", res.Effects[0])
	}
	sp.take()
	if _, _, err := app.ListKey("down"); err != nil {
		t.Fatal(err)
	}
	if got := sp.take(); len(got) != 2 || got[1] != "[gmw/en-US] Hallo, hier ist English (America)." {
		t.Errorf("moving said %q", got)
	}
	if _, _, err := app.ListKey(" "); err != nil {
		t.Fatal(err)
	}
	if got, want := rec.last(), "English (America) zu den Favoriten hinzugefügt."; got != want {
		t.Errorf("space said %q, want %q", got, want)
	}
	if l := app.ListState(); !strings.HasSuffix(l.Items[1], ", Favorit") {
		t.Errorf("favorite item %q", l.Items[1])
	}
	if _, _, err := app.ListKey("enter"); err != nil {
		t.Fatal(err)
	}
	if got, want := rec.last(), "Stimme: English (America)."; got != want {
		t.Errorf("enter said %q, want %q", got, want)
	}
	act("restart_speech")
	if got, want := rec.last(), "Sprachausgabe neu gestartet: fake."; got != want {
		t.Errorf("restart said %q, want %q", got, want)
	}
}

// rateOnly is the settings list with one setting, the speech rate, whose
// typed values are read as the settings list reads them.
type rateOnly struct{ *settings.Store }

func (rateOnly) Visible() []core.SettingLabel {
	return []core.SettingLabel{{Path: "speech.rate", Label: "Speech rate"}}
}

func (rateOnly) Parse(path, text string) (any, error) {
	st, _ := settings.Lookup(path)
	return st.Parse(text)
}

// TestSettingsListErrorsInTheInterfaceLanguage: a value typed in the
// settings list that does not fit is refused in the interface language
// (the same error over JSON-RPC stays English: see the settings tests).
func TestSettingsListErrorsInTheInterfaceLanguage(t *testing.T) {
	tests := []struct{ lang, typed, want string }{
		{"en", "fast", "speech.rate must be a number"},
		{"fr", "fast", "speech.rate doit être un nombre"},
		{"de", "fast", "speech.rate muss eine Zahl sein"},
		{"ar", "fast", "يجب أن يكون speech.rate رقمًا"},
	}
	for _, tt := range tests {
		t.Run(tt.lang, func(t *testing.T) {
			st := settingsIn(t, tt.lang)
			app, rec := settingsListKey(t, rateOnly{st}, "enter")
			app.Answer(tt.typed)
			if got := rec.last(); got != tt.want {
				t.Errorf("said %q, want %q", got, tt.want)
			}
			if st.Int("speech.rate") != 265 {
				t.Errorf("the rate changed to %d", st.Int("speech.rate"))
			}
		})
	}
}

// rateAndPitch is the settings list with two settings and their help.
type rateAndPitch struct{ *settings.Store }

func (rateAndPitch) Visible() []core.SettingLabel {
	var out []core.SettingLabel
	for _, p := range []string{"speech.rate", "speech.pitch"} {
		st, _ := settings.Lookup(p)
		out = append(out, core.SettingLabel{Path: st.Path, Label: st.Label, Help: st.Help})
	}
	return out
}

// TestSettingsListDetailsSaysTheHelp: the Say Status key (details) in the
// settings list says the setting and what it does, in the interface
// language.
func TestSettingsListDetailsSaysTheHelp(t *testing.T) {
	tests := []struct{ lang, want string }{
		{"en", "Speech rate: 265 words per minute. How fast text is read aloud."},
		{"fr", "Débit de parole : 265 mots par minute. La vitesse de lecture à voix haute."},
		{"de", "Sprechtempo: 265 Wörter pro Minute. Wie schnell Text vorgelesen wird."},
	}
	for _, tt := range tests {
		t.Run(tt.lang, func(t *testing.T) {
			st := settingsIn(t, tt.lang)
			_, rec := settingsListKey(t, rateAndPitch{st}, "details")
			if got := rec.last(); got != tt.want {
				t.Errorf("said %q, want %q", got, tt.want)
			}
		})
	}
}

// settingsListKey opens the settings list of a new app reading s and
// presses key in it; it returns the app, closed when the test ends, and
// what it announced.
func settingsListKey(t *testing.T, s core.Settings, key string) (*core.App, *recorder) {
	t.Helper()
	rec := &recorder{}
	app := core.New(core.Options{Home: t.TempDir(), Events: rec, Settings: s})
	t.Cleanup(app.Close)
	mustAction(t, app, "settings", nil)
	if _, _, err := app.ListKey(key); err != nil {
		t.Fatal(err)
	}
	return app, rec
}

// settingsIn is a new settings store whose interface language is lang.
func settingsIn(t *testing.T, lang string) *settings.Store {
	t.Helper()
	st, _, err := settings.Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	if _, err := st.Set("display.language", lang); err != nil {
		t.Fatal(err)
	}
	return st
}
