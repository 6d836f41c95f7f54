// Package core is the app core of tw: it owns the open document, the
// cursor, playback, prompts, lists, questions, bookmarks, notes and
// highlights. Every front end — the JSON-RPC server, the terminal reader —
// sends it the same commands and hears the same announcements.
//
// An App is safe for concurrent use: every exported method takes its lock.
// Speech callbacks never take that lock directly; they queue events that
// one goroutine of the App applies in order, so stopping speech while
// holding the lock cannot deadlock.
package core

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"log"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"time"

	"textfirst/internal/tw/doc"
	"textfirst/internal/tw/docstate"
	"textfirst/internal/tw/load"
	"textfirst/internal/tw/mathspeech"
	"textfirst/internal/tw/settings"
	"textfirst/internal/tw/units"
)

// Priority of an announcement.
type Priority string

const (
	Polite    Priority = "polite"
	Assertive Priority = "assertive"
)

// The modes a front end draws and keys differently, as the protocol names
// them (prompts have modes of their own, named by what they ask).
const (
	ModeBrowse       = "Browse"
	ModeEdit         = "Edit"
	ModeSpeechCursor = "Speech Cursor"
	// ModeMath is exploring a formula term by term (explore_math).
	ModeMath = "Math"
)

// Playback states, as the protocol names them.
const (
	Reading = "reading"
	Paused  = "paused"
	Stopped = "stopped"
)

// Events receives what the app says and does, in order. Implementations
// must not call back into the App.
type Events interface {
	Announce(text string, p Priority)
	Playback(state string)
	Position(start, end, line int)
}

// Speaker is a speech engine as the app sees it. Read starts reading the
// document range [from, to) and returns at once; word is called for each
// word as it is heard (document offsets); done is called exactly once.
// Stop ends reading at once. Say speaks an announcement.
type Speaker interface {
	ID() string
	Read(d *doc.Document, from, to int, word func(start, end int), done func(completed bool))
	Stop()
	Say(text string)
}

// ContinuousSpeaker is a Speaker that can read continuously: ReadContinuous
// is Read of the indexed document ix.Doc saying its structure too
// (headings, lists, tables row by row, quotes, code, graphics, notes;
// package narration), while word still gives only the document's own
// words. Continuous reading (read from the cursor, say all, and their
// resumption) uses it when the voice has it. The index is the app's own,
// safe for concurrent use.
type ContinuousSpeaker interface {
	ReadContinuous(ix *units.Index, from, to int, word func(start, end int), done func(completed bool))
}

// RateReader is a Speaker that can read a range at a rate of its own,
// words a minute, leaving speech.rate as it is (repeat_sentence_slower).
type RateReader interface {
	ReadAtRate(d *doc.Document, from, to, rate int, word func(start, end int), done func(completed bool))
}

// Settings is what the app reads of the settings store.
type Settings interface {
	Int(path string) int
	Bool(path string) bool
	String(path string) string
}

// Loader loads a document from a path.
type Loader func(path string) (*doc.Document, error)

// PasswordLoader loads an encrypted document from a path with a password.
type PasswordLoader func(path, password string) (*doc.Document, error)

// Options configure an App.
type Options struct {
	Home     string
	Events   Events
	Speaker  Speaker  // nil: silent, reading takes no time
	Settings Settings // nil: defaults
	Load     Loader
	// LoadPassword opens a document whose loader said it needs a password
	// (doc.ErrPasswordRequired), after the document_password prompt. Nil:
	// such documents cannot be opened.
	LoadPassword PasswordLoader
	// Parse derives a document from edited source text (no I/O).
	Parse func(path string, data []byte) (*doc.Document, error)
	// Reload loads data as the file at path as Load would, its tracked
	// changes read as revisions says (changes.go); nil: load.BytesOptions.
	Reload func(path string, data []byte, revisions string) (*doc.Document, error)
	Logger *log.Logger
	// Spell gives the speller of spelling checks; nil: the system's word
	// list (spell.System).
	Spell func() (Speller, error)
	// ExportAudio writes d read aloud to out, an audio file in format
	// (export.audio_format: "wav", "flac", "ogg", "mp3"), atomically,
	// calling progress with the fraction done; cancelling ctx stops it and
	// leaves no file. Nil: the export_audio action says it is not
	// available (core does not speak for itself).
	ExportAudio func(ctx context.Context, d *doc.Document, out, format string, progress func(done float64)) error
	// Now is the clock of the reading timer and the reading statistics;
	// nil: the time of day.
	Now func() time.Time
	// DictationInput is a 16 kHz mono WAV file dictation hears instead
	// of the microphone; "": the microphone.
	DictationInput string
	// Clipboard reads the system clipboard for paste_plain_text; ok is
	// false when there is none. Nil: the desktop's, through wl-paste,
	// xclip or xsel when there is a display.
	Clipboard func() (c ClipboardContents, ok bool)
}

