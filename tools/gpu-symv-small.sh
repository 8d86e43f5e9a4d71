#!/usr/bin/env bash
# One GPU-machine command for the small-n DSYMV (docs/perf/symv.md, run T): the size pipeline over the tiled space
# with small tiles (tools/spaces/dsymv-h100-small.json), sieved at n = 256, 1024, 4096, 8192 so that small n has its
# own finalists; first with incremental sampling, then the full detail sampling in the same store (the sieve is
# reused, the wall time of each is logged); then, each in one `ktune bench` process beside cuBLAS pedantic and
# cuBLAS default math with atomics allowed, n = 256 … 16384, verified against OpenBLAS: the full rule, the
# incremental rule, and P1 (run H's kernel for large n); last the fused point of the PoCL defect. Everything lands in $OUT (at most 8 files).
# Carry: KT_SYMV_DIR (default .carry-symv) holding ktune, this script and the space; .carry/gpu-libs.tar.xz.
set -uo pipefail
cd "$(dirname "$0")/.."
dir=${KT_SYMV_DIR:-.carry-symv}
out=${OUT:-/tmp/kt-out}
mkdir -p "$out"
source tools/gpu-env.sh
export KT_DB=/tmp/symv-small.sqlite
k="$dir/ktune"
log="$out/small.log"
"$k" devices --json > /tmp/devices.json
cuda=$(python3 -c "import json;print(next(d['id'] for d in json.load(open('/tmp/devices.json'))['devices'] if d['backend']=='cuda'))")
{ nvidia-smi --query-gpu=name,clocks.max.sm,memory.total --format=csv; "$k" devices; } > "$log" 2>&1
sizes=256,512,1024,2048,4096,6144,8192,10240,12288,16384
common=(--device "$cuda" --family dsymv --space "$dir/dsymv-h100-small.json" --representative 256,1024,4096,8192
        --detail 100:16384:700 --finalists 6 --no-verify --runs 5)
for mode in incremental full; do
    extra=()
    [ "$mode" = incremental ] && extra=(--incremental 8)
    echo "== pipeline $mode $(date -u +%FT%TZ)" >> "$log"
    start=$(date +%s.%N)
    "$k" pipeline "${common[@]}" "${extra[@]}" --budget-time "${KT_PIPELINE_SECONDS:-300}" --out "$out/rule-$mode.json" \
        >> "$log" 2>&1
    echo "pipeline $mode rc $? wall $(python3 -c "import time;print(round(time.time()-$start,1))") s" >> "$log"
done
p1=SYMV_ALGO=3,SYMV_BLOCK_SIZE=128,SYMV_UX=32,SYMV_MULTIPLICITY=8,SYMV_MX=0,SYMV_VW=1,SYMV_CG=4,SYMV_CHUNK=4
for mode in full incremental; do
    [ -f "$out/rule-$mode.json" ] || continue
    echo "== bench rule $mode $(date -u +%FT%TZ)" >> "$log"
    "$k" bench --device "$cuda" --family dsymv --rules "$out/rule-$mode.json" --sizes $sizes --tensor-cores --verify \
        --runs 50 --out "$out/bench-rule-$mode.json" >> "$log" 2>&1
done
echo "== bench P1 $(date -u +%FT%TZ)" >> "$log"
"$k" bench --device "$cuda" --family dsymv --point "$p1" --sizes $sizes --tensor-cores --verify --runs 50 \
    --out "$out/bench-p1.json" >> "$log" 2>&1
# The tiled point that PoCL got wrong before the group count was fixed (SYMV_FUSE 1, UX 24, CG 2), verified here.
echo "== bench fused UX 24 CG 2 $(date -u +%FT%TZ)" >> "$log"
"$k" bench --device "$cuda" --family dsymv --peer none --verify --runs 5 --sizes 100,128,1000 \
    --point SYMV_ALGO=3,SYMV_BLOCK_SIZE=32,SYMV_UX=24,SYMV_MULTIPLICITY=8,SYMV_MX=0,SYMV_VW=1,SYMV_CG=2,SYMV_CHUNK=4,SYMV_FUSE=1 \
    >> "$log" 2>&1
echo "== done $(date -u +%FT%TZ)" >> "$log"
grep -v "^progress" "$log" | tail -80
