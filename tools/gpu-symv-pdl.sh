#!/usr/bin/env bash
# Issue 13 on one H100/H200 (carry .carry/gpu-libs.tar.xz, .carry/build-gpu/app and .carry/build-gpu/tests/kernels/symv
# from tools/pack-gpu.sh): SYMV_PDL, the tiled DSYMV kernel launched overlapping beta y (programmatic dependent
# launch: its groups read A and x while symv_scale still runs and wait for it before their first add into y). What is
# left at n <= 4096 is the second launch (docs/perf/symv.md). Steps, each under a time limit:
#  1. symv_cuda_test, the PDL tests (against OpenBLAS; the device's count of overlapped launches);
#  2. one `ktune bench` process: the run-U rule's tiled point (P1) with SYMV_PDL 0 and 1 beside cuBLAS (pedantic and
#     default math with atomics), every row verified, at sizes around 4096 as well (its GF/s is flat from 3072 to 4096:
#     is that a power-of-two effect?);
#  3. the run-U rule itself (docs/perf/h200-2026-11-28/run-U/rule.json; every tiled interval is SYMV_FUSE 0, so each
#     takes SYMV_PDL 1) as it is and with SYMV_PDL=1 on its tiled candidates, one process each, beside cuBLAS.
# Writes $OUT/log.txt (the steps' output and a table: GF/s, x cuBLAS, PDL / no PDL) and $OUT/results.tar.gz.
# Dry run elsewhere: KT_KTUNE=build-gpu/app/cli/ktune KT_SYMV_DEVICE=<id> KT_SYMV_SIZES=100,257 (PoCL refuses
# SYMV_PDL 1: the bench then says the point is outside the space).
set -uo pipefail
cd "$(dirname "$0")/.."
source tools/gpu-script.sh # $out, $ktune, gpuDevice
res=/tmp/kt-symv-pdl
source tools/gpu-steps.sh # $KT_DB in $res, log, step, $cuda
device=${KT_SYMV_DEVICE:-$cuda}
[ -n "$device" ] || { log "no CUDA GPU in ktune devices"; exit 1; }
tests=${KT_SYMV_TESTS:-.carry/build-gpu/tests/kernels/symv/symv_cuda_test}
p1=SYMV_ALGO=3,SYMV_BLOCK_SIZE=128,SYMV_UX=32,SYMV_MULTIPLICITY=8,SYMV_MX=0,SYMV_VW=1,SYMV_CG=4,SYMV_CHUNK=4,SYMV_FUSE=0,SYMV_ONE_LAUNCH=0
sizes=${KT_SYMV_SIZES:-256,1024,1536,2048,3072,3584,3840,4000,4096,4224,4608,6144,8192}
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version --format=csv >> "$out/log.txt" 2>&1

log "symv_cuda_test (PDL)"
timeout 120 "$tests" --gtest_filter='SymvCuda.*' --gtest_brief=1 >> "$out/log.txt" 2>&1
log "symv_cuda_test rc $?"

step 90 bench --device "$device" --family dsymv --point "$p1,SYMV_PDL=0;$p1,SYMV_PDL=1" --sizes "$sizes" \
    --tensor-cores --verify --runs 50 --out "$res/points.json"

# The rule with SYMV_PDL=1 on every tiled candidate with SYMV_FUSE 0 (keys and intervals alike).
python3 - docs/perf/h200-2026-11-28/run-U/rule.json "$res/rule-pdl.json" <<'EOF'
import re, sys
text = open(sys.argv[1]).read()
pdl = re.sub(r'"(SYMV_ALGO=3,[^"]*SYMV_FUSE=0[^"]*)"', r'"\1,SYMV_PDL=1"', text)
open(sys.argv[2], "w").write(pdl)
print("rule-pdl.json: %d tiled keys with SYMV_PDL=1" % pdl.count("SYMV_PDL=1"))
EOF
for rule in docs/perf/h200-2026-11-28/run-U/rule.json "$res/rule-pdl.json"; do
    name=$(basename "$rule" .json)
    step 60 bench --device "$device" --family dsymv --rules "$rule" --sizes "$sizes" --tensor-cores --verify \
        --runs 50 --out "$res/bench-$name.json"
done

# The table: per size, GF/s without and with SYMV_PDL and of cuBLAS, x cuBLAS (pedantic, default math with
# atomics), PDL / no PDL; each ratio against the cuBLAS figure of its own row.
python3 - "$res" <<'EOF' | tee -a "$out/log.txt"
import json, os, sys
res = sys.argv[1]
def load(name):  # size -> rows of that size, in order
    path = os.path.join(res, name)
    out = {}
    if os.path.exists(path):
        for r in json.load(open(path)).get("rows", []):
            out.setdefault(r["size"][0], []).append(r)
    else:
        print("(%s: missing)" % name)
    return out
def ratio(x, y):
    return "%6.2f" % (x / y) if x and y else "     -"
def table(title, pairs):
    print("\n" + title)
    print("%6s %8s %8s %8s %8s | %6s %6s | %6s %6s | %6s  %s" % ("n", "noPDL", "PDL", "cuBLAS", "cuBLASa", "x cuB",
          "", "x cuBa", "", "PDL/", "verified"))
    print("%6s %8s %8s %8s %8s | %6s %6s | %6s %6s | %6s" % ("", "GF/s", "GF/s", "GF/s", "GF/s", "noPDL", "PDL",
          "noPDL", "PDL", "noPDL"))
    for n, a, b in pairs:
        if not a or not b:
            print("%6d (a row is missing)" % n)
            continue
        g0, g1 = a["ours_gflops"], b["ours_gflops"]
        p0, p1 = a.get("peer_gflops") or 0, b.get("peer_gflops") or 0
        t0, t1 = a.get("peer_tc_gflops") or 0, b.get("peer_tc_gflops") or 0
        print("%6d %8.1f %8.1f %8.1f %8.1f | %s %s | %s %s | %s  %s" % (n, g0, g1, p1, t1, ratio(g0, p0),
              ratio(g1, p1), ratio(g0, t0), ratio(g1, t1), ratio(g1, g0),
              bool(a.get("verified")) and bool(b.get("verified"))))
points = load("points.json")
def pick(rs, pdl):
    return next((r for r in rs if ("SYMV_PDL=1" in r.get("candidate", "")) == pdl), None)
table("P1 (run-U tiled point), SYMV_PDL 0 and 1, one process",
      [(n, pick(points[n], False), pick(points[n], True)) for n in sorted(points)])
plain, pdl = load("bench-rule.json"), load("bench-rule-pdl.json")
table("run-U rule as it is / with SYMV_PDL on its tiled intervals (two processes; below 891 both are L+U)",
      [(n, plain[n][0], pdl.get(n, [None])[0]) for n in sorted(plain)])
EOF
tar czf "$out/results.tar.gz" -C "$res" .
log done
