//go:build windows

package sapi

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"sync"
	"syscall"
	"time"
	"unsafe"

	"golang.org/x/sys/windows"

	"textfirst/internal/tw/speech/engine"
)

var (
	ole32                = windows.NewLazySystemDLL("ole32.dll")
	procCoInitializeEx   = ole32.NewProc("CoInitializeEx")
	procCoCreateInstance = ole32.NewProc("CoCreateInstance")
	procCoTaskMemFree    = ole32.NewProc("CoTaskMemFree")

	clsidSpVoice               = windows.GUID{Data1: 0x96749377, Data2: 0x3391, Data3: 0x11d2, Data4: [8]byte{0x9e, 0xe3, 0x00, 0xc0, 0x4f, 0x79, 0x73, 0x96}}
	iidISpVoice                = windows.GUID{Data1: 0x6c44df74, Data2: 0x72b9, Data3: 0x4992, Data4: [8]byte{0xa1, 0xec, 0xef, 0x99, 0x6e, 0x04, 0x22, 0xd4}}
	clsidSpObjectTokenCategory = windows.GUID{Data1: 0xa910187f, Data2: 0x0c7a, Data3: 0x45ac, Data4: [8]byte{0x92, 0xcc, 0x59, 0xed, 0xaf, 0xb7, 0x7b, 0x53}}
	iidISpObjectTokenCategory  = windows.GUID{Data1: 0x2d3d3845, Data2: 0x39af, Data3: 0x4850, Data4: [8]byte{0xbb, 0xf9, 0x40, 0xb4, 0x97, 0x80, 0x01, 0x1d}}
)

// voicesKey is the registry category of SAPI's voice tokens.
const voicesKey = `HKEY_LOCAL_MACHINE\SOFTWARE\Microsoft\Speech\Voices`

type com struct{ p unsafe.Pointer }

func (c com) call(slot int, args ...uintptr) uint32 {
	vtbl := *(*unsafe.Pointer)(c.p)
	fn := *(*uintptr)(unsafe.Add(vtbl, uintptr(slot)*unsafe.Sizeof(uintptr(0))))
	r, _, _ := syscall.SyscallN(fn, append([]uintptr{uintptr(c.p)}, args...)...)
	return uint32(r)
}

func (c com) release() {
	if c.p != nil {
		c.call(slotRelease)
	}
}

func failed(r uint32) bool { return int32(r) < 0 }

func hrErr(r uint32, what string) error {
	if !failed(r) {
		return nil
	}
	return fmt.Errorf("sapi: %s failed with HRESULT %#x", what, r)
}

func create(clsid, iid *windows.GUID) (com, error) {
	var p unsafe.Pointer
	r, _, _ := procCoCreateInstance.Call(uintptr(unsafe.Pointer(clsid)), 0, 1|4 /* CLSCTX_INPROC_SERVER|CLSCTX_LOCAL_SERVER */, uintptr(unsafe.Pointer(iid)), uintptr(unsafe.Pointer(&p)))
	if failed(uint32(r)) || p == nil {
		return com{}, fmt.Errorf("sapi: CoCreateInstance failed with HRESULT %#x", uint32(r))
	}
	return com{p}, nil
}

// thread runs functions on one locked OS thread in COM's multithreaded
// apartment: every COM object of a voice is made and used there.
type thread struct{ jobs chan func() }

func newThread() *thread {
	t := &thread{jobs: make(chan func())}
	go func() {
		runtime.LockOSThread()
		procCoInitializeEx.Call(0, 0) // COINIT_MULTITHREADED
		for f := range t.jobs {
			f()
		}
	}()
	return t
}

func (t *thread) do(f func()) {
	done := make(chan struct{})
	t.jobs <- func() { f(); close(done) }
	<-done
}

// voice is one ISpVoice on its own thread.
type voice struct {
	th     *thread
	v      com
	event  windows.Handle
	params engine.Params
	set    bool
}

func newVoice() (*voice, error) {
	vc := &voice{th: newThread()}
	var err error
	vc.th.do(func() {
		if vc.v, err = create(&clsidSpVoice, &iidISpVoice); err != nil {
			return
		}
		if err = hrErr(vc.v.call(slotSetInterest, uintptr(interest), uintptr(interest)), "SetInterest"); err != nil {
			return
		}
		if err = hrErr(vc.v.call(slotSetNotifyWin32Event), "SetNotifyWin32Event"); err != nil {
			return
		}
		// GetNotifyEventHandle returns the handle itself.
		vc.event = windows.Handle(vc.v.call(slotGetNotifyEventHandle))
	})
	if err != nil {
		vc.close()
		return nil, err
	}
	return vc, nil
}

