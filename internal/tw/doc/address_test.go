package doc

import "testing"

func TestPublicAddress(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"https://user:pw@example.org/book.html", "https://example.org/book.html"},
		{"HTTP://user@example.org:8080/a?b=1", "http://example.org:8080/a?b=1"},
		{"https://example.org/a?token=abc&page=2&X-Amz-Signature=f00&access_token=x#top", "https://example.org/a?page=2#top"},
		{"https://example.org/a?upload_token=1&Key=2&keyboard=3", "https://example.org/a?keyboard=3"},
		{"https://example.org/a?token=only", "https://example.org/a"},
		{"https://example.org/plain", "https://example.org/plain"},
		{"https://u:p@exa mple.org/%zz", "https://exa mple.org/%zz"},
		{"/home/user/user:pw@notes.md", "/home/user/user:pw@notes.md"},
	} {
		if got := PublicAddress(tc.in); got != tc.want {
			t.Errorf("PublicAddress(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
	line := `open "https://me:secret@host/x?sig=1&a=b": Get https://host/y?api_key=k: timeout`
	want := `open "https://host/x?a=b": Get https://host/y: timeout`
	if got := PublicAddresses(line); got != want {
		t.Errorf("PublicAddresses = %q, want %q", got, want)
	}
}
