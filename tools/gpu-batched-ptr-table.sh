#!/usr/bin/env bash
# Issue 12 on one H200 (carry .carry from tools/pack-gpu.sh): a pointer-array table of its own, beside the strided
# one. docs/perf/batched.md (H200 run Y): with pointer arrays the strided table's entries are 0.98x cuBLAS
# gemmBatched at single 31 and 32, while at 32 a 16 x 16 design is 1.07x; a "pointers" kind table (`ktune rules
# --merge`, kernels/batched/README.md) fixes that without costing strided calls anything.
# 1. Pointer-array sweeps: per precision and n (largest n first, single and double alternating: the sizes where the
#    strided entry is closest to gemmBatched go first, and the small ones, 3-40x gemmBatched, are what a spent budget
#    drops), one `ktune bench --variants ptr-nn` of tools/batched-ptr-points.py's list (the strided entry first, the
#    entries of n-2 ... n+3 adapted to n, run Y's 16 x 16 design at 31 and 32; 2-6 points) beside cuBLAS gemmBatched
#    in the same process, about KT_OPERAND_BYTES (3e9) of operands (at most KT_MAX_BATCH problems, 2^23: at n < 8 the
#    offsets and cuBLAS's pointer arrays would otherwise take more memory and time than the operands), median of 5.
#    One point costs about 0.45 s (NVRTC; the timed runs of 3 GB take ~5 ms), a size 1-3 s more (process, operands).
# 2. Per precision: the curves of the ptr-nn rows (tools/batched-curves.py --variants; KT_PREV_SWEEPS: a directory of an
#    earlier call's sweep-*.json adds the sizes this call did not sweep), the pointers table (`ktune rules --table`),
#    merged with the strided table (`ktune rules --merge`, KT_TABLE_S: run X's, KT_TABLE_D: run Y's second call's) into
#    table-P.json and its C++.
# 3. The merged table benched (`ktune bench --rules`) at the sizes whose pointers entry differs from the strided one
#    and 8, 16, 24, 31, 32: ptr-nn against gemmBatched, nn against gemmStridedBatched (the strided calls must not
#    move), at KT_BENCH_BYTES (1e9); then those sizes with --verify (ptr-nt and nn, an odd batch of ~KT_VERIFY_BYTES,
#    3e8: every problem against OpenBLAS).
# Budget: no new sweep after KT_SWEEP_BUDGET_S (150 s), no new step after KT_BUDGET_S (205 s), every step ends by
# KT_HARD_S (235 s). 301 points at --max 6 would need ~250 s of sweeps, so the default list is --max KT_MAX_POINTS (4):
# 236 points, about 105 s of compiles plus 1-3 s a size; sizes the budget skips keep the strided entry (a pointers
# table without an entry falls back), and a second call with KT_PREV_SWEEPS=<first call's results> and KT_SIZES=<the
# skipped n> completes the table.
# KT_PREV_CURVES: a directory with an earlier call's curves-ptr-{s,d}.csv (e.g. H200 2026-11-28 run AF's `ptr/`, whose
#   sweeps reached n = 15): their rows at the sizes this call does not sweep join this call's curves.
# Overrides: KT_DEVICE, KT_SIZES (32,31,...,1), KT_MAX_POINTS, KT_OPERAND_BYTES, KT_MAX_BATCH, KT_BENCH_BYTES,
#   KT_VERIFY_BYTES, KT_TABLE_S, KT_TABLE_D, KT_PREV_SWEEPS, KT_SWEEP_BUDGET_S, KT_BUDGET_S, KT_HARD_S, KT_STEP_S (30).
# KT_LOCAL=1: the dry run on this machine's PoCL device (or KT_DEVICE): KT_SIZES default 32,31,6,5, batches of
#   KT_BATCH (37), every sweep point checked against OpenBLAS, no peer, no budget.
# Writes $OUT/log.txt, $OUT/report.txt (per n: the strided entry and the best point x gemmBatched in the same
# process, the pointers table's choice; the benches' rows), $OUT/table-{s,d}.{json,hpp} (the merged tables),
# $OUT/results.tar.gz (lists, sweeps, curves, pointer tables, benches).
set -uo pipefail
cd "$(dirname "$0")/.." || exit 1
source tools/gpu-script.sh # $out, $ktune, scriptRun, say, openDevice
scriptRun /tmp/kt-batched-ptr-table
dry=${KT_LOCAL:-0}
tableS=${KT_TABLE_S:-docs/perf/h200-2026-11-28/run-X/table-s.json}
tableD=${KT_TABLE_D:-docs/perf/h200-2026-11-25-batched/run-Y/call-2/table-d.json}
operandBytes=${KT_OPERAND_BYTES:-3000000000}
maxBatch=${KT_MAX_BATCH:-8388608}
benchBytes=${KT_BENCH_BYTES:-1000000000}
verifyBytes=${KT_VERIFY_BYTES:-300000000}
if [ "$dry" = 1 ]; then
    sizes=${KT_SIZES:-32,31,6,5}
    sweepBudget=${KT_SWEEP_BUDGET_S:-100000} budget=${KT_BUDGET_S:-100000} hard=${KT_HARD_S:-100000}
    step=${KT_STEP_S:-3000} peer=none
