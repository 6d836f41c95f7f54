package rpc_test

// Every method and every error of the spec, as one table run under both
// framings. Each case starts a fresh in-process server with notes.md (the
// spec's example document) in its folder.

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"textfirst/internal/testkit"
	"textfirst/internal/tw/rpc"
)

// step is one message of a case and what must come back.
type step struct {
	method, params string // a request with the next id
	raw            string // or a raw body, sent as it is in the case's framing
	replyID        string // the id (raw JSON) the raw body's reply carries; "" expects no reply

	result string   // the exact result ($PATH is notes.md's path); "" is not checked
	code   int      // the error code; 0 expects success
	msg    string   // the exact error message; a trailing "…" makes it a prefix
	says   []string // the exact announcements before the response (nil: not checked)
	before []string // the exact notifications before the response (nil: not checked)
	after  []string // the exact notifications right after the response
}

// The spec's example document as tw reads it.
const (
	notesText = "Cell biology\n\nCells are the smallest units of life. Every living thing is made of cells.\n\nThe nucleus\n\nThe nucleus holds the cell's DNA. It controls growth and division."
	notesDoc  = `{"dirty":false,"editing":false,"format":"markdown","length":169,"lines":7,"path":$PATH,"title":"Cell biology"}`
	atStart   = `{"char":0,"column":1,"line":1,"percent":0,"word":{"end":4,"start":0,"text":"Cell"}}`
	atCells   = `{"char":14,"column":1,"line":3,"percent":8,"word":{"end":19,"start":14,"text":"Cells"}}`
	atNucleus = `{"char":90,"column":1,"line":5,"percent":53,"word":{"end":93,"start":90,"text":"The"}}`
	atLine7   = `{"char":103,"column":1,"line":7,"percent":60,"word":{"end":106,"start":103,"text":"The"}}`
	goToLabel = "Go to line, percent, start, or end"
	goToFX    = `[{"params":{"label":"Go to line, percent, start, or end","purpose":"go_to"},"type":"prompt"}]`
	noDocMsg  = "No document is open; call open first"
	initJSON  = `{"methods":["initialize","open","status","position","navigate","read","pause","resume","stop","search","text","outline","notes","highlights","info","insert","action","answer","choose","cancel","list_state","list_key","prompt_state","prompt_key","settings_schema","get_setting","set_setting","shutdown","exit"],"notifications":["position","playback","announcement","prompt","list","quit"],"protocol":1,"server":"textweaver","version":"0.1.0-beta.1"}`
)

func note(method, params string) string {
	return fmt.Sprintf(`{"jsonrpc":"2.0","method":%q,"params":%s}`, method, params)
}

func announcement(text string) string {
	return note("announcement", fmt.Sprintf(`{"priority":"polite","text":%s}`, jsonString(text)))
}

var (
	openNotes = step{method: "open", params: `{"path":"notes.md"}`, says: []string{"Opened Cell biology."},
		result: `{"document":` + notesDoc + `,"position":` + atStart + `}`}
	readingNote = note("playback", `{"state":"reading"}`)
	stoppedNote = note("playback", `{"state":"stopped"}`)
)

// openRunning opens running.pdf, three pages printed "i", "1", "2".
var openRunning = call("open", `{"path":"running.pdf"}`)

func call(method, params string) step { return step{method: method, params: params} }

