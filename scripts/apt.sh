#!/usr/bin/env bash
# apt_need PKG...: installs the Debian packages that are not installed yet.
# Sourced by the scripts/deps-*.sh files.
apt_need() {
  local missing=()
  for p in "$@"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  echo "Installing Debian packages: ${missing[*]}" >&2
  export DEBIAN_FRONTEND=noninteractive
  if [ ! -f /var/lib/apt/periodic/tw-updated ]; then
    apt-get update -qq -o DPkg::Lock::Timeout=900 >&2 && mkdir -p /var/lib/apt/periodic && touch /var/lib/apt/periodic/tw-updated
  fi
  apt-get install -y -qq -o DPkg::Lock::Timeout=900 --no-install-recommends "${missing[@]}" >&2 || {
    apt-get update -qq -o DPkg::Lock::Timeout=900 >&2
    apt-get install -y -qq -o DPkg::Lock::Timeout=900 --no-install-recommends "${missing[@]}" >&2
  }
}
