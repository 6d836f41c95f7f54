// Package audio turns a document read aloud into audio files: WAV, FLAC,
// MP3, Ogg Opus and M4B, with the document's headings as the container's own
// chapters, subtitles (SRT, WebVTT) from the word timings, a file per
// chapter, and a part of the document only. Speech comes from package
// speech (a WAV file with word timings); every other format is encoded by
// ffmpeg (the Debian package ffmpeg), run as a command.
package audio

import (
	"fmt"
	"path/filepath"
	"strings"
)

// Format is an audio file format.
type Format string

const (
	WAV  Format = "wav"
	FLAC Format = "flac"
	MP3  Format = "mp3"
	Opus Format = "opus" // Ogg Opus
	// Vorbis is Ogg Vorbis, export.audio_format's "ogg" (a .ogg file from
	// the command line is Opus, the better codec for speech).
	Vorbis Format = "vorbis"
	M4B    Format = "m4b" // AAC in MPEG-4, an audiobook
)

// formats lists the formats, as --format takes them.
var formats = []Format{WAV, FLAC, MP3, Opus, M4B}

// ParseFormat reads a --format value or a file extension (without dot).
func ParseFormat(s string) (Format, error) {
	switch strings.ToLower(strings.TrimPrefix(s, ".")) {
	case "wav", "wave":
		return WAV, nil
	case "flac":
		return FLAC, nil
	case "mp3":
		return MP3, nil
	case "opus", "ogg", "oga":
		return Opus, nil
	case "vorbis":
		return Vorbis, nil
	case "m4b", "m4a", "aac", "mp4":
		return M4B, nil
	}
	return "", fmt.Errorf("unknown audio format %q: use wav, flac, mp3, opus, vorbis or m4b", s)
}

// FormatOf is the format a file name asks for by its extension.
func FormatOf(path string) (Format, bool) {
	ext := filepath.Ext(path)
	if ext == "" {
		return "", false
	}
	f, err := ParseFormat(ext)
	return f, err == nil
}

// Ext is the usual file extension of f, with its dot.
func (f Format) Ext() string {
	switch f {
	case Opus:
		return ".opus"
	case Vorbis:
		return ".ogg"
	}
	return "." + string(f)
}

// Name is how f is called in messages.
func (f Format) Name() string {
	switch f {
	case Opus:
		return "Ogg Opus"
	case Vorbis:
		return "Ogg Vorbis"
	case M4B:
		return "M4B"
	}
	return strings.ToUpper(string(f))
}

// ffmpegArgs are the encoder and muxer options of f. Speech is mono; the
// bit rates are those of spoken-word audiobooks.
func (f Format) ffmpegArgs() []string {
	switch f {
	case FLAC:
		return []string{"-c:a", "flac", "-f", "flac"}
	case MP3:
		return []string{"-c:a", "libmp3lame", "-b:a", "64k", "-id3v2_version", "4", "-f", "mp3"}
	case Opus:
		return []string{"-c:a", "libopus", "-b:a", "32k", "-f", "ogg"}
	case Vorbis:
		return []string{"-c:a", "libvorbis", "-q:a", "3", "-f", "ogg"}
	case M4B:
		return []string{"-c:a", "aac", "-b:a", "64k", "-f", "ipod"}
	}
	return []string{"-c:a", "pcm_s16le", "-f", "wav"}
}

// vorbisChapters reports whether f keeps chapters as Vorbis comments.
func (f Format) vorbisChapters() bool { return f == FLAC || f == Opus || f == Vorbis }
