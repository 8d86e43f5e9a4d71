#!/usr/bin/env bash
# BLAS3 on the GPU machine (docs/perf/blas3.md), in one device command: profile the CUDA device, tune the copy
# families there, bench them against the vendor transpose, and bench SYMM/SYRK/SYR2K/TRMM (S and D) beside our GEMM
# and cuBLAS with the tuned copies, then (part 2) with the default copies and on OpenCL beside CLBlast. Part tc: the
# GPU tests (blas3_cuda_test: double on the tensor-core kernel) and the double routines on the tensor-core TN kernel
# D6 beside DGEMM on D6 and cuBLAS. Part 2b: part 2 in the time of one short device command, most important first
# (the GPU tests, OpenCL beside CLBlast with --verify, DTRMM tuned as a routine against the GEMM winner D6, then the
# copy family tuned and the single routines with tuned and with default copies beside cuBLAS).
# Part fold: SSYRK/SSYR2K on the folded triangle grid against the build before it (KT_BLAS3_BASE), cuBLAS and SGEMM,
# the GPU tests of the triangle, ncu of one call each, and the 256-work-item point S1. Part fold2: every GPU test,
# OpenCL beside CLBlast, double SIMT (D1) before/after, rectangular shapes, smaller blocks at small n. Part sweep:
# every GPU test, then n = 256…8192 beside cuBLAS and our SGEMM (T2): per-size dispatch rules for SSYRK and SSYR2K
# (tools/gpu-dispatch.sh over tools/spaces/sblas3-dispatch.json: tuning run → curves → rule → the rule benched)
# against T2 everywhere, and STRMM on T2 and on 64 x 64 blocks (then its own rule while KT_SWEEP_DEADLINE seconds are
# not spent). Part onecopy: SSYRK/SSYR2K and DSYRK/DSYR2K with one copy per matrix against the build before
# (KT_BLAS3_BASE), our GEMM and cuBLAS, ncu per launch, then part rules for SSYRK and SSYR2K. Part rules: per-size
# rules for the single routines (KT_RULES) with stage sizes 1024 and 8192, benched on every variant.
# The tunes rank every point at KT_SWEEP_STAGE (1024,8192: a small and the largest size, so that the kernel best at
# large n stays a finalist; run V used 1024,4096 and lost T2) within KT_DISPATCH_BUDGET (100s; STRMM KT_STRMM_BUDGET).
#   usage (repository root, .carry-blas3/ktune and .carry/gpu-libs.tar.xz carried):
#   tools/gpu-blas3.sh [1|2|tc|2b|fold|fold2|sweep|onecopy|rules]
# Writes $OUT/log.txt and $OUT/results.tar.gz (the JSON of every bench and the store), refreshed after every step so
# that a command stopped at its time limit still returns what it measured (a device command returns at most 8 files).
set -uo pipefail
cd "$(dirname "$0")/.."
part=${1:-1}
out=${OUT:-/tmp/kt-out}
mkdir -p "$out"
source tools/gpu-env.sh
ktune=${KT_BLAS3_KTUNE:-.carry-blas3/ktune}
res=${KT_BLAS3_RES:-/tmp/kt-blas3-results} # the JSON and the store, packed into $out/results.tar.gz
mkdir -p "$res"
export KT_DB=${KT_DB:-$res/blas3.sqlite}
log() { echo "== $*" | tee -a "$out/log.txt"; }
pack() { tar czf "$out/results.tar.gz.tmp" -C "$res" . && mv "$out/results.tar.gz.tmp" "$out/results.tar.gz"; }
run() {
    log "$* ($(date +%T))"
    timeout "${KT_STEP_TIMEOUT:-240}" "$ktune" "$@" >> "$out/log.txt" 2>&1 || log "exit $? from: $*"
    pack
}

"$ktune" devices --json > "$res/devices.json"
cuda=$(python3 -c 'import json,sys; print(next(d["id"] for d in json.load(open(sys.argv[1]))["devices"] if d.get("backend","").lower()=="cuda"))' "$res/devices.json")
ocl=$(python3 -c 'import json,sys; print(next(d["id"] for d in json.load(open(sys.argv[1]))["devices"] if d.get("backend","").lower()=="opencl" and d.get("type")=="gpu"))' "$res/devices.json")
[ -n "${KT_BLAS3_DEVICE:-}" ] && cuda=$KT_BLAS3_DEVICE # another device in place of CUDA (a dry run on PoCL)
log "cuda $cuda opencl $ocl"

