package core

import "textfirst/internal/tw/units"

// Version is tw's version, as tw --version and about say it.
const Version = "0.1.0-beta.1"

var _ = registerHandlers(func(t *actionTable) {
	handle(t, anytime, map[string]actionHandler{
		"about": func(a *App) {
			a.say(a.tr("tw %s, a reader compatible with textweaver: it reads documents aloud and moves through them by their structure.", Version))
		},
	})
	handle(t, onDocument, map[string]actionHandler{
		"listen_rendered": (*App).listenRendered,
	})
})

// listenRendered reads aloud, in edit mode, the document as the source
// being edited renders: its structure said as continuous reading says it,
// the cursor left in the source where it is.
func (a *App) listenRendered() {
	if !a.editing {
		a.say(a.tr("Listening to the rendered document is for edit mode; reading already reads the document as it renders."))
		return
	}
	r := a.derive(a.d.Text)
	a.stopReading()
	if r.Len() == 0 {
		a.say(a.tr("The document renders to nothing to read."))
		return
	}
	a.listening = units.New(r)
	a.readEnd, a.narrate, a.follow, a.heard = r.Len(), true, false, nil
	a.plan = readingPlan{}
	a.setPlayback(Reading)
	a.speak(0, r.Len(), 0)
}