var methodCases = []struct {
	name  string
	steps []step
}{
	// initialize
	{"initialize", []step{{method: "initialize", result: initJSON, says: []string{}}}},
	{"initialize with empty params", []step{{method: "initialize", params: `{}`, result: initJSON}}},

	// open
	{"open", []step{openNotes}},
	{"open by full path", []step{{method: "open", params: `{"path":$PATH}`, result: `{"document":` + notesDoc + `,"position":` + atStart + `}`}}},
	{"open a plain text file is titled by its name", []step{
		{method: "open", params: `{"path":"plain.txt"}`, says: []string{"Opened plain.txt."},
			result: `{"document":{"dirty":false,"editing":false,"format":"text","length":28,"lines":1,"path":$DIR/plain.txt,"title":"plain.txt"},"position":{"char":0,"column":1,"line":1,"percent":0,"word":{"end":5,"start":0,"text":"Hello"}}}`}}},
	{"open without path", []step{{method: "open", code: -32602, msg: "path is required and must be a string"}}},
	{"open with a number for path", []step{{method: "open", params: `{"path":5}`, code: -32602, msg: "path is required and must be a string"}}},
	{"open a missing file", []step{{method: "open", params: `{"path":"missing.md"}`, code: -32002, msg: "missing.md: no such file"}}},
	{"open a folder", []step{{method: "open", params: `{"path":"sub"}`, code: -32002, msg: "sub is a folder, not a document"}}},
	{"open a binary file", []step{{method: "open", params: `{"path":"data.bin"}`, code: -32002, msg: "Could not open data.bin: binary file, not a document"}}},
	{"open in edit mode leaves it first", []step{openNotes, call("action", `{"id":"toggle_edit_mode"}`),
		{method: "open", params: `{"path":"notes.md"}`, result: `{"document":` + notesDoc + `,"effects":[]}`},
		{method: "position", result: atStart}}},
	{"open in edit mode with unsaved changes asks", []step{openNotes, call("action", `{"id":"toggle_edit_mode"}`),
		call("insert", `{"text":"Big "}`),
		{method: "open", params: `{"path":"notes.md"}`,
			result: `{"document":{"dirty":true,"editing":true,"format":"markdown","length":179,"lines":7,"path":$PATH,"title":"Cell biology"},"effects":[{"params":{"items":["Save, then continue","Discard the changes","Cancel, keep editing"],"title":"Unsaved changes"},"type":"list"}]}`},
		{method: "list_key", params: `{"key":"c"}`},
		{method: "list_state", result: `null`}}},
	{"a failed open keeps the open document", []step{openNotes,
		{method: "open", params: `{"path":"missing.md"}`, code: -32002},
		{method: "position", result: atStart}}},

	// status
	{"status without a document", []step{{method: "status",
		result: `{"backend":"silent","document":null,"mode":"Browse","pending":null,"playback":"stopped","position":null,"rate":265,"status":""}`}}},
	{"status with a document", []step{openNotes, {method: "status",
		result: `{"backend":"silent","document":` + notesDoc + `,"mode":"Browse","pending":null,"playback":"stopped","position":` + atStart + `,"rate":265,"status":"Opened Cell biology."}`}}},
	{"status in a prompt", []step{openNotes, call("action", `{"id":"go_to"}`), {method: "status",
		result: `{"backend":"silent","document":` + notesDoc + `,"mode":"Go to","pending":null,"playback":"stopped","position":` + atStart + `,"rate":265,"status":"` + goToLabel + `"}`}}},

	// position
	{"position without a document", []step{{method: "position", code: -32001, msg: noDocMsg}}},
	{"position", []step{openNotes, {method: "position", result: atStart, says: []string{}}}},
	{"position off a word has no word", []step{openNotes, call("navigate", `{"goto":"char 4"}`),
		{method: "position", result: `{"char":4,"column":5,"line":1,"percent":2,"word":null}`}}},

	// navigate
	{"navigate next_sentence", []step{openNotes, {method: "navigate", params: `{"action":"next_sentence"}`,
		result: atCells, says: []string{"Cells are the smallest units of life."}}}},
	{"navigate next_sentence twice", []step{openNotes, call("navigate", `{"action":"next_sentence"}`),
		{method: "navigate", params: `{"action":"next_sentence"}`, says: []string{"Every living thing is made of cells."},
			result: `{"char":52,"column":39,"line":3,"percent":30,"word":{"end":57,"start":52,"text":"Every"}}`}}},
	{"navigate previous_sentence", []step{openNotes, call("navigate", `{"goto":"end"}`),
		{method: "navigate", params: `{"action":"previous_sentence"}`, says: []string{"The nucleus"}, result: atNucleus},
		{method: "navigate", params: `{"action":"previous_sentence"}`, says: []string{"Every living thing is made of cells."},
			result: `{"char":52,"column":39,"line":3,"percent":30,"word":{"end":57,"start":52,"text":"Every"}}`}}},
	{"navigate next_heading", []step{openNotes, {method: "navigate", params: `{"action":"next_heading"}`,
		result: atNucleus, says: []string{"Heading level 2: The nucleus"}}}},
	{"navigate past the last heading", []step{openNotes, call("navigate", `{"action":"next_heading"}`),
		{method: "navigate", params: `{"action":"next_heading"}`, result: atNucleus, says: []string{"No next heading."}}}},
	{"navigate skip_previous_heading at the top", []step{openNotes,
		{method: "navigate", params: `{"action":"skip_previous_heading"}`, result: atStart, says: []string{"No previous heading."}}}},
	{"navigate next_paragraph", []step{openNotes, {method: "navigate", params: `{"action":"next_paragraph"}`,
		result: atCells, says: []string{"Cells are the smallest units of life. Every"}}}},
	{"navigate goto a line", []step{openNotes, {method: "navigate", params: `{"goto":"5"}`,
		result: atNucleus, says: []string{"53 percent, line 5: The nucleus"}}}},
	{"navigate goto line N", []step{openNotes, {method: "navigate", params: `{"goto":"line 7"}`,
		result: atLine7, says: []string{"60 percent, line 7: The nucleus holds the cell's DNA. It controls"}}}},
	{"navigate goto a percentage lands on the word there", []step{openNotes, {method: "navigate", params: `{"goto":"50%"}`,
		result: `{"char":82,"column":69,"line":3,"percent":48,"word":{"end":87,"start":82,"text":"cells"}}`}}},
	{"navigate goto N percent", []step{openNotes, {method: "navigate", params: `{"goto":"60 percent"}`, result: atLine7}}},
	{"navigate goto a character", []step{openNotes, {method: "navigate", params: `{"goto":"char 90"}`, result: atNucleus}}},
	{"navigate goto start", []step{openNotes, call("navigate", `{"goto":"end"}`),
		{method: "navigate", params: `{"goto":"top"}`, result: atStart, says: []string{"Top of document. Cell biology"}}}},
	{"navigate goto end", []step{openNotes, {method: "navigate", params: `{"goto":"bottom"}`, result: atLine7,
		// The eight-word preview every move says, not the whole line.
		says: []string{"End of document. The nucleus holds the cell's DNA. It controls …"}}}},
	{"navigate goto wins over action", []step{openNotes, {method: "navigate", params: `{"action":"next_sentence","goto":"5"}`, result: atNucleus}}},
	{"navigate goto a heading is refused", []step{openNotes, {method: "navigate", params: `{"goto":"heading 2"}`, code: -32602, msg: "Not a go-to target: heading 2"}}},
	{"navigate goto nonsense", []step{openNotes, {method: "navigate", params: `{"goto":"somewhere"}`, code: -32602, msg: "Not a go-to target: somewhere"}}},
	{"navigate goto a page by the number it prints", []step{openRunning, {method: "navigate", params: `{"goto":"page 2"}`,
		result: `{"char":5291,"column":155,"line":43,"percent":86,"word":{"end":5298,"start":5291,"text":"headers"}}`, says: []string{"Page 2: headers and page numbers repeat on every page"}}}},
	{"navigate goto a page by its roman label", []step{openRunning, call("navigate", `{"goto":"end"}`), {method: "navigate", params: `{"goto":"page i"}`,
		result: `{"char":0,"column":1,"line":1,"percent":0,"word":{"end":7,"start":0,"text":"Running"}}`, says: []string{"Page i: Running Heads and Page Numbers"}}}},
	{"navigate goto a page past the last is refused", []step{openRunning, {method: "navigate", params: `{"goto":"page 4"}`, code: -32602, msg: "Not a go-to target: page 4"}}},
	{"navigate goto a page without pages is refused", []step{openNotes, {method: "navigate", params: `{"goto":"page 1"}`, code: -32602, msg: "Not a go-to target: page 1"}}},
	{"navigate with an editing action", []step{openNotes, {method: "navigate", params: `{"action":"toggle_edit_mode"}`, code: -32602, msg: "Not a navigation action: toggle_edit_mode"}}},
	{"navigate with a reading action", []step{openNotes, {method: "navigate", params: `{"action":"read_current_sentence"}`, code: -32602, msg: "Not a navigation action: read_current_sentence"}}},
	{"navigate with an unknown action", []step{openNotes, {method: "navigate", params: `{"action":"bogus"}`, code: -32602, msg: "Not a navigation action: bogus"}}},
	{"navigate with a number for goto", []step{openNotes, {method: "navigate", params: `{"goto":5}`, code: -32602, msg: "goto must be a string"}}},
	{"navigate with a null goto uses action", []step{openNotes, {method: "navigate", params: `{"goto":null,"action":"next_heading"}`, result: atNucleus}}},
	{"navigate without parameters", []step{openNotes, {method: "navigate", code: -32602, msg: "action is required and must be a string"}}},
	{"navigate without a document", []step{{method: "navigate", params: `{"action":"next_sentence"}`, code: -32001, msg: noDocMsg}}},
	{"navigate accepts bookmark actions", []step{openNotes, call("navigate", `{"action":"add_bookmark"}`),
		call("navigate", `{"goto":"end"}`),
		{method: "navigate", params: `{"action":"previous_bookmark"}`, result: atStart, says: []string{"Bookmark mark1, line 1: Cell biology"}}}},
	{"navigate with a prompt action only announces", []step{openNotes,
		{method: "navigate", params: `{"action":"find"}`, result: atStart, says: []string{"Find"}}}},

	// read
	{"read a sentence", []step{openNotes, call("navigate", `{"action":"next_sentence"}`),
		{method: "read", params: `{"what":"sentence"}`, result: `{"playback":"reading"}`, before: []string{readingNote},
			after: []string{note("position", `{"end":19,"line":3,"start":14}`), stoppedNote}},
		{method: "position", result: atCells, before: []string{}}}},
	{"read from the cursor by default", []step{openNotes,
		{method: "read", result: `{"playback":"reading"}`, before: []string{readingNote},
			after: []string{note("position", `{"end":4,"line":1,"start":0}`), stoppedNote}}}},
	{"read a word from an offset", []step{openNotes,
		{method: "read", params: `{"what":"word","from":90}`, result: `{"playback":"reading"}`, before: []string{readingNote},
			after: []string{note("position", `{"end":93,"line":5,"start":90}`), stoppedNote}},
		{method: "position", result: atNucleus}}},
	{"read each unit", []step{openNotes,
		{method: "read", params: `{"what":"document"}`, result: `{"playback":"reading"}`},
		{method: "read", params: `{"what":"paragraph"}`, result: `{"playback":"reading"}`},
		{method: "read", params: `{"what":"line"}`, result: `{"playback":"reading"}`},
		{method: "read", params: `{"what":"character"}`, result: `{"playback":"reading"}`}}},
	{"read the selection with none", []step{openNotes, {method: "read", params: `{"what":"selection"}`,
		result: `{"playback":"stopped"}`, says: []string{"No selection."}}}},
	{"read something unknown", []step{openNotes, {method: "read", params: `{"what":"chapter"}`, code: -32602, msg: "Cannot read chapter"}}},
	{"read with a number for what", []step{openNotes, {method: "read", params: `{"what":5}`, code: -32602, msg: "what must be a string"}}},
	{"read from a bad offset", []step{openNotes, {method: "read", params: `{"from":"ten"}`, code: -32602, msg: "from must be a char offset"}}},
	{"read without a document", []step{{method: "read", code: -32001, msg: noDocMsg}}},

	// pause, resume, stop (see TestPauseResumeWithASpeaker for reading)
	{"stop without a document", []step{{method: "stop", result: `{"playback":"stopped"}`}}},
	{"pause without a document", []step{{method: "pause", code: -32001, msg: noDocMsg}}},
	{"resume without a document", []step{{method: "resume", code: -32001, msg: noDocMsg}}},
	{"pause and resume when stopped do nothing", []step{openNotes,
		{method: "pause", result: `{"playback":"stopped"}`, before: []string{}},
		{method: "resume", result: `{"playback":"stopped"}`, before: []string{}},
		{method: "stop", result: `{"playback":"stopped"}`, before: []string{}}}},

	// search
	{"search", []step{openNotes, {method: "search", params: `{"pattern":"nucleus"}`,
		result: `{"current":0,"matches":[{"end":101,"line":5,"start":94},{"end":114,"line":7,"start":107}]}`,
		says:   []string{"Match 1 of 2: The nucleus"}},
		{method: "position", result: `{"char":94,"column":5,"line":5,"percent":55,"word":{"end":101,"start":94,"text":"nucleus"}}`}}},
	{"search ignores case", []step{openNotes, {method: "search", params: `{"pattern":"cells"}`,
		result: `{"current":0,"matches":[{"end":19,"line":3,"start":14},{"end":87,"line":3,"start":82}]}`,
		says:   []string{"Match 1 of 2: Cells are the smallest units of life. Every living thing is made of cells."}}}},
	{"search from the cursor", []step{openNotes, call("navigate", `{"action":"next_sentence"}`), call("navigate", `{"action":"next_sentence"}`),
		{method: "search", params: `{"pattern":"cells"}`, result: `{"current":1,"matches":[{"end":19,"line":3,"start":14},{"end":87,"line":3,"start":82}]}`,
			says: []string{"Match 2 of 2: Cells are the smallest units of life. Every living thing is made of cells."}}}},
	{"search wraps to the top", []step{openNotes, call("navigate", `{"goto":"end"}`),
		{method: "search", params: `{"pattern":"cells"}`, result: `{"current":0,"matches":[{"end":19,"line":3,"start":14},{"end":87,"line":3,"start":82}]}`}}},
	{"search a regular expression", []step{openNotes, {method: "search", params: `{"pattern":"DNA|growth","regex":true}`,
		result: `{"current":0,"matches":[{"end":135,"line":7,"start":132},{"end":155,"line":7,"start":149}]}`}}},
	{"search a pattern literally by default", []step{openNotes, {method: "search", params: `{"pattern":"DNA|growth"}`,
		result: `{"current":null,"matches":[]}`, says: []string{"No matches for DNA|growth"}}}},
	{"search with no match", []step{openNotes, {method: "search", params: `{"pattern":"xyz"}`,
		result: `{"current":null,"matches":[]}`, says: []string{"No matches for xyz"}}, {method: "position", result: atStart}}},
	{"search a bad regular expression", []step{openNotes, {method: "search", params: `{"pattern":"(","regex":true}`, code: -32602, msg: "Not a regular expression: …"}}},
	{"search with a bad regex flag", []step{openNotes, {method: "search", params: `{"pattern":"the","regex":"yes"}`, code: -32602, msg: "regex must be true or false"}}},
	{"search without pattern", []step{openNotes, {method: "search", code: -32602, msg: "pattern is required and must be a string"}}},
	{"search without a document", []step{{method: "search", params: `{"pattern":"x"}`, code: -32001, msg: noDocMsg}}},

	// text
	{"text", []step{openNotes, {method: "text", result: `{"end":169,"start":0,"text":` + jsonString(notesText) + `}`, says: []string{}}}},
	{"text of a range", []step{openNotes, {method: "text", params: `{"start":14,"end":19}`, result: `{"end":19,"start":14,"text":"Cells"}`}}},
	{"text past the end", []step{openNotes, {method: "text", params: `{"start":160,"end":1000}`, result: `{"end":169,"start":160,"text":"division."}`}}},
	{"text starting past the end", []step{openNotes, {method: "text", params: `{"start":1000}`, result: `{"end":169,"start":169,"text":""}`}}},
	{"text with end before start", []step{openNotes, {method: "text", params: `{"start":50,"end":10}`, result: `{"end":50,"start":50,"text":""}`}}},
	{"text with a negative start", []step{openNotes, {method: "text", params: `{"start":-1}`, code: -32602, msg: "start must be a char offset"}}},
	{"text without a document", []step{{method: "text", code: -32001, msg: noDocMsg}}},

	// outline, notes, highlights, info: read-only, silent
	{"outline", []step{openNotes, {method: "outline", says: []string{},
		result: `{"items":[{"char":0,"level":1,"line":1,"text":"Cell biology"},{"char":90,"level":2,"line":5,"text":"The nucleus"}],"pages":false}`}}},
	{"outline without a document", []step{{method: "outline", code: -32001, msg: noDocMsg}}},
	{"notes none", []step{openNotes, {method: "notes", result: `{"notes":[]}`, says: []string{}}}},
	{"notes", []step{openNotes, call("navigate", `{"action":"next_sentence"}`),
		{method: "action", params: `{"id":"add_note"}`, result: `{"effects":[{"params":{"label":"Note","purpose":"note_text"},"type":"prompt"}],"status":"Note"}`},
		{method: "answer", params: `{"text":"Key idea #exam color: green"}`, result: `{"effects":[],"status":"Note added: Key idea #exam color: green"}`},
		{method: "notes", says: []string{}, result: `{"notes":[{"anchor":"Cells are the smallest units of life.","color":"green","end":51,"id":1,"line":3,"start":14,"tags":["exam"],"text":"Key idea #exam color: green"}]}`}}},
	{"notes without tags or color", []step{openNotes, call("action", `{"id":"add_note"}`), call("answer", `{"text":"plain"}`),
		{method: "notes", result: `{"notes":[{"anchor":"Cell biology","color":null,"end":12,"id":1,"line":1,"start":0,"tags":[],"text":"plain"}]}`}}},
	{"notes without a document", []step{{method: "notes", code: -32001, msg: noDocMsg}}},
	{"highlights none", []step{openNotes, {method: "highlights", result: `{"highlights":[]}`, says: []string{}}}},
	{"highlights", []step{openNotes, call("navigate", `{"action":"next_sentence"}`),
		{method: "action", params: `{"id":"toggle_highlight"}`, result: `{"effects":[],"status":"Highlighted: Cells are the smallest units of life."}`},
		{method: "highlights", says: []string{}, result: `{"highlights":[{"color":"yellow","end":51,"id":1,"line":3,"start":14,"text":"Cells are the smallest units of life."}]}`},
		{method: "action", params: `{"id":"toggle_highlight"}`, result: `{"effects":[],"status":"Highlight removed."}`},
		{method: "highlights", result: `{"highlights":[]}`}}},
	{"highlights without a document", []step{{method: "highlights", code: -32001, msg: noDocMsg}}},
	{"info", []step{openNotes, {method: "info", says: []string{},
		result: `{"author":null,"bookmarks":0,"chars":169,"format":"markdown","headings":2,"highlights":0,"language":null,"lines":7,"notes":0,"path":$PATH,"rate":265,"reading_minutes":1,"title":"Cell biology","words":29}`}}},
	{"info counts marks", []step{openNotes, call("action", `{"id":"add_bookmark"}`), call("action", `{"id":"toggle_highlight"}`),
		{method: "info", result: `{"author":null,"bookmarks":1,"chars":169,"format":"markdown","headings":2,"highlights":1,"language":null,"lines":7,"notes":0,"path":$PATH,"rate":265,"reading_minutes":1,"title":"Cell biology","words":29}`}}},
	{"info without a document", []step{{method: "info", code: -32001, msg: noDocMsg}}},

	// insert
	{"insert outside edit mode", []step{openNotes, {method: "insert", params: `{"text":"Hi"}`, code: -32004,
		msg: "insert needs edit mode; run the toggle_edit_mode action first"}}},
	{"insert without text", []step{openNotes, {method: "insert", code: -32602, msg: "text is required and must be a string"}}},
	{"insert without a document", []step{{method: "insert", params: `{"text":"Hi"}`, code: -32001, msg: noDocMsg}}},
	{"insert in edit mode", []step{openNotes, call("action", `{"id":"toggle_edit_mode"}`),
		{method: "insert", params: `{"text":"Big "}`, says: []string{"Big"},
			result: `{"effects":[],"position":{"char":6,"column":7,"line":1,"percent":3,"word":{"end":10,"start":6,"text":"Cell"}},"status":"Big"}`}}},

	// action
	{"action add_bookmark", []step{openNotes, {method: "action", params: `{"id":"add_bookmark"}`,
		result: `{"effects":[],"pending":null,"status":"Bookmark mark1 set at 0 percent."}`, says: []string{"Bookmark mark1 set at 0 percent."}}}},
	{"action next and previous bookmark", []step{openNotes, call("action", `{"id":"add_bookmark"}`),
		call("navigate", `{"action":"next_heading"}`),
		{method: "action", params: `{"id":"add_bookmark"}`, result: `{"effects":[],"pending":null,"status":"Bookmark mark2 set at 53 percent."}`},
		{method: "action", params: `{"id":"previous_bookmark"}`, result: `{"effects":[],"pending":null,"status":"Bookmark mark1, line 1: Cell biology"}`},
		{method: "action", params: `{"id":"next_bookmark"}`, result: `{"effects":[],"pending":null,"status":"Bookmark mark2, line 5: The nucleus"}`},
		{method: "action", params: `{"id":"next_bookmark"}`, result: `{"effects":[],"pending":null,"status":"No next bookmark."}`},
		{method: "position", result: atNucleus}}},
	{"action delete_bookmark asks, then confirm", []step{openNotes, call("action", `{"id":"add_bookmark"}`),
		{method: "action", params: `{"id":"delete_bookmark"}`, says: []string{"Delete bookmark mark1? y or n"},
			result: `{"effects":[],"pending":{"action":"delete_bookmark","question":"Delete bookmark mark1? y or n"},"status":"Delete bookmark mark1? y or n"}`},
		{method: "status", result: `{"backend":"silent","document":` + notesDoc + `,"mode":"Browse","pending":{"action":"delete_bookmark","question":"Delete bookmark mark1? y or n"},"playback":"stopped","position":` + atStart + `,"rate":265,"status":"Delete bookmark mark1? y or n"}`},
		{method: "action", params: `{"id":"delete_bookmark","confirm":true}`, result: `{"effects":[],"status":"Bookmark mark1 deleted."}`},
		{method: "info", result: `{"author":null,"bookmarks":0,"chars":169,"format":"markdown","headings":2,"highlights":0,"language":null,"lines":7,"notes":0,"path":$PATH,"rate":265,"reading_minutes":1,"title":"Cell biology","words":29}`}}},
	{"action delete_bookmark answered no", []step{openNotes, call("action", `{"id":"add_bookmark"}`),
		{method: "action", params: `{"id":"delete_bookmark","confirm":false}`, result: `{"effects":[],"status":"Kept."}`},
		{method: "action", params: `{"id":"next_bookmark"}`, result: `{"effects":[],"pending":null,"status":"No next bookmark."}`},
		{method: "navigate", params: `{"goto":"end"}`},
		{method: "action", params: `{"id":"previous_bookmark"}`, result: `{"effects":[],"pending":null,"status":"Bookmark mark1, line 1: Cell biology"}`}}},
	{"action delete_bookmark cancelled", []step{openNotes, call("action", `{"id":"add_bookmark"}`),
		call("action", `{"id":"delete_bookmark"}`),
		{method: "cancel", result: `{"effects":[],"status":"Cancelled."}`},
		{method: "status", result: `{"backend":"silent","document":` + notesDoc + `,"mode":"Browse","pending":null,"playback":"stopped","position":` + atStart + `,"rate":265,"status":"Cancelled."}`}}},
	{"action delete_bookmark with none", []step{openNotes, {method: "action", params: `{"id":"delete_bookmark"}`, result: `{"effects":[],"status":"No bookmarks."}`}}},
	{"action go_to and answer", []step{openNotes,
		{method: "action", params: `{"id":"go_to"}`, result: `{"effects":` + goToFX + `,"pending":null,"status":"` + goToLabel + `"}`, says: []string{goToLabel}},
		{method: "answer", params: `{"text":"5"}`, result: `{"effects":[],"status":"53 percent, line 5: The nucleus"}`, says: []string{"53 percent, line 5: The nucleus"}},
		{method: "position", result: atNucleus}}},
	{"action go_to answered with nonsense", []step{openNotes, call("action", `{"id":"go_to"}`),
		{method: "answer", params: `{"text":"nowhere"}`,
			result: `{"effects":[],"status":"Not a go-to target: nowhere. Type a line number, a percentage such as 50%, start, or end."}`}}},
	{"action quit asks", []step{openNotes,
		{method: "action", params: `{"id":"quit"}`, result: `{"effects":[],"pending":{"action":"quit","question":"Quit textweaver? y or n"},"status":"Quit textweaver? y or n"}`},
		{method: "cancel", result: `{"effects":[],"status":"Cancelled."}`},
		{method: "position", result: atStart}}},
	{"action quit answered no", []step{openNotes,
		{method: "action", params: `{"id":"quit","confirm":false}`, result: `{"effects":[],"pending":null,"status":"Cancelled."}`},
		{method: "position", result: atStart}}},
	{"action list_bookmarks", []step{openNotes, call("action", `{"id":"add_bookmark"}`),
		{method: "action", params: `{"id":"list_bookmarks"}`,
			result: `{"effects":[{"params":{"items":["mark1, line 1: Cell biology"],"title":"Bookmarks"},"type":"list"}],"pending":null,"status":"Bookmarks, 1 item. Up and Down move, Enter chooses, Escape closes."}`}}},
	{"action find, find_next, find_previous", []step{openNotes,
		{method: "action", params: `{"id":"find"}`, result: `{"effects":[{"params":{"label":"Find","purpose":"find"},"type":"prompt"}],"pending":null,"status":"Find"}`},
		{method: "answer", params: `{"text":"nucleus"}`, result: `{"effects":[],"status":"Match 1 of 2: The nucleus"}`},
		{method: "action", params: `{"id":"find_next"}`, says: []string{"Match 2 of 2: The nucleus holds the cell's DNA. It controls growth and division."}},
		{method: "action", params: `{"id":"find_next"}`, says: []string{"Match 1 of 2: The nucleus"}},
		{method: "action", params: `{"id":"find_previous"}`, says: []string{"Match 2 of 2: The nucleus holds the cell's DNA. It controls growth and division."}},
		{method: "position", result: `{"char":107,"column":5,"line":7,"percent":63,"word":{"end":114,"start":107,"text":"nucleus"}}`}}},
	{"action delete_note asks, confirm deletes", []step{openNotes, call("navigate", `{"action":"next_sentence"}`),
		call("action", `{"id":"add_note"}`), call("answer", `{"text":"hi"}`),
		{method: "action", params: `{"id":"delete_note"}`, result: `{"effects":[],"pending":{"action":"delete_note","question":"Delete this note? y or n"},"status":"Delete this note? y or n"}`},
		{method: "action", params: `{"id":"delete_note","confirm":true}`, result: `{"effects":[],"pending":null,"status":"Note deleted."}`},
		{method: "notes", result: `{"notes":[]}`}}},
	{"action from the Reading group reads", []step{openNotes,
		{method: "action", params: `{"id":"read_current_word"}`, before: []string{readingNote},
			after: []string{note("position", `{"end":4,"line":1,"start":0}`), stoppedNote}}}},
	{"action with a bad confirm", []step{openNotes, {method: "action", params: `{"id":"quit","confirm":"yes"}`, code: -32602, msg: "confirm must be true or false"}}},
	{"action copy answers with the text said, no effect on the wire", []step{openNotes,
		{method: "action", params: `{"id":"copy"}`, result: `{"effects":[],"pending":null,"status":"Copied the sentence: Cell biology"}`}}},
	{"action unknown", []step{openNotes, {method: "action", params: `{"id":"bogus"}`, code: -32602, msg: "No action bogus"}}},
	{"action without id", []step{openNotes, {method: "action", code: -32602, msg: "id is required and must be a string"}}},
	{"action that needs a document, without one", []step{{method: "action", params: `{"id":"add_bookmark"}`,
		result: `{"effects":[],"pending":null,"status":"No document is open. Press Ctrl+O to open one."}`,
		before: []string{note("announcement", `{"priority":"assertive","text":"No document is open. Press Ctrl+O to open one."}`)}}}},

	// answer, choose, cancel
	{"answer with no prompt", []step{openNotes, {method: "answer", params: `{"text":"5"}`, result: `{"effects":[],"status":"No question is open."}`}}},
	{"answer without text", []step{openNotes, call("action", `{"id":"go_to"}`), {method: "answer", code: -32602, msg: "text is required and must be a string"}}},
	{"choose", []step{openNotes, call("navigate", `{"action":"next_heading"}`), call("action", `{"id":"add_bookmark"}`),
		call("navigate", `{"goto":"start"}`), call("action", `{"id":"list_bookmarks"}`),
		{method: "choose", params: `{"index":0}`, result: `{"effects":[],"status":"Bookmark mark1, line 5: The nucleus"}`},
		{method: "position", result: atNucleus},
		{method: "list_state", result: `null`}}},
	{"choose past the end", []step{openNotes, call("action", `{"id":"add_bookmark"}`), call("action", `{"id":"list_bookmarks"}`),
		{method: "choose", params: `{"index":3}`, result: `{"effects":[],"status":"No item 3; the list has 1."}`}}},
	{"choose with a string index", []step{openNotes, {method: "choose", params: `{"index":"0"}`, code: -32602, msg: "index must be a number"}}},
	{"choose without index", []step{openNotes, {method: "choose", code: -32602, msg: "index must be a number"}}},
	{"cancel a prompt", []step{openNotes, call("action", `{"id":"go_to"}`),
		{method: "cancel", result: `{"effects":[],"status":"Cancelled."}`, says: []string{"Cancelled."}},
		{method: "prompt_state", result: `null`}}},
	{"cancel with nothing open", []step{{method: "cancel", result: `{"effects":[],"status":"Cancelled."}`}}},

	// list_state, list_key
	{"list_state with no list", []step{openNotes, {method: "list_state", result: `null`}}},
	{"list_state and list_key", []step{openNotes, call("action", `{"id":"add_bookmark"}`),
		call("navigate", `{"action":"next_heading"}`), call("action", `{"id":"add_bookmark"}`), call("action", `{"id":"list_bookmarks"}`),
		{method: "list_state", result: `{"filter":null,"items":["mark1, line 1: Cell biology","mark2, line 5: The nucleus"],"selected":0,"title":"Bookmarks"}`},
		{method: "list_key", params: `{"key":"down"}`, says: []string{"mark2, line 5: The nucleus, 2 of 2"},
			result: `{"effects":[],"list":{"filter":null,"items":["mark1, line 1: Cell biology","mark2, line 5: The nucleus"],"selected":1,"title":"Bookmarks"},"status":"mark2, line 5: The nucleus, 2 of 2"}`},
		{method: "list_key", params: `{"key":"up"}`, says: []string{"mark1, line 1: Cell biology, 1 of 2"}},
		{method: "list_key", params: `{"key":"end"}`, says: []string{"mark2, line 5: The nucleus, 2 of 2"}},
		{method: "list_key", params: `{"key":"enter"}`, result: `{"effects":[],"list":null,"status":"Bookmark mark2, line 5: The nucleus"}`},
		{method: "position", result: atNucleus}}},
	{"list_key escape", []step{openNotes, call("action", `{"id":"add_bookmark"}`), call("action", `{"id":"list_bookmarks"}`),
		{method: "list_key", params: `{"key":"escape"}`, result: `{"effects":[],"list":null,"status":"Cancelled."}`}}},
	{"list_key filters a filtering list", []step{openNotes, call("action", `{"id":"outline"}`),
		{method: "list_key", params: `{"key":"n"}`, says: []string{"The nucleus, level 2, 1 of 1"},
			result: `{"effects":[],"list":{"filter":"n","items":["The nucleus, level 2"],"selected":0,"title":"Outline"},"status":"The nucleus, level 2, 1 of 1"}`}}},
	{"list_key introduce, a letter, rename and delete", []step{openNotes, call("action", `{"id":"add_bookmark"}`),
		call("navigate", `{"action":"next_heading"}`), call("action", `{"id":"add_bookmark"}`), call("action", `{"id":"list_bookmarks"}`),
		{method: "list_key", params: `{"key":"introduce"}`, says: []string{"Bookmarks, 2 items. Up and Down move, Enter chooses, Escape closes."}},
		{method: "list_key", params: `{"key":"m"}`, says: []string{"mark2, line 5: The nucleus, 2 of 2"}},
		{method: "list_key", params: `{"key":"rename"}`,
			result: `{"effects":[{"params":{"label":"New bookmark name, Enter keeps it","purpose":"rename_bookmark"},"type":"prompt"}],"list":{"filter":null,"items":["mark1, line 1: Cell biology","mark2, line 5: The nucleus"],"selected":1,"title":"Bookmarks"},"status":"New bookmark name, Enter keeps it"}`},
		{method: "answer", params: `{"text":"nucleus"}`, result: `{"effects":[],"status":"Bookmark mark2 renamed to nucleus."}`},
		call("action", `{"id":"list_bookmarks"}`),
		{method: "list_key", params: `{"key":"delete"}`,
			result: `{"effects":[],"list":{"filter":null,"items":["nucleus, line 5: The nucleus"],"selected":0,"title":"Bookmarks"},"status":"Bookmark mark1 deleted."}`}}},
	{"list_key unknown", []step{openNotes, call("action", `{"id":"add_bookmark"}`), call("action", `{"id":"list_bookmarks"}`),
		{method: "list_key", params: `{"key":"bogus"}`, code: -32602, msg: "No list key bogus"}}},
	{"list_key without key", []step{openNotes, {method: "list_key", code: -32602, msg: "key is required and must be a string"}}},

	// prompt_state, prompt_key
	{"prompt_state with no prompt", []step{openNotes, {method: "prompt_state", result: `null`}}},
	{"prompt_state and prompt_key", []step{openNotes, call("action", `{"id":"go_to"}`),
		{method: "prompt_state", result: `{"caret":0,"label":"` + goToLabel + `","purpose":"go_to","text":""}`},
		{method: "prompt_key", params: `{"key":"5"}`, says: []string{"5"},
			result: `{"effects":[],"prompt":{"caret":1,"label":"` + goToLabel + `","purpose":"go_to","text":"5"},"status":"5"}`},
		{method: "prompt_key", params: `{"key":"enter"}`, result: `{"effects":[],"prompt":null,"status":"53 percent, line 5: The nucleus"}`},
		{method: "position", result: atNucleus}}},
	{"prompt_key with the whole text", []step{openNotes, call("action", `{"id":"go_to"}`),
		{method: "prompt_key", params: `{"text":"line 7"}`},
		{method: "prompt_state", result: `{"caret":6,"label":"` + goToLabel + `","purpose":"go_to","text":"line 7"}`},
		{method: "prompt_key", params: `{"key":"backspace"}`, says: []string{"7"}},
		{method: "prompt_key", params: `{"key":"5"}`},
		{method: "prompt_key", params: `{"key":"enter"}`},
		{method: "position", result: atNucleus}}},
	{"prompt_key tab completes a command", []step{openNotes, call("action", `{"id":"command_palette"}`),
		call("prompt_key", `{"text":"word c"}`),
		{method: "prompt_key", params: `{"key":"tab"}`, result: `{"effects":[],"prompt":{"caret":10,"label":"Command","purpose":"command_palette","text":"word count"},"status":"word count"}`},
		{method: "prompt_key", params: `{"key":"enter"}`, result: `{"effects":[],"prompt":null,"status":"29 words."}`}}},
	{"prompt_key moves and deletes", []step{openNotes, call("action", `{"id":"go_to"}`),
		call("prompt_key", `{"text":"one two three"}`),
		{method: "prompt_key", params: `{"key":"delete_word_back"}`, says: []string{"three"}},
		{method: "prompt_key", params: `{"key":"home"}`, says: []string{"one two "}},
		{method: "prompt_key", params: `{"key":"right"}`, says: []string{"n"}},
		{method: "prompt_key", params: `{"key":"kill_to_end"}`, result: `{"effects":[],"prompt":{"caret":1,"label":"` + goToLabel + `","purpose":"go_to","text":"o"},"status":"o"}`},
		{method: "prompt_key", params: `{"key":"backspace"}`, says: []string{"o"}},
		{method: "prompt_state", result: `{"caret":0,"label":"` + goToLabel + `","purpose":"go_to","text":""}`}}},
	{"prompt_key escape", []step{openNotes, call("action", `{"id":"go_to"}`),
		{method: "prompt_key", params: `{"key":"escape"}`, result: `{"effects":[],"prompt":null,"status":"Cancelled."}`}}},
	{"prompt_key unknown", []step{openNotes, call("action", `{"id":"go_to"}`), {method: "prompt_key", params: `{"key":"bogus"}`, code: -32602, msg: "No prompt key bogus"}}},
	{"prompt_key without key or text", []step{openNotes, call("action", `{"id":"go_to"}`), {method: "prompt_key", code: -32602, msg: "key is required and must be a string"}}},

	// shutdown and exit
	{"shutdown then requests fail", []step{openNotes,
		{method: "shutdown", result: `null`},
		{method: "status", code: -32003, msg: "The server is shutting down; send exit"},
		{method: "initialize", code: -32003, msg: "The server is shutting down; send exit"},
		{method: "shutdown", code: -32003, msg: "The server is shutting down; send exit"},
		{raw: note("navigate", `{"action":"next_sentence"}`)}, // a notification gets no error either
		{method: "exit", result: `null`}}},

	// JSON-RPC errors
	{"parse error", []step{{raw: `{"jsonrpc":"2.0","id":1,"method":`, replyID: `null`, code: -32700, msg: "Parse error: …"}}},
	{"parse error in a batch", []step{{raw: `[{"jsonrpc":"2.0","id":1,"method":"status"},`, replyID: `null`, code: -32700, msg: "Parse error: …"}}},
	{"no jsonrpc member", []step{{raw: `{"id":7,"method":"status"}`, replyID: `7`, code: -32600, msg: "Not a JSON-RPC 2.0 request"}}},
	{"wrong jsonrpc version", []step{{raw: `{"jsonrpc":"1.0","id":"x","method":"status"}`, replyID: `"x"`, code: -32600, msg: "Not a JSON-RPC 2.0 request"}}},
	{"jsonrpc as a number", []step{{raw: `{"jsonrpc":2.0,"id":8,"method":"status"}`, replyID: `8`, code: -32600, msg: "Not a JSON-RPC 2.0 request"}}},
	{"no method", []step{{raw: `{"jsonrpc":"2.0","id":9}`, replyID: `9`, code: -32600, msg: "Not a JSON-RPC 2.0 request"}}},
	{"not an object", []step{{raw: `42`, replyID: `null`, code: -32600, msg: "Not a JSON-RPC 2.0 request"}}},
	{"empty batch", []step{{raw: `[]`, replyID: `null`, code: -32600, msg: "Empty batch"}}},
	{"unknown method", []step{{method: "bogus", code: -32601, msg: "No method bogus"}}},
	{"a string id is echoed", []step{{raw: `{"jsonrpc":"2.0","id":"abc","method":"stop"}`, replyID: `"abc"`, result: `{"playback":"stopped"}`}}},

	// batches and notifications
	{"batch answered one by one", []step{openNotes,
		{raw: `[{"jsonrpc":"2.0","id":"a","method":"position"},{"jsonrpc":"2.0","method":"navigate","params":{"action":"next_heading"}},{"jsonrpc":"2.0","id":"b","method":"position"}]`,
			replyID: `"a"`, result: atStart},
		{raw: "", replyID: `"b"`, result: atNucleus, says: []string{"Heading level 2: The nucleus"}}}},
	{"batch with a bad member", []step{{raw: `[1,{"jsonrpc":"2.0","id":2,"method":"stop"}]`, replyID: `null`, code: -32600, msg: "Not a JSON-RPC 2.0 request"},
		{raw: "", replyID: `2`, result: `{"playback":"stopped"}`}}},
	{"batch of notifications gets no answer", []step{openNotes,
		{raw: `[{"jsonrpc":"2.0","method":"navigate","params":{"action":"next_heading"}},{"jsonrpc":"2.0","method":"bogus"}]`},
		{method: "position", result: atNucleus, says: []string{"Heading level 2: The nucleus"}}}},
	{"notifications are never answered", []step{openNotes,
		{raw: note("bogus", `{}`)},
		{raw: note("open", `{}`)},
		{raw: `{"jsonrpc":"2.0","method":"status"}`},
		{raw: note("navigate", `{"action":"next_sentence"}`)},
		{method: "position", result: atCells, says: []string{"Cells are the smallest units of life."}}}},
}

