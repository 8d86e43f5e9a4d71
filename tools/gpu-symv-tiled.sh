#!/usr/bin/env bash
# One GPU-machine command for the tiled DSYMV (SYMV_ALGO 3, docs/perf/symv.md): the device's copy bandwidth
# (the bound), an exhaustive tuning run over tools/spaces/dsymv-h100-tiled.json at n = 1024, 4096, 8192, then in
# the same process per bench: the stored best per size (the routine, verified against OpenBLAS), the five best at
# the largest tuned size, and the previous best kernel (atomic adds, SYMV_ALGO 1), each beside cuBLAS pedantic and
# cuBLAS default math with atomics allowed, n = 256 … 16384. Everything lands in $OUT (at most 8 files).
#
# Carry: KT_SYMV_DIR (default .carry-symv) holding ktune (stripped Release build), this script and the space;
# .carry/gpu-libs.tar.xz (OpenBLAS, CLBlast).
set -uo pipefail
cd "$(dirname "$0")/.."
dir=${KT_SYMV_DIR:-.carry-symv}
out=${OUT:-/tmp/kt-out}
mkdir -p "$out"
source tools/gpu-env.sh
export KT_DB=/tmp/symv-tiled.sqlite
k="$dir/ktune"
log="$out/tiled.log"
"$k" devices --json > /tmp/devices.json
cuda=$(python3 -c "import json;print(next(d['id'] for d in json.load(open('/tmp/devices.json'))['devices'] if d['backend']=='cuda'))")
{ nvidia-smi --query-gpu=name,clocks.max.sm,memory.total --format=csv; "$k" devices; } > "$log" 2>&1
sizes=256,512,1024,2048,4096,6144,8192,10240,12288,16384
"$k" profile "$cuda" --json > "$out/profile-cuda.json" 2>> "$log"
echo "== tune $(date -u +%FT%TZ)" >> "$log"
start=$(date +%s)
"$k" tune --device "$cuda" --family dsymv --space "$dir/dsymv-h100-tiled.json" --strategy exhaustive \
    --sizes 1024,4096,8192 --no-verify --runs 5 --budget-time "${KT_TUNE_SECONDS:-240}" >> "$log" 2>&1
echo "tune rc $? wall $(( $(date +%s) - start )) s" >> "$log"
"$k" measurements --device "$cuda" --family dsymv --out "$out/tune.csv" >> "$log" 2>&1
for n in 1024 4096 8192; do "$k" best --device "$cuda" --family dsymv --size "$n" --top 5 >> "$log" 2>&1; done
echo "== benches $(date -u +%FT%TZ)" >> "$log"
"$k" bench --device "$cuda" --family dsymv --best --sizes $sizes --tensor-cores --verify --runs 20 \
    --out "$out/best-cuda.json" >> "$log" 2>&1
"$k" bench --device "$cuda" --family dsymv --best --top 5 --sizes $sizes --tensor-cores --runs 20 \
    --out "$out/top5-cuda.json" >> "$log" 2>&1
"$k" bench --device "$cuda" --family dsymv --tensor-cores --runs 20 --sizes $sizes \
    --point SYMV_ALGO=1,SYMV_BLOCK_SIZE=256,SYMV_UX=8,SYMV_MULTIPLICITY=6,SYMV_MX=0 \
    --out "$out/atomic-cuda.json" >> "$log" 2>&1
echo "== done $(date -u +%FT%TZ)" >> "$log"
tail -80 "$log"
