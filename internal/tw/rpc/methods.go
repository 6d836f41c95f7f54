package rpc

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"runtime/debug"
	"strings"

	"textfirst/internal/tw/core"
	"textfirst/internal/tw/doc"
	"textfirst/internal/tw/load"
	"textfirst/internal/tw/settings"
)

// protocolVersion is reported by initialize.
const protocolVersion = 1

// Methods lists every request method, in the spec's order.
var Methods = []string{
	"initialize", "open", "status", "position", "navigate", "read", "pause", "resume", "stop",
	"search", "text", "outline", "notes", "highlights", "info", "insert", "action", "answer",
	"choose", "cancel", "list_state", "list_key", "prompt_state", "prompt_key",
	"settings_schema", "get_setting", "set_setting", "shutdown", "exit",
}

// notifications lists every notification the server may send.
var notifications = []string{"position", "playback", "announcement", "prompt", "list", "quit"}

// method is one entry of the method table: it decodes its parameters and
// runs. results are the Go types its result can have, for the test that
// checks the JSON shape of every result.
type method struct {
	run     func(s *Server, params json.RawMessage) (any, *Error)
	params  reflect.Type
	results []reflect.Type
}

// answering names the types of a method whose result is declared any.
func (m method) answering(results ...any) method {
	m.results = nil
	for _, r := range results {
		m.results = append(m.results, reflect.TypeOf(r))
	}
	return m
}

// handler makes a table entry of a method with typed parameters P and a
// typed result R.
func handler[P, R any](f func(s *Server, p P) (R, *Error)) method {
	return method{
		run: func(s *Server, raw json.RawMessage) (any, *Error) {
			var p P
			decodeParams(raw, &p)
			r, err := f(s, p)
			if err != nil {
				return nil, err
			}
			return r, nil
		},
		params:  reflect.TypeFor[P](),
		results: []reflect.Type{reflect.TypeFor[R]()},
	}
}

// methods is the method table; it holds exactly the names of Methods.
var methods = map[string]method{
	"initialize":      handler((*Server).initialize),
	"open":            handler((*Server).open).answering(openResult{}, openFromEditResult{}),
	"status":          handler((*Server).status),
	"position":        handler((*Server).position),
	"navigate":        handler((*Server).navigate),
	"read":            handler((*Server).read),
	"pause":           handler((*Server).pause),
	"resume":          handler((*Server).resume),
	"stop":            handler((*Server).stop),
	"search":          handler((*Server).search),
	"text":            handler((*Server).text),
	"outline":         handler((*Server).outline),
	"notes":           handler((*Server).notes),
	"highlights":      handler((*Server).highlights),
	"info":            handler((*Server).info),
	"insert":          handler((*Server).insert),
	"action":          handler((*Server).action),
	"answer":          handler((*Server).answer),
	"choose":          handler((*Server).choose),
	"cancel":          handler((*Server).cancel),
	"list_state":      handler((*Server).listState),
	"list_key":        handler((*Server).listKey),
	"prompt_state":    handler((*Server).promptState),
	"prompt_key":      handler((*Server).promptKey),
	"settings_schema": handler((*Server).settingsSchema),
	"get_setting":     handler((*Server).getSetting),
	"set_setting":     handler((*Server).setSetting),
	"shutdown":        handler((*Server).shutdown),
	"exit":            handler((*Server).exit),
}

// --- parameters ----------------------------------------------------------

// param is one named parameter as the client sent it. Raw is nil when the
// parameter is absent. A parameter decodes as encoding/json decodes it,
// so null reads as T's zero value, as it always has.
type param[T any] struct{ Raw json.RawMessage }

// Given reports whether the parameter is there and not null.
func (p param[T]) Given() bool { return p.Raw != nil && string(p.Raw) != "null" }

// Get decodes the parameter; ok is false when it is absent or not a T.
func (p param[T]) Get() (v T, ok bool) {
	if p.Raw == nil {
		return v, false
	}
	return v, json.Unmarshal(p.Raw, &v) == nil
}

func (p *param[T]) setRaw(raw json.RawMessage) { p.Raw = raw }

type rawSetter interface{ setRaw(json.RawMessage) }

// natural is a whole number of zero or more; 3 and 3.0 are both 3.
type natural int

func (n *natural) UnmarshalJSON(b []byte) error {
	var f float64
	if err := json.Unmarshal(b, &f); err != nil {
		return err
	}
	if f < 0 || f != math.Trunc(f) || f > math.MaxInt32*1024.0 {
		return errors.New("not a natural number")
	}
	*n = natural(f)
	return nil
}

