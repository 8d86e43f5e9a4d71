#!/usr/bin/env bash
# The SASS main loop of named SIMT GEMM points without a GPU: `ktune source` -> nvcc -cubin (sm_90, ptxas -v for
# registers / spills) -> cubin_loop.py (opcode sketch, instruction mix, other opcodes). CPU only.
# usage: tools/probes/simt-sass.sh KTUNE OUTDIR NAME=POINT... (a NAME starting with S is SGEMM, else DGEMM)
# Point keys with GEMM_PREFETCH=1 and FRAGS 0 start the loop at the first store (--start-at-store); GEMM_FRAGS=1 skips the
# fragment prologue's LDS (8 for vw 2, 4 for vw 4).
set -uo pipefail
ktune=$1 out=$2
shift 2
mkdir -p "$out"
nvcc=$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)
here=$(dirname "$0")
for arg in "$@"; do
    name=${arg%%=*} point=${arg#*=}
    family=dgemm
    [ "${name:0:1}" = S ] && family=sgemm
    "$ktune" source --family $family --point "$point" --output "$out/$name.cu" || { echo "== $name: no source"; continue; }
    defs=$("$ktune" source --family $family --point "$point" --options | tr '\n' ' ')
    # shellcheck disable=SC2086
    timeout 120 "$nvcc" -x cu -arch=sm_90 -cubin -std=c++17 -Xptxas -v $defs "$out/$name.cu" -o "$out/$name.cubin" \
        > "$out/$name.ptxas.txt" 2>&1 || { echo "== $name: nvcc failed"; tail -5 "$out/$name.ptxas.txt"; continue; }
    opts=(--other)
    [[ $point == *GEMM_PREFETCH=1* && $point != *GEMM_FRAGS=1* ]] && opts+=(--start-at-store)
    [[ $point =~ GEMM_PREFETCH=[456] ]] && opts+=(--after-branch) # the steady loop sits behind its trip-count test
    if [[ $point == *GEMM_FRAGS=1* ]]; then
        [ $family = sgemm ] && opts+=(--frag-loads 4) || opts+=(--frag-loads 8)
    fi
    echo "== $name $(grep -hoE 'Used [0-9]+ registers|[0-9]+ bytes spill (stores|loads)' "$out/$name.ptxas.txt" | paste -sd, -)"
    python3 "$here/cubin_loop.py" "$out/$name.cubin" "${opts[@]}"
done
