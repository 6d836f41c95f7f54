//go:build linux

package speechd_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
	"unicode"

	"textfirst/internal/tw/speech/engine"
	"textfirst/internal/tw/speech/speechd"
	"textfirst/internal/tw/speech/speechtest"
)

// threeModules starts a private PulseAudio null sink and a private
// speech-dispatcher with the espeak-ng, flite and festival modules.
func threeModules(t *testing.T) string {
	t.Helper()
	pulse := speechtest.StartPulse(t)
	return speechtest.StartSpeechdModules(t, pulse, "espeak-ng", "flite", "festival")
}

func TestModulesAndTheirVoices(t *testing.T) {
	threeModules(t)
	e, err := speechd.New(speechd.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	mods, err := e.Modules()
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(mods, ",") != "espeak-ng,flite,festival" {
		t.Fatalf("modules %q, want espeak-ng, flite, festival", mods)
	}
	tests := []struct {
		module, name, language string
		atLeast                int
	}{
		{"espeak-ng", "English (America)", "en-US", 100},
		{"flite", "kal16", "en", 1},
		{"festival", "kal_diphone", "en-US", 1},
	}
	all, err := e.Voices()
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range tests {
		t.Run(tt.module, func(t *testing.T) {
			vs, err := e.ModuleVoices(tt.module)
			if err != nil {
				t.Fatal(err)
			}
			if len(vs) < tt.atLeast {
				t.Fatalf("%d voices, want at least %d", len(vs), tt.atLeast)
			}
			found := false
			for _, v := range vs {
				if v.Module != tt.module || v.Engine != "speechd" || v.ID != tt.module+":"+v.Name {
					t.Fatalf("voice %+v is not labelled with its module", v)
				}
				found = found || (v.Name == tt.name && v.Language == tt.language && v.Variant == "")
			}
			if !found {
				t.Errorf("no voice %q (%s) among %d, first %+v", tt.name, tt.language, len(vs), vs[0])
			}
			n := 0
			for _, v := range all {
				if v.Module == tt.module {
					n++
				}
			}
			if n != len(vs) {
				t.Errorf("Voices has %d voices of %s, ModuleVoices %d", n, tt.module, len(vs))
			}
		})
	}
	// espeak-ng's variants come as voices with a variant.
	variants := 0
	for _, v := range all {
		if v.Module == "espeak-ng" && v.Variant != "" && strings.HasSuffix(v.Name, "+"+v.Variant) {
			variants++
		}
	}
	if variants < 10 {
		t.Errorf("%d espeak-ng voices with a variant, want many", variants)
	}
}

// utterance splits text into words (letters and digits).
func utterance(text string) engine.Utterance {
	u := engine.Utterance{Text: text}
	st := -1
	r := []rune(text)
	for i := 0; i <= len(r); i++ {
		in := i < len(r) && (unicode.IsLetter(r[i]) || unicode.IsDigit(r[i]) || r[i] == '\'')
		if in && st < 0 {
			st = i
		}
		if !in && st >= 0 {
			u.Words = append(u.Words, engine.Span{Start: st, End: i})
			st = -1
		}
	}
	return u
}

const sentence = "The quick brown fox jumps over the lazy dog. Then it runs into the deep green wood, and nobody sees it again."

// TestEachModuleReportsWordPositions speaks with each module: every word is
// reported once, in order, spread over the time the audio takes (not all
// at once at the start or the end).
func TestEachModuleReportsWordPositions(t *testing.T) {
	threeModules(t)
	u := utterance(sentence)
	for _, module := range []string{"espeak-ng", "flite", "festival"} {
		t.Run(module, func(t *testing.T) {
			e, err := speechd.New(speechd.Options{Module: module})
			if err != nil {
				t.Fatal(err)
			}
			defer e.Close()
			p := engine.DefaultParams()
			p.Rate = 200
			var got []int
			var at []time.Duration
			start := time.Now()
			err = e.Speak(context.Background(), u, p, 0, func(i int) {
				got = append(got, i)
				at = append(at, time.Since(start))
			})
			total := time.Since(start)
			if err != nil {
				t.Fatal(err)
			}
			if len(got) != len(u.Words) {
				t.Fatalf("%d word events for %d words: %v", len(got), len(u.Words), got)
			}
			for i, w := range got {
				if w != i {
					t.Fatalf("word events %v are not 0..%d in order", got, len(u.Words)-1)
				}
			}
			span := at[len(at)-1] - at[0]
			t.Logf("%s: first word at %v, last at %v, audio ended at %v", module, at[0], at[len(at)-1], total)
			// Ten seconds or so of speech: the words must cover at least
			// half of it, and the middle word must come well after the first.
			if span < total/2 || at[len(at)/2]-at[0] < total/5 {
				t.Errorf("words spread over %v of %v (middle word at %v): not paced by the audio", span, total, at[len(at)/2])
			}
		})
	}
}

// TestVoiceChoosesModule: a voice "module:name" speaks with that module,
// whatever the configured one is.
func TestVoiceChoosesModule(t *testing.T) {
	threeModules(t)
	e, err := speechd.New(speechd.Options{Module: "espeak-ng"})
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	if _, err := e.Modules(); err != nil {
		t.Fatal(err)
	}
	p := engine.DefaultParams()
	p.Voice = "festival:kal_diphone"
	n := 0
	if err := e.Speak(context.Background(), utterance("Hello there, my friend."), p, 0, func(int) { n++ }); err != nil {
		t.Fatal(err)
	}
	if got := e.LastModule(); got != "festival" || n != 4 {
		t.Fatalf("spoke with %q (%d words), want festival (4)", got, n)
	}
	p.Voice = "nosuch:voice"
	if err := e.Speak(context.Background(), utterance("Hello."), p, 0, func(int) {}); err == nil {
		t.Errorf("an unknown voice of the espeak-ng module was accepted silently")
	} else if !strings.Contains(err.Error(), "nosuch:voice") {
		t.Errorf("error %q does not name the voice", err)
	}
}

// TestMissingDaemonFailsFast: no daemon at SPEECHD_ADDRESS gives a clear
// error within a second.
func TestMissingDaemonFailsFast(t *testing.T) {
	sock := filepath.Join(t.TempDir(), "none.sock")
	t.Setenv("SPEECHD_ADDRESS", "unix_socket:"+sock)
	start := time.Now()
	_, err := speechd.New(speechd.Options{})
	if took := time.Since(start); took > time.Second {
		t.Errorf("took %v", took)
	}
	if err == nil || !strings.Contains(err.Error(), "speech-dispatcher is not running at "+sock) {
		t.Fatalf("error %v", err)
	}
	ok, reason := speechd.Available()
	if ok || !strings.Contains(reason, "not running") {
		t.Errorf("Available() = %v, %q", ok, reason)
	}
}

// TestStoppedDaemonNeverHangs: a daemon stopped with SIGSTOP accepts the
// connection but never answers; opening fails within about a second, and a
// reading in progress ends with an error instead of waiting forever.
func TestStoppedDaemonNeverHangs(t *testing.T) {
	dir := threeModules(t)
	restore := speechd.SetWatchEvery(500 * time.Millisecond)
	defer restore()
	pv, _ := speechtest.Daemons.Load(dir)
	proc := pv.(*os.Process)

	e, err := speechd.New(speechd.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	var mu sync.Mutex
	words := 0
	done := make(chan error, 1)
	go func() {
		done <- e.Speak(context.Background(), utterance(sentence+" "+sentence), engine.DefaultParams(), 0, func(int) {
			mu.Lock()
			words++
			mu.Unlock()
		})
	}()
	deadline := time.Now().Add(20 * time.Second)
	for {
		mu.Lock()
		n := words
		mu.Unlock()
		if n >= 2 || time.Now().After(deadline) {
			break
		}
		time.Sleep(10 * time.Millisecond)
	}
	if err := proc.Signal(syscall.SIGSTOP); err != nil {
		t.Fatal(err)
	}
	defer proc.Signal(syscall.SIGCONT)
	stopped := time.Now()
	select {
	case err := <-done:
		if err == nil || !strings.Contains(err.Error(), "did not answer") {
			t.Errorf("reading ended with %v, want a clear error", err)
		}
		t.Logf("reading ended %v after the daemon stopped: %v", time.Since(stopped), err)
	case <-time.After(15 * time.Second):
		t.Fatal("reading still waits 15 s after the daemon stopped")
	}
	start := time.Now()
	_, err = speechd.New(speechd.Options{})
	if took := time.Since(start); took > 1500*time.Millisecond {
		t.Errorf("opening a stopped daemon took %v", took)
	}
	if err == nil || !strings.Contains(err.Error(), "did not answer") {
		t.Errorf("opening a stopped daemon: %v", err)
	}
}

func TestRateMapping(t *testing.T) {
	tests := []struct {
		module string
		wpm    int
		want   int
	}{
		{"espeak-ng", 170, 0},
		{"espeak-ng", 80, -100},
		{"espeak-ng", 449, 100},
		{"espeak-ng", 900, 100},
		{"flite", 170, 0},
		{"flite", 85, -50},    // twice as slow: stretch 2
		{"festival", 340, 87}, // twice as fast: stretch 0.5
		{"festival", 50, -100},
	}
	for _, tt := range tests {
		if got := speechd.RateFor(tt.module, tt.wpm); got != tt.want {
			t.Errorf("RateFor(%s, %d) = %d, want %d", tt.module, tt.wpm, got, tt.want)
		}
	}
}

func TestParseVoices(t *testing.T) {
	vs := speechd.ParseVoices("espeak-ng", []string{"English (America)\ten-US\tnone", "English (America)+Max\ten-US\tMax", "odd"})
	want := []engine.Voice{
		{ID: "espeak-ng:English (America)", Name: "English (America)", Language: "en-US", Engine: "speechd", Module: "espeak-ng"},
		{ID: "espeak-ng:English (America)+Max", Name: "English (America)+Max", Language: "en-US", Variant: "Max", Engine: "speechd", Module: "espeak-ng"},
		{ID: "espeak-ng:odd", Name: "odd", Engine: "speechd", Module: "espeak-ng"},
	}
	if len(vs) != len(want) {
		t.Fatalf("%+v", vs)
	}
	for i := range want {
		if vs[i] != want[i] {
			t.Errorf("voice %d = %+v, want %+v", i, vs[i], want[i])
		}
	}
}
