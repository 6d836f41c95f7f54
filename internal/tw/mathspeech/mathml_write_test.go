package mathspeech

import (
	"encoding/xml"
	"strings"
	"testing"
)

// TestWriteMathMLKeepsTheFormula writes each formula of speakCases, in
// whatever notation it was read from, as MathML: the result is
// well-formed XML in the MathML namespace and reads back as the same
// words.
func TestWriteMathMLKeepsTheFormula(t *testing.T) {
	for _, c := range speakCases {
		t.Run(c.notation+"/"+c.name, func(t *testing.T) {
			out := WriteMathML(Parse(c.notation, c.source))
			dec := xml.NewDecoder(strings.NewReader(out))
			for {
				_, err := dec.Token()
				if err != nil {
					if err.Error() != "EOF" {
						t.Fatalf("not XML: %v\n%s", err, out)
					}
					break
				}
			}
			if !strings.HasPrefix(out, `<math xmlns="http://www.w3.org/1998/Math/MathML">`) {
				t.Errorf("no MathML root: %s", out)
			}
			if got := Speak(ParseMathML(out), nil); got != c.want {
				t.Errorf("read back as %q, want %q\n%s", got, c.want, out)
			}
		})
	}
}
