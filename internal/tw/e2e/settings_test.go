package e2e

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"textfirst/internal/tw/settings"
)

// TestNextThemeCyclesAndAnnounces: next_theme moves through every theme in
// order, says each one's name, and comes back to the first; a theme tw does
// not have is refused with the list of themes, and nothing changes.
func TestNextThemeCyclesAndAnnounces(t *testing.T) {
	c := start(t, filepath.Join(t.TempDir(), "home"))
	themes := settings.Themes
	if len(themes) < 25 {
		t.Fatalf("%d themes; want the terminal's own and 24 colored ones", len(themes))
	}
	for i := 1; i <= len(themes); i++ {
		want := themes[i%len(themes)]
		res := c.call("action", map[string]any{"id": "next_theme"})
		if res["status"] != "Theme: "+want.Label+"." {
			t.Fatalf("next_theme %d: %v, want Theme: %s.", i, res["status"], want.Label)
		}
		if got := c.call("get_setting", map[string]any{"path": "display.theme"}); got["value"] != want.Value {
			t.Fatalf("next_theme %d: display.theme is %v, want %s", i, got["value"], want.Value)
		}
	}
	c.call("set_setting", map[string]any{"path": "display.theme", "value": "sepia"})
	_, rpcErr := c.try("set_setting", map[string]any{"path": "display.theme", "value": "solarized"})
	if rpcErr == nil || rpcErr["code"] != -32602.0 {
		t.Fatalf("an unknown theme: error %v, want -32602", rpcErr)
	}
	msg, _ := rpcErr["message"].(string)
	for _, th := range themes {
		if !strings.Contains(msg, th.Value) {
			t.Errorf("the refusal does not list the theme %s: %q", th.Value, msg)
		}
	}
	if got := c.call("get_setting", map[string]any{"path": "display.theme"}); got["value"] != "sepia" {
		t.Errorf("after a refused theme display.theme is %v", got["value"])
	}
}

const structuredMD = `# Guide

Intro text here.

## Methods

- first point
- second point
- third point

| Name | Size |
| --- | --- |
| alpha | 1 |
| beta | 2 |

See [the index](#guide) for more.

## Results

Done.
`

// TestVerbosityChangesWhatIsSaid: the same moves, at each verbosity level,
// over JSON-RPC; cycle_verbosity says the level it moved to.
func TestVerbosityChangesWhatIsSaid(t *testing.T) {
	c, _, _ := startWith(t, "guide.md", structuredMD)

	moves := []string{"next_heading", "next_list_item", "next_list_item", "next_table", "table_next_row", "table_next_column", "next_link", "next_heading"}
	want := map[string][]string{
		"low": {"Methods", "first point", "second point", "Name | Size", "alpha", "1", "the index", "Results"},
		"normal": {"Heading level 2: Methods", "first point", "second point", "Table, 3 rows: Name | Size",
			"alpha", "Size: 1", "Link: the index", "Heading level 2: Results"},
		"high": {"Heading level 2, 2 of 3: Methods", "Item 1 of 3: first point", "Item 2 of 3: second point",
			"Table 1 of 1, 3 rows, 2 columns: Name | Size", "Row 2, column 1: alpha", "Row 2, column 2, Size: 1",
			"Link 1 of 1: the index", "Heading level 2, 3 of 3: Results"},
	}
	// normal -> high -> low -> normal, each said as it is chosen.
	for _, level := range []struct{ value, said string }{{"high", "Verbosity: High."}, {"low", "Verbosity: Low."}, {"normal", "Verbosity: Normal."}} {
		res := c.call("action", map[string]any{"id": "cycle_verbosity"})
		if res["status"] != level.said {
			t.Fatalf("cycle_verbosity: %v, want %s", res["status"], level.said)
		}
		if got := c.call("get_setting", map[string]any{"path": "speech.verbosity"}); got["value"] != level.value {
			t.Fatalf("speech.verbosity is %v after %q", got["value"], level.said)
		}
		c.call("navigate", map[string]any{"action": "document_start"})
		for i, move := range moves {
			c.call("navigate", map[string]any{"action": move})
			if got := c.lastAnnouncement(); got != want[level.value][i] {
				t.Errorf("%s, %s: said %q, want %q", level.value, move, got, want[level.value][i])
			}
		}
	}
}

