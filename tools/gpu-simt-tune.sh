#!/usr/bin/env bash
# Exhaustive tune of the SIMT DGEMM space (tools/spaces/dgemm-simt.json, every GEMM_PREFETCH/GEMM_FRAGS schedule) at
# 4096 on CUDA, then the tune's three best beside cuBLAS at 4096/8192 NN/TN, and the best through NVIDIA's OpenCL
# beside CLBlast (issue 15, "SIMT DGEMM >= 81% of the FP64 FMA peak"). Carry .carry (tools/pack-gpu.sh).
# KT_FAMILY=sgemm: the same over tools/spaces/sgemm-simt.json (SGEMM parity with cuBLAS FP32); KT_OPENCL=0 skips the
# OpenCL step; KT_TUNE_BUDGET / KT_TUNE_LIMIT bound the tune.
set -uo pipefail
cd "$(dirname "$0")/.."
source tools/gpu-script.sh # $out, $ktune, gpuDevice
family=${KT_FAMILY:-dgemm}
res=/tmp/kt-simt-tune-$family && rm -rf "$res" && mkdir -p "$res"
export KT_DB=$res/simt.sqlite
start=$SECONDS
log() { echo "== $* (+$((SECONDS - start)) s)" | tee -a "$out/log.txt"; }
"$ktune" devices --json > "$res/devices.json"
cuda=$(gpuDevice cuda "$res/devices.json"); ocl=$(gpuDevice opencl "$res/devices.json")
timeout "${KT_TUNE_LIMIT:-200}" "$ktune" tune --device "$cuda" --family "$family" --space "tools/spaces/$family-simt.json" \
    --strategy exhaustive --sizes 4096 --runs 3 --budget-time "${KT_TUNE_BUDGET:-170s}" > "$res/tune.txt" 2>&1
log "tune rc $?"
"$ktune" measurements --device "$cuda" --family "$family" --format csv > "$res/meas.csv" 2>&1
top=$(grep -E '^ +[0-9]+\. ' "$res/tune.txt" | head -3 | awk '{print $3}' | paste -sd';')
grep -E '^ +[0-9]+\. ' "$res/tune.txt" | head -10 >> "$out/log.txt"
timeout 120 "$ktune" bench --device "$cuda" --family "$family" --point "$top" --sizes 4096,8192 --ops nn,tn --runs 5 \
    --out "$res/bench-cuda.json" >> "$out/log.txt" 2>&1
log "bench cuda rc $?"
if [ "${KT_OPENCL:-1}" = 1 ]; then
    timeout 60 "$ktune" bench --device "$ocl" --family "$family" --point "${top%%;*}" --sizes 4096 --ops nn --runs 5 \
        --out "$res/bench-opencl.json" >> "$out/log.txt" 2>&1
    log "bench opencl rc $?"
fi
tar czf "$out/results.tar.gz" -C "$res" .
