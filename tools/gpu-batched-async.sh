#!/usr/bin/env bash
# Issue 12 on one H200/H100 (carry .carry from tools/pack-gpu.sh, ktune built from a tree with BATCHED_ASYNC): the
# double-buffered tiles against the register prefetch. For single n = 25 ... 29, 17, 19, 13, 9 (the sizes below 85%
# of the bound in H200 run AC, biggest gaps first) the H200 table's entry (run AC's table-final-s.json) beside its
# BATCHED_ASYNC twin and two variants of the twin (another BATCHED_SEQ, launch bounds), then double 25 and 32 (run Y's
# table-d.json entry and its twin); one `ktune bench` per size: ours against cuBLAS gemmStridedBatched in the same
# process, about 1 GB of operands, --verify (every problem against OpenBLAS), then the fraction of the bound n*B/8
# (single) or n*B/16 (double), B from `ktune profile`. Each step under `timeout`, the whole under KT_BUDGET_S.
#
# Overrides (a dry run on PoCL: KT_DEVICE=<id> KT_PEER=none KT_OPERAND_BYTES=4000000 KT_SIZES=9,13 KT_DSIZES=25):
#   KT_DEVICE (a device id; default the first CUDA GPU), KT_PEER (cublas), KT_OPERAND_BYTES (1e9), KT_SIZES,
#   KT_DSIZES, KT_TABLE_S, KT_TABLE_D, KT_VERIFY (1), KT_BUDGET_S (240: no new step starts after it; a step takes 45 s at most).
# Writes $OUT/log.txt, $OUT/fractions.txt, $OUT/results.tar.gz.
set -uo pipefail
cd "$(dirname "$0")/.."
source tools/gpu-script.sh # $out, $ktune, scriptRun, say, openDevice
scriptRun /tmp/kt-batched-async
budget=${KT_BUDGET_S:-240}
operandBytes=${KT_OPERAND_BYTES:-1000000000}
peer=${KT_PEER:-cublas}
verify=$([ "${KT_VERIFY:-1}" = 1 ] && echo --verify)
tableS=${KT_TABLE_S:-docs/perf/h200-2026-11-25-batched/run-AC/table-final-s.json}
tableD=${KT_TABLE_D:-docs/perf/h200-2026-11-25-batched/run-Y/call-2/table-d.json}

openDevice

# candidates TABLE N: the table's entry at n, its BATCHED_ASYNC twin (BATCHED_VEC 0: the double-buffered tiles take
# no vector tiles), the twin with another number of rounds (8 <-> 4, 2 -> 4), and the twin with the most work-groups
# per SM that launch bounds may ask for (MINB x work-group <= 2048), or 2 rounds where that is the entry's; ';'-joined.
candidates() {
    python3 - "$1" "$2" <<'PY'
import json, sys
table, n = json.load(open(sys.argv[1])), int(sys.argv[2])
entry = min(table["entries"], key=lambda e: abs(e["size"][0] - n) + abs(e["size"][1] - n) + abs(e["size"][2] - n))
point = dict(kv.split("=") for kv in entry["candidate"].split(","))
def key(p):
    return ",".join(f"{k}={v}" for k, v in p.items())
twin = dict(point, BATCHED_VEC="0", BATCHED_ASYNC="1")
if int(twin["BATCHED_SEQ"]) < 2:
    twin["BATCHED_SEQ"] = "2"
seq = {"8": "4", "4": "8", "2": "4"}[twin["BATCHED_SEQ"]]
wg = int(twin["BATCHED_TBA"]) * int(twin["BATCHED_WX"]) * int(twin["BATCHED_WY"])
minb = max([b for b in (2, 4, 6, 8) if b * wg <= 2048] or [0])
out = [key(point), key(twin), key(dict(twin, BATCHED_SEQ=seq))]
if minb and minb != int(twin["BATCHED_MINB"]):
    out.append(key(dict(twin, BATCHED_MINB=str(minb))))
else:
    out.append(key(dict(twin, BATCHED_SEQ="2")))
print(";".join(dict.fromkeys(out)))
PY
}

# bench PRECISION N: the candidates at n x n x n, about operandBytes of operands
bench() {
    local p=$1 n=$2 e table points size
    e=$([ "$p" = d ] && echo 8 || echo 4)
    table=$([ "$p" = d ] && echo "$tableD" || echo "$tableS")
    if [ "$SECONDS" -gt "$budget" ]; then say "budget spent: skip $p $n"; return; fi
    points=$(candidates "$table" "$n") || { say "$p $n: no candidates from $table"; return; }
    size="${n}x${n}x${n}x$((operandBytes / (3 * n * n * e)))"
    echo "$p $n $points" >> "$res/candidates.txt"
    timeout 45 "$ktune" bench --device "$dev" --family ${p}gemm_batched --point "$points" --variants nn \
        --sizes "$size" --peer "$peer" --runs 5 $verify --json --out "$res/bench-$p-$n.json" \
        > "$res/bench-$p-$n.txt" 2>&1
    say "bench $p $size: rc $? ($(echo "$points" | tr ';' '\n' | grep -c .) candidates)"
}

for n in $(echo "${KT_SIZES:-25,26,27,28,29,17,19,13,9}" | tr ',' ' '); do bench s "$n"; done
for n in $(echo "${KT_DSIZES:-25,32}" | tr ',' ' '); do bench d "$n"; done

python3 - "$res" > "$out/fractions.txt" 2>> "$log" <<'PY'
import glob, json, os, sys
res = sys.argv[1]
profile = json.load(open(os.path.join(res, "profile.json")))
bw = profile["device"]["profile"]["copy_bandwidth_gbs"]
print(f"{profile['device']['name']}: copy bandwidth {bw:.0f} GB/s; bound n*B/8 (single), n*B/16 (double) GF/s")
print("p  n   ours GF/s  of bound  ×peer  verified  candidate")
for path in sorted(glob.glob(os.path.join(res, "bench-*.json"))):
    p = os.path.basename(path).split("-")[1]
    bench = json.load(open(path))
    for r in bench.get("rows", []):
        n = r["size"][0]
        bound = n * bw / (8 if p == "s" else 16)
        ours, peer = r.get("ours_gflops") or 0, r.get("peer_gflops") or 0
        ok = {True: "yes", False: "NO"}.get(r.get("verified"), "-")
        print(f"{p}  {n:<3} {ours:10.0f} {ours / bound:8.1%} {ours / peer if peer else 0:6.2f}  {ok:8}  "
              f"{r.get('candidate', '')}" + (f"  ERROR {r['ours_error']}" if r.get("ours_error") else ""))
PY
say "fractions rc $?"
tar czf "$out/results.tar.gz" -C "$res" .
say "done"
