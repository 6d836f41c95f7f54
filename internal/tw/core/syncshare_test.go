package core_test

import (
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"textfirst/internal/tw/core"
	"textfirst/internal/tw/lexicon"
	"textfirst/internal/tw/readstats"
	"textfirst/internal/tw/settings"
	"textfirst/internal/tw/spell"
)

// syncedHome is the home of the computer name that syncedHomes opened.
func syncedHome(shared, name string) string { return filepath.Join(filepath.Dir(shared), name) }

// wordList reads a home's personal word list.
func wordList(t *testing.T, home string) []string {
	t.Helper()
	words, err := spell.ReadWordList(filepath.Join(home, "words.txt"))
	if err != nil {
		t.Fatal(err)
	}
	return words
}

// TestSyncWords: with sync.words on, each computer adds the others'
// personal spelling words it lacks (in any case) to its word list, says
// how many arrived, and its speller knows them at once; a word already
// shared does not arrive again; a computer with sync.words off neither
// shares its words nor takes the others'.
func TestSyncWords(t *testing.T) {
	shared, open := syncedHomes(t)
	write := func(name, words string) {
		if err := os.MkdirAll(syncedHome(shared, name), 0o700); err != nil {
			t.Fatal(err)
		}
		writeTestFile(t, filepath.Join(syncedHome(shared, name), "words.txt"), words)
	}
	write("desk", "Zorblax\nquixly\n")
	write("lab", "Quixly\nFrobnitz\n")
	write("hall", "Hallword\n")
	desk, deskSaid, _ := open("desk", map[string]any{"sync.folder": shared, "sync.device_name": "desk"})
	lab, labSaid, _ := open("lab", map[string]any{"sync.folder": shared, "sync.device_name": "lab"})
	hall, hallSaid, _ := open("hall", map[string]any{"sync.folder": shared, "sync.device_name": "hall", "sync.words": false})

	// The lab's speller, asked before sync, does not know Zorblax.
	_, hunspellErr := spell.NewHunspell("en", "")
	zorb := writeTestFile(t, filepath.Join(filepath.Dir(shared), "zorb.txt"), "Zorblax rules.\n")
	spelled := func() string {
		t.Helper()
		if err := lab.Open(zorb); err != nil {
			t.Fatal(err)
		}
		mustAction(t, lab, "spelling_suggestions", nil)
		said := labSaid.last()
		lab.Cancel()
		if err := lab.Open(filepath.Join(filepath.Dir(shared), "tides.md")); err != nil {
			t.Fatal(err)
		}
		return said
	}
	if hunspellErr == nil {
		if got := spelled(); got == "Zorblax is spelled correctly." {
			t.Fatalf("the lab knows Zorblax before sync")
		}
	}

	mustAction(t, desk, "sync_now", nil)
	mustAction(t, hall, "sync_now", nil)
	if got := hallSaid.last(); got != "Synced with desk." {
		t.Errorf("the hall, sync.words off, said %q", got)
	}
	mustAction(t, lab, "sync_now", nil)
	if got := labSaid.last(); got != "Synced with desk, hall. 1 word arrived in your word list." {
		t.Errorf("the lab's sync said %q", got)
	}
	if got := wordList(t, syncedHome(shared, "lab")); !slices.Equal(got, []string{"Quixly", "Frobnitz", "Zorblax"}) {
		t.Errorf("the lab's word list: %q", got)
	}
	if hunspellErr == nil {
		if got := spelled(); got != "Zorblax is spelled correctly." {
			t.Errorf("after sync the lab's speller says %q", got)
		}
	}
	mustAction(t, desk, "sync_now", nil)
	if got := deskSaid.last(); got != "Synced with hall, lab. 1 word arrived in your word list." {
		t.Errorf("the desk's sync said %q", got)
	}
	if got := wordList(t, syncedHome(shared, "desk")); !slices.Equal(got, []string{"Zorblax", "quixly", "Frobnitz"}) {
		t.Errorf("the desk's word list: %q (nothing of the hall's)", got)
	}
	// Once shared, nothing arrives again; the hall still takes nothing.
	mustAction(t, desk, "sync_now", nil)
	if got := deskSaid.last(); got != "Synced with hall, lab." {
		t.Errorf("a second sync said %q", got)
	}
	mustAction(t, hall, "sync_now", nil)
	if got := wordList(t, syncedHome(shared, "hall")); !slices.Equal(got, []string{"Hallword"}) {
		t.Errorf("the hall's word list, sync.words off: %q", got)
	}
}

