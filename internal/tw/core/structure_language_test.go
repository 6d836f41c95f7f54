package core_test

import (
	"strings"
	"testing"

	"textfirst/internal/tw/core"
	"textfirst/internal/tw/settings"
)

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
