#!/usr/bin/env bash
# The CUDA launch gate (devices/cuda/launch_gate.hpp) on one H100/H200 (carry .carry/gpu-libs.tar.xz,
# .carry/build-gpu/app and .carry/build-gpu/tests/devices from tools/pack-gpu.sh): the CUDA device, dialect, profile
# and cuBLAS peer tests with the gate, then the gate's own test with KT_CUDA_LAUNCH_GATE=0 (it must fail there: the span then holds the host's
# 400 ms); the H200 DSYMV rule of 2026-11-27 run C beside cuBLAS (pedantic, and default math with atomics allowed) at
# n = 256 ... 16 384, verified against OpenBLAS, once with the gate and once without it, each in its own process.
# Writes $OUT/log.txt and $OUT/results.tar.gz.
set -uo pipefail
cd "$(dirname "$0")/.."
source tools/gpu-script.sh # $out, $ktune, gpuDevice
res=/tmp/kt-launch-gate
source tools/gpu-steps.sh # $KT_DB in $res, log, step, $cuda
tests=.carry/build-gpu/tests/devices/kt_devices_cuda_test
for t in kt_devices_cuda_test kt_devices_peer_cuda_test kt_devices_dialect_cuda_test kt_devices_profile_gpu_test; do
    timeout 300 .carry/build-gpu/tests/devices/$t > "$res/$t.txt" 2>&1
    log "$t, gate on: exit $? ($(grep -c '^\[       OK' "$res/$t.txt") OK, $(grep -c '^\[  FAILED' "$res/$t.txt") FAILED)"
done
log "the gate's test, gate off (expected to fail)"
KT_CUDA_LAUNCH_GATE=0 timeout 60 "$tests" --gtest_filter='*TimeSpanLeaves*' > "$res/devices-nogate.txt" 2>&1
log "exit $? $(grep -E 'timed|Which is' "$res/devices-nogate.txt" | head -3 | tr '\n' ' ')"
step 60 profile "$cuda" --json
sizes=${KT_SIZES:-256,512,1024,2048,3072,4096,6144,8192,12288,16384}
rule=docs/perf/h200-2026-11-27/run-C/rule.json
step 200 bench --device "$cuda" --family dsymv --rules "$rule" --sizes "$sizes" --tensor-cores --verify --runs 50 \
    --out "$res/rule-gate.json"
KT_CUDA_LAUNCH_GATE=0 step 200 bench --device "$cuda" --family dsymv --rules "$rule" --sizes "$sizes" --tensor-cores \
    --runs 50 --out "$res/rule-nogate.json"
log done
