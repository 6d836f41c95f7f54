// Command ratios is bench/tw/table.sh's helper: it times tw beside its peer
// tools on the same files, alternating ours and the peer in each round, and
// prints the rows of the speed table (medians of wall and CPU times, and
// the ratios ours/peer):
//
//   - opening a Markdown file over JSON-RPC (one `tw serve --stdio`
//     process, the time from sending "open" to reading its answer) against
//     cmark's full parse of the same file (a process, output discarded);
//   - `tw text FILE` and `tw info FILE` against cmark;
//   - the memory `tw serve` holds: its resident set growth after the opens
//     and after replacing the document by a one-line file, against the
//     file's size;
//   - `tw text` of a one-line file against `pandoc -t plain`.
//
// ratios -tw BIN -md FILE -small FILE [-runs N]
package main

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"time"

	"textfirst/internal/pipecmd"
)

func main() {
	tw := flag.String("tw", "tw", "the tw binary")
	md := flag.String("md", "", "the large Markdown file")
	small := flag.String("small", "", "a one-line text file")
	runs := flag.Int("runs", 7, "rounds for each row")
	flag.Parse()
	if *md == "" || *small == "" {
		fmt.Fprintln(os.Stderr, "usage: ratios -tw BIN -md FILE -small FILE [-runs N]")
		os.Exit(2)
	}
	fi, err := os.Stat(*md)
	if err != nil {
		fail(err)
	}
	size := float64(fi.Size())
	cmark := []string{"cmark", *md}

	fmt.Printf("Markdown file: %.1f MB; %d rounds, ours and the peer alternated; wall medians (minima), CPU medians.\n\n", size/1e6, *runs)
	fmt.Println("| measure | peer | ours | peer's | ratio | CPU ours / peer's | CPU ratio |")
	fmt.Println("|---|---|---|---|---|---|---|")

	srv, err := startServer(*tw)
	if err != nil {
		fail(err)
	}
	base, err := srv.rss()
	if err != nil {
		fail(err)
	}
	var opens, peer []sample
	for range *runs {
		peer = append(peer, timeRun(cmark))
		d, err := srv.open(*md)
		if err != nil {
			fail(err)
		}
		opens = append(opens, d)
	}
	row("open over JSON-RPC", "cmark", opens, peer)
	// What the document and its indexes keep once the open's background
	// work is done.
	time.Sleep(time.Second)
	held, _ := srv.rss()
	if _, err := srv.open(*small); err != nil {
		fail(err)
	}
	time.Sleep(time.Second)
	replaced, _ := srv.rss()
	srv.close()

	text, peer := alternate(*runs, []string{*tw, "text", *md}, cmark)
	row("`tw text`", "cmark", text, peer)
	info, peer := alternate(*runs, []string{*tw, "info", *md}, cmark)
	row("`tw info` (words, sentences)", "cmark", info, peer)
	growth := func(rss int64) string {
		return fmt.Sprintf("%.1f MB (%.2fx)", float64(rss-base)/1e6, float64(rss-base)/size)
	}
	fmt.Printf("| memory `tw serve` holds after %d opens (RSS growth) | the file's size | %s | %.1f MB | %.2f | | |\n",
		*runs, growth(held), size/1e6, float64(held-base)/size)
	fmt.Printf("| ... after replacing it by a one-line file | the file's size | %s | %.1f MB | %.2f | | |\n",
		growth(replaced), size/1e6, float64(replaced-base)/size)
	one, peer := alternate(*runs*3, []string{*tw, "text", *small}, []string{"pandoc", "-t", "plain", *small})
	row("`tw text` of a one-line file", "pandoc", one, peer)
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "ratios:", err)
	os.Exit(1)
}

// sample is one timed run: its wall time and the CPU time it used.
type sample struct{ wall, cpu time.Duration }

// row prints one table row: medians (and minima) of ours and the peer's
// wall times and the ratio of the medians, then the same of CPU times
// (steadier on a machine shared with other work).
func row(measure, peerName string, ours, peer []sample) {
	ow, pw, oc, pc := walls(ours), walls(peer), cpus(ours), cpus(peer)
	fmt.Printf("| %s | %s | %s (%s) | %s (%s) | %.2f | %s / %s | %.2f |\n", measure, peerName,
		ms(median(ow)), ms(slices.Min(ow)), ms(median(pw)), ms(slices.Min(pw)), ratio(ow, pw),
		ms(median(oc)), ms(median(pc)), ratio(oc, pc))
}

