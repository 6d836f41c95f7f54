package ndjson

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"testing"

	"textfirst/internal/windows2text/uitree"
)

// markupBackend is fakeBackend with characters JSON may escape in a name.
type markupBackend struct{ fakeBackend }

func (m *markupBackend) Snapshot(ctx context.Context, req uitree.Request) (*uitree.Tree, error) {
	tree, err := m.fakeBackend.Snapshot(ctx, req)
	if err == nil {
		tree.Root.Children[0].Name = `Save <all> & "quit"`
	}
	return tree, err
}

// TestCallAnswersAsHandle: Call's result, encoded, is byte for byte the
// result Handle puts in its response, and its error (ErrorOf) is the
// response's error. The one-shot commands print what Call answers.
func TestCallAnswersAsHandle(t *testing.T) {
	tests := []struct{ method, params string }{
		{"ping", `{}`},
		{"windows", `{}`},
		{"windows", `{"maxNodes":1}`},
		{"snapshot", `{"scope":"foreground","maxText":4}`},
		{"snapshot", `{"view":"raw","visibleOnly":false}`},
		{"observe", `{}`},
		{"observe", `{"includeTree":true,"maxTargets":1}`},
		{"snapshot", `{"scope":"moon"}`},
		{"snapshot", `{"scope":"desktop","pid":4}`},
		{"observe", `{"maxTargets":-1}`},
		{"windows", `{"maxNodes":"all"}`},
		{"teleport", `{}`},
	}
	ctx := context.Background()
	for _, tt := range tests {
		t.Run(tt.method+" "+tt.params, func(t *testing.T) {
			line := fmt.Sprintf(`{"id":1,"method":%q,"params":%s}`, tt.method, tt.params)
			resp, _ := NewServer(&markupBackend{}, "test").Handle(ctx, []byte(line))
			var want struct {
				Result json.RawMessage `json:"result"`
				Error  *WireError      `json:"error"`
			}
			if err := json.Unmarshal(resp, &want); err != nil {
				t.Fatalf("response %s: %v", resp, err)
			}
			result, err := NewServer(&markupBackend{}, "test").Call(ctx, tt.method, json.RawMessage(tt.params))
			if err != nil {
				if got := ErrorOf(err); want.Error == nil || *got != *want.Error {
					t.Errorf("Call failed with %+v, Handle answered %s", got, resp)
				}
				return
			}
			got, err := json.Marshal(result)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, want.Result) {
				t.Errorf("Call's result\n%s\nHandle's\n%s", got, want.Result)
			}
		})
	}
}
