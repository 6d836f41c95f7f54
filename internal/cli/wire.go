package cli

import (
	"log"
	"strconv"

	"textfirst/internal/doc"
	"textfirst/internal/reader"
	"textfirst/internal/rpc"
	"textfirst/internal/settings"
	"textfirst/internal/speech"
)

// OpenSettings opens the settings store of home for the app and the
// server. Warnings about the file are logged and returned.
func OpenSettings(home string, logger *log.Logger) (*settings.Store, []string) {
	st, warnings, err := settings.Open(home)
	for _, w := range warnings {
		logger.Printf("settings: %s", w)
	}
	if err != nil {
		logger.Printf("settings: %v", err)
		return nil, append(warnings, err.Error())
	}
	return st, warnings
}

// settingsAPI adapts the settings store to the server's methods.
type settingsAPI struct{ *settings.Store }

func (s settingsAPI) SchemaJSON() []map[string]any {
	out := []map[string]any{}
	for _, st := range settings.Schema() {
		out = append(out, st.SchemaJSON())
	}
	return out
}

var _ rpc.SettingsStore = settingsAPI{}

// SpeechParams reads the speech settings.
func SpeechParams(s reader.Settings) speech.Params {
	p := speech.DefaultParams()
	if s == nil {
		return p
	}
	p.Rate = s.Int("speech.rate")
	p.Pitch = s.Int("speech.pitch")
	p.Volume = s.Int("speech.volume")
	p.Voice = s.String("speech.voice")
	p.Punctuation = s.String("speech.punctuation")
	p.PauseHeadingMs = s.Int("speech.pause_heading_ms")
	p.PauseParagraphMs = s.Int("speech.pause_paragraph_ms")
	p.PauseListItemMs = s.Int("speech.pause_list_item_ms")
	return p
}

// OpenSpeaker opens the speech engine for the reader. backend "" or
// "auto" picks the best available. TEXTWEAVER_SPEECH_SINK ("clock",
// "device", "wav:PATH") and TEXTWEAVER_SPEECH_SPEED choose the sink, for
// tests and machines without audio.
func OpenSpeaker(backend string, s reader.Settings, getenv func(string) string) (*Speaker, []string) {
	opts := speech.Options{Backend: backend, Sink: getenv("TEXTWEAVER_SPEECH_SINK"), Params: SpeechParams(s)}
	if opts.Sink == "" {
		opts.Sink = "auto"
	}
	if v, err := strconv.ParseFloat(getenv("TEXTWEAVER_SPEECH_SPEED"), 64); err == nil && v > 0 {
		opts.Speed = v
	}
	svc, notices, err := speech.Open(opts)
	if err != nil {
		return nil, append(notices, "Speech could not start: "+err.Error())
	}
	return &Speaker{svc}, notices
}

// Speaker adapts the speech service to the reader.
type Speaker struct{ *speech.Service }

func (s *Speaker) Read(d *doc.Document, from, to int, word func(start, end int), done func(bool)) {
	s.Service.Read(d, from, to, speech.Handler{Word: word, Done: done})
}

var _ reader.Speaker = (*Speaker)(nil)

// readerSettings gives the reader the settings list it shows.
type readerSettings struct{ *settings.Store }

func (r readerSettings) Visible() []reader.SettingLabel {
	var out []reader.SettingLabel
	for _, st := range settings.Schema() {
		if !st.Internal && st.Kind != settings.KindTable && st.Kind != settings.KindList {
			out = append(out, reader.SettingLabel{Path: st.Path, Label: st.Label})
		}
	}
	return out
}

var _ reader.SettingsEditor = readerSettings{}
