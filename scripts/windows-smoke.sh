#!/usr/bin/env bash
# windows-smoke.sh: runs the real Windows builds of windows2text and tw under
# Wine 10 (Debian trixie, in a debootstrap chroot cached between runs).
#
#   scripts/windows-smoke.sh            prepare the chroot if needed, build, smoke test
#   scripts/windows-smoke.sh --prepare  only make the chroot
#
# Needs root (debootstrap, chroot, mounts). The chroot lives under
# $TEXTFIRST_WINE_ROOT (default /var/cache/textfirst-wine/trixie); the first
# run downloads ~600 MB from Debian's package registry and takes minutes,
# later runs reuse it. Exits non-zero when the Windows build is broken or
# any smoke step fails.
set -euo pipefail
ROOT_DIR=$(cd "$(dirname "$0")/.." && pwd)
CHROOT=${TEXTFIRST_WINE_ROOT:-/var/cache/textfirst-wine/trixie}
MIRROR=${TEXTFIRST_DEBIAN_MIRROR:-http://deb.debian.org/debian}
STAMP="$CHROOT/.textfirst-ready-v1"

log() { echo "windows-smoke: $*" >&2; }

prepare() {
  [ -f "$STAMP" ] && return 0
  # shellcheck source=apt.sh
  source "$ROOT_DIR/scripts/apt.sh"
  apt_need debootstrap debian-archive-keyring
  mkdir -p "$(dirname "$CHROOT")"
  if [ ! -x "$CHROOT/usr/bin/apt-get" ]; then
    log "debootstrap trixie into $CHROOT"
    rm -rf "$CHROOT"
    debootstrap --variant=minbase --include=ca-certificates trixie "$CHROOT" "$MIRROR" >&2
  fi
  log "installing wine, xvfb in the chroot"
  mount_chroot
  chroot "$CHROOT" env DEBIAN_FRONTEND=noninteractive apt-get update -qq >&2
  chroot "$CHROOT" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
    wine wine64 xvfb xauth fonts-dejavu-core procps >&2
  umount_chroot
  chroot "$CHROOT" wine --version >&2 || true
  touch "$STAMP"
}

MOUNTED=0
mount_chroot() {
  [ "$MOUNTED" = 1 ] && return 0
  mount -t proc proc "$CHROOT/proc"
  mount --bind /dev "$CHROOT/dev"
  mount -t devpts devpts "$CHROOT/dev/pts" -o newinstance,ptmxmode=0666 2>/dev/null || true
  mount -t tmpfs tmpfs "$CHROOT/tmp"
  MOUNTED=1
}
umount_chroot() {
  [ "$MOUNTED" = 1 ] || return 0
  # Wine's server and Xvfb may take a moment to leave.
  for _ in 1 2 3 4 5 6 7 8 9 10; do
    umount "$CHROOT/tmp" 2>/dev/null || true
    umount "$CHROOT/dev/pts" 2>/dev/null || true
    umount "$CHROOT/dev" 2>/dev/null || true
    umount "$CHROOT/proc" 2>/dev/null || true
    mountpoint -q "$CHROOT/proc" || mountpoint -q "$CHROOT/dev" || mountpoint -q "$CHROOT/tmp" || break
    sleep 1
  done
  MOUNTED=0
}
trap umount_chroot EXIT

prepare
[ "${1:-}" = "--prepare" ] && exit 0

# Build both programs for windows/amd64 (and check arm64 builds too): a
# broken Windows build fails here.
SMOKE="$CHROOT/opt/smoke"
mkdir -p "$SMOKE"
cd "$ROOT_DIR"
log "building windows/amd64 and windows/arm64"
GOOS=windows GOARCH=arm64 go build -o /dev/null ./cmd/windows2text ./cmd/tw || { log "windows/arm64 build failed"; exit 1; }
GOOS=windows GOARCH=amd64 go build -o "$SMOKE/windows2text.exe" ./cmd/windows2text || { log "windows2text.exe build failed"; exit 1; }
GOOS=windows GOARCH=amd64 go build -o "$SMOKE/tw.exe" ./cmd/tw || { log "tw.exe build failed"; exit 1; }
go build -o "$SMOKE/../windowssmoke" ./scripts/windowssmoke

mount_chroot
log "running the smoke test under $(chroot "$CHROOT" wine --version 2>/dev/null)"
"$SMOKE/../windowssmoke" -chroot "$CHROOT" -dir /opt/smoke