// TestSyncGlossary: with sync.glossary on, each computer adds the others'
// glossary terms and pronunciations it lacks to its own glossary file
// (in that file's format) and speech.pronunciations, its own entry winning
// on the same word, and says how many arrived; a computer with
// sync.glossary off neither shares nor takes them.
func TestSyncGlossary(t *testing.T) {
	shared, open := syncedHomes(t)
	write := func(name, file, text string) {
		if err := os.MkdirAll(syncedHome(shared, name), 0o700); err != nil {
			t.Fatal(err)
		}
		writeTestFile(t, filepath.Join(syncedHome(shared, name), file), text)
	}
	write("desk", "glossary.txt", "tide: the desk's tide\nneap tide: the smallest tide\n")
	write("lab", "glossary.json", `{"tide": "the lab's tide", "ebb": "the going out"}`)
	write("hall", "glossary.txt", "hall: the hall's own term\n")
	desk, deskSaid, deskSettings := open("desk", map[string]any{"sync.folder": shared, "sync.device_name": "desk",
		"speech.pronunciations": map[string]string{"SQL": "sequel", "Tolkien": "toll keen"}})
	lab, labSaid, labSettings := open("lab", map[string]any{"sync.folder": shared, "sync.device_name": "lab",
		"speech.pronunciations": map[string]string{"SQL": "S Q L", "Nguyen": "win"}})
	hall, _, hallSettings := open("hall", map[string]any{"sync.folder": shared, "sync.device_name": "hall", "sync.glossary": false,
		"speech.pronunciations": map[string]string{"hall": "haul"}})
	define := func(name, term string) string {
		t.Helper()
		home := syncedHome(shared, name)
		g, err := lexicon.LoadGlossary(lexicon.GlossaryFile(home))
		if err != nil {
			t.Fatal(err)
		}
		for _, gr := range g.Groups() {
			if gr.Lemma == term {
				return gr.Senses[0].Definition
			}
		}
		return ""
	}

	mustAction(t, desk, "sync_now", nil)
	mustAction(t, hall, "sync_now", nil)
	mustAction(t, lab, "sync_now", nil)
	if got := labSaid.last(); got != "Synced with desk, hall. 1 glossary term arrived. 1 pronunciation arrived." {
		t.Errorf("the lab's sync said %q", got)
	}
	if define("lab", "neap tide") != "the smallest tide" || define("lab", "tide") != "the lab's tide" {
		t.Errorf("the lab's glossary: neap tide %q, tide %q", define("lab", "neap tide"), define("lab", "tide"))
	}
	if got := labSettings.TextTable("speech.pronunciations"); !maps.Equal(got, map[string]string{"SQL": "S Q L", "Nguyen": "win", "Tolkien": "toll keen"}) {
		t.Errorf("the lab's pronunciations: %v", got)
	}
	mustAction(t, desk, "sync_now", nil)
	if got := deskSaid.last(); got != "Synced with hall, lab. 1 glossary term arrived. 1 pronunciation arrived." {
		t.Errorf("the desk's sync said %q", got)
	}
	if define("desk", "ebb") != "the going out" || define("desk", "tide") != "the desk's tide" || define("desk", "hall") != "" {
		t.Errorf("the desk's glossary: ebb %q, tide %q, hall %q", define("desk", "ebb"), define("desk", "tide"), define("desk", "hall"))
	}
	if got := deskSettings.TextTable("speech.pronunciations"); !maps.Equal(got, map[string]string{"SQL": "sequel", "Nguyen": "win", "Tolkien": "toll keen"}) {
		t.Errorf("the desk's pronunciations: %v", got)
	}
	// Once shared, nothing arrives again; the hall takes nothing.
	mustAction(t, desk, "sync_now", nil)
	if got := deskSaid.last(); got != "Synced with hall, lab." {
		t.Errorf("a second sync said %q", got)
	}
	mustAction(t, hall, "sync_now", nil)
	if define("hall", "ebb") != "" || len(hallSettings.TextTable("speech.pronunciations")) != 1 {
		t.Errorf("the hall, sync.glossary off, took ebb %q, pronunciations %v", define("hall", "ebb"), hallSettings.TextTable("speech.pronunciations"))
	}
}

