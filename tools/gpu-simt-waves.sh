#!/usr/bin/env bash
# Issue 15 on one H100/H200 (carry .carry from tools/pack-gpu.sh): how much of the SIMT DGEMM winner's loss is the
# partial last wave. At 4096 its 1 024 blocks of 128 x 128 make 7.76 waves over 132 SMs (H200 2026-11-28 run D);
# m = 4224 gives 33 x 32 = 1 056 blocks = 8 full waves, m = 3968 gives 992 = 7.52 waves. The TN kernel's GF/s per
# size (no peer) says what a split of the last wave could gain. Writes $OUT/waves.txt.
set -uo pipefail
cd "$(dirname "$0")/.."
source tools/gpu-script.sh # $out, $ktune, the points
nvidia-smi --query-gpu=name,clocks.max.sm --format=csv,noheader > "$out/waves.txt" 2>&1
timeout 150 "$ktune" bench --device cuda: --family dgemm --point "$df5w0" --ops tn --runs 7 --peer none \
    --sizes 4096x4096x4096,4224x4096x4096,3968x4096x4096,4096x4224x4096,8192x8192x8192,8448x8192x8192 \
    >> "$out/waves.txt" 2>&1
echo "bench rc $?" >> "$out/waves.txt"
