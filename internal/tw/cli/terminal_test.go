package cli

import "testing"

func TestShowControls(t *testing.T) {
	tests := []struct{ name, in, want string }{
		{"plain text", "Hello, world.\n\tIndented.", "Hello, world.\n\tIndented."},
		{"escape sequence", "a\x1b]0;owned\x07b", "a^[]0;owned^Gb"},
		{"OSC 52 clipboard", "\x1b]52;c;ZXZpbA==\x07", "^[]52;c;ZXZpbA==^G"},
		{"carriage return and DEL", "x\ry\x7f", "x^My^?"},
		{"C1 CSI", "a\u009b31mb", "a<U+009B>31mb"},
		{"letters beside C1 stay", "é\u0085ü", "é<U+0085>ü"},
		{"invalid UTF-8 passes", "a\xffb", "a\xffb"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := string(showControls([]byte(tt.in))); got != tt.want {
				t.Errorf("showControls(%q) = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
}