// TestSyncFavoriteVoices: with sync.favorite_voices on, each computer adds
// the others' favorite voices to the end of its speech.favorite_voices
// and says how many arrived; a computer with it off neither shares its
// favorites nor takes the others'.
func TestSyncFavoriteVoices(t *testing.T) {
	shared, open := syncedHomes(t)
	desk, deskSaid, deskSettings := open("desk", map[string]any{"sync.folder": shared, "sync.device_name": "desk",
		"speech.favorite_voices": []string{"en-gb", "fr"}})
	lab, labSaid, labSettings := open("lab", map[string]any{"sync.folder": shared, "sync.device_name": "lab",
		"speech.favorite_voices": []string{"fr", "de"}})
	hall, _, hallSettings := open("hall", map[string]any{"sync.folder": shared, "sync.device_name": "hall",
		"sync.favorite_voices": false, "speech.favorite_voices": []string{"es"}})
	mustAction(t, desk, "sync_now", nil)
	mustAction(t, hall, "sync_now", nil)
	mustAction(t, lab, "sync_now", nil)
	if got := labSaid.last(); got != "Synced with desk, hall. 1 favorite voice arrived." {
		t.Errorf("the lab's sync said %q", got)
	}
	if got := labSettings.Strings("speech.favorite_voices"); !slices.Equal(got, []string{"fr", "de", "en-gb"}) {
		t.Errorf("the lab's favorites: %q", got)
	}
	mustAction(t, desk, "sync_now", nil)
	if got := deskSaid.last(); got != "Synced with hall, lab. 1 favorite voice arrived." {
		t.Errorf("the desk's sync said %q", got)
	}
	if got := deskSettings.Strings("speech.favorite_voices"); !slices.Equal(got, []string{"en-gb", "fr", "de"}) {
		t.Errorf("the desk's favorites: %q (none of the hall's)", got)
	}
	mustAction(t, hall, "sync_now", nil)
	if got := hallSettings.Strings("speech.favorite_voices"); !slices.Equal(got, []string{"es"}) {
		t.Errorf("the hall's favorites, sync.favorite_voices off: %q", got)
	}
}

