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
# Every Go file of the tree is gofmt'd, third_party's copies included.
unformatted=$(gofmt -l .)
if [ -n "$unformatted" ]; then
  echo "gofmt: these files are not formatted:" >&2
  echo "$unformatted" >&2
  exit 1
fi
go vet ./...
# Both programs must keep building for Windows (UI Automation, SAPI's home),
# on both of its architectures.
for arch in amd64 arm64; do
  GOOS=windows GOARCH=$arch go build ./...
  GOOS=windows GOARCH=$arch go vet ./...
done

# The packages that drive a real desktop (Xvfb, AT-SPI, real applications
# typed into through XTest) measure what applications do within bounded
# waits: they run one package at a time, after the rest, so that two
# desktops do not compete for the two cores. Everything else runs as usual.
desktop=$(go list -f '{{.ImportPath}} {{join .Imports " "}} {{join .TestImports " "}} {{join .XTestImports " "}}' ./... |
  awk '/textfirst\/internal\/windows2text\/desktoptest/ && $1 != "textfirst/internal/windows2text/desktoptest" {print $1}')
others=$(go list ./... | grep -vxF -f <(printf '%s\n' $desktop))
status=0
go test -count=1 -timeout 30m $others || status=1
go test -count=1 -timeout 30m -p 1 $desktop || status=1
exit $status
