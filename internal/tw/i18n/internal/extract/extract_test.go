package extract

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"textfirst/internal/tw/i18n/internal/po"
)

// tree writes a fake internal/tw with one file per package (files maps a
// package to its source) and returns its folder.
func tree(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for _, pkg := range Packages {
		src, ok := files[pkg]
		if !ok {
			src = "package " + pkg + "\n"
		}
		if err := os.MkdirAll(filepath.Join(dir, pkg), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, pkg, pkg+".go"), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// Tests' words are not the program's.
	if err := os.WriteFile(filepath.Join(dir, "core", "core_test.go"), []byte("package core\nvar _ = tr(\"test only\")\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}

func TestMessages(t *testing.T) {
	dir := tree(t, map[string]string{
		"core": `package core
func f() {
	tr("Opened %s.", name)
	say("Hello there")           // words said without the catalogue
	say(tr("Wrapped. %s", s))
	notice(fmt.Sprintf("%d", n)) // a Sprintf said
	setStatus(x)                 // a variable: not known here
}`,
		"settings": `package settings
var s = []any{
	choice("a.b", "Speech rate", "How fast speech is."),
	toggle("a.c", "Wrap", help),
	Choice{"espeak", "eSpeak NG"},
	[]Choice{{"on", "On"}, {"off", "Off"}},
	Item{Label: "Theme", Help: "The colours.", Title: "Bad " + x},
}`,
		"keymap": `package keymap
var k = i18n.Key("Grave")`,
	})
	r, err := Messages(dir)
	if err != nil {
		t.Fatal(err)
	}
	var keys []string
	for _, k := range r.Keys {
		keys = append(keys, k.File+":"+k.Text)
	}
	want := []string{
		"internal/tw/core/core.go:Opened %s.",
		"internal/tw/core/core.go:Wrapped. %s",
		"internal/tw/keymap/keymap.go:Grave",
		"internal/tw/settings/settings.go:Speech rate",
		"internal/tw/settings/settings.go:How fast speech is.",
		"internal/tw/settings/settings.go:Wrap",
		"internal/tw/settings/settings.go:On",
		"internal/tw/settings/settings.go:Off",
		"internal/tw/settings/settings.go:Theme",
		"internal/tw/settings/settings.go:The colours.",
	}
	if !reflect.DeepEqual(keys, want) {
		t.Errorf("keys:\n%s\nwant:\n%s", strings.Join(keys, "\n"), strings.Join(want, "\n"))
	}
	var bypass []string
	for _, b := range r.Bypass {
		rel, _ := filepath.Rel(dir, b)
		bypass = append(bypass, rel)
	}
	wantBypass := []string{"core/core.go:4:6", "core/core.go:6:9", "settings/settings.go:4:24", "settings/settings.go:7:52"}
	if !reflect.DeepEqual(bypass, wantBypass) {
		t.Errorf("bypass %q, want %q", bypass, wantBypass)
	}
}

func TestTemplate(t *testing.T) {
	dir := tree(t, map[string]string{
		"core": "package core\nvar _ = []string{tr(\"%d words.\"), tr(\"Find\")}\n",
		"tui":  "package tui\nvar _ = T(\"Find\")\n",
	})
	en := []byte("msgid \"%d words.\"\nmsgid_plural \"%d words.\"\nmsgstr[0] \"%[1]d word.\"\nmsgstr[1] \"%[1]d words.\"\n")
	pot, err := Template(dir, en)
	if err != nil {
		t.Fatal(err)
	}
	f, err := po.Parse(pot)
	if err != nil {
		t.Fatalf("the template does not read: %v\n%s", err, pot)
	}
	if len(f.Entries) != 3 || !f.Entries[0].Fuzzy() || f.Header("Plural-Forms") == "" {
		t.Fatalf("want a fuzzy header and two messages:\n%s", pot)
	}
	words, find := f.Entries[1], f.Entries[2]
	if words.ID != "%d words." || !words.HasPlural || len(words.Str) != 2 || words.Str[0] != "" {
		t.Errorf("counted message: %#v", words)
	}
	if find.ID != "Find" || find.HasPlural || find.Str[0] != "" ||
		!reflect.DeepEqual(find.References, []string{"internal/tw/core/core.go", "internal/tw/tui/tui.go"}) {
		t.Errorf("message used in two files: %#v", find)
	}
}
