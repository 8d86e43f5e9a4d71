#!/usr/bin/env bash
# H100 run X: what run W's time limits cut (tools/batched-gpu.sh tuned): n = 3 and 5, run W's tables with pointer
# arrays against cuBLAS gemmBatched and, in single precision, on OpenCL against CLBlast, and an ncu profile of the
# n = 31 double kernel of run L (16 x 16, padded, no rounds) beside run W's (16 x 16, 2 rounds).
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
K=$here/ktune
out=${OUT:?}
export KT_DB=/tmp/x.sqlite
mkdir -p /tmp/kt-libs && tar xJf "$here/../.carry/gpu-libs.tar.xz" -C /tmp/kt-libs
export LD_LIBRARY_PATH=/tmp/kt-libs${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
mkdir -p /tmp/icd && echo /usr/lib/libnvidia-opencl.so.1 > /tmp/icd/nvidia.icd
[ -d /etc/OpenCL/vendors ] && cp /etc/OpenCL/vendors/*.icd /tmp/icd/ 2>/dev/null
export OCL_ICD_VENDORS=/tmp/icd
log=$out/log.txt
say() { echo "[$(date +%T) +${SECONDS}s] $*" | tee -a "$log"; }
cuda=$($K devices 2>/dev/null | awk '$2 ~ /^cuda:/ {print $2; exit}')
opencl=$($K devices 2>/dev/null | awk '$2 ~ /^opencl:nvidia/ {print $2; exit}')
key() { echo "BATCHED_DESIGN=$1,BATCHED_TBA=$2,BATCHED_WX=$3,BATCHED_WY=$4,BATCHED_REG=$5,BATCHED_PAD=$6,BATCHED_VEC=0,BATCHED_SEQ=$7,BATCHED_MINB=$8,BATCHED_LDV=$9"; }
size() { echo "${1}x${1}x${1}x$((1000000000 / (3 * $1 * $1 * $2)))"; }
small="$(key 0 128 1 1 0 0 1 0 1);$(key 0 64 2 2 0 0 1 0 1);$(key 0 8 4 4 0 0 1 0 1);$(key 0 16 4 4 0 0 1 0 1);$(key 1 4 8 8 0 0 1 0 1)"
if [ -z "${ONLY_OPENCL:-}" ]; then
for n in 3 5; do
    for p in d s; do
        e=$([ $p = d ] && echo 8 || echo 4)
        timeout 20 $K bench --device "$cuda" --family ${p}gemm_batched --point "$small" --variants nn --sizes "$(size $n $e)" \
            --peer cublas --runs 5 --json --out "$out/sweep-$p-$n.json" > /dev/null 2>>"$log"
        say "sweep $p $n: rc $?"
    done
done
for p in d s; do
    e=$([ $p = d ] && echo 8 || echo 4)
    list=""; for n in 8 16 20 24 28 31 32; do list="$list,$(size $n $e)"; done
    timeout 45 $K bench --device "$cuda" --family ${p}gemm_batched --rules "$here/table-$p.json" --variants ptr-nn \
        --sizes "${list#,}" --peer cublas --runs 5 --json --out "$out/ptr-cuda-$p.json" > /dev/null 2>>"$log"
    say "ptr $p: rc $?"
done
fi
list=""; for n in 1 2 4 8 12 16 20 24 28 31 32; do list="$list,$(size $n 4)"; done
timeout 60 $K bench --device "$opencl" --family sgemm_batched --rules "$here/table-s.json" --variants nn \
    --sizes "${list#,}" --peer clblast --runs 5 --json --out "$out/table-opencl-s.json" > /dev/null 2>>"$log"
say "opencl s: rc $?"
[ -n "${ONLY_OPENCL:-}" ] && exit 0
NCU=$(command -v ncu || ls /usr/local/cuda/bin/ncu /opt/nvidia/nsight-compute/*/ncu 2>/dev/null | head -1)
timeout 45 "$NCU" --clock-control none -k regex:gemm_batched --launch-skip 1 --launch-count 2 --section SpeedOfLight \
    --section Occupancy --section LaunchStats --section WarpStateStats "$K" bench --device "$cuda" --family dgemm_batched \
    --point "$(key 1 1 16 16 1 1 1 0 1);$(key 1 1 16 16 1 0 2 0 1)" --variants nn --sizes 31x31x31x43357 --peer none \
    --runs 1 --warmup 1 > "$out/ncu-d31.txt" 2>&1
say "ncu d31: rc $?"
