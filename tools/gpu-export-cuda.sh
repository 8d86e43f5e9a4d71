#!/usr/bin/env bash
# Runs on the GPU machine (../shared/gpu/README.md): the CUDA backend of an exported package. Tunes sgemm on the
# CUDA device over two known-good points, exports the package, builds it with CMake (no CUDA toolkit involved: the
# package loads the driver and NVRTC at run time), builds the consumer fixture against it and OpenBLAS and runs it
# (every exported routine, host and device-pointer entries, against OpenBLAS), times the device-pointer entry
# against cuBLAS in the same process (tools/export-perf/perf_cuda.cpp) in a process that compiles and in one that
# loads from the disk cache, then KernelTune's own routine at the same points (ktune bench --best, cuBLAS as peer),
# and last the drop-in build preloaded into blas_app, an unmodified CBLAS/Fortran program linked to OpenBLAS (the
# same numbers with and without the package; the call log says which calls ran on the GPU).
# KT_EXPORT_FAMILY=dgemm KT_EXPORT_SPACE=$C/export-perf/dgemm-d6-space.json: the same for dgemm.
# Carry: .carry-export/{ktune,export-perf/,consumer/} and .carry/gpu-libs.tar.xz. Results in $OUT.
set -uo pipefail
cd "$(dirname "$0")/.." 2>/dev/null || true
C=${KT_EXPORT_CARRY:-.carry-export}
final=${OUT:-/tmp/kt-out}
out=/tmp/e/run
mkdir -p "$out" "$final" /tmp/kt-libs
tar xJf .carry/gpu-libs.tar.xz -C /tmp/kt-libs && export LD_LIBRARY_PATH=/tmp/kt-libs
K="$C/ktune"
db=/tmp/e/ktune.sqlite
sizes=${KT_EXPORT_SIZES:-1024,4096}
family=${KT_EXPORT_FAMILY:-sgemm}
prec=${family:0:1}
"$K" devices > "$out/devices.txt" 2>&1
dev=$("$K" devices --json | python3 -c 'import json,sys
print([d["id"] for d in json.load(sys.stdin)["devices"] if d["id"].startswith("cuda")][0])')
echo "device $dev" | tee "$out/summary.txt"
start=$SECONDS
# The tune is the T2 kernel with and without split-K 4 (tools/export-perf/sgemm-t2-space.json), measured at each
# size: seconds, where a short random tune spent its budget before the first measurement (sampling the space).
timeout "${KT_EXPORT_TUNE_LIMIT:-60}" "$K" tune --db "$db" --device "$dev" --family "$family" --sizes "$sizes" \
    --space "${KT_EXPORT_SPACE:-$C/export-perf/sgemm-t2-space.json}" --strategy exhaustive --no-isolation --json \
    > "$out/tune.txt" 2>&1
echo "tune $((SECONDS - start)) s" >> "$out/summary.txt"
tail -3 "$out/tune.txt" >> "$out/summary.txt"
"$K" best --db "$db" --device "$dev" --family "$family" > "$out/best.txt" 2>&1
"$K" export --db "$db" --device "$dev" --family "$family" --out /tmp/e/pkg > "$out/export.txt" 2>&1
cat "$out/export.txt" >> "$out/summary.txt"
{ time (cmake -S /tmp/e/pkg -B /tmp/e/pkg-build -G Ninja -DCMAKE_BUILD_TYPE=Release > /tmp/e/cfg.log 2>&1 &&
  ninja -C /tmp/e/pkg-build > /tmp/e/build.log 2>&1 && cmake --install /tmp/e/pkg-build --prefix /tmp/e/prefix \
  > /tmp/e/install.log 2>&1 && cmake -S "$C/export-perf" -B /tmp/e/perf -G Ninja -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_PREFIX_PATH=/tmp/e/prefix -DKTP_CONSUMER_DIR="$PWD/$C/consumer" > /tmp/e/perf-cfg.log 2>&1 &&
  ninja -C /tmp/e/perf > /tmp/e/perf.log 2>&1 && cmake -S "$C/consumer" -B /tmp/e/consumer -G Ninja \
  -DCMAKE_BUILD_TYPE=Release -DCMAKE_PREFIX_PATH=/tmp/e/prefix -DKTP_BLAS_LIBRARIES=/tmp/kt-libs/libopenblas.so.0 \
  > /tmp/e/consumer-cfg.log 2>&1 && ninja -C /tmp/e/consumer consumer > /tmp/e/consumer.log 2>&1) ; } \
  2>> "$out/summary.txt" || { tail -30 /tmp/e/*.log >> "$out/summary.txt"; }
readelf -d /tmp/e/pkg-build/libktp.so | grep NEEDED >> "$out/summary.txt"
export KTP_CACHE_DIR=/tmp/e/cache
/tmp/e/perf/ktp_perf "$prec" "$sizes" 30 > "$out/perf-cold.jsonl" 2>&1
/tmp/e/perf/ktp_perf "$prec" "$sizes" 30 > "$out/perf-warm.jsonl" 2>&1
cat "$out/perf-cold.jsonl" "$out/perf-warm.jsonl" | cut -c1-400 >> "$out/summary.txt"
(cd /tmp/e && KTP_CACHE_DIR=/tmp/e/cache-consumer /tmp/e/consumer/consumer) > "$out/consumer.txt" 2>&1
echo "consumer rc $?" >> "$out/summary.txt"
tail -4 "$out/consumer.txt" >> "$out/summary.txt"
timeout 40 "$K" bench --db "$db" --device "$dev" --family "$family" --best --sizes "$sizes" --ops nn --peer cublas --runs 30 \
    --warmup 3 --out "$out/bench.json" > "$out/bench.txt" 2>&1
tail -15 "$out/bench.txt" >> "$out/summary.txt"
# The drop-in: plain, then under LD_PRELOAD (every routine the package does not hold stays with OpenBLAS).
cmake -S /tmp/e/pkg -B /tmp/e/dropin -G Ninja -DCMAKE_BUILD_TYPE=Release -DKTP_DROP_IN=ON > /tmp/e/dropin.log 2>&1 &&
  ninja -C /tmp/e/dropin >> /tmp/e/dropin.log 2>&1 && ninja -C /tmp/e/consumer blas_app >> /tmp/e/dropin.log 2>&1 ||
  tail -20 /tmp/e/dropin.log >> "$out/summary.txt"
(cd /tmp/e && /tmp/e/consumer/blas_app) > "$out/blas-plain.txt" 2>&1
(cd /tmp/e && KTP_CACHE_DIR=/tmp/e/cache KTP_LOG="$out/dropin-calls.log" LD_PRELOAD=/tmp/e/dropin/libktp.so \
  /tmp/e/consumer/blas_app) > "$out/blas-preloaded.txt" 2>&1
echo "drop-in rc $?" >> "$out/summary.txt"
python3 "$C/export-perf/compare-lines.py" "$out/blas-plain.txt" "$out/blas-preloaded.txt" >> "$out/summary.txt" 2>&1
sort "$out/dropin-calls.log" | cut -d' ' -f1-2 | uniq -c >> "$out/summary.txt"
cp /tmp/e/pkg/manifest.json "$out/manifest.json"
echo "total $SECONDS s" >> "$out/summary.txt"
# Only a few files come back from the device machine: everything in one archive, the summary beside it.
tar czf "$final/run.tar.gz" -C /tmp/e run && cp "$out/summary.txt" "$final/"