# The tensor-core winner D6 of docs/perf/gemm.md (H100 2026-11-24 run B): m16n8k8, 128 x 64 x 8, warp 32 x 32, 4 stages.
d6="GEMM_ML=128,GEMM_NL=64,GEMM_KL=8,GEMM_MS=8,GEMM_NS=4,GEMM_KS=1,GEMM_VW=2,GEMM_LOCAL_A=1,GEMM_LOCAL_B=1"
d6="$d6,GEMM_IMAGE_A=0,GEMM_IMAGE_B=0,GEMM_LAYOUT_A=1,GEMM_LAYOUT_B=1,GEMM_PREFETCH=0,GEMM_MAXREGS=0,GEMM_KSPLIT=1"
d6="$d6,GEMM_MMA=3,GEMM_WM=32,GEMM_STAGES=4,GEMM_SWIZZLE=2"
# H100 winners of docs/perf/gemm.md (T2 single, D1 double), without split-K (the BLAS3 kernels do not split k).
t2="GEMM_ML=64,GEMM_NL=128,GEMM_KL=8,GEMM_MS=16,GEMM_NS=8,GEMM_KS=8,GEMM_VW=4,GEMM_LOCAL_A=1,GEMM_LOCAL_B=1"
t2="$t2,GEMM_IMAGE_A=0,GEMM_IMAGE_B=0,GEMM_LAYOUT_A=1,GEMM_LAYOUT_B=1,GEMM_PREFETCH=1,GEMM_KSPLIT=1"
d1="GEMM_ML=128,GEMM_NL=128,GEMM_KL=8,GEMM_MS=8,GEMM_NS=8,GEMM_KS=2,GEMM_VW=2,GEMM_LOCAL_A=1,GEMM_LOCAL_B=1"
d1="$d1,GEMM_IMAGE_A=0,GEMM_IMAGE_B=0,GEMM_LAYOUT_A=1,GEMM_LAYOUT_B=1,GEMM_PREFETCH=1,GEMM_KSPLIT=1"
sizes=${KT_BLAS3_SIZES:-1024,2048,4096,8192}
variants() { case $1 in symm) echo ll,ru ;; syrk|syr2k) echo ln,ut ;; trmm) echo lunn,rltu ;; esac; }

testCuda() { # the BLAS3 GPU tests (double on the tensor-core kernel) against OpenBLAS
    log "blas3_cuda_test ($(date +%T))"
    timeout "${KT_TEST_TIMEOUT:-90}" "${KT_BLAS3_TEST:-.carry-blas3/blas3_cuda_test}" --gtest_brief=1 \
        --gtest_filter="${KT_BLAS3_TEST_FILTER:-*}" > "$out/blas3_cuda_test.txt" 2>&1
    log "blas3_cuda_test exit $? $(grep -E '^\[  (PASSED|FAILED)' "$out/blas3_cuda_test.txt" | tr '\n' ' ')"
}

benchAll() { # $1 tag, $2 device, $3 sizes, $4.. extra arguments
    local tag=$1 dev=$2 sz=$3; shift 3
    for p in s d; do
        point=$t2; [ $p = d ] && point=$d1
        run bench --device "$dev" --family ${p}gemm --point "$point" --sizes "$sz" --ops nn --runs 5 "$@" \
            --out "$res/$tag-${p}gemm.json"
        for r in symm syrk syr2k trmm; do
            run bench --device "$dev" --family $p$r --point "$point" --sizes "$sz" --variants "$(variants $r)" --runs 5 \
                "$@" --out "$res/$tag-$p$r.json"
        done
    done
}

if [ "$part" = 1 ]; then
    run profile "$cuda"
    for f in layout_copy dlayout_copy; do
        run tune --device "$cuda" --family $f --strategy random --sizes 4096 --budget-evals "${KT_COPY_EVALS:-48}" \
            --warm-start --runs 5
        run bench --device "$cuda" --family $f --best --sizes 4096,8192 --runs 10 --out "$res/copy-tuned-$f.json"
        run bench --device "$cuda" --family $f --point "COPY_MWG=32,COPY_NWG=32,COPY_MWI=4,COPY_NWI=1,COPY_MUD=4,COPY_NUD=1" \
            --sizes 4096,8192 --runs 10 --out "$res/copy-default-$f.json"
    done
    benchAll cuda-tuned "$cuda" "$sizes" --tensor-cores