// TestSyncStatistics: with sync.statistics on, a computer's reading
// statistics count the others' own time and sessions as well, as they
// stood at the last sync, never twice however often it syncs; a computer
// with it off neither shares its statistics nor counts the others'.
func TestSyncStatistics(t *testing.T) {
	shared, open := syncedHomes(t)
	desk, _, _ := open("desk", map[string]any{"sync.folder": shared, "sync.device_name": "desk"})
	lab, _, _ := open("lab", map[string]any{"sync.folder": shared, "sync.device_name": "lab"})
	hall, _, _ := open("hall", map[string]any{"sync.folder": shared, "sync.device_name": "hall", "sync.statistics": false})
	tides := filepath.Join(filepath.Dir(shared), "tides.md")
	read := func(name string, seconds float64, sessions int) {
		t.Helper()
		for i := range sessions {
			d := readstats.Delta{Path: tides, Title: "Tides", Seconds: seconds / float64(sessions), NewSession: true, At: time.Unix(int64(1000+i), 0)}
			if err := readstats.Add(syncedHome(shared, name), d); err != nil {
				t.Fatal(err)
			}
		}
	}
	read("desk", 60, 1)
	read("lab", 120, 2)
	read("hall", 600, 5)
	totals := func(app *core.App) string {
		t.Helper()
		mustAction(t, app, "reading_statistics", nil)
		defer app.Cancel()
		l := app.ListState()
		if l == nil || len(l.Items) == 0 {
			t.Fatalf("no statistics list: %+v", l)
		}
		return l.Items[0]
	}
	mustAction(t, desk, "sync_now", nil)
	mustAction(t, hall, "sync_now", nil)
	mustAction(t, lab, "sync_now", nil)
	if got := totals(lab); got != "In all: 3 min read aloud, sessions: 3, documents: 1." {
		t.Errorf("the lab's statistics, with the desk's: %q", got)
	}
	for range 2 {
		mustAction(t, desk, "sync_now", nil)
		if got := totals(desk); got != "In all: 3 min read aloud, sessions: 3, documents: 1." {
			t.Errorf("the desk's statistics, with the lab's and none of the hall's: %q", got)
		}
	}
	// The lab reads more: the desk counts it at the next sync, once.
	read("lab", 60, 1)
	mustAction(t, lab, "sync_now", nil)
	mustAction(t, desk, "sync_now", nil)
	if got := totals(desk); got != "In all: 4 min read aloud, sessions: 4, documents: 1." {
		t.Errorf("the desk's statistics after the lab read more: %q", got)
	}
	mustAction(t, hall, "sync_now", nil)
	if got := totals(hall); got != "In all: 10 min read aloud, sessions: 5, documents: 1." {
		t.Errorf("the hall's statistics, sync.statistics off: %q", got)
	}
}

// TestSyncKeyOverrides: with sync.key_overrides on, the most recently
// changed keymap.toml among the computers replaces the others' (written
// whole, keeping the time it was changed), sync says where it came from,
// and a front end sees KeyOverridesArrived change; a computer with it off
// neither shares its file, though it is the newest, nor takes the others'.
func TestSyncKeyOverrides(t *testing.T) {
	shared, open := syncedHomes(t)
	base := time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)
	write := func(name, text string, at time.Time) {
		t.Helper()
		path := filepath.Join(syncedHome(shared, name), core.KeyOverridesFile)
		if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
			t.Fatal(err)
		}
		writeTestFile(t, path, text)
		if err := os.Chtimes(path, at, at); err != nil {
			t.Fatal(err)
		}
	}
	keys := func(name string) (string, time.Time) {
		t.Helper()
		path := filepath.Join(syncedHome(shared, name), core.KeyOverridesFile)
		fi, err := os.Stat(path)
		if err != nil {
			t.Fatal(err)
		}
		return readString(t, path), fi.ModTime()
	}
	const deskKeys, labKeys, hallKeys = "next_line = [\"Ctrl+J\"]\n", "next_line = [\"Ctrl+K\"]\n", "next_line = [\"Ctrl+L\"]\n"
	write("desk", deskKeys, base)
	write("lab", labKeys, base.Add(time.Hour))
	write("hall", hallKeys, base.Add(2*time.Hour))
	on := map[string]any{"sync.folder": shared, "sync.key_overrides": true}
	withName := func(values map[string]any, name string) map[string]any {
		out := maps.Clone(values)
		out["sync.device_name"] = name
		return out
	}
	desk, deskSaid, _ := open("desk", withName(on, "desk"))
	lab, labSaid, _ := open("lab", withName(on, "lab"))
	hall, _, _ := open("hall", map[string]any{"sync.folder": shared, "sync.device_name": "hall"})

	mustAction(t, desk, "sync_now", nil)
	mustAction(t, hall, "sync_now", nil)
	mustAction(t, lab, "sync_now", nil)
	if got := labSaid.last(); got != "Synced with desk, hall." {
		t.Errorf("the lab, whose keys are newer than the desk's, said %q", got)
	}
	if text, _ := keys("lab"); text != labKeys || lab.KeyOverridesArrived() != 0 {
		t.Errorf("the lab's keys: %q, arrived %d times", text, lab.KeyOverridesArrived())
	}
	mustAction(t, desk, "sync_now", nil)
	if got := deskSaid.last(); got != "Synced with hall, lab. The key overrides arrived from lab." {
		t.Errorf("the desk's sync said %q", got)
	}
	if text, at := keys("desk"); text != labKeys || !at.Equal(base.Add(time.Hour)) || desk.KeyOverridesArrived() != 1 {
		t.Errorf("the desk's keys: %q changed %v, arrived %d times", text, at, desk.KeyOverridesArrived())
	}
	// Once the same, nothing arrives again; the hall takes nothing.
	mustAction(t, desk, "sync_now", nil)
	if got := deskSaid.last(); got != "Synced with hall, lab." || desk.KeyOverridesArrived() != 1 {
		t.Errorf("a second sync said %q, keys arrived %d times", got, desk.KeyOverridesArrived())
	}
	mustAction(t, hall, "sync_now", nil)
	if text, _ := keys("hall"); text != hallKeys {
		t.Errorf("the hall's keys, sync.key_overrides off: %q", text)
	}
	// A change on the desk reaches the lab.
	write("desk", deskKeys, base.Add(3*time.Hour))
	mustAction(t, desk, "sync_now", nil)
	mustAction(t, lab, "sync_now", nil)
	if text, _ := keys("lab"); text != deskKeys || labSaid.last() != "Synced with desk, hall. The key overrides arrived from desk." {
		t.Errorf("after the desk changed its keys the lab has %q and said %q", text, labSaid.last())
	}
}

