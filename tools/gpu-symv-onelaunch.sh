#!/usr/bin/env bash
# One GPU-machine command: DSYMV at small n with beta y in the same launch (L+U, SYMV_ONE_LAUNCH 1) against the
# tiled kernel P1 (symv_scale + symv_tiled), L+U in two kernels, and the tiled kernel with beta y fused behind flags
# (SYMV_FUSE 1, after the publish/wait fix), beside cuBLAS pedantic and default math with atomics allowed; every
# size verified against OpenBLAS, 100 timed runs, two rounds (docs/perf/symv.md). Each bench under a time limit: a
# fused kernel that waited forever would show as a missing table, not a hung machine.
# Carry: KT_SYMV_DIR (default .carry-symv3) with ktune; .carry.
set -uo pipefail
cd "$(dirname "$0")/.."
dir=${KT_SYMV_DIR:-.carry-symv3}
out=${OUT:-/tmp/kt-out}
mkdir -p "$out"
source tools/gpu-env.sh
export KT_DB=/tmp/symv-one.sqlite
log="$out/onelaunch.log"
"$dir/ktune" devices --json > /tmp/devices.json
cuda=$(python3 -c "import json;print(next(d['id'] for d in json.load(open('/tmp/devices.json'))['devices'] if d['backend']=='cuda'))")
p1=SYMV_ALGO=3,SYMV_BLOCK_SIZE=128,SYMV_UX=32,SYMV_MULTIPLICITY=8,SYMV_MX=0,SYMV_VW=1,SYMV_CG=4,SYMV_CHUNK=4
lu=SYMV_ALGO=2,SYMV_UX=8,SYMV_MULTIPLICITY=1,SYMV_MX=0,SYMV_VW=1,SYMV_CG=1,SYMV_CHUNK=1,SYMV_FUSE=0
"$dir/ktune" profile "$cuda" --json > /dev/null 2>> "$log"
points="$p1,SYMV_FUSE=0,SYMV_ONE_LAUNCH=0;$p1,SYMV_FUSE=1,SYMV_ONE_LAUNCH=0;$lu,SYMV_BLOCK_SIZE=128,SYMV_ONE_LAUNCH=0"
points="$points;$lu,SYMV_BLOCK_SIZE=64,SYMV_ONE_LAUNCH=1;$lu,SYMV_BLOCK_SIZE=128,SYMV_ONE_LAUNCH=1"
points="$points;$lu,SYMV_BLOCK_SIZE=256,SYMV_ONE_LAUNCH=1"
for round in 1 2; do
    echo "== round $round $(date -u +%FT%TZ)" >> "$log"
    timeout 150 "$dir/ktune" bench --device "$cuda" --family dsymv --point "$points" --sizes 256,512,1024,2048 \
        --tensor-cores --verify --runs 100 --out "$out/onelaunch-$round.json" >> "$log" 2>&1
    echo "rc $?" >> "$log"
done
echo "== done $(date -u +%FT%TZ)" >> "$log"
cat "$log"
