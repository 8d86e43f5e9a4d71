#!/usr/bin/env bash
# Issue 12 on one H100/H200 (carry .carry from tools/pack-gpu.sh): a tune of its own for each single-precision size
# that stayed below 85% of the bound on the H200 (2026-11-25 runs X, Y: n = 9, 13, 17, 25, 26, 27, 28), random
# strategy with the family's known-good kernels first (--warm-start: the paper's designs and the H100/H200 leaders),
# then the tuned best per size beside cuBLAS sgemmStridedBatched, about 3 GB of operands per call, and the fraction
# of the bound n*B/8 (B: this device's copy bandwidth from `ktune profile`).
# KT_SIZES (comma list), KT_BUDGET (seconds per size, default 35). Writes $OUT/log.txt, $OUT/fractions.txt,
# $OUT/results.tar.gz.
set -uo pipefail
cd "$(dirname "$0")/.."
source tools/gpu-script.sh # $out, $ktune, gpuDevice
res=/tmp/kt-batched-single && rm -rf "$res" && mkdir -p "$res"
export KT_DB=$res/store.sqlite
"$ktune" devices --json > "$res/devices.json"
cuda=$(gpuDevice cuda "$res/devices.json")
timeout 60 "$ktune" profile "$cuda" --json > "$res/profile.json" 2>&1
echo "profile rc $?" > "$out/log.txt"
budget=${KT_BUDGET:-35}
list=""
for n in $(echo "${KT_SIZES:-9,13,17,25,26,27,28}" | tr ',' ' '); do
    size="${n}x${n}x${n}x$((3000000000 / (3 * n * n * 4)))"
    timeout $((budget + 30)) "$ktune" tune --device "$cuda" --family sgemm_batched --sizes "$size" --strategy random \
        --warm-start --budget-time "${budget}s" > "$res/tune-$n.txt" 2>&1
    echo "tune $size rc $? $(grep -c . "$res/tune-$n.txt") lines" >> "$out/log.txt"
    list="$list,$size"
done
timeout 150 "$ktune" bench --device "$cuda" --family sgemm_batched --best --sizes "${list#,}" --peer cublas --runs 5 \
    --json --out "$res/bench.json" > "$res/bench.txt" 2>&1
echo "bench rc $?" >> "$out/log.txt"
python3 - "$res/profile.json" "$res/bench.json" > "$out/fractions.txt" 2>&1 <<'PY'
import json, sys
profile = json.load(open(sys.argv[1]))
bw = profile["device"]["profile"]["copy_bandwidth_gbs"]
bench = json.load(open(sys.argv[2]))
print(f"{profile['device']['name']}: copy bandwidth {bw:.0f} GB/s; bound n*B/8 GF/s (single)")
print("n   ours GF/s  of bound  cuBLAS GF/s  of bound  ours/cuBLAS  candidate")
for r in bench["rows"]:
    n = r["size"][0]
    bound = n * bw / 8
    ours, peer = r.get("ours_gflops") or 0, r.get("peer_gflops") or 0
    print(f"{n:<3} {ours:10.0f} {ours / bound:8.1%} {peer:11.0f} {peer / bound:8.1%} {ours / peer if peer else 0:11.2f}  "
          f"{r.get('candidate', '')}")
PY
tar czf "$out/results.tar.gz" -C "$res" .
