#!/usr/bin/env bash
# H100 2026-11-24 run C of the plans check: GPU tests of GEMM (SIMT and tensor-core variants) and the cuBLAS peers,
# then the gpu-compare cases with one binary as both builds (the run-to-run spread) for the ratios to the peers.
set -u
cd "$(dirname "$0")/.."
out=${OUT:-/tmp/kt-out}; mkdir -p "$out"
[ -e build-gpu ] || ln -s "$PWD/.carry/build-gpu" build-gpu
[ -e /work/main ] || { mkdir -p /work && ln -s "$PWD" /work/main; }
source tools/gpu-env.sh
nvidia-smi -L > "$out/gpu.txt" 2>&1
start=$(date +%s)
timeout 200 build-gpu/tests/kernels/gemm/gemm_cuda_test > "$out/gemm_cuda_test.txt" 2>&1; echo "gemm_cuda_test rc=$? $(( $(date +%s) - start ))s" >> "$out/summary.txt"
timeout 90 build-gpu/tests/devices/kt_devices_peer_cuda_test > "$out/kt_devices_peer_cuda_test.txt" 2>&1; echo "peer rc=$? $(( $(date +%s) - start ))s" >> "$out/summary.txt"
k=$PWD/build-gpu/app/cli/ktune
KT_COMPARE_RUNS=10 KT_COMPARE_ROUNDS=1 OUT="$out/cmp" timeout 330 tools/gpu-compare.sh "$k" "$k" > /dev/null 2>&1; echo "compare rc=$? $(( $(date +%s) - start ))s" >> "$out/summary.txt"
grep -E "^\[  (PASSED|FAILED)|tests ran" "$out"/*_test.txt >> "$out/summary.txt"
tar czf "$out/run.tar.gz" -C "$out" cmp gemm_cuda_test.txt kt_devices_peer_cuda_test.txt gpu.txt 2>/dev/null
cp "$out/cmp/compare.txt" "$out/compare.txt" 2>/dev/null
rm -rf "$out/cmp" "$out/gemm_cuda_test.txt" "$out/kt_devices_peer_cuda_test.txt"
cat "$out/summary.txt"