func walls(s []sample) (out []time.Duration) {
	for _, x := range s {
		out = append(out, x.wall)
	}
	return out
}

func cpus(s []sample) (out []time.Duration) {
	for _, x := range s {
		out = append(out, x.cpu)
	}
	return out
}

func ratio(ours, peer []time.Duration) float64 { return float64(median(ours)) / float64(median(peer)) }

func ms(d time.Duration) string { return fmt.Sprintf("%.0f ms", float64(d)/1e6) }

func median(ds []time.Duration) time.Duration {
	s := slices.Clone(ds)
	slices.Sort(s)
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}

// alternate runs ours and the peer in turn, n rounds, and returns their
// times.
func alternate(n int, ours, peer []string) (o, p []sample) {
	for range n {
		o = append(o, timeRun(ours))
		p = append(p, timeRun(peer))
	}
	return o, p
}

// timeRun times a command, its output discarded.
func timeRun(argv []string) sample {
	cmd := exec.Command(argv[0], argv[1:]...)
	start := time.Now()
	if err := cmd.Run(); err != nil {
		fail(fmt.Errorf("%s: %w", strings.Join(argv, " "), err))
	}
	wall := time.Since(start)
	return sample{wall, cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()}
}

// server is a running `tw serve --stdio --no-speech`.
type server struct {
	cmd  *exec.Cmd
	in   io.WriteCloser
	out  *bufio.Reader
	home string
	id   int
}

func startServer(tw string) (*server, error) {
	home, err := os.MkdirTemp("", "tw-ratios-")
	if err != nil {
		return nil, err
	}
	cmd := exec.Command(tw, "serve", "--stdio", "--no-speech", "--home", home)
	in, out, err := pipecmd.Start(cmd)
	if err != nil {
		return nil, err
	}
	s := &server{cmd: cmd, in: in, out: bufio.NewReaderSize(out, 1<<20), home: home}
	if _, err := s.call("initialize", nil); err != nil {
		return nil, err
	}
	return s, nil
}

// call sends a request and waits for its answer (notifications before it
// are read and dropped); it returns the time that took and the CPU time
// the server used meanwhile (to the kernel's tick).
func (s *server) call(method string, params any) (sample, error) {
	s.id++
	req, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": s.id, "method": method, "params": params})
	cpu0 := s.cpu()
	start := time.Now()
	if _, err := s.in.Write(append(req, '\n')); err != nil {
		return sample{}, err
	}
	for {
		line, err := s.out.ReadBytes('\n')
		if err != nil {
			return sample{}, fmt.Errorf("%s: %w", method, err)
		}
		var msg struct {
			ID    *int            `json:"id"`
			Error json.RawMessage `json:"error"`
		}
		if json.Unmarshal(line, &msg) != nil || msg.ID == nil || *msg.ID != s.id {
			continue
		}
		d := sample{time.Since(start), s.cpu() - cpu0}
		if msg.Error != nil {
			return d, fmt.Errorf("%s: %s", method, msg.Error)
		}
		return d, nil
	}
}

func (s *server) open(path string) (sample, error) {
	return s.call("open", map[string]string{"path": path})
}

// cpu is the CPU time the server has used (/proc/PID/stat's utime and
// stime, in ticks of 10 ms).
func (s *server) cpu() time.Duration {
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", s.cmd.Process.Pid))
	if err != nil {
		return 0
	}
	// The fields after the command name, which is in parentheses.
	fields := strings.Fields(string(data[strings.LastIndexByte(string(data), ')')+1:]))
	if len(fields) < 13 {
		return 0
	}
	utime, _ := strconv.ParseInt(fields[11], 10, 64)
	stime, _ := strconv.ParseInt(fields[12], 10, 64)
	return time.Duration(utime+stime) * 10 * time.Millisecond
}

// rss is the server's resident set size in bytes.
func (s *server) rss() (int64, error) {
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", s.cmd.Process.Pid))
	if err != nil {
		return 0, err
	}
	for line := range strings.SplitSeq(string(data), "\n") {
		if rest, ok := strings.CutPrefix(line, "VmRSS:"); ok {
			kb, err := strconv.ParseInt(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(rest), "kB")), 10, 64)
			return kb * 1024, err
		}
	}
	return 0, fmt.Errorf("no VmRSS in /proc/%d/status", s.cmd.Process.Pid)
}

func (s *server) close() {
	s.in.Close()
	s.cmd.Wait()
	os.RemoveAll(s.home)
}
