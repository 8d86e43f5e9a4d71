#!/usr/bin/env bash
# The README's test command: installs what is missing, builds everything (GUI included) and runs every test.
# GPU tests skip cleanly where there is no GPU. Extra arguments go to ctest (e.g. -L unit).
set -euo pipefail
cd "$(dirname "$0")/.."
tools/setup.sh
build=${KT_BUILD_DIR:-build}
cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo ${KT_CMAKE_ARGS:-}
cmake --build "$build" -j "$(nproc)"
export QT_QPA_PLATFORM=offscreen
ctest --test-dir "$build" --output-on-failure -j "$(nproc)" --timeout 600 "$@"
