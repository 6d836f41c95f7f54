package speech

import (
	"fmt"
	"os/exec"
	"sort"
	"strings"

	"textfirst/internal/tw/i18n"
	"textfirst/internal/tw/speech/engine"
	"textfirst/internal/tw/speech/espeak"
	"textfirst/internal/tw/speech/sapi"
	"textfirst/internal/tw/speech/speechd"
)

// backend is an entry of the engine table.
type backend struct {
	info  engine.Info
	probe func() (bool, string) // nil: never available here
	// full, when set, is probe for Backends, also saying what it found.
	full func() (bool, string, string)
	open func(engineOpts) (engine.Engine, error) // nil: not built into tw
}

func selection(id string) string {
	return fmt.Sprintf("--backend %s or speech.backend = %q; auto takes it when no available engine has a higher priority", id, id)
}

// backends lists every engine tw knows, by priority (highest first).
func backends() []backend {
	bs := []backend{
		{info: engine.Info{ID: "eci", Name: "ETI-Eloquence", Priority: 1000, Timing: "engine word events"},
			probe: func() (bool, string) {
				return false, "ETI-Eloquence is proprietary and not installed; tw has no driver for it on this system"
			}},
		{info: engine.Info{ID: "sapi", Name: "Microsoft SAPI 5", Priority: 500, Timing: "engine word events"},
			probe: sapi.Available,
			open:  func(engineOpts) (engine.Engine, error) { return sapi.New() }},
		{info: engine.Info{ID: "dectalk", Name: "DECtalk", Priority: 300, Timing: "engine word events"},
			probe: func() (bool, string) {
				return false, "DECtalk is proprietary and not installed; tw has no driver for it on this system"
			}},
		{info: engine.Info{ID: "piper", Name: "Piper neural voices", Priority: 200, Timing: "estimated from audio length"},
			probe: func() (bool, string) {
				if _, err := exec.LookPath("piper"); err != nil {
					return false, "piper is not installed here (no piper program on PATH; it also needs a downloaded voice model), and this build of tw has no driver for it"
				}
				return false, "piper is installed, but this build of tw has no driver for it"
			}},
		{info: engine.Info{ID: "espeak", Name: "eSpeak NG (libespeak-ng)", Priority: 50, Timing: "engine word events, released when their first audio sample is played"},
			probe: espeak.Available,
			open:  func(engineOpts) (engine.Engine, error) { return espeak.New() }},
		{info: engine.Info{ID: "speechd", Name: "Speech Dispatcher", Priority: 45, Timing: "SSML index marks reported by speech-dispatcher as heard"},
			probe: speechd.Available,
			full:  speechd.Probe,
			open:  func(o engineOpts) (engine.Engine, error) { return speechd.New(speechd.Options{Module: o.module}) }},
		{info: engine.Info{ID: "null", Name: "No sound", Priority: 0, Timing: "estimated: 60/wpm seconds a word"},
			probe: func() (bool, string) { return true, "" },
			open:  func(engineOpts) (engine.Engine, error) { return nullEngine{}, nil }},
		{info: engine.Info{ID: "silent", Name: "Silent (--no-speech)", Priority: -1, Timing: "none: reading takes no time"},
			probe: func() (bool, string) { return true, "" },
			open:  func(engineOpts) (engine.Engine, error) { return silentEngine{}, nil }},
	}
	for i := range bs {
		bs[i].info.Selection = selection(bs[i].info.ID)
	}
	bs[len(bs)-2].info.Selection = "--backend null or speech.backend = \"null\"; auto takes it when no other engine is available"
	bs[len(bs)-1].info.Selection = "--no-speech (or --backend silent); auto never takes it"
	sort.SliceStable(bs, func(i, j int) bool { return bs[i].info.Priority > bs[j].info.Priority })
	return bs
}

// Backends describes every engine, available or not, by priority.
func Backends() []engine.Info {
	var out []engine.Info
	for _, b := range backends() {
		info := b.info
		if b.full != nil {
			info.Available, info.Reason, info.Detail = b.full()
		} else {
			info.Available, info.Reason = b.probe()
		}
		out = append(out, info)
	}
	return out
}

// IsBackend reports whether id names an engine (available or not), or is "auto".
func IsBackend(id string) bool {
	if id == "auto" || id == "" {
		return true
	}
	for _, b := range backends() {
		if b.info.ID == id {
			return true
		}
	}
	return false
}

// engineOpts are what opening an engine needs besides its id.
type engineOpts struct {
	module string // speech-dispatcher output module
	// strict: an engine asked for by name that cannot open is an error
	// (with the reason), never a fallback (tw speak, tw voices).
	strict bool
	// language is the interface language of the notices ("" English).
	language string
}

// tr formats a notice in the interface language.
func (o engineOpts) tr(key string, args ...any) string {
	return i18n.For(o.language).Sprintf(key, args...)
}

// openEngine opens the engine named id ("auto" for the best available) and
// says which one it opened and what to tell the user.
func openEngine(id string, o engineOpts) (engine.Engine, []string, error) {
	bs := backends()
	if id != "" && id != "auto" {
		reason := "tw does not know this engine"
		for _, b := range bs {
			if b.info.ID != id {
				continue
			}
			ok, why := b.probe()
			switch {
			case !ok:
				reason = why
			case b.open == nil:
				reason = "this build of tw has no driver for it"
			default:
				e, err := b.open(o)
				if err == nil {
					return e, nil, nil
				}
				reason = err.Error()
			}
		}
		reason = strings.TrimSuffix(reason, ".")
		if o.strict {
			return nil, nil, &UnavailableError{ID: id, Reason: reason}
		}
		e, _, err := openEngine("auto", o)
		if err != nil {
			return nil, nil, err
		}
		// The first sentence is the protocol's; the second says why.
		return e, []string{
			o.tr("Speech engine %s is not available; using %s", id, e.ID()),
			o.tr("Why %s is not available: %s.", id, reason),
		}, nil
	}
	for _, b := range bs {
		if b.info.ID == "silent" || b.open == nil {
			continue
		}
		if ok, _ := b.probe(); !ok {
			continue
		}
		if e, err := b.open(o); err == nil {
			return e, nil, nil
		}
	}
	return nullEngine{}, nil, nil
}

// UnavailableError says why an engine asked for by name cannot speak here.
type UnavailableError struct {
	ID     string
	Reason string
}

func (e *UnavailableError) Error() string {
	return fmt.Sprintf("speech engine %s is not available here: %s", e.ID, e.Reason)
}

// Voices lists the voices of the engine id ("auto": the one auto picks). An
// engine named that is not available here is an *UnavailableError.
func Voices(id, module string) (string, []engine.Voice, []string, error) {
	e, notices, err := openEngine(id, engineOpts{module: module, strict: true})
	if err != nil {
		return id, nil, nil, err
	}
	defer e.Close()
	vs, err := e.Voices()
	for i := range vs {
		if vs[i].Engine == "" {
			vs[i].Engine = e.ID()
		}
	}
	return e.ID(), vs, notices, err
}
