#!/usr/bin/env bash
# The README's start command: installs what is missing, builds and starts the KernelTune workbench GUI.
set -euo pipefail
cd "$(dirname "$0")/.."
tools/setup.sh
build=${KT_BUILD_DIR:-build}
cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo ${KT_CMAKE_ARGS:-}
cmake --build "$build" -j "$(nproc)" --target ktune-workbench ktune
exec "$build/app/gui/ktune-workbench" "$@"
