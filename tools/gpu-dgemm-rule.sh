#!/usr/bin/env bash
# Issue 15 item 4 on one H100/H200 (carry .carry/gpu-libs.tar.xz and .carry/build-gpu/app from tools/pack-gpu.sh): the
# DGEMM dispatch rule of H100 2026-11-25 run R (tensor cores, copy-free direct reads) at every size 128 ... 8192 and
# at odd shapes (its 64 x 64 and 128 x 64 kernels there), every op, beside cuBLAS (default math: tensor cores; and pedantic), timed with the CUDA launch gate
# (a small call's figure no longer holds the host's latency between the routine's launches), every row verified
# against OpenBLAS (KT_SIZES, KT_LARGE, KT_ODD: the three steps' sizes; none skips a step). Writes $OUT/log.txt, $OUT/results.tar.gz.
set -uo pipefail
cd "$(dirname "$0")/.."
source tools/gpu-script.sh # $out, $ktune, gpuDevice
res=/tmp/kt-dgemm-rule
source tools/gpu-steps.sh # $KT_DB in $res, log, step, $cuda
rule=${KT_RULE:-docs/perf/h100-2026-11-25-direct/run-r/rule.json} # KT_RULE: another rules/1 file
# Verified up to 4096 (the host's check of four ops at 6144 and 8192 took the step past 240 s in run W).
step 200 bench --device "$cuda" --family dgemm --rules "$rule" --sizes "${KT_SIZES:-128,256,512,768,1024,1536,2048,3072,4096}" \
    --variants nn,nt,tn,tt --tensor-cores --verify --runs 10 --out "$res/rule-square.json"
[ "${KT_LARGE:-}" = none ] || step 120 bench --device "$cuda" --family dgemm --rules "$rule" --sizes "${KT_LARGE:-6144,8192}" --variants nn,nt,tn,tt \
    --tensor-cores --runs 10 --out "$res/rule-large.json"
# A rules/1 rule takes m = n = k only: at odd shapes its 64 x 64 (n < 2048) and 128 x 64 (n < 6144) kernels.
points=$(python3 -c "import json;r=json.load(open('$rule'))['intervals'];print(r[0]['candidate']+';'+r[2]['candidate'])")
[ "${KT_ODD:-}" = none ] || step 180 bench --device "$cuda" --family dgemm --point "$points" \
    --sizes "${KT_ODD:-1023x517x333,2000x3000x500,4096x256x4096,777x1999x1234,5000x5000x64}" --variants nn,nt,tn,tt \
    --tensor-cores --verify --runs 10 --out "$res/rule-odd.json"
log done
