#!/usr/bin/env bash
# Issue 15 on one H100/H200 (carry .carry/gpu-libs.tar.xz and .carry/build-gpu/app from tools/pack-gpu.sh): a DGEMM
# dispatch rule per transposition pair. One rule serves all four ops today, derived from the TN kernel's own figures,
# and the TN/TT routines lag NN/NT by up to 0.2x cuBLAS at 1024-1536 (H200 2026-11-28 runs AJ, AK). Steps:
#  1. the finalists: KT_CURVES (a curves CSV of a dispatch tune, e.g. docs/perf/h200-2026-11-28-b/run-AJ/merged-curves.csv;
#     the candidates within 5% of a size's best at the most sizes, at most KT_TOP of them) — or, without it, a two-stage tune of
#     KT_SPACE (tools/spaces/dgemm-direct.json) as tools/gpu-dispatch.sh runs it;
#  2. one `ktune bench --point "k1;k2;…"` process per op over the sizes, the routine's figure per finalist;
#  3. per op, curves (size, candidate, GF/s) and `ktune rules --curves` (KT_TOLERANCE, default 2%; with KT_MULTIPLE=M
#     the sizes that are multiples of M give the rule's aligned intervals, the others its main ones); the NN rule is the main one,
#     the others merged into it (`ktune rules --merge nn.json --kind-table tn=tn.json …`);
#  4. the merged rule and, in the same process kind, KT_BASE (the single rule to beat; default run AK's merged rule)
#     benched beside cuBLAS (default math and pedantic), every op, at the sizes (or KT_CHECK_SIZES); rows up to
#     KT_VERIFY_MAX (4096) verified against OpenBLAS.
# Writes $OUT/log.txt, $OUT/summary.txt (per size and op: base, per-op rule, x cuBLAS TC) and $OUT/results.tar.gz.
# Dry run here on PoCL: KT_DEVICE=<opencl id> KT_FAMILY=sgemm KT_SIZES=32,48,64 KT_CURVES=<curves> KT_BASE=<rule>
# KT_VERIFY_MAX=64 KT_TC= OUT=/tmp/x bash tools/gpu-dgemm-op-rules.sh
set -uo pipefail
cd "$(dirname "$0")/.."
source tools/gpu-script.sh # $out, $ktune, gpuDevice
res=/tmp/kt-dgemm-op-rules
source tools/gpu-steps.sh # $KT_DB in $res, log, step, $cuda
device=${KT_DEVICE:-$cuda}
family=${KT_FAMILY:-dgemm}
sizes=${KT_SIZES:-128,256,384,512,768,1024,1536,2048,3072,4096,6144,8192}
base=${KT_BASE:-docs/perf/h200-2026-11-28-b/run-AJ/merged-rule.json}
tc=${KT_TC---tensor-cores}
top=${KT_TOP:-12}
[ -n "$device" ] || { log "no device (set KT_DEVICE)"; exit 1; }

curves=${KT_CURVES:-}
if [ -z "$curves" ]; then
    step 330 tune --device "$device" --family "$family" --space "${KT_SPACE:-tools/spaces/dgemm-direct.json}" \
        --strategy two-stage --option top=8,champions=1 --sizes "${KT_STAGE_SIZES:-1024,4096}" --sweep "$sizes" \
        --budget-time "${KT_TUNE_S:-230}s" --runs 3
    step 30 best --device "$device" --family "$family" --run 1 --curves "$res/tune-curves.csv" \
        --min-sizes "$(tr ',' '\n' <<< "$sizes" | grep -c .)"
    curves=$res/tune-curves.csv
