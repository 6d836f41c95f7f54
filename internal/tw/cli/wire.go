package cli

import (
	"fmt"
	"log"
	"os"
	"sort"
	"strconv"

	"github.com/BurntSushi/toml"

	"textfirst/internal/atomicfile"

	"textfirst/internal/tw/core"
	"textfirst/internal/tw/doc"
	"textfirst/internal/tw/rpc"
	"textfirst/internal/tw/settings"
	"textfirst/internal/tw/speech"
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
func SpeechParams(s core.Settings) speech.Params {
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
func OpenSpeaker(backend string, s core.Settings, getenv func(string) string) (*Speaker, []string) {
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

var _ core.Speaker = (*Speaker)(nil)

// ReaderSettings adapts the settings store for the reader: the settings
// list, export and import, and quick readers that never panic.
func ReaderSettings(s *settings.Store) core.Settings { return readerSettings{s} }

// readerSettings gives the reader the settings list it shows. Its quick
// readers never panic: a path the schema lacks reads as the reader's
// default, so a settings mistake cannot bring a server down.
type readerSettings struct{ *settings.Store }

func (r readerSettings) Int(path string) (v int) {
	defer func() {
		if recover() != nil {
			v = core.Defaults{}.Int(path)
		}
	}()
	return r.Store.Int(path)
}

func (r readerSettings) Bool(path string) (v bool) {
	defer func() {
		if recover() != nil {
			v = core.Defaults{}.Bool(path)
		}
	}()
	return r.Store.Bool(path)
}

func (r readerSettings) String(path string) (v string) {
	defer func() {
		if recover() != nil {
			v = core.Defaults{}.String(path)
		}
	}()
	return r.Store.String(path)
}

func (r readerSettings) Visible() []core.SettingLabel {
	var out []core.SettingLabel
	for _, st := range settings.Schema() {
		if !st.Internal && st.Kind != settings.KindTable && st.Kind != settings.KindList {
			out = append(out, core.SettingLabel{Path: st.Path, Label: st.Label})
		}
	}
	return out
}

var _ core.SettingsEditor = readerSettings{}

// Export writes every setting that differs from its default... and, to be
// useful on another machine, every setting: a complete settings.toml.
func (r readerSettings) Export(path string) error {
	sections := map[string]map[string]any{}
	var order []string
	for _, st := range settings.Schema() {
		if st.Internal {
			continue
		}
		v, err := r.Get(st.Path)
		if err != nil || v == nil {
			continue
		}
		if sections[st.Section] == nil {
			sections[st.Section] = map[string]any{}
			order = append(order, st.Section)
		}
		key := st.Path[len(st.Section)+1:]
		sections[st.Section][key] = v
	}
	var out []byte
	for _, sec := range order {
		out = append(out, []byte("["+sec+"]\n")...)
		keys := make([]string, 0, len(sections[sec]))
		for k := range sections[sec] {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			line, err := toml.Marshal(map[string]any{k: sections[sec][k]})
			if err != nil {
				return err
			}
			out = append(out, line...)
		}
		out = append(out, '\n')
	}
	return atomicfile.Write(path, out, 0o644)
}

// Import applies every known setting of a settings file; unknown or
// unfitting ones are reported, the others applied.
func (r readerSettings) Import(path string) (int, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return 0, err
	}
	var doc map[string]map[string]any
	if _, err := toml.Decode(string(data), &doc); err != nil {
		return 0, fmt.Errorf("%s is not a settings file: %v", path, err)
	}
	n := 0
	var firstErr error
	for sec, kv := range doc {
		for k, v := range kv {
			if i, ok := v.(int64); ok {
				v = float64(i)
			}
			if _, err := r.Set(sec+"."+k, v); err != nil {
				if firstErr == nil {
					firstErr = err
				}
				continue
			}
			n++
		}
	}
	if n == 0 && firstErr != nil {
		return 0, firstErr
	}
	return n, nil
}

var _ core.SettingsPorter = readerSettings{}
