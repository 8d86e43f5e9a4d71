#!/usr/bin/env bash
# H100 2026-11-25 run AA: a whole short tune with the batch compiled in threads first (old default) against compiled
# ahead in compile-worker processes while measuring (new default on CUDA), image cache off, same seed = same
# candidates; then the values of the candidates both measured, compared.
set -u
K=$PWD/.carry-aa/ktune
. tools/gpu-env.sh
export CUDA_CACHE_DISABLE=1 KT_IMAGE_CACHE=off
O=${OUT:-/tmp/out}; mkdir -p "$O"
{ date -u; nproc; nvidia-smi -L; } > "$O/machine.txt" 2>&1
.carry-aa/kt_devices_cuda_image_compile_test > "$O/image-compile-test.txt" 2>&1; echo "image-compile-test rc=$?" >> "$O/times.txt"
step() { local name=$1; shift; local t0=$(date +%s%N)
  timeout 150 "$@" > "$O/$name.txt" 2>&1; local rc=$? ms=$(( ($(date +%s%N) - t0) / 1000000 ))
  printf '%-18s rc=%-3s %6d ms  ktune %s\n' "$name" "$rc" "$ms" "${*:2}" >> "$O/times.txt"; }
for mode in threads processes; do
  step tune-$mode $K tune --device cuda: --family sgemm --strategy random --sizes 1024 --budget-evals 96 --seed 3 \
    --compile-in $mode --db /tmp/$mode.sqlite
  $K best --device cuda: --family sgemm --size 1024 --top 200 --json --db /tmp/$mode.sqlite > "$O/best-$mode.json" 2>&1
  $K runs --db /tmp/$mode.sqlite --json > "$O/runs-$mode.json" 2>&1
done
python3 - "$O" >> "$O/times.txt" 2>&1 <<'PY'
import json, sys, statistics
o = sys.argv[1]
v = {m: {r['point']: r['value'] for r in json.load(open(f'{o}/best-{m}.json'))} for m in ('threads', 'processes')}
both = sorted(set(v['threads']) & set(v['processes']))
ratios = [v['processes'][p] / v['threads'][p] for p in both]
print('ok candidates: threads %d, processes %d, both %d' % (len(v['threads']), len(v['processes']), len(both)))
if ratios:
    print('processes/threads value ratio over both: median %.3f, min %.3f, max %.3f' % (statistics.median(ratios), min(ratios), max(ratios)))
print('best: threads %.0f, processes %.0f GFlop/s' % (max(v['threads'].values()), max(v['processes'].values())))
PY
cat "$O/machine.txt" "$O/times.txt"
