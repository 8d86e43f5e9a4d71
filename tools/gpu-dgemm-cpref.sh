#!/usr/bin/env bash
# Issue 15 on one H100/H200 (carry .carry/gpu-libs.tar.xz and .carry/build-gpu/app from tools/pack-gpu.sh):
# GEMM_CPREF (the tensor-core kernel asks L2 for its tile of C at the start) measured against the same kernels without
# it, in one process per table: the odd shapes' stored table (KT_ODD_TABLE, run AK's) and the square rule (KT_RULE, run
# AJ's merged rule) at the sizes where the store of C weighs most (KT_SIZES). Each table is benched as stored
# (GEMM_CPREF absent: 0) and with GEMM_CPREF=1 added to every candidate, beside cuBLAS (default math and pedantic);
# the CPREF=1 rows are verified against OpenBLAS. First the CUDA GEMM test (every tensor-core variant, the prefetching
# ones included) when KT_TEST names its binary.
# Writes $OUT/log.txt, $OUT/summary.txt (per shape and op: without, with, with/without, x cuBLAS TC) and
# $OUT/results.tar.gz.
set -uo pipefail
cd "$(dirname "$0")/.."
source tools/gpu-script.sh # $out, $ktune, gpuDevice
res=/tmp/kt-dgemm-cpref
source tools/gpu-steps.sh # $KT_DB in $res, log, step, $cuda
device=${KT_DEVICE:-$cuda}
odd=${KT_ODD_TABLE:-docs/perf/h200-2026-11-28-b/run-AK/odd-table.json}
rule=${KT_RULE:-docs/perf/h200-2026-11-28-b/run-AJ/merged-rule.json}
shapes=${KT_SHAPES:-1023x517x333,2000x3000x500,4096x256x4096,777x1999x1234,5000x5000x64}
sizes=${KT_SIZES:-128,192,256,384,512,768,1024,1536,2048,4096}
tc=${KT_TC---tensor-cores}
if [ -n "${KT_TEST:-}" ]; then
    log "$KT_TEST"
    timeout 200 "$KT_TEST" --gtest_brief=1 > "$res/gemm-test.txt" 2>&1
    log "test exit $?"
    tail -5 "$res/gemm-test.txt" >> "$out/log.txt"
fi
# The same table with GEMM_CPREF=1 on every candidate (the parameter comes last in a GEMM key).
withPrefetch() {
    python3 - "$1" "$2" <<'EOF'
import re, sys
text = open(sys.argv[1]).read()
text = re.sub(r'(GEMM_CSTAGE=\d)(?!,GEMM_CPREF)', r'\1,GEMM_CPREF=1', text)
open(sys.argv[2], "w").write(text)
EOF
}
withPrefetch "$odd" "$res/odd-cpref.json"
withPrefetch "$rule" "$res/rule-cpref.json"
for which in plain cpref; do
    t=$odd r=$rule verify=""
    [ $which = cpref ] && t=$res/odd-cpref.json r=$res/rule-cpref.json verify=--verify
    [ "$shapes" = none ] || step 150 bench --device "$device" --family dgemm --rules "$t" --sizes "$shapes" \
        --variants nn,nt,tn,tt $tc $verify --runs 10 --out "$res/odd-$which.json"
    [ "$sizes" = none ] || step 150 bench --device "$device" --family dgemm --rules "$r" --sizes "$sizes" \
        --ops nn,tn $tc $verify --runs 10 --out "$res/square-$which.json"
done
python3 - "$res" <<'EOF' | tee "$out/summary.txt"
import json, os, sys
res = sys.argv[1]
def rows(name):
    p = os.path.join(res, name)
    if not os.path.exists(p):
        return {}
    return {("x".join(map(str, r["size"])), r.get("op") or r.get("variant")): r for r in json.load(open(p))["rows"]}
print("%16s %3s %10s %10s %7s %7s %7s %9s" % ("size", "op", "plain", "cpref", "c/p", "p/tc", "c/tc", "verified"))
for part in ("odd", "square"):
    plain, cpref = rows(part + "-plain.json"), rows(part + "-cpref.json")
    for key in sorted(set(plain) | set(cpref), key=lambda k: ([int(x) for x in k[0].split("x")], k[1])):
        p, c = plain.get(key), cpref.get(key)
        g = lambda r: r["ours_gflops"] if r and r.get("ours_gflops") else None
        tcr = lambda r: "%.2f" % (g(r) / r["peer_tc_gflops"]) if g(r) and r.get("peer_tc_gflops") else "-"
        print("%16s %3s %10s %10s %7s %7s %7s %9s" % (key[0], key[1], "%.1f" % g(p) if g(p) else "-",
              "%.1f" % g(c) if g(c) else "-", "%.3f" % (g(c) / g(p)) if g(p) and g(c) else "-", tcr(p), tcr(c),
              (c or {}).get("verified", "-")))
EOF
tar czf "$out/results.tar.gz" -C "$res" .
log done
