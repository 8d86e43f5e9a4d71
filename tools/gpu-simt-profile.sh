#!/usr/bin/env bash
# Issue 15 on one H100/H200 (carry .carry from tools/pack-gpu.sh): the Nsight Compute profile and SASS of the SIMT
# DGEMM winner (tools/gpu-points.sh df5w0, H100 2026-11-28 run C) at 4096 through tools/gpu-profile.sh, then the
# SGEMM winner (sf5w0) beside cuBLAS at the sizes the SGEMM target names (n >= 2048) that run C did not measure.
# Writes $OUT/ncu-metrics.txt, $OUT/ncu-warp-state.txt, $OUT/sgemm-sizes.txt and $OUT/profile.tar.gz.
set -uo pipefail
cd "$(dirname "$0")/.."
source tools/gpu-script.sh # $out, the points
if [ -d .carry/build-gpu ] && [ ! -e build-gpu ]; then ln -s "$PWD/.carry/build-gpu" build-gpu; fi
prof=/tmp/kt-simt-profile && rm -rf "$prof"
timeout 240 bash tools/gpu-profile.sh dgemm "$df5w0" 4096 "$prof" > "$prof.log" 2>&1
echo "profile rc $?" > "$out/log.txt"
cp "$prof/ncu-metrics.txt" "$out/" 2>/dev/null
# The sections that say where the warps wait and how full the pipes are.
grep -E -A30 "Section: (Warp State Statistics|Compute Workload Analysis|Scheduler Statistics)" "$prof/ncu.txt" \
    > "$out/ncu-warp-state.txt" 2>/dev/null
timeout 150 build-gpu/app/cli/ktune bench --device cuda: --family sgemm --point "$sf5w0" \
    --sizes 2048,3072,4096,6144 --ops nn,tn --runs 5 > "$out/sgemm-sizes.txt" 2>&1
echo "sgemm bench rc $?" >> "$out/log.txt"
tar czf "$out/profile.tar.gz" -C "$prof" . "$prof.log" 2>/dev/null
