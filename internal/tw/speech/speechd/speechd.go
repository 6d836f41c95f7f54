// Package speechd speaks through speech-dispatcher, the Linux speech
// service, over its SSIP protocol on a unix socket. Each word of an utterance
// is preceded by an SSML <mark/>; speech-dispatcher reports each mark as the
// audio reaches it (index-mark events, code 700), which names the word heard.
package speechd

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"textfirst/internal/tw/speech/engine"
)

// Address returns the socket speech-dispatcher listens on: SPEECHD_ADDRESS
// ("unix_socket:/path"), else $XDG_RUNTIME_DIR/speech-dispatcher/speechd.sock.
func Address() string {
	if a := os.Getenv("SPEECHD_ADDRESS"); a != "" {
		if p, ok := strings.CutPrefix(a, "unix_socket:"); ok {
			return p
		}
		return a
	}
	// speech-dispatcher takes GLib's user runtime folder, which falls back
	// to the user's cache folder.
	dir := os.Getenv("XDG_RUNTIME_DIR")
	if dir == "" {
		if c, err := os.UserCacheDir(); err == nil {
			dir = c
		}
	}
	return filepath.Join(dir, "speech-dispatcher", "speechd.sock")
}

// Available reports whether speech-dispatcher runs or can be started.
func Available() (bool, string) {
	if c, err := net.DialTimeout("unix", Address(), 200*time.Millisecond); err == nil {
		c.Close()
		return true, ""
	}
	if _, err := exec.LookPath("speech-dispatcher"); err == nil {
		return true, ""
	}
	return false, "speech-dispatcher is not running and not installed (Debian: apt install speech-dispatcher speech-dispatcher-espeak-ng)"
}

// conn is one SSIP connection: replies come in order on replies; events
// (7xx) go to the events channel.
type conn struct {
	c       net.Conn
	w       *bufio.Writer
	wmu     sync.Mutex // one request at a time
	replies chan reply
	events  chan event
	closed  chan struct{}
}

type reply struct {
	code  int
	lines []string // data lines, then the final text
	err   error
}

type event struct {
	code  int
	msgID string
	mark  string
}

func dial() (*conn, error) {
	addr := Address()
	nc, err := net.DialTimeout("unix", addr, time.Second)
	if err != nil {
		// Start the user's speech-dispatcher, as its clients do.
		if _, lerr := exec.LookPath("speech-dispatcher"); lerr != nil {
			return nil, fmt.Errorf("speechd: cannot connect to %s: %w", addr, err)
		}
		cmd := exec.Command("speech-dispatcher", "--spawn")
		cmd.Stdout, cmd.Stderr = nil, nil
		if serr := cmd.Run(); serr != nil {
			return nil, fmt.Errorf("speechd: cannot connect to %s (%v) nor start speech-dispatcher (%v)", addr, err, serr)
		}
		deadline := time.Now().Add(5 * time.Second)
		for {
			nc, err = net.DialTimeout("unix", addr, time.Second)
			if err == nil || time.Now().After(deadline) {
				break
			}
			time.Sleep(50 * time.Millisecond)
		}
		if err != nil {
			return nil, fmt.Errorf("speechd: cannot connect to %s: %w", addr, err)
		}
	}
	c := &conn{c: nc, w: bufio.NewWriter(nc), replies: make(chan reply, 1),
		events: make(chan event, 256), closed: make(chan struct{})}
	go c.readLoop()
	if _, err := c.request("SET SELF CLIENT_NAME user:tw:main"); err != nil {
		nc.Close()
		return nil, err
	}
	for _, cmd := range []string{"SET SELF SSML_MODE on", "SET SELF NOTIFICATION all on"} {
		if _, err := c.request(cmd); err != nil {
			nc.Close()
			return nil, err
		}
	}
	return c, nil
}

func (c *conn) readLoop() {
	defer close(c.closed)
	r := bufio.NewReader(c.c)
	var lines []string
	for {
		line, err := r.ReadString('\n')
		if err != nil {
			return
		}
		line = strings.TrimRight(line, "\r\n")
		if len(line) < 4 {
			continue
		}
		code, err := strconv.Atoi(line[:3])
		if err != nil {
			continue
		}
		lines = append(lines, line[4:])
		if line[3] == '-' {
			continue
		}
		if code >= 700 && code < 800 {
			ev := event{code: code}
			if len(lines) >= 2 {
				ev.msgID = lines[0]
			}
			if code == 700 && len(lines) >= 3 {
				ev.mark = lines[2]
			}
			select {
			case c.events <- ev:
			default: // nobody listens to this many events: drop
			}
		} else {
			c.replies <- reply{code: code, lines: lines}
		}
		lines = nil
	}
}

// request sends one command line and waits for its reply.
func (c *conn) request(cmd string) (reply, error) {
	c.wmu.Lock()
	defer c.wmu.Unlock()
	return c.requestLocked(cmd + "\r\n")
}

func (c *conn) requestLocked(data string) (reply, error) {
	c.c.SetWriteDeadline(time.Now().Add(5 * time.Second))
	if _, err := c.w.WriteString(data); err != nil {
		return reply{}, fmt.Errorf("speechd: %w", err)
	}
	if err := c.w.Flush(); err != nil {
		return reply{}, fmt.Errorf("speechd: %w", err)
	}
	select {
	case rp := <-c.replies:
		if rp.code >= 300 {
			return rp, fmt.Errorf("speechd: %q failed: %d %s", strings.TrimSpace(strings.SplitN(data, "\r\n", 2)[0]), rp.code, strings.Join(rp.lines, " "))
		}
		return rp, nil
	case <-c.closed:
		return reply{}, errors.New("speechd: connection closed")
	case <-time.After(10 * time.Second):
		return reply{}, errors.New("speechd: no reply")
	}
}

