#!/usr/bin/env bash
# One GPU-machine command (docs/perf/symv.md, H100 2026-11-25 run U): the DSYMV size pipeline of run T on NVIDIA's
# OpenCL (same space and sizes; OpenCL has no double atomic add, so the tiled kernel's adds are compare-and-swap loops
# there and the crossover to it should move up), its rule beside CLBlast; then run T's CUDA rule again in a new
# process beside cuBLAS (a second round), and the call's fixed cost: L+U in one launch and cuBLAS at n = 1 ... 64.
# Carry: KT_SYMV_DIR (default .carry-symv4) holding ktune, this script, gpu-symv-common.sh, the space and run T's
# rule as rule-cuda-t.json; .carry.
# Knobs (run U's second command): KT_REPRESENTATIVE, KT_DETAIL (the pipeline's sizes), KT_PIPELINE_EXTRA (more
# pipeline options, e.g. --keep-champions), KT_OPENCL_ONLY=1 (skip the CUDA benches), KT_TAG (suffix of the files).
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
cd "$here/.."
export KT_DB=/tmp/symv-opencl.sqlite
tag=${KT_TAG:-}
out=${OUT:-/tmp/kt-out}
mkdir -p "$out"
log="$out/pipeline-opencl$tag.log"
source "$here/gpu-symv-common.sh"
start=$(date +%s.%N)
echo "== pipeline opencl $(date -u +%FT%TZ)" >> "$log"
timeout "${KT_PIPELINE_HARD_S:-260}" "$k" pipeline --device "$ocl" --family dsymv --space "$dir/dsymv-h100-sizes.json" \
    --representative "${KT_REPRESENTATIVE:-256,512,1024,4096,8192}" --ranks 12 --finalists 8 \
    --detail "${KT_DETAIL:-64:1024:64,1152:2048:128,2304:4096:256,4608:8192:512}" --no-verify --runs 30 \
    ${KT_PIPELINE_EXTRA:-} --budget-time "${KT_PIPELINE_SECONDS:-220}" --out "$out/rule-opencl-u$tag.json" >> "$log" 2>&1
echo "pipeline rc $? wall $(python3 -c "import time;print(round(time.time()-$start,1))") s" >> "$log"
[ -f "$out/rule-opencl-u$tag.json" ] && bench opencl-rule 100 --device "$ocl" --rules "$out/rule-opencl-u$tag.json" \
    --sizes $sizes --verify --runs 50 --out "$out/bench-opencl-u$tag.json"
if [ "${KT_OPENCL_ONLY:-0}" = 1 ]; then
    grep -v "^progress" "$log" > "$out/p" && mv "$out/p" "$log"
    tail -80 "$log"
    exit 0
fi
bench cuda-rule-t 100 --device "$cuda" --rules "$dir/rule-cuda-t.json" --sizes $sizes --tensor-cores --verify \
    --runs 100 --out "$out/bench-cuda-t2.json"
lu=SYMV_ALGO=2,SYMV_UX=8,SYMV_MULTIPLICITY=1,SYMV_MX=0,SYMV_VW=1,SYMV_CG=1,SYMV_CHUNK=1,SYMV_FUSE=0
bench floor 60 --device "$cuda" --point "$lu,SYMV_BLOCK_SIZE=64,SYMV_ONE_LAUNCH=1" --sizes 1,8,16,32,64 \
    --tensor-cores --verify --runs 200 --out "$out/floor-cuda.json"
echo "== done $(date -u +%FT%TZ)" >> "$log"
grep -v "^progress" "$log" > "$out/p" && mv "$out/p" "$log"
tail -120 "$log"
