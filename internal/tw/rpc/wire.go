// Package rpc is tw's JSON-RPC 2.0 server (`tw serve --stdio`), as the
// contract in specs/textweaver-json-rpc.md describes it: framing per
// message, requests answered in order, notifications for announcements,
// playback and the word being spoken, and every object's fields in
// alphabetical order.
//
// The package is four parts: frame.go reads and writes messages in either
// framing; wire.go (this file) holds what travels — the envelopes, the
// error codes with their fixed texts, and the JSON shape of every result
// and notification; conn.go is the connection loop; methods.go is the
// method table, each method with typed parameters and a typed result.
package rpc

import (
	"bytes"
	"encoding/json"
	"fmt"

	"textfirst/internal/tw/core"
)

// Error codes: JSON-RPC's own, and the server's.
const (
	codeParseError     = -32700 // the message is not JSON
	codeInvalidRequest = -32600 // not a JSON-RPC 2.0 request
	codeMethodNotFound = -32601 // no such method
	codeInvalidParams  = -32602 // a parameter is missing or wrong
	codeInternalError  = -32603 // a bug in the server: a method panicked
	codeNoDocument     = -32001 // the method needs an open document
	codeOpenFailed     = -32002 // the document could not be opened
	codeShutDown       = -32003 // a request after shutdown
	codeNotEditing     = -32004 // insert outside edit mode
)

// The spec's fixed messages, and the prefixes of the ones that go on with
// a detail.
const (
	msgNotRequest = "Not a JSON-RPC 2.0 request"
	msgEmptyBatch = "Empty batch"
	msgNoDocument = "No document is open; call open first"
	msgShutDown   = "The server is shutting down; send exit"
	msgNotEditing = "insert needs edit mode; run the toggle_edit_mode action first"

	msgParseError = "Parse error: "    // + why
	msgNoMethod   = "No method "       // + the method's name
	msgInternal   = "Internal error: " // + the method's name + msgInternalTo
	msgInternalTo = " failed; the log has the details"
)

// Error is a JSON-RPC error.
type Error struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
}

func (e *Error) Error() string { return e.Message }

func paramsError(msg string) *Error { return &Error{codeInvalidParams, msg} }
func parseError(why string) *Error  { return &Error{codeParseError, msgParseError + why} }
func noMethod(name string) *Error   { return &Error{codeMethodNotFound, msgNoMethod + name} }
func noDoc() *Error                 { return &Error{codeNoDocument, msgNoDocument} }
func internalError(method string) *Error {
	return &Error{codeInternalError, msgInternal + method + msgInternalTo}
}

// --- envelopes -----------------------------------------------------------

