#!/usr/bin/env bash
# Runs on the NVIDIA GPU machine (see ../shared/gpu/README.md and docs/perf/README.md): the Qt-free test suite,
# `ktune devices` and `ktune profile` for every device, and any extra ktune commands given as arguments
# (each a quoted string, e.g. "bench --device cuda --family gemm ..."). Everything lands in $OUT/gpu-results.tar.gz
# plus $OUT/summary.txt (the device tool returns at most 8 files).
#
# Build here first:  cmake -S . -B build-gpu -G Ninja -DKT_GUI=OFF -DCMAKE_BUILD_TYPE=Release && ninja -C build-gpu
# then tools/pack-gpu.sh, and carry .carry: stripped executables + the Debian libraries absent there (OpenBLAS,
# CLBlast, gfortran).
set -uo pipefail
cd "$(dirname "$0")/.."
out=${OUT:-/tmp/kt-out}
res=/tmp/kt-results
rm -rf "$res" && mkdir -p "$res" "$out"
# Executables travel in .carry/build-gpu (tools/pack-gpu.sh). Tests have the build paths of the development
# machine compiled in (KT_KTUNE_PATH, KT_SOURCE_DIR = /work/main/...): recreate those paths with links.
if [ -d .carry/build-gpu ] && [ ! -e build-gpu ]; then ln -s "$PWD/.carry/build-gpu" build-gpu; fi
if [ ! -e /work/main ]; then mkdir -p /work && ln -s "$PWD" /work/main; fi
build=${KT_GPU_BUILD:-build-gpu}

mkdir -p /tmp/kt-libs && tar xJf .carry/gpu-libs.tar.xz -C /tmp/kt-libs
export LD_LIBRARY_PATH=/tmp/kt-libs${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
# NVIDIA's OpenCL driver is installed but not registered there; PoCL stays listed as well.
mkdir -p /tmp/icd && echo /usr/lib/libnvidia-opencl.so.1 > /tmp/icd/nvidia.icd
[ -d /etc/OpenCL/vendors ] && cp /etc/OpenCL/vendors/*.icd /tmp/icd/ 2>/dev/null
export OCL_ICD_VENDORS=/tmp/icd
export KT_DB="$res/ktune.sqlite"
ktune="$build/app/cli/ktune"

summary="$out/summary.txt"
: > "$summary"
log() { echo "$*" | tee -a "$summary"; }

nvidia-smi > "$res/nvidia-smi.txt" 2>&1
log "== devices"
"$ktune" devices 2>&1 | tee "$res/devices.txt" | tee -a "$summary"
"$ktune" devices --json > "$res/devices.json" 2>>"$summary"

if [ "${KT_SKIP_TESTS:-0}" != 1 ]; then
    log "== tests"
    # KT_TESTS: a regular expression choosing test executables by name (default: all).
    for t in $(find -L "$build/tests" -type f -executable ! -path '*/CMakeFiles/*' | grep -E "/(${KT_TESTS:-.*})$" | sort); do
        name=$(basename "$t")
        if "$t" --gtest_output=json:"$res/$name.json" > "$res/$name.log" 2>&1; then
            log "PASS $name ($(grep -c '^\[       OK \]' "$res/$name.log") ok, $(grep -c '^\[  SKIPPED \]' "$res/$name.log") skipped)"
        else
            log "FAIL $name"; grep -E '^\[  FAILED  \]|Failure|error' "$res/$name.log" | head -20 >> "$summary"
        fi
    done
fi

if [ "${KT_SKIP_PROFILE:-0}" != 1 ]; then
    log "== profile"
    python3 - "$res/devices.json" <<'PY' > "$res/device-ids.txt"
import json, sys
for d in json.load(open(sys.argv[1])).get("devices", []):
    if d.get("type") == "gpu": print(d["id"])
PY
    while read -r id; do
        "$ktune" profile "$id" --json > "$res/profile-${id//[:\/]/_}.json" 2>&1
        "$ktune" profile "$id" 2>&1 | tee -a "$summary"
    done < "$res/device-ids.txt"
fi

for cmd in "$@"; do
    log "== ktune $cmd"
    eval "\"$ktune\" $cmd" 2>&1 | tee -a "$res/commands.log" | tail -40 >> "$summary"
done
cp "$summary" "$res/"
tar czf "$out/gpu-results.tar.gz" -C "$res" .
