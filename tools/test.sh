#!/usr/bin/env bash
# The README's test command (and CI's, through .ci/run): installs what is missing, then two stages on the same sources:
#   1. the plain build of everything (GUI, CLI, tests) with GCC at -O2 in build/, and every test;
#   2. ONE instrumented build of everything (GUI, CLI, tests, fuzz targets) with clang, AddressSanitizer +
#      UndefinedBehaviorSanitizer (every finding fatal) and libFuzzer's coverage, in
#      build-sanitize-address-undefined/; every test again, then each fuzz target for KT_FUZZ_SECONDS (default 10).
# The plain stage goes first so that PoCL's kernel cache is warm for the instrumented one: PoCL's LLVM compiling
# every kernel cold inside an instrumented process made that stage alone take about 45 minutes on two cores; warm,
# both stages together took 23.5 minutes on a fresh clone (docs/reliability.md, "What CI runs"). GPU tests skip
# cleanly where there is no GPU. Extra arguments go to ctest in both stages (e.g. -L unit); fuzzing then is skipped.
# Both builds use unity batches of 16 files and lld: the cold builds are most of the time on two cores.
#
#   KT_SANITIZE=none               the plain stage alone (build/)
#   KT_SANITIZE=address,undefined  the instrumented stage alone
#   KT_SANITIZE=thread             TSan instead (build-sanitize-thread/, GCC, Qt-free unless KT_SANITIZE_GUI=1)
#   KT_BUILD_DIR, KT_CMAKE_ARGS    another build folder (a single stage), more cmake arguments
#
# The instrumented build uses -O0 and line tables only: with this instrumentation the compiler's back end takes 70%
# of a file's time, and -O0 halves it (14 s against 29 s at -O1 for core/engine/tuning_session.cpp; GCC -O2 -g:
# 24 s); the tests' heavy loops run in PoCL's kernels and OpenBLAS, which are not instrumented, and the engine's own
# hot loops are compiled at -O1 (KT_SANITIZE_HOT_OPT in CMakeLists.txt). Line tables are enough for the sanitizers'
# stack traces.
set -euo pipefail
cd "$(dirname "$0")/.."
tools/setup.sh
suppressions="$PWD/tools/sanitizers"
# Unity batches (each header parsed once per batch of 16 files instead of once per file) and lld (the ~70 test
# executables: the instrumented build's links took 903 s of job time with GNU ld, 300 s with lld).
fast_build=(-DCMAKE_UNITY_BUILD=ON -DCMAKE_UNITY_BUILD_BATCH_SIZE=16 -DCMAKE_EXE_LINKER_FLAGS=-fuse-ld=lld
            -DCMAKE_SHARED_LINKER_FLAGS=-fuse-ld=lld -DCMAKE_MODULE_LINKER_FLAGS=-fuse-ld=lld)
# Leaks inside the OpenCL ICD loader, PoCL, Qt and the font libraries (caches kept until exit) are not ours:
# suppressed by library. The options reach the `ktune` and `ktune worker` processes the tests start.
# use_sigaltstack=0: LLVM inside PoCL installs its own alternate signal stack on the threads it runs, and ASan then
# fails a CHECK at thread exit unmapping a stack it did not map ("unable to unmap", seen in the workbench).
# intercept_tls_get_addr=0: up to LLVM 16 / GCC 13 the runtime's __tls_get_addr interceptor takes a dynamic TLS block
# whose address happens to end in the size of a pre-2.25 glibc header for that header and reads the two words before
# it; LeakSanitizer's tracer then dies at exit ("Tracer caught signal 11" after a passing test, seen once here; the
# mechanism and the option from Mudlet's issue 9809 / PR 9930). glibc 2.36 has no such header.
export ASAN_OPTIONS="detect_leaks=1:abort_on_error=0:strict_string_checks=1:detect_stack_use_after_return=0:use_sigaltstack=0:intercept_tls_get_addr=0${ASAN_OPTIONS:+:$ASAN_OPTIONS}"
export LSAN_OPTIONS="suppressions=$suppressions/lsan.supp:print_suppressions=0${LSAN_OPTIONS:+:$LSAN_OPTIONS}"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1${UBSAN_OPTIONS:+:$UBSAN_OPTIONS}"
export TSAN_OPTIONS="suppressions=$suppressions/tsan.supp:halt_on_error=1${TSAN_OPTIONS:+:$TSAN_OPTIONS}"
export QT_QPA_PLATFORM=offscreen

# stage MODE [ctest arguments]: configure, build and test one build (MODE none, address,undefined or thread).
stage() {
    local sanitize=$1 && shift
    local build fuzz=0 flags gui
    echo "== tools/test.sh: stage ${sanitize} ($(date +%T))"
    case "$sanitize" in
    none)
        # -g1 (line tables and function names: enough for backtraces and the sanitizers' reports) instead of -g: full
        # debug info was 27-43% of a file's compile time with GCC 12 (rules/rule_file.cpp 14.6 s -> 8.3 s,
        # gui/main_window.cpp 16.8 s -> 12.5 s), and the cold build is most of CI's time on two cores.
        build=${KT_BUILD_DIR:-build}
        flags="-O2 -g1 -DNDEBUG"
        cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
            -DCMAKE_C_FLAGS_RELWITHDEBINFO="$flags" -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="$flags" "${fast_build[@]}" \
            ${KT_CMAKE_ARGS:-}
        ;;
    address,undefined)
        build=${KT_BUILD_DIR:-build-sanitize-address-undefined}
        fuzz=1
        flags="-O0 -gline-tables-only -DNDEBUG"
        CC=clang CXX=clang++ cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
            -DCMAKE_C_FLAGS_RELWITHDEBINFO="$flags" -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="$flags" "${fast_build[@]}" \
            -DKT_SANITIZE=address,undefined -DKT_FUZZ=ON ${KT_CMAKE_ARGS:-}
        ;;
    *)
        build=${KT_BUILD_DIR:-build-sanitize-${sanitize//,/-}}
        gui=OFF
        [[ "${KT_SANITIZE_GUI:-0}" == 1 ]] && gui=ON
        cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DKT_GUI=$gui -DKT_SANITIZE="$sanitize" \
            ${KT_CMAKE_ARGS:-}
        ;;
    esac
    cmake --build "$build" -j "$(nproc)"
    ctest --test-dir "$build" --output-on-failure -j "$(nproc)" --timeout 600 "$@"
    # Bounded fuzzing with the fuzz targets of the same build (only for the whole suite: a ctest subset skips it).
    if [[ $fuzz == 1 && $# -eq 0 && "${KT_FUZZ_SECONDS:-10}" != 0 ]]; then
        KT_FUZZ_SECONDS=${KT_FUZZ_SECONDS:-10} tools/fuzz-run.sh "$build"
    fi
}

if [[ -n "${KT_SANITIZE:-}" ]]; then
    stage "$KT_SANITIZE" "$@"
else
    [[ -z "${KT_BUILD_DIR:-}" ]] || { echo "tools/test.sh: KT_BUILD_DIR names one build: set KT_SANITIZE to its stage" >&2; exit 2; }
    stage none "$@"
    stage address,undefined "$@"
fi
echo "== tools/test.sh: done ($(date +%T))"
