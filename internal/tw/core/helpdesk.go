package core

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"time"

	"textfirst/internal/atomicfile"
	"textfirst/internal/tw/components"
	"textfirst/internal/tw/doc"
)

// The help menu's other ways in: the quick start, the guide's chapters,
// a problem report, and the optional components.
var _ = registerHandlers(func(t *actionTable) {
	handle(t, anytime, map[string]actionHandler{
		"quick_start":          func(a *App) { a.openGuideAt(0) },
		"documentation":        (*App).documentation,
		"online_documentation": (*App).onlineDocumentation,
		"report_problem":       (*App).reportProblem,
		"manage_components":    (*App).manageComponents,
	})
})

// documentation lists the user guide's chapters; Enter opens the guide
// at one.
func (a *App) documentation() {
	g, _ := a.guideDoc()
	var titles []string
	var at []int
	for _, m := range g.All() {
		if m.Kind == doc.Heading && m.Level <= 2 {
			titles = append(titles, strings.TrimSpace(g.Slice(m.Start, m.End)))
			at = append(at, m.Start)
		}
	}
	a.openList(&List{Title: a.tr("User guide"), Items: titles, choose: func(i int) { a.openGuideAt(at[i]) }})
}

// OnlineDocumentation is the web address online_documentation gives.
// tw's own guide is the one bundled with it (documentation) and its
// README, which have no web address of their own; the manual on the web
// is the original textweaver's, whose commands, keys and settings tw
// follows. Change this address when tw's README is published.
const OnlineDocumentation = "https://leavesofgrass.github.io/textweaver/"

// onlineDocumentation says the address of the documentation on the web
// and, when there is a display, asks before a browser opens it; without
// one it only says the address.
func (a *App) onlineDocumentation() {
	if !hasDisplay() {
		a.say(a.tr("The documentation on the web is at %s. There is no display here to open a browser on: open the address on a computer with one.", OnlineDocumentation))
		return
	}
	a.ask("online_documentation", a.tr("The documentation on the web is at %s. Open it in the browser? y or n", OnlineDocumentation), func() {
		if err := openInBrowser(OnlineDocumentation); err != nil {
			a.sayError(a.tr("Could not open the browser (%v): the address is %s.", err, OnlineDocumentation))
			return
		}
		a.say(a.tr("Opened %s in the browser.", OnlineDocumentation))
	})
}

// reportProblem writes a problem report in the home folder: tw's version,
// this computer, the open document's format and size (never its text) and
// the last messages, and says where it is.
func (a *App) reportProblem() {
	var b strings.Builder
	fmt.Fprintf(&b, "tw %s\n%s %s/%s\n", Version, runtime.Version(), runtime.GOOS, runtime.GOARCH)
	for _, v := range []string{"TERM", "LANG", "LC_ALL", "DISPLAY", "WAYLAND_DISPLAY"} {
		fmt.Fprintf(&b, "%s=%s\n", v, os.Getenv(v))
	}
	fmt.Fprintf(&b, "speech.backend=%s\naccessibility.mode=%s\n", a.opts.Settings.String("speech.backend"), a.opts.Settings.String("accessibility.mode"))
	if a.d != nil {
		fmt.Fprintf(&b, "document: %s, %d characters, editing %v\n", a.d.Meta.Format, a.d.Len(), a.editing)
	}
	b.WriteString("\nlast messages:\n")
	for _, n := range a.notices {
		b.WriteString("- " + n + "\n")
	}
	dir := a.opts.Home
	if dir == "" {
		dir = os.TempDir()
	}
	path := filepath.Join(dir, "problem-report-"+time.Now().UTC().Format("20060102-150405")+".txt")
	if err := os.MkdirAll(dir, 0o700); err != nil {
		a.sayError(a.tr("Could not write the problem report: %v", err))
		return
	}
	if err := atomicfile.WritePrivate(path, []byte(b.String())); err != nil {
		a.sayError(a.tr("Could not write the problem report: %v", err))
		return
	}
	a.say(a.tr("A problem report is in %s: tw's version, this computer and the last %d messages, never the document's text. Add what you did and what happened, and send it with your report.", path, len(a.notices)))
}

// manageComponents lists the optional components: what each gives, and
// where it is installed or which Debian package installs it. tw downloads
// nothing itself.
func (a *App) manageComponents() {
	items := make([]string, len(components.List))
	for i, c := range components.List {
		if where := c.Where(); where != "" {
			items[i] = a.tr("%s, for %s: installed, %s", c.ID, a.trKey(c.Gives), where)
		} else {
			items[i] = a.tr("%s, for %s: not installed; the Debian package %s installs it", c.ID, a.trKey(c.Gives), c.Package)
		}
	}
	a.openList(&List{Title: a.tr("Optional components"), Items: items, choose: func(i int) {
		c := components.List[i]
		if where := c.Where(); where != "" {
			a.say(a.tr("%s is installed: %s.", c.ID, where))
			return
		}
		a.say(a.tr("To install %s: sudo apt install %s", c.ID, c.Package))
	}})
}
