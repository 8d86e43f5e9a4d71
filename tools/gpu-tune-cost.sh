#!/usr/bin/env bash
# Issue 15's tuning-cost targets on one H100/H200 (carry .carry/gpu-libs.tar.xz and .carry/build-gpu/app from
# tools/pack-gpu.sh), about 7 minutes:
# 1. compilation on 16 cores against one (`ktune compile-bench`, the same 64 SGEMM candidates in 1 and 16
#    compile-worker processes, NVIDIA's own cache off); target >= 12x (H200 2026-11-27 run K: 11.96x);
# 2. the reduced space's exhaustive best: every point of tools/spaces/sgemm-simt.json (the SIMT schedules, 168
#    points) at 2048;
# 3. a whole tune of the enlarged default SGEMM space (every SIMT and copy option) at 2048 in under 3 minutes from an
#    empty store (surrogate strategy, the family's known-good kernels first), its own store; target: within 3% of 2.
# Writes $OUT/log.txt (the best of each tune, the wall times) and $OUT/results.tar.gz (JSON, both stores).
set -uo pipefail
cd "$(dirname "$0")/.."
source tools/gpu-script.sh # $out, $ktune, gpuDevice
res=/tmp/kt-tune-cost
source tools/gpu-steps.sh # $KT_DB in $res, log, step, $cuda
CUDA_CACHE_DISABLE=1 step 150 compile-bench --device "$cuda" --family sgemm --count 64 --processes 1,16 --json
step 230 tune --device "$cuda" --family sgemm --space tools/spaces/sgemm-simt.json --strategy exhaustive \
    --sizes 2048 --runs 3 --budget-time 210s --db "$res/exhaustive.sqlite"
step 20 best --device "$cuda" --family sgemm --size 2048 --top 3 --db "$res/exhaustive.sqlite"
began=$SECONDS
step 200 tune --device "$cuda" --family sgemm --strategy surrogate --warm-start --sizes 2048 --runs 3 \
    --budget-time 170s --db "$res/whole.sqlite"
log "whole tune wall $((SECONDS - began)) s (compile, measure and store included)"
step 20 best --device "$cuda" --family sgemm --size 2048 --top 3 --db "$res/whole.sqlite"
log done