else
    sizes=${KT_SIZES:-$(seq -s, 32 -1 1)}
    sweepBudget=${KT_SWEEP_BUDGET_S:-150} budget=${KT_BUDGET_S:-205} hard=${KT_HARD_S:-235}
    step=${KT_STEP_S:-30} peer=cublas
fi
within() { local left=$((hard - SECONDS)); [ "$1" -lt "$left" ] && echo "$1" || echo $((left > 1 ? left : 1)); }

if [ "$dry" = 1 ]; then openDevice local; else openDevice; fi
python3 tools/batched-ptr-points.py --table-s "$tableS" --table-d "$tableD" --sizes "$sizes" \
    --max "${KT_MAX_POINTS:-4}" --out-dir "$res" >> "$log" 2>&1 || { say "no lists"; exit 1; }
say "points: $(tail -1 "$log")"
cp "$tableS" "$res/strided-s.json" && cp "$tableD" "$res/strided-d.json"

batchOf() { # precision n bytes: about that many bytes of A, B and C, at most KT_MAX_BATCH problems, odd
    if [ "$dry" = 1 ]; then echo "${KT_BATCH:-37}"; return; fi
    local e=$([ "$1" = d ] && echo 8 || echo 4) b
    b=$(($3 / (3 * e * $2 * $2)))
    [ "$b" -gt "$maxBatch" ] && b=$maxBatch
    echo $((b | 1))
}

# 1. The sweeps, largest n first, single and double alternating.
for n in $(echo "$sizes" | tr ',' ' '); do
    for p in s d; do
        if [ "$SECONDS" -gt "$sweepBudget" ]; then say "sweep budget spent: skip $p $n"; continue; fi
        points=$(paste -sd ';' "$res/points-$p-$n.txt")
        [ -n "$points" ] || { say "no points for $p $n"; continue; }
        check=()
        [ "$dry" = 1 ] && check=(--verify)
        timeout "$(within "$step")" "$ktune" bench --device "$dev" --family ${p}gemm_batched --point "$points" \
            --variants ptr-nn --sizes "${n}x${n}x${n}x$(batchOf $p $n "$operandBytes")" --peer "$peer" --runs 5 \
            ${check[@]+"${check[@]}"} --json --out "$res/sweep-$p-$n.json" > "$res/sweep-$p-$n.txt" 2>&1
        say "sweep $p $n: rc $? ($(grep -c . "$res/points-$p-$n.txt") points)"
    done
done