// TestSpeedPresetsComeFromTheSetting: F8 moves through the presets of
// speech.speed_presets, fastest to slowest and round again; a table of the
// user's own replaces the built-in one.
func TestSpeedPresetsComeFromTheSetting(t *testing.T) {
	c := start(t, filepath.Join(t.TempDir(), "home"))
	press := func() (string, float64) {
		res := c.call("action", map[string]any{"id": "cycle_speed_preset"})
		rate := c.call("get_setting", map[string]any{"path": "speech.rate"})["value"].(float64)
		return res["status"].(string), rate
	}
	for _, want := range []struct {
		said string
		rate float64
	}{
		{"Speed study, 200 words per minute.", 200}, {"Speed slow, 150 words per minute.", 150},
		{"Speed skim, 350 words per minute.", 350}, {"Speed normal, 265 words per minute.", 265},
	} {
		if said, rate := press(); said != want.said || rate != want.rate {
			t.Fatalf("F8: %q at %v, want %q at %v", said, rate, want.said, want.rate)
		}
	}
	c.call("set_setting", map[string]any{"path": "speech.speed_presets", "value": map[string]any{"sprint": 600, "stroll": 120}})
	for _, want := range []struct {
		said string
		rate float64
	}{
		{"Speed stroll, 120 words per minute.", 120}, {"Speed sprint, 600 words per minute.", 600}, {"Speed stroll, 120 words per minute.", 120},
	} {
		if said, rate := press(); said != want.said || rate != want.rate {
			t.Fatalf("F8 with the user's presets: %q at %v, want %q at %v", said, rate, want.said, want.rate)
		}
	}
}

// TestSpellCheckSetting: with editing.spell_check on, next_misspelling and
// previous_misspelling move between misspelled words (not in code) and
// spelling_suggestions lists hunspell's corrections (then adding the word
// to the word list, or leaving it); turned off, they say so.
func TestSpellCheckSetting(t *testing.T) {
	c, _, _ := startWith(t, "letter.md", "The cat sat. Teh dog will recieve mail.\n\n```\nteh codde\n```\n\nAll fine here.\n")
	for _, step := range []struct{ action, said string }{
		{"next_misspelling", "Misspelled: Teh"},
		{"spelling_suggestions", "Suggestions for Teh, "},
		{"next_misspelling", "Misspelled: recieve"},
		{"next_misspelling", "No next misspelling."},
		{"previous_misspelling", "Misspelled: Teh"},
	} {
		c.call("navigate", map[string]any{"action": step.action})
		if got := c.lastAnnouncement(); !strings.HasPrefix(got, step.said) {
			t.Fatalf("%s: said %q, want %q", step.action, got, step.said)
		}
		if step.action == "spelling_suggestions" {
			l, _ := c.call("list_state", nil)["items"].([]any)
			if len(l) < 3 || l[0] != "The" || l[len(l)-2] != "Add Teh to my word list" || l[len(l)-1] != "Leave Teh as it is" {
				t.Errorf("suggestions for Teh: %q", l)
			}
			c.call("cancel", nil)
		}
	}
	c.call("set_setting", map[string]any{"path": "editing.spell_check", "value": false})
	for _, action := range []string{"next_misspelling", "previous_misspelling", "spelling_suggestions"} {
		before := c.call("position", nil)
		c.call("navigate", map[string]any{"action": action})
		if got := c.lastAnnouncement(); got != "Spelling checks are off. Turn on Check spelling in the settings." {
			t.Errorf("%s with spell_check off: said %q", action, got)
		}
		if after := c.call("position", nil); after["char"] != before["char"] {
			t.Errorf("%s with spell_check off moved from %v to %v", action, before["char"], after["char"])
		}
	}
}

