#!/usr/bin/env bash
# Fuzzes every fuzz target of the project for SECONDS seconds each (default
# 30). Run it before submitting; scripts/test.sh runs only the seed corpora.
#
#   bash scripts/fuzz.sh [SECONDS]
#
# A crasher is written by go test to testdata/fuzz/FuzzX/ of the target's
# package (for example internal/tw/tui/testdata/fuzz/FuzzLayout/). Fix the
# bug, then commit that file: it stays there as a regression seed, and every
# plain go test runs it from then on.
set -uo pipefail
cd "$(dirname "$0")/.."
export PATH="/usr/local/go/bin:$PATH"

seconds=${1:-30}
if ! [[ $seconds =~ ^[0-9]+$ ]] || [ "$seconds" -eq 0 ]; then
  echo "usage: bash scripts/fuzz.sh [SECONDS]   (seconds per target, default 30)" >&2
  exit 2
fi

# Every "func FuzzX(" in a _test.go file, as "package-dir target".
targets=$(grep -rl --include='*_test.go' '^func Fuzz' --exclude-dir=.git . | sort | while read -r f; do
  dir=$(dirname "$f")
  grep -o '^func Fuzz[A-Za-z0-9_]*' "$f" | sed 's/^func //' | while read -r t; do echo "./${dir#./} $t"; done
done)
if [ -z "$targets" ]; then
  echo "fuzz.sh: no fuzz targets found" >&2
  exit 1
fi

failed=()
count=0
while read -r pkg target; do
  count=$((count + 1))
  echo "== $target ($pkg) for ${seconds}s"
  # Minimizing is capped: left at its default, a worker can spend the whole
  # run shrinking one new input (FuzzServerHandle ran 8 inputs in 30 s).
  if ! go test -run '^$' -fuzz "^${target}\$" -fuzztime "${seconds}s" -fuzzminimizetime 3s "$pkg"; then
    failed+=("$target ($pkg): crasher in $pkg/testdata/fuzz/$target/")
  fi
done <<<"$targets"

# tw serve's own sequence fuzzer: random sessions against the real core.
count=$((count + 1))
echo "== random sessions of tw serve for ${seconds}s"
if ! bash scripts/fuzz-sessions.sh "$seconds"; then
  failed+=("random sessions (internal/tw/rpc): the failing seed is printed above; replay it with TW_FUZZ_SEED")
fi

echo
if [ ${#failed[@]} -gt 0 ]; then
  echo "fuzz.sh: ${#failed[@]} of $count targets failed:" >&2
  printf '  %s\n' "${failed[@]}" >&2
  echo "Fix each bug, then commit the crasher file as a regression seed." >&2
  exit 1
fi
echo "fuzz.sh: $count targets fuzzed for ${seconds}s each, no crasher."
