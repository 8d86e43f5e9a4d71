#!/usr/bin/env bash
# Issue 13 on one H200 (carry .carry/gpu-libs.tar.xz and .carry/build-gpu/app from tools/pack-gpu.sh): DSYMV at
# n = 8192, where the H200's pipeline rule (2026-11-27 run C, sieved at 256, 1024, 4096, 16384) reached 85% of the
# half-matrix bound against 96-98% at 12 288-16 384. An exhaustive tune of the tiled kernel's space
# (tools/spaces/dsymv-h100-tiled.json) at 8192 alone, then the three best at 6144-12 288 beside cuBLAS (pedantic, and
# default math with atomics allowed), every row verified against OpenBLAS, and run C's rule again at the same sizes.
# Writes $OUT/log.txt and $OUT/results.tar.gz.
set -uo pipefail
cd "$(dirname "$0")/.."
source tools/gpu-script.sh # $out, $ktune, gpuDevice
res=/tmp/kt-symv-8192
source tools/gpu-steps.sh # $KT_DB in $res, log, step, $cuda
step 60 profile "$cuda" --json
sizes=6144,8192,10240,12288
step 150 tune --device "$cuda" --family dsymv --space tools/spaces/dsymv-h100-tiled.json --strategy exhaustive \
    --sizes 8192 --no-verify --runs 10 --budget-time 120s
step 30 best --device "$cuda" --family dsymv --size 8192 --top 5
step 120 bench --device "$cuda" --family dsymv --best --top 3 --sizes "$sizes" --tensor-cores --verify --runs 50 \
    --out "$res/bench-best.json"
step 90 bench --device "$cuda" --family dsymv --rules docs/perf/h200-2026-11-27/run-C/rule.json --sizes "$sizes" \
    --tensor-cores --verify --runs 50 --out "$res/bench-rule-c.json"
log done