// Pending is a yes-or-no question waiting for an answer.
type Pending struct {
	Action   string
	Question string
	yes      func() // runs on yes
	no       func() // runs on no, when set, in place of saying the answer
}

// App is the reader.
type App struct {
	mu   sync.Mutex
	opts Options
	st   docstate.Store

	// The open document.
	d     *doc.Document
	ix    *units.Index
	title string
	state *docstate.DocState
	base  *docstate.DocState // the state as last loaded or written, for merging
	// encrypted: the open document was opened with its password; its
	// state is saved without excerpts of its text.
	encrypted bool
	// placeUnsaved: the last write of the place failed and was told.
	placeUnsaved bool
	cursor       int
	sel          *units.Range
	editing      bool
	dirty        bool

	mode string
	// math explores the formula at the cursor in ModeMath.
	math    *mathspeech.Explorer
	status  string
	pending *Pending
	prompt  *Prompt
	list    *List
	find    *findState
	// searchOpts are how Find matches (search_options), for the session.
	searchOpts searchOptions
	dictating  *dictation // the dictation under way, nil when none
	quitting   bool

	playback  string
	readGen   uint64
	readEnd   int
	spokenEnd int // the end of the range the voice was last given (speak)
	heard     *units.Range
	follow    bool
	narrate   bool        // a continuous reading: the voice says the structure too (ContinuousSpeaker)
	pass      string      // the reading pass (readingpass.go)
	plan      readingPlan // what the continuous reading in progress does besides reading on
	stopTime  time.Time   // when continuous reading stops by itself (the stop_at prompt); zero: never
	stats     statsRecorder
	rsvp      *rsvpState // RSVP while it is shown (rsvp.go); nil: hidden
	rsvpGen   uint64     // the generation of RSVP's timer: a tick of an older one does nothing
	// listening is the rendered document read by listen_rendered while
	// the source is edited (its positions are not the source's); nil
	// otherwise.
	listening *units.Index
	colors    func() []string // the front end's colors and their contrast (SetColorLister)
	speechQ   *eventQueue
	after     []func()
	effects   []Effect
	edit      *editState
	clipboard string
	job       *exportJob // the export running in the background, or nil
	libs      libraryState
	closed    bool
	hashOf    *doc.Document // the document textHash belongs to
	textHash  string
	wrapped   bool      // the last structure move wrapped around
	fresh     bool      // just opened: no move has left the top yet (see markerNav)
	visits    []visit   // the documents left by following links to other pages, newest last
	forwards  []visit   // the pages Back left, newest last; Forward opens them again
	pages     pageTrail // the page the last link opened (see backToPage)
	lowerOf   *doc.Document
	lower     string
	history   map[string][]string // earlier answers of each prompt purpose
	closeOnce sync.Once
	autosave  autosaver
	spellMemo spellMemo   // the words the speller knows, for Misspellings
	problems  problemMemo // the lint and grammar problems, for TextProblems

	keyOf          KeyNamer        // the front end's keys, for menus and help
	keysArrived    int             // key overrides that arrived by sync (KeyOverridesArrived)
	browserPreview *previewState   // the browser preview kept up to date, if any
	front          map[string]bool // actions the front end performs itself
	menuAt         int             // the menu F10 opens: the one used last

	// unsavedSource is the source of a new document never saved, kept
	// while edit mode is off (its reading view has lost the markup).
	unsavedSource string
	guide         bool   // the open document is the user guide
	guideReturn   string // the document F1 in the guide goes back to
	notices       []string
	quiet         bool                    // the quiet screen: the front end hides the text
	review        *reviewState            // the open Word document's review not saved (changes.go), or nil
	parked        map[string]parkedReview // the reviews not saved of documents left, by path
}

// maxNotices is how many announcements the notice history keeps.
const maxNotices = 200

