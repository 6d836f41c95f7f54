package core_test

import (
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"textfirst/internal/tw/core"
	"textfirst/internal/tw/doc"
	"textfirst/internal/tw/load"
	"textfirst/internal/tw/readstats"
	"textfirst/internal/tw/settings"
	"textfirst/internal/tw/units"
)

// sectionsMD has three sections, two of them chapters (level 1).
const sectionsMD = "# Alpha\n\nOne fish. Two fish.\n\n## Beta\n\nRed fish. Blue fish.\n\n# Gamma\n\nOld fish. New fish.\n"

// rangeVoice is a voice that reads at once: each range asked for is
// kept with its rate (0 for speech.rate), its words are heard, and the
// reading ends completed, from a goroutine of its own as a real voice's
// do.
type rangeVoice struct {
	mu    sync.Mutex
	read  []string
	rates []int
}

func (v *rangeVoice) ID() string { return "ranges" }
func (v *rangeVoice) Read(d *doc.Document, from, to int, word func(int, int), done func(bool)) {
	v.readAt(d, from, to, 0, word, done)
}
func (v *rangeVoice) ReadContinuous(ix *units.Index, from, to int, word func(int, int), done func(bool)) {
	v.readAt(ix.Doc, from, to, 0, word, done)
}
func (v *rangeVoice) ReadAtRate(d *doc.Document, from, to, rate int, word func(int, int), done func(bool)) {
	v.readAt(d, from, to, rate, word, done)
}
func (v *rangeVoice) readAt(d *doc.Document, from, to, rate int, word func(int, int), done func(bool)) {
	v.mu.Lock()
	v.read = append(v.read, d.Slice(from, to))
	v.rates = append(v.rates, rate)
	v.mu.Unlock()
	ix := units.New(d)
	go func() {
		for w, ok := ix.Word(from); ok && w.Start < to; w, ok = ix.NextWord(w.Start) {
			word(w.Start, w.End)
		}
		done(true)
	}()
}
func (v *rangeVoice) Stop()      {}
func (v *rangeVoice) Say(string) {}

func (v *rangeVoice) ranges() []string {
	v.mu.Lock()
	defer v.mu.Unlock()
	return append([]string(nil), v.read...)
}

// fakeClock is the app's clock in the tests.
type fakeClock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *fakeClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *fakeClock) advance(d time.Duration) {
	c.mu.Lock()
	c.now = c.now.Add(d)
	c.mu.Unlock()
}

// playbackEvents keeps what the app says and signals each playback state
// and announcement.
type playbackEvents struct {
	recorder
	states chan string
	says   chan string
	clock  *fakeClock // advanced a minute by each word heard, when not nil
}

func (p *playbackEvents) Position(int, int, int) {
	if p.clock != nil {
		p.clock.advance(time.Minute)
	}
}

func (p *playbackEvents) Playback(s string) { p.states <- s }

func (p *playbackEvents) Announce(text string, pr core.Priority) {
	p.recorder.Announce(text, pr)
	p.says <- text
}

