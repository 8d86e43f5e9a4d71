#!/usr/bin/env bash
# One device command that measures the current GEMM and BLAS3 figures against their peers on the GPU machine
# (issues 11 and 15; docs/perf/gemm.md and blas3.md), every peer in the same `ktune bench` process:
#   1. ktune profile of the CUDA device (the FP64/FP32 FMA peaks and the copy bandwidth the bounds use)
#   2. DGEMM: DG1 (SIMT) and D6 (FP64 tensor cores) at 4096/8192, nn and tn, beside cuBLAS pedantic and default math
#   3. SGEMM: SG1 and T2 at 2048/4096/8192, nn and tn, beside cuBLAS FP32 pedantic
#   4. the eight BLAS3 routines through CUDA at 4096/8192 on SG1 (single) and D6 (double), beside cuBLAS, and the
#      same process's own SGEMM/DGEMM on the same point (the "≥ 0.95× our GEMM" ratio)
#   5. the eight routines through NVIDIA's OpenCL at 4096 on SG1/DG1 beside CLBlast (the "≥ 2× CLBlast" ratio)
#   6. the copy conversions (layout_copy, dlayout_copy; default shape) at 4096/8192 against the copy bound
#   KT_EXTRA_DGEMM / KT_EXTRA_SGEMM: more points (';'-separated) for steps 2 and 3.
# Output: $OUT/log.txt (every step's command, rc and wall time, and the bench tables) and $OUT/results.tar.gz (the
# bench JSON and the profile). usage: KT_KTUNE=.carry-x/ktune bash tools/gpu-figures.sh
set -uo pipefail
cd "$(dirname "$0")/.."
out=${OUT:-/tmp/kt-out}
mkdir -p "$out"
source tools/gpu-env.sh
ktune=${KT_KTUNE:-build-gpu/app/cli/ktune}
res=/tmp/kt-figures && rm -rf "$res" && mkdir -p "$res"
export KT_DB=$res/figures.sqlite
start=$SECONDS
log() { echo "== $* (+$((SECONDS - start)) s)" | tee -a "$out/log.txt"; }
pack() { tar czf "$out/results.tar.gz.tmp" -C "$res" . && mv "$out/results.tar.gz.tmp" "$out/results.tar.gz"; }
run() { # $1 step timeout, then ktune's arguments
    local limit=$1; shift
    log "ktune $*"
    timeout "$limit" "$ktune" "$@" >> "$out/log.txt" 2>&1 || log "exit $? from: $*"
    pack
}
nvidia-smi --query-gpu=name,clocks.max.sm,power.limit,memory.total --format=csv,noheader >> "$out/log.txt" 2>&1
"$ktune" devices --json > "$res/devices.json"
source tools/gpu-points.sh
cuda=$(gpuDevice cuda "$res/devices.json")
ocl=$(gpuDevice opencl "$res/devices.json")
log "cuda $cuda opencl $ocl"


log "ktune profile $cuda"; timeout 120 "$ktune" profile "$cuda" --json > "$res/profile-cuda.json" 2>> "$out/log.txt"
run 150 bench --device "$cuda" --family dgemm --point "$dg1;$d6${KT_EXTRA_DGEMM:+;$KT_EXTRA_DGEMM}" --sizes 4096,8192 \
    --ops nn,tn --runs 5 --tensor-cores --out "$res/dgemm-cuda.json"
run 150 bench --device "$cuda" --family sgemm --point "$sg1;$t2${KT_EXTRA_SGEMM:+;$KT_EXTRA_SGEMM}" \
    --sizes 2048,4096,8192 --ops nn,tn --runs 5 --out "$res/sgemm-cuda.json"
for p in s d; do
    point=$sg1; [ $p = d ] && point=$d6
    for r in symm syrk syr2k trmm; do
        run 90 bench --device "$cuda" --family $p$r --point "$point" --sizes 4096,8192 --variants "$(variants $r)" \
            --runs 5 --tensor-cores --out "$res/cuda-$p$r.json"
    done
done
if [ -n "$ocl" ]; then
    for p in s d; do
        point=$sg1; [ $p = d ] && point=$dg1
        run 90 bench --device "$ocl" --family ${p}gemm --point "$point" --sizes 4096 --ops nn --runs 5 \
            --out "$res/opencl-${p}gemm.json"
        for r in symm syrk syr2k trmm; do
            run 90 bench --device "$ocl" --family $p$r --point "$point" --sizes 4096 --variants "$(variants $r)" \
                --runs 5 --out "$res/opencl-$p$r.json"
        done
    done
fi
for f in layout_copy dlayout_copy; do
    run 60 bench --device "$cuda" --family $f --point "COPY_MWG=32,COPY_NWG=32,COPY_MWI=4,COPY_NWI=1,COPY_MUD=4,COPY_NUD=1" \
        --sizes 4096,8192 --runs 10 --out "$res/copy-$f.json"
done
log done
