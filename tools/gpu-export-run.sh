#!/usr/bin/env bash
# Runs on the GPU machine (../shared/gpu/README.md): tunes sgemm on NVIDIA's OpenCL device with a small time
# budget, exports the package, builds it and tools/export-perf with CMake, times the first call of a process that
# compiles (empty disk cache) and of one that loads from the disk cache, then the package's routine at the tuned sizes
# beside KernelTune's own routine at the same points (ktune bench --best) and the stored kernel measurements.
# Carry: .carry-export/{ktune,export-perf/} and .carry/gpu-libs.tar.xz. Results in $OUT.
set -uo pipefail
cd "$(dirname "$0")/.." 2>/dev/null || true
C=${KT_EXPORT_CARRY:-.carry-export}
out=${OUT:-/tmp/kt-out}
mkdir -p "$out" /tmp/e /tmp/kt-libs
tar xJf .carry/gpu-libs.tar.xz -C /tmp/kt-libs && export LD_LIBRARY_PATH=/tmp/kt-libs
mkdir -p /tmp/icd && echo /usr/lib/libnvidia-opencl.so.1 > /tmp/icd/nvidia.icd && export OCL_ICD_VENDORS=/tmp/icd
K="$C/ktune"
db=/tmp/e/ktune.sqlite
sizes=${KT_EXPORT_SIZES:-1024,4096}
"$K" devices > "$out/devices.txt" 2>&1
dev=$("$K" devices --json | python3 -c 'import json,sys
print([d["id"] for d in json.load(sys.stdin)["devices"] if d["type"] == "gpu" and d["id"].startswith("opencl")][0])')
echo "device $dev" | tee "$out/summary.txt"
"$K" tune --db "$db" --device "$dev" --family sgemm --sizes "$sizes" --budget-time "${KT_EXPORT_TUNE:-100s}" \
    > "$out/tune.txt" 2>&1
tail -3 "$out/tune.txt" >> "$out/summary.txt"
"$K" best --db "$db" --device "$dev" --family sgemm > "$out/best.txt" 2>&1
"$K" export --db "$db" --device "$dev" --family sgemm --out /tmp/e/pkg > "$out/export.txt" 2>&1
cat "$out/export.txt" >> "$out/summary.txt"
{ time (cmake -S /tmp/e/pkg -B /tmp/e/pkg-build -G Ninja -DCMAKE_BUILD_TYPE=Release > /tmp/e/cfg.log 2>&1 &&
  ninja -C /tmp/e/pkg-build > /tmp/e/build.log 2>&1 && cmake --install /tmp/e/pkg-build --prefix /tmp/e/prefix \
  > /tmp/e/install.log 2>&1 && cmake -S "$C/export-perf" -B /tmp/e/perf -G Ninja -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_PREFIX_PATH=/tmp/e/prefix > /tmp/e/perf-cfg.log 2>&1 && ninja -C /tmp/e/perf > /tmp/e/perf.log 2>&1) ; } \
  2>> "$out/summary.txt" || { tail -30 /tmp/e/*.log >> "$out/summary.txt"; }
export KTP_CACHE_DIR=/tmp/e/cache
/tmp/e/perf/ktp_perf s "$sizes" 30 > "$out/perf-cold.jsonl" 2>&1
/tmp/e/perf/ktp_perf s "$sizes" 30 > "$out/perf-warm.jsonl" 2>&1
cat "$out/perf-cold.jsonl" "$out/perf-warm.jsonl" | cut -c1-200 >> "$out/summary.txt"
"$K" bench --db "$db" --device "$dev" --family sgemm --best --sizes "$sizes" --ops nn --peer clblast --runs 30 --warmup 3 \
    --out "$out/bench.json" > "$out/bench.txt" 2>&1
tail -15 "$out/bench.txt" >> "$out/summary.txt"
cp /tmp/e/pkg/manifest.json "$out/manifest.json"
