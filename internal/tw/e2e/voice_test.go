package e2e

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// speech.voice set over JSON-RPC is matched against the voices of the real
// espeak-ng: a voice it has (by language tag or by its espeak name) is
// stored; a made-up one is refused with -32602, the reason and the nearest
// voices, and the stored value stays as it was.
func TestVoiceSettingIsCheckedAgainstTheEngine(t *testing.T) {
	home := filepath.Join(t.TempDir(), "home")
	c := startCmd(t, serve(home, "--backend", "espeak"))
	for _, voice := range []string{"en-US", "English (Great Britain)", "espeak:fr"} {
		res := c.call("set_setting", map[string]any{"path": "speech.voice", "value": voice})
		if res["value"] != voice {
			t.Fatalf("set_setting speech.voice %q stored %v", voice, res["value"])
		}
	}
	_, rpcErr := c.try("set_setting", map[string]any{"path": "speech.voice", "value": "no-such-voice-qx7"})
	if rpcErr == nil || rpcErr["code"] != -32602.0 {
		t.Fatalf("a made-up voice: error %v, want -32602", rpcErr)
	}
	msg, _ := rpcErr["message"].(string)
	if !strings.HasPrefix(msg, "No voice matches no-such-voice-qx7. Nearest: ") || strings.Count(msg, ",") != 2 {
		t.Errorf("the refusal says %q; want the reason and three nearest voices", msg)
	}
	if got := c.call("get_setting", map[string]any{"path": "speech.voice"}); got["value"] != "espeak:fr" {
		t.Errorf("after the refusal speech.voice is %v, want espeak:fr kept", got["value"])
	}
}

// A voice written by hand in settings.toml that the engine does not have
// loads as the default, with a warning, and the file keeps it.
func TestHandEditedUnknownVoiceLoadsAsTheDefault(t *testing.T) {
	home := filepath.Join(t.TempDir(), "home")
	if err := os.MkdirAll(home, 0o700); err != nil {
		t.Fatal(err)
	}
	writeFile(t, filepath.Join(home, "settings.toml"), "[speech]\nvoice = \"bogus-voice\"\n")
	cmd := serve(home, "--backend", "espeak")
	cmd.Env = append(cmd.Environ(), "TEXTWEAVER_SPEECH_SINK=clock")
	c := startCmd(t, cmd)
	if got := c.call("get_setting", map[string]any{"path": "speech.voice"}); got["value"] != nil {
		t.Errorf("speech.voice is %v, want the default (null)", got["value"])
	}
	warned := false
	for _, n := range c.notes {
		if p, _ := n["params"].(map[string]any); n["method"] == "announcement" && strings.Contains(p["text"].(string), "Voice bogus-voice is not available") {
			warned = true
		}
	}
	if !warned {
		t.Errorf("no warning about the voice among %v", c.notes)
	}
	if data, _ := os.ReadFile(filepath.Join(home, "settings.toml")); !strings.Contains(string(data), "bogus-voice") {
		t.Errorf("settings.toml lost the voice:\n%s", data)
	}
}
