#!/usr/bin/env bash
# One device command for the FP64 tensor-core GEMM path (GEMM_MMA): its GPU tests against OpenBLAS, then
# `ktune bench` of each candidate in CANDIDATES (lines "name point-key") beside cuBLAS pedantic and default math
# (--tensor-cores) in the same process; a table (tn kernel, routine, cuBLAS, ratios) in $OUT/table.txt, the JSON in $OUT/json.tar.gz.
#   usage: tools/gpu-tensor.sh BUILD_DIR CANDIDATES [SIZES] [OPS]      (BUILD_DIR holds ktune and gemm_cuda_test)
#   KT_TENSOR_RUNS=10 (timed runs), KT_TENSOR_TESTS=1 (0 skips the tests), KT_TENSOR_NCU="name size" (a profile)
set -uo pipefail
build=$1 cands=$2 sizes=${3:-4096} ops=${4:-nn}
out=${OUT:-/tmp/kt-out}
json=/tmp/kt-tensor-json
mkdir -p "$out" "$json"
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root" && source tools/gpu-env.sh
export KT_DB=/tmp/kt-tensor.sqlite
nvidia-smi --query-gpu=name,clocks.sm,clocks.max.sm,power.draw,power.limit,temperature.gpu --format=csv \
    > "$out/nvidia-smi.txt" 2>&1
id=$("$build/ktune" devices --json | python3 -c '
import json, sys
print(next(d["id"] for d in json.load(sys.stdin)["devices"] if d.get("backend", "").lower() == "cuda"))')
echo "device $id" | tee "$out/table.txt"
if [ "${KT_TENSOR_TESTS:-1}" = 1 ]; then
    timeout 300 "$build/gemm_cuda_test" --gtest_filter='*TensorCore*:*EveryParameterValue*' > "$out/tests.log" 2>&1
    echo "tests: exit $? ($(grep -c '^\[       OK \]' "$out/tests.log") ok, $(grep -c '^\[  FAILED  \]' "$out/tests.log") failed lines)" |
        tee -a "$out/table.txt"
    grep -E 'Failure|FAILED|rel|expected' "$out/tests.log" | head -20 >> "$out/table.txt"
fi
while read -r name key; do
    [ -z "$name" ] && continue
    timeout 240 "$build/ktune" bench --device "$id" --family dgemm --point "$key" --sizes "$sizes" --ops "$ops" \
        --tensor-cores --runs "${KT_TENSOR_RUNS:-10}" --out "$json/$name.json" > "$json/$name.txt" 2>&1 ||
        echo "$name: exit $?" | tee -a "$out/table.txt"
done < "$cands"
python3 - "$json" "$cands" <<'PY' | tee -a "$out/table.txt"
import json, os, sys
print(f"{'cand':5} {'size':16} {'op':3} {'tn GF/s':>9} {'routine':>9} {'cuBLAS':>9} {'cuBLAS TC':>9} {'tn/TC':>6} {'rt/TC':>6} {'rt/ped':>6}")
for line in open(sys.argv[2]):
    if not line.strip(): continue
    name = line.split()[0]
    path = os.path.join(sys.argv[1], name + ".json")
    if not os.path.exists(path): print(name, "no result"); continue
    for r in json.load(open(path))["rows"]:
        g = lambda k: r.get(k) or 0.0
        tn, ours, ped, tc = g("tn_kernel_gflops"), g("ours_gflops"), g("peer_gflops"), g("peer_tc_gflops")
        q = lambda a, b: f"{a / b:6.3f}" if a and b else "     -"
        print(f"{name:5} {'x'.join(map(str, r['size'])):16} {r.get('op', ''):3} {tn:9.0f} {ours:9.0f} {ped:9.0f} {tc:9.0f} "
              f"{q(tn, tc)} {q(ours, tc)} {q(ours, ped)}" + ("" if r.get("ours_error") is None else " " + r["ours_error"][:60]))
PY
tar czf "$out/json.tar.gz" -C "$json" . # the device tool returns at most 8 files
if [ -n "${KT_TENSOR_NCU:-}" ] && command -v ncu > /dev/null; then
    read -r name size <<< "$KT_TENSOR_NCU"
    key=$(awk -v n="$name" '$1 == n { print $2 }' "$cands")
    # --print-details all: the stall reasons per issued instruction (the WarpStateStats chart), not only the totals.
    timeout 240 ncu --clock-control none --kernel-name gemm_tn --launch-count 1 --print-details all \
        --section SpeedOfLight --section ComputeWorkloadAnalysis \
        --section MemoryWorkloadAnalysis --section Occupancy --section WarpStateStats --section SchedulerStats \
        "$build/ktune" bench --device "$id" --family dgemm --point "$key" --sizes "$size" --ops tn --runs 1 --warmup 1 \
        --peer none > "$out/ncu-$name.txt" 2>&1
    echo "ncu $name $size: exit $? ($(wc -l < "$out/ncu-$name.txt") lines)" | tee -a "$out/table.txt"
fi
