#!/usr/bin/env bash
# Issue 11 on one H200 (carry .carry/gpu-libs.tar.xz and .carry/build-gpu/app/cli/ktune; tools/pack-gpu.sh): why the
# double BLAS3 routines reach 0.78-0.88 of our DGEMM at 4096 (0.88-0.97 at 8192) on the DGEMM rule's 128 x 128 kernel.
# 1. Every routine (two or three variants) and DGEMM NN at 4096 on three kernels of run AO's per-op rule: the 128 x 128
#    one (4096 and above), 64 x 128 (NN 3072-4096) and 128 x 64 (NT 3072-4096); smaller tiles make more, shorter
#    work-groups, which suits a triangle of tiles. Verified against OpenBLAS, cuBLAS (default math) beside.
# 2. Nsight Compute (tools/gpu-ncu-peer.sh) of the TN kernel as DGEMM NN, DSYRK LN and DSYMM LL at 4096 on the
#    128 x 128 kernel, and of cuBLAS's kernels for the same calls: where the routine's kernel loses time.
# KT_NCU=0 skips step 2; KT_POINTS=big benches the 128 x 128 kernel alone; sizes above 4096 are not verified;
# KT_SIZE: another size; KT_PEER=none and KT_DEVICE=opencl:…: a dry run here.
# Writes $OUT/log.txt, $OUT/summary.txt, $OUT/ncu-*.txt and $OUT/results.tar.gz.
set -uo pipefail
cd "$(dirname "$0")/.."
source tools/gpu-script.sh # $out, $ktune, gpuDevice
res=/tmp/kt-blas3-4096
source tools/gpu-steps.sh # $KT_DB in $res, log, step, $cuda
device=${KT_DEVICE:-$cuda}
rule=${KT_RULE:-docs/perf/h200-2026-11-28-c/run-AO/rule-ops.json}
pick() { # KIND LO: the candidate of the rule's interval starting at LO ("" = the main intervals)
    python3 - "$rule" "$1" "$2" <<'EOF'
import json, sys
r = json.load(open(sys.argv[1]))
ivs = r["kinds"][sys.argv[2]]["intervals"] if sys.argv[2] else r["intervals"]
print(next(i["candidate"] for i in ivs if i["lo"] == int(sys.argv[3])))
EOF
}
big=$(pick "" 4096) && nn3072=$(pick "" 3072) && nt3072=$(pick nt 3072)
points="$big;$nn3072;$nt3072" && [ "${KT_POINTS:-all}" = big ] && points=$big # KT_POINTS=big: the 128 x 128 one
size=${KT_SIZE:-4096}
verify=--verify && [ "$size" -gt 4096 ] && verify= # OpenBLAS's reference beyond 4096 takes minutes
peer=${KT_PEER:-cublas} && tc=--tensor-cores && [ "$peer" = none ] && tc= # KT_PEER=none: a dry run on PoCL
step 120 bench --device "$device" --family dgemm --point "$points" --sizes "$size" --ops nn --peer "$peer" \
    $tc $verify --runs 7 --out "$res/dgemm-$size.json"
for r in dsyrk dsyr2k dsymm dtrmm; do
    step 150 bench --device "$device" --family "$r" --point "$points" --sizes "$size" \
        --variants "$(blas3Variants "$r")" --peer "$peer" $tc $verify --runs 7 --out "$res/$r-$size.json"
done
python3 - "$res" "$size" "$big" "$nn3072" "$nt3072" <<'EOF' | tee "$out/summary.txt"
import json, os, sys
res, size, points = sys.argv[1], sys.argv[2], sys.argv[3:]
tile = lambda p: "%sx%s" % (p.split("GEMM_ML=")[1].split(",")[0], p.split("GEMM_NL=")[1].split(",")[0])
names = [tile(p) for p in points]
vkey = lambda r: next((str(r[k]) for k in r if "/" in k), r.get("variant") or r.get("op"))
gemm = {}
for r in json.load(open(os.path.join(res, "dgemm-%s.json" % size)))["rows"]:
    if r.get("ours_gflops"):
        gemm[r["candidate"]] = r["ours_gflops"]
print("our DGEMM NN at %s: %s" % (size, ", ".join("%s %.0f" % (tile(c), g) for c, g in gemm.items())))
best_gemm = max(gemm.values()) if gemm else 0
print("%-7s %-6s %s %9s %9s %8s" % ("family", "var", " ".join("%9s" % n for n in names), "best/gemm", "best/tc",
                                     "verified"))
for fam in ["dsyrk", "dsyr2k", "dsymm", "dtrmm"]:
    p = os.path.join(res, "%s-%s.json" % (fam, size))
    if not os.path.exists(p):
        continue
    rows = json.load(open(p))["rows"]
    for v in sorted({vkey(r) for r in rows}):
        by = {tile(r["candidate"]): r for r in rows if vkey(r) == v}
        g = [by.get(n, {}).get("ours_gflops") for n in names]
        best = max(x for x in g if x) if any(g) else None
        tc = next((r.get("peer_tc_gflops") for r in by.values() if r.get("peer_tc_gflops")), None)
        ok = all(r.get("verified", False) in (True, "ok", "yes") for r in by.values())
        ok = ok if any("verified" in r for r in by.values()) else None
        print("%-7s %-6s %s %9s %9s %8s" % (fam, v, " ".join("%9.0f" % x if x else "%9s" % "-" for x in g),
              "%.2f" % (best / best_gemm) if best and best_gemm else "-", "%.2f" % (best / tc) if best and tc else "-",
              "-" if ok is None else "yes" if ok else "NO"))
EOF
tar czf "$out/results.tar.gz" -C "$res" .
if [ "${KT_NCU:-1}" != 0 ]; then
    for call in "dgemm nn" "dsyrk ln" "dsymm ll"; do
        set -- $call
        OUT=$out KT_NCU_FAMILY=$1 KT_NCU_VARIANT=$2 KT_NCU_SIZE=$size KT_NCU_POINT="$big" KT_NCU_TAG="$1-$2" \
            KT_NCU_KERNELS="gemm_tn|syrk|symm|gemm|xmma|cutlass" KT_NCU_LIMIT_S=${KT_NCU_LIMIT_S:-120} \
            bash tools/gpu-ncu-peer.sh
    done
fi
log done
