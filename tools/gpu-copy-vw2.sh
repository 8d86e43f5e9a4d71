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
res=/tmp/kt-copy-vw2 && rm -rf "$res" && mkdir -p "$res"
export KT_DB=$res/copy.sqlite
start=$SECONDS
log() { echo "== $* (+$((SECONDS - start)) s)" | tee -a "$out/log.txt"; }
pack() { tar czf "$out/results.tar.gz.tmp" -C "$res" . && mv "$out/results.tar.gz.tmp" "$out/results.tar.gz"; }
step() { # $1 time limit (s), $2 output file, the rest: ktune's arguments
    local limit=$1 file=$2; shift 2
    log "ktune $*"
    timeout "$limit" "$ktune" "$@" > "$file" 2>&1 || log "exit $? from: $*"
    cat "$file" >> "$out/log.txt"
    pack
}
fractions() { # GB/s of every row of a bench JSON and its fraction of the profile's copy bandwidth
    python3 - "$1" "$2" << 'PY' | tee -a "$out/log.txt"
import json, sys
b = json.load(open(sys.argv[1]))
bw = json.load(open(sys.argv[2]))["device"]["profile"]["copy_bandwidth_gbs"]
for r in b["rows"]:
    gbs = r.get("ours_gbs") or 0
    size = "x".join(str(d) for d in r["size"])
    print(f"{b['family']:13} {size:>5} {gbs:8.0f} GB/s  {gbs / bw:5.3f} of {bw:.0f}  {r['candidate']}")
PY
}
shape() { # mwg nwg mwi mud vw [nwi nud] (nwi, nud default 1)
    echo "COPY_MWG=$1,COPY_NWG=$2,COPY_MWI=$3,COPY_NWI=${6:-1},COPY_MUD=$4,COPY_NUD=${7:-1},COPY_VW=$5"
}

nvidia-smi --query-gpu=name,clocks.max.sm --format=csv,noheader >> "$out/log.txt" 2>&1
"$ktune" devices --json > "$res/devices.json"
cuda=${KT_COPY_DEVICE:-$(gpuDevice cuda "$res/devices.json")} # another device: a dry run (PoCL, small sizes)
log "cuda $cuda"
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
