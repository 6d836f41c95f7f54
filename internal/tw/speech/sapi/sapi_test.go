package sapi

import (
	"testing"
	"unsafe"

	"textfirst/internal/tw/speech/engine"
)

// Method lists of sapi.h, in declaration (vtable) order, each after its base.
var (
	iUnknown        = []string{"QueryInterface", "AddRef", "Release"}
	iSpNotifySource = []string{"SetNotifySink", "SetNotifyWindowMessage", "SetNotifyCallbackFunction",
		"SetNotifyCallbackInterface", "SetNotifyWin32Event", "WaitForNotifyEvent", "GetNotifyEventHandle"}
	iSpEventSource = []string{"SetInterest", "GetEvents", "GetInfo"}
	iSpVoice       = []string{"SetOutput", "GetOutputObjectToken", "GetOutputStream", "Pause", "Resume",
		"SetVoice", "GetVoice", "Speak", "SpeakStream", "GetStatus", "Skip", "SetPriority", "GetPriority",
		"SetAlertBoundary", "GetAlertBoundary", "SetRate", "GetRate", "SetVolume", "GetVolume",
		"WaitUntilDone", "SetSyncSpeakTimeout", "GetSyncSpeakTimeout", "SpeakCompleteEvent",
		"IsUISupported", "DisplayUI"}
	iSpDataKey = []string{"SetData", "GetData", "SetStringValue", "GetStringValue", "SetDWORD", "GetDWORD",
		"OpenKey", "CreateKey", "DeleteKey", "DeleteValue", "EnumKeys", "EnumValues"}
	iSpObjectToken = []string{"SetId", "GetId", "GetCategory", "CreateInstance", "GetStorageFileName",
		"RemoveStorageFileName", "Remove", "IsUISupported", "DisplayUI", "MatchesAttributes"}
	iSpObjectTokenCategory = []string{"SetId", "GetId", "GetDataKey", "EnumTokens", "SetDefaultTokenId",
		"GetDefaultTokenId"}
	iEnumSpObjectTokens = []string{"Next", "Skip", "Reset", "Clone", "Item", "GetCount"}
)

func chain(parts ...[]string) []string {
	var out []string
	for _, p := range parts {
		out = append(out, p...)
	}
	return out
}

func TestVtableSlots(t *testing.T) {
	voice := chain(iUnknown, iSpNotifySource, iSpEventSource, iSpVoice)
	token := chain(iUnknown, iSpDataKey, iSpObjectToken)
	category := chain(iUnknown, iSpDataKey, iSpObjectTokenCategory)
	enum := chain(iUnknown, iEnumSpObjectTokens)
	tests := []struct {
		iface  string
		table  []string
		method string
		slot   int
	}{
		{"ISpVoice", voice, "Release", slotRelease},
		{"ISpVoice", voice, "SetNotifyWin32Event", slotSetNotifyWin32Event},
		{"ISpVoice", voice, "WaitForNotifyEvent", slotWaitForNotifyEvent},
		{"ISpVoice", voice, "GetNotifyEventHandle", slotGetNotifyEventHandle},
		{"ISpVoice", voice, "SetInterest", slotSetInterest},
		{"ISpVoice", voice, "GetEvents", slotGetEvents},
		{"ISpVoice", voice, "SetVoice", slotSetVoice},
		{"ISpVoice", voice, "Speak", slotSpeak},
		{"ISpVoice", voice, "SetRate", slotSetRate},
		{"ISpVoice", voice, "SetPriority", slotSetPriority},
		{"ISpVoice", voice, "SetVolume", slotSetVolume},
		{"ISpVoice", voice, "WaitUntilDone", slotWaitUntilDone},
		{"ISpObjectToken", token, "GetStringValue", slotGetStringValue},
		{"ISpObjectToken", token, "OpenKey", slotOpenKey},
		{"ISpObjectToken", token, "GetId", slotTokenGetID},
		{"ISpObjectTokenCategory", category, "SetId", slotCategorySetID},
		{"ISpObjectTokenCategory", category, "EnumTokens", slotCategoryEnumTokens},
		{"IEnumSpObjectTokens", enum, "Next", slotEnumNext},
		{"IEnumSpObjectTokens", enum, "GetCount", slotEnumGetCount},
	}
	for _, tt := range tests {
		want := -1
		for i, m := range tt.table {
			if m == tt.method {
				want = i
			}
		}
		if want != tt.slot {
			t.Errorf("%s.%s: slot constant %d, sapi.h order gives %d", tt.iface, tt.method, tt.slot, want)
		}
	}
	if len(voice) != 38 {
		t.Errorf("ISpVoice has %d slots, sapi.h 38", len(voice))
	}
}

func TestInterest(t *testing.T) {
	// SPFEI_FLAGCHECK is bits 30 and 33; word boundary is bit 5, end of
	// input stream bit 2.
	if want := uint64(1<<5 | 1<<2 | 1<<30 | 1<<33); interest != want {
		t.Errorf("interest = %#x, want %#x", interest, want)
	}
}

