#!/usr/bin/env bash
# The copy conversions at VW 4 after the swizzled staged tile and the batched loads (kernels/common/layout_copy.cl),
# on one H100/H200 (carry .carry from tools/pack-gpu.sh); under 120 s, no tuning. Profiles the CUDA device (its copy
# bandwidth), then benches layout_copy at 4096 and 8192 (KT_COPY_SIZES): the default shape 32x32/4x1/4x1 at VW 4
# (H200 2026-11-28 run I: 0.847/0.889 of the bandwidth before this change) and at VW 1 (0.708/0.746 then), the same
# block with 2 vectors in flight, and 64x64 blocks at VW 4 with MWI 4 and 8 (unrolled 4 and 8); dlayout_copy's
# default shape at VW 2 (0.95/0.97 then) checks that double precision kept its figure. Prints GB/s and the fraction
# of the profiled copy bandwidth per row; writes $OUT/log.txt and $OUT/results.tar.gz (bench JSON, profile).
# Dry run elsewhere: KT_KTUNE=build-x/app/cli/ktune KT_COPY_DEVICE=<id> KT_COPY_SIZES=256,512.
set -uo pipefail
cd "$(dirname "$0")/.."
source tools/gpu-script.sh # $out, $ktune, gpuDevice
res=/tmp/kt-copy-vw2
source tools/gpu-copy-common.sh # log, pack, step, fractions, shape, $cuda
step 60 "$res/profile.json" profile "$cuda" --json
sizes=${KT_COPY_SIZES:-4096,8192}
single="$(shape 32 32 4 4 4);$(shape 32 32 4 4 1);$(shape 32 32 4 2 4);$(shape 64 64 4 4 4);$(shape 64 64 8 8 4)"
single+=";$(shape 64 64 8 4 4)"
# KT_COPY_SINGLE / KT_COPY_DOUBLE: other point lists (';'-separated keys; `shape` builds them) instead of these.
single=${KT_COPY_SINGLE:-$single}
double=${KT_COPY_DOUBLE:-$(shape 32 32 4 4 2)}
step 60 "$res/bench-single.txt" bench --device "$cuda" --family layout_copy --point "$single" --sizes "$sizes" \
    --runs 10 --out "$res/copy-vw4-layout_copy.json"
step 30 "$res/bench-double.txt" bench --device "$cuda" --family dlayout_copy --point "$double" \
    --sizes "$sizes" --runs 10 --out "$res/copy-vw2-dlayout_copy.json"
for f in copy-vw4-layout_copy copy-vw2-dlayout_copy; do
    [ -s "$res/$f.json" ] && fractions "$res/$f.json" "$res/profile.json"
done
log "done"
pack
