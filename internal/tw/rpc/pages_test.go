package rpc_test

import (
	"os"
	"path/filepath"
	"testing"
)

// TestGoToWrittenPages: over JSON-RPC, "page N" goes to the pages a word
// processor wrote, in LibreOffice's own idxexample.odt (libreoffice-common,
// scripts/deps-formats.sh): its paragraph styles break pages before
// HEADING1, HEADING11 and HEADING12.
func TestGoToWrittenPages(t *testing.T) {
	data, err := os.ReadFile("/usr/lib/libreoffice/share/template/common/internal/idxexample.odt")
	if err != nil {
		t.Fatalf("%v (scripts/deps-formats.sh installs LibreOffice)", err)
	}
	dir := caseFolder(t)
	writeFile(t, filepath.Join(dir, "idxexample.odt"), string(data))
	s := startServer(t, serverOptions{dir: dir})
	runSteps(t, s, []step{
		call("open", `{"path":"idxexample.odt"}`),
		{method: "navigate", params: `{"goto":"page 2"}`, says: []string{"Page 2: HEADING11"}},
		{method: "navigate", params: `{"goto":"page 3"}`, says: []string{"Page 3: HEADING12"}},
		{method: "navigate", params: `{"goto":"page 4"}`, code: -32602, msg: "Not a go-to target: page 4"},
	})
}
