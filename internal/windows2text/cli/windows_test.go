package cli

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"textfirst/internal/windows2text/uitree"
)

// TestPrintWindowsMarksNotResponding: the text listing of windows says
// which windows belong to an application that did not answer, and names
// it, as the JSON does with notResponding and unresponsive.
func TestPrintWindowsMarksNotResponding(t *testing.T) {
	tests := []struct {
		name       string
		list       uitree.WindowList
		want       []string
		wantNoneOf []string
	}{
		{
			name: "an answering application",
			list: uitree.WindowList{Windows: []uitree.Window{{ID: ":1.2/a/1", Title: "Editor", App: "gedit", PID: 10, Role: uitree.RoleWindow, Active: true}}},
			want: []string{`Window "Editor"`, " active"}, wantNoneOf: []string{"not-responding", "# unresponsive"},
		},
		{
			name: "a stopped application",
			list: uitree.WindowList{
				Windows:      []uitree.Window{{ID: "x11:0x400007", Title: "Stopped", App: "app.py", PID: 11, Role: uitree.RoleWindow, NotResponding: true}},
				Unresponsive: []uitree.Unresponsive{{App: "app.py", PID: 11, Error: "no answer within 1500 ms"}},
			},
			want: []string{`Window "Stopped"`, " not-responding", "# unresponsive: app.py (pid 11): no answer within 1500 ms"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			raw, err := json.Marshal(tt.list)
			if err != nil {
				t.Fatal(err)
			}
			if tt.list.Windows[0].NotResponding != strings.Contains(string(raw), `"notResponding":true`) {
				t.Errorf("JSON %s does not carry notResponding as the window does", raw)
			}
			var out bytes.Buffer
			if err := printWindows(&out, tt.list, nil); err != nil {
				t.Fatal(err)
			}
			for _, w := range tt.want {
				if !strings.Contains(out.String(), w) {
					t.Errorf("listing %q lacks %q", out.String(), w)
				}
			}
			for _, w := range tt.wantNoneOf {
				if strings.Contains(out.String(), w) {
					t.Errorf("listing %q has %q", out.String(), w)
				}
			}
		})
	}
}
