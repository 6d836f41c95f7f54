package pdf

import (
	"bytes"
	"crypto/aes"
	"crypto/cipher"
	"encoding/hex"
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

// TestHash2BRoundCount: revision 6's hash stops on a round count that the
// standard numbers from 1. The entries below were written by qpdf for the
// user password "secret" (U: hash, validation salt, key salt; UE: the
// file key, encrypted; Perms: the permissions, encrypted with the file
// key, holding "adb" at 9..11). With the count off by one, about one such
// file in seven opened with a wrong key and read as empty.
func TestHash2BRoundCount(t *testing.T) {
	unhex := func(s string) []byte {
		b, err := hex.DecodeString(s)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	u := unhex("75a6ad9be9b5fb28893669a54dcb48efc646972c0e212dce001698753023a8e27d003088048f76177f4a953d422cef1d")
	ue := unhex("bad7378e2659396db1a23204009405f1ee20678cd803e104d99246944a7546f3")
	perms := unhex("3c86d1dc21b0da633df7186ceba8246c")
	if got := hash2B([]byte("secret"), u[32:40], nil, 6); !bytes.Equal(got, u[:32]) {
		t.Fatalf("hash2B = %x, want %x", got, u[:32])
	}
	block, err := aes.NewCipher(hash2B([]byte("secret"), u[40:48], nil, 6))
	if err != nil {
		t.Fatal(err)
	}
	fileKey := make([]byte, 32)
	cipher.NewCBCDecrypter(block, make([]byte, 16)).CryptBlocks(fileKey, ue)
	block, err = aes.NewCipher(fileKey)
	if err != nil {
		t.Fatal(err)
	}
	p := make([]byte, 16)
	block.Decrypt(p, perms)
	if string(p[9:12]) != "adb" {
		t.Errorf("the file key from UE does not decrypt Perms: %x", p)
	}
}
