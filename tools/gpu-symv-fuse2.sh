#!/usr/bin/env bash
# Issue 13 on one GPU (carry .carry/gpu-libs.tar.xz and .carry/build-gpu/app from tools/pack-gpu.sh): the tiled DSYMV
# with beta y as a launch of its own (SYMV_FUSE 0) against SYMV_FUSE 2 (no second launch: the tiled kernel adds into a
# workspace and the last group to count into a block of 256 rows of y writes beta y0 + the sums there, nobody waits),
# same kernel P1 otherwise, alternating, two rounds, beside cuBLAS (pedantic and default math), 50 timed runs, every
# row verified against OpenBLAS, n = 1024 ... 16384; then once for dsymv_upper. Each bench under a time limit, so a
# kernel that hung shows as a missing table and an exit status in the log, not a hung machine.
# Writes $OUT/log.txt and $OUT/results.tar.gz (the store and one JSON per bench).
# Dry run elsewhere: KT_KTUNE=build/app/cli/ktune KT_SYMV_DEVICE=0 KT_SYMV_SIZES=100,257 KT_SYMV_POINT=... (a point
# PoCL's local memory allows, e.g. SYMV_MULTIPLICITY=1) tools/gpu-symv-fuse2.sh (KT_SYMV_PEER: bench --peer).
set -uo pipefail
cd "$(dirname "$0")/.."
source tools/gpu-script.sh # $out, $ktune, gpuDevice
res=/tmp/kt-symv-fuse2
source tools/gpu-steps.sh # $KT_DB in $res, log, step, $cuda
device=${KT_SYMV_DEVICE:-$cuda}
[ -n "$device" ] || { log "no CUDA GPU in ktune devices"; exit 1; }
p1=SYMV_ALGO=3,SYMV_BLOCK_SIZE=128,SYMV_UX=32,SYMV_MULTIPLICITY=8,SYMV_MX=0,SYMV_VW=1,SYMV_CG=4,SYMV_CHUNK=4
point=${KT_SYMV_POINT:-$p1}
sizes=${KT_SYMV_SIZES:-1024,2048,4096,6144,8192,10240,12288,16384}
peer=()
[ -n "${KT_SYMV_PEER:-}" ] && peer=(--peer "$KT_SYMV_PEER")
step 60 profile "$device" --json
for round in 1 2; do
    for fuse in 0 2; do
        step 120 bench --device "$device" --family dsymv --point "$point,SYMV_FUSE=$fuse" --sizes "$sizes" \
            --tensor-cores "${peer[@]}" --verify --runs 50 --out "$res/dsymv-fuse$fuse-$round.json"
    done
done
for fuse in 0 2; do
    step 120 bench --device "$device" --family dsymv_upper --point "$point,SYMV_FUSE=$fuse" --sizes "$sizes" \
        --tensor-cores "${peer[@]}" --verify --runs 50 --out "$res/dsymv_upper-fuse$fuse.json"
done
log done
