// Package sessiongen makes seeded random sessions of JSON-RPC requests for
// tw serve: every action id, prompts and their answers, lists and their
// keys, typing, edit mode, undo and redo, save_as, open and new_document,
// weighted so that the sequences that reach deep state (a prompt opened in
// edit mode and answered after it ended, a list whose marks changed) come
// up often. The sequence fuzzer of the rpc tests and the end-to-end tests
// send them to the server and check every answer.
package sessiongen

import (
	"encoding/json"
	"math/rand"

	"textfirst/internal/tw/core"
)

// Request is one request of a session.
type Request struct {
	ID     int
	Method string
	Params map[string]any
}

// JSON returns the request as one line of JSON (no newline).
func (r Request) JSON() []byte {
	m := map[string]any{"jsonrpc": "2.0", "id": r.ID, "method": r.Method}
	if r.Params != nil {
		m["params"] = r.Params
	}
	data, err := json.Marshal(m)
	if err != nil {
		panic(err)
	}
	return data
}

// hot are the actions that reach the states the crashes live in; they
// are drawn far more often than the rest.
var hot = []string{
	"toggle_edit_mode", "toggle_edit_mode", "toggle_edit_mode", "new_document", "insert_image",
	"insert_table", "replace", "save", "save_as", "save_as", "undo", "redo", "undo",
	"toggle_highlight", "toggle_highlight", "list_highlights", "list_highlights", "add_bookmark",
	"add_bookmark", "list_bookmarks", "add_note", "list_notes", "delete_note", "delete_bookmark",
	"rename_bookmark", "edit_note", "highlight_selection", "select_all", "select_next_word",
	"next_sentence", "document_end", "document_start", "go_to", "find", "open", "command_palette",
	"settings", "outline", "keyboard_help", "paste", "copy", "cut", "bold", "heading",
	"backspace", "delete", "play_pause", "stop",
}

// openers open a prompt, a list or a question; changers change the state
// such a prompt or list acts on; the answers then arrive after the change.
var openers = []string{
	"insert_image", "insert_table", "replace", "save_as", "list_highlights", "list_bookmarks",
	"list_notes", "add_note", "edit_note", "rename_bookmark", "delete_bookmark", "delete_note",
	"go_to", "find", "open", "command_palette", "settings", "outline", "keyboard_help", "toggle_edit_mode",
}

var changers = []string{
	"toggle_edit_mode", "toggle_edit_mode", "new_document", "toggle_highlight", "add_bookmark",
	"undo", "redo", "save", "select_all", "cut", "backspace", "document_end", "delete_bookmark",
}

var answers = []string{
	"", "", "5", "end", "start", "50%", "x.md", "y.txt", "../up.md", "sub/deep.md", ".", "..",
	"note #tag color: red", "3 by 2", "img.png", "a", "é", "toggle edit mode", "save",
	"Cells", "n[a-z]+", "DNA", "nucleus", "line\nbreak", "mark1", "\u202ename.md",
}

var listKeys = []string{
	"up", "down", "enter", "enter", "escape", "delete", "rename", "left", "right",
	"backspace", "home", "end", "page_up", "page_down", "s", "d", "c", "a", "introduce", "details",
}

var promptKeys = []string{
	"a", "é", "backspace", "delete", "left", "right", "home", "end", "up", "down", "tab",
	"kill_to_start", "kill_to_end", "delete_word_back", "enter", "enter", "escape",
}

var inserts = []string{"x", "hello ", "\n", "# Title\n", "**b**", "é", "\r\n", "- item\n", "[l](u)", " "}

var queries = []string{"status", "position", "list_state", "prompt_state", "notes", "highlights",
	"info", "outline", "text"}

var gotos = []string{"start", "end", "50%", "1", "3", "999"}

// Session returns n requests drawn from rng; paths are documents the
// session may open (names relative to the server's folder are fine).
func Session(rng *rand.Rand, n int, paths []string) []Request {
	all := core.Actions()
	var out []Request
	pick := func(xs []string) string { return xs[rng.Intn(len(xs))] }
	for len(out) < n {
		r := Request{ID: len(out) + 1}
		if rng.Intn(100) < 15 {
			// Open something, change what it stands on, answer it.
			add := func(method string, params map[string]any) {
				out = append(out, Request{ID: len(out) + 1, Method: method, Params: params})
			}
			if rng.Intn(2) == 0 {
				add("action", map[string]any{"id": pick([]string{"toggle_edit_mode", "new_document"})})
				if rng.Intn(2) == 0 {
					add("insert", map[string]any{"text": pick(inserts)})
				}
			}
			add("action", map[string]any{"id": pick(openers)})
			for k := rng.Intn(3); k >= 0; k-- {
				add("action", map[string]any{"id": pick(changers)})
			}
			switch rng.Intn(4) {
			case 0:
				add("answer", map[string]any{"text": pick(answers)})
			case 1:
				add("choose", map[string]any{"index": rng.Intn(4)})
			case 2:
				add("list_key", map[string]any{"key": pick(listKeys)})
			default:
				add("prompt_key", map[string]any{"key": "enter"})
			}
			continue
		}
		switch w := rng.Intn(100); {
		case w < 22:
			r.Method = "action"
			r.Params = map[string]any{"id": pick(hot)}
		case w < 34:
			id := all[rng.Intn(len(all))].ID
			if id == "quit" {
				id = "say_status"
			}
			r.Method = "action"
			r.Params = map[string]any{"id": id}
			if rng.Intn(5) == 0 {
				r.Params["confirm"] = rng.Intn(2) == 0
			}
		case w < 46:
			r.Method = "answer"
			r.Params = map[string]any{"text": pick(answers)}
		case w < 54:
			r.Method = "choose"
			r.Params = map[string]any{"index": rng.Intn(6) - 1}
		case w < 62:
			r.Method = "list_key"
			r.Params = map[string]any{"key": pick(listKeys)}
		case w < 70:
			r.Method = "prompt_key"
			if rng.Intn(4) == 0 {
				r.Params = map[string]any{"text": pick(answers)}
			} else {
				r.Params = map[string]any{"key": pick(promptKeys)}
			}
		case w < 78:
			r.Method = "insert"
			r.Params = map[string]any{"text": pick(inserts)}
		case w < 82:
			r.Method = "cancel"
		case w < 88:
			r.Method = "navigate"
			if rng.Intn(3) == 0 {
				r.Params = map[string]any{"goto": pick(gotos)}
			} else {
				for {
					id := all[rng.Intn(len(all))].ID
					if core.IsNavigation(id) {
						r.Params = map[string]any{"action": id}
						break
					}
				}
			}
		case w < 90:
			r.Method = pick([]string{"read", "pause", "resume", "stop"})
		case w < 97:
			r.Method = pick(queries)
		case w < 98:
			// An action answered in the same call, as quit and delete_note are.
			r.Method = "action"
			r.Params = map[string]any{"id": pick([]string{"delete_note", "delete_bookmark", "save_as", "save"}), "confirm": true}
		default:
			r.Method = "open"
			r.Params = map[string]any{"path": pick(paths)}
		}
		out = append(out, r)
	}
	return out[:n]
}