# 2. The pointers tables, merged with the strided ones.
addPrevCurves() { # precision: KT_PREV_CURVES's curves-ptr-P.csv rows at the sizes this call did not sweep, appended
    local prev=${KT_PREV_CURVES:-}/curves-ptr-$1.csv
    [ -n "${KT_PREV_CURVES:-}" ] && [ -f "$prev" ] || return 0
    python3 - "$res/curves-ptr-$1.csv" "$prev" <<'PY'
import csv, sys
mine, prev = sys.argv[1], sys.argv[2]
have = {row["m"] for row in csv.DictReader(open(mine))}
rows = [row for row in csv.DictReader(open(prev)) if row["m"] not in have]
with open(mine, "a", newline="") as f:
    w = csv.DictWriter(f, fieldnames=["m", "n", "k", "batch", "candidate", "value"])
    w.writerows(rows)
print("added %d rows of %s at sizes %s" % (len(rows), prev, sorted({int(r["m"]) for r in rows})))
PY
}
for p in s d; do
    sweeps=("$res"/sweep-$p-*.json)
    if [ -d "${KT_PREV_SWEEPS:-}" ]; then # an earlier call's sweeps at the sizes this one did not reach
        for f in "$KT_PREV_SWEEPS"/sweep-$p-*.json; do
            [ -f "$f" ] && [ ! -f "$res/$(basename "$f")" ] && cp "$f" "$res/prev-$(basename "$f")" &&
                sweeps+=("$res/prev-$(basename "$f")")
        done
    fi
    [ -f "${sweeps[0]}" ] || { say "no sweep of $p: no pointers table"; continue; }
    python3 tools/batched-curves.py --variants ptr-nn "$res/curves-ptr-$p.csv" "${sweeps[@]}" >> "$log" 2>&1 &&
        addPrevCurves "$p" &&
        "$ktune" rules --curves "$res/curves-ptr-$p.csv" --table --key m,n,k --family ${p}gemm_batched \
            --out "$res/ptr-table-$p.json" >> "$log" 2>&1 &&
        "$ktune" rules --merge "$res/strided-$p.json" --kind-table "pointers=$res/ptr-table-$p.json" \
            --out "$out/table-$p.json" --emit-cpp "$out/table-$p.hpp" --namespace ktune_batched >> "$log" 2>&1
    say "table $p: rc $?"
done

# 3. The merged tables against cuBLAS (ptr-nn: gemmBatched, nn: gemmStridedBatched), then checked.
benchSizes() { # precision bytes: the sizes whose pointers entry differs from the strided one, and 8, 16, 24, 31, 32
    python3 - "$out/table-$1.json" <<'PY' | while read -r n; do printf '%sx%sx%sx%s,' "$n" "$n" "$n" "$(batchOf "$1" "$n" "$2")"; done
import json, sys
def point(key):  # keys stored before BATCHED_ASYNC lack it: it means 0
    p = dict(kv.split("=") for kv in key.split(","))
    p.setdefault("BATCHED_ASYNC", "0")
    return p
t = json.load(open(sys.argv[1]))
main = {tuple(e["size"]): point(e["candidate"]) for e in t["entries"]}
ns = {e["size"][0] for e in t["kinds"]["pointers"]["entries"] if main.get(tuple(e["size"])) != point(e["candidate"])}
for n in sorted(ns | {8, 16, 24, 31, 32}, reverse=True):
    print(n)
PY
}
for p in s d; do
    [ -f "$out/table-$p.json" ] || continue
    for v in ptr-nn nn; do
        if [ "$SECONDS" -gt "$budget" ]; then say "budget spent: skip bench $p $v"; continue; fi
        list=$(benchSizes $p "$benchBytes")
        [ "$dry" = 1 ] && list=$(echo "$list" | tr ',' '\n' | grep -E "^($(echo "$sizes" | tr ',' '|'))x" | paste -sd,)
        [ -n "$list" ] || { say "bench $p $v: no size to bench"; continue; }
        timeout "$(within 30)" "$ktune" bench --device "$dev" --family ${p}gemm_batched --rules "$out/table-$p.json" \
            --variants $v --sizes "${list%,}" --peer "$peer" --runs 5 --json --out "$res/bench-$p-$v.json" \
            > "$res/bench-$p-$v.txt" 2>&1
        say "bench $p $v: rc $?"
    done
done
for p in s d; do
    [ -f "$out/table-$p.json" ] || continue
    if [ "$SECONDS" -gt "$budget" ]; then say "budget spent: skip verify $p"; continue; fi
    list=$(benchSizes $p "$verifyBytes")
    [ "$dry" = 1 ] && list=$(echo "$list" | tr ',' '\n' | grep -E "^($(echo "$sizes" | tr ',' '|'))x" | paste -sd,)
    [ -n "$list" ] || { say "verify $p: no size to check"; continue; }
    # The host's check of every problem (OpenBLAS, both ops) ran past 25 s for single in H200 2026-11-28 run AF.
    timeout "$(within 60)" "$ktune" bench --device "$dev" --family ${p}gemm_batched --rules "$out/table-$p.json" \
        --variants ptr-nt,nn --sizes "${list%,}" --peer none --runs 1 --verify --json --out "$res/verify-$p.json" \
        > "$res/verify-$p.txt" 2>&1
    say "verify $p: rc $?"
done

python3 tools/batched-ptr-report.py "$res" > "$out/report.txt" 2>> "$log"
say "report rc $?"
tar czf "$out/results.tar.gz" -C "$res" .
say "done"
