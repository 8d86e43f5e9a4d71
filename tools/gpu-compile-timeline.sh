#!/usr/bin/env bash
# Issue 15 item 5 (compilation >= 12x faster on 16 cores than on one): where the missing scaling goes, on one
# H100/H200 host (carry .carry/gpu-libs.tar.xz and .carry/build-gpu/app from tools/pack-gpu.sh), about 3 minutes.
# `ktune compile-bench --timeline` compiles the same 64 SGEMM candidates (seed 7, as runs K, N, O, R) in one
# compile-worker process, 16 threads and twice 16 processes (the repeat shows the run-to-run spread), NVIDIA's cache
# off, and records every program: its worker, hand-out, compile start and end (the worker's own clock), receipt and
# load. The summary per setting splits the workers' time into compiling, lead-in, start-up, pipes, gaps between a
# worker's programs (feeding), tail (stragglers) and unused, and compares each program's compile time with the
# one-process row (per-program slowdown). Beside it: the host's cores and CPU quota, vmstat every second over the
# run (is anything else using the cores?), the cgroup's throttling before and after.
# Writes to $OUT: log.txt, compile-bench.txt (rows + summaries), timeline.json, timeline-*.png (matplotlib) or
# gantt.txt (text Gantt), host.txt, vmstat.txt, results.tar.gz.
set -uo pipefail
cd "$(dirname "$0")/.."
source tools/gpu-script.sh # $out, $ktune, gpuDevice
res=/tmp/kt-compile-timeline
source tools/gpu-steps.sh # $res, log, $cuda
{
    echo "nproc $(nproc)"
    lscpu 2>/dev/null | grep -E '^(Model name|CPU\(s\)|Thread|Core|Socket|NUMA node\(s\)|CPU max MHz)'
    echo "loadavg $(cat /proc/loadavg)"
    for f in /sys/fs/cgroup/cpu.max /sys/fs/cgroup/cpuset.cpus.effective /sys/fs/cgroup/cpu.stat \
        /proc/pressure/cpu /proc/pressure/memory; do
        [ -r "$f" ] && { echo "== $f"; cat "$f"; }
    done
    free -g 2>/dev/null
} > "$out/host.txt" 2>&1
(vmstat -t 1 > "$out/vmstat.txt" 2>&1) &
vmstat_pid=$!
log "compile-bench --device $cuda --family sgemm --count 64 --processes 1,16,16 --threads 16 --timeline"
CUDA_CACHE_DISABLE=1 timeout 400 "$ktune" compile-bench --device "$cuda" --family sgemm --count 64 --seed 7 \
    --processes 1,16,16 --threads 16 --timeline "$out/timeline.json" > "$out/compile-bench.txt" 2>&1
rc=$?
kill "$vmstat_pid" 2>/dev/null
[ "$rc" = 0 ] || log "compile-bench exit $rc"
cat "$out/compile-bench.txt" >> "$out/log.txt"
{
    echo "== after the run"
    echo "loadavg $(cat /proc/loadavg)"
    [ -r /sys/fs/cgroup/cpu.stat ] && cat /sys/fs/cgroup/cpu.stat
} >> "$out/host.txt" 2>&1
# The plot where matplotlib is installed; the text Gantt always (it needs nothing but Python).
python3 tools/compile-timeline.py "$out/timeline.json" --out "$out/timeline" >> "$out/log.txt" 2>&1
python3 tools/compile-timeline.py "$out/timeline.json" --text --width 160 --top 12 > "$out/gantt.txt" 2>&1
cp "$out/timeline.json" "$res/" 2>/dev/null
tar czf "$out/results.tar.gz" -C "$res" .
log done
