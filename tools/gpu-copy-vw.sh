#!/usr/bin/env bash
# Issue 11 item 1 on one H200 (carry .carry from tools/pack-gpu.sh): the copy conversions with the vector width
# COPY_VW (kernels/common/layout_copy.cl) against the device copy bandwidth. Single precision missed >= 95% at
# n >= 4096 with one 4-byte element per access (0.74-0.80, H200 2026-11-27 run A). Profiles the CUDA device, tunes
# layout_copy and dlayout_copy at 4096 (random, KT_COPY_BUDGET each, default 60s, warm start: the old default shape
# 32x32/4x1/4x1 first, then its blocks in vectors of 2 and 4), then benches the tuned best and the default shape (and
# its vector seeds) at 4096 and 8192: GB/s and the fraction of the profile's copy bandwidth per row.
# Writes $OUT/log.txt and $OUT/results.tar.gz (bench JSON, tune output, the store), refreshed after every step.
# Dry run elsewhere: KT_KTUNE=build/app/cli/ktune KT_COPY_DEVICE=<id> KT_COPY_TUNE_SIZE=256 KT_COPY_SIZES=256,512.
set -uo pipefail
cd "$(dirname "$0")/.."
source tools/gpu-script.sh # $out, $ktune, gpuDevice
res=/tmp/kt-copy-vw
source tools/gpu-copy-common.sh # log, pack, step, fractions, shape, $cuda
step 120 "$res/profile.json" profile "$cuda" --json
tuneSize=${KT_COPY_TUNE_SIZE:-4096} sizes=${KT_COPY_SIZES:-4096,8192}
old="COPY_MWG=32,COPY_NWG=32,COPY_MWI=4,COPY_NWI=1,COPY_MUD=4,COPY_NUD=1" # the default shape before tuning
for f in layout_copy dlayout_copy; do
    step 150 "$res/tune-$f.txt" tune --device "$cuda" --family $f --strategy random --sizes "$tuneSize" \
        --budget-time "${KT_COPY_BUDGET:-60s}" --warm-start --runs 5
    step 120 "$res/bench-best-$f.txt" bench --device "$cuda" --family $f --best --sizes "$sizes" --runs 10 \
        --out "$res/copy-tuned-$f.json"
    step 120 "$res/bench-default-$f.txt" bench --device "$cuda" --family $f \
        --point "$old,COPY_VW=1;$old,COPY_VW=2;$old,COPY_VW=4" --sizes "$sizes" --runs 10 \
        --out "$res/copy-default-$f.json"
    for kind in tuned default; do
        [ -s "$res/copy-$kind-$f.json" ] && fractions "$res/copy-$kind-$f.json" "$res/profile.json"
    done
done
log "done"
pack
