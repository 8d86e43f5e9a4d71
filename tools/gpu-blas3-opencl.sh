#!/usr/bin/env bash
# The BLAS3 routines through NVIDIA's OpenCL on the SIMT points with CUTLASS's fragment order (GEMM_FRAGS=1 over one
# tile buffer for double = DF1, GEMM_PREFETCH=3 for single = SF3; docs/perf/gemm.md) beside CLBlast at 4096, and
# single SYRK/SYR2K through CUDA on SF3 and T2 beside their own SGEMM (why SSYRK on SG1 ran at 0.80 of SGEMM).
# Carry .carry (tools/pack-gpu.sh). Output: $OUT/log.txt, $OUT/results.tar.gz.
set -uo pipefail
cd "$(dirname "$0")/.."
out=${OUT:-/tmp/kt-out}; mkdir -p "$out"
source tools/gpu-env.sh
ktune=${KT_KTUNE:-.carry/build-gpu/app/cli/ktune}
res=/tmp/kt-b3o && rm -rf "$res" && mkdir -p "$res"
export KT_DB=$res/b3o.sqlite
start=$SECONDS
log() { echo "== $* (+$((SECONDS - start)) s)" | tee -a "$out/log.txt"; }
run() { local limit=$1; shift; log "ktune $*"; timeout "$limit" "$ktune" "$@" >> "$out/log.txt" 2>&1 || log "exit $?"; }
"$ktune" devices --json > "$res/devices.json"
source tools/gpu-points.sh
cuda=$(gpuDevice cuda "$res/devices.json"); ocl=$(gpuDevice opencl "$res/devices.json")
for p in d s; do
    point=$sf3; [ $p = d ] && point=$df1
    for r in gemm symm syrk syr2k trmm; do
        v="--variants $(variants $r)"; [ $r = gemm ] && v="--ops nn"
        run 60 bench --device "$ocl" --family $p$r --point "$point" --sizes 4096 $v --runs 5 --out "$res/opencl-$p$r.json"
    done
done
for r in sgemm ssyrk ssyr2k; do
    v="--variants ln,ut"; [ $r = sgemm ] && v="--ops nn"
    run 60 bench --device "$cuda" --family $r --point "$sf3;$t2" --sizes 4096 $v --runs 5 --peer none \
        --out "$res/cuda-$r.json"
done
tar czf "$out/results.tar.gz" -C "$res" .
log done
