package pdf

import (
	"errors"
	"fmt"
	"runtime"
	"slices"
	"strings"
	"testing"

	"textfirst/internal/testkit"
)

// withReaders runs f with GOMAXPROCS at n, so that readPages uses up to n
// page readers whatever the machine has.
func withReaders(t *testing.T, n int, f func()) {
	t.Helper()
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(n))
	f()
}

// TestPagesReadTogetherAsOneByOne: the text and markers of a real manual
// read by several page readers are those of one reader, and progress is
// told page after page.
func TestPagesReadTogetherAsOneByOne(t *testing.T) {
	const path = "/usr/share/doc/libtasn1-doc/libtasn1.pdf"
	data := readDebianPDF(t, path)
	var want, got string
	withReaders(t, 1, func() { want = dump(t, path, data, nil) })
	var told []int
	withReaders(t, 4, func() {
		got = dump(t, path, data, func(done, total int) { told = append(told, done) })
	})
	if got != want {
		t.Errorf("four page readers give another document than one")
	}
	if len(told) < 30 || !slices.IsSorted(told) || told[0] != 1 || told[len(told)-1] != len(told) {
		t.Errorf("progress told %v, want 1, 2, ... every page", told)
	}
}

func dump(t *testing.T, path string, data []byte, progress func(done, total int)) string {
	t.Helper()
	d, err := LoadOptions(path, data, "", Options{Progress: progress})
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%q\n", d.Text)
	for _, m := range d.Markers() {
		fmt.Fprintf(&b, "%+v\n", m)
	}
	return b.String()
}

// TestFirstFailedPageAnswers: of two pages beyond a limit, the first in
// page order gives the error, however many readers read the pages.
func TestFirstFailedPageAnswers(t *testing.T) {
	oneStream := "a stream decodes to more than 32 MB"
	joined := "a page's contents decode to more than 32 MB"
	for _, tc := range []struct {
		first, second int
		want          string
	}{
		{2, 7, oneStream},
		{7, 2, joined},
	} {
		data := failingPagesPDF(10, tc.first, tc.second)
		for _, readers := range []int{1, 2, 4} {
			withReaders(t, readers, func() {
				_, err := Load("limits.pdf", data)
				if !errors.Is(err, ErrLimit) || !strings.Contains(err.Error(), tc.want) {
					t.Errorf("%d readers, page %d too large a stream, page %d too large contents: err = %v, want %q",
						readers, tc.first+1, tc.second+1, err, tc.want)
				}
			})
		}
	}
}

// failingPagesPDF has n pages of a word each, but page big (from 0) shows
// a stream that decodes past minStreamLimit and page joined one listed
// twice whose two listings together do.
func failingPagesPDF(n, big, joined int) []byte {
	objs := []string{"<< /Type /Catalog /Pages 2 0 R >>", "", "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
		flateObj("", "BT /F1 12 Tf 72 500 Td (Big) Tj ET"+strings.Repeat(" ", minStreamLimit+1)),
		flateObj("", "BT /F1 12 Tf 72 500 Td (Half) Tj ET"+strings.Repeat(" ", minStreamLimit/2+1)),
	}
	var kids []string
	for i := range n {
		contents := "4 0 R"
		switch i {
		case big:
		case joined:
			contents = "[5 0 R 5 0 R]"
		default:
			objs = append(objs, contentObj(fmt.Sprintf("BT /F1 12 Tf 72 500 Td (Page%d) Tj ET", i+1)))
			contents = fmt.Sprintf("%d 0 R", len(objs))
		}
		objs = append(objs, "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents "+contents+" >>")
		kids = append(kids, fmt.Sprintf("%d 0 R", len(objs)))
	}
	objs[1] = fmt.Sprintf("<< /Type /Pages /Kids [%s] /Count %d >>", strings.Join(kids, " "), n)
	return testkit.PDF(objs, "/Root 1 0 R")
}
