package core

import (
	"os"
	"path/filepath"
	"sort"
	"strings"

	"textfirst/internal/tw/doc"
	"textfirst/internal/tw/load"
)

// browseFiles lists the folder of the open document (else the first
// library folder, else the current folder) to choose a document from:
// Enter on a folder or an archive (zip, tar) lists what is in it, Enter
// on the first item goes up, and Enter on a document opens it.
func (a *App) browseFiles() {
	a.stopIfReading()
	a.browseFolder(a.browseStart())
}

// browseStart is the folder the file browser and batch_convert start in:
// the open document's (an archive's member: the archive's), else the
// first library folder, else the current folder.
func (a *App) browseStart() string {
	if a.d != nil && a.d.Meta.Path != "" && !doc.IsWebAddress(a.d.Meta.Path) {
		p := a.d.Meta.Path
		if i := strings.Index(p, "!"); i > 0 && load.IsArchive(p[:i]) {
			p = p[:i]
		}
		return filepath.Dir(p)
	}
	if folders := a.libraryFolders(); len(folders) > 0 {
		return folders[0]
	}
	wd, _ := os.Getwd()
	return wd
}

// browseFolder lists dir: up, then its folders, then its archives and
// documents, by name; hidden ones are left out.
func (a *App) browseFolder(dir string) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		a.sayError(a.tr("The folder %s cannot be read: %v", dir, err))
		return
	}
	var folders, files []string
	for _, e := range entries {
		name := e.Name()
		if strings.HasPrefix(name, ".") {
			continue
		}
		full := filepath.Join(dir, name)
		info, err := os.Stat(full) // follows links
		switch {
		case err != nil:
		case info.IsDir():
			folders = append(folders, name)
		case info.Mode().IsRegular() && (isDocument(name) || load.IsArchive(name)):
			files = append(files, name)
		}
	}
	byName := func(s []string) {
		sort.Slice(s, func(i, j int) bool { return strings.ToLower(s[i]) < strings.ToLower(s[j]) })
	}
	byName(folders)
	byName(files)
	items := []string{a.tr("Up to %s", filepath.Dir(dir))}
	targets := []string{filepath.Dir(dir)}
	for _, f := range folders {
		items = append(items, a.tr("%s, folder", f))
		targets = append(targets, filepath.Join(dir, f))
	}
	for _, f := range files {
		item := f
		if load.IsArchive(f) {
			item = a.tr("%s, archive", f)
		}
		items = append(items, item)
		targets = append(targets, filepath.Join(dir, f))
	}
	l := &List{Title: a.tr("Files in %s", dir), Items: items}
	if len(items) > 1 {
		l.Selected = 1
	}
	l.choose = func(i int) {
		t := targets[i]
		info, err := os.Stat(t)
		switch {
		case err != nil:
			a.sayError(a.tr("%s cannot be read: %v", t, err))
		case info.IsDir():
			a.browseFolder(t)
		case load.IsArchive(t):
			a.browseArchive(t)
		default:
			a.openChosen(t)
		}
	}
	a.openList(l)
}

// browseArchive lists the documents inside the archive at p; Enter on one
// opens it, Enter on the first item goes back to the archive's folder.
func (a *App) browseArchive(p string) {
	members, err := load.ArchiveMembers(p)
	if err != nil {
		a.sayError(a.tr("The archive %s cannot be read: %v", filepath.Base(p), err))
		return
	}
	items := append([]string{a.tr("Up to %s", filepath.Dir(p))}, members...)
	l := &List{Title: a.tr("Files in %s", filepath.Base(p)), Items: items}
	if len(items) > 1 {
		l.Selected = 1
	}
	l.choose = func(i int) {
		if i == 0 {
			a.browseFolder(filepath.Dir(p))
			return
		}
		a.openChosen(p + "!" + members[i-1])
	}
	a.openList(l)
}
