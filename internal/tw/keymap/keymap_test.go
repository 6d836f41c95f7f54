package keymap

import (
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"textfirst/internal/testkit"
	"textfirst/internal/tw/core"
	"textfirst/internal/tw/i18n"
)

func TestParseKey(t *testing.T) {
	tests := []struct{ in, want string }{
		{"ctrl+j", "Ctrl+J"},
		{"Alt+Shift+h", "Alt+Shift+H"},
		{"shift+alt+H", "Alt+Shift+H"},
		{"H", "Shift+H"},
		{"h", "h"},
		{"alt++", "Alt++"},
		{"+", "+"},
		{"Alt+period", "Alt+."},
		{"pgdn", "PageDown"},
		{"F13", "Shift+F1"},
		{"Shift+F12", "Shift+F12"},
		{"!", "Shift+1"},
		{"Ctrl+Alt+Down", "Ctrl+Alt+Down"},
	}
	for _, tt := range tests {
		got, err := parseKey(tt.in)
		if err != nil || got != tt.want {
			t.Errorf("parseKey(%q) = %q, %v; want %q", tt.in, got, err, tt.want)
		}
	}
	for _, bad := range []string{"", "Hyper+X", "Ctrl+", "F99", "bogus"} {
		if got, err := parseKey(bad); err == nil {
			t.Errorf("parseKey(%q) = %q, want an error", bad, got)
		}
	}
}

func TestKeymapLayers(t *testing.T) {
	km := New("default", "")
	tests := []struct{ mode, key, want string }{
		{"Browse", "h", "skip_next_heading"},
		{"Browse", "k", "next_link"},
		{"Browse", "Alt+.", "next_sentence"},
		{"Browse", "Down", "caret_next_line"},
		{"Browse", "Escape", "stop"},
		{"Browse", "Shift+1", "previous_heading_level_1"},
		{"Speech Cursor", "k", "speech_cursor_previous_line"},
		{"Speech Cursor", "Down", "speech_cursor_next_line"},
		{"Speech Cursor", "Escape", "speech_cursor_toggle"},
		{"Speech Cursor", "h", "skip_next_heading"}, // falls through to browse
		{"Edit", "h", ""},                           // types itself
		{"Edit", "Ctrl+S", "save"},
		{"Edit", "Ctrl+E", "toggle_edit_mode"},
		{"Edit", "Right", CharNext},
		{"Edit", "Ctrl+X", "cut"},
		{"Prompt", "Ctrl+Q", "quit"},
		{"Prompt", "h", ""},
	}
	for _, tt := range tests {
		got, _, _ := km.Lookup(tt.mode, tt.key)
		if got != tt.want {
			t.Errorf("%s mode, %s = %q, want %q", tt.mode, tt.key, got, tt.want)
		}
	}
	classic := New("classic", "")
	for _, tt := range []struct{ key, want string }{{"h", ""}, {"Alt+H", "skip_next_heading"}, {"Ctrl+Right", "next_sentence"}, {"Down", "caret_next_line"}} {
		if got, _, _ := classic.Lookup("Browse", tt.key); got != tt.want {
			t.Errorf("classic %s = %q, want %q", tt.key, got, tt.want)
		}
	}
}

func TestKeymapOverrides(t *testing.T) {
	type want struct{ mode, key, action string }
	tests := []struct {
		name     string
		toml     string
		want     []want
		warnings []string
	}{
		{"replaces all keys", `next_sentence = ["Ctrl+J"]`,
			[]want{{"Browse", "Ctrl+J", "next_sentence"}, {"Browse", "Alt+.", ""}, {"Browse", "Alt+Down", ""}}, nil},
		{"empty list unbinds", `add_bookmark = []`,
			[]want{{"Browse", "m", ""}}, nil},
		{"single key goes to browse", `add_bookmark = ["x"]`,
			[]want{{"Browse", "x", "add_bookmark"}, {"Edit", "x", ""}}, nil},
		{"conflict refused", `next_sentence = ["h"]`,
			[]want{{"Browse", "h", "skip_next_heading"}, {"Browse", "Alt+.", "next_sentence"}},
			[]string{"h is already skip next heading"}},
		{"global conflicts with a mode key", `quit = ["Ctrl+Z"]`,
			[]want{{"Browse", "Ctrl+Q", "quit"}, {"Edit", "Ctrl+Z", "undo"}},
			[]string{"Ctrl+Z is already undo"}},
		{"keys move between actions in one file", "skip_next_heading = [\"Alt+H\"]\nnext_sentence = [\"h\"]",
			[]want{{"Browse", "h", "next_sentence"}, {"Browse", "Alt+H", "skip_next_heading"}}, nil},
		{"speech cursor toggle stays in browse", `speech_cursor_toggle = ["F5"]`,
			[]want{{"Browse", "F5", "speech_cursor_toggle"}, {"Speech Cursor", "F5", "speech_cursor_toggle"}, {"Browse", "Tab", ""}}, nil},
		{"an edit action stays in edit mode", `undo = ["Alt+Z"]`,
			[]want{{"Edit", "Alt+Z", "undo"}, {"Browse", "Alt+Z", ""}, {"Edit", "Ctrl+Z", ""}}, nil},
		{"unknown action", `fly_away = ["x"]`, nil, []string{"there is no action fly_away"}},
		{"bad key", `stop = ["Hyper+Q"]`, []want{{"Browse", "Escape", "stop"}}, []string{"is not a key name"}},
		{"syntax error", `stop = [`, []want{{"Browse", "Escape", "stop"}}, []string{"line 1:"}},
		{"two bad lines give two warnings, the good line is used",
			"stop = [\nadd_bookmark = [\"Ctrl+J\"]\nquit = [\"Ctrl+Q\"\n",
			[]want{{"Browse", "Escape", "stop"}, {"Browse", "Ctrl+J", "add_bookmark"}, {"Browse", "Ctrl+Q", "quit"}},
			[]string{"line 1:", "line 3:"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			home := t.TempDir()
			testkit.WriteFile(t, filepath.Join(home, File), tt.toml)
			km := New("default", home)
			for _, w := range tt.want {
				if got, _, _ := km.Lookup(w.mode, w.key); got != w.action {
					t.Errorf("%s mode, %s = %q, want %q", w.mode, w.key, got, w.action)
				}
			}
			if len(km.Warnings) != len(tt.warnings) {
				t.Fatalf("warnings %q, want %d like %q", km.Warnings, len(tt.warnings), tt.warnings)
			}
			for i, w := range tt.warnings {
				if !strings.Contains(km.Warnings[i], w) {
					t.Errorf("warning %q does not say %q", km.Warnings[i], w)
				}
			}
		})
	}
}

