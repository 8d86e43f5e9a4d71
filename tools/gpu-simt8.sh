#!/usr/bin/env bash
# Issue 15, item 2 (a leaner SIMT DGEMM): GEMM_PREFETCH=4, PREFETCH=3's schedule (two tile buffers, the next tile
# stored at the k-block's start, the one after it loaded a whole k-block ahead, one barrier) with the k-blocks that
# have two more after them in a loop without the guards of the two tile moves (running tile pointers advanced by a
# constant) and the last two k-blocks peeled into a second loop; GEMM_PREFETCH=5, that loop over pairs of k-blocks
# with constant buffer indices (18.5 non-FMA/non-memory SASS instructions per k-block against DF3's 51);
# GEMM_PREFETCH=6, DF1's one-buffer fragment schedule peeled the same way; against DG1, DF1 (and run I's winner, DF1
# kl 16 without warp patches) and DF3. On one H100/H200:
#   1. gemm_cuda_test: the prefetch schedules (4 included) over one to five k-blocks and every parameter value
#      against OpenBLAS; blas3_cuda_test: the schedules in TRMM / SYRK k ranges;
#   2. ktune bench (CUDA, cuBLAS pedantic in the same process): DGEMM DG1, DF1, DF1K, DF3, DP4, DF4, DP5, DF5, DF5K,
#      DF6 at 4096 and 8192, NN and TN; SGEMM SF3, SF4 and SF5 the same if time is left;
#   3. in the background: the SASS main loop of every point (nvcc -cubin of `ktune source`, cuobjdump -sass,
#      tools/probes/sass_loop.py) and ptxas's registers / spills.
# Writes $OUT/summary.txt (GF/s and % of the FP64 FMA peak: 33.0 TF/s on an H200, 33.5 on an H100 SXM, read from the
# device name), $OUT/bench-*.txt, $OUT/sass-loops.txt and $OUT/results.tar.gz. About 2 minutes; every step has its
# own timeout, SGEMM is skipped past 170 s (at most 4 minutes in all).
#
# Build here: cmake -S . -B build-gpu -G Ninja -DKT_GUI=OFF -DCMAKE_BUILD_TYPE=Release && ninja -C build-gpu
# ktune gemm_cuda_test blas3_cuda_test; tools/pack-gpu.sh; then on the device: `bash tools/gpu-simt8.sh` with carry [".carry"].
set -uo pipefail
cd "$(dirname "$0")/.." || exit 1
kt_script=simt8
. tools/gpu-simt-common.sh # $out, $res, $ktune, $summary, log, elapsed, sass_loops

# The points (tools/gpu-points.sh: CUTLASS's simt_dgemm_128x128_8x2 shape, 128 x 128 x 8, 8 x 8 per work-item,
# 4 x 8 warp patches, serpentine FMAs, ks 1, CBL/CBL).
. tools/gpu-points.sh
DG1=$dg1                                                    # one buffer, next tile in registers (70.8%)
DF1=$df1                                                    # CUTLASS's fragment order over one buffer (74.3-74.8%)
DF1K=${df1/GEMM_KL=8/GEMM_KL=16}; DF1K=${DF1K/GEMM_WARP_M=4/GEMM_WARP_M=0} # run I's winner (75.5%)
DF3="$base,GEMM_VW=2,GEMM_PREFETCH=3,GEMM_FRAGS=1"          # two buffers, one barrier, guards (72.8-73.0%)
DP4=$dp4                                                    # new: PREFETCH=3 FRAGS=0 without the guards
DF4=$df4                                                    # new: DF3 without the guards
DF5=$df5                                                    # new: DF4 over pairs of k-blocks, constant buffers
DP5=${df5/GEMM_FRAGS=1/GEMM_FRAGS=0}                        # new: the same without the fragment pipeline
DF5K=${df5/GEMM_KL=8/GEMM_KL=16}; DF5K=${DF5K/GEMM_WARP_M=4/GEMM_WARP_M=0} # new, in run I winner's shape
DF6=${df1/GEMM_PREFETCH=1/GEMM_PREFETCH=6}                  # new: DF1 without the guards, the last two peeled
SF3=$sf3
SF4=$sf4                                                    # new: SF3 without the guards
SF5=${sf4/GEMM_PREFETCH=4/GEMM_PREFETCH=5}                  # new: SF4 over pairs of k-blocks
printf '%s\n' "DG1 $DG1" "DF1 $DF1" "DF1K $DF1K" "DF3 $DF3" "DP4 $DP4" "DF4 $DF4" "DP5 $DP5" "DF5 $DF5" "DF5K $DF5K" \
    "DF6 $DF6" "SF3 $SF3" "SF4 $SF4" "SF5 $SF5" > "$res/points.txt"

