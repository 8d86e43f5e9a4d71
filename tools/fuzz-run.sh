#!/usr/bin/env bash
# Runs the libFuzzer targets of an already built folder (tools/fuzz.sh's build-fuzz/, or tools/test.sh's build-sanitize-address-undefined/,
# both configured with clang and -DKT_FUZZ=ON) for KT_FUZZ_SECONDS each (default 20), from the seed corpus.
# New inputs that widen coverage go to BUILD/corpus/<target>; a crash is written to BUILD/crashes/<target>/ and fails
# the script: copy it into fuzz/regressions/<target>/ so that the FuzzReplay test keeps it (then fix the code).
# usage: tools/fuzz-run.sh BUILD [TARGET...]   (default: every target)
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:?usage: tools/fuzz-run.sh BUILD [TARGET...]}
shift
seconds=${KT_FUZZ_SECONDS:-20}
targets=("$@")
if [[ ${#targets[@]} -eq 0 ]]; then
    targets=(space_json expression size_list rules_json curves_csv samples_csv t4_json package_manifest)
fi
cmake --build "$build" -j "$(nproc)" --target "${targets[@]/#/fuzz_}"
export ASAN_OPTIONS="detect_leaks=1:abort_on_error=1"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"
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