// decodeParams fills the param fields of *dst from the params object by
// their exact names (params that are not an object read as none).
func decodeParams(raw json.RawMessage, dst any) {
	var fields map[string]json.RawMessage
	if len(raw) > 0 {
		_ = json.Unmarshal(raw, &fields)
	}
	v := reflect.ValueOf(dst).Elem()
	if v.Kind() != reflect.Struct {
		return
	}
	for i := range v.NumField() {
		name := v.Type().Field(i).Tag.Get("json")
		if r, ok := fields[name]; ok {
			v.Field(i).Addr().Interface().(rawSetter).setRaw(r)
		}
	}
}

// required returns a required string parameter.
func required(p param[string], name string) (string, *Error) {
	v, ok := p.Get()
	if !ok {
		return "", paramsError(name + " is required and must be a string")
	}
	return v, nil
}

type noParams struct{}

type openParams struct {
	Path param[string] `json:"path"`
}

type navigateParams struct {
	Action param[string] `json:"action"`
	GoTo   param[string] `json:"goto"`
}

type readParams struct {
	From param[natural] `json:"from"`
	What param[string]  `json:"what"`
}

type searchParams struct {
	Pattern param[string] `json:"pattern"`
	Regex   param[bool]   `json:"regex"`
}

type textParams struct {
	Start param[natural] `json:"start"`
	End   param[natural] `json:"end"`
}

type textOnlyParams struct {
	Text param[string] `json:"text"`
}

type actionParams struct {
	ID      param[string] `json:"id"`
	Confirm param[bool]   `json:"confirm"`
}

type chooseParams struct {
	Index param[natural] `json:"index"`
}

type keyParams struct {
	Key param[string] `json:"key"`
}

type promptKeyParams struct {
	Key  param[string] `json:"key"`
	Text param[string] `json:"text"`
}

type settingParams struct {
	Path  param[string] `json:"path"`
	Value param[any]    `json:"value"`
}

// --- methods -------------------------------------------------------------

func (s *Server) initialize(noParams) (initializeResult, *Error) {
	return initializeResult{Methods: Methods, Notifications: notifications, Protocol: protocolVersion,
		Server: "textweaver", Version: s.Version}, nil
}

// resolve makes path absolute against BaseDir (the working folder when
// BaseDir is ""); member says whether it names a file inside an archive,
// whose name inside the archive is kept as it is (see load.AbsPath).
func (s *Server) resolve(path string) (full string, member bool) {
	if !filepath.IsAbs(path) && s.BaseDir != "" {
		path = s.BaseDir + string(filepath.Separator) + path
	}
	full, member, err := load.AbsPath(path)
	if err != nil {
		return path, false
	}
	return full, member
}

