#!/usr/bin/env bash
# Issue 11 on one H100/H200 (carry .carry/gpu-libs.tar.xz, .carry/build-gpu/app and .carry/build-gpu/tests/kernels/blas3
# from tools/pack-gpu.sh), about 6 minutes:
# 1. the profile with the copy measured at the operand sizes of the copy conversions (`--copy-mib`: 64 MiB per buffer
#    is a single 4096 x 4096 matrix, 128 a double one, 256 and 512 the same at 8192), to tell how much of the copy
#    kernels' shortfall at 4096 any copy of that size has (H200 2026-11-28 run J: single 0.91 at 4096, 0.975 at 8192);
# 2. DTRMM on the tensor-core kernel D6 after the raster reversal (TRMM's heaviest block rows or columns first):
#    every k-range case (lunn: from the row block; llnn: to it; rlnn: from the column block; runn and rltu: to it),
#    verified against OpenBLAS at 1000, 4096, 8192, beside our DGEMM on D6 and cuBLAS (run G: rltu 0.88 of lunn);
#    then the Blas3Cuda tests (every routine and option on ragged sizes against OpenBLAS, tensor-core kernels);
# 3. a 60 s random tune of the single copy (layout_copy) at 4096, and its three best at 4096 and 8192.
# Writes $OUT/log.txt and $OUT/results.tar.gz.
set -uo pipefail
cd "$(dirname "$0")/.."
source tools/gpu-script.sh # $out, $ktune, $d6, gpuDevice
res=/tmp/kt-trmm-copies
source tools/gpu-steps.sh # $KT_DB in $res, log, step, $cuda
step 90 profile "$cuda" --json --copy-mib 64,128,256,512,1024
step 60 bench --device "$cuda" --family dgemm --point "$d6" --sizes 1000,4096,8192 --ops nn --peer cublas \
    --tensor-cores --runs 7 --out "$res/dgemm-d6.json"
step 150 bench --device "$cuda" --family dtrmm --point "$d6" --sizes 1000,4096,8192 \
    --variants lunn,llnn,rlnn,runn,rltu --peer cublas --tensor-cores --verify --runs 7 --out "$res/dtrmm-d6.json"
log "Blas3Cuda tests"
timeout 300 .carry/build-gpu/tests/kernels/blas3/blas3_cuda_test --gtest_brief=1 >> "$out/log.txt" 2>&1 ||
    log "exit $? from blas3_cuda_test"
step 100 tune --device "$cuda" --family layout_copy --strategy random --sizes 4096 --budget-time 60s --seed 7
step 30 best --device "$cuda" --family layout_copy --size 4096 --top 5
step 60 bench --device "$cuda" --family layout_copy --best --top 3 --sizes 4096,8192 --runs 10 \
    --out "$res/copy-tuned.json"
log done
