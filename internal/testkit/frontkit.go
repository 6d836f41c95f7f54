package testkit

import (
	"os/exec"
	"path/filepath"
	"testing"
)

// Fixtures and helpers shared by the tests of tw's front ends (the command
// line, the terminal reader, the JSON-RPC server and the end-to-end tests).

// EncryptedPDF writes the conformance fixture notes.pdf to path, encrypted
// by qpdf (AES-256) with the user password user, and returns path.
func EncryptedPDF(t testing.TB, path, user string) string {
	t.Helper()
	src := filepath.Join(Path(t, "conformance", "textweaver"), "notes.pdf")
	args := []string{"--encrypt", user, "owner-pw", "256", "--", src, path}
	if msg, err := exec.Command(Tool(t, "qpdf", "scripts/deps-pdf.sh"), args...).CombinedOutput(); err != nil {
		t.Fatalf("qpdf %v: %v\n%s", args, err, msg)
	}
	return path
}
