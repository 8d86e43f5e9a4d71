#!/usr/bin/env bash
# Runs on the GPU machine (../shared/gpu/README.md): run AO's per-op DGEMM rule shipped in a CUDA package
# (`ktune export --rule`, docs/export.md). A fresh store gets minimal DGEMM measurements: one tune of a one-point space,
# the rule's own main-kind kernel at 2048, measured at a size whose m, n, k differ (the store's tree, which the package
# takes where the size rule cannot choose). The export takes the rule for dgemm, the package and the consumer fixture
# are built against it and OpenBLAS, and the consumer runs every op (column-major NN, NT, TN, TT and row-major NT, TN)
# at each size of KT_OPS_SIZES (default 1024, 2048) and once at 1536x1024x512: each call in both entry styles against
# OpenBLAS, with the variant it ran. summary.txt says per call which variant ran and whether it is the one the rule
# names for that op (the kind KernelTune gives the call: GemmFamily::dispatchKind, a row-major call counted as its
# column-major transpose) or, off the cubes, the store's tree. Expected: "consumer rc 0", "failures 0", every
# "gemm … ok", "rule checks: N ok, 0 wrong".
# As run AM ran gpu-export-cuda-ptr.sh (docs/perf/h200-2026-11-28-c/README.md): mkdir -p /tmp/ce &&
# cp .carry/build-gpu/app/cli/ktune /tmp/ce/ && cp -r tests/export/fixtures/consumer /tmp/ce/ &&
# OUT=$OUT/ops KT_EXPORT_CARRY=/tmp/ce timeout 500 bash tools/gpu-export-dgemm-ops.sh (the consumer fixture of the
# same commit: it takes the gemm:ORDER:OPS:MxNxK arguments).
# Carry: .carry-export/{ktune,consumer/} (KT_EXPORT_CARRY) and .carry/gpu-libs.tar.xz. KT_DEVICE: another device id;
# KT_RULE: another rule file. A dry run on PoCL (run AO's kernels are tensor-core kernels no OpenCL CPU device has):
# KT_DEVICE=opencl:… KT_LIBS_TAR= KT_JOBS=2 KT_RULE=<a dgemm rule of PoCL-valid points> KT_OPS_SIZES=64. Results in $OUT.
set -uo pipefail
cd "$(dirname "$0")/.." 2>/dev/null || true
work=${KT_WORK:-/tmp/eops}
rule=$(realpath "${KT_RULE:-docs/perf/h200-2026-11-28-c/run-AO/rule-ops.json}")
sizes=${KT_OPS_SIZES:-1024 2048}
# shellcheck source=tools/gpu-export-common.sh
source tools/gpu-export-common.sh
echo "rule $rule" >> "$out/summary.txt"
# The one-point space: the rule's main-kind candidate at the last cube of KT_OPS_SIZES, every parameter one value.
python3 - "$rule" "${sizes##* }" > "$work/space.json" <<'EOF'
import json, sys
rule, size = json.load(open(sys.argv[1])), int(sys.argv[2])
iv = [i for i in rule["intervals"] if i["lo"] <= size < i["hi"]] or [rule["intervals"][-1]]
params = [kv.split("=") for kv in iv[0]["candidate"].split(",")]
print(json.dumps({"name": "rule-point", "description": "tools/gpu-export-dgemm-ops.sh: the rule's main kernel",
                  "parameters": [{"name": k, "values": [int(v)]} for k, v in params], "constraints": []}))
EOF
timeout 600 "$K" tune --db "$db" --device "$dev" --family dgemm --sizes 1536x1024x512 --budget-evals 1 \
    --space "$work/space.json" --strategy exhaustive > "$out/tune.txt" 2>&1
echo "tune rc $?" >> "$out/summary.txt"
tail -3 "$out/tune.txt" | cut -c1-300 >> "$out/summary.txt"
"$K" export --db "$db" --device "$dev" --family dgemm --out "$work/pkg" --rule "dgemm=$rule" > "$out/export.txt" 2>&1
echo "export rc $?" >> "$out/summary.txt"
tail -3 "$out/export.txt" | cut -c1-400 >> "$out/summary.txt"
build_package_and_consumer
calls=""
for s in $sizes; do
    for op in nn nt tn tt; do calls="$calls gemm:col:$op:${s}x${s}x${s}"; done
    calls="$calls gemm:row:nt:${s}x${s}x${s} gemm:row:tn:${s}x${s}x${s}"
done
calls="$calls gemm:col:nn:1536x1024x512 gemm:col:tn:1536x1024x512"
# shellcheck disable=SC2086 # one argument per call
(cd "$work" && KTP_CACHE_DIR="$work/cache" "$work/consumer/consumer" $calls) > "$out/consumer.txt" 2>&1
echo "consumer rc $?" >> "$out/summary.txt"
consumer_errors "$out/consumer.txt"
# Each call's variant against the rule's choice for its kind (at cubes) or the store's tree (the manifest's best).
python3 - "$rule" "$work/pkg/manifest.json" "$out/consumer.txt" >> "$out/summary.txt" <<'EOF'
import json, re, sys
rule, manifest = json.load(open(sys.argv[1])), json.load(open(sys.argv[2]))
family = [f for f in manifest["families"] if f["name"] == "dgemm"][0]
tree = family["best_per_size"][0]["best"]
def ruled(kind, size):
    ivs = rule["kinds"][kind]["intervals"] if kind in rule.get("kinds", {}) else rule["intervals"]
    for iv in ivs:
        if iv["lo"] <= size < iv["hi"]:
            return iv["candidate"]
    return ivs[0]["candidate"] if size < ivs[0]["lo"] else ivs[-1]["candidate"]
names = {}
ok = wrong = 0
for line in open(sys.argv[3]):
    m = re.match(r"gemm dgemm (row|col) ([NT])([NT]) (\d+)x(\d+)x(\d+) (host|device) dgemm (\S+)$", line.strip())
    if not m:
        continue
    order, a, b, dims, entry, point = m[1], m[2], m[3], [int(m[i]) for i in (4, 5, 6)], m[7], m[8]
    first, second = (b, a) if order == "row" else (a, b)  # GemmFamily::dispatchKind
    kind = (first + second).lower()
    cube = dims[0] == dims[1] == dims[2]
    want = ruled("" if kind == "nn" else kind, dims[0]) if cube else tree
    names.setdefault(point, "v%d" % len(names))
    good = point == want
    ok, wrong = ok + good, wrong + (not good)
    print("gemm %s %s%s %s %s kind %s: %s %s (%s)" % (order, a, b, "x".join(map(str, dims)), entry, kind or "nn",
          names[point], "ok" if good else "WRONG, want " + want, "rule" if cube else "store tree"))
for point, name in names.items():
    print("%s = %s" % (name, point))
print("rule checks: %d ok, %d wrong" % (ok, wrong))
EOF
tail -3 "$out/consumer.txt" >> "$out/summary.txt"
pack_results
