#!/usr/bin/env bash
# Issue 15 item 4 on one H100/H200 (carry .carry/gpu-libs.tar.xz and .carry/build-gpu/app from tools/pack-gpu.sh):
# tensor-core DGEMM at odd shapes tuned at those shapes, as a user with such a workload would do it — a random tune of
# tools/spaces/dgemm-odd.json (pipeline stages, k-blocks, split-K and tiles opened beyond the square sizes' space)
# measuring every candidate at every shape, then a dispatch table over m, n, k from the stored run (`ktune best
# --curves` + `ktune rules --table`), then that table benched at the shapes, every op, beside cuBLAS (default math:
# tensor cores; and pedantic) in one process with --verify. KT_SHAPES, KT_TUNE_S (tune budget, default 150 s);
# KT_TABLE=FILE benches that table instead of tuning one (e.g. a stored run's table after a kernel change).
# Writes $OUT/log.txt, $OUT/results.tar.gz (store, curves, table, bench JSON).
set -uo pipefail
cd "$(dirname "$0")/.."
source tools/gpu-script.sh # $out, $ktune, gpuDevice
res=/tmp/kt-dgemm-odd
source tools/gpu-steps.sh # $KT_DB in $res, log, step, $cuda
shapes=${KT_SHAPES:-1023x517x333,2000x3000x500,4096x256x4096,777x1999x1234,5000x5000x64}
budget=${KT_TUNE_S:-150}
table=${KT_TABLE:-$res/table.json}
if [ -z "${KT_TABLE:-}" ]; then
    step $((budget + 60)) tune --device "$cuda" --family dgemm --space tools/spaces/dgemm-odd.json --strategy random \
        --sizes "$shapes" --budget-time "${budget}s" --runs 5 --notes "odd shapes, tools/gpu-dgemm-odd.sh"
    step 30 best --device "$cuda" --family dgemm --curves "$res/curves.csv"
    step 30 rules --curves "$res/curves.csv" --family dgemm --table --out "$table"
fi
step 180 bench --device "$cuda" --family dgemm --rules "$table" --sizes "$shapes" --variants nn,nt,tn,tt \
    --tensor-cores --verify --runs 10 --out "$res/table-odd.json"
log done
