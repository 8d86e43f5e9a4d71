#!/usr/bin/env bash
# Nsight Compute of one of our kernels and of cuBLAS's kernel for the same call, in one `ktune bench` process (carry
# .carry/gpu-libs.tar.xz and .carry/build-gpu/app from tools/pack-gpu.sh). Every kernel whose name matches KT_NCU_KERNELS
# (default: ours "gemm_tn", cuBLAS's "gemm"/"xmma"/"cutlass" names) is profiled once per launch up to KT_NCU_COUNT
# launches (default 6: our warm-up and timed run, then the peers'): speed of light, memory workload, occupancy, launch
# statistics, warp states and scheduler. The launch gate's kernel is not matched.
#   KT_NCU_FAMILY (dgemm), KT_NCU_POINT (point key, required), KT_NCU_SIZE (e.g. 5000x5000x64), KT_NCU_VARIANT (nn)
# Writes $OUT/ncu-<tag>.txt (KT_NCU_TAG, default "peer").
set -uo pipefail
cd "$(dirname "$0")/.."
source tools/gpu-script.sh # $out, $ktune, gpuDevice
ncu=$(command -v ncu || ls /usr/local/cuda/bin/ncu /opt/nvidia/nsight-compute/*/ncu 2>/dev/null | head -1)
[ -n "$ncu" ] || { echo "no ncu on this machine" | tee -a "$out/log.txt"; exit 1; }
"$ktune" devices --json > "$out/devices.json"
cuda=$(gpuDevice cuda "$out/devices.json")
timeout "${KT_NCU_LIMIT_S:-240}" "$ncu" --clock-control none -k "regex:${KT_NCU_KERNELS:-gemm_tn|gemm|xmma|cutlass}" \
    --launch-count "${KT_NCU_COUNT:-6}" --section SpeedOfLight --section MemoryWorkloadAnalysis --section Occupancy \
    --section LaunchStats --section WarpStateStats --section SchedulerStats \
    "$ktune" bench --device "$cuda" --family "${KT_NCU_FAMILY:-dgemm}" --point "$KT_NCU_POINT" \
    --sizes "$KT_NCU_SIZE" --variants "${KT_NCU_VARIANT:-nn}" --tensor-cores --runs 1 --warmup 1 \
    > "$out/ncu-${KT_NCU_TAG:-peer}.txt" 2>&1
echo "ncu ${KT_NCU_TAG:-peer}: exit $? ($(wc -l < "$out/ncu-${KT_NCU_TAG:-peer}.txt") lines)" | tee -a "$out/log.txt"