gpu=$(nvidia-smi --query-gpu=name,clocks.max.sm,power.limit --format=csv,noheader 2>&1 | head -1)
log "$gpu"
case $gpu in
*H200*) peak=33000 ;;
*H100*) peak=33500 ;;
*) peak=33000; log "unknown GPU: % of the H200's 33.0 TF/s" ;;
esac
log "FP64 FMA peak used: $peak GF/s"
devs=$("$ktune" devices --json 2>/dev/null)
cuda=$(python3 -c 'import json,sys
ds=json.load(sys.stdin)["devices"]
m=[d["id"] for d in ds if d["id"].startswith("cuda")]
print(m[0] if m else "")' <<< "$devs")
log "device cuda=$cuda"

# 3. (in the background from here) SASS of every point's main loop and ptxas's resource use: CPU only.
start_sass_loops

# 1. Correctness on the GPU against OpenBLAS.
gpu_test gemm/gemm_cuda_test '*PrefetchSchedules*:*EveryParameterValue*' 60
gpu_test blas3/blas3_cuda_test '*PrefetchSchedules*' 30

# 2. Benches against cuBLAS (pedantic) in the same process.
bench() { # name family points seconds
    timeout "$4" "$ktune" bench --device "$cuda" --family "$2" --point "$3" --sizes 4096,8192 --ops nn,tn --runs 5 \
        --out "$res/bench-$1.json" > "$out/bench-$1.txt" 2>&1
    log "bench $1 rc $? $(elapsed) s"
}
# GF/s of each candidate (routine, and the TN kernel alone) and its share of the FP64 FMA peak, from the bench text.
percent() { # bench text, names in candidate order, peak
    python3 - "$@" <<'PY' | tee -a "$summary"
import re, sys
path, names, peak = sys.argv[1], sys.argv[2].split(), float(sys.argv[3])
rows = {}
for line in open(path):
    m = re.match(r"\s*(\d+)x\d+x\d+\s+(\w\w)\s+(\d+)\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)", line)
    if m:
        size, op, cand, ours, kern, peer = m.groups()
        rows[(int(cand), size, op)] = (float(ours), float(kern), float(peer))
cols = sorted({(s, o) for _, s, o in rows}, key=lambda c: (int(c[0]), c[1]))
print(f"GF/s routine (TN kernel), % of {peak / 1000:.1f} TF/s by the kernel; cuBLAS pedantic last")
print("%-6s" % "" + "".join("%24s" % f"{s} {o.upper()}" for s, o in cols))
for i, name in enumerate(names, 1):
    cells = [rows.get((i, s, o)) for s, o in cols]
    print("%-6s" % name + "".join("%24s" % (f"{c[0]:.0f} ({c[1]:.0f}) {100 * c[1] / peak:.1f}%" if c else "-")
                                  for c in cells))
print("%-6s" % "cuBLAS" + "".join("%24s" % (f"{rows[(1, s, o)][2]:.0f}" if (1, s, o) in rows else "-") for s, o in cols))
PY
}
if [ -n "$cuda" ]; then
    bench dgemm-cuda dgemm "$DG1;$DF1;$DF1K;$DF3;$DP4;$DF4;$DP5;$DF5;$DF5K;$DF6" 120
    percent "$out/bench-dgemm-cuda.txt" "DG1 DF1 DF1K DF3 DP4 DF4 DP5 DF5 DF5K DF6" "$peak"
    if [ "$(elapsed)" -lt 170 ]; then
        bench sgemm-cuda sgemm "$SF3;$SF4;$SF5" 40
    else
        log "bench sgemm-cuda skipped ($(elapsed) s)"
    fi
else
    log "no CUDA device: benches skipped"
fi

finish 20 # the SASS step (stopped after 20 s more), then results.tar.gz and the summary
