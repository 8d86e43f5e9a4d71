#!/usr/bin/env bash
# One GPU-machine command: the SYMV routine's per-call host work at small n. Two ktune builds (KT_SYMV_DIR/ktune-before
# and KT_SYMV_DIR/ktune) bench the same tiled kernel beside cuBLAS, alternating, twice each, 100 timed runs,
# n = 256 … 4096 (docs/perf/symv.md). Carry: KT_SYMV_DIR (default .carry-symv) with both binaries; .carry.
set -uo pipefail
cd "$(dirname "$0")/.."
dir=${KT_SYMV_DIR:-.carry-symv}
out=${OUT:-/tmp/kt-out}
mkdir -p "$out"
source tools/gpu-env.sh
export KT_DB=/tmp/symv-host.sqlite
log="$out/host.log"
"$dir/ktune" devices --json > /tmp/devices.json
cuda=$(python3 -c "import json;print(next(d['id'] for d in json.load(open('/tmp/devices.json'))['devices'] if d['backend']=='cuda'))")
point=${KT_SYMV_POINT:-SYMV_ALGO=3,SYMV_BLOCK_SIZE=128,SYMV_UX=32,SYMV_MULTIPLICITY=8,SYMV_MX=0,SYMV_VW=1,SYMV_CG=4,SYMV_CHUNK=4}
for round in 1 2; do
    for b in ktune-before ktune; do
        echo "== $b round $round $(date -u +%FT%TZ)" >> "$log"
        "$dir/$b" bench --device "$cuda" --family dsymv --point "$point" --sizes 256,512,1024,2048,4096 \
            --tensor-cores --runs 100 --out "$out/$b-$round.json" >> "$log" 2>&1
    done
done
echo "== done $(date -u +%FT%TZ)" >> "$log"
grep -v "^candidates\|^  1\." "$log"
