package atspi

// A minimal D-Bus client for the peer-to-peer socket an AT-SPI application
// offers (Application.GetApplicationBusAddress). A snapshot is thousands of
// small method calls; with godbus, encoding, decoding into interfaces and
// one write per message cost more CPU than the application spends
// answering (measured: 80 ms of our CPU against 54 ms of GTK's for
// gtk3-widget-factory). This client writes a whole batch of calls with one
// system call and decodes the few reply signatures AT-SPI uses straight
// into their Go types. The bus itself (registry, fallback) stays on godbus.

import (
	"bufio"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"math"
	"net"
	"os"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/godbus/dbus/v5"
)

// directConn is one authenticated peer-to-peer connection. Safe for
// concurrent use: calls are matched to replies by serial.
type directConn struct {
	conn net.Conn

	wmu sync.Mutex // serialises writes

	mu      sync.Mutex
	serial  uint32
	pending map[uint32]*reply
	closed  error
}

// reply is the answer to one call.
type reply struct {
	sig  string
	body []byte
	err  error
	done chan struct{}
}

// errorReply is a D-Bus error answer.
type errorReply struct {
	Name    string
	Message string
}

func (e *errorReply) Error() string { return e.Name + ": " + e.Message }

var errDirectClosed = errors.New("atspi: direct connection closed")

// dialDirectConn connects to a unix:path= or unix:abstract= address and
// authenticates with EXTERNAL, within timeout (a stopped application's
// socket accepts the connection and then never answers: without a deadline
// the walk hung there for good).
func dialDirectConn(addr string, timeout time.Duration) (*directConn, error) {
	var network, path string
	for _, a := range strings.Split(addr, ";") {
		rest, ok := strings.CutPrefix(a, "unix:")
		if !ok {
			continue
		}
		for _, kv := range strings.Split(rest, ",") {
			k, v, _ := strings.Cut(kv, "=")
			switch k {
			case "path":
				network, path = "unix", unescapeAddr(v)
			case "abstract":
				network, path = "unix", "@"+unescapeAddr(v)
			}
		}
		if path != "" {
			break
		}
	}
	if path == "" {
		return nil, fmt.Errorf("atspi: unsupported application bus address %q", addr)
	}
	c, err := net.DialTimeout(network, path, timeout)
	if err != nil {
		return nil, err
	}
	c.SetDeadline(time.Now().Add(timeout))
	uid := hex.EncodeToString([]byte(strconv.Itoa(os.Getuid())))
	if _, err := io.WriteString(c, "\x00AUTH EXTERNAL "+uid+"\r\n"); err != nil {
		c.Close()
		return nil, err
	}
	r := bufio.NewReader(c)
	line, err := r.ReadString('\n')
	if err != nil || !strings.HasPrefix(line, "OK ") {
		c.Close()
		return nil, fmt.Errorf("atspi: direct connection refused authentication: %q %v", line, err)
	}
	if _, err := io.WriteString(c, "BEGIN\r\n"); err != nil {
		c.Close()
		return nil, err
	}
	// Calls have their own timeouts from here on.
	c.SetDeadline(time.Time{})
	d := &directConn{conn: c, pending: map[uint32]*reply{}}
	go d.readLoop(r)
	return d, nil
}

func unescapeAddr(v string) string {
	var b strings.Builder
	for i := 0; i < len(v); i++ {
		if v[i] == '%' && i+2 < len(v) {
			if x, err := strconv.ParseUint(v[i+1:i+3], 16, 8); err == nil {
				b.WriteByte(byte(x))
				i += 2
				continue
			}
		}
		b.WriteByte(v[i])
	}
	return b.String()
}

// Close ends the connection; pending calls fail.
func (d *directConn) Close() error {
	d.fail(errDirectClosed)
	return d.conn.Close()
}

func (d *directConn) fail(err error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.closed == nil {
		d.closed = err
	}
	for s, r := range d.pending {
		r.err = err
		close(r.done)
		delete(d.pending, s)
	}
}

