package speech

import (
	"fmt"
	"os/exec"
	"sort"

	"textfirst/internal/tw/speech/engine"
	"textfirst/internal/tw/speech/espeak"
	"textfirst/internal/tw/speech/sapi"
	"textfirst/internal/tw/speech/speechd"
)

// backend is an entry of the engine table.
type backend struct {
	info  engine.Info
	probe func() (bool, string)         // nil: never available here
	open  func() (engine.Engine, error) // nil: not built into tw
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
			open:  func() (engine.Engine, error) { return sapi.New() }},
		{info: engine.Info{ID: "dectalk", Name: "DECtalk", Priority: 300, Timing: "engine word events"},
			probe: func() (bool, string) {
				return false, "DECtalk is proprietary and not installed; tw has no driver for it on this system"
			}},
		{info: engine.Info{ID: "piper", Name: "Piper neural voices", Priority: 200, Timing: "estimated from audio length"},
			probe: func() (bool, string) {
				if _, err := exec.LookPath("piper"); err != nil {
					return false, "piper is not installed (it needs a downloaded voice model)"
				}
				return false, "piper is installed, but this build of tw has no driver for it"
			}},
		{info: engine.Info{ID: "espeak", Name: "eSpeak NG (libespeak-ng)", Priority: 50, Timing: "engine word events, released when their first audio sample is played"},
			probe: espeak.Available,
			open:  func() (engine.Engine, error) { return espeak.New() }},
		{info: engine.Info{ID: "speechd", Name: "Speech Dispatcher", Priority: 45, Timing: "SSML index marks reported by speech-dispatcher as heard"},
			probe: speechd.Available,
			open:  func() (engine.Engine, error) { return speechd.New() }},
		{info: engine.Info{ID: "null", Name: "No sound", Priority: 0, Timing: "estimated: 60/wpm seconds a word"},
			probe: func() (bool, string) { return true, "" },
			open:  func() (engine.Engine, error) { return nullEngine{}, nil }},
		{info: engine.Info{ID: "silent", Name: "Silent (--no-speech)", Priority: -1, Timing: "none: reading takes no time"},
			probe: func() (bool, string) { return true, "" },
			open:  func() (engine.Engine, error) { return silentEngine{}, nil }},
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
		info.Available, info.Reason = b.probe()
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

// openEngine opens the engine named id ("auto" for the best available) and
// says which one it opened and what to tell the user.
func openEngine(id string) (engine.Engine, []string, error) {
	var notices []string
	bs := backends()
	if id != "" && id != "auto" {
		for _, b := range bs {
			if b.info.ID != id {
				continue
			}
			ok, _ := b.probe()
			if ok && b.open != nil {
				e, err := b.open()
				if err == nil {
					return e, nil, nil
				}
			}
		}
		e, _, err := openEngine("auto")
		if err != nil {
			return nil, nil, err
		}
		notices = append(notices, fmt.Sprintf("Speech engine %s is not available; using %s", id, e.ID()))
		return e, notices, nil
	}
	for _, b := range bs {
		if b.info.ID == "silent" || b.open == nil {
			continue
		}
		if ok, _ := b.probe(); !ok {
			continue
		}
		if e, err := b.open(); err == nil {
			return e, nil, nil
		}
	}
	return nullEngine{}, nil, nil
}

// Voices lists the voices of the engine id ("auto": the one auto picks).
func Voices(id string) (string, []engine.Voice, []string, error) {
	e, notices, err := openEngine(id)
	if err != nil {
		return "", nil, nil, err
	}
	defer e.Close()
	vs, err := e.Voices()
	return e.ID(), vs, notices, err
}