// New returns an App with no document open.
func New(opts Options) *App {
	if opts.Events == nil {
		opts.Events = nopEvents{}
	}
	if opts.Settings == nil {
		opts.Settings = Defaults{}
	}
	if opts.Logger == nil {
		opts.Logger = log.New(discard{}, "", 0)
	}
	a := &App{opts: opts, st: docstate.Store{Home: opts.Home}, mode: ModeBrowse, playback: Stopped}
	a.speechQ = newEventQueue()
	go a.speechQ.run(a.applySpeechEvent)
	return a
}

type discard struct{}

func (discard) Write(p []byte) (int, error) { return len(p), nil }

type nopEvents struct{}

func (nopEvents) Announce(string, Priority) {}
func (nopEvents) Playback(string)           {}
func (nopEvents) Position(int, int, int)    {}

// Defaults answers every setting with its default, as the settings schema
// gives it.
type Defaults = settings.Defaults

// ErrNoDocument is returned by methods that need an open document.
var ErrNoDocument = errors.New("No document is open; call open first")

// Errors of a request that names no action, a navigation that is not one,
// or a go-to target that is not one; each is wrapped with what was given.
var (
	errNoAction      = errors.New("core: no such action")
	errNotNavigation = errors.New("core: not a navigation action")
	ErrNotGoToTarget = errors.New("core: not a go-to target")
)

// Doc returns the open document, or nil.
func (a *App) Doc() *doc.Document {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.d
}

// HasDocument reports whether a document is open.
func (a *App) HasDocument() bool {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.d != nil
}

// --- announcements -------------------------------------------------------

// say announces text politely, records it as the status, and speaks it.
func (a *App) say(text string) {
	if a.wrapped {
		a.wrapped = false
		text = a.tr("Wrapped. %s", text)
	}
	a.announce(text, Polite)
}

func (a *App) sayError(text string) { a.announce(text, Assertive) }

func (a *App) announce(text string, p Priority) {
	a.record(text, p)
	if p == Polite && a.opts.Settings.String("accessibility.interface_announcements") == "off" {
		return // shown and sent to the front end, not spoken
	}
	if a.opts.Speaker != nil && a.playback != Reading {
		a.opts.Speaker.Say(text)
	}
}

// record makes text the status, keeps it in the message history and
// sends it to the front end.
func (a *App) record(text string, p Priority) {
	a.status = text
	if len(a.notices) >= maxNotices {
		a.notices = append(a.notices[:0], a.notices[len(a.notices)-maxNotices+1:]...)
	}
	a.notices = append(a.notices, text)
	a.opts.Events.Announce(text, p)
}

// NoticeSpeaker is a Speaker that can say a notice which no later
// announcement cuts off (speech.Service).
type NoticeSpeaker interface{ SayNotice(text string) }

// AnnounceNotice says a notice from outside the app (a settings warning,
// a speech engine that fell back, no audio device) so that it is heard
// whole: "Opened …" said next waits for it instead of cutting it off.
func (a *App) AnnounceNotice(text string) {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.record(text, Polite)
	if a.opts.Speaker == nil || a.playback == Reading {
		return
	}
	if ns, ok := a.opts.Speaker.(NoticeSpeaker); ok {
		ns.SayNotice(text)
		return
	}
	a.opts.Speaker.Say(text)
}

// Announce says text to the user as the app's own announcements are said
// (a notice from outside the app, such as a speech engine fallback).
func (a *App) Announce(text string, p Priority) {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.announce(text, p)
}

// RunDeferred runs the work queued to happen after the answer to the
// current request (the silent engine's position and "stopped").
func (a *App) RunDeferred() {
	a.mu.Lock()
	after := a.after
	a.after = nil
	a.mu.Unlock()
	for _, f := range after {
		a.mu.Lock()
		f()
		a.mu.Unlock()
	}
}

func (a *App) defer_(f func()) { a.after = append(a.after, f) }

// --- opening ---------------------------------------------------------------

// OpenError is why a document could not be opened.
type OpenError struct {
	Path string
	Err  error
}

func (e *OpenError) Error() string { return fmt.Sprintf("Could not open %s: %v", e.Path, e.Err) }
func (e *OpenError) Unwrap() error { return e.Err }

// Open opens the document at path, saving the place in the one open
// before, and resumes at the saved place.
func (a *App) Open(path string) error {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.open(path)
}

// ErrPasswordAsked is what Open returns when the document is encrypted and
// the document_password prompt is now open: answering it opens the document.
var ErrPasswordAsked = errors.New("the document is encrypted: its password is asked for")

