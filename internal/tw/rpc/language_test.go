package rpc_test

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestLanguageSwitchChangesAnnouncements drives the real tw serve --stdio:
// set_setting display.language changes the very next announcement (no
// restart), each language says the same events in its own words with its
// own plural forms, "auto" (null) follows the locale of the process, and
// JSON-RPC error messages stay the spec's English in every language.
func TestLanguageSwitchChangesAnnouncements(t *testing.T) {
	dir, home := t.TempDir(), t.TempDir()
	writeFile(t, filepath.Join(dir, "notes.md"), notesMD)
	steps := []struct {
		method, params string
	}{
		{"initialize", `{}`},
		{"set_setting", `{"path":"display.language","value":"en"}`},
		{"open", `{"path":"notes.md"}`},
		{"action", `{"id":"add_bookmark"}`},
		{"action", `{"id":"list_bookmarks"}`},
		{"cancel", `{}`},
		{"navigate", `{"goto":"somewhere"}`},
		{"set_setting", `{"path":"display.language","value":"fr"}`},
		{"action", `{"id":"say_position"}`},
		{"action", `{"id":"list_bookmarks"}`},
		{"cancel", `{}`},
		{"navigate", `{"goto":"somewhere"}`},
		{"set_setting", `{"path":"display.language","value":"ar"}`},
		{"action", `{"id":"say_position"}`},
		{"action", `{"id":"list_bookmarks"}`},
		{"cancel", `{}`},
		{"set_setting", `{"path":"display.language","value":null}`},
		{"action", `{"id":"say_position"}`},
		{"navigate", `{"action":"next_heading"}`},
		{"action", `{"id":"keyboard_help"}`},
	}
	var input strings.Builder
	for i, s := range steps {
		input.WriteString(request(i+1, s.method, s.params) + "\n")
	}
	env := []string{"LC_ALL=", "LC_MESSAGES=", "LANG=de_DE.UTF-8"}
	out, _ := runTw(t, dir, env, input.String(), "serve", "--stdio", "--no-speech", "--home", home)
	msgs := readAll(t, out)

	// Announcements and errors, grouped by the request they answer.
	said := map[int][]string{}
	errs := map[int]string{}
	var pending []message
	for _, m := range msgs {
		if m.isNotification() {
			pending = append(pending, m)
			continue
		}
		var id int
		for _, c := range string(m.ID) {
			id = id*10 + int(c-'0')
		}
		said[id] = announcements(pending)
		pending = nil
		if m.Error != nil {
			errs[id] = m.Error.Message
		}
	}
	want := map[int]string{
		3:  "Opened Cell biology.",
		4:  "Bookmark mark1 set at 0 percent.",
		5:  "Bookmarks, 1 item. Up and Down move, Enter chooses, Escape closes.",
		9:  "Ligne 1 sur 7, 0 pour cent.",
		10: "Signets, 1 élément. Haut et Bas déplacent, Entrée choisit, Échap ferme.",
		14: "السطر 1 من 7، 0 بالمئة.",
		15: "العلامات المرجعية، عنصر واحد. الأسهم للتنقل، Enter للاختيار، Escape للإغلاق.",
		18: "Zeile 1 von 7, 0 Prozent.",
		19: "Überschrift Ebene 2: The nucleus",
	}
	for id, text := range want {
		if got := said[id]; len(got) == 0 || got[len(got)-1] != text {
			t.Errorf("request %d (%s %s) said %q, want %q", id, steps[id-1].method, steps[id-1].params, got, text)
		}
	}
	// The keyboard help list: its title and the actions' names and
	// groups in German too.
	if got := said[20]; len(got) == 0 || !strings.HasPrefix(got[len(got)-1], "Tastenkürzel, ") {
		t.Errorf("keyboard_help said %q, want the German title", got)
	}
	if !strings.Contains(string(out), `"nächster Satz. Navigation"`) || !strings.Contains(string(out), `"Lesezeichen setzen. Lesezeichen und Notizen"`) {
		t.Errorf("the keyboard help list is not in German:\n%s", out)
	}
	for _, id := range []int{7, 12} {
		if errs[id] != "Not a go-to target: somewhere" {
			t.Errorf("request %d: error %q, want the spec's English \"Not a go-to target: somewhere\"", id, errs[id])
		}
	}
}