// TestLibraryFolders: with library.folders set, the open prompt completes a
// bare name from the documents in those folders (and their subfolders),
// and opens a bare name found there; without them, it does not.
func TestLibraryFolders(t *testing.T) {
	dir := t.TempDir()
	lib := filepath.Join(dir, "books")
	if err := os.MkdirAll(filepath.Join(lib, "classics", ".hidden"), 0o755); err != nil {
		t.Fatal(err)
	}
	moby := writeFile(t, filepath.Join(lib, "classics", "Moby Dick.md"), "# Moby Dick\n\nCall me Ishmael.\n")
	writeFile(t, filepath.Join(lib, "Middlemarch.txt"), "Miss Brooke had that kind of beauty.\n")
	writeFile(t, filepath.Join(lib, "classics", ".hidden", "Mobile notes.md"), "hidden\n")
	writeFile(t, filepath.Join(lib, "cover.png"), "not a document")
	c := startIn(t, dir, filepath.Join(dir, "home"))

	complete := func(typed string) (string, string) {
		c.call("action", map[string]any{"id": "open"})
		c.call("prompt_key", map[string]any{"text": typed})
		res := c.call("prompt_key", map[string]any{"key": "tab"})
		text := res["prompt"].(map[string]any)["text"].(string)
		c.call("prompt_key", map[string]any{"key": "escape"})
		return text, res["status"].(string)
	}
	if text, said := complete("mob"); text != "mob" || said != "No files match mob." {
		t.Fatalf("no library yet: %q, %q", text, said)
	}
	c.call("set_setting", map[string]any{"path": "library.folders", "value": []string{lib}})
	if text, said := complete("mob"); text != moby || said != "Moby Dick.md, in "+filepath.Dir(moby) {
		t.Errorf("mob<Tab>: %q, %q; want %q", text, said, moby)
	}
	if text, said := complete("M"); text != "M" || said != "2 matches: Middlemarch.txt, Moby Dick.md" {
		t.Errorf("M<Tab>: %q, %q", text, said)
	}
	// A bare name that is no file here opens from the library.
	c.call("action", map[string]any{"id": "open"})
	res := c.call("prompt_key", map[string]any{"text": "moby dick.md"})
	res = c.call("prompt_key", map[string]any{"key": "enter"})
	if got := c.lastAnnouncement(); !strings.HasPrefix(got, "Opened Moby Dick.") {
		t.Fatalf("opening moby dick.md from the library: said %q (%v)", got, res)
	}
	if info := c.call("info", nil); info["path"] != moby {
		t.Errorf("opened %v, want %s", info["path"], moby)
	}
}

// TestExportFolderSetting: export.folder decides where an export goes (a
// folder that does not exist yet is made); unset, exports go beside the
// document; a folder that is a file gives a clear error.
func TestExportFolderSetting(t *testing.T) {
	c, dir, path := startWith(t, "cells.md", "# Cells\n\nCells are small.\n")
	out := filepath.Join(dir, "exports", "html")
	c.call("set_setting", map[string]any{"path": "export.folder", "value": out})
	res := c.call("action", map[string]any{"id": "export_html"})
	want := filepath.Join(out, "cells.html")
	if res["status"] != "Exported to "+want+"." {
		t.Fatalf("export_html with export.folder: %v", res["status"])
	}
	if data, err := os.ReadFile(want); err != nil || !strings.Contains(string(data), "Cells are small.") {
		t.Fatalf("%s: %v", want, err)
	}
	c.call("set_setting", map[string]any{"path": "export.folder", "value": nil})
	res = c.call("action", map[string]any{"id": "export_html"})
	if beside := filepath.Join(dir, "cells.html"); res["status"] != "Exported to "+beside+"." {
		t.Fatalf("export_html without export.folder: %v", res["status"])
	}
	c.call("set_setting", map[string]any{"path": "export.folder", "value": path})
	res = c.call("action", map[string]any{"id": "export_html"})
	if s, _ := res["status"].(string); !strings.HasPrefix(s, "Could not export the document: ") {
		t.Fatalf("export.folder naming a file: %v", res["status"])
	}
}