// OpenAsking is Open for a client that shows effects: when the document
// needs a password, the effects hold the document_password prompt and the
// error is ErrPasswordAsked.
func (a *App) OpenAsking(path string) ([]Effect, error) {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.effects = nil
	err := a.open(path)
	return a.takeEffects(), err
}

func (a *App) open(path string) error {
	// A web address is its own key for the place and marks; a file's
	// is its absolute path (an archive member's keeps its name inside
	// the archive).
	abs := path
	if !doc.IsWebAddress(path) {
		var err error
		if abs, _, err = load.AbsPath(path); err != nil {
			return &OpenError{path, err}
		}
	}
	d, err := a.opts.Load(abs)
	if errors.Is(err, doc.ErrPasswordRequired) && a.opts.LoadPassword != nil {
		a.askPassword(abs, false)
		return ErrPasswordAsked
	}
	if err != nil {
		return &OpenError{path, err}
	}
	a.openLoaded(abs, d, false)
	return nil
}

// askPassword opens the document_password prompt for the encrypted
// document at abs; the answer opens it. A wrong password says so and asks
// again; an empty answer or Escape leaves the open document as it was.
func (a *App) askPassword(abs string, again bool) {
	name := filepath.Base(abs)
	if i := strings.LastIndex(abs, "!"); i >= 0 {
		name = filepath.Base(abs[i+1:])
	}
	label := a.tr("Password for %s", name)
	if again {
		label = a.tr("Wrong password. Password for %s", name)
	}
	a.openPrompt(purposeDocumentPassword, label, "Password", func(password string) {
		if password == "" {
			a.say(a.tr("No password given; %s was not opened.", name))
			return
		}
		d, err := a.opts.LoadPassword(abs, password)
		switch {
		case errors.Is(err, doc.ErrPasswordIncorrect):
			a.askPassword(abs, true)
		case err != nil:
			a.sayError(a.errorText(&OpenError{abs, err}))
		default:
			a.openLoaded(abs, d, true)
		}
	})
	a.prompt.secret = true
}

// openLoaded makes the loaded document d (from abs) the open one: the
// place in the one before is saved, and reading resumes at d's saved place.
// encrypted is true for a document opened with its password: its state is
// saved without excerpts of its text (see docstate.StripExcerpts).
func (a *App) openLoaded(abs string, d *doc.Document, encrypted bool) {
	a.stopReading()
	placeErr := a.saveState()
	a.encrypted = encrypted
	if !doc.IsWebAddress(abs) {
		a.sweepTemps(abs)
	}
	a.parkReview(true)
	d, review := a.unparkReview(abs, d)
	a.install(d)
	a.review = review
	st, err := a.st.Load(abs)
	if err != nil {
		a.opts.Logger.Printf("%v", err)
	}
	if err == nil && !doc.IsWebAddress(abs) && !a.st.Has(abs) {
		// A book moved or renamed keeps its marks: they are found by its
		// text.
		if moved, ferr := a.st.FindMoved(abs, a.d.Len(), a.hash); ferr != nil {
			a.opts.Logger.Printf("%v", ferr)
		} else if moved != nil {
			st = moved
		}
	}
	a.state = st
	a.base = docstate.Clone(st)
	if err != nil {
		a.base = nil
	}
	a.relocateMarks()
	st.FillExcerpts(a.d.Slice, a.d.Len())
	title := a.title
	resumed := false
	if st.Place != nil && st.Place.Char > 0 && a.opts.Settings.Bool("reading.auto_resume") {
		a.cursor = a.firstWordAtOrAfter(st.Place.Char)
		resumed = a.cursor > 0
	}
	opened := a.tr("Opened %s.", title)
	if resumed {
		opened = a.tr("Opened %s. Resumed at %d percent.", title, a.percent(a.cursor))
	}
	if review != nil {
		opened += " " + a.tr("The changes decided and comments added before are back, not yet saved.")
	}
	// Another computer's place may win (sync.position_policy).
	elsewhere, askElsewhere := a.syncResume(abs)
	if elsewhere != "" {
		opened = a.tr("Opened %s.", title) + " " + elsewhere
	}
	a.say(opened)
	if askElsewhere != nil {
		askElsewhere()
	}
	if missing := a.missingAudioSaid(); missing != "" {
		a.say(missing)
	}
	if placeErr != nil {
		a.sayError(a.tr("Could not save the reading place in the document before: %s.", errReason(placeErr)))
	}
	if a.offerRecovery(abs) {
		// The question comes first; reading would talk over it.
		return
	}
	if a.opts.Settings.Bool("speech.auto_play") {
		a.read("cursor")
	}
}