// TestSyncProfiles: with sync.profiles on, a computer takes the settings
// profiles it lacks, and a profile saved more recently elsewhere replaces
// the one of its name here, keeping its time; sync says how many arrived,
// and no profile is applied. A computer with it off neither shares its
// profiles nor takes the others'.
func TestSyncProfiles(t *testing.T) {
	shared, open := syncedHomes(t)
	base := time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)
	put := func(home, name, text string, at time.Time) {
		t.Helper()
		f := settings.ProfileFile{Name: name, Text: []byte(text), Modified: at}
		if err := settings.ProfilesIn(syncedHome(shared, home)).Put(f); err != nil {
			t.Fatal(err)
		}
	}
	profiles := func(home string) map[string]string {
		t.Helper()
		files, err := settings.ProfilesIn(syncedHome(shared, home)).Files()
		if err != nil {
			t.Fatal(err)
		}
		out := map[string]string{}
		for _, f := range files {
			out[f.Name] = string(f.Text)
		}
		return out
	}
	const deskStudy, labStudy = "[speech]\nrate = 200\n", "[speech]\nrate = 180\n"
	const skim, night, hall = "[speech]\nrate = 400\n", "[display]\ntheme = \"dark\"\n", "[speech]\nrate = 100\n"
	put("desk", "study", deskStudy, base)
	put("desk", "skim", skim, base)
	put("lab", "study", labStudy, base.Add(time.Hour))
	put("lab", "night", night, base)
	put("hall", "hall", hall, base.Add(2*time.Hour))
	desk, deskSaid, deskSettings := open("desk", map[string]any{"sync.folder": shared, "sync.device_name": "desk", "sync.profiles": true})
	lab, labSaid, _ := open("lab", map[string]any{"sync.folder": shared, "sync.device_name": "lab", "sync.profiles": true})
	hallApp, _, _ := open("hall", map[string]any{"sync.folder": shared, "sync.device_name": "hall"})
	rate := deskSettings.Int("speech.rate")

	mustAction(t, desk, "sync_now", nil)
	mustAction(t, hallApp, "sync_now", nil)
	mustAction(t, lab, "sync_now", nil)
	if got := labSaid.last(); got != "Synced with desk, hall. 1 settings profile arrived." {
		t.Errorf("the lab's sync said %q", got)
	}
	if got := profiles("lab"); !maps.Equal(got, map[string]string{"study": labStudy, "night": night, "skim": skim}) {
		t.Errorf("the lab's profiles (its newer study kept): %q", got)
	}
	mustAction(t, desk, "sync_now", nil)
	if got := deskSaid.last(); got != "Synced with hall, lab. 2 settings profiles arrived." {
		t.Errorf("the desk's sync said %q", got)
	}
	if got := profiles("desk"); !maps.Equal(got, map[string]string{"study": labStudy, "night": night, "skim": skim}) {
		t.Errorf("the desk's profiles (the lab's newer study, none of the hall's): %q", got)
	}
	if got := deskSettings.Int("speech.rate"); got != rate {
		t.Errorf("a profile that arrived was applied: speech.rate %d, was %d", got, rate)
	}
	// Once the same, nothing arrives again, either way.
	mustAction(t, desk, "sync_now", nil)
	mustAction(t, lab, "sync_now", nil)
	if deskSaid.last() != "Synced with hall, lab." || labSaid.last() != "Synced with desk, hall." {
		t.Errorf("second syncs said %q and %q", deskSaid.last(), labSaid.last())
	}
	mustAction(t, hallApp, "sync_now", nil)
	if got := profiles("hall"); !maps.Equal(got, map[string]string{"hall": hall}) {
		t.Errorf("the hall's profiles, sync.profiles off: %q", got)
	}
}

