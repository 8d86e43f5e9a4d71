#!/usr/bin/env bash
# Issue 12 on one H200 (carry .carry from tools/pack-gpu.sh): the neighbours' designs at each single-precision size
# still below 85% of the bound (H200 run Q: n = 25, 13, 28, 9, 17, 26, 27 at 77.8-85.1%, biggest gaps first).
# docs/perf/batched.md (runs E/F): the per-size random tunes at ~3 GB measured only the first 2-3 seeds, so what would
# settle these sizes is a sweep, in one process per size, of the few designs that lead at n-2 ... n+3 adapted to n,
# not a search. tools/batched-neighbours.py makes each size's list (25-35 points; its header says how): the table's
# entry at n and its one-factor variants (BATCHED_SEQ 2/4/8, padding, BATCHED_LDV 1 or the largest dividing n,
# BATCHED_MINB 4/8), the best measured designs at n (runs X, Y, AC, Q), the neighbours' table entries and leaders
# (vector tiles and cp.async off, LDV valid for n), and n's own shapes (ceil(n/b) squared work-items with b x b blocks,
# the fewest clamped rows first: 25 -> 5x5, 13x13, 9x9; 13 -> 13x13, 7x7, 5x5; ...) with the same variants; every
# point filtered by the family's own constraints for this device (`ktune families --device D --json`) and the shared
# tiles' size at n, so no bench refuses one.
# Per size: one `ktune bench` of the whole list and the entry once more at its end (the drift within the sweep),
# ours beside cuBLAS gemmStridedBatched in the same process, about KT_OPERAND_BYTES of operands (3e9), median of 5
# after a warm-up, no check (checking every problem of a 3 GB batch takes seconds a candidate); then the size's best
# point and the table's entry at an odd batch of about KT_VERIFY_BYTES (3e8) with --verify: every problem against
# OpenBLAS. tools/batched-neighbours-report.py prints per size the best point, its fraction of the bound n*B/8 (B from
# `ktune profile`) and x cuBLAS, and the entry's fraction in the same process. Each step under `timeout`; no new size
# starts after KT_BUDGET_S (230 s), every step ends by KT_HARD_S (290 s). Expected device time ~150 s for the 204
# points: run Y measured 17-21 candidates in 9-12 s at n = 25-28 and 16-21 in 5-6 s at 9-13 (1 GB, no check), about
# 0.45 s a candidate (NVRTC) and 1.5 s a call; 3 GB adds a few seconds a call; the checks ~3 s a size.
#
# Overrides: KT_DEVICE (default the first CUDA GPU), KT_PEER (cublas), KT_SIZES (25,13,28,9,17,26,27), KT_MAX_POINTS
#   (40), KT_OPERAND_BYTES (3e9), KT_VERIFY_BYTES (3e8), KT_TABLE_S (run AC's table-final-s.json), KT_BUDGET_S,
#   KT_HARD_S, KT_STEP_S (90: a sweep's limit).
# KT_LOCAL=1: the dry run on this machine's PoCL device (or KT_DEVICE): the same lists (the space with generic GPU
#   limits, 1024 work-items and 48 KiB, which are the H200's), a batch of KT_BATCH (101) problems, every point of the
#   sweep checked against OpenBLAS (--verify), no peer, no time budget.
# Writes $OUT/log.txt, $OUT/fractions.txt (the report, then every row), $OUT/points.txt (each size's list with the
# origin of each point), $OUT/results.tar.gz (profile, lists, every bench JSON).
set -uo pipefail
cd "$(dirname "$0")/.." || exit 1
source tools/gpu-script.sh # $out, $ktune, scriptRun, say, openDevice
scriptRun /tmp/kt-batched-neighbours
dry=${KT_LOCAL:-0} # 1: the dry run on PoCL
sizes=${KT_SIZES:-25,13,28,9,17,26,27}
tableS=${KT_TABLE_S:-docs/perf/h200-2026-11-25-batched/run-AC/table-final-s.json}
operandBytes=${KT_OPERAND_BYTES:-3000000000}
verifyBytes=${KT_VERIFY_BYTES:-300000000}
if [ "$dry" = 1 ]; then
    budget=${KT_BUDGET_S:-100000} hard=${KT_HARD_S:-100000} step=${KT_STEP_S:-3000}
    peer=${KT_PEER:-none}
