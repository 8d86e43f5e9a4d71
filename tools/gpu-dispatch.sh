#!/usr/bin/env bash
# Per-size kernels for one family on one device, from a tuning run to a measured dispatch rule (docs/perf/README.md,
# "Dispatch rules"), everything in one folder:
#   1. ktune tune (two-stage: every point at the stage sizes, the top K over SIZES)  tune.log, ktune.sqlite
#   2. ktune best --run ID --curves       curves.csv (size,candidate,value; candidates are point keys)
#   3. ktune rules --family F             rule.json, rule.hpp (size intervals -> kernel)
#   4. ktune bench --rules rule.json      bench-rules.json/.txt: at each size the kernel the rule names, peer alongside
#   5. ktune bench --best --top 1         bench-single.json/.txt: the best kernel of the largest size everywhere
# plus compare.txt (rule vs single kernel vs peer per size and op) and summary.txt (every step's command, rc and
# wall time, and the tables).
#
# usage: tools/gpu-dispatch.sh FAMILY DEVICE SIZES BUDGET [OUTDIR]
#   FAMILY  sgemm, dgemm (or transpose, …); DEVICE as in `ktune devices` (cuda:, 1, cpu)
#   SIZES   sweep and bench sizes, m = n = k: 256:4096:256 or 256,512,1024 (ranges and lists may mix)
#   BUDGET  the tune's --budget-time (330s, 5m); OUTDIR default ${OUT:-/tmp/kt-out}/dispatch-FAMILY
# Knobs: KT_STAGE_SIZES (stage-1 sizes; default the middle and the largest of SIZES), KT_TOP (two-stage top K, 10),
#   KT_SPACE (--space FILE, e.g. tools/spaces/sgemm-explore.json), KT_RUNS (timed runs per tuning measurement, 3),
#   KT_BENCH_RUNS (timed runs per bench figure, 5: kernels a few percent apart need more than the tune's),
#   KT_TOLERANCE (rules --tolerance, 0.02), KT_MIN_SIZES (best --min-sizes; default all sweep sizes, or the most
#   sizes that the top K reached when the budget ran out before), KT_OPS (bench ops of a GEMM family, nn,nt,tn,tt),
#   KT_VARIANTS (bench variants of any other family, e.g. ln,ut for ssyrk; default all), KT_BENCH_ARGS (e.g.
#   "--verify --tensor-cores"), KT_TUNE_OPTIONS (more strategy options, e.g. champions=1: each stage size's winner
#   reaches the sweep), KT_TUNE_ARGS (e.g. "--no-isolation"), KT_BASELINE=0 (skip step 5), KT_GPU_BUILD
#   (build folder, build-gpu) or KT_KTUNE (the ktune executable itself),
#   KT_DISPATCH_TAR=1 (also OUTDIR.tar.gz; or KT_DISPATCH_TAR=FILE.tar.gz: the device tool returns few files),
#   KT_DISPATCH_DEADLINE (seconds after which step 5 is skipped, 480: a device command may run 10 minutes).
# On the GPU machine (after tools/pack-gpu.sh, carrying .carry) it sets up the environment as tools/gpu-run.sh does;
# here `KT_GPU_BUILD=build tools/gpu-dispatch.sh sgemm cpu 16:64:16 30s /tmp/d` runs the same flow on PoCL.
# Exit status: 0 when steps 1-4 succeeded (step 5 is logged only), else the rc of the first failing step.
set -uo pipefail
cd "$(dirname "$0")/.."
if [ $# -lt 4 ]; then
    sed -n '2,/^set -uo/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//'
    exit 2
fi
family=$1 device=$2 sizes=$3 budget=$4
dir=${5:-${OUT:-/tmp/kt-out}/dispatch-$family}
mkdir -p "$dir" || exit 1
dir=$(cd "$dir" && pwd)

if [ -d .carry/build-gpu ] && [ ! -e build-gpu ]; then ln -s "$PWD/.carry/build-gpu" build-gpu; fi
build=${KT_GPU_BUILD:-build-gpu}
ktune=${KT_KTUNE:-$PWD/$build/app/cli/ktune}
summary="$dir/summary.txt"
: > "$summary"
log() { echo "$*" | tee -a "$summary"; }
if [ ! -x "$ktune" ]; then
    log "gpu-dispatch: $ktune missing: build $build (and run tools/pack-gpu.sh for the GPU machine)"
    exit 1
fi
# The same environment as tools/gpu-run.sh: carried libraries (OpenBLAS, CLBlast) and NVIDIA's OpenCL ICD.
. tools/gpu-env.sh

# SIZES as a plain list (ranges from:to:step expanded); only m = n = k sizes, so the rule is a size rule.
list=()
for item in ${sizes//,/ }; do
    case $item in
    *:*:*)
        IFS=: read -r from to step <<< "$item"
        for ((s = from; s <= to; s += step)); do list+=("$s"); done
        ;;
    *[!0-9]* | '')
        log "gpu-dispatch: size '$item' is not a number or from:to:step (sizes here are m = n = k)"
        exit 2
        ;;
    *) list+=("$item") ;;
    esac
