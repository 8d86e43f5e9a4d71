#!/usr/bin/env bash
# One GPU-machine command: the tiled DSYMV with beta y as a launch of its own (SYMV_FUSE 0) and inside the kernel
# (SYMV_FUSE 1), same kernel otherwise, alternating twice, beside cuBLAS pedantic and default math with atomics
# allowed, 50 timed runs, verified against OpenBLAS, n = 256 … 16384 (docs/perf/symv.md). Each bench under a
# time limit: a fused kernel that waited forever would show as a missing table, not a hung machine.
# Carry: KT_SYMV_DIR (default .carry-symv) with ktune and this script; .carry.
set -uo pipefail
cd "$(dirname "$0")/.."
dir=${KT_SYMV_DIR:-.carry-symv}
out=${OUT:-/tmp/kt-out}
mkdir -p "$out"
source tools/gpu-env.sh
export KT_DB=/tmp/symv-fuse.sqlite
log="$out/fuse.log"
"$dir/ktune" devices --json > /tmp/devices.json
cuda=$(python3 -c "import json;print(next(d['id'] for d in json.load(open('/tmp/devices.json'))['devices'] if d['backend']=='cuda'))")
"$dir/ktune" profile "$cuda" --json > /dev/null 2>> "$log"
point=${KT_SYMV_POINT:-SYMV_ALGO=3,SYMV_BLOCK_SIZE=128,SYMV_UX=32,SYMV_MULTIPLICITY=8,SYMV_MX=0,SYMV_VW=1,SYMV_CG=4,SYMV_CHUNK=4}
for round in 1 2; do
    for fuse in 0 1; do
        echo "== SYMV_FUSE=$fuse round $round $(date -u +%FT%TZ)" >> "$log"
        timeout 120 "$dir/ktune" bench --device "$cuda" --family dsymv --point "$point,SYMV_FUSE=$fuse" \
            --sizes 256,512,1024,2048,4096,6144,8192,10240,12288,16384 --tensor-cores --verify --runs 50 \
            --out "$out/fuse$fuse-$round.json" >> "$log" 2>&1
        echo "rc $?" >> "$log"
    done
done
echo "== done $(date -u +%FT%TZ)" >> "$log"
grep -v "^candidates\|^  1\." "$log"
