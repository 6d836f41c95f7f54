package settings

import (
	"fmt"
	"maps"
	"strconv"
	"strings"
	"sync"
)

// ParseVoiceParams reads an entry of speech.voice_params: the rate in
// words per minute and the pitch in semitones, as two numbers ("300 -2"),
// each within its setting's range.
func ParseVoiceParams(s string) (rate, pitch int, ok bool) {
	f := strings.Fields(s)
	if len(f) != 2 {
		return 0, 0, false
	}
	rate, err1 := strconv.Atoi(f[0])
	pitch, err2 := strconv.Atoi(f[1])
	if err1 != nil || err2 != nil || !inRange("speech.rate", rate) || !inRange("speech.pitch", pitch) {
		return 0, 0, false
	}
	return rate, pitch, true
}

// FormatVoiceParams writes an entry of speech.voice_params.
func FormatVoiceParams(rate, pitch int) string { return fmt.Sprintf("%d %d", rate, pitch) }

func inRange(path string, v int) bool {
	st, err := lookup(path)
	return err == nil && float64(v) >= st.Min && float64(v) <= st.Max
}

// RememberVoiceParams keeps each voice's rate and pitch in st
// (speech.voice_params): when speech.voice changes, the rate and pitch the
// voice before had are kept under its id, and a voice chosen that has an
// entry gets its rate and pitch back. The engine's default voice (no
// speech.voice) has no id and is not kept. Call it once per store.
func RememberVoiceParams(st *Store) {
	var mu sync.Mutex
	voice, rate, pitch := st.String("speech.voice"), st.Int("speech.rate"), st.Int("speech.pitch")
	st.OnChange(func(path string, _ any) {
		switch path {
		case "speech.rate", "speech.pitch":
			mu.Lock()
			rate, pitch = st.Int("speech.rate"), st.Int("speech.pitch")
			mu.Unlock()
		case "speech.voice":
			mu.Lock()
			before, beforeRate, beforePitch := voice, rate, pitch
			voice = st.String("speech.voice")
			now := voice
			mu.Unlock()
			if now == before {
				return
			}
			table := maps.Clone(st.TextTable("speech.voice_params"))
			if table == nil {
				table = map[string]string{}
			}
			if before != "" {
				table[before] = FormatVoiceParams(beforeRate, beforePitch)
				_, _ = st.Set("speech.voice_params", table) // always usable: from the settings' own ranges
			}
			if r, p, ok := ParseVoiceParams(table[now]); ok && now != "" {
				_, _ = st.Set("speech.rate", r)
				_, _ = st.Set("speech.pitch", p)
			}
		}
	})
}
