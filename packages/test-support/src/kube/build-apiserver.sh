#!/bin/sh
# Builds kube-apiserver v1.20.2 from Debian's `kubernetes` source package (operator.md §5.2),
# cached outside the repository; a no-op when the cached binary exists.
set -eu
VERSION=1.20.2
CACHE="${STOWAGE_KUBE_CACHE:-/var/cache/stowage-kube}"
BIN="$CACHE/kube-apiserver-$VERSION"
[ -x "$BIN" ] && { echo "$BIN"; exit 0; }
mkdir -p "$CACHE"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends golang-go rsync etcd-server golang-github-modern-go-reflect2-dev >/dev/null
# `apt-get source` needs deb-src entries: copy the existing deb ones (deb822 or one-line style).
if ! grep -rqs -e '^Types: deb-src' -e '^deb-src ' /etc/apt/sources.list /etc/apt/sources.list.d/; then
  if [ -f /etc/apt/sources.list.d/debian.sources ]; then
    sed 's/^Types: deb$/Types: deb-src/' /etc/apt/sources.list.d/debian.sources > /etc/apt/sources.list.d/stowage-deb-src.sources
  else
    sed -n 's/^deb /deb-src /p' /etc/apt/sources.list > /etc/apt/sources.list.d/stowage-deb-src.list
  fi
  apt-get update -qq
fi
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
cd "$WORK"
apt-get source --download-only -qq kubernetes >/dev/null
tar xzf kubernetes_*.orig.tar.gz
SRC="$(find . -maxdepth 2 -name Makefile -path '*/Makefile' -printf '%h\n' | head -1)"
cd "$SRC"
# The vendored reflect2 1.0.1 crashes under Go >= 1.18; Debian's 1.0.2 does not.
R=vendor/github.com/modern-go/reflect2
find "$R" -maxdepth 1 \( -name '*.go' -o -name '*.s' \) -delete
cp /usr/share/gocode/src/github.com/modern-go/reflect2/*.go "$R"/
cp /usr/share/gocode/src/github.com/modern-go/reflect2/*.s "$R"/ 2>/dev/null || true
GOFLAGS= GOPROXY=off make WHAT=cmd/kube-apiserver >/dev/null
cp _output/bin/kube-apiserver "$BIN.tmp" && mv "$BIN.tmp" "$BIN"
echo "$BIN"
