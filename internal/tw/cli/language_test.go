package cli_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// homeIn makes a tw home whose settings.toml sets display.language.
func homeIn(t *testing.T, lang string) string {
	t.Helper()
	home := t.TempDir()
	if err := os.WriteFile(filepath.Join(home, "settings.toml"), []byte("[display]\nlanguage = \""+lang+"\"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	return home
}

// TestMessagesInTheInterfaceLanguage: the command line's messages for
// people follow display.language of the home's settings.toml (--home,
// --home=, $TEXTWEAVER_HOME), and the locale when it is auto; command
// names, options and machine-readable output stay as they are.
func TestMessagesInTheInterfaceLanguage(t *testing.T) {
	dir := notesDir(t)
	notes := filepath.Join(dir, "notes.md")
	missing := filepath.Join(dir, "missing.md")
	fr, de, en, auto := homeIn(t, "fr"), homeIn(t, "de"), homeIn(t, "en"), homeIn(t, "auto")
	tests := []struct {
		name     string
		env      map[string]string
		args     []string
		code     int
		out, err string
	}{
		{"French by --home, a file that is not there", nil, []string{"text", missing, "--home", fr}, 1, "",
			"Erreur : tw text : impossible de lire " + missing + " : fichier introuvable. Vérifiez le chemin et réessayez.\n"},
		{"French by --home=, typed wrong", nil, []string{"info", "--home=" + fr}, 2, "",
			"Erreur : tw info : donnez un document. Voir tw info --help.\n"},
		{"German by TEXTWEAVER_HOME, an unknown option", map[string]string{"TEXTWEAVER_HOME": de}, []string{"text", "--bogus", notes}, 2, "",
			"Fehler: tw text: unbekannte Option --bogus. Siehe tw text --help.\n"},
		{"German, an unknown command", map[string]string{"TEXTWEAVER_HOME": de}, []string{"voice"}, 2, "",
			"Fehler: unbekannter Befehl \"voice\". Meinten Sie tw voices? Die Befehle sind "},
		{"auto follows LANG: Spanish", map[string]string{"TEXTWEAVER_HOME": auto, "LANG": "es_ES.UTF-8"}, []string{"search", notes, "zzz"}, 1, "",
			"No hay coincidencias para zzz.\n"},
		{"auto follows LC_ALL before LANG: Arabic plural", map[string]string{"TEXTWEAVER_HOME": auto, "LC_ALL": "ar_EG.UTF-8", "LANG": "de_DE"}, []string{"search", notes, "nucleus"}, 0,
			"", "نتيجتان.\n"},
		{"Portuguese by the locale, the search lines unchanged", map[string]string{"TEXTWEAVER_HOME": auto, "LANG": "pt_BR"}, []string{"search", notes, "DNA"}, 0,
			"7:30: The nucleus holds the cell's DNA. It controls growth and division.\n", "1 resultado.\n"},
		{"English setting wins over a French locale", map[string]string{"TEXTWEAVER_HOME": en, "LANG": "fr_FR.UTF-8"}, []string{"search", notes, "DNA"}, 0,
			"7:30: The nucleus holds the cell's DNA. It controls growth and division.\n", "1 match.\n"},
		{"tw info's labels stay English", nil, []string{"info", notes, "--home", fr}, 0, "File: " + notes + "\nFormat: markdown\n", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			code, out, errs := run(t, "", tc.env, tc.args...)
			if code != tc.code || !strings.HasPrefix(out, tc.out) || !strings.HasPrefix(errs, tc.err) || tc.err == "" && errs != "" {
				t.Errorf("tw %q: exit %d\nstdout %q\nstderr %q\nwant exit %d, stdout starting %q, stderr starting %q", tc.args, code, out, errs, tc.code, tc.out, tc.err)
			}
		})
	}
}

// TestBackendsListInTheInterfaceLanguage: tw backends words its list in the
// interface language; the engines' ids and names stay as they are.
func TestBackendsListInTheInterfaceLanguage(t *testing.T) {
	for _, tc := range []struct{ lang, want string }{
		{"en", "\nsilent — Silent (--no-speech); available; priority -1; word timing: "},
		{"de", "\nsilent — Silent (--no-speech); verfügbar; Priorität -1; Wortzeiten: "},
		{"fr", "\nsilent — Silent (--no-speech) ; disponible ; priorité -1 ; minutage des mots : "},
	} {
		code, out, errs := run(t, "", map[string]string{"TEXTWEAVER_HOME": homeIn(t, tc.lang)}, "backends")
		if code != 0 || !strings.Contains(out, tc.want) || errs != "" {
			t.Errorf("%s: exit %d, stdout %q, stderr %q; want %q in it", tc.lang, code, out, errs, tc.want)
		}
	}
}
