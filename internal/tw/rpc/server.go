package rpc

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log"
	"math"
	"os"
	"path/filepath"
	"runtime/debug"
	"strings"
	"sync"

	"textfirst/internal/tw/core"
	"textfirst/internal/tw/load"
)

// ProtocolVersion is reported by initialize.
const ProtocolVersion = 1

// Methods lists every request method, in the spec's order.
var Methods = []string{
	"initialize", "open", "status", "position", "navigate", "read", "pause", "resume", "stop",
	"search", "text", "outline", "notes", "highlights", "info", "insert", "action", "answer",
	"choose", "cancel", "list_state", "list_key", "prompt_state", "prompt_key",
	"settings_schema", "get_setting", "set_setting", "shutdown", "exit",
}

// Notifications lists every notification the server may send.
var Notifications = []string{"position", "playback", "announcement", "prompt", "list", "quit"}

// SettingsStore is what the settings methods need.
type SettingsStore interface {
	SchemaJSON() []map[string]any
	Get(path string) (any, error)
	Spoken(path string) (string, error)
	Set(path string, value any) (any, error)
}

// Editor is the optional edit-mode part of the app (insert).
type Editor interface {
	Editing() bool
	Insert(text string) ([]core.Effect, string)
}

// Server is the JSON-RPC server around one App.
type Server struct {
	Version  string
	App      *core.App
	Settings SettingsStore // nil: the settings methods answer with an error
	BaseDir  string        // relative paths resolve against it
	Logger   *log.Logger

	out      *Writer
	mu       sync.Mutex // guards shutDown and exited
	shutDown bool
	exited   bool
}

// Events returns the core.Events that send notifications through w.
func Events(w *Writer) core.Events { return events{w} }

type events struct{ w *Writer }

func (e events) Announce(text string, p core.Priority) {
	e.w.Write(marshal(notification{"2.0", "announcement", map[string]any{"priority": string(p), "text": text}}))
}
func (e events) Playback(state string) {
	e.w.Write(marshal(notification{"2.0", "playback", map[string]any{"state": state}}))
}
func (e events) Position(start, end, line int) {
	e.w.Write(marshal(notification{"2.0", "position", map[string]any{"end": end, "line": line, "start": start}}))
}

// ErrNotServing is returned by Handle on a server with no writer: one that
// was never served.
var ErrNotServing = errors.New("rpc: Handle before Serve: the server has nowhere to write its replies")

// Serve reads requests from in until exit or the end of the input, and
// writes to w (which the App's events also write to). It saves the place
// on the way out. The end of the input (also in the middle of a message,
// or a message over MaxMessageBytes) ends the session with nil; any other
// read error is logged and returned.
func (s *Server) Serve(in io.Reader, w *Writer) error {
	s.mu.Lock()
	s.out = w
	s.mu.Unlock()
	r := NewReader(in)
	defer s.App.Close()
	for {
		msg, framing, err := r.Read()
		var headerErr *HeaderError
		if errors.As(err, &headerErr) {
			w.SetFraming(framing)
			s.reply(w, nullID, nil, &Error{CodeParseError, "Parse error: " + headerErr.Error()})
			continue
		}
		switch {
		case err == nil:
		case errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF):
			// The deferred Close saves the place.
			return nil
		case errors.Is(err, ErrTooLarge):
			s.logf("serve: %v; stopping as at the end of the input", err)
			return nil
		default:
			s.logf("serve: reading a request: %v", err)
			return fmt.Errorf("rpc: reading a request: %w", err)
		}
		w.SetFraming(framing)
		s.handle(w, msg)
		if s.Exited() {
			return nil
		}
	}
}

func (s *Server) logf(format string, args ...any) {
	if s.Logger != nil {
		s.Logger.Printf(format, args...)
	}
}

// Exited reports whether exit was received (or the app quit).
func (s *Server) Exited() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.exited
}

