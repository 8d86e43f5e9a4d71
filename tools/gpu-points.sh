# Sourced by the GPU scripts (tools/gpu-figures.sh, gpu-blas3-opencl.sh, gpu-simt-tune.sh): the named GEMM points of
# docs/perf/gemm.md and blas3.md, the BLAS3 bench variants, and the first GPU device of a backend.
base="GEMM_ML=128,GEMM_NL=128,GEMM_KL=8,GEMM_MS=8,GEMM_NS=8,GEMM_KS=1,GEMM_LOCAL_A=1,GEMM_LOCAL_B=1,GEMM_IMAGE_A=0"
base="$base,GEMM_IMAGE_B=0,GEMM_LAYOUT_A=1,GEMM_LAYOUT_B=1,GEMM_WARP_M=4,GEMM_ORDER=1"
dg1="$base,GEMM_VW=2,GEMM_PREFETCH=1,GEMM_FRAGS=0" # SIMT DGEMM, one tile buffer, next tile in registers
df1="$base,GEMM_VW=2,GEMM_PREFETCH=1,GEMM_FRAGS=1" # SIMT DGEMM, CUTLASS's fragment order over one buffer
sg1="$base,GEMM_VW=4,GEMM_PREFETCH=2,GEMM_FRAGS=1" # SIMT SGEMM, two buffers
sf3="$base,GEMM_VW=4,GEMM_PREFETCH=3,GEMM_FRAGS=1" # SIMT SGEMM, two buffers, loads a whole k-block ahead
dp4="$base,GEMM_VW=2,GEMM_PREFETCH=4,GEMM_FRAGS=0" # SIMT DGEMM, two buffers, guard-free loop, last two k-blocks peeled
df4="$base,GEMM_VW=2,GEMM_PREFETCH=4,GEMM_FRAGS=1" # the same with CUTLASS's fragment order (DF3 without guards)
sf4="$base,GEMM_VW=4,GEMM_PREFETCH=4,GEMM_FRAGS=1" # SIMT SGEMM, SF3 without guards
df5="$base,GEMM_VW=2,GEMM_PREFETCH=5,GEMM_FRAGS=1" # DF4 with two k-blocks per trip (constant buffer indices)
# The exhaustive SIMT tunes' winners (H100 2026-11-28 run C): DF5 without the warp patch, DGEMM and SGEMM.
df5w0=${df5/GEMM_WARP_M=4/GEMM_WARP_M=0}
sf5w0=${df5w0/GEMM_VW=2/GEMM_VW=4}
# Their direct-read twins (issue 15 item 3): ROW/ROW layouts, GEMM_DIRECT=1, so the routine copies no operand.
df5w0d="${df5w0/GEMM_LAYOUT_A=1,GEMM_LAYOUT_B=1/GEMM_LAYOUT_A=0,GEMM_LAYOUT_B=0},GEMM_DIRECT=1"
sf5w0d="${sf5w0/GEMM_LAYOUT_A=1,GEMM_LAYOUT_B=1/GEMM_LAYOUT_A=0,GEMM_LAYOUT_B=0},GEMM_DIRECT=1"
d6="GEMM_ML=128,GEMM_NL=64,GEMM_KL=8,GEMM_MS=8,GEMM_NS=4,GEMM_KS=1,GEMM_VW=2,GEMM_LOCAL_A=1,GEMM_LOCAL_B=1"
d6="$d6,GEMM_IMAGE_A=0,GEMM_IMAGE_B=0,GEMM_LAYOUT_A=1,GEMM_LAYOUT_B=1,GEMM_PREFETCH=0,GEMM_MAXREGS=0,GEMM_KSPLIT=1"
d6="$d6,GEMM_MMA=3,GEMM_WM=32,GEMM_STAGES=4,GEMM_SWIZZLE=2" # DGEMM on the FP64 tensor cores (CUDA)
t2="GEMM_ML=64,GEMM_NL=128,GEMM_KL=8,GEMM_MS=16,GEMM_NS=8,GEMM_KS=8,GEMM_VW=4,GEMM_LOCAL_A=1,GEMM_LOCAL_B=1"
t2="$t2,GEMM_IMAGE_A=0,GEMM_IMAGE_B=0,GEMM_LAYOUT_A=1,GEMM_LAYOUT_B=1,GEMM_PREFETCH=1,GEMM_KSPLIT=1" # older SGEMM
variants() { case $1 in symm) echo ll,ru ;; syrk|syr2k) echo ln,ut ;; trmm) echo lunn,rltu ;; esac; }
# The same for a family name with its precision (dsymm, …), TRMM also on the right with a non-unit diagonal
# (tools/gpu-blas3-4096.sh, gpu-blas3-rule-kernel.sh).
blas3Variants() { case ${1:1} in symm) echo ll,ru ;; syrk | syr2k) echo ln,ut ;; trmm) echo lunn,rlnn,rltu ;; esac; }
# gpuDevice BACKEND DEVICES.json: the id of the first GPU of that backend (cuda, opencl) in `ktune devices --json`.
gpuDevice() {
    python3 -c "import json,sys; print(next((d['id'] for d in json.load(open(sys.argv[2]))['devices'] if d.get('backend','').lower()==sys.argv[1] and d.get('type')=='gpu'), ''))" "$1" "$2"
}