// readLoop reads messages until the connection ends, completing the calls
// they answer. Signals and calls from the application are ignored.
func (d *directConn) readLoop(r *bufio.Reader) {
	var fixed [16]byte
	for {
		if _, err := io.ReadFull(r, fixed[:]); err != nil {
			d.fail(errDirectClosed)
			return
		}
		if fixed[0] != 'l' {
			d.fail(errors.New("atspi: big-endian peers are not supported"))
			d.conn.Close()
			return
		}
		msgType := fixed[1]
		bodyLen := binary.LittleEndian.Uint32(fixed[4:])
		fieldsLen := binary.LittleEndian.Uint32(fixed[12:])
		if bodyLen > 64<<20 || fieldsLen > 1<<20 {
			d.fail(errors.New("atspi: oversized message"))
			d.conn.Close()
			return
		}
		headerRest := int(fieldsLen)
		headerRest += pad(16+headerRest, 8)
		buf := make([]byte, headerRest+int(bodyLen))
		if _, err := io.ReadFull(r, buf); err != nil {
			d.fail(errDirectClosed)
			return
		}
		if msgType != 2 && msgType != 3 {
			continue
		}
		var replySerial uint32
		var sig, errName string
		// Header fields: a(yv), each struct 8-aligned; positions are
		// relative to the message start (16 bytes before buf).
		fr := wireReader{buf: buf[:fieldsLen], base: 16}
		for fr.pos < len(fr.buf) && fr.err == nil {
			fr.align(8)
			code := fr.byte1()
			vs := fr.signature()
			switch {
			case code == 5 && vs == "u":
				replySerial = fr.u32()
			case code == 8 && vs == "g":
				sig = fr.signature()
			case code == 4 && vs == "s":
				errName = fr.str()
			default:
				fr.skip(vs)
			}
		}
		if fr.err != nil {
			continue
		}
		d.mu.Lock()
		rep, ok := d.pending[replySerial]
		delete(d.pending, replySerial)
		d.mu.Unlock()
		if !ok {
			continue
		}
		rep.sig, rep.body = sig, buf[headerRest:]
		if msgType == 3 {
			msg := ""
			if strings.HasPrefix(sig, "s") {
				br := wireReader{buf: rep.body}
				msg = br.str()
			}
			rep.err = &errorReply{Name: errName, Message: msg}
		}
		close(rep.done)
	}
}

// encodeCall appends one method call to buf and registers its reply.
func (d *directConn) encodeCall(buf []byte, path dbus.ObjectPath, iface, member string, args []any) ([]byte, *reply, uint32) {
	d.mu.Lock()
	d.serial++
	serial := d.serial
	rep := &reply{done: make(chan struct{})}
	if d.closed != nil {
		rep.err = d.closed
		close(rep.done)
	} else {
		d.pending[serial] = rep
	}
	d.mu.Unlock()

	var body wireWriter
	var sig strings.Builder
	for _, a := range args {
		switch v := a.(type) {
		case string:
			sig.WriteByte('s')
			body.str(v)
		case uint32:
			sig.WriteByte('u')
			body.align(4)
			body.u32(v)
		case int32:
			sig.WriteByte('i')
			body.align(4)
			body.u32(uint32(v))
		case float64:
			sig.WriteByte('d')
			body.align(8)
			body.u64(math.Float64bits(v))
		case dbus.Variant:
			// Only the variants AT-SPI setters take: a double.
			f, ok := v.Value().(float64)
			if !ok {
				panic(fmt.Sprintf("atspi: direct call variant of type %T", v.Value()))
			}
			sig.WriteByte('v')
			body.sig("d")
			body.align(8)
			body.u64(math.Float64bits(f))
		default:
			panic(fmt.Sprintf("atspi: direct call argument of type %T", a))
		}
	}
	start := len(buf)
	w := wireWriter{b: buf, base: start}
	w.b = append(w.b, 'l', 1, 0, 1)
	w.u32(uint32(len(body.b)))
	w.u32(serial)
	lenAt := len(w.b)
	w.u32(0) // header fields length, set below
	fieldsStart := len(w.b)
	field := func(code byte, s byte, val string) {
		w.align(8)
		w.b = append(w.b, code, 1, s, 0)
		if s == 'g' {
			w.sig(val)
		} else {
			w.str(val)
		}
	}
	field(1, 'o', string(path))
	field(2, 's', iface)
	field(3, 's', member)
	if sig.Len() > 0 {
		field(8, 'g', sig.String())
	}
	binary.LittleEndian.PutUint32(w.b[lenAt:], uint32(len(w.b)-fieldsStart))
	w.align(8)
	w.b = append(w.b, body.b...)
	return w.b, rep, serial
}

// send writes encoded calls with one system call. The deadline keeps a
// stopped application, whose socket buffer fills up, from blocking us.
func (d *directConn) send(buf []byte, deadline time.Time) error {
	d.wmu.Lock()
	defer d.wmu.Unlock()
	d.conn.SetWriteDeadline(deadline)
	_, err := d.conn.Write(buf)
	if err != nil {
		d.fail(errDirectClosed)
	}
	return err
}

// forget drops a call that is no longer waited for (its context ended)
// and reports whether it was still pending. When it was not, its answer
// or its failure is being delivered, and its done is about to close.
func (d *directConn) forget(serial uint32) bool {
	d.mu.Lock()
	defer d.mu.Unlock()
	_, pending := d.pending[serial]
	delete(d.pending, serial)
	return pending
}

func pad(n, to int) int { return (to - n%to) % to }

// wireWriter appends little-endian D-Bus values. base is the position of
// b[0] in the message, for alignment.
type wireWriter struct {
	b    []byte
	base int
}

