#!/usr/bin/env bash
# Packs what a GPU-machine run needs into .carry/ (git-ignored; name it in the device tool's `carry`):
# the stripped executables of build-gpu (same relative paths) and the Debian libraries missing there.
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build-gpu}
[ -f .carry/gpu-libs.tar.xz ] || tools/make-gpu-carry.sh
rm -rf .carry/build-gpu && mkdir -p .carry/build-gpu
(cd "$build" && find . -type f -executable ! -path '*/CMakeFiles/*' \( -path './tests/*' -o -name ktune \) -print0) |
    while IFS= read -r -d '' f; do
        mkdir -p ".carry/build-gpu/$(dirname "$f")"
        strip -o ".carry/build-gpu/$f" "$build/$f"
    done
du -sh .carry
