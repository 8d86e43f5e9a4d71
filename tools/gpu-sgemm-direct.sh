#!/usr/bin/env bash
# Issue 15 item 3 on one H200 (carry .carry/gpu-libs.tar.xz and .carry/build-gpu/app from tools/pack-gpu.sh; the
# ktune of a build with SIMT direct reads): the SIMT SGEMM winner sf5w0 ran its TN kernel at 1.04x cuBLAS at 2048 but
# the routine at 0.98 (2048) / 0.99 (NN 3072), the layout copies' time (docs/perf/gemm.md, H200 2026-11-28 run K).
# Stores run K's vector copy shape as the device's copy variant (so the packed baseline is run K's routine), then
# benches sf5w0 beside its direct-read twin sf5w0d (GEMM_DIRECT=1 with the ROW/ROW layouts direct reads take: no copy
# for any op) in one process with cuBLAS pedantic, every op, 2048-4096; --verify (OpenBLAS on the host) at 2048 only,
# a step of its own; then dgemm's df5w0 and its twin once at 4096. Each step under `timeout`, 200 s at most in all.
# Writes $OUT/log.txt and $OUT/results.tar.gz (the store and the bench JSON).
# Dry run on PoCL with tiny sizes (the commands parse and run; PoCL compiles these 8 x 8 kernels for minutes):
#   KT_DEVICE=pthread KT_PEER=none KT_COPY_TUNE=0 KT_SIZES=64 KT_VERIFY_SIZES=40 KT_DSIZES=48 KT_LIMIT_SCALE=10
#   KT_KTUNE=build/app/cli/ktune OUT=/tmp/sd bash tools/gpu-sgemm-direct.sh
set -uo pipefail
cd "$(dirname "$0")/.."
source tools/gpu-script.sh # $out, $ktune, $sf5w0, $df5w0 and their twins $sf5w0d, $df5w0d
res=${KT_RES:-/tmp/kt-sgemm-direct}
source tools/gpu-steps.sh # $res made, KT_DB, log, step
device=${KT_DEVICE:-cuda:}
peer=${KT_PEER:-cublas}
scale=${KT_LIMIT_SCALE:-1} # the steps' time limits times this
sd=$sf5w0d dd=$df5w0d # the direct-read twins (gpu-points.sh)
log "points: sf5w0=$sf5w0 sd=$sd df5w0=$df5w0 dd=$dd"
# Run K's copy shape (tools/spaces/scopy-h200.json, one point) as the device's copy variant: the packed routine's
# copies as run K measured them.
[ "${KT_COPY_TUNE:-1}" = 1 ] && step $((30 * scale)) tune --device "$device" --family layout_copy \
    --space tools/spaces/scopy-h200.json --strategy exhaustive --sizes 4096 --runs 5
# Timing first (programs compiled here land in the image cache for the verify step), both points side by side.
step $((80 * scale)) bench --device "$device" --family sgemm --point "$sf5w0;$sd" --sizes "${KT_SIZES:-2048,3072,4096}" \
    --ops nn,nt,tn,tt --peer "$peer" --runs 10 --out "$res/sgemm.json"
step $((30 * scale)) bench --device "$device" --family sgemm --point "$sd" --sizes "${KT_VERIFY_SIZES:-2048}" --ops nn,nt,tn,tt \
    --peer none --runs 1 --verify --out "$res/sgemm-verify.json"
step $((60 * scale)) bench --device "$device" --family dgemm --point "$df5w0;$dd" --sizes "${KT_DSIZES:-4096}" --ops nn,nt,tn,tt \
    --peer "$peer" --runs 5 --out "$res/dgemm.json"
log done
