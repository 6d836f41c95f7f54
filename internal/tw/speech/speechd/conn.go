package speechd

import (
	"bufio"
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
)

// Time bounds of every exchange with the daemon. A daemon that is missing,
// stopped (SIGSTOP) or wedged must give a clear error quickly, never a hang.
var (
	// DialTimeout bounds connecting to the socket.
	DialTimeout = time.Second
	// ReplyTimeout bounds the reply to one ordinary command.
	ReplyTimeout = time.Second
	// ListTimeout bounds the reply to LIST SYNTHESIS_VOICES, which is long
	// (the espeak-ng module lists 13,000 voices and variants).
	ListTimeout = 5 * time.Second
	// SpawnTimeout bounds waiting for a daemon tw started itself.
	SpawnTimeout = 3 * time.Second
)

// ErrNoReply is wrapped by the errors of a daemon that stopped answering.
var ErrNoReply = errors.New("speech-dispatcher did not answer")

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

// explicitAddress reports whether the socket was named by SPEECHD_ADDRESS
// (then tw never starts a daemon of its own: it would not listen there).
func explicitAddress() bool { return os.Getenv("SPEECHD_ADDRESS") != "" }

// conn is one SSIP connection: replies come in order on replies; events
// (7xx) go to the events channel. A request that times out breaks the
// connection (a late reply would be taken for the next one's), so every
// later request fails at once.
type conn struct {
	c       net.Conn
	w       *bufio.Writer
	wmu     sync.Mutex // one request at a time
	replies chan reply
	events  chan event
	closed  chan struct{}

	bmu    sync.Mutex
	broken error
}

type reply struct {
	code  int
	lines []string // data lines, then the final text
}

type event struct {
	code  int
	msgID string
	mark  string
}

// dial connects and introduces tw. It starts the user's daemon when none
// listens on the default socket, as speech-dispatcher's own clients do.
func dial() (*conn, error) {
	addr := Address()
	nc, err := net.DialTimeout("unix", addr, DialTimeout)
	if err != nil {
		if explicitAddress() {
			return nil, fmt.Errorf("speech-dispatcher is not running at %s (SPEECHD_ADDRESS): %v", addr, unwrapDial(err))
		}
		if _, lerr := exec.LookPath("speech-dispatcher"); lerr != nil {
			return nil, fmt.Errorf("speech-dispatcher is not installed (Debian: apt install speech-dispatcher speech-dispatcher-espeak-ng)")
		}
		if nc, err = spawn(addr); err != nil {
			return nil, err
		}
	}
	c := &conn{c: nc, w: bufio.NewWriter(nc), replies: make(chan reply, 1),
		events: make(chan event, 1024), closed: make(chan struct{})}
	go c.readLoop()
	for _, cmd := range []string{"SET SELF CLIENT_NAME user:tw:main", "SET SELF SSML_MODE on", "SET SELF NOTIFICATION all on"} {
		if _, err := c.request(cmd); err != nil {
			c.c.Close()
			return nil, err
		}
	}
	return c, nil
}

// spawn starts the user's speech-dispatcher and waits, bounded, for its
// socket.
func spawn(addr string) (net.Conn, error) {
	cmd := exec.Command("speech-dispatcher", "--spawn")
	done := make(chan error, 1)
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("speech-dispatcher is not running and could not be started: %v", err)
	}
	go func() { done <- cmd.Wait() }()
	deadline := time.Now().Add(SpawnTimeout)
	for {
		nc, err := net.DialTimeout("unix", addr, DialTimeout)
		if err == nil {
			return nc, nil
		}
		if time.Now().After(deadline) {
			cmd.Process.Kill()
			return nil, fmt.Errorf("speech-dispatcher is not running at %s and did not start within %v", addr, SpawnTimeout)
		}
		select {
		case err := <-done:
			if err != nil {
				return nil, fmt.Errorf("speech-dispatcher is not running at %s and could not be started: %v", addr, err)
			}
			done = nil // --spawn forked the daemon and returned: keep waiting for the socket
		case <-time.After(50 * time.Millisecond):
		}
	}
}

