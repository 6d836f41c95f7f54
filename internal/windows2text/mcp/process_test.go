//go:build linux

package mcp_test

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"textfirst/internal/testkit"
)

// serverCmd runs the real "windows2text mcp", as an agent framework starts
// it, on the test desktop.
func serverCmd(t *testing.T) *exec.Cmd {
	cmd := exec.Command(testkit.Binary(t, "windows2text"), "mcp")
	cmd.Env = os.Environ()
	return cmd
}

// TestSubprocess drives the server in its own process, over real pipes,
// with the Go SDK's client: lists tools, observes, acts, reads the result.
func TestSubprocess(t *testing.T) {
	defer mainApp.Command("reset")
	connect(t) // brings the application to the front
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	cs, err := sdk.NewClient(&sdk.Implementation{Name: "test", Version: "1"}, nil).Connect(ctx, &sdk.CommandTransport{Command: serverCmd(t)}, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()
	c := &client{t: t, cs: cs}
	if init := cs.InitializeResult(); init.ServerInfo.Name != "windows2text" || init.ServerInfo.Version == "" {
		t.Errorf("server info %+v", init.ServerInfo)
	}
	tools, err := cs.ListTools(ctx, nil)
	if err != nil || len(tools.Tools) < 19 {
		t.Fatalf("tools: %v %v", tools, err)
	}
	text, _ := c.ok("observe", map[string]any{"format": "text"})
	out, res := c.ok("set_value", map[string]any{"ref": refOf(t, text, `Edit "Name"`), "value": "Lovelace"})
	if res["value"] != "Lovelace" {
		t.Errorf("set_value: %s", out)
	}
	if got := state(t, "entry"); got != "entry Lovelace" {
		t.Errorf("the application says %s", got)
	}
}

// inspector runs the MCP Inspector's command-line client (installed by
// scripts/deps-mcp.sh) against this test binary as the server, and returns
// its JSON output.
func inspector(t *testing.T, args ...string) map[string]any {
	t.Helper()
	cli := filepath.Join(testkit.Root(), ".cache", "mcp-inspector", "node_modules", "@modelcontextprotocol", "inspector-cli", "build", "index.js")
	if _, err := os.Stat(cli); err != nil {
		t.Fatalf("the MCP Inspector CLI is missing: run scripts/deps-mcp.sh (%v)", err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, "node", append([]string{cli, testkit.Binary(t, "windows2text"), "mcp"}, args...)...)
	cmd.Env = os.Environ()
	// It finds its own package.json relative to the working directory.
	cmd.Dir = filepath.Dir(cli)
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("inspector %v: %v\n%s\n%s", args, err, out, stderr.String())
	}
	var m map[string]any
	if err := json.Unmarshal(out, &m); err != nil {
		t.Fatalf("inspector %v printed %s: %v", args, out, err)
	}
	return m
}

// textOf joins the text content of a tools/call result.
func textOf(m map[string]any) string {
	var b strings.Builder
	content, _ := m["content"].([]any)
	for _, c := range content {
		if c, ok := c.(map[string]any); ok && c["type"] == "text" {
			b.WriteString(c["text"].(string))
		}
	}
	return b.String()
}

// TestInspectorCLI: the MCP Inspector's CLI, a client no one here wrote,
// lists the tools, observes the real application and plans without acting
// (the application's record is unchanged), acts, and reads the result.
// Each of its calls starts a new server process, so acting goes through
// step, which observes and acts in one call.
func TestInspectorCLI(t *testing.T) {
	defer mainApp.Command("reset")
	connect(t)
	list := inspector(t, "--method", "tools/list")
	var names []string
	for _, tool := range list["tools"].([]any) {
		names = append(names, tool.(map[string]any)["name"].(string))
	}
	if !slices.Contains(names, "observe") || !slices.Contains(names, "step") || !slices.Contains(names, "wait") ||
		!slices.Contains(names, "enable_accessibility") || len(names) != 21 {
		t.Errorf("tools: %v", names)
	}
	plan := inspector(t, "--method", "tools/call", "--tool-name", "step", "--tool-arg", "action=toggle", `target=CheckBox "Bold"`, "format=text")
	// The plan comes with step's observation of the application.
	if text := textOf(plan); !strings.HasPrefix(text, `would toggle CheckBox "Bold"`) || !strings.Contains(text, `Edit "Name" value="Ada"`) {
		t.Errorf("step without act: %s", text)
	}
	if got := state(t, "check"); got != "check 0" {
		t.Errorf("step without act acted: %s", got)
	}
	did := inspector(t, "--method", "tools/call", "--tool-name", "step", "--tool-arg", "action=toggle", `target=CheckBox "Bold"`, "act=true", "format=text")
	if text := textOf(did); !strings.HasPrefix(text, `did toggle CheckBox "Bold"`) || !strings.Contains(text, `CheckBox "Bold" focus,toggle,click,key [checked]`) {
		t.Errorf("step with act: %s", text)
	}
	if got := state(t, "check"); got != "check 1" {
		t.Errorf("step with act did not act: %s", got)
	}
}
