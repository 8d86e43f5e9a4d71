#!/usr/bin/env bash
# Batched GEMM on the GPU machine (docs/perf/batched.md), one device command: the copy bandwidth (ktune profile),
# then every seed design of the family (the paper's designs, `--paper`) at n = 1..32 on CUDA, ours vs cuBLAS, about
# 3 GB of operands per call; the per-size best becomes a dispatch table (ktune rules --table, key m,n,k), which is
# then measured (ktune bench --rules) against CLBlast on OpenCL, with pointer arrays against cuBLAS, on rectangular
# shapes, and checked against OpenBLAS on small batches. Each step has its own time limit.
# usage: KT_BIN=path/to/ktune [KT_LIBS=gpu-libs.tar.xz] OUT=dir tools/batched-gpu.sh all
# Everything lands in $OUT/results.tar.gz (the device tool returns few files) and $OUT/log.txt.
set -uo pipefail
stage=$1
here=$(cd "$(dirname "$0")" && pwd)
ktune=${KT_BIN:?KT_BIN names the ktune executable}
out=${OUT:?}
mkdir -p "$out"
export KT_DB=${KT_DB:-/tmp/kt-batched.sqlite}
if [ -f "${KT_LIBS:-}" ]; then mkdir -p /tmp/kt-libs && tar xJf "$KT_LIBS" -C /tmp/kt-libs; fi
export LD_LIBRARY_PATH=/tmp/kt-libs${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
mkdir -p /tmp/icd && echo /usr/lib/libnvidia-opencl.so.1 > /tmp/icd/nvidia.icd
[ -d /etc/OpenCL/vendors ] && cp /etc/OpenCL/vendors/*.icd /tmp/icd/ 2>/dev/null
export OCL_ICD_VENDORS=/tmp/icd
log="$out/log.txt"
say() { echo "[$(date +%T) +${SECONDS}s] $*" | tee -a "$log"; }
budget=${KT_BUDGET_S:-560} # stop starting steps past this many seconds
hard=${KT_HARD_S:-580}      # and end every step by then, so the results are packed before the command's limit
within() { local left=$((hard - SECONDS)); [ "$1" -lt "$left" ] && echo "$1" || echo $((left > 1 ? left : 1)); }

# "n x n x n x batch" with about 3 GB of operands (A, B and C: 3 n^2 elements per problem); rectangular shapes
# likewise with mk + kn + mn elements.
size() { # m n k element-bytes
    local m=$1 n=$2 k=$3 e=$4
    echo "${m}x${n}x${k}x$((3000000000 / ((m * k + k * n + m * n) * e)))"
}
cuda=$("$ktune" devices 2>/dev/null | awk '$2 ~ /^cuda:/ {print $2; exit}')
opencl=$("$ktune" devices 2>/dev/null | awk '$2 ~ /^opencl:nvidia/ {print $2; exit}')
say "devices: cuda=$cuda opencl=$opencl"
"$ktune" devices > "$out/devices.txt" 2>&1

sweep() { # precision n: every seed design, ours vs cuBLAS
    local p=$1 n=$2 e
    e=$([ "$p" = d ] && echo 8 || echo 4)
    timeout "$(within 60)" "$ktune" bench --device "$cuda" --family ${p}gemm_batched --paper --variants nn \
        --sizes "$(size $n $n $n $e)" --peer cublas --runs 5 --json --out "$out/sweep-$p-$n.json" > /dev/null 2>>"$log"
    say "sweep $p n=$n: rc $?"
}
tables() {
    for p in d s; do
        python3 "$here/batched-curves.py" "$out/curves-$p.csv" "$out"/sweep-$p-*.json 2>>"$log"
        "$ktune" rules --curves "$out/curves-$p.csv" --table --key m,n,k --family ${p}gemm_batched \
            --out "$out/table-$p.json" --emit-cpp "$out/table-$p.hpp" --namespace ktune_batched >> "$log" 2>&1
        say "table $p: rc $?"
    done
}
# ktune bench --rules: backend (cuda|opencl), precision, variants, sizes, output name, time limit
rulesBench() {
    local backend=$1 p=$2 variants=$3 sizes=$4 name=$5 limit=$6 id peer
    id=$([ "$backend" = cuda ] && echo "$cuda" || echo "$opencl")
    peer=$([ "$backend" = cuda ] && echo cublas || echo clblast)
    if [ "$SECONDS" -gt "$budget" ]; then say "budget spent: skip $name"; return; fi
    timeout "$(within "$limit")" "$ktune" bench --device "$id" --family ${p}gemm_batched --rules "$out/table-$p.json" \
        --variants "$variants" --sizes "$sizes" --peer "$peer" --runs 5 --json --out "$out/$name.json" \
        > /dev/null 2>>"$log"
    say "$name: rc $?"
}
sizesOf() { # precision n...: the ~3 GB sizes
    local e=$([ "$1" = d ] && echo 8 || echo 4) list="" n
    shift
    for n in "$@"; do list="$list,$(size $n $n $n $e)"; done
    echo "${list#,}"
}

if [ "$stage" = all ]; then
    for id in "$cuda" "$opencl"; do
        timeout 60 "$ktune" profile "$id" --json > "$out/profile-${id%%:*}.json" 2>>"$log"
        say "profile $id: rc $?"
    done
    sweepBudget=${KT_SWEEP_BUDGET_S:-370}
    for n in 8 16 32 2 4 1 12 24 6 20 28 3 10 14 18 22 26 30 5 7 9 11 13 15 17 19 21 23 25 27 29 31; do
        for p in d s; do
            if [ "$SECONDS" -gt "$sweepBudget" ]; then say "sweep budget spent: skip $p n=$n"; continue; fi
            sweep $p $n
        done
    done
    tables
    for p in d s; do
        e=$([ $p = d ] && echo 8 || echo 4)
        rect=""
        for shape in "16 8 32" "2 32 32"; do rect="$rect,$(size $shape $e)"; done
        rulesBench opencl $p nn "$(sizesOf $p 1 2 4 8 16 32)$rect" table-opencl-$p 90
    done
    for p in d s; do rulesBench cuda $p ptr-nn "$(sizesOf $p 4 8 16 32)" ptr-cuda-$p 60; done
    for p in d s; do
        e=$([ $p = d ] && echo 8 || echo 4)
        rect=""
        for shape in "8 16 4" "32 4 16" "4 32 8"; do rect="$rect,$(size $shape $e)"; done
        rulesBench cuda $p nn "${rect#,}" rect-cuda-$p 60
    done
    # Correctness on the GPU: a small batch of every n, strided and pointer arrays, checked against OpenBLAS.
    for backend in cuda; do
        id=$cuda
        for p in d s; do
            if [ "$SECONDS" -gt "$budget" ]; then say "budget spent: skip verify $backend $p"; continue; fi
            timeout "$(within 60)" "$ktune" bench --device "$id" --family ${p}gemm_batched --rules "$out/table-$p.json" \
                --variants nn,ptr-nt --sizes "$(for n in $(seq 1 32); do printf '%sx%sx%sx999,' $n $n $n; done)13x29x23x77" \
                --peer none --runs 1 --verify --json --out "$out/verify-$backend-$p.json" > /dev/null 2>>"$log"
            say "verify $backend $p: rc $?"
        done
    done
fi
say "done"
tar czf "$out/results.tar.gz" -C "$out" --exclude results.tar.gz . && find "$out" -type f ! -name results.tar.gz ! -name log.txt -delete
