package rpc_test

import (
	"archive/zip"
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"textfirst/internal/tw/rpc"
)

// TestOpenArchiveMembers: open takes a file inside an archive, as the spec
// says, by the name the archive lists it under, even one that climbs out
// of the archive ("../../x.txt"): what opens is the member, never the file
// on disk where the cleaned path would lead.
func TestOpenArchiveMembers(t *testing.T) {
	var out bytes.Buffer
	w := rpc.NewWriter(&out)
	srv, _ := newBareServer(t, w)
	members := []struct{ name, text string }{
		{"ch1.txt", "the first chapter"},
		{"../x.txt", "climbing one folder"},
		{"a/../../x.txt", "climbing through a folder"},
	}
	var zb bytes.Buffer
	zw := zip.NewWriter(&zb)
	for _, m := range members {
		f, err := zw.Create(m.name)
		if err != nil {
			t.Fatal(err)
		}
		f.Write([]byte(m.text))
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	sub := filepath.Join(srv.BaseDir, "in")
	if err := os.Mkdir(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	writeFile(t, filepath.Join(sub, "names.zip"), zb.String())
	writeFile(t, filepath.Join(srv.BaseDir, "x.txt"), "a file on disk")
	writeFile(t, filepath.Join(sub, "x.txt"), "a file on disk")
	var in strings.Builder
	for i, m := range members {
		open, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": 2*i + 1, "method": "open", "params": map[string]string{"path": "in/names.zip!" + m.name}})
		in.Write(open)
		in.WriteString("\n" + `{"jsonrpc":"2.0","id":` + strings.Repeat("9", i+1) + `,"method":"text"}` + "\n")
	}
	if err := srv.Serve(strings.NewReader(in.String()), w); err != nil {
		t.Fatal(err)
	}
	var texts []string
	for _, line := range strings.Split(strings.TrimSpace(out.String()), "\n") {
		var reply struct {
			ID     any `json:"id"`
			Result struct {
				Text *string `json:"text"`
			} `json:"result"`
			Error *struct{ Message string } `json:"error"`
		}
		if err := json.Unmarshal([]byte(line), &reply); err != nil || reply.ID == nil {
			continue
		}
		if reply.Error != nil {
			t.Errorf("reply %v: %s", reply.ID, reply.Error.Message)
		}
		if reply.Result.Text != nil {
			texts = append(texts, *reply.Result.Text)
		}
	}
	if len(texts) != len(members) {
		t.Fatalf("texts %q, want one per member\n%s", texts, out.String())
	}
	for i, m := range members {
		if texts[i] != m.text {
			t.Errorf("open %q then text: %q, want the member's %q", m.name, texts[i], m.text)
		}
	}
}
