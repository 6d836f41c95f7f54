package settings

import (
	"slices"
	"strings"
	"testing"

	"textfirst/internal/tw/i18n"
)

// TestWarningsAndErrorsSayThemselvesInALanguage: the warnings of a
// settings.toml and the errors of Set and Parse read in English as they
// always did (JSON-RPC and the log use them so), and in the interface
// language when the terminal reader asks for it.
func TestWarningsAndErrorsSayThemselvesInALanguage(t *testing.T) {
	const toml = "[speech]\nrate = \"fast\"\nvolume = 500\nspeed_presets = { slow = 10, fast = 2000 }\n" +
		"[display]\nwat = 1\n[nope]\nx = 1\n[reading]\nlast_document = 7\n"
	s, english, home := openIn(t, toml)
	_, messages, err := OpenMessages(home)
	if err != nil {
		t.Fatal(err)
	}
	var again []string
	for _, m := range messages {
		again = append(again, m.String())
	}
	if !slices.Equal(english, again) {
		t.Fatalf("Open gave %q, OpenMessages %q", english, again)
	}
	fr := i18n.For("fr")
	wantEN := []string{
		"settings.toml: speech.rate: must be a number; using 265",
		"settings.toml: speech.volume: 500 is above the maximum 100; using 100",
		"settings.toml: speech.speed_presets: fast: 2000 is above the maximum 900; using 900; slow: 10 is below the minimum 50; using 50",
		"settings.toml: reading.last_document: must be text; leaving it not set",
		"settings.toml: display.wat is not a setting tw knows; it is kept but not used",
		"settings.toml: [nope] is not a section tw knows; it is kept but not used",
	}
	wantFR := []string{
		"settings.toml : speech.rate : doit être un nombre ; utilisation de 265",
		"settings.toml : speech.volume : 500 dépasse le maximum 100 ; utilisation de 100",
		"settings.toml : speech.speed_presets : fast : 2000 dépasse le maximum 900 ; utilisation de 900 ; slow : 10 est sous le minimum 50 ; utilisation de 50",
		"settings.toml : reading.last_document : doit être du texte ; il reste non défini",
		"settings.toml : display.wat n'est pas un réglage connu de tw ; il est conservé mais pas utilisé",
		"settings.toml : [nope] n'est pas une section connue de tw ; elle est conservée mais pas utilisée",
	}
	if !slices.Equal(english, wantEN) {
		t.Errorf("English warnings\n%q\nwant\n%q", english, wantEN)
	}
	for i, m := range messages {
		if i < len(wantFR) && m.In(fr) != wantFR[i] {
			t.Errorf("French warning %d: %q, want %q", i, m.In(fr), wantFR[i])
		}
	}

	errs := []struct {
		err    func() error
		en, de string
	}{
		{func() error { _, err := s.Set("speech.rate", "fast"); return err },
			"speech.rate must be a number", "speech.rate muss eine Zahl sein"},
		{func() error { _, err := s.Set("highlight.color", "plaid"); return err },
			"highlight.color must be one of yellow, green, cyan, magenta, reverse, underline",
			"highlight.color muss einer der Werte yellow, green, cyan, magenta, reverse, underline sein"},
		{func() error { st, _ := Lookup("highlight.enabled"); _, err := st.Parse("perhaps"); return err },
			"highlight.enabled must be on or off", "highlight.enabled muss on oder off sein"},
		{func() error { st, _ := Lookup("library.folders"); _, err := st.Parse("x"); return err },
			"library.folders is a list; change it in settings.toml", "library.folders ist vom Typ list; ändern Sie es in settings.toml"},
	}
	for _, e := range errs {
		err := e.err()
		if err == nil || err.Error() != e.en {
			t.Errorf("error %v, want %q", err, e.en)
			continue
		}
		l, ok := err.(i18n.Localized)
		if !ok {
			t.Errorf("%q cannot be said in another language", err)
			continue
		}
		if got := l.In(i18n.For("de")); got != e.de {
			t.Errorf("in German %q, want %q", got, e.de)
		}
	}
}

// A store whose file has a syntax error refuses changes in the language
// asked for; in English as before.
func TestBrokenFileRefusalInALanguage(t *testing.T) {
	s, _, _ := openIn(t, "[speech\nrate = 300\n")
	_, err := s.Set("speech.rate", 300.0)
	if err == nil || !strings.Contains(err.Error(), "has a mistake (line 2: ") ||
		!strings.HasSuffix(err.Error(), "so tw will not change it; fix the file first, then change settings again") {
		t.Fatalf("error %v", err)
	}
	l, ok := err.(i18n.Localized)
	if !ok {
		t.Fatalf("%v cannot be said in another language", err)
	}
	if got := l.In(i18n.For("es")); !strings.Contains(got, " tiene un error (line 2: ") || !strings.HasSuffix(got, "corrija primero el archivo y luego vuelva a cambiar los ajustes") {
		t.Errorf("in Spanish %q", got)
	}
	good, _, _ := openIn(t, "")
	if _, err := good.Adjust("library.folders", 1); err == nil || err.Error() != "library.folders is a list setting, which cannot be moved up or down" {
		t.Errorf("adjusting a list: %v", err)
	}
}

// Why a pronunciation cannot be used is said in the language too.
func TestPronunciationWarningInALanguage(t *testing.T) {
	_, english, home := openIn(t, "[speech]\npronunciations = { \"/[a-/\" = \"x\" }\n")
	_, messages, _ := OpenMessages(home)
	if len(english) != 1 || len(messages) != 1 ||
		!strings.HasPrefix(english[0], `settings.toml: speech.pronunciations: cannot be used: "/[a-/" is not a regular expression: `) {
		t.Fatalf("warnings %q", english)
	}
	got := messages[0].In(i18n.For("fr"))
	if !strings.HasPrefix(got, `settings.toml : speech.pronunciations : ne peut pas être utilisé : "/[a-/" n'est pas une expression régulière : `) ||
		!strings.HasSuffix(got, " ; utilisation de {}") {
		t.Errorf("in French %q", got)
	}
}
