#!/usr/bin/env bash
# One GPU-machine command re-measuring chosen DSYMV kernels beside cuBLAS (pedantic, and default math with atomics
# allowed), one `ktune bench --point` process per kernel, n = 256 … 16384, more timed runs than the tuning run
# (docs/perf/symv.md), each verified against OpenBLAS; then, where Nsight Compute is installed, one launch of the
# first kernel at n = 8192 profiled (speed of light, memory workload). Results in $OUT.
# Carry: KT_SYMV_DIR (default .carry-symv) holding ktune and this script; .carry/gpu-libs.tar.xz.
set -uo pipefail
cd "$(dirname "$0")/.."
dir=${KT_SYMV_DIR:-.carry-symv}
out=${OUT:-/tmp/kt-out}
mkdir -p "$out"
source tools/gpu-env.sh
export KT_DB=/tmp/symv-points.sqlite
k="$dir/ktune"
log="$out/points.log"
"$k" devices --json > /tmp/devices.json
cuda=$(python3 -c "import json;print(next(d['id'] for d in json.load(open('/tmp/devices.json'))['devices'] if d['backend']=='cuda'))")
"$k" profile "$cuda" --json > /dev/null 2>> "$log"
sizes=256,512,1024,2048,4096,6144,8192,10240,12288,16384
base=SYMV_ALGO=3,SYMV_MULTIPLICITY=8,SYMV_MX=0
i=0
for p in SYMV_BLOCK_SIZE=128,SYMV_UX=32,SYMV_VW=1,SYMV_CG=4,SYMV_CHUNK=4 \
         SYMV_BLOCK_SIZE=128,SYMV_UX=16,SYMV_VW=1,SYMV_CG=1,SYMV_CHUNK=1 \
         SYMV_BLOCK_SIZE=128,SYMV_UX=32,SYMV_VW=2,SYMV_CG=4,SYMV_CHUNK=1; do
    i=$((i + 1))
    echo "== point $i $(date -u +%FT%TZ)" >> "$log"
    "$k" bench --device "$cuda" --family dsymv --point "$base,$p" --sizes $sizes --tensor-cores --verify --runs 50 \
        --out "$out/point$i-cuda.json" >> "$log" 2>&1
done
ncu=$(command -v ncu || ls /usr/local/cuda/bin/ncu /opt/nvidia/nsight-compute/*/ncu 2>/dev/null | head -1)
if [ -n "$ncu" ]; then
    echo "== ncu $(date -u +%FT%TZ)" >> "$log"
    timeout 120 "$ncu" -k symv_tiled --launch-skip 1 --launch-count 1 --section SpeedOfLight --section MemoryWorkloadAnalysis \
        --section Occupancy "$k" bench --device "$cuda" --family dsymv --peer none --runs 1 --sizes 8192 \
        --point "$base,SYMV_BLOCK_SIZE=128,SYMV_UX=32,SYMV_VW=1,SYMV_CG=4,SYMV_CHUNK=4" > "$out/ncu-8192.txt" 2>&1
else
    echo "no ncu" >> "$log"
fi
echo "== done $(date -u +%FT%TZ)" >> "$log"
grep -v "^progress" "$log" | tail -70