else
    budget=${KT_BUDGET_S:-230} hard=${KT_HARD_S:-290} step=${KT_STEP_S:-90}
    peer=${KT_PEER:-cublas}
fi
within() { local left=$((hard - SECONDS)); [ "$1" -lt "$left" ] && echo "$1" || echo $((left > 1 ? left : 1)); }

if [ "$dry" = 1 ]; then openDevice local; else openDevice; fi
# The space the lists are filtered by: this device's limits, or in the dry run the generic GPU limits (1024
# work-items, 48 KiB of local memory: the H200's under CUDA), so PoCL measures the very lists the H200 gets.
if [ "$dry" = 1 ]; then "$ktune" families --json > "$res/space.json" 2>> "$log"
else "$ktune" families --device "$dev" --json > "$res/space.json" 2>> "$log" ||
    "$ktune" families --json > "$res/space.json" 2>> "$log"; fi # (generic limits if the device's cannot be read)

# The designs measured so far (curves with their run's profile, run Q's bench JSONs) rank each size's leaders.
runs=docs/perf/h200-2026-11-25-batched
measured=("$runs/run-X" "$runs/run-Y" "$runs/run-Y/call-2" "$runs/run-AC" docs/perf/h200-2026-11-28/run-Q)
python3 tools/batched-neighbours.py --space "$res/space.json" --table "$tableS" --measured "${measured[@]}" \
    --sizes "$sizes" --max "${KT_MAX_POINTS:-40}" --out-dir "$res" >> "$log" 2>&1 || { say "no lists"; exit 1; }
cp "$tableS" "$res/table.json"

batchOf() { # n bytes: about that many bytes of A, B and C, odd (no work-group's rounds of 2^k problems divide it)
    if [ "$dry" = 1 ]; then echo "${KT_BATCH:-101}"; else echo $(($2 / (12 * $1 * $1) | 1)); fi
}
for n in $(echo "$sizes" | tr ',' ' '); do
    if [ "$SECONDS" -gt "$budget" ]; then say "budget spent: skip s $n"; continue; fi
    # The entry again at the end (its routine is kept, so no second compile): how far the same kernel's figure moves
    # within the sweep, against the gaps between the points.
    points="$(paste -sd ';' "$res/points-s-$n.txt");$(head -1 "$res/points-s-$n.txt")"
    size="${n}x${n}x${n}x$(batchOf "$n" "$operandBytes")"
    check=() # the dry run checks every point (a batch of 101 problems costs nothing to check)
    [ "$dry" = 1 ] && check=(--verify)
    timeout "$(within "$step")" "$ktune" bench --device "$dev" --family sgemm_batched --point "$points" --variants nn \
        --sizes "$size" --peer "$peer" --runs 5 ${check[@]+"${check[@]}"} --json --out "$res/sweep-s-$n.json" \
        > "$res/sweep-s-$n.txt" 2>&1
    say "sweep s $size: rc $? ($(grep -c . "$res/points-s-$n.txt") points)"
    # The best point of the sweep and the table's entry, every problem checked against OpenBLAS.
    best=$(python3 -c "
import json, sys
rows = [r for r in json.load(open(sys.argv[1])).get('rows', []) if r.get('ours_gflops')]
print(max(rows, key=lambda r: r['ours_gflops'])['candidate'] if rows else '')" "$res/sweep-s-$n.json" 2>> "$log")
    entry=$(head -1 "$res/points-s-$n.txt")
    [ -n "$best" ] && [ "$best" != "$entry" ] && entry="$best;$entry"
    size="${n}x${n}x${n}x$(batchOf "$n" "$verifyBytes")"
    timeout "$(within $((step / 2)))" "$ktune" bench --device "$dev" --family sgemm_batched --point "$entry" \
        --variants nn --sizes "$size" --peer none --runs 1 --verify --json --out "$res/verify-s-$n.json" \
        > "$res/verify-s-$n.txt" 2>&1
    say "verify s $size: rc $?"
done

python3 tools/batched-neighbours-report.py --all "$res" > "$out/fractions.txt" 2>> "$log"
say "report rc $?"
for n in $(echo "$sizes" | tr ',' ' '); do
    [ -f "$res/origins-s-$n.tsv" ] && sed "s/^/s $n  /" "$res/origins-s-$n.tsv"
done > "$out/points.txt"
tar czf "$out/results.tar.gz" -C "$res" .
say "done"
