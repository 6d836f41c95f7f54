package testkit

import (
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"
)

// trackedFODT is an OpenDocument text (flat XML) with tracked changes and
// a comment, which LibreOffice turns into the Word file of TrackedDOCX.
// Its final text is:
//
//	Fluids were often given in acute renal failure. The dose was two litres a day.
//	A second paragraph stays as it is.
//	The patient was stable.
//
// "rarely" (before "often") and "very" (before "stable") are deleted by Bob
// Reviewer; "often" and "renal " are inserted by Ann Author; Ann Author's
// comment "Check this dose." is on "two litres".
const trackedFODT = `<?xml version="1.0" encoding="UTF-8"?>
<office:document xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" xmlns:dc="http://purl.org/dc/elements/1.1/" office:version="1.2" office:mimetype="application/vnd.oasis.opendocument.text">
<office:body><office:text>
<text:tracked-changes>
<text:changed-region text:id="ct1"><text:deletion><office:change-info><dc:creator>Bob Reviewer</dc:creator><dc:date>2026-03-03T10:00:00</dc:date></office:change-info><text:p>rarely</text:p></text:deletion></text:changed-region>
<text:changed-region text:id="ct2"><text:insertion><office:change-info><dc:creator>Ann Author</dc:creator><dc:date>2026-03-03T10:05:00</dc:date></office:change-info></text:insertion></text:changed-region>
<text:changed-region text:id="ct3"><text:insertion><office:change-info><dc:creator>Ann Author</dc:creator><dc:date>2026-03-04T09:00:00</dc:date></office:change-info></text:insertion></text:changed-region>
<text:changed-region text:id="ct4"><text:deletion><office:change-info><dc:creator>Bob Reviewer</dc:creator><dc:date>2026-03-05T11:30:00</dc:date></office:change-info><text:p>very </text:p></text:deletion></text:changed-region>
</text:tracked-changes>
<text:p>Fluids were <text:change text:change-id="ct1"/><text:change-start text:change-id="ct2"/>often<text:change-end text:change-id="ct2"/> given in acute <text:change-start text:change-id="ct3"/>renal <text:change-end text:change-id="ct3"/>failure. The dose was <office:annotation office:name="c1"><dc:creator>Ann Author</dc:creator><dc:date>2026-03-05T08:00:00</dc:date><text:p>Check this dose.</text:p></office:annotation>two litres<office:annotation-end office:name="c1"/> a day.</text:p>
<text:p>A second paragraph stays as it is.</text:p>
<text:p>The patient was <text:change text:change-id="ct4"/>stable.</text:p>
</office:text></office:body></office:document>
`

var tracked struct {
	once sync.Once
	data []byte
	err  error
	out  []byte
}

// TrackedDOCX writes to dir/name a Word file with tracked changes and a
// comment, made by LibreOffice (soffice --headless --convert-to docx) from
// trackedFODT, and returns its path. LibreOffice runs once per test binary.
func TrackedDOCX(t testing.TB, dir, name string) string {
	t.Helper()
	tracked.once.Do(func() {
		tmp, err := os.MkdirTemp("", "tw-tracked-")
		if err != nil {
			tracked.err = err
			return
		}
		defer os.RemoveAll(tmp)
		src := filepath.Join(tmp, "tracked.fodt")
		if tracked.err = os.WriteFile(src, []byte(trackedFODT), 0o644); tracked.err != nil {
			return
		}
		cmd := exec.Command("soffice", "-env:UserInstallation=file://"+filepath.Join(tmp, "profile"), "--headless", "--norestore",
			"--convert-to", "docx", "--outdir", tmp, src)
		cmd.Env = append(os.Environ(), "LANG=C.UTF-8", "HOME="+tmp)
		tracked.out, tracked.err = cmd.CombinedOutput()
		if tracked.err == nil {
			tracked.data, tracked.err = os.ReadFile(filepath.Join(tmp, "tracked.docx"))
		}
	})
	if tracked.err != nil {
		t.Fatalf("soffice (install LibreOffice with scripts/deps-formats.sh): %v\n%s", tracked.err, tracked.out)
	}
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, tracked.data, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}
