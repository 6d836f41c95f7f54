package rpc_test

import (
	"path/filepath"
	"testing"

	"textfirst/internal/testkit"
	"textfirst/internal/tw/rpc"
)

// An EPUB with a page list over JSON-RPC, under both framings, from its
// navigation document and from its NCX: go to page N takes the labels the
// book prints ("xii") and the ordinals, and lands on the page's first word.
func TestEPUBPagesOverRPC(t *testing.T) {
	steps := []step{
		{method: "open", params: `{"path":"paged.epub"}`, says: []string{"Opened Paged."}},
		{method: "navigate", params: `{"goto":"page xii"}`, says: []string{"Page xii: It ends on page twelve."},
			result: `{"char":45,"column":1,"line":5,"percent":35,"word":{"end":47,"start":45,"text":"It"}}`},
		{method: "navigate", params: `{"goto":"page 2"}`, says: []string{"Page 2: Boats leave at dusk."},
			result: `{"char":107,"column":1,"line":11,"percent":84,"word":{"end":112,"start":107,"text":"Boats"}}`},
		{method: "navigate", params: `{"goto":"page 3"}`, says: []string{"Page 1: The Harbour"}},
		{method: "navigate", params: `{"goto":"page xiii"}`, code: -32602, msg: "Not a go-to target: page xiii"},
	}
	for _, ncx := range []bool{false, true} {
		for _, framing := range []struct {
			name string
			f    rpc.Framing
		}{{"lines", rpc.LineFraming}, {"content-length", rpc.HeaderFraming}} {
			t.Run(map[bool]string{false: "nav", true: "ncx"}[ncx]+"/"+framing.name, func(t *testing.T) {
				dir := t.TempDir()
				testkit.MakePagedEPUB(t, filepath.Join(dir, "paged.epub"), ncx)
				s := startServer(t, serverOptions{dir: dir})
				s.framing = framing.f
				runSteps(t, s, steps)
			})
		}
	}
}
