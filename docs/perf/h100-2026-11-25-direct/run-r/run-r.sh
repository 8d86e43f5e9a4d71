#!/usr/bin/env bash
# H100 2026-11-25 run R: run Q's dispatch tune with champions=1 (commit after dcc44ed: two-stage champions).
set -uo pipefail
C=.carry-q
start=$SECONDS
mkdir -p /tmp/kt-libs && tar xJf .carry/gpu-libs.tar.xz -C /tmp/kt-libs && export LD_LIBRARY_PATH=/tmp/kt-libs
KT_KTUNE=$PWD/$C/ktune KT_SPACE=tools/spaces/dgemm-direct.json KT_STAGE_SIZES=1024,4096 KT_TOP=8 \
  KT_TUNE_OPTIONS=champions=1 KT_BASELINE=0 KT_BENCH_ARGS=--tensor-cores KT_DISPATCH_TAR=$OUT/dispatch.tar.gz \
  timeout 420 tools/gpu-dispatch.sh dgemm cuda 128,256,512,1024,1536,2048,3072,4096,6144,8192 200s /tmp/dispatch-dgemm
echo "dispatch rc $? $((SECONDS - start)) s" > $OUT/run-summary.txt
cp /tmp/dispatch-dgemm/compare.txt $OUT/ 2>/dev/null; cp /tmp/dispatch-dgemm/summary.txt $OUT/dispatch-summary.txt
