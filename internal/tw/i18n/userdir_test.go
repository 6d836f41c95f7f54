package i18n

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// withUserFile writes text as dir/code.po and points the catalogue at dir
// for the test; it returns the warnings reported.
func withUserFile(t *testing.T, code, text string) *[]error {
	t.Helper()
	home := t.TempDir()
	if err := os.Mkdir(filepath.Join(home, "locale"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(home, "locale", code+".po"), []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	var warnings []error
	SetHome(home, func(err error) {
		// Say it as tw does, in the same language.
		warnings = append(warnings, errors.New(For(code).Sprintf("Warning: %s", err)))
	})
	t.Cleanup(func() { SetHome("", nil) })
	return &warnings
}

func TestUserFileOverridesMessages(t *testing.T) {
	const user = `# A user's fixes.
msgid ""
msgstr ""
"Language: fr_CA\n"
"Plural-Forms: nplurals=2; plural=(n > 1);\n"

msgid "Find"
msgstr "Chercher"

msgid "%d words."
msgid_plural "%d words."
msgstr[0] "%[1]d mot en tout."
msgstr[1] "%[1]d mots en tout."

#, fuzzy
msgid "Settings"
msgstr "Préférences"

msgid "Outline"
msgstr ""
`
	warnings := withUserFile(t, "fr", user)
	tests := []struct {
		lang, key string
		args      []any
		want      string
	}{
		{"fr", "Find", nil, "Chercher"},
		{"fr", "%d words.", []any{1}, "1 mot en tout."},
		{"fr", "%d words.", []any{5}, "5 mots en tout."},
		// Fuzzy and untranslated entries keep the built-in translation.
		{"fr", "Settings", nil, "Réglages"},
		{"fr", "Outline", nil, "Plan"},
		// Keys the file does not give, and other languages, are as built.
		{"fr", "Cancelled.", nil, "Annulé."},
		{"de", "Find", nil, "Suchen"},
		{"en", "Find", nil, "Find"},
	}
	for _, tt := range tests {
		if got := For(tt.lang).Sprintf(tt.key, tt.args...); got != tt.want {
			t.Errorf("%s %q: got %q, want %q", tt.lang, tt.key, got, tt.want)
		}
	}
	if len(*warnings) != 0 {
		t.Errorf("warnings: %v", *warnings)
	}
}

// TestUserFileOverridesEnglish: English, whose messages are their keys,
// can be reworded too.
func TestUserFileOverridesEnglish(t *testing.T) {
	warnings := withUserFile(t, "en", "msgid \"Opened %s.\"\nmsgstr \"Now reading %s.\"\n")
	if got, want := For("en").Sprintf("Opened %s.", "a.md"), "Now reading a.md."; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	if got, want := For("en").Sprintf("%d words.", 1), "1 word."; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	if len(*warnings) != 0 {
		t.Errorf("warnings: %v", *warnings)
	}
}

func TestBrokenUserFileIsIgnored(t *testing.T) {
	tests := []struct{ name, text, why string }{
		{"not PO", "msgid Find\nmsgstr \"Chercher\"\n", "not a quoted string"},
		{"another language", "msgid \"\"\nmsgstr \"Language: de\\n\"\n\nmsgid \"Find\"\nmsgstr \"Chercher\"\n", `for language "de"`},
		{"other arguments", "msgid \"Find\"\nmsgstr \"Chercher\"\n\nmsgid \"Opened %s.\"\nmsgstr \"%d ouvert.\"\n", "argument 1 with %d"},
		{"an argument left out", "msgid \"Opened %s.\"\nmsgstr \"Ouvert.\"\n", "does not print argument 1"},
		{"wrong number of plural forms", "msgid \"%d words.\"\nmsgid_plural \"%d words.\"\nmsgstr[0] \"%[1]d mot.\"\n", "has 1 plural forms; fr has 2"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			warnings := withUserFile(t, "fr", tt.text)
			if got := For("fr").Sprintf("Find"); got != "Rechercher" {
				t.Errorf("Find: got %q, want the built-in Rechercher", got)
			}
			if got := For("fr").Sprintf("Opened %s.", "a.md"); got != "a.md ouvert." {
				t.Errorf("Opened: got %q", got)
			}
			if len(*warnings) != 1 || !strings.Contains((*warnings)[0].Error(), tt.why) ||
				!strings.Contains((*warnings)[0].Error(), "fr.po is ignored") ||
				!strings.HasPrefix((*warnings)[0].Error(), "Avertissement : ") {
				t.Errorf("warnings %v, want one saying fr.po is ignored: %s", *warnings, tt.why)
			}
		})
	}
}

func TestMissingUserFileIsNoWarning(t *testing.T) {
	var warnings []error
	SetHome(filepath.Join(t.TempDir(), "none"), func(err error) { warnings = append(warnings, err) })
	t.Cleanup(func() { SetHome("", nil) })
	if got := For("es").Sprintf("Find"); got != "Buscar" {
		t.Errorf("got %q", got)
	}
	if len(warnings) != 0 {
		t.Errorf("warnings: %v", warnings)
	}
}

func TestUnreadableUserFileIsReported(t *testing.T) {
	home := t.TempDir()
	// A folder where the file should be cannot be read as one.
	if err := os.MkdirAll(filepath.Join(home, "locale", "pt.po"), 0o755); err != nil {
		t.Fatal(err)
	}
	var warnings []error
	SetHome(home, func(err error) { warnings = append(warnings, err) })
	t.Cleanup(func() { SetHome("", nil) })
	if got := For("pt").Sprintf("Cancelled."); got != "Cancelado." {
		t.Errorf("got %q", got)
	}
	if len(warnings) != 1 || errors.Unwrap(warnings[0]) == nil {
		t.Errorf("warnings %v, want one wrapping the read error", warnings)
	}
}

// loaded lists the languages whose built-in messages have been read.
func loaded() []string {
	var out []string
	for _, p := range printers {
		if p.builtIn.Load() != nil {
			out = append(out, p.lang.Code)
		}
	}
	return out
}

// TestOnlyTheLanguageInUseIsRead: a language's file is read when it first
// formats a message, and English reads nothing until a message has an
// integer argument (which a counted message could need).
func TestOnlyTheLanguageInUseIsRead(t *testing.T) {
	for _, p := range printers {
		p.builtIn.Store(nil) // forget what other tests read
	}
	// A home with no user files reads none of the built-in ones either.
	SetHome(t.TempDir(), nil)
	t.Cleanup(func() { SetHome("", nil) })
	steps := []struct {
		do   func()
		want string
	}{
		{func() { For("de") }, ""},
		{func() { For("en").Sprintf("Opened %s.", "a.md") }, ""},
		{func() { For("en").Text("Cancelled.") }, ""},
		{func() { For("de").Text("Cancelled.") }, "de"},
		{func() { For("en").Sprintf("%d words.", 2) }, "en de"},
		{func() { Current("ar").Text("Find") }, "en ar de"},
	}
	for i, s := range steps {
		s.do()
		if got := strings.Join(loaded(), " "); got != s.want {
			t.Errorf("after step %d: read %q, want %q", i+1, got, s.want)
		}
	}
}

// FuzzReadCatalogue: whatever a user's file holds, reading it and
// formatting its messages never panics.
func FuzzReadCatalogue(f *testing.F) {
	f.Add([]byte("msgid \"Opened %s.\"\nmsgstr \"%s ouvert.\"\n"))
	f.Add([]byte("msgid \"%s menu, Alt+%s, %d items.\"\nmsgid_plural \"x\"\nmsgstr[0] \"%[3]d\"\nmsgstr[1] \"%[2]s%[9]d\"\n" +
		"msgstr[2] \"\"\nmsgstr[3] \"%[\"\nmsgstr[4] \"%-+# 0.3[1]s\"\nmsgstr[5] \"%%\"\n"))
	f.Add([]byte("msgid \"\"\nmsgstr \"Language: ar\\n\"\n\nmsgid \"%[2]d of %[1]s %\"\nmsgstr \"%[1]s %[2]d %\"\n"))
	ar := For("ar").Lang()
	f.Fuzz(func(t *testing.T, data []byte) {
		c, err := readCatalogue(data, ar)
		if err != nil {
			return
		}
		for key, m := range c {
			for _, n := range []int{0, 1, 2, 3, 11, 100} {
				m.format(ar, sampleArgs(key, n))
			}
		}
	})
}

// TestConcurrentUse formats messages from several goroutines while the
// home changes (run it with -race): every result stays right.
func TestConcurrentUse(t *testing.T) {
	homes := []string{t.TempDir(), t.TempDir()}
	t.Cleanup(func() { SetHome("", nil) })
	var wg sync.WaitGroup
	for i := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range 100 {
				if j%25 == 0 {
					SetHome(homes[(i+j)%2], nil)
				}
				if got := For("fr").Sprintf("%d words.", 2); got != "2 mots." {
					t.Errorf("fr: %q", got)
				}
				if got := For("ar").Text("Find"); got != For("ar").Sprintf("Find") || got == "Find" {
					t.Errorf("ar: %q", got)
				}
			}
		}()
	}
	wg.Wait()
}
