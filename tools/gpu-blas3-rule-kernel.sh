#!/usr/bin/env bash
# Issue 11 on one H200 (carry .carry/gpu-libs.tar.xz, .carry/build-gpu/app/cli/ktune and, with KT_TEST, that test
# binary; tools/pack-gpu.sh): the double BLAS3 routines on the DGEMM rule's own 4096-8192 kernel (H200 2026-11-28 run
# AO: 128 x 128, m16n8k4, swizzle 3, double-buffered 16-byte fragment loads, C staged through shared memory, direct
# reads; 58-60 TF/s as DGEMM at 4096) instead of the older winner D6 (m16n8k8 over CBL copies, 41-44 TF/s), which every
# BLAS3 figure so far used. First KT_TEST (blas3_cuda_test, its tensor-core direct-read test), then our DGEMM on both
# kernels (the ratio's denominator), then per routine both kernels in one process beside cuBLAS (pedantic and default
# math), verified against OpenBLAS at 4096. KT_SIZES_VERIFIED (4096), KT_SIZES_LARGE (8192), KT_ROUTINES.
# KT_PRECISION=s: the single routines on the SIMT SGEMM winner's direct-read twin sf5w0d (no copies for SYRK/SYR2K, SYMM's
# B read in place) beside sf5w0 itself (every operand copied): what the copies cost. KT_POINT / KT_BASE_POINT: other
# kernels (the first must read directly, GEMM_DIRECT=1, the second not). KT_PEER=none: no cuBLAS (a dry run on PoCL).
# Writes $OUT/log.txt, $OUT/summary.txt and $OUT/results.tar.gz.
set -uo pipefail
cd "$(dirname "$0")/.."
source tools/gpu-script.sh # $out, $ktune, $d6, gpuDevice
res=/tmp/kt-blas3-rule-kernel
source tools/gpu-steps.sh # $KT_DB in $res, log, step, $cuda
device=${KT_DEVICE:-$cuda}
rule=${KT_RULE:-docs/perf/h200-2026-11-28-c/run-AO/rule-ops.json}
# The rule's kernel at the largest size it covers (the last interval).
prec=${KT_PRECISION:-d}
if [ "$prec" = s ]; then
    k1=${KT_POINT:-$sf5w0d} base=${KT_BASE_POINT:-$sf5w0}
else
    k1=${KT_POINT:-$(python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["intervals"][-1]["candidate"])' "$rule")}
    base=${KT_BASE_POINT:-$d6}
fi
verified=${KT_SIZES_VERIFIED:-4096}
large=${KT_SIZES_LARGE:-8192}
if [ -n "${KT_TEST:-}" ]; then
    log "$KT_TEST"
    timeout 200 "$KT_TEST" --gtest_brief=1 --gtest_filter="${KT_TEST_FILTER:-*}" > "$res/blas3-test.txt" 2>&1
    log "test exit $?"
    tail -5 "$res/blas3-test.txt" >> "$out/log.txt"
fi
tc=--tensor-cores && [ "$prec" = s ] && tc= # cuBLAS FP32 pedantic is the single peer (no TF32)
peer=${KT_PEER:-cublas} && [ "$peer" = none ] && tc=
gemmSizes=$verified && [ "$large" = none ] || gemmSizes=$verified,$large
step 90 bench --device "$device" --family ${prec}gemm --point "$k1;$base" --sizes "$gemmSizes" --ops nn --peer "$peer" \
    $tc --runs 7 --out "$res/gemm.json"
for r in ${KT_ROUTINES:-${prec}symm ${prec}syrk ${prec}syr2k ${prec}trmm}; do
    step 90 bench --device "$device" --family "$r" --point "$k1;$base" --sizes "$verified" \
        --variants "$(blas3Variants "$r")" --peer "$peer" $tc --verify --runs 7 --out "$res/$r-verified.json"
    [ "$large" = none ] || step 90 bench --device "$device" --family "$r" --point "$k1;$base" --sizes "$large" \
        --variants "$(blas3Variants "$r")" --peer "$peer" $tc --runs 7 --out "$res/$r-large.json"
done
python3 - "$res" "$k1" <<'EOF' | tee "$out/summary.txt"
import glob, json, os, sys
res, k1 = sys.argv[1], sys.argv[2]
def load(name):
    p = os.path.join(res, name)
    return json.load(open(p))["rows"] if os.path.exists(p) else []
# The rule's kernel reads directly (GEMM_DIRECT=1), D6 through copies; rows name the variant under "side/uplo/…".
mine = lambda r: "GEMM_DIRECT=1" in r["candidate"]
vkey = lambda r: next((str(r[k]) for k in r if "/" in k), r.get("variant") or r.get("op"))
gemm = {}
for r in load("gemm.json"):
    gemm[(r["size"][0], mine(r))] = r["ours_gflops"]
print("%-7s %-7s %6s %9s %9s %7s %7s %7s %7s %8s" % ("family", "var", "n", "direct", "base", "d/base", "d/gemm", "d/tc",
                                                      "d/ped", "verified"))
for path in sorted(glob.glob(os.path.join(res, "*-*.json"))):
    fam = os.path.basename(path).split("-")[0]
    rows = json.load(open(path))["rows"]
    for key in sorted({(r["size"][0], vkey(r)) for r in rows}):
        both = [r for r in rows if (r["size"][0], vkey(r)) == key]
        a = next((r for r in both if mine(r)), None)
        b = next((r for r in both if not mine(r)), None)
        g = lambda r: r["ours_gflops"] if r and r.get("ours_gflops") else None
        ratio = lambda x, y: "%.2f" % (x / y) if x and y else "-"
        print("%-7s %-7s %6d %9s %9s %7s %7s %7s %7s %8s" % (fam, key[1], key[0], "%.0f" % g(a) if g(a) else "-",
              "%.0f" % g(b) if g(b) else "-", ratio(g(a), g(b)), ratio(g(a), gemm.get((key[0], True))),
              ratio(g(a), (a or {}).get("peer_tc_gflops")), ratio(g(a), (a or {}).get("peer_gflops")),
              (a or {}).get("verified", "-")))
EOF
tar czf "$out/results.tar.gz" -C "$res" .
log done
