//go:build linux

package speechd_test

import (
	"bufio"
	"context"
	"fmt"
	"net"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"textfirst/internal/tw/speech/engine"
	"textfirst/internal/tw/speech/speechd"
)

// fakeDaemon answers SSIP like speech-dispatcher with the modules espeak-ng
// and flite, records every command line, and ends each message at once
// (with every index mark of it for espeak-ng).
type fakeDaemon struct {
	mu   sync.Mutex
	cmds []string
}

func (f *fakeDaemon) commands() []string {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]string(nil), f.cmds...)
}

func startFake(t *testing.T) *fakeDaemon {
	t.Helper()
	sock := filepath.Join(t.TempDir(), "fake.sock")
	l, err := net.Listen("unix", sock)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { l.Close() })
	t.Setenv("SPEECHD_ADDRESS", "unix_socket:"+sock)
	f := &fakeDaemon{}
	msg := 0
	var mmu sync.Mutex
	go func() {
		for {
			c, err := l.Accept()
			if err != nil {
				return
			}
			go func(c net.Conn) {
				defer c.Close()
				r := bufio.NewReader(c)
				module := "espeak-ng"
				for {
					line, err := r.ReadString('\n')
					if err != nil {
						return
					}
					line = strings.TrimRight(line, "\r\n")
					f.mu.Lock()
					f.cmds = append(f.cmds, line)
					f.mu.Unlock()
					switch {
					case line == "LIST OUTPUT_MODULES":
						fmt.Fprint(c, "250-espeak-ng\r\n250-flite\r\n250 OK MODULE LIST SENT\r\n")
					case line == "LIST SYNTHESIS_VOICES" && module == "flite":
						fmt.Fprint(c, "249-kal16\ten\tnone\r\n249 OK VOICE LIST SENT\r\n")
					case line == "LIST SYNTHESIS_VOICES":
						fmt.Fprint(c, "249-English (America)\ten-US\tnone\r\n249-English (America)+Max\ten-US\tMax\r\n249 OK VOICE LIST SENT\r\n")
					case line == "GET OUTPUT_MODULE":
						fmt.Fprintf(c, "251-%s\r\n251 OK GET RETURNED\r\n", module)
					case strings.HasPrefix(line, "SET SELF OUTPUT_MODULE "):
						module = strings.TrimPrefix(line, "SET SELF OUTPUT_MODULE ")
						fmt.Fprint(c, "216 OK OUTPUT MODULE SET\r\n")
					case line == "SPEAK":
						fmt.Fprint(c, "230 OK RECEIVING DATA\r\n")
						var body []string
						for {
							l, err := r.ReadString('\n')
							if err != nil {
								return
							}
							l = strings.TrimRight(l, "\r\n")
							if l == "." {
								break
							}
							body = append(body, l)
						}
						mmu.Lock()
						msg++
						id := msg
						mmu.Unlock()
						text := strings.Join(body, "\n")
						f.mu.Lock()
						f.cmds = append(f.cmds, "DATA "+text)
						f.mu.Unlock()
						fmt.Fprintf(c, "225-%d\r\n225 OK MESSAGE QUEUED\r\n", id)
						fmt.Fprintf(c, "701-%d\r\n701-1\r\n701 BEGIN\r\n", id)
						if module == "espeak-ng" {
							for _, part := range strings.Split(text, `<mark name="`)[1:] {
								name, _, _ := strings.Cut(part, `"`)
								fmt.Fprintf(c, "700-%d\r\n700-1\r\n700-%s\r\n700 INDEX MARK\r\n", id, name)
							}
						}
						fmt.Fprintf(c, "702-%d\r\n702-1\r\n702 END\r\n", id)
					case line == "QUIT":
						fmt.Fprint(c, "231 HAPPY HACKING\r\n")
						return
					default:
						fmt.Fprint(c, "200 OK\r\n")
					}
				}
			}(c)
		}
	}()
	return f
}

// has reports whether cmds holds want.
func has(cmds []string, want string) bool {
	for _, c := range cmds {
		if c == want {
			return true
		}
	}
	return false
}

// TestSettingsReachTheDaemon: rate, pitch, volume, punctuation and capital
// letters go to speech-dispatcher on its scales; reading leaves punctuation
// to the narration, announcements use the listener's level; a voice
// "module:name" switches the module first.
func TestSettingsReachTheDaemon(t *testing.T) {
	tests := []struct {
		name     string
		params   func(*engine.Params)
		announce bool
		want     []string
	}{
		{"defaults, reading", func(*engine.Params) {}, false, []string{
			"SET SELF RATE 34", "SET SELF PITCH 0", "SET SELF VOLUME 100", "SET SELF PUNCTUATION none", "SET SELF CAP_LET_RECOGN none"}},
		{"slow, low, quiet, spelled capitals", func(p *engine.Params) { p.Rate, p.Pitch, p.Volume, p.Capitals = 125, -6, 50, "spell" }, false, []string{
			"SET SELF RATE -50", "SET SELF PITCH -50", "SET SELF VOLUME 0", "SET SELF CAP_LET_RECOGN spell"}},
		{"announcement names punctuation at the listener's level", func(p *engine.Params) { p.Punctuation, p.Capitals = "all", "icon" }, true, []string{
			"SET SELF PRIORITY important", "SET SELF PUNCTUATION all", "SET SELF CAP_LET_RECOGN icon"}},
		{"a flite voice: module first, its rate scale", func(p *engine.Params) { p.Voice, p.Rate = "flite:kal16", 340 }, false, []string{
			"SET SELF OUTPUT_MODULE flite", "SET SELF SYNTHESIS_VOICE kal16", "SET SELF RATE 87"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := startFake(t)
			e, err := speechd.New(speechd.Options{})
			if err != nil {
				t.Fatal(err)
			}
			defer e.Close()
			p := engine.DefaultParams()
			tt.params(&p)
			if tt.announce {
				if err := e.Announce("Bookmark added.", p); err != nil {
					t.Fatal(err)
				}
			} else {
				var words []int
				if err := e.Speak(context.Background(), utterance("Hello there, my friend."), p, 0, func(i int) { words = append(words, i) }); err != nil {
					t.Fatal(err)
				}
				if fmt.Sprint(words) != "[0 1 2 3]" {
					t.Errorf("words %v", words)
				}
			}
			cmds := f.commands()
			for _, w := range tt.want {
				if !has(cmds, w) {
					t.Errorf("no %q among %q", w, cmds)
				}
			}
		})
	}
}

// TestMarklessModuleWordsInOrder: a module that reports no index marks
// (flite) still gives every word, in order, by the message's end.
func TestMarklessModuleWordsInOrder(t *testing.T) {
	startFake(t)
	e, err := speechd.New(speechd.Options{Module: "flite"})
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	var words []int
	if err := e.Speak(context.Background(), utterance("One two three. Four five."), engine.DefaultParams(), 0, func(i int) { words = append(words, i) }); err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(words) != "[0 1 2 3 4]" {
		t.Errorf("words %v", words)
	}
}

// TestUnknownModuleRefused: speech-dispatcher accepts any module name and
// then speaks with its default; tw refuses one the daemon does not list.
func TestUnknownModuleRefused(t *testing.T) {
	startFake(t)
	_, err := speechd.New(speechd.Options{Module: "piper"})
	if err == nil || err.Error() != `speech-dispatcher has no output module "piper" (it has espeak-ng, flite)` {
		t.Errorf("error %v", err)
	}
}
