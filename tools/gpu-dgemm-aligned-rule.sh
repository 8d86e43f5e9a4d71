#!/usr/bin/env bash
# Issue 15 item 4 on one H200 (carry .carry/gpu-libs.tar.xz and .carry/build-gpu/app/cli/ktune): a DGEMM rule with
# aligned intervals (`ktune rules --merge RAGGED --aligned ALIGNED --multiple 128`: run B's per-op rule derived at
# ragged sizes, run AO's at multiples of 128) against KT_BASE (run AO's per-op rule alone), each in its own
# `ktune bench` process beside cuBLAS (default math with tensor cores, and pedantic), every op, at multiples of 128
# and ragged sizes, sampled and between the samples; rows up to KT_VERIFY_MAX (3000) verified against OpenBLAS.
# Writes $OUT/log.txt, $OUT/summary.txt and $OUT/results.tar.gz.
set -uo pipefail
cd "$(dirname "$0")/.."
source tools/gpu-script.sh # $out, $ktune, gpuDevice
res=/tmp/kt-dgemm-aligned-rule
source tools/gpu-steps.sh # $KT_DB in $res, log, step, $cuda
rule=${KT_RULE:-docs/perf/h200-2026-11-29/rules/rule-aligned-ops.json}
base=${KT_BASE:-docs/perf/h200-2026-11-28-c/run-AO/rule-ops.json}
sizes=128,200,256,333,512,640,777,1000,1024,1100,1280,1500,1536,2000,2048,2500,2560,3000,3072,3500,4000,4096,4500
sizes=${KT_SIZES:-$sizes,5120,6000,6144,7000,8192}
verify_max=${KT_VERIFY_MAX:-3000}
small=$(tr ',' '\n' <<< "$sizes" | awk -v m="$verify_max" '$1 <= m' | paste -sd,)
large=$(tr ',' '\n' <<< "$sizes" | awk -v m="$verify_max" '$1 > m' | paste -sd,)
for which in base rule; do
    file=$base && [ $which = rule ] && file=$rule
    [ -n "$small" ] && step 200 bench --device "$cuda" --family dgemm --rules "$file" --sizes "$small" \
        --ops nn,nt,tn,tt --tensor-cores --verify --runs 7 --out "$res/$which-small.json"
    [ -n "$large" ] && step 150 bench --device "$cuda" --family dgemm --rules "$file" --sizes "$large" \
        --ops nn,nt,tn,tt --tensor-cores --runs 7 --out "$res/$which-large.json"
done
python3 - "$res" <<'PY' | tee "$out/summary.txt"
import json, os, sys
res = sys.argv[1]
def rows(which):
    out = {}
    for part in ("small", "large"):
        p = os.path.join(res, "%s-%s.json" % (which, part))
        if os.path.exists(p):
            for r in json.load(open(p))["rows"]:
                out[(r["size"][0], r["op"])] = r
    return out
base, rule = rows("base"), rows("rule")
tc = lambda r: "%5.2f" % (r["ours_gflops"] / r["peer_tc_gflops"]) if r and r.get("peer_tc_gflops") else "    -"
print("%6s %3s %9s %9s %6s %7s %7s %8s  %s" % ("n", "op", "base", "aligned", "a/b", "b/tc", "a/tc", "verified",
                                              "aligned rule's interval"))
for key in sorted(set(base) | set(rule)):
    b, a = base.get(key), rule.get(key)
    g = lambda r: r["ours_gflops"] if r else 0
    print("%6d %3s %9.0f %9.0f %6s %7s %7s %8s  %s" % (key[0], key[1], g(b), g(a),
          "%.2f" % (g(a) / g(b)) if g(b) else "-", tc(b), tc(a), (a or {}).get("verified", "-"),
          (a or {}).get("rule", "")))
PY
log done
