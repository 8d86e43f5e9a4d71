#!/usr/bin/env bash
# H100 run N: ncu of the n = 32 double leader beside cuBLAS, then rounds with prefetch (BATCHED_SEQ) at 28 and 32.
set -uo pipefail
source tools/gpu-env.sh
export KT_DB=/tmp/n.sqlite
K=$PWD/.carry-batched/ktune
cuda=$($K devices 2>/dev/null | awk '$2 ~ /^cuda:/ {print $2; exit}')
key() { echo "BATCHED_DESIGN=1,BATCHED_TBA=$1,BATCHED_WX=$2,BATCHED_WY=$3,BATCHED_REG=1,BATCHED_PAD=$4,BATCHED_VEC=0,BATCHED_SEQ=$5"; }
NCU=$(command -v ncu || ls /usr/local/cuda/bin/ncu /opt/nvidia/nsight-compute/*/ncu 2>/dev/null | head -1)
timeout 60 "$NCU" --clock-control none -k regex:gemm --launch-skip 1 --launch-count 2 --section SpeedOfLight \
    --section Occupancy --section LaunchStats --section WarpStateStats "$K" bench --device "$cuda" --family dgemm_batched \
    --point "$(key 1 16 16 1 1)" --variants nn --sizes 32x32x32x40690 --peer cublas --runs 1 --warmup 1 > "$OUT/ncu-d32.txt" 2>&1
echo "ncu rc $? at $SECONDS s"
points="$(key 1 16 16 1 1);$(key 1 16 16 1 2);$(key 1 16 16 1 4);$(key 1 16 16 0 1);$(key 1 16 16 0 2);$(key 2 16 8 1 1);$(key 2 16 8 1 2)"
for s in d32:40690 s32:81380 d28:53146 s28:106292; do
    p=${s:0:1}; n=${s:1:2}; b=${s#*:}
    timeout 30 "$K" bench --device "$cuda" --family ${p}gemm_batched --point "$points" --variants nn \
        --sizes ${n}x${n}x${n}x$b --peer cublas --runs 5 --verify --json --out "$OUT/seq-$p-$n.json" > /dev/null 2>>"$OUT/log.txt"
    echo "seq $p $n rc $? at $SECONDS s"
done