elif [ "$part" = tc ]; then
    testCuda
    tsz=${KT_BLAS3_SIZES:-2048,4096,8192}
    run bench --device "$cuda" --family dgemm --point "$d6" --sizes "$tsz" --ops nn --runs 5 --tensor-cores \
        --out "$res/tc-dgemm.json"
    for r in symm syrk syr2k trmm; do
        run bench --device "$cuda" --family d$r --point "$d6" --sizes "$tsz" --variants "$(variants $r)" --runs 5 \
            --tensor-cores --out "$res/tc-d$r.json"
    done
elif [ "$part" = prof ]; then # where the time of one routine call goes: every launch's duration (ncu)
    ncu=$(command -v ncu || ls /opt/nvidia/nsight-compute/*/ncu /usr/local/cuda/bin/ncu 2>/dev/null | head -1)
    metrics=gpu__time_duration.sum,launch__grid_size,launch__waves_per_multiprocessor,launch__occupancy_limit_registers
    metrics=$metrics,sm__throughput.avg.pct_of_peak_sustained_elapsed,sm__warps_active.avg.pct_of_peak_sustained_active
    for c in "sgemm $t2 nn" "ssyrk $t2 ln" "ssymm $t2 ll" "dgemm $d6 nn" "dsyrk $d6 ln" "dtrmm $d6 rltu"; do
        set -- $c
        log "ncu $1 $3 ($(date +%T))"
        timeout "${KT_STEP_TIMEOUT:-240}" "$ncu" --clock-control none --metrics "$metrics" --launch-count 10 --csv \
            "$ktune" bench --device "$cuda" --family "$1" --point "$2" --sizes 4096 --variants "$3" --runs 1 \
            --warmup 1 --peer none > "$res/ncu-$1-$3.csv" 2>> "$out/log.txt" || log "exit $? from ncu $1"
        pack
    done
elif [ "$part" = fold ]; then # SSYRK/SSYR2K with the folded triangle grid: before/after, cuBLAS, ncu, GPU tests
    base=${KT_BLAS3_BASE:-.carry-blas3b/ktune-base} # the same routines built before the folded grid
    s1="GEMM_ML=128,GEMM_NL=128,GEMM_KL=8,GEMM_MS=8,GEMM_NS=8,GEMM_KS=1,GEMM_VW=4,GEMM_LOCAL_A=1,GEMM_LOCAL_B=1"
    s1="$s1,GEMM_IMAGE_A=0,GEMM_IMAGE_B=0,GEMM_LAYOUT_A=1,GEMM_LAYOUT_B=1,GEMM_PREFETCH=2,GEMM_KSPLIT=1"
    for r in ssyrk ssyr2k; do # before and after, interleaved, no peer: the triangle kernel alone changed
        for b in base new; do
            k=$ktune; [ $b = base ] && k=$base
            log "$b: bench $r ($(date +%T))"
            timeout "${KT_STEP_TIMEOUT:-240}" "$k" bench --device "$cuda" --family $r --point "$t2" --sizes 4096,8192 \
                --variants ln,ut --runs 10 --peer none --out "$res/$b-$r.json" >> "$out/log.txt" 2>&1 || log "exit $?"
        done
    done
    pack
    fsz=${KT_BLAS3_SIZES:-1024,2048,4096,8192}
    run bench --device "$cuda" --family sgemm --point "$t2" --sizes "$fsz" --ops nn --runs 10 --tensor-cores \
        --out "$res/new-sgemm-cublas.json"
    for r in ssyrk ssyr2k; do
        run bench --device "$cuda" --family $r --point "$t2" --sizes "$fsz" --variants ln,ut --runs 10 --tensor-cores \
            --out "$res/new-$r-cublas.json"
        run bench --device "$cuda" --family $r --point "$t2" --sizes 1024 --variants ln,ut --verify --peer none \
            --out "$res/new-$r-verify.json"
    done
    KT_BLAS3_TEST_FILTER=${KT_BLAS3_TEST_FILTER:-*Folded*:*syr*:*Shared*} testCuda
    ncu=$(command -v ncu || ls /opt/nvidia/nsight-compute/*/ncu /usr/local/cuda/bin/ncu 2>/dev/null | head -1)
    metrics=gpu__time_duration.sum,launch__grid_size,launch__waves_per_multiprocessor
    metrics=$metrics,sm__throughput.avg.pct_of_peak_sustained_elapsed,sm__warps_active.avg.pct_of_peak_sustained_active
    metrics=$metrics,sm__cycles_active.min,sm__cycles_active.max,sm__cycles_active.avg
    metrics=$metrics,smsp__inst_executed.min,smsp__inst_executed.max,smsp__inst_executed.avg
    for c in "new ssyrk ln" "base ssyrk ln" "new sgemm nn" "new ssyr2k ln"; do
        set -- $c
        k=$ktune; [ $1 = base ] && k=$base
        v=--variants; [ $2 = sgemm ] && v=--ops
        log "ncu $* ($(date +%T))"
        timeout "${KT_STEP_TIMEOUT:-240}" "$ncu" --clock-control none --metrics "$metrics" --launch-count 8 --csv \
            "$k" bench --device "$cuda" --family "$2" --point "$t2" --sizes 4096 $v "$3" --runs 1 --warmup 1 \
            --peer none > "$res/ncu-$1-$2-$3.csv" 2>> "$out/log.txt" || log "exit $? from ncu $*"
        pack
    done
    for r in sgemm ssyrk ssyr2k; do # a 256-work-item point with ml = nl (one shared copy of A)
        v="--variants ln,ut"; [ $r = sgemm ] && v="--ops nn"
        run bench --device "$cuda" --family $r --point "$s1" --sizes 4096,8192 $v --runs 10 --peer none \
            --out "$res/s1-$r.json"
    done