// TestSyncPortableSettings: with sync.settings on, the settings that
// travel take the value changed last on any computer, set through the
// store (so its checks and change effects run), and sync says how many
// arrived; a value never changed from its default does not win, and the
// settings of one computer (the voice) stay. A computer with sync.settings
// off neither shares its settings nor takes the others'.
func TestSyncPortableSettings(t *testing.T) {
	shared, open := syncedHomes(t)
	desk, deskSaid, deskSettings := open("desk", map[string]any{"sync.folder": shared, "sync.device_name": "desk",
		"sync.settings": true, "speech.rate": 300, "speech.voice": "en-gb"})
	lab, labSaid, labSettings := open("lab", map[string]any{"sync.folder": shared, "sync.device_name": "lab",
		"sync.settings": true, "speech.voice": "fr"})
	hall, _, hallSettings := open("hall", map[string]any{"sync.folder": shared, "sync.device_name": "hall",
		"highlight.enabled": false, "speech.rate": 120})
	defaultRate := labSettings.Int("speech.rate")
	var deskChanged []string
	deskSettings.OnChange(func(path string, _ any) { deskChanged = append(deskChanged, path) })

	mustAction(t, desk, "sync_now", nil)
	mustAction(t, hall, "sync_now", nil)
	mustAction(t, lab, "sync_now", nil)
	if got := labSaid.last(); got != "Synced with desk, hall. 1 setting arrived." {
		t.Errorf("the lab's sync said %q", got)
	}
	if labSettings.Int("speech.rate") != 300 || labSettings.String("speech.voice") != "fr" || !labSettings.Bool("highlight.enabled") {
		t.Errorf("the lab: speech.rate %d (want the desk's 300), voice %q (its own), highlight %v (none of the hall's)",
			labSettings.Int("speech.rate"), labSettings.String("speech.voice"), labSettings.Bool("highlight.enabled"))
	}
	// The lab's default rate did not win over the desk's choice.
	mustAction(t, desk, "sync_now", nil)
	if got := deskSaid.last(); got != "Synced with hall, lab." || deskSettings.Int("speech.rate") != 300 {
		t.Errorf("the desk's sync said %q, speech.rate %d", got, deskSettings.Int("speech.rate"))
	}
	// A later change on the lab reaches the desk, through its store.
	if _, err := labSettings.Set("speech.rate", 200); err != nil {
		t.Fatal(err)
	}
	mustAction(t, lab, "sync_now", nil)
	mustAction(t, desk, "sync_now", nil)
	if got := deskSaid.last(); got != "Synced with hall, lab. 1 setting arrived." {
		t.Errorf("the desk's sync after the lab's change said %q", got)
	}
	if deskSettings.Int("speech.rate") != 200 || deskSettings.String("speech.voice") != "en-gb" || !slices.Equal(deskChanged, []string{"speech.rate"}) {
		t.Errorf("the desk: speech.rate %d, voice %q, changes seen %q", deskSettings.Int("speech.rate"), deskSettings.String("speech.voice"), deskChanged)
	}
	mustAction(t, desk, "sync_now", nil)
	mustAction(t, lab, "sync_now", nil)
	if deskSaid.last() != "Synced with hall, lab." || labSaid.last() != "Synced with desk, hall." || labSettings.Int("speech.rate") != 200 {
		t.Errorf("second syncs said %q and %q; the lab's rate %d", deskSaid.last(), labSaid.last(), labSettings.Int("speech.rate"))
	}
	mustAction(t, hall, "sync_now", nil)
	if hallSettings.Int("speech.rate") != 120 || defaultRate == 120 {
		t.Errorf("the hall's speech.rate, sync.settings off: %d", hallSettings.Int("speech.rate"))
	}
}

