#!/usr/bin/env bash
# Issues 11 and 15 on one H200 (carry .carry/gpu-libs.tar.xz and .carry/build-gpu/app from tools/pack-gpu.sh): the
# SGEMM routine's miss at 2048 NN (0.91x cuBLAS, H200 2026-11-28 run D) is its layout copies. Stores the vector copy
# shape of run J as the device's copy variant (a one-point tune of tools/spaces/scopy-h200.json), then benches the
# SIMT SGEMM winner sf5w0 at 2048-4096 NN/TN beside cuBLAS pedantic with that copy and with the default copy shape
# (--default-parts), in two processes. Writes $OUT/log.txt.
set -uo pipefail
cd "$(dirname "$0")/.."
source tools/gpu-script.sh # $out, $ktune, $sf5w0
export KT_DB=/tmp/kt-sgemm-copies.sqlite && rm -f "$KT_DB"*
log() { echo "== $* ($(date +%T))" >> "$out/log.txt"; }
log tune; timeout 60 "$ktune" tune --device cuda: --family layout_copy --space tools/spaces/scopy-h200.json \
    --strategy exhaustive --sizes 4096 --runs 5 2>&1 | grep -v '^progress' >> "$out/log.txt"
for parts in stored default; do
    extra=() && [ $parts = default ] && extra=(--default-parts)
    log "bench, $parts copies"
    timeout 90 "$ktune" bench --device cuda: --family sgemm --point "$sf5w0" --sizes 2048,3072,4096 --ops nn,tn \
        --peer cublas --runs 10 "${extra[@]}" >> "$out/log.txt" 2>&1
done
log done
