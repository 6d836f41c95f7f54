#!/usr/bin/env bash
# Runs every test of the project on a fresh Debian 12 machine: installs the
# Debian packages the tests need (when missing), then go vet, the Windows
# cross-builds and the whole Go test suite. go test also runs every fuzz
# target's seed corpus (testdata/fuzz/FuzzX/ of each package, where the
# crashers found by scripts/fuzz.sh are kept); open-ended fuzzing is not part
# of the tests (run scripts/fuzz.sh before submitting), so the result never
# depends on the luck of a random run.
set -euo pipefail
cd "$(dirname "$0")/.."

for deps in scripts/deps-*.sh; do
  [ -e "$deps" ] || continue
  bash "$deps"
done

export PATH="/usr/local/go/bin:$PATH"
go vet ./...
# Both programs must keep building for Windows (UI Automation, SAPI's home),
# on both of its architectures.
for arch in amd64 arm64; do
  GOOS=windows GOARCH=$arch go build ./...
done
go test -count=1 -timeout 30m ./...