// TestSyncPositionPolicy: a document opens at another computer's place
// as sync.position_policy says (newest: the place left last; furthest:
// the furthest place; ask: a question, yes goes there), and stays at its
// own place with sync.places or reading.auto_resume off.
func TestSyncPositionPolicy(t *testing.T) {
	for _, tc := range []struct {
		name               string
		values             map[string]any
		labLine, deskLine  int
		wantLine           int
		wantSaid, question string
	}{
		{"newest", nil, 5, 3, 3, ", where desk left off.", ""},
		{"furthest, the desk behind", map[string]any{"sync.position_policy": "furthest"}, 5, 3, 5, "Resumed at", ""},
		{"furthest, the desk ahead", map[string]any{"sync.position_policy": "furthest"}, 3, 5, 5, ", where desk left off.", ""},
		{"ask", map[string]any{"sync.position_policy": "ask"}, 5, 3, 3, ", where desk left off.", "desk read to 11 percent. Go there? y or n"},
		{"sync.places off", map[string]any{"sync.places": false}, 5, 3, 5, "Resumed at", ""},
		{"reading.auto_resume off", map[string]any{"reading.auto_resume": false}, 5, 3, 1, "Opened", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			shared, open := syncedHomes(t)
			tides := filepath.Join(filepath.Dir(shared), "tides.md")
			other := writeTestFile(t, filepath.Join(filepath.Dir(shared), "other.md"), "Another text.\n")
			desk, _, _ := open("desk", map[string]any{"sync.folder": shared, "sync.device_name": "desk"})
			values := map[string]any{"sync.folder": shared, "sync.device_name": "lab"}
			maps.Copy(values, tc.values)
			lab, labSaid, _ := open("lab", values)
			goTo := func(app *core.App, line int) {
				t.Helper()
				if _, err := app.GoTo("line " + strconv.Itoa(line)); err != nil {
					t.Fatal(err)
				}
			}
			// The lab leaves its place, then the desk reads on and syncs.
			goTo(lab, tc.labLine)
			if err := lab.Open(other); err != nil {
				t.Fatal(err)
			}
			goTo(desk, tc.deskLine)
			mustAction(t, desk, "sync_now", nil)
			if err := lab.Open(tides); err != nil {
				t.Fatal(err)
			}
			said := labSaid.last()
			_, pending := lab.UIState()
			if tc.question != "" {
				if pending == nil || pending.Question != tc.question {
					t.Fatalf("the lab asked %+v (said %q)", pending, said)
				}
				lab.Confirm(true)
				said = labSaid.last()
			} else if pending != nil {
				t.Errorf("the lab asked %q", pending.Question)
			}
			pos, err := lab.Position()
			if err != nil {
				t.Fatal(err)
			}
			if pos.Line != tc.wantLine || !strings.Contains(said, tc.wantSaid) {
				t.Errorf("the lab opened at line %d, want %d; said %q", pos.Line, tc.wantLine, said)
			}
		})
	}
}
