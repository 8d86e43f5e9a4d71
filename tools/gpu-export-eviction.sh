#!/usr/bin/env bash
# Runs on the GPU machine: the export package's bound on per-size programs (KTP_MAX_PROGRAMS) through CUDA. A short
# tune of dgemm_batched at 16³, one package, then tools/export-perf's ktp_perf calls the batched routine at 16, 8, 12
# and again 16 (65 536 problems each) beside cuBLAS: once with KTP_MAX_PROGRAMS=1 (every new size evicts the last
# one: cuCtxSynchronize, cuModuleUnload; the second 16 comes from the disk cache) and once with the default.
# Carry: $C/{ktune,export-perf/,consumer/} and .carry/gpu-libs.tar.xz. Results in $OUT/summary.txt.
set -uo pipefail
cd "$(dirname "$0")/.." 2>/dev/null || true
C=${KT_EXPORT_CARRY:-.carry-h200}
out=${OUT:-/tmp/kt-out}
mkdir -p "$out" /tmp/e
source tools/gpu-env.sh
K="$C/ktune"
db=/tmp/e/ktune.sqlite
s="$out/summary.txt"
source tools/gpu-points.sh # gpuDevice
"$K" devices --json > /tmp/e/devices.json
dev=$(gpuDevice cuda /tmp/e/devices.json)
echo "device $dev" | tee "$s"
timeout 60 "$K" tune --db "$db" --device "$dev" --family dgemm_batched --sizes 16x16x16x65536 --budget-time 15s \
    --no-isolation > /tmp/e/tune.txt 2>&1
echo "tune rc $?" >> "$s"
"$K" export --db "$db" --device "$dev" --family dgemm_batched --out /tmp/e/pkg >> "$s" 2>&1
{ cmake -S /tmp/e/pkg -B /tmp/e/pkg-build -G Ninja -DCMAKE_BUILD_TYPE=Release && ninja -C /tmp/e/pkg-build &&
  cmake --install /tmp/e/pkg-build --prefix /tmp/e/prefix && cmake -S "$C/export-perf" -B /tmp/e/perf -G Ninja \
  -DCMAKE_BUILD_TYPE=Release -DCMAKE_PREFIX_PATH=/tmp/e/prefix -DKTP_CONSUMER_DIR="$PWD/$C/consumer" &&
  ninja -C /tmp/e/perf; } > /tmp/e/build.log 2>&1 || tail -30 /tmp/e/build.log >> "$s"
export KTP_CACHE_DIR=/tmp/e/cache
for cap in 1 default; do
    echo "== KTP_MAX_PROGRAMS=$cap" >> "$s"
    if [ $cap = default ]; then unset KTP_MAX_PROGRAMS; else export KTP_MAX_PROGRAMS=$cap; fi
    timeout 120 /tmp/e/perf/ktp_perf dgemm_batch 16x65536,8x65536,12x65536,16x65536 20 2>&1 | cut -c1-400 >> "$s"
    echo "ktp_perf rc $?" >> "$s"
done
cat "$s"