func (w *wireWriter) align(n int) {
	for p := pad(len(w.b)-w.base, n); p > 0; p-- {
		w.b = append(w.b, 0)
	}
}
func (w *wireWriter) u32(v uint32) { w.b = binary.LittleEndian.AppendUint32(w.b, v) }
func (w *wireWriter) u64(v uint64) { w.b = binary.LittleEndian.AppendUint64(w.b, v) }
func (w *wireWriter) str(s string) {
	w.align(4)
	w.u32(uint32(len(s)))
	w.b = append(w.b, s...)
	w.b = append(w.b, 0)
}
func (w *wireWriter) sig(s string) {
	w.b = append(w.b, byte(len(s)))
	w.b = append(w.b, s...)
	w.b = append(w.b, 0)
}

// wireReader decodes little-endian D-Bus values; the first error sticks.
type wireReader struct {
	buf  []byte
	pos  int
	base int // position of buf[0] in the message, for alignment
	err  error
}

var errShort = errors.New("atspi: truncated message")

func (r *wireReader) need(n int) bool {
	if r.err != nil {
		return false
	}
	if n < 0 || r.pos+n > len(r.buf) {
		r.err = errShort
		return false
	}
	return true
}

func (r *wireReader) align(n int) {
	p := pad(r.pos+r.base, n)
	if r.need(p) {
		r.pos += p
	}
}

func (r *wireReader) byte1() byte {
	if !r.need(1) {
		return 0
	}
	r.pos++
	return r.buf[r.pos-1]
}

// fixed reads an n-byte number aligned to n: its bytes, or eight zero
// bytes when the message is short.
func (r *wireReader) fixed(n int) []byte {
	r.align(n)
	if !r.need(n) {
		return make([]byte, 8)
	}
	r.pos += n
	return r.buf[r.pos-n : r.pos]
}

func (r *wireReader) u32() uint32 { return binary.LittleEndian.Uint32(r.fixed(4)) }
func (r *wireReader) u64() uint64 { return binary.LittleEndian.Uint64(r.fixed(8)) }

func (r *wireReader) str() string       { return r.text(int(r.u32())) }
func (r *wireReader) signature() string { return r.text(int(r.byte1())) }

// text reads n bytes of text and the NUL that ends them.
func (r *wireReader) text(n int) string {
	if !r.need(n + 1) {
		return ""
	}
	s := string(r.buf[r.pos : r.pos+n])
	r.pos += n + 1
	return s
}

// arrayEnd reads an array's length, aligns to its elements, and returns
// where the array ends.
func (r *wireReader) arrayEnd(elemAlign int) int {
	n := int(r.u32())
	r.align(elemAlign)
	if !r.need(n) {
		return r.pos
	}
	return r.pos + n
}

// skip passes over one value of each complete type in sig.
func (r *wireReader) skip(sig string) {
	for sig != "" && r.err == nil {
		sig = r.skipOne(sig)
	}
}

// skipOne passes over the value of sig's first complete type and returns
// the rest of sig.
func (r *wireReader) skipOne(sig string) string {
	switch c := sig[0]; c {
	case 'y':
		r.byte1()
	case 'n', 'q':
		r.fixed(2)
	case 'b', 'i', 'u', 'h':
		r.u32()
	case 'x', 't', 'd':
		r.u64()
	case 's', 'o':
		r.str()
	case 'g':
		r.signature()
	case 'v':
		r.skip(r.signature())
	case 'a':
		elem, rest := splitType(sig[1:])
		if elem == "" {
			r.err = errors.New("atspi: array without an element type")
			return ""
		}
		end := r.arrayEnd(typeAlign(elem))
		if r.err == nil {
			r.pos = end
		}
		return rest
	case '(', '{':
		inner, rest := splitType(sig)
		if len(inner) < 2 || (inner[len(inner)-1] != ')' && inner[len(inner)-1] != '}') {
			r.err = errors.New("atspi: unclosed structure in signature")
			return ""
		}
		r.align(8)
		r.skip(inner[1 : len(inner)-1])
		return rest
	default:
		r.err = fmt.Errorf("atspi: unknown type %q", c)
	}
	return sig[1:]
}

// splitType splits the first complete type off sig.
func splitType(sig string) (first, rest string) {
	if sig == "" {
		return "", ""
	}
	switch sig[0] {
	case 'a':
		f, r := splitType(sig[1:])
		return "a" + f, r
	case '(', '{':
		depth := 0
		for i := 0; i < len(sig); i++ {
			switch sig[i] {
			case '(', '{':
				depth++
			case ')', '}':
				depth--
				if depth == 0 {
					return sig[:i+1], sig[i+1:]
				}
			}
		}
		return sig, ""
	}
	return sig[:1], sig[1:]
}

func typeAlign(sig string) int {
	if sig == "" {
		return 1
	}
	switch sig[0] {
	case 'y', 'g', 'v':
		return 1
	case 'n', 'q':
		return 2
	case 'x', 't', 'd', '(', '{':
		return 8
	}
	return 4
}
