package core

import (
	"os"
	"path/filepath"
	"slices"
)

// Actions of the original textweaver around the settings: adding a
// library folder, the reading settings, and the first-run questions asked
// again.
var _ = registerHandlers(func(t *actionTable) {
	handle(t, anytime, map[string]actionHandler{
		"add_library_folder":  (*App).addLibraryFolder,
		"reading_form":        func(a *App) { a.showSettingsFiltered("reading_aids") },
		"ask_first_run_again": (*App).askFirstRunAgain,
	})
})

// addLibraryFolder asks for a folder and adds it to library.folders, once.
func (a *App) addLibraryFolder() {
	st, ok := a.opts.Settings.(settingSetter)
	ls, listed := a.opts.Settings.(listSettings)
	if !ok || !listed {
		a.sayError(a.tr("Settings cannot be changed in this session."))
		return
	}
	a.askText("library_folder", a.tr("Folder to add to the library"), func(text string) {
		folder, err := filepath.Abs(expandHome(text))
		if err != nil {
			a.sayError(a.tr("Could not add the folder: %v", err))
			return
		}
		if info, err := os.Stat(folder); err != nil || !info.IsDir() {
			a.sayError(a.tr("%s is not a folder.", text))
			return
		}
		folders := ls.Strings("library.folders")
		if slices.Contains(folders, folder) {
			a.say(a.tr("%s is in the library already.", folder))
			return
		}
		if _, err := st.Set("library.folders", append(slices.Clone(folders), folder)); err != nil {
			a.sayError(a.errorText(err))
			return
		}
		a.say(a.tr("Added %s to the library; open library lists its documents.", folder))
	})
}

// askFirstRunAgain has the terminal reader's first-run welcome given
// again at its next start (app.first_run).
func (a *App) askFirstRunAgain() {
	st, ok := a.opts.Settings.(settingSetter)
	if !ok {
		a.sayError(a.tr("Settings cannot be changed in this session."))
		return
	}
	if _, err := st.Set("app.first_run", true); err != nil {
		a.sayError(a.errorText(err))
		return
	}
	a.say(a.tr("The welcome will be given again the next time tw starts."))
}
