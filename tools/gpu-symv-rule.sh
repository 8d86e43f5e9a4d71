#!/usr/bin/env bash
# One GPU-machine command (docs/perf/symv.md, H100 2026-11-25 run T): the DSYMV size pipeline over L+U in one launch
# and the tiled kernel (tools/spaces/dsymv-h100-sizes.json), sieved at n = 256, 512, 1024, 4096, 8192 (three small
# sizes, so that one-launch kernels, which win only there, reach the finalists) and sampled at 40 sizes from 64 to
# 8192; then, each in one `ktune bench` process beside cuBLAS pedantic and cuBLAS default math with atomics allowed,
# verified against OpenBLAS: the rule at 13 sizes from 64 to 8192, and single points (L+U in one launch with 1, 2, 4,
# 8 rows per group; the tiled P1) at 256 ... 4096; the finalists; Nsight Compute of P1 at 2048 and 4096 and of one
# launch at 1024 and 2048; the rule on NVIDIA OpenCL beside CLBlast; the plot. At most 8 files land in $OUT.
# Carry: KT_SYMV_DIR (default .carry-symv4) holding ktune, this script, gpu-symv-common.sh, the space and
# tools/symv-plot.py; .carry/gpu-libs.tar.xz. Run as `bash .carry-symv4/gpu-symv-rule.sh`.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
cd "$here/.."
export KT_DB=/tmp/symv-rule.sqlite
out=${OUT:-/tmp/kt-out}
mkdir -p "$out"
log="$out/pipeline.log"
source "$here/gpu-symv-common.sh"
start=$(date +%s.%N)
echo "== pipeline $(date -u +%FT%TZ)" >> "$log"
timeout "${KT_PIPELINE_HARD_S:-300}" "$k" pipeline --device "$cuda" --family dsymv --space "$dir/dsymv-h100-sizes.json" \
    --representative "${KT_SYMV_REPRESENTATIVE:-256,512,1024,4096,8192}" --ranks 12 --finalists 8 \
    --detail "${KT_SYMV_DETAIL:-64:1024:64,1152:2048:128,2304:4096:256,4608:8192:512}" --no-verify --runs 30 \
    --budget-time "${KT_PIPELINE_SECONDS:-240}" --out "$out/rule.json" >> "$log" 2>&1
echo "pipeline rc $? wall $(python3 -c "import time;print(round(time.time()-$start,1))") s" >> "$log"
[ -f "$out/rule.json" ] && bench rule 120 --device "$cuda" --rules "$out/rule.json" --sizes $sizes --tensor-cores \
    --verify --runs 100 --out "$out/rule-cuda.json"
lu=SYMV_ALGO=2,SYMV_UX=8,SYMV_MULTIPLICITY=1,SYMV_MX=0,SYMV_VW=1,SYMV_CG=1,SYMV_CHUNK=1,SYMV_FUSE=0
p1=SYMV_ALGO=3,SYMV_BLOCK_SIZE=128,SYMV_UX=32,SYMV_MULTIPLICITY=8,SYMV_MX=0,SYMV_VW=1,SYMV_CG=4,SYMV_CHUNK=4
p1=$p1,SYMV_FUSE=0,SYMV_ONE_LAUNCH=0
points="$p1"
for r in 1 2 4 8; do points="$points;$lu,SYMV_BLOCK_SIZE=128,SYMV_ONE_LAUNCH=$r"; done
points="$points;$lu,SYMV_BLOCK_SIZE=256,SYMV_ONE_LAUNCH=4"
bench points 120 --device "$cuda" --point "$points" --sizes 256,512,1024,1536,2048,3072,4096 --tensor-cores --verify \
    --runs 100 --out "$out/points-cuda.json"
bench finalists 120 --device "$cuda" --best --top 8 --sizes $sizes --runs 30 --out "$out/top10-cuda.json"
ncu=$(command -v ncu || ls /usr/local/cuda/bin/ncu /opt/nvidia/nsight-compute/*/ncu 2>/dev/null | head -1)
if [ -n "$ncu" ]; then
    for case in "symv_tiled 2048 $p1" "symv_tiled 4096 $p1" "symv_lu_one 1024 $lu,SYMV_BLOCK_SIZE=128,SYMV_ONE_LAUNCH=4" \
        "symv_lu_one 2048 $lu,SYMV_BLOCK_SIZE=128,SYMV_ONE_LAUNCH=4"; do
        set -- $case
        echo "== ncu $1 n=$2 $3" >> "$out/ncu.txt"
        timeout 60 "$ncu" -k "$1" --launch-skip 1 --launch-count 1 --section SpeedOfLight \
            --section MemoryWorkloadAnalysis --section Occupancy "$k" bench --device "$cuda" --family dsymv \
            --peer none --runs 1 --sizes "$2" --point "$3" >> "$out/ncu.txt" 2>&1
    done
else
    echo "no ncu" >> "$log"
fi
# OpenCL has no overlapped launch: the rule's SYMV_PDL 1 kernels run there as the same kernels launched plainly
# (SYMV_PDL 0; the bench refuses a CUDA-only point with the constraint's message, H200 2026-11-28 run AH).
if [ -n "$ocl" ] && [ -f "$out/rule.json" ]; then
    sed 's/SYMV_PDL=1/SYMV_PDL=0/g' "$out/rule.json" > /tmp/symv-rule-opencl.json
    bench opencl 100 --device "$ocl" --rules /tmp/symv-rule-opencl.json --sizes $sizes --verify --runs 20 \
        --out "$out/rule-opencl.json"
fi
cp /tmp/profile-cuda.json "$out/"
/opt/torch/.venv/bin/python3 "$dir/symv-plot.py" "$out" >> "$log" 2>&1 || python3 "$dir/symv-plot.py" "$out" >> "$log" 2>&1
rm -f "$out/profile-cuda.json" # eight files come back; the bench JSONs hold the bound's bandwidth
echo "== done $(date -u +%FT%TZ)" >> "$log"
grep -v "^progress" "$log" | tail -90
