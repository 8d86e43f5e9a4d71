#!/usr/bin/env bash
# Issue 13 on one H100/H200 (carry .carry/gpu-libs.tar.xz and .carry/build-gpu/app from tools/pack-gpu.sh): the tiled
# DSYMV kernel at n = 2048, 3072, 4096, where the rule of 2026-11-28 run U reached 1.48-1.93x pedantic cuBLAS (2x is the
# target) and 0.46-0.67 of the bound. Nsight Compute of its kernel at 4096 showed 38% achieved occupancy (MULTIPLICITY 8
# of 128 work-items) and 60% of DRAM throughput: too few loads in flight. Sweeps what adds loads in flight: 256
# work-items a group, two rows per work-item (VW 2), column groups and chunks, beside cuBLAS, every row verified.
# Writes $OUT/log.txt, $OUT/results.tar.gz.
set -uo pipefail
cd "$(dirname "$0")/.."
source tools/gpu-script.sh # $out, $ktune, gpuDevice
res=/tmp/kt-symv-mid
source tools/gpu-steps.sh # $KT_DB in $res, log, step, $cuda
step 60 profile "$cuda" --json
points=""
for bs in 128 256; do
    for vw in 1 2; do
        for cg in 2 4; do
            for chunk in 1 2 4; do
                p="SYMV_ALGO=3,SYMV_BLOCK_SIZE=$bs,SYMV_UX=32,SYMV_MULTIPLICITY=8,SYMV_MX=0,SYMV_VW=$vw,SYMV_CG=$cg"
                points="$points;$p,SYMV_CHUNK=$chunk,SYMV_FUSE=0,SYMV_ONE_LAUNCH=0"
            done
        done
    done
done
for mult in 4 6; do
    points="$points;SYMV_ALGO=3,SYMV_BLOCK_SIZE=256,SYMV_UX=32,SYMV_MULTIPLICITY=$mult,SYMV_MX=0,SYMV_VW=2,SYMV_CG=4,SYMV_CHUNK=2,SYMV_FUSE=0,SYMV_ONE_LAUNCH=0"
done
step 240 bench --device "$cuda" --family dsymv --point "${points#;}" --sizes "${KT_SIZES:-2048,3072,4096}" \
    --tensor-cores --verify --runs 50 --out "$res/points.json"
log done
