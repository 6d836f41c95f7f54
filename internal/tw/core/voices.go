package core

import (
	"slices"
	"strings"
)

// Voice is one voice of the speech engine, as the Voices list shows it.
type Voice struct {
	ID       string // what speech.voice takes
	Name     string
	Language string
	Engine   string // the engine id, or "speechd/MODULE"
	Gender   string
}

// Voicer is the optional part of a Speaker that knows its voices: it lists
// them, speaks a sample in one (after what is being said, so the list's own
// announcement is heard first), names the voice in use and rebuilds its
// engine.
type Voicer interface {
	Voices() ([]Voice, error)
	SaySample(text, voiceID string)
	CurrentVoice() string
	// Restart closes the engine and opens it again with the current
	// settings; it returns the engine now in use and what to tell the user.
	Restart() (engineID string, notices []string, err error)
}

// voiceSample is what a voice says when the Voices list moves to it, in
// the interface language.
func (a *App) voiceSample(v Voice) string {
	return a.tr("Hello, this is %s.", v.Name)
}

// voiceLabel is a voice's item in the Voices list: name, language, engine
// and gender, and whether it is a favorite.
func (a *App) voiceLabel(v Voice, favorite bool) string {
	parts := []string{v.Name}
	for _, s := range []string{v.Language, v.Engine, v.Gender} {
		if s != "" {
			parts = append(parts, s)
		}
	}
	label := strings.Join(parts, ", ")
	if favorite {
		return a.tr("%s, favorite", label)
	}
	return label
}

func (a *App) voicer() (Voicer, bool) {
	v, ok := a.opts.Speaker.(Voicer)
	return v, ok
}

// favorites reads speech.favorite_voices.
func (a *App) favorites() []string {
	if s, ok := a.opts.Settings.(interface{ Strings(string) []string }); ok {
		return s.Strings("speech.favorite_voices")
	}
	return nil
}

// setSetting changes a setting through the settings editor; it says why
// when it cannot.
func (a *App) setSetting(path string, value any) bool {
	ed, ok := a.opts.Settings.(settingSetter)
	if !ok {
		a.sayError(a.tr("Settings cannot be changed in this session."))
		return false
	}
	if _, err := ed.Set(path, value); err != nil {
		a.sayError(a.errorText(err))
		return false
	}
	return true
}

// speaking is the voice of this session, or says that there is none.
func (a *App) speaking() (Voicer, bool) {
	vr, ok := a.voicer()
	if !ok {
		a.say(a.tr("There is no voice to choose: tw is not speaking in this session."))
	}
	return vr, ok
}

// chooseVoice lists the voices to choose from.
func (a *App) chooseVoice() {
	vr, ok := a.speaking()
	if !ok {
		return
	}
	// The samples would be heard over the reading.
	a.stopIfReading()
	a.showVoices(vr)
}

// toggleFavoriteVoice marks or unmarks the voice in use as a favorite.
func (a *App) toggleFavoriteVoice() {
	vr, ok := a.speaking()
	if !ok {
		return
	}
	cur := vr.CurrentVoice()
	if cur == "" {
		a.say(a.tr("The engine's default voice is in use: choose a voice first (Alt+V)."))
		return
	}
	a.toggleFavorite(vr, cur)
}

// cycleFavoriteVoice changes to the next favorite voice.
func (a *App) cycleFavoriteVoice() {
	vr, ok := a.speaking()
	if !ok {
		return
	}
	favs := a.favorites()
	if len(favs) == 0 {
		a.say(a.tr("No favorite voices. In the Voices list (Alt+V), Space marks one."))
		return
	}
	next := favs[0]
	if i := slices.Index(favs, vr.CurrentVoice()); i >= 0 {
		next = favs[(i+1)%len(favs)]
	}
	if a.setSetting("speech.voice", next) {
		a.say(a.tr("Voice: %s.", a.voiceName(vr, next)))
	}
}

// restartSpeech stops the reading and starts the speech engine anew.
func (a *App) restartSpeech() {
	vr, ok := a.speaking()
	if !ok {
		return
	}
	a.stopReading()
	engineID, notices, err := vr.Restart()
	if err != nil {
		a.sayError(a.tr("Speech could not restart: %v.", err))
		return
	}
	for _, n := range notices {
		a.say(n)
	}
	a.say(a.tr("Speech restarted: %s.", engineID))
}

// voiceName is the name of voice id, or id itself when unknown.
func (a *App) voiceName(vr Voicer, id string) string {
	vs, _ := vr.Voices()
	for _, v := range vs {
		if v.ID == id {
			return v.Name
		}
	}
	return id
}

// toggleFavorite adds voice id to the favorites, or removes it; it reports
// whether it is a favorite now.
func (a *App) toggleFavorite(vr Voicer, id string) bool {
	favs := a.favorites()
	name := a.voiceName(vr, id)
	if i := slices.Index(favs, id); i >= 0 {
		favs = slices.Delete(slices.Clone(favs), i, i+1)
		if a.setSetting("speech.favorite_voices", favs) {
			a.say(a.tr("%s removed from favorites.", name))
		}
		return false
	}
	favs = append(slices.Clone(favs), id)
	if a.setSetting("speech.favorite_voices", favs) {
		a.say(a.tr("%s added to favorites.", name))
		return true
	}
	return false
}

// showVoices opens the Voices list: favorites first, then the engine's
// order; the voice in use is selected. Moving says the item, then a sample
// in that voice; Enter sets speech.voice; Space marks a favorite; typing
// filters.
func (a *App) showVoices(vr Voicer) {
	vs, err := vr.Voices()
	if err != nil {
		a.sayError(a.tr("Could not list the voices: %v.", err))
		return
	}
	if len(vs) == 0 {
		a.say(a.tr("The speech engine has no voices to choose from."))
		return
	}
	favs := a.favorites()
	var ordered []Voice
	for _, id := range favs {
		for _, v := range vs {
			if v.ID == id {
				ordered = append(ordered, v)
				break
			}
		}
	}
	for _, v := range vs {
		if !slices.Contains(favs, v.ID) {
			ordered = append(ordered, v)
		}
	}
	items := make([]string, len(ordered))
	for i, v := range ordered {
		items[i] = a.voiceLabel(v, slices.Contains(favs, v.ID))
	}
	l := &List{Title: a.tr("Voices"), Items: items, Filter: new(string), kind: voiceList}
	cur := vr.CurrentVoice()
	for i, v := range ordered {
		if v.ID == cur {
			l.Selected = i
		}
	}
	l.moved = func(i int) { vr.SaySample(a.voiceSample(ordered[i]), ordered[i].ID) }
	l.mark = func(i int) {
		fav := a.toggleFavorite(vr, ordered[i].ID)
		l.all[i] = a.voiceLabel(ordered[i], fav)
		a.refilter()
	}
	l.choose = func(i int) {
		if a.setSetting("speech.voice", ordered[i].ID) {
			a.say(a.tr("Voice: %s.", ordered[i].Name))
		}
	}
	a.openList(l)
}
