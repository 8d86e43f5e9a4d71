#!/usr/bin/env bash
# H100 2026-11-25 run AJ (issue 15 items 2 and 3): the SIMT micro-kernel options (GEMM_WARP_M, GEMM_ORDER,
# GEMM_FRAGS) on the GPU. gemm_cuda_test's SIMT variants against OpenBLAS; exhaustive tunes of dgemm-simt and
# sgemm-simt at 2048; the three best of each, D1 and S2 benched against cuBLAS (pedantic) at 4096/8192
# and, for DGEMM, through OpenCL against CLBlast; CUTLASS's simt_dgemm_128x128_8x2 (nvcc, header-only) in the
# same process run for scale.
set -uo pipefail
C=.carry-simt6
start=$SECONDS
mkdir -p /tmp/kt-libs && tar xJf .carry/gpu-libs.tar.xz -C /tmp/kt-libs && export LD_LIBRARY_PATH=/tmp/kt-libs
mkdir -p /tmp/icd && echo /usr/lib/libnvidia-opencl.so.1 > /tmp/icd/nvidia.icd
[ -d /etc/OpenCL/vendors ] && cp /etc/OpenCL/vendors/*.icd /tmp/icd/ 2>/dev/null
export OCL_ICD_VENDORS=/tmp/icd KT_DB=/tmp/aj.sqlite
S=$OUT/run-summary.txt
log() { echo "$*" | tee -a $S; }
nvidia-smi --query-gpu=name,clocks.max.sm,power.limit --format=csv,noheader | tee -a $S
timeout 90 $C/gemm_cuda_test --gtest_filter='*EveryParameterValue*' > /tmp/tests.log 2>&1
log "tests rc $? $((SECONDS - start)) s"
grep -E "^\[  (PASSED|FAILED|SKIPPED) |FAILED|Failure|SIMT|warp" /tmp/tests.log | tail -30 > $OUT/tests-summary.txt
dev=$($C/ktune devices --json | python3 -c 'import json,sys
print([d["id"] for d in json.load(sys.stdin)["devices"] if d["id"].startswith("cuda")][0])')
ocl=$($C/ktune devices --json | python3 -c 'import json,sys
print([d["id"] for d in json.load(sys.stdin)["devices"] if d["id"].startswith("opencl") and "NVIDIA" in d.get("name","")+d.get("vendor","")][0])')
log "devices $dev $ocl"
D1='GEMM_ML=128,GEMM_NL=128,GEMM_KL=8,GEMM_MS=8,GEMM_NS=8,GEMM_KS=2,GEMM_VW=2,GEMM_LOCAL_A=1,GEMM_LOCAL_B=1,GEMM_IMAGE_A=0,GEMM_IMAGE_B=0,GEMM_LAYOUT_A=1,GEMM_LAYOUT_B=1,GEMM_PREFETCH=1'
S2='GEMM_ML=128,GEMM_NL=128,GEMM_KL=8,GEMM_MS=8,GEMM_NS=8,GEMM_KS=4,GEMM_VW=4,GEMM_LOCAL_A=1,GEMM_LOCAL_B=1,GEMM_IMAGE_A=0,GEMM_IMAGE_B=0,GEMM_LAYOUT_A=1,GEMM_LAYOUT_B=1,GEMM_PREFETCH=2'
for f in dgemm sgemm; do
  timeout 100 $C/ktune tune --device "$dev" --family $f --space $C/$f-simt.json --strategy exhaustive --sizes 2048 \
    --runs 3 --budget-time 75s > $OUT/tune-$f.txt 2>&1
  log "tune $f rc $? $((SECONDS - start)) s"
  $C/ktune best --device "$dev" --family $f --size 2048 --top 40 --json > /tmp/best-$f.json 2>/dev/null
  $C/ktune best --device "$dev" --family $f --size 2048 --top 40 > $OUT/best-$f.txt 2>&1
done
top() { python3 -c 'import json,sys
d=json.load(open(sys.argv[1])); rows=d if isinstance(d,list) else d.get("candidates", d.get("results", []))
print(";".join(r.get("key", r.get("point", "")) for r in rows[:3]))' "$1"; }
DK=$(top /tmp/best-dgemm.json); SK=$(top /tmp/best-sgemm.json)
log "dgemm top3 $DK"; log "sgemm top3 $SK"
timeout 120 $C/ktune bench --device "$dev" --family dgemm --point "$DK;$D1" --sizes 4096,8192 --ops nn,tn \
  --runs 5 --tensor-cores --out $OUT/bench-dgemm-cuda.json > $OUT/bench-dgemm-cuda.txt 2>&1
log "bench dgemm cuda rc $? $((SECONDS - start)) s"
timeout 120 $C/ktune bench --device "$dev" --family sgemm --point "$SK;$S2" --sizes 4096,8192 --ops nn,tn \
  --runs 5 --out $OUT/bench-sgemm-cuda.json > $OUT/bench-sgemm-cuda.txt 2>&1
log "bench sgemm cuda rc $? $((SECONDS - start)) s"
D1K=${DK%%;*}
timeout 100 $C/ktune bench --device "$ocl" --family dgemm --point "$D1K;$D1" --sizes 4096 --ops nn \
  --runs 5 --out $OUT/bench-dgemm-opencl.json > $OUT/bench-dgemm-opencl.txt 2>&1
log "bench dgemm opencl rc $? $((SECONDS - start)) s"
$C/cutlass_dgemm > $OUT/cutlass.jsonl 2>&1
log "cutlass $((SECONDS - start)) s"
# SASS instruction mix of CUTLASS's kernel and of our best DGEMM (nvcc / cuobjdump of the machine's CUDA), and one
# Nsight Compute pass over each at 4096 (pipe use, stalls, shared-memory wavefronts), when ncu is there.
cuobjdump=$(command -v cuobjdump || echo /usr/local/cuda/bin/cuobjdump)
nvcc=$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)
ncu=$(command -v ncu || ls /opt/nvidia/nsight-compute/*/ncu /usr/local/cuda/bin/ncu 2>/dev/null | head -1)
mix() { grep -oE "^\s+/\*[0-9a-f]{4}\*/\s+(@!?U?P[0-9T] )?[A-Z][A-Z0-9_.]*" "$1" | awk '{print $NF}' | sed 's/\..*//' | sort | uniq -c | sort -rn | head -14 | tr '\n' ' '; echo; }
$cuobjdump -sass $C/cutlass_dgemm > /tmp/cutlass.sass 2>&1
grep -E "Function|\.text" /tmp/cutlass.sass | head -3 > $OUT/sass-mix.txt
echo "cutlass (all three kernels): $(mix /tmp/cutlass.sass)" >> $OUT/sass-mix.txt
$C/ktune source --family dgemm --point "$D1K" --output /tmp/best.cu
defs=$($C/ktune source --family dgemm --point "$D1K" --options | tr '\n' ' ')
$nvcc -x cu -arch=sm_90 -cubin -std=c++17 -Xptxas -v $defs /tmp/best.cu -o /tmp/best.cubin > /tmp/ptxas.txt 2>&1
grep -E "Used|spill" /tmp/ptxas.txt >> $OUT/sass-mix.txt
$cuobjdump -sass /tmp/best.cubin > /tmp/best.sass 2>&1
echo "best dgemm: $(mix /tmp/best.sass)" >> $OUT/sass-mix.txt
$C/ktune source --family dgemm --point "$D1" --output /tmp/d1.cu
defs=$($C/ktune source --family dgemm --point "$D1" --options | tr '\n' ' ')
$nvcc -x cu -arch=sm_90 -cubin -std=c++17 -Xptxas -v $defs /tmp/d1.cu -o /tmp/d1.cubin > /tmp/ptxas1.txt 2>&1
$cuobjdump -sass /tmp/d1.cubin > /tmp/d1.sass 2>&1
echo "D1: $(grep -E Used /tmp/ptxas1.txt) $(mix /tmp/d1.sass)" >> $OUT/sass-mix.txt
tar czf $OUT/sass.tar.gz -C /tmp cutlass.sass best.sass d1.sass best.cu 2>/dev/null
log "sass $((SECONDS - start)) s"
if [ -n "$ncu" ]; then
  m=sm__pipe_fp64_cycles_active.avg.pct_of_peak_sustained_active,smsp__issue_active.avg.pct_of_peak_sustained_active,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum,smsp__inst_executed_op_shared_ld.sum,sm__warps_active.avg.pct_of_peak_sustained_active,smsp__average_warps_issue_stalled_barrier_per_issue_active.ratio,smsp__average_warps_issue_stalled_short_scoreboard_per_issue_active.ratio,smsp__average_warps_issue_stalled_wait_per_issue_active.ratio,smsp__average_warps_issue_stalled_math_pipe_throttle_per_issue_active.ratio,smsp__average_warps_issue_stalled_not_selected_per_issue_active.ratio,smsp__average_warps_issue_stalled_mio_throttle_per_issue_active.ratio,smsp__average_warps_issue_stalled_dispatch_stall_per_issue_active.ratio
  timeout 60 $ncu --clock-control none --launch-skip 2 --launch-count 1 --metrics $m $C/cutlass_dgemm > $OUT/ncu.txt 2>&1
  timeout 60 $ncu --clock-control none -k regex:gemm_tn --launch-count 4 --metrics $m $C/ktune bench --device "$dev" \
    --family dgemm --point "$D1K;$D1" --sizes 4096 --ops tn --runs 1 --warmup 0 --peer none >> $OUT/ncu.txt 2>&1
  log "ncu $((SECONDS - start)) s"
fi
cat $S $OUT/tests-summary.txt $OUT/bench-*.txt $OUT/cutlass.jsonl | cut -c1-220
