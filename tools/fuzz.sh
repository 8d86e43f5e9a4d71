#!/usr/bin/env bash
# Bounded fuzzing (docs/reliability.md, "Fuzzing"): builds the libFuzzer targets of fuzz/ with clang, ASan and UBSan
# in build-fuzz/ (Qt-free, no tests) and runs each for KT_FUZZ_SECONDS (default 20) from its seed corpus. New inputs
# that widen coverage go to build-fuzz/corpus/<target>; a crash is written to build-fuzz/crashes/<target>/ and fails
# the script — copy it into fuzz/regressions/<target>/ so that the FuzzReplay test keeps it (then fix the code).
# Extra arguments name targets to run (default: all).
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${KT_FUZZ_SECONDS:-20}
build=${KT_BUILD_DIR:-build-fuzz}
CC=${CC:-clang} CXX=${CXX:-clang++} cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DKT_GUI=OFF \
    -DBUILD_TESTING=OFF -DKT_FUZZ=ON -DKT_SANITIZE=address,undefined ${KT_CMAKE_ARGS:-}
targets=("$@")
if [[ ${#targets[@]} -eq 0 ]]; then
    targets=(space_json expression size_list rules_json curves_csv samples_csv t4_json)
fi
cmake --build "$build" -j "$(nproc)" --target "${targets[@]/#/fuzz_}"
export ASAN_OPTIONS="detect_leaks=1:abort_on_error=1${ASAN_OPTIONS:+:$ASAN_OPTIONS}"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1${UBSAN_OPTIONS:+:$UBSAN_OPTIONS}"
failed=0
for t in "${targets[@]}"; do
    mkdir -p "$build/corpus/$t" "$build/crashes/$t"
    echo "== fuzz_$t for ${seconds} s"
    # -timeout: an input that takes over 10 s is a hang; -rss_limit_mb: one that needs over 2 GiB is a finding too.
    if ! "$build/fuzz/fuzz_$t" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
        -artifact_prefix="$build/crashes/$t/" "$build/corpus/$t" "fuzz/corpus/$t" 2>"$build/fuzz_$t.log"; then
        echo "fuzz_$t FOUND A CRASH: $(ls "$build/crashes/$t" | head -1) (log: $build/fuzz_$t.log)"
        tail -30 "$build/fuzz_$t.log"
        failed=1
    else
        grep -E "DONE" "$build/fuzz_$t.log" | tail -1 || true
    fi
done
exit $failed
