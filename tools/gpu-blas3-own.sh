#!/usr/bin/env bash
# Issue 11 on one H200 (carry .carry/gpu-libs.tar.xz and .carry/build-gpu/app from tools/pack-gpu.sh): the double
# routines that missed 0.95x our DGEMM on the H200 with the GEMM winner D6 (2026-11-27 run A: DTRMM RLTU 0.84-0.85,
# DSYRK 0.89-0.90 and DSYR2K 0.91 at 8192) tuned as routines of their own over tools/spaces/dblas3-tc.json (the
# tensor-core TN kernels around D6), as DTRMM's own tuning closed it on the H100 (2026-11-24 run Q). Per routine: a
# random tune at 4096 and 8192 (KT_OWN_BUDGET seconds, default 60), then the stored best beside cuBLAS (pedantic
# and default math) and D6 in another process; our DGEMM on D6 at the same sizes first, for the ratio. KT_OWN_SPACE:
# another space, e.g. tools/spaces/dblas3-direct.json (the H200 DGEMM rule's kernel kind, 2026-11-28 run AP).
# Writes $OUT/log.txt and $OUT/results.tar.gz (every bench JSON and the store).
set -uo pipefail
cd "$(dirname "$0")/.."
source tools/gpu-script.sh # $out, $ktune, $d6, gpuDevice
res=/tmp/kt-blas3-own
source tools/gpu-steps.sh # $KT_DB in $res, log, step, $cuda
variants() { case $1 in dsyrk|dsyr2k) echo ln,ut ;; dtrmm) echo lunn,rltu ;; esac; }
step 60 bench --device "$cuda" --family dgemm --point "$d6" --sizes 4096,8192 --ops nn --peer cublas --tensor-cores \
    --runs 7 --out "$res/dgemm-d6.json"
for r in ${KT_OWN_ROUTINES:-dtrmm dsyrk dsyr2k}; do
    step $((${KT_OWN_BUDGET:-60} + 40)) tune --device "$cuda" --family "$r" --space "${KT_OWN_SPACE:-tools/spaces/dblas3-tc.json}" \
        --strategy random --sizes 4096,8192 --budget-time "${KT_OWN_BUDGET:-60}s" --seed 11
    step 60 bench --device "$cuda" --family "$r" --best --top 1 --sizes 4096,8192 --variants "$(variants "$r")" \
        --peer cublas --tensor-cores --runs 7 --out "$res/$r-own.json"
    step 45 bench --device "$cuda" --family "$r" --point "$d6" --sizes 4096,8192 --variants "$(variants "$r")" \
        --peer none --runs 7 --out "$res/$r-d6.json"
done
log done
