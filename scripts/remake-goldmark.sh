#!/usr/bin/env bash
# Re-makes third_party/goldmark, the copy of github.com/yuin/goldmark that
# go.mod's replace directive builds with: the module at VERSION (by default
# the one the copy is of) from the Go module proxy, without its tests,
# benchmarks and tools, with third_party/goldmark.patch applied, gofmt'd. To move to
# a newer goldmark: run this with its version, check that the patch still
# applies (or drop it once goldmark compiles its regular expressions on
# first use), then run scripts/test.sh.
#
#   bash scripts/remake-goldmark.sh [VERSION]
set -euo pipefail
cd "$(dirname "$0")/.."
version=${1:-v1.8.7}
src=$(GOFLAGS=-mod=mod go mod download -json "github.com/yuin/goldmark@$version" |
  sed -n 's/^[[:space:]]*"Dir": "\(.*\)",$/\1/p')
[ -d "$src" ] || { echo "remake-goldmark: goldmark $version was not downloaded" >&2; exit 1; }
dest=$PWD/third_party/goldmark
rm -rf "$dest"
mkdir -p "$dest"
(cd "$src" && find . -name '*.go' ! -name '*_test.go' ! -path './_*' ! -path './testutil/*' ! -path './fuzz/*' \
  -exec cp --parents {} "$dest/" \;)
cp "$src/LICENSE" "$src/go.mod" "$dest/"
chmod -R u+w "$dest"
(cd "$dest" && patch --quiet -p0 < ../goldmark.patch)
# goldmark's generated tables are not gofmt'd upstream; the tree's are.
gofmt -w "$dest"
echo "third_party/goldmark: goldmark $version with third_party/goldmark.patch"
