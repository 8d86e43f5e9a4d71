#!/usr/bin/env bash
# Issue 11 on one H100/H200 (carry .carry/gpu-libs.tar.xz and .carry/build-gpu/app from tools/pack-gpu.sh), about
# 8 minutes: does a routine tune warm-started from the stored GEMM winners (`ktune tune --warm-start`, whose first
# seeds are the device's best stored DGEMM points, Family::seedFamilies) give a faster routine than reusing the GEMM
# winner? 1. our DGEMM on D6 beside cuBLAS (the ratio's base); 2. the DGEMM store: D6 measured at 4096 and 8192 (a
# one-point space), then a random DGEMM tune over tools/spaces/dblas3-tc.json (KT_GEMM_BUDGET seconds, default 45),
# so the stored winners are the better of D6 and what the tune found; 3. per routine (KT_WARM_ROUTINES, default
# dtrmm): a warm-started random tune over the same space (KT_WARM_BUDGET seconds, default 60; the log's "warm start:"
# lines name the seeds taken), then its best beside cuBLAS, D6 and the stored DGEMM winner at 4096 in other processes.
# Writes $OUT/log.txt and $OUT/results.tar.gz (every bench JSON and the store).
set -uo pipefail
cd "$(dirname "$0")/.."
source tools/gpu-script.sh # $out, $ktune, $d6, gpuDevice
res=/tmp/kt-blas3-warm
source tools/gpu-steps.sh # $KT_DB in $res, log, step, $cuda
variants() { case $1 in dsymm) echo ll,ru ;; dsyrk|dsyr2k) echo ln,ut ;; dtrmm) echo lunn,rltu ;; esac; }
space=tools/spaces/dblas3-tc.json
step 60 bench --device "$cuda" --family dgemm --point "$d6" --sizes 4096,8192 --ops nn --peer cublas --tensor-cores \
    --runs 7 --out "$res/dgemm-d6.json"
# D6 as a space of one point (its key's parameters, one value each), so the store holds it at both sizes.
python3 -c "import json,sys; print(json.dumps({'name': 'd6', 'parameters': [{'name': k, 'values': [int(v)]} for k, v in
    (p.split('=') for p in sys.argv[1].split(','))]}))" "$d6" > "$res/d6-space.json"
step 60 tune --device "$cuda" --family dgemm --space "$res/d6-space.json" --strategy exhaustive --sizes 4096,8192
step $((${KT_GEMM_BUDGET:-45} + 40)) tune --device "$cuda" --family dgemm --space "$space" --strategy random \
    --sizes 4096,8192 --budget-time "${KT_GEMM_BUDGET:-45}s" --seed 5
step 20 best --device "$cuda" --family dgemm
"$ktune" best --device "$cuda" --family dgemm --size 4096 --top 1 --json > "$res/dgemm-best-4096.json" \
    2>> "$out/log.txt"
gemmBest=$(python3 -c "import json,sys; print(json.load(open(sys.argv[1]))[0]['point'])" "$res/dgemm-best-4096.json" \
    2>/dev/null)
log "stored DGEMM winner at 4096: ${gemmBest:-none}"
for r in ${KT_WARM_ROUTINES:-dtrmm}; do
    step $((${KT_WARM_BUDGET:-60} + 40)) tune --device "$cuda" --family "$r" --space "$space" --strategy random \
        --sizes 4096,8192 --budget-time "${KT_WARM_BUDGET:-60}s" --seed 11 --warm-start
    step 60 bench --device "$cuda" --family "$r" --best --top 1 --sizes 4096,8192 --variants "$(variants "$r")" \
        --peer cublas --tensor-cores --runs 7 --out "$res/$r-warm.json"
    step 45 bench --device "$cuda" --family "$r" --point "$d6" --sizes 4096,8192 --variants "$(variants "$r")" \
        --peer none --runs 7 --out "$res/$r-d6.json"
    if [ -n "$gemmBest" ] && [ "$gemmBest" != "$d6" ]; then
        step 45 bench --device "$cuda" --family "$r" --point "$gemmBest" --sizes 4096,8192 \
            --variants "$(variants "$r")" --peer none --runs 7 --out "$res/$r-gemm-best.json"
    fi
done
log done