elif [ "$part" = fold2 ]; then # the folded grid elsewhere: every GPU test, OpenCL beside CLBlast, double SIMT, shapes
    base=${KT_BLAS3_BASE:-.carry-blas3b/ktune-base}
    testCuda
    for p in s d; do # OpenCL (SIMT kernels in both precisions, so the folded grid), checked against OpenBLAS
        point=$t2; [ $p = d ] && point=$d1
        run bench --device "$ocl" --family ${p}gemm --point "$point" --sizes 4096 --ops nn --verify \
            --out "$res/opencl-${p}gemm.json"
        for r in syrk syr2k; do
            run bench --device "$ocl" --family $p$r --point "$point" --sizes 4096 --variants ln,ut --verify \
                --out "$res/opencl-$p$r.json"
        done
    done
    # Double on the SIMT kernel D1 (256 work-items per group) through CUDA: before and after, beside DGEMM on D1.
    run bench --device "$cuda" --family dgemm --point "$d1" --sizes 4096 --ops nn --peer none --out "$res/d1-dgemm.json"
    for b in base new; do
        k=$ktune; [ $b = base ] && k=$base
        log "$b: bench dsyrk D1 ($(date +%T))"
        timeout "${KT_STEP_TIMEOUT:-240}" "$k" bench --device "$cuda" --family dsyrk --point "$d1" --sizes 4096 \
            --variants ln,ut --peer none --out "$res/d1-$b-dsyrk.json" >> "$out/log.txt" 2>&1 || log "exit $?"
    done
    # Rectangular shapes (n x k) beside cuBLAS, and SGEMM of the same m = n, k.
    run bench --device "$cuda" --family sgemm --point "$t2" --sizes 4096x4096x1024,1024x1024x4096,8192x8192x2048 \
        --ops nn --tensor-cores --out "$res/rect-sgemm.json"
    for r in ssyrk ssyr2k; do
        run bench --device "$cuda" --family $r --point "$t2" --sizes 4096x1024,1024x4096,8192x2048 --variants ln,ut \
            --tensor-cores --out "$res/rect-$r.json"
    done
    # Small n: the triangle of T2's 64 x 128 blocks fills half the GPU at 2048; smaller blocks beside it.
    p64="GEMM_ML=64,GEMM_NL=64,GEMM_KL=8,GEMM_MS=8,GEMM_NS=8,GEMM_KS=8,GEMM_VW=4,GEMM_LOCAL_A=1,GEMM_LOCAL_B=1"
    p64="$p64,GEMM_IMAGE_A=0,GEMM_IMAGE_B=0,GEMM_LAYOUT_A=1,GEMM_LAYOUT_B=1,GEMM_PREFETCH=1,GEMM_KSPLIT=1"
    p32=${p64/GEMM_ML=64/GEMM_ML=32}
    for pt in p64 p32; do
        run bench --device "$cuda" --family sgemm --point "${!pt}" --sizes 1024,2048,4096 --ops nn --peer none \
            --out "$res/small-$pt-sgemm.json"
        run bench --device "$cuda" --family ssyrk --point "${!pt}" --sizes 1024,2048,4096 --variants ln --peer none \
            --out "$res/small-$pt-ssyrk.json"
    done
