package rpc_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"textfirst/internal/tw/braille"
)

// TestExportBRFOverRPC: the real tw serve's export_brf action writes the
// open document beside it as braille in the settings' page size, and says
// where.
func TestExportBRFOverRPC(t *testing.T) {
	dir := t.TempDir()
	home := filepath.Join(dir, "home")
	if err := os.MkdirAll(home, 0o755); err != nil {
		t.Fatal(err)
	}
	writeFile(t, filepath.Join(home, "settings.toml"), "[braille]\ncells_per_line = 32\n")
	writeFile(t, filepath.Join(dir, "tides.md"), "# Tides\n\nThe tide comes in twice a day.\n")
	input := strings.Join([]string{request(1, "action", `{"id":"export_brf"}`), request(2, "shutdown", ""), request(3, "exit", "")}, "\n") + "\n"
	out, _ := runTw(t, dir, []string{"TEXTWEAVER_HOME=" + home}, input, "serve", "--stdio", "--no-speech", "--open", "tides.md")
	var r struct{ Status string }
	if err := json.Unmarshal(resultsByID(t, out)["1"], &r); err != nil {
		t.Fatal(err)
	}
	status := r.Status
	path := filepath.Join(dir, "tides.brf")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("export_brf said %q and wrote no tides.brf: %v", status, err)
	}
	if !strings.Contains(status, "tides.brf") {
		t.Errorf("export_brf said %q, want the file named", status)
	}
	lines := strings.Split(strings.Split(string(data), "\f")[0], "\r\n")
	if last := lines[24]; len(last) != 32 || !strings.HasSuffix(last, braille.PageNumber(1)) {
		t.Errorf("page's last line %q, want the page number at cell 32", last)
	}
}