func (vc *voice) close() {
	vc.th.do(func() {
		vc.v.release()
		vc.v = com{}
	})
	close(vc.th.jobs)
}

// apply sets rate, volume and voice when they changed (on the voice's thread).
func (vc *voice) apply(p engine.Params) {
	if vc.set && p == vc.params {
		return
	}
	vc.v.call(slotSetRate, uintptr(int32(sapiRate(p.Rate))))
	vc.v.call(slotSetVolume, uintptr(sapiVolume(p.Volume)))
	if !vc.set || p.Voice != vc.params.Voice {
		setVoice(vc.v, p.Voice)
	}
	vc.params, vc.set = p, true
}

// speak starts text asynchronously, purging what the voice was saying.
func (vc *voice) speak(text string) error {
	s, err := windows.UTF16PtrFromString(text)
	if err != nil {
		return err
	}
	return hrErr(vc.v.call(slotSpeak, uintptr(unsafe.Pointer(s)), spfAsync|spfPurgeBeforeSpeak|spfIsNotXML, 0), "Speak")
}

func (vc *voice) stop() { vc.v.call(slotSpeak, 0, spfAsync|spfPurgeBeforeSpeak, 0) }

// events fetches queued events, freeing what their lParams hold.
func (vc *voice) events() []spevent {
	var out []spevent
	for {
		var buf [16]spevent
		var n uint32
		r := vc.v.call(slotGetEvents, uintptr(len(buf)), uintptr(unsafe.Pointer(&buf[0])), uintptr(unsafe.Pointer(&n)))
		for _, e := range buf[:min(int(n), len(buf))] {
			switch e.paramType {
			case spetToken, spetObject:
				if e.lParam != 0 {
					com{*(*unsafe.Pointer)(unsafe.Pointer(&e.lParam))}.release()
				}
			case spetPointer, spetString:
				procCoTaskMemFree.Call(e.lParam)
			}
			out = append(out, e)
		}
		if failed(r) || n < uint32(len(buf)) {
			return out
		}
	}
}

// Engine speaks through SAPI 5.
type Engine struct {
	mu    sync.Mutex
	read  *voice
	annMu sync.Mutex
	ann   *voice
}

var _ engine.Speaker = (*Engine)(nil)

// Available reports whether SAPI's voice object can be made.
func Available() (bool, string) {
	vc, err := newVoice()
	if err != nil {
		return false, err.Error()
	}
	vc.close()
	return true, ""
}

// New opens SAPI's default voice.
func New() (engine.Speaker, error) {
	vc, err := newVoice()
	if err != nil {
		return nil, err
	}
	return &Engine{read: vc}, nil
}

// ID is "sapi".
func (*Engine) ID() string { return "sapi" }

// Close releases the voices.
func (e *Engine) Close() error {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.read != nil {
		e.read.close()
		e.read = nil
	}
	e.annMu.Lock()
	defer e.annMu.Unlock()
	if e.ann != nil {
		e.ann.close()
		e.ann = nil
	}
	return nil
}

// Speak speaks u and reports its words as SAPI reaches them.
func (e *Engine) Speak(ctx context.Context, u engine.Utterance, p engine.Params, pauseMs int, word func(i int)) error {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.read == nil {
		return errors.New("sapi: engine closed")
	}
	vc := e.read
	pos := newPositions(u.Text)
	var err error
	vc.th.do(func() {
		vc.apply(p)
		vc.events() // forget events of an earlier utterance
		if err = vc.speak(u.Text); err != nil {
			return
		}
		next := 0
		for {
			if ctx.Err() != nil {
				vc.stop()
				return
			}
			windows.WaitForSingleObject(vc.event, 50)
			// WaitUntilDone(0) is S_OK once the voice is done, even when
			// the end-of-stream event never comes.
			done := vc.v.call(slotWaitUntilDone, 0) == 0
			for _, ev := range vc.events() {
				switch ev.id {
				case speiWordBoundary:
					if w := WordOf(u, pos, int(ev.lParam), int(ev.wParam)); w >= next {
						word(w)
						next = w + 1
					}
				case speiEndInputStream:
					done = true
				}
			}
			if done {
				return
			}
		}
	})
	if err != nil || ctx.Err() != nil {
		return err
	}
	if pauseMs > 0 {
		select {
		case <-ctx.Done():
		case <-time.After(time.Duration(pauseMs) * time.Millisecond):
		}
	}
	return nil
}

