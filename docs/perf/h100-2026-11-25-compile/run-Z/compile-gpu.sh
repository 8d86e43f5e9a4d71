#!/usr/bin/env bash
# Compile scaling on the GPU machine: compile-bench threads vs compile-worker processes, the on-disk image cache,
# and the wall time of one short tune compiled in threads, in processes, and again from the image cache.
set -u
K=$PWD/.carry-compile5/ktune
. tools/gpu-env.sh
export CUDA_CACHE_DISABLE=1
O=${OUT:-/tmp/out}; mkdir -p "$O"
{ date -u; nproc; lscpu | grep -E "Model name|Thread|Core|Socket|NUMA node\(s\)"; nvidia-smi -L; } > "$O/machine.txt" 2>&1
export KT_DB=/tmp/bench.sqlite
step() { local name=$1 limit=$2; shift 2; local t0=$(date +%s%N)
  timeout "$limit" "$@" > "$O/$name.txt" 2>&1; local rc=$? ms=$(( ($(date +%s%N) - t0) / 1000000 ))
  printf '%-16s rc=%-3s %6d ms  KT_IMAGE_CACHE=%s ktune %s\n' "$name" "$rc" "$ms" "${KT_IMAGE_CACHE:-}" "${*:2}" >> "$O/times.txt"; }
step bench 150 $K compile-bench --device cuda: --family sgemm --count 24 --threads 1,4,8,16 --processes 1,4,8,16 --json
KT_IMAGE_CACHE=/tmp/kt-images step cache-fill 40 $K compile-bench --device cuda: --family sgemm --count 48 --processes 16 --seed 11 --disk-cache
KT_IMAGE_CACHE=/tmp/kt-images step cache-hit 40 $K compile-bench --device cuda: --family sgemm --count 48 --processes 16 --seed 11 --disk-cache
rm -rf /tmp/kt-images
tune() { local name=$1 cache=$2; shift 2; KT_IMAGE_CACHE=$cache step "$name" 100 $K tune --device cuda: --family sgemm \
  --strategy random --sizes 1024x1024x1024 --budget-evals 64 --seed 3 --db "/tmp/$name.sqlite" --json "$@"; }
tune tune-threads off --compile-in threads
tune tune-processes /tmp/kt-images --compile-in processes
tune tune-cached /tmp/kt-images --compile-in processes
for n in tune-threads tune-processes tune-cached; do
  echo "$n: $(grep -c '"status":"ok"' "$O/$n.txt") ok lines, $(grep -o '"status":"[a-z_]*"' "$O/$n.txt" | sort | uniq -c | tr '\n' ' ')" >> "$O/times.txt"
done
echo "image files after the tunes: $(ls /tmp/kt-images | wc -l)" >> "$O/times.txt"
cat "$O/machine.txt" "$O/times.txt"; grep -h "kernels in" "$O"/cache-*.txt
python3 -c "
import json; d=json.load(open('$O/bench.txt'))
print(d.get('image_target'), d.get('hardware_threads'))
for r in d['rows']: print('%-9s %2d  %6.2f s  %6.2f k/s  %5.2fx  image %7.1f ms  load %6.1f ms  failed %d' % (r['mode'], r['parallel'], r['seconds'], r['kernels_per_second'], r['speedup_vs_first'], r['mean_image_ms'], r['mean_load_ms'], r['failed']))
" 2>&1