// runSteps plays a case's steps against s.
func runSteps(t *testing.T, s *server, steps []step) {
	pathJSON := jsonString(filepath.Join(s.dir, "notes.md"))
	expand := func(v string) string {
		v = strings.ReplaceAll(v, "$PATH", pathJSON)
		for _, name := range []string{"plain.txt"} {
			v = strings.ReplaceAll(v, "$DIR/"+name, jsonString(filepath.Join(s.dir, name)))
		}
		return v
	}
	for i, st := range steps {
		label := fmt.Sprintf("step %d (%s%s)", i+1, st.method, st.raw)
		var resp message
		var notes []message
		switch {
		case st.method != "":
			resp, notes = s.call(st.method, expand(st.params))
		case st.raw != "":
			s.send(st.raw)
			fallthrough
		default:
			if st.replyID == "" {
				continue
			}
			resp, notes = s.await(st.replyID)
		}
		if st.code != 0 {
			if resp.Error == nil {
				t.Fatalf("%s: want error %d, got result %s", label, st.code, resp.Result)
			}
			if resp.Error.Code != st.code {
				t.Fatalf("%s: error code %d (%q), want %d", label, resp.Error.Code, resp.Error.Message, st.code)
			}
			if st.msg == "" {
				// Only the code is checked.
			} else if prefix, ok := strings.CutSuffix(st.msg, "…"); ok {
				if !strings.HasPrefix(resp.Error.Message, prefix) || len(resp.Error.Message) == len(prefix) {
					t.Fatalf("%s: error message %q, want %q and more", label, resp.Error.Message, prefix)
				}
			} else if resp.Error.Message != st.msg {
				t.Fatalf("%s: error message %q, want %q", label, resp.Error.Message, st.msg)
			}
		} else {
			if resp.Error != nil {
				t.Fatalf("%s: error %d %q", label, resp.Error.Code, resp.Error.Message)
			}
			if st.result != "" && string(resp.Result) != expand(st.result) {
				t.Fatalf("%s: result\n got: %s\nwant: %s", label, resp.Result, expand(st.result))
			}
		}
		if st.says != nil {
			if got := announcements(notes); strings.Join(got, "\n") != strings.Join(st.says, "\n") {
				t.Fatalf("%s: announced %q, want %q", label, got, st.says)
			}
		}
		if st.before != nil {
			checkNotes(t, label+" before the response", notes, st.before)
		}
		if st.after != nil {
			var after []message
			for range st.after {
				after = append(after, s.next())
			}
			checkNotes(t, label+" after the response", after, st.after)
		}
	}
}