// TestInvalidValuesAreRefusedWithTheReason: over JSON-RPC, a value of the
// wrong kind for any setting is refused (-32602) with a reason naming the
// setting (and the choices, for a choice), and nothing changes; a number
// out of range is set to the nearest value in range, as the spec says; the
// settings list's prompt reads what was typed by the setting's own rules;
// an import says which entries it refused and why.
func TestInvalidValuesAreRefusedWithTheReason(t *testing.T) {
	dir := t.TempDir()
	home := filepath.Join(dir, "home")
	c := start(t, home)
	for _, st := range settings.Schema() {
		var bad any
		switch st.Kind {
		case settings.KindToggle:
			bad = "maybe"
		case settings.KindNumber:
			bad = "fast"
		case settings.KindChoice:
			bad = 3
		case settings.KindText:
			bad = []int{7}
		case settings.KindList:
			bad = "not a list"
		case settings.KindTable:
			bad = []int{1}
		}
		before := c.call("get_setting", map[string]any{"path": st.Path})
		_, rpcErr := c.try("set_setting", map[string]any{"path": st.Path, "value": bad})
		msg, _ := rpcErr["message"].(string)
		if rpcErr == nil || rpcErr["code"] != -32602.0 || !strings.HasPrefix(msg, st.Path+" must be ") {
			t.Errorf("%s = %v: error %v", st.Path, bad, rpcErr)
			continue
		}
		if st.Kind == settings.KindChoice && !st.Open && !strings.Contains(msg, st.Choices[len(st.Choices)-1].Value) {
			t.Errorf("%s: the refusal does not list the choices: %q", st.Path, msg)
		}
		if after := c.call("get_setting", map[string]any{"path": st.Path}); after["spoken"] != before["spoken"] {
			t.Errorf("%s changed from %v to %v after a refused value", st.Path, before["spoken"], after["spoken"])
		}
	}
	_, rpcErr := c.try("set_setting", map[string]any{"path": "speech.pronunciations", "value": map[string]any{"/[a-/": "x"}})
	if msg, _ := rpcErr["message"].(string); !strings.Contains(msg, "is not a regular expression") {
		t.Errorf("a bad regular expression: %v", rpcErr)
	}
	if got := c.call("set_setting", map[string]any{"path": "speech.rate", "value": 5000}); got["value"] != 900.0 {
		t.Errorf("speech.rate 5000: %v, want 900 (the nearest value in range)", got["value"])
	}

	// The settings list's prompt.
	typeRate := func(text string) string {
		c.call("action", map[string]any{"id": "settings"})
		for _, k := range []string{"s", "p", "e", "e", "c", "h", " ", "r"} {
			c.call("list_key", map[string]any{"key": k})
		}
		c.call("list_key", map[string]any{"key": "enter"})
		c.call("prompt_key", map[string]any{"text": text})
		res := c.call("prompt_key", map[string]any{"key": "enter"})
		c.call("list_key", map[string]any{"key": "escape"})
		return res["status"].(string)
	}
	if said := typeRate("300 words per minute"); said != "Speech rate: 300 words per minute" {
		t.Errorf("typing 300 words per minute: %v", said)
	}
	if said := typeRate("fast"); said != "speech.rate must be a number" {
		t.Errorf("typing fast: %v", said)
	}

	// An import with good and bad entries.
	file := writeFile(t, filepath.Join(dir, "mine.toml"), "[speech]\nrate = 320\nverbosity = \"chatty\"\n\n[display]\ntheme = \"sepia\"\nsparkles = true\n")
	c.call("action", map[string]any{"id": "import_settings"})
	res := c.call("answer", map[string]any{"text": file})
	want := "Imported 2 of the settings from " + file + ". Not imported: speech.verbosity must be one of low, normal, high; There is no setting display.sparkles."
	if got := c.lastAnnouncement(); got != want {
		t.Errorf("import said %q (%v)\nwant %q", got, res, want)
	}
	if got := c.call("get_setting", map[string]any{"path": "display.theme"}); got["value"] != "sepia" {
		t.Errorf("the good entries of the import were not applied: theme %v", got["value"])
	}
}