// words splits text at spaces into code point spans.
func words(text string) engine.Utterance {
	u := engine.Utterance{Text: text}
	start, i := -1, 0
	for _, r := range text {
		if r == ' ' {
			if start >= 0 {
				u.Words = append(u.Words, engine.Span{Start: start, End: i})
			}
			start = -1
		} else if start < 0 {
			start = i
		}
		i++
	}
	if start >= 0 {
		u.Words = append(u.Words, engine.Span{Start: start, End: i})
	}
	return u
}

func TestWordOf(t *testing.T) {
	tests := []struct {
		text           string
		lParam, wParam int
		want           int
	}{
		{"hello big world", 0, 5, 0},
		{"hello big world", 6, 3, 1},
		{"hello big world", 10, 5, 2},
		{"hello big world", 5, 1, -1}, // the space
		// "😀" is two UTF-16 units: "x" after it is at unit 3, code point 2.
		{"😀 x", 3, 1, 1},
		{"😀 x", 0, 2, 0},
		{"😀 x", 1, 1, 0}, // a low surrogate belongs to its code point
		// Supplementary letters inside words: 𝒜 (U+1D49C) is two units.
		{"a𝒜b c𝒜d", 0, 4, 0},
		{"a𝒜b c𝒜d", 5, 4, 1},
		{"é café", 2, 4, 1},
		{"one", 3, 0, -1}, // past the end
		{"", 0, 0, -1},
	}
	for _, tt := range tests {
		u := words(tt.text)
		if got := WordOf(u, newPositions(tt.text), tt.lParam, tt.wParam); got != tt.want {
			t.Errorf("WordOf(%q, %d, %d) = %d, want %d", tt.text, tt.lParam, tt.wParam, got, tt.want)
		}
	}
}

func TestPositions(t *testing.T) {
	p := newPositions("a😀b𝒜")
	for unit, want := range []int{0, 1, 1, 2, 3, 3, 4} {
		if got := p.codePoint(unit); got != want {
			t.Errorf("codePoint(%d) = %d, want %d", unit, got, want)
		}
	}
}

func TestSapiRate(t *testing.T) {
	tests := []struct{ wpm, want int }{{180, 0}, {540, 10}, {60, -10}, {900, 10}, {50, -10}, {250, 3}, {0, 0}}
	for _, tt := range tests {
		if got := sapiRate(tt.wpm); got != tt.want {
			t.Errorf("sapiRate(%d) = %d, want %d", tt.wpm, got, tt.want)
		}
	}
	if sapiVolume(150) != 100 || sapiVolume(-1) != 0 || sapiVolume(42) != 42 {
		t.Error("sapiVolume does not clamp to 0..100")
	}
}

func TestTokenVoice(t *testing.T) {
	tests := []struct {
		id, desc, name, lang, gender string
		want                         engine.Voice
	}{
		{`HKEY_LOCAL_MACHINE\SOFTWARE\Microsoft\Speech\Voices\Tokens\TTS_MS_EN-US_ZIRA_11.0`,
			"Microsoft Zira Desktop - English (United States)", "Microsoft Zira Desktop", "409", "Female",
			engine.Voice{ID: "TTS_MS_EN-US_ZIRA_11.0", Name: "Microsoft Zira Desktop - English (United States)", Language: "en-US", Gender: "female"}},
		{`HKEY_LOCAL_MACHINE\SOFTWARE\Microsoft\Speech\Voices\Tokens\X`, "", "Voice X", "407;9", "Male",
			engine.Voice{ID: "X", Name: "Voice X", Language: "de-DE", Gender: "male"}},
		{`Y`, "", "", "1234", "", engine.Voice{ID: "Y", Name: "Y", Language: "1234"}},
		{`Z`, "", "", "", "", engine.Voice{ID: "Z", Name: "Z"}},
	}
	for _, tt := range tests {
		if got := tokenVoice(tt.id, tt.desc, tt.name, tt.lang, tt.gender); got != tt.want {
			t.Errorf("tokenVoice(%q) = %+v, want %+v", tt.id, got, tt.want)
		}
	}
	vs := []engine.Voice{{ID: "A", Name: "Alice"}, {ID: "B", Name: "Bob"}}
	if matchVoice(vs, "bob") != 1 || matchVoice(vs, "a") != 0 || matchVoice(vs, "") != -1 || matchVoice(vs, "c") != -1 {
		t.Error("matchVoice")
	}
}

func TestSpeventLayout(t *testing.T) {
	// sapi.h: SPEVENT { SPEVENTENUM eEventId:16; SPEVENTLPARAMTYPE
	// elParamType:16; ULONG ulStreamNum; ULONGLONG ullAudioStreamOffset;
	// WPARAM wParam; LPARAM lParam; }: 32 bytes on 64-bit Windows.
	if unsafe.Sizeof(uintptr(0)) != 8 {
		t.Skip("the layout is 64-bit Windows'")
	}
	var e spevent
	got := []uintptr{unsafe.Offsetof(e.id), unsafe.Offsetof(e.paramType), unsafe.Offsetof(e.stream),
		unsafe.Offsetof(e.offset), unsafe.Offsetof(e.wParam), unsafe.Offsetof(e.lParam), unsafe.Sizeof(e)}
	want := []uintptr{0, 2, 4, 8, 16, 24, 32}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("SPEVENT offsets/size %v, want %v", got, want)
			break
		}
	}
}
