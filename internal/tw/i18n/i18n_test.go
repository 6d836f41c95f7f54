package i18n

import (
	"fmt"
	"testing"
)

// TestPluralFormsPerLanguage checks the counted messages in each language
// against the forms a native reader expects: English and German one and
// other, French and Portuguese singular for 0 and 1, Arabic's six
// categories (0, 1, 2, 3–10, 11–99, 100–102 and their repeats).
func TestPluralFormsPerLanguage(t *testing.T) {
	const key = "%s, %d items. Up and Down move, Enter chooses, Escape closes."
	tests := []struct {
		lang string
		n    int
		want string
	}{
		{"en", 0, "Notes, 0 items. Up and Down move, Enter chooses, Escape closes."},
		{"en", 1, "Notes, 1 item. Up and Down move, Enter chooses, Escape closes."},
		{"en", 2, "Notes, 2 items. Up and Down move, Enter chooses, Escape closes."},
		{"en", 1234, "Notes, 1234 items. Up and Down move, Enter chooses, Escape closes."},
		{"de", 0, "Notes, 0 Einträge. Pfeiltasten bewegen, Eingabe wählt, Escape schließt."},
		{"de", 1, "Notes, 1 Eintrag. Pfeiltasten bewegen, Eingabe wählt, Escape schließt."},
		{"de", 7, "Notes, 7 Einträge. Pfeiltasten bewegen, Eingabe wählt, Escape schließt."},
		{"fr", 0, "Notes, 0 élément. Haut et Bas déplacent, Entrée choisit, Échap ferme."},
		{"fr", 1, "Notes, 1 élément. Haut et Bas déplacent, Entrée choisit, Échap ferme."},
		{"fr", 2, "Notes, 2 éléments. Haut et Bas déplacent, Entrée choisit, Échap ferme."},
		{"pt", 0, "Notes, 0 item. Cima e Baixo movem, Enter escolhe, Escape fecha."},
		{"pt", 1, "Notes, 1 item. Cima e Baixo movem, Enter escolhe, Escape fecha."},
		{"pt", 2, "Notes, 2 itens. Cima e Baixo movem, Enter escolhe, Escape fecha."},
		{"es", 1, "Notes, 1 elemento. Arriba y Abajo se mueven, Intro elige, Escape cierra."},
		{"es", 0, "Notes, 0 elementos. Arriba y Abajo se mueven, Intro elige, Escape cierra."},
		{"ar", 0, "Notes، لا عناصر. الأسهم للتنقل، Enter للاختيار، Escape للإغلاق."},
		{"ar", 1, "Notes، عنصر واحد. الأسهم للتنقل، Enter للاختيار، Escape للإغلاق."},
		{"ar", 2, "Notes، عنصران. الأسهم للتنقل، Enter للاختيار، Escape للإغلاق."},
		{"ar", 3, "Notes، 3 عناصر. الأسهم للتنقل، Enter للاختيار، Escape للإغلاق."},
		{"ar", 10, "Notes، 10 عناصر. الأسهم للتنقل، Enter للاختيار، Escape للإغلاق."},
		{"ar", 11, "Notes، 11 عنصرًا. الأسهم للتنقل، Enter للاختيار، Escape للإغلاق."},
		{"ar", 99, "Notes، 99 عنصرًا. الأسهم للتنقل، Enter للاختيار، Escape للإغلاق."},
		{"ar", 100, "Notes، 100 عنصر. الأسهم للتنقل، Enter للاختيار، Escape للإغلاق."},
		{"ar", 102, "Notes، 102 عنصر. الأسهم للتنقل، Enter للاختيار، Escape للإغلاق."},
		{"ar", 103, "Notes، 103 عناصر. الأسهم للتنقل، Enter للاختيار، Escape للإغلاق."},
		{"ar", 1234, "Notes، 1234 عنصرًا. الأسهم للتنقل، Enter للاختيار، Escape للإغلاق."},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%s/%d", tt.lang, tt.n), func(t *testing.T) {
			if got := For(tt.lang).Sprintf(key, "Notes", tt.n); got != tt.want {
				t.Errorf("got  %q\nwant %q", got, tt.want)
			}
		})
	}
}

// TestEnglishIsFmt checks that an English message is exactly what
// fmt.Sprintf makes of its key (no digit grouping, no locale digits),
// and that a '%' or a verb inside text from the document survives.
func TestEnglishIsFmt(t *testing.T) {
	tests := []struct {
		key  string
		args []any
	}{
		{"Line %d of %d, %d percent.", []any{12345, 300000, 4}},
		{"Heading level %d: %s", []any{2, "Growth of 50% in %d years %s"}},
		{"Could not open %s: %v", []any{"a%b.md", fmt.Errorf("no such file %%d")}},
		{"Opened %s.", []any{"100%"}},
	}
	for _, tt := range tests {
		if got, want := For("en").Sprintf(tt.key, tt.args...), fmt.Sprintf(tt.key, tt.args...); got != want {
			t.Errorf("%q: got %q, want %q", tt.key, got, want)
		}
	}
	// A translated message prints numbers as plainly as English does.
	if got, want := For("ar").Sprintf("Line %d of %d, %d percent.", 12345, 300000, 4), "السطر 12345 من 300000، 4 بالمئة."; got != want {
		t.Errorf("ar: got %q, want %q", got, want)
	}
	if got, want := For("de").Sprintf("Heading level %d: %s", 2, "50% %s"), "Überschrift Ebene 2: 50% %s"; got != want {
		t.Errorf("de: got %q, want %q", got, want)
	}
}

// TestResolveFollowsSettingThenLocale checks the choice of language: the
// setting when it names one, else LC_ALL, LC_MESSAGES, LANG in POSIX
// order, else English.
func TestResolveFollowsSettingThenLocale(t *testing.T) {
	tests := []struct {
		setting string
		env     map[string]string
		want    string
	}{
		{"fr", map[string]string{"LANG": "de_DE.UTF-8"}, "fr"},
		{"auto", map[string]string{"LANG": "de_DE.UTF-8"}, "de"},
		{"auto", map[string]string{"LC_ALL": "ar_EG.UTF-8", "LANG": "de_DE.UTF-8"}, "ar"},
		{"auto", map[string]string{"LC_MESSAGES": "pt_BR.UTF-8", "LANG": "es_ES.UTF-8"}, "pt"},
		{"auto", map[string]string{"LC_ALL": "", "LC_MESSAGES": "", "LANG": "es_MX"}, "es"},
		{"auto", map[string]string{"LANG": "fr_CA@euro"}, "fr"},
		{"auto", map[string]string{"LANG": "C.UTF-8"}, "en"},
		{"auto", map[string]string{"LANG": "ja_JP.UTF-8"}, "en"},
		{"auto", map[string]string{}, "en"},
		{"", map[string]string{"LANG": "ar"}, "ar"},
		{"xx", map[string]string{"LANG": "de_AT"}, "de"},
	}
	for _, tt := range tests {
		if got := Resolve(tt.setting, func(k string) string { return tt.env[k] }); got != tt.want {
			t.Errorf("Resolve(%q, %v) = %q, want %q", tt.setting, tt.env, got, tt.want)
		}
	}
}
