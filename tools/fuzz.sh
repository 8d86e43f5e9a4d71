#!/usr/bin/env bash
# Bounded fuzzing alone (docs/reliability.md, "Fuzzing"): builds only the libFuzzer targets of fuzz/ with clang, ASan
# and UBSan in build-fuzz/ (Qt-free, no tests) and runs each for KT_FUZZ_SECONDS (default 20) through
# tools/fuzz-run.sh. tools/test.sh runs the same targets from its own build after the tests.
# Extra arguments name targets to run (default: all).
set -euo pipefail
cd "$(dirname "$0")/.."
build=${KT_BUILD_DIR:-build-fuzz}
CC=${CC:-clang} CXX=${CXX:-clang++} cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DKT_GUI=OFF \
    -DBUILD_TESTING=OFF -DKT_FUZZ=ON -DKT_SANITIZE=address,undefined ${KT_CMAKE_ARGS:-}
exec tools/fuzz-run.sh "$build" "$@"
