package testkit

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"testing"
)

// ServeHTML serves pages (by path, such as "/index.html": the body's
// HTML) over real HTTP as UTF-8 HTML pages, 404 for any other path, until
// the test ends. It returns the server's address ("http://127.0.0.1:N").
func ServeHTML(t testing.TB, pages map[string]string) string {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, ok := pages[r.URL.Path]
		if !ok {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprint(w, "<html><body>"+body+"</body></html>")
	}))
	t.Cleanup(srv.Close)
	return srv.URL
}
