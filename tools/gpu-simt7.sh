#!/usr/bin/env bash
# Issue 15, SIMT DGEMM: GEMM_PREFETCH=3 (double-buffered tiles, the next tile stored at the next k-block's start from
# registers loaded a whole k-block earlier) and GEMM_FRAGS=1 over one tile buffer (GEMM_PREFETCH=1) against DG1 and
# the old two-buffer kernels (GEMM_PREFETCH=2), whose global loads ptxas sinks to the stores at the k-block's end in
# DGEMM (docs/perf/gemm.md). On one H100/H200:
#   1. gemm_cuda_test: every SIMT parameter value (the new ones included) and every k-block count of the
#      prefetch schedules against OpenBLAS; blas3_cuda_test: the new schedules in TRMM / SYRK k ranges;
#   2. ktune bench (CUDA, cuBLAS pedantic in the same process): DGEMM DG1, DF2, DP3, DF3, DF1 at 4096 and 8192,
#      NN and TN; SGEMM SG1, SF3 and SF1 the same;
#   3. DGEMM through NVIDIA OpenCL: DG1, DF3 and DF1, NN 4096 (CLBlast beside), if time is left;
#   4. in the background from the start: the SASS main loop of every point, DP2 too (nvcc -cubin of `ktune source`,
#      cuobjdump -sass, tools/probes/sass_loop.py) and ptxas's registers / spills.
# Writes $OUT/summary.txt, $OUT/bench-*.txt, $OUT/sass-loops.txt and $OUT/results.tar.gz (JSON, logs, SASS).
# About 3 minutes; every step has its own timeout and the OpenCL step is skipped past 170 s.
#
# Build here: cmake -S . -B build-gpu -G Ninja -DKT_GUI=OFF -DCMAKE_BUILD_TYPE=Release && ninja -C build-gpu
# ktune gemm_cuda_test blas3_cuda_test; tools/pack-gpu.sh; then on the device: `bash tools/gpu-simt7.sh` with carry [".carry"].
set -uo pipefail
cd "$(dirname "$0")/.." || exit 1
kt_script=simt7
. tools/gpu-simt-common.sh # $out, $res, $ktune, $summary, log, elapsed, sass_loops

# The points (point keys as `ktune bench --point` takes them). The shape is CUTLASS's simt_dgemm_128x128_8x2:
# 128 x 128 x 8 blocks, 8 x 8 per work-item, 4 x 8 warp patches, serpentine FMAs, ks 1, CBL/CBL.
D='GEMM_ML=128,GEMM_NL=128,GEMM_KL=8,GEMM_MS=8,GEMM_NS=8,GEMM_KS=1,GEMM_VW=2,GEMM_LOCAL_A=1,GEMM_LOCAL_B=1,GEMM_IMAGE_A=0,GEMM_IMAGE_B=0,GEMM_LAYOUT_A=1,GEMM_LAYOUT_B=1'
S='GEMM_ML=128,GEMM_NL=128,GEMM_KL=8,GEMM_MS=8,GEMM_NS=8,GEMM_KS=1,GEMM_VW=4,GEMM_LOCAL_A=1,GEMM_LOCAL_B=1,GEMM_IMAGE_A=0,GEMM_IMAGE_B=0,GEMM_LAYOUT_A=1,GEMM_LAYOUT_B=1'
M=',GEMM_WARP_M=4,GEMM_ORDER=1'
DG1="$D,GEMM_PREFETCH=1$M,GEMM_FRAGS=0" # the best DGEMM so far (71.5% of the FP64 FMA peak)
DP2="$D,GEMM_PREFETCH=2$M,GEMM_FRAGS=0" # old two buffers
DF2="$D,GEMM_PREFETCH=2$M,GEMM_FRAGS=1" # old two buffers with CUTLASS's order (fragments across the barrier)
DP3="$D,GEMM_PREFETCH=3$M,GEMM_FRAGS=0" # new: stored at the next k-block's start
DF3="$D,GEMM_PREFETCH=3$M,GEMM_FRAGS=1" # new, with CUTLASS's order
DF1="$D,GEMM_PREFETCH=1$M,GEMM_FRAGS=1" # new: CUTLASS's order over one tile buffer (two barriers)
SG1="$S,GEMM_PREFETCH=2$M,GEMM_FRAGS=1" # the best SGEMM so far
SF3="$S,GEMM_PREFETCH=3$M,GEMM_FRAGS=1" # new
SF1="$S,GEMM_PREFETCH=1$M,GEMM_FRAGS=1" # new
printf '%s\n' "DG1 $DG1" "DP2 $DP2" "DF2 $DF2" "DP3 $DP3" "DF3 $DF3" "DF1 $DF1" "SG1 $SG1" "SF3 $SF3" "SF1 $SF1" \
    > "$res/points.txt"

nvidia-smi --query-gpu=name,clocks.max.sm,power.limit --format=csv,noheader 2>&1 | tee -a "$summary"
devs=$("$ktune" devices --json 2>/dev/null)
pick() { # first device id starting with $1 whose name/vendor holds $2
    python3 -c 'import json,sys
ds=json.load(sys.stdin)["devices"]
m=[d["id"] for d in ds if d["id"].startswith(sys.argv[1]) and sys.argv[2] in (d.get("name","")+d.get("vendor","")+d["id"]).lower()]
print(m[0] if m else "")' "$1" "$2" <<< "$devs"
}
cuda=$(pick cuda nvidia)
ocl=$(pick opencl nvidia)
log "devices cuda=$cuda opencl=$ocl"

# 4. (in the background from here) SASS of every point's main loop and ptxas's resource use: CPU only.
start_sass_loops

# 1. Correctness on the GPU (every variant of tests/kernels/gemm/gemm_test_util.hpp, every schedule's k-block counts).
gpu_test gemm/gemm_cuda_test '*EveryParameterValue*:*PrefetchSchedules*' 90
gpu_test blas3/blas3_cuda_test '*PrefetchSchedules*' 40

# 2. Benches against cuBLAS (pedantic) in the same process.
bench() { # name device family points
    timeout 110 "$ktune" bench --device "$2" --family "$3" --point "$4" --sizes 4096,8192 --ops nn,tn --runs 5 \
        --out "$res/bench-$1.json" > "$out/bench-$1.txt" 2>&1
    log "bench $1 rc $? $(elapsed) s"
}
if [ -n "$cuda" ]; then
    bench dgemm-cuda "$cuda" dgemm "$DG1;$DF2;$DP3;$DF3;$DF1"
    bench sgemm-cuda "$cuda" sgemm "$SG1;$SF3;$SF1"
else
    log "no CUDA device: benches skipped"
fi

# 3. DGEMM through NVIDIA's OpenCL (CLBlast beside), if time is left.
if [ -n "$ocl" ] && [ "$(elapsed)" -lt 170 ]; then
    timeout 50 "$ktune" bench --device "$ocl" --family dgemm --point "$DG1;$DF3;$DF1" --sizes 4096 --ops nn --runs 5 \
        --out "$res/bench-dgemm-opencl.json" > "$out/bench-dgemm-opencl.txt" 2>&1
    log "bench dgemm-opencl rc $? $(elapsed) s"
else
    log "bench dgemm-opencl skipped (device '$ocl', $(elapsed) s)"
fi

finish 60 # the SASS step (stopped after 60 s more), then results.tar.gz and the summary
