#!/usr/bin/env bash
# Packs the Debian libraries the GPU machine lacks (OpenBLAS, gfortran, CLBlast) into .carry/gpu-libs.tar.xz.
set -euo pipefail
cd "$(dirname "$0")/.."
tmp=$(mktemp -d)
(cd "$tmp" && apt-get download libopenblas0-pthread libgfortran5 libclblast1 >/dev/null)
for f in "$tmp"/*.deb; do dpkg -x "$f" "$tmp/x"; done
lib="$tmp/x/usr/lib/x86_64-linux-gnu"
mkdir -p "$tmp/libs" .carry
cp -L "$lib/openblas-pthread/libblas.so.3" "$lib/openblas-pthread/libopenblas.so.0" "$lib/libclblast.so.1" \
      "$lib/libgfortran.so.5" "$tmp/libs/"
strip --strip-unneeded "$tmp/libs/"*
tar cJf .carry/gpu-libs.tar.xz -C "$tmp/libs" .
rm -rf "$tmp"