func TestSpokenKey(t *testing.T) {
	for in, want := range map[string]string{"Alt+.": "Alt+Period", "?": "Question mark", "Alt++": "Alt+Plus", "+": "Plus", "Ctrl+P": "Ctrl+P"} {
		if got := spokenKey(in); got != want {
			t.Errorf("spokenKey(%q) = %q, want %q", in, got, want)
		}
	}
}

// FuzzKeymap: any keymap.toml gives a keymap (never a panic), every
// warning is one line naming keymap.toml, and the keys not overridden keep
// working.
func FuzzKeymap(f *testing.F) {
	for _, seed := range []string{
		`next_sentence = ["Ctrl+J"]`,
		"stop = [\nadd_bookmark = [\"Ctrl+J\"]\nquit = [\"Ctrl+Q\"\n",
		"# comment\n\nmenu_file = [\"Alt+Shift+F\"]\n",
		"a = 1\nb = [1, 2]\n[table]\nx = \"y\"\n",
		"copy = [\"Ctrl+C\", \"Ctrl+C\"]\n= [\n",
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, text string) {
		home := t.TempDir()
		testkit.WriteFile(t, filepath.Join(home, File), text)
		km := New("default", home)
		for _, w := range km.Warnings {
			if !strings.HasPrefix(w, "keymap.toml") || strings.Contains(w, "\n") {
				t.Errorf("warning %q", w)
			}
		}
		if !strings.Contains(text, "F10") && !strings.Contains(text, "menu") {
			if a, _, _ := km.Lookup("Browse", "F10"); a != "menu" {
				t.Errorf("F10 is %q after %q", a, text)
			}
		}
	})
}

// TestKeymapWarningsInTheInterfaceLanguage: keymap.toml's warnings keep
// their English text (Warnings) and are said in the interface language,
// with the user's own words (an action, a key) kept as written.
func TestKeymapWarningsInTheInterfaceLanguage(t *testing.T) {
	home := t.TempDir()
	toml := "no_such_action = [\"Ctrl+J\"]\nnext_sentence = [\"Hyper+%d\"]\n"
	testkit.WriteFile(t, filepath.Join(home, File), toml)
	km := New("default", home)
	if len(km.Notices()) != 2 || len(km.Warnings) != 2 {
		t.Fatalf("warnings %q, want two", km.Warnings)
	}
	var said []string
	for _, w := range km.Notices() {
		said = append(said, w.In(i18n.For("fr")))
	}
	want := []string{
		"keymap.toml : l'action no_such_action n'existe pas ; l'entrée est ignorée.",
		"keymap.toml : Hyper+%d n'est pas un nom de touche (pour next_sentence) ; l'entrée est ignorée.",
	}
	sort.Strings(said)
	sort.Strings(want)
	if strings.Join(said, "\n") != strings.Join(want, "\n") {
		t.Errorf("said\n%s\nwant\n%s", strings.Join(said, "\n"), strings.Join(want, "\n"))
	}
}

func TestSpokenKeyInALanguage(t *testing.T) {
	tests := []struct{ lang, key, want string }{
		{"en", "Alt+.", "Alt+Period"},
		{"fr", "Alt+.", "Alt+point"},
		{"de", "Ctrl++", "Ctrl+Plus"},
		{"es", "Shift+/", "Shift+barra"},
		{"ar", "?", "علامة استفهام"},
		{"pt", "F5", "F5"},
	}
	for _, tt := range tests {
		if got := SpokenKeyIn(tt.key, i18n.For(tt.lang)); got != tt.want {
			t.Errorf("%s %q said %q, want %q", tt.lang, tt.key, got, tt.want)
		}
	}
}

// TestDefaultsNameActions checks the table of default keys: each binding
// names an action of the keyboard reference, the terminal reader's own
// character moves, or a menu, with a key in canonical form.
func TestDefaultsNameActions(t *testing.T) {
	for _, b := range defaults() {
		_, known := core.LookupAction(b.action)
		if !known && b.action != CharNext && b.action != CharPrevious && !strings.HasPrefix(b.action, "menu_") {
			t.Errorf("%s %s binds %q, which is no action", b.layer, b.key, b.action)
		}
		if k, err := parseKey(b.key); err != nil || k != b.key {
			t.Errorf("%s %s for %s is not a canonical key (%q, %v)", b.layer, b.key, b.action, k, err)
		}
	}
}
