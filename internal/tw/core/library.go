package core

import (
	"os"
	"path/filepath"
	"sort"
	"strings"
	"unicode/utf8"

	"textfirst/internal/tw/library"
	"textfirst/internal/tw/load"
)

// listSettings is the optional part of Settings that reads a list, such
// as library.folders.
type listSettings interface {
	Strings(path string) []string
}

// The library: the documents in the folders of library.folders. The open
// prompt completes a bare name (no folder in it) from them as well as from
// the current folder, and opens a bare name found there when there is no
// such file here.
const (
	libraryDepth = 4 // folders below a library folder that are looked in
)

func (a *App) libraryFolders() []string {
	ls, ok := a.opts.Settings.(listSettings)
	if !ok {
		return nil
	}
	return library.Folders(ls.Strings("library.folders"))
}

// isDocument reports whether tw reads a file as a document by its name:
// a registered format, or plain text.
func isDocument(name string) bool {
	if load.FormatOf(name) != load.FormatText {
		return true
	}
	switch strings.ToLower(filepath.Ext(name)) {
	case ".txt", ".text":
		return true
	}
	return false
}

// libraryDocuments lists the documents of the library folders, sorted by
// name; hidden files and folders are left out.
func libraryDocuments(folders []string) []string {
	out, _ := library.Walk(folders, libraryDepth, isDocument)
	sort.SliceStable(out, func(i, j int) bool {
		return strings.ToLower(filepath.Base(out[i])) < strings.ToLower(filepath.Base(out[j]))
	})
	return out
}

// bareName reports whether typed names no folder: the library may hold it.
func bareName(typed string) bool {
	return !strings.ContainsAny(typed, `/\`) && !strings.HasPrefix(typed, "~") && typed != "." && typed != ".."
}

// libraryMatches are the library documents whose name starts with typed,
// in any case.
func (a *App) libraryMatches(typed string) []string {
	folders := a.libraryFolders()
	if len(folders) == 0 || !bareName(typed) {
		return nil
	}
	low := strings.ToLower(typed)
	var out []string
	for _, p := range libraryDocuments(folders) {
		if strings.HasPrefix(strings.ToLower(filepath.Base(p)), low) {
			out = append(out, p)
		}
	}
	return out
}

// libraryFind resolves an answer to the open prompt that is no file here:
// a library document of that name (any case), else the only one starting
// with it.
func (a *App) libraryFind(typed string) (string, bool) {
	if _, err := os.Stat(typed); err == nil {
		return "", false
	}
	matches := a.libraryMatches(typed)
	for _, m := range matches {
		if strings.EqualFold(filepath.Base(m), typed) {
			return m, true
		}
	}
	if len(matches) == 1 {
		return matches[0], true
	}
	return "", false
}

// completeFromLibrary completes a bare name from the files here (local)
// and the library: one match is filled in with its whole path; several
// are filled to the start of the name they share, and named.
func (a *App) completeFromLibrary(p *Prompt, typed string, local, library []string) {
	all := append(append([]string{}, local...), library...)
	if len(all) == 1 {
		p.Text = []rune(all[0])
		p.Caret = len(p.Text)
		a.say(a.tr("%s, in %s", filepath.Base(all[0]), filepath.Dir(all[0])))
		return
	}
	names := make([]string, 0, len(all))
	for _, m := range all {
		names = append(names, filepath.Base(strings.TrimSuffix(m, string(filepath.Separator))))
	}
	prefix := names[0]
	for _, n := range names[1:] {
		for !strings.HasPrefix(strings.ToLower(n), strings.ToLower(prefix)) {
			_, size := lastRune(prefix)
			prefix = prefix[:len(prefix)-size]
		}
	}
	if len(prefix) > len(typed) {
		p.Text = []rune(prefix)
		p.Caret = len(p.Text)
	}
	said := names
	if len(said) > 10 {
		said = append(said[:10:10], a.tr("and more"))
	}
	a.say(a.tr("%d matches: %s", len(all), strings.Join(said, ", ")))
}

func lastRune(s string) (rune, int) { return utf8.DecodeLastRuneInString(s) }
