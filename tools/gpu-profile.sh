#!/usr/bin/env bash
# Runs on the NVIDIA GPU machine after tools/gpu-run.sh set things up (or standalone): for one GEMM candidate,
#  1. an Nsight Compute report of the TN kernel (one launch, `--clock-control none`: the clocks are left alone),
#  2. the kernel compiled offline with nvcc (registers, spills) and its SASS with instruction counts of the
#     main loop (DFMA/FFMA vs shared loads vs the rest).
# usage: tools/gpu-profile.sh FAMILY POINT_KEY SIZE OUTDIR
set -uo pipefail
cd "$(dirname "$0")/.."
family=$1 key=$2 size=$3 dir=$4
mkdir -p "$dir"
build=${KT_GPU_BUILD:-build-gpu}
ktune="$build/app/cli/ktune"
ncu=$(command -v ncu || ls /opt/nvidia/nsight-compute/*/ncu /usr/local/cuda/bin/ncu 2>/dev/null | head -1)
nvcc=$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)
cuobjdump=$(command -v cuobjdump || echo /usr/local/cuda/bin/cuobjdump)

"$ktune" source --family "$family" --point "$key" --output "$dir/kernel.cu"
defines=$("$ktune" source --family "$family" --point "$key" --options | tr '\n' ' ')
# NVRTC compiles for the device's own architecture; nvcc does the same here (sm_90 on an H100/H200).
"$nvcc" -x cu -arch=sm_90 -cubin -std=c++17 -Xptxas -v $defines "$dir/kernel.cu" -o "$dir/kernel.cubin" \
    > "$dir/ptxas.txt" 2>&1
"$cuobjdump" -sass "$dir/kernel.cubin" > "$dir/kernel.sass" 2>&1
python3 - "$dir/kernel.sass" > "$dir/sass-summary.txt" <<'PY'
import re, sys, collections
lines = open(sys.argv[1]).read().splitlines()
op_re = re.compile(r"/\*([0-9a-f]{4,})\*/\s+(?:@!?\w+\s+)?([A-Z][A-Z0-9_.]*)")
ins, where, labels, pending = [], {}, {}, []
for l in lines:
    m = re.match(r"\s*(\.L_x_\d+):", l)
    if m: pending.append(m.group(1)); continue
    m = op_re.search(l)
    if not m: continue
    k = len(ins)
    ins.append((m.group(2).split(".")[0], l))
    where[int(m.group(1), 16)] = k
    for name in pending: labels[name] = k
    pending = []
print("whole kernel:", dict(collections.Counter(op for op, _ in ins).most_common(25)))
# Loops: backward branches (to an address or a .L_x_ label); the body is the stretch between target and branch.
for k, (op, l) in enumerate(ins):
    if op != "BRA": continue
    t = re.search(r"BRA\s+.*?0x([0-9a-f]+)", l)
    target = where.get(int(t.group(1), 16)) if t else None
    if target is None:
        t = re.search(r"(\.L_x_\d+)", l)
        target = labels.get(t.group(1)) if t else None
    if target is not None and target < k and k - target > 50:
        c = collections.Counter(o for o, _ in ins[target:k + 1])
        print(f"loop of {k - target + 1} instructions:", dict(c.most_common(15)))
PY
if [ -n "$ncu" ]; then
    run=("$ktune" bench --device cuda: --family "$family" --point "$key" --sizes "$size" --ops tn --peer none
         --runs 1 --warmup 1)
    "$ncu" --clock-control none --kernel-name gemm_tn --launch-count 1 \
        --section SpeedOfLight --section ComputeWorkloadAnalysis --section Occupancy --section LaunchStats \
        --section SchedulerStats --section WarpStateStats --section InstructionStats --section MemoryWorkloadAnalysis \
        "${run[@]}" > "$dir/ncu.txt" 2>&1
    # Separately (a metric name this ncu does not know must not cost the report above): pipe use, clock, stalls.
    "$ncu" --clock-control none --kernel-name gemm_tn --launch-count 1 --metrics \
        sm__pipe_fp64_cycles_active.avg.pct_of_peak_sustained_active,sm__inst_executed_pipe_fp64.avg.pct_of_peak_sustained_active,sm__cycles_elapsed.avg.per_second,smsp__average_warp_latency_issue_stalled_barrier.ratio,smsp__average_warp_latency_issue_stalled_short_scoreboard.ratio,smsp__average_warp_latency_issue_stalled_math_pipe_throttle.ratio,smsp__average_warp_latency_issue_stalled_dispatch_stall.ratio,smsp__average_warp_latency_issue_stalled_wait.ratio,smsp__average_warp_latency_issue_stalled_not_selected.ratio,smsp__average_warp_latency_issue_stalled_long_scoreboard.ratio \
        "${run[@]}" > "$dir/ncu-metrics.txt" 2>&1
else
    echo "ncu not found" > "$dir/ncu.txt"
fi