// install makes d the open document with the cursor at the start.
func (a *App) install(d *doc.Document) {
	a.parkReview(false)
	a.d = d
	// What was made from the document before goes with it.
	a.hashOf, a.textHash = nil, ""
	a.lowerOf, a.lower = nil, ""
	a.ix = units.New(d)
	go a.ix.Warm()
	a.title = d.Meta.Title
	if a.title == "" {
		a.title = filepath.Base(d.Meta.Path)
	}
	a.cursor = 0
	a.fresh = true
	a.sel = nil
	a.find = nil
	a.heard = nil
	a.editing = false
	a.edit = nil
	a.dirty = false
	a.mode = ModeBrowse
	a.guide = false
	a.statsOpened()
	a.rsvpOff()
	a.viewChanged()
}

func (a *App) firstWordAtOrAfter(pos int) int {
	n := a.d.Len()
	if pos >= n {
		pos = n
	}
	if w, ok := a.ix.Word(pos); ok && w.Start == pos {
		return pos
	}
	if w, ok := a.ix.NextWord(pos); ok {
		return w.Start
	}
	if w, ok := a.ix.PreviousWord(pos); ok {
		return w.Start
	}
	return 0
}

// relocateMarks finds saved marks again when the text changed since they
// were saved: each mark moves to the occurrence of its context nearest to
// its old offset.
func (a *App) relocateMarks() {
	st := a.state
	if st.Hash == "" || (st.Length == a.d.Len() && st.Hash == a.hash()) {
		return
	}
	if st.Place != nil {
		st.Place.Char = a.relocate(st.Place.Char, st.Place.Context)
	}
	for i := range st.Bookmarks {
		st.Bookmarks[i].Char = a.relocate(st.Bookmarks[i].Char, st.Bookmarks[i].Context)
	}
	for i := range st.Notes {
		n := &st.Notes[i]
		start := a.relocateAnchor(n.Start, n.Anchor)
		n.End = start + (n.End - n.Start)
		n.Start = start
	}
	for i := range st.Highlights {
		h := &st.Highlights[i]
		start := a.relocateAnchor(h.Start, h.Text)
		h.End = start + (h.End - h.Start)
		h.Start = start
	}
}

// context returns about 40 characters around pos.
func (a *App) context(pos int) string {
	return a.d.Slice(max(0, pos-docstate.ContextRadius), min(a.d.Len(), pos+docstate.ContextRadius))
}

// relocate finds where a saved context now stands; the offset is the one
// the context implies (its saved distance from the context's start).
func (a *App) relocate(old int, context string) int {
	if context == "" {
		return min(old, a.d.Len())
	}
	lead := min(old, docstate.ContextRadius)
	at, ok := a.nearest(context, old-lead)
	if !ok {
		return min(old, a.d.Len())
	}
	return at + lead
}

func (a *App) relocateAnchor(old int, anchor string) int {
	if at, ok := a.nearest(anchor, old); ok {
		return at
	}
	return min(old, a.d.Len())
}

