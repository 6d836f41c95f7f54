package bookaudio

import (
	"bufio"
	"bytes"
	"context"
	"encoding/binary"
	"fmt"
	"io"
	"os/exec"
	"strconv"
	"strings"
	"time"

	"textfirst/internal/tw/load"
)

// chunk is how many samples FFmpeg hands on at a time (about 90 ms).
const chunk = 2048

// FFmpeg decodes a clip with ffmpeg, streaming: a file on disk is opened
// by ffmpeg itself (seeking to the clip), a member of a ZIP is handed to
// it on its standard input and the clip cut from what comes out. A
// missing ffmpeg is an error that names its Debian package.
func FFmpeg(ctx context.Context, audio string, begin, end time.Duration, rate int, out func(pcm []int16) error) error {
	bin, err := exec.LookPath("ffmpeg")
	if err != nil {
		return decodeError(audio, fmt.Errorf("ffmpeg is not installed (Debian package ffmpeg): %w", err))
	}
	data, inArchive, err := load.ReadBookAudio(audio)
	if err != nil {
		return decodeError(audio, err)
	}
	args := []string{"-nostdin", "-v", "error"}
	input := audio
	// skip and keep are the samples dropped before the clip and kept of
	// it (keep < 0: all) in what ffmpeg writes.
	skip, keep := int64(0), int64(-1)
	if end > begin {
		keep = samples(end-begin, rate)
	}
	if inArchive {
		// Piped input cannot seek: the clip is cut from the whole file.
		input, args = "pipe:0", args[1:]
		skip = samples(begin, rate)
	} else {
		args = append(args, "-ss", seconds(begin))
		if end > begin {
			args = append(args, "-to", seconds(end))
		}
	}
	args = append(args, "-i", input, "-f", "s16le", "-ac", "1", "-ar", strconv.Itoa(rate), "pipe:1")
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, args...)
	if inArchive {
		cmd.Stdin = bytes.NewReader(data)
	}
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	pipe, err := cmd.StdoutPipe()
	if err != nil {
		return decodeError(audio, err)
	}
	if err := cmd.Start(); err != nil {
		return decodeError(audio, err)
	}
	whole, rerr := pour(bufio.NewReaderSize(pipe, 2*chunk), skip, keep, out)
	if whole || rerr != nil {
		// The clip is all there (or out failed): ffmpeg need not go on.
		cancel()
		cmd.Wait()
		return rerr
	}
	if err := cmd.Wait(); err != nil {
		return decodeError(audio, fmt.Errorf("ffmpeg: %w: %s", err, strings.TrimSpace(stderr.String())))
	}
	return nil
}

// pour reads 16-bit samples from r, drops skip of them, and hands on keep
// (keep < 0: all) to out, a chunk at a time, each a slice of its own.
// whole says it handed on keep samples before r ended.
func pour(r io.Reader, skip, keep int64, out func([]int16) error) (whole bool, err error) {
	buf := make([]byte, 2*chunk)
	for keep != 0 {
		n, rerr := io.ReadFull(r, buf)
		n -= n % 2
		s := make([]int16, n/2)
		for i := range s {
			s[i] = int16(binary.LittleEndian.Uint16(buf[2*i:]))
		}
		drop := min(skip, int64(len(s)))
		s, skip = s[drop:], skip-drop
		if keep >= 0 && int64(len(s)) > keep {
			s = s[:keep]
		}
		if len(s) > 0 {
			if keep > 0 {
				keep -= int64(len(s))
			}
			if oerr := out(s); oerr != nil {
				return false, oerr
			}
		}
		if rerr != nil {
			return false, nil // the end of what ffmpeg wrote
		}
	}
	return true, nil
}

// samples is how many samples at rate last d.
func samples(d time.Duration, rate int) int64 {
	return int64(d) * int64(rate) / int64(time.Second)
}

func seconds(d time.Duration) string {
	return strconv.FormatFloat(d.Seconds(), 'f', 3, 64)
}
