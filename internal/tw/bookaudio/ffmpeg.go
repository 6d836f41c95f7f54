package bookaudio

import (
	"bytes"
	"context"
	"encoding/binary"
	"fmt"
	"os/exec"
	"strconv"
	"strings"
	"time"

	"textfirst/internal/tw/load"
)

// FFmpeg decodes a clip with ffmpeg: a file on disk is opened by ffmpeg
// itself (seeking to the clip), a member of a ZIP is handed to it on its
// standard input. A missing ffmpeg is an error that names its Debian
// package.
func FFmpeg(ctx context.Context, audio string, begin, end time.Duration, rate int) ([]int16, error) {
	bin, err := exec.LookPath("ffmpeg")
	if err != nil {
		return nil, decodeError(audio, fmt.Errorf("ffmpeg is not installed (Debian package ffmpeg): %w", err))
	}
	data, inArchive, err := load.ReadBookAudio(audio)
	if err != nil {
		return nil, decodeError(audio, err)
	}
	args := []string{"-nostdin", "-v", "error"}
	input := audio
	if inArchive {
		// Piped input cannot seek: the whole file is decoded and the clip
		// cut after.
		input = "pipe:0"
		args = args[1:]
	} else {
		args = append(args, "-ss", seconds(begin))
		if end > begin {
			args = append(args, "-to", seconds(end))
		}
	}
	args = append(args, "-i", input, "-f", "s16le", "-ac", "1", "-ar", strconv.Itoa(rate), "pipe:1")
	cmd := exec.CommandContext(ctx, bin, args...)
	if inArchive {
		cmd.Stdin = bytes.NewReader(data)
	}
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, decodeError(audio, fmt.Errorf("ffmpeg: %w: %s", err, strings.TrimSpace(stderr.String())))
	}
	pcm := make([]int16, len(out)/2)
	for i := range pcm {
		pcm[i] = int16(binary.LittleEndian.Uint16(out[2*i:]))
	}
	if inArchive {
		pcm = cut(pcm, begin, end, rate)
	}
	return pcm, nil
}

// cut returns the samples of [begin, end) of pcm at rate (end 0: to the
// end).
func cut(pcm []int16, begin, end time.Duration, rate int) []int16 {
	at := func(d time.Duration) int {
		return min(int(d*time.Duration(rate)/time.Second), len(pcm))
	}
	from, to := at(begin), len(pcm)
	if end > begin {
		to = at(end)
	}
	return pcm[from:to]
}

func seconds(d time.Duration) string {
	return strconv.FormatFloat(d.Seconds(), 'f', 3, 64)
}
