#!/usr/bin/env bash
# Issue 15 item 4 on one H100/H200 (carry .carry/gpu-libs.tar.xz, .carry/build-gpu/app and, for the GPU test,
# .carry/build-gpu/tests/kernels/gemm): GEMM_CSTAGE, the tensor-core kernel's store of C through shared memory, against
# the fragment-layout store, in one `ktune bench` process per step beside cuBLAS, every row verified:
#  1. run AA's table kernels at the five odd shapes (KT_TABLE), each with GEMM_CSTAGE 0 and 1 (NN);
#  2. that table with GEMM_CSTAGE 1 on every entry, every op;
#  3. run R's square rule kernels of 128 ... 2048 (KT_RULE intervals 0-2) with GEMM_CSTAGE 0 and 1 (NN);
#  4. gemm_cuda_test's tensor-core test (every variant, the staged ones included, against OpenBLAS).
# Writes $OUT/log.txt and $OUT/results.tar.gz.
set -uo pipefail
cd "$(dirname "$0")/.."
source tools/gpu-script.sh # $out, $ktune, gpuDevice
res=/tmp/kt-dgemm-cstage
source tools/gpu-steps.sh # $KT_DB in $res, log, step, $cuda
table=${KT_TABLE:-docs/perf/h200-2026-11-28/run-AA/table.json}
rule=${KT_RULE:-docs/perf/h100-2026-11-25-direct/run-r/rule.json}
shapes=${KT_SHAPES:-1023x517x333,2000x3000x500,4096x256x4096,777x1999x1234,5000x5000x64}
# Points with GEMM_CSTAGE set (keys stored before it mean 0), and the table with GEMM_CSTAGE=1 on every entry.
python3 - "$table" "$rule" "$res" <<'PY'
import json, sys
table, rule, res = json.load(open(sys.argv[1])), json.load(open(sys.argv[2])), sys.argv[3]
def staged(key, v): return key.split(",GEMM_CSTAGE=")[0] + ",GEMM_CSTAGE=%d" % v
keys = sorted({e["candidate"] for e in table["entries"]})
open(res + "/odd-points.txt", "w").write(";".join(staged(k, v) for k in keys for v in (0, 1)))
for e in table["entries"]: e["candidate"] = staged(e["candidate"], 1)
if "candidates" in table: table["candidates"] = [staged(c, 1) if isinstance(c, str) else c for c in table["candidates"]]
json.dump(table, open(res + "/table-cstage.json", "w"), indent=1)
small = sorted({i["candidate"] for i in rule["intervals"][:3]})
open(res + "/square-points.txt", "w").write(";".join(staged(k, v) for k in small for v in (0, 1)))
PY
step 150 bench --device "$cuda" --family dgemm --point "$(cat "$res/odd-points.txt")" --sizes "$shapes" --variants nn \
    --tensor-cores --verify --runs 10 --out "$res/odd-points.json"
step 120 bench --device "$cuda" --family dgemm --rules "$res/table-cstage.json" --sizes "$shapes" --variants nn,nt,tn,tt \
    --tensor-cores --verify --runs 10 --out "$res/table-cstage-odd.json"
step 120 bench --device "$cuda" --family dgemm --point "$(cat "$res/square-points.txt")" \
    --sizes 128,256,512,768,1024,1536,2048 --variants nn --tensor-cores --verify --runs 10 --out "$res/square-points.json"
tests=.carry/build-gpu/tests/kernels/gemm/gemm_cuda_test
if [ -x "$tests" ]; then
    log "gemm_cuda_test (tensor cores)"
    timeout 120 "$tests" --gtest_filter='*TensorCore*:*BetaZero*' --gtest_brief=1 >> "$out/log.txt" 2>&1
    log "gemm_cuda_test rc $?"
fi
log done
