package session

import (
	"context"
	"strings"

	"textfirst/internal/tw/audio"
	"textfirst/internal/tw/doc"
	"textfirst/internal/tw/speech"
)

// exportAudio is the export_audio action's exporter: the document read by
// the engine and voice of the settings (a speech engine of its own, so it
// works with --no-speech too), encoded by ffmpeg. format is
// export.audio_format's ("ogg" is Ogg Vorbis) or an extension's. With
// export.subtitles_with_audio on, subtitles are written beside it in
// export.subtitle_format, a cue per word with export.subtitle_word_level;
// with export.subtitle_chapters, a WebVTT file of its chapters too.
func (s *Session) exportAudio(ctx context.Context, d *doc.Document, out, format string, progress func(float64)) error {
	f, err := audio.ParseFormat(format)
	if format == "ogg" {
		f, err = audio.Vorbis, nil
	}
	if err != nil {
		return err
	}
	subs, wordLevel, chapters, karaoke := "", false, false, ""
	if st := s.Settings; st != nil {
		if st.Bool("export.subtitles_with_audio") {
			subs, wordLevel = st.String("export.subtitle_format"), st.Bool("export.subtitle_word_level")
		}
		chapters, karaoke = st.Bool("export.subtitle_chapters"), st.String("export.subtitle_karaoke")
	}
	_, err = audio.Export(ctx, d, audio.Options{
		Out: out, Format: f, NoSidecar: true, Subtitles: subs, WordLevel: wordLevel, ChaptersFile: chapters, Karaoke: karaoke,
		Speech: speech.OptionsFrom(s.speechSettings(), speech.Overrides{Language: s.language}),
		Progress: func(phase string, done float64) {
			// Speaking is most of the work; encoding the rest.
			if strings.HasPrefix(phase, "Synth") {
				progress(done * 0.9)
			} else {
				progress(0.9 + done*0.1)
			}
		},
	})
	return err
}
