#!/usr/bin/env bash
# Runs on the GPU machine (../shared/gpu/README.md): the speed of a CUDA package's SYMV, batched GEMM and SYRK beside
# the stored tuning figures and cuBLAS. Short tunes of dsymv, dgemm_batched and ssyrk on the CUDA device (the stored
# figures), one package of the three, built with CMake, then tools/export-perf (perf_cuda.cpp) times each routine's
# device-pointer entry and cuBLAS's in the same process, on the same stream (a process that compiles, then one that
# loads from the disk cache). The stored measurements come back as JSON (ktune measurements) beside the package's.
# Carry: $C/{ktune,export-perf/,consumer/} and .carry/gpu-libs.tar.xz. Results in $OUT.
set -uo pipefail
cd "$(dirname "$0")/.." 2>/dev/null || true
C=${KT_EXPORT_CARRY:-.carry-export3}
final=${OUT:-/tmp/kt-out}
out=/tmp/r/run
mkdir -p "$out" "$final" /tmp/kt-libs
tar xJf .carry/gpu-libs.tar.xz -C /tmp/kt-libs && export LD_LIBRARY_PATH=/tmp/kt-libs
K="$C/ktune"
db=/tmp/r/ktune.sqlite
s="$out/summary.txt"
source tools/gpu-points.sh # gpuDevice
"$K" devices --json > /tmp/r/devices.json
dev=$(gpuDevice cuda /tmp/r/devices.json)
echo "device $dev" | tee "$s"
symv=${KT_SYMV_SIZES:-2048,8192}
batch=${KT_BATCH_SIZE:-16x16x16x65536}
syrk=${KT_SYRK_SIZES:-2048x2048,4096x4096}
tune() { # family sizes seconds [more options]
    local f=$1 sizes=$2 t=$3
    shift 3
    local start=$SECONDS
    timeout $((t + 30)) "$K" tune --db "$db" --device "$dev" --family "$f" --sizes "$sizes" --budget-time "${t}s" \
        --no-isolation --json "$@" > "$out/tune-$f.txt" 2>&1
    echo "tune $f rc $? in $((SECONDS - start)) s: $(grep -c '"status":"ok"' "$out/tune-$f.txt") ok lines" >> "$s"
    "$K" measurements --db "$db" --device "$dev" --family "$f" --format json --out "$out/measurements-$f.json" \
        >> "$s" 2>&1
}
tune dsymv "$symv" "${KT_TUNE_SECONDS:-25}"
tune dgemm_batched "$batch" "${KT_TUNE_SECONDS:-25}"
tune ssyrk "$syrk" "${KT_TUNE_SECONDS:-25}" --space tools/spaces/sblas3-dispatch.json
"$K" export --db "$db" --device "$dev" --family dsymv,dgemm_batched,ssyrk --out /tmp/r/pkg >> "$s" 2>&1
{ cmake -S /tmp/r/pkg -B /tmp/r/pkg-build -G Ninja -DCMAKE_BUILD_TYPE=Release && ninja -C /tmp/r/pkg-build &&
  cmake --install /tmp/r/pkg-build --prefix /tmp/r/prefix && cmake -S "$C/export-perf" -B /tmp/r/perf -G Ninja \
  -DCMAKE_BUILD_TYPE=Release -DCMAKE_PREFIX_PATH=/tmp/r/prefix -DKTP_CONSUMER_DIR="$PWD/$C/consumer" &&
  ninja -C /tmp/r/perf; } > /tmp/r/build.log 2>&1 || tail -30 /tmp/r/build.log >> "$s"
bm=${batch%%x*}
bb=${batch##*x}
for pass in cold warm; do
    export KTP_CACHE_DIR=/tmp/r/cache
    /tmp/r/perf/ktp_perf dsymv "$symv" 30 > "$out/perf-dsymv-$pass.jsonl" 2>&1
    /tmp/r/perf/ktp_perf dgemm_batch "${bm}x${bb}" 30 > "$out/perf-dgemm_batch-$pass.jsonl" 2>&1
    /tmp/r/perf/ktp_perf ssyrk "$syrk" 30 > "$out/perf-ssyrk-$pass.jsonl" 2>&1
done
cat "$out"/perf-*.jsonl | cut -c1-420 >> "$s"
cp /tmp/r/pkg/manifest.json "$out/manifest.json"
echo "total $SECONDS s" >> "$s"
tar czf "$final/run.tar.gz" -C /tmp/r run && cp "$s" "$final/"