// request is a message from the client. Pointers tell a missing field
// from an empty one.
type request struct {
	JSONRPC *string         `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Method  *string         `json:"method"`
	Params  json.RawMessage `json:"params"`
}

// response is a reply; the fields are in alphabetical order on purpose.
type response struct {
	Error   *Error          `json:"error,omitempty"`
	ID      json.RawMessage `json:"id"`
	JSONRPC string          `json:"jsonrpc"`
	Result  json.RawMessage `json:"result,omitempty"`
}

// notification is a message from the server with no id.
type notification struct {
	JSONRPC string `json:"jsonrpc"`
	Method  string `json:"method"`
	Params  any    `json:"params"`
}

var nullID = json.RawMessage("null")

// marshal encodes v without HTML escaping; maps come out with sorted keys,
// structs in the order of their fields (which every type here declares
// alphabetically, as the spec wants).
func marshal(v any) []byte {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return []byte(`null`)
	}
	return bytes.TrimRight(buf.Bytes(), "\n")
}

// --- notifications -------------------------------------------------------

type announcementParams struct {
	Priority string `json:"priority"`
	Text     string `json:"text"`
}

type playbackParams struct {
	State string `json:"state"`
}

type positionParams struct {
	End   int `json:"end"`
	Line  int `json:"line"`
	Start int `json:"start"`
}

// --- results -------------------------------------------------------------
//
// Every struct below declares its fields in alphabetical order of their
// JSON names (wire_test.go checks it for every method's result).

type initializeResult struct {
	Methods       []string `json:"methods"`
	Notifications []string `json:"notifications"`
	Protocol      int      `json:"protocol"`
	Server        string   `json:"server"`
	Version       string   `json:"version"`
}

type wordResult struct {
	End   int    `json:"end"`
	Start int    `json:"start"`
	Text  string `json:"text"`
}

type positionResult struct {
	Char    int         `json:"char"`
	Column  int         `json:"column"`
	Line    int         `json:"line"`
	Percent int         `json:"percent"`
	Word    *wordResult `json:"word"`
}

func positionJSON(p core.Position) positionResult {
	r := positionResult{Char: p.Char, Column: p.Column, Line: p.Line, Percent: p.Percent}
	if p.Word != nil {
		r.Word = &wordResult{End: p.Word.End, Start: p.Word.Start, Text: p.Word.Text}
	}
	return r
}

type documentResult struct {
	Dirty   bool    `json:"dirty"`
	Editing bool    `json:"editing"`
	Format  string  `json:"format"`
	Length  int     `json:"length"`
	Lines   int     `json:"lines"`
	Path    *string `json:"path"` // null for a document never saved
	Title   string  `json:"title"`
}

func documentJSON(d *core.DocInfo) *documentResult {
	if d == nil {
		return nil
	}
	return &documentResult{Dirty: d.Dirty, Editing: d.Editing, Format: d.Format, Length: d.Length,
		Lines: d.Lines, Path: nullIfEmpty(d.Path), Title: d.Title}
}

func nullIfEmpty(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

type pendingResult struct {
	Action   string `json:"action"`
	Question string `json:"question"`
}

func pendingJSON(p *core.Pending) *pendingResult {
	if p == nil {
		return nil
	}
	return &pendingResult{Action: p.Action, Question: p.Question}
}

type statusResult struct {
	Backend  string          `json:"backend"`
	Document *documentResult `json:"document"`
	Mode     string          `json:"mode"`
	Pending  *pendingResult  `json:"pending"`
	Playback string          `json:"playback"`
	Position *positionResult `json:"position"`
	Rate     int             `json:"rate"`
	Status   string          `json:"status"`
}

// openResult answers open in reading mode.
type openResult struct {
	Document *documentResult `json:"document"`
	Position positionResult  `json:"position"`
}

// openFromEditResult answers open in edit mode, which first asks about
// unsaved changes.
type openFromEditResult struct {
	Document *documentResult `json:"document"`
	Effects  []effectResult  `json:"effects"`
}

type playbackResult struct {
	Playback string `json:"playback"`
}

type matchResult struct {
	End   int `json:"end"`
	Line  int `json:"line"`
	Start int `json:"start"`
}

type searchResult struct {
	Current *int          `json:"current"`
	Matches []matchResult `json:"matches"`
}

type textResult struct {
	End   int    `json:"end"`
	Start int    `json:"start"`
	Text  string `json:"text"`
}

type outlineItem struct {
	Char  int    `json:"char"`
	Level int    `json:"level"`
	Line  int    `json:"line"`
	Text  string `json:"text"`
}

type outlineResult struct {
	Items []outlineItem `json:"items"`
	Pages bool          `json:"pages"`
}

type noteResult struct {
	Anchor string   `json:"anchor"`
	Color  *string  `json:"color"`
	End    int      `json:"end"`
	ID     int      `json:"id"`
	Line   int      `json:"line"`
	Start  int      `json:"start"`
	Tags   []string `json:"tags"`
	Text   string   `json:"text"`
}

type notesResult struct {
	Notes []noteResult `json:"notes"`
}

type highlightResult struct {
	Color string `json:"color"`
	End   int    `json:"end"`
	ID    int    `json:"id"`
	Line  int    `json:"line"`
	Start int    `json:"start"`
	Text  string `json:"text"`
}

type highlightsResult struct {
	Highlights []highlightResult `json:"highlights"`
}

type infoResult struct {
	Author         *string `json:"author"`
	Bookmarks      int     `json:"bookmarks"`
	Chars          int     `json:"chars"`
	Format         string  `json:"format"`
	Headings       int     `json:"headings"`
	Highlights     int     `json:"highlights"`
	Language       *string `json:"language"`
	Lines          int     `json:"lines"`
	Notes          int     `json:"notes"`
	Path           *string `json:"path"`
	Rate           int     `json:"rate"`
	ReadingMinutes int     `json:"reading_minutes"`
	Title          string  `json:"title"`
	Words          int     `json:"words"`
}

// effectResult is one effect: {"params":{...},"type":"prompt"}.
type effectResult struct {
	Params any    `json:"params"`
	Type   string `json:"type"`
}

type promptEffectParams struct {
	Label   string `json:"label"`
	Purpose string `json:"purpose"`
}

type listEffectParams struct {
	Items []string `json:"items"`
	Title string   `json:"title"`
}

type quitEffectParams struct{}

// effectsJSON is the effects as the spec sends them: prompt, list and
// quit. The others are the terminal's own and have no wire form: the
// clipboard (CopyEffect: the text copied is in the status) and the
// actions a front end performs itself (ActionEffect: a JSON-RPC session
// registers none). An effect of any other type is a programming error,
// refused loudly rather than dropped.
func effectsJSON(effects []core.Effect) []effectResult {
	out := make([]effectResult, 0, len(effects))
	for _, e := range effects {
		switch e := e.(type) {
		case core.PromptEffect:
			out = append(out, effectResult{promptEffectParams{Label: e.Label, Purpose: e.Purpose}, "prompt"})
		case core.ListEffect:
			out = append(out, effectResult{listEffectParams{Items: e.Items, Title: e.Title}, "list"})
		case core.QuitEffect:
			out = append(out, effectResult{quitEffectParams{}, "quit"})
		case core.CopyEffect, core.ActionEffect:
		default:
			panic(fmt.Sprintf("rpc: effect %T has no wire form", e))
		}
	}
	return out
}

// uiResult answers answer, choose and cancel.
type uiResult struct {
	Effects []effectResult `json:"effects"`
	Status  string         `json:"status"`
}

// actionResult answers action. The spec's notes commands leave pending
// out unless a question waits; every other action has it, null or not.
type actionResult struct {
	Effects []effectResult `json:"effects"`
	Pending maybePending   `json:"pending,omitzero"`
	Status  string         `json:"status"`
}

// maybePending is a pending field that can be absent (its zero value),
// null, or a question.
type maybePending struct {
	shown bool
	p     *pendingResult
}

func (m maybePending) IsZero() bool                 { return !m.shown }
func (m maybePending) MarshalJSON() ([]byte, error) { return json.Marshal(m.p) }

type listResult struct {
	Filter   *string  `json:"filter"`
	Items    []string `json:"items"`
	Selected int      `json:"selected"`
	Title    string   `json:"title"`
}

func listJSON(l *core.ListState) *listResult {
	if l == nil {
		return nil
	}
	items := l.Items
	if items == nil {
		items = []string{}
	}
	return &listResult{Filter: l.Filter, Items: items, Selected: l.Selected, Title: l.Title}
}

type listKeyResult struct {
	Effects []effectResult `json:"effects"`
	List    *listResult    `json:"list"`
	Status  string         `json:"status"`
}

type promptResult struct {
	Caret   int    `json:"caret"`
	Label   string `json:"label"`
	Purpose string `json:"purpose"`
	Text    string `json:"text"`
}

func promptJSON(p *core.PromptState) *promptResult {
	if p == nil {
		return nil
	}
	return &promptResult{Caret: p.Caret, Label: p.Label, Purpose: p.Purpose, Text: p.Text}
}

type promptKeyResult struct {
	Effects []effectResult `json:"effects"`
	Prompt  *promptResult  `json:"prompt"`
	Status  string         `json:"status"`
}

type insertResult struct {
	Effects  []effectResult `json:"effects"`
	Position positionResult `json:"position"`
	Status   string         `json:"status"`
}

type settingResult struct {
	Path   string `json:"path"`
	Spoken string `json:"spoken"`
	Value  any    `json:"value"`
}

// nullResult is the result of shutdown and exit: null.
type nullResult = *struct{}