elif [ "$part" = sweep ]; then # n = 256…8192: per-size rules for SSYRK/SSYR2K, STRMM, beside SGEMM and cuBLAS
    started=$(date +%s)
    testCuda
    ssz=${KT_BLAS3_SIZES:-256,512,1024,1536,2048,3072,4096,6144,8192}
    p64="GEMM_ML=64,GEMM_NL=64,GEMM_KL=8,GEMM_MS=8,GEMM_NS=8,GEMM_KS=8,GEMM_VW=4,GEMM_LOCAL_A=1,GEMM_LOCAL_B=1"
    p64="$p64,GEMM_IMAGE_A=0,GEMM_IMAGE_B=0,GEMM_LAYOUT_A=1,GEMM_LAYOUT_B=1,GEMM_PREFETCH=1,GEMM_KSPLIT=1"
    run bench --device "$cuda" --family sgemm --point "$t2" --sizes "$ssz" --ops nn --runs 10 --tensor-cores \
        --out "$res/sweep-sgemm.json"
    run bench --device "$cuda" --family sgemm --point "$p64" --sizes "$ssz" --ops nn --runs 10 --peer none \
        --out "$res/sweep-p64-sgemm.json" # our SGEMM on the smaller blocks, where T2 leaves SMs idle too
    dispatch() { # $1 family, $2 variants, $3 tuning budget: the whole rule pipeline into $res/dispatch-$1
        log "dispatch $1 ($(date +%T))"
        KT_KTUNE=$ktune KT_SPACE=${KT_BLAS3_SPACE:-tools/spaces/sblas3-dispatch.json} \
            KT_STAGE_SIZES=${KT_SWEEP_STAGE:-1024,8192} KT_TOP=${KT_TOP:-8} KT_VARIANTS=$2 KT_BENCH_RUNS=10 \
            KT_BENCH_ARGS=--tensor-cores KT_BASELINE=0 timeout "${KT_DISPATCH_TIMEOUT:-240}" \
            "${KT_DISPATCH_SCRIPT:-tools/gpu-dispatch.sh}" "$1" "$cuda" "$ssz" "$3" "$res/dispatch-$1" \
            >> "$out/log.txt" 2>&1 || log "exit $? from dispatch $1"
        pack
    }
    for r in ssyrk ssyr2k; do # the rule against T2 everywhere (the same sizes and variants, no peer)
        dispatch $r ln,ut "${KT_DISPATCH_BUDGET:-100s}"
        run bench --device "$cuda" --family $r --point "$t2" --sizes "$ssz" --variants ln,ut --runs 10 --peer none \
            --out "$res/sweep-t2-$r.json"
    done
    for pt in t2 p64; do
        run bench --device "$cuda" --family strmm --point "${!pt}" --sizes "$ssz" --variants lunn,rltu --runs 10 \
            --tensor-cores --out "$res/sweep-$pt-strmm.json"
    done
    if [ $(($(date +%s) - started)) -lt "${KT_SWEEP_DEADLINE:-330}" ]; then
        dispatch strmm lunn,rltu "${KT_STRMM_BUDGET:-45s}"
    else
        log "strmm rule skipped: $(($(date +%s) - started)) s elapsed (KT_SWEEP_DEADLINE)"
    fi
