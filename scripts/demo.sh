#!/usr/bin/env bash
# The main job: builds tw and opens the bundled sample in its terminal
# reader, reading aloud with espeak-ng. Missing Debian packages are
# installed first (run as root on a fresh machine).
#
#   bash scripts/demo.sh            # opens testdata/sample.md
#   bash scripts/demo.sh FILE       # opens FILE instead
#   TW_DEMO_ARGS=--no-speech bash scripts/demo.sh
#
# In the reader: Enter reads, Escape stops, h and Shift+H move by heading,
# Alt+. by sentence, ? lists every key, Ctrl+Q then y quits.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
source "$root/scripts/apt.sh"

# espeak-ng's library is the voice; tmux shows the reader when there is no
# terminal to draw on (a CI log, a pipe).
apt_need libespeak-ng1 espeak-ng-data tmux

go=/usr/local/go/bin/go
[ -x "$go" ] || go="$(command -v go || true)"
if [ -z "$go" ]; then
  echo "Error: demo.sh: Go is not installed. Install Go 1.26 in /usr/local/go and run this again." >&2
  exit 1
fi

out="$(mktemp -d "${TMPDIR:-/tmp}/tw-demo.XXXXXX")"
tw="$out/tw"
cd "$root"
"$go" build -o "$tw" ./cmd/tw

file="${1:-$root/testdata/sample.md}"
read -r -a extra <<< "${TW_DEMO_ARGS:-}"

if [ -t 0 ] && [ -t 1 ]; then
  exec "$tw" open "$file" "${extra[@]}"
fi

# No terminal here: run the reader in a tmux window, move through the
# sample, and print what the screen and the voice said.
echo "No terminal on this output; showing tw's terminal reader in a tmux window instead." >&2
sock="$out/tmux.sock"
said="$out/said.log"
trap 'tmux -S "$sock" kill-server 2>/dev/null || true; rm -rf "$out"' EXIT
tmux -S "$sock" -f /dev/null new-session -d -x 100 -y 30 -s demo \
  "TEXTWEAVER_HOME='$out/home' TEXTWEAVER_ANNOUNCE_LOG='$said' '$tw' open '$file' ${extra[*]}; sleep 2"
sleep 1
for key in h M-. Right Right h; do
  tmux -S "$sock" send-keys -t demo "$key"
  sleep 0.6
done
tmux -S "$sock" capture-pane -p -t demo
echo "--- what tw said ---"
cat "$said"
tmux -S "$sock" send-keys -t demo C-q
sleep 0.3
tmux -S "$sock" send-keys -t demo y
sleep 0.5
