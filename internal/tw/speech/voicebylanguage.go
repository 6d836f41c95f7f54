package speech

import "textfirst/internal/tw/settings"

// voiceByLanguage is the voice speech.voices_by_language gives the
// interface language lang ("" is English), or "" when it gives none or st
// reads no tables.
func voiceByLanguage(st Settings, lang string) string {
	tables, ok := st.(settings.TextTables)
	if !ok {
		return ""
	}
	if lang == "" {
		lang = "en"
	}
	return settings.VoiceForLanguage(tables, lang)
}