elif [ "$part" = onecopy ]; then # SSYRK/SSYR2K (T2) and DSYRK/DSYR2K (D6) with one copy per matrix: before/after
    # (KT_BLAS3_BASE: the build before, two copies of each; the new one beside cuBLAS pedantic and default math),
    # our GEMM, ncu of one call each (every launch's duration: copies against the TN kernel), then part rules.
    base=${KT_BLAS3_BASE:-.carry-blas3d/ktune-base}
    big=${KT_ONECOPY_SIZES:-4096,8192} small=${KT_VERIFY_SIZE:-1024}
    testCuda
    withKtune() { local saved=$ktune; ktune=$1; shift; run "$@"; ktune=$saved; }
    for p in s d; do
        point=$t2; [ $p = d ] && point=$d6
        run bench --device "$cuda" --family ${p}gemm --point "$point" --sizes "$big" --ops nn --runs 10 \
            --tensor-cores --out "$res/${p}gemm.json"
        for r in ${p}syrk ${p}syr2k; do # interleaved, the same sizes and runs
            withKtune "$base" bench --device "$cuda" --family $r --point "$point" --sizes "$big" --variants ln,ut \
                --runs 10 --peer none --out "$res/base-$r.json"
            run bench --device "$cuda" --family $r --point "$point" --sizes "$big" --variants ln,ut --runs 10 \
                --tensor-cores --out "$res/new-$r.json"
        done
    done
    for r in ssyrk ssyr2k; do # T2's one copy against OpenBLAS, every uplo and trans
        run bench --device "$cuda" --family $r --point "$t2" --sizes "$small" --variants ln,lt,un,ut --verify \
            --peer none --out "$res/verify-$r.json"
    done
    ncu=$(command -v ncu || ls /opt/nvidia/nsight-compute/*/ncu /usr/local/cuda/bin/ncu 2>/dev/null | head -1)
    for c in "new ssyrk ln t2" "base ssyrk ln t2" "new dsyrk ln d6" "new strmm lunn t2" "new strmm rltu t2"; do
        set -- $c
        k=$ktune; [ $1 = base ] && k=$base
        log "ncu $* ($(date +%T))"
        timeout "${KT_STEP_TIMEOUT:-240}" "${ncu:-ncu}" --clock-control none --metrics gpu__time_duration.sum \
            --launch-count 8 --csv "$k" bench --device "$cuda" --family "$2" --point "${!4}" --sizes "${big%%,*}" \
            --variants "$3" --runs 1 --warmup 1 --peer none > "$res/ncu-$1-$2-$3.csv" 2>> "$out/log.txt" ||
            log "exit $? from ncu $*"
        pack
    done
    KT_RULES=${KT_RULES:-ssyrk ssyr2k strmm ssymm} bash "$0" rules
elif [ "$part" = rules ]; then # per-size rules from a tune with stage sizes 1024 and 8192, one family after another
    # (KT_RULES, default every single routine): tools/gpu-dispatch.sh over tools/spaces/sblas3-dispatch.json, the
    # tune unverified, each stage size's winner a finalist; the rule benched at every size beside cuBLAS, then
    # verified against OpenBLAS at KT_RULE_VERIFY sizes (run AE verified at every size within the bench: the
    # OpenBLAS references at 6144 and 8192 took SSYRK's bench past its 120 s). STRMM's tune times row-major LUNN
    # (k range FromRowBlock); the bench's calls are column-major, which the routine runs with side and uplo flipped:
    # lunn takes FromColBlock, llnn ToColBlock, runn and rltu ToRowBlock, rlnn FromRowBlock (the tune's). The rule is
    # benched on these five, and its top 4 run every side/uplo/trans/diag, to see whether one rule serves them all. Run AE: about 50 s per tune (SSYR2K reached 32 evaluations, short of
    # the sweep: give it KT_SSYR2K_BUDGET) plus 20-40 s per bench.
    ssz=${KT_BLAS3_SIZES:-256,512,1024,1536,2048,3072,4096,6144,8192}
    for r in ${KT_RULES:-ssyrk ssyr2k strmm ssymm}; do
        log "dispatch $r ($(date +%T))"
        v=$(case $r in ssymm) echo ll,lu,rl,ru ;; strmm) echo lunn,llnn,runn,rlnn,rltu ;; *) echo ln,lt,un,ut ;; esac)
        budget=${KT_DISPATCH_BUDGET:-50s}; [ $r = ssyr2k ] && budget=${KT_SSYR2K_BUDGET:-90s}
        KT_KTUNE=$ktune KT_SPACE=${KT_BLAS3_SPACE:-tools/spaces/sblas3-dispatch.json} \
            KT_STAGE_SIZES=${KT_SWEEP_STAGE:-1024,8192} KT_TOP=${KT_TOP:-6} KT_TUNE_OPTIONS=champions=1 \
            KT_TUNE_ARGS=--no-verify KT_VARIANTS=$v KT_BENCH_RUNS=5 KT_BENCH_ARGS=--tensor-cores KT_BASELINE=0 \
            timeout "${KT_DISPATCH_TIMEOUT:-180}" "${KT_DISPATCH_SCRIPT:-tools/gpu-dispatch.sh}" "$r" "$cuda" "$ssz" \
            "$budget" "$res/dispatch-$r" >> "$out/log.txt" 2>&1 || log "exit $? from dispatch $r"
        pack
        [ -f "$res/dispatch-$r/rule.json" ] &&
            run bench --device "$cuda" --family $r --rules "$res/dispatch-$r/rule.json" --db "$res/dispatch-$r/ktune.sqlite" \
                --sizes "${KT_RULE_VERIFY:-1024,2048}" --variants "$v" --verify --peer none \
                --out "$res/dispatch-$r/verify-rules.json"
        [ $r = strmm ] || continue
        all=""
        for side in l r; do for uplo in l u; do for tr in n t; do for dg in n u; do
            all="$all${all:+,}$side$uplo$tr$dg"
        done; done; done; done
        run bench --device "$cuda" --family strmm --db "$res/dispatch-strmm/ktune.sqlite" --best --top 4 \
            --sizes "${KT_STRMM_SIZES:-1024,2048,4096,8192}" --variants "$all" --runs 5 --peer none \
            --out "$res/strmm-top4.json"
    done
elif [ "$part" = 2b ]; then
    testCuda
    for p in s d; do # OpenCL beside CLBlast, our results checked against OpenBLAS
        point=$t2; [ $p = d ] && point=$d1
        run bench --device "$ocl" --family ${p}gemm --point "$point" --sizes 4096 --ops nn --verify \
            --out "$res/opencl-${p}gemm.json"
        for r in symm syrk syr2k trmm; do
            run bench --device "$ocl" --family $p$r --point "$point" --sizes 4096 --variants "$(variants $r)" --verify \
                --out "$res/opencl-$p$r.json"
        done
    done
    # DTRMM tuned as a routine (its own TN kernel, timed as the whole routine) against the GEMM winner D6.
    run tune --device "$cuda" --family dtrmm --space "${KT_BLAS3_SPACE:-tools/spaces/dblas3-tc.json}" \
        --strategy random --sizes 4096 --budget-evals "${KT_ROUTINE_EVALS:-16}" --seed 7
    run bench --device "$cuda" --family dtrmm --best --top 1 --sizes 4096,8192 --variants "$(variants trmm)" \
        --out "$res/tc-dtrmm-tuned.json"
    run bench --device "$cuda" --family dtrmm --point "$d6" --sizes 4096,8192 --variants "$(variants trmm)" \
        --out "$res/tc-dtrmm-d6.json"
    # Single precision: the copy family tuned, then every routine with the tuned and with the default copies.
    run tune --device "$cuda" --family layout_copy --strategy random --sizes 4096 \
        --budget-evals "${KT_COPY_EVALS:-16}" --warm-start --runs 5
    run bench --device "$cuda" --family layout_copy --best --sizes 4096,8192 --runs 10 --out "$res/copy-tuned-s.json"
    for parts in tuned default; do
        extra=(--tensor-cores); [ $parts = default ] && extra=(--default-parts)
        run bench --device "$cuda" --family sgemm --point "$t2" --sizes 4096 --ops nn "${extra[@]}" \
            --out "$res/cuda-$parts-sgemm.json"
        for r in symm syrk syr2k trmm; do
            run bench --device "$cuda" --family s$r --point "$t2" --sizes 4096 --variants "$(variants $r)" \
                "${extra[@]}" --out "$res/cuda-$parts-s$r.json"
        done
    done
else
    benchAll cuda-default "$cuda" 4096,8192 --default-parts
    benchAll cuda-verify "$cuda" 1024 --verify
    benchAll opencl-tuned "$ocl" 4096
fi
pack
log "done $(date +%T)"
