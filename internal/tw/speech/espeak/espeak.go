// Package espeak drives libespeak-ng, loaded at run time with purego so tw
// builds without cgo. It is the engine with exact word timing: each WORD
// event names a code point of the text and the sample where the word's audio
// starts.
//
// libespeak-ng keeps its voice and parameters in globals and crashes when two
// syntheses overlap, so every call goes through one process-wide lock, and
// the library is initialised once.
package espeak

import (
	"errors"
	"fmt"
	"sort"
	"strings"
	"sync"
	"unsafe"

	"github.com/ebitengine/purego"

	"textfirst/internal/tw/speech/engine"
)

// Constants of speak_lib.h (espeak-ng 1.51).
const (
	audioOutputSynchronous = 2
	initializeDontExit     = 0x8000
	posCharacter           = 1
	charsUTF8              = 1
	flagEndPause           = 0x1000

	paramRate        = 1
	paramVolume      = 2
	paramPitch       = 3
	paramPunctuation = 5
	paramCapitals    = 6

	eventListTerminated = 0
	eventWord           = 1
	eventSampleRate     = 8
)

// event mirrors espeak_EVENT on 64-bit systems.
type event struct {
	typ        int32
	uid        uint32
	textPos    int32 // 1-based code point of the text
	length     int32
	audioPos   int32 // milliseconds
	sample     int32 // sample index within this espeak_Synth call
	userData   uintptr
	idOrNumber uint64
}

// voiceStruct mirrors espeak_VOICE.
type voiceStruct struct {
	name       *byte
	languages  *byte
	identifier *byte
	gender     uint8
	age        uint8
	variant    uint8
	xx1        uint8
	score      int32
	spare      uintptr
}

var lib struct {
	once    sync.Once
	err     error
	mu      sync.Mutex // serialises every call into the library
	rate    int
	emit    func(pcm []int16, evs []event) bool // the current synthesis' sink
	aborted bool

	initialize           func(output, buflength int32, path *byte, options int32) int32
	setSynthCallback     func(cb uintptr)
	synth                func(text string, size uintptr, position uint32, posType int32, end uint32, flags uint32, uid *uint32, user uintptr) int32
	synchronize          func() int32
	setParameter         func(param, value, relative int32) int32
	setVoiceByName       func(name string) int32
	setVoiceByProperties func(v *voiceStruct) int32
	listVoices           func(spec uintptr) unsafe.Pointer
}

// load opens and initialises libespeak-ng once.
func load() error {
	lib.once.Do(func() {
		var h uintptr
		var errs []string
		for _, name := range libNames {
			var err error
			h, err = openLibrary(name)
			if err == nil {
				break
			}
			errs = append(errs, err.Error())
		}
		if h == 0 {
			lib.err = fmt.Errorf("espeak: libespeak-ng not found (%s)", strings.Join(errs, "; "))
			return
		}
		defer func() {
			if r := recover(); r != nil {
				lib.err = fmt.Errorf("espeak: libespeak-ng lacks a function: %v", r)
			}
		}()
		purego.RegisterLibFunc(&lib.initialize, h, "espeak_Initialize")
		purego.RegisterLibFunc(&lib.setSynthCallback, h, "espeak_SetSynthCallback")
		purego.RegisterLibFunc(&lib.synth, h, "espeak_Synth")
		purego.RegisterLibFunc(&lib.synchronize, h, "espeak_Synchronize")
		purego.RegisterLibFunc(&lib.setParameter, h, "espeak_SetParameter")
		purego.RegisterLibFunc(&lib.setVoiceByName, h, "espeak_SetVoiceByName")
		purego.RegisterLibFunc(&lib.setVoiceByProperties, h, "espeak_SetVoiceByProperties")
		purego.RegisterLibFunc(&lib.listVoices, h, "espeak_ListVoices")
		rate := lib.initialize(audioOutputSynchronous, 50, nil, initializeDontExit)
		if rate <= 0 {
			lib.err = errors.New("espeak: espeak_Initialize failed (is espeak-ng-data installed?)")
			return
		}
		lib.rate = int(rate)
		lib.setSynthCallback(purego.NewCallback(synthCallback))
	})
	return lib.err
}

// synthCallback receives audio and events while espeak_Synth runs, on the
// goroutine that called it (which holds lib.mu).
func synthCallback(wav *int16, numSamples int32, events *event) int32 {
	if lib.aborted {
		return 1
	}
	var pcm []int16
	if wav != nil && numSamples > 0 {
		pcm = unsafe.Slice(wav, int(numSamples))
	}
	var evs []event
	if events != nil {
		for p := events; p.typ != eventListTerminated; p = (*event)(unsafe.Add(unsafe.Pointer(p), unsafe.Sizeof(event{}))) {
			evs = append(evs, *p)
		}
	}
	if lib.emit != nil && !lib.emit(pcm, evs) {
		lib.aborted = true
		return 1
	}
	return 0
}

// Available reports whether libespeak-ng can be loaded, and why not.
func Available() (bool, string) {
	if err := load(); err != nil {
		return false, "libespeak-ng is not installed (Debian: apt install libespeak-ng1)"
	}
	return true, ""
}

// Engine is the libespeak-ng engine. It is safe for concurrent use.
type Engine struct{}

var _ engine.Synthesizer = (*Engine)(nil)