// TestReadingAndEditingSettingsTakeEffect: a setting each, the same steps
// with it and without it (or at each value), over JSON-RPC.
func TestReadingAndEditingSettingsTakeEffect(t *testing.T) {
	dir := t.TempDir()
	guide := writeFile(t, filepath.Join(dir, "guide.md"), structuredMD)
	other := writeFile(t, filepath.Join(dir, "other.txt"), "Another document.\n")

	t.Run("reading.wrap_navigation", func(t *testing.T) {
		for _, wrap := range []bool{false, true} {
			c := start(t, filepath.Join(t.TempDir(), "home"))
			c.call("set_setting", map[string]any{"path": "reading.wrap_navigation", "value": wrap})
			c.call("open", map[string]any{"path": guide})
			c.call("navigate", map[string]any{"action": "document_end"})
			c.call("navigate", map[string]any{"action": "next_heading"})
			want := "No next heading."
			if wrap {
				want = "Wrapped. Heading level 1: Guide"
			}
			if got := c.lastAnnouncement(); got != want {
				t.Errorf("wrap %v: said %q, want %q", wrap, got, want)
			}
		}
	})
	t.Run("reading.auto_resume", func(t *testing.T) {
		for _, resume := range []bool{false, true} {
			c := start(t, filepath.Join(t.TempDir(), "home"))
			c.call("set_setting", map[string]any{"path": "reading.auto_resume", "value": resume})
			c.call("open", map[string]any{"path": guide})
			c.call("navigate", map[string]any{"action": "document_end"})
			c.call("open", map[string]any{"path": other})
			c.call("open", map[string]any{"path": guide})
			got := c.lastAnnouncement()
			if resumed := strings.Contains(got, "Resumed at"); resumed != resume {
				t.Errorf("auto_resume %v: reopening said %q", resume, got)
			}
			if pos := c.call("position", nil); (pos["char"] != 0.0) != resume {
				t.Errorf("auto_resume %v: reopened at %v", resume, pos["char"])
			}
		}
	})
	t.Run("reading.nav_history_size", func(t *testing.T) {
		for _, size := range []int{1, 50} {
			c := start(t, filepath.Join(t.TempDir(), "home"))
			c.call("set_setting", map[string]any{"path": "reading.nav_history_size", "value": size})
			c.call("open", map[string]any{"path": guide})
			for i := 0; i < 3; i++ {
				c.call("navigate", map[string]any{"action": "next_heading"})
			}
			c.call("navigate", map[string]any{"action": "history_back"})
			c.call("navigate", map[string]any{"action": "history_back"})
			got := c.lastAnnouncement()
			if (got == "No earlier history.") != (size == 1) {
				t.Errorf("history of %d places: the second step back said %q", size, got)
			}
		}
	})
	t.Run("editing.typing_echo", func(t *testing.T) {
		c := start(t, filepath.Join(t.TempDir(), "home"))
		draft := writeFile(t, filepath.Join(t.TempDir(), "draft.md"), "Start.\n")
		c.call("open", map[string]any{"path": draft})
		c.call("action", map[string]any{"id": "toggle_edit_mode"})
		said := func(keys ...string) []string {
			var out []string
			for _, k := range keys {
				before := len(c.notes)
				c.call("insert", map[string]any{"text": k})
				for _, n := range c.notes[before:] {
					if n["method"] == "announcement" {
						out = append(out, n["params"].(map[string]any)["text"].(string))
					}
				}
			}
			return out
		}
		for _, tc := range []struct {
			echo, said string
		}{
			{"characters", "c|a|t|space"},
			{"words", "cat"},
			{"both", "c|a|t|cat"},
			{"none", ""},
		} {
			c.call("set_setting", map[string]any{"path": "editing.typing_echo", "value": tc.echo})
			if got := strings.Join(said("c", "a", "t", " "), "|"); got != tc.said {
				t.Errorf("typing_echo %s: typing \"cat \" said %q, want %q", tc.echo, got, tc.said)
			}
		}
		res := c.call("action", map[string]any{"id": "cycle_typing_echo"})
		if res["status"] != "Typing echo: Characters." {
			t.Errorf("cycle_typing_echo from none: %v", res["status"])
		}
	})
}

// TestCursorFollowsSpeechSetting: reading with a voice (the null engine on
// a fast clock) moves the cursor along, unless reading.cursor_follows_speech
// is off.
func TestCursorFollowsSpeechSetting(t *testing.T) {
	dir := t.TempDir()
	path := writeFile(t, filepath.Join(dir, "short.txt"), "One two three four five six.\n")
	for _, follow := range []bool{true, false} {
		home := filepath.Join(t.TempDir(), "home")
		cmd := serve(home, "--backend", "null")
		cmd.Env = append(os.Environ(), "TEXTWEAVER_SPEECH_SINK=clock", "TEXTWEAVER_SPEECH_SPEED=20")
		c := startCmd(t, cmd)
		c.call("set_setting", map[string]any{"path": "reading.cursor_follows_speech", "value": follow})
		c.call("open", map[string]any{"path": path})
		c.call("read", map[string]any{"what": "cursor"})
		deadline := time.Now().Add(20 * time.Second)
		for c.call("status", nil)["playback"] != "stopped" {
			if time.Now().After(deadline) {
				t.Fatal("the reading did not end")
			}
			time.Sleep(20 * time.Millisecond)
		}
		pos := c.call("position", nil)["char"].(float64)
		if moved := pos > 0; moved != follow {
			t.Errorf("cursor_follows_speech %v: the cursor is at %v after reading", follow, pos)
		}
		cmd.Process.Kill()
		cmd.Wait()
	}
}