// nearest returns the occurrence of s nearest to the code-point offset near.
func (a *App) nearest(s string, near int) (int, bool) {
	if s == "" {
		return 0, false
	}
	text := a.d.Text
	best, found := 0, false
	for b := 0; b < len(text); {
		i := strings.Index(text[b:], s)
		if i < 0 {
			break
		}
		p := a.d.Pos(b + i)
		if !found || abs(p-near) < abs(best-near) {
			best, found = p, true
		}
		if p > near {
			break
		}
		b += i + 1
	}
	return best, found
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// hash returns the hash of the open text, computed once per text.
func (a *App) hash() string {
	if a.hashOf != a.d {
		a.hashOf, a.textHash = a.d, docstate.Hash(a.d.Text)
	}
	return a.textHash
}

// saveState writes the open document's state (place, history, marks),
// merged under a lock with what another process saved meanwhile (see
// docstate.Store.Update), and adopts the merged state. It returns the
// write's error, already logged; the state stays in memory either way, so
// a later write that succeeds saves what this one could not.
func (a *App) saveState() error {
	if err := a.writeState(); err != nil {
		a.opts.Logger.Printf("saving the reading place: %v", err)
		return err
	}
	a.refreshMarkList()
	return nil
}

func (a *App) writeState() error {
	if a.d == nil || a.state == nil || a.d.Meta.Path == "" {
		return nil
	}
	if a.editing && a.edit != nil {
		// Marks and the place are kept against the reading view.
		canon := a.syncCanonical()
		cur, d, ix := a.cursor, a.d, a.ix
		a.cursor = mapPosition(d, cur, canon)
		a.d, a.ix = canon, units.New(canon)
		a.editing = false
		err := a.writeState()
		a.editing = true
		a.d, a.ix, a.cursor = d, ix, cur
		return err
	}
	st := a.state
	st.Place = &docstate.Place{Char: a.cursor, Context: a.context(a.cursor)}
	st.Length = a.d.Len()
	st.Hash = a.hash()
	for i := range st.Bookmarks {
		st.Bookmarks[i].Context = a.context(st.Bookmarks[i].Char)
	}
	for i := range st.Notes {
		st.Notes[i].Context = a.context(st.Notes[i].Start)
	}
	for i := range st.Highlights {
		st.Highlights[i].Context = a.context(st.Highlights[i].Start)
	}
	if a.encrypted {
		st.StripExcerpts()
	}
	merged, err := a.st.Update(a.base, st)
	if err != nil {
		if a.encrypted {
			// st stays the state held: its excerpts back.
			st.FillExcerpts(a.d.Slice, a.d.Len())
		}
		return err
	}
	merged.FillExcerpts(a.d.Slice, a.d.Len())
	a.adoptState(merged)
	return nil
}

// adoptState makes st (as written) the state held and the base of the
// next merge; marks another process added are clamped to the text.
func (a *App) adoptState(st *docstate.DocState) {
	n := a.d.Len()
	for i := range st.Bookmarks {
		st.Bookmarks[i].Char = min(max(st.Bookmarks[i].Char, 0), n)
	}
	for i := range st.Notes {
		st.Notes[i].Start = min(max(st.Notes[i].Start, 0), n)
		st.Notes[i].End = min(max(st.Notes[i].End, st.Notes[i].Start), n)
	}
	for i := range st.Highlights {
		st.Highlights[i].Start = min(max(st.Highlights[i].Start, 0), n)
		st.Highlights[i].End = min(max(st.Highlights[i].End, st.Highlights[i].Start), n)
	}
	a.state = st
	a.sortBookmarks()
	a.sortNotes()
	a.sortHighlights()
	a.base = docstate.Clone(st)
}

// savePlace saves the state when the place is what changed (autosave,
// quitting, opening another document). A failure is told once, until a
// write works again; it reports whether the write worked.
func (a *App) savePlace() bool {
	err := a.saveState()
	switch {
	case err == nil:
		a.placeUnsaved = false
	case !a.placeUnsaved:
		a.placeUnsaved = true
		a.sayError(a.tr("Could not save the reading place: %s.", errReason(err)))
	}
	return err == nil
}

// saveMarks saves the state after a change of marks; when the write
// fails it tells the user that what (the bookmark, the note, …) could not
// be saved and why, and reports false. failed is the message's key, with
// one %s for the reason ("Could not save the bookmark: %s.").
func (a *App) saveMarks(failed string) bool {
	if err := a.saveState(); err != nil {
		a.sayError(a.tr(failed, errReason(err)))
		return false
	}
	return true
}

// errReason is the plain reason of a file error, such as "no space left
// on device" or "read-only file system".
func errReason(err error) string {
	var errno syscall.Errno
	if errors.As(err, &errno) {
		return errno.Error()
	}
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err.Error()
	}
	return err.Error()
}

// Save writes the reading place and marks now.
func (a *App) Save() {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.saveState()
}

// Recover brings the app back to a consistent state after a request
// panicked inside it (the front end recovered the panic): whatever prompt,
// list or question was open is closed, a half-finished edit mode is ended
// and the place is saved. It reports what it could not save.
func (a *App) Recover() (err error) {
	a.mu.Lock()
	defer a.mu.Unlock()
	defer func() {
		if v := recover(); v != nil {
			err = fmt.Errorf("saving the place after a failed request: %v", v)
		}
	}()
	a.viewChanged()
	a.effects = nil
	a.after = nil
	if a.editing && a.edit == nil {
		a.editing = false
	}
	if a.editing {
		a.mode = ModeEdit
	} else {
		a.mode = ModeBrowse
	}
	if a.d != nil && a.ix == nil {
		a.ix = units.New(a.d)
	}
	if a.d != nil {
		a.cursor = min(max(a.cursor, 0), a.d.Len())
	}
	return a.saveState()
}

