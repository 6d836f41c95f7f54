package testkit

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"testing"
	"unicode/utf8"

	"textfirst/internal/tw/doc"
)

// PDF writes a PDF of the object bodies objs (object i+1 is objs[i]) with
// a correct cross-reference table; trailer is the body of the trailer
// dictionary after its /Size.
func PDF(objs []string, trailer string) []byte {
	var b bytes.Buffer
	b.WriteString("%PDF-1.4\n")
	offs := make([]int, len(objs))
	for i, o := range objs {
		offs[i] = b.Len()
		fmt.Fprintf(&b, "%d 0 obj\n%s\nendobj\n", i+1, o)
	}
	x := b.Len()
	fmt.Fprintf(&b, "xref\n0 %d\n0000000000 65535 f \n", len(objs)+1)
	for _, o := range offs {
		fmt.Fprintf(&b, "%010d 00000 n \n", o)
	}
	fmt.Fprintf(&b, "trailer\n<< /Size %d %s >>\nstartxref\n%d\n%%%%EOF\n", len(objs)+1, trailer, x)
	return b.Bytes()
}

// RunChildTest runs the test named test of this test binary in a child
// process whose environment has env set to value, and returns what the
// child wrote. A child that fails fails t.
func RunChildTest(t testing.TB, test, env, value string) []byte {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^"+test+"$", "-test.count=1")
	cmd.Env = append(os.Environ(), env+"="+value)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("child: %v\n%s", err, out)
	}
	return out
}

// FuzzMarkers makes the markers a fuzz test's bytes describe over text,
// four bytes a marker: its kind (an index into kinds), its start and its
// length (in characters, brought within the text) and its level (0 to 2);
// a table row whose last byte is even is a header row. Bytes left over
// make no marker.
func FuzzMarkers(text string, shape []byte, kinds []doc.Kind) []doc.Marker {
	n := utf8.RuneCountInString(text)
	var ms []doc.Marker
	for i := 0; i+3 < len(shape); i += 4 {
		start := int(shape[i+1]) % (n + 1)
		end := start + int(shape[i+2])%(n+1-start)
		m := doc.Marker{Kind: kinds[int(shape[i])%len(kinds)], Start: start, End: end, Level: int(shape[i+3]) % 3}
		if m.Kind == doc.TableRow && shape[i+3]%2 == 0 {
			m.Label = doc.HeaderRow
		}
		ms = append(ms, m)
	}
	return ms
}