// waitSaid waits for the app to say something that starts with want, and
// returns it.
func (p *playbackEvents) waitSaid(t *testing.T, want string) string {
	t.Helper()
	for {
		select {
		case s := <-p.says:
			if strings.HasPrefix(s, want) {
				return s
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("the app never said %q; last %q", want, p.last())
		}
	}
}

// waitStopped waits for the playback to become stopped.
func (p *playbackEvents) waitStopped(t *testing.T) {
	t.Helper()
	for {
		select {
		case s := <-p.states:
			if s == core.Stopped {
				return
			}
		case <-time.After(10 * time.Second):
			t.Fatal("the reading did not stop")
		}
	}
}

// openAdapting opens text in an app reading with v, its settings values
// set, on the clock c.
func openAdapting(t *testing.T, text string, v core.Speaker, c *fakeClock, values map[string]any) (*core.App, *playbackEvents, string) {
	t.Helper()
	dir := t.TempDir()
	path := writeTestFile(t, filepath.Join(dir, "fish.md"), text)
	home := filepath.Join(dir, "home")
	st, _, err := settings.Open(home)
	if err != nil {
		t.Fatal(err)
	}
	for k, val := range values {
		if _, err := st.Set(k, val); err != nil {
			t.Fatal(err)
		}
	}
	ev := &playbackEvents{states: make(chan string, 1000), says: make(chan string, 1000), clock: c}
	opts := core.Options{Home: home, Events: ev, Speaker: v, Settings: settingsStore{st}, Load: load.File, Parse: load.Bytes}
	if c != nil {
		opts.Now = c.Now
	}
	app := core.New(opts)
	t.Cleanup(app.Close)
	if err := app.Open(path); err != nil {
		t.Fatal(err)
	}
	return app, ev, home
}

// TestReadingPassChoosesWhatContinuousReadingSays: each pass reads its
// own ranges, in order, and is named when chosen.
func TestReadingPassChoosesWhatContinuousReadingSays(t *testing.T) {
	tests := []struct {
		presses int
		named   string
		want    []string
	}{
		{0, "", []string{"Alpha\n\nOne fish. Two fish.\n\nBeta\n\nRed fish. Blue fish.\n\nGamma\n\nOld fish. New fish."}},
		{1, "Reading pass: first sentences with headings.", []string{"Alpha", "One fish.", "Beta", "Red fish.", "Gamma", "Old fish."}},
		{2, "Reading pass: headings only.", []string{"Alpha", "Beta", "Gamma"}},
		{3, "Reading pass: full text.", nil},
	}
	for _, tt := range tests {
		t.Run(tt.named, func(t *testing.T) {
			v := &rangeVoice{}
			app, ev, _ := openAdapting(t, sectionsMD, v, nil, nil)
			for range tt.presses {
				mustAction(t, app, "reading_pass", nil)
			}
			if got := ev.last(); tt.named != "" && got != tt.named {
				t.Errorf("said %q, want %q", got, tt.named)
			}
			mustAction(t, app, "read_document", nil)
			ev.waitStopped(t)
			got := v.ranges()
			if tt.want == nil {
				tt.want = tests[0].want
			}
			if strings.Join(got, "|") != strings.Join(tt.want, "|") {
				t.Errorf("read %q, want %q", got, tt.want)
			}
		})
	}
}

// TestRepeatSentenceSlowerSaysTheSentenceSlower: the sentence at the
// cursor, only it, at speech.rate less 60, the setting and the cursor
// left as they were.
func TestRepeatSentenceSlowerSaysTheSentenceSlower(t *testing.T) {
	v := &rangeVoice{}
	app, ev, _ := openAdapting(t, "One fish two fish. Red fish blue fish.\n", v, nil, map[string]any{"speech.rate": 300})
	mustAction(t, app, "repeat_sentence_slower", nil)
	ev.waitStopped(t)
	if got := v.ranges(); len(got) != 1 || got[0] != "One fish two fish." {
		t.Errorf("read %q", got)
	}
	if v.rates[0] != 240 {
		t.Errorf("read at %d words a minute, want 240", v.rates[0])
	}
	if c := cursorOf(t, app); c != 0 {
		t.Errorf("the cursor moved to %d", c)
	}
}

// TestStopAtSectionEnd: reading.stop_at stops continuous reading at the
// next heading (or chapter), the cursor there, and says so; reading on
// reads the next section.
func TestStopAtSectionEnd(t *testing.T) {
	tests := []struct {
		stopAt string
		first  []string
		second []string
	}{
		{"heading", []string{"Alpha\n\nOne fish. Two fish.\n\n"}, []string{"Beta\n\nRed fish. Blue fish.\n\n"}},
		{"chapter", []string{"Alpha\n\nOne fish. Two fish.\n\nBeta\n\nRed fish. Blue fish.\n\n"}, []string{"Gamma\n\nOld fish. New fish."}},
	}
	for _, tt := range tests {
		t.Run(tt.stopAt, func(t *testing.T) {
			v := &rangeVoice{}
			app, ev, _ := openAdapting(t, sectionsMD, v, nil, map[string]any{"reading.stop_at": tt.stopAt})
			mustAction(t, app, "read_from_cursor", nil)
			ev.waitSaid(t, "End of section. Read from the cursor to go on.")
			if got := v.ranges(); strings.Join(got, "|") != strings.Join(tt.first, "|") {
				t.Errorf("read %q, want %q", got, tt.first)
			}
			mustAction(t, app, "read_from_cursor", nil)
			ev.waitStopped(t)
			if got := v.ranges()[1:]; strings.Join(got, "|") != strings.Join(tt.second, "|") {
				t.Errorf("read on %q, want %q", got, tt.second)
			}
		})
	}
}

// TestStopAtPromptTimeStopsAtASentenceEnd: the stop_at prompt's minutes
// stop continuous reading at the first sentence to start once they have
// passed (each word heard here takes a minute of the fake clock).
func TestStopAtPromptTimeStopsAtASentenceEnd(t *testing.T) {
	clock := &fakeClock{now: time.Date(2026, 12, 3, 21, 0, 0, 0, time.UTC)}
	v := &rangeVoice{}
	app, ev, _ := openAdapting(t, "One fish two fish. Red fish blue fish. Old fish new fish.\n", v, clock, nil)
	mustAction(t, app, "stop_at", nil)
	if ps := app.PromptState(); ps == nil || ps.Purpose != "stop_at" {
		t.Fatalf("no stop_at prompt: %+v", ps)
	}
	if _, said := app.Answer("6"); said != "Reading will stop at 21:06." {
		t.Fatalf("said %q", said)
	}
	mustAction(t, app, "read_from_cursor", nil)
	ev.waitSaid(t, "Time is up: the reading stopped at 21:08.")
	if c := cursorOf(t, app); c != len("One fish two fish. Red fish blue fish. ") {
		t.Errorf("stopped with the cursor at %d, want the start of the third sentence", c)
	}
}

// TestStopAtPromptAnswers: each answer the prompt takes, and one it
// refuses.
func TestStopAtPromptAnswers(t *testing.T) {
	clock := &fakeClock{now: time.Date(2026, 12, 3, 21, 0, 0, 0, time.UTC)}
	tests := []struct{ answer, said string }{
		{"22:30", "Reading will stop at 22:30."},
		{"20:15", "Reading will stop at 20:15."},
		{"90", "Reading will stop at 22:30."},
		{"chapter", "Reading will stop at the end of each chapter."},
		{"section", "Reading will stop at the end of each section."},
		{"off", "Reading will not stop by itself."},
		{"soon", "soon is not a time. Give a time such as 22:30, minutes such as 20, chapter, section, or off."},
	}
	app, _, _ := openAdapting(t, sectionsMD, &rangeVoice{}, clock, nil)
	for _, tt := range tests {
		mustAction(t, app, "stop_at", nil)
		if _, said := app.Answer(tt.answer); said != tt.said {
			t.Errorf("%q: said %q, want %q", tt.answer, said, tt.said)
		}
	}
}

// TestReadingStatisticsCountTheReading: reading aloud adds its time, its
// furthest point and one session per opening to the statistics under the
// home, which the reading_statistics list shows.
func TestReadingStatisticsCountTheReading(t *testing.T) {
	clock := &fakeClock{now: time.Date(2026, 12, 3, 21, 0, 0, 0, time.UTC)}
	v := &rangeVoice{}
	app, ev, home := openAdapting(t, sectionsMD, v, clock, nil)
	mustAction(t, app, "read_document", nil)
	ev.waitStopped(t)
	mustAction(t, app, "read_document", nil)
	ev.waitStopped(t)
	s, err := readstats.Load(home)
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Documents) != 1 {
		t.Fatalf("statistics of %d documents", len(s.Documents))
	}
	for _, d := range s.Documents {
		// 15 words, a minute each, read twice.
		if d.Sessions != 1 || d.Furthest != 100 || d.Seconds != 30*60 {
			t.Errorf("statistics %+v, want one session, furthest 100 percent, 30 minutes", d)
		}
	}
	res := mustAction(t, app, "reading_statistics", nil)
	var items []string
	for _, e := range res.Effects {
		if l, ok := e.(core.ListEffect); ok {
			items = l.Items
		}
	}
	want := []string{
		"In all: 30 min read aloud, sessions: 1, documents: 1.",
		"This document: 30 min read aloud, sessions: 1, furthest point: 100 percent.",
		"1. Alpha: 30 min read aloud, sessions: 1, furthest point: 100 percent.",
	}
	if strings.Join(items, "\n") != strings.Join(want, "\n") {
		t.Errorf("the list:\n%s\nwant\n%s", strings.Join(items, "\n"), strings.Join(want, "\n"))
	}
}

