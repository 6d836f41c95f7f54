package rpc_test

import (
	"path/filepath"
	"testing"

	"textfirst/internal/testkit"
	"textfirst/internal/tw/rpc"
)

// A DAISY book over JSON-RPC, under both framings: it opens as its folder,
// and go to page N lands on the page's first word, as for a PDF.
func TestDAISYPagesOverRPC(t *testing.T) {
	dir := t.TempDir()
	testkit.MakeDAISY3(t, filepath.Join(dir, "book"), []int{1, 2, 2}, false)
	opened := `{"document":{"dirty":false,"editing":false,"format":"daisy","length":249,"lines":19,"path":` + jsonString(filepath.Join(dir, "book")) + `,"title":"The Lighthouse Keeper"},"position":{"char":0,"column":1,"line":1,"percent":0,"word":{"end":3,"start":0,"text":"The"}}}`
	steps := []step{
		{method: "open", params: `{"path":"book"}`, says: []string{"Opened The Lighthouse Keeper."}, result: opened},
		{method: "navigate", params: `{"goto":"page 2"}`, says: []string{"Page 2: Waves broke over the rocks."},
			result: `{"char":97,"column":1,"line":9,"percent":38,"word":{"end":102,"start":97,"text":"Waves"}}`},
		{method: "navigate", params: `{"goto":"page 1"}`, says: []string{"Page 1: Mara kept the light for forty years."},
			result: `{"char":23,"column":1,"line":3,"percent":9,"word":{"end":27,"start":23,"text":"Mara"}}`},
		{method: "navigate", params: `{"goto":"page 3"}`, code: -32602, msg: "Not a go-to target: page 3"},
		{method: "navigate", params: `{"action":"next_heading_level_2"}`,
			result: `{"char":61,"column":1,"line":5,"percent":24,"word":{"end":64,"start":61,"text":"The"}}`},
	}
	for _, framing := range []struct {
		name string
		f    rpc.Framing
	}{{"lines", rpc.LineFraming}, {"content-length", rpc.HeaderFraming}} {
		t.Run(framing.name, func(t *testing.T) {
			s := startServer(t, serverOptions{dir: dir})
			s.framing = framing.f
			runSteps(t, s, steps)
		})
	}
}
