#!/usr/bin/env bash
# One GPU-machine command for docs/perf/symv.md: the DSYMV size pipeline on the CUDA device (space KT_SYMV_SPACE in
# the carry dir, default dsymv-h100-tiled.json, the tiled kernels; runs A and B used dsymv-h100.json), then in the same run the auto-tuned SYMV (the rule) and the top-10 finalists
# against cuBLAS (pedantic, and default math with atomics allowed), and the rule on NVIDIA OpenCL against CLBlast,
# n = 256 … 16384; a PNG plot (matplotlib there). Everything lands in $OUT (at most 8 files).
#
# Carry: KT_SYMV_DIR (default .carry-symv) holding ktune (stripped Release build), this script, the space and
# tools/symv-plot.py; .carry/gpu-libs.tar.xz (OpenBLAS, CLBlast). Budget: KT_PIPELINE_SECONDS for the pipeline.
set -uo pipefail
cd "$(dirname "$0")/.."
dir=${KT_SYMV_DIR:-.carry-symv}
out=${OUT:-/tmp/kt-out}
mkdir -p "$out" /tmp/kt-libs && tar xJf .carry/gpu-libs.tar.xz -C /tmp/kt-libs
export LD_LIBRARY_PATH=/tmp/kt-libs${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
mkdir -p /tmp/icd && echo /usr/lib/libnvidia-opencl.so.1 > /tmp/icd/nvidia.icd
[ -d /etc/OpenCL/vendors ] && cp /etc/OpenCL/vendors/*.icd /tmp/icd/ 2>/dev/null
export OCL_ICD_VENDORS=/tmp/icd
export KT_DB=/tmp/symv.sqlite
k="$dir/ktune"
log="$out/pipeline.log"
"$k" devices --json > /tmp/devices.json
cuda=$(python3 -c "import json;print(next(d['id'] for d in json.load(open('/tmp/devices.json'))['devices'] if d['backend']=='cuda'))")
ocl=$(python3 -c "import json;print(next(d['id'] for d in json.load(open('/tmp/devices.json'))['devices'] if d['backend']=='opencl' and d['type']=='gpu'))")
{ nvidia-smi --query-gpu=name,clocks.max.sm,memory.total --format=csv; "$k" devices; } > "$log" 2>&1
sizes=256,512,1024,2048,4096,6144,8192,10240,12288,16384
start=$(date +%s.%N)
echo "== pipeline $(date -u +%FT%TZ)" >> "$log"
"$k" pipeline --device "$cuda" --family dsymv --space "$dir/${KT_SYMV_SPACE:-dsymv-h100-tiled.json}" --representative 1024,4096,8192 \
    --detail 100:16362:346 --incremental "${KT_INCREMENTAL:-12}" --no-verify --runs 5 \
    --budget-time "${KT_PIPELINE_SECONDS:-420}" \
    --out "$out/rule.json" --emit-cpp /tmp/rule.hpp >> "$log" 2>&1
echo "pipeline rc $? wall $(python3 -c "import time;print(round(time.time()-$start,1))") s" >> "$log"
echo "== benches $(date -u +%FT%TZ)" >> "$log"
if [ -f "$out/rule.json" ]; then
    "$k" bench --device "$cuda" --family dsymv --rules "$out/rule.json" --sizes $sizes --tensor-cores --verify \
        --runs 20 --out "$out/rule-cuda.json" >> "$log" 2>&1
fi
"$k" bench --device "$cuda" --family dsymv --best --top 10 --sizes $sizes --runs 20 --out "$out/top10-cuda.json" \
    >> "$log" 2>&1
if [ -f "$out/rule.json" ]; then
    "$k" bench --device "$ocl" --family dsymv --rules "$out/rule.json" --sizes $sizes --verify --runs 20 \
        --out "$out/rule-opencl.json" >> "$log" 2>&1
fi
"$k" profile "$cuda" --json > "$out/profile-cuda.json" 2>> "$log"
/opt/torch/.venv/bin/python3 "$dir/symv-plot.py" "$out" >> "$log" 2>&1 || python3 "$dir/symv-plot.py" "$out" >> "$log" 2>&1
echo "== done $(date -u +%FT%TZ)" >> "$log"
tail -60 "$log"
