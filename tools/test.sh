#!/usr/bin/env bash
# The README's test command: installs what is missing, builds everything (GUI included) and runs every test.
# GPU tests skip cleanly where there is no GPU. Extra arguments go to ctest (e.g. -L unit).
# KT_SANITIZE=address,undefined (or thread) builds the Qt-free libraries, the CLI and their tests with those
# sanitizers in build-sanitize-<name>/ and runs the tests there (docs/reliability.md, "Sanitizers"); with
# KT_SANITIZE_GUI=1 the workbench and its Qt tests too (Qt itself stays uninstrumented).
set -euo pipefail
cd "$(dirname "$0")/.."
tools/setup.sh
if [[ -n "${KT_SANITIZE:-}" ]]; then
    build=${KT_BUILD_DIR:-build-sanitize-${KT_SANITIZE//,/-}}
    gui=OFF
    [[ "${KT_SANITIZE_GUI:-0}" == 1 ]] && gui=ON
    cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DKT_GUI=$gui -DKT_SANITIZE="$KT_SANITIZE" \
        ${KT_CMAKE_ARGS:-}
    suppressions="$PWD/tools/sanitizers"
    # Leaks inside the OpenCL ICD loader and PoCL (never freed caches) are not ours: suppressed by library.
    export ASAN_OPTIONS="detect_leaks=1:abort_on_error=0:strict_string_checks=1:detect_stack_use_after_return=0${ASAN_OPTIONS:+:$ASAN_OPTIONS}"
    export LSAN_OPTIONS="suppressions=$suppressions/lsan.supp:print_suppressions=0${LSAN_OPTIONS:+:$LSAN_OPTIONS}"
    export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1${UBSAN_OPTIONS:+:$UBSAN_OPTIONS}"
    export TSAN_OPTIONS="suppressions=$suppressions/tsan.supp:halt_on_error=1${TSAN_OPTIONS:+:$TSAN_OPTIONS}"
else
    build=${KT_BUILD_DIR:-build}
    cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo ${KT_CMAKE_ARGS:-}
fi
cmake --build "$build" -j "$(nproc)"
export QT_QPA_PLATFORM=offscreen
ctest --test-dir "$build" --output-on-failure -j "$(nproc)" --timeout 600 "$@"
