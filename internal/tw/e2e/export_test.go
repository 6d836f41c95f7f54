package e2e

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"textfirst/internal/testkit"
	"textfirst/internal/tw/load"
)

// startAsync starts a silent server in dir whose messages (answers and
// notifications) arrive on a channel, as a real client reads them while
// exports run in the background.
func startAsync(t *testing.T, dir, home string, env []string) *speechClient {
	t.Helper()
	cmd := serve(home, "--no-speech")
	cmd.Dir = dir
	if env != nil {
		cmd.Env = env
	}
	return startClient(t, cmd, 1<<24)
}

// request sends a request and returns its result.
func (c *speechClient) request(method string, params any) map[string]any {
	c.t.Helper()
	id := c.send(method, params)
	evs := c.until(30*time.Second, isResponse(id))
	msg := evs[len(evs)-1].msg
	if e, ok := msg["error"]; ok {
		c.t.Fatalf("%s %v: error %v", method, params, e)
	}
	res, _ := msg["result"].(map[string]any)
	return res
}

// announced waits for an announcement and returns the ones on the way.
func (c *speechClient) announced(timeout time.Duration, text string) []string {
	c.t.Helper()
	var said []string
	c.until(timeout, func(m map[string]any) bool {
		if m["method"] != "announcement" {
			return false
		}
		s := m["params"].(map[string]any)["text"].(string)
		said = append(said, s)
		return s == text
	})
	return said
}

// actionAnnouncing runs an action and waits for both its answer and the
// announcement text, in whichever order they come; it returns the answer.
func (c *speechClient) actionAnnouncing(timeout time.Duration, id, text string) map[string]any {
	c.t.Helper()
	req := c.send("action", map[string]any{"id": id})
	var res map[string]any
	heard, answered := false, false
	c.until(timeout, func(m map[string]any) bool {
		if m["method"] == "announcement" && m["params"].(map[string]any)["text"] == text {
			heard = true
		}
		if isResponse(req)(m) {
			if e, ok := m["error"]; ok {
				c.t.Fatalf("action %s: error %v", id, e)
			}
			res, _ = m["result"].(map[string]any)
			answered = true
		}
		return heard && answered
	})
	return res
}

func action(c *speechClient, id string) map[string]any {
	return c.request("action", map[string]any{"id": id})
}

func ffprobeFormat(t *testing.T, path string) (format string, seconds float64) {
	t.Helper()
	out, err := exec.Command("ffprobe", "-v", "error", "-show_entries", "format=format_name,duration", "-of", "default=nw=1", path).Output()
	if err != nil {
		t.Fatalf("ffprobe %s: %v", path, err)
	}
	for _, l := range strings.Split(string(out), "\n") {
		if v, ok := strings.CutPrefix(l, "format_name="); ok {
			format = v
		}
		if v, ok := strings.CutPrefix(l, "duration="); ok {
			seconds, _ = strconv.ParseFloat(v, 64)
		}
	}
	return
}

// TestExportActionsOverRPC: export_docx, export_pdf and export_audio
// write beside the document (audio in export.audio_format), the slow ones
// in the background with announcements of their progress and their end;
// what they write reads back as the document.
func TestExportActionsOverRPC(t *testing.T) {
	dir := t.TempDir()
	home := filepath.Join(dir, "home")
	os.MkdirAll(home, 0o755)
	os.WriteFile(filepath.Join(home, "settings.toml"), []byte("[export]\naudio_format = \"mp3\"\n"), 0o644)
	src := filepath.Join(dir, "notes.md")
	os.WriteFile(src, []byte(notesMD), 0o644)
	want, err := load.File(src)
	if err != nil {
		t.Fatal(err)
	}
	c := startAsync(t, dir, home, nil)
	c.request("open", map[string]any{"path": src})

	res := action(c, "export_docx")
	docx := filepath.Join(dir, "notes.docx")
	if res["status"] != "Exported to "+docx+"." {
		t.Fatalf("export_docx: %v", res)
	}
	if back, err := load.File(docx); err != nil || back.Text != want.Text {
		t.Errorf("notes.docx reads %v %q", err, back.Text)
	}

	pdf := filepath.Join(dir, "notes.pdf")
	res = action(c, "export_pdf")
	if res["status"] != "Exporting PDF to "+pdf+". Stop cancels it." {
		t.Fatalf("export_pdf: %v", res)
	}
	// A second export waits for the first.
	if res := action(c, "export_audio"); res["status"] != "The PDF export is still running. Stop cancels it." {
		t.Errorf("a second export: %v", res)
	}
	c.announced(90*time.Second, "Exported to "+pdf+".")
	back, err := load.File(pdf)
	if err != nil || strings.Join(strings.Fields(back.Text), " ") != strings.Join(strings.Fields(want.Text), " ") {
		t.Errorf("notes.pdf reads %v %q", err, back.Text)
	}

	mp3 := filepath.Join(dir, "notes.mp3")
	res = action(c, "export_audio")
	if res["status"] != "Exporting audio to "+mp3+". Stop cancels it." {
		t.Fatalf("export_audio: %v", res)
	}
	said := c.announced(120*time.Second, "Exported to "+mp3+".")
	progress := 0
	for _, s := range said {
		if strings.HasPrefix(s, "Exporting audio, ") && strings.HasSuffix(s, " percent.") {
			progress++
		}
	}
	if progress == 0 {
		t.Errorf("no progress was said: %q", said)
	}
	if f, secs := ffprobeFormat(t, mp3); f != "mp3" || secs < 3 {
		t.Errorf("notes.mp3 is %q of %.1f s", f, secs)
	}
	if _, err := os.Stat(mp3 + ".json"); err == nil {
		t.Error("the action wrote a word-timing file beside the audio")
	}

	// export_as with .ogg: export.audio_format's Ogg Vorbis.
	ogg := filepath.Join(dir, "notes.ogg")
	action(c, "export_as")
	c.request("answer", map[string]any{"text": "notes.ogg"})
	c.announced(120*time.Second, "Exported to "+ogg+".")
	if out, err := exec.Command("ffprobe", "-v", "error", "-select_streams", "a:0", "-show_entries", "stream=codec_name", "-of", "csv=p=0", ogg).Output(); err != nil || strings.TrimSpace(string(out)) != "vorbis" {
		t.Errorf("notes.ogg holds %q (%v), want vorbis", out, err)
	}

	// Stop cancels an export and leaves no file.
	action(c, "export_as")
	c.request("answer", map[string]any{"text": "cancelled.wav"})
	res = c.actionAnnouncing(30*time.Second, "stop", "Export cancelled. No file was written.")
	if res["status"] != "Stopped. Cancelling the export." {
		t.Errorf("stop: %v", res)
	}
	if entries, _ := filepath.Glob(filepath.Join(dir, "*cancelled*")); len(entries) != 0 {
		t.Errorf("a cancelled export left %v", entries)
	}
}