// Handle handles one message: a request, a notification or a batch. It
// writes the replies where Serve writes them, so it returns ErrNotServing
// on a server that was never served.
func (s *Server) Handle(msg []byte) error {
	s.mu.Lock()
	w := s.out
	s.mu.Unlock()
	if w == nil {
		return ErrNotServing
	}
	s.handle(w, msg)
	return nil
}

func (s *Server) handle(w *Writer, msg []byte) {
	trimmed := bytes.TrimSpace(msg)
	if len(trimmed) > 0 && trimmed[0] == '[' {
		var batch []json.RawMessage
		if err := json.Unmarshal(trimmed, &batch); err != nil {
			s.reply(w, nullID, nil, &Error{CodeParseError, "Parse error: " + err.Error()})
			return
		}
		if len(batch) == 0 {
			s.reply(w, nullID, nil, &Error{CodeInvalidRequest, msgEmptyBatch})
			return
		}
		for _, item := range batch {
			s.handleOne(w, item)
			if s.Exited() {
				return
			}
		}
		return
	}
	if !json.Valid(trimmed) {
		var v any
		err := json.Unmarshal(trimmed, &v)
		if err == nil {
			err = errors.New("invalid JSON")
		}
		s.reply(w, nullID, nil, &Error{CodeParseError, "Parse error: " + err.Error()})
		return
	}
	s.handleOne(w, trimmed)
}