// Close stops reading and saves the place. It is safe to call more than once.
func (a *App) Close() {
	a.closeOnce.Do(func() {
		a.mu.Lock()
		a.stopReading()
		a.saveState()
		a.closed = true
		a.stopLiveTimer()
		job := a.job
		a.mu.Unlock()
		if job != nil {
			// Stop the export and let it remove its temporary files.
			job.cancel()
			select {
			case <-job.done:
			case <-time.After(5 * time.Second):
			}
		}
		a.closeLibrary()
		a.speechQ.close()
	})
}

// --- positions -------------------------------------------------------------

func (a *App) percent(pos int) int {
	n := a.d.Len()
	if n == 0 {
		return 0
	}
	return pos * 100 / n
}

// Word is a word and its range.
type Word struct {
	Start, End int
	Text       string
}

// Position is where the cursor is.
type Position struct {
	Char, Line, Column, Percent int
	Word                        *Word
}

// DocInfo describes the open document.
type DocInfo struct {
	Title, Path, Format string
	Length, Lines       int
	Editing, Dirty      bool
}

// Position returns the cursor position.
func (a *App) Position() (Position, error) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.d == nil {
		return Position{}, ErrNoDocument
	}
	return a.position(), nil
}

func (a *App) position() Position {
	pos := a.cursor
	l := a.ix.LineOf(pos)
	p := Position{Char: pos, Line: l + 1, Column: pos - a.ix.LineStart(l) + 1, Percent: a.percent(pos)}
	if w, ok := a.ix.Word(pos); ok {
		p.Word = &Word{w.Start, w.End, a.d.Slice(w.Start, w.End)}
	}
	return p
}

// Info returns the open document's facts, or nil.
func (a *App) DocInfo() *DocInfo {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.docInfo()
}

func (a *App) docInfo() *DocInfo {
	if a.d == nil {
		return nil
	}
	return &DocInfo{Title: a.title, Path: a.d.Meta.Path, Format: a.d.Meta.Format,
		Length: a.d.Len(), Lines: a.ix.Lines(), Editing: a.editing, Dirty: a.dirty}
}

// StatusInfo is everything the status method reports.
type StatusInfo struct {
	Mode, Playback, Status, Backend string
	Rate                            int
	Document                        *DocInfo
	Position                        *Position
	Pending                         *Pending
}

// StatusInfo reports the app's state.
func (a *App) StatusInfo() StatusInfo {
	a.mu.Lock()
	defer a.mu.Unlock()
	s := StatusInfo{Mode: a.mode, Playback: a.playback, Status: a.status,
		Rate: a.opts.Settings.Int("speech.rate"), Document: a.docInfo(), Pending: a.pending}
	s.Backend = "silent"
	if a.opts.Speaker != nil {
		s.Backend = a.opts.Speaker.ID()
	}
	if a.d != nil {
		p := a.position()
		s.Position = &p
	}
	return s
}

// Playback returns the playback state.
func (a *App) Playback() string {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.playback
}

// preview returns up to eight words of text from pos, on one line. It
// looks at no more than previewChars characters, however long the line.
func (a *App) preview(pos int) string {
	l := a.ix.Line(a.ix.LineOf(pos))
	return a.previewText(a.d.Slice(pos, min(l.End, pos+previewChars)))
}

// lineText returns line l (0-based) as text.
func (a *App) lineText(l int) string {
	r := a.ix.Line(l)
	return a.d.Slice(r.Start, r.End)
}

// Announcements say a whole line when it is no longer than maxSpokenLine
// characters, as textweaver does; a longer one (a whole book on one line)
// is announced by its first eight words, like every other preview, so
// the time and memory of an announcement do not grow with the line.
const (
	maxSpokenLine = 500
	previewChars  = 2000 // enough for eight words of any real text
)

// spokenLine is line l as an announcement says it.
func (a *App) spokenLine(l int) string {
	r := a.ix.Line(l)
	if r.Len() <= maxSpokenLine {
		return a.d.Slice(r.Start, r.End)
	}
	return a.previewText(a.d.Slice(r.Start, min(r.End, r.Start+previewChars))) + " …"
}

func fileExists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}