// TestExportAsPrompt: export_as asks for a file whose extension picks the
// format, relative to the document's folder; Enter takes the name in the
// label; unknown extensions are refused with the list; an existing file
// is replaced only when confirmed; the command palette reaches it.
func TestExportAsPrompt(t *testing.T) {
	dir := t.TempDir()
	src := filepath.Join(dir, "notes.md")
	os.WriteFile(src, []byte(notesMD), 0o644)
	run := t.TempDir() // the server starts elsewhere: names are the document's folder's
	c := startAsync(t, run, filepath.Join(dir, "home"), nil)
	c.request("open", map[string]any{"path": src})

	ask := func() map[string]any {
		t.Helper()
		res := action(c, "export_as")
		effects, _ := res["effects"].([]any)
		if len(effects) != 1 {
			t.Fatalf("export_as: %v", res)
		}
		p := effects[0].(map[string]any)["params"].(map[string]any)
		if p["purpose"] != "export_as" || p["label"] != "Export as, the extension picks the format, Enter for notes.html" {
			t.Fatalf("export_as prompt: %v", p)
		}
		return p
	}
	for _, tc := range []struct{ answer, status, file string }{
		{"out.odt", "Exported to " + filepath.Join(dir, "out.odt") + ".", "out.odt"},
		{"", "Exported to " + filepath.Join(dir, "notes.html") + ".", "notes.html"},
		{"sub/../copy.md", "Exported to " + filepath.Join(dir, "copy.md") + ".", "copy.md"},
		{filepath.Join(dir, "abs.epub"), "Exported to " + filepath.Join(dir, "abs.epub") + ".", "abs.epub"},
		{"x.rtf", "Cannot export to x.rtf: tw does not know the extension .rtf. Use .html, .md, .txt, .json, .epub, .docx, .odt, .pdf; audio .wav, .flac, .ogg, .mp3, .opus, .m4b.", ""},
		{"noext", "Cannot export to noext: it has no extension. Use .html, .md, .txt, .json, .epub, .docx, .odt, .pdf; audio .wav, .flac, .ogg, .mp3, .opus, .m4b.", ""},
		{"missing/x.docx", "Could not export the document: the folder " + filepath.Join(dir, "missing") + " does not exist.", ""},
		{"notes.md", "Could not export the document: it would replace the document itself.", ""},
	} {
		ask()
		res := c.request("answer", map[string]any{"text": tc.answer})
		if res["status"] != tc.status {
			t.Errorf("answer %q: status %q, want %q", tc.answer, res["status"], tc.status)
		}
		if tc.file != "" {
			if _, err := load.File(filepath.Join(dir, tc.file)); err != nil {
				t.Errorf("%s: %v", tc.file, err)
			}
		}
	}
	if _, err := os.Stat(filepath.Join(run, "out.odt")); err == nil {
		t.Error("a relative name went to the server's folder")
	}

	// An existing file is asked about; no keeps it.
	os.WriteFile(filepath.Join(dir, "keep.docx"), []byte("mine"), 0o644)
	ask()
	res := c.request("answer", map[string]any{"text": "keep.docx"})
	if res["status"] != "keep.docx already exists. Replace it? y or n" {
		t.Fatalf("over an existing file: %v", res)
	}
	c.request("action", map[string]any{"id": "export_as", "confirm": false})
	if data, _ := os.ReadFile(filepath.Join(dir, "keep.docx")); string(data) != "mine" {
		t.Error("no replaced the file")
	}
	ask()
	c.request("answer", map[string]any{"text": "keep.docx"})
	res = c.request("action", map[string]any{"id": "export_as", "confirm": true})
	if res["status"] != "Exported to "+filepath.Join(dir, "keep.docx")+"." {
		t.Errorf("yes: %v", res)
	}

	// The command palette finds it by name.
	action(c, "command_palette")
	res = c.request("answer", map[string]any{"text": "export as"})
	effects, _ := res["effects"].([]any)
	if len(effects) != 1 || effects[0].(map[string]any)["params"].(map[string]any)["purpose"] != "export_as" {
		t.Errorf("command palette: %v", res)
	}
	c.request("cancel", nil)
}