// New loads libespeak-ng.
func New() (*Engine, error) {
	if err := load(); err != nil {
		return nil, err
	}
	return &Engine{}, nil
}

func (*Engine) ID() string      { return "espeak" }
func (*Engine) SampleRate() int { return lib.rate }
func (*Engine) Close() error    { return nil }

// DefaultLanguage is the language of the voice "" names: English, the
// voice espeak-ng falls back to (setVoice).
func (*Engine) DefaultLanguage() string { return "en" }

// Voices lists espeak-ng's voices; the id is the voice's identifier
// ("gmw/en-US"), which SetVoiceByName accepts, and the language its first
// language.
func (*Engine) Voices() ([]engine.Voice, error) {
	lib.mu.Lock()
	defer lib.mu.Unlock()
	arr := lib.listVoices(0)
	if arr == nil {
		return nil, errors.New("espeak: espeak_ListVoices returned nothing")
	}
	var out []engine.Voice
	for p := arr; ; p = unsafe.Add(p, unsafe.Sizeof(uintptr(0))) {
		vp := *(**voiceStruct)(p)
		if vp == nil {
			break
		}
		v := engine.Voice{ID: goString(vp.identifier), Name: goString(vp.name), Language: firstLanguage(vp.languages)}
		switch vp.gender {
		case 1:
			v.Gender = "male"
		case 2:
			v.Gender = "female"
		}
		out = append(out, v)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out, nil
}

func goString(p *byte) string {
	if p == nil {
		return ""
	}
	var b []byte
	for q := unsafe.Pointer(p); *(*byte)(q) != 0; q = unsafe.Add(q, 1) {
		b = append(b, *(*byte)(q))
	}
	return string(b)
}

// firstLanguage reads the first entry of espeak_VOICE.languages: a priority
// byte followed by a NUL-terminated language name.
func firstLanguage(p *byte) string {
	if p == nil || *p == 0 {
		return ""
	}
	return goString((*byte)(unsafe.Add(unsafe.Pointer(p), 1)))
}

// setVoice selects a voice by name or identifier, else by language (which
// SetVoiceByName does not accept, e.g. "en-gb"). An unknown voice gives the
// default voice, so that a stale setting never silences reading (the
// service tells the user once). Called with lib.mu held.
func setVoice(voice string) {
	if voice != "" {
		if lib.setVoiceByName(voice) == 0 {
			return
		}
		lang := append([]byte(voice), 0)
		v := voiceStruct{languages: &lang[0]}
		if lib.setVoiceByProperties(&v) == 0 {
			return
		}
	}
	lib.setVoiceByName("en")
}

// applyParams maps tw's units to espeak's. Called with lib.mu held.
func applyParams(p engine.Params) {
	setVoice(p.Voice)
	rate := p.Rate
	if rate < 80 {
		rate = 80 // espeak's slowest
	}
	lib.setParameter(paramRate, int32(rate), 0)
	// espeak pitch is 0..99 with 50 the voice's normal; about four steps
	// make a semitone over the usable range.
	lib.setParameter(paramPitch, int32(min(99, max(0, 50+4*p.Pitch))), 0)
	// espeak volume 100 is normal loudness.
	lib.setParameter(paramVolume, int32(p.Volume), 0)
	// Punctuation is spelled out by the narration, never by espeak.
	lib.setParameter(paramPunctuation, 0, 0)
	// espeakCAPITALS: 0 none, 1 a sound, 2 the word "capital".
	caps := int32(0)
	switch p.Capitals {
	case "icon":
		caps = 1
	case "spell":
		caps = 2
	}
	lib.setParameter(paramCapitals, caps, 0)
}

// Synthesize implements engine.Synthesizer.
func (*Engine) Synthesize(u engine.Utterance, p engine.Params, emit func(pcm []int16, marks []engine.Mark) bool) error {
	lib.mu.Lock()
	defer lib.mu.Unlock()
	applyParams(p)
	words := u.Words
	last := -1 // index of the last word marked
	lib.aborted = false
	lib.emit = func(pcm []int16, evs []event) bool {
		var marks []engine.Mark
		for _, e := range evs {
			if e.typ != eventWord || e.textPos <= 0 {
				continue
			}
			w := wordAt(words, int(e.textPos)-1)
			if w < 0 || w <= last {
				continue // duplicate or backwards event (e.g. "3.5" gives three)
			}
			last = w
			marks = append(marks, engine.Mark{Word: w, Sample: int64(e.sample)})
		}
		if len(pcm) == 0 && len(marks) == 0 {
			return true
		}
		// The buffer is espeak's; copy it before handing it on.
		return emit(append([]int16(nil), pcm...), marks)
	}
	defer func() { lib.emit = nil }()
	var uid uint32
	if rc := lib.synth(u.Text, uintptr(len(u.Text)+1), 0, posCharacter, 0, charsUTF8|flagEndPause, &uid, 0); rc != 0 {
		return fmt.Errorf("espeak: espeak_Synth failed with code %d", rc)
	}
	lib.synchronize()
	return nil
}

// wordAt returns the index of the word containing code point pos, or -1
// when pos falls between words (espeak reports symbols such as an emoji,
// and words the narration inserted, like spoken punctuation).
func wordAt(words []engine.Span, pos int) int {
	i := sort.Search(len(words), func(i int) bool { return words[i].End > pos })
	if i == len(words) || words[i].Start > pos {
		return -1
	}
	return i
}