// unwrapDial makes "dial unix /x: connect: no such file or directory" read
// as "no such file or directory".
func unwrapDial(err error) error {
	var op *net.OpError
	if errors.As(err, &op) && op.Err != nil {
		var se *os.SyscallError
		if errors.As(op.Err, &se) {
			return se.Err
		}
		return op.Err
	}
	return err
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
			select {
			case c.replies <- reply{code: code, lines: lines}:
			case <-time.After(ReplyTimeout):
				// A reply nobody waits for (its request timed out).
			}
		}
		lines = nil
	}
}

func (c *conn) brokenErr() error {
	c.bmu.Lock()
	defer c.bmu.Unlock()
	return c.broken
}

func (c *conn) breakWith(err error) {
	c.bmu.Lock()
	if c.broken == nil {
		c.broken = err
	}
	c.bmu.Unlock()
	c.c.Close()
}

// request sends one command line and waits for its reply.
func (c *conn) request(cmd string) (reply, error) {
	return c.requestWithin(cmd, ReplyTimeout)
}

func (c *conn) requestWithin(cmd string, d time.Duration) (reply, error) {
	c.wmu.Lock()
	defer c.wmu.Unlock()
	return c.requestLocked(cmd+"\r\n", d)
}

func (c *conn) requestLocked(data string, d time.Duration) (reply, error) {
	if err := c.brokenErr(); err != nil {
		return reply{}, err
	}
	first := strings.TrimSpace(strings.SplitN(data, "\r\n", 2)[0])
	if len(first) > 40 {
		first = first[:40] + "…"
	}
	c.c.SetWriteDeadline(time.Now().Add(d))
	if _, err := c.w.WriteString(data); err != nil {
		c.breakWith(fmt.Errorf("%w: cannot send %q: %v", ErrNoReply, first, err))
		return reply{}, c.brokenErr()
	}
	if err := c.w.Flush(); err != nil {
		c.breakWith(fmt.Errorf("%w: cannot send %q: %v", ErrNoReply, first, err))
		return reply{}, c.brokenErr()
	}
	select {
	case rp := <-c.replies:
		if rp.code >= 300 {
			return rp, fmt.Errorf("speech-dispatcher refused %q: %d %s", first, rp.code, strings.Join(rp.lines, " "))
		}
		return rp, nil
	case <-c.closed:
		c.breakWith(errors.New("speech-dispatcher closed the connection (it stopped or crashed)"))
		return reply{}, c.brokenErr()
	case <-time.After(d):
		c.breakWith(fmt.Errorf("%w to %q within %v (it is stopped or overloaded)", ErrNoReply, first, d))
		return reply{}, c.brokenErr()
	}
}

// speak sends an SSML message and returns its message id.
func (c *conn) speak(ssml string) (string, error) {
	c.wmu.Lock()
	defer c.wmu.Unlock()
	if _, err := c.requestLocked("SPEAK\r\n", ReplyTimeout); err != nil {
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
	rp, err := c.requestLocked(b.String(), 2*ReplyTimeout)
	if err != nil {
		return "", err
	}
	if len(rp.lines) < 2 {
		return "", errors.New("speech-dispatcher gave no message id")
	}
	return rp.lines[0], nil
}

// close stops this client's speech and disconnects, each step bounded.
func (c *conn) close() {
	if c.brokenErr() == nil {
		c.request("STOP SELF")
		c.request("QUIT")
	}
	c.c.Close()
}

// list sends a LIST command and returns its data lines.
func (c *conn) list(cmd string) ([]string, error) {
	rp, err := c.requestWithin(cmd, ListTimeout)
	if err != nil {
		return nil, err
	}
	return rp.lines[:max(0, len(rp.lines)-1)], nil
}
