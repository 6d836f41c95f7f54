package ndjson

import (
	"context"
	"encoding/json"
	"testing"
	"unicode/utf8"
)

// FuzzDecodeRequest feeds arbitrary lines to the decoder and to the whole
// request path: nothing may panic, and every line gets exactly one
// response that is one line of valid JSON with ok and either a result or an
// error with a code.
func FuzzDecodeRequest(f *testing.F) {
	for _, seed := range []string{
		`{"id":1,"method":"ping"}`,
		`{"id":"a","method":"snapshot","params":{"scope":"desktop","maxDepth":3}}`,
		`{"id":2,"method":"observe","params":{"maxTargets":5,"includeTree":true}}`,
		`{"id":3,"method":"invoke","params":{"ref":"s1:e2"}}`,
		`{"id":4,"method":"key","params":{"ref":"s1:e3","key":"CTRL++"}}`,
		`{"id":5,"method":"scroll","params":{"ref":"s1:e1","vertical":"large_increment"}}`,
		`{"id":1e400,"method":"ping"}`,
		"{\"id\":\"\xff\",\"method\":\"p\xfeing\"}", "{\"id\":1,\"method\":\"snapshot\",\"params\":{\"scope\":\"\xc3\"}}",
		`{"id":null}`, `[]`, `{`, `"x"`, `{"id":{},"method":"ping"}`,
		`{"id":1,"method":"snapshot","params":{"scope":"hwnd","hwnd":18446744073709551616}}`,
		`{"id":6,"method":"observe","params":{"format":"text","maxBytes":256}}`,
		`{"id":7,"method":"observe","params":{"cursor":"s1/1/100/2000","format":"json","maxTokens":64}}`,
		`{"id":8,"method":"observe","params":{"cursor":"s1/0/1/1","maxBytes":67108864}}`,
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, line []byte) {
		_, _ = DecodeRequest(line)
		srv := NewServer(&fakeBackend{}, "fuzz")
		// A snapshot first, so that refs can resolve.
		srv.Handle(context.Background(), []byte(`{"id":0,"method":"snapshot"}`))
		resp, _ := srv.Handle(context.Background(), line)
		if !utf8.Valid(resp) {
			t.Fatalf("response %q is not valid UTF-8", resp)
		}
		var m map[string]json.RawMessage
		if err := json.Unmarshal(resp, &m); err != nil {
			t.Fatalf("response %q is not JSON: %v", resp, err)
		}
		for _, b := range resp {
			if b == '\n' {
				t.Fatalf("response %q spans lines", resp)
			}
		}
		if _, ok := m["id"]; !ok {
			t.Fatalf("response %q has no id", resp)
		}
		switch string(m["ok"]) {
		case "true":
			if _, ok := m["result"]; !ok {
				t.Fatalf("ok response %q has no result", resp)
			}
		case "false":
			var e WireError
			if json.Unmarshal(m["error"], &e) != nil || e.Code == "" || e.Message == "" {
				t.Fatalf("error response %q has no code and message", resp)
			}
		default:
			t.Fatalf("response %q has no ok", resp)
		}
	})
}