// speak sends an SSML message and returns its message id.
func (c *conn) speak(ssml string) (string, error) {
	c.wmu.Lock()
	defer c.wmu.Unlock()
	if _, err := c.requestLocked("SPEAK\r\n"); err != nil {
		return "", err
	}
	var b strings.Builder
	for _, line := range strings.Split(ssml, "\n") {
		if strings.HasPrefix(line, ".") {
			b.WriteString(".")
		}
		b.WriteString(line)
		b.WriteString("\r\n")
	}
	b.WriteString(".\r\n")
	rp, err := c.requestLocked(b.String())
	if err != nil {
		return "", err
	}
	if len(rp.lines) < 2 {
		return "", errors.New("speechd: no message id")
	}
	return rp.lines[0], nil
}

func (c *conn) close() {
	c.request("STOP SELF")
	c.request("QUIT")
	c.c.Close()
}

// Engine is the speech-dispatcher engine. Reading and announcements use two
// connections, so stopping one leaves the other alone.
type Engine struct {
	mu    sync.Mutex // guards read (one utterance at a time)
	read  *conn
	readP *engine.Params
	annMu sync.Mutex
	ann   *conn
	annP  *engine.Params
}

var _ engine.Speaker = (*Engine)(nil)

// New connects to speech-dispatcher, starting it if needed.
func New() (*Engine, error) {
	c, err := dial()
	if err != nil {
		return nil, err
	}
	// speech-dispatcher reports the first mark of its first audio before that
	// audio starts (by 1.5 s on a PulseAudio null sink, which starts a new
	// stream late). A word spoken at volume zero now makes the first reading
	// start on an open stream, so its first word is reported when heard.
	if _, err := c.request("SET SELF VOLUME -100"); err == nil {
		c.speak("<speak>tw</speak>")
	}
	return &Engine{read: c}, nil
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

// Voices lists the synthesis voices of the current output module.
func (e *Engine) Voices() ([]engine.Voice, error) {
	e.mu.Lock()
	defer e.mu.Unlock()
	rp, err := e.read.request("LIST SYNTHESIS_VOICES")
	if err != nil {
		return nil, err
	}
	var out []engine.Voice
	for _, l := range rp.lines[:max(0, len(rp.lines)-1)] {
		f := strings.Split(l, "\t")
		v := engine.Voice{ID: f[0], Name: f[0]}
		if len(f) > 1 {
			v.Language = f[1]
		}
		out = append(out, v)
	}
	return out, nil
}

// setParams sends the settings that changed since the last message.
func setParams(c *conn, last **engine.Params, p engine.Params) error {
	p = p.Clamp()
	old := *last
	var cmds []string
	if old == nil || old.Rate != p.Rate {
		// speech-dispatcher's espeak-ng module maps rate -100..0..100 onto
		// 80..170..449 words per minute (its EspeakMinRate, NormalRate, MaxRate).
		r := (p.Rate - 170) * 100 / 279
		if p.Rate < 170 {
			r = (p.Rate - 170) * 100 / 90
		}
		cmds = append(cmds, fmt.Sprintf("SET SELF RATE %d", min(100, max(-100, r))))
	}
	if old == nil || old.Pitch != p.Pitch {
		cmds = append(cmds, fmt.Sprintf("SET SELF PITCH %d", p.Pitch*100/12))
	}
	if old == nil || old.Volume != p.Volume {
		cmds = append(cmds, fmt.Sprintf("SET SELF VOLUME %d", p.Volume*2-100))
	}
	if (old == nil || old.Voice != p.Voice) && p.Voice != "" {
		cmds = append(cmds, "SET SELF SYNTHESIS_VOICE "+p.Voice)
	}
	if old == nil || old.Punctuation != p.Punctuation {
		// The narration spells punctuation out itself.
		cmds = append(cmds, "SET SELF PUNCTUATION none")
	}
	for _, cmd := range cmds {
		if _, err := c.request(cmd); err != nil {
			*last = nil
			return err
		}
	}
	*last = &p
	return nil
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
			b.WriteString("</s> <s>")
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
	if err := setParams(e.read, &e.readP, p); err != nil {
		return err
	}
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
		stopped, err := e.follow(ctx, id, &next, word)
		if err != nil || !stopped || ctx.Err() != nil || attempt > 20 {
			return err
		}
	}
}

// follow waits for the events of message id until it ends. It reports
// stopped=true when speech-dispatcher stopped it without being asked.
func (e *Engine) follow(ctx context.Context, id string, next *int, word func(int)) (bool, error) {
	for {
		select {
		case <-ctx.Done():
			e.read.request("STOP SELF")
			// Wait briefly for the stop to be confirmed, so that audio is off.
			t := time.After(time.Second)
			for {
				select {
				case ev := <-e.read.events:
					if ev.msgID == id && (ev.code == 702 || ev.code == 703) {
						return false, nil
					}
				case <-t:
					return false, nil
				case <-e.read.closed:
					return false, nil
				}
			}
		case ev := <-e.read.events:
			if ev.msgID != id {
				continue
			}
			switch ev.code {
			case 700:
				i, err := strconv.Atoi(ev.mark)
				if err == nil && i >= *next {
					*next = i + 1
					word(i)
				}
			case 702:
				return false, nil
			case 703:
				return true, nil
			}
		case <-e.read.closed:
			return false, errors.New("speechd: connection closed")
		}
	}
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
	if e.ann == nil {
		c, err := dial()
		if err != nil {
			return err
		}
		if _, err := c.request("SET SELF PRIORITY important"); err != nil {
			c.c.Close()
			return err
		}
		e.ann = c
	}
	if err := setParams(e.ann, &e.annP, p); err != nil {
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
