// Package speechd speaks through speech-dispatcher, the Linux speech
// service, over its SSIP protocol on a unix socket, as Orca does: every
// output module and its voices, module and voice chosen by setting, rate,
// pitch and volume mapped to speech-dispatcher's scales, punctuation and
// capital-letter modes, and SSML index marks for word positions. Each word
// of an utterance is preceded by a <mark/>; speech-dispatcher reports each
// mark as the audio reaches it (index-mark events, code 700), which names
// the word heard. Modules that report no marks (flite) get word positions
// estimated between the message's begin and end events.
package speechd

import (
	"context"
	"errors"
	"fmt"
	"net"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"textfirst/internal/tw/speech/engine"
)

// ModulesDir is where Debian installs speech-dispatcher's output modules.
var ModulesDir = "/usr/lib/speech-dispatcher-modules"

// Available reports whether speech-dispatcher runs (and answers, with at
// least one output module) or can be started, and why not.
func Available() (bool, string) {
	ok, reason, _ := Probe()
	return ok, reason
}

// Probe is Available with a detail for `tw backends`: the output modules of
// the running daemon, or how tw will start it.
func Probe() (ok bool, reason, detail string) {
	addr := Address()
	nc, err := net.DialTimeout("unix", addr, DialTimeout)
	if err != nil {
		if explicitAddress() {
			return false, fmt.Sprintf("speech-dispatcher is not running at %s (SPEECHD_ADDRESS): %v", addr, unwrapDial(err)), ""
		}
		if _, err := exec.LookPath("speech-dispatcher"); err != nil {
			return false, "speech-dispatcher is not installed (Debian: apt install speech-dispatcher speech-dispatcher-espeak-ng)", ""
		}
		mods, _ := filepath.Glob(filepath.Join(ModulesDir, "sd_*"))
		var names []string
		for _, m := range mods {
			if n := strings.TrimPrefix(filepath.Base(m), "sd_"); n != "dummy" && n != "generic" {
				names = append(names, n)
			}
		}
		if len(names) == 0 {
			return false, "speech-dispatcher is installed but has no output module (Debian: apt install speech-dispatcher-espeak-ng)", ""
		}
		return true, "", "not running; tw starts it (speech-dispatcher --spawn); modules installed: " + strings.Join(names, ", ")
	}
	nc.Close()
	c, err := dial()
	if err != nil {
		return false, err.Error(), ""
	}
	defer c.close()
	mods, err := c.list("LIST OUTPUT_MODULES")
	if err != nil {
		return false, err.Error(), ""
	}
	if len(usable(mods)) == 0 {
		return false, "speech-dispatcher runs but has no output module that speaks (only " + strings.Join(mods, ", ") + ")", ""
	}
	return true, "", "running; output modules: " + strings.Join(usable(mods), ", ")
}

// usable drops the dummy module, which only plays a recorded message.
func usable(mods []string) []string {
	var out []string
	for _, m := range mods {
		if m != "dummy" {
			out = append(out, m)
		}
	}
	return out
}

// Options choose the output module.
type Options struct {
	// Module is the output module ("espeak-ng", "flite", "festival"); ""
	// keeps the daemon's default. A voice id "module:name" overrides it.
	Module string
}

// Engine is the speech-dispatcher engine. Reading and announcements use two
// connections, so stopping one leaves the other alone.
type Engine struct {
	opts Options

	mu    sync.Mutex // guards read (one utterance at a time)
	read  *conn
	readP *sent
	annMu sync.Mutex
	ann   *conn
	annP  *sent

	vmu     sync.Mutex
	modules []string                  // output modules, listed once
	voices  map[string][]engine.Voice // by module, listed once each
	// markless are modules seen to report no index marks; their words
	// are paced by estimate from the start.
	markless map[string]bool
}

var _ engine.Speaker = (*Engine)(nil)

