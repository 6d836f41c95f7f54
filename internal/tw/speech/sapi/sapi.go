// Package sapi is tw's engine for Microsoft SAPI 5 voices on Windows: an
// ISpVoice speaks each utterance asynchronously (SPF_ASYNC) and reports
// word boundaries as SPEI_WORD_BOUNDARY events, which this package maps
// onto the utterance's words. It is an engine.Speaker: SAPI plays the audio
// itself and words are reported as SAPI reaches them.
//
// The COM parts are Windows-only (sapi_windows.go); the mappings below (UTF-16
// positions to code points, rates, voice tokens) are plain Go and tested on
// every system.
package sapi

import (
	"math"
	"sort"
	"strconv"
	"strings"
	"unicode/utf16"

	"textfirst/internal/tw/speech/engine"
)

// SAPI event ids (SPEVENTENUM) and the interest mask they make (SPFEI).
const (
	speiStartInputStream = 1
	speiEndInputStream   = 2
	speiWordBoundary     = 5
	speiReserved1        = 30
	speiReserved2        = 33
)

// spfei is sapi.h's SPFEI macro: the interest bit of an event, with the two
// reserved bits SAPI requires in every mask.
func spfei(id uint) uint64 {
	return 1<<id | 1<<speiReserved1 | 1<<speiReserved2
}

// interest is the event mask tw asks for: word boundaries and the end of
// the utterance.
var interest = spfei(speiWordBoundary) | spfei(speiEndInputStream)

// Speak flags (SPEAKFLAGS).
const (
	spfAsync            = 1
	spfPurgeBeforeSpeak = 2
	spfIsNotXML         = 0x10
)

// positions maps UTF-16 offsets into a text onto code point offsets, as
// SAPI counts characters in the WCHAR string it was given.
type positions struct {
	// starts[i] is the UTF-16 offset at which code point i starts.
	starts []int
	units  int // the text's length in UTF-16 units
}

func newPositions(text string) positions {
	var p positions
	off := 0
	for _, r := range text {
		p.starts = append(p.starts, off)
		off += utf16.RuneLen(r)
	}
	p.units = off
	return p
}

// codePoint returns the code point that UTF-16 offset pos falls in (the
// high surrogate's code point for an offset pointing at a low surrogate);
// offsets past the end give the text's length in code points.
func (p positions) codePoint(pos int) int {
	if pos >= p.units {
		return len(p.starts)
	}
	i := sort.SearchInts(p.starts, pos+1) - 1
	if i < 0 {
		return 0
	}
	return i
}

// WordOf maps a SPEI_WORD_BOUNDARY event (lParam: the word's character
// position, wParam: its length, both in UTF-16 units of the text SAPI was
// given) onto the index of the utterance's word it falls in; -1 when the
// event lies between words (punctuation SAPI chose to speak).
func WordOf(u engine.Utterance, p positions, lParam, wParam int) int {
	start := p.codePoint(lParam)
	end := p.codePoint(lParam + max(wParam, 1) - 1)
	words := u.Words
	i := sort.Search(len(words), func(i int) bool { return words[i].End > start })
	if i == len(words) || words[i].Start > end {
		return -1
	}
	return i
}

// sapiRate maps words per minute onto SAPI's rate, -10..10, where 0 is the
// voice's normal rate (about 180 words a minute for Microsoft's voices) and
// every 10 steps triple or third it.
func sapiRate(wpm int) int {
	if wpm <= 0 {
		return 0
	}
	r := int(math.Round(10 * math.Log(float64(wpm)/180) / math.Log(3)))
	return max(-10, min(10, r))
}

// sapiVolume maps tw's volume, 0..100, onto SAPI's, which is the same range.
func sapiVolume(v int) uint16 { return uint16(max(0, min(100, v))) }

// lcidNames names the language ids of the voices Windows ships.
var lcidNames = map[uint32]string{
	0x409: "en-US", 0x809: "en-GB", 0xc09: "en-AU", 0x1009: "en-CA", 0x4009: "en-IN",
	0x407: "de-DE", 0x40c: "fr-FR", 0xc0c: "fr-CA", 0x410: "it-IT", 0xc0a: "es-ES", 0x80a: "es-MX",
	0x416: "pt-BR", 0x816: "pt-PT", 0x413: "nl-NL", 0x419: "ru-RU", 0x415: "pl-PL", 0x411: "ja-JP",
	0x412: "ko-KR", 0x804: "zh-CN", 0x404: "zh-TW", 0xc04: "zh-HK", 0x41d: "sv-SE", 0x406: "da-DK",
	0x414: "nb-NO", 0x40b: "fi-FI", 0x405: "cs-CZ", 0x41f: "tr-TR", 0x408: "el-GR", 0x40d: "he-IL",
	0x401: "ar-SA", 0x439: "hi-IN", 0x41e: "th-TH",
}

// language turns a token's Language attribute (hexadecimal LCIDs separated
// by semicolons, "409;9") into a BCP 47 tag when it knows the first one.
func language(attr string) string {
	first := strings.TrimSpace(strings.Split(attr, ";")[0])
	if first == "" {
		return ""
	}
	id, err := strconv.ParseUint(first, 16, 32)
	if err != nil {
		return first
	}
	if name, ok := lcidNames[uint32(id)]; ok {
		return name
	}
	return first
}

// tokenVoice describes a voice token: its id is the last part of the
// token's registry path (what speech.voice takes), its name the token's
// description or Name attribute.
func tokenVoice(tokenID, description, nameAttr, languageAttr, genderAttr string) engine.Voice {
	id := tokenID
	if i := strings.LastIndexByte(id, '\\'); i >= 0 {
		id = id[i+1:]
	}
	name := description
	if name == "" {
		name = nameAttr
	}
	if name == "" {
		name = id
	}
	return engine.Voice{ID: id, Name: name, Language: language(languageAttr), Gender: strings.ToLower(genderAttr)}
}

// matchVoice returns the index of the voice that want names (its id or its
// name, case-insensitively), or -1.
func matchVoice(voices []engine.Voice, want string) int {
	if want == "" {
		return -1
	}
	for i, v := range voices {
		if strings.EqualFold(v.ID, want) || strings.EqualFold(v.Name, want) {
			return i
		}
	}
	return -1
}
