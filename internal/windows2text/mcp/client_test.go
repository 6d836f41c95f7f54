package mcp_test

import (
	"context"
	"encoding/json"
	"testing"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// client is an MCP client session of the Go SDK connected to a server.
type client struct {
	t  *testing.T
	cs *sdk.ClientSession
	// calls and bytes count the tool calls made and the bytes of their
	// results (content and structure, as JSON).
	calls, bytes int
	// textBytes counts the bytes of the text content: what the model reads.
	textBytes int
}

// call calls a tool and returns its text and structured content.
func (c *client) call(name string, args any) (string, map[string]any, bool) {
	c.t.Helper()
	res, err := c.cs.CallTool(context.Background(), &sdk.CallToolParams{Name: name, Arguments: args})
	if err != nil {
		c.t.Fatalf("%s: %v", name, err)
	}
	raw, _ := json.Marshal(res)
	c.calls++
	c.bytes += len(raw)
	text := ""
	for _, ct := range res.Content {
		if tc, ok := ct.(*sdk.TextContent); ok {
			text += tc.Text
		}
	}
	c.textBytes += len(text)
	var m map[string]any
	if res.StructuredContent != nil {
		b, _ := json.Marshal(res.StructuredContent)
		json.Unmarshal(b, &m)
	}
	return text, m, res.IsError
}

// fails calls tool name with args, which must fail with the protocol's
// error code, and returns the tool's text and structure.
func (c *client) fails(code, name string, args any) (string, map[string]any) {
	c.t.Helper()
	text, m, isErr := c.call(name, args)
	if e, _ := m["error"].(map[string]any); !isErr || e["code"] != code {
		c.t.Errorf("%s(%v): %v %s %v, want the error %s", name, args, isErr, text, m, code)
	}
	return text, m
}

// ok calls a tool that must succeed.
func (c *client) ok(name string, args any) (string, map[string]any) {
	c.t.Helper()
	text, m, isErr := c.call(name, args)
	if isErr {
		c.t.Fatalf("%s(%v) failed: %s", name, args, text)
	}
	return text, m
}