// New connects to speech-dispatcher, starting it if needed, and checks the
// output module asked for.
func New(opts Options) (*Engine, error) {
	c, err := dial()
	if err != nil {
		return nil, err
	}
	e := &Engine{opts: opts, read: c, markless: map[string]bool{"flite": true}}
	mods, err := e.Modules()
	if err != nil {
		c.close()
		return nil, err
	}
	if len(usable(mods)) == 0 {
		c.close()
		return nil, fmt.Errorf("speech-dispatcher has no output module that speaks (Debian: apt install speech-dispatcher-espeak-ng)")
	}
	if opts.Module != "" && !contains(mods, opts.Module) {
		c.close()
		return nil, fmt.Errorf("speech-dispatcher has no output module %q (it has %s)", opts.Module, strings.Join(mods, ", "))
	}
	// speech-dispatcher reports the first mark of its first audio before that
	// audio starts (by 1.5 s on a PulseAudio null sink, which starts a new
	// stream late). A word spoken at volume zero now makes the first reading
	// start on an open stream, so its first word is reported when heard.
	if _, err := c.request("SET SELF VOLUME -100"); err == nil {
		if opts.Module != "" {
			c.request("SET SELF OUTPUT_MODULE " + opts.Module)
		}
		c.speak("<speak>tw</speak>")
	}
	return e, nil
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func (e *Engine) ID() string { return "speechd" }

func (e *Engine) Close() error {
	e.mu.Lock()
	e.read.close()
	e.mu.Unlock()
	e.annMu.Lock()
	if e.ann != nil {
		e.ann.close()
	}
	e.annMu.Unlock()
	return nil
}

// Modules lists the daemon's output modules (LIST OUTPUT_MODULES).
func (e *Engine) Modules() ([]string, error) {
	e.vmu.Lock()
	defer e.vmu.Unlock()
	if e.modules != nil {
		return e.modules, nil
	}
	c, err := dial()
	if err != nil {
		return nil, err
	}
	defer c.close()
	mods, err := c.list("LIST OUTPUT_MODULES")
	if err != nil {
		return nil, err
	}
	e.modules = append([]string{}, mods...)
	return e.modules, nil
}

// ModuleVoices lists the voices of one output module (SET SELF
// OUTPUT_MODULE, then LIST SYNTHESIS_VOICES), each with its language and
// variant. Ids are "module:name", which speech.voice takes.
func (e *Engine) ModuleVoices(module string) ([]engine.Voice, error) {
	e.vmu.Lock()
	defer e.vmu.Unlock()
	if vs, ok := e.voices[module]; ok {
		return vs, nil
	}
	c, err := dial()
	if err != nil {
		return nil, err
	}
	defer c.close()
	if _, err := c.request("SET SELF OUTPUT_MODULE " + module); err != nil {
		return nil, fmt.Errorf("speech-dispatcher cannot use output module %s: %w", module, err)
	}
	lines, err := c.list("LIST SYNTHESIS_VOICES")
	if err != nil {
		return nil, fmt.Errorf("speech-dispatcher cannot list the voices of %s: %w", module, err)
	}
	vs := ParseVoices(module, lines)
	if e.voices == nil {
		e.voices = map[string][]engine.Voice{}
	}
	e.voices[module] = vs
	return vs, nil
}

// ParseVoices reads the lines of LIST SYNTHESIS_VOICES ("name\tlanguage\t
// variant", variant "none" for none) of module.
func ParseVoices(module string, lines []string) []engine.Voice {
	var out []engine.Voice
	for _, l := range lines {
		f := strings.Split(l, "\t")
		if f[0] == "" {
			continue
		}
		v := engine.Voice{ID: module + ":" + f[0], Name: f[0], Engine: "speechd", Module: module}
		if len(f) > 1 && f[1] != "none" {
			v.Language = f[1]
		}
		if len(f) > 2 && f[2] != "none" {
			v.Variant = f[2]
		}
		out = append(out, v)
	}
	return out
}

// Voices lists the voices of every output module (the module asked for
// first), module by module. A module that cannot list its voices is
// skipped when others can.
func (e *Engine) Voices() ([]engine.Voice, error) {
	mods, err := e.Modules()
	if err != nil {
		return nil, err
	}
	order := usable(mods)
	if e.opts.Module != "" {
		order = append([]string{e.opts.Module}, without(order, e.opts.Module)...)
	}
	var out []engine.Voice
	var errs []error
	for _, m := range order {
		vs, err := e.ModuleVoices(m)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		out = append(out, vs...)
	}
	if len(out) == 0 && len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	return out, nil
}

func without(list []string, s string) []string {
	var out []string
	for _, x := range list {
		if x != s {
			out = append(out, x)
		}
	}
	return out
}

// sent is what a connection was last told.
type sent struct {
	module, voice, punct, caps string
	rate, pitch, volume        int
}

// target splits a voice id into module and voice name: "flite:kal16" is
// module flite, voice kal16; a bare name stays in the configured module.
func (e *Engine) target(voice string) (module, name string) {
	module = e.opts.Module
	if m, n, ok := strings.Cut(voice, ":"); ok && m != "" {
		e.vmu.Lock()
		known := contains(e.modules, m)
		e.vmu.Unlock()
		if known {
			return m, n
		}
	}
	return module, voice
}

// RateFor maps words per minute to speech-dispatcher's rate (-100..100) for
// module. Each module maps that scale onto its own speeds: espeak-ng
// linearly onto 80..170..449 words per minute (its EspeakMinRate,
// NormalRate and MaxRate); flite and festival stretch durations by 1 - r/50
// below 0 and 1 - r/175 above, around a normal speed of about 170 words per
// minute. Other modules get the espeak-ng mapping.
func RateFor(module string, wpm int) int {
	const normal = 170
	var r int
	switch module {
	case "flite", "festival":
		// speed = 1/stretch, so stretch = normal/wpm.
		stretch := float64(normal) / float64(max(1, wpm))
		if stretch > 1 {
			r = int(-(stretch - 1) * 50)
		} else {
			r = int((1 - stretch) * 175)
		}
	default:
		if wpm < normal {
			r = (wpm - normal) * 100 / (normal - 80)
		} else {
			r = (wpm - normal) * 100 / (449 - normal)
		}
	}
	return min(100, max(-100, r))
}

// PitchFor maps semitones (-12..12) onto speech-dispatcher's -100..100.
func PitchFor(semitones int) int { return min(100, max(-100, semitones*100/12)) }

// VolumeFor maps percent (0..100) onto speech-dispatcher's -100..100.
func VolumeFor(percent int) int { return min(100, max(-100, percent*2-100)) }

// CapsFor maps speech.caps onto CAP_LET_RECOGN.
func CapsFor(mode string) string {
	switch mode {
	case "spell", "icon":
		return mode
	}
	return "none"
}

// setParams sends the settings that changed since the last message. punct
// is the punctuation mode for speech-dispatcher itself.
func (e *Engine) setParams(c *conn, last **sent, p engine.Params, punct string) error {
	p = p.Clamp()
	module, voice := e.target(p.Voice)
	s := sent{module: module, voice: voice, punct: punct, caps: CapsFor(p.Capitals),
		pitch: PitchFor(p.Pitch), volume: VolumeFor(p.Volume)}
	s.rate = RateFor(module, p.Rate)
	if voice != "" && (old(last) == nil || old(last).voice != voice || old(last).module != module) {
		if err := e.checkVoice(c, module, voice, p.Voice); err != nil {
			return err
		}
	}
	old := *last
	var cmds []string
	if module != "" && (old == nil || old.module != module) {
		cmds = append(cmds, "SET SELF OUTPUT_MODULE "+module)
	}
	// A module change resets the voice to the module's default.
	if voice != "" && (old == nil || old.voice != voice || old.module != module) {
		cmds = append(cmds, "SET SELF SYNTHESIS_VOICE "+voice)
	}
	if old == nil || old.rate != s.rate {
		cmds = append(cmds, fmt.Sprintf("SET SELF RATE %d", s.rate))
	}
	if old == nil || old.pitch != s.pitch {
		cmds = append(cmds, fmt.Sprintf("SET SELF PITCH %d", s.pitch))
	}
	if old == nil || old.volume != s.volume {
		cmds = append(cmds, fmt.Sprintf("SET SELF VOLUME %d", s.volume))
	}
	if old == nil || old.punct != s.punct {
		cmds = append(cmds, "SET SELF PUNCTUATION "+s.punct)
	}
	if old == nil || old.caps != s.caps {
		cmds = append(cmds, "SET SELF CAP_LET_RECOGN "+s.caps)
	}
	for _, cmd := range cmds {
		if _, err := c.request(cmd); err != nil {
			*last = nil
			if strings.HasPrefix(cmd, "SET SELF OUTPUT_MODULE") {
				return fmt.Errorf("speech-dispatcher cannot use output module %s: %w", module, err)
			}
			return err
		}
	}
	*last = &s
	return nil
}

func old(last **sent) *sent { return *last }

// checkVoice refuses a voice the module does not have (speech-dispatcher
// would take it silently and speak with another).
func (e *Engine) checkVoice(c *conn, module, voice, asked string) error {
	m := module
	if m == "" {
		// The module this connection speaks with: the daemon's default.
		rp, err := c.request("GET OUTPUT_MODULE")
		if err != nil || len(rp.lines) < 2 {
			return nil
		}
		m = rp.lines[0]
	}
	vs, err := e.ModuleVoices(m)
	if err != nil || len(vs) == 0 {
		return nil // the module cannot tell: let it try
	}
	for _, v := range vs {
		if v.Name == voice {
			return nil
		}
	}
	return fmt.Errorf("speech-dispatcher's %s module has no voice %q", m, asked)
}

// LastModule is the output module the last reading used ("" for the
// daemon's default).
func (e *Engine) LastModule() string {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.readP == nil {
		return ""
	}
	return e.readP.module
}

// SSML builds the message for u starting at word from: sentences wrapped in
// <s> (espeak-ng drops a mark right after a full stop otherwise), a mark
// named by the word index before each word, a break for the pause.
func SSML(u engine.Utterance, from, pauseMs int) string {
	runes := []rune(u.Text)
	var b strings.Builder
	b.WriteString("<speak><s>")
	pos := 0
	if from > 0 && from < len(u.Words) {
		pos = u.Words[from].Start
	}
	for i := from; i < len(u.Words); i++ {
		w := u.Words[i]
		gap := string(runes[pos:w.Start])
		if i > from && sentenceEnd(gap) {
			b.WriteString(escape(strings.TrimRight(gap, " ")))
			b.WriteString("</s><s>") // festival drops later marks after "</s> <s>"
		} else {
			b.WriteString(escape(gap))
		}
		fmt.Fprintf(&b, `<mark name="%d"/>`, i)
		b.WriteString(escape(string(runes[w.Start:w.End])))
		pos = w.End
	}
	if pos < len(runes) {
		b.WriteString(escape(string(runes[pos:])))
	}
	b.WriteString("</s>")
	if pauseMs > 0 {
		fmt.Fprintf(&b, `<break time="%dms"/>`, pauseMs)
	}
	b.WriteString("</speak>")
	return b.String()
}

func sentenceEnd(gap string) bool {
	t := strings.TrimRight(gap, " ")
	if t == "" || len(t) == len(gap) {
		return false
	}
	r, _ := utf8.DecodeLastRuneInString(t)
	return strings.ContainsRune(".!?…", r)
}

func escape(s string) string {
	return strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", "\n", " ").Replace(s)
}

// Speak implements engine.Speaker. When speech-dispatcher stops the
// message for another reason (an announcement of higher priority from any
// client), speaking goes on from the last word heard.
func (e *Engine) Speak(ctx context.Context, u engine.Utterance, p engine.Params, pauseMs int, word func(i int)) error {
	e.mu.Lock()
	defer e.mu.Unlock()
	if err := e.redial(&e.read, &e.readP); err != nil {
		return err
	}
	// The narration names punctuation itself (per speech.punctuation), so
	// the module must not name it again.
	if err := e.setParams(e.read, &e.readP, p, "none"); err != nil {
		return err
	}
	module := e.readP.module
	next := 0 // next word expected
	for attempt := 0; ; attempt++ {
		// Forget events of earlier messages.
		for len(e.read.events) > 0 {
			<-e.read.events
		}
		from := max(0, next-1)
		if attempt == 0 {
			from = 0
		}
		id, err := e.read.speak(SSML(u, from, pauseMs))
		if err != nil {
			return err
		}
		f := follower{e: e, c: e.read, id: id, u: u, next: &next, word: word, module: module,
			msPerRune: msPerRune(p.Rate, p.HighlightSpeed)}
		stopped, err := f.run(ctx)
		if err != nil || !stopped || ctx.Err() != nil || attempt > 20 {
			return err
		}
	}
}

// redial replaces a broken connection (the daemon was restarted).
func (e *Engine) redial(c **conn, last **sent) error {
	if *c != nil && (*c).brokenErr() == nil {
		return nil
	}
	nc, err := dial()
	if err != nil {
		return err
	}
	if *c != nil {
		(*c).c.Close()
	}
	*c, *last = nc, nil
	return nil
}

// msPerRune estimates how long a character of text takes at wpm (about
// six characters a word, space included), for a highlight that goes speed
// times as fast as that (highlight.speed; 0 is 1).
func msPerRune(wpm int, speed float64) float64 {
	if speed <= 0 {
		speed = 1
	}
	return 60000 / (float64(max(50, wpm)) * 6) / speed
}

// watchEvery is how long a reading may go without any event before tw asks
// the daemon whether it still answers.
var watchEvery = 3 * time.Second

// follower waits for the events of one message.
type follower struct {
	e         *Engine
	c         *conn
	id        string
	u         engine.Utterance
	next      *int
	word      func(int)
	module    string
	msPerRune float64
	marks     int // index marks seen
}

// upTo reports the words before i not reported yet (skipped by the
// module), then i itself, so that positions never go backwards or skip.
func (f *follower) upTo(i int) {
	for ; *f.next <= i && *f.next < len(f.u.Words); *f.next++ {
		f.word(*f.next)
	}
}

// run follows the message until it ends. It reports stopped=true when
// speech-dispatcher stopped it without being asked.
func (f *follower) run(ctx context.Context) (bool, error) {
	var begin time.Time // 701 seen; words are then estimated for markless modules
	first := *f.next
	timer := time.NewTimer(time.Hour)
	defer timer.Stop()
	watch := time.NewTimer(watchEvery)
	defer watch.Stop()
	schedule := func() {
		if begin.IsZero() || !f.e.isMarkless(f.module) || *f.next >= len(f.u.Words) {
			return
		}
		base := f.u.Words[first].Start
		at := begin.Add(time.Duration(float64(f.u.Words[*f.next].Start-base) * f.msPerRune * float64(time.Millisecond)))
		timer.Reset(max(0, time.Until(at)))
	}
	for {
		select {
		case <-ctx.Done():
			f.c.request("STOP SELF")
			// Wait briefly for the stop to be confirmed, so that audio is off.
			t := time.After(time.Second)
			for {
				select {
				case ev := <-f.c.events:
					if ev.msgID == f.id && (ev.code == 702 || ev.code == 703) {
						return false, nil
					}
				case <-t:
					return false, nil
				case <-f.c.closed:
					return false, nil
				}
			}
		case <-timer.C:
			f.upTo(*f.next)
			schedule()
		case <-watch.C:
			// No event for a while: a stopped daemon would leave us waiting
			// forever. Any reply, even a refusal, shows it is alive.
			if _, err := f.c.request("GET OUTPUT_MODULE"); err != nil && (errors.Is(err, ErrNoReply) || f.c.brokenErr() != nil) {
				return false, fmt.Errorf("speech-dispatcher stopped while reading: %w", err)
			}
			watch.Reset(watchEvery)
		case ev := <-f.c.events:
			watch.Reset(watchEvery)
			if ev.msgID != f.id {
				continue
			}
			switch ev.code {
			case 701:
				begin = time.Now()
				schedule()
			case 700:
				f.marks++
				if i, err := strconv.Atoi(ev.mark); err == nil && i >= *f.next {
					f.upTo(i)
				}
			case 702:
				// Everything was spoken: words with no mark were heard too.
				if f.marks == 0 && len(f.u.Words)-first > 1 && !f.e.isMarkless(f.module) {
					f.e.setMarkless(f.module)
				}
				f.upTo(len(f.u.Words) - 1)
				return false, nil
			case 703:
				return true, nil
			}
		case <-f.c.closed:
			return false, errors.New("speech-dispatcher closed the connection while reading (it stopped or crashed)")
		}
	}
}

func (e *Engine) isMarkless(module string) bool {
	e.vmu.Lock()
	defer e.vmu.Unlock()
	return e.markless[module]
}

func (e *Engine) setMarkless(module string) {
	e.vmu.Lock()
	defer e.vmu.Unlock()
	e.markless[module] = true
}

// Announce implements engine.Speaker: on its own connection, at priority
// "important", so that it is heard at once (speech-dispatcher pauses the
// reading, which goes on afterwards; "message" would wait for the end of
// the utterance being read); the previous announcement is cancelled.
func (e *Engine) Announce(text string, p engine.Params) error {
	return e.announce(text, p, true)
}

// AnnounceQueued is Announce without cancelling the announcement being
// heard: speech-dispatcher speaks "important" messages one after another,
// in the order they came.
func (e *Engine) AnnounceQueued(text string, p engine.Params) error {
	return e.announce(text, p, false)
}

func (e *Engine) announce(text string, p engine.Params, cancel bool) error {
	e.annMu.Lock()
	defer e.annMu.Unlock()
	if e.ann == nil || e.ann.brokenErr() != nil {
		c, err := dial()
		if err != nil {
			return err
		}
		if _, err := c.request("SET SELF PRIORITY important"); err != nil {
			c.c.Close()
			return err
		}
		if e.ann != nil {
			e.ann.c.Close()
		}
		e.ann, e.annP = c, nil
	}
	// Announcements are plain text: speech-dispatcher names their
	// punctuation at the listener's level, as it does for Orca.
	if err := e.setParams(e.ann, &e.annP, p, p.Clamp().Punctuation); err != nil {
		return err
	}
	if cancel {
		e.ann.request("CANCEL SELF")
	}
	_, err := e.ann.speak("<speak>" + escape(text) + "</speak>")
	return err
}

// Silence stops the announcement in progress.
func (e *Engine) Silence() {
	e.annMu.Lock()
	defer e.annMu.Unlock()
	if e.ann != nil {
		e.ann.request("CANCEL SELF")
	}
}
