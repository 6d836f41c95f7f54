package docstate

import "testing"

func TestPathKey(t *testing.T) {
	tests := []struct{ goos, path, want string }{
		{"windows", `C:\Users\Ann\book.epub`, `C:\Users\Ann\book.epub`},
		{"windows", `c:\Users\Ann\book.epub`, `C:\Users\Ann\book.epub`},
		{"windows", `c:/Users/Ann/book.epub`, `C:\Users\Ann\book.epub`},
		{"windows", `\\server\share\a.txt`, `\\server\share\a.txt`},
		{"windows", `D:\books.zip!ch1.html`, `D:\books.zip!ch1.html`},
		{"linux", `/home/ann/a\b.txt`, `/home/ann/a\b.txt`},
		{"linux", `c:/x`, `c:/x`},
	}
	for _, tt := range tests {
		if got := pathKey(tt.goos, tt.path); got != tt.want {
			t.Errorf("pathKey(%s, %q) = %q, want %q", tt.goos, tt.path, got, tt.want)
		}
	}
}
