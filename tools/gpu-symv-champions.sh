#!/usr/bin/env bash
# Issue 13 on one H100/H200 (H200 2026-11-28 run AL): the DSYMV size pipeline over tools/spaces/dsymv-h100-sizes.json
# with SYMV_PDL in it, sieved at n = 64, 256, 1024, 4096, 16384 with --keep-champions (without them the tiled PDL
# kernels, which rank well at every representative size, push L+U out of the finalists and the rule loses to cuBLAS
# at n = 64: run AH), detail sizes 64 ... 16384; then its rule in one `ktune bench` beside cuBLAS (pedantic and
# default math with atomics), every row verified against OpenBLAS. Carry .carry/gpu-libs.tar.xz and .carry/symv
# (the stripped ktune, the space, this script). Writes ${OUT:?}/pipeline.log, rule.json, rule-cuda.json, bench.txt.
here=$(cd "$(dirname "$0")" && pwd)
cd "$here/.."
[ -f tools/gpu-env.sh ] || { echo "run from a checkout (tools/gpu-env.sh)"; exit 1; }
source tools/gpu-env.sh
dir=${KT_SYMV_DIR:-.carry/symv}
k=$dir/ktune; export KT_DB=/tmp/al.sqlite
cuda=$($k devices --json | python3 -c "import json,sys;print(next(d['id'] for d in json.load(sys.stdin)['devices'] if d['backend']=='cuda'))")
s=$SECONDS
timeout 280 $k pipeline --device "$cuda" --family dsymv --space "$dir/dsymv-h100-sizes.json" --representative 64,256,1024,4096,16384 --keep-champions --ranks 12 --finalists 8 --detail 64:1024:64,1152:2048:128,2304:4096:256,4608:8192:512,9216:16384:1024 --no-verify --runs 30 --budget-time 250 --out ${OUT:?}/rule.json > ${OUT:?}/pipeline.log 2>&1
echo "pipeline rc $? wall $((SECONDS-s)) s" >> ${OUT:?}/pipeline.log
timeout 70 $k bench --device "$cuda" --family dsymv --rules ${OUT:?}/rule.json --sizes 64,128,256,512,1024,1536,2048,3072,4096,6144,8192,12288,16384 --tensor-cores --verify --runs 100 --out ${OUT:?}/rule-cuda.json > ${OUT:?}/bench.txt 2>&1; echo "bench rc $?" >> ${OUT:?}/bench.txt
