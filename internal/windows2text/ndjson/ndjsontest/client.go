// Package ndjsontest is the tests' client of windows2text's NDJSON protocol:
// one request line out, one answer line back.
package ndjsontest

import (
	"bufio"
	"encoding/json"
	"io"
	"os/exec"
	"testing"

	"textfirst/internal/testkit"
)

// Client sends requests with ids 1, 2, 3... and reads one answer line for
// each. It is not safe for concurrent use.
type Client struct {
	tb   testing.TB
	in   io.WriteCloser
	out  *bufio.Reader
	next int
}

// New is a client that writes requests to in and reads answers from out.
func New(tb testing.TB, in io.WriteCloser, out io.Reader) *Client {
	return &Client{tb: tb, in: in, out: bufio.NewReader(out)}
}

// Start starts cmd with the client on its standard input and output; at
// the test's end the client closes the input and waits for cmd to exit.
// It fails the test when cmd cannot start.
func Start(tb testing.TB, cmd *exec.Cmd) *Client {
	tb.Helper()
	in, out := testkit.StartPiped(tb, cmd)
	tb.Cleanup(func() {
		in.Close()
		cmd.Wait()
	})
	return New(tb, in, out)
}

// Call sends one request (params nil for none) and returns the answer's
// line, whatever it says. It fails the test when the request cannot be
// written or no answer line comes.
func (c *Client) Call(method string, params any) []byte {
	c.tb.Helper()
	c.next++
	line, _ := json.Marshal(map[string]any{"id": c.next, "method": method, "params": params})
	if _, err := c.in.Write(append(line, '\n')); err != nil {
		c.tb.Fatal(err)
	}
	answer, err := c.out.ReadBytes('\n')
	if err != nil {
		c.tb.Fatalf("%s: %v", method, err)
	}
	return answer
}