fi
# The finalists: at every size of the curves the candidates within 5% of that size's best, those most often so
# first (the curves of several tunes, e.g. run AJ's merged ones, hold candidates measured at some sizes only).
# The base rule's own kernels join them (run AM: without them the per-op rules lost 10-15% at 1536, where the base
# rule's kernel was not among the curves' most frequent near-best).
points=$(python3 - "$curves" "$top" "$base" <<'EOF'
import csv, json, os, sys
rows = list(csv.DictReader(open(sys.argv[1])))
per = {}
for r in rows:
    per.setdefault(r["candidate"], {})[r["size"]] = float(r["value"])
count = {}
for s in {r["size"] for r in rows}:
    best = max(v[s] for v in per.values() if s in v)
    for c, v in per.items():
        if s in v and v[s] >= 0.95 * best:
            count[c] = count.get(c, 0) + 1
order = sorted(count, key=lambda c: (-count[c], -len(per[c]), c))[: int(sys.argv[2])]
if os.path.exists(sys.argv[3]):
    base = json.load(open(sys.argv[3]))
    named = [i["candidate"] for i in base.get("intervals", [])]
    named += [i["candidate"] for k in base.get("kinds", {}).values() for i in k.get("intervals", [])]
    order += [c for c in dict.fromkeys(named) if c not in order]
print(";".join(order))
EOF
)
[ -n "$points" ] || { log "no candidate in $curves"; exit 1; }
log "finalists: $(tr ';' '\n' <<< "$points" | grep -c .)"
verify_max=${KT_VERIFY_MAX:-4096}
check=${KT_CHECK_SIZES:-$sizes} # where step 4 benches the rules (other sizes than the samples: between them)
tolerance=${KT_TOLERANCE:-0.02}
small=$(tr ',' '\n' <<< "$check" | awk -v m="$verify_max" '$1 <= m' | paste -sd,)
large=$(tr ',' '\n' <<< "$check" | awk -v m="$verify_max" '$1 > m' | paste -sd,)
for op in nn nt tn tt; do
    step 150 bench --device "$device" --family "$family" --point "$points" --sizes "$sizes" --ops "$op" --runs 5 \
        --peer none --out "$res/points-$op.json"
    python3 - "$res/points-$op.json" "$res/curves-$op.csv" <<'EOF'
import csv, json, sys
doc = json.load(open(sys.argv[1]))
with open(sys.argv[2], "w", newline="") as f:
    w = csv.writer(f)
    w.writerow(["size", "candidate", "value"])
    for r in doc["rows"]:
        if r.get("ours_gflops") is not None:
            w.writerow([r["size"][0], r["candidate"], r["ours_gflops"]])
EOF
    step 30 rules --curves "$res/curves-$op.csv" --family "$family" --tolerance "$tolerance" \
        ${KT_MULTIPLE:+--multiple "$KT_MULTIPLE"} --out "$res/rule-$op.json"
done
merged=$res/rule-nn.json
for op in nt tn tt; do
    [ -f "$res/rule-$op.json" ] || continue
    step 30 rules --merge "$merged" --kind-table "$op=$res/rule-$op.json" --out "$res/rule-nn-$op.json" \
        --emit-cpp "$res/rule-nn-$op.hpp"
    [ -f "$res/rule-nn-$op.json" ] && merged=$res/rule-nn-$op.json && cp "$merged" "$res/rule-ops.json"
done
for which in base ops; do
    rule=$base && [ $which = ops ] && rule=$res/rule-ops.json
    [ -f "$rule" ] || { log "no $which rule"; continue; }
    [ -n "$small" ] && step 200 bench --device "$device" --family "$family" --rules "$rule" --sizes "$small" \
        --ops nn,nt,tn,tt $tc --verify --runs 10 --out "$res/bench-$which-small.json"
    [ -n "$large" ] && step 120 bench --device "$device" --family "$family" --rules "$rule" --sizes "$large" \
        --ops nn,nt,tn,tt $tc --runs 10 --out "$res/bench-$which-large.json"
done
python3 - "$res" <<'EOF' | tee "$out/summary.txt"
import json, os, sys
res = sys.argv[1]
def rows(which):
    out = {}
    for part in ("small", "large"):
        p = os.path.join(res, "bench-%s-%s.json" % (which, part))
        if os.path.exists(p):
            for r in json.load(open(p))["rows"]:
                out[(r["size"][0], r["op"])] = r
    return out
base, ops = rows("base"), rows("ops")
def ratio(r, key):
    peer = r.get(key)
    return "%6.2f" % (r["ours_gflops"] / peer) if peer else "     -"
print("%6s %3s %10s %10s %7s %7s %7s %9s" % ("n", "op", "base", "per-op", "ops/b", "b/tc", "ops/tc", "verified"))
for key in sorted(set(base) | set(ops)):
    b, o = base.get(key), ops.get(key)
    print("%6d %3s %10s %10s %7s %7s %7s %9s" % (key[0], key[1], "%.1f" % b["ours_gflops"] if b else "-",
          "%.1f" % o["ours_gflops"] if o else "-",
          "%.2f" % (o["ours_gflops"] / b["ours_gflops"]) if b and o else "-",
          ratio(b, "peer_tc_gflops") if b else "-", ratio(o, "peer_tc_gflops") if o else "-",
          (b or {}).get("verified", "-") if (o or {}).get("verified", "-") == (b or {}).get("verified", "-") else "mixed"))
EOF
tar czf "$out/results.tar.gz" -C "$res" .
log done
