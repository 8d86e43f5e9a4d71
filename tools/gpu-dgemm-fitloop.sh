#!/usr/bin/env bash
# Issue 15 item 4 on one H200 (carry .carry/gpu-libs.tar.xz, .carry/build-gpu/app/cli/ktune, and KT_OLD_KTUNE: a
# ktune built before the change, e.g. .carry/old/ktune): the tensor-core DGEMM's general direct program with the
# exact-fit main loop for whole work-groups (commit e37479c) against the same kernels before it, each in its own
# `ktune bench` process beside cuBLAS (default math): run AK's odd-shape table at its five shapes and run AO's per-op
# rule at ragged square sizes (KT_SQUARE, default 1000,2000,3000,4000), every op; the new binary's rows verified
# against OpenBLAS (up to 4000). KT_TEST: gemm_cuda_test to run first (its tensor-core test).
# Writes $OUT/log.txt, $OUT/summary.txt and $OUT/results.tar.gz.
set -uo pipefail
cd "$(dirname "$0")/.."
source tools/gpu-script.sh # $out, $ktune, gpuDevice
res=/tmp/kt-dgemm-fitloop
source tools/gpu-steps.sh # $KT_DB in $res, log, step, $cuda
old=${KT_OLD_KTUNE:-.carry/old/ktune}
odd=${KT_ODD_TABLE:-docs/perf/h200-2026-11-28-b/run-AK/odd-table.json}
rule=${KT_RULE:-docs/perf/h200-2026-11-28-c/run-AO/rule-ops.json}
shapes=${KT_SHAPES:-1023x517x333,2000x3000x500,4096x256x4096,777x1999x1234,5000x5000x64}
square=${KT_SQUARE:-1000,2000,3000,4000}
if [ -n "${KT_TEST:-}" ]; then
    log "$KT_TEST"
    timeout "${KT_TEST_S:-200}" "$KT_TEST" --gtest_brief=1 --gtest_filter="${KT_TEST_FILTER:-*TensorCore*}" \
        > "$res/test.txt" 2>&1
    log "test exit $?"
    tail -4 "$res/test.txt" >> "$out/log.txt"
fi
bench() { # binary tag file sizes [--verify]
    local bin=$1 tag=$2 file=$3 sizes=$4
    shift 4
    log "$tag $(basename "$file") $sizes"
    timeout 120 "$bin" bench --device "$cuda" --family dgemm --rules "$file" --sizes "$sizes" --variants nn,nt,tn,tt \
        --peer cublas --tensor-cores --runs 7 "$@" --out "$res/$tag-$(basename "$file" .json).json" 2>&1 |
        grep -v '^progress' | tail -3 >> "$out/log.txt"
}
bench "$ktune" new "$odd" "$shapes" --verify
bench "$old" old "$odd" "$shapes"
bench "$ktune" new "$rule" "$square" --verify
bench "$old" old "$rule" "$square"
tar czf "$out/results.tar.gz" -C "$res" .
python3 - "$res" <<'EOF' | tee "$out/summary.txt"
import glob, json, os, sys
res = sys.argv[1]
def rows(tag, name):
    p = os.path.join(res, "%s-%s.json" % (tag, name))
    return json.load(open(p))["rows"] if os.path.exists(p) else []
key = lambda r: ("x".join(str(x) for x in r["size"]), r.get("op") or r.get("variant"))
for name in ["odd-table", "rule-ops"]:
    new = {key(r): r for r in rows("new", name)}
    old = {key(r): r for r in rows("old", name)}
    print("%s: GF/s new / old, and x cuBLAS TC (same process each)" % name)
    for k in sorted(new, key=lambda k: (k[0], k[1])):
        n, o = new[k], old.get(k, {})
        g = lambda r: r.get("ours_gflops") or 0
        tc = lambda r: (g(r) / r["peer_tc_gflops"]) if r.get("peer_tc_gflops") else 0
        print("  %-16s %-3s new %8.0f old %8.0f  new/old %5.2f  x tc new %4.2f old %4.2f  verified %s" % (
            k[0], k[1], g(n), g(o), g(n) / g(o) if g(o) else 0, tc(n), tc(o), n.get("verified", "-")))
EOF
log done