// TestExportFolderAndMissingTools: export.folder takes the exports (made
// if need be); without LibreOffice or ffmpeg the error names the Debian
// package to install.
func TestExportFolderAndMissingTools(t *testing.T) {
	dir := t.TempDir()
	home := filepath.Join(dir, "home")
	folder := filepath.Join(dir, "exports", "new")
	os.MkdirAll(home, 0o755)
	os.WriteFile(filepath.Join(home, "settings.toml"), []byte("[export]\nfolder = \""+folder+"\"\naudio_format = \"flac\"\n"), 0o644)
	src := filepath.Join(dir, "notes.md")
	os.WriteFile(src, []byte(notesMD), 0o644)

	// A PATH with the speech engine but neither LibreOffice nor ffmpeg.
	bin := filepath.Join(dir, "bin")
	os.MkdirAll(bin, 0o755)
	os.Symlink(testkit.Tool(t, "espeak-ng", "scripts/deps-speech.sh"), filepath.Join(bin, "espeak-ng"))
	var env []string
	for _, e := range os.Environ() {
		if !strings.HasPrefix(e, "PATH=") {
			env = append(env, e)
		}
	}
	env = append(env, "PATH="+bin)
	c := startAsync(t, dir, home, env)
	c.request("open", map[string]any{"path": src})

	if res := action(c, "export_docx"); res["status"] != "Exported to "+filepath.Join(folder, "notes.docx")+"." {
		t.Errorf("export_docx with export.folder: %v", res)
	}
	// The export runs in the background: its failure may be announced
	// before or after the answer to the action.
	c.actionAnnouncing(30*time.Second, "export_pdf", "Could not export the document: LibreOffice is not installed (install the Debian package libreoffice-writer).")
	if res := c.actionAnnouncing(60*time.Second, "export_audio", "Could not export the document: ffmpeg is not installed (the Debian package ffmpeg): FLAC needs it."); res["status"] != "Exporting audio to "+filepath.Join(folder, "notes.flac")+". Stop cancels it." {
		t.Errorf("export_audio: %v", res)
	}
	if entries, _ := os.ReadDir(folder); len(entries) != 1 {
		t.Errorf("the folder holds %v, want notes.docx only", entries)
	}
}

// Stopping a PDF export ends LibreOffice at once (its whole process
// group: soffice starts soffice.bin) and leaves no file.
func TestStopPDFExportEndsLibreOffice(t *testing.T) {
	dir := t.TempDir()
	tmp := filepath.Join(dir, "tmp") // the server's temporary folder: LibreOffice's profile goes there
	os.MkdirAll(tmp, 0o755)
	src := filepath.Join(dir, "notes.md")
	os.WriteFile(src, []byte(notesMD), 0o644)
	c := startAsync(t, dir, filepath.Join(dir, "home"), append(os.Environ(), "TMPDIR="+tmp))
	c.request("open", map[string]any{"path": src})
	action(c, "export_pdf")
	running := func() []string {
		var found []string
		procs, _ := filepath.Glob("/proc/[0-9]*/cmdline")
		for _, p := range procs {
			if b, err := os.ReadFile(p); err == nil && strings.Contains(string(b), tmp) {
				found = append(found, strings.ReplaceAll(string(b), "\x00", " "))
			}
		}
		return found
	}
	// Wait until LibreOffice runs, then stop.
	deadline := time.Now().Add(30 * time.Second)
	for len(running()) == 0 && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
	}
	if len(running()) == 0 {
		t.Fatal("LibreOffice never started")
	}
	if res := c.actionAnnouncing(30*time.Second, "stop", "Export cancelled. No file was written."); res["status"] != "Stopped. Cancelling the export." {
		t.Errorf("stop: %v", res)
	}
	time.Sleep(200 * time.Millisecond)
	if left := running(); len(left) != 0 {
		t.Errorf("LibreOffice still runs: %q", left)
	}
	if _, err := os.Stat(filepath.Join(dir, "notes.pdf")); err == nil {
		t.Error("a cancelled PDF export left notes.pdf")
	}
	if entries, _ := os.ReadDir(tmp); len(entries) != 0 {
		t.Errorf("the temporary folder still holds %v", entries)
	}
}