func checkNotes(t *testing.T, label string, got []message, want []string) {
	t.Helper()
	var g []string
	for _, m := range got {
		g = append(g, string(m.Raw))
	}
	if strings.Join(g, "\n") != strings.Join(want, "\n") {
		t.Fatalf("%s:\n got: %s\nwant: %s", label, strings.Join(g, "\n      "), strings.Join(want, "\n      "))
	}
}

// caseFolder makes the folder a case's server runs in.
func caseFolder(t *testing.T) string {
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "notes.md"), notesMD)
	writeFile(t, filepath.Join(dir, "plain.txt"), "Hello there. General Kenobi.")
	writeFile(t, filepath.Join(dir, "data.bin"), "\x00\x01\x02\x00binary\x00\x00")
	// A PDF of three pages that print "i", "1" and "2".
	running, err := os.ReadFile(filepath.Join(testkit.Path(t, "conformance", "textweaver"), "running.pdf"))
	if err != nil {
		t.Fatal(err)
	}
	writeFile(t, filepath.Join(dir, "running.pdf"), string(running))
	if err := os.Mkdir(filepath.Join(dir, "sub"), 0o755); err != nil {
		t.Fatal(err)
	}
	return dir
}

func TestMethods(t *testing.T) {
	for _, framing := range []struct {
		name string
		f    rpc.Framing
	}{{"lines", rpc.LineFraming}, {"content-length", rpc.HeaderFraming}} {
		t.Run(framing.name, func(t *testing.T) {
			for _, c := range methodCases {
				t.Run(c.name, func(t *testing.T) {
					s := startServer(t, serverOptions{dir: caseFolder(t)})
					s.framing = framing.f
					runSteps(t, s, c.steps)
					// Nothing may follow the last response unasked.
					if extra := s.drain(0); len(extra) > 0 && !strings.HasPrefix(c.name, "read") {
						t.Fatalf("unexpected messages after the last step: %s", extra)
					}
				})
			}
		})
	}
}
