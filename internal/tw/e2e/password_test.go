package e2e

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"textfirst/internal/testkit"
)

// encryptedPDF writes notes.pdf encrypted with the user password user, as
// "locked notes.pdf" in dir, and returns its path.
func encryptedPDF(t *testing.T, dir, user string) string {
	return testkit.EncryptedPDF(t, filepath.Join(dir, "locked notes.pdf"), user)
}

// promptOf returns the single prompt effect of a result, or fails.
func promptOf(t *testing.T, res map[string]any) map[string]any {
	t.Helper()
	effects, _ := res["effects"].([]any)
	if len(effects) != 1 {
		t.Fatalf("effects = %v, want one prompt", res["effects"])
	}
	e := effects[0].(map[string]any)
	if e["type"] != "prompt" {
		t.Fatalf("effect = %v, want a prompt", e)
	}
	return e["params"].(map[string]any)
}

// TestEncryptedPDFOverRPC is the password prompt through the real
// server: open asks with the document_password purpose, the typed text is
// masked in prompt_state and in the echo, a wrong password asks again, the
// right one opens the document, and the password is never written to the
// log or the prompt history.
func TestEncryptedPDFOverRPC(t *testing.T) {
	dir := t.TempDir()
	home := filepath.Join(dir, "home")
	pdf := encryptedPDF(t, dir, "s3cret-Pw")
	c := start(t, home)

	res := c.call("open", map[string]any{"path": pdf})
	if _, has := res["position"]; has {
		t.Fatalf("open of a locked PDF returned a position: %v", res)
	}
	p := promptOf(t, res)
	if p["purpose"] != "document_password" || p["label"] != "Password for locked notes.pdf" {
		t.Fatalf("prompt = %v", p)
	}
	if got := c.lastAnnouncement(); got != "Password for locked notes.pdf" {
		t.Errorf("announcement = %q", got)
	}

	// Typed characters are echoed and shown as stars, never in clear.
	for _, k := range []string{"w", "x"} {
		kr := c.call("prompt_key", map[string]any{"key": k})
		if kr["status"] != "*" {
			t.Errorf("echo of %q = %v, want a star", k, kr["status"])
		}
	}
	ps := c.call("prompt_state", nil)
	if ps["text"] != "**" || ps["purpose"] != "document_password" {
		t.Errorf("prompt_state = %v, want the text masked", ps)
	}

	// A wrong password asks again.
	res = c.call("answer", map[string]any{"text": "wrong"})
	p = promptOf(t, res)
	if p["purpose"] != "document_password" || !strings.HasPrefix(p["label"].(string), "Wrong password.") {
		t.Fatalf("after a wrong password: %v", res)
	}
	if st := c.call("status", nil); st["document"] != nil {
		t.Errorf("a document is open after a wrong password: %v", st["document"])
	}

	// The right one opens it.
	res = c.call("answer", map[string]any{"text": "s3cret-Pw"})
	if s, _ := res["status"].(string); !strings.HasPrefix(s, "Opened ") {
		t.Fatalf("after the right password: %v", res)
	}
	st := c.call("status", nil)
	d, _ := st["document"].(map[string]any)
	if d == nil || d["format"] != "pdf" || d["length"].(float64) < 100 {
		t.Fatalf("status after opening: %v", st)
	}
	tx := c.call("text", map[string]any{"start": 0, "end": 60})
	if s, _ := tx["text"].(string); !strings.Contains(s, "Notes") {
		t.Errorf("text = %v", tx)
	}

	// The prompt keeps no history of secrets: Up in a new password prompt
	// has no earlier answer to offer.
	c.call("open", map[string]any{"path": pdf})
	up := c.call("prompt_key", map[string]any{"key": "up"})
	if up["status"] != "No earlier answers." {
		t.Errorf("Up in the password prompt = %v", up["status"])
	}
	c.call("cancel", nil)
	c.call("shutdown", nil)
	c.in.Close()
	c.cmd.Wait()

	// Nothing in the home (logs, state, history) holds the password.
	filepath.Walk(home, func(path string, info os.FileInfo, err error) error {
		if err != nil || info.IsDir() {
			return nil
		}
		data, _ := os.ReadFile(path)
		if strings.Contains(string(data), "s3cret-Pw") || strings.Contains(string(data), "wrong") {
			t.Errorf("%s holds a typed password", path)
		}
		return nil
	})
}

// TestEncryptedPDFCancelled: Escape at the password prompt leaves the open
// document as it was, and a document that needs no password opens as ever.
func TestEncryptedPDFCancelled(t *testing.T) {
	dir := t.TempDir()
	pdf := encryptedPDF(t, dir, "pw")
	md := writeFile(t, filepath.Join(dir, "notes.md"), notesMD)
	c := start(t, filepath.Join(dir, "home"))
	c.call("open", map[string]any{"path": md})
	res := c.call("open", map[string]any{"path": pdf})
	doc, _ := res["document"].(map[string]any)
	if doc == nil || doc["title"] != "Cell biology" {
		t.Errorf("open result's document = %v, want the one still open", res["document"])
	}
	promptOf(t, res)
	c.call("cancel", nil)
	st := c.call("status", nil)
	if d, _ := st["document"].(map[string]any); d == nil || d["title"] != "Cell biology" {
		t.Errorf("after cancel, document = %v", st["document"])
	}
	// An empty answer opens nothing either, and says so.
	c.call("open", map[string]any{"path": pdf})
	res = c.call("answer", map[string]any{"text": ""})
	if s, _ := res["status"].(string); !strings.Contains(s, "was not opened") {
		t.Errorf("empty password: %v", res)
	}
}

// TestScannedPDFProgress: opening a scanned PDF over JSON-RPC announces the
// recognition of its pages before the answer, then reads the recognised text.
func TestScannedPDFProgress(t *testing.T) {
	dir := t.TempDir()
	scan := testkit.FaxScan(t, filepath.Join(testkit.Path(t, "conformance", "textweaver"), "single.pdf"), dir)
	c := start(t, filepath.Join(dir, "home"))
	res := c.call("open", map[string]any{"path": scan})
	if _, ok := res["position"]; !ok {
		t.Fatalf("open: %v", res)
	}
	var said []string
	for _, n := range c.notes {
		if n["method"] == "announcement" {
			said = append(said, n["params"].(map[string]any)["text"].(string))
		}
	}
	if len(said) < 2 || said[len(said)-2] != "Recognising scanned page 1 of 1." || !strings.HasPrefix(said[len(said)-1], "Opened ") {
		t.Errorf("announcements = %q, want the recognition, then Opened", said)
	}
	tx := c.call("text", map[string]any{"start": 0, "end": 40})
	if s, _ := tx["text"].(string); !strings.Contains(s, "Accessible Reading") {
		t.Errorf("recognised text starts %q", tx["text"])
	}
}
