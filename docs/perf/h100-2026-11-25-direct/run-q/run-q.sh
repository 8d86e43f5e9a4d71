#!/usr/bin/env bash
# H100 2026-11-25 run Q: the conditional-launch plans (commit dcc44ed) on the GPU.
# 1. gemm_cuda_test's tensor-core tests (every direct variant against OpenBLAS, the routine's exact-fit calls);
# 2. the dispatch rule from a tune whose candidates time the exact-fit program where the size fits;
# 3. the exported package at A1 (direct reads) against cuBLAS and KernelTune's routine, if time remains.
set -uo pipefail
C=.carry-q
start=$SECONDS
mkdir -p /tmp/kt-libs && tar xJf .carry/gpu-libs.tar.xz -C /tmp/kt-libs && export LD_LIBRARY_PATH=/tmp/kt-libs
nvidia-smi --query-gpu=name,clocks.max.sm,clocks.max.mem --format=csv > $OUT/nvidia-smi.txt 2>&1
timeout 150 $C/gemm_cuda_test --gtest_filter='*TensorCore*:*EveryParameterValue*' > /tmp/tests.log 2>&1
echo "tests rc $? $((SECONDS - start)) s" > $OUT/summary.txt
grep -E "^\[  (PASSED|FAILED|SKIPPED) |^\[ +OK|FAILED|Failure" /tmp/tests.log | tail -40 > $OUT/tests-summary.txt
KT_KTUNE=$PWD/$C/ktune KT_SPACE=tools/spaces/dgemm-direct.json KT_STAGE_SIZES=1024,4096 KT_TOP=8 KT_BASELINE=0 \
  KT_BENCH_ARGS=--tensor-cores KT_DISPATCH_TAR=$OUT/dispatch.tar.gz \
  timeout 330 tools/gpu-dispatch.sh dgemm cuda 128,256,512,1024,1536,2048,3072,4096,6144,8192 200s /tmp/dispatch-dgemm
echo "dispatch rc $? $((SECONDS - start)) s" >> $OUT/summary.txt
mv $OUT/summary.txt $OUT/run-summary.txt
cp /tmp/dispatch-dgemm/compare.txt $OUT/ 2>/dev/null; cp /tmp/dispatch-dgemm/summary.txt $OUT/dispatch-summary.txt 2>/dev/null
left=$((570 - SECONDS + start))
if [ $left -gt 90 ]; then
  KT_EXPORT_CARRY=$C KT_EXPORT_FAMILY=dgemm KT_EXPORT_SPACE=$C/export-perf/dgemm-a1-direct-space.json \
    timeout $left bash tools/gpu-export-cuda.sh > /tmp/export.log 2>&1
  echo "export rc $? $((SECONDS - start)) s" >> $OUT/run-summary.txt
fi
cat $OUT/run-summary.txt