done
mapfile -t list < <(printf '%s\n' "${list[@]}" | sort -n | uniq)
if [ ${#list[@]} -lt 2 ]; then
    log "gpu-dispatch: give at least two sizes (got '$sizes')"
    exit 2
fi
sweep=$(IFS=,; echo "${list[*]}")
stage=${KT_STAGE_SIZES:-${list[$(((${#list[@]} - 1) / 2))]},${list[-1]}}
runs=${KT_RUNS:-3}
bench_runs=${KT_BENCH_RUNS:-5}
db="$dir/ktune.sqlite"
space_args=()
[ -n "${KT_SPACE:-}" ] && space_args=(--space "$KT_SPACE")

# step NAME OUTPUT ktune-args…: one ktune command, stdout to OUTPUT (stderr too, and into the summary's tail).
step() {
    local name=$1 output=$2 rc start
    shift 2
    start=$(date +%s)
    echo "ktune $*" > "$dir/$output"
    "$ktune" "$@" >> "$dir/$output" 2>&1
    rc=$?
    log "== $name: rc $rc, $(($(date +%s) - start)) s: ktune $*"
    return $rc
}

started=$(date +%s)
log "gpu-dispatch: $family on $device, stage sizes $stage, sweep $sweep, budget $budget -> $dir"
step tune tune.log tune --db "$db" --device "$device" --family "$family" "${space_args[@]}" --strategy two-stage \
    --option "top=${KT_TOP:-10}${KT_TUNE_OPTIONS:+,$KT_TUNE_OPTIONS}" --sizes "$stage" --sweep "$sweep" --budget-time "$budget" --runs "$runs" \
    ${KT_TUNE_ARGS:-}
rc=$?
tail -n 8 "$dir/tune.log" >> "$summary"
[ $rc -eq 0 ] || exit $rc
run=$("$ktune" runs --db "$db" --family "$family" --limit 1 --json | grep -m1 '"id"' | tr -dc 0-9)
if [ -z "$run" ]; then
    log "gpu-dispatch: no run of $family in $db"
    exit 1
fi

curves() {
    step curves curves.log best --db "$db" --device "$device" --family "$family" --run "$run" \
        --curves "$dir/curves.csv" --min-sizes "$1"
}
kept() { # candidates in the curves just written
    local n
    n=$(grep -o 'curves: [0-9]* candidates' "$dir/curves.log" | tr -dc 0-9)
    echo "${n:-0}"
}
if [ -n "${KT_MIN_SIZES:-}" ]; then
    curves "$KT_MIN_SIZES"
    rc=$?
else
    # The finalists are the candidates measured at every sweep size. When the budget ran out within the last sizes,
    # few or none have them all (H100 2026-11-25 run V: 2 of 8 for ssyrk, and the kernel best at n <= 1536 was left
    # out): take the most sizes that the top K reached (or every point of the run, if fewer), so that the rule still
    # chooses among the finalists; a size some finalists lack is decided among those measured there.
    curves 1
    rc=$?
    all=$(kept)
    want=${KT_TOP:-10}
    [ "$all" -lt "$want" ] && want=$all
    min=${#list[@]}
    while [ $rc -eq 0 ]; do
        curves $min
        rc=$?
        [ $rc -eq 0 ] && [ "$(kept)" -ge "$want" ] && break
        [ $min -le 1 ] && break
        log "gpu-dispatch: $([ $rc -eq 0 ] && kept || echo 0) candidates measured at $min or more sizes, fewer than" \
            "$want (budget?): one size less"
        min=$((min - 1))
        rc=0
    done
fi
tail -n +2 "$dir/curves.log" >> "$summary"
[ $rc -eq 0 ] || exit $rc

step rules rules.log rules --curves "$dir/curves.csv" --family "$family" --tolerance "${KT_TOLERANCE:-0.02}" \
    --out "$dir/rule.json" --emit-cpp "$dir/rule.hpp"
rc=$?
tail -n +2 "$dir/rules.log" >> "$summary"
[ $rc -eq 0 ] || exit $rc

ops_args=()
case $family in
*gemm) ops_args=(--ops "${KT_OPS:-nn,nt,tn,tt}") ;;
*) [ -n "${KT_VARIANTS:-}" ] && ops_args=(--variants "$KT_VARIANTS") ;;
esac
step bench-rules bench-rules.txt bench --db "$db" --device "$device" --family "$family" --rules "$dir/rule.json" \
    --sizes "$sweep" "${ops_args[@]}" --runs "$bench_runs" ${KT_BENCH_ARGS:-} --out "$dir/bench-rules.json"
rc=$?
tail -n +2 "$dir/bench-rules.txt" >> "$summary"

# The device tool stops a command at 10 minutes: past KT_DISPATCH_DEADLINE seconds the baseline is skipped.
if [ "${KT_BASELINE:-1}" != 0 ] && [ $(($(date +%s) - started)) -ge "${KT_DISPATCH_DEADLINE:-480}" ]; then
    log "gpu-dispatch: $(($(date +%s) - started)) s elapsed (KT_DISPATCH_DEADLINE): bench-single skipped"
elif [ "${KT_BASELINE:-1}" != 0 ]; then
    step bench-single bench-single.txt bench --db "$db" --device "$device" --family "$family" --best --top 1 \
        --sizes "$sweep" "${ops_args[@]}" --runs "$bench_runs" ${KT_BENCH_ARGS:-} --out "$dir/bench-single.json"
    tail -n +2 "$dir/bench-single.txt" >> "$summary"
fi
# compare.txt: per size and op (or variant), the rule's kernel next to the single kernel and the peer (both benches
# ran the peer).
if [ -f "$dir/bench-rules.json" ] && command -v python3 > /dev/null; then
    python3 - "$dir/bench-rules.json" "$dir/bench-single.json" > "$dir/compare.txt" <<'PY'
import json, os, sys
rule = json.load(open(sys.argv[1]))
single = json.load(open(sys.argv[2])) if os.path.exists(sys.argv[2]) else {"rows": []}
unit = rule.get("unit_key", "gflops")
# The variant's row key: "op" for GEMM, the family's label otherwise ("uplo/trans"; the document lists it plural).
label = next((k for k in (rule["rows"] or [{}])[0] if k != "candidate" and k + "s" in rule), "op")
key = lambda r: (tuple(r["size"]), r.get(label, ""))
one = {key(r): r for r in single["rows"]}
names = {c["key"]: i + 1 for i, c in enumerate(rule["candidates"])}
fmt = lambda v, f="%.1f": "-" if v is None else f % v
div = lambda a, b: a / b if a is not None and b else None
# "peer" is the bench's first peer (cuBLAS pedantic for the GEMM families); with --tensor-cores the bench also ran
# cuBLAS at default math ("peer-tc"), the figure a user choosing a DGEMM compares with: both are listed.
tc = "peer_tc" in rule
print(f"{rule['family']} on {rule['device_id']}: rule {rule['rule']['file']} vs one kernel, {rule['metric']}")
print(f"peer: {rule.get('peer') or '-'}" + (f"; peer-tc: {rule.get('peer_tc') or '-'}" if tc else ""))
print("%-16s %-4s %5s %10s %10s %10s %7s %7s %7s" % ("size", label[:4], "cand", "rule", "single", "peer", "r/peer",
                                                      "s/peer", "r/s") + (" %10s %7s" % ("peer-tc", "r/p-tc") if tc else ""))
for r in rule["rows"]:
    s = one.get(key(r), {})
    ours, base, peer = r.get("ours_" + unit), s.get("ours_" + unit), r.get("peer_" + unit)
    peer_tc = r.get("peer_tc_" + unit)
    print("%-16s %-4s %5s %10s %10s %10s %7s %7s %7s" % ("x".join(map(str, r["size"])), r.get(label, ""),
          names.get(r["candidate"], "?"), fmt(ours), fmt(base), fmt(peer), fmt(div(ours, peer), "%.2f"),
          fmt(div(base, s.get("peer_" + unit)), "%.2f"), fmt(div(ours, base), "%.2f")) +
          (" %10s %7s" % (fmt(peer_tc), fmt(div(ours, peer_tc), "%.2f")) if tc else ""))
for c, i in sorted(names.items(), key=lambda x: x[1]):
    print(f"  {i}. {c}")
if single["rows"]:
    print(f"  single: {single['rows'][0]['candidate']}")
PY
    log "== compare: $dir/compare.txt"
    tee -a "$summary" < "$dir/compare.txt"
fi
if [ "${KT_DISPATCH_TAR:-0}" != 0 ]; then
    pack=$KT_DISPATCH_TAR
    [ "$pack" = 1 ] && pack="$dir.tar.gz"
    tar czf "$pack" -C "$(dirname "$dir")" "$(basename "$dir")" && log "packed: $pack"
fi
exit $rc
