# shellcheck shell=bash disable=SC2034,SC2154 # variables set for, and by, the script that sources this
# Sourced by tools/gpu-export-cuda-ptr.sh and gpu-export-dgemm-ops.sh (from the repository root) with $work set: the
# carried ktune ($K, from KT_EXPORT_CARRY) and libraries (KT_LIBS_TAR; empty: the system's OpenBLAS, for a dry run on
# PoCL), a fresh $work with the store $db and the results folder $out, the device $dev (KT_DEVICE, else the first
# CUDA one) on the first line of $out/summary.txt; `build_package_and_consumer` builds $work/pkg and the consumer
# fixture against it and OpenBLAS (KT_JOBS jobs), `consumer_errors` copies a consumer log's failed checks into the
# summary, `pack_results` puts $out into $OUT.
C=${KT_EXPORT_CARRY:-.carry-export}
final=${OUT:-/tmp/kt-out}
out=$work/run
rm -rf "$work" && mkdir -p "$out" "$final" /tmp/kt-libs
libs=${KT_LIBS_TAR-.carry/gpu-libs.tar.xz}
blas=/usr/lib/x86_64-linux-gnu/libopenblas.so.0
if [ -n "$libs" ]; then
    tar xJf "$libs" -C /tmp/kt-libs && export LD_LIBRARY_PATH=/tmp/kt-libs && blas=/tmp/kt-libs/libopenblas.so.0
fi
K="$C/ktune"
db=$work/ktune.sqlite
"$K" devices > "$out/devices.txt" 2>&1
dev=${KT_DEVICE:-$("$K" devices --json | python3 -c 'import json,sys
print([d["id"] for d in json.load(sys.stdin)["devices"] if d["id"].startswith("cuda")][0])')}
echo "device $dev" | tee "$out/summary.txt"

build_package_and_consumer() {
    (cmake -S "$work/pkg" -B "$work/pkg-build" -DCMAKE_BUILD_TYPE=Release > "$work/cfg.log" 2>&1 &&
      cmake --build "$work/pkg-build" -j"${KT_JOBS:-8}" > "$work/build.log" 2>&1 &&
      cmake --install "$work/pkg-build" --prefix "$work/prefix" > "$work/install.log" 2>&1 &&
      cmake -S "$C/consumer" -B "$work/consumer" -DCMAKE_BUILD_TYPE=Release -DCMAKE_PREFIX_PATH="$work/prefix" \
        -DKTP_BLAS_LIBRARIES="$blas" > "$work/consumer-cfg.log" 2>&1 &&
      cmake --build "$work/consumer" -j"${KT_JOBS:-8}" --target consumer > "$work/consumer.log" 2>&1) ||
      { echo "build failed" >> "$out/summary.txt"; tail -30 "$work"/*.log >> "$out/summary.txt"; }
}

consumer_errors() { # the consumer's output
    grep -E "^(STATUS|INVALID|MISMATCH|DIFF)" "$1" | head -20 >> "$out/summary.txt"
}

pack_results() {
    cp "$work/pkg/manifest.json" "$out/manifest.json" 2>/dev/null
    tar czf "$final/run.tar.gz" -C "$work" run && cp "$out/summary.txt" "$final/"
}
