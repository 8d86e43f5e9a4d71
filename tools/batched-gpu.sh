#!/usr/bin/env bash
# Batched GEMM on the GPU machine (docs/perf/batched.md), one device command: the copy bandwidth (ktune profile),
# then every seed design of the family (the paper's designs, `--paper`) at n = 1..32 on CUDA, ours vs cuBLAS, about
# 3 GB of operands per call; the per-size best becomes a dispatch table (ktune rules --table, key m,n,k), which is
# then measured (ktune bench --rules) against CLBlast on OpenCL, with pointer arrays against cuBLAS, on rectangular
# shapes, and checked against OpenBLAS on small batches. Each step has its own time limit.
# usage: KT_BIN=path/to/ktune [KT_LIBS=gpu-libs.tar.xz] OUT=dir tools/batched-gpu.sh all|blocked|tuned|shapes|every
# `every`: every n = 1...32 with the union of the `tuned` and `shapes` lists and more dividing shapes (below).
# `shapes`: work-item counts that divide the size (n = 3...19) and pointer-array candidates at double 28 (below).
# `tuned`: every n = 1...32 with the candidates of the enlarged space per size range (the stage's comment below).
# `blocked`: the register-blocked and padded designs at n = 20...32 (~1 GB of operands per call), ours vs cuBLAS
# strided; a table from these figures and, for the other sizes, the curves in KT_OLD_CURVES (a directory with
# curves-d.csv / curves-s.csv of an earlier `all`); then pointer arrays vs cuBLAS gemmBatched, the GPU check
# against OpenBLAS (n = 15...32 and rectangular shapes) and the table on OpenCL vs CLBlast.
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
operandBytes=${KT_OPERAND_BYTES:-3000000000}
size() { # m n k element-bytes
    local m=$1 n=$2 k=$3 e=$4
    echo "${m}x${n}x${k}x$((operandBytes / ((m * k + k * n + m * n) * e)))"
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
sweepPoints() { # precision n points limit-seconds: the given point keys (';'-separated), ours vs cuBLAS
    local p=$1 n=$2 points=$3 limit=$4 e
    e=$([ "$p" = d ] && echo 8 || echo 4)
    timeout "$(within "$limit")" "$ktune" bench --device "$cuda" --family ${p}gemm_batched --point "$points" \
        --variants nn --sizes "$(size $n $n $n $e)" --peer cublas --runs 5 --json \
        --out "$out/sweep-$p-$n.json" > /dev/null 2>>"$log"
    say "sweep $p n=$n: rc $?"
}
tables() {
    for p in d s; do
        if compgen -G "$out/sweep-$p-*.json" > /dev/null; then
            python3 "$here/batched-curves.py" "$out/curves-$p.csv" "$out"/sweep-$p-*.json 2>>"$log"
        elif [ -f "${KT_OLD_CURVES:-}/curves-$p.csv" ]; then # nothing swept in this precision: the earlier table
            cp "$KT_OLD_CURVES/curves-$p.csv" "$out/curves-$p.csv"
        fi
        if [ -n "${KT_OLD_CURVES:-}" ] && [ -f "$KT_OLD_CURVES/curves-$p.csv" ]; then
            # The earlier run's figures for the sizes not measured here (the same key m,n,k: the new ones win).
            python3 - "$out/curves-$p.csv" "$KT_OLD_CURVES/curves-$p.csv" <<'PY' 2>>"$log"
import csv, sys
new = list(csv.reader(open(sys.argv[1])))
have = {tuple(r[:3]) for r in new[1:]}
old = [r for r in list(csv.reader(open(sys.argv[2])))[1:] if tuple(r[:3]) not in have]
csv.writer(open(sys.argv[1], "w", newline="")).writerows(new + old)
PY
        fi
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

profileCuda() { # the copy bandwidth B of the bound
    timeout 60 "$ktune" profile "$cuda" --json > "$out/profile-cuda.json" 2>>"$log"
    say "profile $cuda: rc $?"
}
pointKey() { # design tba wx wy reg pad seq minb ldv: a point of the family's space (no vector tiles)
    echo "BATCHED_DESIGN=$1,BATCHED_TBA=$2,BATCHED_WX=$3,BATCHED_WY=$4,BATCHED_REG=$5,BATCHED_PAD=$6,BATCHED_VEC=0,BATCHED_SEQ=$7,BATCHED_MINB=$8,BATCHED_LDV=$9"
}
pow2le() { local t=1; while [ $((t * 2)) -le "$1" ]; do t=$((t * 2)); done; echo $t; } # the power of two <= $1
# The tables checked against OpenBLAS on the GPU: every n = 1...32 and three rectangular shapes, small batches,
# strided and pointer arrays (KT_VERIFY_PRECISIONS, default both). Arguments: the first n (1), the time limit (40 s).
verifyTables() {
    local p list
    for p in ${KT_VERIFY_PRECISIONS:-d s}; do
        if [ "$SECONDS" -gt "$budget" ]; then say "budget spent: skip verify $p"; continue; fi
        list=$(for n in $(seq "${1:-1}" 32); do printf '%sx%sx%sx999,' $n $n $n; done)
        timeout "$(within "${2:-40}")" "$ktune" bench --device "$cuda" --family ${p}gemm_batched --rules "$out/table-$p.json" \
            --variants nn,ptr-nt --sizes "${list}13x29x23x77,32x5x17x101,20x24x28x55" --peer none --runs 1 \
            --verify --json --out "$out/verify-cuda-$p.json" > /dev/null 2>>"$log"
        say "verify cuda $p: rc $?"
    done
}
peerSteps() {
    # The table with pointer arrays against cuBLAS gemmBatched at the sizes KT_PTR_SIZES names
    # (KT_PTR_PRECISIONS, default both; KT_PTR_LIMIT_S seconds a step, default 40: run F's single step needed
    # more; groups separated by '|' are steps of their own, ptr-cuda-$p-1, -2 ..., so one past its limit loses
    # only its own sizes)
    if [ -n "${KT_PTR_SIZES:-}" ]; then
        IFS='|' read -ra groups <<< "$KT_PTR_SIZES"
        for p in ${KT_PTR_PRECISIONS:-d s}; do
            g=0
            for group in "${groups[@]}"; do
                g=$((g + 1))
                name=ptr-cuda-$p
                [ "${#groups[@]}" -gt 1 ] && name=$name-$g
                rulesBench cuda $p ptr-nn "$(sizesOf $p $group)" "$name" "${KT_PTR_LIMIT_S:-40}"
            done
        done
    fi
    # and on OpenCL against CLBlast at the sizes KT_OPENCL_SIZES names
    if [ -n "${KT_OPENCL_SIZES:-}" ]; then
        for p in d s; do rulesBench opencl $p nn "$(sizesOf $p $KT_OPENCL_SIZES)" table-opencl-$p 40; done
    fi
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
if [ "$stage" = blocked ]; then
    profileCuda
    # The register-blocked designs (shared with odd leading dimensions, and read-only cache) beside the two
    # designs that led at 20...32 in run B, with padding alone on one of them.
    key() { echo "BATCHED_DESIGN=$1,BATCHED_TBA=$2,BATCHED_WX=$3,BATCHED_WY=$4,BATCHED_REG=$5,BATCHED_PAD=$6"; }
    points="$(key 1 2 8 8 1 1);$(key 1 1 8 8 1 1);$(key 1 2 16 8 1 1);$(key 1 1 16 16 1 1);$(key 1 2 8 4 1 1)"
    points="$points;$(key 0 2 8 8 1 0);$(key 0 2 16 8 1 0);$(key 1 1 16 16 0 1);$(key 1 1 16 16 0 0)"
    points="$points;$(key 1 4 8 8 0 0)"
    points=${KT_BLOCKED_POINTS:-$points} # or a list of point keys separated by ';'
    for n in ${KT_BLOCKED_SIZES:-32 24 28 20 31}; do
        for p in d s; do
            if [ "$SECONDS" -gt "${KT_SWEEP_BUDGET_S:-120}" ]; then say "sweep budget spent: skip $p n=$n"; continue; fi
            sweepPoints "$p" "$n" "$points" 40
        done
    done
    tables
    for p in d s; do rulesBench cuda $p ptr-nn "$(sizesOf $p 20 24 28 32)" ptr-cuda-$p 45; done
    small=${KT_SMALL_SIZES-1 2 3 4 6 8 12 16} # the table beside cuBLAS strided at sizes not swept ("": none)
    if [ -n "$small" ]; then
        for p in d s; do rulesBench cuda $p nn "$(sizesOf $p $small)" small-cuda-$p 30; done
    fi
    verifyTables 15 45
    for p in d s; do rulesBench opencl $p nn "$(sizesOf $p 20 24 28 32)" table-opencl-$p 45; done
fi
if [ "$stage" = tuned ]; then
    # Every n = 1...32, S and D: per size the candidates of the enlarged space that fit its range (below),
    # ours vs cuBLAS strided in the same process (~KT_OPERAND_BYTES of operands); the per-size best becomes the
    # table, measured with pointer arrays against cuBLAS gemmBatched (every n), on OpenCL against CLBlast (a subset),
    # checked against OpenBLAS on the GPU (every n, strided and pointer arrays), and, with time left, profiled (ncu).
    profileCuda
    key() { pointKey "$@"; }
    candidates() { # precision n: the candidates measured at n
        local p=$1 n=$2 v list
        v=$([ "$p" = d ] && echo 2 || echo 4)
        if [ "$n" -le 8 ]; then
            list="$(key 0 128 1 1 0 0 1 0 1);$(key 0 64 2 2 0 0 1 0 1);$(key 0 8 4 4 0 0 1 0 1);$(key 0 16 4 4 0 0 1 0 1)"
            list="$list;$(key 1 4 8 8 0 0 1 0 1)"
        elif [ "$n" -le 16 ]; then
            list="$(key 1 4 8 8 0 0 1 0 1);$(key 0 16 4 4 0 0 1 0 1);$(key 1 1 16 16 0 0 1 0 1);$(key 1 1 8 8 1 1 1 0 1)"
            list="$list;$(key 1 2 8 8 1 1 2 0 1);$(key 1 1 8 8 1 1 4 0 $v)"
        else
            list="$(key 1 1 8 8 1 1 1 0 1);$(key 1 1 16 16 1 1 4 0 1);$(key 1 1 16 16 1 0 2 0 1);$(key 1 2 16 8 1 1 2 0 1)"
            list="$list;$(key 1 1 16 16 1 1 8 6 1);$(key 1 1 16 8 1 1 4 0 1)"
            # vector loads only where a column is whole vectors (elsewhere the kernel is the one without them)
            if [ $((n % v)) -eq 0 ]; then list="$list;$(key 1 1 16 16 1 0 4 0 $v);$(key 1 1 16 16 1 1 4 4 $v)"; fi
        fi
        echo "$list"
    }
    sweepBudget=${KT_SWEEP_BUDGET_S:-330}
    for n in 32 31 28 24 20 30 29 27 26 25 23 22 21 19 18 17 16 12 8 15 14 13 11 10 9 4 2 1 7 6 5 3; do
        for p in d s; do
            if [ "$SECONDS" -gt "$sweepBudget" ]; then say "sweep budget spent: skip $p n=$n"; continue; fi
            sweepPoints "$p" "$n" "$(candidates $p $n)" 30
        done
    done
    tables
    all=$(seq 1 32)
    for p in d s; do rulesBench cuda $p ptr-nn "$(sizesOf $p $all)" ptr-cuda-$p 50; done
    verifyTables
    for p in d s; do rulesBench opencl $p nn "$(sizesOf $p 1 2 4 8 12 16 20 24 28 31 32)" table-opencl-$p 45; done
    NCU=$(command -v ncu || ls /usr/local/cuda/bin/ncu /opt/nvidia/nsight-compute/*/ncu 2>/dev/null | head -1)
    if [ -n "$NCU" ] && [ $((hard - SECONDS)) -gt 30 ]; then
        # The n = 31 double kernel without and with prefetch rounds (the timed run of the first, the warm-up of the
        # second).
        timeout "$(within 40)" "$NCU" --clock-control none -k regex:gemm_batched --launch-skip 1 --launch-count 2 \
            --section SpeedOfLight --section Occupancy --section LaunchStats --section WarpStateStats \
            "$ktune" bench --device "$cuda" --family dgemm_batched \
            --point "$(key 1 1 16 16 1 1 1 0 1);$(key 1 1 16 16 1 1 4 0 1)" --variants nn --sizes 31x31x31x43000 \
            --peer none --runs 1 --warmup 1 > "$out/ncu-d31.txt" 2>&1
        say "ncu d31: rc $?"
    fi
fi
if [ "$stage" = shapes ]; then
    # Work-item shapes that divide the size (counts that are no power of two) at the sizes runs W-Y left below the
    # targets and their neighbours, beside run W's leader of that size range, ours vs cuBLAS strided (~1 GB of
    # operands with KT_OPERAND_BYTES=1000000000); the table from these figures and, for the sizes not swept here,
    # the curves in KT_OLD_CURVES (run W's); the table checked against OpenBLAS on the GPU (every n, strided and
    # pointer arrays); then candidates at double n = 28 measured with pointer arrays against cuBLAS gemmBatched.
    profileCuda
    key() { pointKey "$1" "$2" "$3" "$4" "$5" "$6" "$7" 0 "$8"; } # design tba wx wy reg pad seq ldv
    candidates() { # precision n
        local p=$1 n=$2 list t h v
        v=$([ $((n % 2)) -eq 0 ] && echo 2 || echo 1) # vector staging loads where a column is whole pairs
        if [ "$n" -le 8 ]; then
            # run W's candidates of the range, then n x n work-items (one element each: every lane in a problem)
            # and n x 1 (a column of C each), problems per work-group so that work-groups stay <= 1024
            t=$(pow2le $((1024 / (n * n))))
            list="$(key 0 8 4 4 0 0 1 1);$(key 0 16 4 4 0 0 1 1);$(key 0 64 2 2 0 0 1 1);$(key 1 4 8 8 0 0 1 1)"
            list="$list;$(key 0 $((t / 2)) $n $n 0 0 1 1);$(key 1 $((t / 2)) $n $n 1 0 2 1);$(key 1 $((t / 4)) $n $n 1 0 4 1)"
            list="$list;$(key 1 $t $n $n 1 0 1 1);$(key 1 64 $n 1 1 0 2 1)"
        elif [ "$n" -le 12 ]; then
            h=$(((n + 1) / 2))
            list="$(key 1 1 8 8 1 1 1 1);$(key 1 2 8 8 1 1 2 1);$(key 0 16 4 4 0 0 1 1)"
            list="$list;$(key 1 4 $n $n 1 1 2 1);$(key 1 2 $n $n 1 1 4 1);$(key 1 4 $n $h 1 1 4 1)"
            list="$list;$(key 1 4 $n $(((n + 2) / 3)) 1 1 4 1)"
            [ "$v" -eq 2 ] && list="$list;$(key 1 4 $n $n 1 1 2 2)"
            if [ -n "${KT_SHAPES_MORE:-}" ]; then
                # run E's leaders at 9...11 (n x n, 4 problems, 2 rounds) with more problems per work-group, fewer
                # rounds, and one column of three per work-item
                list="$list;$(key 1 4 $n $n 1 1 1 1);$(key 1 8 $n $(((n + 2) / 3)) 1 1 2 1);$(key 1 16 $n $(((n + 2) / 3)) 1 1 2 1)"
                [ $((8 * n * n)) -le 1024 ] && list="$list;$(key 1 8 $n $n 1 1 2 1);$(key 1 8 $n $n 1 1 1 1)"
                [ "$n" -le 10 ] && list="$list;$(key 1 8 $(((n + 1) / 2)) $(((n + 1) / 2)) 1 1 2 1)"
            fi
        elif [ "$n" -eq 28 ] && [ "$p" = d ]; then
            # double 28: the candidates of run E at or above cuBLAS gemmBatched with pointer arrays (16 x 16 and
            # 14 x 14, padded, 4 rounds), so the table's one point per size holds for both batch kinds
            list="$(key 1 1 16 16 1 1 4 1);$(key 1 1 14 14 1 1 4 1)"
        else
            list="$(key 1 1 16 8 1 1 4 1);$(key 1 2 8 8 1 1 2 1)"
            case $n in
            16) list="$list;$(key 1 1 16 16 1 1 2 1);$(key 1 2 16 8 1 1 4 2)" ;;
            17) list="$list;$(key 1 1 17 9 1 1 4 1);$(key 1 2 17 9 1 1 2 1);$(key 1 1 17 6 1 1 4 1);$(key 1 1 17 17 1 1 2 1)"
                [ -n "${KT_SHAPES_MORE:-}" ] &&
                    list="$list;$(key 1 4 8 8 1 1 2 1);$(key 1 2 9 9 1 1 2 1);$(key 1 2 6 6 1 1 2 1);$(key 1 2 17 6 1 1 2 1)" ;;
            18) list="$list;$(key 1 1 9 9 1 1 4 2);$(key 1 2 9 9 1 1 4 1);$(key 1 1 18 9 1 1 4 2);$(key 1 1 18 6 1 1 4 1)" ;;
            19) list="$list;$(key 1 1 10 10 1 1 4 1);$(key 1 1 17 10 1 1 4 1)" ;;
            13) # 13 is prime: 7 x 7 (2 x 2 blocks over 14) and 13 x 5 (1 x 3 over 15) with 8 problems, beside
                # run W's entry (8 x 8, 2 problems) and neighbours in problems, rounds, padding and shape
                list="$list;$(key 1 8 7 7 1 1 2 1);$(key 1 8 13 5 1 1 2 1);$(key 1 16 7 7 1 1 2 1)"
                list="$list;$(key 1 4 7 7 1 1 4 1);$(key 1 8 7 7 1 1 4 1);$(key 1 8 13 5 1 1 4 1)"
                list="$list;$(key 1 8 7 7 1 0 2 1);$(key 1 8 7 7 1 1 1 1);$(key 1 4 13 13 1 1 2 1)"
                list="$list;$(key 1 8 13 7 1 1 2 1);$(key 1 8 13 3 1 1 2 1)" ;;
            esac
        fi
        echo "$list"
    }
    sweepBudget=${KT_SWEEP_BUDGET_S:-250}
    # KT_SHAPES_PAIRS ("d:28 s:9 ..."): precision and size pairs instead of both precisions at each of the sizes
    pairs=${KT_SHAPES_PAIRS:-$(for n in ${KT_SHAPES_SIZES:-5 9 17 18 10 11 3 6 7 16 19 8 12 4}; do echo "d:$n s:$n"; done)}
    for pair in $pairs; do
        p=${pair%%:*} n=${pair#*:}
        if [ "$SECONDS" -gt "$sweepBudget" ]; then say "sweep budget spent: skip $p n=$n"; continue; fi
        sweepPoints "$p" "$n" "$(candidates $p $n)" 30
    done
    # KT_REFUSED=1: the shapes that failed on the device in run E (7 x 1 and 8 x 1 with 64 problems, 2 rounds), now
    # refused before compiling where their tiles pass the static shared-memory limit, or stopped before the launch
    # with their register count: rows with those errors, beside n x n work-items with 8 problems (a shape that runs)
    if [ -n "${KT_REFUSED:-}" ]; then
        for pair in d:7 d:8 s:7 s:8; do
            p=${pair%%:*} n=${pair#*:}
            e=$([ "$p" = d ] && echo 8 || echo 4)
            timeout "$(within 20)" "$ktune" bench --device "$cuda" --family ${p}gemm_batched \
                --point "$(key 1 64 $n 1 1 0 2 1);$(key 1 8 $n $n 1 0 2 1)" --variants nn \
                --sizes "$(size $n $n $n $e)" --peer none --runs 2 --json --out "$out/refused-$p-$n.json" \
                > /dev/null 2>>"$log"
            say "refused $p n=$n: rc $?"
        done
    fi
    tables
    verifyTables
    # Pointer arrays at double 28 (0.93x cuBLAS gemmBatched in run X with run W's strided winner, the first here).
    ptr="$(key 1 1 16 8 1 1 4 1);$(key 1 1 16 8 1 1 8 1);$(key 1 2 16 8 1 1 2 1);$(key 1 1 16 16 1 0 2 1)"
    ptr="$ptr;$(key 1 1 16 16 1 1 4 1);$(key 1 1 16 8 1 1 4 2);$(key 1 1 14 14 1 1 4 1);$(key 1 1 14 7 1 1 4 2)"
    if [ "$SECONDS" -lt "$budget" ] && [ "${KT_PTR_SWEEP_28:-1}" = 1 ]; then
        timeout "$(within 40)" "$ktune" bench --device "$cuda" --family dgemm_batched --point "$ptr" \
            --variants ptr-nn,nn --sizes "$(size 28 28 28 8)" --peer cublas --runs 5 --json \
            --out "$out/ptr-sweep-d-28.json" > /dev/null 2>>"$log"
        say "ptr sweep d n=28: rc $?"
    fi
    peerSteps
fi
if [ "$stage" = every ]; then
    # Every n = 1...32, S and D, on a device without a table of its own (the H200 in 2026-11-25 run P reached
    # 58-79% of the bound in single at 17...31 with the `tuned` stage's list, which lacks the shapes of H100 runs
    # E, F and M): per size the union of the `tuned` and `shapes` candidates of its range, the H100 table's entry
    # and shapes that divide the size (2 x 2 blocks over ceil(n/2) squared work-items, 2 x 4 over ceil(n/2) x
    # ceil(n/4)) with 1, 2 or 4 problems and prefetch rounds, ours vs cuBLAS strided in the same process
    # (KT_OPERAND_BYTES). Then the table (over KT_OLD_CURVES where a size was not swept), the check against
    # OpenBLAS on the GPU and the peer steps (KT_PTR_SIZES, KT_OPENCL_SIZES). KT_EVERY_PAIRS ("s:17 d:5 ...")
    # picks the precision and size pairs (default: single 17...31 first, then 1...11, then the rest);
    # KT_EXTRA_POINTS names a file of lines "p n key;key..." measured beside the list of that pair (KT_EXTRA_ONLY=1:
    # instead of it).
    profileCuda
    key() { pointKey "$@"; }
    candidates() { # precision n: one key a line
        local p=$1 n=$2 t h q v
        if [ -n "${KT_EXTRA_ONLY:-}" ]; then extraPoints "$p" "$n"; return; fi
        h=$(((n + 1) / 2)) q=$(((n + 3) / 4))
        # elements per staging load: where a column is whole vectors (16 bytes in single with 4, in double with 2)
        v=1
        [ $((n % 2)) -eq 0 ] && v=2
        [ "$p" = s ] && [ $((n % 4)) -eq 0 ] && v=4
        if [ "$n" -le 8 ]; then
            # read-only 4 x 4 / 2 x 2 / 1 x 1 (runs W-Y), n x n work-items (one element each) with 2 or 4
            # problems fewer than the work-group limit allows and rounds, n x 1 (a column each)
            t=$(pow2le $((1024 / (n * n))))
            [ "$t" -gt 128 ] && t=128 # the space's largest count of problems
            key 0 8 4 4 0 0 1 0 1; key 0 16 4 4 0 0 1 0 1; key 0 64 2 2 0 0 1 0 1; key 0 128 1 1 0 0 1 0 1
            key 1 4 8 8 0 0 1 0 1; key 0 $((t / 2)) $n $n 0 0 1 0 1; key 1 $((t / 2)) $n $n 1 0 2 0 1
            key 1 $((t / 4)) $n $n 1 0 4 0 1; key 1 $t $n $n 1 0 1 0 1; key 1 64 $n 1 1 0 2 0 1
            key 1 32 $n 1 1 0 2 0 1
            [ $((8 * n * n)) -ge 32 ] && key 1 8 $n $n 1 0 2 0 1 # (a warp at least)
        elif [ "$n" -le 12 ]; then
            # run W's 8 x 8, n x n, n x ceil(n/2), n x ceil(n/3) (the H100 leaders at 9...12) and ceil(n/2)
            # squared, 2 to 8 problems, 1 to 4 rounds
            key 1 1 8 8 1 1 1 0 1; key 1 2 8 8 1 1 2 0 1; key 0 16 4 4 0 0 1 0 1; key 1 1 8 8 1 1 4 0 $v
            key 1 4 $n $n 1 1 2 0 1; key 1 2 $n $n 1 1 4 0 1; key 1 4 $n $h 1 1 4 0 1
            key 1 4 $n $(((n + 2) / 3)) 1 1 4 0 1; key 1 8 $n $(((n + 2) / 3)) 1 1 2 0 1
            key 1 16 $n $(((n + 2) / 3)) 1 1 2 0 1; key 1 4 $n $n 1 1 1 0 1; key 1 8 $h $h 1 1 2 0 1
            key 1 4 $h $h 1 1 4 0 1
            [ "$n" -le 11 ] && key 1 8 $n $n 1 1 2 0 1
            [ "$v" -gt 1 ] && key 1 4 $n $n 1 1 2 0 $v
        elif [ "$n" -le 16 ]; then
            # run W-M leaders (8 x 8 with 2 problems, 7 x 7 with 4 at 13) and ceil(n/2) squared / n x ceil(n/3)
            # with 2 to 8 problems
            key 1 2 8 8 1 1 2 0 1; key 1 1 8 8 1 1 4 0 $v; key 1 1 16 8 1 1 4 0 1
            key 1 2 $h $h 1 1 4 0 1; key 1 4 $h $h 1 1 4 0 1; key 1 8 $h $h 1 1 2 0 1
            key 1 4 $n $(((n + 2) / 3)) 1 1 4 0 1; key 1 4 $h $q 1 1 4 0 1
            [ "$v" -gt 1 ] && key 1 4 $h $h 1 1 4 0 $v
        else
            # run P's leaders (16 x 8 with 4 rounds, 16 x 16 with 2), run F's (8 x 8 with 2 problems), then the
            # shapes that divide n: ceil(n/2) squared (2 x 2 blocks) and ceil(n/2) x ceil(n/4) (2 x 4), with 1,
            # 2 or 4 problems, padded or not, and vector staging loads where a column is whole vectors
            key 1 1 16 8 1 1 4 0 1; key 1 1 16 16 1 0 2 0 1; key 1 2 8 8 1 1 2 0 1
            key 1 1 $h $h 1 1 4 0 1; key 1 2 $h $h 1 1 2 0 1; key 1 1 $h $h 1 0 4 0 1
            key 1 1 $h $q 1 1 4 0 1; key 1 2 $h $q 1 1 4 0 1
            [ "$p" = s ] && key 1 4 $h $q 1 1 2 0 1
            [ "$v" -gt 1 ] && key 1 1 $h $h 1 1 4 0 $v && key 1 1 $h $q 1 1 4 0 $v
        fi
        extraPoints "$p" "$n"
    }
    extraPoints() { # precision n: the points KT_EXTRA_POINTS lists for them (KT_EXTRA_ONLY=1: those alone)
        if [ -f "${KT_EXTRA_POINTS:-}" ]; then
            awk -v p="$1" -v n="$2" '$1 == p && $2 == n { gsub(";", "\n", $3); print $3 }' "$KT_EXTRA_POINTS"
        fi
    }
    sweepBudget=${KT_SWEEP_BUDGET_S:-360}
    defaultPairs="$(for n in $(seq 17 31); do echo s:$n; done) $(for n in $(seq 1 11); do echo s:$n d:$n; done)"
    defaultPairs="$defaultPairs $(for n in $(seq 17 32); do echo d:$n; done) $(for n in 12 13 14 15 16; do echo s:$n d:$n; done) s:32"
    for pair in ${KT_EVERY_PAIRS:-$defaultPairs}; do
        p=${pair%%:*} n=${pair#*:}
        if [ "$SECONDS" -gt "$sweepBudget" ]; then say "sweep budget spent: skip $p n=$n"; continue; fi
        sweepPoints "$p" "$n" "$(candidates "$p" "$n" | awk 'NF && !seen[$0]++' | paste -sd ';')" 30
    done
    # KT_PTR_SWEEP_PAIRS ("s:31 ..."): the pair's KT_EXTRA_POINTS with pointer arrays (against cuBLAS gemmBatched)
    # and strided, in one process (where the table's strided choice is slower than gemmBatched)
    for pair in ${KT_PTR_SWEEP_PAIRS:-}; do
        p=${pair%%:*} n=${pair#*:}
        if [ "$SECONDS" -gt "$budget" ]; then say "budget spent: skip ptr sweep $p n=$n"; continue; fi
        timeout "$(within 40)" "$ktune" bench --device "$cuda" --family ${p}gemm_batched \
            --point "$(extraPoints "$p" "$n" | paste -sd ';')" --variants ptr-nn,nn \
            --sizes "$(sizesOf "$p" "$n")" --peer cublas --runs 5 --json --out "$out/ptr-sweep-$p-$n.json" \
            > /dev/null 2>>"$log"
        say "ptr sweep $p n=$n: rc $?"
    done
    # KT_NCU ("s 25"): an Nsight Compute profile of the first two of that pair's KT_EXTRA_POINTS (the timed run of the
    # first, the warm-up of the second): throughput, occupancy, pipes and warp stalls
    NCU=$(command -v ncu || ls /usr/local/cuda/bin/ncu /opt/nvidia/nsight-compute/*/ncu 2>/dev/null | head -1)
    if [ -n "${KT_NCU:-}" ] && [ -n "$NCU" ] && [ "$SECONDS" -lt "$budget" ]; then
        read -r p n <<< "$KT_NCU"
        timeout "$(within 60)" "$NCU" --clock-control none -k regex:gemm_batched --launch-skip 1 --launch-count 2 \
            --section SpeedOfLight --section Occupancy --section LaunchStats --section WarpStateStats \
            --section ComputeWorkloadAnalysis --section MemoryWorkloadAnalysis \
            "$ktune" bench --device "$cuda" --family ${p}gemm_batched --point "$(extraPoints "$p" "$n" | head -2 | paste -sd ';')" \
            --variants nn --sizes "$(sizesOf "$p" "$n")" --peer none --runs 1 --warmup 1 > "$out/ncu-$p$n.txt" 2>&1
        say "ncu $p n=$n: rc $?"
    fi
    tables
    verifyTables
    peerSteps
fi
say "done"
# (written outside $out first: tar refuses a folder that changes while it reads it)
tar czf /tmp/kt-batched-results.tar.gz -C "$out" --exclude results.tar.gz . && mv /tmp/kt-batched-results.tar.gz "$out/results.tar.gz" && find "$out" -type f ! -name results.tar.gz ! -name log.txt -delete
