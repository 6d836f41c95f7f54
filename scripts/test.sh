#!/usr/bin/env bash
# Runs every test of the project on a fresh Debian 12 machine: installs the
# Debian packages the tests need (when missing), then the whole Go test suite,
# then a short fuzzing run of each fuzz target.
set -euo pipefail
cd "$(dirname "$0")/.."

for deps in scripts/deps-*.sh; do
  [ -e "$deps" ] || continue
  bash "$deps"
done

export PATH="/usr/local/go/bin:$PATH"
go vet ./...
# Both programs must keep building for Windows (UI Automation, SAPI's home).
GOOS=windows GOARCH=amd64 go build ./...
go test -count=1 -timeout 30m ./...

# Short fuzzing runs: each target gets a few seconds of new inputs.
while read -r pkg target; do
  [ -n "$pkg" ] || continue
  go test -run '^$' -fuzz "^${target}\$" -fuzztime "${FUZZTIME:-10s}" "$pkg"
done < <(grep -rl --include='*_test.go' '^func Fuzz' . | while read -r f; do
  dir=$(dirname "$f")
  grep -o '^func Fuzz[A-Za-z0-9_]*' "$f" | sed 's/^func //' | while read -r t; do echo "./${dir#./} $t"; done
done)