// Announce speaks text on a second voice, interrupting the previous
// announcement, without waiting.
func (e *Engine) Announce(text string, p engine.Params) error {
	e.annMu.Lock()
	defer e.annMu.Unlock()
	if e.ann == nil {
		vc, err := newVoice()
		if err != nil {
			return err
		}
		// An announcement interrupts reading at a word boundary, which then
		// goes on (two voices of normal priority would queue instead).
		vc.th.do(func() { vc.v.call(slotSetPriority, spvpriAlert) })
		e.ann = vc
	}
	var err error
	e.ann.th.do(func() {
		e.ann.apply(p)
		err = e.ann.speak(text)
	})
	return err
}

// Silence stops the announcement in progress.
func (e *Engine) Silence() {
	e.annMu.Lock()
	defer e.annMu.Unlock()
	if e.ann != nil {
		e.ann.th.do(e.ann.stop)
	}
}

// Voices lists the voice tokens of the registry.
func (e *Engine) Voices() ([]engine.Voice, error) {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.read == nil {
		return nil, errors.New("sapi: engine closed")
	}
	var vs []engine.Voice
	var err error
	e.read.th.do(func() {
		err = eachToken(func(tok com) bool {
			vs = append(vs, describe(tok))
			return true
		})
	})
	return vs, err
}

// eachToken calls f with each voice token (released after f returns) until
// f returns false.
func eachToken(f func(tok com) bool) error {
	cat, err := create(&clsidSpObjectTokenCategory, &iidISpObjectTokenCategory)
	if err != nil {
		return err
	}
	defer cat.release()
	key, _ := windows.UTF16PtrFromString(voicesKey)
	if err := hrErr(cat.call(slotCategorySetID, uintptr(unsafe.Pointer(key)), 0), "ISpObjectTokenCategory.SetId"); err != nil {
		return err
	}
	var enum unsafe.Pointer
	if err := hrErr(cat.call(slotCategoryEnumTokens, 0, 0, uintptr(unsafe.Pointer(&enum))), "EnumTokens"); err != nil {
		return err
	}
	en := com{enum}
	defer en.release()
	for {
		var tok unsafe.Pointer
		var n uint32
		r := en.call(slotEnumNext, 1, uintptr(unsafe.Pointer(&tok)), uintptr(unsafe.Pointer(&n)))
		if failed(r) || n == 0 || tok == nil {
			return nil
		}
		more := f(com{tok})
		com{tok}.release()
		if !more {
			return nil
		}
	}
}

// taskString reads and frees a CoTaskMemAlloc'd UTF-16 string.
func taskString(p *uint16) string {
	if p == nil {
		return ""
	}
	s := windows.UTF16PtrToString(p)
	procCoTaskMemFree.Call(uintptr(unsafe.Pointer(p)))
	return s
}

// stringValue reads a value of a data key ("" for the default value).
func stringValue(key com, name string) string {
	var n *uint16
	if name != "" {
		n, _ = windows.UTF16PtrFromString(name)
	}
	var out *uint16
	if failed(key.call(slotGetStringValue, uintptr(unsafe.Pointer(n)), uintptr(unsafe.Pointer(&out)))) {
		return ""
	}
	return taskString(out)
}

func describe(tok com) engine.Voice {
	var id *uint16
	tok.call(slotTokenGetID, uintptr(unsafe.Pointer(&id)))
	var name, lang, gender string
	attrName, _ := windows.UTF16PtrFromString("Attributes")
	var attrs unsafe.Pointer
	if !failed(tok.call(slotOpenKey, uintptr(unsafe.Pointer(attrName)), uintptr(unsafe.Pointer(&attrs)))) && attrs != nil {
		a := com{attrs}
		name, lang, gender = stringValue(a, "Name"), stringValue(a, "Language"), stringValue(a, "Gender")
		a.release()
	}
	return tokenVoice(taskString(id), stringValue(tok, ""), name, lang, gender)
}

// setVoice selects the token that want names; "" or an unknown name keeps
// SAPI's default voice.
func setVoice(v com, want string) {
	if want == "" {
		v.call(slotSetVoice, 0)
		return
	}
	eachToken(func(tok com) bool {
		d := describe(tok)
		if matchVoice([]engine.Voice{d}, want) == 0 {
			v.call(slotSetVoice, uintptr(tok.p))
			return false
		}
		return true
	})
}