type request struct {
	JSONRPC *string         `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Method  *string         `json:"method"`
	Params  json.RawMessage `json:"params"`
}

func (s *Server) handleOne(w *Writer, raw json.RawMessage) {
	var req request
	var probe map[string]json.RawMessage
	if err := json.Unmarshal(raw, &probe); err != nil {
		// Valid JSON that is not an object.
		s.reply(w, nullID, nil, &Error{CodeInvalidRequest, msgNotRequest})
		return
	}
	_, hasID := probe["id"]
	id := probe["id"]
	if !hasID {
		id = nil
	}
	if err := json.Unmarshal(raw, &req); err != nil || req.JSONRPC == nil || *req.JSONRPC != "2.0" || req.Method == nil {
		if id == nil {
			id = nullID
		}
		s.reply(w, id, nil, &Error{CodeInvalidRequest, msgNotRequest})
		return
	}
	params := map[string]json.RawMessage{}
	if len(req.Params) > 0 {
		_ = json.Unmarshal(req.Params, &params) // params that are not an object read as none
	}
	result, rerr := s.safeCall(*req.Method, params)
	if hasID {
		s.reply(w, id, result, rerr)
	}
	// Work that follows the answer (the silent engine's position and
	// "stopped") goes out after it.
	s.App.RunDeferred()
}

// safeCall runs one method; a panic inside it becomes an internal error,
// logged with its stack, and the session goes on.
func (s *Server) safeCall(method string, p map[string]json.RawMessage) (result any, rerr *Error) {
	defer func() {
		if v := recover(); v != nil {
			s.logf("serve: %s panicked: %v\n%s", method, v, debug.Stack())
			result, rerr = nil, &Error{CodeInternalError, "Internal error: " + method + " failed; the log has the details"}
		}
	}()
	return s.call(method, p)
}

func (s *Server) reply(w *Writer, id json.RawMessage, result any, err *Error) {
	resp := response{ID: id, JSONRPC: "2.0"}
	if err != nil {
		resp.Error = err
	} else {
		resp.Result = marshal(result)
	}
	w.Write(marshal(resp))
}

// call runs one method.
func (s *Server) call(method string, p map[string]json.RawMessage) (any, *Error) {
	s.mu.Lock()
	shut := s.shutDown
	s.mu.Unlock()
	if shut && method != "exit" {
		return nil, &Error{CodeShutDown, msgShutDown}
	}
	switch method {
	case "initialize":
		return map[string]any{"methods": Methods, "notifications": Notifications,
			"protocol": ProtocolVersion, "server": "textweaver", "version": s.Version}, nil
	case "open":
		return s.open(p)
	case "status":
		return s.status(), nil
	case "position":
		pos, err := s.App.Position()
		if err != nil {
			return nil, noDoc()
		}
		return positionJSON(pos), nil
	case "navigate":
		return s.navigate(p)
	case "read":
		return s.read(p)
	case "pause", "resume":
		var state string
		var err error
		if method == "pause" {
			state, err = s.App.Pause()
		} else {
			state, err = s.App.Resume()
		}
		if err != nil {
			return nil, noDoc()
		}
		return map[string]any{"playback": state}, nil
	case "stop":
		return map[string]any{"playback": s.App.Stop()}, nil
	case "search":
		return s.search(p)
	case "text":
		return s.text(p)
	case "outline":
		items, pages, err := s.App.Outline()
		if err != nil {
			return nil, noDoc()
		}
		out := []map[string]any{}
		for _, it := range items {
			out = append(out, map[string]any{"char": it.Char, "level": it.Level, "line": it.Line, "text": it.Text})
		}
		return map[string]any{"items": out, "pages": pages}, nil
	case "notes":
		notes, err := s.App.Notes()
		if err != nil {
			return nil, noDoc()
		}
		out := []map[string]any{}
		for _, n := range notes {
			out = append(out, map[string]any{"anchor": n.Anchor, "color": n.Color, "end": n.End, "id": n.ID,
				"line": n.Line, "start": n.Start, "tags": n.Tags, "text": n.Text})
		}
		return map[string]any{"notes": out}, nil
	case "highlights":
		hs, err := s.App.Highlights()
		if err != nil {
			return nil, noDoc()
		}
		out := []map[string]any{}
		for _, h := range hs {
			out = append(out, map[string]any{"color": h.Color, "end": h.End, "id": h.ID, "line": h.Line,
				"start": h.Start, "text": h.Text})
		}
		return map[string]any{"highlights": out}, nil
	case "info":
		info, err := s.App.Info()
		if err != nil {
			return nil, noDoc()
		}
		return map[string]any{"title": info.Title, "path": nullIfEmpty(info.Path), "format": info.Format,
			"author": info.Author, "language": info.Language, "chars": info.Chars, "words": info.Words,
			"lines": info.Lines, "headings": info.Headings, "notes": info.Notes, "highlights": info.Highlights,
			"bookmarks": info.Bm, "reading_minutes": info.ReadingMinutes, "rate": info.Rate}, nil
	case "insert":
		return s.insert(p)
	case "action":
		return s.action(p)
	case "answer":
		text, perr := strParam(p, "text")
		if perr != nil {
			return nil, perr
		}
		effects, status := s.App.Answer(text)
		return s.afterUI(effects, status), nil
	case "choose":
		index, ok := natParam(p, "index")
		if !ok {
			return nil, paramsError("index must be a number")
		}
		effects, status := s.App.Choose(index)
		return s.afterUI(effects, status), nil
	case "cancel":
		effects, status := s.App.Cancel()
		return s.afterUI(effects, status), nil
	case "list_state":
		return listJSON(s.App.ListState()), nil
	case "list_key":
		key, perr := strParam(p, "key")
		if perr != nil {
			return nil, perr
		}
		effects, status, err := s.App.ListKey(key)
		if err != nil {
			return nil, paramsError(err.Error())
		}
		res := s.afterUI(effects, status)
		res["list"] = listJSON(s.App.ListState())
		return res, nil
	case "prompt_state":
		return promptJSON(s.App.PromptState()), nil
	case "prompt_key":
		var effects []core.Effect
		var status string
		var err error
		if text, ok := optStr(p, "text"); ok {
			effects, status, err = s.App.PromptKey("", &text)
		} else {
			key, perr := strParam(p, "key")
			if perr != nil {
				return nil, perr
			}
			effects, status, err = s.App.PromptKey(key, nil)
		}
		if err != nil {
			return nil, paramsError(err.Error())
		}
		res := s.afterUI(effects, status)
		res["prompt"] = promptJSON(s.App.PromptState())
		return res, nil
	case "settings_schema":
		if s.Settings == nil {
			return nil, &Error{CodeMethodNotFound, "No method settings_schema"}
		}
		return s.Settings.SchemaJSON(), nil
	case "get_setting", "set_setting":
		return s.setting(method, p)
	case "shutdown":
		s.App.Stop()
		s.App.Save()
		s.mu.Lock()
		s.shutDown = true
		s.mu.Unlock()
		return nil, nil
	case "exit":
		s.App.Close()
		s.mu.Lock()
		s.exited = true
		s.mu.Unlock()
		return nil, nil
	}
	return nil, &Error{CodeMethodNotFound, "No method " + method}
}

func noDoc() *Error { return &Error{CodeNoDocument, msgNoDocument} }

func nullIfEmpty(s string) any {
	if s == "" {
		return nil
	}
	return s
}

// afterUI builds {status, effects} and ends the server when the app quit.
func (s *Server) afterUI(effects []core.Effect, status string) map[string]any {
	if s.App.Quitting() {
		s.mu.Lock()
		s.exited = true
		s.mu.Unlock()
	}
	return map[string]any{"effects": effectsJSON(effects), "status": status}
}

func effectsJSON(effects []core.Effect) []map[string]any {
	out := []map[string]any{}
	for _, e := range effects {
		params := e.Params
		if params == nil {
			params = map[string]any{}
		}
		out = append(out, map[string]any{"params": params, "type": e.Type})
	}
	return out
}

func listJSON(l *core.ListState) any {
	if l == nil {
		return nil
	}
	items := l.Items
	if items == nil {
		items = []string{}
	}
	var filter any
	if l.Filter != nil {
		filter = *l.Filter
	}
	return map[string]any{"filter": filter, "items": items, "selected": l.Selected, "title": l.Title}
}

func promptJSON(p *core.PromptState) any {
	if p == nil {
		return nil
	}
	return map[string]any{"caret": p.Caret, "label": p.Label, "purpose": p.Purpose, "text": p.Text}
}

func positionJSON(p core.Position) map[string]any {
	var word any
	if p.Word != nil {
		word = map[string]any{"end": p.Word.End, "start": p.Word.Start, "text": p.Word.Text}
	}
	return map[string]any{"char": p.Char, "column": p.Column, "line": p.Line, "percent": p.Percent, "word": word}
}

func docJSON(d *core.DocInfo) any {
	if d == nil {
		return nil
	}
	return map[string]any{"dirty": d.Dirty, "editing": d.Editing, "format": d.Format, "length": d.Length,
		"lines": d.Lines, "path": nullIfEmpty(d.Path), "title": d.Title}
}

func pendingJSON(p *core.Pending) any {
	if p == nil {
		return nil
	}
	return map[string]any{"action": p.Action, "question": p.Question}
}

func (s *Server) status() map[string]any {
	st := s.App.StatusInfo()
	var pos any
	if st.Position != nil {
		pos = positionJSON(*st.Position)
	}
	return map[string]any{"backend": st.Backend, "document": docJSON(st.Document), "mode": st.Mode,
		"pending": pendingJSON(st.Pending), "playback": st.Playback, "position": pos, "rate": st.Rate,
		"status": st.Status}
}

func (s *Server) resolve(path string) string {
	if filepath.IsAbs(path) || s.BaseDir == "" {
		return path
	}
	return filepath.Join(s.BaseDir, path)
}

func (s *Server) open(p map[string]json.RawMessage) (any, *Error) {
	path, perr := strParam(p, "path")
	if perr != nil {
		return nil, perr
	}
	full := s.resolve(path)
	fi, err := os.Stat(full)
	if err != nil {
		if errors.Is(err, os.ErrNotExist) {
			return nil, &Error{CodeOpenFailed, path + ": no such file"}
		}
		return nil, &Error{CodeOpenFailed, fmt.Sprintf("Could not open %s: %v", path, err)}
	}
	if fi.IsDir() {
		return nil, &Error{CodeOpenFailed, path + " is a folder, not a document"}
	}
	if ed, ok := any(s.App).(Editor); ok && ed.Editing() {
		effects, _ := s.App.OpenFromEdit(full)
		return map[string]any{"document": docJSON(s.App.DocInfo()), "effects": effectsJSON(effects)}, nil
	}
	if err := s.App.Open(full); err != nil {
		return nil, &Error{CodeOpenFailed, OpenFailure(path, err)}
	}
	pos, _ := s.App.Position()
	return map[string]any{"document": docJSON(s.App.DocInfo()), "position": positionJSON(pos)}, nil
}

// OpenFailure says why path could not be opened, naming the file once:
// "Could not open data.bin: binary file, not a document".
func OpenFailure(path string, err error) string {
	var le *load.Error
	if errors.As(err, &le) {
		return fmt.Sprintf("Could not open %s: %s", path, le.Reason)
	}
	var oe *core.OpenError
	if errors.As(err, &oe) {
		return fmt.Sprintf("Could not open %s: %v", path, oe.Err)
	}
	return fmt.Sprintf("Could not open %s: %v", path, err)
}

func (s *Server) navigate(p map[string]json.RawMessage) (any, *Error) {
	if !s.App.HasDocument() {
		return nil, noDoc()
	}
	if _, given := p["goto"]; given && string(p["goto"]) != "null" {
		target, ok := optStr(p, "goto")
		if !ok {
			return nil, paramsError("goto must be a string")
		}
		pos, err := s.App.GoTo(target)
		if err != nil {
			return nil, paramsError(err.Error())
		}
		return positionJSON(pos), nil
	}
	id, perr := strParam(p, "action")
	if perr != nil {
		return nil, perr
	}
	pos, err := s.App.Navigate(id)
	if err != nil {
		return nil, paramsError(err.Error())
	}
	return positionJSON(pos), nil
}

func (s *Server) read(p map[string]json.RawMessage) (any, *Error) {
	if !s.App.HasDocument() {
		return nil, noDoc()
	}
	var from *int
	if raw, ok := p["from"]; ok && string(raw) != "null" {
		n, ok := natParam(p, "from")
		if !ok {
			return nil, paramsError("from must be a char offset")
		}
		from = &n
	}
	what := "cursor"
	if raw, given := p["what"]; given && string(raw) != "null" {
		w, ok := optStr(p, "what")
		if !ok {
			return nil, paramsError("what must be a string")
		}
		what = w
	}
	state, err := s.App.Read(what, from)
	if err != nil {
		return nil, paramsError(err.Error())
	}
	return map[string]any{"playback": state}, nil
}

func (s *Server) search(p map[string]json.RawMessage) (any, *Error) {
	if !s.App.HasDocument() {
		return nil, noDoc()
	}
	pattern, perr := strParam(p, "pattern")
	if perr != nil {
		return nil, perr
	}
	isRegex := false
	if raw, ok := p["regex"]; ok && string(raw) != "null" {
		if err := json.Unmarshal(raw, &isRegex); err != nil {
			return nil, paramsError("regex must be true or false")
		}
	}
	matches, current, err := s.App.Search(pattern, isRegex)
	if err != nil {
		return nil, paramsError(err.Error())
	}
	out := []map[string]any{}
	for _, m := range matches {
		out = append(out, map[string]any{"end": m.End, "line": m.Line, "start": m.Start})
	}
	var cur any
	if current >= 0 {
		cur = current
	}
	return map[string]any{"current": cur, "matches": out}, nil
}

func (s *Server) text(p map[string]json.RawMessage) (any, *Error) {
	if !s.App.HasDocument() {
		return nil, noDoc()
	}
	var start, end *int
	for _, k := range []string{"start", "end"} {
		raw, ok := p[k]
		if !ok || string(raw) == "null" {
			continue
		}
		n, ok := natParam(p, k)
		if !ok {
			return nil, paramsError(k + " must be a char offset")
		}
		if k == "start" {
			start = &n
		} else {
			end = &n
		}
	}
	text, st, en, err := s.App.TextRange(start, end)
	if err != nil {
		return nil, noDoc()
	}
	return map[string]any{"end": en, "start": st, "text": text}, nil
}

func (s *Server) insert(p map[string]json.RawMessage) (any, *Error) {
	if !s.App.HasDocument() {
		return nil, noDoc()
	}
	text, perr := strParam(p, "text")
	if perr != nil {
		return nil, perr
	}
	ed, ok := any(s.App).(Editor)
	if !ok || !ed.Editing() {
		return nil, &Error{CodeNotEditing, msgNotEditing}
	}
	effects, status := ed.Insert(text)
	res := s.afterUI(effects, status)
	pos, _ := s.App.Position()
	res["position"] = positionJSON(pos)
	return res, nil
}

func (s *Server) action(p map[string]json.RawMessage) (any, *Error) {
	id, perr := strParam(p, "id")
	if perr != nil {
		return nil, perr
	}
	if _, ok := core.LookupAction(id); !ok {
		return nil, paramsError("No action " + id)
	}
	var confirm *bool
	if raw, ok := p["confirm"]; ok && string(raw) != "null" {
		var b bool
		if err := json.Unmarshal(raw, &b); err != nil {
			return nil, paramsError("confirm must be true or false")
		}
		confirm = &b
	}
	res, err := s.App.Action(id, confirm)
	if err != nil {
		return nil, paramsError(err.Error())
	}
	out := s.afterUI(res.Effects, res.Status)
	if !core.IsNotesCommand(id) || res.Pending != nil {
		out["pending"] = pendingJSON(res.Pending)
	}
	return out, nil
}

func (s *Server) setting(method string, p map[string]json.RawMessage) (any, *Error) {
	if s.Settings == nil {
		return nil, &Error{CodeMethodNotFound, "No method " + method}
	}
	path, perr := strParam(p, "path")
	if perr != nil {
		return nil, perr
	}
	if method == "set_setting" {
		var value any
		if raw, ok := p["value"]; ok {
			if err := json.Unmarshal(raw, &value); err != nil {
				return nil, paramsError("value must be JSON")
			}
		}
		if _, err := s.Settings.Set(path, value); err != nil {
			return nil, paramsError(settingMessage(err, path))
		}
	}
	value, err := s.Settings.Get(path)
	if err != nil {
		return nil, paramsError(settingMessage(err, path))
	}
	spoken, _ := s.Settings.Spoken(path)
	return map[string]any{"path": path, "spoken": spoken, "value": value}, nil
}

func settingMessage(err error, path string) string {
	msg := err.Error()
	if strings.HasPrefix(msg, "There is no setting") && !strings.HasSuffix(msg, ".") {
		msg += "."
	}
	return msg
}

// strParam returns a required string parameter.
func strParam(p map[string]json.RawMessage, key string) (string, *Error) {
	v, ok := optStr(p, key)
	if !ok {
		return "", paramsError(key + " is required and must be a string")
	}
	return v, nil
}

func optStr(p map[string]json.RawMessage, key string) (string, bool) {
	raw, ok := p[key]
	if !ok {
		return "", false
	}
	var s string
	if err := json.Unmarshal(raw, &s); err != nil {
		return "", false
	}
	return s, true
}

// natParam returns a non-negative whole-number parameter.
func natParam(p map[string]json.RawMessage, key string) (int, bool) {
	raw, ok := p[key]
	if !ok {
		return 0, false
	}
	var f float64
	if err := json.Unmarshal(raw, &f); err != nil || f < 0 || f != math.Trunc(f) || f > math.MaxInt32*1024.0 {
		return 0, false
	}
	return int(f), true
}