func cursorOf(t *testing.T, app *core.App) int {
	t.Helper()
	p, err := app.Position()
	if err != nil {
		t.Fatal(err)
	}
	return p.Char
}

// wordEvents records the words RSVP shows, as positions.
type wordEvents struct {
	playbackEvents
	words chan [2]int
}

func (w *wordEvents) Position(start, end, _ int) { w.words <- [2]int{start, end} }

// TestRSVPShowsTheWordsInOrder: RSVP played shows the words after the
// cursor one by one, each as a position, at reading_aids.rsvp.wpm; paused,
// it shows no more; rsvp_faster changes the rate by 25.
func TestRSVPShowsTheWordsInOrder(t *testing.T) {
	dir := t.TempDir()
	path := writeTestFile(t, filepath.Join(dir, "fish.md"), "One fish two fish red fish.\n")
	st, _, err := settings.Open(filepath.Join(dir, "home"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := st.Set("reading_aids.rsvp.wpm", 1500); err != nil {
		t.Fatal(err)
	}
	ev := &wordEvents{playbackEvents{states: make(chan string, 100), says: make(chan string, 100)}, make(chan [2]int, 100)}
	app := core.New(core.Options{Home: filepath.Join(dir, "home"), Events: ev, Settings: settingsStore{st}, Load: load.File, Parse: load.Bytes})
	t.Cleanup(app.Close)
	if err := app.Open(path); err != nil {
		t.Fatal(err)
	}
	mustAction(t, app, "rsvp_toggle", nil)
	if got := app.View().RSVP; got == nil || got.Word != "One" || got.Playing {
		t.Fatalf("RSVP shown: %+v", got)
	}
	mustAction(t, app, "rsvp_play_pause", nil)
	d := app.Doc()
	var shown []string
	for len(shown) < 5 {
		select {
		case w := <-ev.words:
			shown = append(shown, d.Slice(w[0], w[1]))
		case <-time.After(10 * time.Second):
			t.Fatalf("RSVP showed %q and no more", shown)
		}
	}
	if strings.Join(shown, " ") != "fish two fish red fish" {
		t.Errorf("RSVP showed %q", shown)
	}
	ev.waitSaid(t, "End of document.")
	if v := app.View().RSVP; v == nil || v.Playing || v.Word != "fish" {
		t.Errorf("at the end: %+v", v)
	}
	if _, said := mustActionSaid(t, app, "rsvp_faster"); said != "Fastest RSVP rate." {
		t.Errorf("faster at 1500: %q", said)
	}
	if _, said := mustActionSaid(t, app, "rsvp_slower"); said != "RSVP 1475 words per minute." {
		t.Errorf("slower: %q", said)
	}
	if _, said := mustActionSaid(t, app, "rsvp_toggle"); said != "RSVP off." || app.View().RSVP != nil {
		t.Errorf("hidden: %q", said)
	}
}

func mustActionSaid(t *testing.T, app *core.App, id string) (core.ActionResult, string) {
	t.Helper()
	res := mustAction(t, app, id, nil)
	return res, res.Status
}

// TestListenRenderedReadsTheDocumentAsItRenders: in edit mode,
// listen_rendered reads the rendered text, not the Markdown source, and
// leaves the caret where it was; outside edit mode it says what it is for.
func TestListenRenderedReadsTheDocumentAsItRenders(t *testing.T) {
	v := &rangeVoice{}
	app, ev, _ := openAdapting(t, "# Fish\n\nOne *red* fish.\n", v, nil, nil)
	if _, said := mustActionSaid(t, app, "listen_rendered"); !strings.HasPrefix(said, "Listening to the rendered document is for edit mode") {
		t.Errorf("outside edit mode: %q", said)
	}
	mustAction(t, app, "toggle_edit_mode", nil)
	before := cursorOf(t, app)
	mustAction(t, app, "listen_rendered", nil)
	ev.waitStopped(t)
	if got := v.ranges(); len(got) != 1 || got[0] != "Fish\n\nOne red fish." {
		t.Errorf("read %q, want the rendered text", got)
	}
	if c := cursorOf(t, app); c != before {
		t.Errorf("the caret moved from %d to %d", before, c)
	}
	if _, said := mustActionSaid(t, app, "about"); !strings.HasPrefix(said, "tw "+core.Version+", a reader compatible with textweaver") {
		t.Errorf("about said %q", said)
	}
}

// TestSkimCountsTheFurthestPointHeard: a skim of the headings read to its
// end has reached the last heading, not the end of the document.
func TestSkimCountsTheFurthestPointHeard(t *testing.T) {
	v := &rangeVoice{}
	app, ev, home := openAdapting(t, sectionsMD, v, nil, nil)
	mustAction(t, app, "reading_pass", nil)
	mustAction(t, app, "reading_pass", nil)
	mustAction(t, app, "read_document", nil)
	ev.waitStopped(t)
	s, err := readstats.Load(home)
	if err != nil {
		t.Fatal(err)
	}
	gamma := strings.Index("Alpha\n\nOne fish. Two fish.\n\nBeta\n\nRed fish. Blue fish.\n\nGamma", "Gamma") + len("Gamma")
	for _, d := range s.Documents {
		if d.FurthestChar != gamma {
			t.Errorf("furthest point %d (%d percent), want %d, the end of the last heading", d.FurthestChar, d.Furthest, gamma)
		}
	}
}
