package pdf

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// TestEncrypted encrypts a fixture with qpdf (scripts/deps-pdf.sh) in every
// standard way: with an empty user password it opens as if it were not
// encrypted; with a password, Load asks for it and LoadPassword takes the
// user or the owner password.
func TestEncrypted(t *testing.T) {
	src := fixture(t, "notes.pdf")
	plain := loadFile(t, src).Text
	dir := t.TempDir()
	cases := []struct {
		name string
		args []string // qpdf --encrypt USER OWNER ARGS --
		user string
	}{
		{"rc4-40", []string{"40"}, ""},
		{"rc4-128", []string{"128", "--use-aes=n"}, ""},
		{"rc4-128-v4", []string{"128", "--use-aes=n", "--force-V4"}, ""},
		{"aes-128", []string{"128", "--use-aes=y"}, ""},
		{"aes-256", []string{"256"}, ""},
		{"aes-256-r5", []string{"256", "--force-R5"}, ""},
		{"rc4-40-password", []string{"40"}, "secret"},
		{"aes-128-password", []string{"128", "--use-aes=y"}, "secret"},
		{"aes-256-password", []string{"256"}, "secret"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			out := filepath.Join(dir, tc.name+".pdf")
			args := append([]string{"--allow-weak-crypto", "--encrypt", tc.user, "owner-pw"}, tc.args...)
			args = append(args, "--", src, out)
			if msg, err := exec.Command("qpdf", args...).CombinedOutput(); err != nil {
				t.Fatalf("qpdf %v: %v\n%s", args, err, msg)
			}
			data, err := os.ReadFile(out)
			if err != nil {
				t.Fatal(err)
			}
			d, err := Load(out, data)
			if tc.user == "" {
				if err != nil {
					t.Fatal(err)
				}
				if d.Text != plain || d.Meta.Title != "Notes at the Foot" {
					t.Errorf("text = %q, title %q", d.Text, d.Meta.Title)
				}
				return
			}
			if !errors.Is(err, ErrPasswordRequired) {
				t.Fatalf("Load without password: err = %v, want ErrPasswordRequired", err)
			}
			if _, err := LoadPassword(out, data, "wrong"); !errors.Is(err, ErrPasswordIncorrect) {
				t.Errorf("wrong password: err = %v, want ErrPasswordIncorrect", err)
			}
			for _, pw := range []string{tc.user, "owner-pw"} {
				d, err := LoadPassword(out, data, pw)
				if err != nil {
					t.Fatalf("password %q: %v", pw, err)
				}
				if d.Text != plain {
					t.Errorf("password %q: text = %q", pw, d.Text)
				}
			}
		})
	}
}
