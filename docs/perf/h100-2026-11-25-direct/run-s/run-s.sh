#!/usr/bin/env bash
# H100 2026-11-25 run S: k-pairs (commit f4e5733). gemm_cuda_test's tensor-core tests (every direct variant, every
# orientation, against OpenBLAS), then run R's rule benched again with the new kernels (same points, same store).
set -uo pipefail
C=.carry-q
start=$SECONDS
mkdir -p /tmp/kt-libs && tar xJf .carry/gpu-libs.tar.xz -C /tmp/kt-libs && export LD_LIBRARY_PATH=/tmp/kt-libs
timeout 150 $C/gemm_cuda_test --gtest_filter='*TensorCore*:*EveryParameterValue*' > /tmp/tests.log 2>&1
echo "tests rc $? $((SECONDS - start)) s" > $OUT/run-summary.txt
grep -E "^\[  (PASSED|FAILED|SKIPPED) |^\[ +OK|FAILED|Failure" /tmp/tests.log | tail -40 > $OUT/tests-summary.txt
cp $C/run-r.sqlite /tmp/s.sqlite
dev=$($C/ktune devices --json | python3 -c 'import json,sys
print([d["id"] for d in json.load(sys.stdin)["devices"] if d["id"].startswith("cuda")][0])')
timeout 200 $C/ktune bench --db /tmp/s.sqlite --device "$dev" --family dgemm --rules $C/run-r-rule.json \
  --sizes 1024,1536,2048,4096,6144,8192 --ops nn,nt,tn,tt --runs 5 --tensor-cores --out $OUT/bench-rules.json \
  > $OUT/bench-rules.txt 2>&1
echo "bench rc $? $((SECONDS - start)) s" >> $OUT/run-summary.txt
cat $OUT/run-summary.txt $OUT/bench-rules.txt