// open answers openResult, or openFromEditResult in edit mode.
func (s *Server) open(p openParams) (any, *Error) {
	path, perr := required(p.Path, "path")
	if perr != nil {
		return nil, perr
	}
	full := path
	if !doc.IsWebAddress(path) {
		// A web address is fetched by the loader, which says why it
		// failed; a file is checked here first.
		var member bool
		full, member = s.resolve(path)
		fi, err := os.Stat(full)
		switch {
		case member:
			// The loader says why a member cannot be read.
		case err != nil:
			if errors.Is(err, os.ErrNotExist) {
				return nil, &Error{codeOpenFailed, path + ": no such file"}
			}
			return nil, &Error{codeOpenFailed, fmt.Sprintf("Could not open %s: %v", path, err)}
		case fi.IsDir() && !load.IsBook(full):
			return nil, &Error{codeOpenFailed, path + " is a folder, not a document"}
		}
	}
	if s.App.Editing() {
		effects, _ := s.App.OpenFromEdit(full)
		return openFromEditResult{Document: documentJSON(s.App.DocInfo()), Effects: effectsJSON(effects)}, nil
	}
	effects, err := s.App.OpenAsking(full)
	if errors.Is(err, core.ErrPasswordAsked) {
		// An encrypted document: the answer to the document_password
		// prompt opens it, as an open from edit mode goes on after its
		// question.
		return openFromEditResult{Document: documentJSON(s.App.DocInfo()), Effects: effectsJSON(effects)}, nil
	}
	if err != nil {
		return nil, &Error{codeOpenFailed, OpenFailure(path, err)}
	}
	// The open dropped the file, its parse trees and the document before:
	// the heap grew to hold them all at once. Given back to the system
	// now, while the client reads the answer, what the server holds stays
	// near what the open document needs.
	go debug.FreeOSMemory()
	pos, _ := s.App.Position()
	return openResult{Document: documentJSON(s.App.DocInfo()), Position: positionJSON(pos)}, nil
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

func (s *Server) status(noParams) (statusResult, *Error) {
	st := s.App.StatusInfo()
	r := statusResult{Backend: st.Backend, Document: documentJSON(st.Document), Mode: st.Mode,
		Pending: pendingJSON(st.Pending), Playback: st.Playback, Rate: st.Rate, Status: st.Status}
	if st.Position != nil {
		pos := positionJSON(*st.Position)
		r.Position = &pos
	}
	return r, nil
}

func (s *Server) position(noParams) (positionResult, *Error) {
	pos, err := s.App.Position()
	if err != nil {
		return positionResult{}, noDoc()
	}
	return positionJSON(pos), nil
}

func (s *Server) navigate(p navigateParams) (positionResult, *Error) {
	if !s.App.HasDocument() {
		return positionResult{}, noDoc()
	}
	var pos core.Position
	var err error
	if p.GoTo.Given() {
		target, ok := p.GoTo.Get()
		if !ok {
			return positionResult{}, paramsError("goto must be a string")
		}
		pos, err = s.App.GoTo(target)
		if errors.Is(err, core.ErrNotGoToTarget) {
			return positionResult{}, paramsError("Not a go-to target: " + target)
		}
	} else {
		id, perr := required(p.Action, "action")
		if perr != nil {
			return positionResult{}, perr
		}
		act, ok := core.LookupAction(id)
		if !ok || !act.Moves() {
			return positionResult{}, paramsError("Not a navigation action: " + id)
		}
		pos, err = s.App.Navigate(act)
	}
	if err != nil {
		return positionResult{}, paramsError(err.Error())
	}
	return positionJSON(pos), nil
}

func (s *Server) read(p readParams) (playbackResult, *Error) {
	if !s.App.HasDocument() {
		return playbackResult{}, noDoc()
	}
	var from *int
	if p.From.Given() {
		n, ok := p.From.Get()
		if !ok {
			return playbackResult{}, paramsError("from must be a char offset")
		}
		from = new(int(n))
	}
	what := "cursor"
	if p.What.Given() {
		w, ok := p.What.Get()
		if !ok {
			return playbackResult{}, paramsError("what must be a string")
		}
		what = w
	}
	state, err := s.App.Read(what, from)
	if err != nil {
		return playbackResult{}, paramsError(err.Error())
	}
	return playbackResult{Playback: state}, nil
}

func (s *Server) pause(noParams) (playbackResult, *Error) {
	state, err := s.App.Pause()
	if err != nil {
		return playbackResult{}, noDoc()
	}
	return playbackResult{Playback: state}, nil
}

func (s *Server) resume(noParams) (playbackResult, *Error) {
	state, err := s.App.Resume()
	if err != nil {
		return playbackResult{}, noDoc()
	}
	return playbackResult{Playback: state}, nil
}

func (s *Server) stop(noParams) (playbackResult, *Error) {
	return playbackResult{Playback: s.App.Stop()}, nil
}

func (s *Server) search(p searchParams) (searchResult, *Error) {
	if !s.App.HasDocument() {
		return searchResult{}, noDoc()
	}
	pattern, perr := required(p.Pattern, "pattern")
	if perr != nil {
		return searchResult{}, perr
	}
	isRegex := false
	if p.Regex.Given() {
		var ok bool
		if isRegex, ok = p.Regex.Get(); !ok {
			return searchResult{}, paramsError("regex must be true or false")
		}
	}
	matches, current, err := s.App.Search(pattern, isRegex)
	if err != nil {
		return searchResult{}, paramsError(err.Error())
	}
	r := searchResult{Matches: make([]matchResult, 0, len(matches))}
	for _, m := range matches {
		r.Matches = append(r.Matches, matchResult{End: m.End, Line: m.Line, Start: m.Start})
	}
	if current >= 0 {
		r.Current = &current
	}
	return r, nil
}

func (s *Server) text(p textParams) (textResult, *Error) {
	if !s.App.HasDocument() {
		return textResult{}, noDoc()
	}
	var start, end *int
	for _, f := range []struct {
		name string
		p    param[natural]
		dst  **int
	}{{"start", p.Start, &start}, {"end", p.End, &end}} {
		if !f.p.Given() {
			continue
		}
		n, ok := f.p.Get()
		if !ok {
			return textResult{}, paramsError(f.name + " must be a char offset")
		}
		*f.dst = new(int(n))
	}
	text, st, en, err := s.App.TextRange(start, end)
	if err != nil {
		return textResult{}, noDoc()
	}
	return textResult{End: en, Start: st, Text: text}, nil
}

func (s *Server) outline(noParams) (outlineResult, *Error) {
	items, pages, err := s.App.Outline()
	if err != nil {
		return outlineResult{}, noDoc()
	}
	r := outlineResult{Items: make([]outlineItem, 0, len(items)), Pages: pages}
	for _, it := range items {
		r.Items = append(r.Items, outlineItem{Char: it.Char, Level: it.Level, Line: it.Line, Text: it.Text})
	}
	return r, nil
}

func (s *Server) notes(noParams) (notesResult, *Error) {
	notes, err := s.App.Notes()
	if err != nil {
		return notesResult{}, noDoc()
	}
	r := notesResult{Notes: make([]noteResult, 0, len(notes))}
	for _, n := range notes {
		r.Notes = append(r.Notes, noteResult{Anchor: n.Anchor, Color: n.Color, End: n.End, ID: n.ID,
			Line: n.Line, Start: n.Start, Tags: n.Tags, Text: n.Text})
	}
	return r, nil
}

func (s *Server) highlights(noParams) (highlightsResult, *Error) {
	hs, err := s.App.Highlights()
	if err != nil {
		return highlightsResult{}, noDoc()
	}
	r := highlightsResult{Highlights: make([]highlightResult, 0, len(hs))}
	for _, h := range hs {
		r.Highlights = append(r.Highlights, highlightResult{Color: h.Color, End: h.End, ID: h.ID, Line: h.Line,
			Start: h.Start, Text: h.Text})
	}
	return r, nil
}

func (s *Server) info(noParams) (infoResult, *Error) {
	info, err := s.App.Info()
	if err != nil {
		return infoResult{}, noDoc()
	}
	return infoResult{Author: info.Author, Bookmarks: info.Bm, Chars: info.Chars, Format: info.Format,
		Headings: info.Headings, Highlights: info.Highlights, Language: info.Language, Lines: info.Lines,
		Notes: info.Notes, Path: nullIfEmpty(info.Path), Rate: info.Rate, ReadingMinutes: info.ReadingMinutes,
		Title: info.Title, Words: info.Words}, nil
}

func (s *Server) insert(p textOnlyParams) (insertResult, *Error) {
	if !s.App.HasDocument() {
		return insertResult{}, noDoc()
	}
	text, perr := required(p.Text, "text")
	if perr != nil {
		return insertResult{}, perr
	}
	if !s.App.Editing() {
		return insertResult{}, &Error{codeNotEditing, msgNotEditing}
	}
	effects, status := s.App.Insert(text)
	s.noteQuit(effects)
	pos, _ := s.App.Position()
	return insertResult{Effects: effectsJSON(effects), Position: positionJSON(pos), Status: status}, nil
}

// noteQuit ends the session when the effects of an answer end it.
func (s *Server) noteQuit(effects []core.Effect) {
	for _, e := range effects {
		if _, ok := e.(core.QuitEffect); ok {
			s.setExited()
		}
	}
}

// ui is the answer of a method that may open or close a prompt or a list.
func (s *Server) ui(effects []core.Effect, status string) uiResult {
	s.noteQuit(effects)
	return uiResult{Effects: effectsJSON(effects), Status: status}
}

// notesCommands are the spec's notes commands: their answers to action
// have status and effects, and pending only when a question waits.
var notesCommands = map[string]bool{
	"add_note": true, "list_notes": true, "next_note": true, "previous_note": true,
	"toggle_highlight": true, "list_highlights": true, "rename_bookmark": true,
	"delete_bookmark": true, "note_links": true,
}

func (s *Server) action(p actionParams) (actionResult, *Error) {
	id, perr := required(p.ID, "id")
	if perr != nil {
		return actionResult{}, perr
	}
	act, ok := core.LookupAction(id)
	if !ok {
		return actionResult{}, paramsError("No action " + id)
	}
	var confirm *bool
	if p.Confirm.Given() {
		b, ok := p.Confirm.Get()
		if !ok {
			return actionResult{}, paramsError("confirm must be true or false")
		}
		confirm = &b
	}
	res := s.App.Run(act, confirm)
	ui := s.ui(res.Effects, res.Status)
	r := actionResult{Effects: ui.Effects, Status: ui.Status}
	if !notesCommands[id] || res.Pending != nil {
		r.Pending = maybePending{shown: true, p: pendingJSON(res.Pending)}
	}
	return r, nil
}

func (s *Server) answer(p textOnlyParams) (uiResult, *Error) {
	text, perr := required(p.Text, "text")
	if perr != nil {
		return uiResult{}, perr
	}
	return s.ui(s.App.Answer(text)), nil
}

func (s *Server) choose(p chooseParams) (uiResult, *Error) {
	index, ok := p.Index.Get()
	if !ok {
		return uiResult{}, paramsError("index must be a number")
	}
	return s.ui(s.App.Choose(int(index))), nil
}

func (s *Server) cancel(noParams) (uiResult, *Error) {
	return s.ui(s.App.Cancel()), nil
}

func (s *Server) listState(noParams) (*listResult, *Error) {
	return listJSON(s.App.ListState()), nil
}

func (s *Server) listKey(p keyParams) (listKeyResult, *Error) {
	key, perr := required(p.Key, "key")
	if perr != nil {
		return listKeyResult{}, perr
	}
	effects, status, err := s.App.ListKey(key)
	if err != nil {
		return listKeyResult{}, paramsError(err.Error())
	}
	ui := s.ui(effects, status)
	return listKeyResult{Effects: ui.Effects, List: listJSON(s.App.ListState()), Status: ui.Status}, nil
}

func (s *Server) promptState(noParams) (*promptResult, *Error) {
	return promptJSON(s.App.PromptState()), nil
}

func (s *Server) promptKey(p promptKeyParams) (promptKeyResult, *Error) {
	var effects []core.Effect
	var status string
	var err error
	if text, ok := p.Text.Get(); ok {
		effects, status, err = s.App.PromptKey("", &text)
	} else {
		key, perr := required(p.Key, "key")
		if perr != nil {
			return promptKeyResult{}, perr
		}
		effects, status, err = s.App.PromptKey(key, nil)
	}
	if err != nil {
		return promptKeyResult{}, paramsError(err.Error())
	}
	ui := s.ui(effects, status)
	return promptKeyResult{Effects: ui.Effects, Prompt: promptJSON(s.App.PromptState()), Status: ui.Status}, nil
}

func (s *Server) settingsSchema(noParams) ([]map[string]any, *Error) {
	if s.Settings == nil {
		return nil, noMethod("settings_schema")
	}
	return s.Settings.SchemaJSON(), nil
}

func (s *Server) getSetting(p settingParams) (settingResult, *Error) {
	if s.Settings == nil {
		return settingResult{}, noMethod("get_setting")
	}
	return s.setting(p)
}

func (s *Server) setSetting(p settingParams) (settingResult, *Error) {
	if s.Settings == nil {
		return settingResult{}, noMethod("set_setting")
	}
	path, perr := required(p.Path, "path")
	if perr != nil {
		return settingResult{}, perr
	}
	var value any
	if p.Value.Raw != nil {
		var ok bool
		if value, ok = p.Value.Get(); !ok {
			return settingResult{}, paramsError("value must be JSON")
		}
	}
	if _, err := s.Settings.Set(path, value); err != nil {
		return settingResult{}, paramsError(settingMessage(err))
	}
	return s.setting(p)
}

// setting answers the setting's value as it is now.
func (s *Server) setting(p settingParams) (settingResult, *Error) {
	path, perr := required(p.Path, "path")
	if perr != nil {
		return settingResult{}, perr
	}
	value, err := s.Settings.Get(path)
	if err != nil {
		return settingResult{}, paramsError(settingMessage(err))
	}
	spoken, _ := s.Settings.Spoken(path)
	return settingResult{Path: path, Spoken: spoken, Value: value}, nil
}

// settingMessage is the sentence for a settings error: the store's own,
// ending with a full stop for an unknown path ("There is no setting x.").
func settingMessage(err error) string {
	msg := err.Error()
	if errors.Is(err, settings.ErrUnknown) && !strings.HasSuffix(msg, ".") {
		msg += "."
	}
	return msg
}

func (s *Server) shutdown(noParams) (nullResult, *Error) {
	s.App.Stop()
	s.App.Save()
	s.mu.Lock()
	s.shutDown = true
	s.mu.Unlock()
	return nil, nil
}

func (s *Server) exit(noParams) (nullResult, *Error) {
	s.App.Close()
	s.setExited()
	return nil, nil
}
