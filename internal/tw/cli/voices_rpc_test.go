package cli_test

import (
	"encoding/json"
	"io"
	"strings"
	"testing"
)

// The Voices list over JSON-RPC, with the real espeak-ng engine: choose_voice
// opens it, list_key moves (the item is announced), space marks a favorite
// and choose sets speech.voice; restart_speech rebuilds the engine and says
// so.
func TestServeVoicesList(t *testing.T) {
	stdin, next, wait := startServe(t, notesDir(t), []string{"TEXTWEAVER_SPEECH_SINK=clock"}, "--home", t.TempDir(), "--backend", "espeak")
	id := 0
	// call sends a request and returns its reply and the announcements
	// that came before it.
	call := func(method, params string) (json.RawMessage, []string) {
		t.Helper()
		id++
		io.WriteString(stdin, req(id, method, params))
		var said []string
		for {
			m := next()
			if m.Method == "announcement" {
				said = append(said, m.Params.Text)
				continue
			}
			if m.Method != "" {
				continue
			}
			if m.Error != nil {
				t.Fatalf("%s: error %d %s", method, m.Error.Code, m.Error.Message)
			}
			return m.Result, said
		}
	}
	res, _ := call("action", `{"id":"choose_voice"}`)
	if !strings.Contains(string(res), `"Voices"`) {
		t.Fatalf("choose_voice: %s", res)
	}
	var list struct {
		Title    string
		Items    []string
		Selected int
	}
	res, _ = call("list_state", "")
	if err := json.Unmarshal(res, &list); err != nil || list.Title != "Voices" || len(list.Items) < 50 {
		t.Fatalf("list_state: %s", res)
	}
	found := false
	for _, it := range list.Items {
		found = found || it == "English (America), en-us, espeak, male"
	}
	if !found {
		t.Errorf("no item for English (America) with language, engine and gender: %q", list.Items[:5])
	}
	// Filter to the American voices and move onto the first.
	for _, c := range "america" {
		call("list_key", `{"key":"`+string(c)+`"}`)
	}
	_, said := call("list_key", `{"key":"home"}`)
	if len(said) == 0 || !strings.HasPrefix(said[len(said)-1], "English (America), en-us, espeak, male, 1 of ") {
		t.Errorf("home said %q", said)
	}
	call("list_key", `{"key":" "}`)
	call("list_key", `{"key":"enter"}`)
	res, _ = call("get_setting", `{"path":"speech.voice"}`)
	if !strings.Contains(string(res), `"value":"gmw/en-US"`) {
		t.Errorf("speech.voice after choosing: %s", res)
	}
	res, _ = call("get_setting", `{"path":"speech.favorite_voices"}`)
	if !strings.Contains(string(res), `"value":["gmw/en-US"]`) {
		t.Errorf("favorites: %s", res)
	}
	_, said = call("action", `{"id":"restart_speech"}`)
	if len(said) == 0 || said[len(said)-1] != "Speech restarted: espeak." {
		t.Errorf("restart_speech said %q", said)
	}
	wait()
}
