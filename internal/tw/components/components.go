// Package components lists tw's optional components: the programs and
// data of Debian packages that features need, and where each is found.
package components

import (
	"os"
	"os/exec"

	"textfirst/internal/tw/i18n"
)

// Component is an optional part of tw: a program or data of a Debian
// package that a feature needs, found by its program or its folder.
type Component struct {
	ID      string   `json:"id"`
	Gives   string   `json:"gives"`   // what it gives tw, in the catalogue's words
	Package string   `json:"package"` // the Debian package that installs it
	Program string   `json:"program,omitempty"`
	Folder  string   `json:"folder,omitempty"`
	Check   []string `json:"-"` // arguments that make Program say it runs (its version)
}

// List are tw's optional components, in the order listed.
var List = []Component{
	{ID: "espeak-ng", Gives: i18n.Key("speech and IPA pronunciations"), Package: "espeak-ng", Program: "espeak-ng", Check: []string{"--version"}},
	{ID: "speech-dispatcher", Gives: i18n.Key("speech through the system's speech service"), Package: "speech-dispatcher", Program: "speech-dispatcher", Check: []string{"--version"}},
	{ID: "tesseract", Gives: i18n.Key("reading scanned pages and pictures (OCR)"), Package: "tesseract-ocr", Program: "tesseract", Check: []string{"--version"}},
	{ID: "jbig2dec", Gives: i18n.Key("scanned PDF pages in JBIG2"), Package: "jbig2dec", Program: "jbig2dec", Check: []string{"--version"}},
	{ID: "ffmpeg", Gives: i18n.Key("audio exports to FLAC, MP3, Opus and M4B"), Package: "ffmpeg", Program: "ffmpeg", Check: []string{"-version"}},
	{ID: "pandoc", Gives: i18n.Key("reading and writing more document formats"), Package: "pandoc", Program: "pandoc", Check: []string{"--version"}},
	{ID: "libreoffice", Gives: i18n.Key("reading old Office files and writing PDF"), Package: "libreoffice-writer", Program: "soffice", Check: []string{"--version"}},
	{ID: "liblouis", Gives: i18n.Key("braille files (BRF)"), Package: "liblouis-bin", Program: "lou_translate", Check: []string{"--version"}},
	{ID: "hunspell", Gives: i18n.Key("spelling suggestions"), Package: "hunspell", Program: "hunspell", Check: []string{"-v"}},
	{ID: "pocketsphinx", Gives: i18n.Key("dictation (dictate and tw dictate)"), Package: "pocketsphinx pocketsphinx-en-us", Program: "pocketsphinx_continuous", Check: []string{"-logfn", "/dev/null", "-infile", "/dev/null"}},
	{ID: "wordnet", Gives: i18n.Key("define_word and tw define"), Package: "wordnet-base", Folder: "/usr/share/wordnet"},
}

// Where finds a component: the path of its program or folder, or "".
func (c Component) Where() string {
	if c.Program != "" {
		p, _ := exec.LookPath(c.Program)
		return p
	}
	if fi, err := os.Stat(c.Folder); err == nil && fi.IsDir() {
		return c.Folder
	}
	return ""
}
